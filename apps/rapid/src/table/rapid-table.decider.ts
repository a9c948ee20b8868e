/**
 * The Rapid Baccarat table on the SGC: terms, stations, rounds with their wagering period (8.1-8.2), the outcome
 * entered by the dealer, wrong outcomes (11.11), malfunctions (11.14-11.16) and claims (11.12). Pure.
 * Account movements are decided by the account decider; this stream records the table's side of each step.
 */
import { atsPoliciesFor, madeOfChips, rulebookById, validateTableConfiguration, type AtsPolicies, type BetId, type RoleId, type Rulebook, type VariantId } from '@app/baccarat';
import { conflict, DomainError, notFound, ruleViolation, type RapidBetLimits, type RapidInvalidationGround, type RapidStation, type RapidTournamentSeat, type RapidTournamentSessionRefused, type RapidTournamentSessionRefusalReason } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { instantMs, plusSeconds } from '../instants';
import { hasRole, requireOwnStation, requireRole, type RapidActor } from '../rapid-authority.decider';
import { outcomeFromCards, sameOutcome } from './rapid-table-outcome.decider';
import { evolveRapidTable, initialRapidTableState, periodEnded, periodExpiresAt, voidKey, type ClaimCorrection, type EarlierRound, type RapidTableEvent, type RapidTableState, type RoundState } from './rapid-table.events';

interface Base {
  readonly actor: RapidActor;
  readonly now: string;
  /** The table the command is for: names it in the refusal when no such table was opened. */
  readonly tableId?: string;
  /**
   * The round the command is about, read from the table's history when the table no longer holds it (its last
   * the rulebook data's `sgc.roundsHeld`): the Casino Supervisor acts on it (Rapid 13.9). Absent: the round is held, or was never played.
   */
  readonly earlierRound?: EarlierRound | null;
}

export interface OpenRapidTable extends Base {
  readonly type: 'OpenRapidTable';
  readonly tableId: string;
  readonly floorId: string;
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  readonly limits: Readonly<Record<string, RapidBetLimits>>;
  readonly aggregateMinimumCents: number | null;
  readonly decks: number;
  /** The casino operator's determination (8.1(a)); null = none made, the rulebook default applies (8.1(b)). */
  readonly wageringPeriodSeconds: number | null;
  readonly stations: readonly RapidStation[];
}
export interface AssignStationAccount extends Base {
  readonly type: 'AssignStationAccount';
  readonly atsId: string;
  readonly accountId: string;
}
export interface ReleaseStationAccount extends Base {
  readonly type: 'ReleaseStationAccount';
  readonly atsId: string;
  readonly accountId: string;
}
export interface StartRound extends Base {
  readonly type: 'StartRound';
  readonly roundId: string;
  /**
   * The round this id was used for at the table, found in its history when the table no longer holds that round: a
   * round id names one round for good (8.1, the SGC's record of it), so it is never started again.
   */
  readonly usedBefore?: { readonly roundNumber: number } | null;
  /**
   * The coups the tournament's published terms schedule for each session (`format.coupsPerSession`, Rapid 12.2.1(d)),
   * looked up when the table is used for a session of `tournamentId`: a session plays them and no more, unless the
   * director concludes it earlier (12.3.5). Absent, null, or of another tournament: no number is known.
   */
  readonly tournamentSchedule?: { readonly tournamentId: string; readonly coupsPerSession: number | null } | null;
}
/** The dealer draws cards (8.3.3): the wagering period ends at once (8.1(c)). */
export interface CloseWagering extends Base {
  readonly type: 'CloseWagering';
  readonly roundId: string;
}
export interface EnterOutcome extends Base {
  readonly type: 'EnterOutcome';
  readonly roundId: string;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
}
export interface AccountRoundSummary {
  readonly accountId: string;
  readonly atsId: string;
  readonly stakedCents: number;
  readonly creditedCents: number;
  /** A tournament account that wagered nothing: the minimum deducted from it (Rapid 12.2.1(c)). */
  readonly deducted?: { readonly amountCents: number; readonly clause: string };
}
export interface RecordRoundSettled extends Base {
  readonly type: 'RecordRoundSettled';
  readonly roundId: string;
  readonly accounts: readonly AccountRoundSummary[];
}
export interface FreezeAccounts extends Base {
  readonly type: 'FreezeAccounts';
  readonly roundId: string;
  readonly reason: string;
}
export interface CorrectOutcome extends Base {
  readonly type: 'CorrectOutcome';
  readonly roundId: string;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  readonly accounts: readonly AccountRoundSummary[];
}
/** An ATS's wager as the available records confirm it (11.14(b)). */
export interface ConfirmedWager {
  readonly bet: string;
  readonly side?: 'player' | 'banker';
  readonly amountCents: number;
}
export interface ReportMalfunction extends Base {
  readonly type: 'ReportMalfunction';
  readonly roundId: string;
  readonly scope: 'ats' | 'game-system';
  readonly atsId: string | null;
  /** After expiry: could the wagers be confirmed from the records (11.14(b), 11.15(b), 11.16)? */
  readonly confirmedFromRecords: boolean | null;
  /** Once the outcome is entered: the failed ATS's wagers as the records confirm them, when they differ from those recorded. */
  readonly confirmedWagers?: readonly ConfirmedWager[] | null;
  readonly description: string;
  /**
   * When the malfunction occurred (11.14, 11.15): it, not the time it is recorded, places it before or on or after the
   * expiry of the wagering period. Not in the future, not before the round opened. Absent: when it is recorded.
   */
  readonly occurredAt?: string;
  /** The claim (11.12) whose resolution deals with the malfunction. */
  readonly claimId?: string | null;
}
export interface RecordClaim extends Base {
  readonly type: 'RecordClaim';
  readonly claimId: string;
  readonly atsId: string;
  readonly roundId: string | null;
  readonly kind: 'incorrect-outcome' | 'malfunction';
  readonly description: string;
}
export interface ResolveClaim extends Base {
  readonly type: 'ResolveClaim';
  readonly claimId: string;
  readonly resolution: 'upheld' | 'rejected';
  readonly action: string;
  /**
   * An upheld claim that the claimant's ATS malfunctioned in the round is resolved by dealing with the malfunction
   * (11.12 with 11.14): were the wagers confirmed from the records, and as what?
   */
  readonly malfunction?: { readonly confirmedFromRecords: boolean; readonly confirmedWagers?: readonly ConfirmedWager[] | null; readonly occurredAt?: string } | null;
}

/**
 * A Game Supervisor (or above) invalidates the outcome of a game affected by the malfunction of approved gaming equipment
 * other than an ATS or the game system (11.10); a Casino Supervisor one disrupted by civil commotion, fire, riot, brawl,
 * robbery or an Act of God (13.3.1), or affected by fraud (13.3.2). Every wager for that result is refunded (13.4).
 */
export interface InvalidateOutcome extends Base {
  readonly type: 'InvalidateOutcome';
  readonly roundId: string;
  readonly ground: RapidInvalidationGround;
  readonly reason: string;
}

/** The tournaments service started a session at this table (Rapid 12.2.1(b), 12.3.2): box n is the table's n-th ATS. */
export interface StartTournamentSession extends Base {
  readonly type: 'StartTournamentSession';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly seats: readonly { readonly box: number; readonly entryId: string; readonly creditCents: number; readonly accountId: string }[];
}
export interface EndTournamentSession extends Base {
  readonly type: 'EndTournamentSession';
  readonly tournamentId: string;
  readonly sessionId: string;
}

export type RapidTableCommand =
  | OpenRapidTable
  | AssignStationAccount
  | ReleaseStationAccount
  | StartRound
  | CloseWagering
  | EnterOutcome
  | RecordRoundSettled
  | FreezeAccounts
  | CorrectOutcome
  | ReportMalfunction
  | RecordClaim
  | ResolveClaim
  | InvalidateOutcome
  | StartTournamentSession
  | EndTournamentSession;

