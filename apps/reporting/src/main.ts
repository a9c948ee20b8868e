import { Module, Type } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { jackpotsSource } from '../../jackpots/src/jackpots.source';
import { tablesSource } from '../../tables/src/integration/tables.source';
import { ReportingModule, ReportingModuleOptions } from './reporting.module';

/**
 * The reporting service alone. Without Kafka its consumers read the tables and jackpots stores directly, so
 * they are given those services' published mappings (each service's <service>.source.ts): reading the stored domain events as
 * if they were the contract dead-lettered every ShoeCut.
 */
export const reportingServiceModule = (databaseUrl: string, options: Partial<ReportingModuleOptions> = {}, poolSize?: number): Type<unknown> => {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
      PlatformKitModule.forRoot({ serviceName: 'reporting', auditSink: postgresAuditSinkFrom(PG_POOL) }),
      ReportingModule.forRoot({ tablesSource: (pool) => tablesSource(pool), jackpotsSource: (pool) => jackpotsSource(pool), ...options }),
    ],
  })
  class ReportingServiceModule {}
  return ReportingServiceModule;
};

/** `node -r @swc-node/register apps/reporting/src/main.ts` (PORT, DATABASE_URL, KAFKA_BROKERS, AUTH_SECRET). */
async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  // Validated before anything starts (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE): a bad value stops the service with a clear message.
  const config = configOrExit(() => readServiceConfig('reporting', { port: 3003, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));
  await assertDatabaseReachable('reporting', config.databaseUrl!);
  const app = await createServiceApp(reportingServiceModule(config.databaseUrl!, { brokers: config.kafkaBrokers }, config.pgPoolSize), { title: 'Reporting service API: read models and regulator reports' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

if (require.main === module) main().catch(exitOnStartFailure('reporting'));
