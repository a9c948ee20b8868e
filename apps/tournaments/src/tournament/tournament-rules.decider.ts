/**
 * What the tournament decider asks the rulebook: its tournament rules, who may act, which terms items are
 * required and what a stated item looks like. Pure.
 */
import { isRoleId, playDateAt, roleAtLeast, rulebookById, rulebookInForce, type GameKind, type RoleId, type Rulebook, type TournamentRules, type TournamentTermsItem } from '@app/baccarat';
import { conflict, DomainError, forbidden, notFound, ruleViolation, type TournamentTerms } from '@app/contracts';
import type { Actor } from './tournament-command.types';
import type { EntryState, SessionState, TournamentEvent, TournamentState } from './tournament.events';

export const tournamentRulesOf = (rb: Rulebook): TournamentRules => {
  const t = rb.procedures.tournaments;
  if (!t) throw ruleViolation('TOURNAMENTS_NOT_IN_RULEBOOK', `${rb.citation} makes no provision for tournaments: choose an operator whose rules do.`, `${rb.citation} (no provision)`, 'operator');
  return t;
};

export const rulebookOf = (s: TournamentState): Rulebook => rulebookById(s.rulebookId);

/** A date after every effective date: asks a series for its latest version. */
const LATEST = '9999-12-31';

/**
 * The version in force on the venue's calendar date at the tournament's start, in the rulebook's time zone: an
 * instant written in UTC just after local midnight belongs to the next day there (Star 2024 in force from 16 May
 * 2024 in Sydney, Crown Melbourne v29 from 5 Aug 2025 in Melbourne). Every version of a series is played at one
 * venue, so its latest version names the time zone. A start before any version took effect is refused naming the
 * start as the field to change.
 */
export const rulebookOnStart = (operator: string, startsAt: string, game?: GameKind): Rulebook => {
  const venue = rulebookInForce(operator, LATEST, game);
  const date = playDateAt(startsAt, venue.timeZone);
  try {
    return rulebookInForce(operator, date, game);
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== 'RULEBOOK_NOT_IN_FORCE') throw e;
    throw ruleViolation('RULEBOOK_NOT_IN_FORCE', `${e.message} Schedule the tournament on or after the day the rules took effect at the venue (${venue.timeZone}).`, `${venue.citation} (effective from ${venue.effectiveFrom})`, 'terms.schedule.startsAt');
  }
};

/** The tournament exists and is not over. */
export const requireTournament = (s: TournamentState): { rb: Rulebook; t: TournamentRules } => {
  if (!s.exists) throw notFound('TOURNAMENT_NOT_FOUND', `No tournament ${s.tournamentId || ''}: publish its terms first.`.replace(' :', ':'));
  const rb = rulebookOf(s);
  return { rb, t: tournamentRulesOf(rb) };
};

export const requireNotFinished = (s: TournamentState): void => {
  if (s.status === 'cancelled') throw conflict('TOURNAMENT_CANCELLED', 'The tournament was cancelled.');
  if (s.status === 'completed') {
    throw conflict('TOURNAMENT_COMPLETED', `Tournament ${s.tournamentId} is over: its results are declared and its prizes distributed, so nothing more can be done in it.`, resultsClause(tournamentRulesOf(rulebookOf(s))), 'tournamentId');
  }
};

/**
 * What the results of a tournament rest on: the winners as the rules determine them (Crown Melbourne 14.4.6(a)), where
 * the rulebook asks the terms for them, or else the prizes and their distribution the terms state (Star 15.4.2(j)).
 */
export const resultsClause = (t: TournamentRules): string => (t.requiredTerms.some((r) => r.item === 'winners') ? clauseOf(t, 'winners') : clauseOf(t, 'prizeDistribution'));

/**
 * The entry is still in the tournament: one disqualified (Star 15.5.7, 15.11.4; Crown Melbourne 14.4.8(a)(ii)), retired,
 * withdrawn or eliminated is out of it, refused 409 ENTRY_NOT_ACTIVE naming the entry and the clause that put it out.
 */
export const requireActiveEntry = (s: TournamentState, t: TournamentRules, entryId: string): EntryState => {
  const entry = requireEntry(s, entryId);
  if (entry.status === 'entered') return entry;
  const clause =
    entry.status === 'disqualified'
      ? t.money.disqualifiedWinsNothing.clause
      : entry.status === 'retired'
        ? clauseOf(t, 'retirement')
        : entry.status === 'withdrawn'
          ? clauseOf(t, 'withdrawalPeriod')
          : (t.play.eliminationBelowMinimum?.clause ?? clauseOf(t, 'progression'));
  throw conflict('ENTRY_NOT_ACTIVE', `Entry ${entryId} is ${entry.status}: it is out of the tournament, so nothing more can be done for it.`, clause, 'entryId');
};

