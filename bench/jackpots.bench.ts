/**
 * `npm run bench -- jackpots [--seconds 15] [--trial-seconds 4] [--start 100] [--max 3200] [--tables 8] [--rate N]`
 *
 * Coup completed on the tables service → meter seen on the jackpot's live feed, through the real Kafka:
 * CoupCompleted events are appended to a tables event store at `rate` per second across `tables` tables;
 * the tables outbox relay publishes them to Kafka; the jackpot service's consumer (JackpotsModule, as hosted
 * in production) turns each into a contribution in the jackpot stream; its meter feed pushes it over SSE,
 * where this benchmark reads it. Lag = SSE receipt − the append's commit, per coup.
 *
 * In one run (bench/capacity.ts): contributionsPerSec, the capacity, is the highest offered coup rate sustained in
 * `--trial-seconds` trials (a ramp doubling from `--start`, then two bisections); a trial is sustained when its
 * coups were all appended on schedule (within 10% of the trial's length) and every one was seen on the feed within
 * 10% of the trial's length plus one second after the offer ended. meterLagP99MsAtHalfLoad is the p99 lag of a
 * `--seconds` run offered at half the capacity (`--rate N` offers N instead and skips the search).
 * Aims: ≥ 200 contributions/s; lag p99 ≤ 250 ms at half load.
 * Also prints the lag hop by hop (bench/tournament-lag-probe.ts: relay poll and read, Kafka, the consumer's queue and
 * transaction, the meter feed) and this process's CPU time and database round trips per coup at half load
 * (bench/server-probe.ts); with
 * BENCH_PROFILE_DIR, its CPU profile of the half-load run, saved there and summed by layer (bench/cpu-profile.ts).
 */
