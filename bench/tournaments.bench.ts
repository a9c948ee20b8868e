/**
 * `npm run bench -- tournaments [--tables 20] [--seconds 15] [--trial-seconds 4] [--start 10] [--max 640] [--rate N] [--embedded] [--in-process]`
 *
 * A settled coup at a tournament table → the standings feed, through the real Kafka: the tables service and the
 * tournaments service each in its own process (bench/tournament-tables-server.ts, bench/tournaments-server.ts; with
 * `--in-process` the tournaments service runs in this one, beside the client); 20 tables opened in tournament mode, six
 * players each, the tables dealing coups at an offered rate spread evenly over them (each player wagering, so none
 * is disqualified, Star 2024 15.6.4). The tables service settles the coup (the cards-batch response), its outbox
 * relay publishes it to Kafka, the tournaments consumer scores it, and the standings feed pushes it over SSE,
 * where this benchmark reads it. Lag = SSE receipt − the settling response, per coup.
 *
 * In one run (bench/capacity.ts): the capacity (standingsCoupsPerSec) is the highest offered coup rate sustained in
 * `--trial-seconds` trials (a ramp doubling from `--start`, then two bisections); a trial is sustained when the
 * tables dealt every coup on schedule (the last within 10% of the trial's length plus one coup interval) and every
 * one was on the standings feed within 10% of the trial's length plus one second after the offer ended.
 * standingsLagP99MsAtHalfLoad is the p99 lag of a `--seconds` run offered at half the capacity (`--rate N` offers
 * N coups a second instead and skips the search). Aim: ≤ 250 ms.
 * `--embedded`: no Kafka, the tournaments consumer reads the tables store (the `npm start` default without KAFKA_BROKERS).
 * Also prints the lag hop by hop (bench/tournament-lag-probe.ts), each process's event-loop delay, and each service
 * process's CPU time and database round trips per coup at half load (bench/server-probe.ts); with BENCH_PROFILE_DIR,
 * each one's CPU profile of the half-load run, saved there and summed by layer (bench/cpu-profile.ts).
 */
import 'reflect-metadata';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DECK, playCoup, type Card } from '@app/baccarat';
import { DatabaseModule } from '@app/database';
import { createKafka, ensureTopic, kafkaBrokersFromEnv } from '@app/messaging';
import { configureServiceApp, issueToken, PlatformKitModule, type Role } from '@app/platform-kit';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase } from '@app/testing';
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { tablesSource } from '../apps/tables/src/integration/tables.source';
import { TEST_AUTH_SECRET } from '../apps/tables/src/test-support/tables-test-app';
import { completeTerms, tournamentTableRequests } from '../apps/tournaments/src/tournament/tournament-fixtures';
import { TournamentsModule } from '../apps/tournaments/src/tournaments.module';
import { findCapacity, type Trial } from './capacity';
import { printCost, type ProbeReport } from './server-probe';
import { EventLoopDelays, hopReport, LagMarks, probeTournaments, wallNow, type Marks } from './tournament-lag-probe';

const SECRET = TEST_AUTH_SECRET;
const tokens = new Map<Role, string>();
/** One token per role: signing one per request would cost the client more CPU than the services it measures. */
const as = (role: Role): string => {
  let t = tokens.get(role);
  if (!t) tokens.set(role, (t = `Bearer ${issueToken({ sub: `${role}-1`, name: role, roles: [role], casinos: ['star-sydney'] }, SECRET, 3600)}`));
  return t;
};
const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const cardText = (c: Card) => `${c.rank}${c.suit}`;

/** A shuffled eight-deck shoe, dealt coup by coup by the Table of Play. */
const shoe = (): Card[] => {
  const cards = Array.from({ length: 8 }, () => DECK).flat();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
};

