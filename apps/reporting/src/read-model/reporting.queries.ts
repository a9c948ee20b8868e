import type { Pool } from 'pg';
import { rulebooksOfCasino } from '@app/baccarat';
import { holdBasisPoints } from '../reports/statistics-section';
import { afterCursor, Keyset, Page, pageOf, PageRequest, pageSize } from './keyset-page';

/** Gaming days from `from` to `to`, both included (YYYY-MM-DD); either may be left open. */
export interface DayRange {
  readonly from?: string;
  readonly to?: string;
}

const REGISTER_ORDER: Keyset = { columns: [{ name: 'occurred_at', sqlType: 'text' }, { name: 'source_tx', sqlType: 'numeric' }, { name: 'source_pos', sqlType: 'bigint' }, { name: 'event_id', sqlType: 'text' }, { name: 'seq', sqlType: 'integer' }] };
const MOVEMENTS_ORDER: Keyset = { columns: [{ name: 'at', sqlType: 'text' }, { name: 'source_tx', sqlType: 'numeric' }, { name: 'source_pos', sqlType: 'bigint' }, { name: 'event_id', sqlType: 'text' }, { name: 'seq', sqlType: 'integer' }] };
const LEDGER_ORDER: Keyset = { columns: [{ name: 'table_id', sqlType: 'text' }, { name: 'shoe_id', sqlType: 'text' }, { name: 'box', sqlType: 'integer' }, { name: 'patron_key', sqlType: 'text' }] };
const orderBy = (k: Keyset, alias = ''): string => k.columns.map((c) => `${alias}${c.name}`).join(', ');
const DAYS = (from: number) => `($${from}::text IS NULL OR gaming_day >= $${from}) AND ($${from + 1}::text IS NULL OR gaming_day <= $${from + 1})`;

/** A paged read's casino scope: the casinos of a staff token (undefined: every casino, for regulators and administrators). */
export interface CasinoScope {
  readonly casinos?: readonly string[];
}

/** The rulebooks of the scope's casinos, as the query parameter `scoped` compares (null: no scope). */
const scopeRulebooks = (scope: CasinoScope): string[] | null => (scope.casinos ? scope.casinos.flatMap((c) => rulebooksOfCasino(c)) : null);

/**
 * Rows of the scope's casinos only, filtered in the query so a page is always full: a row's casino is that of its own
 * rulebook, or of its table's (the table directory); a row of no table and no rulebook belongs to no casino and is kept.
 */
const scoped = (schema: string, param: number, alias: string, ownRulebook: boolean): string => {
  const rulebook = `(SELECT d.rulebook_id FROM ${schema}.table_directory d WHERE d.table_id = ${alias}.table_id)`;
  const own = ownRulebook ? `COALESCE(${alias}.rulebook_id, ${rulebook})` : rulebook;
  const unowned = ownRulebook ? `(${alias}.table_id IS NULL AND ${alias}.rulebook_id IS NULL)` : `${alias}.table_id IS NULL`;
  return `($${param}::text[] IS NULL OR ${unowned} OR ${own} = ANY($${param}::text[]))`;
};

const camelRow = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), typeof v === 'string' && /_(cents|tx|pos)$/.test(k) ? Number(v) : v]),
  );

