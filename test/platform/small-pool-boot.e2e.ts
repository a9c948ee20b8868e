/**
 * The one-process platform (six services) boots and answers on a pool of five connections. It used to
 * deadlock at boot: each service's start-up held a pooled connection while it waited for another.
 */
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createDataSource } from '@app/database';
import { configureServiceApp } from '@app/platform-kit';
import { createTestDatabase, TestDatabase, testToken, untilReady } from '@app/testing';
import { PlatformModule } from '../../apps/platform/src/platform.module';

describe('the platform on a small connection pool', () => {
  let db: TestDatabase;
  let app: INestApplication | undefined;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('small_pool', 2);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('boots all six services on a pool of five and takes a command', async () => {
    const dataSource = await createDataSource({ url: db.url, poolSize: 5 });
    @Module({ imports: [PlatformModule.forRoot({ dataSource, databaseUrl: db.url, kafkaBrokers: undefined, reportScheduler: false })] })
    class Root {}
    const booting = (async () => {
      const moduleRef = await Test.createTestingModule({ imports: [Root] }).compile();
      const created = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
      app = created;
      await created.listen(0, '127.0.0.1');
      return created;
    })();
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the platform did not boot within 60 s on a pool of five: a start-up holds a connection while it waits for another')), 60_000)));
    const running = await Promise.race([booting, stuck]).finally(() => clearTimeout(timer));
    const url = (await running.getUrl()).replace('[::1]', '127.0.0.1');
    // Ready once its consumers have warmed up, without any connection freeing up.
    await untilReady(url, 30_000);
    const token = testToken({ sub: 'gs-1', name: 'Supervisor', roles: ['gaming-supervisor'], casinos: ['crown-melbourne'], ttlSeconds: 600 });
    const res = await fetch(`${url}/tables`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'small-pool:open' },
      body: JSON.stringify({
        tableId: 'SMALL-POOL-1',
        rulebookId: 'crown-melbourne-v29',
        variant: 'traditional',
        offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }],
        decks: 8,
        limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 100000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 100000 }] },
        minimumChipCents: 500,
        dealingMethod: 'dealer-retains-shoe',
        jackpotIds: [],
        boxes: 7,
      }),
    });
    expect(res.status).toBe(201);
  }, 90_000);
});
