/**
 * `npm run bench -- rapid [--tables 10] [--ats 50] [--rounds 6] [--concurrency 64]`
 *
 * Rapid Baccarat through the real HTTP API and PostgreSQL (the service as apps/platform hosts it): `tables`
 * tables of `ats` ATS each. Every round the dealer of each table starts the wagering period; every ATS on every
 * table then sends its layout (one PUT of 1-3 wagers, Rapid 4.2) concurrently; then each dealer draws and enters
 * the outcome, which settles every ATS account of the table in one transaction (4.8).
 * - atsWagersPerSec: ATS wager requests accepted per second of the wagering phases (all tables at once);
 * - settlementMsP99: p99 of the outcome request that settles a whole table's ATS (HTTP round trip);
 * - on stderr, baselineReadsPerSec (an ATS reading its balance, same concurrency, same run) and the ratio of
 *   wagers to it, to compare runs taken under different loads on a shared machine; and serverCpuUsPerWager, the
 *   server thread's own CPU time per wager request (the steadiest figure when neighbours load the machine) and per
 *   table's draw and settlement.
 * The ATS and SGC requests come from a worker thread (bench/http-load.ts), as real ATS are other machines: the
 * service's event loop serves, it does not also make the requests. (Until that change the client shared the
 * event loop; the baseline moved with it, so wagersPerBaselineRead stays comparable across the change.)
 * Targets: 2,000 ATS wagers/s, settlement within 250 ms at p99.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../apps/rapid/src/test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../apps/rapid/src/test-support/rapid-app';
import { LoadClient } from './http-load';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const LAYOUTS = [
  [{ bet: 'banker', amountCents: 2_500 }],
  [{ bet: 'player', amountCents: 1_000 }, { bet: 'pairs', side: 'player', amountCents: 500 }],
  [{ bet: 'banker', amountCents: 5_000 }, { bet: 'tie', amountCents: 500 }, { bet: 'super-6', amountCents: 500 }],
  [{ bet: 'player', amountCents: 3_000 }],
];

export async function run(args: string[]): Promise<object> {
  const tableCount = arg(args, 'tables', 10);
  const atsPerTable = arg(args, 'ats', 50);
  const rounds = arg(args, 'rounds', 6);
  const concurrency = arg(args, 'concurrency', 64);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'fatal';
  const db = await createTestDatabase('rapid_bench', 4);
  const app = await startRapidApp({ url: db.url, poolSize: 40 });
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  // The client runs in a worker thread (bench/http-load.ts): the ATS and the SGC are other machines, so the
  // server's event loop should not also be making the requests. The baseline below runs on the same client.
  const client = new LoadClient(base);
  const call = async (method: string, path: string, auth: string, body?: unknown) => (await client.run([{ method, path, auth, body }], 1))[0];
  const dealer = bearer(['dealer'], 'bench-dealer');
  try {
    const tables = Array.from({ length: tableCount }, (_, t) => `BT${t + 1}`);
    const stations = new Map<string, string[]>();
    for (const tableId of tables) {
      const ids = Array.from({ length: atsPerTable }, (_, i) => `${tableId}-ATS${String(i + 1).padStart(2, '0')}`);
      stations.set(tableId, ids);
      const opened = await call('POST', '/rapid/tables', bearer(['area-manager']), { tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 600, stations: ids.map((atsId) => ({ atsId, remote: false, printer: false })) });
      if (opened.status !== 201) throw new Error(`open ${tableId}: ${opened.status} ${JSON.stringify(opened.body)}`);
    }
    const accounts: { tableId: string; atsId: string; accountId: string; token: string }[] = [];
    const places = tables.flatMap((tableId) => stations.get(tableId)!.map((atsId) => ({ tableId, atsId })));
    const buyIns = await client.run(
      places.map(({ tableId, atsId }) => ({ method: 'POST', path: `/rapid/tables/${tableId}/ats/${atsId}/buy-in`, auth: dealer, body: { tender: 'cash', amountCents: 10_000_000 } })),
      8,
    );
    buyIns.forEach((r, i) => {
      if (r.status !== 201) throw new Error(`buy-in ${places[i].atsId}: ${r.status} ${JSON.stringify(r.body)}`);
      accounts.push({ ...places[i], accountId: (r.body.account as { accountId: string }).accountId, token: atsBearer(places[i].atsId) });
    });

    // Same-run baseline on a shared, noisy machine: the rate of the cheapest authenticated request (an ATS reading
    // its balance) at the same concurrency. wagersPerBaselineRead compares runs taken under different loads.
    const readStarted = performance.now();
    await client.run(
      [...accounts, ...accounts].map((a) => ({ method: 'GET', path: `/rapid/accounts/${a.accountId}`, auth: a.token })),
      concurrency,
    );
    const baselineReadsPerSec = Math.round((2 * accounts.length) / ((performance.now() - readStarted) / 1000));

    let accepted = 0;
    let wageringMs = 0;
    let wageringCpuUs = 0;
    let settlementCpuUs = 0;
    const settlementMs: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const roundId = `R${round}`;
      const periods = await client.run(tables.map((tableId) => ({ method: 'POST', path: `/rapid/tables/${tableId}/rounds`, auth: dealer, body: { roundId } })), tables.length);
      const notStarted = periods.find((r) => r.status !== 201);
      if (notStarted) throw new Error(`start ${roundId}: ${notStarted.status} ${JSON.stringify(notStarted.body)}`);
      const started = performance.now();
      const cpu = process.threadCpuUsage();
      const results = await client.run(
        accounts.map((a, i) => ({ method: 'PUT', path: `/rapid/accounts/${a.accountId}/wagers`, auth: a.token, body: { wagers: LAYOUTS[(i + round) % LAYOUTS.length] } })),
        concurrency,
      );
      wageringMs += performance.now() - started;
      const used = process.threadCpuUsage(cpu);
      wageringCpuUs += used.user + used.system;
      accepted += results.filter((r) => r.status === 200).length;
      const failed = results.find((r) => r.status !== 200);
      if (failed) throw new Error(`wager refused: ${failed.status} ${JSON.stringify(failed.body)}`);
      // Every table draws then enters its outcome at once; the outcome request is timed in the client.
      const settlingCpu = process.threadCpuUsage();
      const settled = await client.runChains(
        tables.map((tableId, t) => [
          { method: 'POST', path: `/rapid/tables/${tableId}/rounds/${roundId}/draw`, auth: dealer },
          { method: 'POST', path: `/rapid/tables/${tableId}/rounds/${roundId}/outcome`, auth: dealer, body: (round + t) % 2 ? OUTCOMES.bankerWins : OUTCOMES.playerWins },
        ]),
        tables.length,
      );
      const settlingUsed = process.threadCpuUsage(settlingCpu);
      settlementCpuUs += settlingUsed.user + settlingUsed.system;
      settled.forEach(([drawn, r], t) => {
        if (drawn.status !== 200 && drawn.status !== 201) throw new Error(`draw ${tables[t]}: ${drawn.status} ${JSON.stringify(drawn.body)}`);
        if (r.status !== 200) throw new Error(`settle ${tables[t]}: ${r.status} ${JSON.stringify(r.body)}`);
        settlementMs.push(r.ms);
      });
    }
    settlementMs.sort((a, b) => a - b);
    const result = { atsWagersPerSec: Math.round(accepted / (wageringMs / 1000)), settlementMsP99: Math.round(percentile(settlementMs, 99)) };
    // The details go to stderr: the last line of stdout is exactly the two figures.
    console.error(
      JSON.stringify({
        tables: tableCount,
        atsPerTable,
        rounds,
        wagerRequests: accepted,
        settlements: settlementMs.length,
        settlementMsP50: Math.round(percentile(settlementMs, 50)),
        baselineReadsPerSec,
        serverCpuUsPerWager: Math.round(wageringCpuUs / accepted),
        serverCpuMsPerTableDrawAndSettle: Math.round(settlementCpuUs / settlementMs.length / 100) / 10,
        wagersPerBaselineRead: Math.round((result.atsWagersPerSec / baselineReadsPerSec) * 100) / 100,
      }),
    );
    return result;
  } finally {
    await client.close();
    await app.close();
    await db.drop();
  }
}
