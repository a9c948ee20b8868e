import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { forbidden } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { casinoOfRulebook, casinosOfJurisdiction } from '@app/baccarat';
import { Actor, ApiJson, Authorize, CurrentActor, IsIsoInstant, outOfCasino, StaffCasinos } from '@app/platform-kit';
import type { Pool } from 'pg';
import { PROMOTION_NOTICES_TABLE } from './promotion-notices.projection';
import { loadOverdue } from './promotion-overdue';

export class PromotionNoticesQuery {
  @ApiPropertyOptional() @IsOptional() @IsIsoInstant() from?: string;
  @ApiPropertyOptional() @IsOptional() @IsIsoInstant() to?: string;
  @ApiPropertyOptional({ description: 'The time `overdue` is judged at (default: now)' }) @IsOptional() @IsIsoInstant() asOf?: string;
}

interface NoticeRow {
  event_id: string;
  gaming_day: string;
  promotion_id: string;
  rulebook_id: string | null;
  kind: string;
  clause: string;
  at: string;
  on_time: boolean | null;
  amount_cents: string | null;
  data: Record<string, unknown>;
}

const noticeOf = (r: NoticeRow) => ({ eventId: r.event_id, promotionId: r.promotion_id, rulebookId: r.rulebook_id, kind: r.kind, clause: r.clause, at: r.at, onTime: r.on_time, amountCents: r.amount_cents === null ? null : Number(r.amount_cents), data: r.data });

/** The notices the token reconciliation sums. */
const TOKEN_KINDS = ['token-wager-settled', 'token-wager-reversed'];
/** The notices a supervisor and the regulator must act on (see `attention`). */
const ATTENTION_KINDS = ['token-wager-unmarked', 'token-wager-mismatch', 'token-wager-unregistered', 'token-wager-after-release', 'token-wager-released'];
/** Token wagers the tables took that the desk never registered (Star 1.1, 5.2): itemised in the reconciliation. */
const UNREGISTERED = 'token-wager-unregistered';
/** A token wager the table took after the desk released it (Star 1.1): no registered wager stands behind it any more. */
const AFTER_RELEASE = 'token-wager-after-release';
/** Token wagers the tables took other than the desk registered them (Star 1.1, 5.2): any stake above the registered one is itemised. */
const MISMATCH = 'token-wager-mismatch';

/** The Star's promotions are NSW's: a regulator reads them only with NSW in their token (NICC / ILGA). */
const JURISDICTION = 'NSW';
export const PROMOTION_NOTICES_SCHEMA = Symbol('PROMOTION_NOTICES_SCHEMA');

/**
 * Promotion notices for the NSW regulator (The Star Sydney 16, 1.1): each notice with its clause and whether its
 * deadline was met, and the token reconciliation: chips paid on token wagers, and the token stakes the tables
 * service recorded as returned, which left the table as forfeited tokens, not chips.
 */
