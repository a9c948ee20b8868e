import { Module } from '@nestjs/common';
import { DatabaseModule, PG_POOL } from '@app/database';
import { createServiceApp, PlatformKitModule, postgresAuditSinkFrom } from '@app/platform-kit';
import { ReportingModule } from './reporting.module';

/** The reporting service on its own: `node -r @swc-node/register apps/reporting/src/main.ts` (PORT, DATABASE_URL, KAFKA_BROKERS, AUTH_SECRET). */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }),
    PlatformKitModule.forRoot({ serviceName: 'reporting', auditSink: postgresAuditSinkFrom(PG_POOL) }),
    ReportingModule.forRoot(),
  ],
})
class ReportingServiceModule {}

async function main(): Promise<void> {
  const app = await createServiceApp(ReportingServiceModule, { title: 'Reporting service API: read models and regulator reports' });
  await app.listen(Number(process.env.PORT ?? 3003));
}

void main();
