/**
 * The writers of the relay benchmark, in their own process as the services that append are in production:
 * for each job it is sent, appends `rate` events/s for `seconds` to a store and reports how many it appended
 * (an IPC message); 'stop' ends it.
 * Each event carries the time its append was called, so the consumer can measure lag end to end.
 * With `raw` set it measures the floor instead: the same events, `perAppend` to a statement, inserted flat out
 * (16 statements in flight, as many as the appending pool's connections) into a plain table with no event-store
 * work (no stream versions, no outbox, no global order), and reports the rate.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { NewEvent, PostgresEventStore } from '@app/event-store';

interface WriterJob {
  readonly url: string;
  readonly schema: string;
  readonly rate: number;
  readonly seconds: number;
  readonly perAppend: number;
  readonly streams: number;
  /** Insert `rate * seconds` events flat out into a plain table instead (the same run's floor). */
  readonly raw?: boolean;
}

function coup(sentAtMs: number, k: number): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'CoupCompleted',
    schemaVersion: 1,
    data: { sentAtMs, k, result: 'banker', bankerTotal: 7, playerTotal: 5 },
    metadata: { actor: { id: 'dealer-7', role: 'dealer' }, commandId: randomUUID(), correlationId: 'bench', causationId: null, rulebookVersion: 'crown-melbourne-v29' },
    occurredAt: new Date(sentAtMs).toISOString(),
  };
}

export interface WriterReport {
  readonly appended: number;
  readonly failed: number;
  readonly appendLatencyP99Ms: number;
  /** When the first append was called (wall clock) and how long until the last one answered. */
  readonly startedAtMs: number;
  readonly elapsedMs: number;
}

async function rawInsert(job: WriterJob): Promise<WriterReport> {
  const pool = new Pool({ connectionString: job.url, max: 16 });
  const table = `${job.schema}.bench_raw_events`;
  await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (id bigserial PRIMARY KEY, stream_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, occurred_at timestamptz NOT NULL)`);
  const total = job.rate * job.seconds;
  let issued = 0;
  let seq = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (issued < total) {
        const n = Math.min(job.perAppend, total - issued);
        issued += n;
        const events = Array.from({ length: n }, (_, k) => coup(Date.now(), k));
        const stream = `table-${seq++ % job.streams}`;
        await pool.query(
          `INSERT INTO ${table} (stream_id, type, data, metadata, occurred_at) SELECT $1, t, d, m, o FROM unnest($2::text[], $3::jsonb[], $4::jsonb[], $5::timestamptz[]) AS x(t, d, m, o)`,
          [stream, events.map((e) => e.type), events.map((e) => JSON.stringify(e.data)), events.map((e) => JSON.stringify(e.metadata)), events.map((e) => e.occurredAt)],
        );
      }
    }),
  );
  const elapsedMs = Date.now() - started;
  await pool.end();
  return { appended: total, failed: 0, appendLatencyP99Ms: 0, startedAtMs: started, elapsedMs };
}

async function write(job: WriterJob): Promise<WriterReport> {
  const pool = new Pool({ connectionString: job.url, max: 16 });
  const store = new PostgresEventStore(pool, job.schema);
  const total = job.rate * job.seconds;
  const appendsPerTick = (job.rate / job.perAppend) * 0.01; // a tick every 10 ms
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let issued = 0;
  let failed = 0;
  let owed = 0;
  let seq = 0;
  const started = Date.now();
  while (issued < total) {
    owed += appendsPerTick;
    while (owed >= 1 && issued < total) {
      owed -= 1;
      const n = Math.min(job.perAppend, total - issued);
      issued += n;
      const sentAtMs = Date.now();
      const p = store
        .append(`table-${seq++ % job.streams}`, 'table', 'any', Array.from({ length: n }, (_, k) => coup(sentAtMs, k)))
        .then(
          () => void latencies.push(Date.now() - sentAtMs),
          () => void (failed += n),
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    const nextTick = started + (issued / total) * job.seconds * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, nextTick - Date.now())));
  }
  await Promise.all(inFlight);
  const elapsedMs = Date.now() - started;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { appended: issued - failed, failed, appendLatencyP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0, startedAtMs: started, elapsedMs };
}

process.on('message', (job: WriterJob | 'stop') => {
  if (job === 'stop') process.exit(0);
  (job.raw ? rawInsert(job) : write(job)).then(
    (result) => process.send!(result),
    (err: Error) => {
      console.error(err);
      process.exit(1);
    },
  );
});
