export * from './database.tokens';
export * from './database.module';
export * from './embedded-postgres';
export * from './session-limits';
