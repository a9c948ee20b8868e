import { createKafka, ensureTopic, EventConsumer, migrateMessaging, OutboxRelay } from '@app/messaging';
import { createTestDatabase, TestDatabase, untilConsumersCaughtUp, untilReadHorizonPasses } from '@app/testing';
import { randomBytes } from 'node:crypto';
import { logLevel } from 'kafkajs';
import { expectedTotals } from '../../../../test/reporting/support/expected-totals';
import { appendScripts, dumpReadModels, tablesSource, waitFor } from '../../../../test/reporting/support/reporting-world';
import { simulateTables } from '../../../../test/reporting/support/simulated-play';
import { rebuildReadModels } from './rebuild-read-models';
import { tablesReadModelsProjection } from './tables-read-models.projection';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const scripts = [
  ...simulateTables({ seed: 7, tables: 3, jurisdiction: 'NSW', coupsPerTable: 70, coupSeconds: 300 }),
  ...simulateTables({ seed: 8, tables: 1, jurisdiction: 'VIC', coupsPerTable: 70, tablePrefix: 'MEL' }),
];
const expected = expectedTotals(scripts);
const eventCount = scripts.reduce((n, s) => n + s.events.length, 0);

const sum = async (db: TestDatabase, sql: string): Promise<number> => Number((await db.pool.query<{ v: string }>(sql)).rows[0].v ?? 0);

describe('tables read models on real PostgreSQL (ledger, statistics, road, compliance register)', () => {
  let db: TestDatabase;
  let consumer: EventConsumer;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_rm');
    await migrateMessaging(db.pool);
    const source = await tablesSource(db.pool);
    await appendScripts(source.store, scripts);
    consumer = new EventConsumer({ projection: tablesReadModelsProjection(), pool: db.pool, sources: [source], logger: quiet, storeOptions: { batchSize: 50 } });
    await consumer.start();
    await untilConsumersCaughtUp(db.pool, [consumer]);
  });

  afterAll(async () => {
    await consumer?.stop();
    await db?.drop();
  });

  it('statistics reconcile with the settled wagers: coups, voids, turnover and house win by bet type', async () => {
    expect(await sum(db, 'SELECT sum(coups) AS v FROM reporting.table_stats')).toBe(expected.coups);
    expect(await sum(db, 'SELECT sum(dummy_coups) AS v FROM reporting.table_stats')).toBe(expected.dummyCoups);
    expect(await sum(db, 'SELECT sum(voided_coups) AS v FROM reporting.table_stats')).toBe(expected.voidedCoups);
    expect(await sum(db, 'SELECT sum(turnover_cents) AS v FROM reporting.table_stats')).toBe(expected.turnoverCents);
    expect(await sum(db, 'SELECT sum(house_win_cents) AS v FROM reporting.table_stats')).toBe(expected.houseWinCents);
    const { rows } = await db.pool.query<{ bet: string; turnover: string; win: string }>(
      'SELECT bet, sum(turnover_cents)::text AS turnover, sum(house_win_cents)::text AS win FROM reporting.bet_stats GROUP BY bet ORDER BY bet',
    );
    expect(Object.fromEntries(rows.map((r) => [r.bet, { turnoverCents: Number(r.turnover), houseWinCents: Number(r.win) }]))).toEqual(
      Object.fromEntries(Object.entries(expected.byBet).sort().map(([bet, b]) => [bet, { turnoverCents: b.turnoverCents, houseWinCents: b.houseWinCents }])),
    );
  });

  it('files coups under the local gaming day and shift (06:00 Australia/Sydney), not UTC dates', async () => {
    // The simulation starts 2025-03-03T08:00Z = 19:00 AEDT and runs past local midnight (to about 01:00): still gaming day 2025-03-03.
    const { rows } = await db.pool.query<{ gaming_day: string; shift: string }>(
      `SELECT DISTINCT gaming_day, shift FROM reporting.table_stats WHERE jurisdiction = 'NSW' ORDER BY gaming_day, shift`,
    );
    expect(rows).toEqual([
      { gaming_day: '2025-03-03', shift: 'afternoon' },
      { gaming_day: '2025-03-03', shift: 'night' },
    ]);
  });

  it('keeps the results road in coup order per shoe, with voided coups absent and dummy coups marked', async () => {
    const { rows } = await db.pool.query<{ shoe_id: string; coup_number: number; result: string; dummy: boolean }>(
      `SELECT shoe_id, coup_number, result, dummy FROM reporting.results_road WHERE table_id = 'BAC-NSW-1' ORDER BY shoe_id, coup_number`,
    );
    const completed = scripts[0].events.filter((e) => e.type === 'CoupCompleted').map((e) => e.data as { shoeId: string; coupNumber: number; result: string; dummy: boolean });
    expect(rows.map((r) => [r.shoe_id, r.coup_number, r.result, r.dummy])).toEqual(
      completed.map((c) => [c.shoeId, c.coupNumber, c.result, c.dummy]).sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1])),
    );
  });

  it('Crown Melbourne 9.3.1(a): the ledger balances deferred against collected and waived, and surfaces shoes started with commission outstanding', async () => {
    expect(await sum(db, 'SELECT sum(deferred_cents) AS v FROM reporting.commission_ledger')).toBe(expected.deferredCents);
    expect(await sum(db, 'SELECT sum(collected_cents) AS v FROM reporting.commission_ledger')).toBe(expected.collectedCents);
    expect(await sum(db, 'SELECT sum(deferred_cents - collected_cents - waived_cents) AS v FROM reporting.commission_ledger')).toBe(expected.outstandingCents);
    expect(await sum(db, 'SELECT sum(outstanding_cents) AS v FROM reporting.table_directory')).toBe(expected.outstandingCents);
    const exceptions = await db.pool.query<{ kind: string; outstanding_cents: string; override_cents: string; approved_by: string; clause: string }>(
      'SELECT kind, outstanding_cents, override_cents, approved_by, clause FROM reporting.commission_exceptions',
    );
    expect(exceptions.rows.length).toBe(expected.overrides);
    expect(expected.overrides).toBeGreaterThan(0);
    for (const e of exceptions.rows) {
      expect(e).toMatchObject({ kind: 'carried-over-with-approval', approved_by: 'manager-1', clause: 'Crown Melbourne 9.3.1(a)' });
      // The ledger's own outstanding at shoe start matches what the override declared.
      expect(e.outstanding_cents).toBe(e.override_cents);
    }
    const movements = await db.pool.query<{ actor_id: string; at: string }>(`SELECT actor_id, at FROM reporting.commission_movements WHERE kind = 'collected' ORDER BY at LIMIT 1`);
    expect(movements.rows[0].actor_id).toMatch(/^supervisor-/);
  });

  it('records every incident in the compliance register with actor, role, reason and clause', async () => {
    const { rows } = await db.pool.query<{ category: string; n: string }>('SELECT category, count(*)::text AS n FROM reporting.compliance_register GROUP BY category ORDER BY category');
    const counts = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    expect(counts['shoe-void']).toBe(expected.shoeVoids);
    expect(counts['coup-void']).toBe(expected.voidedCoups);
    expect(counts['commission-override']).toBe(expected.overrides);
    expect(counts['table-closure']).toBe(scripts.length);
    expect(counts['dummy-coup']).toBe(expected.dummyCoups);
    const shoeVoid = await db.pool.query(`SELECT jurisdiction, clause, actor_id, actor_role, reason, notifiable FROM reporting.compliance_register WHERE category = 'shoe-void' ORDER BY jurisdiction`);
    expect(shoeVoid.rows[0]).toEqual({
      jurisdiction: 'NSW',
      clause: 'Star 2024 4.13',
      actor_id: 'supervisor-1',
      actor_role: 'gaming-supervisor',
      reason: 'Sequence of cards revealed during the cut',
      notifiable: true,
    });
  });

  it('a rebuild from the event store gives identical read models, batched or event by event', async () => {
    const live = await dumpReadModels(db.pool);
    expect(live.table_stats.length).toBeGreaterThan(0);
    await untilReadHorizonPasses(db.pool);
    const fast = await rebuildReadModels(db.pool, tablesReadModelsProjection(), [await tablesSource(db.pool)], 333);
    expect(fast.events).toBe(eventCount);
    expect(await dumpReadModels(db.pool)).toEqual(live);
    await consumer.stop();
    await consumer.rebuild();
    expect(await dumpReadModels(db.pool)).toEqual(live);
  });
});

