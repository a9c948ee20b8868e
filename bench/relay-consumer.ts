/**
 * The consumer side of the relay benchmark, in its own process as a consuming service is in production:
 * keeps a read model from the Kafka topic (read model and checkpoint in one transaction), measures each
 * event's lag from the moment its append was called to the commit that applied it, and reports each trial
 * when told how many events (in all, since it started) to expect by when; 'stop' ends it.
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

/** One trial's report: wait until `expect` events in all have been applied, or until `giveUpAtMs`. */
export interface ReportRequest {
  readonly expect: number;
  /** Events appended before this time are not timed (the trial's warm-up). */
  readonly measureFromMs: number;
  readonly giveUpAtMs: number;
}

export interface ConsumerReport {
  /** Events applied since the consumer started (the trial's are this minus the last report's). */
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
  let lags: number[] = [];
  let worstLagPerSecond: number[] = [];
  let applied = 0;
  let firstCommitAt = 0;
  let lastCommitAt = 0;
  let measureFromMs = Infinity;
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
          if (!firstCommitAt) firstCommitAt = now;
          const second = Math.floor((now - firstCommitAt) / 1000);
          worstLagPerSecond[second] = Math.max(worstLagPerSecond[second] ?? 0, now - sentAtMs);
        } else process.send!({ ready: true }); // the warm-up event: the group has joined
      }
      if (applied) lastCommitAt = now;
    },
  });
  const report = async (r: ReportRequest): Promise<void> => {
    while (applied < r.expect && Date.now() < r.giveUpAtMs) await new Promise((done) => setTimeout(done, 10));
    const out: ConsumerReport = { applied, lags, firstCommitAt, lastCommitAt, worstLagPerSecond: Array.from(worstLagPerSecond, (v) => v ?? 0) };
    lags = [];
    worstLagPerSecond = [];
    firstCommitAt = 0;
    process.send!(out);
  };
  process.on('message', (m: { measureFromMs?: number; report?: ReportRequest; stop?: boolean }) => {
    if (typeof m.measureFromMs === 'number') measureFromMs = m.measureFromMs;
    if (m.report) void report(m.report);
    if (m.stop) void consumer.stop().then(() => pool.end()).then(() => process.exit(0));
  });
  await consumer.start();
}

process.once('message', (job: ConsumerJob) => {
  consume(job).catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
});
