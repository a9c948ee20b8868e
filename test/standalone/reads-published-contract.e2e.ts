import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { createShoe } from '@app/baccarat';
import { PostgresEventStore } from '@app/event-store';
import { Messaging, MESSAGING } from '@app/messaging';
import { createTestDatabase, type TestDatabase, untilConsumersCaughtUp } from '@app/testing';
import { bearer, createTablesApp, readyShoeOverHttp } from '../../apps/tables/src/test-support/tables-test-app';
import { reportingServiceModule } from '../../apps/reporting/src/main';
import { promotionsServiceModule } from '../../apps/promotions/src/main';
import { rapidServiceModule } from '../../apps/rapid/src/main';
import { tournamentsServiceModule } from '../../apps/tournaments/src/main';

/**
 * Reporting run standalone without Kafka read the tables service's stored domain events as if
 * they were its integration contract, so every ShoeCut was dead-lettered (`Invalid instant "undefined"`) and the
 * compliance register missed every cut (Crown Melbourne 4.2.1-4.2.3). It must read the published contract.
 */
describe('standalone reporting without Kafka', () => {
  let db: TestDatabase;
  let tables: INestApplication;
  let reporting: INestApplication;
  const others: INestApplication[] = [];

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('standalone_contract', 4);
    tables = await createTablesApp(db.url, { messaging: false, poolSize: 4 });
    await new PostgresEventStore(db.pool, 'jackpots').migrate(); // no jackpot service in this test: its store is empty
  });

  afterAll(async () => {
    for (const app of others) await app.close();
    await reporting?.close();
    await tables?.close();
    await db?.drop();
  });

  it('records the shoe cut in the compliance register and dead-letters nothing (Crown Melbourne 4.2.1)', async () => {
    await request(tables.getHttpServer())
      .post('/tables')
      .set('Authorization', bearer('gaming-supervisor'))
      .send({
        tableId: 'SA-1',
        rulebookId: 'crown-melbourne-v29',
        variant: 'traditional',
        offeredBets: [
          { bet: 'player', option: 'standard' },
          { bet: 'banker', option: 'traditional' },
        ],
        decks: 8,
        limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 500000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 500000 }], tableDifferentialCents: 1000000 },
        minimumChipCents: 500,
        dealingMethod: 'dealer-retains-shoe',
        jackpotIds: [],
        boxes: 14,
      })
      .expect(201);
    await readyShoeOverHttp(tables, 'SA-1', createShoe({ decks: 8, seed: 'standalone-seed' }).commitment);

    const moduleRef = await Test.createTestingModule({ imports: [reportingServiceModule(db.url, { brokers: [], scheduler: { enabled: false } })] }).compile();
    reporting = moduleRef.createNestApplication({ logger: false });
    await reporting.init();
    const messaging = reporting.get<Messaging>(MESSAGING);
    await untilConsumersCaughtUp(db.pool, messaging.consumers);
    const dead = await db.pool.query('SELECT error FROM messaging.dead_letters');
    expect(dead.rows).toEqual([]);
    const cuts = await db.pool.query(`SELECT kind FROM reporting.compliance_register WHERE category = 'shoe-cut'`);
    expect(cuts.rows).toEqual([{ kind: 'cut-by-player' }]);
  });

  it('runs promotions, tournaments and Rapid standalone on the published contracts of the services they follow, dead-lettering nothing', async () => {
    // Each standalone main composes its service with the other services' published mappings (event-sources.ts).
    for (const module of [promotionsServiceModule(db.url, { brokers: [] }, 4), tournamentsServiceModule(db.url, { brokers: [] }, 4), rapidServiceModule(db.url, { brokers: [] }, 4)]) {
      const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.init();
      others.push(app);
    }
    await untilConsumersCaughtUp(db.pool, others.flatMap((app) => app.get<Messaging>(MESSAGING).consumers));
    const dead = await db.pool.query('SELECT error FROM messaging.dead_letters');
    expect(dead.rows).toEqual([]);
  });
});
