import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, isCasinoBound, PlatformKitModule, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import type { CasinoId } from '@app/baccarat';
import { TournamentsModule } from '../tournaments.module';

export const TEST_SECRET = 'tournaments-test-secret';
/** The casinos a staff token of these tests covers by default: the casinos of the tests' tournaments (Crown Melbourne and Rapid, Star 2024). */
export const TEST_CASINOS: readonly CasinoId[] = ['crown-melbourne', 'star-sydney'];
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[], casinos: readonly CasinoId[] = TEST_CASINOS) =>
  testBearer({ roles, sub, jurisdictions, casinos: roles.some(isCasinoBound) ? casinos : undefined, secret: TEST_SECRET });

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
