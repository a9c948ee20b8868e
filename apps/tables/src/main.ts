/**
 * Runs the tables service alone: `node -r @swc-node/register apps/tables/src/main.ts`
 * (DATABASE_URL, KAFKA_BROKERS, PORT, AUTH_SECRET from the environment).
 */
import { Module } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { createServiceApp, PlatformKitModule, postgresAuditSinkFrom } from '@app/platform-kit';
import { TablesModule } from './tables.module';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

@Module({
  imports: [
    DatabaseModule.forRoot({ url: databaseUrl, poolSize: Number(process.env.PG_POOL_SIZE ?? 20) }),
    PlatformKitModule.forRoot({ serviceName: 'tables', auditSink: postgresAuditSinkFrom(PG_POOL) }),
    TablesModule.forRoot(),
  ],
})
class TablesServiceModule {}

async function main(): Promise<void> {
  const app = await createServiceApp(TablesServiceModule, { title: 'Tables service admin API' });
  await app.listen(Number(process.env.PORT ?? 3001), process.env.HOST ?? '127.0.0.1');
}

void main();
