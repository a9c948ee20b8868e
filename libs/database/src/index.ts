export * from './database.tokens';
export * from './database.module';
export * from './embedded-postgres';
