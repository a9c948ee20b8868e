/**
 * An ATS chip account (Rapid 6): buy-in and top-ups, the ATS's wagers for the round (4.1-4.7, 5.3, 4.11.1),
 * settlement (4.8), returns (5.3.3, 11.14-11.16), the freeze and recalculation of a wrong outcome (11.11) and
 * cash-out (6.7). Pure: the round's context and terms arrive with the command, read from the table.
 */
import { atsPoliciesFor, atsTournamentWagerShown, atsWagerShown, madeOfNotes, rulebookById, type AtsPolicies, type BetId } from '@app/baccarat';
import { conflict, DomainError, notFound, ruleViolation, type AtsSettlementRecalculated, type AtsTournamentAccountOpened, type AtsUnrecoveredSetOff, type AtsWagerShown, type RapidOutcome, type RapidSide, type RapidStation, type RapidRoundRef, type RapidTableTerms, type RapidTender } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { atOrAfter, instantMs } from '../instants';
import { hasRole, isStation, requireOwnStation, requireRole, type RapidActor } from '../rapid-authority.decider';
import { settleAtsWagers, voidAtsWagers } from './ats-account-settlement.decider';
import { evolveAtsAccount, initialAtsAccountState, recognisedForCoup, roundInPlay, type AccountRound, type AtsAccountEvent, type AtsAccountState, type UnrecoveredFromRound } from './ats-account.events';

interface Base {
  readonly actor: RapidActor;
  readonly now: string;
}

/** The table's round as the ATS sees it when the command arrives (read under the table's lock). */
export interface RoundContext {
  readonly roundId: string;
  /** The round's number at the table (8.1), carried on the ATS's events. */
  readonly roundNumber?: number;
  readonly status: 'wagering' | 'closed' | 'settled' | 'void';
  readonly periodEndsAt: string;
  /** A malfunction voided this ATS's wagers for the round (11.14(a), 11.15(a)). */
  readonly voidedForStation: boolean;
  /** The tournament session the table is used for, exclusively, while it lasts (12.3.2); null or absent: none. */
  readonly tournamentSession?: { readonly tournamentId: string; readonly sessionId: string } | null;
}

export interface OpenAccount extends Base {
  readonly type: 'OpenAccount';
  readonly accountId: string;
  readonly tableId: string;
  readonly station: RapidStation;
  readonly rulebookId: string;
  readonly tender: RapidTender;
  readonly amountCents: number;
}
export interface CreditAccount extends Base {
  readonly type: 'CreditAccount';
  readonly tender: RapidTender;
  readonly amountCents: number;
  /** The tournament session the table is used for, exclusively, while it lasts (12.3.2); null or absent: none. */
  readonly tournamentSession?: { readonly tournamentId: string; readonly sessionId: string } | null;
}
export interface AttemptedWager {
  readonly bet: string;
  readonly side?: RapidSide;
  readonly amountCents: number;
}
/** The player's layout on the ATS for the round (4.2): the whole layout, replacing the previous one. */
export interface ShowWagers extends Base {
  readonly type: 'ShowWagers';
  readonly round: RoundContext | null;
  readonly terms: RapidTableTerms;
  readonly wagers: readonly AttemptedWager[];
}
export interface SettleWagers extends Base {
  readonly type: 'SettleWagers';
  readonly roundId: string;
  readonly roundNumber?: number;
  readonly outcome: RapidOutcome;
  readonly terms: RapidTableTerms;
  /**
   * The ATS's wagers for the round were void for a malfunction of the ATS or the game system (11.14, 11.15, 11.16): the
   * player was prevented from wagering, so no compulsory minimum is deducted (12.2.1(c)). Absent: none.
   */
  readonly voidedForStation?: { readonly clause: string } | null;
  /** When the round's wagering period ran (8.1): an account frozen during it (11.11) could not wager (12.2.1(c)). */
  readonly period?: { readonly startedAt: string; readonly expiresAt: string };
}
export interface ReturnWagers extends Base {
  readonly type: 'ReturnWagers';
  readonly roundId: string;
  readonly reason: 'ats-malfunction' | 'game-system-malfunction' | 'unconfirmed-after-malfunction' | 'outcome-invalidated';
  readonly clause: string;
}
export interface FreezeAccount extends Base {
  readonly type: 'FreezeAccount';
  readonly roundId: string;
}
export interface RecalculateSettlement extends Base {
  readonly type: 'RecalculateSettlement';
  readonly roundId: string;
  /** The round's number at the table (8.1), carried on the recalculation. */
  readonly roundNumber?: number;
  readonly outcome: RapidOutcome;
  readonly terms: RapidTableTerms;
  /** The round as the account's history records it, when the account no longer keeps it (an earlier round, Rapid 13.9). */
  readonly earlierRound?: AccountRound | null;
}
/**
 * A malfunction dealt with once the outcome was entered (11.14(b), 11.15(b)): the round's wagers void (`wagers` null,
 * 11.16), or replaced by those the records confirm and settled on the outcome entered.
 */
export interface AdjustToRecords extends Base {
  readonly type: 'AdjustToRecords';
  readonly roundId: string;
  /** The round's number at the table (8.1), carried on the recalculation. */
  readonly roundNumber?: number;
  readonly wagers: readonly AttemptedWager[] | null;
  readonly outcome: RapidOutcome;
  readonly terms: RapidTableTerms;
  readonly clause: string;
  /** The round as the account's history records it, when the account no longer keeps it (an earlier round, Rapid 13.9). */
  readonly earlierRound?: AccountRound | null;
  /**
   * Why the wagers are adjusted: a malfunction (default; 11.14-11.16), or the outcome invalidated, every wager for that
   * result refunded (11.10, 13.3-13.4), `wagers` null.
   */
  readonly cause?: 'malfunction' | 'invalidation';
}
/** The review confirmed the outcome entered (11.11): the freeze for the round is lifted, nothing recalculated. */
export interface ReleaseAccount extends Base {
  readonly type: 'ReleaseAccount';
  readonly roundId: string;
}
export interface CashOut extends Base {
  readonly type: 'CashOut';
  readonly method: 'chips' | 'ticket';
  readonly ticketId: string | null;
  /** The printer failed or printed an illegible ticket (6.7.2(b)). */
  readonly printerFault: boolean;
  /** The round at the table when the account is paid out (8.1), for the register; null or absent: none yet. */
  readonly round?: RapidRoundRef | null;
  /** The table's rounds under review (frozen, not yet corrected or confirmed, 11.11), read from the table; absent: none. */
  readonly roundsUnderReview?: readonly RapidRoundRef[];
}
export interface RecordManualPayment extends Base {
  readonly type: 'RecordManualPayment';
  readonly reason: string;
  /** The table's rounds under review (frozen, not yet corrected or confirmed, 11.11), read from the table; absent: none. */
  readonly roundsUnderReview?: readonly RapidRoundRef[];
}
/** A tournament session seats a player at the ATS: the account the conditions credit (12.2.1(b)). */
export interface OpenTournamentAccount extends Base {
  readonly type: 'OpenTournamentAccount';
  readonly accountId: string;
  readonly tableId: string;
  readonly station: RapidStation;
  readonly rulebookId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  readonly amountCents: number;
  /** The session's minimum and maximum wager in tournament chips (12.2.1(c)), or null when the conditions set none. */
  readonly wagerLimits: { readonly minCents: number; readonly maxCents: number } | null;
  /** The conditions' compulsory wager (12.2.1(c)): the minimum deducted in a round without a wager; absent: none. */
  readonly compulsoryWager?: AtsTournamentAccountOpened['compulsoryWager'];
}
/** The session ended, or the tournament was cancelled (`cancelled`, its TournamentCancelled): the balance is disposed of as the conditions say (12.2.1(b)). */
export interface DisposeTournamentBalance extends Base {
  readonly type: 'DisposeTournamentBalance';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly cancelled?: { readonly reason: string; readonly cancelledAt: string; readonly clause: string };
}

