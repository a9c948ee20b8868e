import { Module, Type } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { rapidSource } from '../../rapid/src/rapid.source';
import { tablesSource } from '../../tables/src/integration/tables.source';
import { TournamentsModule, TournamentsModuleOptions } from './tournaments.module';

/**
 * The tournaments service alone. Without Kafka its table-play and rapid-play consumers read the tables and rapid
 * stores directly, so they are given each service's published mapping (each service's <service>.source.ts), never the stored domain events.
 */
export const tournamentsServiceModule = (databaseUrl: string, options: Partial<TournamentsModuleOptions> = {}, poolSize?: number): Type<unknown> => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
      PlatformKitModule.forRoot({ serviceName: 'tournaments', auditSink: postgresAuditSinkFrom(PG_POOL) }),
      TournamentsModule.forRoot({ tablesSource: (pool) => tablesSource(pool), rapidSource: (pool) => rapidSource(pool), ...options }),
    ],
  })
  class TournamentsServiceModule {}
  return TournamentsServiceModule;
};

/** `node -r @swc-node/register apps/tournaments/src/main.ts` (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE, AUTH_SECRET). */
async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  // Validated before anything starts: a bad value stops the service with a clear message (exit 78).
  const config = configOrExit(() => readServiceConfig('tournaments', { port: 3004, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
  await assertDatabaseReachable('tournaments', config.databaseUrl!);
  const app = await createServiceApp(tournamentsServiceModule(config.databaseUrl!, { brokers: config.kafkaBrokers }, config.pgPoolSize), { title: 'Tournaments service (Crown Melbourne 14, Rapid 12, Star 15) API' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

if (require.main === module) main().catch(exitOnStartFailure('tournaments'));