export const rulebookOf = (s: RapidTableState): Rulebook => rulebookById(s.terms?.rulebookId ?? '');
export const policiesOf = (s: RapidTableState): AtsPolicies => atsPoliciesFor(rulebookOf(s));

const requireTable = (s: RapidTableState): void => {
  if (!s.exists) throw notFound('RAPID_TABLE_NOT_FOUND', `No Rapid Baccarat table ${s.tableId || '(no id given)'}: check the table id, or have a Casino Supervisor open it first (POST /rapid/tables).`);
};

/** Who acts on a round the table no longer holds: the Casino Supervisor, who decides disputes (Rapid 13.9). */
export const earlierRoundAuthority = (s: RapidTableState): { readonly minimumRole: RoleId; readonly clause: string } => {
  const disputes = rulebookOf(s).procedures.disputes;
  return disputes ?? { minimumRole: 'area-manager', clause: policiesOf(s).claims.clause };
};

/** A round id the table never used (8.1): 404 naming it and the table, and where the table's rounds are listed. */
const roundNotFound = (s: RapidTableState, roundId: string) => {
  const held = Object.values(s.recentRounds).map((r) => `${r.roundNumber} (${r.roundId})`);
  const played = s.roundNumber === 0 ? 'it has played no round yet' : `it has played rounds 1-${s.roundNumber}; GET /rapid/tables/${s.tableId} lists the ones the SGC holds with their ids (rounds ${held.join(', ')}), and GET /rapid/regulator/report?tableId=${s.tableId} every round by its number`;
  return new DomainError('not-found', 'ROUND_NOT_FOUND', `Table ${s.tableId} has played no round ${roundId} (${played}): check the round id, and the round number the ATS or the SGC shows, and send the id of that round.`, policiesOf(s).wageringPeriod.clause, 'roundId');
};

/**
 * A round whose outcome was invalidated (11.10, 13.3) had every wager for it refunded (13.4): it has no outcome left to
 * freeze the accounts for (11.11), or to claim was incorrect (11.12). Refused naming the invalidation, not "not settled".
 */
const requireOutcomeNotInvalidated = (s: RapidTableState, round: RoundState, what: string, left = 'outcome'): void => {
  if (!round.invalidated) return;
  const refund = rulebookOf(s).procedures.voiding?.refund.clause ?? round.invalidated.clause;
  throw conflict(
    'OUTCOME_INVALIDATED',
    `The outcome of round ${round.roundNumber} (${round.roundId}) of table ${s.tableId} was invalidated at ${round.invalidated.invalidatedAt} (${round.invalidated.clause}) and every wager made for it refunded (${refund}): there is no ${left} left to ${what}, and nothing was recorded. The refunds are on each account (GET /rapid/accounts/{accountId}); a player who disputes the invalidation takes it to the Casino Supervisor.`,
    refund,
  );
};

/**
 * The round a command is about. The SGC holds the table's last rounds (`sgc.roundsHeld`) for the Dealer (and Game
 * Supervisor): a claim (11.12), a correction (11.11) or a malfunction (11.14-11.16) of an earlier round is for the
 * Casino Supervisor, who decides disputes (13.9) from the table's history (`earlierRound`). Rapid 11.11, 11.12 and
 * 11.14-11.16 set no time limit, so the refusal names who acts and where; only a round never played is a 404.
 */
export const requireRound = (s: RapidTableState, roundId: string, c?: Pick<Base, 'actor' | 'earlierRound'>): RoundState => {
  requireTable(s);
  const round = s.recentRounds[roundId];
  if (round) return round;
  const earlier = c?.earlierRound?.round.roundId === roundId ? c.earlierRound.round : null;
  // Never played: none the table holds, and none in its history when it was read (`earlierRound` null), whoever asks.
  const roundsHeld = policiesOf(s).sgc.roundsHeld;
  if (!earlier && (s.roundNumber <= roundsHeld.count || c?.earlierRound === null)) throw roundNotFound(s, roundId);
  const authority = earlierRoundAuthority(s);
  if (earlier && c && hasRole(c.actor, authority.minimumRole)) return earlier;
  const held = Object.values(s.recentRounds).map((r) => r.roundNumber).sort((a, b) => a - b);
  const { claims, wrongOutcome } = policiesOf(s);
  const which = earlier ? `round ${earlier.roundNumber} (${roundId})` : `round ${roundId}`;
  throw new DomainError(
    'conflict',
    'ROUND_NO_LONGER_HELD',
    `roundId: table ${s.tableId} holds only its last ${roundsHeld.count} rounds (rounds ${held[0]}-${held[held.length - 1]}) at the SGC for claims (${claims.clause}), corrections (${wrongOutcome.clause}) and malfunctions; ${which} is not one of them (the rounds held, ${roundsHeld.clause}: ${roundsHeld.why}) The Casino Supervisor (role ${authority.minimumRole}, ${authority.clause}) acts on an earlier round from the records, with the same routes and an ${authority.minimumRole} token: POST /rapid/tables/${s.tableId}/claims, /rapid/tables/${s.tableId}/claims/{claimId}/resolution, /rapid/tables/${s.tableId}/rounds/${roundId}/freeze, /rapid/tables/${s.tableId}/rounds/${roundId}/corrected-outcome, /rapid/tables/${s.tableId}/rounds/${roundId}/malfunctions or /rapid/tables/${s.tableId}/rounds/${roundId}/invalidation.`,
    roundsHeld.clause,
    'roundId',
  );
};

/** The round a draw or an outcome acts on: the current one only (8.1(c), 8.3.3), whatever else the id names. */
const requireCurrentRound = (s: RapidTableState, roundId: string): RoundState => {
  requireTable(s);
  if (s.round?.roundId !== roundId) {
    const clause = policiesOf(s).wageringPeriod.dealerDrawsClause;
    const current = s.round ? `round ${s.round.roundNumber} (${s.round.roundId})` : 'none: start a round first';
    throw new DomainError('conflict', 'ROUND_NOT_CURRENT', `roundId: ${roundId} is not the current round of table ${s.tableId} (its current round is ${current}); cards are drawn and the outcome entered for the current round only (${clause}). Send the current round's id.`, clause, 'roundId');
  }
  return requireRound(s, roundId);
};

const int = (v: number) => Number.isInteger(v) && v > 0;

const dollarsOf = (cents: number): string => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

/** The amounts the chips make nearest `cents`, below and above it (none below the smallest chip). */
const madeNear = (policies: AtsPolicies, cents: number): number[] => {
  const step = policies.chips.denominationsCents.reduce((a, b) => (b === 0 ? a : gcdOf(a, b)));
  const candidates = [Math.floor(cents / step) * step, Math.ceil(cents / step) * step, Math.ceil(cents / step) * step + step];
  return [...new Set(candidates.filter((a) => madeOfChips(a, policies)))].slice(0, 2);
};
const gcdOf = (a: number, b: number): number => (b === 0 ? a : gcdOf(b, a % b));

/**
 * Every wager the limits permit is one the ATS can show in chips, and the permitted aggregate one the permitted
 * wagers can reach (Rapid 5.3): a minimum (5.3.1) and a step (5.3.2(a)) that sums of the chips make, so that every
 * minimum plus whole steps is made too; a maximum that is itself a permitted wager, the minimum plus whole steps
 * (5.3.2(b)), so that the signed maximum can be wagered; and an aggregate (5.3.3) no higher than the highest
 * permitted wagers of every offered bet add up to (a bet on a nominated hand once for each hand). The chips are the
 * rulebook data's (`chips`).
 */
