/**
 * The table aggregate's domain events (stream `table-<tableId>`), its state and `evolve`. Domain events stay
 * inside the tables service; integration/to-integration-event.ts maps them to libs/contracts events.
 * Pure: no clock, no randomness, no I/O. `evolve` never throws.
 */
import { nextDragonTailIndicator, rulebookById } from '@app/baccarat';
import type { HandSide, IrregularityKind, TableLimits, WagerIndividualLimit, WagerSettlement as ContractSettlement, CoupResult } from '@app/contracts';

export type Actor = { readonly id: string; readonly role: string };

export interface OfferedBetConfig {
  readonly bet: string;
  readonly option: string;
}

/** A wager as the table holds it. Multi-coup wagers (Runs, Dragon Tail) carry their own fields. */
export interface TableWager {
  readonly wagerId: string;
  readonly coupId: string;
  readonly box: number;
  readonly sessionId: string | null;
  readonly patronId: string | null;
  readonly bet: string;
  readonly option: string;
  readonly side?: HandSide;
  readonly amountCents: number;
  /**
   * Placed with casino promotional tokens, not chips (Star 5.2, 1.1), or with tournament chips at a table in
   * tournament mode (Crown Melbourne 14.4.4(a), Star 15.1.1); absent: cash chips.
   */
  readonly medium?: 'promotional-token' | 'tournament-chips';
  /** Insurance/No 6: the Player or Banker wager it may not exceed (Crown Melbourne 1.1). */
  readonly originalWagerCents?: number;
  /** Runs: coups in the run (Crown Melbourne Table 5). */
  readonly length?: number;
  readonly sequence?: readonly HandSide[];
  /** Late Dragon Tail: the indicator when placed (Crown Melbourne Table 7). */
  readonly indicatorAtPlacement?: number;
  /** Placed in a mid-coup window (Insurance/No 6 or Shield) after the first four cards. */
  readonly midCoup?: boolean;
  /** Crown Melbourne 6.5: placed under a prior arrangement to wager over the table differential (not reduced; extra commission). */
  readonly overDifferentialArrangement?: boolean;
  /** Reduced by the dealer before the first card to the table differential (Crown Melbourne 6.4, Star 6.2); the rest is returned. */
  readonly reducedToCents?: number;
  /**
   * Under the minimum (Crown Melbourne 6.3.1): 'warned', settled and its owner advised that further such wagers
   * are returned; 'returned', a further one, returned regardless of the result.
   */
  readonly belowMinimum?: { readonly effect: 'warned' | 'returned'; readonly clause: string };
  /** Crown Melbourne 6.6, Star 6.8: the player's individual limits in force when it was accepted (settlement uses them). */
  readonly individualLimit?: WagerIndividualLimit;
}

/** One step in the history Runs and Dragon Tail follow; `coupId` lets a coup voided after it completed leave it. */
export type CoupRecordEntry = { readonly kind: 'coup'; readonly result: CoupResult; readonly coupId?: string } | { readonly kind: 'dummy'; readonly coupId?: string } | { readonly kind: 'shoe-end' };

export interface DealtCard {
  readonly card: string;
  readonly hand: HandSide;
}

// ---- events -------------------------------------------------------------------------------------------------

export interface TableOpened {
  readonly type: 'TableOpened';
  readonly tableId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  readonly decks: number;
  readonly limits: TableLimits;
  readonly minimumChipCents: number;
  readonly dealingMethod: string;
  readonly jackpotIds: readonly string[];
  readonly boxes: number;
  /** Opened in tournament mode for this tournament (Crown Melbourne 14.2.4-14.2.5); absent otherwise. */
  readonly tournamentId?: string | null;
  readonly openedAt: string;
  readonly openedBy: Actor;
}

export interface TableClosingAnnounced {
  readonly type: 'TableClosingAnnounced';
  readonly tableId: string;
  readonly noticeGivenAt: string;
  /** Crown Melbourne 15.8: coups still to be dealt before closing. */
  readonly coupsRemaining: number | null;
  /** Star 14.9, Rapid 13.7: the time on the sign. */
  readonly closesAt: string | null;
  readonly clause: string;
  readonly by: Actor;
}

export interface TableClosed {
  readonly type: 'TableClosed';
  readonly tableId: string;
  readonly noticeGivenAt: string | null;
  readonly closedAt: string;
  readonly reason: string;
  readonly clause: string;
  readonly by: Actor;
}

export interface LimitChangeAnnounced {
  readonly type: 'LimitChangeAnnounced';
  readonly tableId: string;
  readonly next: TableLimits;
  readonly noticeGivenAt: string;
  readonly effectiveAt: string;
  readonly clause: string;
  readonly by: Actor;
}

export interface TableLimitsChanged {
  readonly type: 'TableLimitsChanged';
  readonly tableId: string;
  readonly previous: TableLimits;
  readonly next: TableLimits;
  readonly noticeGivenAt: string;
  readonly effectiveAt: string;
  readonly clause: string;
  readonly by: Actor;
  readonly reason: string | null;
}

/** Star 6.7.1-6.7.4: a seated player keeps the old minimum, shown by a marker. */
export interface GrandfatheredMinimumGranted {
  readonly type: 'GrandfatheredMinimumGranted';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly perBetMinimumCents: Readonly<Record<string, number>>;
  readonly marker: boolean;
  readonly clause: string;
}

/** Crown Melbourne 6.6, Star 6.8: one player's own limits, shown by a distinctive marker or a sign. */
export interface IndividualLimitSet {
  readonly type: 'IndividualLimitSet';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly maximumCents: number;
  /** Crown Melbourne 6.6: an individual minimum, when one was agreed (absent on older events). */
  readonly minimumCents?: number;
  readonly indicatedBy: string;
  readonly clause: string;
  readonly by: Actor;
  readonly reason: string | null;
}

/** Crown Melbourne 6.5: a seated player's prior arrangement to wager over the table differential, up to an agreed maximum. */
export interface OverDifferentialArranged {
  readonly type: 'OverDifferentialArranged';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly maximumCents: number;
  readonly clause: string;
  readonly arrangedAt: string;
  readonly by: Actor;
}

