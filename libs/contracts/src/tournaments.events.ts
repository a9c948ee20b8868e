/**
 * Integration events published by the tournaments service on `baccarat.tournaments.events` (Crown Melbourne 14,
 * Rapid 12, Star 15). One stream per tournament (`tournament-<tournamentId>`, streamType `tournament`).
 * - Money (entry fees, refunds, prize pool, prizes) is in integer cents; tournament chips have no cash value
 *   (Star 15.1.1 'tournament chips') and are counted in whole chips, never cents.
 * - An undisclosed wager is published only as its indicator (Star 15.8.2.5) until it is revealed after no more
 *   bets (15.8.2.6): `UndisclosedWagerRecorded` carries neither the bet nor the amount.
 * - `clause` names the rule the event rests on, cited against the rulebook version the tournament runs under.
 * Add fields freely; renaming or removing one needs a new `version` of the event and an upcaster.
 */

/**
 * What follows for a player who wagers nothing in a coup where the wager is compulsory, in the words the rules use:
 * `minimum-deducted`, the minimum wager is deducted from the player's chips, never below zero (as for an absent player,
 * Star 15.5.6.1; Rapid 12.2.1(c) as the conditions state).
 */
export const COMPULSORY_WAGER_CONSEQUENCES = ['minimum-deducted'] as const;
export type CompulsoryWagerConsequence = (typeof COMPULSORY_WAGER_CONSEQUENCES)[number];
export interface CompulsoryWager {
  readonly consequence: CompulsoryWagerConsequence;
}

/**
 * The tournament's terms and conditions. Each key is an item the rulebooks name (libs/baccarat
 * TOURNAMENT_TERMS_ITEMS); `null` states "none" (no buy-in, no pass cards), which is still stated.
 */
export interface TournamentTerms {
  readonly schedule?: { readonly startsAt: string; readonly endsAt: string };
  readonly location?: string;
  /** Entry fee in cents; null: free entry. */
  readonly entryFee?: number | null;
  /**
   * What a buy-in, a re-buy and an add-on cost (cents; null: not offered) and the tournament chips a re-buy or an
   * add-on gives (default: the starting chips) (Crown Melbourne 14.4.1(a)(ii); Rapid 12.2.1(b); Star 15.4.2(b)).
   */
  readonly buyIns?: {
    readonly buyInCents: number | null;
    readonly reBuyCents: number | null;
    readonly addOnCents: number | null;
    readonly reBuyChips?: number;
    readonly addOnChips?: number;
  } | null;
  readonly players?: { readonly minimum: number; readonly maximum: number };
  /**
   * Rounds or sessions and how many advance from each table of a heat; where the terms fix a session's length, the
   * coups it lasts or its minutes (the floor board counts them down, Star 15.5.8). Absent: the length is not stated.
   */
  readonly format?: { readonly description: string; readonly advancePerTable: number; readonly coupsPerSession?: number; readonly minutesPerSession?: number };
  readonly tablesPerSession?: string;
  readonly progression?: string | null;
  readonly buyBack?: string | null;
  readonly repechage?: string | null;
  readonly dealingMethod?: string;
  /** Tournament chips each player receives at the start of every session (Star 15.6.2). */
  readonly startingChips?: number;
  readonly chipDisposition?: string;
  /**
   * The terms provide for the disposition of tournament chips (at Rapid Baccarat, the tournament ATS chip account
   * balances) in cash at the end of each session: then the director may conclude play at a table early where all its
   * players agree (Crown Melbourne 14.4.8(d)(ii); Rapid 12.3.5(b); Star 15.5.5.2). Absent or false: they do not.
   */
  readonly chipsDisposedInCash?: boolean;
  readonly chipType?: string;
  /** Minimum and maximum wager each coup, in chips; wagers are in units of the minimum (Star 15.6.14). */
  readonly wagerLimits?: { readonly minimum: number; readonly maximum: number };
  /**
   * Whether there is a minimum or compulsory wager for each coup (Crown 14.4.4(b), Rapid 12.2.1(c), Star 15.4.2(c)),
   * and what follows for a player who wagers nothing in a coup. `true` alone: compulsory, the consequence left to the
   * rules (Star 15.6.4: disqualified) or, in terms stored before the consequence was structured, unstated (nothing is
   * applied automatically); the Rapid conditions must state it (12.2.1(c)).
   */
  readonly compulsoryWager?: boolean | CompulsoryWager;
  readonly tableAllocation?: string;
  /** Whether the order-of-wagering marker is used (Star 15.9.1); null: no order of wagering. */
  readonly orderOfWagering?: boolean | null;
  readonly passCards?: { readonly perSession: number } | null;
  readonly undisclosedWagers?: { readonly perSession: number } | null;
  /** All-In markers per player per session (Crown Melbourne 14.4.4(e)); null: none. */
  readonly allInMarkers?: { readonly perSession: number } | null;
  /** Stand-Off markers per player per session (Crown Melbourne 14.4.4(f)); null: none. */
  readonly standOffMarkers?: { readonly perSession: number } | null;
  /** Re-Buy markers per player per session: each lets a player still in play re-buy once (Crown Melbourne 14.4.4(g)); null: none. */
  readonly reBuyMarkers?: { readonly perSession: number } | null;
  readonly elimination?: string;
  readonly winners?: string;
  readonly prizePool?: {
    readonly addedValueCents: number;
    /** Entry fees go into the pool (mandatory under Star 15.3.2). */
    readonly entryFeesIncluded: boolean;
    /** Guaranteed pool when at least `minimumEntries` entries are received (Star 15.3.3). */
    readonly guaranteedCents: number | null;
    readonly minimumEntries: number | null;
  };
  /**
   * Share of the pool per place, in basis points, first place first; adds up to 10000. `unfilledPlaces`: how the shares
   * of places nobody fills are distributed, a condition of play (Star 15.3.2, 15.4.2(j); Crown Melbourne 14.4.7):
   * 'shared-pro-rata' to the filled places in proportion to their shares (the only statement Star 15.3.2 allows), or
   * 'unpaid' (reported unpaid). Stated on publishing where the terms leave it out: the rulebook's way ('shared-pro-rata'
   * at The Star, 'unpaid' elsewhere); absent on terms published before.
   */
  readonly prizeDistribution?: { readonly basisPoints: readonly number[]; readonly unfilledPlaces?: 'shared-pro-rata' | 'unpaid' };
  readonly prizePayment?: string;
  readonly entryMethod?: string;
  /** Until when an entrant may withdraw without financial penalty. */
  readonly withdrawalPeriod?: { readonly endsAt: string };
  /** Whether an entrant may nominate a substitute, and until when where the terms give a period (Crown Melbourne 14.4.2(d)). */
  readonly substitutes?: { readonly allowed: boolean; readonly nominateUntil?: string } | null;
  readonly penalties?: string;
  readonly disqualification?: string;
  /** Percent of the entry fee refunded, where the rulebook leaves it to the terms. */
  readonly refunds?: { readonly lateWithdrawalPercent: number; readonly retirementPercent: number; readonly disqualificationPercent: number; readonly cancellationPercent: number };
  readonly lateArrival?: string;
  /** Coups for which an absent player's minimum is deducted before disqualification, where the rulebook leaves it to the terms. */
  readonly absence?: { readonly maxDeductedCoups: number };
  readonly mobilePhones?: string;
  readonly retirement?: string;
  /**
   * The record that the tournament is a charitable or media event at which, with the prior approval of the Chief
   * Operating Officer or Chief Executive Officer, employees may take part (Crown Melbourne 14.4.2(a)(v)): the kind
   * of event, who approved, the approval's reference and when it was given. Null or absent: no employee may enter.
   */
  readonly employeeParticipation?: {
    readonly eventKind: 'charity' | 'media';
    readonly approvedBy: 'chief-operating-officer' | 'chief-executive-officer';
    readonly reference: string;
    readonly approvedAt: string;
  } | null;
  /** The statements the terms must carry, keyed by the part after "statement." of the item id. */
  readonly statements?: Readonly<Record<string, string>>;
}

