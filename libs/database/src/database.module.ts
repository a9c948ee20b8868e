import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { DATA_SOURCE, PG_POOL } from './database.tokens';
import { ResilientClient, SessionLimits, sessionLimitsConfig } from './session-limits';

export interface DatabaseOptions {
  readonly url: string;
  /** An already initialised DataSource to share (the embedded platform creates one before Nest starts). */
  readonly dataSource?: DataSource;
  /** Connections in the pool (default 20). */
  readonly poolSize?: number;
  /** Idle-in-transaction and statement timeouts of every connection (defaults in session-limits.ts). */
  readonly sessionLimits?: SessionLimits;
}

/**
 * One TypeORM DataSource (postgres driver over `pg`) per process. The event store and hot paths use its
 * underlying pg Pool directly for single-round-trip SQL; read models may use either.
 */
export async function createDataSource(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    poolSize: options.poolSize ?? 20,
    synchronize: false,
    logging: false,
    // Every connection of the service: survives its backend being terminated, and cannot hold a transaction open.
    extra: { Client: ResilientClient, ...sessionLimitsConfig(options.sessionLimits) },
  });
  await dataSource.initialize();
  return dataSource;
}

/** The pg Pool inside a TypeORM postgres DataSource. */
export const poolOf = (dataSource: DataSource): Pool => (dataSource.driver as unknown as { master: Pool }).master;

/**
 * Closes the pool when the application closes. DatabaseModule is global, and Nest shuts global modules down
 * after every other, so the consumers, relays and schedulers that use the pool have stopped by then.
 */
class DatabaseLifecycle implements OnApplicationShutdown {
  private closing: Promise<void> | undefined;
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}
  onApplicationShutdown(): Promise<void> {
    // Once, however many times the application is closed.
    this.closing ??= (async () => {
      if (!this.dataSource.isInitialized) return;
      await this.dataSource.destroy();
      new Logger('Database').log('Closed the database pool');
    })();
    return this.closing;
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATA_SOURCE, useFactory: () => options.dataSource ?? createDataSource(options) },
        { provide: PG_POOL, useFactory: (ds: DataSource) => poolOf(ds), inject: [DATA_SOURCE] },
        DatabaseLifecycle,
      ],
      exports: [DATA_SOURCE, PG_POOL],
    };
  }
}
