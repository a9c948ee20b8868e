export * from './event.types';
export * from './concurrency-error';
export * from './decider';
export * from './upcasters';
export * from './postgres-event-store';
export * from './command-handler';
export * from './hash-chain';
export { eventStoreDdl, assertSchemaName } from './schema.sql';