@ApiTags('reports')
@Controller('reporting/promotions')
export class PromotionNoticesController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PROMOTION_NOTICES_SCHEMA) private readonly schema: string,
  ) {}

  @Get('notices')
  @Authorize({ anyOf: ['area-manager', 'regulator'] })
  @ApiJson(
    'notices (eventId, promotionId, rulebookId, kind, clause, at, onTime, amountCents, data) with `at` in [from, to); `late`; `overdue` (terms never lodged with the NICC by 24 hours before commencement, Star 2024 16.12; a winner never notified 2 days after the draw, 16.8; an inspector never told of a postponement or cancellation by its due time, 16.11; as of `asOf`, default now); `attention` (token wagers the dealer did not mark as tokens, which the tables counted as chips: kind token-wager-unmarked); and the promotional token reconciliation',
    {
      notices: [{ eventId: 'e-1', promotionId: 'spring-draw', rulebookId: 'star-sydney-2024', kind: 'winner-notified', clause: 'Star 2024 16.8', at: '2026-05-01T10:00:00+10:00', onTime: true, amountCents: null, data: {} }],
      late: [],
      overdue: [],
      attention: [],
      tokenReconciliation: { gamingDays: ['2026-04-02'], unregisteredWagers: [], excessWagers: [{ tableId: 'NSW-1', coupId: 'N1-c2', box: 3, bet: 'player', amountCents: 7500, registeredAmountCents: 5000, excessCents: 2500, at: '2026-04-02T02:00:00.000Z', wagerId: 'token:V1:2', tablesWagerId: null, voucherId: 'V1', clause: "Star 2024 1.1 'Casino Promotional Token'", eventId: 'e-9' }] },
    },
  )
  @ApiOperation({
    summary: 'Promotion notices (Star 16.2, 16.4, 16.8, 16.9.1, 16.11, 16.12) and the promotional token reconciliation (1.1)',
    description:
      'The notices are exactly those with `at` in [from, to). The token reconciliation cannot be cut at instants, because the table statistics it is checked against are kept per gaming day: it covers whole NSW gaming days, namely every gaming day (listed in `tokenReconciliation.gamingDays`) on which a token wager settled or reversed, or a table took a token wager the desk never registered or registered otherwise, inside [from, to), and on both sides sums every token wager settled or reversed on those days, including any outside [from, to).',
  })
  async notices(@Query() q: PromotionNoticesQuery, @CurrentActor() actor: Actor, @StaffCasinos() staffCasinos?: readonly string[]) {
    if (actor.role === 'regulator' && !actor.jurisdictions.includes(JURISDICTION)) {
      throw forbidden('REPORT_OUT_OF_JURISDICTION', `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} jurisdictions; promotion notices are ${JURISDICTION}.`);
    }
    // The window [from, to) is empty or reversed when `to` is not after `from`: refused, nothing answered.
    if (q.from && q.to && Date.parse(q.from) >= Date.parse(q.to)) {
      const message = `"to" (${q.to}) must come after "from" (${q.from}): the notices and the token reconciliation (Star 1.1) cover [from, to). Send a window whose "to" is later than its "from".`;
      throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, violations: [{ field: 'from', rule: 'beforeTo', message }, { field: 'to', rule: 'afterFrom', message }] });
    }
    // Staff read only their casinos (the casino scope): the answer is NSW's, so a token naming no NSW casino reads
    // none of it; otherwise the reconciliation covers the tables of the token's casinos only, both sides.
    const mine = staffCasinos && casinosOfJurisdiction(JURISDICTION).filter((c) => staffCasinos.includes(c));
    if (mine && mine.length === 0) throw outOfCasino(actor, casinosOfJurisdiction(JURISDICTION).join(' and '), `the ${JURISDICTION} promotion notices and token reconciliation`);
    const { rows } = await this.pool.query<NoticeRow>(
      `SELECT * FROM ${this.schema}.${PROMOTION_NOTICES_TABLE} WHERE ($1::timestamptz IS NULL OR at::timestamptz >= $1) AND ($2::timestamptz IS NULL OR at::timestamptz < $2) ORDER BY at, event_id`,
      [q.from ?? null, q.to ?? null],
    );
    const notices = rows.map(noticeOf);
    const overdue = await loadOverdue(this.pool, this.schema, q.asOf ?? new Date().toISOString());
    // For staff, the tables of their casinos (by the rulebook each table opened with); all NSW tables otherwise.
    const tables = mine ? await this.tablesOf(mine) : null;
    const atMine = (r: NoticeRow) => tables === null || tables.includes(r.data.tableId as string);
    // Star 1.1 (the operation's description is the contract): the table statistics are per NSW gaming day, so both
    // sides cover whole days, and exactly the days on which a token wager settled or reversed, or the tables took token
    // play the desk never registered (or registered otherwise), inside [from, to): unseen token play must not escape it.
    const days = [...new Set(rows.filter((r) => [...TOKEN_KINDS, UNREGISTERED, AFTER_RELEASE, MISMATCH].includes(r.kind) && atMine(r)).map((r) => r.gaming_day))].sort();
    const { rows: allDayRows } = await this.pool.query<NoticeRow>(`SELECT * FROM ${this.schema}.${PROMOTION_NOTICES_TABLE} WHERE kind = ANY($1::text[]) AND gaming_day = ANY($2::text[]) ORDER BY at, event_id`, [[...TOKEN_KINDS, UNREGISTERED, AFTER_RELEASE, MISMATCH], days]);
    const dayRows = allDayRows.filter(atMine);
    // Each token wager the tables took with no registered token wager behind it, as the table took it.
    const unregisteredWagers = dayRows
      .filter((r) => r.kind === UNREGISTERED || r.kind === AFTER_RELEASE)
      .map((r) => ({
        tableId: r.data.tableId as string,
        coupId: r.data.coupId as string,
        box: r.data.box as number,
        bet: r.data.bet as string,
        amountCents: r.data.amountCents as number,
        at: (r.data.acceptedAt as string | undefined) ?? r.at,
        tablesWagerId: ((r.data.tablesWagerId as string | null) ?? (r.data.wagerId as string | undefined)) ?? null,
        voucherId: (r.data.voucherId as string | null) ?? null,
        clause: r.clause,
        eventId: r.event_id,
      }));
    const tokens = dayRows.map(noticeOf).filter((n) => n.kind === 'token-wager-settled');
    const reversed = dayRows.map(noticeOf).filter((n) => n.kind === 'token-wager-reversed');
    // The chips the promotions service says token wagers won, gross of commission, less what voids took back.
    const grossOf = new Map(tokens.map((t) => [t.data.wagerId as string, t.data.grossWinCents as number]));
    const promotionsPaid = tokens.reduce((n, t) => n + (t.data.grossWinCents as number), 0) - reversed.reduce((n, r) => n + (grossOf.get(r.data.wagerId as string) ?? 0), 0);
    // The stakes the desk recorded for the same wagers, as the tables count theirs: none for a void, and a coup voided
    // after settlement takes its stakes off again. A wager the tables took for more than the desk recorded shows here.
    // One the table took after the desk released it is itemised among the unregistered wagers instead (Star 1.1).
    const stakeOf = new Map(tokens.map((t) => [t.data.wagerId as string, t.data.outcome === 'void' || t.data.afterRelease === true ? 0 : (t.data.amountCents as number)]));
    const promotionsStakes = [...stakeOf.values()].reduce((n, v) => n + v, 0) - reversed.reduce((n, r) => n + (stakeOf.get(r.data.wagerId as string) ?? 0), 0);
    // The same wagers in the table statistics (Star 5.2, 1.1: counted apart, winnings as chips paid, stakes not cash).
    const { rows: stats } = await this.pool.query<{ wagers: string | null; stakes: string | null; paid: string | null; won: string | null }>(
      `SELECT sum(token_wagers)::text AS wagers, sum(token_stakes_cents)::text AS stakes, sum(token_paid_cents)::text AS paid, sum(token_won_cents)::text AS won
         FROM ${this.schema}.table_stats WHERE jurisdiction = $1 AND gaming_day = ANY($2::text[]) AND ($3::text[] IS NULL OR table_id = ANY($3::text[]))`,
      [JURISDICTION, days, tables],
    );
    // Each token wager the tables took for other than the desk registered (Star 1.1, 5.2): the stake the tables counted
    // (none for a void, nor once the coup is voided after settlement) less the stake the desk's side counts for it
    // (above; nothing where it was never settled), so registered stakes + these excesses + the unregistered wagers
    // make up the tables' token stakes. A wager taken at another box or bet for the registered amount has none.
    const settledOf = new Map(tokens.map((t) => [t.data.wagerId as string, t]));
    const reversedIds = new Set(reversed.map((r) => r.data.wagerId as string));
    const excessWagers = dayRows
      .filter((r) => r.kind === MISMATCH && typeof r.data.amountCents === 'number')
      .map((r) => {
        const wagerId = r.data.wagerId as string;
        const voided = settledOf.get(wagerId)?.data.outcome === 'void' || reversedIds.has(wagerId);
        const tablesCents = voided ? 0 : (r.data.amountCents as number);
        const counted = reversedIds.has(wagerId) ? 0 : (stakeOf.get(wagerId) ?? 0);
        return {
          tableId: r.data.tableId as string,
          coupId: r.data.coupId as string,
          box: r.data.box as number,
          bet: r.data.bet as string,
          amountCents: r.data.amountCents as number,
          registeredAmountCents: (r.data.registeredAmountCents as number | undefined) ?? null,
          excessCents: tablesCents - counted,
          at: (r.data.acceptedAt as string | undefined) ?? r.at,
          wagerId,
          tablesWagerId: (r.data.tablesWagerId as string | null) ?? null,
          voucherId: (r.data.voucherId as string | null) ?? null,
          clause: r.clause,
          eventId: r.event_id,
        };
      })
      .filter((w) => w.excessCents !== 0);
    // Paid is what the chips paid came to (19 to 20 on a Star 2024 Banker win); won, the win before commission, is the
    // figure the desk settles on, so the two sides are compared on it (Star 1.1, 5.2, 11.1.3).
    const tableStatistics = { tokenWagers: Number(stats[0]?.wagers ?? 0), tokenStakesCents: Number(stats[0]?.stakes ?? 0), tokenPaidCents: Number(stats[0]?.paid ?? 0), tokenWonCents: Number(stats[0]?.won ?? 0) };
    return {
      jurisdiction: JURISDICTION,
      notices,
      late: notices.filter((n) => n.onTime === false),
      /** Obligations never met, past their due time as of `asOf` (Star 2024 16.12 terms lodged; 16.8; 16.11): promotion-overdue.ts. */
      overdue,
      /**
       * For a supervisor and the regulator (Star 5.2, 1.1): token wagers the dealer did not mark as tokens (the tables
       * counted them as chips: correct the table's record), token wagers the tables took other than the desk recorded
       * them or never recorded at all (the token was not the voucher's to stake so), and token wagers the tables never
       * took, whose tokens went back to the player.
       */
      attention: notices.filter((n) => ATTENTION_KINDS.includes(n.kind)),
      tokenReconciliation: {
        /** The whole NSW gaming days both sides are summed over (see the operation's description); for staff, over their casinos' tables. */
        gamingDays: days,
        wagers: tokens.length,
        winningsInChipsCents: tokens.reduce((n, t) => n + (t.data.winningsInChipsCents as number), 0),
        tokenStakesCents: tokens.reduce((n, t) => n + (t.data.amountCents as number), 0),
        /** What the tables service recorded as stake returned on token wagers: tokens, not chips, left the table. */
        tablesRecordedReturnedCents: tokens.reduce((n, t) => n + (t.data.tablesReturnedCents as number), 0),
        tokensForfeited: tokens.filter((t) => t.data.token === 'forfeited').length,
        /** Winnings taken back because the coup was voided after settlement. */
        winningsReversedCents: reversed.reduce((n, t) => n + (t.data.winningsReversedCents as number), 0),
        /** Chips won on token wagers before commission, net of voids: what the table statistics must show as tokenWonCents. */
        grossWinningsInChipsCents: promotionsPaid,
        /** The table statistics' count of the same days: token stakes are not turnover nor house win, their winnings are chips paid. */
        tableStatistics,
        /** Token stakes the desk recorded, net of voids: what the table statistics must show as token_stakes_cents. */
        recordedStakesCents: promotionsStakes,
        /**
         * True when the table statistics' token winnings before commission AND their token stakes equal the promotions
         * service's (see `attention` when not): a token wager paid at the table for more than the voucher staked fails it.
         */
        agreesWithTableStatistics: tableStatistics.tokenWonCents === promotionsPaid && tableStatistics.tokenStakesCents === promotionsStakes,
        /**
         * Each token wager the tables took on those days that the promotions desk never registered (Star 1.1, 5.2):
         * table, coup, box, bet, amount and when, the tables' wager id and any voucher its token id names.
         */
        unregisteredWagers,
        /**
         * Each token wager the tables took for a stake other than the desk registered (Star 1.1, 5.2): table, coup, box,
         * bet, the table's amount, the registered amount and `excessCents` (the table's stake less the registered one
         * counted in `recordedStakesCents`; the whole amount where none is counted there). recordedStakesCents + the
         * excesses + the unregistered wagers' amounts = tableStatistics.tokenStakesCents when nothing else is amiss.
         */
        excessWagers,
      },
    };
  }

  /** The NSW tables of these casinos: each table belongs to the casino of the rulebook it opened with (the table directory). */
  private async tablesOf(casinos: readonly string[]): Promise<string[]> {
    const { rows } = await this.pool.query<{ table_id: string; rulebook_id: string | null }>(`SELECT table_id, rulebook_id FROM ${this.schema}.table_directory WHERE jurisdiction = $1`, [JURISDICTION]);
    return rows.filter((r) => casinos.includes(casinoOfRulebook(r.rulebook_id) ?? '')).map((r) => r.table_id);
  }
}
