/**
 * `npm run bench -- relay [--seconds 15] [--trial-seconds 4] [--start 2000] [--max 64000] [--warmup 3] [--per-append 10] [--streams 200] [--batch 1000] [--rate N]`
 * Events flow append → outbox relay → real Kafka → consumer → committed read model (PostgreSQL), with each
 * part in its own process as in production: writers (bench/relay-writer.ts) append at an offered rate, the relay
 * runs here, the consumer (bench/relay-consumer.ts) keeps a read model whose change and checkpoint commit
 * together. Lag is per event from the moment its append was called (so it includes the append) to the commit of
 * the consumer transaction that applied it.
 *
 * In one run (bench/capacity.ts):
 * - eventsPerSec, the capacity: the highest offered rate sustained in `--trial-seconds` trials (a ramp doubling
 *   from `--start`, then two bisections). A trial is sustained when the writers appended every event on schedule
 *   (within 10% of the trial's length) with none failing, and the consumer applied every one of them within
 *   10% of the trial's length plus one second after the offer ended: no backlog grew.
 * - rawInsertPerSec, the floor: the same events inserted flat out into a plain table by the same kind of writer
 *   (no stream versions, outbox or global order); eventsPerRawInsert is the ratio of the two.
 * - lagP99MsAtHalfLoad: the p99 lag of a `--seconds` run offered at half the capacity (`--rate N` offers N
 *   instead and skips the search), leaving out events sent in its first `--warmup` seconds.
 * Needs PostgreSQL (DATABASE_URL) and Kafka (KAFKA_BROKERS, default 127.0.0.1:19092: start it with deploy/kafka/start.sh).
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
import { findCapacity, percentileOf, ratio, type Trial } from './capacity';
import type { ConsumerReport, ReportRequest } from './relay-consumer';
import type { WriterReport } from './relay-writer';

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
  const seconds = arg(args, 'seconds', 15);
  const trialSeconds = arg(args, 'trial-seconds', 4);
  const warmupSeconds = arg(args, 'warmup', 3);
  const shape = { perAppend: arg(args, 'per-append', 10), streams: arg(args, 'streams', 200) };
  const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];
  const db = await createTestDatabase('bench_relay', 6);
  const kafka = createKafka({ brokers, clientId: 'bench', logLevel: logLevel.NOTHING });
  const store = new PostgresEventStore(db.pool, 'bench');
  await store.migrate();
  const topic = `bench.relay.${randomUUID().slice(0, 8)}.events`;
  await ensureTopic(kafka, topic, 3);
  const relay = new OutboxRelay({ source: eventSource('bench', store, publishTypes('bench', '*'), topic), pool: db.pool, kafka, registry: new Registry(), logger: quiet, batchSize: arg(args, 'batch', 1000), pollIntervalMs: 10 });
  const consumer = child('relay-consumer.ts');
  // One writer process for every trial: a process started per trial would time its own start-up.
  const writer = child('relay-writer.ts');
  for (const proc of [consumer, writer]) proc.setMaxListeners(0);
  try {
    await relay.start();
    consumer.send({ url: db.url, schema: 'bench', topic, brokers });
    // Warm up: the consumer's group has joined once this event comes through.
    const ready = nextMessage(consumer, (m) => (m as { ready?: boolean }).ready === true);
    await store.append('warmup', 'table', 'any', [{ eventId: randomUUID(), type: 'CoupCompleted', schemaVersion: 1, data: { sentAtMs: 0 }, metadata: { actor: { id: 'bench', role: 'dealer' }, commandId: randomUUID(), correlationId: 'bench', causationId: null, rulebookVersion: null }, occurredAt: new Date().toISOString() }]);
    await ready;

    let appliedSoFar = 0;
    /** Offers `rate` events/s for `secs` seconds; the consumer's report covers exactly those events. */
    const offer = async (rate: number, secs: number, graceMs: number, warmupMs: number) => {
      consumer.send({ measureFromMs: Date.now() + warmupMs });
      const written = nextMessage<WriterReport>(writer);
      writer.send({ ...shape, rate, seconds: secs, url: db.url, schema: 'bench' });
      const w = await written;
      const started = w.startedAtMs;
      const report = nextMessage<ConsumerReport>(consumer, (m) => Array.isArray((m as ConsumerReport).lags));
      consumer.send({ report: { expect: appliedSoFar + w.appended, measureFromMs: started + warmupMs, giveUpAtMs: started + secs * 1000 + graceMs } satisfies ReportRequest });
      const c = await report;
      const applied = c.applied - appliedSoFar;
      appliedSoFar = c.applied;
      return { started, w, c, applied };
    };

    // Warm-up, not measured: the writer's and consumer's hot paths compiled and their connections opened.
    await offer(1000, 2, 60_000, 1e9);

    const searched = arg(args, 'rate', 0) > 0
      ? undefined
      : await findCapacity(
          async (rate): Promise<Trial> => {
            const graceMs = trialSeconds * 100 + 1000;
            const { started, w, c, applied } = await offer(rate, trialSeconds, graceMs, 0);
            const onSchedule = w.failed === 0 && w.elapsedMs <= trialSeconds * 1100;
            const drained = applied >= w.appended && c.lastCommitAt - started <= trialSeconds * 1000 + graceMs;
            // A trial that did not drain leaves a backlog: let it clear before the next, so trials do not add up.
            if (!drained) {
              const cleared = nextMessage<ConsumerReport>(consumer, (m) => Array.isArray((m as ConsumerReport).lags));
              consumer.send({ report: { expect: appliedSoFar + (w.appended - applied), measureFromMs: Date.now() + 1e9, giveUpAtMs: Date.now() + 120_000 } satisfies ReportRequest });
              appliedSoFar = (await cleared).applied;
            }
            return {
              offered: rate,
              achieved: applied / (Math.max(c.lastCommitAt - started, 1) / 1000),
              sustained: onSchedule && drained,
              note: onSchedule ? (drained ? undefined : `${w.appended - applied} events not applied ${graceMs} ms after the offer ended`) : `the writers needed ${w.elapsedMs} ms to append ${trialSeconds} s of events`,
            };
          },
          { start: arg(args, 'start', 2000), max: arg(args, 'max', 64000), min: 100 },
        );
    const eventsPerSec = searched?.capacity ?? arg(args, 'rate', 0);
    if (eventsPerSec === 0) throw new Error('No offered rate was sustained, not even the lowest tried: see the trials above.');

    // The floor in the same run: the same events, flat out into a plain table.
    const rawDone = nextMessage<WriterReport>(writer);
    writer.send({ ...shape, rate: Math.max(eventsPerSec, 2000), seconds: 3, url: db.url, schema: 'bench', raw: true });
    const r = await rawDone;
    const rawInsertPerSec = Math.round(r.appended / (r.elapsedMs / 1000));

    const half = Math.max(1, Math.round((searched ? eventsPerSec / 2 : eventsPerSec)));
    const { w, c, applied } = await offer(half, seconds, 120_000, warmupSeconds * 1000);
    const lags = [...c.lags].sort((a, b) => a - b);
    const pct = (p: number) => percentileOf(lags, p) ?? null;
    console.error(
      JSON.stringify({
        ...shape,
        capacityAtSearchMax: searched?.atMax ?? false,
        halfLoadOfferedPerSec: half,
        halfLoadSeconds: seconds,
        appended: w.appended,
        failed: w.failed,
        appendLatencyP99Ms: w.appendLatencyP99Ms,
        delivered: applied,
        lagP50MsAtHalfLoad: pct(50),
        lagMaxMsAtHalfLoad: pct(100),
        worstLagPerSecond: c.worstLagPerSecond,
      }),
    );
    if (applied < w.appended) throw new Error(`${w.appended - applied} events never reached the read model at half load`);
    return { eventsPerSec, rawInsertPerSec, eventsPerRawInsert: ratio(eventsPerSec, rawInsertPerSec), lagP99MsAtHalfLoad: pct(99) };
  } finally {
    writer.send('stop');
    consumer.send({ stop: true });
    await new Promise((r) => (consumer.exitCode !== null ? r(null) : consumer.once('exit', r)));
    await relay.stop();
    await db.drop();
  }
}
