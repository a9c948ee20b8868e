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
  /**
   * `occurredAt`: when it happened, which places the row in the period: for a malfunction, when it occurred as the
   * Dealer recorded it (11.14, 11.15); `recordedAt`: when it was recorded. `roundNumber`: the round's number at its
   * table (8.1) on every row about a round, where known.
   */
  readonly register: readonly RegisterRow[];
  readonly rounds: readonly RoundRow[];
  /**
   * `owedToPlayersCents`: everything owed to players and not yet paid at `to`, whatever its cause (the sum of `owedToPlayers`).
   * `unrecoveredCents`: what recalculations could not take back from accounts paid out before them (11.11), which the
   * players kept: `houseNetCents` = `stakedCents` - `creditedCents` - `unrecoveredCents`, what the accounts actually moved.
   */
  readonly totals: { readonly rounds: number; readonly stakedCents: number; readonly creditedCents: number; readonly unrecoveredCents: number; readonly houseNetCents: number; readonly owedToPlayersCents: number };
  /**
   * What is still owed to players at `to`, per account and cause: a ticket the printer failed to print, until its manual
   * payment (6.7.2(b)), and what a recalculation in their favour left owed after they were paid out (11.11 with 6.7).
   */
  readonly owedToPlayers: readonly OwedToPlayer[];
}

export interface RegisterRow {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly recordedAt: string;
  readonly tableId: string | null;
  readonly roundId: string | null;
  readonly roundNumber: number | null;
  readonly kind: string;
  readonly clause: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly details: unknown;
  /**
   * On a malfunction, a claim's resolution and a correction (11.11-11.16): each account its command moved, by ATS, and
   * the money totals of them (tournament chips are no money, 12.2.2, and are left out of `amounts`).
   */
  readonly accounts?: readonly AccountAdjustment[];
  readonly amounts?: AdjustmentAmounts;
}

/**
 * What one account was returned or adjusted (11.11-11.16, 11.12): `stakeReturnedCents` of wagers made void,
 * `stakeReleasedCents` of the stake the records confirm was not wagered (11.14(b); negative: a larger stake confirmed,
 * taken), `creditReversedCents` the credit the round had given (taken back), `creditCents` the credit it gives now
 * (besides a stake returned), `netCents` what the account should move (`stakeReturned + stakeReleased + credit -
 * creditReversed`, to the cent), `movedCents` what it did move and `unrecoveredCents` what it could not give back (11.11).
 * `setOffCents` (present when there was one): the difference in the player's favour set against what the player kept of
 * earlier recoveries, not moved (6.7.1 with 11.11, 13.4); the set-off's own row (unrecovered-set-off, or owed-to-player)
 * names the rounds it came from, whose unrecovered it reduces, so it is never a negative unrecovered here:
 * `setOffUndoneCents` (present when there was one): a reduction of a round whose credit was set off undid that set-off
 * first (6.7.1 with 11.11), the player holding it again for the rounds its row (unrecovered-set-off-undone) names:
 * `netCents = movedCents - unrecoveredCents - (a ticket reduced) + setOffCents - setOffUndoneCents`.
 * `tournamentId`: the amounts are tournament chips (12.2.2).
 */
export interface AccountAdjustment {
  readonly accountId: string;
  readonly atsId: string | null;
  readonly tournamentId?: string;
  readonly roundId: string;
  readonly kind: 'returned' | 'recalculated';
  readonly stakeReturnedCents: number;
  readonly stakeReleasedCents: number;
  readonly creditReversedCents: number;
  readonly creditCents: number;
  readonly netCents: number;
  readonly movedCents: number;
  readonly unrecoveredCents: number;
  readonly setOffCents?: number;
  readonly setOffUndoneCents?: number;
  readonly details: unknown;
}