const requireLimitsMadeWithChips = (policies: AtsPolicies, limits: OpenRapidTable['limits'], aggregateMinimumCents: number | null): void => {
  const chips = policies.chips;
  const named = chips.denominationsCents.map(dollarsOf).join(', ');
  const suggest = (cents: number) => madeNear(policies, cents).join(' or ');
  for (const [bet, l] of Object.entries(limits)) {
    if (!madeOfChips(l.minCents, policies)) {
      const field = `limits.${bet}.min`;
      throw ruleViolation('LIMIT_NOT_MADE_WITH_CHIPS', `${field}: no sum of the ATS chips (${named}) makes a minimum of ${l.minCents} cents, so no wager on "${bet}" could be shown at it; send a minimum the chips make, e.g. ${suggest(l.minCents)}.`, `${policies.belowMinimum.clause}; ${chips.clause}`, field);
    }
    if (!madeOfChips(l.incrementCents, policies)) {
      const field = `limits.${bet}.incrementCents`;
      throw ruleViolation('STEP_NOT_MADE_WITH_CHIPS', `${field}: no sum of the ATS chips (${named}) makes a step of ${l.incrementCents} cents, so permitted wagers on "${bet}" (${l.minCents} + ${l.incrementCents} = ${l.minCents + l.incrementCents}, ...) could not be shown in chips; send a step the chips make, e.g. ${suggest(l.incrementCents)}.`, `${policies.notPermitted.clause}(a); ${chips.clause}`, field);
    }
    if ((l.maxCents - l.minCents) % l.incrementCents !== 0) {
      const field = `limits.${bet}.max`;
      const below = l.minCents + Math.floor((l.maxCents - l.minCents) / l.incrementCents) * l.incrementCents;
      throw ruleViolation('MAXIMUM_NOT_A_PERMITTED_WAGER', `${field}: a maximum of ${l.maxCents} cents is not a permitted wager on "${bet}" (the minimum ${l.minCents} plus whole steps of ${l.incrementCents}), so the signed maximum could not be wagered; send ${below} or ${below + l.incrementCents}.`, `${policies.notPermitted.clause}(b)`, field);
    }
  }
  if (aggregateMinimumCents === null) return;
  const reachable = Object.entries(limits).reduce((sum, [bet, l]) => sum + l.maxCents * (policies.sideNominated.bets.includes(bet as BetId) ? 2 : 1), 0);
  if (aggregateMinimumCents > reachable) {
    throw ruleViolation('AGGREGATE_UNREACHABLE', `aggregateMinimumCents: a permitted aggregate of ${aggregateMinimumCents} cents is more than the ${reachable} cents the maximum wagers on every offered bet add up to, so no player's wagers could ever be recognised; send at most ${reachable}, or null for none.`, policies.belowAggregate.clause, 'aggregateMinimumCents');
  }
  if (!madeOfChips(aggregateMinimumCents, policies)) {
    // The aggregate is a sum of wagers shown in chips (5.3.1-5.3.2): an amount no sum of the chips makes is never one.
    throw ruleViolation('AGGREGATE_NOT_MADE_WITH_CHIPS', `aggregateMinimumCents: no sum of the ATS chips (${named}) makes a permitted aggregate of ${aggregateMinimumCents} cents, so no player's wagers could total it; send an aggregate the chips make, e.g. ${suggest(aggregateMinimumCents)}, or null for none.`, `${policies.belowAggregate.clause}; ${chips.clause}`, 'aggregateMinimumCents');
  }
};

/** A table id already opened (the table's stream, or the casino's floor of Rapid tables), refused the same wherever it is found. */
export const tableAlreadyOpen = (tableId: string, clause: string): DomainError =>
  new DomainError('conflict', 'RAPID_TABLE_EXISTS', `tableId: table ${tableId} is already open (a gaming table for Rapid Baccarat, ${clause}, is opened once): open the new table under another tableId, or read this one with GET /rapid/tables/${tableId}.`, clause, 'tableId');

const open = (c: OpenRapidTable, s: RapidTableState): RapidTableEvent[] => {
  if (s.exists) throw tableAlreadyOpen(c.tableId, policiesOf(s).table.stationsClause);
  const rulebook = rulebookById(c.rulebookId);
  const policies = atsPoliciesFor(rulebook);
  // The casino operator determines the wagering period (8.1(a)): a Casino Supervisor (or above) opens the table.
  requireRole(c.actor, policies.wageringPeriod.setByRole, policies.wageringPeriod.setByClause, 'Opening a Rapid Baccarat table');
  const violations = validateTableConfiguration(rulebook, {
    variant: c.variant as VariantId,
    offeredBets: c.offeredBets.map((b) => ({ bet: b.bet as BetId, option: b.option })),
    decks: c.decks,
    limits: { perBet: Object.fromEntries(Object.entries(c.limits).map(([bet, l]) => [bet, { min: l.minCents, max: l.maxCents }])) },
    minimumChip: 1,
    tournament: false,
  });
  if (violations.length) {
    const [v] = violations;
    throw ruleViolation(v.rule, v.message, v.clause, v.field);
  }
  for (const [bet, l] of Object.entries(c.limits)) {
    if (!c.offeredBets.some((b) => b.bet === bet)) {
      throw ruleViolation('LIMITS_FOR_BET_NOT_OFFERED', `limits.${bet}: "${bet}" is not offered at this table.`, policies.table.limitsClause, `limits.${bet}`);
    }
    if (!int(l.incrementCents) || l.incrementCents > l.maxCents) {
      throw ruleViolation('INCREMENT_INVALID', `limits.${bet}.incrementCents must be a positive whole number of cents no larger than the maximum.`, policies.notPermitted.clause, `limits.${bet}.incrementCents`);
    }
  }
  if (c.aggregateMinimumCents !== null && !int(c.aggregateMinimumCents)) {
    throw ruleViolation('AGGREGATE_INVALID', 'aggregateMinimumCents must be a positive whole number of cents, or null for none.', policies.belowAggregate.clause, 'aggregateMinimumCents');
  }
  requireLimitsMadeWithChips(policies, c.limits, c.aggregateMinimumCents);
  const { maxStations, stationsClause } = policies.table;
  if (c.stations.length < 1 || c.stations.length > maxStations) {
    throw ruleViolation('STATIONS_OUT_OF_RANGE', `A Rapid Baccarat table has 1 to ${maxStations} ATS; got ${c.stations.length}.`, stationsClause, 'stations');
  }
  if (new Set(c.stations.map((st) => st.atsId)).size !== c.stations.length) {
    throw ruleViolation('STATION_LISTED_TWICE', 'Each ATS is listed once.', stationsClause, 'stations');
  }
  const seconds = c.wageringPeriodSeconds ?? policies.wageringPeriod.defaultSeconds;
  if (!int(seconds) || seconds > 600) {
    throw ruleViolation('WAGERING_PERIOD_INVALID', 'wageringPeriodSeconds must be 1-600 whole seconds, or null for the rulebook default.', policies.wageringPeriod.clause, 'wageringPeriodSeconds');
  }
  const offered = new Set(c.offeredBets.map((b) => b.bet));
  for (const bet of policies.requiresBaseWager.bets) {
    if (offered.has(bet) && !policies.requiresBaseWager.baseBets.some((b) => offered.has(b))) {
      throw ruleViolation('BASE_BET_NOT_OFFERED', `"${bet}" needs a base wager on ${policies.requiresBaseWager.baseBets.join(', ')}, none of which is offered.`, policies.requiresBaseWager.clause, 'offeredBets');
    }
  }
  return [
    {
      type: 'RapidTableOpened',
      tableId: c.tableId,
      floorId: c.floorId,
      terms: {
        rulebookId: rulebook.id,
        variant: c.variant,
        offeredBets: c.offeredBets.map((b) => ({ bet: b.bet, option: b.option })),
        limits: c.limits,
        aggregateMinimumCents: c.aggregateMinimumCents,
      },
      decks: c.decks,
      wageringPeriodSeconds: seconds,
      wageringPeriodSetBy: c.wageringPeriodSeconds === null ? 'rulebook-default' : 'casino-operator',
      stations: c.stations.map((st) => ({ atsId: st.atsId, remote: st.remote, printer: st.printer })),
      openedAt: c.now,
      clause: `${policies.wageringPeriod.clause}(a)-(b); ${stationsClause}; ${policies.table.limitsClause}`,
    },
  ];
};

