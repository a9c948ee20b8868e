/**
 * Integration events published by the Rapid Baccarat service on `baccarat.rapid.events` (Crown Melbourne Rules
 * for Rapid Baccarat, cited "Rapid <clause>"). Three stream types:
 * - `rapid-floor` (`rapid-floor-<casino>`): the Rapid tables of the casino (the rulebook's operator), the pay-table
 *   option each bet uses there (10.1: every table offering a bet uses the same option) and each table's ATS (2.2(a));
 * - `rapid-table` (`rapid-table-<tableId>`): configuration, stations, rounds with their wagering period, outcomes
 *   entered on the SGC, corrections, malfunctions and player claims;
 * - `rapid-account` (`rapid-account-<accountId>`): one ATS chip account, every movement of its balance.
 * Money is integer cents. Every event that moves an account balance carries `movementCents` (signed) and
 * `balanceAfterCents`, so a reader can prove balance = Σ movements without the service. `clause` names the rule.
 * Add fields freely; renaming or removing one needs a new `version` of the event and an upcaster.
 */

import type { CompulsoryWagerConsequence } from './tournaments.events';

export type RapidBetId = string;
export type RapidSide = 'player' | 'banker';
export type RapidTender = 'cash' | 'vouchers' | 'authorised-tokens' | 'chips' | 'note-acceptor';
export type RapidCoupResult = 'player' | 'banker' | 'tie';

export interface RapidStation {
  readonly atsId: string;
  /** A remote ATS (1.1 'remote ATS'): buy-in only through its note acceptor (6.2.1). */
  readonly remote: boolean;
  /** Equipped with a ticket printer (6.7.2). */
  readonly printer: boolean;
}

export interface RapidBetLimits {
  readonly minCents: number;
  readonly maxCents: number;
  /** Permitted wagers are the minimum plus whole multiples of this (5.3.2(a)). */
  readonly incrementCents: number;
}

export interface RapidTableTerms {
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: RapidBetId; readonly option: string }[];
  readonly limits: Readonly<Record<RapidBetId, RapidBetLimits>>;
  /** The permitted aggregate wager per coup, if any (5.3.3). */
  readonly aggregateMinimumCents: number | null;
}

export interface RapidOutcome {
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  readonly result: RapidCoupResult;
  readonly playerTotal: number;
  readonly bankerTotal: number;
}

// ---- floor -------------------------------------------------------------------------------------------------

/**
 * A table joined the Rapid tables of the casino. `floorId` is the casino's registry (the rulebook's operator, 10.1
 * footnote: all tables of the casino offering a side wager use one option); earlier events carry a free-text floor.
 */
export interface RapidTableRegistered {
  readonly type: 'RapidTableRegistered';
  readonly floorId: string;
  readonly tableId: string;
  readonly offeredBets: readonly { readonly bet: RapidBetId; readonly option: string }[];
  /** The ATS of the table: each belongs to this table only (2.2(a), 4.3, 6.1); absent on earlier events. */
  readonly atsIds?: readonly string[];
  readonly registeredAt: string;
  readonly clause: string;
}

// ---- table -------------------------------------------------------------------------------------------------

export interface RapidTableOpened {
  readonly type: 'RapidTableOpened';
  readonly tableId: string;
  readonly floorId: string;
  readonly terms: RapidTableTerms;
  readonly decks: number;
  /** The wagering period: set by the casino operator, else the rulebook's default (8.1(a)-(b)). */
  readonly wageringPeriodSeconds: number;
  readonly wageringPeriodSetBy: 'casino-operator' | 'rulebook-default';
  readonly stations: readonly RapidStation[];
  readonly openedAt: string;
  readonly clause: string;
}

/** A chip account became the active account of an ATS (6.1, 6.3). */
export interface RapidStationAccountAssigned {
  readonly type: 'RapidStationAccountAssigned';
  readonly tableId: string;
  readonly atsId: string;
  readonly accountId: string;
  readonly clause: string;
}

/** The account of an ATS was closed (cash-out, 6.7); the ATS is free for the next player. */
export interface RapidStationAccountReleased {
  readonly type: 'RapidStationAccountReleased';
  readonly tableId: string;
  readonly atsId: string;
  readonly accountId: string;
  readonly clause: string;
}

export interface RapidRoundStarted {
  readonly type: 'RapidRoundStarted';
  readonly tableId: string;
  readonly roundId: string;
  readonly roundNumber: number;
  readonly startedAt: string;
  /** When the wagering period expires unless the dealer draws first (8.1). Shown as a countdown (8.2). */
  readonly periodEndsAt: string;
  readonly periodSeconds: number;
  readonly clause: string;
}

