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
 */
import 'reflect-metadata';
import { createTestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS } from '../apps/rapid/src/test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../apps/rapid/src/test-support/rapid-app';
import { measureBareExpress } from './bare-express';
import { LoadClient, measure } from './http-load';

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
    return { bare, live, read, wager };
  } finally {
    await client.close();
    await app.close();
    await db.drop();
  }
}
