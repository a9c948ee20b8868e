/**
 * `npm run bench -- rapid [--tables 10] [--ats 50] [--rounds 6] [--concurrency 64] [--instances 1]`
 *
 * Rapid Baccarat through the real HTTP API and PostgreSQL, the service in a process of its own as deployed
 * (bench/rapid-server.ts, audit trail in PostgreSQL). `--instances 2` runs it as deploy/docker-compose.yml does,
 * two processes both answering HTTP, a table's ATS and SGC sent to one of them as a load balancer hashing on the
 * table would (on a 2-core machine they then share its cores with each other, PostgreSQL and the client).
 * `tables` tables of `ats` ATS each. Every round the dealer of each table starts the wagering period; every ATS on
 * every table then sends its layout (one PUT of 1-3 wagers, Rapid 4.2) concurrently; then each dealer draws and
 * enters the outcome, which settles every ATS account of the table in one transaction (4.8).
 * - atsWagersPerSec: ATS wager requests accepted per second of the wagering phases (all tables at once): every
 *   ATS's request is in flight at `--concurrency`, a closed loop that keeps the service busy, so this is its
 *   wager capacity;
 * - bareExpressPerSec: the floor of this machine in the same run, an empty Express route (bench/bare-express.ts)
 *   from the same kind of client at the same concurrency, measured just before and just after the rounds (their
 *   mean, so a neighbour's load that comes and goes weighs on both figures alike);
 * - wagersPerBareRequest: atsWagersPerSec / bareExpressPerSec, the share of the machine's floor a wager reaches,
 *   the figure to compare across machines (aim: ≥ 0.5);
 * - settlementMsP99: p99 of the outcome request that settles a whole table's ATS (HTTP round trip), with every
 *   table settling at once;
 * - on stderr, baselineReadsPerSec (an ATS reading its balance, same concurrency, same run) and the ratio of
 *   wagers to it; and serverCpuUsPerWager, the service processes' CPU time per wager request (the steadiest
 *   figure when neighbours load the machine) and per table's draw and settlement.
 * The ATS and SGC requests come from a worker thread of this process (bench/http-load.ts).
 * Targets: wagersPerBareRequest ≥ 0.5, settlement within 250 ms at p99.
 */
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../apps/rapid/src/test-support/rapid-fixtures';
import { atsBearer, bearer } from '../apps/rapid/src/test-support/rapid-app';
import { measureBareExpress } from './bare-express';
import { ratio } from './capacity';
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

/** One service instance in its own process; `cpu()` is its CPU time so far in microseconds. */
interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
  cpu(): Promise<number>;
}

const startInstance = (databaseUrl: string, poolSize: number): Promise<Instance> => {
  const child = fork(join(__dirname, 'rapid-server.ts'), [], { execArgv: ['--max-semi-space-size=128', '-r', '@swc-node/register'] });
  // A failed start-up never reaches the caller's `finally`: the child must not outlive this process.
  process.once('exit', () => child.kill());
  child.send({ databaseUrl, poolSize });
  return new Promise<Instance>((resolve, reject) => {
    child.once('message', (m) => {
      const url = `http://127.0.0.1:${(m as { port: number }).port}`;
      const cpu = () =>
        new Promise<number>((answered) => {
          const onMessage = (r: unknown) => {
            const used = (r as { cpu?: NodeJS.CpuUsage }).cpu;
            if (!used) return;
            child.off('message', onMessage);
            answered(used.user + used.system);
          };
          child.on('message', onMessage);
          child.send('cpu');
        });
      resolve({ child, url, cpu });
    });
    child.once('exit', (code) => reject(new Error(`a Rapid service instance exited with ${code}`)));
  });
};

const stopInstance = ({ child }: Instance): Promise<unknown> => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.send('stop'))));