/** The wagering period ended: at expiry, or early when the dealer drew cards (8.1(c)). Nothing changes after (4.7). */
export interface RapidWageringClosed {
  readonly type: 'RapidWageringClosed';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly closedAt: string;
  readonly early: boolean;
  readonly clause: string;
}

/** The dealer entered the outcome of the coup on the SGC (1.1 'SGC'). */
export interface RapidOutcomeEntered {
  readonly type: 'RapidOutcomeEntered';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly outcome: RapidOutcome;
  readonly enteredAt: string;
  readonly clause: string;
}

/** Every account with wagers in the round was settled (4.8); totals of the round. */
/** One account's part in a round. */
export interface RapidRoundAccount {
  readonly accountId: string;
  readonly atsId: string;
  readonly stakedCents: number;
  readonly creditedCents: number;
  /** Present on a tournament account (Rapid 12.2.1(b)): its stake and credit are tournament chips, not money. */
  readonly tournamentId?: string;
  /** A tournament account that wagered nothing in the round: the minimum deducted from it (12.2.1(c)), and the clause. */
  readonly deducted?: { readonly amountCents: number; readonly clause: string };
}

export interface RapidRoundSettled {
  readonly type: 'RapidRoundSettled';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  /** The outcome settled (as entered on the SGC); absent on rounds settled before it was carried. */
  readonly outcome?: RapidOutcome;
  /** Each account's stake and credit; a tournament session's carry its `tournamentId` (tournament chips, no cash value). */
  readonly accounts: readonly RapidRoundAccount[];
  /** Money only: tournament accounts' chips have no cash value (Rapid 12.2.1(b), 12.2.2) and are not in the totals. */
  readonly stakedCents: number;
  readonly creditedCents: number;
  /** Staked - credited: the house's result of the round, in money. */
  readonly houseNetCents: number;
  readonly settledAt: string;
  readonly clause: string;
}

/** The dealer formed the view that a wrong outcome was entered: every account at the table is frozen (11.11). */
export interface RapidAccountsFrozen {
  readonly type: 'RapidAccountsFrozen';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly accountIds: readonly string[];
  readonly reason: string;
  readonly frozenAt: string;
  readonly clause: string;
}

/** The actual outcome replaced the wrong one; accounts were recalculated and released (11.11). */
export interface RapidOutcomeCorrected {
  readonly type: 'RapidOutcomeCorrected';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly previous: RapidOutcome;
  readonly actual: RapidOutcome;
  readonly accounts: readonly RapidRoundAccount[];
  /** Money only, as RapidRoundSettled's totals. */
  readonly stakedCents: number;
  readonly creditedCents: number;
  readonly houseNetCents: number;
  readonly correctedAt: string;
  readonly clause: string;
}

/**
 * The review found the outcome entered was right after all (11.11): nothing is recalculated and the accounts frozen
 * for the round are released.
 */
export interface RapidOutcomeConfirmed {
  readonly type: 'RapidOutcomeConfirmed';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly outcome: RapidOutcome;
  /** The accounts frozen for the round, now released. */
  readonly accountIds: readonly string[];
  readonly confirmedAt: string;
  readonly clause: string;
}

export type RapidMalfunctionScope = 'ats' | 'game-system';

/**
 * Why the outcome of a game was invalidated: the malfunction of gaming equipment approved for the game, not an ATS's
 * or the game system's (Rapid 11.10: those are 11.14-11.16), by a Game Supervisor (or above); the game disrupted by
 * civil commotion, fire, riot, brawl, robbery or an Act of God (13.3.1), or a fraudulent act affecting the outcome
 * (13.3.2), by a Casino Supervisor.
 */
export type RapidInvalidationGround = 'equipment-failure' | 'civil-commotion' | 'fire' | 'riot' | 'brawl' | 'robbery' | 'act-of-god' | 'fraud';

/**
 * The outcome of a round was invalidated (Rapid 11.10, 13.3) and every wager made for that result refunded (13.4): each
 * account settled in the round is recalculated as if its wagers were void (`AtsSettlementRecalculated`, cause
 * `invalidation`): the stake returned, any credit taken back, never below zero (`unrecoveredCents`), and what an account
 * paid out since gains owed to the player who left (`owedToPlayerCents`). The round is void from then on.
 */