/** Star 2024 5.9: the players permitted at the table, or per dedicated box, limited by a casino supervisor. */
export interface PlayerLimitsSet {
  readonly type: 'PlayerLimitsSet';
  readonly tableId: string;
  readonly perBox: number | null;
  readonly atTable: number | null;
  readonly clause: string;
  readonly setAt: string;
  readonly by: Actor;
}

export interface GameChangeAnnounced {
  readonly type: 'GameChangeAnnounced';
  readonly tableId: string;
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  readonly noticeGivenAt: string;
  readonly effectiveAt: string;
  readonly clause: string;
  readonly by: Actor;
}

export interface GameChanged {
  readonly type: 'GameChanged';
  readonly tableId: string;
  readonly previousVariant: string;
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  readonly changedAt: string;
  readonly clause: string;
  readonly by: Actor;
}

export interface PlayerSeated {
  readonly type: 'PlayerSeated';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly patronId: string | null;
  readonly seatedAt: string;
}

/** Crown Melbourne 9.3.1: commission deferred for a seated player with Crown Management's prior approval. */
export interface CommissionDeferralApproved {
  readonly type: 'CommissionDeferralApproved';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly approvedBy: Actor;
  readonly clause: string;
}

/** A tournament session seated these boxes at the table in tournament mode (Crown Melbourne 14.2.5; Star 15.5.2). Internal. */
export interface TournamentSessionSeated {
  readonly type: 'TournamentSessionSeated';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  /** Each box, its entry and the entry's player (patronId absent on earlier events: then the box alone is checked). */
  readonly seats: readonly { readonly box: number; readonly entryId: string; readonly patronId?: string }[];
  /** The tournament terms' minimum and maximum wager each coup, in tournament chips (Crown Melbourne 14.4.4(b); Star 15.6.14); absent on earlier events. */
  readonly wagerLimits?: TournamentWagerLimits;
  /** The session keeps an order of wagering (Star 15.9.2-15.9.5): no more bets waits for the tournament's ruling on each wager's turn. Absent: none. */
  readonly orderOfWagering?: { readonly clause: string; readonly outOfSequenceClause: string };
  readonly seatedAt: string;
  readonly clause: string;
}

/** A tournament's minimum and maximum wager each coup, in tournament chips (counted as the table counts cents). */
export interface TournamentWagerLimits {
  readonly minimum: number;
  readonly maximum: number;
}

/**
 * The tournament ruled these tournament wagers placed in their turn (Star 15.9.3): they stand. Until every tournament
 * wager of the coup has its ruling (this, or its return as out of sequence, 15.9.4), no more bets is not called. Internal.
 */
export interface TournamentWagersInTurn {
  readonly type: 'TournamentWagersInTurn';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly coupId: string;
  readonly wagerIds: readonly string[];
  readonly ruledAt: string;
  readonly clause: string;
}

/** The tournament amended its terms' minimum and maximum wager during the session at this table. Internal. */
export interface TournamentSessionLimitsChanged {
  readonly type: 'TournamentSessionLimitsChanged';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly wagerLimits: TournamentWagerLimits;
  readonly changedAt: string;
  readonly clause: string;
}

/**
 * A substitute the Tournament Director approved takes an entry's position in the session at this table (Rapid 12.3.3;
 * Crown Melbourne 14.4.8(a)(iii)): from now the box seats and takes wagers from the substitute only. Internal.
 */
export interface TournamentSeatSubstituted {
  readonly type: 'TournamentSeatSubstituted';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly box: number;
  readonly entryId: string;
  readonly previousPatronId: string | null;
  readonly patronId: string;
  readonly substitutedAt: string;
  readonly clause: string;
}

/** The tournament session at the table ended: its boxes wager no more. Internal. */
export interface TournamentSessionCleared {
  readonly type: 'TournamentSessionCleared';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly clearedAt: string;
  readonly clause: string;
}

/** The tournament was cancelled (Star 15.3.4): this table takes none of its chips again (Star 15.5.2; Rapid 12.3.2). Internal. */
export interface TournamentCancelledAtTable {
  readonly type: 'TournamentCancelledAtTable';
  readonly tableId: string;
  readonly tournamentId: string;
  /** The session playing here when it was cancelled; null: none. */
  readonly sessionId: string | null;
  readonly reason: string;
  readonly cancelledAt: string;
  readonly clause: string;
}

/** Entries left play (disqualified, eliminated or retired): their boxes wager no more in the session (Star 15.5.2; 15.6.4). Internal. */
export interface TournamentBoxesOutOfPlay {
  readonly type: 'TournamentBoxesOutOfPlay';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly boxes: readonly { readonly box: number; readonly entryId: string }[];
  readonly why: 'disqualified' | 'eliminated' | 'retired';
  readonly outAt: string;
  readonly clause: string;
}

/** An eliminated entry bought back into the session: its box wagers again (Star 15.4.2(g); Crown Melbourne 14.4.3(a)(iv)). Internal. */
export interface TournamentBoxBackInPlay {
  readonly type: 'TournamentBoxBackInPlay';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly box: number;
  readonly entryId: string;
  readonly backAt: string;
  readonly clause: string;
}

/** A box played a marker on a coup (Crown Melbourne 14.4.4(e)-(f)): an All-In box wagers nothing else that coup. Internal. */
export interface TournamentMarkerNoted {
  readonly type: 'TournamentMarkerNoted';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly coupId: string;
  readonly box: number;
  readonly entryId: string;
  readonly marker: 'all-in' | 'stand-off';
  readonly notedAt: string;
  readonly clause: string;
}

export interface PlayerLeft {
  readonly type: 'PlayerLeft';
  readonly tableId: string;
  readonly box: number;
  readonly sessionId: string;
  readonly leftAt: string;
  /** Why the seat was released when the player did not leave it themselves (a tournament player disqualified, Star 15.5.7), and the clause; absent: the player left. */
  readonly reason?: string;
  readonly clause?: string;
}

