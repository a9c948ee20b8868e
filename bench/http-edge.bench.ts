/**
 * `npm run bench -- http-edge [--requests 4000] [--concurrency 64]`
 *
 * Where an HTTP request's time goes in a service (the Rapid service as apps/platform hosts it), measured in one
 * run against the same client (a worker thread, bench/http-load.ts):
 * - bare: an Express app with one JSON route, nothing else (the floor of Node + Express);
 * - live: GET /health/live (public: the platform's middleware, guard, interceptors, no token, no database);
 * - read: an ATS's authenticated GET of its own account (a token, a route with params, one database round trip);
 * - wager: an ATS's PUT of its wagers (body, validation, audit, a group-committed transaction).
 * For each: requests per second and the server thread's CPU time per request in microseconds (the main thread's
 * own, so neither the client's work nor a busy neighbour's is counted; it is the steadier figure on a shared
 * machine). Compare the figures of one run.
 *
 * Then the HTTP adapter, Express against Fastify (@nestjs/platform-fastify) in the same run: the Rapid service's
 * app built on each adapter exactly as its main builds it (configureServiceApp: the platform's whole edge and
 * chain), serving the same live, read and wager requests. Each adapter is measured twice, interleaved (express,
 * fastify, express, fastify), and the better of its two runs counts per route, so a neighbour's burst does not
 * decide the comparison. `adapters.routes` gives per route each adapter's rate and CPU µs per request and the
 * ratios; a route that does not answer 2xx on an adapter is reported with its answer instead of a rate.
 *
 * With BENCH_PROFILE_DIR set, the wager route is then profiled once more on each adapter (not counted in the
 * rates): a .cpuprofile per adapter in that directory, and `adapters.wagerProfile`, the CPU µs per request by
 * layer of the chain (validation, interceptors, logging, auth, rate limiting, guard, edge, framework, database,
 * service) with each layer's top functions by self time. A summary of the figures is printed to stderr.
 */
import 'reflect-metadata';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DatabaseModule } from '@app/database';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase } from '@app/testing';
import { RapidModule } from '../apps/rapid/src/rapid.module';
import { TEST_SECRET } from '../apps/rapid/src/test-support/rapid-app';
import { LIMITS, OFFERED_BETS } from '../apps/rapid/src/test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../apps/rapid/src/test-support/rapid-app';
import { measureBareExpress } from './bare-express';
import { ratio } from './capacity';
import { byLayer, profiled, saveProfile } from './cpu-profile';
import { LoadClient, measure, type Figures, type LoadRequest } from './http-load';

/** The Rapid service's Nest app on one adapter, configured as its main configures it. */
const startOn = async (adapter: 'express' | 'fastify', url: string): Promise<INestApplication> => {
  @Module({ imports: [DatabaseModule.forRoot({ url, poolSize: 20 }), PlatformKitModule.forRoot({ serviceName: 'rapid', authSecret: TEST_SECRET }), RapidModule.forRoot({ brokers: [] })] })
  class AdapterBenchRoot {}
  const moduleRef = await Test.createTestingModule({ imports: [AdapterBenchRoot] }).compile();
  const app = configureServiceApp(adapter === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false }) : moduleRef.createNestApplication({ logger: false }));
  await app.init();
  await app.listen(0, '127.0.0.1');
  return app;
};

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

