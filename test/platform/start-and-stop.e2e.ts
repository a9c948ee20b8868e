/**
 * Starting and stopping as an operator does: `npm start` (the platform on its embedded PostgreSQL, as its own
 * process), a second `npm start` beside it, Ctrl-C (SIGINT) and a container's stop (SIGTERM), and each service's
 * main.ts alone. What the operator relies on:
 * - one shutdown path: the HTTP server, then the consumers and relays, then the database pool and last the embedded
 *   PostgreSQL are closed once, each said in the log, and the process exits 0 (a container would otherwise report a
 *   crash: "Called end on pool more than once", or killed by its own signal);
 * - a second start on the same data directory refuses, saying what to do, and never stops the first one's live
 *   database (it did, taking it for one a crashed run had left behind).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabase, eventually, freePort, TestDatabase, untilReady } from '@app/testing';

const ROOT = resolve(__dirname, '../..');

interface Run {
  readonly child: ChildProcess;
  output: string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A main.ts as its own process, as `npm start` runs the platform (stdout a pipe: JSON log lines). */
const run = (main: string, env: NodeJS.ProcessEnv): Run => {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', main], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const started: Run = {
    child,
    output: '',
    exited: new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal }))),
  };
  child.stdout!.on('data', (c: Buffer) => (started.output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (started.output += c.toString()));
  return started;
};

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '0' };
  // Embedded defaults: no Kafka, and (for the platform) no DATABASE_URL.
  for (const name of ['KAFKA_BROKERS', 'DATABASE_URL']) env[name] = undefined;
  return env;
};

/** The messages of the JSON log lines, and any plain line (the banner), in order. */
const messagesOf = (output: string): string[] =>
  output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return String((JSON.parse(line) as { message?: unknown }).message ?? line);
      } catch {
        return line;
      }
    });

const stopAndExpectClean = async (started: Run, signal: NodeJS.Signals, what: string) => {
  started.child.kill(signal);
  const exit = await started.exited;
  const log = messagesOf(started.output);
  const context = `${what} after ${signal}:\n${log.slice(-40).join('\n')}`;
  expect({ what, exit }).toEqual({ what, exit: { code: 0, signal: null } });
  expect(started.output).not.toMatch(/Called end on pool more than once/);
  const stopping = log.findIndex((m) => m.startsWith(`Stopping on ${signal}`));
  // Nothing went wrong while stopping (what a service logs while running, alone on an empty database, is not this test's).
  const stoppingAt = started.output.indexOf(`Stopping on ${signal}`);
  expect(started.output.slice(stoppingAt)).not.toMatch(/"level":"(error|fatal)"|Error:/);
  const httpClosed = log.findIndex((m) => /^Closed the HTTP server/.test(m));
  const poolClosed = log.findIndex((m) => /^Closed the database pool/.test(m));
  const stopped = log.findIndex((m) => /^Stopped cleanly/.test(m));
  if (!(stopping >= 0 && stopping < httpClosed && httpClosed < poolClosed && poolClosed < stopped)) throw new Error(`not one orderly stop: ${context}`);
  // Once: each step said once.
  expect(log.filter((m) => /^Closed the database pool/.test(m))).toHaveLength(1);
  return log;
};

describe('npm start and stop: one shutdown path, and a second start never stops the first', () => {
  const dirs: string[] = [];
  const runs: Run[] = [];
  afterAll(async () => {
    for (const r of runs) {
      if (r.child.exitCode === null && r.child.signalCode === null) {
        r.child.kill('SIGKILL');
        await r.exited;
      }
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('SIGTERM, then SIGINT after a restart: the platform closes the HTTP server, the consumers and relays, the pool and then its embedded PostgreSQL, once, says so, and exits 0; a second start beside it refuses and the first stays ready', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'start-stop-'));
    // As root the embedded server runs as `postgres`, which must reach the data directory.
    chmodSync(dir, 0o755);
    dirs.push(dir);
    const dataDir = join(dir, 'postgres');
    const [pgPort, port, otherPort] = [await freePort(), await freePort(), await freePort()];
    const env = { ...baseEnv(), EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
    const base = `http://127.0.0.1:${port}`;

    const first = run('apps/platform/src/main.ts', { ...env, PORT: String(port) });
    runs.push(first);
    await eventually('the first platform to print its banner', async () => (/is up on/.test(first.output) ? true : undefined), 240_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output.slice(-3000)}`);
    });
    await untilReady(base);
    const firstLog = messagesOf(first.output);
    // A first start says it is initialising the database (it takes a while), and ends with the banner and the database URL.
    expect(firstLog.some((m) => /Initialising the embedded PostgreSQL/.test(m))).toBe(true);
    const banner = firstLog.findIndex((m) => m.startsWith('Baccarat back office is up on'));
    expect(firstLog.slice(banner).join('\n')).toContain(`postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`);

    // A second `npm start` on the same data directory (the README's `PORT=3917 npm start`, here another free port).
    const second = run('apps/platform/src/main.ts', { ...env, PORT: String(otherPort) });
    runs.push(second);
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(second.output).toMatch(new RegExp(`already in use by a running process \\(PID ${first.child.pid}: `));
    expect(second.output).toMatch(/EMBEDDED_PG_DIR/);
    expect(second.output).toMatch(/DATABASE_URL=postgres:\/\//);
    // The first is untouched: still ready, still writing (the readiness check queries its database).
    await untilReady(base, 5_000);
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);

    await stopAndExpectClean(first, 'SIGTERM', 'the platform');
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(messagesOf(first.output).some((m) => /^Stopped the embedded PostgreSQL/.test(m))).toBe(true);

    // Restarted on the same data directory (a stop left nothing to recover), then Ctrl-C.
    const again = run('apps/platform/src/main.ts', { ...env, PORT: String(port) });
    runs.push(again);
    await eventually('the restarted platform to print its banner', async () => (/is up on/.test(again.output) ? true : undefined), 240_000);
    await untilReady(base);
    expect(again.output).not.toMatch(/left running|stale/);
    await stopAndExpectClean(again, 'SIGINT', 'the restarted platform');
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 600_000);

  describe('each service alone', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase('start_stop', 2);
    });
    afterAll(async () => {
      await db?.drop();
    });

    it.each(['tables', 'jackpots', 'reporting', 'tournaments', 'promotions', 'rapid'])('%s: SIGTERM closes the HTTP server, the consumers and relays and the pool, once, and exits 0', async (service) => {
      const port = await freePort();
      const started = run(`apps/${service}/src/main.ts`, { ...baseEnv(), DATABASE_URL: db.url, PORT: String(port) });
      runs.push(started);
      await untilReady(`http://127.0.0.1:${port}`, 180_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${started.output.slice(-3000)}`);
      });
      await stopAndExpectClean(started, 'SIGTERM', service);
    }, 300_000);
  });
});
