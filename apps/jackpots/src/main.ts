import { Module, Type } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { tablesSource } from '../../tables/src/integration/tables.source';
import { JackpotsModule, JackpotsModuleOptions } from './jackpots.module';

/**
 * The jackpot service alone. Without Kafka its contributions consumer reads the tables store directly, so it is
 * given the tables service's published mapping (each service's <service>.source.ts), never the stored domain events.
 */
export const jackpotsServiceModule = (databaseUrl: string, options: Partial<JackpotsModuleOptions> = {}, poolSize?: number): Type<unknown> => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
      PlatformKitModule.forRoot({ serviceName: 'jackpots', auditSink: postgresAuditSinkFrom(PG_POOL) }),
      JackpotsModule.forRoot({ tablesSource: (pool) => tablesSource(pool), ...options }),
    ],
  })
  class JackpotsServiceModule {}
  return JackpotsServiceModule;
};

/** `node -r @swc-node/register apps/jackpots/src/main.ts` (PORT, DATABASE_URL, KAFKA_BROKERS, AUTH_SECRET). */
async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  // Validated before anything starts (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE): a bad value stops the service with a clear message.
  const config = configOrExit(() => readServiceConfig('jackpots', { port: 3002, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
  await assertDatabaseReachable('jackpots', config.databaseUrl!);
  const app = await createServiceApp(jackpotsServiceModule(config.databaseUrl!, { brokers: config.kafkaBrokers }, config.pgPoolSize), { title: 'Jackpot service (Crown Melbourne 13) API' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

if (require.main === module) main().catch(exitOnStartFailure('jackpots'));