const station = (s: RapidTableState, atsId: string) => {
  requireTable(s);
  const st = s.stations[atsId];
  if (!st) throw notFound('ATS_NOT_FOUND', `Table ${s.tableId} has no ATS ${atsId}.`);
  return st;
};

/**
 * A session at the table plays the number of coups its terms schedule (Rapid 12.2.1(d)); the director may conclude it
 * before them (12.3.5), never play past them: a round beyond them is refused, and the session is ended instead.
 */
const requireCoupScheduled = (c: StartRound, s: RapidTableState): void => {
  const session = s.tournamentSession;
  const scheduled = c.tournamentSchedule?.coupsPerSession;
  if (!session || c.tournamentSchedule?.tournamentId !== session.tournamentId || typeof scheduled !== 'number') return;
  const played = s.sessionCoups ?? 0;
  if (played < scheduled) return;
  const rules = rulebookOf(s).procedures.tournaments?.sessionSchedule;
  const clause = rules ? `${rules.scheduled.clause}; ${rules.earlyConclusion.clause}` : policiesOf(s).tournaments.exclusiveTableClause;
  throw conflict(
    'SCHEDULED_COUPS_PLAYED',
    `Table ${s.tableId} has played the ${scheduled} coups scheduled for session ${session.sessionId} of tournament ${session.tournamentId} (its terms, format.coupsPerSession; ${played} started since it began), and a session plays no coup beyond them (${clause}): no round was started. The Tournament Director is to end the session (POST /tournaments/${session.tournamentId}/sessions/${session.sessionId}/end); the table then plays on.`,
    clause,
  );
};

const startRound = (c: StartRound, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.sgc.operator, policies.sgc.clause, 'Starting a round');
  const used = s.recentRounds[c.roundId]?.roundNumber ?? c.usedBefore?.roundNumber;
  if (used !== undefined) {
    // Started again, the id would reach both rounds: every later action on it, and the register, would lose round `used`.
    const clause = policies.sgc.outcomeRecordedClause;
    throw conflict('ROUND_ID_USED', `Round id ${c.roundId} was already used at table ${s.tableId} for round ${used}: each round keeps its own id in the SGC's record (${clause}). Start the round with a new roundId, or leave roundId out for one to be made.`, clause);
  }
  if (s.round && s.round.status !== 'settled' && s.round.status !== 'void') {
    throw conflict('ROUND_IN_PROGRESS', `Round ${s.round.roundId} is not settled yet: enter its outcome first.`, policies.settlement.clause);
  }
  requireCoupScheduled(c, s);
  return [
    {
      type: 'RapidRoundStarted',
      tableId: s.tableId,
      roundId: c.roundId,
      roundNumber: s.roundNumber + 1,
      startedAt: c.now,
      periodEndsAt: plusSeconds(c.now, s.periodSeconds),
      periodSeconds: s.periodSeconds,
      clause: `${policies.wageringPeriod.clause}; ${policies.wageringPeriod.countdownClause}`,
    },
  ];
};

/** The close of the period as it happened: early by the dealer's draw, or at its expiry (8.1). */
const closing = (s: RapidTableState, round: RoundState, now: string): RapidTableEvent => {
  const policies = policiesOf(s);
  const early = instantMs(now) < instantMs(round.periodEndsAt);
  return {
    type: 'RapidWageringClosed',
    tableId: s.tableId,
    roundId: round.roundId,
    roundNumber: round.roundNumber,
    closedAt: early ? now : round.periodEndsAt,
    early,
    clause: early ? `${policies.wageringPeriod.clause}(c)` : `${policies.wageringPeriod.clause}(a)-(b)`,
  };
};

const closeWagering = (c: CloseWagering, s: RapidTableState): RapidTableEvent[] => {
  const round = requireCurrentRound(s, c.roundId);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.sgc.operator, policies.wageringPeriod.dealerDrawsClause, 'Drawing cards');
  if (round.status !== 'wagering') throw conflict('WAGERING_ALREADY_CLOSED', `The wagering period of round ${c.roundId} has already ended.`, policies.lockedAfterPeriod.clause);
  return [closing(s, round, c.now)];
};

const enterOutcome = (c: EnterOutcome, s: RapidTableState): RapidTableEvent[] => {
  const round = requireCurrentRound(s, c.roundId);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.sgc.operator, policies.sgc.outcomeEntryClause, 'Entering the outcome');
  if (round.invalidated) throw conflict('ROUND_VOID', `Round ${c.roundId} was invalidated (${round.invalidated.clause}) and its wagers refunded: it takes no outcome. Start the next round.`, round.invalidated.clause);
  if (round.status === 'void') {
    // Cited as the malfunction's record says it was voided: before expiry (11.15(a)) or after it, unconfirmed (11.15(b), 11.16).
    const clause = round.voidsReported?.[voidKey('game-system', null)]?.clause ?? `${policies.malfunction.gameSystem.clause}(a)`;
    throw conflict('ROUND_VOID', `Round ${c.roundId} is void after a game system malfunction (${clause}): its wagers were returned and it takes no outcome.`, clause);
  }
  if (round.outcome && round.status !== 'settled' && sameOutcome(round.outcome, outcomeFromCards(policies, c.playerCards, c.bankerCards))) {
    // The same outcome entered again before every account was settled (an interrupted settlement): settle the rest.
    return [];
  }
  if (round.outcome) throw conflict('OUTCOME_ALREADY_ENTERED', `Round ${c.roundId} already has an outcome; a wrong one is corrected by freezing the accounts (${policies.wrongOutcome.clause}).`, policies.wrongOutcome.clause);
  if (!periodEnded(round, c.now)) {
    throw conflict('WAGERING_PERIOD_RUNNING', `The wagering period of round ${c.roundId} runs until ${round.periodEndsAt}: draw cards first (${policies.wageringPeriod.dealerDrawsClause}) or wait.`, policies.wageringPeriod.clause);
  }
  const outcome = outcomeFromCards(policies, c.playerCards, c.bankerCards);
  const events: RapidTableEvent[] = round.status === 'wagering' ? [closing(s, round, c.now)] : [];
  events.push({ type: 'RapidOutcomeEntered', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, outcome, enteredAt: c.now, clause: policies.sgc.outcomeRecordedClause });
  return events;
};

/**
 * The round's accounts, each tournament account marked with its tournament, and the round's totals in money: a
 * tournament account's chips have no cash value (Rapid 12.2.1(b), 12.2.2), so they are neither staked, credited nor
 * the house's result in money; the tournament scores them from the accounts' own lines. `tournamentOf` says which
 * accounts are a tournament's: at the settlement, the session's; at a correction, the round's own settlement's.
 */
const moneyOfRound = (accounts: readonly AccountRoundSummary[], tournamentOf: (accountId: string) => string | undefined) => {
  const marked = accounts.map((a) => {
    const tournamentId = tournamentOf(a.accountId);
    return tournamentId ? { ...a, tournamentId } : a;
  });
  const money = accounts.filter((a) => !tournamentOf(a.accountId));
  const staked = money.reduce((n, a) => n + a.stakedCents, 0);
  const credited = money.reduce((n, a) => n + a.creditedCents, 0);
  return { accounts: marked, stakedCents: staked, creditedCents: credited, houseNetCents: staked - credited };
};

/** The accounts of the session the table is used for now (at the settlement of its round). */
const ofSession = (s: RapidTableState) => (accountId: string): string | undefined =>
  s.tournamentSession?.accountIds.includes(accountId) ? s.tournamentSession.tournamentId : undefined;

/** The accounts the round settled as a tournament's (12.2.1(b)), whatever session runs when it is corrected. */
const ofRoundSettlement = (round: RoundState) => (accountId: string): string | undefined => round.tournamentOf?.[accountId];