export type AtsAccountCommand =
  | OpenAccount
  | CreditAccount
  | ShowWagers
  | SettleWagers
  | ReturnWagers
  | FreezeAccount
  | RecalculateSettlement
  | AdjustToRecords
  | ReleaseAccount
  | CashOut
  | RecordManualPayment
  | OpenTournamentAccount
  | DisposeTournamentBalance;

/** Negation without -0 (events are compared and serialised). */
const neg = (n: number): number => (n === 0 ? 0 : -n);

const policiesOf = (rulebookId: string): AtsPolicies => atsPoliciesFor(rulebookById(rulebookId));

const requireOpen = (s: AtsAccountState): void => {
  if (!s.exists) throw notFound('ACCOUNT_NOT_FOUND', `No ATS chip account ${s.accountId}.`);
  const p = policiesOf(s.rulebookId);
  const cancelled = s.tournament?.cancelled;
  if (s.status !== 'open' && cancelled) {
    // A cancelled tournament plays no more: its table serves it no longer (12.3.2) and the account was disposed of (12.2.1(b)).
    const clause = `${cancelled.clause}; ${p.tournaments.exclusiveTableClause}`;
    throw conflict(
      'TOURNAMENT_CANCELLED',
      `Account ${s.accountId} is a tournament account of session ${s.tournament!.sessionId} of tournament ${s.tournament!.tournamentId}, which was cancelled at ${cancelled.cancelledAt} (${cancelled.reason}; ${cancelled.clause}): its balance was disposed of (${p.tournaments.creditClause}) and it takes no more wagers. Play cash on an account of the player's own once the table is back in cash play.`,
      clause,
    );
  }
  if (s.status !== 'open' && s.tournament) {
    // Not cashed out: its session ended and its chips were disposed of as the conditions say (12.2.1(b)); no buy-in reopens it.
    throw conflict('ACCOUNT_CLOSED', `Account ${s.accountId} is the tournament account of session ${s.tournament.sessionId} of tournament ${s.tournament.tournamentId}, which has ended: its balance was disposed of as the tournament's conditions say (${p.tournaments.creditClause}) and it takes no more wagers. A later session of the tournament opens its own accounts when it starts.`, p.tournaments.creditClause, 'accountId');
  }
  if (s.status !== 'open') throw conflict('ACCOUNT_CLOSED', `Account ${s.accountId} is closed (cashed out, ${p.cashOut.clause}): buy in again to open a new one.`, p.cashOut.clause, 'accountId');
};

const requireNotFrozen = (s: AtsAccountState): void => {
  if (s.frozenForRounds.length) {
    const clause = policiesOf(s.rulebookId).wrongOutcome.clause;
    const rounds = s.frozenForRounds.join(', ');
    throw new DomainError('conflict', 'ACCOUNT_FROZEN', `accountId: this account is frozen while the outcome of round ${rounds} is reviewed (${clause}); try again once the Dealer has entered the actual outcome or confirmed the one entered.`, clause, 'accountId');
  }
};

/**
 * While a round of the table is under review (frozen, not yet corrected or confirmed, 11.11) the casino pays nothing it
 * holds for an account of the table, open at an ATS or not: the correction may still take it back. `what` is the
 * payment refused, `clauses` the clauses it rests on besides 11.11 (a ticket's manual payment, 6.7.2(b)).
 */
const requireNoRoundUnderReview = (s: AtsAccountState, rounds: readonly RapidRoundRef[] | undefined, what: string, clauses: readonly string[] = []): void => {
  if (!rounds?.length) return;
  const p = policiesOf(s.rulebookId);
  const clause = [p.wrongOutcome.clause, ...clauses].join('; ');
  const named = rounds.map((r) => (r.roundNumber ? `${r.roundNumber} (${r.roundId})` : r.roundId)).join(', ');
  throw new DomainError(
    'conflict',
    'ACCOUNT_FROZEN',
    `accountId: ${what} on account ${s.accountId} is not paid while the outcome of round ${named} of table ${s.tableId} is under review (${clause}): the accounts of the table are frozen until the review ends, and the correction may change what is due. Finish the review first (the Dealer enters the actual outcome or confirms the one entered), then pay the amount as it then stands.`,
    clause,
    'accountId',
  );
};

/** Money as the player reads it on the ATS: "$1,240.00" (the amounts are kept in cents). */
export const dollars = (cents: number): string => {
  const [whole, part] = (Math.abs(cents) / 100).toFixed(2).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
};

/** An amount on the account: money, or a tournament account's chips, which have no cash value (12.2.1(b)). */
const amountOn = (s: AtsAccountState, cents: number): string => (s.tournament ? `${cents} tournament chips` : dollars(cents));

/** Buy-in and top-up: the dealer accepts cash, vouchers, authorised tokens or chips; the ATS's note acceptor takes cash (6.2-6.5). */
const checkTender = (p: AtsPolicies, actor: RapidActor, station: RapidStation, tender: RapidTender, amountCents: number): string => {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw ruleViolation('AMOUNT_INVALID', 'amountCents must be a positive whole number of cents.', p.buyIn.dealerClause, 'amountCents');
  }
  if (tender === 'note-acceptor') {
    if (!isStation(actor) && !hasRole(actor, p.buyIn.dealer)) throw ruleViolation('NOTE_ACCEPTOR_AT_ATS', 'Cash goes into the note acceptor of the ATS.', p.buyIn.noteAcceptorClause, 'tender');
    requireOwnStation(actor, station.atsId, p.layout.ownStationClause);
    if (!madeOfNotes(amountCents, p.buyIn.noteDenominationsCents)) {
      const notes = p.buyIn.noteDenominationsCents.map((n) => `$${n / 100}`).join(', ');
      throw ruleViolation('NOT_AN_AMOUNT_OF_NOTES', `${dollars(amountCents)} cannot have been inserted at ATS ${station.atsId}: the note acceptor takes ${notes} notes; send the sum of the notes inserted.`, p.buyIn.noteAcceptorClause, 'amountCents');
    }
    return p.buyIn.noteAcceptorClause;
  }
  if (!p.buyIn.dealerTenders.includes(tender)) {
    throw ruleViolation('TENDER_NOT_ACCEPTED', `"${tender}" is not accepted; the Dealer accepts ${p.buyIn.dealerTenders.join(', ')}.`, p.buyIn.dealerClause, 'tender');
  }
  requireRole(actor, p.buyIn.dealer, p.buyIn.dealerClause, `Accepting ${tender}`);
  if (station.remote) {
    throw ruleViolation('REMOTE_ATS_NOTE_ACCEPTOR_ONLY', `ATS ${station.atsId} is remote: there is no Dealer buy-in; insert cash in its note acceptor.`, p.buyIn.remoteNoteAcceptorOnly.clause, 'tender');
  }
  return p.buyIn.dealerClause;
};

