import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { forbidden } from '@app/contracts';
import { PG_POOL } from '@app/database';
import type { Pool } from 'pg';
import { RAPID_OPTIONS } from '../rapid.tokens';
import type { RapidModuleOptions } from '../rapid.module';

export interface RegisterFilter {
  readonly tableId?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface RegulatorReport {
  readonly jurisdiction: 'VIC';
  readonly filter: RegisterFilter;
  readonly register: readonly { eventId: string; occurredAt: string; tableId: string | null; roundId: string | null; kind: string; clause: string; actor: { id: string; role: string }; details: unknown }[];
  readonly rounds: readonly { tableId: string; roundId: string; settledAt: string; accounts: number; stakedCents: number; creditedCents: number; houseNetCents: number; corrected: boolean }[];
  /** `owedToPlayersCents`: everything owed to players and not yet paid at `to`, whatever its cause (the sum of `owedToPlayers`). */
  readonly totals: { readonly rounds: number; readonly stakedCents: number; readonly creditedCents: number; readonly houseNetCents: number; readonly owedToPlayersCents: number };
  /**
   * What is still owed to players at `to`, per account and cause: a ticket the printer failed to print, until its manual
   * payment (6.7.2(b)), and what a recalculation in their favour left owed after they were paid out (11.11 with 6.7).
   */
  readonly owedToPlayers: readonly OwedToPlayer[];
}

export interface OwedToPlayer {
  readonly tableId: string | null;
  readonly accountId: string;
  readonly cause: 'printer-fault' | 'recalculation';
  readonly owedCents: number;
  readonly lastChangedAt: string;
}

export class GetRegulatorReportQuery extends Query<RegulatorReport> {
  constructor(readonly filter: RegisterFilter, readonly actor: { readonly role: string; readonly jurisdictions: readonly string[] }) {
    super();
  }
}

/** The Rapid register and round totals for the VCGR/VGCCC (Rapid 1.1 'VCGR'; 11.11-11.16; 6.7.2(b)). */
@QueryHandler(GetRegulatorReportQuery)
export class GetRegulatorReportHandler implements IQueryHandler<GetRegulatorReportQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(RAPID_OPTIONS) private readonly options: RapidModuleOptions,
  ) {}

  async execute({ filter, actor }: GetRegulatorReportQuery): Promise<RegulatorReport> {
    if (actor.role === 'regulator' && !actor.jurisdictions.includes('VIC')) {
      throw forbidden('OUT_OF_JURISDICTION', 'Rapid Baccarat records are VIC (VCGR, now VGCCC); your token names other jurisdictions.');
    }
    const schema = this.options.schema ?? 'rapid';
    const params = [filter.tableId ?? null, filter.from ?? null, filter.to ?? null];
    const where = (at: string) => `($1::text IS NULL OR table_id = $1) AND ($2::timestamptz IS NULL OR ${at} >= $2) AND ($3::timestamptz IS NULL OR ${at} < $3)`;
    const register = await this.pool.query(
      `SELECT event_id, occurred_at, table_id, round_id, kind, clause, actor_id, actor_role, details FROM ${schema}.regulator_register WHERE ${where('occurred_at')} ORDER BY occurred_at, event_id`,
      params,
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const rounds = await this.pool.query(
      `SELECT table_id, round_id, settled_at, accounts, staked_cents::float8 AS staked, credited_cents::float8 AS credited, house_net_cents::float8 AS house_net, corrected
         FROM ${schema}.regulator_rounds WHERE ${where('settled_at')} ORDER BY settled_at, table_id`,
      params,
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    // The latest owed amount of each account up to `to`, whatever `from` says: an amount owed stays owed until paid.
    const owed = await this.pool.query(
      `SELECT DISTINCT ON (details->>'accountId') table_id, details->>'accountId' AS account_id, (details->>'owedAfterCents')::float8 AS owed, occurred_at
         FROM ${schema}.regulator_register
        WHERE kind IN ('owed-to-player', 'owed-paid') AND ($1::text IS NULL OR table_id = $1) AND ($2::timestamptz IS NULL OR occurred_at < $2)
        ORDER BY details->>'accountId', occurred_at DESC, event_id DESC`,
      [filter.tableId ?? null, filter.to ?? null],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    // A ticket the printer failed to print is owed in full until its manual payment (6.7.2(b)), whatever `from` says.
    const unpaidTickets = await this.pool.query(
      `SELECT f.table_id, f.details->>'accountId' AS account_id, (f.details->>'amountCents')::float8 AS owed, f.occurred_at
         FROM ${schema}.regulator_register f
        WHERE f.kind = 'printer-fault' AND ($1::text IS NULL OR f.table_id = $1) AND ($2::timestamptz IS NULL OR f.occurred_at < $2)
          AND NOT EXISTS (SELECT 1 FROM ${schema}.regulator_register m
                           WHERE m.kind = 'manual-payment' AND m.details->>'accountId' = f.details->>'accountId' AND ($2::timestamptz IS NULL OR m.occurred_at < $2))
        ORDER BY f.occurred_at, f.event_id`,
      [filter.tableId ?? null, filter.to ?? null],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const owedRow = (cause: OwedToPlayer['cause']) => (r: Record<string, unknown>): OwedToPlayer => ({ tableId: r.table_id as string | null, accountId: r.account_id as string, cause, owedCents: r.owed as number, lastChangedAt: (r.occurred_at as Date).toISOString() });
    const owedToPlayers = [...unpaidTickets.rows.filter((r) => (r.owed as number) > 0).map(owedRow('printer-fault')), ...owed.rows.filter((r) => (r.owed as number) > 0).map(owedRow('recalculation'))];
    const roundRows = rounds.rows.map((r) => ({
      tableId: r.table_id as string,
      roundId: r.round_id as string,
      settledAt: (r.settled_at as Date).toISOString(),
      accounts: r.accounts as number,
      stakedCents: r.staked as number,
      creditedCents: r.credited as number,
      houseNetCents: r.house_net as number,
      corrected: r.corrected as boolean,
    }));
    return {
      jurisdiction: 'VIC',
      filter,
      register: register.rows.map((r) => ({
        eventId: r.event_id as string,
        occurredAt: (r.occurred_at as Date).toISOString(),
        tableId: r.table_id as string | null,
        roundId: r.round_id as string | null,
        kind: r.kind as string,
        clause: r.clause as string,
        actor: { id: r.actor_id as string, role: r.actor_role as string },
        details: r.details,
      })),
      rounds: roundRows,
      totals: {
        rounds: roundRows.length,
        stakedCents: roundRows.reduce((n, r) => n + r.stakedCents, 0),
        creditedCents: roundRows.reduce((n, r) => n + r.creditedCents, 0),
        houseNetCents: roundRows.reduce((n, r) => n + r.houseNetCents, 0),
        owedToPlayersCents: owedToPlayers.reduce((n, o) => n + o.owedCents, 0),
      },
      owedToPlayers,
    };
  }
}
