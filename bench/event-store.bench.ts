/**
 * `npm run bench -- event-store [--appends N]`: append throughput of our store against Emmett's PostgreSQL store
 * and against plain multi-row INSERTs (the ceiling), on the same PostgreSQL with the same events:
 * ~1 KB each, 1-10 events per append, 8 concurrent writers, each append with an expected version.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { PostgresEventStore, EventMetadata } from '@app/event-store';
import { createTestDatabase } from '@app/testing';

const WRITERS = 8;
const STREAMS_PER_WRITER = 50;

interface Workload {
  /** Per writer: a list of appends, each (stream index, events). */
  readonly writers: { stream: number; events: { type: string; data: Record<string, unknown> }[] }[][];
  readonly totalEvents: number;
}

/** Deterministic workload (a small LCG), so every contender appends exactly the same events. */
function workload(appends: number): Workload {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const filler = 'x'.repeat(880);
  let totalEvents = 0;
  const writers = Array.from({ length: WRITERS }, (_, w) =>
    Array.from({ length: Math.ceil(appends / WRITERS) }, (_, i) => {
      const count = 1 + Math.floor(next() * 10);
      totalEvents += count;
      return {
        stream: Math.floor(next() * STREAMS_PER_WRITER),
        events: Array.from({ length: count }, (_, k) => ({
          type: 'WagerPlaced',
          data: { tableId: `table-${w}`, box: k % 14, bet: 'banker', amountCents: 2500 * (k + 1), seq: i, note: filler },
        })),
      };
    }),
  );
  return { writers, totalEvents };
}

const metadata: EventMetadata = { actor: { id: 'bench', role: 'dealer' }, commandId: 'bench', correlationId: 'bench', causationId: null, rulebookVersion: 'crown-melbourne-v29' };

async function timed(work: Workload, append: (writer: number, stream: string, version: number, events: Workload['writers'][0][0]['events']) => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    work.writers.map(async (appends, w) => {
      const versions = new Map<string, number>();
      for (const a of appends) {
        const stream = `w${w}-s${a.stream}`;
        const version = versions.get(stream) ?? 0;
        await append(w, stream, version, a.events);
        versions.set(stream, version + a.events.length);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return Math.round(work.totalEvents / seconds);
}

async function ours(work: Workload): Promise<number> {
  const db = await createTestDatabase('bench_ours', WRITERS + 2);
  try {
    const store = new PostgresEventStore(db.pool, 'bench');
    await store.migrate();
    const at = new Date().toISOString();
    return await timed(work, async (_w, stream, version, events) => {
      await store.append(
        stream,
        'bench',
        version,
        events.map((e) => ({ eventId: randomUUID(), type: e.type, schemaVersion: 1, data: e.data, metadata, occurredAt: at })),
        randomUUID(),
      );
    });
  } finally {
    await db.drop();
  }
}

async function emmett(work: Workload): Promise<number> {
  const db = await createTestDatabase('bench_emmett', 2);
  const store = getPostgreSQLEventStore(db.url);
  try {
    // First append runs Emmett's schema migration; keep it out of the timing.
    await store.appendToStream('warmup', [{ type: 'Warmup', data: {} }]);
    return await timed(work, async (_w, stream, version, events) => {
      await store.appendToStream(stream, events.map((e) => ({ ...e, metadata })), { expectedStreamVersion: BigInt(version) });
    });
  } finally {
    await store.close();
    await db.drop();
  }
}

async function rawInsert(work: Workload): Promise<number> {
  const db = await createTestDatabase('bench_raw', WRITERS + 2);
  try {
    const pool: Pool = db.pool;
    await pool.query(`CREATE TABLE raw_events (position bigserial PRIMARY KEY, event_id uuid NOT NULL, stream_id text NOT NULL, version int NOT NULL,
      type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, occurred_at timestamptz NOT NULL)`);
    const at = new Date().toISOString();
    const meta = JSON.stringify(metadata);
    return await timed(work, async (_w, stream, version, events) => {
      const values: unknown[] = [];
      const rows = events.map((e, k) => {
        values.push(randomUUID(), stream, version + k + 1, e.type, JSON.stringify(e.data), meta, at);
        const b = k * 7;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
      });
      await pool.query(`INSERT INTO raw_events (event_id, stream_id, version, type, data, metadata, occurred_at) VALUES ${rows.join(', ')}`, values);
    });
  } finally {
    await db.drop();
  }
}

export async function run(args: string[]): Promise<object> {
  // Emmett keeps its own pool open after close(); dropping its scratch database then terminates those idle
  // connections, which is expected here and not a failure of the benchmark.
  process.on('uncaughtException', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') throw err;
  });
  const i = args.indexOf('--appends');
  const appends = i >= 0 ? Number(args[i + 1]) : 4000;
  const work = workload(appends);
  console.error(`event-store bench: ${appends} appends, ${work.totalEvents} events of ~1 KB, ${WRITERS} writers`);
  // Order varies nothing between contenders: each gets a fresh database. Warm up PostgreSQL once.
  await rawInsert(workload(400));
  const result = { ours: { eventsPerSec: await ours(work) }, emmett: { eventsPerSec: await emmett(work) }, rawInsert: { eventsPerSec: await rawInsert(work) } };
  return result;
}