const openAccount = (c: OpenAccount, s: AtsAccountState): AtsAccountEvent[] => {
  if (s.exists) throw conflict('ACCOUNT_EXISTS', `Account ${c.accountId} already exists.`);
  const p = policiesOf(c.rulebookId);
  const clause = checkTender(p, c.actor, c.station, c.tender, c.amountCents);
  return [
    {
      type: 'AtsAccountOpened',
      accountId: c.accountId,
      tableId: c.tableId,
      atsId: c.station.atsId,
      station: c.station,
      rulebookId: c.rulebookId,
      tender: c.tender,
      amountCents: c.amountCents,
      movementCents: c.amountCents,
      balanceAfterCents: c.amountCents,
      openedAt: c.now,
      clause: `${clause}; ${p.buyIn.openedClause}`,
    },
  ];
};

/** The tournament's conditions, not a tender, credit a tournament account, and it is not cashed out (12.2.2). */
const requireOwnAccount = (p: AtsPolicies, s: AtsAccountState, what: string): void => {
  if (s.tournament) {
    const clause = p.tournaments.ruleSixModifiedClause;
    throw conflict('TOURNAMENT_ACCOUNT', `Account ${s.accountId} is a tournament account of session ${s.tournament.sessionId}: ${what} is not available under the tournament's conditions (${clause}); its balance is disposed of when the session ends.`, clause, 'accountId');
  }
};

const credit = (c: CreditAccount, s: AtsAccountState): AtsAccountEvent[] => {
  requireOpen(s);
  requireNotFrozen(s);
  const p = policiesOf(s.rulebookId);
  const { ruleSixModifiedClause, exclusiveTableClause, creditClause } = p.tournaments;
  if (s.tournament) {
    // Tournament chips only, credited as the conditions say (12.2.1(b), 12.2.2): no cash goes into a session's account (12.3.2).
    throw conflict(
      'TOURNAMENT_ACCOUNT',
      `Account ${s.accountId} is a tournament account of session ${s.tournament.sessionId}: it holds tournament chips only, credited as the tournament's conditions say (${creditClause}), and takes no top-up of cash or chips (${ruleSixModifiedClause}; ${exclusiveTableClause}); a buy-in or top-up the conditions allow goes through the Tournament Director, and the player may play cash at a table not in tournament play.`,
      ruleSixModifiedClause,
      'accountId',
    );
  }
  const session = c.tournamentSession;
  if (session) {
    // The table is used exclusively for the session (12.3.2): no cash is credited to an account of cash play meanwhile.
    throw conflict(
      'TABLE_IN_TOURNAMENT_PLAY',
      `Table ${s.tableId} is used only for session ${session.sessionId} of tournament ${session.tournamentId} until it ends (${exclusiveTableClause}): no cash is credited to account ${s.accountId} meanwhile; have it paid out (cash-out) and buy in at a table not in tournament play, or top it up once the session ends.`,
      exclusiveTableClause,
      'tableId',
    );
  }
  const clause = checkTender(p, c.actor, s.station!, c.tender, c.amountCents);
  return [{ type: 'AtsAccountCredited', accountId: s.accountId, tender: c.tender, amountCents: c.amountCents, movementCents: c.amountCents, balanceAfterCents: s.balanceCents + c.amountCents, creditedAt: c.now, clause }];
};

const key = (w: { bet: string; side?: string }) => `${w.bet}/${w.side ?? ''}`;

type NotShown = { bet: string; side?: RapidSide; attemptedCents: number; clause: string };

/**
 * The one check of an account's wagers for a round, whether the player shows them on the ATS (`placed`, 4.2-4.7) or
 * the records confirm them after a malfunction (`confirmed`, 11.14(b)): bets offered, the hand nominated where the bet
 * asks for one, each bet once, within the table's limits as the ATS shows them (the session's, in tournament chips,
 * for a tournament account: 12.2.1(c)), a side wager with its base wager (4.11.1), the session's maximum each coup,
 * and no more than the account held for the round (4.1). A layout placed shows what the ATS would (5.3.1-5.3.2);
 * wagers confirmed must be wagers the ATS could have shown as they stand, or they are refused naming the wager.
 */
