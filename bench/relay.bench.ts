/**
 * `npm run bench -- relay [--rate 6000] [--seconds 20] [--warmup 3] [--per-append 10] [--streams 200] [--batch 1000]`
 * Events flow append → outbox relay → real Kafka → consumer → committed read model (PostgreSQL), with each
 * part in its own process as in production: writers (bench/relay-writer.ts) append at a fixed rate, the relay
 * runs here, the consumer (bench/relay-consumer.ts) keeps a read model whose change and checkpoint commit
 * together. `lagP99Ms` is per event from the moment its append was called (so it includes the append) to the
 * commit of the consumer transaction that applied it, for events sent after the first `--warmup` seconds
 * (start-up transients: JIT, connections, partition leaders); `eventsPerSec` counts every event. Needs PostgreSQL (DATABASE_URL) and Kafka
 * (KAFKA_BROKERS, default 127.0.0.1:19092: start it with deploy/kafka/start.sh).
 */
import { ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { logLevel } from 'kafkajs';
import { Registry } from 'prom-client';
import { publishTypes } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createKafka, ensureTopic, eventSource, kafkaBrokersFromEnv, OutboxRelay } from '@app/messaging';
import { createTestDatabase } from '@app/testing';
import type { ConsumerReport } from './relay-consumer';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const quiet = { log: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };

const child = (file: string): ChildProcess => fork(join(__dirname, file), [], { execArgv: ['-r', '@swc-node/register'] });

const nextMessage = <T>(proc: ChildProcess, accept: (m: unknown) => boolean = () => true): Promise<T> =>
  new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!accept(m)) return;
      proc.off('message', onMessage);
      resolve(m as T);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => code !== 0 && reject(new Error(`a relay bench process exited with ${code}`)));
  });

export async function run(args: string[]): Promise<object> {
  const job = { rate: arg(args, 'rate', 6000), seconds: arg(args, 'seconds', 20), perAppend: arg(args, 'per-append', 10), streams: arg(args, 'streams', 200) };
  const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];
  const db = await createTestDatabase('bench_relay', 6);
  const kafka = createKafka({ brokers, clientId: 'bench', logLevel: logLevel.NOTHING });
  const store = new PostgresEventStore(db.pool, 'bench');
  await store.migrate();
  const topic = `bench.relay.${randomUUID().slice(0, 8)}.events`;
  await ensureTopic(kafka, topic, 3);
  const relay = new OutboxRelay({ source: eventSource('bench', store, publishTypes('bench', '*'), topic), pool: db.pool, kafka, registry: new Registry(), logger: quiet, batchSize: arg(args, 'batch', 1000), pollIntervalMs: 10 });
  const consumer = child('relay-consumer.ts');
  try {
    await relay.start();
    consumer.send({ url: db.url, schema: 'bench', topic, brokers });
    // Warm up: the consumer's group has joined once this event comes through.
    const ready = nextMessage(consumer, (m) => (m as { ready?: boolean }).ready === true);
    await store.append('warmup', 'table', 'any', [{ eventId: randomUUID(), type: 'CoupCompleted', schemaVersion: 1, data: { sentAtMs: 0 }, metadata: { actor: { id: 'bench', role: 'dealer' }, commandId: randomUUID(), correlationId: 'bench', causationId: null, rulebookVersion: null }, occurredAt: new Date().toISOString() }]);
    await ready;

    const writer = child('relay-writer.ts');
    const started = Date.now();
    consumer.send({ measureFromMs: started + arg(args, 'warmup', 3) * 1000 });
    const written = nextMessage<{ appended: number; failed: number; appendLatencyP99Ms: number }>(writer);
    writer.send({ ...job, url: db.url, schema: 'bench' });
    const { appended, failed, appendLatencyP99Ms } = await written;
    const report = nextMessage<ConsumerReport>(consumer, (m) => Array.isArray((m as ConsumerReport).lags));
    consumer.send({ expect: appended });
    const { applied, lags, lastCommitAt, worstLagPerSecond } = await report;
    lags.sort((a, b) => a - b);
    const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? null;
    console.error(JSON.stringify({ ...job, appended, failed, appendLatencyP99Ms, delivered: applied, lagP50Ms: pct(50), lagMaxMs: pct(100), worstLagPerSecond }));
    return { eventsPerSec: Math.round(applied / ((lastCommitAt - started) / 1000)), lagP99Ms: pct(99) };
  } finally {
    consumer.kill();
    await relay.stop();
    await db.drop();
  }
}