/**
 * A refund approved on a disqualification applies only where the rules let the Tournament Manager approve one: a player
 * disqualified for absence (Star 15.5.6.2). A player disqualified for a contravention or for concealing chips is not
 * entitled to a refund (Star 15.5.7, 15.6.7, 15.11.4), and where the rules leave refunds to the terms (Crown Melbourne
 * 14.4.8(a)(iv); Rapid 12.2.1(h)) the terms' disqualificationPercent is paid, approval or not: an approval sent there
 * would be silently ignored, so it is refused 422 naming refundApproved and the clause.
 */
export const requireRefundApprovalApplies = (t: TournamentRules, reason: string, refundApproved: boolean | undefined): void => {
  if (!refundApproved) return;
  const onApproval = t.money.absenceRefundOnApproval;
  if (reason === 'absent' && onApproval) return;
  const clause = reason === 'absent' ? clauseOf(t, 'refunds') : (t.money.disqualificationForfeitsFee?.clause ?? clauseOf(t, 'refunds'));
  const refund = t.money.disqualificationForfeitsFee ? 'is not entitled to a refund of the entry fee' : "is refunded what the terms state (refunds.disqualificationPercent)";
  const only = onApproval ? ` A Tournament Manager's approval of a refund applies only to a player disqualified for absence (${onApproval.clause}).` : ' The rules give no approval of a refund.';
  throw ruleViolation(
    'REFUND_APPROVAL_NOT_APPLICABLE',
    `A player disqualified for ${reason} ${refund} (${clause}).${only} Send refundApproved false, or leave it out.`,
    clause,
    'refundApproved',
  );
};

/** Only the Tournament Director / Manager the rulebook names acts for the tournament (Crown Melbourne 14.2.3, Rapid 12.1.2, Star 15.1.1). */
export const requireDirector = (actor: Actor, t: TournamentRules, what: string): void => {
  if (actor.role !== t.director.role) {
    throw forbidden('ROLE_NOT_PERMITTED', `${what} is for the ${t.director.title}; ${actor.id} acts as ${actor.role}.`, t.director.clause);
  }
};

/** The director, or a floor role at or above `minimum` (a Game Supervisor records undisclosed wagers, Star 15.8.2.1). */
export const requireDirectorOr = (actor: Actor, t: TournamentRules, minimum: RoleId, clause: string, what: string): void => {
  if (actor.role === t.director.role) return;
  if (!isRoleId(actor.role) || !roleAtLeast(actor.role, minimum)) {
    throw forbidden('ROLE_NOT_PERMITTED', `${what} is for the ${t.director.title} or a ${minimum} (or above); ${actor.id} acts as ${actor.role}.`, clause);
  }
};

/** Whether the terms state an item; `null` ("none") is stated. */
export const termsState = (terms: TournamentTerms, item: TournamentTermsItem): boolean => {
  if (item.startsWith('statement.')) {
    const text = terms.statements?.[item.slice('statement.'.length)];
    return typeof text === 'string' && text.trim().length > 0;
  }
  const value = (terms as Record<string, unknown>)[item];
  if (typeof value === 'string') return value.trim().length > 0;
  return value !== undefined;
};

/** The items the rulebook requires that the terms leave out, each with its clause. */
export const missingTerms = (terms: TournamentTerms, t: TournamentRules): readonly { item: TournamentTermsItem; clause: string }[] =>
  t.requiredTerms.filter((r) => !termsState(terms, r.item));

/**
 * The terms as published: how the shares of prize places nobody fills are distributed is stated (Star 15.3.2, 15.4.2(j);
 * Crown Melbourne 14.4.7), the rulebook's way where the terms leave it out, so the conditions of play say it.
 */
export const statedTerms = (terms: TournamentTerms, t: TournamentRules): TournamentTerms =>
  terms.prizeDistribution && terms.prizeDistribution.unfilledPlaces === undefined
    ? { ...terms, prizeDistribution: { ...terms.prizeDistribution, unfilledPlaces: unfilledPlacesOf(terms, t) } }
    : terms;

/** How the terms distribute unfilled places' shares (terms published before it was stated: the rulebook's way). */
export const unfilledPlacesOf = (terms: TournamentTerms, t: TournamentRules): 'shared-pro-rata' | 'unpaid' =>
  terms.prizeDistribution?.unfilledPlaces ?? (t.money.wholePoolToWinners ? 'shared-pro-rata' : 'unpaid');

/** The clause requiring a terms item, or the tournament rule as a whole. */
export const clauseOf = (t: TournamentRules, item: TournamentTermsItem): string => t.requiredTerms.find((r) => r.item === item)?.clause ?? t.clause;

