export * from './given-when-then';
export * from './test-database';
export * from './eventually';
