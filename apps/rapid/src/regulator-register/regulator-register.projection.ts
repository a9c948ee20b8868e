/**
 * What the regulator (VCGR, now VGCCC) sees of Rapid Baccarat, read from the service's PUBLISHED events (the
 * same contract a reporting service consumes, over Kafka or the in-database subscription):
 * - the register of irregularities: wrong outcomes frozen and recalculated, or confirmed on review (11.11), with
 *   what could not be recovered, malfunctions and what happened to the wagers (11.14-11.16), player claims and their resolution
 *   (11.12), tickets a printer failed to print and their manual payment (6.7.2(b)), what a recalculation left owed
 *   to a player paid out since and its payment (11.11 with 6.7);
 * - every round played, by its number (8.1), with its totals (staked, credited, what a recalculation could not take
 *   back from an account paid out before it, and the house result, which is what the accounts moved), corrected when an
 *   outcome is (11.11): a round voided whole by the game system (11.15(a)) too, one invalidated (13.3-13.4), and the
 *   voids of each round.
 * One rule for the totals whatever the time a void is recorded (5.3, 11.14-11.16): a voided wager is returned,
 * neither staked nor credited, as wagers below the permitted aggregate (5.3.3); tournament chips are no money and
 * are never in them, at settlement or after any recalculation (12.2.1(b), 12.2.2).
 * A malfunction is placed by when it occurred, its row showing when it was recorded too (11.14, 11.15).
 * Idempotent: a row per event id; each account's part of a round is kept and set (never added to) by the round's
 * events and an account's adjustment after a malfunction, the round's totals following, in the same transaction as
 * the consumer's checkpoint, so a redelivery changes nothing.
 */