/** Refuses terms missing a required item, listing every one (Crown Melbourne 14.4, Rapid 12.2.1, Star 15.4.2). */
export const requireCompleteTerms = (terms: TournamentTerms, t: TournamentRules): void => {
  const missing = missingTerms(terms, t);
  if (missing.length > 0) {
    throw ruleViolation(
      'TERMS_INCOMPLETE',
      `The terms and conditions must state: ${missing.map((m) => `${m.item} (${m.clause})`).join('; ')}.`,
      [...new Set(missing.map((m) => m.clause))].join('; '),
      'terms',
    );
  }
  const fail = (code: string, message: string, clause: string, field: string) => {
    throw ruleViolation(code, message, clause, `terms.${field}`);
  };
  // An order of wagering is a rule of the game the rulebook gives (Star 15.9.2-15.9.5), not a term a casino can add
  // where its rules have none (Crown Melbourne 14.4.4, Rapid 12.2.1): the tables would not keep it.
  if (terms.orderOfWagering === true && !t.play.orderOfWagering) {
    const clause = [...new Set([t.clause, t.play.minimumEachCoup.clause])].join('; ');
    fail(
      'ORDER_OF_WAGERING_NOT_IN_RULES',
      `The terms state an order of wagering (orderOfWagering: true), but the rules of the tournament provide none (${clause}), so it would not be kept at the tables: state orderOfWagering as null (or false).`,
      clause,
      'orderOfWagering',
    );
  }
  if (terms.players && (terms.players.minimum < 1 || terms.players.maximum < terms.players.minimum)) {
    fail('PLAYERS_RANGE_INVALID', 'The minimum number of players must be at least 1 and no more than the maximum.', clauseOf(t, 'players'), 'players');
  }
  const limits = terms.wagerLimits;
  if (limits && (limits.minimum < 1 || limits.maximum < limits.minimum || limits.maximum % limits.minimum !== 0)) {
    fail('WAGER_LIMITS_INVALID', 'The minimum wager must be at least 1 chip and the maximum a whole number of minimums (wagers are in units of the minimum).', t.play.minimumEachCoup.clause, 'wagerLimits');
  }
  if (limits && terms.startingChips !== undefined && terms.startingChips < limits.minimum) {
    fail('STARTING_CHIPS_BELOW_MINIMUM', 'Every player must be able to wager the minimum with the starting chips.', t.play.minimumEachCoup.clause, 'startingChips');
  }
  // Rapid 12.2.1(c): where the conditions decide what follows a coup without a wager, "compulsory" alone says nothing to apply.
  const minimumEachCoup = t.play.minimumEachCoup;
  if (minimumEachCoup.consequenceInTerms && terms.compulsoryWager === true) {
    fail(
      'COMPULSORY_WAGER_CONSEQUENCE_REQUIRED',
      `The conditions must state whether there is a minimum or compulsory wager for each coup and what follows for a player who wagers nothing (${minimumEachCoup.clause}): state compulsoryWager as { consequence: 'minimum-deducted' } (the minimum wager is deducted from the player's chips in each round the player wagers nothing, never below zero), or false where there is none.`,
      minimumEachCoup.clause,
      'compulsoryWager',
    );
  }
  const shares = terms.prizeDistribution?.basisPoints;
  if (shares && (shares.length === 0 || shares.some((b) => !Number.isInteger(b) || b < 0) || shares.reduce((a, b) => a + b, 0) !== 10_000)) {
    fail('PRIZE_DISTRIBUTION_INVALID', 'The shares of the prize pool must be whole basis points adding up to 10000 (100%).', t.clause, 'prizeDistribution');
  }
  // How unfilled places' shares are distributed is a condition of play; at The Star all fees go to the winners (15.3.2).
  const wholePool = t.money.wholePoolToWinners;
  if (wholePool && terms.prizeDistribution?.unfilledPlaces !== undefined && terms.prizeDistribution.unfilledPlaces !== 'shared-pro-rata') {
    fail(
      'UNFILLED_PLACES_NOT_PERMITTED',
      `All entry fees are for distribution to the winning players (${wholePool.termsClause}): state prizeDistribution.unfilledPlaces 'shared-pro-rata' (the shares of places nobody fills go to the filled places in proportion to their shares), or leave it out and it is stated so.`,
      wholePool.termsClause,
      'prizeDistribution.unfilledPlaces',
    );
  }
  // The refunds the rules fix are stated as the rules fix them (Star 15.3.4; 15.5.7, 15.6.7, 15.11.4): published otherwise,
  // the terms would tell the players one thing while the money follows the rules.
  for (const fixed of t.money.refundsFixed) {
    const stated = terms.refunds?.[fixed.item];
    if (stated !== undefined && stated !== fixed.percent) {
      fail(
        'REFUND_NOT_AS_RULES',
        `The rules fix this refund at ${fixed.percent}% of the entry fee (${fixed.clause}); the terms state ${stated}%: state refunds.${fixed.item} as ${fixed.percent}.`,
        fixed.clause,
        `refunds.${fixed.item}`,
      );
    }
  }
  const feesRule = t.money.entryFeesToPrizePool;
  if (feesRule && terms.prizePool && !terms.prizePool.entryFeesIncluded) {
    fail('ENTRY_FEES_NOT_IN_POOL', 'All entry fees received must be included in the prize pool.', feesRule.clause, 'prizePool.entryFeesIncluded');
  }
};