export async function run(args: string[]): Promise<object> {
  const count = arg(args, 'requests', 4000);
  const concurrency = arg(args, 'concurrency', 64);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'fatal';


  const db = await createTestDatabase('http_edge_bench', 4);
  const app = await startRapidApp({ url: db.url, poolSize: 20 });
  await app.listen(0, '127.0.0.1');
  const client = new LoadClient((await app.getUrl()).replace('[::1]', '127.0.0.1'));
  try {
    const tableId = 'HE1';
    const stations = Array.from({ length: 50 }, (_, i) => `${tableId}-ATS${String(i + 1).padStart(2, '0')}`);
    const [opened] = await client.run(
      [{ method: 'POST', path: '/rapid/tables', auth: bearer(['area-manager']), body: { tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 600, stations: stations.map((atsId) => ({ atsId, remote: false, printer: false })) } }],
      1,
    );
    if (opened.status !== 201) throw new Error(`open: ${opened.status} ${JSON.stringify(opened.body)}`);
    const dealer = bearer(['dealer'], 'bench-dealer');
    const buyIns = await client.run(
      stations.map((atsId) => ({ method: 'POST', path: `/rapid/tables/${tableId}/ats/${atsId}/buy-in`, auth: dealer, body: { tender: 'cash', amountCents: 100_000_000 } })),
      4,
    );
    const accounts = buyIns.map((r, i) => ({ atsId: stations[i], accountId: (r.body.account as { accountId: string }).accountId }));
    const [round] = await client.run([{ method: 'POST', path: `/rapid/tables/${tableId}/rounds`, auth: dealer, body: { roundId: 'R1' } }], 1);
    if (round.status !== 201) throw new Error(`round: ${round.status} ${JSON.stringify(round.body)}`);

    const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
    const bare = await measureBareExpress(count, concurrency);
    const live = await measure(client, times(count, () => ({ method: 'GET', path: '/health/live' })), concurrency);
    const read = await measure(
      client,
      times(count, (i) => ({ method: 'GET', path: `/rapid/accounts/${accounts[i % 50].accountId}`, auth: atsBearer(accounts[i % 50].atsId) })),
      concurrency,
    );
    const tokens = accounts.map((a) => atsBearer(a.atsId));
    const wager = await measure(
      client,
      times(Math.min(count, 2000), (i) => ({ method: 'PUT', path: `/rapid/accounts/${accounts[i % 50].accountId}/wagers`, auth: tokens[i % 50], body: { wagers: [{ bet: 'banker', amountCents: 2_500 + 500 * (i % 3) }] } })),
      Math.min(concurrency, 50),
    );
    const wagers = (n: number, from: number) =>
      times(n, (i) => ({ method: 'PUT', path: `/rapid/accounts/${accounts[i % 50].accountId}/wagers`, auth: tokens[i % 50], body: { wagers: [{ bet: 'banker', amountCents: 2_500 + 500 * ((i + from) % 3) }] } }));
    const adapters = await compareAdapters(db.url, [
      { name: 'live', requests: times(count, () => ({ method: 'GET', path: '/health/live' })), concurrency },
      { name: 'read', requests: times(count, (i) => ({ method: 'GET', path: `/rapid/accounts/${accounts[i % 50].accountId}`, auth: tokens[i % 50] })), concurrency },
      { name: 'wager', requests: wagers(Math.min(count, 2000), 1), concurrency: Math.min(concurrency, 50) },
    ], bare);
    const summary = { wagerPerBare: ratio(wager.perSec, bare.perSec), readPerBare: ratio(read.perSec, bare.perSec), livePerBare: ratio(live.perSec, bare.perSec) };
    printSummary(bare, summary, adapters);
    return { bare, live, read, wager, ...summary, adapters };
  } finally {
    await client.close();
    await app.close();
    await db.drop();
  }
}

type Adapter = 'express' | 'fastify';
type Answer = Figures | { readonly unavailable: string };
interface Route {
  readonly name: string;
  readonly requests: LoadRequest[];
  readonly concurrency: number;
}
interface RouteComparison {
  readonly express: Answer;
  readonly fastify: Answer;
  /** Fastify's rate over Express's (above 1: Fastify serves more). */
  readonly fastifyPerExpress: number | null;
  /** Fastify's CPU µs per request over Express's (below 1: Fastify spends less). */
  readonly cpuFastifyPerExpress: number | null;
  /** Each adapter's rate as a share of the bare Express route's in this run. */
  readonly perBare: Record<Adapter, number | null>;
}
interface AdapterComparison {
  readonly routes: Record<string, RouteComparison>;
  readonly wagerProfile?: Record<Adapter, { readonly profile: string; readonly requests: number; readonly cpuUsPerRequest: number } & ReturnType<typeof byLayer>>;
}

const ADAPTERS: readonly Adapter[] = ['express', 'fastify'];
const rateOf = (a: Answer | undefined): number | undefined => (a && 'perSec' in a ? a.perSec : undefined);
const cpuOf = (a: Answer | undefined): number | undefined => (a && 'cpuUsPerRequest' in a ? a.cpuUsPerRequest : undefined);
const ratioOf = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? ratio(a, b) : null);