export type TournamentSessionKind = 'heat' | 'final' | 'play-off';
export type UndisclosedBet = 'player' | 'banker' | 'tie';

export interface TournamentTermsPublished {
  readonly type: 'TournamentTermsPublished';
  readonly tournamentId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  readonly terms: TournamentTerms;
  /** The regulator's written approval of the conditions, where required (Rapid 12.1.3). */
  readonly regulatorApproval: { readonly reference: string; readonly approvedAt: string } | null;
  readonly publishedAt: string;
  readonly clause: string;
}

export interface TournamentTermsAmended {
  readonly type: 'TournamentTermsAmended';
  readonly tournamentId: string;
  readonly previous: TournamentTerms;
  readonly next: TournamentTerms;
  readonly changedItems: readonly string[];
  readonly reason: string;
  readonly amendedAt: string;
  readonly clause: string;
  /**
   * The rulebook version the tournament runs under from this amendment, when it changed: a tournament postponed
   * (or brought forward) across an effective date takes the version in force on its new start date at the venue.
   * Absent when the version is unchanged.
   */
  readonly rulebookId?: string;
  /** The regulator's new written approval of the amended conditions, where the rules require one (Rapid 12.1.3). */
  readonly regulatorApproval?: { readonly reference: string; readonly approvedAt: string };
}

/** The regulator is told (Crown Melbourne 14.2.2(b): the intention to conduct; 14.4.1(c): every change). */
export interface TournamentRegulatorNotified {
  readonly type: 'TournamentRegulatorNotified';
  readonly tournamentId: string;
  readonly regulator: string;
  readonly notice: 'intention-to-conduct' | 'change';
  readonly summary: string;
  readonly notifiedAt: string;
  readonly clause: string;
}

export interface TournamentTablesDesignated {
  readonly type: 'TournamentTablesDesignated';
  readonly tournamentId: string;
  readonly tableIds: readonly string[];
  readonly clause: string;
}

/** A designated table opened in tournament mode for this tournament; its game and bets, for undisclosed wagers. */
export interface TournamentTableReady {
  readonly type: 'TournamentTableReady';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  /** The table's limits on each bet as it opened, in tournament chips (compared with the terms' minimum and maximum wager); absent where the table published none. */
  readonly limits?: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[];
  /** The table's smallest chip, in tournament chips: what the tournament pays to where it prices a wager itself (Star 5.8; Crown Melbourne 6.3.3); absent where unknown (1). */
  readonly minimumChip?: number;
  /** How many boxes the table has: the order-of-wagering marker moves over them box by box (Star 15.9.2); absent on earlier events. */
  readonly boxes?: number;
  readonly clause: string;
}

/**
 * A designated table was used for other play, or a table not designated was opened for the tournament (Crown
 * Melbourne 14.2.5), or a designated table opened with limits other than the terms' minimum and maximum wager
 * (Crown Melbourne 14.4.4(b), Star 15.4.2(d)), or a tournament table's limits were changed, or the terms amended, so that
 * they differ again (checked on every change of either): the director is told; wagers are still scored within the terms.
 */
