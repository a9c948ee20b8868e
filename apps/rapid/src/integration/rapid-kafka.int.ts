/**
 * Rapid Baccarat's integration events leave through the outbox relay onto Kafka (`baccarat.rapid.events`, a
 * unique topic here): a round settled into an ATS account arrives with its balance movement and clause.
 */
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import type { IntegrationEvent } from '@app/contracts';
import { createKafka, ensureTopic, kafkaBrokersFromEnv } from '@app/messaging';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];

describe('Rapid integration events on Kafka (baccarat.rapid.events)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let consumer: Consumer;
  const seen: IntegrationEvent[] = [];
  const suffix = randomUUID().slice(0, 8);
  const topic = `test.rapid.${suffix}`;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('rapid_kafka', 6);
    const kafka = createKafka({ brokers, clientId: `rapid-test-${suffix}` });
    await ensureTopic(kafka, topic);
    app = await startRapidApp({ url: db.url, brokers, topic, poolSize: 6 });
    consumer = kafka.consumer({ groupId: `rapid-test-${suffix}` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void seen.push(JSON.parse(message.value!.toString()) as IntegrationEvent) });
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await app?.close();
    await db?.drop();
  });

  it('publishes the table, the account, the wagers, the outcome and the settlement (Rapid 4.8, 6)', async () => {
    const http = () => request(app.getHttpServer());
    const ats = 'K1-ATS01';
    await http().post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: 'K1', variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, stations: [{ atsId: ats, remote: false, printer: false }] }).expect(201);
    const bought = await http().post(`/rapid/tables/K1/ats/${ats}/buy-in`).set('Authorization', bearer(['dealer'])).send({ tender: 'cash', amountCents: 10_000 }).expect(201);
    const accountId = bought.body.account.accountId as string;
    await http().post('/rapid/tables/K1/rounds').set('Authorization', bearer(['dealer'])).send({ roundId: 'R1' }).expect(201);
    await http().put(`/rapid/accounts/${accountId}/wagers`).set('Authorization', atsBearer(ats)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }] }).expect(200);
    await http().post('/rapid/tables/K1/rounds/R1/outcome').set('Authorization', bearer(['dealer'])).send(OUTCOMES.bankerWins).expect(409);
    await http().post('/rapid/tables/K1/rounds/R1/draw').set('Authorization', bearer(['dealer'])).expect(200);
    await http().post('/rapid/tables/K1/rounds/R1/outcome').set('Authorization', bearer(['dealer'])).send(OUTCOMES.bankerWins).expect(200);

    const until = Date.now() + 60_000;
    // The round and the account are different streams, so different partitions: wait for both.
    while (!seen.some((e) => e.type === 'RapidRoundSettled') || !seen.some((e) => e.type === 'AtsWagersSettled')) {
      if (Date.now() > until) throw new Error(`timed out; seen ${seen.map((e) => e.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.every((e) => e.source === 'rapid' && e.rulebookVersion === 'crown-melbourne-rapid')).toBe(true);
    const account = seen.filter((e) => e.streamId === `rapid-account-${accountId}`).map((e) => e.type);
    expect(account).toEqual(['AtsAccountOpened', 'AtsWagersShown', 'AtsWagersSettled']);
    expect(seen.find((e) => e.type === 'AtsWagersSettled')!.data).toMatchObject({ stakedCents: 2_000, creditCents: 3_900, movementCents: 3_900, balanceAfterCents: 11_900 });
    expect(seen.find((e) => e.type === 'RapidRoundSettled')!.data).toMatchObject({ stakedCents: 2_000, creditedCents: 3_900, houseNetCents: -1_900, clause: 'Rapid 4.8' });
    expect(seen.filter((e) => e.streamId === 'rapid-table-K1').map((e) => e.type)).toEqual([
      'RapidTableOpened',
      'RapidStationAccountAssigned',
      'RapidRoundStarted',
      'RapidWageringClosed',
      'RapidOutcomeEntered',
      'RapidRoundSettled',
    ]);
  });
});