import type { IntegrationEvent } from '@app/contracts';
import { runMigrations } from '@app/event-store';
import { handlesTypes, type Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import { RAPID_READ_MODEL_MIGRATIONS } from '../rapid.migrations';

const REGISTER_TYPES = [
  'RapidAccountsFrozen',
  'RapidOutcomeCorrected',
  'RapidOutcomeConfirmed',
  'RapidMalfunctionRecorded',
  'RapidOutcomeInvalidated',
  'RapidClaimRecorded',
  'RapidClaimResolved',
  'AtsSettlementRecalculated',
  'AtsManualPaymentRecorded',
  'AtsOwedAmountPaid',
  'AtsAccountCashedOut',
  'AtsTournamentMinimumDeducted',
] as const;

type Data = Record<string, unknown>;

/**
 * The returns a malfunction (11.14-11.16) or a game invalidated before its outcome (13.3-13.4) causes; a return below
 * the permitted aggregate (5.3.3) or at a session's end is none.
 */
const RETURNED_BY_MALFUNCTION = new Set(['ats-malfunction', 'game-system-malfunction', 'unconfirmed-after-malfunction', 'outcome-invalidated']);

/** The register row of an event, or null when the event is not an irregularity (a recalculation that recovered everything). */
const registerRow = (e: IntegrationEvent): { tableId: string | null; roundId: string | null; kind: string; details: Data } | null => {
  const d = e.data as Data;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  switch (e.type) {
    case 'RapidAccountsFrozen':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'accounts-frozen', details: { accounts: (d.accountIds as unknown[]).length, reason: d.reason } };
    case 'RapidOutcomeCorrected':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'outcome-corrected', details: { previous: d.previous, actual: d.actual, stakedCents: d.stakedCents, creditedCents: d.creditedCents, houseNetCents: d.houseNetCents } };
    case 'RapidOutcomeConfirmed':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'outcome-confirmed', details: { outcome: d.outcome, accountsReleased: (d.accountIds as unknown[]).length } };
    case 'RapidMalfunctionRecorded':
      return {
        tableId: str('tableId'),
        roundId: str('roundId'),
        // A report of wagers already void is a repeated report of that void (11.14-11.16), naming the first: not a second void.
        kind: d.repeatOf ? 'malfunction-repeated-report' : `malfunction-${d.scope}`,
        details: {
          atsId: d.atsId,
          ...(d.repeatOf ? { scope: d.scope, repeatOf: d.repeatOf } : {}),
          relativeToPeriod: d.relativeToPeriod,
          confirmedFromRecords: d.confirmedFromRecords,
          effect: d.effect,
          afterOutcome: d.afterOutcome === true,
          description: d.description,
        },
      };
    case 'RapidOutcomeInvalidated':
      // The outcome invalidated, every wager for it refunded (11.10, 13.3-13.4): each account's refund is its own row.
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'outcome-invalidated', details: { ground: d.ground, reason: d.reason, outcome: d.outcome, accounts: (d.accountIds as unknown[]).length, authority: d.authority, clause: d.clause } };
    case 'RapidClaimRecorded':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'claim-recorded', details: { claimId: d.claimId, atsId: d.atsId, claim: d.kind, description: d.description } };
    case 'RapidClaimResolved':
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'claim-resolved', details: { claimId: d.claimId, resolution: d.resolution, action: d.action } };
    case 'AtsTournamentMinimumDeducted':
      // A tournament row: chips deducted for a round without a wager (12.2.1(c)), no money (12.2.2), never in the totals.
      return {
        tableId: str('tableId'),
        roundId: str('roundId'),
        kind: 'tournament-minimum-deducted',
        details: { accountId: d.accountId, atsId: d.atsId, tournamentId: d.tournamentId, sessionId: d.sessionId, entryId: d.entryId, deductedChips: d.amountCents, minimumChips: d.minimumCents, balanceAfterChips: d.balanceAfterCents },
      };
    case 'AtsSettlementRecalculated': {
      // A tournament account's movement is in tournament chips (Rapid 12.2.2): the tournament's own notices show it.
      if (typeof d.tournamentId === 'string') return null;
      // An account paid out since: what the recalculation leaves owed to the player who left, until paid (11.11 with 6.7).
      // A ticket not yet paid reduced by the recovery (6.7.2(b) with 11.11): the printer-fault amount owed falls by it.
      const ticket = d.unpaidTicket as { reducedCents: number; owedAfterCents: number } | undefined;
      const setOff = d.setOff as { amountCents: number; unrecoveredAfterCents: number; rounds?: unknown[] } | undefined;
      // A reduction of a round whose credit was set off undoes that set-off first (11.11 with 6.7.1): the rounds it names
      // show their kept money again; only the rest moved the balance.
      const undone = d.setOffUndone as { amountCents: number; unrecoveredAfterCents: number; rounds?: unknown[] } | undefined;
      const undoneDetails = undone ? { setOffUndoneCents: undone.amountCents, unrecoveredAfterCents: undone.unrecoveredAfterCents, setOffUndoneRounds: undone.rounds ?? [] } : {};
      if (typeof d.owedToPlayerCents === 'number' && (d.movementCents !== 0 || ticket)) {
        return {
          tableId: str('tableId'),
          roundId: str('roundId'),
          kind: 'owed-to-player',
          details: {
            accountId: d.accountId,
            movementCents: d.movementCents,
            owedAfterCents: d.owedToPlayerCents,
            unrecoveredCents: d.unrecoveredCents,
            previousCreditCents: d.previousCreditCents,
            creditCents: d.creditCents,
            ...(ticket ? { unpaidTicketReducedCents: ticket.reducedCents, unpaidTicketOwedAfterCents: ticket.owedAfterCents } : {}),
            ...(setOff ? { setOffCents: setOff.amountCents, unrecoveredAfterCents: setOff.unrecoveredAfterCents, setOffRounds: setOff.rounds ?? [] } : {}),
            ...undoneDetails,
          },
        };
      }
      if (undone) {
        return { tableId: str('tableId'), roundId: str('roundId'), kind: 'unrecovered-set-off-undone', details: { accountId: d.accountId, ...undoneDetails, unrecoveredCents: d.unrecoveredCents, movementCents: d.movementCents, previousCreditCents: d.previousCreditCents, creditCents: d.creditCents } };
      }
      // A difference in the player's favour set against what they kept of an earlier recovery (11.11): nothing paid.
      if (setOff) {
        return { tableId: str('tableId'), roundId: str('roundId'), kind: 'unrecovered-set-off', details: { accountId: d.accountId, setOffCents: setOff.amountCents, unrecoveredAfterCents: setOff.unrecoveredAfterCents, setOffRounds: setOff.rounds ?? [], movementCents: d.movementCents, previousCreditCents: d.previousCreditCents, creditCents: d.creditCents } };
      }
      return (d.unrecoveredCents as number) === 0
        ? null
        : { tableId: str('tableId'), roundId: str('roundId'), kind: 'recovery-shortfall', details: { accountId: d.accountId, unrecoveredCents: d.unrecoveredCents, previousCreditCents: d.previousCreditCents, creditCents: d.creditCents } };
    }
    case 'AtsOwedAmountPaid': {
      // The round whose recalculation left the amount owed, by its number (8.1); every such round when there were several.
      const rounds = Array.isArray(d.rounds) ? (d.rounds as { roundId: string; roundNumber?: number }[]) : [];
      const last = rounds[rounds.length - 1];
      return {
        tableId: str('tableId'),
        roundId: last?.roundId ?? null,
        kind: 'owed-paid',
        details: { accountId: d.accountId, atsId: d.atsId, method: d.method, amountCents: d.amountCents, owedAfterCents: d.balanceAfterCents, reason: d.reason, ...(last?.roundNumber ? { roundNumber: last.roundNumber } : {}), ...(rounds.length > 1 ? { rounds } : {}) },
      };
    }
    case 'AtsWagersSettled':
    case 'AtsWagersReturned': {
      // A credit to the open account from play that took back what the player kept of earlier recoveries the account
      // could not make (11.11 with 6.7.1): the rounds it names no longer show it unrecovered.
      const setOff = d.setOff as { amountCents: number; unrecoveredAfterCents: number; rounds?: unknown[] } | undefined;
      if (!setOff) return null;
      const settled = e.type === 'AtsWagersSettled';
      return {
        tableId: str('tableId'),
        roundId: str('roundId'),
        kind: 'unrecovered-set-off',
        details: {
          accountId: d.accountId,
          setOffCents: setOff.amountCents,
          unrecoveredAfterCents: setOff.unrecoveredAfterCents,
          setOffRounds: setOff.rounds ?? [],
          against: settled ? 'settlement' : 'wagers-returned',
          ...(settled ? { creditCents: d.creditCents } : { reason: d.reason, returnedCents: d.stakedCents }),
          movementCents: d.movementCents,
        },
      };
    }
    case 'AtsManualPaymentRecorded':
      // The round of the cash-out whose ticket it pays, as the printer-fault row names it (8.1).
      return { tableId: str('tableId'), roundId: str('roundId'), kind: 'manual-payment', details: { accountId: d.accountId, atsId: d.atsId, amountCents: d.amountCents, reason: d.reason } };
    case 'AtsAccountCashedOut':
      // The ticket the printer failed to print (6.7.2(b)): the whole balance is owed to the player until the manual payment.
      return d.ticketPrinted === false
        ? { tableId: str('tableId'), roundId: str('roundId'), kind: 'printer-fault', details: { accountId: d.accountId, atsId: d.atsId, ticketId: d.ticketId, amountCents: d.amountCents } }
        : null;
    default:
      return null;
  }
};