export interface TournamentTableMisused {
  readonly type: 'TournamentTableMisused';
  readonly tournamentId: string;
  readonly tableId: string;
  /** `table-of-another-casino`: the table plays under another operator's rules than the tournament's (its gaming is not this casino's). */
  readonly problem: 'designated-table-opened-for-other-play' | 'table-not-designated' | 'limits-differ-from-terms' | 'table-of-another-casino';
  /** For 'limits-differ-from-terms': the table's limits on each bet that differ from the terms', in tournament chips. */
  readonly limits?: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[];
  readonly notedAt: string;
  readonly clause: string;
}

/** The director briefed the players on the terms and is satisfied they understand (Crown Melbourne 14.3.1, Rapid 12.2.3). */
export interface TournamentPlayersBriefed {
  readonly type: 'TournamentPlayersBriefed';
  readonly tournamentId: string;
  readonly entryIds: readonly string[];
  readonly briefedAt: string;
  readonly clause: string;
}

export interface TournamentEntryAccepted {
  readonly type: 'TournamentEntryAccepted';
  readonly tournamentId: string;
  readonly entryId: string;
  readonly patronId: string;
  readonly employee: boolean;
  /** The name the Tournament Director gives the entry for the floor board (Star 15.5.8: standings made known); absent: the board shows the entry id. */
  readonly displayName?: string;
  readonly feeCents: number;
  /** What the pool has collected after this, cents (prizePoolOf's collectedCents): the prize pool itself is that, or the guarantee where it applies and is more (Star 15.3.3; TournamentEntriesClosed.prizePoolCents, TournamentPrizesDistributed.prizePoolCents). */
  readonly prizePoolAfterCents: number;
  readonly enteredAt: string;
  readonly clause: string;
}

export interface TournamentEntryRefused {
  readonly type: 'TournamentEntryRefused';
  readonly tournamentId: string;
  readonly patronId: string;
  readonly reason: string;
  readonly refusedAt: string;
  readonly clause: string;
}

export interface TournamentEntryWithdrawn {
  readonly type: 'TournamentEntryWithdrawn';
  readonly tournamentId: string;
  readonly entryId: string;
  readonly patronId: string;
  readonly refundCents: number;
  /** What the pool has collected after this, cents (prizePoolOf's collectedCents): the prize pool itself is that, or the guarantee where it applies and is more (Star 15.3.3; TournamentEntriesClosed.prizePoolCents, TournamentPrizesDistributed.prizePoolCents). */
  readonly prizePoolAfterCents: number;
  readonly withdrawnAt: string;
  readonly clause: string;
}

export interface TournamentEntrySubstituted {
  readonly type: 'TournamentEntrySubstituted';
  readonly tournamentId: string;
  readonly entryId: string;
  readonly previousPatronId: string;
  readonly patronId: string;
  /** Whether the substitute is an employee: the status belongs to the person playing (Crown Melbourne 14.4.2(a)(v)); absent on earlier events (unchanged). */
  readonly employee?: boolean;
  /** The name the floor board shows for the substitute (Star 15.5.8), as the Tournament Director gives it; absent: the entry id, never the previous player's name. */
  readonly displayName?: string;
  readonly substitutedAt: string;
  readonly clause: string;
}

export interface TournamentEntriesClosed {
  readonly type: 'TournamentEntriesClosed';
  readonly tournamentId: string;
  readonly entries: number;
  /** The guarantee applies: at least the minimum number of entries was received (Star 15.3.3). */
  readonly guaranteeApplies: boolean;
  /** The prize pool as prizePoolOf states it everywhere: what was collected, or the guarantee where it applies and is more (Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a)). */
  readonly prizePoolCents: number;
  readonly closedAt: string;
  readonly clause: string;
}

/**
 * Where every cent the tournament collected went on its cancellation (Star 15.3.4 with 15.5.7, 15.6.3; Crown Melbourne
 * 14.4.8(a)(iv)): collectedCents = refundedBeforeCents + refundedCents + forfeitedCents + addedValueWithdrawnCents.
 * Collected: everything the players paid in (entry fees, buy-ins, re-buys, buy-backs, add-ons) and the value the
 * casino added to the pool (Star 15.3.1). Refunded before the cancellation (late withdrawals, retirements); refunded
 * now, each entry in `refunds`; forfeited, each entry with the clause that keeps its money from a refund; the added
 * value is the casino's, not a player's money, withdrawn with the pool.
 */
export interface CancellationAccounting {
  readonly collectedCents: number;
  /** Refunded before the cancellation; absent on events before it was carried (their collected left it out). */
  readonly refundedBeforeCents?: number;
  readonly refundedCents: number;
  readonly refundClause: string;
  readonly forfeitedCents: number;
  readonly forfeits: readonly { readonly entryId: string; readonly patronId: string; readonly forfeitedCents: number; readonly clause: string }[];
  readonly addedValueWithdrawnCents: number;
  readonly addedValueClause: string;
}

export interface TournamentCancelled {
  readonly type: 'TournamentCancelled';
  readonly tournamentId: string;
  readonly reason: string;
  readonly refunds: readonly { readonly entryId: string; readonly patronId: string; readonly refundCents: number }[];
  /** Every cent collected: refunded, forfeited or the added value withdrawn. Absent in events recorded before it was stated. */
  readonly accounting?: CancellationAccounting;
  readonly cancelledAt: string;
  readonly clause: string;
}