import 'reflect-metadata';
import { publishTypes } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createKafka, ensureTopic, eventSource, kafkaBrokersFromEnv, OutboxRelay } from '@app/messaging';
import { createTestDatabase } from '@app/testing';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { OPTION_1, uniqueSuffix } from '../apps/jackpots/src/test-support/jackpot-fixtures';
import { bearer, startJackpotsApp } from '../apps/jackpots/src/test-support/jackpots-app';
import { SimulatedTables } from '../apps/jackpots/src/test-support/simulated-tables';
import { findCapacity, type Trial } from './capacity';
import { printCost, startProbe, stopProbe } from './server-probe';
import { completedCoupOf, hopReport, LagMarks, probeJackpots, probeTables } from './tournament-lag-probe';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const quiet = { log: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (done: () => boolean, ms: number) => {
  for (const deadline = Date.now() + ms; !done() && Date.now() < deadline; ) await sleep(20);
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run(args: string[]): Promise<object> {
  const fixedRate = arg(args, 'rate', 0);
  const seconds = arg(args, 'seconds', 15);
  const trialSeconds = arg(args, 'trial-seconds', 4);
  const tableCount = arg(args, 'tables', 8);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'fatal';
  // Hop by hop (bench/tournament-lag-probe.ts), wrapped before the relay and the service start.
  const marks = new LagMarks();
  const beforeReport = probeTables(marks, completedCoupOf);
  probeJackpots(marks);
  const brokers = kafkaBrokersFromEnv() ?? ['127.0.0.1:19092'];
  const suffix = uniqueSuffix();
  const tablesTopic = `bench.tables.${suffix}`;
  const db = await createTestDatabase('jp_bench', 30);
  const kafka = createKafka({ brokers, clientId: `jp-bench-${suffix}` });
  const tablesStore = new PostgresEventStore(db.pool, 'tables');
  await tablesStore.migrate();
  const relay = new OutboxRelay({ source: eventSource('tables', tablesStore, publishTypes('tables', '*'), tablesTopic), pool: db.pool, kafka, logger: quiet });
  await relay.start();
  const app = await startJackpotsApp({ url: db.url, tablesSchema: 'tables', brokers, tablesTopic, jackpotsTopic: `bench.jackpots.${suffix}`, consumerName: `jackpots.bench.${suffix}` });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const tableIds = Array.from({ length: tableCount }, (_, i) => `B${i + 1}`);
  const sse = http.get({ host: '127.0.0.1', port, path: '/jackpots/bench/meter/stream' });
  const responded = new Promise<http.IncomingMessage>((resolve, reject) => sse.on('response', resolve).on('error', reject));
  const stops: (() => Promise<void>)[] = [];
  try {
    await request(app.getHttpServer())
      .post('/jackpots')
      .set('Authorization', bearer(['casino-manager']))
      .send({ jackpotId: 'bench', name: 'Bench', tableIds, parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z' })
      .expect(201);

    // The live feed, read as a display would.
    const seenAt = new Map<string, number>();
    const committedWall = new Map<string, number>();
    const response = await responded;
    let buffer = '';
    response.on('data', (chunk: Buffer) => {
      const now = performance.now();
      buffer += chunk.toString();
      let i;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const u = JSON.parse(data.slice(6)) as { eventType: string; coupId?: string; at: string };
        if (u.eventType === 'ContributionRecorded' && u.coupId) {
          seenAt.set(u.coupId, now);
          marks.mark('seen', u.coupId);
        }
      }
    });

    // A probe on the tables topic, to tell the relay's and Kafka's share of the lag from the consumer's.
    const onKafkaWall = new Map<string, number>();
    const probe = kafka.consumer({ groupId: `jp-bench-probe-${suffix}`, maxWaitTimeInMs: 20 });
    await probe.connect();
    await ensureTopic(kafka, tablesTopic);
    await probe.subscribe({ topic: tablesTopic, fromBeginning: true });
    await probe.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString()) as { type: string; data: { coupId?: string } };
        if (e.type === 'CoupCompleted' && e.data.coupId) onKafkaWall.set(e.data.coupId, Date.now());
      },
    });
    stops.push(() => probe.disconnect());
    const tables = new SimulatedTables(tablesStore);
    for (const [i, t] of tableIds.entries()) await tables.openTable(t, ['bench'], i + 1);

    // Warm up Kafka (topic creation, consumer group join) before measuring.
    const warm = await tables.playCoup(tableIds[0], ['bench']);
    for (const deadline = Date.now() + 60_000; !seenAt.has(warm.coup.coupId); ) {
      if (Date.now() > deadline) throw new Error('The warm-up coup never reached the live feed: is Kafka up (deploy/kafka/start.sh)?');
      await sleep(20);
    }

    // Offered load: `rate` coups per second, spread over the tables, paced in 10 ms ticks; waits up to `graceMs`
    // after the offer for every coup to reach the feed.
    const committedAt = new Map<string, number>();
    const offer = async (rate: number, secs: number, graceMs: number) => {
      const committed = new Map<string, number>();
      const total = Math.round(rate * secs);
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let n = 0; n < total; ) {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
        for (; n < due; n++) {
          const table = tableIds[n % tableIds.length];
          inFlight.push(
            tables.playCoup(table, ['bench']).then(({ coup }) => {
              committed.set(coup.coupId, performance.now());
              committedAt.set(coup.coupId, performance.now());
              committedWall.set(coup.coupId, Date.now());
              marks.mark('settled', coup.coupId);
            }),
          );
        }
        await sleep(10);
      }
      await Promise.all(inFlight);
      const producedIn = (performance.now() - start) / 1000;
      for (const deadline = start + secs * 1000 + graceMs; [...committed.keys()].some((c) => !seenAt.has(c)); ) {
        if (performance.now() > deadline) break;
        await sleep(20);
      }
      const lags = [...committed].filter(([c]) => seenAt.has(c)).map(([c, t]) => Math.max(0, seenAt.get(c)! - t)).sort((x, y) => x - y);
      const lastSeen = Math.max(...[...committed.keys()].map((c) => seenAt.get(c) ?? 0));
      return { rate, start, committed, producedIn, lags, lastSeen, missing: committed.size - lags.length };
    };
    const searched =
      fixedRate > 0
        ? undefined
        : await findCapacity(
            async (rate): Promise<Trial> => {
              const graceMs = trialSeconds * 100 + 1000;
              const t = await offer(rate, trialSeconds, graceMs);
              const onSchedule = t.producedIn <= trialSeconds * 1.1;
              // A trial that left a backlog lets it clear before the next, so trials do not add up.
              if (t.missing > 0) await waitFor(() => [...t.committed.keys()].every((c) => seenAt.has(c)), 120_000);
              return {
                offered: rate,
                achieved: t.lags.length / ((t.lastSeen - t.start) / 1000),
                sustained: onSchedule && t.missing === 0,
                note: !onSchedule ? `the coups took ${t.producedIn.toFixed(1)} s to append` : t.missing ? `${t.missing} coups not on the feed ${graceMs} ms after the offer ended` : undefined,
              };
            },
            { start: arg(args, 'start', 100), max: arg(args, 'max', 3200), min: 5 },
          );
    const capacity = searched?.capacity ?? fixedRate;
    if (capacity === 0) throw new Error('No offered rate was sustained, not even the lowest tried: see the trials above.');
    const rate = searched ? Math.max(1, Math.round(capacity / 2)) : fixedRate;
    committedAt.clear();
    committedWall.clear();
    const profileDir = process.env.BENCH_PROFILE_DIR;
    await startProbe(profileDir !== undefined);
    const { lags, missing, producedIn } = await offer(rate, seconds, 120_000);
    const cost = await stopProbe(profileDir, 'jackpots-half-load');
    const meter = await request(app.getHttpServer()).get('/jackpots/bench/reconciliation').set('Authorization', bearer(['regulator'], 'vgccc', ['VIC']));
    console.error(
      `capacity ${capacity}/s${searched?.atMax ? ' (the search maximum: at least)' : ''}; half load: offered ${rate}/s for ${seconds}s over ${tableCount} tables (produced in ${producedIn.toFixed(1)}s); seen ${lags.length}/${committedAt.size}` +
        `; lag p50 ${percentile(lags, 50)?.toFixed(0)} ms, p99 ${percentile(lags, 99)?.toFixed(0)} ms, max ${lags[lags.length - 1]?.toFixed(0)} ms; reconciliation balanced=${meter.body.balanced} contributions=${meter.body.contributionCount}`,
    );
    const toKafka = [...committedWall].filter(([c]) => onKafkaWall.has(c)).map(([c, t]) => onKafkaWall.get(c)! - t).sort((a, b) => a - b);
    console.error(`  committed → on Kafka (relay): p50 ${percentile(toKafka, 50)} ms, p99 ${percentile(toKafka, 99)} ms`);
    // settled: the client saw its append return (its lag's start); appended: the store's append returned.
    beforeReport();
    for (const line of hopReport(marks.marks, [...committedAt.keys()])) console.error(line);
    // One process: the tables' appends, the relay, the jackpot service and this client share its CPU and its loop.
    await printCost('this process at half load (tables appends, relay, jackpot service, client)', cost, committedAt.size, 'coup');
    if (missing > 0) throw new Error(`${missing} contributions never reached the live feed`);
    return { contributionsPerSec: capacity, meterLagP99MsAtHalfLoad: Math.round(percentile(lags, 99)) };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    sse.destroy();
    await app.close().catch(() => undefined);
    await relay.stop().catch(() => undefined);
    await db.drop();
  }
}
