/**
 * Runs the tables service alone: `node -r @swc-node/register apps/tables/src/main.ts`
 * (DATABASE_URL, KAFKA_BROKERS, PORT, AUTH_SECRET from the environment).
 */
import { Module } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig, stopOnSignals } from '@app/platform-kit';
import { TablesModule } from './tables.module';
import { tournamentsSource } from '../../tournaments/src/tournaments.source';

/** Validated before anything starts (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE): a bad value stops the service with a clear message. */
const config = configOrExit(() => readServiceConfig('tables', { port: 3001, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.databaseUrl!, poolSize: config.pgPoolSize }),
    PlatformKitModule.forRoot({ serviceName: 'tables', auditSink: postgresAuditSinkFrom(PG_POOL) }),
    TablesModule.forRoot({ messaging: { brokers: config.kafkaBrokers }, tournamentsSource: (pool) => tournamentsSource(pool) }),
  ],
})
class TablesServiceModule {}

async function main(): Promise<void> {
  // SIGINT and SIGTERM: the HTTP server, the consumers and relays, then the pool, once; exit code 0.
  const shutdown = stopOnSignals();
  await assertDatabaseReachable('tables', config.databaseUrl!);
  const app = await createServiceApp(TablesServiceModule, { title: 'Tables service admin API' });
  shutdown.addApp(app);
  await app.listen(config.httpPort, config.host);
}

main().catch(exitOnStartFailure('tables'));