type Counted = { readonly stakedCents: number; readonly creditedCents: number };
type RoundAccount = { readonly accountId: string; readonly atsId?: string; readonly stakedCents: number; readonly creditedCents: number; readonly tournamentId?: string };

const isCounted = (v: unknown): v is Counted => typeof v === 'object' && v !== null && typeof (v as Counted).stakedCents === 'number' && typeof (v as Counted).creditedCents === 'number';

/**
 * What an account's round counts for the coup after a malfunction's adjustment (11.14(b), 11.15(b), 11.16), from the
 * account's event: as it says (`counted`), else nothing when its wagers are void or not recognised (returned, 5.3.3),
 * else its stake and credit. `stakedBefore` stands in for a stake events before `stakedCents` did not carry.
 */
const countedAfterAdjustment = (d: Data, stakedBefore: number): Counted => {
  if (isCounted(d.counted)) return d.counted;
  const settlements = Array.isArray(d.settlements) ? (d.settlements as { outcome?: string }[]) : [];
  if (d.notRecognised || (settlements.length > 0 && settlements.every((x) => x.outcome === 'void'))) return { stakedCents: 0, creditedCents: 0 };
  return { stakedCents: typeof d.stakedCents === 'number' ? d.stakedCents : stakedBefore, creditedCents: Number(d.creditCents) };
};