export interface SeatedPlayer {
  readonly entryId: string;
  readonly patronId: string;
  readonly tableId: string;
  readonly box: number;
  /**
   * Whole tournament chips, never cents: tournament chips have no cash value (Crown Melbourne 14.4.4(a), Rapid
   * 12.2.1(b), Star 15.1.1 'tournament chips'). A consumer keeping them on an account keeps them in chips.
   */
  readonly chips: number;
}

export interface TournamentSessionStarted {
  readonly type: 'TournamentSessionStarted';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly kind: TournamentSessionKind;
  /** A play-off: the session and table whose tie it breaks, and how many places it decides (Star 15.10.3). */
  readonly playOff: { readonly sessionId: string; readonly tableId: string | null; readonly places: number } | null;
  readonly seating: readonly SeatedPlayer[];
  readonly passCards: number;
  readonly undisclosedWagers: number;
  /** Markers each player holds for the session (Crown Melbourne 14.4.4(e)-(g)); absent on sessions started before markers existed. */
  readonly allInMarkers?: number;
  readonly standOffMarkers?: number;
  readonly reBuyMarkers?: number;
  readonly minimumWager: number;
  readonly maximumWager: number;
  /**
   * The terms' compulsory wager where they state its consequence (Rapid 12.2.1(c)): a player who wagers nothing in a
   * coup has `minimumWager` deducted, never below zero. Absent: nothing is deducted for not wagering.
   */
  readonly compulsoryWager?: { readonly consequence: CompulsoryWagerConsequence; readonly clause: string };
  /**
   * The terms set an order of wagering (Star 15.9.2-15.9.5): the tournament rules on each tournament wager's turn
   * (WagersInTurn, WagerOutOfSequence) and the table waits for the rulings before no more bets. Absent: no order.
   */
  readonly orderOfWagering?: { readonly clause: string; readonly outOfSequenceClause: string };
  /** Chips issued for the session: the same allotment to every player (Star 15.6.2, Crown 14.4.3(b)). */
  readonly issuedChips: number;
  /**
   * The buy-in each seated player provided for the session, in cents (Star 15.1.1 'buy-in', 15.6.2); 0 when the
   * terms set none. Absent on sessions started before session buy-ins were recorded.
   */
  readonly buyInCents?: number;
  /** What the pool has collected after the buy-ins, in cents (the buy-ins go in where the terms put fees); the prize pool itself is that or the guarantee where it applies and is more (Star 15.3.3). */
  readonly prizePoolAfterCents?: number;
  /**
   * Rapid tables among the seating (Rapid 12.3.2): their seats await the table taking the session (its
   * RapidTournamentSessionStarted) before they play, and their allotment is credited only then; a table that refuses
   * the session leaves them not seated. Absent on sessions started before, whose seats played from the start.
   */
  readonly awaitingTables?: readonly string[];
  readonly startedAt: string;
  readonly clause: string;
}

/**
 * Players who could not provide the buy-in before a session: eliminated, and the entry fee is not refunded
 * (Star 15.6.3). Published before the session's `TournamentSessionStarted`, which seats only those who paid.
 */
export interface TournamentBuyInNotProvided {
  readonly type: 'TournamentBuyInNotProvided';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly entryIds: readonly string[];
  /** Always 0 under Star 15.6.3. */
  readonly refundCents: number;
  readonly eliminatedAt: string;
  readonly clause: string;
}

/** A coup began at a tournament table; the order-of-wagering marker is on `markerBox` (Star 15.9.2). */
export interface TournamentCoupStarted {
  readonly type: 'TournamentCoupStarted';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly markerBox: number | null;
  readonly clause: string | null;
}

export interface PassCardPlayed {
  readonly type: 'PassCardPlayed';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly box: number;
  readonly remaining: number;
  readonly clause: string;
}

/** The indicator in front of the player (Star 15.8.2.5): the form's contents stay undisclosed. */
export interface UndisclosedWagerRecorded {
  readonly type: 'UndisclosedWagerRecorded';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly box: number;
  readonly remaining: number;
  /** When the Game Supervisor received the form (Star 15.8.2.1), compared with the table's no more bets (15.8.2.5); absent on earlier events. */
  readonly recordedAt?: string;
  readonly clause: string;
}

/**
 * A form recorded before the tournament heard that the table had closed betting, but received after it (Star
 * 15.8.2.5-15.8.2.6: a form is with the Game Supervisor before the coup commences or not at all): void, so it is not
 * revealed or scored, and the player's undisclosed wager is given back (`remaining`). Decided by the times, the form's
 * `recordedAt` against the table's BettingClosed (`bettingClosedAt`), not by the order the two reached the tournament.
 * Or, under an order of wagering, a form recorded after the box's own chips were placed in turn (`chipsPlacedAt`), which
 * the tournament heard after the form: the form alters a wager made in turn and is void (Star 15.9.5); the chips stand.
 */
export interface UndisclosedWagerVoided {
  readonly type: 'UndisclosedWagerVoided';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly box: number;
  readonly recordedAt: string;
  /** The table's no more bets, where the form came after it (Star 15.8.2.5); absent where `chipsPlacedAt` says why. */
  readonly bettingClosedAt?: string;
  /** The box's own chips, placed in turn before the form was recorded (Star 15.9.5); absent on a late form. */
  readonly chipsPlacedAt?: string;
  readonly remaining: number;
  readonly clause: string;
}