const recordSettled = (c: RecordRoundSettled, s: RapidTableState): RapidTableEvent[] => {
  const round = requireCurrentRound(s, c.roundId);
  if (!round.outcome) throw conflict('OUTCOME_NOT_ENTERED', `Round ${c.roundId} has no outcome yet.`);
  if (round.status === 'settled') return [];
  return [{ type: 'RapidRoundSettled', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, outcome: round.outcome, ...moneyOfRound(c.accounts, ofSession(s)), settledAt: c.now, clause: policiesOf(s).settlement.clause }];
};

const freeze = (c: FreezeAccounts, s: RapidTableState): RapidTableEvent[] => {
  const round = requireRound(s, c.roundId, c);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.wrongOutcome.minimumRole, policies.wrongOutcome.clause, 'Freezing the ATS chip accounts');
  requireOutcomeNotInvalidated(s, round, `freeze the ATS chip accounts for and recalculate (${policies.wrongOutcome.clause})`);
  if (round.status !== 'settled' || !round.outcome) throw conflict('ROUND_NOT_SETTLED', `Round ${c.roundId} has not been settled: nothing to recalculate.`, policies.wrongOutcome.clause);
  if (round.frozenAccountIds) throw conflict('ACCOUNTS_ALREADY_FROZEN', `The accounts are already frozen for round ${c.roundId}: enter the actual outcome.`, policies.wrongOutcome.clause);
  const accountIds = Object.values(s.stations).flatMap((st) => (st.accountId ? [st.accountId] : [])).sort();
  return [{ type: 'RapidAccountsFrozen', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, accountIds, reason: c.reason, frozenAt: c.now, clause: policies.wrongOutcome.clause }];
};

const correct = (c: CorrectOutcome, s: RapidTableState): RapidTableEvent[] => {
  const round = requireRound(s, c.roundId, c);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.wrongOutcome.minimumRole, policies.wrongOutcome.clause, 'Entering the actual outcome');
  if (!round.frozenAccountIds || !round.outcome) {
    // A round corrected before is said so: correcting it again needs the accounts frozen for it again (11.11).
    const before = round.corrections > 0 ? `Round ${round.roundNumber ?? c.roundId}'s outcome was already corrected (to the outcome now recorded for it), and the freeze was lifted then. To correct it again, ` : '';
    throw conflict('ACCOUNTS_NOT_FROZEN', `${before}${before ? 'f' : 'F'}reeze the ATS chip accounts for round ${c.roundId} before entering the actual outcome.`, policies.wrongOutcome.clause, 'roundId');
  }
  const actual = outcomeFromCards(policies, c.playerCards, c.bankerCards);
  if (sameOutcome(actual, round.outcome)) {
    // The review found the outcome entered was the actual one: nothing to recalculate, the freeze is lifted (11.11).
    return [{ type: 'RapidOutcomeConfirmed', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, outcome: round.outcome, accountIds: round.frozenAccountIds, confirmedAt: c.now, clause: policies.wrongOutcome.clause }];
  }
  return [{ type: 'RapidOutcomeCorrected', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, previous: round.outcome, actual, ...moneyOfRound(c.accounts, ofRoundSettlement(round)), correctedAt: c.now, clause: policies.wrongOutcome.clause }];
};

