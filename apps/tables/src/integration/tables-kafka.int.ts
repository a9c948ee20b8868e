import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { createKafka, ensureTopic, kafkaBrokersFromEnv } from '@app/messaging';
import type { IntegrationEvent } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { bearer, createTablesApp } from '../test-support/tables-test-app';

const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];

describe('tables integration events on Kafka (baccarat.tables.events)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let consumer: Consumer;
  const seen: IntegrationEvent[] = [];
  const tableId = `K-${randomUUID().slice(0, 8)}`;
  // The service's topic is configurable; this test's own keeps its events out of baccarat.tables.events.
  const topic = `test.tables.${tableId}.events`;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('tables_kafka', 6);
    app = await createTablesApp(db.url, { messaging: { brokers, relay: { pollIntervalMs: 50 } }, poolSize: 6, topic });
    const kafka = createKafka({ brokers, clientId: `tables-test-${tableId}` });
    await ensureTopic(kafka, topic);
    consumer = kafka.consumer({ groupId: `tables-test-${tableId}` });
    await consumer.connect();
    await consumer.subscribe({ topic: topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as IntegrationEvent;
        if ((event.data as { tableId?: string }).tableId === tableId) seen.push(event);
      },
    });
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await app?.close();
    await db?.drop();
  });

  const waitFor = async (predicate: () => boolean, ms = 60000) => {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out; seen ${seen.map((e) => e.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('publishes table opened, shoe started, shoe cut, coup started, wagers accepted, betting closed with the first card, cards dealt, coup completed and wagers settled, keyed and ordered by table', async () => {
    const as = (role: 'dealer' | 'gaming-supervisor') => ({ Authorization: bearer(role) });
    await http().post('/tables').set(as('gaming-supervisor')).send({
      tableId,
      rulebookId: 'crown-melbourne-v29',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 500, maximumCents: 100000 }, { bet: 'banker', minimumCents: 500, maximumCents: 100000 }, { bet: 'tie', minimumCents: 500, maximumCents: 10000 }] },
      minimumChipCents: 500,
      dealingMethod: 'dealer-retains-shoe',
      jackpotIds: [],
      boxes: 7,
    }).expect(201);
    await http().post(`/tables/${tableId}/seats`).set(as('dealer')).send({ box: 1, patronId: 'P-42' }).expect(201);
    await http().post(`/tables/${tableId}/shoes`).set(as('dealer')).send({ shoeId: 's1', cards: 'new', commitmentHash: 'b'.repeat(64) }).expect(201);
    await http().post(`/tables/${tableId}/shoe/cut`).set(as('dealer')).send({ cutBy: 'P-42', cutterKind: 'player', cutCardFromBack: 20 }).expect(200);
    await http().post(`/tables/${tableId}/shoe/burn`).set(as('dealer')).send({ method: 'standard', count: 1 }).expect(200);
    await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    await http().post(`/tables/${tableId}/coups/c1/wagers`).set(as('dealer')).send({ wagers: [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }] }).expect(201);
    for (const card of ['2H', '9C', '3D', 'KS']) await http().post(`/tables/${tableId}/coups/c1/cards`).set(as('dealer')).send({ card }).expect(200);

    await waitFor(() => seen.some((e) => e.type === 'WagersSettled'));
    expect(seen.map((e) => e.type)).toEqual(['TableOpened', 'ShoeStarted', 'ShoeCut', 'CoupStarted', 'WagersAccepted', 'BettingClosed', 'CardDealt', 'CardDealt', 'CardDealt', 'CardDealt', 'CoupCompleted', 'WagersSettled']);
    expect(seen.every((e) => e.source === 'tables' && e.streamId === `table-${tableId}` && e.rulebookVersion === 'crown-melbourne-v29')).toBe(true);
    expect(seen.find((e) => e.type === 'CoupCompleted')!.data).toMatchObject({ playerCards: ['2H', '3D'], bankerCards: ['9C', 'KS'], result: 'banker', naturals: { banker: true, player: false } });
    expect(seen.find((e) => e.type === 'WagersSettled')!.data).toMatchObject({ settlements: [{ wagerId: 'w1', patronId: 'P-42', outcome: 'win', winCents: 10000, commissionImmediateCents: 500 }] });
    expect(seen.find((e) => e.type === 'CoupStarted')!.actor).toEqual({ id: 'dealer-1', role: 'dealer' });
    // ShoeStarted version 2 has no cutBy; who cut, and where, is ShoeCut (Crown Melbourne 4.2).
    const started = seen.find((e) => e.type === 'ShoeStarted')!;
    expect(started.version).toBe(2);
    expect(started.data).not.toHaveProperty('cutBy');
    expect(seen.find((e) => e.type === 'ShoeCut')).toMatchObject({ version: 1, data: { shoeId: 's1', cutBy: 'P-42', cutterKind: 'player', cutCardFromBack: 20, clause: expect.stringMatching(/^Crown Melbourne 4\.2/) } });
  });
});