/** Each route on Express then Fastify, twice over, interleaved; the better run of each counts. Then, when asked, the wager route profiled. */
async function compareAdapters(url: string, routes: readonly Route[], bare: Figures): Promise<AdapterComparison> {
  const best: Record<Adapter, Record<string, Answer>> = { express: {}, fastify: {} };
  const onAdapter = async <T>(adapter: Adapter, work: (client: LoadClient) => Promise<T>): Promise<T> => {
    const app = await startOn(adapter, url);
    const client = new LoadClient((await app.getUrl()).replace('[::1]', '127.0.0.1'));
    try {
      return await work(client);
    } finally {
      await client.close();
      await app.close();
    }
  };
  for (let round = 0; round < 2; round++) {
    for (const adapter of ADAPTERS) {
      await onAdapter(adapter, async (client) => {
        for (const { name, requests, concurrency } of routes) {
          const [probe] = await client.run(requests.slice(0, 1), 1);
          if (probe.status >= 300) {
            best[adapter][name] = { unavailable: `${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}` };
            continue;
          }
          const f = await measure(client, requests, concurrency);
          if (f.perSec > (rateOf(best[adapter][name]) ?? -1)) best[adapter][name] = f;
        }
      });
    }
  }
  const compared = Object.fromEntries(
    routes.map(({ name }): [string, RouteComparison] => {
      const [e, f] = [best.express[name], best.fastify[name]];
      return [
        name,
        {
          express: e,
          fastify: f,
          fastifyPerExpress: ratioOf(rateOf(f), rateOf(e)),
          cpuFastifyPerExpress: ratioOf(cpuOf(f), cpuOf(e)),
          perBare: { express: ratioOf(rateOf(e), bare.perSec), fastify: ratioOf(rateOf(f), bare.perSec) },
        },
      ];
    }),
  );
  const dir = process.env.BENCH_PROFILE_DIR;
  const wager = routes.find((r) => r.name === 'wager');
  if (!dir || !wager) return { routes: compared };
  const wagerProfile = {} as NonNullable<AdapterComparison['wagerProfile']>;
  for (const adapter of ADAPTERS) {
    wagerProfile[adapter] = await onAdapter(adapter, async (client) => {
      await client.run(wager.requests.slice(0, 500), wager.concurrency); // warm, as measure does
      const { profile } = await profiled(() => client.run(wager.requests, wager.concurrency));
      const cpu = cpuOf(compared.wager[adapter]) ?? 0;
      return { profile: await saveProfile(dir, `http-edge-wager-${adapter}`, profile), requests: wager.requests.length, cpuUsPerRequest: cpu, ...byLayer(profile, cpu) };
    });
  }
  return { routes: compared, wagerProfile };
}

/** The figures a reader compares, on stderr (stdout is the one JSON object). */
const printSummary = (bare: Figures, ratios: Record<string, number | null>, adapters: AdapterComparison): void => {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const show = (a: Answer | undefined) => (a === undefined ? '-' : 'unavailable' in a ? a.unavailable : `${a.perSec}/s ${a.cpuUsPerRequest} µs CPU`);
  say(`bare Express ${bare.perSec}/s ${bare.cpuUsPerRequest} µs CPU; platform (Express) per bare: ${JSON.stringify(ratios)}`);
  for (const [name, r] of Object.entries(adapters.routes)) {
    say(`${name.padEnd(6)} express ${show(r.express)} | fastify ${show(r.fastify)} | rate fastify/express ${r.fastifyPerExpress} | CPU fastify/express ${r.cpuFastifyPerExpress} | per bare ${JSON.stringify(r.perBare)}`);
  }
  for (const [adapter, p] of Object.entries(adapters.wagerProfile ?? {})) {
    say(`wager on ${adapter}: its ${p.cpuUsPerRequest} µs CPU per request by layer, by the profile's shares (${p.profile}):`);
    for (const [layer, us] of Object.entries(p.usPerRequest)) say(`  ${String(us).padStart(6)} µs ${String(p.percent[layer]).padStart(5)}%  ${layer}: ${p.top[layer].join('; ')}`);
  }
};
