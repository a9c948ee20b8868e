/**
 * `npm test`: lint, then every test tier against real servers it provisions itself:
 * - PostgreSQL at DATABASE_URL, or an embedded real PostgreSQL (fresh data in .data/test-postgres);
 * - Apache Kafka at KAFKA_BROKERS, or the project's own KRaft broker from deploy/kafka (jars cached in .cache).
 * Whatever it started, it stops. Extra arguments go to jest (e.g. `npm test -- libs/event-store`).
 * Ends with the plain line "N passed, N failed" that CI reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmbeddedPostgres, RunningPostgres } from '../../libs/database/src/embedded-postgres';
import { startKafkaBroker } from '../../tools/local-infra/kafka-broker';

const root = resolve(__dirname, '../..');
/** Suites that load the whole machine on purpose: run after the others, alone. */
const RUN_ALONE = ['test/soak/soak.e2e.ts'];
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

/**
 * Runs a command while this process's event loop keeps going. Needed once the embedded PostgreSQL is up: the
 * server writes its log through pipes this process reads, and a blocked event loop (spawnSync) leaves them full,
 * so every backend that logs a line (an error, a checkpoint) stops dead inside its statement, locks held.
 */
const runAlongside = (cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> =>
  new Promise((resolveStatus) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', () => resolveStatus(1));
    child.on('exit', (code, signal) => resolveStatus(code ?? (signal ? 1 : 0)));
  });

async function main(): Promise<number> {
  const jestArgs = process.argv.slice(2);
  if (process.env.SKIP_LINT !== '1') {
    console.log('▶ lint: tsc --noEmit and eslint');
    if (run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) return 1;
    if (run('npx', ['eslint', '.', '--max-warnings=0']) !== 0) return 1;
  }

  let postgres: RunningPostgres | undefined;
  let kafka: ReturnType<typeof startKafkaBroker> | undefined;
  try {
    if (!process.env.DATABASE_URL) {
      console.log('▶ starting embedded PostgreSQL (DATABASE_URL is unset)');
      postgres = await startEmbeddedPostgres({ dataDir: resolve(root, '.data/test-postgres'), port: Number(process.env.TEST_PG_PORT ?? 54329), fresh: true, scratch: true });
      process.env.DATABASE_URL = postgres.url;
    }
    if (!process.env.KAFKA_BROKERS) {
      console.log('▶ starting Apache Kafka (KRaft) from deploy/kafka (KAFKA_BROKERS is unset)');
      kafka = startKafkaBroker({ port: Number(process.env.TEST_KAFKA_PORT ?? 19392), fresh: true });
      process.env.KAFKA_BROKERS = kafka.brokers;
    }
    console.log(`▶ jest against PostgreSQL ${redact(process.env.DATABASE_URL)} and Kafka ${process.env.KAFKA_BROKERS}`);
    mkdirSync(resolve(root, '.cache'), { recursive: true });
    // The short soak starts a dozen service processes and saturates the machine on purpose. Run beside the other
    // suites, it starved them: on a one-core-equivalent machine the tournament end-to-end test took 171 s and
    // timed out. So the whole suite runs first without it, then the soak alone. A subset (`npm test -- <paths>`)
    // runs as asked, in one go.
    const runs = jestArgs.length > 0 ? [jestArgs] : [['--testPathIgnorePatterns', '/node_modules/', ...RUN_ALONE.map((p) => `${p.replace(/\./g, '\\.')}$`)], ['--runTestsByPath', ...RUN_ALONE]];
    let status = 0;
    const totals = { passed: 0, failed: 0, skipped: 0, suitesFailed: 0 };
    for (const [i, args] of runs.entries()) {
      const results = resolve(root, `.cache/jest-results${i === 0 ? '' : `-${i + 1}`}.json`);
      rmSync(results, { force: true });
      // Every run runs, whatever the one before it found.
      const code = await runAlongside('npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${results}`, ...args], {
        ...process.env,
        KAFKAJS_NO_PARTITIONER_WARNING: '1',
      });
      status ||= code;
      if (!existsSync(results)) continue;
      const r = JSON.parse(readFileSync(results, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numFailedTestSuites: number };
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests;
      totals.suitesFailed += r.numFailedTestSuites;
    }
    console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    if (totals.suitesFailed > 0 && totals.failed === 0) console.log(`${totals.suitesFailed} test suite(s) failed to run`);
    return status;
  } finally {
    kafka?.stop();
    await postgres?.stop();
  }
}

const redact = (url = ''): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
