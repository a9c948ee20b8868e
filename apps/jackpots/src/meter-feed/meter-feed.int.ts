import { jackpotStreamId } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { JACKPOT_STREAM_TYPE, JackpotCommands } from '../jackpot/jackpot.commands';
import { consoleContext, eventually, OPTION_1, uniqueSuffix } from '../test-support/jackpot-fixtures';
import { startJackpotsApp } from '../test-support/jackpots-app';
import { SimulatedTables } from '../test-support/simulated-tables';
import { MeterFeed, MeterUpdate } from './meter-feed';

const SEED = OPTION_1.seedCents;

describe('the live meter feed on the real PostgreSQL (Crown Melbourne 13.3.1(c))', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let jackpots: JackpotCommands;
  const feeds: MeterFeed[] = [];
  const newFeed = async (intervalMs: number) => {
    const feed = new MeterFeed(store, intervalMs);
    feeds.push(feed);
    await feed.start();
    return feed;
  };

  beforeAll(async () => {
    db = await createTestDatabase('jp_meter_feed');
    store = new PostgresEventStore(db.pool, 'jackpots');
    await store.migrate();
    jackpots = new JackpotCommands(store);
  });
  afterAll(async () => {
    for (const f of feeds) await f.stop();
    await db?.drop();
  });

  const newJackpot = async () => {
    const id = `J${uniqueSuffix()}`;
    await jackpots.handle(id, { type: 'CreateJackpot', jackpotId: id, name: 'Test', tableIds: ['T1'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z', now: new Date().toISOString() }, consoleContext());
    return id;
  };
  const adjust = (id: string, amountCents: number) => jackpots.handle(id, { type: 'AdjustMeter', amountCents, reason: 'test', now: new Date().toISOString() }, consoleContext());

  it('13.3.1(c): a subscriber first gets the current meter and version, then every later change once, in version order', async () => {
    const feed = await newFeed(10);
    const id = await newJackpot();
    await adjust(id, 500);
    const seen: MeterUpdate[] = [];
    const unsubscribe = await feed.subscribe(id, (u) => seen.push(u));
    const current = seen.shift()!;
    // The current meter comes first, to the listener itself: no update can overtake it.
    expect(current).toMatchObject({ kind: 'meter', jackpotId: id, eventType: 'Snapshot', meterCents: SEED + 500, version: 2 });
    for (let i = 1; i <= 5; i++) await adjust(id, 100);
    await eventually(async () => (seen.length >= 5 ? true : undefined));
    // A little longer: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    expect(seen.map((u) => [u.version, u.meterCents, u.kind, u.eventType])).toEqual([3, 4, 5, 6, 7].map((v, i) => [v, SEED + 600 + i * 100, 'meter', 'MeterAdjusted']));
  });

  it('13.3.1(c): a change reaches the feed while an older transaction elsewhere on the server is still open (no wait for the global read horizon)', async () => {
    const feed = await newFeed(10);
    const id = await newJackpot();
    const seen: MeterUpdate[] = [];
    const unsubscribe = await feed.subscribe(id, (u) => seen.push(u));
    const current = seen.shift()!;
    const stalled = await db.pool.connect();
    try {
      await stalled.query('BEGIN');
      await stalled.query('SELECT pg_current_xact_id()');
      await adjust(id, 250);
      const update = await eventually(async () => seen.find((u) => u.version === current.version + 1), 5_000, 'the update while an older transaction is open');
      expect(update).toMatchObject({ kind: 'meter', meterCents: SEED + 250 });
    } finally {
      await stalled.query('ROLLBACK');
      stalled.release();
      unsubscribe();
    }
  });

  it("applies a jackpot stream's events in version order even when a later version commits under an earlier transaction id", async () => {
    const feed = await newFeed(10);
    const id = await newJackpot();
    const seen: MeterUpdate[] = [];
    const unsubscribe = await feed.subscribe(id, (u) => seen.push(u));
    const current = seen.shift()!;
    const v = current.version;
    const adjusted = (amountCents: number, meterBeforeCents: number) => ({
      eventId: randomUUID(),
      type: 'MeterAdjusted',
      schemaVersion: 1,
      data: { jackpotId: id, amountCents, reason: 'test', adjustedAt: new Date().toISOString(), meterBeforeCents, meterAfterCents: meterBeforeCents + amountCents, clause: 'Crown Melbourne 13' },
      metadata: { actor: { id: 'casino-manager-1', role: 'casino-manager' }, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: null },
      occurredAt: new Date().toISOString(),
    });
    // A transaction takes its id first, another appends the next version and commits, then the first appends the
    // version after it: global order puts it first.
    const early = await db.pool.connect();
    try {
      await early.query('BEGIN');
      await early.query('SELECT pg_current_xact_id()');
      await store.append(jackpotStreamId(id), JACKPOT_STREAM_TYPE, v, [adjusted(100, SEED)]);
      await new PostgresEventStore(early as unknown as Pool, 'jackpots').append(jackpotStreamId(id), JACKPOT_STREAM_TYPE, v + 1, [adjusted(100, SEED + 100)]);
      await early.query('COMMIT');
    } finally {
      early.release();
    }
    await eventually(async () => seen.find((u) => u.version === v + 2));
    unsubscribe();
    expect(seen.map((u) => [u.version, u.meterCents])).toEqual([
      [v + 1, SEED + 100],
      [v + 2, SEED + 200],
    ]);
  });

  it('sends a change as soon as it is woken (this process committed), not at the next poll', async () => {
    // A poll interval far longer than the test may wait: only the wake-up can bring the update in time.
    const feed = await newFeed(600_000);
    const id = await newJackpot();
    const seen: MeterUpdate[] = [];
    const unsubscribe = await feed.subscribe(id, (u) => seen.push(u));
    const current = seen.shift()!;
    await adjust(id, 300);
    feed.wake();
    const update = await eventually(async () => seen.find((u) => u.version === current.version + 1), 10_000, 'the woken update');
    unsubscribe();
    expect(update).toMatchObject({ kind: 'meter', meterCents: SEED + 300 });
  });

  it('follows a jackpot from before it exists: the display subscribed first sees its creation', async () => {
    const feed = await newFeed(10);
    const id = `J${uniqueSuffix()}`;
    const seen: MeterUpdate[] = [];
    const unsubscribe = await feed.subscribe(id, (u) => seen.push(u));
    const current = seen.shift()!;
    expect(current).toMatchObject({ eventType: 'Snapshot', version: 0, meterCents: 0 });
    await jackpots.handle(id, { type: 'CreateJackpot', jackpotId: id, name: 'Test', tableIds: ['T1'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z', now: new Date().toISOString() }, consoleContext());
    const created = await eventually(async () => seen.find((u) => u.version === 1));
    unsubscribe();
    expect(created).toMatchObject({ kind: 'meter', eventType: 'JackpotCreated', meterCents: SEED });
  });

  describe('in the service', () => {
    let app: INestApplication;
    afterAll(async () => app?.close());

    it("13.3.1(c): the contributions consumer's commit wakes the feed, so the SSE stream shows a coup's contribution without waiting out the poll", async () => {
      const tablesSchema = `tables_${uniqueSuffix()}`;
      const tablesStore = new PostgresEventStore(db.pool, tablesSchema);
      await tablesStore.migrate();
      // Embedded transport; a feed poll far longer than the test may wait.
      app = await startJackpotsApp({ url: db.url, tablesSchema, meterPollIntervalMs: 600_000 });
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      const id = await newJackpot();
      const tables = new SimulatedTables(tablesStore);
      await tables.openTable('T1', [id], 1);
      const received: (MeterUpdate & { id: string })[] = [];
      const req = http.get({ host: '127.0.0.1', port, path: `/jackpots/${id}/meter/stream` });
      try {
        const response = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
        let buffer = '';
        response.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          let i;
          while ((i = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, i).split('\n');
            buffer = buffer.slice(i + 2);
            const data = frame.find((l) => l.startsWith('data: '));
            const eventId = frame.find((l) => l.startsWith('id: '));
            if (data) received.push({ ...JSON.parse(data.slice(6)), id: eventId?.slice(4) });
          }
        });
        const snapshot = await eventually(async () => received[0]);
        expect(snapshot).toMatchObject({ kind: 'meter', eventType: 'Snapshot', jackpotId: id, meterCents: SEED, id: String(snapshot.version) });
        const first = await tables.playCoup('T1', [id]);
        const second = await tables.playCoup('T1', [id]);
        const updates = await eventually(async () => {
          const got = received.filter((u) => u.eventType === 'ContributionRecorded');
          return got.length >= 2 ? got : undefined;
        }, 10_000, 'both contributions on the stream');
        expect(updates.map((u) => [u.coupId, u.meterCents])).toEqual([
          [first.coup.coupId, SEED + OPTION_1.contributionCents],
          [second.coup.coupId, SEED + 2 * OPTION_1.contributionCents],
        ]);
        expect(updates.every((u) => u.id === String(u.version) && u.version > snapshot.version)).toBe(true);
      } finally {
        req.destroy();
      }
    });
  });
});
