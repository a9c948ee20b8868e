import { Module, Type } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { tablesSource } from '../../tables/src/integration/tables.source';
import { PromotionsModule, PromotionsModuleOptions } from './promotions.module';

/**
 * The promotions service alone. Without Kafka its table-play consumer reads the tables store directly, so it is
 * given the tables service's published mapping (each service's <service>.source.ts), never the stored domain events.
 */
export const promotionsServiceModule = (databaseUrl: string, options: Partial<PromotionsModuleOptions> = {}, poolSize?: number): Type<unknown> => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
      PlatformKitModule.forRoot({ serviceName: 'promotions', auditSink: postgresAuditSinkFrom(PG_POOL) }),
      PromotionsModule.forRoot({ tablesSource: (pool) => tablesSource(pool), ...options }),
    ],
  })
  class PromotionsServiceModule {}
  return PromotionsServiceModule;
};

/** `node -r @swc-node/register apps/promotions/src/main.ts` (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE, AUTH_SECRET). */
async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  // Validated before anything starts: a bad value stops the service with a clear message (exit 78).
  const config = configOrExit(() => readServiceConfig('promotions', { port: 3005, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
  await assertDatabaseReachable('promotions', config.databaseUrl!);
  const app = await createServiceApp(promotionsServiceModule(config.databaseUrl!, { brokers: config.kafkaBrokers }, config.pgPoolSize), { title: 'Promotions service (Star 1.1, 16) API' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

if (require.main === module) main().catch(exitOnStartFailure('promotions'));