export interface ShoeStarted {
  readonly type: 'ShoeStarted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly decks: number;
  /** New cards, or the used cards replaced / reshuffled. */
  readonly cards: 'new' | 'reshuffled' | 'replacement';
  readonly commitmentHash: string;
  readonly commissionOverride: { readonly outstandingCents: number; readonly approvedBy: string; readonly reason: string } | null;
  readonly startedAt: string;
}

export interface ShoeCut {
  readonly type: 'ShoeCut';
  readonly tableId: string;
  readonly shoeId: string;
  readonly cutBy: string;
  readonly cutterKind: 'player' | 'designated' | 'supervisor';
  readonly cutCardFromBack: number;
  readonly clause: string;
}

export interface CardsBurned {
  readonly type: 'CardsBurned';
  readonly tableId: string;
  readonly shoeId: string;
  readonly method: string;
  readonly exposedCard: string | null;
  readonly count: number;
  readonly clause: string;
}

export interface CoupStarted {
  readonly type: 'CoupStarted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  readonly dummy: boolean;
  readonly dummyClause: string | null;
  /** A card carried over from an irregularity that becomes this coup's first card (Crown 10.2, 10.6; Star 12.2-12.3). */
  readonly carriedCard: string | null;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly startedAt: string;
  readonly by: Actor;
}

export interface WagersAccepted {
  readonly type: 'WagersAccepted';
  readonly tableId: string;
  readonly coupId: string;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly wagers: readonly TableWager[];
}

/** The dealer's pro rata reduction to the table differential, before the first card (Crown Melbourne 6.4, Star 6.2). */
export interface WagersReducedToDifferential {
  readonly type: 'WagersReducedToDifferential';
  readonly tableId: string;
  readonly coupId: string;
  readonly reductions: readonly { readonly wagerId: string; readonly box: number; readonly fromCents: number; readonly toCents: number }[];
  readonly differentialCents: number;
  readonly clause: string;
  readonly reducedAt: string;
  readonly by: Actor;
}

/** A player reduced a wager where the rulebook gives the option (Crown Melbourne 10.7(b), 10.9.1(b); Star 12.12); the rest is returned. */
export interface WagerReduced {
  readonly type: 'WagerReduced';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly box: number;
  readonly fromCents: number;
  readonly toCents: number;
  readonly clause: string;
  readonly reducedAt: string;
  readonly by: Actor;
}

/** A newly effective version of the table's rulebook takes over at the start of a shoe (the version in force decides). */
export interface TableRulebookChanged {
  readonly type: 'TableRulebookChanged';
  readonly tableId: string;
  /** The shoe the new version starts with. */
  readonly shoeId: string;
  readonly previousRulebookId: string;
  readonly rulebookId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  /** The date the new version took effect. */
  readonly effectiveFrom: string;
  readonly changedAt: string;
}

/** Crown Melbourne 5.8.7: a player entitled to a betting area's Player or Banker Side Wager (5.8.3-5.8.6) declines it. */
export interface SideWagerDeclined {
  readonly type: 'SideWagerDeclined';
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly hand: HandSide;
  readonly sessionId: string;
  readonly clause: string;
  readonly declinedAt: string;
  readonly by: Actor;
}

export interface BettingClosed {
  readonly type: 'BettingClosed';
  readonly tableId: string;
  readonly coupId: string;
  readonly closedAt: string;
}

export interface CardDealt {
  readonly type: 'CardDealt';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly position: number;
  readonly hand: HandSide;
  readonly card: string;
  readonly clause: string;
}

export interface CutCardAppeared {
  readonly type: 'CutCardAppeared';
  readonly tableId: string;
  readonly shoeId: string;
  /** The coup that will be the last of the shoe. */
  readonly lastCoupNumber: number;
  readonly clause: string;
}

/** Three Card Baccarat (Crown Melbourne 12): the Dealer's hand and each betting area's, ranked by Table 18. */
export interface ThreeCardRound {
  readonly dealer: { readonly cards: readonly string[]; readonly total: number; readonly ranking: number };
  readonly hands: readonly {
    readonly box: number;
    readonly cards: readonly string[];
    readonly total: number;
    /** Crown Melbourne Table 18: 1 = Three Pictures ... 11 = zero; lower is better. */
    readonly ranking: number;
    readonly pictures: number;
    /** 'player': the area outranks the Dealer; 'dealer': the Dealer outranks it; 'tie': equal ranking. */
    readonly result: 'player' | 'dealer' | 'tie';
  }[];
  /** Crown Melbourne 12.8.6: cards dealt to areas without a wager, noticed after a player looked, and burnt. */
  readonly burnt?: readonly { readonly box: number; readonly cards: readonly string[] }[];
}

export interface CoupCompleted {
  readonly type: 'CoupCompleted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  readonly dummy: boolean;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly result: CoupResult;
  readonly naturals: { readonly player: boolean; readonly banker: boolean };
  readonly pairs: { readonly player: boolean; readonly banker: boolean };
  readonly jackpotIds: readonly string[];
  readonly tieWagers: readonly { readonly wagerId: string; readonly box: number; readonly patronId: string | null; readonly amountCents: number; readonly medium?: TableWager['medium'] }[];
  /**
   * Three Card Baccarat tables only: every hand of the round (bankerCards/bankerTotal are the Dealer's). Such a
   * CoupCompleted is published as ThreeCardRoundCompleted, and its `result` stays inside the service.
   */
  readonly threeCard?: ThreeCardRound;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly completedAt: string;
}

export interface WagersSettled {
  readonly type: 'WagersSettled';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly settlements: readonly ContractSettlement[];
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly settledAt: string;
}

export interface CommissionSettled {
  readonly type: 'CommissionSettled';
  readonly tableId: string;
  readonly shoeId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly amountCents: number;
  readonly method: 'collected' | 'waived';
  readonly trigger: 'end-of-shoe' | 'player-request' | 'player-leaving' | 'management-discretion';
  readonly clause: string;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly settledAt: string;
  readonly by: Actor;
}

export interface ShoeEnded {
  readonly type: 'ShoeEnded';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupsPlayed: number;
  readonly reason: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence' | 'voided' | 'table-closed';
  readonly endedAt: string;
}

