export * from './replay.types';
export * from './replay-terms';
export * from './resettle';
export * from './what-if-changes';
