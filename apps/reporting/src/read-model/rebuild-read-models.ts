import type { IntegrationEvent } from '@app/contracts';
import { GlobalPosition, START_OF_STORE } from '@app/event-store';
import { EventSource, migrateMessaging, STORE_PARTITION } from '@app/messaging';
import type { Pool } from 'pg';
import { ReportingProjection } from './reporting-projection';

export interface FastRebuildOutcome {
  readonly events: number;
  readonly applied: number;
  readonly durationMs: number;
}

/**
 * Rebuilds a reporting projection from its sources' event stores with batched reduction: the same
 * protocol as @app/messaging's rebuildProjection (exclusive projection lock, reset, clear checkpoints and
 * dead letters, replay, one transaction per batch holding the read-model writes and the store-partition
 * checkpoint that live consumers continue from), but each batch goes through `applyBatch` instead of one
 * `apply` per event. Once messaging's Projection accepts an optional `applyBatch`, this can defer to it.
 */
export async function rebuildReadModels(pool: Pool, projection: ReportingProjection, sources: readonly EventSource[], batchSize = 10000): Promise<FastRebuildOutcome> {
  await migrateMessaging(pool);
  const started = Date.now();
  const client = await pool.connect();
  let broken = false;
  let events = 0;
  let applied = 0;
  const lock = `projection:${projection.name}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
    await client.query('BEGIN');
    await projection.setup(client);
    await projection.reset(client);
    await client.query('DELETE FROM messaging.checkpoints WHERE consumer = $1', [projection.name]);
    await client.query('DELETE FROM messaging.dead_letters WHERE consumer = $1', [projection.name]);
    await client.query('COMMIT');
    for (const source of sources) {
      let position: GlobalPosition = START_OF_STORE;
      // Read the next batch while the current one is applied: reading and writing overlap on two sessions.
      const read = (after: GlobalPosition) => {
        const promise = source.store.readAll(after, batchSize);
        promise.catch(() => undefined); // awaited below; this only keeps an abandoned read from crashing the process
        return promise;
      };
      let next = read(position);
      for (;;) {
        const batch = await next;
        if (batch.length === 0) break;
        position = batch[batch.length - 1].global;
        next = read(position);
        const items: IntegrationEvent[] = [];
        for (const e of batch) {
          const mapped = source.toIntegrationEvent(e);
          if (mapped && projection.handles(mapped.type)) items.push(mapped);
        }
        await client.query('BEGIN');
        await projection.applyBatch(items, client);
        await client.query(
          `INSERT INTO messaging.checkpoints (consumer, source, partition, transaction_id, position) VALUES ($1, $2, $3, $4::text::xid8, $5)
           ON CONFLICT (consumer, source, partition) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position, updated_at = now()`,
          [projection.name, source.topic, STORE_PARTITION, position.transactionId, position.position],
        );
        await client.query('COMMIT');
        events += batch.length;
        applied += items.length;
      }
    }
    return { events, applied, durationMs: Date.now() - started };
  } catch (err) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    if (!broken) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    client.release(broken);
  }
}
