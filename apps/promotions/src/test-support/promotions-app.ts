import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, issueToken, PlatformKitModule, Role } from '@app/platform-kit';
import { PromotionsModule } from '../promotions.module';

export const TEST_SECRET = 'promotions-test-secret';
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[]) => `Bearer ${issueToken({ sub, name: sub, roles, jurisdictions }, TEST_SECRET, 3600)}`;

export interface PromotionsAppOptions {
  readonly url: string;
  readonly tablesSchema: string;
  readonly brokers?: readonly string[];
  readonly tablesTopic?: string;
  readonly promotionsTopic?: string;
  readonly consumerName?: string;
}

/** The promotions service as apps/platform or main.ts hosts it: database, platform kit, PromotionsModule. */
export async function startPromotionsApp(o: PromotionsAppOptions): Promise<INestApplication> {
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: o.url, poolSize: 10 }),
      PlatformKitModule.forRoot({ serviceName: 'promotions', authSecret: TEST_SECRET }),
      PromotionsModule.forRoot({
        brokers: o.brokers ?? [],
        tablesSource: (pool) => eventSource('tables', new PostgresEventStore(pool, o.tablesSchema), publishTypes('tables', '*'), o.tablesTopic),
        topic: o.promotionsTopic,
        consumerName: o.consumerName,
      }),
    ],
  })
  class TestPromotionsApp {}
  const moduleRef = await Test.createTestingModule({ imports: [TestPromotionsApp] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
