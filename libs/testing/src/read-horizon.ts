import type { Pool } from 'pg';
import { eventually } from './eventually';

/**
 * Waits until every transaction committed so far is below the server-wide read horizon that readAll and rebuilds
 * read under (gap-free global order: only below the oldest transaction still open anywhere on the server). Other
 * suites run beside a test on the same server, and one of their open transactions can hold the horizon back for a
 * while: a rebuild started at once would then rightly read nothing yet.
 */
export async function untilReadHorizonPasses(pool: Pool, timeoutMs = 60_000): Promise<void> {
  // A transaction id taken now is newer than every commit before this call.
  const { rows } = await pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
  await eventually(
    'the read horizon to pass the commits so far',
    async () => (await pool.query<{ passed: boolean }>('SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS passed', [rows[0].xid])).rows[0].passed,
    timeoutMs,
  );
}

/**
 * Waits until `consumers` have read every event committed so far. A consumer's lag counts only events below the read
 * horizon (the ones it may read yet), so a lag of 0 before the horizon passes means nothing was readable, not that
 * all was read: the horizon is waited for first.
 */
export async function untilConsumersCaughtUp(pool: Pool, consumers: readonly { lag(): Promise<number> }[], timeoutMs = 60_000): Promise<void> {
  await untilReadHorizonPasses(pool, timeoutMs);
  await eventually('the consumers to catch up', async () => (await Promise.all(consumers.map((c) => c.lag()))).every((lag) => lag === 0), timeoutMs);
}