export async function run(args: string[]): Promise<object> {
  const tableCount = arg(args, 'tables', 10);
  const atsPerTable = arg(args, 'ats', 50);
  const rounds = arg(args, 'rounds', 6);
  const concurrency = arg(args, 'concurrency', 64);
  const instanceCount = arg(args, 'instances', 1);
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'fatal';
  const db = await createTestDatabase('rapid_bench', 4);
  const instances: Instance[] = [];
  let client: LoadClient | undefined;
  try {
    // One after the other: the first migrates the schema.
    for (let i = 0; i < instanceCount; i++) instances.push(await startInstance(db.url, Math.ceil(40 / instanceCount)));
    const cpuOfInstances = async () => (await Promise.all(instances.map((i) => i.cpu()))).reduce((a, b) => a + b, 0);
    client = new LoadClient(instances.map((i) => i.url));
    const load = client;
    const tables = Array.from({ length: tableCount }, (_, t) => `BT${t + 1}`);
    // The instance a table's ATS and SGC talk to.
    const server = new Map(tables.map((tableId, t) => [tableId, t % instanceCount]));
    const call = async (method: string, path: string, auth: string, body: unknown, tableId: string) => (await load.run([{ method, path, auth, body, server: server.get(tableId) }], 1))[0];
    const dealer = bearer(['dealer'], 'bench-dealer');
    const stations = new Map<string, string[]>();
    for (const tableId of tables) {
      const ids = Array.from({ length: atsPerTable }, (_, i) => `${tableId}-ATS${String(i + 1).padStart(2, '0')}`);
      stations.set(tableId, ids);
      const opened = await call('POST', '/rapid/tables', bearer(['area-manager']), { tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 600, stations: ids.map((atsId) => ({ atsId, remote: false, printer: false })) }, tableId);
      if (opened.status !== 201) throw new Error(`open ${tableId}: ${opened.status} ${JSON.stringify(opened.body)}`);
    }
    const accounts: { tableId: string; atsId: string; accountId: string; token: string }[] = [];
    const places = tables.flatMap((tableId) => stations.get(tableId)!.map((atsId) => ({ tableId, atsId })));
    const buyIns = await client.run(
      places.map(({ tableId, atsId }) => ({ method: 'POST', path: `/rapid/tables/${tableId}/ats/${atsId}/buy-in`, auth: dealer, body: { tender: 'cash', amountCents: 10_000_000 }, server: server.get(tableId) })),
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
      [...accounts, ...accounts].map((a) => ({ method: 'GET', path: `/rapid/accounts/${a.accountId}`, auth: a.token, server: server.get(a.tableId) })),
      concurrency,
    );
    const baselineReadsPerSec = Math.round((2 * accounts.length) / ((performance.now() - readStarted) / 1000));
    // The floor of Node + Express on this machine, same kind of client, same concurrency: wagersPerBareRequest says what
    // share of an empty route's rate a wager reaches, whatever the machine's speed.
    const bareBefore = (await measureBareExpress(4 * accounts.length, concurrency)).perSec;

    let accepted = 0;
    let wageringMs = 0;
    let wageringCpuUs = 0;
    let settlementCpuUs = 0;
    const settlementMs: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const roundId = `R${round}`;
      const periods = await client.run(tables.map((tableId) => ({ method: 'POST', path: `/rapid/tables/${tableId}/rounds`, auth: dealer, body: { roundId }, server: server.get(tableId) })), tables.length);
      const notStarted = periods.find((r) => r.status !== 201);
      if (notStarted) throw new Error(`start ${roundId}: ${notStarted.status} ${JSON.stringify(notStarted.body)}`);
      const started = performance.now();
      const cpu = await cpuOfInstances();
      const results = await client.run(
        accounts.map((a, i) => ({ method: 'PUT', path: `/rapid/accounts/${a.accountId}/wagers`, auth: a.token, body: { wagers: LAYOUTS[(i + round) % LAYOUTS.length] }, server: server.get(a.tableId) })),
        concurrency,
      );
      wageringMs += performance.now() - started;
      wageringCpuUs += (await cpuOfInstances()) - cpu;
      accepted += results.filter((r) => r.status === 200).length;
      const failed = results.find((r) => r.status !== 200);
      if (failed) throw new Error(`wager refused: ${failed.status} ${JSON.stringify(failed.body)}`);
      // Every table draws then enters its outcome at once; the outcome request is timed in the client.
      const settlingCpu = await cpuOfInstances();
      const settled = await client.runChains(
        tables.map((tableId, t) => [
          { method: 'POST', path: `/rapid/tables/${tableId}/rounds/${roundId}/draw`, auth: dealer, server: server.get(tableId) },
          { method: 'POST', path: `/rapid/tables/${tableId}/rounds/${roundId}/outcome`, auth: dealer, body: (round + t) % 2 ? OUTCOMES.bankerWins : OUTCOMES.playerWins, server: server.get(tableId) },
        ]),
        tables.length,
      );
      settlementCpuUs += (await cpuOfInstances()) - settlingCpu;
      settled.forEach(([drawn, r], t) => {
        if (drawn.status !== 200 && drawn.status !== 201) throw new Error(`draw ${tables[t]}: ${drawn.status} ${JSON.stringify(drawn.body)}`);
        if (r.status !== 200) throw new Error(`settle ${tables[t]}: ${r.status} ${JSON.stringify(r.body)}`);
        settlementMs.push(r.ms);
      });
    }
    settlementMs.sort((a, b) => a - b);
    const bareAfter = (await measureBareExpress(4 * accounts.length, concurrency)).perSec;
    const bareExpressPerSec = Math.round((bareBefore + bareAfter) / 2);
    const atsWagersPerSec = Math.round(accepted / (wageringMs / 1000));
    const result = { atsWagersPerSec, bareExpressPerSec, wagersPerBareRequest: ratio(atsWagersPerSec, bareExpressPerSec), settlementMsP99: Math.round(percentile(settlementMs, 99)) };
    console.error(
      JSON.stringify({
        instances: instanceCount,
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
        bareExpressPerSecBefore: bareBefore,
        bareExpressPerSecAfter: bareAfter,
      }),
    );
    return result;
  } finally {
    await client?.close();
    await Promise.all(instances.map(stopInstance));
    await db.drop();
  }
}