export interface ShoeVoided {
  readonly type: 'ShoeVoided';
  readonly tableId: string;
  readonly shoeId: string;
  readonly reason: string;
  readonly clause: string;
  readonly voidedAt: string;
  readonly by: Actor;
}

export interface CoupVoided {
  readonly type: 'CoupVoided';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly reason: string;
  readonly clause: string;
  readonly returnedWagerIds: readonly string[];
  /** Voiding a settled coup reverses its deferred commission per box. */
  readonly deferredCommissionReversed: Readonly<Record<string, number>>;
  /** The settlements a void of a settled coup undoes (Crown Melbourne 15.5: every wager refunded); absent on events recorded before it was kept. */
  readonly reversedSettlements?: readonly ContractSettlement[];
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly voidedAt: string;
  readonly by: Actor;
}

/** A coup becomes a Dummy / No Bet Coup after it started (Crown 10.5.1, 10.8.4; Star 12.3): its wagers are void. */
export interface CoupBecameDummy {
  readonly type: 'CoupBecameDummy';
  readonly tableId: string;
  readonly coupId: string;
  readonly returnedWagerIds: readonly string[];
  readonly reason: string;
  readonly clause: string;
}

export interface WagerVoided {
  readonly type: 'WagerVoided';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly reason: string;
  readonly clause: string;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly voidedAt: string;
  readonly by: Actor;
}

/** A player takes back their wager where the rules give them the option (Crown Melbourne 12.8.3(b), 12.8.6); it is returned. */
export interface WagerRetracted {
  readonly type: 'WagerRetracted';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly box: number;
  /** Whose wager it was: the player who retracted it. */
  readonly sessionId: string | null;
  readonly patronId: string | null;
  readonly amountCents: number;
  readonly clause: string;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly retractedAt: string;
  /** Who recorded it (the TG Higher Duties Dealer or above). */
  readonly by: Actor;
}

export interface IrregularityRecorded {
  readonly type: 'IrregularityRecorded';
  readonly tableId: string;
  readonly shoeId: string | null;
  readonly coupId: string | null;
  readonly kind: IrregularityKind;
  readonly card: string | null;
  readonly resolution: string;
  readonly clause: string;
  readonly notifiable: boolean;
  /** The card becomes the first card of the next coup, which is a Dummy / No Bet Coup when `forcesDummy`. */
  readonly carry: { readonly card: string; readonly forcesDummy: boolean } | null;
  readonly recordedAt: string;
  readonly by: Actor;
}

export interface PaymentCorrected {
  readonly type: 'PaymentCorrected';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly kind: 'overpayment' | 'underpayment';
  readonly amountCents: number;
  readonly patronId: string | null;
  readonly reportable: boolean;
  /** How the error was found and rectified (required by the command); absent on events recorded before it was kept. */
  readonly reason?: string;
  readonly clause: string;
  /** The tournament a table in tournament mode serves, on its events of play (Crown Melbourne 14.2.5); absent otherwise. */
  readonly tournamentId?: string;
  readonly correctedAt: string;
  readonly by: Actor;
}

export type TableEvent =
  | TableOpened
  | TableClosingAnnounced
  | TableClosed
  | LimitChangeAnnounced
  | TableLimitsChanged
  | GrandfatheredMinimumGranted
  | IndividualLimitSet
  | PlayerLimitsSet
  | OverDifferentialArranged
  | GameChangeAnnounced
  | GameChanged
  | PlayerSeated
  | CommissionDeferralApproved
  | PlayerLeft
  | ShoeStarted
  | ShoeCut
  | CardsBurned
  | CoupStarted
  | WagersAccepted
  | WagersReducedToDifferential
  | WagerReduced
  | TableRulebookChanged
  | SideWagerDeclined
  | BettingClosed
  | CardDealt
  | CutCardAppeared
  | CoupCompleted
  | WagersSettled
  | CommissionSettled
  | ShoeEnded
  | ShoeVoided
  | CoupVoided
  | CoupBecameDummy
  | WagerVoided
  | WagerRetracted
  | IrregularityRecorded
  | PaymentCorrected
  | TournamentSessionSeated
  | TournamentSessionLimitsChanged
  | TournamentWagersInTurn
  | TournamentSeatSubstituted
  | TournamentSessionCleared
  | TournamentCancelledAtTable
  | TournamentBoxesOutOfPlay
  | TournamentBoxBackInPlay
  | TournamentMarkerNoted;

// ---- state --------------------------------------------------------------------------------------------------

export interface Seat {
  readonly sessionId: string;
  readonly patronId: string | null;
  readonly deferredCommission: boolean;
  /** Star 6.7.1: the minimums this seated player keeps. */
  readonly grandfatheredMinimums: Readonly<Record<string, number>> | null;
  /** Crown 6.6 / Star 6.8: an individual maximum. */
  readonly individualMaximumCents: number | null;
  /** Crown 6.6: an individual minimum (absent in older snapshots). */
  readonly individualMinimumCents?: number | null;
  /** Crown 6.5: the agreed maximum of a prior arrangement to wager over the table differential. */
  readonly overDifferentialMaximumCents?: number | null;
}

export interface CoupState {
  readonly coupId: string;
  readonly coupNumber: number;
  readonly dummy: boolean;
  readonly phase: 'betting' | 'dealing' | 'complete' | 'void';
  readonly wagers: readonly TableWager[];
  readonly cards: readonly DealtCard[];
  readonly result: CoupResult | null;
  /** Settlements of the coup once settled (for corrections and voids). */
  readonly settled: readonly ContractSettlement[];
  /** Crown Melbourne 5.8.7: Side Wagers declined by the players entitled to them (absent in older snapshots). */
  readonly sideWagerDeclines?: readonly SideWagerDecline[];
  /** The Dragon Tail streak before this coup completed, to restore if the coup is declared void (Crown Melbourne 15.5). */
  readonly dragonTailBefore?: TableState['dragonTail'];
  /** Over- and underpayments rectified on this coup's wagers, one per wager (Star 2024 12.18-12.20). */
  readonly corrections?: readonly PaymentCorrection[];
  /** The hands an Early Dragon Tail wager was placed on for this coup: a matching result establishes a run (Crown Melbourne 1.1). */
  readonly dragonTailEstablishedBy?: readonly HandSide[];
  /** Tournament wagers awaiting the tournament's ruling on their turn in the order of wagering (Star 15.9.3-15.9.4); absent: none. */
  readonly awaitingTurnRuling?: readonly string[];
}

