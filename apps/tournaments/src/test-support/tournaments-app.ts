import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, issueToken, PlatformKitModule, Role } from '@app/platform-kit';
import { TournamentsModule } from '../tournaments.module';

export const TEST_SECRET = 'tournaments-test-secret';
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[]) => `Bearer ${issueToken({ sub, name: sub, roles, jurisdictions }, TEST_SECRET, 3600)}`;

/** The tournaments service as apps/platform or main.ts hosts it, reading a `tables` store in embedded mode. */
export async function startTournamentsApp(o: { url: string; tablesSchema: string; consumerName?: string }): Promise<INestApplication> {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: o.url, poolSize: 10 }),
      PlatformKitModule.forRoot({ serviceName: 'tournaments', authSecret: TEST_SECRET }),
      TournamentsModule.forRoot({ brokers: [], tablesSource: (pool) => eventSource('tables', new PostgresEventStore(pool, o.tablesSchema), publishTypes('tables', '*')), consumerName: o.consumerName }),
    ],
  })
  class TestTournamentsApp {}
  const moduleRef = await Test.createTestingModule({ imports: [TestTournamentsApp] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
