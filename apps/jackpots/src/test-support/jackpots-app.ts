import { randomUUID } from 'node:crypto';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, isCasinoBound, PlatformKitModule, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import type { CasinoId } from '@app/baccarat';
import { JackpotsModule } from '../jackpots.module';

export const TEST_SECRET = 'jackpots-test-secret';
/** The casinos a staff token of these tests covers by default: the Lucky Tie jackpot's casino (Crown Melbourne 13). */
export const TEST_CASINOS: readonly CasinoId[] = ['crown-melbourne'];
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[], casinos: readonly CasinoId[] = TEST_CASINOS) =>
  testBearer({ roles, sub, jurisdictions, casinos: roles.some(isCasinoBound) ? casinos : undefined, secret: TEST_SECRET });

export interface JackpotsAppOptions {
  readonly url: string;
  readonly tablesSchema: string;
  /** Kafka brokers; none → embedded (the consumer reads the tables store directly). */
  readonly brokers?: readonly string[];
  readonly tablesTopic?: string;
  readonly jackpotsTopic?: string;
  readonly consumerName?: string;
  /** How often the live meter feed reads the jackpots it follows (the module's default unless told). */
  readonly meterPollIntervalMs?: number;
}

/** The jackpot service as apps/platform or main.ts hosts it: database, platform kit, JackpotsModule. */
export async function startJackpotsApp(o: JackpotsAppOptions): Promise<INestApplication> {
  // Topics and consumer of its own unless told: a test never reads or writes the platform's topics or joins its group.
  const own = randomUUID().slice(0, 8);
  @Module({
    imports: [
      DatabaseModule.forRoot({ url: o.url, poolSize: 20 }),
      PlatformKitModule.forRoot({ serviceName: 'jackpots', authSecret: TEST_SECRET }),
      JackpotsModule.forRoot({
        brokers: o.brokers ?? [],
        tablesSource: (pool) => eventSource('tables', new PostgresEventStore(pool, o.tablesSchema), publishTypes('tables', '*'), o.tablesTopic ?? `test.tables.${own}.events`),
        topic: o.jackpotsTopic ?? `test.jackpots.${own}.events`,
        consumerName: o.consumerName ?? `jackpots.coup-contributions.test-${own}`,
        meterPollIntervalMs: o.meterPollIntervalMs,
      }),
    ],
  })
  class TestJackpotsApp {}
  const moduleRef = await Test.createTestingModule({ imports: [TestJackpotsApp] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
