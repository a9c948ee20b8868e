import { Module, Type } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { tournamentsSource } from '../../tournaments/src/tournaments.source';
import { RapidModule, RapidModuleOptions } from './rapid.module';

/**
 * The Rapid Baccarat service alone. Tournament sessions on its tables (Rapid 12.2) follow the tournaments
 * service's published events: over Kafka, or without it from the tournaments store through that service's own
 * published mapping (each service's <service>.source.ts), never its stored domain events.
 */
export const rapidServiceModule = (databaseUrl: string, options: Partial<RapidModuleOptions> = {}, poolSize?: number): Type<unknown> => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
      PlatformKitModule.forRoot({ serviceName: 'rapid', auditSink: postgresAuditSinkFrom(PG_POOL) }),
      RapidModule.forRoot({ tournamentsSource: (pool) => tournamentsSource(pool), ...options }),
    ],
  })
  class RapidServiceModule {}
  return RapidServiceModule;
};

/** `node -r @swc-node/register apps/rapid/src/main.ts` (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE, AUTH_SECRET). */
async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  // Validated before anything starts: a bad value stops the service with a clear message (exit 78).
  const config = configOrExit(() => readServiceConfig('rapid', { port: 3006, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
  await assertDatabaseReachable('rapid', config.databaseUrl!);
  const app = await createServiceApp(rapidServiceModule(config.databaseUrl!, { brokers: config.kafkaBrokers }, config.pgPoolSize), { title: 'Rapid Baccarat service (Crown Melbourne Rapid Baccarat rules) API' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

if (require.main === module) main().catch(exitOnStartFailure('rapid'));
