import type { Pool, PoolClient } from 'pg';
import type { Projection } from '../consumer/projection';

/**
 * The advisory lock of one projection's rebuild: a rebuild holds it exclusively; live batches of the projection
 * (any process) and anything that must not read a half-rebuilt model (the scheduled reports) take it shared.
 */
export const rebuildLockKey = (projection: string): string => `projection:${projection}`;

/**
 * The rebuild protocol every replay shares: take the projection's rebuild lock for the whole run, empty its read
 * model, checkpoints and dead letters in one transaction, then `replay` on the same connection. A session that
 * failed is destroyed, which releases its advisory lock too.
 */
export async function underRebuildLock<T>(pool: Pool, projection: Pick<Projection, 'name' | 'setup' | 'reset'>, replay: (client: PoolClient) => Promise<T>): Promise<T> {
  if (!projection.reset) throw new Error(`Projection ${projection.name} has no reset(tx): add one that empties its tables before rebuilding it.`);
  const key = rebuildLockKey(projection.name);
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    await client.query('BEGIN');
    await projection.setup?.(client);
    await projection.reset(client);
    await client.query('DELETE FROM messaging.checkpoints WHERE consumer = $1', [projection.name]);
    await client.query('DELETE FROM messaging.dead_letters WHERE consumer = $1', [projection.name]);
    await client.query('COMMIT');
    return await replay(client);
  } catch (err) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (!broken) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    client.release(broken);
  }
}
