import { Module } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { createServiceApp, PlatformKitModule, postgresAuditSinkFrom } from '@app/platform-kit';
import { JackpotsModule } from './jackpots.module';

/** The jackpot service on its own: `node -r @swc-node/register apps/jackpots/src/main.ts` (PORT, DATABASE_URL, KAFKA_BROKERS, AUTH_SECRET). */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }),
    PlatformKitModule.forRoot({ serviceName: 'jackpots', auditSink: postgresAuditSinkFrom(PG_POOL) }),
    JackpotsModule.forRoot(),
  ],
})
class JackpotsServiceModule {}

async function main(): Promise<void> {
  const app = await createServiceApp(JackpotsServiceModule, { title: 'Jackpot service (Crown Melbourne 13) API' });
  await app.listen(Number(process.env.PORT ?? 3002));
}

void main();