export interface RevealedUndisclosedWager {
  readonly entryId: string;
  readonly box: number;
  readonly bet: UndisclosedBet | null;
  /** As written on the form; null when it shows none. */
  readonly writtenAmount: number | null;
  /** What plays (Star 15.8.3.1-15.8.3.3): the written amount brought within the limits and the player's chips; 0 when the form shows no amount or bet. */
  readonly playsAmount: number;
  /** Deducted instead of playing: the minimum, when the form shows no amount or type (Star 15.8.3.4). */
  readonly deductedAmount: number;
  readonly problem: 'below-minimum' | 'above-maximum' | 'above-chips' | 'incomplete-form' | null;
}

export interface UndisclosedWagersRevealed {
  readonly type: 'UndisclosedWagersRevealed';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly wagers: readonly RevealedUndisclosedWager[];
  readonly revealedAt: string;
  readonly clause: string;
}

/**
 * Tournament chips bought during a session: a buy-back by an eliminated player (Crown Melbourne 14.4.3(a)(iv),
 * Rapid 12.2.1(e), Star 15.4.2(g)), a re-buy in play with a Re-Buy marker (Crown Melbourne 14.4.4(g)) or an add-on
 * (Crown Melbourne 14.4.1(a)(ii)). The chips are issued to the session (issuedChipsAfter), so chips stay conserved;
 * the price goes into the pool where the terms put fees there.
 */
export interface TournamentChipsBought {
  readonly type: 'TournamentChipsBought';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly entryId: string;
  readonly patronId: string;
  readonly kind: 'buy-back' | 're-buy' | 'add-on';
  readonly chips: number;
  readonly chipsAfter: number;
  readonly issuedChipsAfter: number;
  readonly feeCents: number;
  /** What the pool has collected after this, cents (prizePoolOf's collectedCents): the prize pool itself is that, or the guarantee where it applies and is more (Star 15.3.3; TournamentEntriesClosed.prizePoolCents, TournamentPrizesDistributed.prizePoolCents). */
  readonly prizePoolAfterCents: number;
  /** Re-Buy markers the player has left this session. */
  readonly reBuyMarkersRemaining: number;
  readonly boughtAt: string;
  readonly clause: string;
}

/**
 * An All-In marker (the player's whole stack on `bet` up to the terms' maximum wager, Crown Melbourne 14.4.4(e) with 14.4.4(b)) or a Stand-Off marker (the
 * player's wagers stand off this coup, 14.4.4(f)) placed before the first card.
 */
export interface TournamentMarkerPlayed {
  readonly type: 'TournamentMarkerPlayed';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly box: number;
  readonly marker: 'all-in' | 'stand-off';
  /** The bet an All-In marker plays; null for a Stand-Off marker. */
  readonly bet: UndisclosedBet | null;
  readonly remaining: number;
  readonly clause: string;
}

/**
 * Wagers the table took that were placed in their turn in the order of wagering (Star 15.9.3): they stand. With each
 * WagerOutOfSequence it is the tournament's ruling on every tournament wager of the coup, which the table waits for
 * before no more bets is called, so a wager out of sequence never plays (15.9.4).
 */
export interface WagersInTurn {
  readonly type: 'WagersInTurn';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** The table's ids of the wagers (the tables service's WagersAccepted). */
  readonly wagerIds: readonly string[];
  readonly clause: string;
}

/**
 * A wager placed out of the order of wagering (Star 15.9.3-15.9.4): the player is told to remove it and wait their
 * turn, and the tables service returns it from the layout (`wagerId`), so it is not settled and does not play; the
 * player may wager in turn. The table calls no more bets only once the tournament has ruled on each wager's turn
 * (WagersInTurn or this); a wager of an earlier event the table could not return before no more bets stood and was
 * settled, and scores as settled.
 */
export interface WagerOutOfSequence {
  readonly type: 'WagerOutOfSequence';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly expectedBox: number;
  /** The chips of the wager removed, which do not play; absent on earlier events (those wagers played). */
  readonly amount?: number;
  /** The table's id of the wager to remove from the layout (the tables service's WagersAccepted); absent on earlier events. */
  readonly wagerId?: string;
  readonly clause: string;
}

export interface CoupScoreLine {
  readonly entryId: string;
  readonly box: number;
  readonly chipsBefore: number;
  /** Chips wagered at the table plus the undisclosed wager that played. */
  readonly wagered: number;
  /** Won (+) or lost (-) on the wagers. */
  readonly net: number;
  /**
   * The minimum deducted for absence (Star 15.5.6.1), an incomplete undisclosed form (15.8.3.4), or by the Rapid table
   * for a round the player wagered nothing in (Rapid 12.2.1(c)).
   */
  readonly deducted: number;
  /** The clause of a deduction the table made (Rapid 12.2.1(c)); absent otherwise. */
  readonly deductedClause?: string;
  readonly chipsAfter: number;
  readonly passCard: boolean;
  readonly absent: boolean;
  /** A marker the player played this coup (Crown Melbourne 14.4.4(e)-(f)). */
  readonly marker?: 'all-in' | 'stand-off' | null;
  /**
   * How the table wager was brought within the terms (Star 15.6.14): paid or collected to the maximum, valid to the
   * last complete unit of the minimum, made up to the minimum, or void (the player could not make it up); or within
   * the player's chips (Star 15.6.1, 15.6.8): the wagers above the chips held at the start of the coup were not
   * wagered (returned, neither won nor lost), the last placed giving way first.
   */
  readonly wagerAdjustment?: 'capped-at-chips' | 'capped-at-maximum' | 'incomplete-increment' | 'made-up-to-minimum' | 'void-below-minimum' | null;
  /**
   * The wagers in `wagered` and `net` that the tournament settled itself on the coup's result, not the table on its
   * layout: the undisclosed wager revealed (Star 15.8.2.6) and the All-In marker (Crown Melbourne 14.4.4(e)). The
   * rest of the line is what the tables service settled for the box. Absent on earlier events and where none.
   */
  readonly settledByTournament?: readonly TournamentSettledWager[];
  /**
   * Under an order of wagering (Star 15.9.3-15.9.4): the box's turn never came, a box ahead of it in the order having
   * neither wagered nor played a pass card before no more bets, so it is not disqualified for want of a wager (15.6.4);
   * the box that held it back is. Absent otherwise.
   */
  readonly turnNeverCame?: true;
}

