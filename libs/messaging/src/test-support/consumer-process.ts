/**
 * A counting consumer in its own process that SIGKILLs itself inside the apply transaction of its
 * KILL_AT_APPLICATION-th event: after the read-model write, before the checkpoint commit (0: never; the test
 * kills it).
 */
import { PostgresEventStore } from '@app/event-store';
import { logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { EventConsumer } from '../consumer/event-consumer';
import { createKafka } from '../kafka/kafka-client';
import { eventSource } from '../source/event-source';
import { countingProjection, testMapper } from './fixtures';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`consumer-process needs ${name}`);
  return v;
};

const pool = new Pool({ connectionString: env('DATABASE_URL'), max: 6 });
const service = env('SERVICE');
const killAt = Number(process.env.KILL_AT_APPLICATION ?? 0);
let applications = 0;
const brokers = process.env.KAFKA_BROKERS;
const consumer = new EventConsumer({
  projection: countingProjection(env('PROJECTION'), {
    onApply: async () => {
      if (++applications === killAt) process.kill(process.pid, 'SIGKILL');
    },
  }),
  pool,
  sources: [eventSource(service, new PostgresEventStore(pool, env('SCHEMA')), testMapper(service), env('TOPIC'))],
  kafka: brokers ? createKafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING }) : undefined,
  storeOptions: { batchSize: 50 },
  logger: { log: () => undefined, warn: (m) => console.error(m), error: (m) => console.error(m) },
});
void consumer.start();
