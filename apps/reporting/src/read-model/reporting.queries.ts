import type { Pool } from 'pg';
import { holdBasisPoints } from '../reports/statistics-section';

const camelRow = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), typeof v === 'string' && /_(cents|tx|pos)$/.test(k) ? Number(v) : v]),
  );

export interface StatisticsFilter {
  readonly jurisdiction?: string;
  readonly gamingDay?: string;
  readonly tableId?: string;
  readonly shift?: string;
}

/** Read-side queries over the reporting read models (managers' API and dashboard). */
export class ReportingQueries {
  constructor(
    private readonly pool: Pool,
    private readonly schema = 'reporting',
  ) {}

  async tables(): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(`SELECT * FROM ${this.schema}.table_directory ORDER BY table_id`);
    return rows.map(camelRow);
  }

  async road(tableId: string, shoeId?: string): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT coup_id, shoe_id, coup_number, result, player_total, banker_total, player_pair, banker_pair, has_natural, dummy, voided, completed_at
         FROM ${this.schema}.results_road
        WHERE table_id = $1 AND shoe_id = COALESCE($2, (SELECT current_shoe_id FROM ${this.schema}.table_directory WHERE table_id = $1))
        ORDER BY coup_number, completed_at`,
      [tableId, shoeId ?? null],
    );
    return rows.map(camelRow);
  }

  async statistics(f: StatisticsFilter): Promise<{ tables: Record<string, unknown>[]; bets: Record<string, unknown>[] }> {
    const where = `($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3) AND ($4::text IS NULL OR shift = $4)`;
    const params = [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null, f.shift ?? null];
    const tables = await this.pool.query(`SELECT * FROM ${this.schema}.table_stats WHERE ${where} ORDER BY gaming_day, table_id, shift`, params);
    const bets = await this.pool.query(`SELECT * FROM ${this.schema}.bet_stats WHERE ${where} ORDER BY gaming_day, table_id, shift, bet`, params);
    const withHold = (r: Record<string, unknown>) => {
      const c = camelRow(r);
      return { ...c, holdBasisPoints: holdBasisPoints(Number(c.houseWinCents), Number(c.turnoverCents)) };
    };
    return { tables: tables.rows.map(withHold), bets: bets.rows.map(withHold) };
  }

  async ledger(f: { tableId?: string; shoeId?: string; outstandingOnly?: boolean }): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT l.*, (deferred_cents - collected_cents - waived_cents)::text AS outstanding_cents FROM ${this.schema}.commission_ledger l
        WHERE ($1::text IS NULL OR table_id = $1) AND ($2::text IS NULL OR shoe_id = $2)
          AND (NOT $3 OR deferred_cents - collected_cents - waived_cents <> 0)
        ORDER BY table_id, shoe_id, box, patron_key`,
      [f.tableId ?? null, f.shoeId ?? null, f.outstandingOnly ?? false],
    );
    return rows.map(camelRow);
  }

  async movements(f: { tableId?: string; shoeId?: string }): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.commission_movements WHERE ($1::text IS NULL OR table_id = $1) AND ($2::text IS NULL OR shoe_id = $2)
        ORDER BY at, source_tx, source_pos, seq LIMIT 5000`,
      [f.tableId ?? null, f.shoeId ?? null],
    );
    return rows.map(camelRow);
  }

  async exceptions(f: { jurisdiction?: string; gamingDay?: string; tableId?: string }): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.commission_exceptions
        WHERE ($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3)
        ORDER BY started_at, source_tx, source_pos`,
      [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null],
    );
    return rows.map(camelRow);
  }

  async register(f: { jurisdiction?: string; gamingDay?: string; tableId?: string; category?: string }): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.compliance_register
        WHERE ($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3) AND ($4::text IS NULL OR category = $4)
        ORDER BY occurred_at, source_tx, source_pos, seq LIMIT 5000`,
      [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null, f.category ?? null],
    );
    return rows.map(camelRow);
  }

  /** Everything the manager dashboard shows: tables live with road, commission outstanding and exceptions. */
  async dashboard(): Promise<Record<string, unknown>> {
    const tables = await this.tables();
    const withRoads = [];
    for (const t of tables) withRoads.push({ ...t, road: await this.road(String(t.tableId)) });
    const exceptions = await this.pool.query(`SELECT * FROM ${this.schema}.commission_exceptions ORDER BY started_at DESC LIMIT 50`);
    const incidents = await this.pool.query(`SELECT * FROM ${this.schema}.compliance_register WHERE notifiable OR reportable ORDER BY occurred_at DESC LIMIT 50`);
    let jackpots: Record<string, unknown>[] = [];
    try {
      jackpots = (await this.pool.query(`SELECT * FROM ${this.schema}.jackpot_meters ORDER BY jackpot_id`)).rows.map(camelRow);
    } catch {
      jackpots = [];
    }
    return { tables: withRoads, exceptions: exceptions.rows.map(camelRow), incidents: incidents.rows.map(camelRow), jackpots };
  }
}
