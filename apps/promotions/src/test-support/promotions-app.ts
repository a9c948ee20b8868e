import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, isCasinoBound, PlatformKitModule, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import type { CasinoId } from '@app/baccarat';
import { PromotionsModule } from '../promotions.module';

export const TEST_SECRET = 'promotions-test-secret';
/** The casinos a staff token of these tests covers by default: the Star's (Star 2024 16). */
export const TEST_CASINOS: readonly CasinoId[] = ['star-sydney'];
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[], casinos: readonly CasinoId[] = TEST_CASINOS) =>
  testBearer({ roles, sub, jurisdictions, casinos: roles.some(isCasinoBound) ? casinos : undefined, secret: TEST_SECRET });

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