export async function run(args: string[]): Promise<object> {
  const tableCount = arg(args, 'tables', 20);
  const seconds = arg(args, 'seconds', 15);
  const trialSeconds = arg(args, 'trial-seconds', 4);
  const fixedRate = arg(args, 'rate', 0);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'fatal';
  const embedded = args.includes('--embedded');
  const brokers = embedded ? [] : (kafkaBrokersFromEnv() ?? ['127.0.0.1:19092']);
  const suffix = randomUUID().slice(0, 8);
  const topics = { tables: `bench.${suffix}.tables.events`, tournaments: `bench.${suffix}.tournaments.events` };
  const db = await createTestDatabase('tour_bench', 30);
  const marks = new LagMarks();
  const clientLoop = new EventLoopDelays();
  // The tables service in a process of its own; the tournaments service too, unless `--in-process` (as before
  // the lag work: it then shares this process with the benchmark's client and queues behind its work).
  const inProcess = args.includes('--in-process');
  const servers: { name: string; child: ChildProcess }[] = [];
  const serve = async (name: string, file: string, job: object): Promise<number> => {
    const child = fork(join(__dirname, file), [], { execArgv: ['--max-semi-space-size=128', '-r', '@swc-node/register'] });
    servers.push({ name, child });
    // A failed start-up never reaches the `finally` below: the children must not outlive this process.
    if (servers.length === 1) process.once('exit', () => servers.forEach((s) => s.child.kill()));
    child.send(job);
    return new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`the ${name} service exited with ${code}`)));
    });
  };
  const tablesPort = await serve('tables', 'tournament-tables-server.ts', { databaseUrl: db.url, brokers, topic: topics.tables, tournamentsTopic: topics.tournaments });
  const tournamentsJob = { databaseUrl: db.url, brokers, tablesTopic: topics.tables, topic: topics.tournaments, consumerName: `tournaments.bench.${suffix}`, authSecret: SECRET };
  let app: INestApplication | undefined;
  let port: number;
  if (inProcess) {
    probeTournaments(marks);
    @Module({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 30 }),
        PlatformKitModule.forRoot({ serviceName: 'platform', authSecret: SECRET }),
        TournamentsModule.forRoot({ brokers, topic: topics.tournaments, tablesSource: (pool) => tablesSource(pool, topics.tables), consumerName: tournamentsJob.consumerName }),
      ],
    })
    class BenchRoot {}
    const moduleRef = await Test.createTestingModule({ imports: [BenchRoot] }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
  } else {
    port = await serve('tournaments', 'tournaments-server.ts', tournamentsJob);
  }
  const api = () => request(`http://127.0.0.1:${port}`);
  // Keep-alive connections (fetch), as a dealer console holds its connection open.
  const post = async (path: string, role: Role, body: object = {}) => {
    const base = path.startsWith('/tables') ? tablesPort : port;
    const res = await fetch(`http://127.0.0.1:${base}${path}`, {
      method: 'POST',
      headers: { Authorization: as(role), 'Idempotency-Key': randomUUID(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const tables = Array.from({ length: tableCount }, (_, i) => `BT${i + 1}`);
  const players = tableCount * 6;
  let sse: http.ClientRequest | undefined;
  const stops: (() => Promise<void>)[] = [];
  try {
    await post('/tournaments', 'tournament-director', {
      tournamentId: 'bench',
      name: 'Benchmark Cup',
      operator: 'the-star-sydney',
      terms: completeTerms({ players: { minimum: 6, maximum: players }, passCards: null, undisclosedWagers: null }),
    });
    for (let n = 1; n <= players; n++) await post('/tournaments/bench/entries', 'tournament-director', { entryId: `e${n}`, patronId: `P${n}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post('/tournaments/bench/entries/close', 'tournament-director');
    await post('/tournaments/bench/tables', 'tournament-director', { tableIds: tables });
    const shoes = new Map<string, { cards: Card[]; at: number }>();
    for (const tableId of tables) {
      // Each box seats the player the heat seats there (Star 2024 15.5.2): entry e(6t+box), patron P(6t+box).
      const first = tables.indexOf(tableId) * 6;
      for (const r of tournamentTableRequests(tableId, 'bench', `${tableId}-shoe`, 'b'.repeat(64), (box) => `P${first + box}`)) await post(r.path, r.role, r.body);
      shoes.set(tableId, { cards: shoe(), at: 0 });
    }
    for (const deadline = Date.now() + 120_000; ; await sleep(100)) {
      const res = await api().get('/tournaments/bench').set('Authorization', as('tournament-director'));
      if (res.body.readyTables?.length === tableCount) break;
      if (Date.now() > deadline) throw new Error('The tables never reached the tournament: is Kafka up (deploy/kafka/start.sh)?');
    }
    await post('/tournaments/bench/sessions', 'tournament-director', {
      sessionId: 'heat',
      kind: 'heat',
      seating: Array.from({ length: players }, (_, i) => ({ entryId: `e${i + 1}`, tableId: tables[Math.floor(i / 6)], box: (i % 6) + 1 })),
    });

    // The standings feed, read as the board on the floor reads it.
    const seenAt = new Map<string, number>();
    sse = http.get({ host: '127.0.0.1', port, path: '/tournaments/bench/standings/stream', headers: { Authorization: as('gaming-supervisor') } });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => sse!.on('response', resolve).on('error', reject));
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
        for (const coupId of (JSON.parse(data.slice(6)) as { scoredCoups: string[] }).scoredCoups) {
          if (!seenAt.has(coupId)) seenAt.set(coupId, now);
          marks.mark('seen', coupId);
        }
      }
    });

    // A probe on the tables topic, to tell the relay's and Kafka's share of the lag from the consumer's.
    const onKafkaWall = new Map<string, number>();
    if (!embedded) {
      const kafka = createKafka({ brokers, clientId: `tour-bench-${suffix}` });
      const probe = kafka.consumer({ groupId: `tour-bench-probe-${suffix}`, maxWaitTimeInMs: 20 });
      await probe.connect();
      await ensureTopic(kafka, topics.tables);
      await probe.subscribe({ topic: topics.tables, fromBeginning: false });
      await probe.run({
        eachMessage: async ({ message }) => {
          const e = JSON.parse(message.value!.toString()) as { type: string; data: { coupId?: string } };
          if (e.type === 'WagersSettled' && e.data.coupId) onKafkaWall.set(e.data.coupId, Date.now());
        },
      });
      stops.push(() => probe.disconnect());
    }

    // Each table deals its coups `tables / rate` seconds apart; each of its six players wagers the minimum.
    const settledAt = new Map<string, number>();
    const settledWall = new Map<string, number>();
    let n = 0;
    // Coups dealt at each table: the order-of-wagering marker moves one box a coup (Star 15.9.2-15.9.3).
    const dealt = new Map<string, number>();
    /** Plays a coup; `into` gets its settling time; `measured` coups are the ones the lag figures and hop report cover. */
    const playTable = async (tableId: string, into?: Map<string, number>, measured = false) => {
      const s = shoes.get(tableId)!;
      // The capacity search deals more coups than a shoe holds: the benchmark's dealer goes on with fresh cards (the
      // service keeps no count of a shoe's cards; the shoe's commitment is a placeholder here anyway).
      if (s.cards.length - s.at < 12) Object.assign(s, { cards: shoe(), at: 0 });
      const coupId = `${tableId}-c${++n}`;
      const k = dealt.get(tableId) ?? 0;
      dealt.set(tableId, k + 1);
      const inOrder = [1, 2, 3, 4, 5, 6].map((_, i) => ((i + k) % 6) + 1);
      const outcome = playCoup(s.cards.slice(s.at));
      const cards = s.cards.slice(s.at, s.at + outcome.cardsUsed).map(cardText);
      s.at += outcome.cardsUsed;
      await post(`/tables/${tableId}/coups`, 'dealer', { coupId });
      await post(`/tables/${tableId}/coups/${coupId}/wagers`, 'dealer', { wagers: inOrder.map((box) => ({ wagerId: `${coupId}-${box}`, box, bet: box % 2 ? 'player' : 'banker', amountCents: 20 })) });
      await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: cards.map((card) => ({ card })) });
      into?.set(coupId, performance.now());
      if (measured) {
        settledAt.set(coupId, performance.now());
        settledWall.set(coupId, Date.now());
        marks.mark('settled', coupId, wallNow());
      }
      return coupId;
    };
    const warm = await playTable(tables[0]);
    for (const deadline = Date.now() + 60_000; !seenAt.has(warm); await sleep(20)) {
      if (Date.now() > deadline) throw new Error('The warm-up coup never reached the standings feed.');
    }
    /** `rate` coups a second over the tables for `secs` seconds, on a schedule; waits up to `graceMs` after it for the feed. */
    const offer = async (rate: number, secs: number, graceMs: number, measured: boolean) => {
      const settled = new Map<string, number>();
      const intervalMs = (tableCount * 1000) / rate;
      const start = performance.now();
      let scheduled = 0;
      await Promise.all(
        tables.map(async (tableId, i) => {
          for (let due = start + (1000 / rate) * i; due < start + secs * 1000; due += intervalMs) {
            scheduled++;
            await sleep(due - performance.now());
            await playTable(tableId, settled, measured);
          }
        }),
      );
      const playedMs = performance.now() - start;
      for (const deadline = start + secs * 1000 + graceMs; [...settled.keys()].some((c) => !seenAt.has(c)); await sleep(20)) {
        if (performance.now() > deadline) break;
      }
      const seen = [...settled.keys()].filter((c) => seenAt.has(c));
      const lastSeen = Math.max(0, ...seen.map((c) => seenAt.get(c)!));
      return { settled, scheduled, playedMs, intervalMs, missing: settled.size - seen.length, achieved: seen.length / ((lastSeen - start) / 1000) };
    };
    const searched =
      fixedRate > 0
        ? undefined
        : await findCapacity(
            async (rate): Promise<Trial> => {
              const graceMs = trialSeconds * 100 + 1000;
              const t = await offer(rate, trialSeconds, graceMs, false);
              const onSchedule = t.playedMs <= trialSeconds * 1100 + t.intervalMs;
              // A trial that left a backlog lets it clear before the next, so trials do not add up.
              for (const deadline = Date.now() + 120_000; [...t.settled.keys()].some((c) => !seenAt.has(c)) && Date.now() < deadline; ) await sleep(20);
              return {
                offered: rate,
                achieved: t.achieved,
                sustained: onSchedule && t.missing === 0,
                note: !onSchedule ? `the tables took ${(t.playedMs / 1000).toFixed(1)} s to deal ${trialSeconds} s of coups` : t.missing ? `${t.missing} coups not on the feed ${graceMs} ms after the offer ended` : undefined,
              };
            },
            { start: arg(args, 'start', 10), max: arg(args, 'max', 640), min: 1 },
          );
    const capacity = searched?.capacity ?? fixedRate;
    if (capacity === 0) throw new Error('No offered rate was sustained, not even the lowest tried: see the trials above.');
    const rate = searched ? capacity / 2 : fixedRate;
    clientLoop.reset();
    for (const { child } of servers) child.send('measure');
    const profileDir = process.env.BENCH_PROFILE_DIR;
    await Promise.all(servers.map(({ child }) => probeStart(child, profileDir !== undefined)));
    const half = await offer(rate, seconds, 60_000, true);
    const costs = await Promise.all(servers.map(async ({ name, child }) => ({ name, report: await probeStop(child, profileDir, `tournaments-half-load-${name}`) })));
    const lags = [...settledAt].filter(([c]) => seenAt.has(c)).map(([c, t]) => Math.max(0, seenAt.get(c)! - t)).sort((a, b) => a - b);
    const missing = settledAt.size - lags.length;
    console.error(
      `capacity ${capacity} coups/s${searched?.atMax ? ' (the search maximum: at least)' : ''}; half load: ${tableCount} tournament tables, a coup each every ${Math.round(half.intervalMs)} ms for ${seconds}s: ${settledAt.size} coups settled, ${lags.length} seen on the standings feed; ` +
        `lag p50 ${percentile(lags, 50)?.toFixed(0)} ms, p99 ${percentile(lags, 99)?.toFixed(0)} ms, max ${lags[lags.length - 1]?.toFixed(0)} ms`,
    );
    // Where the time goes: settled → scored in the tournaments store (relay, Kafka, consumer), from the store's own clock.
    const { rows } = await db.pool.query<{ coup_id: string; recorded: string; settled: string }>(
      `SELECT s.data->>'coupId' AS coup_id, (extract(epoch FROM s.recorded_at) * 1000)::text AS recorded, (extract(epoch FROM t.recorded_at) * 1000)::text AS settled
         FROM tournaments.events s JOIN tables.events t ON t.type = 'WagersSettled' AND t.data->>'coupId' = s.data->>'coupId' WHERE s.type = 'TournamentCoupScored'`,
    );
    const toScored = rows.filter((r) => settledWall.has(r.coup_id)).map((r) => Number(r.recorded) - Number(r.settled)).sort((a, b) => a - b);
    console.error(`  settled (tables commit) → scored (tournaments commit): p50 ${percentile(toScored, 50)?.toFixed(0)} ms, p99 ${percentile(toScored, 99)?.toFixed(0)} ms`);
    const toKafka = [...settledWall].filter(([c]) => onKafkaWall.has(c)).map(([c, t]) => onKafkaWall.get(c)! - t).sort((a, b) => a - b);
    if (!embedded) console.error(`  settled (HTTP response) → on Kafka (relay): p50 ${percentile(toKafka, 50)} ms, p99 ${percentile(toKafka, 99)} ms`);
    for (const { name, report } of costs) await printCost(`${name} service at half load`, report, half.settled.size, 'coup');
    for (const { name, child } of servers) {
      child.send('marks');
      const report = await new Promise<{ marks: Marks; eventLoop: string }>((resolve) => child.once('message', (m) => resolve(m as { marks: Marks; eventLoop: string })));
      marks.merge(report.marks);
      console.error(`  ${name} service: ${report.eventLoop}`);
    }
    console.error(`  benchmark client${inProcess ? ' (and the tournaments service)' : ''}: ${clientLoop.summary()}`);
    for (const line of hopReport(marks.marks, [...settledAt.keys()])) console.error(line);
    if (missing > 0) throw new Error(`${missing} settled coups never reached the standings feed`);
    return { standingsCoupsPerSec: capacity, standingsLagP99MsAtHalfLoad: Math.round(percentile(lags, 99)) };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    sse?.destroy();
    await app?.close().catch(() => undefined);
    for (const { child } of servers) {
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    }
    await db.drop();
  }
}

const probeStart = (child: ChildProcess, profile: boolean): Promise<void> =>
  new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as { probe?: unknown }).probe !== 'started') return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ probe: 'start', profile });
  });

const probeStop = (child: ChildProcess, dir: string | undefined, name: string): Promise<ProbeReport> =>
  new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      const report = (m as { probe?: unknown }).probe;
      if (typeof report !== 'object') return;
      child.off('message', onMessage);
      resolve(report as ProbeReport);
    };
    child.on('message', onMessage);
    child.send({ probe: 'stop', dir, name });
  });
