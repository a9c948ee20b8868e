import { GlobalPosition, START_OF_STORE } from '@app/event-store';
import type { ClientBase } from 'pg';

/** The relay's place in its store: written only after the broker acknowledged everything up to it. */
export async function loadRelayCheckpoint(db: Pick<ClientBase, 'query'>, relay: string): Promise<GlobalPosition> {
  const { rows } = await db.query<{ transaction_id: string; position: string }>(
    'SELECT transaction_id::text AS transaction_id, position::text AS position FROM messaging.relay_checkpoints WHERE relay = $1',
    [relay],
  );
  return rows[0] ? { transactionId: rows[0].transaction_id, position: rows[0].position } : START_OF_STORE;
}

export async function saveRelayCheckpoint(db: ClientBase, relay: string, at: GlobalPosition): Promise<void> {
  await db.query(
    `INSERT INTO messaging.relay_checkpoints (relay, transaction_id, position) VALUES ($1, $2::text::xid8, $3)
     ON CONFLICT (relay) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position, updated_at = now()`,
    [relay, at.transactionId, at.position],
  );
}

/** Events after `after` that readers can see, counted up to `cap` (a health check must stay cheap). */
export async function countEventsAfter(db: Pick<ClientBase, 'query'>, schema: string, after: GlobalPosition, cap = 100000): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM (SELECT 1 FROM ${schema}.events e
       WHERE (e.transaction_id, e.position) > ($1::text::xid8, $2::bigint)
         AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()) LIMIT $3) x`,
    [after.transactionId, after.position, cap],
  );
  return Number(rows[0].n);
}