/** A wager the tournament settled on the coup's result itself, beside the table's settlement of the box. */
export interface TournamentSettledWager {
  readonly kind: 'undisclosed-wager' | 'all-in-marker';
  readonly bet: string;
  /** The chips it played (the deemed amount of an undisclosed wager; an All-In stack up to the terms maximum). */
  readonly amount: number;
  /** Won (+) or lost (-). */
  readonly net: number;
  readonly clause: string;
}

/**
 * A coup at a tournament table is scored from the tables service's settlement: every seated player's chips
 * before and after. Chips are conserved: chipsInPlayAfter + houseChipsAfter + withdrawnChipsAfter = issuedChips.
 */
export interface TournamentCoupScored {
  readonly type: 'TournamentCoupScored';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly result: 'player' | 'banker' | 'tie';
  readonly lines: readonly CoupScoreLine[];
  readonly chipsInPlayBefore: number;
  readonly chipsInPlayAfter: number;
  /** Chips the house holds for the session: lost wagers and deductions, less winnings paid. */
  readonly houseChipsAfter: number;
  /** Chips of players who left play (disqualified, retired), returned to the inventory (Star 15.5.9, 15.6.9). */
  readonly withdrawnChipsAfter: number;
  readonly issuedChips: number;
  readonly scoredAt: string;
  readonly clause: string;
}

export interface TournamentPlayersEliminated {
  readonly type: 'TournamentPlayersEliminated';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** First eliminated first (Star 15.10.4: fewer residual chips, then the smaller wager, then whose chips were removed first). */
  readonly order: readonly { readonly entryId: string; readonly residualChips: number; readonly wagered: number }[];
  readonly clause: string;
}

/**
 * Who stands in for a player who lost a place to progress from a session (disqualified or retired after progressing,
 * before playing the next): the next eligible player of that session's ranking (at the same table, where advancement
 * is per table) (Crown Melbourne 14.4.2(a)(v), 14.4.8(a)(ii); Star 15.5.7, 15.11.4). `advanced`: who stands in (the
 * session's advancers are amended so; empty where nobody is left to, or a tie must decide); `playOff`: players tied for
 * the place, to be played off for `places` (replacing any undecided tie of the same players). Absent on the event: the
 * player held no such place.
 */
export interface TournamentStandIn {
  readonly sessionId: string;
  readonly tableId: string;
  readonly advanced: readonly string[];
  readonly playOff: { readonly entryIds: readonly string[]; readonly places: number } | null;
  readonly clause: string;
}

export interface TournamentPlayerDisqualified {
  readonly type: 'TournamentPlayerDisqualified';
  readonly tournamentId: string;
  readonly sessionId: string | null;
  readonly entryId: string;
  readonly patronId: string;
  readonly reason: 'no-wager-without-pass-card' | 'absent' | 'contravention' | 'concealing-chips';
  readonly description: string;
  /** Chips taken out of play into the inventory. */
  readonly chipsWithdrawn: number;
  readonly refundCents: number;
  /** What the pool has collected after this, cents (prizePoolOf's collectedCents): the prize pool itself is that, or the guarantee where it applies and is more (Star 15.3.3; TournamentEntriesClosed.prizePoolCents, TournamentPrizesDistributed.prizePoolCents). */
  readonly prizePoolAfterCents: number;
  /**
   * Who decided it: the Tournament Manager ordering it (Star 15.5.7, 15.11.4), or the rule itself, applied by the
   * platform when a coup was scored (15.6.4 no wager, 15.5.6.2 absence), with its clause. Absent on earlier events.
   */
  readonly decidedBy?: { readonly kind: 'tournament-manager' | 'rule'; readonly clause: string };
  /** For a rule's disqualification: the table's act whose scoring triggered it (the dealer who settled or completed the coup); null otherwise. */
  readonly cause?: { readonly actorId: string; readonly actorRole: string; readonly act: 'settlement' | 'coup-completed'; readonly tableId: string; readonly coupId: string } | null;
  /**
   * A player disqualified after progressing from a session, before playing the next, loses the place: the next eligible
   * player of that session's ranking stands in (TournamentStandIn).
   */
  readonly standIn?: TournamentStandIn;
  readonly disqualifiedAt: string;
  readonly clause: string;
}

export interface TournamentPlayerRetired {
  readonly type: 'TournamentPlayerRetired';
  readonly tournamentId: string;
  readonly sessionId: string | null;
  readonly entryId: string;
  readonly patronId: string;
  readonly chipsWithdrawn: number;
  readonly refundCents: number;
  /** What the pool has collected after this, cents (prizePoolOf's collectedCents): the prize pool itself is that, or the guarantee where it applies and is more (Star 15.3.3; TournamentEntriesClosed.prizePoolCents, TournamentPrizesDistributed.prizePoolCents). */
  readonly prizePoolAfterCents: number;
  /** A player who retires after progressing from a session, before playing the next, leaves the place to the next place-getter (TournamentStandIn; Crown Melbourne 14.4.8(b)(vi), decision in docs/rules). */
  readonly standIn?: TournamentStandIn;
  readonly retiredAt: string;
  readonly clause: string;
}

