import { resolve } from 'node:path';

/** What the platform reads from its environment; every variable is optional on a developer's machine. */
export interface PlatformConfig {
  /** PostgreSQL URL; unset → an embedded real PostgreSQL with its data in `embeddedDataDir`. */
  readonly databaseUrl: string | undefined;
  readonly embeddedDataDir: string;
  readonly embeddedPort: number;
  /** Kafka bootstrap servers; unset → services exchange events through the event store's durable subscription. */
  readonly kafkaBrokers: string[] | undefined;
  readonly httpPort: number;
  readonly host: string;
}

export const readPlatformConfig = (env: NodeJS.ProcessEnv = process.env): PlatformConfig => ({
  databaseUrl: env.DATABASE_URL || undefined,
  embeddedDataDir: env.EMBEDDED_PG_DIR ?? resolve(__dirname, '../../../.data/postgres'),
  embeddedPort: Number(env.EMBEDDED_PG_PORT ?? 54320),
  kafkaBrokers: env.KAFKA_BROKERS ? env.KAFKA_BROKERS.split(',').map((b) => b.trim()) : undefined,
  httpPort: Number(env.PORT ?? 3000),
  host: env.HOST ?? '127.0.0.1',
});
