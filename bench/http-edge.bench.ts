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
 * Nest app built once on each adapter with the same route chain (the platform kit's global guards, validation
 * pipe, interceptors and error filter, its correlation and metrics middleware), without the platform's Express-only
 * edge (configureEdge: Express body parsers and Express middleware) on either, so the adapter is the only
 * difference. Each is measured twice, interleaved (express, fastify, express, fastify), and the better of its two
 * runs counts, so a neighbour's burst does not decide the comparison. `adapters.fastifyPerExpress` is the ratio per
 * route. A route that does not answer 2xx on an adapter is reported with its answer instead of a rate.
 */
import 'reflect-metadata';
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DatabaseModule } from '@app/database';
import { PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase } from '@app/testing';
import { RapidModule } from '../apps/rapid/src/rapid.module';
import { TEST_SECRET } from '../apps/rapid/src/test-support/rapid-app';
import { LIMITS, OFFERED_BETS } from '../apps/rapid/src/test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../apps/rapid/src/test-support/rapid-app';
import { measureBareExpress } from './bare-express';
import { ratio } from './capacity';
import { LoadClient, measure, type Figures, type LoadRequest } from './http-load';

/** The Rapid service's Nest app on one adapter: its module and the platform kit's chain, no Express-only edge. */
const startOn = async (adapter: 'express' | 'fastify', url: string): Promise<INestApplication> => {
  @Module({ imports: [DatabaseModule.forRoot({ url, poolSize: 20 }), PlatformKitModule.forRoot({ serviceName: 'rapid', authSecret: TEST_SECRET }), RapidModule.forRoot({ brokers: [] })] })
  class AdapterBenchRoot {}
  const moduleRef = await Test.createTestingModule({ imports: [AdapterBenchRoot] }).compile();
  const app = adapter === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false }) : moduleRef.createNestApplication({ logger: false });
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
    const adapters = await compareAdapters(db.url, [
      { name: 'live', requests: times(count, () => ({ method: 'GET', path: '/health/live' })) },
      { name: 'read', requests: times(count, (i) => ({ method: 'GET', path: `/rapid/accounts/${accounts[i % 50].accountId}`, auth: tokens[i % 50] })) },
    ], concurrency);
    return { bare, live, read, wager, adapters };
  } finally {
    await client.close();
    await app.close();
    await db.drop();
  }
}

type AdapterFigures = Record<string, Figures | { readonly unavailable: string }>;

/** Each route on Express then Fastify, twice over, interleaved; the better run of each counts. */
async function compareAdapters(url: string, routes: readonly { name: string; requests: LoadRequest[] }[], concurrency: number): Promise<object> {
  const best: Record<'express' | 'fastify', AdapterFigures> = { express: {}, fastify: {} };
  for (let round = 0; round < 2; round++) {
    for (const adapter of ['express', 'fastify'] as const) {
      const app = await startOn(adapter, url);
      const client = new LoadClient((await app.getUrl()).replace('[::1]', '127.0.0.1'));
      try {
        for (const { name, requests } of routes) {
          const [probe] = await client.run(requests.slice(0, 1), 1);
          if (probe.status >= 300) {
            best[adapter][name] = { unavailable: `${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}` };
            continue;
          }
          const f = await measure(client, requests, concurrency);
          const was = best[adapter][name];
          if (!was || !('perSec' in was) || f.perSec > was.perSec) best[adapter][name] = f;
        }
      } finally {
        await client.close();
        await app.close();
      }
    }
  }
  const fastifyPerExpress = Object.fromEntries(
    routes.map(({ name }) => {
      const e = best.express[name];
      const f = best.fastify[name];
      return [name, e && f && 'perSec' in e && 'perSec' in f ? ratio(f.perSec, e.perSec) : null];
    }),
  );
  return { ...best, fastifyPerExpress };
}
