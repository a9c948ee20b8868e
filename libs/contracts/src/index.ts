export * from './domain-error';
export * from './tables.events';