/** The money totals of the accounts: `stakeReturned + stakeReleased + credit - creditReversed = net`, to the cent. */
export interface AdjustmentAmounts {
  readonly stakeReturnedCents: number;
  readonly stakeReleasedCents: number;
  readonly creditReversedCents: number;
  readonly creditCents: number;
  readonly netCents: number;
  readonly unrecoveredCents: number;
  /** The accounts' set-offs (6.7.1 with 11.11), present when there was one. */
  readonly setOffCents?: number;
  /** The accounts' set-offs undone (6.7.1 with 11.11), present when there was one. */
  readonly setOffUndoneCents?: number;
}

/**
 * A void in a round (11.14-11.16): what failed, when it occurred and was recorded, and whether the outcome was entered
 * by then; or the outcome invalidated and every wager for it refunded (scope 'invalidation', 11.10, 13.3-13.4).
 */
export interface RoundVoid {
  readonly eventId: string;
  readonly scope: 'ats' | 'game-system' | 'invalidation';
  readonly atsId: string | null;
  readonly occurredAt: string;
  readonly recordedAt: string;
  readonly relativeToPeriod: string;
  readonly afterOutcome: boolean;
  readonly clause: string;
  /** The accounts the void returned or adjusted, and what (11.14-11.16). */
  readonly accounts: readonly AccountAdjustment[];
  readonly amounts: AdjustmentAmounts;
}

/**
 * Every round played (8.1), by its number: settled (4.8), or voided whole by the game system before its outcome
 * (`status` 'void', 11.15(a); `voidedAt` is when the failure occurred and places it in the period, `settledAt` null),
 * or voided whole by the game system recorded only after its outcome settled it (`status` 'void', 11.15(a): `settledAt`
 * when it was settled, `voidedAt` when the void was recorded; its void, with the clause, in `voids`),
 * or invalidated, every wager for it refunded (`status` 'invalidated', 11.10, 13.3-13.4; a game invalidated before its
 * outcome has `voidedAt`, when it was invalidated, and `settledAt` null).
 * The totals are money: voided wagers are returned, neither staked nor credited, whenever the void is recorded (5.3,
 * 11.14-11.16), and tournament chips are never in them (12.2.2). `voids` notes each void of the round.
 */
export interface RoundRow {
  readonly tableId: string;
  readonly roundId: string;
  readonly roundNumber: number | null;
  readonly status: 'settled' | 'void' | 'invalidated';
  readonly settledAt: string | null;
  readonly voidedAt: string | null;
  readonly accounts: number;
  readonly stakedCents: number;
  readonly creditedCents: number;
  /**
   * What a recalculation of the round could not take back from an account paid out before it (11.11): the players
   * kept it, so the house net is `stakedCents - creditedCents - unrecoveredCents`, what the accounts actually moved.
   */
  readonly unrecoveredCents: number;
  readonly houseNetCents: number;
  readonly corrected: boolean;
  readonly voids: readonly RoundVoid[];
}

export interface OwedToPlayer {
  readonly tableId: string | null;
  readonly accountId: string;
  readonly cause: 'printer-fault' | 'recalculation';
  readonly owedCents: number;
  readonly lastChangedAt: string;
}