export interface RapidOutcomeInvalidated {
  readonly type: 'RapidOutcomeInvalidated';
  readonly tableId: string;
  readonly roundId: string;
  readonly roundNumber: number;
  readonly ground: RapidInvalidationGround;
  readonly reason: string;
  /** The outcome invalidated; null for a game disrupted before its outcome was entered (13.3), which then takes none. */
  readonly outcome: RapidOutcome | null;
  /**
   * The game was invalidated before its outcome was entered (13.3.1, 13.3.2): the round is void and every wager shown
   * for it returned (13.4, AtsWagersReturned reason outcome-invalidated). Absent: the outcome entered was invalidated.
   */
  readonly beforeOutcome?: true;
  /** The accounts settled in the round, each refunded (13.4); before the outcome, the accounts at the table's ATS, each returned its wagers. */
  readonly accountIds: readonly string[];
  /** The role the rule gives the power (11.10: gaming-supervisor or above; 13.3: area-manager), and the actor's role. */
  readonly authority: { readonly minimumRole: string; readonly actedAs: string };
  readonly invalidatedAt: string;
  readonly clause: string;
}

/** An ATS (11.14) or the game system (11.15) malfunctioned during a round. */
export interface RapidMalfunctionRecorded {
  readonly type: 'RapidMalfunctionRecorded';
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly scope: RapidMalfunctionScope;
  /** The failed ATS (scope 'ats'), or null for the game system. */
  readonly atsId: string | null;
  /**
   * When the malfunction occurred, as the Dealer recorded it (11.14, 11.15): it places the malfunction before or on or
   * after the expiry of the wagering period (`relativeToPeriod`). On events before `recordedAt` was carried, the time recorded.
   */
  readonly occurredAt: string;
  /** When the malfunction was recorded on the SGC; absent on events before it was carried (then `occurredAt`). */
  readonly recordedAt?: string;
  readonly relativeToPeriod: 'before-expiry' | 'after-expiry';
  /** After expiry: whether the wagers could be confirmed from the records (11.14(b)/11.15(b)); null before. */
  readonly confirmedFromRecords: boolean | null;
  /**
   * What happens to the wagers concerned: void (11.14(a), 11.15(a), 11.16), settled as recorded, or replaced by the
   * wagers the records confirm (`confirmedWagers`, 11.14(b)) and settled as confirmed.
   */
  readonly effect: 'void' | 'settle-as-recorded' | 'settle-as-confirmed';
  readonly description: string;
  /**
   * Dealt with once the outcome was entered and the round settled (11.14(b), 11.15(b), 11.16): the accounts whose
   * settlement is adjusted are `accountIds` (the round's accounts at the failed ATS, or every one for the game
   * system); void wagers return their stake, and `confirmedWagers` (an ATS's wagers as the records confirm them)
   * replace the ones recorded. Absent on malfunctions dealt with before the outcome.
   */
  readonly afterOutcome?: boolean;
  readonly accountIds?: readonly string[];
  readonly confirmedWagers?: readonly { readonly bet: RapidBetId; readonly side?: RapidSide; readonly amountCents: number }[] | null;
  /** The player's claim (11.12) whose resolution dealt with this malfunction, if any. */
  readonly claimId?: string | null;
  /**
   * Present when the wagers concerned were already void in the round (11.14-11.16): this is a repeated report of that
   * void, which it names (when it was recorded, its scope and ATS, its clause); it voids nothing again and moves no
   * money. The register shows it as a repeated report, not a second void.
   */
  readonly repeatOf?: { readonly recordedAt: string; readonly scope: RapidMalfunctionScope; readonly atsId: string | null; readonly clause: string };
  readonly clause: string;
}

export interface RapidClaimRecorded {
  readonly type: 'RapidClaimRecorded';
  readonly tableId: string;
  readonly claimId: string;
  readonly atsId: string;
  readonly roundId: string | null;
  /** The round's number at its table ("Round 412", 8.1); absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly kind: 'incorrect-outcome' | 'malfunction';
  readonly description: string;
  readonly recordedAt: string;
  readonly clause: string;
}

export interface RapidClaimResolved {
  readonly type: 'RapidClaimResolved';
  readonly tableId: string;
  readonly claimId: string;
  /** The round the claim is about, if any, and its number at the table (8.1); absent on events before they were carried. */
  readonly roundId?: string | null;
  readonly roundNumber?: number;
  readonly resolution: 'upheld' | 'rejected';
  readonly action: string;
  /**
   * An upheld claim that an incorrect outcome was entered: the Dealer accepts the outcome entered may be wrong and
   * every ATS chip account is frozen for the round until the actual outcome is entered or the one entered confirmed
   * (Rapid 11.11 with 11.12): the freeze it made (`RapidAccountsFrozen` with it), or the one already in force.
   */
  readonly freeze?: { readonly roundId: string; readonly roundNumber: number; readonly accountIds: readonly string[]; readonly frozenAt: string; readonly clause: string };
  /**
   * An upheld claim that an incorrect outcome was entered, when the actual outcome has been entered for the round
   * (Rapid 11.11 with 11.12), since the claim was made or before it with the accounts released since: the correction
   * (or the review confirming the outcome entered) that dealt with it. Nothing is frozen again, nothing moves.
   */
  readonly correction?: { readonly roundId: string; readonly roundNumber: number; readonly by: 'corrected' | 'confirmed'; readonly at: string; readonly outcome: RapidOutcome; readonly clause: string };
  readonly resolvedAt: string;
  readonly clause: string;
}