export interface TournamentPlayerAbsenceNoted {
  readonly type: 'TournamentPlayerAbsenceNoted';
  readonly tournamentId: string;
  readonly entryId: string;
  readonly absent: boolean;
  readonly notedAt: string;
  readonly clause: string;
}

export interface TournamentSessionEnded {
  readonly type: 'TournamentSessionEnded';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly kind: TournamentSessionKind;
  /** The chip count of every player still in play, recorded for the director (Star 15.5.8). */
  readonly counts: readonly { readonly tableId: string; readonly entryId: string; readonly chips: number }[];
  /** Ranking of the session, best first, players in unresolved ties sharing a rank. */
  readonly ranking: readonly { readonly entryId: string; readonly rank: number; readonly chips: number }[];
  readonly advanced: readonly string[];
  readonly playOffs: readonly { readonly tableId: string | null; readonly entryIds: readonly string[]; readonly places: number }[];
  /** Tournament chips not returned to the inventory (Star 15.5.9). */
  readonly chipsNotReturned: number;
  /**
   * Play concluded before the scheduled coups or completion time (terms `format`) at these tables, each on the ground
   * the rules allow: the players to progress from it were determined, or all its players agreed where the terms dispose
   * of the chips in cash (Crown Melbourne 14.4.8(d); Rapid 12.3.5; Star 15.5.5). Absent: every table played its schedule.
   */
  readonly concludedEarly?: readonly {
    readonly tableId: string;
    readonly coupsPlayed: number;
    readonly progressionDetermined: boolean;
    /** The players who agreed (every player in play at the table), where agreement was recorded. */
    readonly agreedBy: readonly string[] | null;
    readonly clause: string;
  }[];
  readonly endedAt: string;
  readonly clause: string;
}

export interface TournamentPlayOffDecided {
  readonly type: 'TournamentPlayOffDecided';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly forSessionId: string;
  /** The play-off's players, best first. */
  readonly order: readonly string[];
  readonly advanced: readonly string[];
  readonly decidedAt: string;
  readonly clause: string;
}

export interface TournamentResultsDeclared {
  readonly type: 'TournamentResultsDeclared';
  readonly tournamentId: string;
  readonly placings: readonly { readonly place: number; readonly entryId: string; readonly patronId: string }[];
  readonly declaredAt: string;
  readonly clause: string;
}

export interface TournamentPrizesDistributed {
  readonly type: 'TournamentPrizesDistributed';
  readonly tournamentId: string;
  readonly prizePoolCents: number;
  /**
   * Paid to places in order; an employee's prize passes to the next eligible place-getter (Crown Melbourne 14.4.2(a)(v)).
   * `place` is where the entry finished; `prizePlace` the prize place it is paid, whose share `amountCents` is (a
   * stand-in's differs from where he finished; absent on earlier events). `shareCents`: the prize place's own share
   * of the pool, where `redistributed` added to it (absent otherwise: `amountCents` is the share).
   */
  readonly payments: readonly { readonly place: number; readonly prizePlace?: number; readonly entryId: string; readonly patronId: string; readonly amountCents: number; readonly shareCents?: number }[];
  /** What is paid: with `unfilledCents`, equals prizePoolCents to the cent. */
  readonly totalCents: number;
  /**
   * Prize places no eligible place-getter qualified for (fewer eligible place-getters than prizes: disqualified,
   * employees, absent): each place's own share, unpaid and reported, never re-split among the others (Crown
   * Melbourne 14.4.7(b), Star 15.4.2(j): the terms say how the pool is distributed, and neither the rules nor the
   * terms give an unfilled share to anyone). Absent on earlier events (those re-split it). Empty where the rulebook
   * gives the whole pool to the winners (`redistributed`).
   */
  readonly unfilled?: readonly { readonly place: number; readonly basisPoints: number; readonly amountCents: number }[];
  readonly unfilledCents?: number;
  /**
   * Where the rulebook gives the whole pool to the winning players (Star 15.3.2): the prize places nobody filled, each
   * with its share, and those `cents` distributed to the filled places in proportion to their shares (`rule`, the
   * `clause`); the payments include them. Absent where nothing was redistributed.
   */
  readonly redistributed?: {
    readonly places: readonly { readonly place: number; readonly basisPoints: number; readonly amountCents: number }[];
    readonly cents: number;
    readonly rule: string;
    readonly clause: string;
  };
  /** The pool's parts as prizePoolOf states them: collected (fees, added value, buy-ins, less refunds) and the guarantee, where the terms give one. */
  readonly collectedCents?: number;
  readonly guaranteedCents?: number | null;
  /** The definition of the pool in words, with its clauses (Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a)). */
  readonly prizePoolDefinition?: string;
  /** How the amounts were rounded to the cent (largest remainder; absent on earlier events, which gave the cents left over to first place). */
  readonly roundingRule?: string;
  readonly distributedAt: string;
  readonly clause: string;
}

/**
 * A Rapid round's outcome was corrected after it was scored (Rapid 11.11): the player's chips move by exactly what
 * their tournament account moved (`AtsSettlementRecalculated.movementCents`), the house by the opposite, so the chips
 * still equal the account and are conserved. `unrecovered` is what the recalculation wanted back but the account could
 * not give (its balance never goes below zero): the chips do not go below zero either, so it is carried here for the
 * Tournament Director, not taken. `correctionId` is the rapid event it follows (counted once).
 */
