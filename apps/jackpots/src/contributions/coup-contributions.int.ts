import { envelopeOf, IntegrationEvent, publishTypes } from '@app/contracts';
import { PostgresEventStore, StoredEvent } from '@app/event-store';
import { createKafka, Delivery, EventConsumer, eventSource, kafkaBrokersFromEnv, migrateMessaging, OutboxRelay, reactorProjection, type Projection } from '@app/messaging';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { JackpotCommands } from '../jackpot/jackpot.commands';
import { reconcileMeter } from '../reconciliation/meter-reconciliation';
import { consoleContext, eventually, OPTION_1, uniqueSuffix } from '../test-support/jackpot-fixtures';
import { SimulatedTables } from '../test-support/simulated-tables';
import { coupContributionsReactor } from './coup-contributions.reactor';

/**
 * readAll returns only events of transactions older than every running one (so a reader never skips a late
 * commit); with other tests using the same PostgreSQL server, wait until all appended events are visible.
 */
const readAllOf = (store: PostgresEventStore, count: number) =>
  eventually(async () => {
    const events = await store.readAll(undefined, 1000);
    return events.length === count ? events : undefined;
  }, 20_000, `${count} visible events`);
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const SEED = OPTION_1.seedCents;
const C = OPTION_1.contributionCents;