/** An ATS given to a tournament player for the session, with the account the conditions credit (12.2.1(b)). */
export interface RapidTournamentSeat {
  /** The tournament's box: the table's n-th ATS (absent on sessions started before it was carried). */
  readonly box?: number;
  readonly atsId: string;
  readonly entryId: string;
  readonly accountId: string;
  readonly creditCents: number;
}

/**
 * A session of a tournament (the tournaments service's `TournamentSessionStarted`) began at this table: its ATS
 * serve the seated tournament players only (12.3.2) and their accounts are credited as the conditions say
 * (12.2.1(b)). A seat that cannot be given (no such ATS; on earlier events, one still showing a player's own
 * account, which now refuses the whole session: `RapidTournamentSessionRefused`) is listed in `unseated` for the
 * Tournament Director and credited nothing.
 */
export interface RapidTournamentSessionStarted {
  readonly type: 'RapidTournamentSessionStarted';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly seats: readonly RapidTournamentSeat[];
  readonly unseated: readonly { readonly box: number; readonly entryId: string; readonly reason: 'no-such-ats' | 'ats-shows-an-account' }[];
  readonly startedAt: string;
  readonly clause: string;
}

/** Why a Rapid table could not take a tournament's session (12.3.2: a designated table is used exclusively for it). */
export type RapidTournamentSessionRefusalReason = 'another-session-in-progress' | 'round-of-cash-play-open' | 'cash-accounts-open';

/**
 * The table could not take a session of a tournament (the tournaments service's `TournamentSessionStarted`): during
 * it the table must be used exclusively for tournament play (12.3.2), and it was not free for it: another session
 * (of this or another tournament) is in progress there (`inProgress`), a round of cash play is still open
 * (`round`), or ATS still show players' own accounts (`atsIds`). No one is seated and nothing is credited at the
 * table; `message` says what to do. The table's stream decides, so of two sessions arriving at one table together
 * one starts and the other is refused. The tournament reacts (another table, or the session again once it is free).
 */
export interface RapidTournamentSessionRefused {
  readonly type: 'RapidTournamentSessionRefused';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  /** The first of `blockers` (kept for readers of earlier events). */
  readonly reason: RapidTournamentSessionRefusalReason;
  /**
   * Every reason the table was not free, all at once (12.3.2), so one instruction frees it: e.g. a round of cash play
   * open and ATS showing players' own accounts. Absent on earlier events, which named only `reason`.
   */
  readonly blockers?: readonly RapidTournamentSessionRefusalReason[];
  /** reason 'another-session-in-progress': the session the table is used for until it ends. */
  readonly inProgress?: { readonly tournamentId: string; readonly sessionId: string };
  /** reason 'round-of-cash-play-open': the round still open, by its number at the table (8.1). */
  readonly round?: { readonly roundId: string; readonly roundNumber: number };
  /** reason 'cash-accounts-open': the ATS still showing a player's own account, to be paid out first (6.7). */
  readonly atsIds?: readonly string[];
  /** Why, and what to do, in the casino's words. */
  readonly message: string;
  readonly refusedAt: string;
  readonly clause: string;
}

/** The session ended (`TournamentSessionEnded`): the tournament accounts are disposed of and the ATS released. */
export interface RapidTournamentSessionEnded {
  readonly type: 'RapidTournamentSessionEnded';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly accountIds: readonly string[];
  readonly endedAt: string;
  readonly clause: string;
}

// ---- account -----------------------------------------------------------------------------------------------

export interface BalanceMovement {
  /** Signed change of the balance this event makes. */
  readonly movementCents: number;
  readonly balanceAfterCents: number;
}

/**
 * What the player kept of recoveries the account could not make (Rapid 11.11) set off against a later credit to the
 * account from play or a later difference in the player's favour, before anything is credited or owed: the account as
 * corrected is what the player is entitled to (6.7.1). `amountCents`: set off, not credited; `rounds`: the rounds whose
 * kept money it was set against (the credited round's own first, then the others in the order they arose);
 * `unrecoveredAfterCents`: what the player still holds, over every round, that was not theirs.
 */
export interface AtsUnrecoveredSetOff {
  readonly amountCents: number;
  readonly unrecoveredAfterCents: number;
  readonly rounds: readonly { readonly roundId: string; readonly roundNumber?: number; readonly amountCents: number }[];
}

export interface AtsAccountOpened extends BalanceMovement {
  readonly type: 'AtsAccountOpened';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly station: RapidStation;
  readonly rulebookId: string;
  readonly tender: RapidTender;
  readonly amountCents: number;
  readonly openedAt: string;
  readonly clause: string;
}

