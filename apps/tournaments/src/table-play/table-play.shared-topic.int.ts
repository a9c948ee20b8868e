import { publishTypes } from '@app/contracts';
import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { createKafka, ensureTopic, eventSource, EventConsumer, OutboxRelay, reactorProjection, type Projection } from '@app/messaging';
import { eventually } from '@app/testing';
import { logLevel, type Kafka } from 'kafkajs';
import { randomBytes, randomUUID } from 'node:crypto';
import { DIRECTOR, T0, completeTerms, enter, publish } from '../tournament/tournament-fixtures';
import { tournamentConsumerTestBed } from '../test-support/consumer-test-bed';
import { tablePlayReactor } from './table-play.reactor';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
const tableEvent = (type: string, data: Record<string, unknown>): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { id: 'd-1', role: 'dealer' }, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'star-sydney-2024' },
  occurredAt: T0,
});

/**
 * Another deployment (its own database, or its own schema on the same server) whose tables service publishes to the
 * same topic: its events' global positions are in its own store's order. Here its store is a second schema of the
 * test database, so its transaction ids interleave with the source's as two databases' do on one server.
 */
describe('the table-play consumer over Kafka with another deployment on the same topic (Star 2024 15.5.8, 15.6.2)', () => {
  let reactor: Projection | undefined;
  const bed = tournamentConsumerTestBed('tour_shared', (pool) => (reactor = reactorProjection(tablePlayReactor(new PostgresEventStore(pool, 'tournaments')))), () => [
    publish('the-star-sydney', completeTerms({ players: { minimum: 2, maximum: 18 } })),
    enter(1),
    enter(2),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['T1'] },
  ]);
  let kafka: Kafka;
  const running: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const r of running.reverse()) await r.stop();
  });

  it('Star 2024 15.5.8 / 15.6.2: every coup is scored once, though another store published events with later positions to the table partition first', async () => {
    kafka = createKafka({ brokers, clientId: 'tournaments-shared-topic-test', logLevel: logLevel.NOTHING });
    const pool = bed.db().pool;
    const topic = `test.tables.${randomBytes(4).toString('hex')}.events`;
    await ensureTopic(kafka, topic, 3);
    const mapper = publishTypes('tables', '*');
    const ours = eventSource('tables', new PostgresEventStore(pool, 'tables'), mapper, topic);
    const theirs = eventSource('tables', new PostgresEventStore(pool, 'tables_elsewhere'), mapper, topic);
    await ours.store.migrate();
    await theirs.store.migrate();
    const consumer = new EventConsumer({ projection: reactor!, pool, sources: [ours], kafka, logger: quiet });
    const relay = (source: typeof ours) => {
      // Each deployment's relay checkpoint lives in its own database: here, one name per store.
      const r = new OutboxRelay({ source: { ...source, service: `tables-${source.store.schema}` }, pool, kafka, logger: quiet, pollIntervalMs: 10 });
      running.push(r);
      return r;
    };
    running.push(consumer);
    await consumer.start();
    const ourRelay = relay(ours);
    await ourRelay.start();
    const chipsOf = async (entryId: string) => (await bed.commands().load('cup')).state.sessions.h1?.players[entryId]?.chips;

    await ours.store.append('table-T1', 'table', 'any', [tableEvent('TableOpened', { tableId: 'T1', tournamentId: 'cup', rulebookId: 'star-sydney-2024', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }] })]);
    await eventually('the tournament to note table T1 opened for it', async () => (await bed.commands().load('cup')).state.tables.T1 !== undefined, 20_000);
    await bed.run({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'h1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] });

    // Our relay is held up (its database connection lost, as in a restart) while the coup is dealt and settled ...
    await ourRelay.stop();
    const coup = [
      tableEvent('CoupStarted', { tableId: 'T1', coupId: 'c1', dummy: false }),
      tableEvent('WagersAccepted', { tableId: 'T1', coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, patronId: null, bet: 'player', option: 'standard', amountCents: 100 }, { wagerId: 'w2', box: 2, patronId: null, bet: 'banker', option: 'traditional', amountCents: 100 }] }),
      tableEvent('CardDealt', { tableId: 'T1', coupId: 'c1', position: 1, hand: 'player', card: '9H' }),
      tableEvent('CoupCompleted', { tableId: 'T1', coupId: 'c1', result: 'player', playerCards: ['9H', 'KD'], bankerCards: ['2C', '3S'] }),
      tableEvent('WagersSettled', {
        tableId: 'T1',
        coupId: 'c1',
        settlements: [
          { wagerId: 'w1', box: 1, bet: 'player', option: 'standard', amountCents: 100, winCents: 100, returnedCents: 100, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'win' },
          { wagerId: 'w2', box: 2, bet: 'banker', option: 'traditional', amountCents: 100, winCents: 0, returnedCents: 0, commissionImmediateCents: 0, commissionDeferredCents: 0, outcome: 'loss' },
        ],
      }),
    ];
    for (const e of coup) await ours.store.append('table-T1', 'table', 'any', [e]);
    // ... and meanwhile the other deployment's relay publishes an event of its table T1 (same key, same partition),
    // committed after ours and so later in transaction order.
    await theirs.store.append('table-T1', 'table', 'any', [tableEvent('ShoeStarted', { tableId: 'T1', shoeId: 'elsewhere-1' })]);
    const theirRelay = relay(theirs);
    await theirRelay.start();
    await eventually('the consumer to apply the other store\'s event', async () => theirRelay.status().publishedTotal >= 1 && (await consumer.lag()) === 0, 20_000);

    await ourRelay.start();
    await eventually(() => 'box 1 scored for coup c1 (1,100 chips)', async () => (await chipsOf('e1')) === 1_100, 20_000).catch(async (err: Error) => {
      throw new Error(`${err.message}; box 1 has ${await chipsOf('e1')} chips`);
    });
    expect(await chipsOf('e2')).toBe(900);
    expect((await bed.tournamentEvents()).filter((e) => e.type === 'TournamentCoupScored')).toHaveLength(1);
  }, 90_000);
});