export class RegulatorRegisterProjection implements Projection {
  readonly name: string;
  readonly handles = handlesTypes(...REGISTER_TYPES, 'RapidRoundSettled', 'AtsWagersSettled', 'AtsWagersReturned', 'AtsTournamentAccountOpened', 'AtsAccountOpened');

  constructor(private readonly schema = 'rapid') {
    this.name = `${schema}.regulator-register`;
  }

  /** The tables come from the rapid schema's versioned migrations, applied under their lock in this transaction. */
  async setup(tx: PoolClient): Promise<void> {
    await runMigrations(tx, RAPID_READ_MODEL_MIGRATIONS, this.schema);
  }

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(
      `TRUNCATE ${this.schema}.regulator_register, ${this.schema}.regulator_rounds, ${this.schema}.regulator_round_accounts, ${this.schema}.regulator_tournament_accounts, ${this.schema}.regulator_account_ats, ${this.schema}.regulator_account_adjustments`,
    );
  }

  async apply(e: IntegrationEvent, tx: PoolClient): Promise<void> {
    const d = e.data as Data;
    let money: Counted | null = null;
    if (e.type === 'AtsAccountOpened' || e.type === 'AtsTournamentAccountOpened') {
      // The ATS of the account, which an account's later movements do not name: the register names it (11.14-11.16).
      await tx.query(`INSERT INTO ${this.schema}.regulator_account_ats (account_id, ats_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [d.accountId, d.atsId]);
    }
    if (e.type === 'AtsAccountOpened') return;
    if (e.type === 'AtsTournamentAccountOpened') {
      // A tournament account's chips have no cash value (12.2.1(b), 12.2.2), whatever a later event says of it.
      await tx.query(`INSERT INTO ${this.schema}.regulator_tournament_accounts (account_id, tournament_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [d.accountId, d.tournamentId]);
      return;
    }
    if (e.type === 'AtsSettlementRecalculated' || (e.type === 'AtsWagersReturned' && RETURNED_BY_MALFUNCTION.has(String(d.reason)))) await this.accountAdjusted(e, d, tx);
    if (e.type === 'RapidRoundSettled' || e.type === 'RapidOutcomeCorrected') money = await this.roundSettled(e, d, tx);
    if (e.type === 'RapidMalfunctionRecorded' && d.scope === 'game-system' && d.effect === 'void' && d.afterOutcome !== true && !d.repeatOf) {
      // Voided whole before its outcome (11.15(a)): a round played all the same, in the period of when the game system
      // failed, every wager returned: nothing staked or credited (5.3, 11.15).
      await tx.query(
        `INSERT INTO ${this.schema}.regulator_rounds (table_id, round_id, round_number, status, settled_at, accounts, staked_cents, credited_cents, house_net_cents, corrected)
         VALUES ($1, $2, $3, 'void', $4, 0, 0, 0, 0, false) ON CONFLICT (table_id, round_id) DO NOTHING`,
        [d.tableId, d.roundId, typeof d.roundNumber === 'number' ? d.roundNumber : null, d.occurredAt ?? e.occurredAt],
      );
    }
    if (e.type === 'RapidOutcomeInvalidated') {
      // The round's outcome void from then on, every wager refunded (13.4): its status says so; a game disrupted before
      // its outcome is a round played all the same, staking and crediting nothing.
      await tx.query(
        `INSERT INTO ${this.schema}.regulator_rounds (table_id, round_id, round_number, status, settled_at, accounts, staked_cents, credited_cents, house_net_cents, corrected)
         VALUES ($1, $2, $3, 'invalidated', $4, 0, 0, 0, 0, false)
         ON CONFLICT (table_id, round_id) DO UPDATE SET status = 'invalidated', round_number = COALESCE(${this.schema}.regulator_rounds.round_number, EXCLUDED.round_number)`,
        [d.tableId, d.roundId, typeof d.roundNumber === 'number' ? d.roundNumber : null, d.invalidatedAt ?? e.occurredAt],
      );
    }
    if (e.type === 'AtsWagersReturned') await this.returnedInVoidRound(d, tx);
    // The round's totals move by each account's change, after a malfunction or an invalidation (11.14-11.16, 13.4).
    if (e.type === 'AtsSettlementRecalculated' && (d.cause === 'malfunction' || d.cause === 'invalidation')) await this.adjusted(d, tx);
    const found = registerRow(e);
    if (!found) return;
    // A tournament account's set-off is in tournament chips (12.2.2): the tournament's own notices show it.
    if ((e.type === 'AtsWagersSettled' || e.type === 'AtsWagersReturned') && (await this.tournamentAccount(d.accountId, tx))) return;
    // The round as the SGC shows it ("Round 412", 8.1), where the event carries its number; a correction's totals in money (12.2.2).
    const details = { ...found.details, ...(money ? { stakedCents: money.stakedCents, creditedCents: money.creditedCents, houseNetCents: money.stakedCents - money.creditedCents } : {}), ...(typeof d.roundNumber === 'number' ? { roundNumber: d.roundNumber } : {}) };
    // A malfunction is placed by when it occurred, not when it was recorded (11.14, 11.15); every other row by its event.
    const malfunction = e.type === 'RapidMalfunctionRecorded';
    const occurredAt = malfunction && typeof d.occurredAt === 'string' ? d.occurredAt : e.occurredAt;
    const recordedAt = malfunction && typeof d.recordedAt === 'string' ? d.recordedAt : e.occurredAt;
    await tx.query(
      `INSERT INTO ${this.schema}.regulator_register (event_id, occurred_at, recorded_at, table_id, round_id, kind, clause, actor_id, actor_role, details, command_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (event_id) DO NOTHING`,
      [e.eventId, occurredAt, recordedAt, found.tableId, found.roundId, found.kind, String(d.clause ?? ''), e.actor.id, e.actor.role, JSON.stringify(details), e.commandId],
    );
  }

  /**
   * The round settled, or restated by the actual outcome (11.11): each account's part is set as the event says, a
   * tournament account's marked as such whether or not this event marks it (as the round's settlement did, or as the
   * account was opened), and the round's totals are the money accounts' sums (12.2.2). Returns those totals.
   */
  private async roundSettled(e: IntegrationEvent, d: Data, tx: PoolClient): Promise<Counted> {
    const accounts = (Array.isArray(d.accounts) ? d.accounts : []) as RoundAccount[];
    const known = await tx.query<{ account_id: string; tournament_id: string | null }>(
      `SELECT a.account_id, COALESCE(r.tournament_id, t.tournament_id) AS tournament_id
         FROM unnest($3::text[]) AS a(account_id)
         LEFT JOIN ${this.schema}.regulator_round_accounts r ON r.table_id = $1 AND r.round_id = $2 AND r.account_id = a.account_id
         LEFT JOIN ${this.schema}.regulator_tournament_accounts t ON t.account_id = a.account_id`,
      [d.tableId, d.roundId, accounts.map((a) => a.accountId)],
    );
    const tournamentOf = new Map(known.rows.map((r) => [r.account_id, r.tournament_id]));
    const marked = accounts.map((a) => ({ ...a, tournamentId: a.tournamentId ?? tournamentOf.get(a.accountId) ?? null }));
    for (const a of marked) {
      await tx.query(
        `INSERT INTO ${this.schema}.regulator_round_accounts (table_id, round_id, account_id, ats_id, tournament_id, staked_cents, credited_cents) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (table_id, round_id, account_id) DO UPDATE SET ats_id = COALESCE(EXCLUDED.ats_id, ${this.schema}.regulator_round_accounts.ats_id),
           tournament_id = COALESCE(${this.schema}.regulator_round_accounts.tournament_id, EXCLUDED.tournament_id), staked_cents = EXCLUDED.staked_cents, credited_cents = EXCLUDED.credited_cents`,
        [d.tableId, d.roundId, a.accountId, a.atsId ?? null, a.tournamentId, a.stakedCents, a.creditedCents],
      );
    }
    const cash = marked.filter((a) => !a.tournamentId);
    const money = { stakedCents: cash.reduce((n, a) => n + a.stakedCents, 0), creditedCents: cash.reduce((n, a) => n + a.creditedCents, 0) };
    await tx.query(
      `INSERT INTO ${this.schema}.regulator_rounds (table_id, round_id, round_number, status, settled_at, accounts, staked_cents, credited_cents, house_net_cents, corrected)
       VALUES ($1, $2, $3, 'settled', $4, $5, $6, $7, $8, $9)
       ON CONFLICT (table_id, round_id) DO UPDATE SET round_number = COALESCE(EXCLUDED.round_number, ${this.schema}.regulator_rounds.round_number), accounts = EXCLUDED.accounts,
         staked_cents = EXCLUDED.staked_cents, credited_cents = EXCLUDED.credited_cents, house_net_cents = EXCLUDED.house_net_cents, corrected = ${this.schema}.regulator_rounds.corrected OR EXCLUDED.corrected`,
      // The count of accounts is of money accounts, as the totals (tournament chips have no cash value, 12.2.2).
      [d.tableId, d.roundId, typeof d.roundNumber === 'number' ? d.roundNumber : null, e.occurredAt, cash.length, money.stakedCents, money.creditedCents, money.stakedCents - money.creditedCents, e.type === 'RapidOutcomeCorrected'],
    );
    return money;
  }

  /**
   * A malfunction dealt with after the outcome (11.14(b), 11.15(b), 11.16): the account's part of the round becomes
   * what it now counts for the coup, void wagers nothing (returned, as before the outcome), and the round's totals
   * move by the change, unless the account plays tournament chips (12.2.2).
   */
  private async adjusted(d: Data, tx: PoolClient): Promise<void> {
    const { rows } = await tx.query<{ staked: number; credited: number; tournament_id: string | null; opened_for: string | null }>(
      `SELECT r.staked_cents::float8 AS staked, r.credited_cents::float8 AS credited, r.tournament_id, t.tournament_id AS opened_for
         FROM (SELECT 1) one
         LEFT JOIN ${this.schema}.regulator_round_accounts r ON r.table_id = $1 AND r.round_id = $2 AND r.account_id = $3
         LEFT JOIN ${this.schema}.regulator_tournament_accounts t ON t.account_id = $3`,
      [d.tableId, d.roundId, d.accountId],
    );
    const known = rows[0];
    const tournamentId = (typeof d.tournamentId === 'string' ? d.tournamentId : null) ?? known?.tournament_id ?? known?.opened_for ?? null;
    // Before: the part kept for the round; on a round kept before parts were, as the event says it was.
    const before: Counted =
      known?.staked != null ? { stakedCents: known.staked, creditedCents: known.credited } : isCounted(d.countedBefore) ? d.countedBefore : { stakedCents: Number(d.previousStakedCents ?? d.stakedCents ?? 0), creditedCents: Number(d.previousCreditCents ?? 0) };
    const after = countedAfterAdjustment(d, before.stakedCents);
    await tx.query(
      `INSERT INTO ${this.schema}.regulator_round_accounts (table_id, round_id, account_id, tournament_id, staked_cents, credited_cents) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (table_id, round_id, account_id) DO UPDATE SET staked_cents = EXCLUDED.staked_cents, credited_cents = EXCLUDED.credited_cents,
         tournament_id = COALESCE(${this.schema}.regulator_round_accounts.tournament_id, EXCLUDED.tournament_id)`,
      [d.tableId, d.roundId, d.accountId, tournamentId, after.stakedCents, after.creditedCents],
    );
    if (tournamentId) return;
    const staked = after.stakedCents - before.stakedCents;
    const credited = after.creditedCents - before.creditedCents;
    await tx.query(
      `UPDATE ${this.schema}.regulator_rounds SET staked_cents = staked_cents + $3, credited_cents = credited_cents + $4, house_net_cents = house_net_cents + $3 - $4, corrected = true
        WHERE table_id = $1 AND round_id = $2`,
      [d.tableId, d.roundId, staked, credited],
    );
  }

  /**
   * One account's movement under a malfunction, a claim upheld or a correction (11.11-11.16): kept by the command that
   * caused it (its follow-ups run under the command's id), so the register row of that command names each account and
   * what it was returned, reversed and moved, whatever order the streams arrive in. The stake returned is what comes
   * back of the wagers made void; the credit reversed is the credit the round had given; the net is what the account
   * should move (credit less stake, after less before), and what it could not give back is the unrecovered part (11.11).
   */
  private async accountAdjusted(e: IntegrationEvent, d: Data, tx: PoolClient): Promise<void> {
    const returned = e.type === 'AtsWagersReturned';
    const staked = Number(d.stakedCents ?? 0);
    const moved = Number(d.movementCents ?? 0);
    // Wagers returned that took back what the player kept of earlier recoveries (11.11 with 6.7.1) record it as a
    // recalculation does, a negative unrecovered: the set-off's register row names the rounds it came from.
    const setOffCents = Number((d.setOff as { amountCents?: number } | undefined)?.amountCents ?? 0);
    const unrecovered = returned ? -setOffCents : Number(d.unrecoveredCents ?? 0);
    const ticket = d.unpaidTicket as { reducedCents?: number } | undefined;
    const reduced = Number(ticket?.reducedCents ?? 0);
    const notRecognised = d.notRecognised as { returnedCents?: number } | undefined;
    const stakeReturned = returned ? staked : Number(notRecognised?.returnedCents ?? 0);
    const creditReversed = returned ? 0 : Number(d.previousCreditCents ?? 0);
    // The credit the round now gives, besides a stake returned (a void wager's "credit" is its stake coming back).
    const credit = returned ? 0 : Number(d.creditCents ?? 0) - stakeReturned;
    const details = {
      ...(typeof d.cause === 'string' ? { cause: d.cause } : returned ? { cause: d.reason === 'outcome-invalidated' ? 'invalidation' : 'malfunction' } : {}),
      ...(returned ? { reason: d.reason } : {}),
      ...(!returned && typeof d.previousStakedCents === 'number' && d.previousStakedCents !== d.stakedCents ? { previousStakedCents: d.previousStakedCents, stakedCents: d.stakedCents } : {}),
      ...(typeof d.owedToPlayerCents === 'number' ? { owedToPlayerAfterCents: d.owedToPlayerCents } : {}),
      ...(reduced ? { unpaidTicketReducedCents: reduced } : {}),
      clause: d.clause,
    };
    await tx.query(
      `INSERT INTO ${this.schema}.regulator_account_adjustments (event_id, caused_by, occurred_at, table_id, round_id, account_id, tournament_id, kind, stake_returned_cents, credit_reversed_cents, credit_cents, net_cents, moved_cents, unrecovered_cents, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (event_id) DO NOTHING`,
      [
        e.eventId,
        e.causationId ?? e.commandId,
        e.occurredAt,
        d.tableId,
        d.roundId,
        d.accountId,
        typeof d.tournamentId === 'string' ? d.tournamentId : null,
        returned ? 'returned' : 'recalculated',
        stakeReturned,
        creditReversed,
        credit,
        // What the account should move: moved less what it could not give back (a set-off: more than moved).
        moved - unrecovered - reduced,
        moved,
        unrecovered,
        JSON.stringify(details),
      ],
    );
  }

  /** A tournament account, whose amounts are tournament chips (12.2.1(b), 12.2.2). */
  private async tournamentAccount(accountId: unknown, tx: PoolClient): Promise<boolean> {
    const { rowCount } = await tx.query(`SELECT 1 FROM ${this.schema}.regulator_tournament_accounts WHERE account_id = $1`, [accountId]);
    return (rowCount ?? 0) > 0;
  }

  /** An account whose wagers a round voided whole (11.15(a)) or invalidated before its outcome (13.4) returned: one of the round's accounts, staking nothing. */
  private async returnedInVoidRound(d: Data, tx: PoolClient): Promise<void> {
    const { rowCount } = await tx.query(
      `INSERT INTO ${this.schema}.regulator_round_accounts (table_id, round_id, account_id, tournament_id, staked_cents, credited_cents)
       SELECT r.table_id, r.round_id, $3, (SELECT tournament_id FROM ${this.schema}.regulator_tournament_accounts WHERE account_id = $3), 0, 0
         FROM ${this.schema}.regulator_rounds r WHERE r.table_id = $1 AND r.round_id = $2 AND r.status IN ('void', 'invalidated')
       ON CONFLICT (table_id, round_id, account_id) DO NOTHING`,
      [d.tableId, d.roundId, d.accountId],
    );
    if (!rowCount) return;
    await tx.query(
      `UPDATE ${this.schema}.regulator_rounds SET accounts = (SELECT count(*) FROM ${this.schema}.regulator_round_accounts a WHERE a.table_id = $1 AND a.round_id = $2 AND a.tournament_id IS NULL)
        WHERE table_id = $1 AND round_id = $2`,
      [d.tableId, d.roundId],
    );
  }
}
