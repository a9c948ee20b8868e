import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { publishTypes } from '@app/contracts';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { eventSource } from '../source/event-source';
import { MessagingHealthIndicator } from '../health/messaging-health';
import { Messaging } from '../messaging';
import { MESSAGING } from './messaging.module';
import { serviceMessaging } from './service-messaging';

const POOL = Symbol('POOL');
class Readiness {
  readonly registered: MessagingHealthIndicator[] = [];
  register(indicator: MessagingHealthIndicator): void {
    this.registered.push(indicator);
  }
}

describe('serviceMessaging: a service module gets its store, relay, consumers and readiness in one line', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('svc_msg', 2);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const boot = async (withReadiness: boolean) => {
    const readiness = new Readiness();
    @Global()
    @Module({ providers: [{ provide: POOL, useValue: db.pool }, { provide: Readiness, useValue: readiness }], exports: [POOL, Readiness] })
    class Host {}
    const moduleRef = await Test.createTestingModule({
      imports: [
        Host,
        serviceMessaging({
          service: 'cashier',
          pool: POOL,
          schema: 'cashier',
          brokers: [],
          ...(withReadiness ? { readiness: Readiness } : {}),
          publish: (store) => eventSource('cashier', store, publishTypes('cashier', '*'), 'test.cashier.events'),
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    return { app, readiness };
  };

  it('migrates the store before anything reads it, registers "<service>-messaging" for readiness and exports MESSAGING', async () => {
    const { app, readiness } = await boot(true);
    try {
      const { rows } = await db.pool.query(`SELECT to_regclass('cashier.events') AS events`);
      expect(rows[0].events).not.toBeNull();
      expect(readiness.registered.map((r) => r.name)).toEqual(['cashier-messaging']);
      expect(await readiness.registered[0].check()).toMatchObject({ status: 'up' });
      expect(app.get<Messaging>(MESSAGING).mode).toBe('embedded');
    } finally {
      await app.close();
    }
  });

  it('boots without a readiness registry (a host without the platform kit)', async () => {
    const { app, readiness } = await boot(false);
    await app.close();
    expect(readiness.registered).toEqual([]);
  });
});
