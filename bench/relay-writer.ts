/**
 * The writers of the relay benchmark, in their own process as the services that append are in production:
 * appends `rate` events/s for `seconds` to a store and reports how many it appended (IPC message, then exit).
 * Each event carries the time its append was called, so the consumer can measure lag end to end.
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

async function write(job: WriterJob): Promise<{ appended: number; failed: number; appendLatencyP99Ms: number }> {
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
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { appended: issued - failed, failed, appendLatencyP99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

process.once('message', (job: WriterJob) => {
  write(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (err: Error) => {
      console.error(err);
      process.exit(1);
    },
  );
});
