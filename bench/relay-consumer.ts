/**
 * The consumer side of the relay benchmark, in its own process as a consuming service is in production:
 * keeps a read model from the Kafka topic (read model and checkpoint in one transaction), measures each
 * event's lag from the moment its append was called to the commit that applied it, and reports when told
 * how many events to expect.
 */
import { randomUUID } from 'node:crypto';
import { logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { Registry } from 'prom-client';
import { IntegrationEvent, publishTypes } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createKafka, EventConsumer, eventSource, Projection } from '@app/messaging';

export interface ConsumerJob {
  readonly url: string;
  readonly schema: string;
  readonly topic: string;
  readonly brokers: string[];
}

export interface ConsumerReport {
  readonly applied: number;
  readonly lags: number[];
  readonly firstCommitAt: number;
  readonly lastCommitAt: number;
  /** Worst lag per second of the run, to tell a steady tail from one stall. */
  readonly worstLagPerSecond: number[];
}

const quiet = { log: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

const countsProjection: Projection = {
  name: `bench_counts_${randomUUID().slice(0, 8)}`,
  handles: (type) => type === 'CoupCompleted',
  async setup(tx) {
    await tx.query('CREATE TABLE IF NOT EXISTS bench_counts (stream_id text PRIMARY KEY, coups bigint NOT NULL, last_version int NOT NULL)');
  },
  async reset(tx) {
    await tx.query('TRUNCATE bench_counts');
  },
  async apply(e, tx) {
    await this.applyBatch!([e], tx);
  },
  // One multi-row upsert per batch: the read model a real projection would keep, at batch cost.
  async applyBatch(events, tx) {
    await tx.query(
      `INSERT INTO bench_counts (stream_id, coups, last_version)
         SELECT s, count(*), max(v) FROM unnest($1::text[], $2::int[]) AS t(s, v) GROUP BY s
       ON CONFLICT (stream_id) DO UPDATE SET coups = bench_counts.coups + EXCLUDED.coups, last_version = EXCLUDED.last_version`,
      [events.map((e) => e.streamId), events.map((e) => e.streamVersion)],
    );
  },
};

async function consume(job: ConsumerJob): Promise<void> {
  const pool = new Pool({ connectionString: job.url, max: 4 });
  const kafka = createKafka({ brokers: job.brokers, clientId: 'bench-consumer', logLevel: logLevel.NOTHING });
  const source = eventSource('bench', new PostgresEventStore(pool, job.schema), publishTypes('bench', '*'), job.topic);
  const lags: number[] = [];
  const worstLagPerSecond: number[] = [];
  let applied = 0;
  let firstCommitAt = 0;
  let lastCommitAt = 0;
  let expected = Infinity;
  const consumer = new EventConsumer({
    projection: countsProjection,
    pool,
    sources: [source],
    kafka,
    registry: new Registry(),
    logger: quiet,
    kafkaOptions: { maxWaitTimeInMs: 50 },
    afterCommit: (events: readonly IntegrationEvent[]) => {
      const now = Date.now();
      for (const e of events) {
        const sentAtMs = e.data.sentAtMs;
        if (typeof sentAtMs === 'number' && sentAtMs > 0) {
          // Events sent during the warm-up (JIT, connections, leader discovery) are delivered but not timed.
          if (sentAtMs >= measureFromMs) lags.push(now - sentAtMs);
          applied += 1;
          const second = firstCommitAt ? Math.floor((now - firstCommitAt) / 1000) : 0;
          worstLagPerSecond[second] = Math.max(worstLagPerSecond[second] ?? 0, now - sentAtMs);
        } else process.send!({ ready: true }); // the warm-up event: the group has joined
      }
      if (!firstCommitAt && applied) firstCommitAt = now;
      lastCommitAt = now;
    },
  });
  let measureFromMs = Infinity;
  process.on('message', (m: { expect?: number; measureFromMs?: number }) => {
    if (typeof m.expect === 'number') expected = m.expect;
    if (typeof m.measureFromMs === 'number') measureFromMs = m.measureFromMs;
  });
  await consumer.start();
  const deadline = () => Date.now() + 120000;
  let giveUpAt = Infinity;
  while (applied < expected && Date.now() < giveUpAt) {
    if (expected !== Infinity && giveUpAt === Infinity) giveUpAt = deadline();
    await new Promise((r) => setTimeout(r, 20));
  }
  await consumer.stop();
  await pool.end();
  const report: ConsumerReport = { applied, lags, firstCommitAt, lastCommitAt, worstLagPerSecond: Array.from(worstLagPerSecond, (v) => v ?? 0) };
  process.send!(report, () => process.exit(0));
}

process.once('message', (job: ConsumerJob) => {
  consume(job).catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
});
