import { spansOf, recordedBy } from '../reports/register-section';
import { DocumentColumn, DocumentTable, localTime, money } from '../reports/report-document';
import type { Cell, SectionDefinition, SectionQueryContext, SectionResult } from '../reports/report.types';

/**
 * The VIC Rapid Baccarat report (Crown Melbourne Rules for Rapid Baccarat, cited "Rapid"): pure functions from the
 * Rapid service's published events of a period (rapid_records, in the service's order) to the rows of each section,
 * then the sections. Money is integer cents throughout; the document writes dollars.
 */
export interface RapidRecord {
  readonly eventId: string;
  readonly source: string;
  readonly sourceTx: string;
  readonly sourcePos: string;
  readonly type: string;
  readonly at: string;
  readonly gamingDay: string;
  readonly tableId: string | null;
  readonly accountId: string | null;
  readonly atsId: string | null;
  readonly roundId: string | null;
  readonly actorId: string;
  readonly actorRole: string;
  readonly clause: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** The rulebook the event was published under (the Rapid rulebook where it named none). */
  readonly rulebookId?: string | null;
}

type Row = Record<string, Cell>;
type Outcome = { result: string; playerTotal: number; bankerTotal: number };

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const optNum = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const RESULT: Record<string, string> = { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' };
/** "Banker wins 7 to 5". */
export const outcomeInWords = (o: unknown): string => {
  if (!o || typeof o !== 'object') return 'not stated';
  const x = o as Outcome;
  return `${RESULT[x.result] ?? x.result} ${x.playerTotal > x.bankerTotal ? `${x.playerTotal} to ${x.bankerTotal}` : `${x.bankerTotal} to ${x.playerTotal}`}`;
};
/** The round as the ATS and SGC show it ("Round 412", 8.1), or its id where no event of the period carried the number. */
const roundOf = (r: RapidRecord): string => (typeof r.data.roundNumber === 'number' ? String(r.data.roundNumber) : (r.roundId ?? ''));
/**
 * Each record with its round's number where another record of the round carries it: AtsWagersReturned names the
 * round by its id only.
 */
export const numbered = (records: readonly RapidRecord[]): RapidRecord[] => {
  const numbers = new Map<string, number>();
  for (const r of records) if (r.roundId && typeof r.data.roundNumber === 'number') numbers.set(r.roundId, r.data.roundNumber);
  return records.map((r) => (r.roundId && typeof r.data.roundNumber !== 'number' && numbers.has(r.roundId) ? { ...r, data: { ...r.data, roundNumber: numbers.get(r.roundId) } } : r));
};
const byTable = <T extends Row>(rows: T[]): T[] => rows.map((r, i) => [r, i] as const).sort(([a, i], [b, j]) => String(a.tableId ?? '').localeCompare(String(b.tableId ?? '')) || i - j).map(([r]) => r);
const who = (r: RapidRecord) => ({ actorId: r.actorId, actorRole: r.actorRole });

// ---- 11.11, 11.14(b), 11.15(b), 11.16: a recalculation --------------------------------------------------------

export interface Recalculation {
  /** What the round's result for the account changed by (credit less stake), to the player: + more, - less. */
  readonly differenceCents: number;
  /** Taken back from the balance (a recovery), or added to it. */
  readonly movementCents: number;
  /** A recovery the balance could not give (never below zero): the Casino Supervisor's. */
  readonly notRecoveredCents: number;
  /** A recovery taken off a ticket not yet paid manually (6.7.2(b)) rather than the balance. */
  readonly ticketReducedCents: number;
  /** The account was paid out and closed before (6.7): its balance after is owed to the player who left. */
  readonly owedToClosedAccountCents: number | null;
  /** A difference in the player's favour set off against what they kept of an earlier recovery (11.11), naming the rounds it was set off against where the event does; null: none. */
  readonly setOff: { readonly amountCents: number; readonly unrecoveredAfterCents: number; readonly rounds?: readonly { readonly roundId: string; readonly roundNumber?: number; readonly amountCents: number }[] } | null;
  /**
   * A reduction of a round whose credit was set off (when credited or recalculated) undoing that set-off first (11.11 with
   * 6.7.1): the player holds it again, for the rounds it names; counted in `notRecoveredCents`. null: none.
   */
  readonly setOffUndone: Recalculation['setOff'];
  /** difference = movement - not recovered - taken off a ticket: the event's figures say the same thing. */
  readonly agrees: boolean;
}

/**
 * An AtsSettlementRecalculated in figures (Rapid 11.11; 11.14(b), 11.15(b), 11.16): the difference is the new result
 * of the round (credit less stake) less the old one; a recovery the account could not give is not recovered.
 */
export const recalculationOf = (d: Readonly<Record<string, unknown>>): Recalculation => {
  const stakeChange = typeof d.stakedCents === 'number' && typeof d.previousStakedCents === 'number' ? d.stakedCents - d.previousStakedCents : 0;
  const differenceCents = num(d.creditCents) - num(d.previousCreditCents) - stakeChange;
  const movementCents = num(d.movementCents);
  const notRecoveredCents = num(d.unrecoveredCents);
  const ticketReducedCents = num((d.unpaidTicket as { reducedCents?: number } | undefined)?.reducedCents);
  return {
    differenceCents,
    movementCents,
    notRecoveredCents,
    ticketReducedCents,
    owedToClosedAccountCents: optNum(d.owedToPlayerCents),
    setOff: (d.setOff as Recalculation['setOff'] | undefined) ?? null,
    setOffUndone: (d.setOffUndone as Recalculation['setOff'] | undefined) ?? null,
    agrees: differenceCents === movementCents - notRecoveredCents - ticketReducedCents,
  };
};

/**
 * The set-off of a credit to the open account from play, a settlement (4.8) or wagers returned (5.3.3, 11.14-11.16,
 * 13.4): what the player kept of earlier recoveries the account could not make, taken back from it (11.11 with 6.7.1);
 * null: none. Its movement is the credit less it.
 */
export const creditFromPlaySetOff = (r: RapidRecord): Recalculation['setOff'] =>
  (r.type === 'AtsWagersSettled' || r.type === 'AtsWagersReturned') && r.data.setOff ? (r.data.setOff as NonNullable<Recalculation['setOff']>) : null;

// ---- 4.8, 8.1, 10: rounds --------------------------------------------------------------------------------------

const TIMES = ['', 'once', 'twice', 'three times'];
/**
 * A corrected round's outcome (Rapid 11.11): the actual one and the one it was corrected from; corrected more than
 * once, each outcome entered in order, so a correction back to the first outcome is not hidden.
 */
const correctedInWords = (outcomes: readonly unknown[], clause: string): string => {
  const words = outcomes.map(outcomeInWords);
  const last = words[words.length - 1];
  if (words.length <= 2) return `${last}, corrected from ${words[0]} (${clause})`;
  const times = TIMES[words.length - 1] ?? `${words.length - 1} times`;
  return `${last}, corrected ${times}: entered ${words.join(', then ')} (${clause})`;
};

/**
 * One row per round settled in the period (Rapid 4.8): its number (8.1), the outcome (the actual one where it was
 * corrected, saying from what, or each outcome in order where corrected more than once, 11.11; and whether it was
 * invalidated, 13.4), as settled: the money staked and credited, the commission deducted before that credit (4.8.2(a))
 * and the house's net; then what the period's recalculations of the round (11.11, 11.14(b), 11.15(b), 11.16) and
 * refunds (11.10, 13.3-13.4) changed the house's net by, the commission kept after them and the net after (each
 * column's basis defined once, at the rounds' columns below). A round voided whole by the game system before its outcome
 * (11.15(a)), or a game invalidated before it (13.3-13.4), has its row too, void or invalidated, staking and crediting
 * nothing, so the round numbers run as the register lists them.
 */
export const roundRows = (records: readonly RapidRecord[]): Row[] => {
  // Per round, each account's commission as settled, and as last settled: a recalculation's settlements replace the
  // settlement's, so a corrected round keeps the commission of the actual outcome, not the one reversed (11.11).
  const commissionSettled = new Map<string, number>();
  const commission = new Map<string, Map<string, number>>();
  const adjusted = new Map<string, number>();
  const invalidated = new Map<string, string>();
  // Each outcome the round had, in order: the one entered, then each correction's actual outcome (11.11).
  const corrected = new Map<string, { outcomes: unknown[]; clauses: string[] }>();
  const commissionOf = (r: RapidRecord) => ((r.data.settlements ?? []) as { commissionCents?: number }[]).reduce((a, s) => a + num(s.commissionCents), 0);
  const setCommission = (r: RapidRecord) => {
    if (!r.roundId) return;
    const accounts = commission.get(r.roundId) ?? new Map<string, number>();
    accounts.set(r.accountId ?? '', commissionOf(r));
    commission.set(r.roundId, accounts);
  };
  // The rounds with a row: a set-off is booked on the rounds it names where they have theirs (11.11).
  const settled = new Set(records.filter((r) => r.type === 'RapidRoundSettled').map((r) => r.roundId));
  const adjust = (roundId: string, cents: number) => adjusted.set(roundId, (adjusted.get(roundId) ?? 0) + cents);
  for (const r of records) {
    // The round void from then on (13.4): its row says so, with the clause.
    if (r.type === 'RapidOutcomeInvalidated' && r.roundId) invalidated.set(r.roundId, String(r.clause ?? ''));
    // The actual outcome replaces the one entered (11.11); a round corrected again keeps every outcome it had, in order.
    if (r.type === 'RapidOutcomeCorrected' && r.roundId) {
      const c = corrected.get(r.roundId) ?? { outcomes: [r.data.previous], clauses: [] };
      c.outcomes.push(r.data.actual);
      const clause = String(r.clause ?? 'Rapid 11.11');
      if (!c.clauses.includes(clause)) c.clauses.push(clause);
      corrected.set(r.roundId, c);
    }
    if (r.type === 'AtsWagersSettled') {
      setCommission(r);
      if (r.roundId) commissionSettled.set(r.roundId, (commissionSettled.get(r.roundId) ?? 0) + commissionOf(r));
    }
    // A later credit to the open account from play (a settlement, wagers returned) that took back what the player kept of
    // earlier recoveries (11.11 with 6.7.1): the house gains it on the rounds it came from (this round where one has no row).
    const creditSetOff = creditFromPlaySetOff(r);
    if (creditSetOff && r.roundId) for (const n of creditSetOff.rounds ?? []) adjust(settled.has(n.roundId) ? n.roundId : r.roundId, n.amountCents);
    if (creditSetOff && r.roundId && !(creditSetOff.rounds ?? []).length) adjust(r.roundId, creditSetOff.amountCents);
    if (r.type === 'AtsSettlementRecalculated' && r.roundId) {
      setCommission(r);
      const x = recalculationOf(r.data);
      // The house gains what the players lose, less what could not be taken back from them. A difference in the
      // player's favour set off against what they kept of earlier recoveries (11.11 with 6.7.1, 13.4) takes that kept
      // money back from the rounds it came from, each by its amount: this round is not credited with it, so each
      // round's figure is its own whatever the order of the events (a round named without a row here keeps it on this one).
      const own = r.roundId;
      const named = (x.setOff?.rounds ?? []).map((n) => ({ roundId: settled.has(n.roundId) ? n.roundId : own, amountCents: n.amountCents }));
      const setOffCents = named.reduce((n, o) => n + o.amountCents, 0);
      // A set-off undone (a reduction of a round whose credit was set off) gives that kept money back to the rounds it
      // came from: they lose it again, and this round is not charged with it.
      const undone = (x.setOffUndone?.rounds ?? []).map((n) => ({ roundId: settled.has(n.roundId) ? n.roundId : own, amountCents: n.amountCents }));
      const undoneCents = undone.reduce((n, o) => n + o.amountCents, 0);
      adjust(own, -x.differenceCents - x.notRecoveredCents - setOffCents + undoneCents);
      for (const n of named) adjust(n.roundId, n.amountCents);
      for (const n of undone) adjust(n.roundId, -n.amountCents);
    }
  }
  return byTable(
    records
      .filter((r) => r.type === 'RapidRoundSettled' || ((gameSystemVoid(r) || invalidatedBeforeOutcome(r)) && !settled.has(r.roundId)))
      .map((r): Row => {
        if (r.type !== 'RapidRoundSettled') return voidRoundRow(records, r);
        const houseNetCents = num(r.data.houseNetCents);
        const adjustmentCents = adjusted.get(r.roundId ?? '') ?? 0;
        const correction = corrected.get(r.roundId ?? '');
        const entered = correction ? correctedInWords(correction.outcomes, correction.clauses.join('; ')) : outcomeInWords(r.data.outcome);
        // Voided whole by the game system, recorded only after the outcome was entered (11.15(a)): void as a round voided
        // before its outcome, every wager returned (the money by the adjustments), saying so with the clause.
        const voided = records.find((x) => x.roundId === r.roundId && gameSystemVoidAfterOutcome(x));
        const outcome = voided ? `Void: the game system malfunctioned ${malfunctionedWhen(voided)}, recorded after ${entered} was entered, every wager returned (${String(voided.clause)})` : entered;
        return {
          eventId: r.eventId,
          at: r.at,
          gamingDay: r.gamingDay,
          tableId: r.tableId,
          round: roundOf(r),
          // Settled (4.8), or its outcome invalidated since (13.4): the round's status as the register lists it.
          status: invalidated.has(r.roundId ?? '') ? 'invalidated' : voided ? 'void' : 'settled',
          outcome: invalidated.has(r.roundId ?? '') ? `${outcome}, invalidated (${invalidated.get(r.roundId ?? '')})` : outcome,
          accounts: ((r.data.accounts ?? []) as { tournamentId?: string }[]).filter((a) => !a.tournamentId).length,
          stakedCents: num(r.data.stakedCents),
          creditedCents: num(r.data.creditedCents),
          commissionSettledCents: commissionSettled.get(r.roundId ?? '') ?? 0,
          commissionCents: [...(commission.get(r.roundId ?? '')?.values() ?? [])].reduce((a, c) => a + c, 0),
          houseNetCents,
          adjustmentCents,
          houseNetAfterCents: houseNetCents + adjustmentCents,
          clause: voided ? `${String(r.clause)}; ${String(voided.clause)}` : r.clause,
        };
      }),
  );
};

/** A round voided whole by the game system before its outcome (11.15(a)): the register's void round, not a repeated report. */
const gameSystemVoid = (r: RapidRecord): boolean => r.type === 'RapidMalfunctionRecorded' && r.data.scope === 'game-system' && r.data.effect === 'void' && r.data.afterOutcome !== true && !r.data.repeatOf;

/** A round voided whole by the game system (11.15(a)) recorded after its outcome was entered: void all the same. */
const gameSystemVoidAfterOutcome = (r: RapidRecord): boolean => r.type === 'RapidMalfunctionRecorded' && r.data.scope === 'game-system' && r.data.effect === 'void' && r.data.afterOutcome === true && !r.data.repeatOf;

/** When the game system failed, relative to the wagering period (11.15(a), (b)), in words. */
const malfunctionedWhen = (r: RapidRecord): string =>
  r.data.relativeToPeriod === 'before-expiry' ? 'before the expiry of the wagering period' : 'on or after the expiry of the wagering period, the wagers not confirmed from the records';

/** A game invalidated before its outcome was entered (13.3-13.4): the register's invalidated round, never settled. */
const invalidatedBeforeOutcome = (r: RapidRecord): boolean => r.type === 'RapidOutcomeInvalidated' && !r.data.outcome;

/**
 * The row of a round voided whole by the game system (11.15(a)), or of a game invalidated before its outcome (13.3-13.4):
 * at when the game system failed (or when it was invalidated), the accounts whose wagers were returned, nothing staked,
 * credited or kept (5.3, 11.15, 13.4), saying why with the clause.
 */
const voidRoundRow = (records: readonly RapidRecord[], r: RapidRecord): Row => {
  const invalidated = r.type === 'RapidOutcomeInvalidated';
  const returned = (x: RapidRecord) => (invalidated ? x.data.reason === 'outcome-invalidated' : MALFUNCTION_RETURNS.has(String(x.data.reason)));
  const accounts = new Set(records.filter((x) => x.type === 'AtsWagersReturned' && x.roundId === r.roundId && returned(x)).map((x) => x.accountId));
  return {
    eventId: r.eventId,
    at: typeof r.data.occurredAt === 'string' ? r.data.occurredAt : r.at,
    gamingDay: r.gamingDay,
    tableId: r.tableId,
    round: roundOf(r),
    status: invalidated ? 'invalidated' : 'void',
    outcome: invalidated ? `Invalidated before its outcome was entered: ${String(r.data.reason ?? '')}, every wager returned (${String(r.clause)})` : `Void: the game system malfunctioned ${malfunctionedWhen(r)}, every wager returned (${String(r.clause)})`,
    accounts: accounts.size,
    stakedCents: 0,
    creditedCents: 0,
    commissionSettledCents: 0,
    commissionCents: 0,
    houseNetCents: 0,
    adjustmentCents: 0,
    houseNetAfterCents: 0,
    clause: r.clause,
  };
};

// ---- 6.2-6.7, 4.1, 4.8: account movements ------------------------------------------------------------------------

const MOVES = new Set(['AtsAccountOpened', 'AtsAccountCredited', 'AtsWagersShown', 'AtsWagersSettled', 'AtsWagersReturned', 'AtsSettlementRecalculated', 'AtsAccountCashedOut', 'AtsOwedAmountPaid']);

export interface AccountMovements {
  tableId: string | null;
  atsId: string | null;
  accountId: string;
  openingCents: number;
  buyInNotesCents: number;
  buyInDealerCents: number;
  wageredCents: number;
  returnedCents: number;
  creditedCents: number;
  recalculatedCents: number;
  cashOutChipsCents: number;
  /** Printed tickets (6.7.2); a ticket not printed is a manual payment due, not paid (6.7.2(b)). */
  cashOutTicketCents: number;
  owedPaidChipsCents: number;
  owedPaidManualCents: number;
  /** Tickets not printed: the manual payment falling due (6.7.2(b)), taken from the balance but not yet paid. */
  manualDueCents: number;
  /** What recalculations took off a ticket not yet paid manually (6.7.2(b) with 11.11). */
  manualDueReducedCents: number;
  /**
   * What the player kept of earlier recoveries the account could not make, set off against a later credit from play or a
   * recalculation in the player's favour (11.11 with 6.7.1): not moved, so already out of Returned, Credited and Recalculations.
   */
  setOffCents: number;
  /** Manual payments made for tickets not printed (6.7.2(b)): what the player received. */
  manualPaidCents: number;
  /** Due - reduced - paid: owed to the player at the end of the period, not paid out. */
  manualStillDueCents: number;
  /** What the player received: cash-outs in chips, printed tickets, manual payments made and owed amounts paid. */
  paidOutCents: number;
  closingCents: number;
  /** Each balance after = the one before + the movement, from the opening to the closing balance. */
  agrees: boolean;
}

/**
 * Each cash ATS chip account's movements in the period (Rapid 6.2-6.7, 4.1, 4.8), from the balance before its first
 * movement to the balance after its last: buy-ins by the note acceptor (6.2, 6.4) and tendered to the Dealer (6.3, 6.5),
 * wagers (net of changes and withdrawals within the period, 4.7), wagers returned unsettled (5.3.3, 11.14-11.16),
 * credits at settlement (4.8), recalculations (11.11, 11.14(b)), cash-outs in chips (6.7.1) or by printed ticket (6.7.2),
 * tickets not printed as manual payments due, what recalculations took off them and the manual payments made (6.7.2(b)
 * with 11.11), and amounts owed to a closed account paid (11.11 with 6.7): paid out is what the player received.
 */
export const accountMovements = (records: readonly RapidRecord[]): AccountMovements[] => {
  const by = new Map<string, AccountMovements & { last: number | null }>();
  for (const r of records) {
    const manual = r.type === 'AtsManualPaymentRecorded';
    if ((!MOVES.has(r.type) && !manual) || !r.accountId) continue;
    // A manual payment moves no balance (the cash-out of the ticket not printed did, leaving none): it pays what was due (6.7.2(b)).
    const movement = manual ? 0 : num(r.data.movementCents);
    const after = manual ? (by.get(r.accountId)?.last ?? 0) : num(r.data.balanceAfterCents);
    let a = by.get(r.accountId);
    if (!a) {
      a = { tableId: r.tableId, atsId: r.atsId, accountId: r.accountId, openingCents: after - movement, buyInNotesCents: 0, buyInDealerCents: 0, wageredCents: 0, returnedCents: 0, creditedCents: 0, recalculatedCents: 0, cashOutChipsCents: 0, cashOutTicketCents: 0, owedPaidChipsCents: 0, owedPaidManualCents: 0, manualDueCents: 0, manualDueReducedCents: 0, setOffCents: 0, manualPaidCents: 0, manualStillDueCents: 0, paidOutCents: 0, closingCents: 0, agrees: true, last: null };
      by.set(r.accountId, a);
    }
    if (a.last !== null && a.last + movement !== after) a.agrees = false;
    a.last = after;
    a.closingCents = after;
    a.tableId ??= r.tableId;
    a.atsId ??= r.atsId;
    // Net of what later recalculations undid (11.11 with 6.7.1): only what credits from play really set off.
    a.setOffCents += num((r.data.setOff as { amountCents?: number } | undefined)?.amountCents) - num((r.data.setOffUndone as { amountCents?: number } | undefined)?.amountCents);
    switch (r.type) {
      case 'AtsManualPaymentRecorded':
        a.manualPaidCents += num(r.data.amountCents);
        break;
      case 'AtsAccountOpened':
      case 'AtsAccountCredited':
        if (r.data.tender === 'note-acceptor') a.buyInNotesCents += movement;
        else a.buyInDealerCents += movement;
        break;
      case 'AtsWagersShown':
        a.wageredCents -= movement;
        break;
      case 'AtsWagersReturned':
        a.returnedCents += movement;
        break;
      case 'AtsWagersSettled':
        a.creditedCents += movement;
        break;
      case 'AtsSettlementRecalculated':
        a.recalculatedCents += movement;
        a.manualDueReducedCents += num((r.data.unpaidTicket as { reducedCents?: number } | undefined)?.reducedCents);
        break;
      case 'AtsAccountCashedOut':
        if (r.data.method === 'ticket' && r.data.ticketPrinted === false) a.manualDueCents -= movement;
        else if (r.data.method === 'ticket') a.cashOutTicketCents -= movement;
        else a.cashOutChipsCents -= movement;
        break;
      case 'AtsOwedAmountPaid':
        if (r.data.method === 'manual-payment') a.owedPaidManualCents -= movement;
        else a.owedPaidChipsCents -= movement;
        break;
    }
  }
  return [...by.values()].map(({ last: _last, ...a }) => ({
    ...a,
    manualStillDueCents: a.manualDueCents - a.manualDueReducedCents - a.manualPaidCents,
    paidOutCents: a.cashOutChipsCents + a.cashOutTicketCents + a.owedPaidChipsCents + a.owedPaidManualCents + a.manualPaidCents,
  }));
};

export const accountRows = (records: readonly RapidRecord[]): Row[] => byTable(accountMovements(records).map((a) => ({ ...a, clause: 'Rapid 6.2-6.7; 4.1; 4.8' })));

// ---- 4.8, 6.7, 11.11: reconciliation -------------------------------------------------------------------------------

/**
 * Per table, the house's result of the period two ways, to the cent (Rapid 4.8, 6.7, 6.7.2(b), 11.11, 13.4), each on
 * its own figures:
 * - by the rounds: staked - credited (as settled) + what recalculations and refunds of an invalidated outcome took
 *   back from players (or - what they added) - what could not be recovered (a recovery taken off a ticket not yet paid
 *   manually was recovered: the house pays that much less) + wagers taken in the period for rounds settled outside it;
 * - by the accounts: buy-ins - what was paid out (cash-outs in chips, printed tickets, manual payments made for tickets
 *   not printed, owed amounts paid) - the rise in the accounts' balances - the rise in manual payments due (tickets
 *   not printed, less what recalculations took off them and what was paid manually: owed, not yet paid).
 * The difference is nil when the rounds and the accounts agree.
 */
export const reconciliationRows = (records: readonly RapidRecord[]): Row[] => {
  const FIGURES = ['stakedCents', 'creditedCents', 'recalculatedCents', 'notRecoveredCents', 'ticketReducedCents', 'inPlayCents', 'buyInsCents', 'paidOutCents', 'balanceChangeCents', 'manualDueChangeCents'] as const;
  const tables = new Map<string, { tableId: string | null; n: Record<(typeof FIGURES)[number], number> }>();
  const t = (id: string | null) => {
    let row = tables.get(id ?? '');
    if (!row) tables.set(id ?? '', (row = { tableId: id, n: Object.fromEntries(FIGURES.map((f) => [f, 0])) as Record<(typeof FIGURES)[number], number> }));
    return row.n;
  };
  // An account's table where the record names none (a manual payment names its table; kept for safety).
  const tableOf = new Map(accountMovements(records).map((a) => [a.accountId, a.tableId]));
  for (const r of records) {
    const table = r.tableId ?? tableOf.get(r.accountId ?? '') ?? null;
    if (r.type === 'RapidRoundSettled') {
      t(table).stakedCents += num(r.data.stakedCents);
      t(table).creditedCents += num(r.data.creditedCents);
    }
    if (r.type === 'AtsSettlementRecalculated') {
      const x = recalculationOf(r.data);
      t(table).recalculatedCents -= x.differenceCents;
      t(table).notRecoveredCents += x.notRecoveredCents;
      // Taken off a ticket not yet paid (6.7.2(b)): the manual payment due falls by it.
      t(table).ticketReducedCents += x.ticketReducedCents;
      t(table).manualDueChangeCents -= x.ticketReducedCents;
    }
    // Wagers taken in the period less those returned or settled in it: still in play at one of its ends.
    if (r.type === 'AtsWagersShown') t(table).inPlayCents -= num(r.data.movementCents);
    // Wagers returned leave play whole; what the player kept of earlier recoveries set off against them, or against a
    // settlement's credit (11.11 with 6.7.1), is no longer kept: the house has it back.
    if (r.type === 'AtsWagersReturned') t(table).inPlayCents -= typeof r.data.stakedCents === 'number' ? r.data.stakedCents : num(r.data.movementCents);
    t(table).notRecoveredCents -= creditFromPlaySetOff(r)?.amountCents ?? 0;
    if (r.type === 'AtsWagersSettled') t(table).inPlayCents -= num(r.data.stakedCents);
    // A ticket the printer failed to print paid nothing out: a manual payment is due (6.7.2(b)), paid when it is made.
    if (r.type === 'AtsAccountCashedOut' && r.data.method === 'ticket' && r.data.ticketPrinted === false) t(table).manualDueChangeCents += num(r.data.amountCents);
    if (r.type === 'AtsManualPaymentRecorded') {
      t(table).manualDueChangeCents -= num(r.data.amountCents);
      t(table).paidOutCents += num(r.data.amountCents);
    }
    if (r.type === 'AtsAccountCashedOut' && !(r.data.method === 'ticket' && r.data.ticketPrinted === false)) t(table).paidOutCents -= num(r.data.movementCents);
    if (r.type === 'AtsOwedAmountPaid') t(table).paidOutCents -= num(r.data.movementCents);
  }
  for (const a of accountMovements(records)) {
    const n = t(a.tableId);
    n.buyInsCents += a.buyInNotesCents + a.buyInDealerCents;
    n.balanceChangeCents += a.closingCents - a.openingCents;
  }
  return byTable(
    [...tables.values()].map(({ tableId, n }) => {
      const houseNetCents = n.stakedCents - n.creditedCents;
      const byRoundsCents = houseNetCents + n.recalculatedCents - n.notRecoveredCents + n.inPlayCents;
      const byAccountsCents = n.buyInsCents - n.paidOutCents - n.balanceChangeCents - n.manualDueChangeCents;
      return { tableId, ...n, houseNetCents, byRoundsCents, byAccountsCents, differenceCents: byAccountsCents - byRoundsCents, agrees: byAccountsCents === byRoundsCents, clause: 'Rapid 4.8; 6.7; 11.11; 13.4' };
    }),
  );
};

// ---- 11.11: freezes and corrections ---------------------------------------------------------------------------------

/**
 * An owed amount's payment (AtsOwedAmountPaid) for the account and round, at or after the recalculation, in the period;
 * or the later recalculation of the same account and round that changed what is owed before any payment.
 */
const paymentOf = (records: readonly RapidRecord[], r: RapidRecord): { paidCents: number; paidHow: string; paidAt: string } | { owedChangedAt: string } | null => {
  const i = records.indexOf(r);
  const next = records.slice(i + 1).find((p) => {
    if (p.accountId !== r.accountId) return false;
    if (p.type === 'AtsSettlementRecalculated') return p.roundId === r.roundId && owedChangeOf(recalculationOf(p.data)) !== null;
    if (p.type !== 'AtsOwedAmountPaid') return false;
    const rounds = p.data.rounds as { roundId: string }[] | undefined;
    return !rounds || rounds.some((x) => x.roundId === r.roundId);
  });
  if (!next) return null;
  if (next.type === 'AtsSettlementRecalculated') return { owedChangedAt: next.at };
  return { paidCents: num(next.data.amountCents), paidHow: next.data.method === 'manual-payment' ? 'by manual payment' : 'in chips by the Dealer', paidAt: next.at };
};

/**
 * What a recalculation changed the amount owed to a closed account by (11.11 with 6.7): the closed account's balance is
 * what is owed to the player who left, so its movement is the change (+ more owed, - less) and `owedToPlayerCents` what
 * is owed after it; null where the account was open or nothing owed changed.
 */
const owedChangeOf = (x: Recalculation): { changeCents: number; afterCents: number } | null => (x.owedToClosedAccountCents === null || x.movementCents === 0 ? null : { changeCents: x.movementCents, afterCents: x.owedToClosedAccountCents });

/** What is owed to the player who left, in words: owed afresh, more, or less, and what is owed after. */
const owedWords = (o: { changeCents: number; afterCents: number } | null): string[] => {
  if (!o) return [];
  if (o.changeCents > 0 && o.afterCents === o.changeCents) return [`${money(o.changeCents)} owed to the player, the account already cashed out`];
  return [`${money(Math.abs(o.changeCents))} ${o.changeCents > 0 ? 'more' : 'less'} owed to the player, the account already cashed out: ${money(o.afterCents)} owed after it`];
};

/** The owed-to-a-closed-account figures of a row: the change (the column), what is owed after, and its payment. */
const owedFigures = (records: readonly RapidRecord[], r: RapidRecord, o: { changeCents: number; afterCents: number } | null) => ({
  owedCents: o?.changeCents ?? null,
  owedAfterCents: o?.afterCents ?? null,
  paidCents: null,
  paidHow: null,
  paidAt: null,
  owedChangedAt: null,
  ...(o ? paymentOf(records, r) : {}),
});

/** Whether an amount owed to a closed account was paid, as the document says it (the time in the report's zone). */
export const paidInWords = (r: Readonly<Record<string, Cell>>, timeZone = 'UTC'): string | null => {
  if (typeof r.owedCents !== 'number') return null;
  if (typeof r.owedChangedAt === 'string') return `Changed by the recalculation at ${localTime(r.owedChangedAt, timeZone)}, before any payment`;
  if (typeof r.paidCents === 'number') return `Paid ${money(r.paidCents)} ${String(r.paidHow)} at ${localTime(String(r.paidAt), timeZone)}`;
  if (r.owedAfterCents === 0) return 'Nothing owed after it';
  return 'Not paid in the period';
};

/**
 * What a recalculation could not recover (11.11), in words: the amount the player kept, or, where a difference in the
 * player's favour was set off against what they kept of an earlier recovery, that set-off and what is still not recovered.
 */
const notRecoveredWords = (x: Recalculation): string[] => [
  ...(x.setOffUndone ? [`${money(x.setOffUndone.amountCents)} of the round's credit set off against ${setOffAgainst(x.setOffUndone)} undone first, not taken from the balance (${money(x.setOffUndone.unrecoveredAfterCents)} not recovered after it)`] : []),
  ...(x.notRecoveredCents - undoneOf(x) > 0 ? [`${money(x.notRecoveredCents - undoneOf(x))} could not be recovered from the account${x.owedToClosedAccountCents !== null ? ', already cashed out' : ''}`] : []),
  ...(x.setOff ? [`${money(x.setOff.amountCents)} set off against ${setOffAgainst(x.setOff)}, so not paid again (${money(x.setOff.unrecoveredAfterCents)} still not recovered)`] : []),
];

/**
 * What a set-off was set off against (11.11): each round whose unrecovered money the player kept, by its number, where
 * the event names them (possibly other rounds of the account than its own); else an earlier recovery.
 */
const setOffAgainst = (setOff: NonNullable<Recalculation['setOff']>): string =>
  setOff.rounds && setOff.rounds.length > 0
    ? setOff.rounds.map((x) => `${money(x.amountCents)} the player kept of round ${String(x.roundNumber ?? x.roundId)}'s recovery`).join(' and ')
    : 'what the player kept of an earlier recovery that could not be made';

/**
 * The not-recovered column of a recalculation's own row: what the house could not take back of it (a recovery); none
 * where the player gains. A set-off is not this row's figure: the event counts it as a negative unrecovered, but it is
 * what the player kept of the rounds it names, shown on its own rows (`setOffRows`), so the column adds up the same.
 */
const notRecoveredColumn = (x: Recalculation): number | null => (x.differenceCents < 0 ? x.notRecoveredCents - undoneOf(x) + (x.setOff?.amountCents ?? 0) : null);

/** A set-off undone (11.11 with 6.7.1): counted in the event's unrecovered, shown on the rows of the rounds it names. */
const undoneOf = (x: Pick<Recalculation, 'setOffUndone'>): number => x.setOffUndone?.amountCents ?? 0;

/**
 * A reduction of a round whose credit was set off against what the player kept of earlier recoveries, undoing that
 * set-off first (11.11 with 6.7.1): one row per round it came from, on that round, positive in the not-recovered column
 * (the player keeps it again), so the "Unrecovered set off" rows add up net of what was undone.
 */
const setOffUndoneRows = (r: RapidRecord, x: Pick<Recalculation, 'setOffUndone'>): { round: string; record: string; what: string; notRecoveredCents: number }[] => {
  if (!x.setOffUndone) return [];
  const own = roundOf(r);
  const named = x.setOffUndone.rounds && x.setOffUndone.rounds.length > 0 ? x.setOffUndone.rounds : [{ roundId: own, amountCents: x.setOffUndone.amountCents }];
  const left = x.setOffUndone.unrecoveredAfterCents;
  return named.map((n, i) => ({
    round: String(('roundNumber' in n && n.roundNumber) || n.roundId),
    record: 'Unrecovered set off undone',
    what: `${money(n.amountCents)} set off against round ${own}'s credit undone: round ${own}'s credit was reduced, so the player keeps it again of round ${String(('roundNumber' in n && n.roundNumber) || n.roundId)}'s recovery${i === named.length - 1 ? ` (${money(left)} not recovered)` : ''}`,
    notRecoveredCents: n.amountCents,
  }));
};

/**
 * A difference in the player's favour set off against what the player kept of earlier recoveries (11.11 with 6.7.1,
 * 13.4): one row per round it was set against, on that round, negative in the not-recovered column (the player no
 * longer keeps it); a set-off naming no rounds has one row on the recalculated round.
 */
const setOffRows = (r: RapidRecord, x: Pick<Recalculation, 'setOff'>): { round: string; record: string; what: string; notRecoveredCents: number }[] => {
  if (!x.setOff) return [];
  const own = roundOf(r);
  const named = x.setOff.rounds && x.setOff.rounds.length > 0 ? x.setOff.rounds : null;
  const parts = named ? named.map((n) => ({ round: String(n.roundNumber ?? n.roundId), amountCents: n.amountCents, kept: `round ${String(n.roundNumber ?? n.roundId)}'s recovery` })) : [{ round: own, amountCents: x.setOff.amountCents, kept: 'an earlier recovery that could not be made' }];
  const left = x.setOff.unrecoveredAfterCents;
  // What it was set off against: a recalculation's difference in the player's favour, or a later credit from play (6.7.1).
  const against =
    r.type === 'AtsWagersSettled'
      ? `round ${own}'s credit of ${money(num(r.data.creditCents))} at settlement, not credited`
      : r.type === 'AtsWagersReturned'
        ? `the ${money(num(r.data.stakedCents))} of wagers returned in round ${own} (${String(r.data.reason ?? '').replace(/-/g, ' ')}), not returned`
        : `round ${own}'s difference in the player's favour, not paid again`;
  return parts.map((p, i) => ({
    round: p.round,
    record: 'Unrecovered set off',
    what: `${money(p.amountCents)} the player kept of ${p.kept} set off against ${against}${i === parts.length - 1 ? ` (${money(left)} still not recovered)` : ''}`,
    notRecoveredCents: -p.amountCents,
  }));
};

const recalculationRow = (records: readonly RapidRecord[], r: RapidRecord, record: string): Row => {
  const x = recalculationOf(r.data);
  // Only wagers the records confirmed (11.14(b)) change the stake: an event without them confirmed nothing.
  const confirmed = Array.isArray(r.data.wagers) || (typeof r.data.previousStakedCents === 'number' && typeof r.data.stakedCents === 'number' && r.data.previousStakedCents !== r.data.stakedCents);
  const wagers = confirmed ? `; stake ${money(num(r.data.previousStakedCents))} to ${money(num(r.data.stakedCents))} as the records confirm` : '';
  const notRecognised = r.data.notRecognised as { reason: string; returnedCents: number; clause: string } | undefined;
  const parts = [
    `${outcomeInWords(r.data.outcome)}: credit ${money(num(r.data.previousCreditCents))} to ${money(num(r.data.creditCents))}${wagers}`,
    ...(notRecognised ? [`wagers not recognised (${notRecognised.reason}), ${money(notRecognised.returnedCents)} returned (${notRecognised.clause})`] : []),
    ...(x.ticketReducedCents > 0 ? [`${money(x.ticketReducedCents)} taken off the ticket still to be paid manually (${(r.data.unpaidTicket as { clause: string }).clause})`] : []),
    ...notRecoveredWords(x),
    ...owedWords(owedChangeOf(x)),
    ...(x.agrees ? [] : ['the event\'s movement does not match its credits']),
  ];
  return {
    eventId: r.eventId,
    at: r.at,
    tableId: r.tableId,
    round: roundOf(r),
    record,
    atsId: r.atsId,
    accountId: r.accountId,
    what: parts.join('; '),
    differenceCents: x.differenceCents,
    // Nothing to recover where the player gains.
    recoveredCents: x.differenceCents < 0 ? 0 - x.movementCents : null,
    notRecoveredCents: notRecoveredColumn(x),
    ...owedFigures(records, r, owedChangeOf(x)),
    returnedCents: notRecognised?.returnedCents ?? null,
    ...who(r),
    clause: r.clause,
  };
};

/**
 * Rapid 11.11: every freeze (who, when, which accounts), the outcome corrected or confirmed, and each account
 * recalculated: the difference, what was recovered, what could not be recovered (an account already cashed out or
 * short), and what is owed to a closed account and whether it was paid; and what the player kept set off against a
 * later difference in their favour or a later credit to the open account from play (a settlement, wagers returned;
 * with 6.7.1), on the rounds it came from.
 */
export const correctionRows = (records: readonly RapidRecord[]): Row[] =>
  byTable(
    records.flatMap((r): Row[] => {
      const base = { eventId: r.eventId, at: r.at, tableId: r.tableId, round: roundOf(r), atsId: null, accountId: null, differenceCents: null, recoveredCents: null, notRecoveredCents: null, owedCents: null, owedAfterCents: null, paidCents: null, paidHow: null, paidAt: null, owedChangedAt: null, ...who(r), clause: r.clause };
      switch (r.type) {
        case 'RapidAccountsFrozen':
          return [{ ...base, record: 'Accounts frozen', what: `${((r.data.accountIds ?? []) as string[]).length} ATS chip account(s) frozen: ${String(r.data.reason ?? '')}` }];
        case 'RapidOutcomeCorrected':
          return [
            {
              ...base,
              record: 'Outcome corrected',
              what: `${outcomeInWords(r.data.previous)} corrected to ${outcomeInWords(r.data.actual)}; the round now staked ${money(num(r.data.stakedCents))}, credited ${money(num(r.data.creditedCents))}, house net ${money(num(r.data.houseNetCents))}`,
            },
          ];
        case 'RapidOutcomeConfirmed':
          return [{ ...base, record: 'Outcome confirmed', what: `${outcomeInWords(r.data.outcome)} confirmed on review: nothing recalculated, ${((r.data.accountIds ?? []) as string[]).length} account(s) released` }];
        case 'AtsSettlementRecalculated':
          // A malfunction's adjustment (11.14-11.16) and an invalidation's refund (13.4) have their own sections.
          if (r.data.cause === 'malfunction' || r.data.cause === 'invalidation') return [];
          return [
            recalculationRow(records, r, 'Account recalculated'),
            ...[...setOffRows(r, recalculationOf(r.data)), ...setOffUndoneRows(r, recalculationOf(r.data))].map((o) => ({ ...base, atsId: r.atsId, accountId: r.accountId, ...o })),
          ];
        case 'AtsWagersSettled':
        case 'AtsWagersReturned':
          // A later credit to the open account from play that took back what the player kept (11.11 with 6.7.1).
          return setOffRows(r, { setOff: creditFromPlaySetOff(r) }).map((o) => ({ ...base, atsId: r.atsId, accountId: r.accountId, ...o }));
        default:
          return [];
      }
    }),
  );

// ---- 11.14-11.16: malfunctions ----------------------------------------------------------------------------------

/** The stake wagers returned give back (5.3.3, 11.14-11.16, 13.4), before any set-off; events before it was carried: what moved. */
const stakeReturnedOf = (r: RapidRecord): number => (typeof r.data.stakedCents === 'number' ? r.data.stakedCents : num(r.data.movementCents));

/** What of a credit from play was set off against what the player kept (11.11 with 6.7.1), in words; its rows are the corrections'. */
const setOffWords = (r: RapidRecord): string => {
  const setOff = creditFromPlaySetOff(r);
  return setOff ? `; ${money(setOff.amountCents)} of it set off against what the player kept of an earlier recovery that could not be made, ${money(num(r.data.movementCents))} credited (Rapid 11.11; 6.7.1)` : '';
};

const MALFUNCTION_RETURNS = new Set(['ats-malfunction', 'game-system-malfunction', 'unconfirmed-after-malfunction']);
const EFFECT: Record<string, string> = { void: 'wagers void', 'settle-as-recorded': 'wagers settled as recorded', 'settle-as-confirmed': 'wagers settled as the records confirm them' };

/**
 * Rapid 11.14-11.16: each malfunction (the ATS or the game system, before or on or after the expiry of the wagering
 * period, what became of the wagers), the wagers returned and to which ATS and account, and the accounts recalculated
 * once the outcome was entered.
 */
export const malfunctionRows = (records: readonly RapidRecord[]): Row[] =>
  byTable(
    records.flatMap((r): Row[] => {
      const base = { eventId: r.eventId, at: r.at, tableId: r.tableId, round: roundOf(r), atsId: r.atsId, accountId: r.accountId, returnedCents: null, differenceCents: null, notRecoveredCents: null, ...who(r), clause: r.clause };
      if (r.type === 'RapidMalfunctionRecorded') {
        const d = r.data;
        const repeat = d.repeatOf as { recordedAt: string } | undefined;
        const what = [
          `${d.scope === 'ats' ? `ATS ${String(d.atsId)}` : 'The game system'} malfunctioned ${d.relativeToPeriod === 'before-expiry' ? 'before the expiry of the wagering period' : 'on or after the expiry of the wagering period'}`,
          ...(d.confirmedFromRecords === true ? ['the wagers confirmed from the records'] : d.confirmedFromRecords === false ? ['the wagers could not be confirmed from the records'] : []),
          EFFECT[String(d.effect)] ?? String(d.effect),
          ...(d.afterOutcome ? ['dealt with after the outcome was entered'] : []),
          ...(typeof d.claimId === 'string' ? [`on claim ${d.claimId}`] : []),
          ...(repeat ? [`a repeated report of the void recorded at ${repeat.recordedAt}: nothing voided again`] : []),
          String(d.description ?? ''),
        ].filter((s) => s !== '');
        return [{ ...base, record: repeat ? 'Malfunction reported again' : 'Malfunction', what: what.join('; ') }];
      }
      if (r.type === 'AtsWagersReturned' && MALFUNCTION_RETURNS.has(String(r.data.reason))) {
        const returnedCents = stakeReturnedOf(r);
        return [{ ...base, record: 'Wagers returned', what: `${money(returnedCents)} returned to account ${String(r.accountId)} at ATS ${String(r.atsId)} (${String(r.data.reason).replace(/-/g, ' ')})${setOffWords(r)}`, returnedCents }];
      }
      if (r.type === 'AtsSettlementRecalculated' && r.data.cause === 'malfunction') {
        const row = recalculationRow(records, r, 'Account adjusted');
        return [{ ...base, record: row.record, what: row.what, returnedCents: row.returnedCents, differenceCents: row.differenceCents, notRecoveredCents: row.notRecoveredCents }, ...setOffRows(r, recalculationOf(r.data)).map((o) => ({ ...base, ...o }))];
      }
      return [];
    }),
  );

// ---- 11.10, 13.3-13.4: outcomes invalidated ------------------------------------------------------------------------

const GROUND: Record<string, string> = {
  'equipment-failure': 'Malfunction of approved gaming equipment',
  'civil-commotion': 'Civil commotion',
  fire: 'Fire',
  riot: 'Riot',
  brawl: 'Brawl',
  robbery: 'Robbery',
  'act-of-god': 'An Act of God',
  fraud: 'Fraud',
};

/**
 * Rapid 11.10, 13.3-13.4: each outcome invalidated (the ground, the reason, who did it with the power the clause gives)
 * and each account refunded: the stake returned, a credit taken back, what could not be recovered from an account
 * already cashed out, and what is owed to a closed account and whether it was paid (as after a correction, 11.11 with 6.7).
 */
export const invalidationRows = (records: readonly RapidRecord[]): Row[] =>
  byTable(
    records.flatMap((r): Row[] => {
      const base = { eventId: r.eventId, at: r.at, tableId: r.tableId, round: roundOf(r), atsId: r.atsId, accountId: r.accountId, ground: null, refundedCents: null, differenceCents: null, recoveredCents: null, notRecoveredCents: null, owedCents: null, owedAfterCents: null, paidCents: null, paidHow: null, paidAt: null, owedChangedAt: null, ...who(r), clause: r.clause };
      if (r.type === 'RapidOutcomeInvalidated') {
        const d = r.data;
        const authority = d.authority as { minimumRole?: string; actedAs?: string } | undefined;
        const what = [
          // A game disrupted before its outcome was entered has none to name (13.3).
          d.outcome ? `${outcomeInWords(d.outcome)} invalidated: ${String(d.reason ?? '')}` : `The game invalidated before its outcome was entered: ${String(d.reason ?? '')}`,
          `every wager for it refunded on ${((d.accountIds ?? []) as string[]).length} ATS chip account(s)`,
          ...(authority?.minimumRole ? [`a power of the ${authority.minimumRole} (or above), exercised as ${String(authority.actedAs)}`] : []),
        ];
        return [{ ...base, record: 'Outcome invalidated', ground: GROUND[String(d.ground)] ?? String(d.ground), what: what.join('; ') }];
      }
      if (r.type === 'AtsWagersReturned' && r.data.reason === 'outcome-invalidated') {
        // Before the outcome the wagers shown are returned, nothing settled to take back (13.4).
        const refundedCents = stakeReturnedOf(r);
        return [{ ...base, record: 'Wagers refunded', what: `${money(refundedCents)} staked returned${setOffWords(r)}`, refundedCents }];
      }
      if (r.type === 'AtsSettlementRecalculated' && r.data.cause === 'invalidation') {
        const x = recalculationOf(r.data);
        const refundedCents = num((r.data.notRecognised as { returnedCents?: number } | undefined)?.returnedCents);
        const owed = owedChangeOf(x);
        const takenBack = num(r.data.previousCreditCents);
        const what = [
          `${money(refundedCents)} staked refunded`,
          ...(takenBack > 0 ? [`the credit of ${money(takenBack)} taken back`] : []),
          ...(x.ticketReducedCents > 0 ? [`${money(x.ticketReducedCents)} taken off the ticket still to be paid manually (${(r.data.unpaidTicket as { clause: string }).clause})`] : []),
          ...notRecoveredWords(x),
          ...owedWords(owed),
          ...(x.agrees ? [] : ['the event\'s movement does not match its credits']),
        ];
        return [
          {
            ...base,
            record: 'Wagers refunded',
            what: what.join('; '),
            refundedCents,
            differenceCents: x.differenceCents,
            // Nothing to recover where the player gains.
            recoveredCents: x.differenceCents < 0 ? 0 - x.movementCents : null,
            notRecoveredCents: notRecoveredColumn(x),
            ...owedFigures(records, r, owed),
          },
          ...setOffRows(r, x).map((o) => ({ ...base, ...o })),
        ];
      }
      return [];
    }),
  );

// ---- 11.12: claims --------------------------------------------------------------------------------------------------

/**
 * Rapid 11.12: each player's claim recorded or resolved in the period: its kind, what was claimed, how the Dealer
 * resolved it, and the adjustment to players it led to: for an incorrect outcome, the recalculations of the correction
 * that dealt with it (11.11), counted on the first upheld claim it dealt with only; for a malfunction the resolution
 * dealt with, its recalculations and its wagers returned (11.14-11.16).
 */
export const claimRows = (records: readonly RapidRecord[]): Row[] => {
  const claims = new Map<string, Row>();
  for (const r of records) {
    if (r.type !== 'RapidClaimRecorded' && r.type !== 'RapidClaimResolved') continue;
    const id = String(r.data.claimId);
    const row = claims.get(id) ?? { claimId: id, tableId: r.tableId, atsId: null, round: null, roundId: null, kind: null, description: null, recordedAt: null, resolution: 'Not resolved in the period', action: null, resolvedAt: null, frozenAccounts: null, frozenRound: null, frozenAt: null, freezeClause: null, adjustmentCents: null, correctionNamedAt: null, correctionNamedBy: null, correctedAt: null, correctedRound: null, correctedBy: null, correctedOutcome: null, correctionClause: null, adjustmentOnClaim: null, invalidatedAt: null, invalidationClause: null, actorId: null, actorRole: null, clause: r.clause, eventId: r.eventId };
    if (r.type === 'RapidClaimRecorded') Object.assign(row, { atsId: r.atsId, round: roundOf(r) || null, roundId: r.roundId, kind: r.data.kind === 'malfunction' ? 'Malfunction' : 'Incorrect outcome', description: r.data.description, recordedAt: r.at, clause: r.clause });
    else {
      // An upheld claim of an incorrect outcome freezes the round's accounts, or names the freeze in force (11.11 with 11.12).
      const freeze = r.data.freeze as { roundId: string; roundNumber?: number; accountIds?: string[]; frozenAt: string; clause: string } | undefined;
      // Upheld once the actual outcome was entered again: the correction (or review) that dealt with it (11.11 with 11.12).
      const correction = r.data.correction as { by: string; at: string } | undefined;
      const frozen = freeze ? { frozenAccounts: (freeze.accountIds ?? []).length, frozenRound: String(freeze.roundNumber ?? freeze.roundId), frozenAt: freeze.frozenAt, freezeClause: freeze.clause } : {};
      Object.assign(row, { round: row.round ?? (roundOf(r) || null), roundId: row.roundId ?? r.roundId, resolution: r.data.resolution === 'upheld' ? 'Upheld' : 'Rejected', action: r.data.action, resolvedAt: r.at, ...frozen, correctionNamedAt: correction?.at ?? null, correctionNamedBy: correction?.by ?? null, actorId: r.actorId, actorRole: r.actorRole, clause: row.clause && row.clause !== r.clause ? `${String(row.clause)}; ${String(r.clause)}` : r.clause });
    }
    claims.set(id, row);
  }
  // Each correction (or review confirming the outcome) of a round in the period, and the wrong outcome's recalculations
  // it made (11.11): made with it, at its time; a recalculation belongs to the round's last correction at or before it.
  const reviews = records.filter((r) => (r.type === 'RapidOutcomeCorrected' || r.type === 'RapidOutcomeConfirmed') && r.roundId);
  const corrections = reviews.filter((r) => r.type === 'RapidOutcomeCorrected');
  const correctionOf = (r: RapidRecord) => [...corrections].reverse().find((c) => c.roundId === r.roundId && c.at <= r.at) ?? corrections.find((c) => c.roundId === r.roundId);
  const differenceOf = (c: RapidRecord) =>
    records.filter((r) => r.type === 'AtsSettlementRecalculated' && r.roundId === c.roundId && (r.data.cause ?? 'wrong-outcome') === 'wrong-outcome' && correctionOf(r) === c).reduce((a, r) => a + recalculationOf(r.data).differenceCents, 0);
  // The claim whose row carries each correction's adjustment: the first upheld claim it dealt with.
  const carriedBy = new Map<RapidRecord, string>();
  const upheld = [...claims.values()].filter((row) => row.resolution === 'Upheld').sort((a, b) => String(a.resolvedAt).localeCompare(String(b.resolvedAt)));
  for (const row of upheld) {
    const malfunction = records.find((m) => m.type === 'RapidMalfunctionRecorded' && m.data.claimId === row.claimId);
    const roundId = (malfunction?.roundId ?? row.roundId) as string | null;
    if (!roundId) continue;
    if (malfunction || row.kind === 'Malfunction') {
      const onAts = (r: RapidRecord) => !malfunction || malfunction.data.scope !== 'ats' || r.atsId === malfunction.data.atsId;
      const adjustments = records.filter((r) => r.roundId === roundId && onAts(r) && ((r.type === 'AtsSettlementRecalculated' && r.data.cause === 'malfunction') || (r.type === 'AtsWagersReturned' && MALFUNCTION_RETURNS.has(String(r.data.reason)))));
      row.adjustmentCents = adjustments.reduce((a, r) => a + (r.type === 'AtsWagersReturned' ? num(r.data.movementCents) : recalculationOf(r.data).differenceCents), 0);
      continue;
    }
    // The correction that dealt with an incorrect-outcome claim (11.11 with 11.12): the round's first correction or
    // review at or after the claim was made, where the resolution names one (the outcome already entered again) and the
    // claim is in the period (a resolution recorded naming the round's last review, which may have reversed it, is read
    // so too); else the one it names; else the round's first after the freeze it made or named (or the claim).
    const since = (row.frozenAt ?? row.recordedAt ?? '') as string;
    const named = row.correctionNamedAt ? reviews.find((c) => c.roundId === roundId && c.at === row.correctionNamedAt && (c.type === 'RapidOutcomeCorrected') === (row.correctionNamedBy === 'corrected')) : undefined;
    const firstSinceClaim = typeof row.recordedAt === 'string' ? reviews.find((c) => c.roundId === roundId && c.at >= String(row.recordedAt)) : undefined;
    const review = row.correctionNamedAt ? (firstSinceClaim && named && firstSinceClaim.at <= named.at ? firstSinceClaim : named) : reviews.find((c) => c.roundId === roundId && c.at >= since);
    // The round's outcome invalidated since the claim (or the review that dealt with it): every wager refunded (13.4).
    const invalidated = records.find((r) => r.type === 'RapidOutcomeInvalidated' && r.roundId === roundId && r.at >= String(review?.at ?? row.recordedAt ?? ''));
    if (invalidated) Object.assign(row, { invalidatedAt: invalidated.at, invalidationClause: invalidated.clause });
    row.adjustmentCents = 0;
    if (!review) continue;
    Object.assign(row, { correctedAt: review.at, correctedRound: roundOf(review) || roundId, correctedBy: review.type === 'RapidOutcomeCorrected' ? 'corrected' : 'confirmed', correctedOutcome: outcomeInWords(review.data.actual ?? review.data.outcome), correctionClause: review.clause });
    if (review.type !== 'RapidOutcomeCorrected') continue;
    const first = carriedBy.get(review);
    if (first) Object.assign(row, { adjustmentCents: null, adjustmentOnClaim: first });
    else {
      carriedBy.set(review, String(row.claimId));
      row.adjustmentCents = differenceOf(review);
    }
  }
  return byTable([...claims.values()].map(({ roundId: _r, ...row }) => row));
};

/**
 * The freeze an upheld claim made, or the one in force it named (Rapid 11.11 with 11.12), as the document says it (the
 * time in the report's zone); null for a claim that froze nothing.
 */
export const freezeInWords = (r: Readonly<Record<string, Cell>>, timeZone = 'UTC'): string | null => {
  if (typeof r.frozenAt !== 'string') return null;
  const accounts = `${String(r.frozenAccounts)} ATS chip account(s)`;
  const when = localTime(r.frozenAt, timeZone);
  // The resolution made the freeze when it froze at the moment of the resolution; otherwise the freeze was in force.
  return r.frozenAt === r.resolvedAt
    ? `Froze ${accounts} for round ${String(r.frozenRound)} at ${when} (${String(r.freezeClause)})`
    : `Already in force: ${accounts} frozen for round ${String(r.frozenRound)} since ${when} (${String(r.freezeClause)})`;
};

/**
 * The correction (or the review confirming the outcome entered) that dealt with an upheld claim of an incorrect outcome
 * (Rapid 11.11 with 11.12), as the document says it; where an earlier claim's row carries its adjustment, which; and
 * when the round's outcome was invalidated since, every wager for it refunded (13.4).
 */
export const correctionInWords = (r: Readonly<Record<string, Cell>>, timeZone = 'UTC'): string | null => {
  // The round's outcome invalidated since (13.4): said after the correction that dealt with the claim, or alone.
  const invalidated = typeof r.invalidatedAt === 'string' ? `the outcome of round ${String(r.correctedRound ?? r.round)} was invalidated since, at ${localTime(r.invalidatedAt, timeZone)}, and every wager for it refunded (${String(r.invalidationClause)})` : null;
  if (typeof r.correctedAt !== 'string') return invalidated ? `${invalidated[0].toUpperCase()}${invalidated.slice(1)}` : null;
  const when = `round ${String(r.correctedRound)} at ${localTime(r.correctedAt, timeZone)}`;
  const since = invalidated ? `; ${invalidated}` : '';
  if (r.correctedBy === 'confirmed') return `Dealt with by the review of ${when} confirming ${String(r.correctedOutcome)} (${String(r.correctionClause)}): nothing recalculated${since}`;
  return `Dealt with by the correction of ${when} to ${String(r.correctedOutcome)} (${String(r.correctionClause)})${r.adjustmentOnClaim ? `; its adjustment is on claim ${String(r.adjustmentOnClaim)}'s row` : ''}${since}`;
};

// ---- 6.7.2(b), 11.11 with 6.7: manual payments ---------------------------------------------------------------------

/**
 * Rapid 6.7.2(b) and 11.11 with 6.7: a ticket its printer failed to print (a manual payment due), what a recalculation
 * took off a ticket not yet paid (the due reduced, by which correction), each manual payment of one, and each amount a
 * recalculation left owed to a closed account paid, in chips by the Dealer or manually.
 */
export const manualPaymentRows = (records: readonly RapidRecord[]): Row[] =>
  byTable(
    records.flatMap((r): Row[] => {
      const base = { eventId: r.eventId, at: r.at, tableId: r.tableId, atsId: r.atsId, accountId: r.accountId, round: roundOf(r) || null, dueCents: null, paidCents: null, reason: null, ...who(r), clause: r.clause };
      if (r.type === 'AtsAccountCashedOut' && r.data.method === 'ticket' && r.data.ticketPrinted === false) {
        return [{ ...base, record: 'Ticket not printed: manual payment due', dueCents: num(r.data.amountCents), reason: r.data.ticketId ? `ticket ${String(r.data.ticketId)} illegible or not printed` : 'the printer printed no ticket' }];
      }
      // A recalculation took a recovery off the ticket not yet paid (6.7.2(b) with 11.11): the manual payment due falls.
      const ticket = r.type === 'AtsSettlementRecalculated' ? (r.data.unpaidTicket as { reducedCents?: number; owedAfterCents?: number } | undefined) : undefined;
      if (ticket && num(ticket.reducedCents) > 0) {
        const by = r.data.cause === 'malfunction' ? `the adjustment of round ${roundOf(r)} after a malfunction` : r.data.cause === 'invalidation' ? `the invalidation of round ${roundOf(r)}` : `the correction of round ${roundOf(r)} to ${outcomeInWords(r.data.outcome)}`;
        return [{ ...base, record: 'Manual payment due reduced by a recalculation', dueCents: -num(ticket.reducedCents), reason: `${money(num(ticket.reducedCents))} taken off the ticket not yet paid by ${by} (${String(r.clause)}): ${money(num(ticket.owedAfterCents))} still due` }];
      }
      if (r.type === 'AtsManualPaymentRecorded') return [{ ...base, record: 'Manual payment for a ticket not printed', paidCents: num(r.data.amountCents), reason: r.data.reason as string }];
      if (r.type === 'AtsOwedAmountPaid') {
        const rounds = ((r.data.rounds ?? []) as { roundId: string; roundNumber?: number }[]).map((x) => String(x.roundNumber ?? x.roundId)).join(', ');
        return [{ ...base, round: rounds || null, record: r.data.method === 'manual-payment' ? 'Owed amount paid by manual payment' : 'Owed amount paid in chips', paidCents: num(r.data.amountCents), reason: (r.data.reason as string | null) ?? null }];
      }
      return [];
    }),
  );

// ---- the sections -------------------------------------------------------------------------------------------------

const instant = (header = 'Time'): DocumentColumn => ({ header, format: 'instant', key: 'at', width: 1.1 });
const table: DocumentColumn = { header: 'Table', format: 'text', key: 'tableId', width: 0.7 };
const round: DocumentColumn = { header: 'Round', format: 'text', key: 'round', width: 0.6 };
const amount = (header: string, key: string, total = true, width = 0.85): DocumentColumn => ({ header, format: 'money', key, total: total ? 'sum' : undefined, width });
const rule: DocumentColumn = { header: 'Rule', format: 'text', key: 'clause', width: 1.1 };
const by: DocumentColumn = { header: 'Recorded by', format: 'text', value: recordedBy, width: 1.1 };
const ats: DocumentColumn = { header: 'ATS', format: 'text', key: 'atsId', width: 0.6 };
const account: DocumentColumn = { header: 'Account', format: 'text', key: 'accountId', width: 0.8 };

/**
 * Commission: what the house kept of the round's winning wagers below the odds the pay table states before its
 * commission, deducted from the payout before the account is credited (Rapid 4.8.2(a)). Under each Banker pay table of
 * Rapid 10.1: Traditional Baccarat, 5% of a winning wager; Crown Baccarat, half of a wager that wins with 6 ("1 to 1
 * less 50% commission", $100 pays $50: the $50 withheld from even money), nothing on other wins; a pay table with no
 * commission, 0. Two columns, each on the basis of the figures beside it, so a row is checkable on its own:
 * - at settlement: deducted when the round was settled, from the Credited beside it (both as settled, 4.8);
 * - after recalculations: kept as the accounts were last settled, a recalculation's replacing the settlement's (11.11,
 *   11.14(b), 11.15(b), 11.16), beside the Recalculated and House net after: a corrected round keeps the actual
 *   outcome's commission, not the one reversed; an adjusted round the commission of the wagers the records confirm.
 */
const commissionSettled: DocumentColumn = amount('Commission at settlement ($)', 'commissionSettledCents', true, 0.9);
const commission: DocumentColumn = amount('Commission after recalc. ($)', 'commissionCents', true, 0.9);

/**
 * Paid out: what was actually paid to players (Rapid 6.7, 6.7.2(b), 11.11 with 6.7): cash-outs in chips (6.7.1), tickets
 * printed (6.7.2), manual payments made for tickets not printed (6.7.2(b)) and owed amounts paid. A ticket not printed
 * is not paid out when the account is cashed out: it is a manual payment due until paid (Manual payments due, rise).
 */
const paidOut: DocumentColumn = amount('Paid out: cash-outs, manual payments, owed amounts ($)', 'paidOutCents');
/**
 * Manual payments due, rise: tickets the printer failed to print in the period (6.7.2(b)) less what recalculations took
 * off tickets not yet paid (11.11) less the manual payments made for them; negative where more was paid or taken off
 * than fell due in the period. What the house still owes on tickets, not paid out.
 */
const manualDue: DocumentColumn = amount('Rise in manual payments due ($)', 'manualDueChangeCents');

/**
 * Due: a manual payment falling due for a ticket not printed (6.7.2(b)), or, negative, what a recalculation took off a
 * ticket not yet paid (11.11): the total is what fell due in the period, net of those reductions.
 */
const manualPaymentDue: DocumentColumn = amount('Due ($)', 'dueCents');

/**
 * Owed to a closed account, change: what a recalculation changed the amount owed to a player whose account was paid out
 * and closed by (11.11 with 6.7): + more owed, - less (a later recalculation took some back); what is owed after it is
 * in the row's words. The total is what the period's recalculations left owed, net, not a sum of amounts owed after.
 */
const owedChange: DocumentColumn = amount('Owed to a closed account, change ($)', 'owedCents');

/**
 * Adjustment to players: what the recalculations a claim led to changed the players' results by (11.12 with 11.11,
 * 11.14-11.16): a correction's, on the row of the first upheld claim it dealt with only (a later claim it dealt with
 * names it, with no amount), so the total counts each correction once; a malfunction's, with its wagers returned.
 */
const claimAdjustment: DocumentColumn = amount('Adjustment to players ($)', 'adjustmentCents', true, 1.1);

export const RAPID_COLUMNS = {
  // As settled (4.8): staked, credited, the commission deducted from it, house net; then after the recalculations (11.11).
  rounds: [
    instant('Settled'),
    table,
    round,
    { header: 'Outcome', format: 'text', key: 'outcome', width: 1.3 },
    { header: 'Accounts', format: 'count', key: 'accounts', total: 'sum', width: 0.6 },
    amount('Staked ($)', 'stakedCents'),
    amount('Credited as settled ($)', 'creditedCents'),
    commissionSettled,
    amount('House net as settled ($)', 'houseNetCents'),
    amount('Recalculated ($)', 'adjustmentCents'),
    commission,
    amount('House net after ($)', 'houseNetAfterCents'),
    rule,
  ],
  accounts: [
    {
      title: 'Money in and play',
      columns: [
        table,
        ats,
        account,
        amount('Opening balance ($)', 'openingCents'),
        amount('Buy-ins by notes ($)', 'buyInNotesCents'),
        amount('Dealer buy-ins ($)', 'buyInDealerCents'),
        amount('Wagered ($)', 'wageredCents'),
        amount('Returned ($)', 'returnedCents'),
        amount('Credited ($)', 'creditedCents'),
        amount('Recalculations ($)', 'recalculatedCents'),
        // Not moved: already out of Returned, Credited and Recalculations, which are what the balance moved (11.11 with 6.7.1).
        amount('Kept money set off ($)', 'setOffCents'),
        rule,
      ],
    },
    {
      title: 'Money out and balances',
      columns: [
        table,
        ats,
        account,
        amount('Cash-outs in chips ($)', 'cashOutChipsCents'),
        amount('Cash-outs by ticket ($)', 'cashOutTicketCents'),
        amount('Owed paid in chips ($)', 'owedPaidChipsCents'),
        amount('Owed paid manually ($)', 'owedPaidManualCents'),
        amount('Closing balance ($)', 'closingCents'),
        { header: 'Balances follow the movements', format: 'flag', key: 'agrees', width: 0.9 },
        rule,
      ],
    },
    {
      // A ticket not printed is a manual payment due, not paid (6.7.2(b)); a recalculation may take off it before it is
      // paid (11.11): what the player received is what was paid, and the accounts' paid out adds up to the table's.
      title: 'Tickets not printed and paid out',
      columns: [
        table,
        ats,
        account,
        amount('Ticket not printed: manual payment due ($)', 'manualDueCents'),
        amount('Taken off by recalculations ($)', 'manualDueReducedCents'),
        amount('Paid manually ($)', 'manualPaidCents'),
        amount('Still due ($)', 'manualStillDueCents'),
        amount('Paid out: cash-outs, manual payments, owed amounts ($)', 'paidOutCents'),
        rule,
      ],
    },
  ],
  reconciliation: [
    {
      title: 'House net by the rounds',
      columns: [
        table,
        amount('Staked ($)', 'stakedCents'),
        amount('Credited ($)', 'creditedCents'),
        amount('House net as settled ($)', 'houseNetCents'),
        amount('Recalculations ($)', 'recalculatedCents'),
        amount('Not recovered ($)', 'notRecoveredCents'),
        amount('Wagers in play at the period\'s ends ($)', 'inPlayCents'),
        amount('House net by the rounds ($)', 'byRoundsCents'),
        rule,
      ],
    },
    {
      title: 'House net by the accounts, and the difference',
      columns: [
        table,
        amount('Buy-ins ($)', 'buyInsCents'),
        paidOut,
        amount('Rise in balances ($)', 'balanceChangeCents'),
        manualDue,
        amount('House net by the accounts ($)', 'byAccountsCents'),
        amount('House net by the rounds ($)', 'byRoundsCents'),
        amount('Difference ($)', 'differenceCents'),
        { header: 'Agree', format: 'flag', key: 'agrees', width: 0.6 },
        rule,
      ],
    },
  ],
  corrections: [
    instant(),
    table,
    round,
    { header: 'Record', format: 'text', key: 'record', width: 0.9 },
    { header: 'ATS / account', format: 'text', value: (r) => (r.accountId ? `${String(r.atsId ?? '')} / ${String(r.accountId)}` : ''), width: 0.9 },
    { header: 'What happened', format: 'text', key: 'what', width: 2.6 },
    amount('Difference to the player ($)', 'differenceCents'),
    amount('Recovered ($)', 'recoveredCents'),
    amount('Not recovered ($)', 'notRecoveredCents'),
    owedChange,
    { header: 'Paid', format: 'text', value: (r, { timeZone }) => paidInWords(r, timeZone), width: 1.2 },
    by,
    rule,
  ],
  malfunctions: [
    instant(),
    table,
    round,
    { header: 'Record', format: 'text', key: 'record', width: 0.9 },
    { header: 'ATS / account', format: 'text', value: (r) => [r.atsId, r.accountId].filter((x) => x).join(' / '), width: 0.9 },
    { header: 'What happened', format: 'text', key: 'what', width: 3 },
    amount('Returned ($)', 'returnedCents'),
    amount('Difference to the player ($)', 'differenceCents'),
    amount('Not recovered ($)', 'notRecoveredCents'),
    by,
    rule,
  ],
  invalidations: [
    instant(),
    table,
    round,
    { header: 'Record', format: 'text', key: 'record', width: 0.9 },
    { header: 'Ground', format: 'text', key: 'ground', width: 0.8 },
    { header: 'ATS / account', format: 'text', value: (r) => (r.accountId ? `${String(r.atsId ?? '')} / ${String(r.accountId)}` : ''), width: 0.9 },
    { header: 'What happened', format: 'text', key: 'what', width: 2 },
    amount('Stake refunded ($)', 'refundedCents'),
    amount('Difference to the player ($)', 'differenceCents'),
    amount('Recovered ($)', 'recoveredCents', true, 1),
    amount('Not recovered ($)', 'notRecoveredCents', true, 1),
    owedChange,
    { header: 'Paid', format: 'text', value: (r, { timeZone }) => paidInWords(r, timeZone), width: 1.2 },
    by,
    rule,
  ],
  claims: [
    { header: 'Claim', format: 'text', key: 'claimId', width: 0.7 },
    table,
    ats,
    round,
    { header: 'Kind', format: 'text', key: 'kind', width: 0.8 },
    { header: 'Claimed', format: 'text', key: 'description', width: 1.4 },
    { header: 'Recorded', format: 'instant', value: (r) => r.recordedAt, width: 1.1 },
    { header: 'Resolution', format: 'text', key: 'resolution', width: 1 },
    { header: 'Action', format: 'text', key: 'action', width: 1.4 },
    { header: 'Resolved', format: 'instant', value: (r) => r.resolvedAt, width: 1.1 },
    { header: 'Freeze and correction', format: 'text', value: (r, { timeZone }) => [freezeInWords(r, timeZone), correctionInWords(r, timeZone)].filter((x) => x).join('; ') || null, width: 1.8 },
    claimAdjustment,
    { header: 'Resolved by', format: 'text', value: recordedBy, width: 1 },
    rule,
  ],
  manualPayments: [instant(), table, ats, account, { header: 'Round(s)', format: 'text', key: 'round', width: 0.7 }, { header: 'Record', format: 'text', key: 'record', width: 1.6 }, manualPaymentDue, amount('Paid ($)', 'paidCents'), { header: 'Reason', format: 'text', key: 'reason', width: 1.8 }, by, rule],
} satisfies Record<string, DocumentColumn[] | DocumentTable[]>;

/** The period's Rapid records of the jurisdiction, in the Rapid service's order (none where it never ran). */
export const rapidRecordsOf = async (ctx: SectionQueryContext): Promise<RapidRecord[]> => {
  const exists = (await ctx.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${ctx.schema}.rapid_records`])).rows[0]?.t;
  if (!exists) return [];
  const { rows } = await ctx.pool.query<{ event_id: string; source: string; source_tx: string; source_pos: string; type: string; at: string; gaming_day: string; table_id: string | null; account_id: string | null; ats_id: string | null; round_id: string | null; actor_id: string; actor_role: string; clause: string | null; data: Record<string, unknown>; rulebook_id: string | null }>(
    `SELECT event_id, source, source_tx::text AS source_tx, source_pos::text AS source_pos, type, at, gaming_day, table_id, account_id, ats_id, round_id, actor_id, actor_role, clause, data, rulebook_id
       FROM ${ctx.schema}.rapid_records
      WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3
      ORDER BY rapid_records.source_tx, rapid_records.source_pos`,
    [ctx.jurisdiction, ctx.period.firstDay, ctx.period.lastDay],
  );
  return rows.map((r) => ({ eventId: r.event_id, source: r.source, sourceTx: r.source_tx, sourcePos: r.source_pos, type: r.type, at: r.at, gamingDay: r.gaming_day, tableId: r.table_id, accountId: r.account_id, atsId: r.ats_id, roundId: r.round_id, actorId: r.actor_id, actorRole: r.actor_role, clause: r.clause, data: r.data, rulebookId: r.rulebook_id }));
};

const rapidSection = (id: string, title: string, clause: string, document: readonly DocumentColumn[] | readonly DocumentTable[], rowsOf: (records: readonly RapidRecord[]) => Row[]): SectionDefinition => ({
  id,
  title,
  clause,
  document: 'columns' in document[0] ? (document as readonly DocumentTable[]) : [{ columns: document as readonly DocumentColumn[] }],
  async query(ctx): Promise<SectionResult> {
    const records = await rapidRecordsOf(ctx);
    const rows = rowsOf(numbered(records));
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return {
      section: { id, title, clause, columns: keys, rows },
      // The rulebooks the period's records were published under: none on a day without Rapid play.
      rulebooks: [...new Set(records.map((r) => r.rulebookId).filter((b): b is string => !!b))],
      // Every event of the period feeds the figures (a round's commission, an account's balances), not only a row's own.
      spans: spansOf(records.map((r) => ({ source: r.source, source_tx: r.sourceTx, source_pos: r.sourcePos }))),
    };
  },
});

/** The sections of the VIC Rapid Baccarat report, per Rapid table. */
export const rapidSections: readonly SectionDefinition[] = [
  rapidSection('rapid-rounds', 'Rapid Baccarat rounds: outcome, staked, credited, commission and house net', 'Rapid 4.8; 8.1; 10', RAPID_COLUMNS.rounds, roundRows),
  rapidSection('rapid-account-movements', 'Rapid Baccarat ATS chip accounts: buy-ins, wagers, credits, cash-outs and manual payments', 'Rapid 4.1; 4.8; 6.2-6.7', RAPID_COLUMNS.accounts, accountRows),
  rapidSection('rapid-reconciliation', 'Rapid Baccarat reconciliation: the rounds against the accounts, to the cent', 'Rapid 4.8; 6.7; 11.11; 13.4', RAPID_COLUMNS.reconciliation, reconciliationRows),
  rapidSection('rapid-corrections', 'Rapid Baccarat freezes and corrections of outcomes entered', 'Rapid 11.11', RAPID_COLUMNS.corrections, correctionRows),
  rapidSection('rapid-invalidations', 'Rapid Baccarat outcomes invalidated and wagers refunded', 'Rapid 11.10; 13.3-13.4', RAPID_COLUMNS.invalidations, invalidationRows),
  rapidSection('rapid-malfunctions', 'Rapid Baccarat malfunctions of an ATS or the game system', 'Rapid 11.14-11.16', RAPID_COLUMNS.malfunctions, malfunctionRows),
  rapidSection('rapid-claims', 'Rapid Baccarat player claims and the freeze an upheld claim made', 'Rapid 11.12; 11.11', RAPID_COLUMNS.claims, claimRows),
  rapidSection('rapid-manual-payments', 'Rapid Baccarat manual payments and amounts owed paid', 'Rapid 6.7.2(b); 11.11', RAPID_COLUMNS.manualPayments, manualPaymentRows),
];
