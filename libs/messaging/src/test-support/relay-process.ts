/**
 * A relay in its own process that SIGKILLs itself right after the broker acknowledged batch number
 * CRASH_AFTER_BATCHES and before its checkpoint moved: the worst moment for a relay to die.
 */
import { PostgresEventStore } from '@app/event-store';
import { logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { createKafka } from '../kafka/kafka-client';
import { OutboxRelay } from '../relay/outbox-relay';
import { eventSource } from '../source/event-source';
import { testMapper } from './fixtures';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`relay-process needs ${name}`);
  return v;
};

const pool = new Pool({ connectionString: env('DATABASE_URL'), max: 4 });
const service = env('SERVICE');
const store = new PostgresEventStore(pool, env('SCHEMA'));
const crashAfter = Number(env('CRASH_AFTER_BATCHES'));
let batches = 0;
const relay = new OutboxRelay({
  source: eventSource(service, store, testMapper(service), env('TOPIC')),
  pool,
  kafka: createKafka({ brokers: env('KAFKA_BROKERS').split(','), logLevel: logLevel.NOTHING }),
  batchSize: Number(process.env.BATCH_SIZE ?? 50),
  logger: { log: () => undefined, warn: (m) => console.error(m), error: (m) => console.error(m) },
  afterAck: () => {
    if (++batches === crashAfter) process.kill(process.pid, 'SIGKILL');
  },
});
void relay.start();