export interface PaymentCorrection {
  readonly wagerId: string;
  readonly kind: 'overpayment' | 'underpayment';
  readonly amountCents: number;
  readonly correctedAt: string;
}

export interface SideWagerDecline {
  readonly box: number;
  readonly bet: string;
  readonly hand: HandSide;
  readonly sessionId: string;
}

export interface ShoeState {
  readonly shoeId: string;
  readonly decks: number;
  readonly commitmentHash: string;
  readonly phase: 'shuffled' | 'cut' | 'ready';
  readonly coupsPlayed: number;
  readonly lastCoupNumber: number | null;
  readonly coupNumber: number;
}

export interface PendingMultiCoup {
  readonly wager: TableWager;
  readonly history: readonly CoupRecordEntry[];
}

export interface TableState {
  readonly status: 'none' | 'open' | 'closed';
  readonly tableId: string;
  readonly rulebookId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  readonly variant: string;
  readonly offeredBets: readonly OfferedBetConfig[];
  readonly decks: number;
  readonly limits: TableLimits;
  readonly minimumChipCents: number;
  readonly dealingMethod: string;
  readonly jackpotIds: readonly string[];
  readonly boxes: number;
  /** The tournament this table is designated to and open for (Crown Melbourne 14.2.5); absent for other play. */
  readonly tournamentId?: string | null;
  readonly closing: { readonly noticeGivenAt: string; readonly coupsRemaining: number | null; readonly closesAt: string | null } | null;
  readonly pendingLimits: { readonly next: TableLimits; readonly noticeGivenAt: string; readonly effectiveAt: string } | null;
  readonly pendingGame: { readonly variant: string; readonly offeredBets: readonly OfferedBetConfig[]; readonly effectiveAt: string } | null;
  readonly seats: Readonly<Record<string, Seat>>;
  readonly shoe: ShoeState | null;
  readonly lastShoeId: string | null;
  readonly coup: CoupState | null;
  /** Deferred commission owed per box (Crown Melbourne 9.3.1(b): the marker button). */
  readonly commissionOwed: Readonly<Record<string, { readonly cents: number; readonly patronId: string | null; readonly shoeId: string }>>;
  readonly pendingMultiCoup: readonly PendingMultiCoup[];
  /** Consecutive results in the current shoe for Dragon Tail (Crown Melbourne Table 7). */
  readonly dragonTail: { readonly side: HandSide | null; readonly count: number };
  /** A card drawn in excess or contrary to the Table of Play that becomes the next coup's first card. */
  readonly carriedCard: { readonly card: string; readonly forcesDummy: boolean; readonly clause: string } | null;
  /** Recently completed coups of this shoe, by id, for voids and corrections (bounded). */
  readonly recentCoups: readonly CoupState[];
  /** Players (session, else `box-<n>`) advised that further wagers under the minimum are returned (Crown Melbourne 6.3.1). */
  readonly belowMinimumWarned?: readonly string[];
  /** Star 2024 5.9: players permitted per dedicated box and at the table (absent: no limit). */
  readonly playerLimits?: { readonly perBox: number | null; readonly atTable: number | null };
  /**
   * At a table in tournament mode, the tournament session playing here and the boxes it seated (Crown Melbourne
   * 14.2.5; Star 15.5.2), from the tournaments service's published events; null between sessions. Absent in states
   * folded before the tables service heard of sessions.
   */
  readonly tournamentSession?: {
    readonly sessionId: string;
    readonly boxes: readonly number[];
    /** Each box's entry and the entry's player (Crown Melbourne 14.2.5; Star 15.5.2); absent in states before it was kept. */
    readonly seats?: readonly { readonly box: number; readonly entryId: string; readonly patronId?: string }[];
    readonly wagerLimits?: TournamentWagerLimits;
    /** The order of wagering the session keeps (Star 15.9.2-15.9.5); absent: none. */
    readonly orderOfWagering?: { readonly clause: string; readonly outOfSequenceClause: string };
    /** Boxes whose entry left play this session (Star 15.5.2; 15.6.4): they wager no more in it. */
    readonly out?: readonly { readonly box: number; readonly entryId: string; readonly why: 'disqualified' | 'eliminated' | 'retired'; readonly clause: string }[];
    /** Markers played on the latest coup they were played on (Crown Melbourne 14.4.4(e)-(f)). */
    readonly markers?: readonly { readonly coupId: string; readonly box: number; readonly marker: 'all-in' | 'stand-off'; readonly clause: string }[];
  } | null;
  /** The tournament was cancelled (Star 15.3.4): no tournament-chip wager is taken here again. Absent: not cancelled. */
  readonly tournamentCancelled?: { readonly reason: string; readonly cancelledAt: string; readonly clause: string } | null;
}

export const initialTableState = (): TableState => ({
  status: 'none',
  tableId: '',
  rulebookId: '',
  jurisdiction: 'VIC',
  variant: '',
  offeredBets: [],
  decks: 0,
  limits: { perBet: {} },
  minimumChipCents: 0,
  dealingMethod: '',
  jackpotIds: [],
  boxes: 0,
  closing: null,
  pendingLimits: null,
  pendingGame: null,
  seats: {},
  shoe: null,
  lastShoeId: null,
  coup: null,
  commissionOwed: {},
  pendingMultiCoup: [],
  dragonTail: { side: null, count: 0 },
  carriedCard: null,
  recentCoups: [],
});

const RECENT_COUPS = 5;
const MULTI_COUP_BETS = new Set(['runs-player', 'runs-banker', 'runs-player-banker', 'runs-tie', 'dragon-tail-early', 'dragon-tail-late']);
export const isMultiCoupBet = (bet: string): boolean => MULTI_COUP_BETS.has(bet);