/** The stake the records confirm was not wagered, released to the account (11.14(b)); negative when they confirm more. */
const stakeReleasedOf = (details: unknown): number => {
  const d = (details ?? {}) as { previousStakedCents?: unknown; stakedCents?: unknown };
  return typeof d.previousStakedCents === 'number' && typeof d.stakedCents === 'number' ? d.previousStakedCents - d.stakedCents : 0;
};

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
    const where = (table: string, at: string) => `($1::text IS NULL OR ${table} = $1) AND ($2::timestamptz IS NULL OR ${at} >= $2) AND ($3::timestamptz IS NULL OR ${at} < $3)`;
    // A round's number from its round row where the event about it did not carry it (8.1).
    const register = await this.pool.query(
      `SELECT g.event_id, g.occurred_at, g.recorded_at, g.table_id, g.round_id, COALESCE((g.details->>'roundNumber')::int, r.round_number) AS round_number, g.kind, g.clause, g.actor_id, g.actor_role, g.details, g.command_id
         FROM ${schema}.regulator_register g LEFT JOIN ${schema}.regulator_rounds r ON r.table_id = g.table_id AND r.round_id = g.round_id
        WHERE ${where('g.table_id', 'g.occurred_at')} ORDER BY g.occurred_at, g.event_id`,
      params,
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const rounds = await this.pool.query(
      `SELECT table_id, round_id, round_number, status, settled_at, accounts, staked_cents::float8 AS staked, credited_cents::float8 AS credited, house_net_cents::float8 AS house_net, corrected
         FROM ${schema}.regulator_rounds WHERE ${where('table_id', 'settled_at')} ORDER BY settled_at, table_id`,
      params,
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    // The voids of those rounds, whenever they were recorded (11.14-11.16).
    const voids = await this.pool.query(
      `SELECT event_id, table_id, round_id, kind, occurred_at, recorded_at, clause, details, command_id FROM ${schema}.regulator_register
        WHERE ((kind IN ('malfunction-ats', 'malfunction-game-system') AND details->>'effect' = 'void') OR kind = 'outcome-invalidated') AND round_id = ANY($1::text[]) ORDER BY occurred_at, event_id`,
      [rounds.rows.map((r) => r.round_id as string)],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    // Each account a malfunction, a claim's resolution or a correction moved, by the command that caused it (11.11-11.16).
    const causes = [...new Set([...register.rows, ...voids.rows].map((r) => r.command_id as string | null).filter((c): c is string => !!c))];
    const adjustments = await this.pool.query(
      `SELECT a.caused_by, a.round_id, a.account_id, COALESCE(s.ats_id, ra.ats_id) AS ats_id, COALESCE(a.tournament_id, ra.tournament_id, t.tournament_id) AS tournament_id, a.kind,
              a.stake_returned_cents::float8 AS stake_returned, a.credit_reversed_cents::float8 AS credit_reversed, a.credit_cents::float8 AS credit, a.net_cents::float8 AS net,
              a.moved_cents::float8 AS moved, a.unrecovered_cents::float8 AS unrecovered, a.details,
              COALESCE((g.details->>'setOffCents')::float8, 0) AS set_off, COALESCE((g.details->>'setOffUndoneCents')::float8, 0) AS set_off_undone
         FROM ${schema}.regulator_account_adjustments a
         LEFT JOIN ${schema}.regulator_register g ON g.event_id = a.event_id
         LEFT JOIN ${schema}.regulator_account_ats s ON s.account_id = a.account_id
         LEFT JOIN ${schema}.regulator_round_accounts ra ON ra.table_id = a.table_id AND ra.round_id = a.round_id AND ra.account_id = a.account_id
         LEFT JOIN ${schema}.regulator_tournament_accounts t ON t.account_id = a.account_id
        WHERE a.caused_by = ANY($1::text[]) ORDER BY a.occurred_at, a.account_id, a.event_id`,
      [causes],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const adjustmentsOf = new Map<string, AccountAdjustment[]>();
    for (const a of adjustments.rows) {
      const key = a.caused_by as string;
      // The account's event records a set-off as a negative unrecovered (what the player kept, less by it): that figure
      // is the set-off row's and the rounds' it names (6.7.1 with 11.11); this row carries what it could not recover itself.
      const setOff = a.set_off as number;
      // A set-off undone (a reduction of a round whose credit was set off) is recorded in the unrecovered: the player
      // holds it again, for the rounds it names; this row carries it apart, its own unrecovered without it.
      const setOffUndone = a.set_off_undone as number;
      adjustmentsOf.set(key, [
        ...(adjustmentsOf.get(key) ?? []),
        {
          accountId: a.account_id as string,
          atsId: (a.ats_id as string | null) ?? null,
          ...(a.tournament_id ? { tournamentId: a.tournament_id as string } : {}),
          roundId: a.round_id as string,
          kind: a.kind as AccountAdjustment['kind'],
          stakeReturnedCents: a.stake_returned as number,
          stakeReleasedCents: stakeReleasedOf(a.details),
          creditReversedCents: a.credit_reversed as number,
          creditCents: a.credit as number,
          netCents: a.net as number,
          movedCents: a.moved as number,
          unrecoveredCents: (a.unrecovered as number) + setOff - setOffUndone,
          ...(setOff ? { setOffCents: setOff } : {}),
          ...(setOffUndone ? { setOffUndoneCents: setOffUndone } : {}),
          details: a.details,
        },
      ]);
    }
    const adjusted = (commandId: unknown) => {
      const accounts = (typeof commandId === 'string' && adjustmentsOf.get(commandId)) || [];
      const money = accounts.filter((a) => !a.tournamentId);
      const sum = (k: keyof AdjustmentAmounts) => money.reduce((n, a) => n + (a[k] ?? 0), 0);
      const setOffCents = sum('setOffCents');
      const setOffUndoneCents = sum('setOffUndoneCents');
      return {
        accounts,
        amounts: { stakeReturnedCents: sum('stakeReturnedCents'), stakeReleasedCents: sum('stakeReleasedCents'), creditReversedCents: sum('creditReversedCents'), creditCents: sum('creditCents'), netCents: sum('netCents'), unrecoveredCents: sum('unrecoveredCents'), ...(setOffCents ? { setOffCents } : {}), ...(setOffUndoneCents ? { setOffUndoneCents } : {}) },
      };
    };
    // What recalculations could not take back from money accounts paid out before them, per round (11.11; 12.2.2).
    // A difference in the player's favour set off against what they kept of earlier recoveries (6.7.1, 13.4) reduces
    // the kept money of each round it names by its amount (its register row names them, setOffRounds), not its own
    // round's: each round its real figure whatever the order of the events; a round named without a row here keeps it
    // on the recalculated round, so the totals stay what the accounts moved. A later credit to the open account from play
    // (a settlement, wagers returned below the aggregate: no adjustment of their own) does the same from its set-off row.
    // A set-off row names its rounds as an array; COALESCE keeps any other row out of jsonb_array_elements.
    const unrecovered = await this.pool.query(
      `WITH adj AS (
         SELECT a.event_id, a.table_id, a.round_id, a.unrecovered_cents,
                COALESCE(g.details->'setOffRounds', '[]'::jsonb)
                  || COALESCE((SELECT jsonb_agg(jsonb_build_object('roundId', u->>'roundId', 'amountCents', -(u->>'amountCents')::bigint))
                                 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g.details->'setOffUndoneRounds') = 'array' THEN g.details->'setOffUndoneRounds' ELSE '[]'::jsonb END) u), '[]'::jsonb) AS set_off
           FROM ${schema}.regulator_account_adjustments a
           LEFT JOIN ${schema}.regulator_register g ON g.event_id = a.event_id AND (jsonb_typeof(g.details->'setOffRounds') = 'array' OR jsonb_typeof(g.details->'setOffUndoneRounds') = 'array')
          WHERE (a.unrecovered_cents <> 0 OR g.event_id IS NOT NULL) AND a.tournament_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM ${schema}.regulator_tournament_accounts t WHERE t.account_id = a.account_id)),
       parts AS (
         SELECT table_id, round_id, unrecovered_cents + COALESCE((SELECT SUM((x->>'amountCents')::bigint) FROM jsonb_array_elements(set_off) x), 0) AS cents FROM adj
         UNION ALL
         SELECT adj.table_id, CASE WHEN x->>'roundId' = ANY($1::text[]) THEN x->>'roundId' ELSE adj.round_id END, -(x->>'amountCents')::bigint
           FROM adj CROSS JOIN LATERAL jsonb_array_elements(adj.set_off) x
         UNION ALL
         SELECT g.table_id, CASE WHEN x->>'roundId' = ANY($1::text[]) THEN x->>'roundId' ELSE g.round_id END, -(x->>'amountCents')::bigint
           FROM ${schema}.regulator_register g
           CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(g.details->'setOffRounds') = 'array' THEN g.details->'setOffRounds' ELSE '[]'::jsonb END) x
          WHERE g.kind = 'unrecovered-set-off' AND NOT EXISTS (SELECT 1 FROM ${schema}.regulator_account_adjustments a WHERE a.event_id = g.event_id))
       SELECT table_id, round_id, SUM(cents)::float8 AS unrecovered FROM parts WHERE round_id = ANY($1::text[]) GROUP BY table_id, round_id`,
      [rounds.rows.map((r) => r.round_id as string)],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const unrecoveredOf = new Map(unrecovered.rows.map((u) => [`${String(u.table_id)}/${String(u.round_id)}`, u.unrecovered as number]));
    const voidsOf = new Map<string, RoundVoid[]>();
    for (const v of voids.rows) {
      const key = `${String(v.table_id)}/${String(v.round_id)}`;
      const details = v.details as { atsId?: string | null; relativeToPeriod?: string; afterOutcome?: boolean; outcome?: unknown };
      const invalidation = v.kind === 'outcome-invalidated';
      voidsOf.set(key, [
        ...(voidsOf.get(key) ?? []),
        {
          eventId: v.event_id as string,
          scope: invalidation ? 'invalidation' : v.kind === 'malfunction-ats' ? 'ats' : 'game-system',
          atsId: details.atsId ?? null,
          occurredAt: (v.occurred_at as Date).toISOString(),
          recordedAt: (v.recorded_at as Date).toISOString(),
          relativeToPeriod: details.relativeToPeriod ?? '',
          // An invalidation is of the outcome entered (13.3-13.4), or of a game disrupted before it had one.
          afterOutcome: invalidation ? details.outcome != null : details.afterOutcome === true,
          clause: v.clause as string,
          ...adjusted(v.command_id),
        },
      ]);
    }
    // The latest owed amount of each account up to `to`, whatever `from` says: an amount owed stays owed until paid.
    const owed = await this.pool.query(
      `SELECT DISTINCT ON (details->>'accountId') table_id, details->>'accountId' AS account_id, (details->>'owedAfterCents')::float8 AS owed, occurred_at
         FROM ${schema}.regulator_register
        WHERE kind IN ('owed-to-player', 'owed-paid') AND ($1::text IS NULL OR table_id = $1) AND ($2::timestamptz IS NULL OR occurred_at < $2)
        ORDER BY details->>'accountId', occurred_at DESC, event_id DESC`,
      [filter.tableId ?? null, filter.to ?? null],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    // A ticket the printer failed to print is owed until its manual payment (6.7.2(b)), whatever `from` says, less what
    // a recovery took off it before then (11.11: a debt not yet paid is recovered from first).
    const unpaidTickets = await this.pool.query(
      `SELECT f.table_id, f.details->>'accountId' AS account_id, f.occurred_at,
              (f.details->>'amountCents')::float8 - COALESCE((SELECT SUM((r.details->>'unpaidTicketReducedCents')::float8) FROM ${schema}.regulator_register r
                 WHERE r.kind = 'owed-to-player' AND r.details->>'accountId' = f.details->>'accountId' AND r.details ? 'unpaidTicketReducedCents'
                   AND ($2::timestamptz IS NULL OR r.occurred_at < $2)), 0) AS owed
         FROM ${schema}.regulator_register f
        WHERE f.kind = 'printer-fault' AND ($1::text IS NULL OR f.table_id = $1) AND ($2::timestamptz IS NULL OR f.occurred_at < $2)
          AND NOT EXISTS (SELECT 1 FROM ${schema}.regulator_register m
                           WHERE m.kind = 'manual-payment' AND m.details->>'accountId' = f.details->>'accountId' AND ($2::timestamptz IS NULL OR m.occurred_at < $2))
        ORDER BY f.occurred_at, f.event_id`,
      [filter.tableId ?? null, filter.to ?? null],
    ).catch(() => ({ rows: [] as Record<string, unknown>[] }));
    const owedRow = (cause: OwedToPlayer['cause']) => (r: Record<string, unknown>): OwedToPlayer => ({ tableId: r.table_id as string | null, accountId: r.account_id as string, cause, owedCents: r.owed as number, lastChangedAt: (r.occurred_at as Date).toISOString() });
    const owedToPlayers = [...unpaidTickets.rows.filter((r) => (r.owed as number) > 0).map(owedRow('printer-fault')), ...owed.rows.filter((r) => (r.owed as number) > 0).map(owedRow('recalculation'))];
    const roundRows: RoundRow[] = rounds.rows.map((r) => {
      const at = (r.settled_at as Date).toISOString();
      const unrecoveredCents = unrecoveredOf.get(`${String(r.table_id)}/${String(r.round_id)}`) ?? 0;
      const voids = voidsOf.get(`${String(r.table_id)}/${String(r.round_id)}`) ?? [];
      // Voided whole by the game system, recorded only after the outcome settled the round (11.15(a)): void as a round
      // voided before its outcome, from when it was recorded (every wager returned by the adjustments, in the totals).
      const voidedLate = r.status === 'settled' ? voids.find((v) => v.scope === 'game-system' && v.afterOutcome) : undefined;
      const status = r.status === 'void' || r.status === 'invalidated' ? r.status : voidedLate ? 'void' : 'settled';
      // A game invalidated before its outcome was never settled: void from when it was invalidated (13.3-13.4).
      const neverSettled = r.status === 'void' || (status === 'invalidated' && voids.some((v) => v.scope === 'invalidation' && !v.afterOutcome));
      return {
        tableId: r.table_id as string,
        roundId: r.round_id as string,
        roundNumber: (r.round_number as number | null) ?? null,
        status,
        settledAt: neverSettled ? null : at,
        voidedAt: neverSettled ? at : (voidedLate?.recordedAt ?? null),
        accounts: r.accounts as number,
        stakedCents: r.staked as number,
        creditedCents: r.credited as number,
        unrecoveredCents,
        // What actually moved: the players kept what could not be recovered (11.11).
        houseNetCents: (r.house_net as number) - unrecoveredCents,
        corrected: r.corrected as boolean,
        voids,
      };
    });
    return {
      jurisdiction: 'VIC',
      filter,
      register: register.rows.map((r) => {
        const moved = adjusted(r.command_id);
        // A malfunction's or a claim's resolution names its accounts and amounts even when none moved (11.12, 11.14-11.16).
        const named = moved.accounts.length > 0 || String(r.kind).startsWith('malfunction-') || r.kind === 'claim-resolved';
        return {
          eventId: r.event_id as string,
          occurredAt: (r.occurred_at as Date).toISOString(),
          recordedAt: (r.recorded_at as Date).toISOString(),
          tableId: r.table_id as string | null,
          roundId: r.round_id as string | null,
          roundNumber: (r.round_number as number | null) ?? null,
          kind: r.kind as string,
          clause: r.clause as string,
          actor: { id: r.actor_id as string, role: r.actor_role as string },
          details: r.details,
          ...(named ? moved : {}),
        };
      }),
      rounds: roundRows,
      totals: {
        rounds: roundRows.length,
        stakedCents: roundRows.reduce((n, r) => n + r.stakedCents, 0),
        creditedCents: roundRows.reduce((n, r) => n + r.creditedCents, 0),
        unrecoveredCents: roundRows.reduce((n, r) => n + r.unrecoveredCents, 0),
        houseNetCents: roundRows.reduce((n, r) => n + r.houseNetCents, 0),
        owedToPlayersCents: owedToPlayers.reduce((n, o) => n + o.owedCents, 0),
      },
      owedToPlayers,
    };
  }
}
