/**
 * `npm run bench -- tables [--tables 200] [--rate 210] [--coups 60] [--boxes 14] [--seed 7] [--instances 1] [--warmup 5]`
 * Starts the tables service as it is deployed, each instance in its own process (bench/tables-server.ts: real
 * PostgreSQL at DATABASE_URL or 127.0.0.1:5432 in a throwaway database with the audit trail in it, the outbox
 * relay to the real Kafka broker on KAFKA_BROKERS / 127.0.0.1:19092), and drives it over HTTP with the table
 * simulator in its own process (bench/tables-driver.ts), as dealer consoles and shoes do; with several
 * instances each table's commands go to one of them, as a load balancer hashing on the table id would send them.
 *
 * A floor is paced by its dealers: `--rate` coups a second are offered across the tables (each table starts
 * a coup every tables/rate seconds, its first shoe at a seeded offset) and the latency is what a dealer sees at
 * that load. `--rate 0` plays every table flat out instead, which measures capacity (latency then only
 * reflects the queue). Returns {coupsPerSec, wagersPerSec, p99CommandMs} over play; opening tables and seating
 * players come first and are not timed, and the first `--warmup` seconds of play (a service just started
 * compiles its hot paths and opens its connections) are left out of p99CommandMs; the diagnostic line on
 * stderr gives the p99 with them too.
 */
import { randomUUID } from 'node:crypto';
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '@app/testing';
import { TEST_AUTH_SECRET } from '../apps/tables/src/test-support/tables-test-app';
import { percentile, SimulationResult } from '../tools/simulator/table-simulator';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Forks a bench child under @swc-node/register (profiled when BENCH_PROFILE_DIR is set). */
const forkChild = (script: string): ChildProcess =>
  fork(join(__dirname, script), [], {
    execArgv: ['--max-semi-space-size=128', '-r', '@swc-node/register', ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [])],
  });

const nextMessage = <T>(child: ChildProcess, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });

export async function run(args: string[]): Promise<object> {
  const { values } = parseArgs({
    args,
    options: {
      tables: { type: 'string', default: '200' },
      rate: { type: 'string', default: '210' },
      coups: { type: 'string', default: '60' },
      boxes: { type: 'string', default: '14' },
      seed: { type: 'string', default: '7' },
      instances: { type: 'string', default: '1' },
      warmup: { type: 'string', default: '5' },
    },
    strict: true,
  });
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
  const db = await createTestDatabase('tables_bench', 4);
  // The benchmark's own topic: a later `npm start` with Kafka must not replay bench coups into its reports.
  const topic = `bench.tables.${randomUUID().slice(0, 8)}.events`;
  const servers: ChildProcess[] = [];
  try {
    const urls: string[] = [];
    // Started one after the other: the first migrates the schema and becomes the relay's leader.
    for (let i = 0; i < Number(values.instances); i++) {
      const server = forkChild('tables-server.ts');
      servers.push(server);
      server.send({ databaseUrl: db.url, brokers, topic });
      const { port } = await nextMessage<{ port: number }>(server, 'a tables service instance');
      urls.push(`http://127.0.0.1:${port}`);
    }
    const driver = forkChild('tables-driver.ts');
    driver.send({
      urls,
      tables: Number(values.tables),
      shoes: 1,
      seed: Number(values.seed),
      boxes: Number(values.boxes),
      maxCoupsPerTable: Number(values.coups),
      ...(Number(values.rate) > 0 ? { coupsPerSecond: Number(values.rate) } : {}),
      warmupMs: Number(values.warmup) * 1000,
      authSecret: TEST_AUTH_SECRET,
    });
    const result = await nextMessage<SimulationResult>(driver, 'the table simulator');
    const seconds = result.elapsedMs / 1000;
    const offered = Number(values.rate) > 0 ? Number(values.rate) : 'flat out';
    const p = (q: number) => round1(percentile(result.latenciesMs, q));
    const withWarmup = round1(percentile([...result.warmupLatenciesMs, ...result.latenciesMs], 99));
    console.error(
      JSON.stringify({ instances: urls.length, tables: result.tables, offeredCoupsPerSec: offered, coups: result.coups, wagers: result.wagers, commands: result.commands, setupSeconds: round1(result.setupMs / 1000), playSeconds: round1(seconds), warmupSeconds: Number(values.warmup), p50CommandMs: p(50), p90CommandMs: p(90), p99CommandMsWithWarmup: withWarmup }),
    );
    return { coupsPerSec: round1(result.coups / seconds), wagersPerSec: round1(result.wagers / seconds), p99CommandMs: p(99) };
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.exitCode !== null ? resolve(null) : (s.once('exit', resolve), s.send('stop'))))));
    await db.drop();
  }
}