/**
 * A tournament account: opened on the player's ATS for one session and credited with the amount the tournament's
 * conditions state (12.2.1(b)). The tournament's credit has no cash value: under the conditions (12.2.2) it is
 * neither topped up nor cashed out, and its balance is disposed of at the end of the session.
 */
export interface AtsTournamentAccountOpened extends BalanceMovement {
  readonly type: 'AtsTournamentAccountOpened';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly station: RapidStation;
  readonly rulebookId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  readonly amountCents: number;
  /**
   * The session's minimum and maximum wager in tournament chips (12.2.1(c)), which replace the table's limits for
   * this account (12.2.2); absent on accounts opened before the limits were carried (the table's limits applied).
   */
  readonly wagerLimits?: { readonly minCents: number; readonly maxCents: number } | null;
  /**
   * The conditions' compulsory wager (12.2.1(c)): in a round in which the account wagers nothing, the minimum
   * (`wagerLimits.minCents`) is deducted, never below zero. Absent: nothing is deducted for not wagering.
   */
  readonly compulsoryWager?: { readonly consequence: CompulsoryWagerConsequence; readonly clause: string };
  readonly openedAt: string;
  readonly clause: string;
}

/**
 * A round of the session settled in which the tournament account wagered nothing: the conditions' minimum wager is
 * deducted from its balance, never below zero (12.2.1(c)). Tournament chips, not money (12.2.2).
 */
export interface AtsTournamentMinimumDeducted extends BalanceMovement {
  readonly type: 'AtsTournamentMinimumDeducted';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  readonly roundId: string;
  /** The round's number at its table (8.1). */
  readonly roundNumber?: number;
  /** The chips deducted: the minimum, or the whole balance where it held less. */
  readonly amountCents: number;
  readonly minimumCents: number;
  readonly deductedAt: string;
  readonly clause: string;
}

/** The session ended: the balance is disposed of as the conditions say (12.2.1(b)) and the account closed. */
export interface AtsTournamentBalanceDisposed extends BalanceMovement {
  readonly type: 'AtsTournamentBalanceDisposed';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  /** The balance at the end of the session: the tournament's count for the player. */
  readonly amountCents: number;
  /**
   * The tournament was cancelled (its TournamentCancelled): the session ended with it and the account is disposed of as
   * at a session's end; its wagers are refused from then on. Absent: the session ended.
   */
  readonly cancelled?: { readonly reason: string; readonly cancelledAt: string; readonly clause: string };
  readonly disposedAt: string;
  readonly clause: string;
}

/**
 * A round of a tournament session recalculated after the session ended (its wrong outcome corrected, 11.11, or a
 * malfunction dealt with once the outcome was entered, 11.14(b), 11.15(b), 11.16): the balance was disposed of at the
 * end of the session as the conditions say (12.2.1(b)) and the session's counts were recorded, so the chips do not
 * move; the correction is referred to the Tournament Director, who conducts the tournament and rules on it (12.1.2,
 * 12.2.1(k)). `wantedCents` is what the account would have moved (signed); no balance moves.
 */
export interface AtsTournamentCorrectionReferred {
  readonly type: 'AtsTournamentCorrectionReferred';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryId: string;
  readonly roundId: string;
  /** The round's number at its table (8.1). */
  readonly roundNumber?: number;
  readonly cause: 'wrong-outcome' | 'malfunction' | 'invalidation';
  readonly outcome: RapidOutcome;
  readonly previousCreditCents: number;
  readonly creditCents: number;
  readonly wantedCents: number;
  readonly referredAt: string;
  readonly clause: string;
}

/** A top-up: tendered to the dealer or inserted in the note acceptor (6.5). */
export interface AtsAccountCredited extends BalanceMovement {
  readonly type: 'AtsAccountCredited';
  readonly accountId: string;
  readonly tender: RapidTender;
  readonly amountCents: number;
  readonly creditedAt: string;
  readonly clause: string;
}

export interface AtsWagerShown {
  readonly bet: RapidBetId;
  readonly side?: RapidSide;
  /** What the player attempted. */
  readonly attemptedCents: number;
  /** What the ATS shows and takes from the account (5.3.2 may reduce it). */
  readonly amountCents: number;
  /** Why it differs from the attempt (5.3.2), if it does. */
  readonly clause?: string;
}

/**
 * The ATS's layout for the round as the player left it (4.2): it replaces the previous layout; the balance
 * moves by the difference (a change or withdrawal returns money, 4.7 allows it only within the period).
 */