const checkedWagers = (
  p: AtsPolicies,
  s: AtsAccountState,
  terms: RapidTableTerms,
  wagers: readonly AttemptedWager[],
  how: { readonly mode: 'placed' | 'confirmed'; readonly roundId: string; readonly heldCents: number },
): { shown: AtsWagerShown[]; notShown: NotShown[]; totalCents: number } => {
  const confirming = how.mode === 'confirmed';
  const list = confirming ? 'confirmedWagers' : 'wagers';
  const offered = new Map(terms.offeredBets.map((b) => [b.bet, b.option]));
  const seen = new Set<string>();
  const shown: AtsWagerShown[] = [];
  const notShown: NotShown[] = [];
  // A tournament account wagers within the session's limits in chips, not the table's cash limits (12.2.1(c), 12.2.2).
  const session = s.tournament?.wagerLimits;
  wagers.forEach((w, i) => {
    const field = `${list}[${i}]`;
    if (!offered.has(w.bet)) throw ruleViolation('BET_NOT_OFFERED', `"${w.bet}" is not offered at table ${s.tableId} (${[...offered.keys()].join(', ')})${confirming ? `: the records cannot confirm it for account ${s.accountId}` : ''}.`, p.table.offeredBetsClause, `${field}.bet`);
    const nominated = p.sideNominated.bets.includes(w.bet as BetId);
    if (nominated && w.side !== 'player' && w.side !== 'banker') throw ruleViolation('SIDE_REQUIRED', `A ${w.bet} wager nominates the Player or the Banker hand.`, p.sideNominated.clause, `${field}.side`);
    if (!nominated && w.side !== undefined) throw ruleViolation('SIDE_NOT_APPLICABLE', `A ${w.bet} wager does not nominate a hand.`, p.sideNominated.clause, `${field}.side`);
    if (!Number.isInteger(w.amountCents) || w.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', 'amountCents must be a positive whole number of cents.', p.wagersFromAccount.clause, `${field}.amountCents`);
    if (seen.has(key(w))) throw ruleViolation('BET_LISTED_TWICE', `${w.bet}${w.side ? ` (${w.side})` : ''} is listed twice: send one amount per bet.`, p.layout.clause, `${field}.bet`);
    seen.add(key(w));
    const limits = terms.limits[w.bet];
    const display = session
      ? atsTournamentWagerShown(p, w.amountCents, { minimum: session.minCents, maximum: session.maxCents })
      : atsWagerShown(p, w.amountCents, { minCents: limits.minCents, maxCents: limits.maxCents, incrementCents: limits.incrementCents });
    if (confirming && (!display.shown || display.amountCents !== w.amountCents)) {
      const allowed = session ? `${session.minCents}-${session.maxCents}` : `${dollars(limits.minCents)}-${dollars(limits.maxCents)} in steps of ${dollars(limits.incrementCents)}`;
      throw ruleViolation('NOT_A_WAGER_THE_ATS_SHOWS', `Account ${s.accountId} could not have shown ${amountOn(s, w.amountCents)} on ${w.bet} in round ${how.roundId}: the table's limits${session ? " (the session's, in tournament chips)" : ''} allow ${allowed}.`, display.clause ?? p.wagersFromAccount.clause, `${field}.amountCents`);
    }
    if (session && !display.shown && p.tournaments.wagerLimits.belowMinimum === 'refused') {
      throw ruleViolation('BELOW_TOURNAMENT_MINIMUM', `${display.reason}: no chips are shown for it (${display.clause}); wager at least ${session.minCents}.`, display.clause, `${field}.amountCents`);
    }
    const side = w.side ? { side: w.side } : {};
    if (!display.shown) notShown.push({ bet: w.bet, ...side, attemptedCents: w.amountCents, clause: display.clause });
    else shown.push({ bet: w.bet, ...side, attemptedCents: w.amountCents, amountCents: display.amountCents, ...(display.reduced && display.clause ? { clause: display.clause } : {}) });
  });
  const pairs = shown.filter((w) => p.requiresBaseWager.bets.includes(w.bet as BetId));
  if (pairs.length && !shown.some((w) => p.requiresBaseWager.baseBets.includes(w.bet as BetId))) {
    throw ruleViolation(
      'BASE_WAGER_REQUIRED',
      `${pairs.map((w) => w.bet).join(', ')} may only be placed with a valid wager on ${p.requiresBaseWager.baseBets.join(', ')}${confirming ? `: the records cannot confirm it alone for account ${s.accountId}` : ''}.`,
      p.requiresBaseWager.clause,
      `${list}[${wagers.findIndex((w) => key(w) === key(pairs[0]))}].bet`,
    );
  }
  const total = shown.reduce((n, w) => n + w.amountCents, 0);
  // The session's maximum is the most a tournament account wagers each coup, all its bets together, as a
  // tournament table takes for a box (Rapid 12.2.1(c), 12.2.2): above it nothing is shown.
  if (session && total > session.maxCents) {
    throw ruleViolation(
      'TOURNAMENT_WAGER_ABOVE_MAXIMUM',
      `This account would hold ${total} chips on round ${how.roundId}, above the tournament session's maximum wager of ${session.maxCents} each coup (all bets together): wager at most ${session.maxCents} in all.`,
      p.tournaments.wagerLimits.clause,
      list,
    );
  }
  // The balance is the only source of wagers (4.1): what the account held for the round, not what it holds now.
  if (total > how.heldCents) {
    throw ruleViolation(
      'INSUFFICIENT_BALANCE',
      confirming
        ? `The confirmed wagers total ${amountOn(s, total)}, more than the ${amountOn(s, how.heldCents)} account ${s.accountId} held for round ${how.roundId} (${p.wagersFromAccount.clause}): confirm only what the records show it staked from that.`
        : `The wagers total ${amountOn(s, total)}, more than the ${amountOn(s, how.heldCents)} standing to the credit of this account with what it already wagers on round ${how.roundId}: wager at most ${amountOn(s, how.heldCents)}.`,
      p.wagersFromAccount.clause,
      list,
    );
  }
  return { shown, notShown, totalCents: total };
};

const showWagers = (c: ShowWagers, s: AtsAccountState): AtsAccountEvent[] => {
  requireOpen(s);
  const p = policiesOf(s.rulebookId);
  requireOwnStation(c.actor, s.atsId, p.layout.ownStationClause, undefined, 'accountId');
  if (!isStation(c.actor)) {
    // The player in control of the ATS alone places its chips (4.3).
    throw conflict('ONLY_THE_ATS_WAGERS', `Wagers are placed by the player touching the ATS display (${p.layout.placedByPlayerClause}).`, p.layout.placedByPlayerClause);
  }
  requireNotFrozen(s);
  const round = c.round;
  if (!round) throw conflict('NO_ROUND', 'No round is open for wagering at this table: wait for the Dealer to start the next coup.', p.wageringPeriod.clause);
  if (round.status !== 'wagering' || atOrAfter(c.now, round.periodEndsAt)) {
    throw new DomainError('conflict', 'WAGERING_PERIOD_ENDED', `wagers: the wagering period of round ${round.roundId} has ended: nothing may be placed, changed or withdrawn (${p.lockedAfterPeriod.clause}); wager in the next round.`, p.lockedAfterPeriod.clause, 'wagers');
  }
  const session = round.tournamentSession;
  if (session && s.tournament?.sessionId !== session.sessionId && c.wagers.length > 0) {
    // The table serves the session only (12.3.2): an account of another kind wagers nowhere here until it ends; it may withdraw.
    const clause = p.tournaments.exclusiveTableClause;
    throw conflict(
      'TABLE_IN_TOURNAMENT_PLAY',
      `Table ${s.tableId} is used only for session ${session.sessionId} of tournament ${session.tournamentId} until it ends (${clause}): account ${s.accountId} may withdraw its wagers or be paid out, and wager again once the session ends.`,
      clause,
      'tableId',
    );
  }
  if (round.voidedForStation) {
    throw conflict('ATS_MALFUNCTION', `This ATS malfunctioned in round ${round.roundId}: its wagers are void for the coup (${p.malfunction.ats.clause}(a)).`, p.malfunction.ats.clause, 'atsId');
  }
  const previous = s.rounds[round.roundId];
  const before = previous?.stakedCents ?? 0;
  // The account holds its balance and what it already wagers on the round (4.1, 4.7: a change moves the difference).
  const { shown, notShown, totalCents: total } = checkedWagers(p, s, c.terms, c.wagers, { mode: 'placed', roundId: round.roundId, heldCents: s.balanceCents + before });
  const delta = total - before;
  const unchanged = previous && previous.wagers.length === shown.length && shown.every((w, i) => key(w) === key(previous.wagers[i]) && w.amountCents === previous.wagers[i].amountCents && w.attemptedCents === previous.wagers[i].attemptedCents);
  // An attempt the ATS does not show (5.3.1) is still recorded, so the player is told why nothing moved.
  if (notShown.length === 0 && (unchanged || (!previous && shown.length === 0))) return [];
  return [
    {
      type: 'AtsWagersShown',
      accountId: s.accountId,
      tableId: s.tableId,
      roundId: round.roundId,
      ...(round.roundNumber ? { roundNumber: round.roundNumber } : {}),
      wagers: shown,
      notShown,
      totalCents: total,
      movementCents: neg(delta),
      balanceAfterCents: s.balanceCents - delta,
      shownAt: c.now,
      clause: `${p.wagersFromAccount.clause}; ${p.lockedAfterPeriod.clause}`,
    },
  ];
};

const settle = (c: SettleWagers, s: AtsAccountState): AtsAccountEvent[] => {
  const round = s.rounds[c.roundId];
  // A round the account had settled and no longer keeps: settled again, it moves nothing (no second credit or deduction).
  if (!round && c.roundNumber && c.roundNumber <= (s.settledThrough ?? 0)) return [];
  if (!round || (round.status === 'placed' && round.stakedCents === 0)) return minimumDeducted(c, s);
  if (round.status !== 'placed') return [];
  const p = policiesOf(s.rulebookId);
  // Wagers below the permitted aggregate are not recognised for the coup (5.3.3): returned, as recognisedForCoup says.
  if (recognisedForCoup({ status: 'settled', stakedCents: round.stakedCents, creditCents: 0 }, c.terms.aggregateMinimumCents)?.stakedCents !== round.stakedCents) {
    return [
      { type: 'AtsWagersReturned', accountId: s.accountId, tableId: s.tableId, roundId: c.roundId, reason: 'below-aggregate', stakedCents: round.stakedCents, ...creditedFromPlay(s, c.roundId, round.stakedCents), returnedAt: c.now, clause: p.belowAggregate.clause },
    ];
  }
  const settlements = settleAtsWagers(round.wagers, c.outcome, c.terms);
  const creditCents = settlements.reduce((n, x) => n + x.creditCents, 0);
  return [
    {
      type: 'AtsWagersSettled',
      accountId: s.accountId,
      tableId: s.tableId,
      roundId: c.roundId,
      ...(c.roundNumber ? { roundNumber: c.roundNumber } : {}),
      outcome: c.outcome,
      settlements,
      stakedCents: round.stakedCents,
      creditCents,
      ...creditedFromPlay(s, c.roundId, creditCents),
      settledAt: c.now,
      clause: `${p.settleAsShownAtExpiry.clause}; ${p.settlement.clause}; ${p.settlement.commissionDeductedBeforeCredit.clause}`,
    },
  ];
};

/**
 * A tournament account that wagered nothing in the round settled: where the conditions make the wager compulsory with
 * the minimum deducted (12.2.1(c)), the session's minimum is deducted, never below zero; the round is then recorded
 * settled for the account, so the same settlement again deducts nothing more. Any other account: nothing.
 */
/** Which tournament account an event is about: the account at its table and ATS, and its tournament, session and entry (Rapid 12.2.1(b)). */
const tournamentAccountOf = (s: AtsAccountState, t: NonNullable<AtsAccountState['tournament']>) => ({
  accountId: s.accountId,
  tableId: s.tableId,
  atsId: s.atsId,
  tournamentId: t.tournamentId,
  sessionId: t.sessionId,
  entryId: t.entryId,
});

/** The account was frozen (11.11) at some time while the round's wagering period ran (8.1): no wager could be shown (4.2). */
const frozenDuring = (s: AtsAccountState, period: SettleWagers['period']): boolean => {
  const f = s.lastFreeze;
  if (!f || !period) return false;
  return instantMs(f.from) < instantMs(period.expiresAt) && (f.to === null || instantMs(f.to) > instantMs(period.startedAt));
};

const minimumDeducted = (c: SettleWagers, s: AtsAccountState): AtsAccountEvent[] => {
  const t = s.tournament;
  const compulsory = t?.compulsoryWager;
  if (!t || !compulsory || compulsory.consequence !== 'minimum-deducted' || !t.wagerLimits || s.status !== 'open' || s.balanceCents <= 0) return [];
  // A player prevented from wagering in the round did not abstain: a malfunction voided the ATS's wagers (11.14, 11.15,
  // 11.16), or the account was frozen for a review during the wagering period (11.11).
  if (c.voidedForStation || frozenDuring(s, c.period)) return [];
  const amountCents = Math.min(t.wagerLimits.minCents, s.balanceCents);
  return [
    {
      type: 'AtsTournamentMinimumDeducted',
      ...tournamentAccountOf(s, t),
      roundId: c.roundId,
      ...(c.roundNumber ? { roundNumber: c.roundNumber } : {}),
      amountCents,
      minimumCents: t.wagerLimits.minCents,
      movementCents: neg(amountCents),
      balanceAfterCents: s.balanceCents - amountCents,
      deductedAt: c.now,
      clause: compulsory.clause,
    },
  ];
};

const returnWagers = (c: ReturnWagers, s: AtsAccountState): AtsAccountEvent[] => {
  const round = s.rounds[c.roundId];
  if (!round || round.status !== 'placed' || round.stakedCents === 0) return [];
  return [
    { type: 'AtsWagersReturned', accountId: s.accountId, tableId: s.tableId, roundId: c.roundId, reason: c.reason, stakedCents: round.stakedCents, ...creditedFromPlay(s, c.roundId, round.stakedCents), returnedAt: c.now, clause: c.clause },
  ];
};

const recalculate = (c: RecalculateSettlement, s: AtsAccountState): AtsAccountEvent[] => {
  const p = policiesOf(s.rulebookId);
  const events: AtsAccountEvent[] = [];
  const round = s.rounds[c.roundId] ?? heldEarlier(c);
  if (round && round.status === 'settled') {
    const settlements = settleAtsWagers(round.wagers, c.outcome, c.terms);
    const creditCents = settlements.reduce((n, x) => n + x.creditCents, 0);
    const wanted = creditCents - round.creditCents;
    const referred = referredAfterSession(s, c, 'wrong-outcome', p.wrongOutcome.clause, round.creditCents, creditCents, wanted);
    const recalculated = recalculation(s, c.roundId, c.roundNumber ?? round.roundNumber, c.outcome, settlements, round.creditCents, creditCents, wanted);
    events.push(
      ...(referred ?? [
        {
          ...recalculated,
          cause: 'wrong-outcome' as const,
          recalculatedAt: c.now,
          clause: [owesPlayer(s) ? p.wrongOutcome.owedToPlayer.clause : p.wrongOutcome.clause, ...ticketClause(recalculated)].join('; '),
        },
      ]),
    );
  }
  // Only this round's freeze is lifted: a freeze for another round still holds until that round is dealt with (11.11).
  if (s.frozenForRounds.includes(c.roundId)) events.push({ type: 'AtsAccountReleased', accountId: s.accountId, roundId: c.roundId, releasedAt: c.now, clause: p.wrongOutcome.clause });
  return events;
};

/** The earlier round the command brings from the account's history, when it is the round named (Rapid 13.9). */
const heldEarlier = (c: { readonly roundId: string; readonly earlierRound?: AccountRound | null }): AccountRound | undefined =>
  c.earlierRound && c.earlierRound.roundId === c.roundId ? c.earlierRound : undefined;

/** What a recalculation left owed to a player paid out since, paid in chips or manually (11.11 with 6.7). */
const payOwed = (s: AtsAccountState, method: 'chips' | 'manual-payment', reason: string | null, now: string): AtsAccountEvent => ({
  type: 'AtsOwedAmountPaid',
  accountId: s.accountId,
  tableId: s.tableId,
  atsId: s.atsId,
  method,
  amountCents: s.owedToPlayerCents,
  ...(s.owedForRounds.length ? { rounds: s.owedForRounds } : {}),
  reason,
  movementCents: neg(s.owedToPlayerCents),
  balanceAfterCents: s.balanceCents - s.owedToPlayerCents,
  paidAt: now,
  clause: method === 'chips' ? policiesOf(s.rulebookId).wrongOutcome.owedToPlayer.chipsClause : policiesOf(s.rulebookId).wrongOutcome.owedToPlayer.clause,
});

/**
 * The account's settled round adjusted after a malfunction (11.14(b), 11.15(b), 11.16): it moves by the difference
 * between the new and the old result of the round (credit less stake), never below zero, and what an account paid
 * out since gains is owed to the player who left (11.11 with 6.7).
 */
const adjustToRecords = (c: AdjustToRecords, s: AtsAccountState): AtsAccountEvent[] => {
  const round = s.rounds[c.roundId] ?? heldEarlier(c);
  if (!s.exists || !round || round.status === 'placed') return [];
  const p = policiesOf(s.rulebookId);
  const voided = c.wagers === null;
  // The wagers the records confirm are checked as any layout, against what the account held for the round (4.1, 5.3).
  const wagers: readonly AtsWagerShown[] = c.wagers === null ? round.wagers : checkedWagers(p, s, c.terms, c.wagers, { mode: 'confirmed', roundId: c.roundId, heldCents: round.heldCents }).shown;
  const stakedCents = wagers.reduce((n, w) => n + w.amountCents, 0);
  // The wagers the records confirm are held to the permitted aggregate like any (5.3.3): below it they are not
  // recognised for the coup, but returned, neither staked nor credited, as void wagers are (11.16).
  const belowAggregate = !voided && recognisedForCoup({ status: 'settled', stakedCents, creditCents: 0 }, c.terms.aggregateMinimumCents)?.stakedCents !== stakedCents;
  const returned = voided || belowAggregate;
  const settlements = returned ? voidAtsWagers(wagers, c.terms, voided ? c.clause : p.belowAggregate.clause) : settleAtsWagers(wagers, c.outcome, c.terms);
  const creditCents = settlements.reduce((n, x) => n + x.creditCents, 0);
  // The compulsory minimum deducted for want of a wager (12.2.1(c)) is part of the round's result: returned when the
  // wagers are void (the player could not wager: 11.14-11.16) or the records confirm a wager (the player did: 11.14(b)).
  const deducted = round.deductedCents ?? 0;
  const minimumReturned = deducted > 0 && (voided || stakedCents > 0) ? deducted : 0;
  const wanted = creditCents - stakedCents - (round.creditCents - round.stakedCents) + minimumReturned;
  const sameWagers = voided || (stakedCents === round.stakedCents && wagers.every((w, i) => key(w) === key(round.wagers[i] ?? { bet: '' }) && w.amountCents === round.wagers[i].amountCents));
  if (wanted === 0 && sameWagers && returned === (round.status === 'returned')) return [];
  const compulsoryClause = s.tournament?.compulsoryWager?.clause ?? p.tournaments.wagerLimits.clause;
  const cause = c.cause ?? 'malfunction';
  const referred = referredAfterSession(s, c, cause, c.clause, round.creditCents, creditCents, wanted);
  if (referred) return referred;
  const recalculated = recalculation(s, c.roundId, c.roundNumber ?? round.roundNumber, c.outcome, settlements, round.creditCents, creditCents, wanted);
  const notRecognised = !returned
    ? {}
    : {
        notRecognised: voided
          ? { reason: 'void' as const, returnedCents: stakedCents, clause: c.clause }
          : { reason: 'below-aggregate' as const, aggregateMinimumCents: c.terms.aggregateMinimumCents!, returnedCents: stakedCents, clause: p.belowAggregate.clause },
      };
  return [
    {
      ...recalculated,
      cause,
      previousStakedCents: round.stakedCents,
      stakedCents,
      ...(voided ? {} : { wagers }),
      ...notRecognised,
      ...(minimumReturned ? { minimumReturned: { amountCents: minimumReturned, clause: `${compulsoryClause}; ${c.clause}` } } : {}),
      // What the round counts for the coup before and after, for the round's totals (5.3.3, 4.8).
      countedBefore: recognisedForCoup(round)!,
      counted: recognisedForCoup({ status: returned ? 'returned' : 'settled', stakedCents, creditCents })!,
      recalculatedAt: c.now,
      clause: [c.clause, ...(belowAggregate ? [p.belowAggregate.clause] : []), ...(owesPlayer(s) ? [p.wrongOutcome.owedToPlayer.clause] : []), ...ticketClause(recalculated)].join('; '),
    },
  ];
};

/**
 * Paid out and closed since (6.7): what a recalculation leaves on the account is owed to the player who left. Not a
 * tournament account's: its chips have no cash value (12.2.2); the tournament follows the movement itself.
 */
const owesPlayer = (s: AtsAccountState): boolean => s.status !== 'open' && !s.tournament;

/** The account's side of a recalculation (11.11, 11.14(b), 11.16), whatever caused it. */
const recalculation = (s: AtsAccountState, roundId: string, roundNumber: number | undefined, outcome: RecalculateSettlement['outcome'], settlements: ReturnType<typeof settleAtsWagers>, previousCreditCents: number, creditCents: number, difference: number) => {
  // A reduction of a round whose credit was set off against what the player kept of earlier recoveries (11.11 with
  // 6.7.1) first undoes that set-off, the kept money going back to the rounds it came from; only the rest moves the
  // balance, so a buy-in or top-up (the player's new money) is never taken for it.
  const setOffUndone = undoSetOff(s, roundId, Math.max(neg(difference), 0));
  const undoneCents = setOffUndone?.amountCents ?? 0;
  const wanted = difference + undoneCents;
  // A recovery never takes the account below zero.
  const movement = Math.max(wanted, neg(s.balanceCents));
  // A ticket the printer failed to print is a debt to the player not yet paid (6.7.2(b)): what the balance cannot give
  // back comes off it first, and only what was paid out and cannot be recovered is left for the Casino Supervisor.
  const short = movement - wanted;
  const unpaidTicketCents = s.status === 'awaiting-manual-payment' ? (s.cashOut?.amountCents ?? 0) : 0;
  const reducedCents = Math.min(short, unpaidTicketCents);
  const unpaidTicket = reducedCents > 0 ? { unpaidTicket: { reducedCents, owedAfterCents: unpaidTicketCents - reducedCents, clause: policiesOf(s.rulebookId).cashOut.manualPayment.clause } } : {};
  // What the player kept of earlier recoveries that could not be made is set off against a later difference in their
  // favour before anything is credited or owed: the account as corrected is what the player is entitled to (6.7.1 with
  // 11.11), so the same money is not paid twice. The round's own first, then the others in the order they arose.
  const setOff = setOffFrom(s.unrecovered, roundId, Math.max(movement, 0));
  const setOffCents = setOff?.amountCents ?? 0;
  const moves = movement - setOffCents;
  return {
    type: 'AtsSettlementRecalculated' as const,
    accountId: s.accountId,
    ...(s.tournament ? { tournamentId: s.tournament.tournamentId } : {}),
    tableId: s.tableId,
    roundId,
    ...(roundNumber ? { roundNumber } : {}),
    outcome,
    settlements,
    previousCreditCents,
    creditCents,
    unrecoveredCents: short - reducedCents - setOffCents + undoneCents,
    movementCents: moves,
    balanceAfterCents: s.balanceCents + moves,
    ...(owesPlayer(s) ? { owedToPlayerCents: s.balanceCents + moves } : {}),
    ...unpaidTicket,
    ...(setOff ? { setOff } : {}),
    ...(setOffUndone ? { setOffUndone } : {}),
  };
};

/** How much of a reduction of `cents` undoes the set-off of the round's credit, and for which rounds, newest first (11.11); null: none. */
const undoSetOff = (s: AtsAccountState, roundId: string, cents: number): AtsUnrecoveredSetOff | null => {
  const setOff = s.rounds[roundId]?.setOff ?? [];
  let left = cents;
  const rounds: { roundId: string; roundNumber?: number; amountCents: number }[] = [];
  for (const r of [...setOff].reverse()) {
    if (left <= 0) break;
    const amountCents = Math.min(left, r.amountCents);
    const same = rounds.find((x) => x.roundId === r.roundId);
    if (same) same.amountCents += amountCents;
    else rounds.push({ roundId: r.roundId, ...(r.roundNumber ? { roundNumber: r.roundNumber } : {}), amountCents });
    left -= amountCents;
  }
  const amountCents = cents - left;
  if (amountCents === 0) return null;
  const total = s.unrecovered.reduce((n, r) => n + r.amountCents, 0);
  return { amountCents, unrecoveredAfterCents: total + amountCents, rounds };
};

/** How much of `cents` the player's unrecovered amounts absorb, and from which rounds (11.11); null: none. */
const setOffFrom = (kept: readonly UnrecoveredFromRound[], roundId: string, cents: number): AtsSettlementRecalculated['setOff'] | null => {
  const ordered = [...kept.filter((r) => r.roundId === roundId), ...kept.filter((r) => r.roundId !== roundId)];
  let left = cents;
  const rounds: { roundId: string; roundNumber?: number; amountCents: number }[] = [];
  for (const r of ordered) {
    if (left <= 0) break;
    const amountCents = Math.min(left, r.amountCents);
    rounds.push({ roundId: r.roundId, ...(r.roundNumber ? { roundNumber: r.roundNumber } : {}), amountCents });
    left -= amountCents;
  }
  const amountCents = cents - left;
  if (amountCents === 0) return null;
  const total = kept.reduce((n, r) => n + r.amountCents, 0);
  return { amountCents, unrecoveredAfterCents: total - amountCents, rounds };
};

/**
 * A credit to the open account from play: a round's settlement (4.8), wagers returned (5.3.3, 11.14-11.16, 13.4). What the
 * player kept of recoveries the account could not make (11.11) comes off it first, as off a recalculation in the
 * player's favour (`setOffFrom`): the account as corrected is what the player is entitled to (6.7.1). A buy-in or top-up
 * is the player's new money, never set off (6.2-6.5).
 */
const creditedFromPlay = (s: AtsAccountState, roundId: string, creditCents: number) => {
  const setOff = setOffFrom(s.unrecovered, roundId, creditCents);
  const movementCents = creditCents - (setOff?.amountCents ?? 0);
  return { movementCents, balanceAfterCents: s.balanceCents + movementCents, ...(setOff ? { setOff } : {}) };
};

/** The clauses a recalculation rests on besides its cause's: a ticket not yet paid reduced (6.7.2(b)). */
const ticketClause = (e: { readonly unpaidTicket?: { readonly clause: string } }): string[] => (e.unpaidTicket ? [e.unpaidTicket.clause] : []);

/**
 * A tournament account whose session ended: its balance was disposed of as the conditions say and the session's counts
 * recorded (12.2.1(b)), so a later recalculation of one of its rounds moves no chips; it is referred to the Tournament
 * Director (12.1.2, 12.2.1(k)) with what it would have moved. Null for any other account.
 */
const referredAfterSession = (s: AtsAccountState, c: { roundId: string; roundNumber?: number; outcome: RapidOutcome; now: string }, cause: 'wrong-outcome' | 'malfunction' | 'invalidation', clause: string, previousCreditCents: number, creditCents: number, wantedCents: number): AtsAccountEvent[] | null => {
  const t = s.tournament;
  if (!t || s.status === 'open') return null;
  if (wantedCents === 0) return [];
  const roundNumber = c.roundNumber ?? s.rounds[c.roundId]?.roundNumber;
  return [
    {
      type: 'AtsTournamentCorrectionReferred',
      ...tournamentAccountOf(s, t),
      roundId: c.roundId,
      ...(roundNumber ? { roundNumber } : {}),
      cause,
      outcome: c.outcome,
      previousCreditCents,
      creditCents,
      wantedCents,
      referredAt: c.now,
      clause: `${clause}; ${policiesOf(s.rulebookId).tournaments.creditClause}`,
    },
  ];
};

const cashOut = (c: CashOut, s: AtsAccountState): AtsAccountEvent[] => {
  if (s.exists && s.status !== 'open' && s.owedToPlayerCents > 0 && !isStation(c.actor)) {
    // The player who left is owed a recalculation in their favour (11.11): the Dealer tenders it in chips (6.7.1).
    const { owedToPlayer } = policiesOf(s.rulebookId).wrongOutcome;
    requireRole(c.actor, owedToPlayer.paidBy, owedToPlayer.clause, 'Paying what is owed to a player');
    if (c.method !== 'chips') throw ruleViolation('OWED_PAID_IN_CHIPS', `What is owed on account ${s.accountId} is paid in chips by the Dealer or by a manual payment (${owedToPlayer.clause}).`, owedToPlayer.clause, 'method');
    requireNoRoundUnderReview(s, c.roundsUnderReview, `The ${dollars(s.owedToPlayerCents)} owed`);
    return [payOwed(s, 'chips', null, c.now)];
  }
  requireOpen(s);
  const p = policiesOf(s.rulebookId);
  requireOwnStation(c.actor, s.atsId, p.layout.ownStationClause, undefined, 'accountId');
  if (!isStation(c.actor)) requireRole(c.actor, p.cashOut.paidBy, p.cashOut.chips.clause, 'Paying out an ATS chip account');
  requireOwnAccount(p, s, 'a cash-out');
  if (isStation(c.actor) && c.method === 'chips' && p.cashOut.chips.tenderedBy === 'dealer') {
    // The player may leave at any time and ask (6.6.1); the Dealer tenders the chips and closes the account (6.7.1).
    if (s.payoutRequestedAt) return [];
    // The full value (6.7.1) is not known while the account is frozen for a review (11.11): refused, not left
    // pending while the player plays on; asked again once the account is released.
    requireNotFrozen(s);
    requireNoRoundUnderReview(s, c.roundsUnderReview, `A payout of ${dollars(s.balanceCents)}`);
    return [{ type: 'AtsChipPayoutRequested', accountId: s.accountId, tableId: s.tableId, atsId: s.atsId, balanceCents: s.balanceCents, requestedAt: c.now, clause: p.cashOut.chips.requestClause }];
  }
  requireNotFrozen(s);
  // "All ATS chip accounts" (11.11): one opened at the table after the freeze is held with the others until it ends.
  requireNoRoundUnderReview(s, c.roundsUnderReview, `A payout of ${dollars(s.balanceCents)}`);
  const inPlay = roundInPlay(s);
  if (inPlay) {
    // Money as the player reads it; a tournament account holds tournament chips (12.2.1(b)).
    const staked = `${amountOn(s, inPlay.stakedCents)} ${s.tournament ? 'are' : 'is'}`;
    const clause = `${p.settleAsShownAtExpiry.clause}; ${p.cashOut.clause}`;
    throw new DomainError('conflict', 'WAGERS_IN_PLAY', `accountId: ${staked} wagered on round ${inPlay.roundId} from this account (${clause}): withdraw the wagers within the wagering period or wait for settlement before cashing out.`, clause, 'accountId');
  }
  const station = s.station!;
  if (c.method === 'ticket') {
    if (p.cashOut.ticket.remoteWithPrinterOnly && !(station.remote && station.printer)) {
      throw ruleViolation('TICKET_NOT_AVAILABLE', `ATS ${station.atsId} is not a remote ATS with a ticket printer: the Dealer pays out in chips (${p.cashOut.chips.clause}).`, p.cashOut.ticket.clause, 'method');
    }
    if (!c.ticketId) throw ruleViolation('TICKET_ID_REQUIRED', 'A ticket cash-out carries the id of the ticket printed.', p.cashOut.ticket.clause, 'ticketId');
  }
  return [
    {
      type: 'AtsAccountCashedOut',
      accountId: s.accountId,
      tableId: s.tableId,
      atsId: s.atsId,
      method: c.method,
      amountCents: s.balanceCents,
      ticketId: c.method === 'ticket' ? c.ticketId : null,
      ticketPrinted: c.method === 'ticket' ? !c.printerFault : null,
      ...(c.round ? { roundId: c.round.roundId, ...(c.round.roundNumber ? { roundNumber: c.round.roundNumber } : {}) } : {}),
      movementCents: neg(s.balanceCents),
      balanceAfterCents: 0,
      cashedOutAt: c.now,
      clause: c.method === 'chips' ? p.cashOut.chips.clause : c.printerFault ? p.cashOut.manualPayment.clause : p.cashOut.ticket.clause,
    },
  ];
};

/**
 * A manual payment: of a ticket the printer failed to print (6.7.2(b)), and of what a recalculation left owed to the
 * player after the account was paid out (11.11 with 6.7), by a Game Supervisor (or above).
 */
const manualPayment = (c: RecordManualPayment, s: AtsAccountState): AtsAccountEvent[] => {
  if (!s.exists) throw notFound('ACCOUNT_NOT_FOUND', `No ATS chip account ${s.accountId}.`);
  const p = policiesOf(s.rulebookId);
  const owed = s.status !== 'open' && s.owedToPlayerCents > 0;
  const printerFault = s.status === 'awaiting-manual-payment';
  if (printerFault || !owed) requireRole(c.actor, p.cashOut.manualPayment.minimumRole, p.cashOut.manualPayment.clause, 'Recording a manual payment');
  else requireRole(c.actor, p.wrongOutcome.owedToPlayer.manualPaymentBy, p.wrongOutcome.owedToPlayer.clause, 'Recording a manual payment of what is owed');
  if (!printerFault && !owed) {
    throw conflict(
      'NOTHING_TO_PAY',
      `Account ${s.accountId} has no ticket that failed to print (${p.cashOut.manualPayment.clause}) and nothing owed after a recalculation (${p.wrongOutcome.owedToPlayer.clause}): no manual payment is due.`,
      p.cashOut.manualPayment.clause,
      'accountId',
    );
  }
  if (printerFault) requireNoRoundUnderReview(s, c.roundsUnderReview, `The manual payment of the ${dollars(s.cashOut?.amountCents ?? 0)} ticket that failed to print`, [p.cashOut.manualPayment.clause]);
  else requireNoRoundUnderReview(s, c.roundsUnderReview, `The ${dollars(s.owedToPlayerCents)} owed`);
  const events: AtsAccountEvent[] = [];
  // The payment belongs to the round of the cash-out whose ticket failed to print (8.1).
  const round = s.cashOut?.round;
  const ofRound = round ? { roundId: round.roundId, ...(round.roundNumber ? { roundNumber: round.roundNumber } : {}) } : {};
  if (printerFault) events.push({ type: 'AtsManualPaymentRecorded', accountId: s.accountId, tableId: s.tableId, atsId: s.atsId, amountCents: s.cashOut?.amountCents ?? 0, ...ofRound, paidAt: c.now, reason: c.reason, clause: p.cashOut.manualPayment.clause });
  if (owed) events.push(payOwed(s, 'manual-payment', c.reason, c.now));
  return events;
};

/** Follows the tournaments service's published session (its Tournament Director's act), so no role is asked here. */
const openTournamentAccount = (c: OpenTournamentAccount, s: AtsAccountState): AtsAccountEvent[] => {
  const p = policiesOf(c.rulebookId);
  if (s.exists) {
    if (s.tournament?.sessionId === c.sessionId && s.tournament.entryId === c.entryId) return [];
    throw conflict('ACCOUNT_EXISTS', `Account ${c.accountId} already exists.`, p.tournaments.creditClause);
  }
  if (!Number.isInteger(c.amountCents) || c.amountCents < 0) {
    throw ruleViolation('AMOUNT_INVALID', 'The amount the tournament credits must be a whole number of cents, zero or more.', p.tournaments.creditClause, 'amountCents');
  }
  const l = c.wagerLimits;
  if (l && (!Number.isSafeInteger(l.minCents) || !Number.isSafeInteger(l.maxCents) || l.minCents < 1 || l.maxCents < l.minCents)) {
    throw ruleViolation('TOURNAMENT_LIMITS_INVALID', `The session's wager limits (${l.minCents}-${l.maxCents} chips) must be whole chips, a minimum of at least 1 and a maximum not below it.`, p.tournaments.wagerLimits.clause, 'wagerLimits');
  }
  return [
    {
      type: 'AtsTournamentAccountOpened',
      accountId: c.accountId,
      tableId: c.tableId,
      atsId: c.station.atsId,
      station: c.station,
      rulebookId: c.rulebookId,
      tournamentId: c.tournamentId,
      sessionId: c.sessionId,
      entryId: c.entryId,
      amountCents: c.amountCents,
      wagerLimits: c.wagerLimits,
      ...(c.compulsoryWager ? { compulsoryWager: c.compulsoryWager } : {}),
      movementCents: c.amountCents,
      balanceAfterCents: c.amountCents,
      openedAt: c.now,
      clause: `${p.tournaments.creditClause}; ${p.tournaments.ruleSixModifiedClause}`,
    },
  ];
};

const disposeTournamentBalance = (c: DisposeTournamentBalance, s: AtsAccountState): AtsAccountEvent[] => {
  const t = s.tournament;
  if (!s.exists || !t || t.tournamentId !== c.tournamentId || t.sessionId !== c.sessionId || s.status !== 'open') return [];
  const p = policiesOf(s.rulebookId);
  // Wagers still on the layout belong to the balance counted at the end of the session: they are returned first.
  const inPlay = roundInPlay(s);
  const events: AtsAccountEvent[] = [];
  let balance = s.balanceCents;
  // A cancellation ends the session with the tournament (its own clause), the account disposed of as at a session's end (12.2.1(b)).
  const clause = c.cancelled ? `${c.cancelled.clause}; ${p.tournaments.creditClause}` : p.tournaments.creditClause;
  if (inPlay) {
    const returned = creditedFromPlay(s, inPlay.roundId, inPlay.stakedCents);
    balance = returned.balanceAfterCents;
    events.push({ type: 'AtsWagersReturned', accountId: s.accountId, tableId: s.tableId, roundId: inPlay.roundId, reason: 'session-ended', stakedCents: inPlay.stakedCents, ...returned, returnedAt: c.now, clause });
  }
  events.push({
    type: 'AtsTournamentBalanceDisposed',
    ...tournamentAccountOf(s, t),
    amountCents: balance,
    movementCents: neg(balance),
    balanceAfterCents: 0,
    ...(c.cancelled ? { cancelled: c.cancelled } : {}),
    disposedAt: c.now,
    clause,
  });
  return events;
};

export const decideAtsAccount = (c: AtsAccountCommand, s: AtsAccountState): readonly AtsAccountEvent[] => {
  switch (c.type) {
    case 'OpenAccount':
      return openAccount(c, s);
    case 'CreditAccount':
      return credit(c, s);
    case 'ShowWagers':
      return showWagers(c, s);
    case 'SettleWagers':
      return settle(c, s);
    case 'ReturnWagers':
      return returnWagers(c, s);
    case 'FreezeAccount':
      if (!s.exists || s.status !== 'open' || s.frozenForRounds.includes(c.roundId)) return [];
      return [{ type: 'AtsAccountFrozen', accountId: s.accountId, roundId: c.roundId, frozenAt: c.now, clause: policiesOf(s.rulebookId).wrongOutcome.clause }];
    case 'RecalculateSettlement':
      return recalculate(c, s);
    case 'AdjustToRecords':
      return adjustToRecords(c, s);
    case 'ReleaseAccount':
      if (!s.frozenForRounds.includes(c.roundId)) return [];
      return [{ type: 'AtsAccountReleased', accountId: s.accountId, roundId: c.roundId, releasedAt: c.now, clause: policiesOf(s.rulebookId).wrongOutcome.clause }];
    case 'CashOut':
      return cashOut(c, s);
    case 'RecordManualPayment':
      return manualPayment(c, s);
    case 'OpenTournamentAccount':
      return openTournamentAccount(c, s);
    case 'DisposeTournamentBalance':
      return disposeTournamentBalance(c, s);
    default: {
      const never: never = c;
      return never;
    }
  }
};

export const atsAccountDecider: Decider<AtsAccountCommand, AtsAccountEvent, AtsAccountState> = {
  decide: decideAtsAccount,
  evolve: evolveAtsAccount,
  initialState: initialAtsAccountState,
};