export const activeEntries = (s: TournamentState): EntryState[] => Object.values(s.entries).filter((e) => e.status === 'entered');

export const requireEntry = (s: TournamentState, entryId: string): EntryState => {
  const e = s.entries[entryId];
  if (!e) throw notFound('ENTRY_NOT_FOUND', `No entry ${entryId} in tournament ${s.tournamentId}.`);
  return e;
};

export const currentSession = (s: TournamentState): SessionState | null => (s.currentSessionId ? (s.sessions[s.currentSessionId] ?? null) : null);

/** Percent of a fee in whole cents, rounded down (the house never refunds more than the terms say). */
export const percentOf = (cents: number, percent: number): number => Math.floor((cents * percent) / 100);

/** The pool after `refundCents` leaves it: fees come out of the pool only where they were in it. */
export const poolAfterRefund = (s: TournamentState, refundCents: number): number =>
  s.terms.prizePool?.entryFeesIncluded ? s.prizePoolCents - refundCents : s.prizePoolCents;

/**
 * A tournament table's limits against the terms' minimum and maximum wager (Crown Melbourne 14.4.4(b), 14.4.8(c),
 * (g); Star 15.4.2(d), 15.6.14): the director is told of every bet whose limits differ. Asked whenever either
 * changes: the table opened, its limits changed, the terms amended.
 */
export const limitsMisused = (s: TournamentState, terms: TournamentState['terms'], tableId: string, limits: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[] | undefined, now: string): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const rule = t.play.wagerUnits;
  const wanted = terms.wagerLimits;
  if (!rule || !wanted || !limits) return [];
  const differ = limits.filter((l) => l.minimum !== wanted.minimum || l.maximum !== wanted.maximum);
  if (differ.length === 0) return [];
  return [{ type: 'TournamentTableMisused', tournamentId: s.tournamentId, tableId, problem: 'limits-differ-from-terms', limits: differ, notedAt: now, clause: rule.clause }];
};

/** The prize pool, as the API, the standings, the events and the reports all state it. */
export interface PrizePool {
  /** What the prizes are paid from: `collectedCents`, or the guarantee where it applies and is more. */
  readonly poolCents: number;
  /** Put in the pool as the terms say and not refunded: added value, entry fees, buy-ins and re-buys where they go in. */
  readonly collectedCents: number;
  /** The terms' guaranteed pool; null where the terms guarantee none. */
  readonly guaranteedCents: number | null;
  /** The minimum number of entries was received at the close of entries, so the guarantee applies. */
  readonly guaranteeApplies: boolean;
  /** The definition in words with its clauses. */
  readonly definition: string;
}

/**
 * One definition of the prize pool (Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a); Rapid 12.2.1(j): the pool the
 * terms describe): the added value and the entry fees (and buy-ins, re-buys, add-ons where the terms put them in the
 * pool) collected, less refunds; where the terms guarantee a pool and the minimum number of entries was received at
 * the close of entries, the guarantee if that is more. A guarantee never lowers the pool.
 */
export const prizePoolOf = (s: TournamentState): PrizePool => {
  const guaranteedCents = s.terms.prizePool?.guaranteedCents ?? null;
  const collectedCents = s.prizePoolCents;
  const guaranteeApplies = s.guaranteeApplies && guaranteedCents !== null;
  const poolCents = guaranteeApplies ? Math.max(collectedCents, guaranteedCents) : collectedCents;
  const rb = s.exists ? rulebookOf(s) : null;
  const t = rb?.procedures.tournaments ?? null;
  const clauses = t ? [...new Set([clauseOf(t, 'prizePool'), ...(t.money.entryFeesToPrizePool ? [t.money.entryFeesToPrizePool.clause] : []), ...(t.money.guarantee ? [t.money.guarantee.clause] : [])])].join('; ') : '';
  const definition =
    'The prize pool is the added value and the entry fees (and buy-ins, re-buys and add-ons where the terms put them in the pool) collected, less refunds' +
    (guaranteedCents !== null ? `; or the guaranteed pool where the minimum number of entries was received and the guarantee is more (${guaranteeApplies ? 'it was' : 'it was not'})` : '') +
    (clauses ? ` (${clauses})` : '') +
    '.';
  return { poolCents, collectedCents, guaranteedCents, guaranteeApplies, definition };
};