export interface AtsWagersShown extends BalanceMovement {
  readonly type: 'AtsWagersShown';
  readonly accountId: string;
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly wagers: readonly AtsWagerShown[];
  /** Attempts under the minimum: no chips shown (5.3.1). */
  readonly notShown: readonly { readonly bet: RapidBetId; readonly side?: RapidSide; readonly attemptedCents: number; readonly clause: string }[];
  readonly totalCents: number;
  readonly shownAt: string;
  readonly clause: string;
}

export interface AtsWagerSettlement {
  readonly bet: RapidBetId;
  readonly side?: RapidSide;
  readonly option: string;
  readonly amountCents: number;
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  readonly stakeReturnedCents: number;
  readonly winningsCents: number;
  /** Deducted from the payout before the account is credited (4.8.2(a)). */
  readonly commissionCents: number;
  /** What the account is credited for this wager: stake returned + winnings - commission. */
  readonly creditCents: number;
  readonly clause: string;
}

/** The round's wagers settled into the account (4.8), as shown at expiry (4.6). */
export interface AtsWagersSettled extends BalanceMovement {
  readonly type: 'AtsWagersSettled';
  readonly accountId: string;
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1), as the ATS and SGC show it; absent on events before it was carried. */
  readonly roundNumber?: number;
  readonly outcome: RapidOutcome;
  readonly settlements: readonly AtsWagerSettlement[];
  readonly stakedCents: number;
  readonly creditCents: number;
  /**
   * Present when the player kept money earlier recoveries of the account could not take back (11.11): it comes off this
   * credit first (6.7.1), `movementCents` = `creditCents` - `setOff.amountCents`.
   */
  readonly setOff?: AtsUnrecoveredSetOff;
  readonly settledAt: string;
  readonly clause: string;
}

/** Wagers returned to the account without settlement: below the aggregate (5.3.3) or void (11.14-11.16). */
export interface AtsWagersReturned extends BalanceMovement {
  readonly type: 'AtsWagersReturned';
  readonly accountId: string;
  readonly tableId: string;
  readonly roundId: string;
  readonly reason: 'below-aggregate' | 'ats-malfunction' | 'game-system-malfunction' | 'unconfirmed-after-malfunction' | 'session-ended' | 'outcome-invalidated';
  readonly stakedCents: number;
  /**
   * Present when the player kept money earlier recoveries of the account could not take back (11.11): it comes off the
   * stake returned first (6.7.1), `movementCents` = `stakedCents` - `setOff.amountCents`.
   */
  readonly setOff?: AtsUnrecoveredSetOff;
  readonly returnedAt: string;
  readonly clause: string;
}

export interface AtsAccountFrozen {
  readonly type: 'AtsAccountFrozen';
  readonly accountId: string;
  readonly roundId: string;
  readonly frozenAt: string;
  readonly clause: string;
}

/**
 * The round recalculated: from the actual outcome (11.11), or after a malfunction dealt with once the outcome was
 * entered, its wagers void or as the records confirm them (11.14(b), 11.15(b), 11.16). The account moves by the
 * difference between the new and the old result of the round (credit less stake; the stake changes only when the
 * records confirm other wagers, `wagers`). A recovery never takes the balance below zero: what could not be taken
 * back is `unrecoveredCents`, for the Casino Supervisor.
 */
export interface AtsSettlementRecalculated extends BalanceMovement {
  readonly type: 'AtsSettlementRecalculated';
  readonly accountId: string;
  /** Present on a tournament account (Rapid 12.2.1(b)): the movement is in tournament chips, not money. */
  readonly tournamentId?: string;
  readonly tableId: string;
  readonly roundId: string;
  /** The round's number at its table ("Round 412", 8.1); absent on events before it was carried. */
  readonly roundNumber?: number;

