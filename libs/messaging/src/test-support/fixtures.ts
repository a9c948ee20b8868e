import { randomBytes, randomUUID } from 'node:crypto';
import { IntegrationEvent, IntegrationEventMapper, publishTypes } from '@app/contracts';
import { NewEvent, PostgresEventStore } from '@app/event-store';
import { eventually } from '@app/testing';
import { Kafka, logLevel } from 'kafkajs';
import type { Pool, PoolClient } from 'pg';
import { Projection } from '../consumer/projection';
import { createKafka, ensureTopic, kafkaBrokersFromEnv } from '../kafka/kafka-client';
import { decodeIntegrationEvent } from '../kafka/integration-event-codec';
import { EventSource, eventSource } from '../source/event-source';

/** The shared test broker (test/support/run-tests.ts exports KAFKA_BROKERS; deploy/kafka/start.sh by hand). */
export const testBrokers = (): string[] => kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];

export const testKafka = (brokers = testBrokers()): Kafka => createKafka({ brokers, clientId: 'messaging-test', logLevel: logLevel.NOTHING });

export const uniqueSuffix = (): string => randomBytes(4).toString('hex');

/** A source whose topic is unique to the test, created with 3 partitions. */
export async function testSource(store: PostgresEventStore, service = 'tables', kafka?: Kafka): Promise<EventSource> {
  const topic = `test.${service}.${uniqueSuffix()}.events`;
  if (kafka) await ensureTopic(kafka, topic, 3);
  return eventSource(service, store, testMapper(service), topic);
}

/** Publishes everything but `Internal*` events, which prove the mapping decides what leaves. */
export const testMapper = (service: string): IntegrationEventMapper => {
  const publishAll = publishTypes(service, '*');
  return (e) => (e.type.startsWith('Internal') ? null : publishAll(e));
};

const meta = { actor: { id: 'dealer-7', role: 'dealer' }, commandId: 'cmd', correlationId: 'corr', causationId: null, rulebookVersion: 'crown-melbourne-v29' };

export const newEvent = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { ...meta, commandId: randomUUID() },
  occurredAt: new Date().toISOString(),
});

/** Appends `count` events round-robin over `streams` streams, `perAppend` events per command. */
export async function appendEvents(store: PostgresEventStore, count: number, o: { streams?: number; perAppend?: number; type?: string; prefix?: string; concurrency?: number } = {}): Promise<void> {
  const streams = o.streams ?? 10;
  const perAppend = o.perAppend ?? 5;
  const commands = Math.ceil(count / perAppend);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= commands) return;
      const n = Math.min(perAppend, count - i * perAppend);
      const batch = Array.from({ length: n }, (_, k) => newEvent(o.type ?? 'CoupCompleted', { seq: i * perAppend + k }));
      await store.append(`${o.prefix ?? 'table'}-${i % streams}`, 'table', 'any', batch);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker));
}

/**
 * Counts every application: `seen.times` must be 1 for every event (exactly once), and `per_stream.last_version`
 * proves per-stream order. Deliberately NOT idempotent itself, so a double apply shows.
 */
export function countingProjection(name: string, o: { poison?: (e: IntegrationEvent) => boolean; onApply?: (e: IntegrationEvent, tx: PoolClient) => Promise<void> } = {}): Projection & { table: string } {
  const table = `${name}_seen`;
  return {
    name,
    table,
    handles: (type) => type !== 'Ignored',
    async setup(tx) {
      await tx.query(`CREATE TABLE IF NOT EXISTS ${table} (event_id text PRIMARY KEY, stream_id text NOT NULL, stream_version int NOT NULL, times int NOT NULL)`);
      await tx.query(`CREATE TABLE IF NOT EXISTS ${name}_streams (stream_id text PRIMARY KEY, last_version int NOT NULL, out_of_order int NOT NULL DEFAULT 0)`);
    },
    async reset(tx) {
      await tx.query(`TRUNCATE ${table}, ${name}_streams`);
    },
    async apply(e, tx) {
      if (o.poison?.(e)) throw new Error(`cannot apply ${e.type}: poison by design`);
      await tx.query(
        `INSERT INTO ${table} (event_id, stream_id, stream_version, times) VALUES ($1, $2, $3, 1)
         ON CONFLICT (event_id) DO UPDATE SET times = ${table}.times + 1`,
        [e.eventId, e.streamId, e.streamVersion],
      );
      await tx.query(
        `INSERT INTO ${name}_streams (stream_id, last_version) VALUES ($1, $2)
         ON CONFLICT (stream_id) DO UPDATE SET last_version = EXCLUDED.last_version,
           out_of_order = ${name}_streams.out_of_order + (CASE WHEN EXCLUDED.last_version <> ${name}_streams.last_version + 1 THEN 1 ELSE 0 END)`,
        [e.streamId, e.streamVersion],
      );
      await o.onApply?.(e, tx);
    },
  };
}

export interface CountingSummary {
  readonly events: number;
  readonly appliedMoreThanOnce: number;
  readonly totalApplications: number;
  readonly outOfOrder: number;
}

export async function countingSummary(pool: Pool, name: string): Promise<CountingSummary> {
  const { rows } = await pool.query<{ events: string; dup: string; total: string | null }>(
    `SELECT count(*)::text AS events, count(*) FILTER (WHERE times > 1)::text AS dup, sum(times)::text AS total FROM ${name}_seen`,
  );
  const { rows: s } = await pool.query<{ o: string | null }>(`SELECT sum(out_of_order)::text AS o FROM ${name}_streams`);
  return { events: Number(rows[0].events), appliedMoreThanOnce: Number(rows[0].dup), totalApplications: Number(rows[0].total ?? 0), outOfOrder: Number(s[0].o ?? 0) };
}

/** Public events in the store: what every read model must end up counting exactly once. */
export async function publicEventCount(pool: Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${schema}.events WHERE type NOT LIKE 'Internal%'`);
  return Number(rows[0].n);
}

/** The one polling helper of the integration tests (@app/testing), re-exported for the messaging specs that import it from here. */
export { eventually };

export interface TopicMessage {
  readonly partition: number;
  readonly offset: string;
  readonly key: string | null;
  readonly event: IntegrationEvent;
}

/** Reads a whole topic from the beginning with a throwaway group until `atLeast` messages arrived. */
export async function readTopic(kafka: Kafka, topic: string, atLeast: number, timeoutMs = 60000): Promise<TopicMessage[]> {
  const consumer = kafka.consumer({ groupId: `reader-${uniqueSuffix()}`, maxWaitTimeInMs: 100 });
  const out: TopicMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const d = decodeIntegrationEvent(message.value);
        if (d.ok) out.push({ partition, offset: message.offset, key: message.key?.toString() ?? null, event: d.event });
      },
    });
    await eventually(() => `${atLeast} messages on ${topic} (have ${out.length})`, async () => out.length >= atLeast, timeoutMs);
    // Let stragglers (duplicates) arrive too.
    await new Promise((r) => setTimeout(r, 300));
    return out;
  } finally {
    await consumer.disconnect();
  }
}

/** A fresh id for projection and table names. */
export const projectionName = (prefix: string): string => `${prefix}_${uniqueSuffix()}`;

export { randomUUID };
