export * from './database.tokens';
export * from './database.module';