  readonly outcome: RapidOutcome;
  readonly settlements: readonly AtsWagerSettlement[];
  readonly previousCreditCents: number;
  readonly creditCents: number;
  /**
   * What the recovery could not take back from the account (the player kept it, 11.11); negative when a difference in
   * the player's favour was set off against what earlier recoveries of the account could not take back (`setOff`).
   */
  readonly unrecoveredCents: number;
  /**
   * Present when the player had kept money earlier recoveries of the account could not take back (11.11): this
   * difference in their favour is set off against it first (`amountCents`, = -unrecoveredCents), the account as corrected
   * being what the player is entitled to (6.7.1), and only the rest is credited or owed. `rounds`: the rounds whose kept
   * money it was set against (this round's first, then the others in the order they arose); `unrecoveredAfterCents`:
   * what the player still holds, over every round, that was not theirs.
   */
  readonly setOff?: AtsUnrecoveredSetOff;
  /**
   * Present when the round's credit was set off, when credited or recalculated, against what the player kept of earlier
   * recoveries (11.11 with 6.7.1) and this recalculation reduces it: that set-off is undone first (`amountCents`), the
   * kept money going back to the rounds it came from (`rounds`, the newest set-off first), and only the rest of the
   * reduction moves the balance: a buy-in or top-up (the player's new money) is never taken for it. `unrecoveredCents`
   * includes it; `unrecoveredAfterCents`: what the player holds, over every round, that was not theirs.
   */
  readonly setOffUndone?: AtsUnrecoveredSetOff;
  /**
   * Present when the account was paid out and closed before the recalculation (6.7): its balance after it is owed to
   * the player who left, until paid in chips by the Dealer or by a manual payment (`AtsOwedAmountPaid`).
   */
  readonly owedToPlayerCents?: number;
  /**
   * Present when the account awaited the manual payment of a ticket its printer failed to print (6.7.2(b)): that debt
   * to the player is not yet paid, so a recovery the balance cannot give comes off it first (`reducedCents`), and only
   * what is left beyond it is `unrecoveredCents`. `owedAfterCents` is the manual payment still due (0: none).
   */
  readonly unpaidTicket?: { readonly reducedCents: number; readonly owedAfterCents: number; readonly clause: string };
  /**
   * What caused it: the actual outcome replacing a wrong one (11.11; the table's `RapidOutcomeCorrected` restates the
   * round's totals), or a malfunction dealt with after the outcome (11.14(b), 11.15(b), 11.16; the round's totals move
   * by this account's change), or the outcome invalidated and the wagers refunded (11.10, 13.3-13.4; likewise). Absent
   * on earlier events, which were all wrong outcomes.
   */
  readonly cause?: 'wrong-outcome' | 'malfunction' | 'invalidation';
  /** The wagers as the records confirm them, replacing those recorded (11.14(b)); absent when the wagers are unchanged. */
  readonly wagers?: readonly AtsWagerShown[];
  readonly previousStakedCents?: number;
  readonly stakedCents?: number;
  /**
   * Present when the round's wagers are, after the adjustment, not recognised for the coup and returned: void (11.14(b),
   * 11.15(b), 11.16) or, as the records confirm them, in aggregate less than the permitted aggregate wager (5.3.3).
   * Each wager then returns its stake (`settlements`, outcome 'void'); `returnedCents` is their sum.
   */
  readonly notRecognised?: { readonly reason: 'void' | 'below-aggregate'; readonly aggregateMinimumCents?: number; readonly returnedCents: number; readonly clause: string };
  /**
   * What the account's round counted for the coup in the round's totals before and after a malfunction's adjustment
   * (5.3.3, 4.8; wagers not recognised or void count for nothing): the round's totals move by the difference. Absent
   * on earlier events and on wrong outcomes (the table's `RapidOutcomeCorrected` restates the totals).
   */
  readonly countedBefore?: { readonly stakedCents: number; readonly creditedCents: number };
  readonly counted?: { readonly stakedCents: number; readonly creditedCents: number };
  /**
   * A tournament account from which the compulsory minimum was deducted in the round for want of a wager (Rapid
   * 12.2.1(c)) gets it back when the adjustment shows the player was prevented from wagering (its ATS or the game system
   * malfunctioned, 11.14-11.16; the result was invalidated, 11.10, 13.3-13.4) or did wager (the records confirm one,
   * 11.14(b)): `amountCents` is part of `movementCents`. Absent: nothing returned.
   */
  readonly minimumReturned?: { readonly amountCents: number; readonly clause: string };
  readonly recalculatedAt: string;
  readonly clause: string;
}

export interface AtsAccountReleased {
  readonly type: 'AtsAccountReleased';
  readonly accountId: string;
  readonly roundId: string;
  readonly releasedAt: string;
  readonly clause: string;
}

/**
 * The player at the ATS asked to leave the game and be paid out (6.6.1, 6.7.1). Moves no balance: the Dealer tenders
 * the chips and closes the account (`AtsAccountCashedOut`).
 */
export interface AtsChipPayoutRequested {
  readonly type: 'AtsChipPayoutRequested';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  /** The balance when asked; the Dealer pays the balance at the payout. */
  readonly balanceCents: number;
  readonly requestedAt: string;
  readonly clause: string;
}

/** The whole balance paid out and the account closed (6.7.1 chips; 6.7.2 ticket). */
export interface AtsAccountCashedOut extends BalanceMovement {
  readonly type: 'AtsAccountCashedOut';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly method: 'chips' | 'ticket';
  readonly amountCents: number;
  readonly ticketId: string | null;
  /** False when the printer failed: a manual payment is due (6.7.2(b)). */
  readonly ticketPrinted: boolean | null;
  /** The round at the table when the account was paid out, by its number (8.1): the register's row names it. */
  readonly roundId?: string;
  readonly roundNumber?: number;
  readonly cashedOutAt: string;
  readonly clause: string;
}

