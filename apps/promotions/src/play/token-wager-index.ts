/**
 * Finds token wagers on the tables' own wagers when the dealer placed them without the token's wager id: by table,
 * coup, box, bet and amount (WagersAccepted), then by the tables' wager id (WagersSettled, CoupVoided). Reads the
 * promotions store's own events (committed before the tables accept the wager), through a partial index on them
 * (token_wagers_by_coup, promotions.migrations.ts).
 */
import type { PoolClient } from 'pg';

export interface RecordedTokenWager {
  readonly voucherId: string;
  readonly wagerId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
}

export class TokenWagerIndex {
  constructor(private readonly schema: string) {}

  /** Token wagers recorded for this coup that no accepted wager has been matched to yet. */
  async unmatched(tx: PoolClient, tableId: string, coupId: string): Promise<RecordedTokenWager[]> {
    const { rows } = await tx.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM ${this.schema}.events WHERE type IN ('PromotionalTokenWagered', 'PromotionalTokenWagerMatched') AND data->>'tableId' = $1 AND data->>'coupId' = $2 ORDER BY stream_id, version`,
      [tableId, coupId],
    );
    const matched = new Set(rows.filter((r) => r.type === 'PromotionalTokenWagerMatched').map((r) => r.data.wagerId as string));
    return rows
      .filter((r) => r.type === 'PromotionalTokenWagered' && !matched.has(r.data.wagerId as string))
      .map((r) => ({ voucherId: r.data.voucherId as string, wagerId: r.data.wagerId as string, box: r.data.box as number, bet: r.data.bet as string, amountCents: r.data.amountCents as number }));
  }

  /** The tables' wager ids of this coup matched to token wagers: tables wager id → voucher and token wager id. */
  async linked(tx: PoolClient, tableId: string, coupId: string): Promise<Map<string, { voucherId: string; wagerId: string }>> {
    const { rows } = await tx.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM ${this.schema}.events WHERE type = 'PromotionalTokenWagerMatched' AND data->>'tableId' = $1 AND data->>'coupId' = $2 AND data->>'tablesWagerId' IS NOT NULL`,
      [tableId, coupId],
    );
    return new Map(rows.map((r) => [r.data.tablesWagerId as string, { voucherId: r.data.voucherId as string, wagerId: r.data.wagerId as string }]));
  }
}
