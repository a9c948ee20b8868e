import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';

/** The PostgreSQL the integration suite runs against (test/support/run-tests.ts provisions it). */
export const adminDatabaseUrl = (): string => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  readonly url: string;
  readonly pool: Pool;
  drop(): Promise<void>;
}

/** A throwaway database per test file, so tests never see each other's events. */
export async function createTestDatabase(prefix = 'test', poolSize = 12): Promise<TestDatabase> {
  const name = `${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = new Pool({ connectionString: adminDatabaseUrl(), max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  // A statement stuck for 90 s fails its test instead of holding the server-wide snapshot horizon, which would
  // stall every reader of every other test on the same server.
  const pool = new Pool({ connectionString: url.toString(), max: poolSize, statement_timeout: 90_000 });
  // DROP ... WITH (FORCE) terminates stragglers; that is expected at teardown, not a test failure.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    pool,
    // Teardown never fails or hangs a suite whose tests passed: on a server busy with other files' work a
    // drop can stall, and a scratch database left behind on the test server is harmless.
    async drop() {
      await settleWithin(pool.end(), 15_000);
      const dropped = await settleWithin(admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), 30_000);
      if (!dropped) console.warn(`Test database ${name} was not dropped within 30 s; leaving it.`);
      await settleWithin(admin.end(), 5_000);
    },
  };
}

/** True when the promise settled (either way) within `ms`. */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
