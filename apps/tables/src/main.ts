/**
 * Runs the tables service alone: `node -r @swc-node/register apps/tables/src/main.ts`
 * (DATABASE_URL, KAFKA_BROKERS, PORT, AUTH_SECRET from the environment).
 */
import { Module } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { assertDatabaseReachable, configOrExit, createServiceApp, exitOnStartFailure, PlatformKitModule, postgresAuditSinkFrom, readServiceConfig } from '@app/platform-kit';
import { TablesModule } from './tables.module';

/** Validated before anything starts (PORT, HOST, DATABASE_URL, KAFKA_BROKERS, PG_POOL_SIZE): a bad value stops the service with a clear message. */
const config = configOrExit(() => readServiceConfig('tables', { port: 3001, databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' }));

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.databaseUrl!, poolSize: config.pgPoolSize }),
    PlatformKitModule.forRoot({ serviceName: 'tables', auditSink: postgresAuditSinkFrom(PG_POOL) }),
    TablesModule.forRoot({ messaging: { brokers: config.kafkaBrokers } }),
  ],
})
class TablesServiceModule {}

async function main(): Promise<void> {
  await assertDatabaseReachable('tables', config.databaseUrl!);
  const app = await createServiceApp(TablesServiceModule, { title: 'Tables service admin API' });
  await app.listen(config.httpPort, config.host);
}

main().catch(exitOnStartFailure('tables'));