const withSeat = (s: TableState, box: number, f: (seat: Seat) => Seat): TableState => {
  const seat = s.seats[String(box)];
  return seat ? { ...s, seats: { ...s.seats, [String(box)]: f(seat) } } : s;
};

/** A coup's tournament wagers still awaiting a ruling on their turn, less those ruled (or gone from the layout). */
const withoutAwaiting = (c: CoupState, wagerIds: readonly string[]): CoupState =>
  c.awaitingTurnRuling?.some((id) => wagerIds.includes(id)) ? { ...c, awaitingTurnRuling: c.awaitingTurnRuling.filter((id) => !wagerIds.includes(id)) } : c;

const updateCoup = (s: TableState, coupId: string, f: (c: CoupState) => CoupState): TableState => {
  if (s.coup?.coupId === coupId) return { ...s, coup: f(s.coup) };
  return { ...s, recentCoups: s.recentCoups.map((c) => (c.coupId === coupId ? f(c) : c)) };
};

/** The Dragon Tail Indicator after a coup, by the table's rulebook (Crown Melbourne 1.1 'Dragon Tail', Table 7). */
const extendDragonTail = (s: TableState, dt: TableState['dragonTail'], result: CoupResult, establishedBy: readonly HandSide[]): TableState['dragonTail'] =>
  nextDragonTailIndicator(dt, result, establishedBy, rulebookById(s.rulebookId).policies.dragonTail?.maximumRun ?? 0);

/** The hands Early Dragon Tail wagers placed on this coup are on. */
const earlyDragonTailSides = (s: TableState, coupId: string): HandSide[] =>
  s.pendingMultiCoup.filter((p) => p.wager.coupId === coupId && p.wager.bet === 'dragon-tail-early' && p.wager.side).map((p) => p.wager.side!);

/** A player as the minimum rule tracks them: their session, else the box (Crown Melbourne 6.3.1). */
export const belowMinimumKey = (w: Pick<TableWager, 'sessionId' | 'box'>): string => w.sessionId ?? `box-${w.box}`;

/**
 * A coup declared void after it completed has no result (Crown Melbourne 15.5; Star 14.4-14.5, "invalid with no
 * result"): Runs and Dragon Tail still pending no longer count it, and the shoe's Dragon Tail streak is recomputed
 * from the streak before it over the coups completed since. `before` is the state before the void.
 */
const withoutVoidedResult = (s: TableState, before: TableState, coupId: string): TableState => {
  const newestFirst = before.coup ? [before.coup, ...before.recentCoups] : before.recentCoups;
  const at = newestFirst.findIndex((c) => c.coupId === coupId);
  const voided = newestFirst[at];
  if (!voided || voided.phase !== 'complete') return s;
  const pendingMultiCoup = s.pendingMultiCoup.map((p) => ({ ...p, history: p.history.filter((h) => h.kind === 'shoe-end' || h.coupId !== coupId) }));
  if (!s.shoe || !voided.dragonTailBefore) return { ...s, pendingMultiCoup };
  let dragonTail = voided.dragonTailBefore;
  for (const c of newestFirst.slice(0, at).reverse()) {
    if (c.phase === 'complete' && !c.dummy && c.result && c.dragonTailBefore) dragonTail = extendDragonTail(s, dragonTail, c.result, c.dragonTailEstablishedBy ?? []);
  }
  return { ...s, pendingMultiCoup, dragonTail };
};

const withoutGrandfatheredMinimums = (seats: TableState['seats']): TableState['seats'] =>
  Object.fromEntries(Object.entries(seats).map(([box, seat]) => [box, seat.grandfatheredMinimums ? { ...seat, grandfatheredMinimums: null } : seat]));

const recordForMultiCoup = (s: TableState, entry: CoupRecordEntry): TableState => ({
  ...s,
  pendingMultiCoup: s.pendingMultiCoup.map((p) => ({ ...p, history: [...p.history, entry] })),
});

