import type { IntegrationEvent } from '@app/contracts';
import type { SourceEvent } from '@app/contracts';
import { EventSource, migrateMessaging, STORE_PARTITION, underRebuildLock } from '@app/messaging';
import type { Pool } from 'pg';
import { ReportingProjection } from './reporting-projection';

interface ReplayRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: SourceEvent['metadata'];
  occurred_at: string;
}

/** A stored event as the source's mapping expects it. Stored upcasters are not applied here (none exist yet). */
const toSourceEvent = (r: ReplayRow): SourceEvent => ({
  eventId: r.event_id,
  type: r.type,
  schemaVersion: r.schema_version,
  data: r.data,
  metadata: r.metadata,
  occurredAt: r.occurred_at,
  streamId: r.stream_id,
  streamType: r.stream_type,
  version: r.version,
  global: { transactionId: r.transaction_id, position: r.position },
});

export interface FastRebuildOutcome {
  readonly events: number;
  readonly applied: number;
  readonly durationMs: number;
}

/**
 * Rebuilds a reporting projection from its sources' event stores with batched reduction: under the same
 * protocol as @app/messaging's rebuildProjection (underRebuildLock: exclusive projection lock, reset, clear
 * checkpoints and dead letters; then one transaction per batch holding the read-model writes and the
 * store-partition checkpoint that live consumers continue from), but each batch goes through `applyBatch`
 * instead of one `apply` per event, and the source's events are read with one cursor over one snapshot. Once messaging's
 * Projection accepts an optional `applyBatch` (and its rebuild reads with a cursor), this can defer to it.
 */
export async function rebuildReadModels(pool: Pool, projection: ReportingProjection, sources: readonly EventSource[], batchSize = 10000): Promise<FastRebuildOutcome> {
  await migrateMessaging(pool);
  const started = Date.now();
  return underRebuildLock(pool, projection, async (client) => {
    let events = 0;
    let applied = 0;
    for (const source of sources) {
      const reader = await pool.connect();
      let readerBroken = false;
      try {
        // One snapshot and one ordered scan for the whole replay (a keyset query per batch re-sorts what is left).
        await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await source.store.within(reader).declareReplayCursor(reader);
        const fetch = () => {
          const promise = reader.query<ReplayRow>(`FETCH ${batchSize} FROM replay`);
          promise.catch(() => undefined); // awaited below; this only keeps an abandoned fetch from crashing the process
          return promise;
        };
        let next = fetch();
        for (;;) {
          const { rows } = await next;
          if (rows.length === 0) break;
          next = fetch();
          const last = rows[rows.length - 1];
          const items: IntegrationEvent[] = [];
          for (const r of rows) {
            const mapped = source.toIntegrationEvent(toSourceEvent(r));
            if (mapped && projection.handles(mapped.type)) items.push(mapped);
          }
          await client.query('BEGIN');
          await projection.applyBatch(items, client);
          await client.query(
            `INSERT INTO messaging.checkpoints (consumer, source, partition, transaction_id, position) VALUES ($1, $2, $3, $4::text::xid8, $5)
             ON CONFLICT (consumer, source, partition) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position, updated_at = now()`,
            [projection.name, source.topic, STORE_PARTITION, last.transaction_id, last.position],
          );
          await client.query('COMMIT');
          events += rows.length;
          applied += items.length;
        }
        await reader.query('COMMIT');
      } catch (err) {
        readerBroken = true;
        throw err;
      } finally {
        reader.release(readerBroken);
      }
    }
    return { events, applied, durationMs: Date.now() - started };
  });
}
