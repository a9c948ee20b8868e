import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@app/testing';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Started {
  readonly child: ChildProcess;
  /** What the start found and did on the data directory (null: nothing to recover). */
  readonly recovered?: string | null;
  /** The start failed: its message. */
  readonly failed?: string;
}

/** Starts the embedded server in its own process, as `npm start` does (libs/database/src/test-support/start-embedded.ts). */
const start = (dataDir: string, port: number) =>
  new Promise<Started>((ok, fail) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', resolve(__dirname, 'test-support/start-embedded.ts'), dataDir, String(port)], {
      cwd: resolve(__dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const ready = /READY (.*)\n/.exec(out);
      if (ready) ok({ child, recovered: JSON.parse(ready[1]) as string | null });
      const failed = /FAILED (.*)\n/.exec(out);
      if (failed) ok({ child, failed: JSON.parse(failed[1]) as string });
    });
    child.on('exit', (code) => fail(new Error(`the starting process exited (${code}) saying: ${out}`)));
  });

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exited = (child: ChildProcess) => new Promise((r) => (ended(child) ? r(null) : child.once('exit', r)));

describe('the embedded PostgreSQL after the platform process died uncleanly', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const dataDirIn = () => {
    const d = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
    // As root the server runs as `postgres`, which must reach the data directory.
    chmodSync(d, 0o755);
    dirs.push(d);
    return join(d, 'data');
  };
  afterAll(async () => {
    for (const c of children) {
      if (!ended(c)) {
        c.kill('SIGTERM');
        await exited(c);
      }
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('kill -9 of the process that started it leaves the server running; the next start finds it through postmaster.pid, stops it, says so, and starts with the data kept', async () => {
    const dataDir = dataDirIn();
    const port = await freePort();
    const first = await start(dataDir, port);
    children.push(first.child);
    expect(first).toMatchObject({ recovered: null });
    const db = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
    await db.connect();
    await db.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await db.end();
    first.child.kill('SIGKILL');
    await exited(first.child);
    const orphan = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(alive(orphan)).toBe(true);

    const second = await start(dataDir, port);
    children.push(second.child);
    expect(second.failed).toBeUndefined();
    expect(second.recovered).toMatch(new RegExp(`^Stopped a PostgreSQL \\(PID ${orphan}, port ${port}\\) left running on .* by a previous run that did not shut down cleanly`));
    expect(alive(orphan)).toBe(false);
    const again = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
    await again.connect();
    expect((await again.query('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
    await again.end();
  });

  it('a start on a data directory whose server belongs to a process still running refuses, naming that process and what to do, and leaves the server running', async () => {
    const dataDir = dataDirIn();
    const port = await freePort();
    const first = await start(dataDir, port);
    children.push(first.child);
    const server = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

    const second = await start(dataDir, port);
    children.push(second.child);
    expect(second.failed).toMatch(new RegExp(`already in use by a running process \\(PID ${first.child.pid}: [^)]*node`));
    expect(second.failed).toMatch(/EMBEDDED_PG_DIR=.*npm start/);
    expect(alive(server)).toBe(true);
    const db = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
    await db.connect();
    expect((await db.query('SELECT 1 AS up')).rows).toEqual([{ up: 1 }]);
    await db.end();
  });

  it('a start that fails names the cause and the fix (a port taken by another program), never "TypeError: reading \'message\'"', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((ok, fail) => blocker.once('error', fail).listen({ port, host: '::', ipv6Only: false }, ok));
    try {
      const dataDir = dataDirIn();
      const started = await start(dataDir, port);
      children.push(started.child);
      expect(started.failed).toMatch(new RegExp(`^Port ${port} is taken by another program[^]*set EMBEDDED_PG_PORT to a free port, or DATABASE_URL`));
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      blocker.close();
    }
  });
});
