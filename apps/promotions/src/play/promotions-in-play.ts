/**
 * Which promotions a coup concerns, read from the promotions store's own events through partial indexes
 * (promotions.migrations.ts 0002), so the table-play consumer loads only those streams, not every promotion's:
 * - a settled coup: promotions with an entry rule for its table whose entry period holds the settlement time
 *   (16.7.3, 16.7.6). Schedule and entry rule are fixed at creation, so PromotionCreated answers; the decider
 *   still checks status, commitment and lodging. Committed to the same database as the appends, so a promotion
 *   created before the coup settled is never missed.
 * - a coup voided after settlement: the promotions that counted entries from it.
 */
import type { PoolClient } from 'pg';

export class PromotionsInPlay {
  constructor(private readonly schema: string) {}

  /** Promotion streams taking entries from play at `tableId` at `settledAt`. */
  async takingEntries(tx: PoolClient, tableId: string, settledAt: string): Promise<string[]> {
    const { rows } = await tx.query<{ stream_id: string }>(
      `SELECT stream_id FROM ${this.schema}.events
        WHERE type = 'PromotionCreated' AND jsonb_typeof(data->'entryRule') = 'object'
          AND (data->'schedule'->>'startsAt')::timestamptz <= $2::timestamptz AND (data->'schedule'->>'entriesCloseAt')::timestamptz > $2::timestamptz
          AND (jsonb_array_length(data->'entryRule'->'tableIds') = 0 OR data->'entryRule'->'tableIds' ? $1)
        ORDER BY stream_id`,
      [tableId, settledAt],
    );
    return rows.map((r) => r.stream_id);
  }

  /** Promotion streams that earned entries from this coup. */
  async playedOn(tx: PoolClient, tableId: string, coupId: string): Promise<string[]> {
    const { rows } = await tx.query<{ stream_id: string }>(
      `SELECT DISTINCT stream_id FROM ${this.schema}.events WHERE type = 'PromotionEntriesEarned' AND data->>'tableId' = $1 AND data->>'coupId' = $2 ORDER BY stream_id`,
      [tableId, coupId],
    );
    return rows.map((r) => r.stream_id);
  }
}
