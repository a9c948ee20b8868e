import { randomUUID } from 'node:crypto';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { configureServiceApp, issueToken, PlatformKitModule, Role } from '@app/platform-kit';
import { JackpotsModule } from '../jackpots.module';

export const TEST_SECRET = 'jackpots-test-secret';
export const bearer = (roles: Role[], sub: string = roles[0], jurisdictions?: string[]) => `Bearer ${issueToken({ sub, name: sub, roles, jurisdictions }, TEST_SECRET, 3600)}`;

export interface JackpotsAppOptions {
  readonly url: string;
  readonly tablesSchema: string;
  /** Kafka brokers; none → embedded (the consumer reads the tables store directly). */
  readonly brokers?: readonly string[];
  readonly tablesTopic?: string;
  readonly jackpotsTopic?: string;
  readonly consumerName?: string;
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
      }),
    ],
  })
  class TestJackpotsApp {}
  const moduleRef = await Test.createTestingModule({ imports: [TestJackpotsApp] }).compile();
  const app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
  await app.init();
  return app;
}