describe('Contributions from the tables service (Crown Melbourne 13.4.1, 13.4.2) over @app/messaging', () => {
  let db: TestDatabase;
  let jackpots: JackpotCommands;

  beforeAll(async () => {
    db = await createTestDatabase('jp_contrib');
    const store = new PostgresEventStore(db.pool, 'jackpots');
    await store.migrate();
    await migrateMessaging(db.pool);
    jackpots = new JackpotCommands(store);
  });
  afterAll(async () => db?.drop());

  const newJackpot = async (tableIds: string[]) => {
    const id = `J${uniqueSuffix()}`;
    await jackpots.handle(id, { type: 'CreateJackpot', jackpotId: id, name: 'Test', tableIds, parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z', now: new Date().toISOString() }, consoleContext());
    return id;
  };
  const meter = async (id: string) => (await jackpots.load(id)).state.meterCents;
  const newTables = async () => {
    const tablesStore = new PostgresEventStore(db.pool, `tables_${uniqueSuffix()}`);
    await tablesStore.migrate();
    return { tablesStore, tables: new SimulatedTables(tablesStore) };
  };

  it('through the real transport (Kafka when KAFKA_BROKERS is set): one contribution per completed coup, none for dummy coups, a voided coup reversed', async () => {
    const { tablesStore, tables } = await newTables();
    const suffix = uniqueSuffix();
    const source = eventSource('tables', tablesStore, publishTypes('tables', '*'), `test.tables.${suffix}`);
    const brokers = kafkaBrokersFromEnv();
    const kafka = brokers ? createKafka({ brokers, clientId: `jp-test-${suffix}` }) : undefined;
    const relay = kafka ? new OutboxRelay({ source, pool: db.pool, kafka, logger: quiet }) : undefined;
    const projection = reactorProjection(coupContributionsReactor(jackpots.store, `jackpots.coup-contributions.${suffix}`));
    const consumer = new EventConsumer({ projection, pool: db.pool, sources: [source], kafka, kafkaOptions: { groupId: `jp-${suffix}` }, logger: quiet });
    const jackpotId = await newJackpot(['T1', 'T2']);
    try {
      await relay?.start();
      await consumer.start();
      await tables.openTable('T1', [jackpotId]);
      await tables.openTable('T2', [jackpotId]);
      for (let i = 0; i < 10; i++) await tables.playCoup('T1', [jackpotId]);
      for (let i = 0; i < 5; i++) await tables.playCoup('T2', [jackpotId]);
      await tables.playCoup('T2', [jackpotId], { dummy: true });
      const { coup } = await tables.playCoup('T1', [jackpotId]);
      await tables.voidCoup('T1', coup.shoeId, coup.coupId);
      const expected = SEED + 15 * C;
      // The meter shows SEED + 15 contributions twice (before the last coup, and after its void), and the two tables'
      // coups travel on different partitions: wait for every coup and the void.
      const report = await eventually(async () => {
        const r = reconcileMeter(jackpotId, await jackpots.store.readStream(`jackpot-${jackpotId}`));
        return r.reversalsCents > 0 && r.contributionCount >= 16 ? r : undefined;
      }, 30_000, 'every coup contributed and the voided one reversed');
      expect(report).toMatchObject({ balanced: true, contributionCount: 16, reversalsCents: C, meterCents: expected });
      expect(await meter(jackpotId)).toBe(expected);
    } finally {
      await consumer.stop();
      await relay?.stop();
    }
  });

  describe('exactly once', () => {
    let tables: SimulatedTables;
    let tablesStore: PostgresEventStore;
    let consumer: EventConsumer;
    // Typed as messaging sees it: any envelope; the projection reads the tables events it handles.
    let projection: Projection;
    let jackpotId: string;
    let stored: StoredEvent[];
    const topic = 'test.tables.batches';
    const deliveries = (events: readonly StoredEvent[], firstOffset = 0): Delivery<IntegrationEvent>[] =>
      events.map((e, i) => ({ position: e.global, offset: String(firstOffset + i), item: envelopeOf('tables', e) }));

    beforeEach(async () => {
      ({ tables, tablesStore } = await newTables());
      jackpotId = await newJackpot(['T1', 'T2']);
      const suffix = uniqueSuffix();
      projection = reactorProjection(coupContributionsReactor(jackpots.store, `jackpots.batches.${suffix}`));
      consumer = new EventConsumer({ projection, pool: db.pool, sources: [eventSource('tables', tablesStore, publishTypes('tables', '*'), topic)], logger: quiet });
      await tables.openTable('T1', [jackpotId]);
      await tables.openTable('T2', [jackpotId]);
      for (let i = 0; i < 6; i++) await tables.playCoup('T1', [jackpotId]);
      stored = await readAllOf(tablesStore, 8);
    });

    it('a redelivered batch changes nothing', async () => {
      const batch = deliveries(stored);
      await consumer.applier.apply({ source: topic, partition: 0 }, batch);
      await consumer.applier.apply({ source: topic, partition: 0 }, batch);
      // republished by a relay that crashed before its checkpoint: same events at new offsets
      await consumer.applier.apply({ source: topic, partition: 0 }, deliveries(stored, 100));
      expect(await meter(jackpotId)).toBe(SEED + 6 * C);
    });

    it('the command id from the source event makes redelivery idempotent even without the checkpoint (a crash between contribution and checkpoint)', async () => {
      // The contribution commits but the checkpoint does not move (as if the process died right after).
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        for (const d of deliveries(stored)) if (projection.handles(d.item.type)) await projection.apply(d.item, client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(await meter(jackpotId)).toBe(SEED + 6 * C);
      await consumer.applier.apply({ source: topic, partition: 0 }, deliveries(stored));
      expect(await meter(jackpotId)).toBe(SEED + 6 * C);
    });

    it('a crash before the transaction commits leaves neither the contribution nor the checkpoint', async () => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        for (const d of deliveries(stored)) if (projection.handles(d.item.type)) await projection.apply(d.item, client);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      expect(await meter(jackpotId)).toBe(SEED);
      await consumer.applier.apply({ source: topic, partition: 0 }, deliveries(stored));
      expect(await meter(jackpotId)).toBe(SEED + 6 * C);
    });

    it('out-of-order batches across partitions: a void delivered before its completion still keeps the coup from contributing', async () => {
      const { coup } = await tables.playCoup('T2', [jackpotId]);
      await tables.voidCoup('T2', coup.shoeId, coup.coupId);
      for (let i = 0; i < 3; i++) await tables.playCoup('T2', [jackpotId]);
      const all = await readAllOf(tablesStore, 13);
      const t2 = all.filter((e) => e.streamId === 'table-T2');
      const voidEvent = t2.filter((e) => e.type === 'CoupVoided');
      const t2Rest = t2.filter((e) => e.type !== 'CoupVoided');
      const t1 = all.filter((e) => e.streamId === 'table-T1');
      await consumer.applier.apply({ source: topic, partition: 2 }, deliveries(voidEvent));
      await consumer.applier.apply({ source: topic, partition: 1 }, deliveries(t2Rest));
      await consumer.applier.apply({ source: topic, partition: 0 }, deliveries(t1));
      // T1: 6 coups; T2: 4 coups, one of them voided
      expect(await meter(jackpotId)).toBe(SEED + 9 * C);
      const history = await jackpots.store.readStream(`jackpot-${jackpotId}`);
      expect(history.some((e) => e.type === 'CoupVoidNoted')).toBe(true);
      expect(history.filter((e) => e.type === 'ContributionRecorded' && (e.data as { coupId: string }).coupId === coup.coupId)).toHaveLength(0);
    });

    it('13.4.3: a Lucky Tie from a stacked shoe is detected with its Tie wagers; a coup naming an unknown jackpot is skipped, not dead-lettered', async () => {
      tables.stack('T1', '8S 8S 8S 8S');
      await tables.playCoup('T1', [jackpotId, 'no-such-jackpot'], { tieWagers: [{ wagerId: 'w1', box: 3, patronId: 'P9', amountCents: 5_000 }] });
      const all = await readAllOf(tablesStore, 9);
      const outcome = await consumer.applier.apply({ source: topic, partition: 0 }, deliveries(all));
      expect(outcome.deadLettered).toBe(0);
      const { state } = await jackpots.load(jackpotId);
      expect(state.meterCents).toBe(SEED + 7 * C);
      expect(Object.values(state.hits)).toEqual([expect.objectContaining({ status: 'open', detected: expect.objectContaining({ outcome: 'suited-lucky-tie', tieWagers: [expect.objectContaining({ wagerId: 'w1' })] }) })]);
    });
  });
});