const malfunction = (c: ReportMalfunction, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const policies = policiesOf(s);
  // The request itself is incomplete without the ATS that failed (11.14): refused as such, before the round is looked up.
  if (c.scope === 'ats' && !c.atsId) {
    throw ruleViolation('ATS_ID_REQUIRED', `atsId: a malfunction of scope "ats" names the ATS that failed (${policies.malfunction.ats.clause}); give atsId, or record scope "game-system" for a failure of the game system (${policies.malfunction.gameSystem.clause}).`, policies.malfunction.ats.clause, 'atsId');
  }
  // A failure of the game system deals with every ATS's wagers (11.15): naming one ATS contradicts it, and a Dealer who
  // meant that ATS (11.14) would void the whole table's wagers. Refused, before the round is looked up, for the Dealer to choose.
  if (c.scope === 'game-system' && c.atsId) {
    const { ats, gameSystem } = policies.malfunction;
    throw ruleViolation(
      'ATS_ID_NOT_FOR_GAME_SYSTEM',
      `atsId: a malfunction of scope "game-system" is a failure of the game system, dealt with for the wagers of every ATS at table ${s.tableId} (${gameSystem.clause}), and names no ATS, but atsId ${c.atsId} was given. If ATS ${c.atsId} alone failed, record scope "ats" with atsId (${ats.clause}); if the game system failed, leave atsId out.`,
      `${ats.clause}; ${gameSystem.clause}`,
      'atsId',
    );
  }
  const round = requireRound(s, c.roundId, c);
  const policy = c.scope === 'ats' ? policies.malfunction.ats : policies.malfunction.gameSystem;
  requireRole(c.actor, policies.malfunction.minimumRole, policy.clause, 'Recording a malfunction');
  if (c.scope === 'ats' && c.atsId) station(s, c.atsId);
  // Every wager of an invalidated round was refunded (13.4): a malfunction has none left to void or confirm (11.14-11.16).
  requireOutcomeNotInvalidated(s, round, `void or confirm from the records for a malfunction (${policy.clause})`, 'wager');
  if (round.status === 'void') {
    throw conflict('ROUND_VOID', `Round ${c.roundId} of table ${s.tableId} is void: its wagers were returned; nothing is left to adjust.`, policy.clause);
  }
  // Found once the outcome is entered: the settled accounts are adjusted (11.14(b), 11.15(b)) or voided (11.16).
  const afterOutcome = round.status === 'settled';
  // Placed by when it occurred, not when it is recorded (11.14, 11.15): a time to come, or before the round opened, is no answer.
  const occurredAt = c.occurredAt ?? c.now;
  if (instantMs(occurredAt) > instantMs(c.now)) {
    throw ruleViolation('MALFUNCTION_TIME_IN_FUTURE', `occurredAt ${occurredAt} is later than now (${c.now}): give the time the malfunction occurred (${policy.clause}).`, policy.clause, 'occurredAt');
  }
  if (instantMs(occurredAt) < instantMs(round.startedAt)) {
    throw ruleViolation(
      'MALFUNCTION_BEFORE_ROUND',
      `occurredAt ${occurredAt} is before round ${round.roundNumber} (${c.roundId}) opened at ${round.startedAt}: give the time the malfunction occurred in this round, or record it for the round in which it occurred (${policy.clause}).`,
      policy.clause,
      'occurredAt',
    );
  }
  // Nor once the next round had opened: a failure then belongs to that round, recorded for it (11.14, 11.15).
  const heldNext = Object.values(s.recentRounds).filter((r) => r.roundNumber > round.roundNumber).sort((a, b) => a.roundNumber - b.roundNumber)[0];
  // An earlier round's next round is in its history (13.9), when the table no longer holds it either.
  const earlierNext = c.earlierRound?.round.roundId === c.roundId && c.earlierRound.nextStartedAt ? { roundNumber: round.roundNumber + 1, startedAt: c.earlierRound.nextStartedAt } : undefined;
  const next = earlierNext ?? heldNext;
  if (next && instantMs(occurredAt) >= instantMs(next.startedAt)) {
    throw ruleViolation(
      'MALFUNCTION_AFTER_ROUND',
      `occurredAt ${occurredAt} is after round ${next.roundNumber}${'roundId' in next ? ` (${next.roundId})` : ''} opened at ${next.startedAt}: record the malfunction for the round in which it occurred (${policy.clause}).`,
      policy.clause,
      'occurredAt',
    );
  }
  const before = instantMs(occurredAt) < instantMs(periodExpiresAt(round));
  // Each malfunction is dealt with on its own (11.14-11.16); but wagers already void and returned are not reinstated,
  // before the outcome or after it (a void after the outcome returned the stake and took back the win, 11.16).
  const alreadyVoid = c.scope === 'ats' ? round.atsMalfunctions[c.atsId ?? ''] === 'void' || round.gameSystemMalfunction === 'void' : round.gameSystemMalfunction === 'void';
  if (alreadyVoid && !before && c.confirmedFromRecords === true) {
    throw conflict(
      'WAGERS_ALREADY_VOID',
      `The wagers ${c.scope === 'ats' ? `of ATS ${c.atsId}` : 'of every ATS'} in round ${round.roundNumber} (${c.roundId}) were already void and returned (${policy.clause}): a later record does not reinstate them; record it with confirmedFromRecords false, or leave it.`,
      policy.clause,
    );
  }
  if (!before && c.confirmedFromRecords === null) {
    throw ruleViolation('CONFIRMATION_REQUIRED', `After the wagering period the Dealer confirms the wagers from the records (${policy.clause}(b)): say whether they could be confirmed.`, `${policy.clause}(b); ${policies.malfunction.unconfirmable.clause}`, 'confirmedFromRecords');
  }
  const clause = before ? `${policy.clause}(a)` : c.confirmedFromRecords ? `${policy.clause}(b)` : `${policy.clause}(b); ${policies.malfunction.unconfirmable.clause}`;
  const confirmedWagers = checkConfirmedWagers(s, c, afterOutcome && !before, `${policy.clause}(b)`);
  // Named for what happens: void, settled as recorded, or replaced by the wagers the records confirm (11.14(b)).
  const effect = before || c.confirmedFromRecords === false ? 'void' : confirmedWagers ? 'settle-as-confirmed' : 'settle-as-recorded';
  const accountIds = round.settledAccountIds.filter((accountId) => c.scope === 'game-system' || round.settledAtsOf[accountId] === c.atsId);
  if (confirmedWagers && accountIds.length === 0) {
    // The wagers the records confirm were placed from the account the ATS showed in the round (6.1, 4.1): with none of
    // the ATS in the round there is no account to adjust, and confirming them must not pass as done.
    const inRound = [...new Set(Object.values(round.settledAtsOf))].sort();
    throw ruleViolation(
      'NO_ACCOUNT_OF_ATS_IN_ROUND',
      `ATS ${c.atsId} had no account settled in round ${round.roundNumber} (${c.roundId}) of table ${s.tableId} (no wager was recorded there, or its wagers were void and returned, which a later record does not reinstate), so there is no account whose wagers the records could confirm (${policy.clause}(b)): check atsId${inRound.length ? ` (the round's accounts were at ATS ${inRound.join(', ')})` : ' (no account had wagers in the round)'}, or record the malfunction without confirmedWagers and refer the player's claim to the Casino Supervisor.`,
      `${policy.clause}(b)`,
      'atsId',
    );
  }
  const adjusted = afterOutcome ? { afterOutcome: true, accountIds, confirmedWagers } : {};
  // Wagers already void reported void again: a repeated report of the same void, naming the first, not a second void.
  // Recorded rather than refused: the report (or the claim resolved by it, 11.12) is kept for the register.
  const first = round.voidsReported?.[voidKey(c.scope, c.scope === 'ats' ? c.atsId : null)] ?? round.voidsReported?.[voidKey('game-system', null)];
  const repeatOf = alreadyVoid && effect === 'void' && first ? { repeatOf: first } : {};
  return [
    {
      type: 'RapidMalfunctionRecorded',
      tableId: s.tableId,
      roundId: c.roundId,
      roundNumber: round.roundNumber,
      scope: c.scope,
      atsId: c.scope === 'ats' ? c.atsId : null,
      occurredAt,
      recordedAt: c.now,
      relativeToPeriod: before ? 'before-expiry' : 'after-expiry',
      confirmedFromRecords: before ? null : c.confirmedFromRecords,
      effect,
      description: c.description,
      ...adjusted,
      ...(c.claimId ? { claimId: c.claimId } : {}),
      ...repeatOf,
      clause,
    },
  ];
};

/**
 * The wagers the records confirm for the failed ATS (11.14(b)): only once the outcome is entered (before it, the
 * wagers recorded settle as they are), only when the records did confirm them, each a bet the table offers with a
 * whole positive amount. Null when none are given: the records confirm the wagers recorded.
 */
const checkConfirmedWagers = (s: RapidTableState, c: ReportMalfunction, afterOutcome: boolean, clause: string): readonly ConfirmedWager[] | null => {
  const wagers = c.confirmedWagers;
  if (wagers === undefined || wagers === null) return null;
  if (c.scope !== 'ats' || !afterOutcome) {
    throw ruleViolation('CONFIRMED_WAGERS_NOT_APPLICABLE', `confirmedWagers adjust one ATS's settled wagers once the outcome of round ${c.roundId} is entered, for a malfunction on or after the expiry; before the outcome the wagers recorded settle as they are, and before the expiry they are void (${clause}).`, clause, 'confirmedWagers');
  }
  if (c.confirmedFromRecords !== true) {
    throw ruleViolation('CONFIRMED_WAGERS_NOT_CONFIRMED', `confirmedWagers are the wagers the records confirm: set confirmedFromRecords true, or leave them out to void the wagers (${clause}).`, clause, 'confirmedWagers');
  }
  wagers.forEach((w, i) => {
    if (!s.terms?.limits[w.bet]) throw ruleViolation('BET_NOT_OFFERED', `confirmedWagers[${i}]: "${w.bet}" is not offered at table ${s.tableId}.`, clause, `confirmedWagers[${i}].bet`);
    if (!Number.isSafeInteger(w.amountCents) || w.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', `confirmedWagers[${i}].amountCents must be a positive whole number of cents.`, clause, `confirmedWagers[${i}].amountCents`);
  });
  return wagers.map((w) => ({ bet: w.bet, ...(w.side ? { side: w.side } : {}), amountCents: w.amountCents }));
};

const recordClaim = (c: RecordClaim, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const policies = policiesOf(s);
  station(s, c.atsId);
  // The player claims to the Dealer (11.12); the ATS may also lodge it for its own player.
  if (c.actor.role === 'ats') requireOwnStation(c.actor, c.atsId, policies.layout.ownStationClause);
  else requireRole(c.actor, policies.claims.minimumRole, policies.claims.clause, 'Recording a claim');
  if (s.claims[c.claimId]) throw conflict('CLAIM_EXISTS', `Claim ${c.claimId} is already recorded.`, policies.claims.clause);
  if (c.kind === 'incorrect-outcome' && c.roundId === null) {
    // A claim that an incorrect outcome has been entered (11.12) is about the outcome of one round: it names it.
    throw ruleViolation('ROUND_ID_REQUIRED', `roundId: a claim that an incorrect outcome was entered is about one round's outcome (${policies.claims.clause}); give the round's id (the ATS shows its number), so the Dealer can consider it and freeze the accounts for it (${policies.wrongOutcome.clause}).`, policies.claims.clause, 'roundId');
  }
  const round = c.roundId !== null ? requireRound(s, c.roundId, c) : null;
  if (round && c.kind === 'incorrect-outcome') requireOutcomeNotInvalidated(s, round, `claim was incorrect (${policies.claims.clause}) or to freeze the accounts for (${policies.wrongOutcome.clause})`);
  // A malfunction claim about the round (11.12) would be dealt with under 11.14: no wager is left to void or confirm (13.4).
  if (round && c.kind === 'malfunction') requireOutcomeNotInvalidated(s, round, `void or confirm from the records for a malfunction (${policies.claims.clause}; ${policies.malfunction.ats.clause})`, 'wager');
  return [{ type: 'RapidClaimRecorded', tableId: s.tableId, claimId: c.claimId, atsId: c.atsId, roundId: c.roundId, ...(round ? { roundNumber: round.roundNumber } : {}), kind: c.kind, description: c.description, recordedAt: c.now, clause: policies.claims.clause }];
};

const resolveClaim = (c: ResolveClaim, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const policies = policiesOf(s);
  requireRole(c.actor, policies.claims.minimumRole, policies.claims.clause, 'Resolving a claim');
  const claim = s.claims[c.claimId];
  if (!claim) throw notFound('CLAIM_NOT_FOUND', `No claim ${c.claimId} at table ${s.tableId}.`);
  if (claim.status !== 'open') throw conflict('CLAIM_ALREADY_RESOLVED', `Claim ${c.claimId} was already ${claim.status}.`, policies.claims.clause);
  // The round the claim is about, by its number at the table (8.1), for the register.
  const roundNumber = claim.roundNumber ?? (claim.roundId ? s.recentRounds[claim.roundId]?.roundNumber : undefined);
  const resolved: RapidTableEvent = { type: 'RapidClaimResolved', tableId: s.tableId, claimId: c.claimId, roundId: claim.roundId, ...(roundNumber ? { roundNumber } : {}), resolution: c.resolution, action: c.action, resolvedAt: c.now, clause: policies.claims.clause };
  if (claim.kind === 'incorrect-outcome' && c.resolution === 'upheld' && claim.roundId) {
    if (c.malfunction) throw ruleViolation('CLAIM_NOT_A_ROUND_MALFUNCTION', `Claim ${c.claimId} claims an incorrect outcome: upholding it freezes the accounts for the actual outcome to be entered (${policies.wrongOutcome.clause}); leave out malfunction.`, policies.claims.clause, 'malfunction');
    // The round's outcome was reviewed (11.11) since the claim was made, or before it and the accounts are no longer
    // frozen: the actual outcome is entered and the accounts recalculated and released, so the claim is dealt with;
    // freezing again would hold every account with nothing left to correct, for a review already made.
    const roundId = claim.roundId;
    const dealtWith = (review: ClaimCorrection, number: number): RapidTableEvent[] => [{ ...resolved, correction: { roundId, roundNumber: number, by: review.by, at: review.at, outcome: review.outcome, clause: review.clause } }];
    if (claim.outcomeEnteredSince) return dealtWith(claim.outcomeEnteredSince, roundNumber ?? claim.roundNumber ?? 0);
    const round = requireRound(s, roundId, c);
    // A claim made before the outcome was invalidated: every wager for it was refunded since (13.4), so upholding it
    // records the resolution and freezes nothing (there is no outcome left to recalculate).
    if (round.invalidated) return [resolved];
    if (round.reviewed && !round.frozenAccountIds) return dealtWith(round.reviewed, round.roundNumber);
    // The Dealer accepting that the outcome entered was wrong must freeze every account and have the results
    // recalculated (11.11): the same freeze as the freeze route's, or the one already in force for the round.
    const frozen = round.frozenAccountIds ? [] : freeze({ type: 'FreezeAccounts', roundId: claim.roundId, reason: `claim ${c.claimId} upheld: ${c.action}`, actor: c.actor, now: c.now, earlierRound: c.earlierRound ?? null }, s);
    const made = frozen.find((e) => e.type === 'RapidAccountsFrozen');
    const accountIds = made?.type === 'RapidAccountsFrozen' ? made.accountIds : (round.frozenAccountIds ?? []);
    const frozenAt = made?.type === 'RapidAccountsFrozen' ? made.frozenAt : (round.frozenAt ?? c.now);
    return [{ ...resolved, freeze: { roundId: claim.roundId, roundNumber: round.roundNumber, accountIds, frozenAt, clause: policies.wrongOutcome.clause } }, ...frozen];
  }
  if (!c.malfunction) return [resolved];
  // The Dealer takes the action the rules permit (11.12): an upheld malfunction claim is dealt with under 11.14.
  if (c.resolution !== 'upheld') {
    throw ruleViolation('ADJUSTMENT_NEEDS_UPHELD_CLAIM', `Claim ${c.claimId} is rejected: a rejected claim adjusts nothing; leave out malfunction.`, policies.claims.clause, 'malfunction');
  }
  if (claim.kind !== 'malfunction' || claim.roundId === null) {
    const why = claim.kind !== 'malfunction' ? `claims an incorrect outcome: freeze the accounts and enter the actual outcome (${policies.wrongOutcome.clause})` : 'names no round';
    throw ruleViolation('CLAIM_NOT_A_ROUND_MALFUNCTION', `Claim ${c.claimId} ${why}; a malfunction is dealt with for the claimant's ATS in the round claimed.`, policies.claims.clause, 'malfunction');
  }
  const dealt = malfunction(
    {
      type: 'ReportMalfunction',
      roundId: claim.roundId,
      scope: 'ats',
      atsId: claim.atsId,
      confirmedFromRecords: c.malfunction.confirmedFromRecords,
      confirmedWagers: c.malfunction.confirmedWagers ?? null,
      ...(c.malfunction.occurredAt ? { occurredAt: c.malfunction.occurredAt } : {}),
      description: c.action,
      claimId: c.claimId,
      earlierRound: c.earlierRound ?? null,
      actor: c.actor,
      now: c.now,
    },
    s,
  );
  return [resolved, ...dealt];
};

const DISRUPTIONS: readonly RapidInvalidationGround[] = ['civil-commotion', 'fire', 'riot', 'brawl', 'robbery', 'act-of-god'];

const invalidate = (c: InvalidateOutcome, s: RapidTableState): RapidTableEvent[] => {
  const round = requireRound(s, c.roundId, c);
  const { voiding } = rulebookOf(s).procedures;
  const policies = policiesOf(s);
  const authority = !voiding ? null : c.ground === 'fraud' ? voiding.fraud : c.ground === 'equipment-failure' ? voiding.equipmentMalfunction : DISRUPTIONS.includes(c.ground) ? voiding.disruption : null;
  if (!voiding || !authority) throw ruleViolation('GROUND_NOT_PROVIDED', `${rulebookOf(s).citation} gives no power to invalidate an outcome on the ground "${c.ground}".`, voiding?.refund.clause ?? policies.claims.clause, 'ground');
  requireRole(c.actor, authority.minimumRole, authority.clause, `Invalidating the outcome of a game on the ground "${c.ground}"`);
  if (round.invalidated) throw conflict('OUTCOME_ALREADY_INVALIDATED', `The outcome of round ${round.roundNumber} (${c.roundId}) was already invalidated (${round.invalidated.clause}) and its wagers refunded.`, voiding.refund.clause);
  // A game disrupted, or affected by fraud, before its outcome (13.3.1, 13.3.2) is invalidated all the same: the round is
  // void, takes no outcome, and every wager shown for it is returned (13.4). An equipment failure before the outcome
  // (11.10) is a malfunction of the round, dealt with under 11.14-11.15.
  const beforeOutcome = !round.outcome && round.status !== 'void' && authority !== voiding.equipmentMalfunction;
  if (beforeOutcome) {
    const accountIds = Object.values(s.stations).flatMap((st) => (st.accountId ? [st.accountId] : [])).sort();
    return [{ type: 'RapidOutcomeInvalidated', tableId: s.tableId, roundId: c.roundId, roundNumber: round.roundNumber, ground: c.ground, reason: c.reason, outcome: null, beforeOutcome: true, accountIds, authority: { minimumRole: authority.minimumRole, actedAs: c.actor.role }, invalidatedAt: c.now, clause: `${authority.clause}; ${voiding.refund.clause}` }];
  }
  if (round.status !== 'settled' || !round.outcome) {
    const why = round.status === 'void' ? 'is void: its wagers were returned' : `has no outcome yet: a malfunction before the outcome is dealt with under ${policies.malfunction.ats.clause} and ${policies.malfunction.gameSystem.clause} (POST .../malfunctions)`;
    throw conflict('NO_OUTCOME_TO_INVALIDATE', `Round ${round.roundNumber} (${c.roundId}) of table ${s.tableId} ${why}; there is no outcome to invalidate (${authority.clause}).`, authority.clause);
  }
  if (round.frozenAccountIds) {
    throw conflict('ACCOUNTS_FROZEN_FOR_REVIEW', `The accounts are frozen for the review of round ${round.roundNumber} (${c.roundId}) (${policies.wrongOutcome.clause}): enter the actual outcome, or confirm the one entered, first; then invalidate it.`, policies.wrongOutcome.clause);
  }
  return [
    {
      type: 'RapidOutcomeInvalidated',
      tableId: s.tableId,
      roundId: c.roundId,
      roundNumber: round.roundNumber,
      ground: c.ground,
      reason: c.reason,
      outcome: round.outcome,
      accountIds: round.settledAccountIds,
      authority: { minimumRole: authority.minimumRole, actedAs: c.actor.role },
      invalidatedAt: c.now,
      clause: `${authority.clause}; ${voiding.refund.clause}`,
    },
  ];
};

const startTournamentSession = (c: StartTournamentSession, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const { tournaments } = policiesOf(s);
  const current = s.tournamentSession;
  if (current?.tournamentId === c.tournamentId && current.sessionId === c.sessionId) return [];
  // Used exclusively for the session from its start (12.3.2): a table not free for it refuses it, and says so in an
  // event the tournament reacts to; nothing is seated or credited. The table's stream decides: of two sessions
  // arriving together, the one decided first starts and the other finds it in progress.
  const clause = tournaments.exclusiveTableClause;
  const refused = (reason: RapidTournamentSessionRefused['reason'], why: Pick<RapidTournamentSessionRefused, 'inProgress' | 'round' | 'atsIds' | 'blockers'>, message: string): RapidTableEvent[] => [
    { type: 'RapidTournamentSessionRefused', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, reason, ...why, message, refusedAt: c.now, clause },
  ];
  const session = `session ${c.sessionId} of tournament ${c.tournamentId}`;
  if (current) {
    return refused(
      'another-session-in-progress',
      { blockers: ['another-session-in-progress'], inProgress: { tournamentId: current.tournamentId, sessionId: current.sessionId } },
      `Table ${s.tableId} is used only for session ${current.sessionId} of tournament ${current.tournamentId} until it ends (${clause}): ${session} did not start there. The Tournament Director seats it at another designated table, or starts ${session} again once that session has ended.`,
    );
  }
  // Every blocker is named in one refusal (12.3.2), so the director's one instruction frees the table: an open round
  // of cash play and each ATS still showing a player's own account.
  const openRound = s.round && (s.round.status === 'wagering' || s.round.status === 'closed') ? { roundId: s.round.roundId, roundNumber: s.round.roundNumber } : undefined;
  const cash = Object.values(s.stations).flatMap((st) => (st.accountId ? [st.station.atsId] : []));
  if (openRound || cash.length) {
    const blockers: RapidTournamentSessionRefusalReason[] = [...(openRound ? ['round-of-cash-play-open' as const] : []), ...(cash.length ? ['cash-accounts-open' as const] : [])];
    const found = [
      ...(openRound ? [`round ${openRound.roundNumber} of cash play is still open`] : []),
      ...(cash.length ? [`ATS ${cash.join(', ')} still show players' own accounts`] : []),
    ].join(', and ');
    const todo = [
      ...(openRound ? [`end round ${openRound.roundNumber} of cash play (close its wagering and enter its outcome, so it settles)`] : []),
      ...(cash.length ? [`have the accounts at ATS ${cash.join(', ')} paid out (cash-out)`] : []),
    ].join('; ');
    return refused(
      blockers[0]!,
      { blockers, ...(openRound ? { round: openRound } : {}), ...(cash.length ? { atsIds: cash } : {}) },
      `At table ${s.tableId}, which is used only for tournament play during a session (${clause}), ${found}: ${session} did not start there. Free the table: ${todo}; then the Tournament Director starts ${session} again.`,
    );
  }
  const stations = Object.values(s.stations);
  const seats: RapidTournamentSeat[] = [];
  const unseated: { box: number; entryId: string; reason: 'no-such-ats' | 'ats-shows-an-account' }[] = [];
  for (const seat of c.seats) {
    const st = Number.isInteger(seat.box) && seat.box >= 1 ? stations[seat.box - 1] : undefined;
    if (!st) unseated.push({ box: seat.box, entryId: seat.entryId, reason: 'no-such-ats' });
    else if (st.accountId) unseated.push({ box: seat.box, entryId: seat.entryId, reason: 'ats-shows-an-account' });
    else seats.push({ box: seat.box, atsId: st.station.atsId, entryId: seat.entryId, accountId: seat.accountId, creditCents: seat.creditCents });
  }
  return [{ type: 'RapidTournamentSessionStarted', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, seats, unseated, startedAt: c.now, clause: `${tournaments.creditClause}; ${tournaments.exclusiveTableClause}` }];
};

const endTournamentSession = (c: EndTournamentSession, s: RapidTableState): RapidTableEvent[] => {
  requireTable(s);
  const current = s.tournamentSession;
  if (!current || current.tournamentId !== c.tournamentId || current.sessionId !== c.sessionId) return [];
  return [{ type: 'RapidTournamentSessionEnded', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, accountIds: current.accountIds, endedAt: c.now, clause: policiesOf(s).tournaments.creditClause }];
};

export const decideRapidTable = (c: RapidTableCommand, given: RapidTableState): readonly RapidTableEvent[] => {
  // A table never opened has no id of its own yet: the command's names it in every refusal.
  const s = given.exists || !c.tableId ? given : { ...given, tableId: c.tableId };
  switch (c.type) {
    case 'OpenRapidTable':
      return open(c, s);
    case 'AssignStationAccount': {
      const st = station(s, c.atsId);
      if (st.accountId === c.accountId) return [];
      const { stationAccount, cashOut, tournaments } = policiesOf(s);
      if (s.tournamentSession && !s.tournamentSession.accountIds.includes(c.accountId)) {
        throw conflict('TABLE_IN_TOURNAMENT_PLAY', `Table ${s.tableId} is used only for session ${s.tournamentSession.sessionId} of tournament ${s.tournamentSession.tournamentId} until it ends (${tournaments.exclusiveTableClause}): open an account at another table.`, tournaments.exclusiveTableClause, 'tableId');
      }
      if (st.accountId) throw conflict('ATS_ACCOUNT_OPEN', `ATS ${c.atsId} already shows account ${st.accountId}: top it up or cash it out (${cashOut.clause}) first.`, stationAccount.oneAtATimeClause);
      return [{ type: 'RapidStationAccountAssigned', tableId: s.tableId, atsId: c.atsId, accountId: c.accountId, clause: stationAccount.assignedClause }];
    }
    case 'ReleaseStationAccount': {
      const st = station(s, c.atsId);
      if (st.accountId !== c.accountId) return [];
      return [{ type: 'RapidStationAccountReleased', tableId: s.tableId, atsId: c.atsId, accountId: c.accountId, clause: policiesOf(s).cashOut.clause }];
    }
    case 'StartRound':
      return startRound(c, s);
    case 'CloseWagering':
      return closeWagering(c, s);
    case 'EnterOutcome':
      return enterOutcome(c, s);
    case 'RecordRoundSettled':
      return recordSettled(c, s);
    case 'FreezeAccounts':
      return freeze(c, s);
    case 'CorrectOutcome':
      return correct(c, s);
    case 'ReportMalfunction':
      return malfunction(c, s);
    case 'RecordClaim':
      return recordClaim(c, s);
    case 'ResolveClaim':
      return resolveClaim(c, s);
    case 'InvalidateOutcome':
      return invalidate(c, s);
    case 'StartTournamentSession':
      return startTournamentSession(c, s);
    case 'EndTournamentSession':
      return endTournamentSession(c, s);
    default: {
      const never: never = c;
      return never;
    }
  }
};

export const rapidTableDecider: Decider<RapidTableCommand, RapidTableEvent, RapidTableState> = {
  decide: decideRapidTable,
  evolve: evolveRapidTable,
  initialState: initialRapidTableState,
};
