/**
 * `npm run bench -- relay [--rate 6000] [--seconds 20] [--per-append 10] [--streams 200] [--batch 1000]`
 * Events flow append → outbox relay → real Kafka → consumer → committed read model (PostgreSQL). Writers
 * append at a fixed rate. `lagP99Ms` is per event from its append committing (the moment the outbox holds
 * it) to the commit of the consumer transaction that applied it; stderr also shows the lag from before the
 * append call (which adds the append's own latency) and append latency. Needs PostgreSQL (DATABASE_URL) and Kafka (KAFKA_BROKERS, default
 * 127.0.0.1:19092: start it with deploy/kafka/start.sh).
 */
import { randomUUID } from 'node:crypto';
import { IntegrationEvent, publishTypes } from '@app/contracts';
import { NewEvent, PostgresEventStore } from '@app/event-store';
import { createKafka, ensureTopic, EventConsumer, eventSource, kafkaBrokersFromEnv, OutboxRelay, Projection } from '@app/messaging';
import { createTestDatabase } from '@app/testing';
import { logLevel } from 'kafkajs';
import { Registry } from 'prom-client';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

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

export async function run(args: string[]): Promise<object> {
  const rate = arg(args, 'rate', 6000);
  const seconds = arg(args, 'seconds', 20);
  const perAppend = arg(args, 'per-append', 10);
  const streams = arg(args, 'streams', 200);
  const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];
  const db = await createTestDatabase('bench_relay', 40);
  const kafka = createKafka({ brokers, clientId: 'bench', logLevel: logLevel.NOTHING });
  const store = new PostgresEventStore(db.pool, 'bench');
  await store.migrate();
  const topic = `bench.relay.${randomUUID().slice(0, 8)}.events`;
  await ensureTopic(kafka, topic, 3);
  const source = eventSource('bench', store, publishTypes('bench', '*'), topic);
  const registry = new Registry();

  const lags: number[] = [];
  const fromCallLags: number[] = [];
  const appendLatencies: number[] = [];
  // eventId → when its append committed; the consumer may see an event before the writer's callback runs.
  const appendedAt = new Map<string, number>();
  let applied = 0;
  let lastCommitAt = 0;
  const relay = new OutboxRelay({ source, pool: db.pool, kafka, registry, logger: quiet, batchSize: arg(args, 'batch', 1000), pollIntervalMs: 10 });
  const consumer = new EventConsumer({
    projection: countsProjection,
    pool: db.pool,
    sources: [source],
    kafka,
    registry,
    logger: quiet,
    kafkaOptions: { maxWaitTimeInMs: 50 },
    afterCommit: (events: readonly IntegrationEvent[]) => {
      const now = Date.now();
      for (const e of events) {
        fromCallLags.push(now - (e.data.sentAtMs as number));
        const at = appendedAt.get(e.eventId);
        appendedAt.delete(e.eventId);
        lags.push(at === undefined ? 0 : now - at);
        if (at === undefined) appendedAt.set(e.eventId, -1);
      }
      applied += events.length;
      lastCommitAt = now;
    },
  });
  try {
    await relay.start();
    await consumer.start();
    // Warm up: the consumer group has joined once the first event comes through.
    await store.append('warmup', 'table', 'any', [coup(0, 0)]);
    while (applied < 1) await new Promise((r) => setTimeout(r, 50));
    lags.length = 0;
    fromCallLags.length = 0;
    applied = 0;

    const total = rate * seconds;
    const appendsPerTick = (rate / perAppend) * 0.01; // one tick every 10 ms
    const started = Date.now();
    let issued = 0;
    let inFlight = 0;
    let failed = 0;
    let owed = 0;
    let seq = 0;
    while (issued < total) {
      owed += appendsPerTick;
      while (owed >= 1 && issued < total) {
        owed -= 1;
        const n = Math.min(perAppend, total - issued);
        issued += n;
        const stream = `table-${seq++ % streams}`;
        inFlight++;
        const sentAtMs = Date.now();
        const events = Array.from({ length: n }, (_, k) => coup(sentAtMs, k));
        store
          .append(stream, 'table', 'any', events)
          .then(() => {
            const now = Date.now();
            appendLatencies.push(now - sentAtMs);
            for (const e of events) {
              if (appendedAt.get(e.eventId) === -1) appendedAt.delete(e.eventId);
              else appendedAt.set(e.eventId, now);
            }
          })
          .catch(() => failed++)
          .finally(() => inFlight--);
      }
      const nextTick = started + ((issued / total) * seconds * 1000);
      await new Promise((r) => setTimeout(r, Math.max(0, nextTick - Date.now())));
    }
    const deadline = Date.now() + 120000;
    while ((applied < total - failed * perAppend || inFlight > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const elapsedSec = (lastCommitAt - started) / 1000;
    const pct = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;
    };
    console.error(
      JSON.stringify({
        rate, seconds, perAppend, streams, appended: issued, failedAppends: failed, delivered: applied,
        lagP50Ms: pct(lags, 50), lagMaxMs: pct(lags, 100), lagFromAppendCallP99Ms: pct(fromCallLags, 99), appendLatencyP99Ms: pct(appendLatencies, 99),
      }),
    );
    return { eventsPerSec: Math.round(applied / elapsedSec), lagP99Ms: pct(lags, 99) };
  } finally {
    await Promise.all([relay.stop(), consumer.stop()]);
    await db.drop();
  }
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