/**
 * What a recalculation left owed to a player whose account was paid out and closed before it (11.11 with 6.7), paid:
 * in chips by the Dealer (6.7.1) or by a manual payment recorded by a Game Supervisor (or above).
 */
export interface AtsOwedAmountPaid extends BalanceMovement {
  readonly type: 'AtsOwedAmountPaid';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly method: 'chips' | 'manual-payment';
  readonly amountCents: number;
  /** The rounds whose recalculation left the amount owed, each with its number at the table (8.1); absent on events before they were carried. */
  readonly rounds?: readonly RapidRoundRef[];
  /** Why and how, for a manual payment; null for chips. */
  readonly reason: string | null;
  readonly paidAt: string;
  readonly clause: string;
}

/** A manual payment after a printer fault (6.7.2(b)). Moves no balance: the cash-out already did. */
export interface AtsManualPaymentRecorded {
  readonly type: 'AtsManualPaymentRecorded';
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly amountCents: number;
  /** The round of the cash-out whose ticket failed to print (8.1), as that cash-out named it. */
  readonly roundId?: string;
  readonly roundNumber?: number;
  readonly paidAt: string;
  readonly reason: string;
  readonly clause: string;
}

/** A round of a table: its id and its number at the table ("Round 412", 8.1), when known. */
export interface RapidRoundRef {
  readonly roundId: string;
  readonly roundNumber?: number;
}

export type RapidFloorEvent = RapidTableRegistered;

export type RapidTableEvent =
  | RapidTableOpened
  | RapidStationAccountAssigned
  | RapidStationAccountReleased
  | RapidRoundStarted
  | RapidWageringClosed
  | RapidOutcomeEntered
  | RapidRoundSettled
  | RapidAccountsFrozen
  | RapidOutcomeCorrected
  | RapidOutcomeConfirmed
  | RapidMalfunctionRecorded
  | RapidOutcomeInvalidated
  | RapidClaimRecorded
  | RapidClaimResolved
  | RapidTournamentSessionStarted
  | RapidTournamentSessionRefused
  | RapidTournamentSessionEnded;

export type AtsAccountEvent =
  | AtsAccountOpened
  | AtsAccountCredited
  | AtsWagersShown
  | AtsWagersSettled
  | AtsWagersReturned
  | AtsAccountFrozen
  | AtsSettlementRecalculated
  | AtsAccountReleased
  | AtsChipPayoutRequested
  | AtsAccountCashedOut
  | AtsManualPaymentRecorded
  | AtsOwedAmountPaid
  | AtsTournamentAccountOpened
  | AtsTournamentBalanceDisposed
  | AtsTournamentCorrectionReferred
  | AtsTournamentMinimumDeducted;

export type RapidIntegrationEvent = RapidFloorEvent | RapidTableEvent | AtsAccountEvent;
export type RapidIntegrationEventType = RapidIntegrationEvent['type'];

/** Every Rapid event is published as it is stored (the domain events are the contract). */
export const RAPID_INTEGRATION_EVENT_TYPES: readonly RapidIntegrationEventType[] = [
  'RapidTableRegistered',
  'RapidTableOpened',
  'RapidStationAccountAssigned',
  'RapidStationAccountReleased',
  'RapidRoundStarted',
  'RapidWageringClosed',
  'RapidOutcomeEntered',
  'RapidRoundSettled',
  'RapidAccountsFrozen',
  'RapidOutcomeCorrected',
  'RapidOutcomeConfirmed',
  'RapidMalfunctionRecorded',
  'RapidOutcomeInvalidated',
  'RapidClaimRecorded',
  'RapidClaimResolved',
  'RapidTournamentSessionStarted',
  'RapidTournamentSessionRefused',
  'RapidTournamentSessionEnded',
  'AtsAccountOpened',
  'AtsAccountCredited',
  'AtsWagersShown',
  'AtsWagersSettled',
  'AtsWagersReturned',
  'AtsAccountFrozen',
  'AtsSettlementRecalculated',
  'AtsAccountReleased',
  'AtsChipPayoutRequested',
  'AtsAccountCashedOut',
  'AtsManualPaymentRecorded',
  'AtsOwedAmountPaid',
  'AtsTournamentAccountOpened',
  'AtsTournamentBalanceDisposed',
  'AtsTournamentCorrectionReferred',
  'AtsTournamentMinimumDeducted',
];

export const rapidFloorStreamId = (floorId: string): string => `rapid-floor-${floorId}`;
export const rapidTableStreamId = (tableId: string): string => `rapid-table-${tableId}`;
export const atsAccountStreamId = (accountId: string): string => `rapid-account-${accountId}`;