export const evolveTable = (s: TableState, e: TableEvent): TableState => {
  switch (e.type) {
    case 'TableOpened':
      return {
        ...initialTableState(),
        status: 'open',
        tableId: e.tableId,
        rulebookId: e.rulebookId,
        jurisdiction: e.jurisdiction,
        variant: e.variant,
        offeredBets: e.offeredBets,
        decks: e.decks,
        limits: e.limits,
        minimumChipCents: e.minimumChipCents,
        dealingMethod: e.dealingMethod,
        jackpotIds: e.jackpotIds,
        boxes: e.boxes,
        ...(e.tournamentId ? { tournamentId: e.tournamentId } : {}),
      };
    case 'TableClosingAnnounced':
      return { ...s, closing: { noticeGivenAt: e.noticeGivenAt, coupsRemaining: e.coupsRemaining, closesAt: e.closesAt } };
    case 'TableClosed':
      return { ...s, status: 'closed', shoe: null, coup: null, seats: {} };
    case 'TournamentSessionSeated':
      return {
        ...s,
        tournamentSession: { sessionId: e.sessionId, boxes: e.seats.map((x) => x.box), seats: e.seats, ...(e.wagerLimits ? { wagerLimits: e.wagerLimits } : {}), ...(e.orderOfWagering ? { orderOfWagering: e.orderOfWagering } : {}) },
      };
    case 'TournamentWagersInTurn':
      return updateCoup(s, e.coupId, (c) => withoutAwaiting(c, e.wagerIds));
    case 'TournamentSeatSubstituted':
      return s.tournamentSession?.sessionId === e.sessionId
        ? { ...s, tournamentSession: { ...s.tournamentSession, seats: (s.tournamentSession.seats ?? []).map((x) => (x.box === e.box && x.entryId === e.entryId ? { ...x, patronId: e.patronId } : x)) } }
        : s;
    case 'TournamentSessionLimitsChanged':
      return s.tournamentSession?.sessionId === e.sessionId ? { ...s, tournamentSession: { ...s.tournamentSession, wagerLimits: e.wagerLimits } } : s;
    case 'TournamentSessionCleared':
      return { ...s, tournamentSession: null };
    case 'TournamentCancelledAtTable':
      return { ...s, tournamentSession: null, tournamentCancelled: { reason: e.reason, cancelledAt: e.cancelledAt, clause: e.clause } };
    case 'TournamentBoxesOutOfPlay':
      return s.tournamentSession?.sessionId === e.sessionId
        ? { ...s, tournamentSession: { ...s.tournamentSession, out: [...(s.tournamentSession.out ?? []), ...e.boxes.map((b) => ({ ...b, why: e.why, clause: e.clause }))] } }
        : s;
    case 'TournamentBoxBackInPlay':
      return s.tournamentSession?.sessionId === e.sessionId ? { ...s, tournamentSession: { ...s.tournamentSession, out: (s.tournamentSession.out ?? []).filter((x) => x.box !== e.box) } } : s;
    case 'TournamentMarkerNoted':
      // Only the latest coup's markers matter: a marker plays on its coup alone.
      return s.tournamentSession?.sessionId === e.sessionId
        ? { ...s, tournamentSession: { ...s.tournamentSession, markers: [...(s.tournamentSession.markers ?? []).filter((m) => m.coupId === e.coupId), { coupId: e.coupId, box: e.box, marker: e.marker, clause: e.clause }] } }
        : s;
    case 'LimitChangeAnnounced':
      return { ...s, pendingLimits: { next: e.next, noticeGivenAt: e.noticeGivenAt, effectiveAt: e.effectiveAt } };
    case 'TableLimitsChanged':
      // Star 6.7.2: limits changed after a sign's notice bind every player, ending any pre-existing minimum kept under 6.7.1.
      return { ...s, limits: e.next, pendingLimits: null, seats: e.noticeGivenAt < e.effectiveAt ? withoutGrandfatheredMinimums(s.seats) : s.seats };
    case 'GrandfatheredMinimumGranted':
      return withSeat(s, e.box, (seat) => ({ ...seat, grandfatheredMinimums: e.perBetMinimumCents }));
    case 'IndividualLimitSet':
      return withSeat(s, e.box, (seat) => ({ ...seat, individualMaximumCents: e.maximumCents, ...(e.minimumCents !== undefined ? { individualMinimumCents: e.minimumCents } : {}) }));
    case 'OverDifferentialArranged':
      return withSeat(s, e.box, (seat) => ({ ...seat, overDifferentialMaximumCents: e.maximumCents }));
    case 'PlayerLimitsSet':
      return { ...s, playerLimits: { perBox: e.perBox, atTable: e.atTable } };
    case 'GameChangeAnnounced':
      return { ...s, pendingGame: { variant: e.variant, offeredBets: e.offeredBets, effectiveAt: e.effectiveAt } };
    case 'GameChanged':
      return { ...s, variant: e.variant, offeredBets: e.offeredBets, pendingGame: null };
    case 'PlayerSeated':
      return {
        ...s,
        seats: {
          ...s.seats,
          [String(e.box)]: { sessionId: e.sessionId, patronId: e.patronId, deferredCommission: false, grandfatheredMinimums: null, individualMaximumCents: null },
        },
      };
    case 'CommissionDeferralApproved':
      return withSeat(s, e.box, (seat) => ({ ...seat, deferredCommission: true }));
    case 'PlayerLeft': {
      const seats = { ...s.seats };
      delete seats[String(e.box)];
      const warned = s.belowMinimumWarned?.filter((k) => k !== e.sessionId);
      return { ...s, seats, ...(warned ? { belowMinimumWarned: warned } : {}) };
    }
    case 'ShoeStarted':
      return {
        ...s,
        shoe: { shoeId: e.shoeId, decks: e.decks, commitmentHash: e.commitmentHash, phase: 'shuffled', coupsPlayed: 0, lastCoupNumber: null, coupNumber: 0 },
        lastShoeId: e.shoeId,
        coup: null,
        recentCoups: [],
        dragonTail: { side: null, count: 0 },
        carriedCard: null,
      };
    case 'ShoeCut':
      return s.shoe ? { ...s, shoe: { ...s.shoe, phase: 'cut' } } : s;
    case 'CardsBurned':
      return s.shoe ? { ...s, shoe: { ...s.shoe, phase: 'ready' } } : s;
    case 'CoupStarted': {
      const recent = s.coup ? [s.coup, ...s.recentCoups].slice(0, RECENT_COUPS) : s.recentCoups;
      const shoe = s.shoe ? { ...s.shoe, coupNumber: e.coupNumber } : s.shoe;
      const closing = s.closing && s.closing.coupsRemaining !== null ? { ...s.closing, coupsRemaining: Math.max(0, s.closing.coupsRemaining - 1) } : s.closing;
      return {
        ...s,
        shoe,
        closing,
        recentCoups: recent,
        carriedCard: null,
        coup: {
          coupId: e.coupId,
          coupNumber: e.coupNumber,
          dummy: e.dummy,
          phase: 'betting',
          wagers: [],
          cards: e.carriedCard ? [{ card: e.carriedCard, hand: 'player' }] : [],
          result: null,
          settled: [],
        },
      };
    }
    case 'WagersAccepted': {
      const single = e.wagers.filter((w) => !isMultiCoupBet(w.bet));
      const multi = e.wagers.filter((w) => isMultiCoupBet(w.bet)).map((wager) => ({ wager, history: [] }));
      const warned = e.wagers.filter((w) => w.belowMinimum?.effect === 'warned').map(belowMinimumKey);
      // Under an order of wagering each tournament wager awaits the tournament's ruling on its turn (Star 15.9.3-15.9.4).
      const awaiting = s.tournamentSession?.orderOfWagering ? single.filter((w) => w.medium === 'tournament-chips').map((w) => w.wagerId) : [];
      return {
        ...updateCoup(s, e.coupId, (c) => ({ ...c, wagers: [...c.wagers, ...single], ...(awaiting.length > 0 ? { awaitingTurnRuling: [...(c.awaitingTurnRuling ?? []), ...awaiting] } : {}) })),
        pendingMultiCoup: [...s.pendingMultiCoup, ...multi],
        ...(warned.length > 0 ? { belowMinimumWarned: [...(s.belowMinimumWarned ?? []), ...warned] } : {}),
      };
    }
    case 'WagersReducedToDifferential': {
      const to = new Map(e.reductions.map((r) => [r.wagerId, r.toCents]));
      return updateCoup(s, e.coupId, (c) => ({ ...c, wagers: c.wagers.map((w) => (to.has(w.wagerId) ? { ...w, reducedToCents: to.get(w.wagerId)! } : w)) }));
    }
    case 'WagerReduced':
      return updateCoup(s, e.coupId, (c) => ({ ...c, wagers: c.wagers.map((w) => (w.wagerId === e.wagerId ? { ...w, reducedToCents: e.toCents } : w)) }));
    case 'TableRulebookChanged':
      return { ...s, rulebookId: e.rulebookId, jurisdiction: e.jurisdiction };
    case 'SideWagerDeclined':
      return updateCoup(s, e.coupId, (c) => ({ ...c, sideWagerDeclines: [...(c.sideWagerDeclines ?? []), { box: e.box, bet: e.bet, hand: e.hand, sessionId: e.sessionId }] }));
    case 'BettingClosed':
      return updateCoup(s, e.coupId, (c) => ({ ...c, phase: 'dealing' }));
    case 'CardDealt':
      return updateCoup(s, e.coupId, (c) => ({ ...c, phase: 'dealing', cards: [...c.cards, { card: e.card, hand: e.hand }] }));
    case 'CutCardAppeared':
      return s.shoe ? { ...s, shoe: { ...s.shoe, lastCoupNumber: e.lastCoupNumber } } : s;
    case 'CoupCompleted': {
      const establishedBy = earlyDragonTailSides(s, e.coupId);
      const next = updateCoup(s, e.coupId, (c) => ({ ...c, phase: 'complete', result: e.result, ...(e.threeCard ? {} : { dragonTailBefore: s.dragonTail, dragonTailEstablishedBy: establishedBy }) }));
      const shoe = next.shoe ? { ...next.shoe, coupsPlayed: next.shoe.coupsPlayed + 1 } : next.shoe;
      // A Three Card round has no Player/Banker result for Dragon Tail or Runs to follow (Crown Melbourne 12).
      if (e.threeCard) return { ...next, shoe };
      if (e.dummy) return recordForMultiCoup({ ...next, shoe }, { kind: 'dummy', coupId: e.coupId });
      return recordForMultiCoup({ ...next, shoe, dragonTail: extendDragonTail(next, next.dragonTail, e.result, establishedBy) }, { kind: 'coup', result: e.result, coupId: e.coupId });
    }
    case 'WagersSettled': {
      const settledIds = new Set(e.settlements.map((x) => x.wagerId));
      const owed = { ...s.commissionOwed };
      for (const x of e.settlements) {
        if (x.commissionDeferredCents <= 0) continue;
        const prev = owed[String(x.box)];
        owed[String(x.box)] = { cents: (prev?.cents ?? 0) + x.commissionDeferredCents, patronId: x.patronId, shoeId: e.shoeId };
      }
      const withSettled = updateCoup(s, e.coupId, (c) => ({ ...c, settled: [...c.settled, ...e.settlements] }));
      return { ...withSettled, commissionOwed: owed, pendingMultiCoup: s.pendingMultiCoup.filter((p) => !settledIds.has(p.wager.wagerId)) };
    }
    case 'CommissionSettled': {
      const owed = { ...s.commissionOwed };
      const left = (owed[String(e.box)]?.cents ?? 0) - e.amountCents;
      if (left > 0) owed[String(e.box)] = { ...owed[String(e.box)], cents: left };
      else delete owed[String(e.box)];
      return { ...s, commissionOwed: owed };
    }
    case 'ShoeEnded':
      return recordForMultiCoup({ ...s, shoe: null, coup: s.coup && s.coup.phase !== 'complete' && s.coup.phase !== 'void' ? null : s.coup, dragonTail: { side: null, count: 0 }, carriedCard: null }, { kind: 'shoe-end' });
    case 'ShoeVoided':
      return s;
    case 'CoupVoided': {
      const next = withoutVoidedResult(updateCoup(s, e.coupId, (c) => ({ ...c, phase: 'void' })), s, e.coupId);
      const owed = { ...next.commissionOwed };
      for (const [box, cents] of Object.entries(e.deferredCommissionReversed)) {
        const left = (owed[box]?.cents ?? 0) - cents;
        if (left > 0) owed[box] = { ...owed[box], cents: left };
        else delete owed[box];
      }
      const returned = new Set(e.returnedWagerIds);
      return { ...next, commissionOwed: owed, pendingMultiCoup: next.pendingMultiCoup.filter((p) => !returned.has(p.wager.wagerId)) };
    }
    case 'CoupBecameDummy': {
      const returned = new Set(e.returnedWagerIds);
      return updateCoup(s, e.coupId, (c) => ({ ...c, dummy: true, wagers: c.wagers.filter((w) => !returned.has(w.wagerId)) }));
    }
    case 'WagerVoided':
    case 'WagerRetracted':
      return {
        ...updateCoup(s, e.coupId, (c) => withoutAwaiting({ ...c, wagers: c.wagers.filter((w) => w.wagerId !== e.wagerId) }, [e.wagerId])),
        pendingMultiCoup: s.pendingMultiCoup.filter((p) => p.wager.wagerId !== e.wagerId),
      };
    case 'IrregularityRecorded':
      return e.carry ? { ...s, carriedCard: { card: e.carry.card, forcesDummy: e.carry.forcesDummy, clause: e.clause } } : s;
    case 'PaymentCorrected':
      return updateCoup(s, e.coupId, (c) => ({ ...c, corrections: [...(c.corrections ?? []), { wagerId: e.wagerId, kind: e.kind, amountCents: e.amountCents, correctedAt: e.correctedAt }] }));
    default: {
      const never: never = e;
      return never;
    }
  }
};