export interface StatisticsFilter extends DayRange {
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
    const where = `($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3) AND ($4::text IS NULL OR shift = $4) AND ${DAYS(5)}`;
    const params = [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null, f.shift ?? null, f.from ?? null, f.to ?? null];
    const tables = await this.pool.query(`SELECT * FROM ${this.schema}.table_stats WHERE ${where} ORDER BY gaming_day, table_id, shift`, params);
    const bets = await this.pool.query(`SELECT * FROM ${this.schema}.bet_stats WHERE ${where} ORDER BY gaming_day, table_id, shift, bet`, params);
    const withHold = (r: Record<string, unknown>) => {
      const c = camelRow(r);
      return { ...c, holdBasisPoints: holdBasisPoints(Number(c.houseWinCents), Number(c.turnoverCents)) };
    };
    return { tables: tables.rows.map(withHold), bets: bets.rows.map(withHold) };
  }

  async ledger(f: { tableId?: string; shoeId?: string; outstandingOnly?: boolean } & PageRequest & CasinoScope): Promise<Page<Record<string, unknown>>> {
    const limit = pageSize(f.limit);
    const after = afterCursor(LEDGER_ORDER, f.after, 6);
    const { rows } = await this.pool.query(
      `SELECT l.*, (deferred_cents - collected_cents - waived_cents)::text AS outstanding_cents FROM ${this.schema}.commission_ledger l
        WHERE ($1::text IS NULL OR table_id = $1) AND ($2::text IS NULL OR shoe_id = $2)
          AND (NOT $3 OR deferred_cents - collected_cents - waived_cents <> 0) AND ${scoped(this.schema, 5, 'l', false)} AND ${after.sql}
        ORDER BY ${orderBy(LEDGER_ORDER)} LIMIT $4`,
      [f.tableId ?? null, f.shoeId ?? null, f.outstandingOnly ?? false, limit + 1, scopeRulebooks(f), ...after.params],
    );
    return pageOf(LEDGER_ORDER, rows, limit, camelRow);
  }

  async movements(f: { tableId?: string; shoeId?: string } & DayRange & PageRequest & CasinoScope): Promise<Page<Record<string, unknown>>> {
    const limit = pageSize(f.limit);
    const after = afterCursor(MOVEMENTS_ORDER, f.after, 7);
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.commission_movements m WHERE ($1::text IS NULL OR table_id = $1) AND ($2::text IS NULL OR shoe_id = $2) AND ${DAYS(3)}
          AND ${scoped(this.schema, 6, 'm', false)} AND ${after.sql}
        ORDER BY ${orderBy(MOVEMENTS_ORDER)} LIMIT $5`,
      [f.tableId ?? null, f.shoeId ?? null, f.from ?? null, f.to ?? null, limit + 1, scopeRulebooks(f), ...after.params],
    );
    return pageOf(MOVEMENTS_ORDER, rows, limit, camelRow);
  }

  async exceptions(f: { jurisdiction?: string; gamingDay?: string; tableId?: string } & DayRange): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.commission_exceptions
        WHERE ($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3) AND ${DAYS(4)}
        ORDER BY started_at, source_tx, source_pos`,
      [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null, f.from ?? null, f.to ?? null],
    );
    return rows.map(camelRow);
  }

  async register(f: { jurisdiction?: string; gamingDay?: string; tableId?: string; category?: string } & DayRange & PageRequest & CasinoScope): Promise<Page<Record<string, unknown>>> {
    const limit = pageSize(f.limit);
    const after = afterCursor(REGISTER_ORDER, f.after, 9);
    const { rows } = await this.pool.query(
      `SELECT * FROM ${this.schema}.compliance_register r
        WHERE ($1::text IS NULL OR jurisdiction = $1) AND ($2::text IS NULL OR gaming_day = $2) AND ($3::text IS NULL OR table_id = $3) AND ($4::text IS NULL OR category = $4)
          AND ${DAYS(5)} AND ${scoped(this.schema, 8, 'r', true)} AND ${after.sql}
        ORDER BY ${orderBy(REGISTER_ORDER)} LIMIT $7`,
      [f.jurisdiction ?? null, f.gamingDay ?? null, f.tableId ?? null, f.category ?? null, f.from ?? null, f.to ?? null, limit + 1, scopeRulebooks(f), ...after.params],
    );
    return pageOf(REGISTER_ORDER, rows, limit, camelRow);
  }

  /**
   * The road as the dashboard draws it: every completed coup (voided ones marked `voided`), and the coups voided
   * before they completed (from the compliance register: `result` null, `voided` true), in the order they happened.
   */
  async roadWithVoids(tableId: string): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool.query(
      `WITH shoe AS (SELECT current_shoe_id AS shoe_id FROM ${this.schema}.table_directory WHERE table_id = $1)
       SELECT coup_id, shoe_id, coup_number, result, player_total, banker_total, player_pair, banker_pair, has_natural, dummy, voided, completed_at AS at
         FROM ${this.schema}.results_road WHERE table_id = $1 AND shoe_id = (SELECT shoe_id FROM shoe)
       UNION ALL
       SELECT DISTINCT ON (r.coup_id) r.coup_id, r.shoe_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, true, r.occurred_at
         FROM ${this.schema}.compliance_register r
        WHERE r.table_id = $1 AND r.category = 'coup-void' AND r.shoe_id = (SELECT shoe_id FROM shoe)
          AND NOT EXISTS (SELECT 1 FROM ${this.schema}.results_road x WHERE x.table_id = $1 AND x.coup_id = r.coup_id)
       ORDER BY at, coup_number NULLS LAST`,
      [tableId],
    );
    return rows.map(camelRow);
  }

  /** Everything the manager dashboard shows: tables live with road, commission outstanding and exceptions. */
  async dashboard(): Promise<Record<string, unknown>> {
    const tables = await this.tables();
    const withRoads = [];
    for (const t of tables) withRoads.push({ ...t, road: await this.roadWithVoids(String(t.tableId)) });
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