export interface TournamentChipsCorrected {
  readonly type: 'TournamentChipsCorrected';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly correctionId: string;
  readonly entryId: string;
  readonly box: number;
  readonly chipsBefore: number;
  /** Signed: the account's movement. */
  readonly movement: number;
  readonly chipsAfter: number;
  readonly unrecovered: number;
  /** The player had been eliminated by the wrong outcome and is back in play with chips, or the reverse. */
  readonly statusAfter: 'playing' | 'eliminated';
  readonly chipsInPlayAfter: number;
  readonly houseChipsAfter: number;
  readonly withdrawnChipsAfter: number;
  readonly issuedChips: number;
  readonly correctedAt: string;
  readonly clause: string;
}

/**
 * Something at a Rapid table the Tournament Director must rule on, recorded and changing no chips:
 * - 'correction-after-session': an outcome corrected (Rapid 11.11) after the session's chip counts were recorded
 *   (12.2.1(b)): the final counts stand as recorded; `movement` / `unrecovered` say what the account moved;
 * - 'correction-player-not-in-play': a correction for a player no longer in play (disqualified, retired);
 * - 'seat-refused': the rapid service could not give the player an ATS for the session (`reason`, 12.3.2): the
 *   player keeps their chips but has no account and so cannot wager until the director acts (12.2.1(i), 12.3.3).
 */
export interface TournamentRapidNoticeRecorded {
  readonly type: 'TournamentRapidNoticeRecorded';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly entryId: string;
  readonly box: number;
  readonly kind: 'correction-after-session' | 'correction-player-not-in-play' | 'seat-refused';
  readonly coupId: string | null;
  readonly correctionId: string | null;
  readonly movement: number | null;
  readonly unrecovered: number | null;
  readonly reason: string | null;
  readonly notedAt: string;
  readonly clause: string;
}

/**
 * A table of a cancelled tournament reported play after the cancellation (Star 2024 15.3.4, the cancellation clause):
 * a cancelled tournament decides nothing more, so the table's event is not applied (no coup scored, nobody
 * disqualified or eliminated, no chips moved) and is noted here for the Tournament Director / Manager. `tableEvent`
 * names what the table reported.
 */
export interface TournamentTablePlayIgnored {
  readonly type: 'TournamentTablePlayIgnored';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string | null;
  readonly tableEvent: 'coup-started' | 'wagers' | 'no-more-bets' | 'first-card' | 'coup-completed' | 'settlement' | 'coup-voided' | 'chips-corrected';
  readonly notedAt: string;
  readonly clause: string;
}

export type TournamentsIntegrationEvent =
  | TournamentTermsPublished
  | TournamentTermsAmended
  | TournamentRegulatorNotified
  | TournamentTablesDesignated
  | TournamentTableReady
  | TournamentTableMisused
  | TournamentPlayersBriefed
  | TournamentEntryAccepted
  | TournamentEntryRefused
  | TournamentEntryWithdrawn
  | TournamentEntrySubstituted
  | TournamentEntriesClosed
  | TournamentCancelled
  | TournamentBuyInNotProvided
  | TournamentSessionStarted
  | TournamentCoupStarted
  | PassCardPlayed
  | UndisclosedWagerRecorded
  | UndisclosedWagerVoided
  | UndisclosedWagersRevealed
  | WagerOutOfSequence
  | WagersInTurn
  | TournamentChipsBought
  | TournamentMarkerPlayed
  | TournamentCoupScored
  | TournamentPlayersEliminated
  | TournamentPlayerDisqualified
  | TournamentPlayerRetired
  | TournamentPlayerAbsenceNoted
  | TournamentSessionEnded
  | TournamentPlayOffDecided
  | TournamentResultsDeclared
  | TournamentPrizesDistributed
  | TournamentChipsCorrected
  | TournamentRapidNoticeRecorded
  | TournamentTablePlayIgnored;

export type TournamentsIntegrationEventType = TournamentsIntegrationEvent['type'];

export const TOURNAMENTS_INTEGRATION_EVENT_TYPES: readonly TournamentsIntegrationEventType[] = [
  'TournamentTermsPublished',
  'TournamentTermsAmended',
  'TournamentRegulatorNotified',
  'TournamentTablesDesignated',
  'TournamentTableReady',
  'TournamentTableMisused',
  'TournamentPlayersBriefed',
  'TournamentEntryAccepted',
  'TournamentEntryRefused',
  'TournamentEntryWithdrawn',
  'TournamentEntrySubstituted',
  'TournamentEntriesClosed',
  'TournamentCancelled',
  'TournamentBuyInNotProvided',
  'TournamentSessionStarted',
  'TournamentCoupStarted',
  'PassCardPlayed',
  'UndisclosedWagerRecorded',
  'UndisclosedWagerVoided',
  'UndisclosedWagersRevealed',
  'WagerOutOfSequence',
  'WagersInTurn',
  'TournamentChipsBought',
  'TournamentMarkerPlayed',
  'TournamentCoupScored',
  'TournamentPlayersEliminated',
  'TournamentPlayerDisqualified',
  'TournamentPlayerRetired',
  'TournamentPlayerAbsenceNoted',
  'TournamentSessionEnded',
  'TournamentPlayOffDecided',
  'TournamentResultsDeclared',
  'TournamentPrizesDistributed',
  'TournamentChipsCorrected',
  'TournamentRapidNoticeRecorded',
  'TournamentTablePlayIgnored',
];

/** Stream id of a tournament in the tournaments event store. */
export const tournamentStreamId = (tournamentId: string): string => `tournament-${tournamentId}`;