describe('tables read models over real Kafka', () => {
  let db: TestDatabase;
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
  const kafka = createKafka({ brokers, clientId: 'reporting-test', logLevel: logLevel.NOTHING });
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('reporting_kafka');
    await migrateMessaging(db.pool);
  });
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await db?.drop();
  });

  it('applies each event once: a relay republishing the whole topic (redelivery) changes nothing', async () => {
    const topic = `test.reporting.tables.${randomBytes(4).toString('hex')}.events`;
    await ensureTopic(kafka, topic, 3);
    const source = await tablesSource(db.pool, topic);
    await appendScripts(source.store, scripts);
    const relay = new OutboxRelay({ source, pool: db.pool, kafka, logger: quiet });
    running.push(relay);
    const projection = tablesReadModelsProjection({ name: `reporting-tables-${randomBytes(3).toString('hex')}` });
    const consumer = new EventConsumer({ projection, pool: db.pool, sources: [source], kafka, logger: quiet });
    running.push(consumer);
    await relay.start();
    await consumer.start();
    const delivered = async () =>
      Number(
        (await db.pool.query<{ n: string }>(`SELECT coalesce(sum(kafka_offset + 1), 0)::text AS n FROM messaging.checkpoints WHERE consumer = $1 AND partition >= 0`, [projection.name]))
          .rows[0].n,
      );
    await waitFor('every event delivered once', async () => (await delivered()) >= eventCount);
    const once = await dumpReadModels(db.pool);
    expect(Number(once.table_stats.reduce((n: number, r) => n + Number((r as { coups: number }).coups), 0))).toBe(expected.coups);

    // Redelivery: forget the relay's checkpoint, so every event is published a second time.
    await relay.stop();
    await db.pool.query('DELETE FROM messaging.relay_checkpoints');
    const again = new OutboxRelay({ source, pool: db.pool, kafka, logger: quiet });
    running.push(again);
    await again.start();
    await waitFor('every event delivered twice', async () => (await delivered()) >= 2 * eventCount);
    expect(await dumpReadModels(db.pool)).toEqual(once);
  });
});
