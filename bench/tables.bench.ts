/**
 * `npm run bench -- tables [--tables 200] [--rate 210] [--coups 60] [--boxes 14] [--seed 7]`
 * Boots the tables service in-process as it is deployed (real PostgreSQL in a throwaway database with the
 * audit trail in it, the outbox relay to the real Kafka broker on KAFKA_BROKERS / 127.0.0.1:19092), listens
 * on a loopback port and drives it over HTTP with the table simulator in its own process
 * (bench/tables-driver.ts), as dealer consoles and shoes do.
 *
 * A floor is paced by its dealers: `--rate` coups a second are offered across the tables (each table starts
 * a coup every tables/rate seconds) and the latency is what a dealer sees at that load. `--rate 0` plays
 * every table flat out instead, which measures capacity (latency then only reflects the queue).
 * Returns {coupsPerSec, wagersPerSec, p99CommandMs} over play; opening tables and seating players come first
 * and are not timed.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@app/testing';
import { createTablesApp, TEST_AUTH_SECRET } from '../apps/tables/src/testing/tables-test-app';
import { percentile, SimulationResult } from '../tools/simulator/table-simulator';

export async function run(args: string[]): Promise<object> {
  const { values } = parseArgs({
    args,
    options: {
      tables: { type: 'string', default: '200' },
      rate: { type: 'string', default: '210' },
      coups: { type: 'string', default: '60' },
      boxes: { type: 'string', default: '14' },
      seed: { type: 'string', default: '7' },
    },
    strict: true,
  });
  process.env.LOG_LEVEL = 'fatal';
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
  const db = await createTestDatabase('tables_bench', 4);
  const app = await createTablesApp(db.url, { messaging: { brokers }, poolSize: 20, postgresAudit: true });
  try {
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const driver = fork(join(__dirname, 'tables-driver.ts'), [], { execArgv: ['-r', '@swc-node/register', ...(process.env.BENCH_DRIVER_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_DRIVER_PROFILE_DIR}`] : [])] });
    const done = new Promise<SimulationResult>((resolve, reject) => {
      driver.once('message', (m) => resolve(m as SimulationResult));
      driver.once('exit', (code) => code !== 0 && reject(new Error(`the table simulator exited with ${code}`)));
    });
    driver.send({
      url: `http://127.0.0.1:${port}`,
      tables: Number(values.tables),
      shoes: 1,
      seed: Number(values.seed),
      boxes: Number(values.boxes),
      maxCoupsPerTable: Number(values.coups),
      ...(Number(values.rate) > 0 ? { coupsPerSecond: Number(values.rate) } : {}),
      authSecret: TEST_AUTH_SECRET,
    });
    const result = await done;
    const seconds = result.elapsedMs / 1000;
    const offered = Number(values.rate) > 0 ? Number(values.rate) : 'flat out';
    console.error(JSON.stringify({ tables: result.tables, offeredCoupsPerSec: offered, coups: result.coups, wagers: result.wagers, commands: result.commands, setupSeconds: Math.round(result.setupMs / 100) / 10, playSeconds: Math.round(seconds * 10) / 10, p50CommandMs: Math.round(percentile(result.latenciesMs, 50) * 10) / 10, p90CommandMs: Math.round(percentile(result.latenciesMs, 90) * 10) / 10 }));
    return {
      coupsPerSec: Math.round((result.coups / seconds) * 10) / 10,
      wagersPerSec: Math.round((result.wagers / seconds) * 10) / 10,
      p99CommandMs: Math.round(percentile(result.latenciesMs, 99) * 10) / 10,
    };
  } finally {
    await app.close();
    await db.drop();
  }
}
