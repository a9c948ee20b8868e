/**
 * Integration events published by the tables service on `baccarat.tables.events` (see asyncapi.yaml).
 * The jackpot and reporting services work from these alone, so they carry every fact those need:
 * amounts in integer cents, cards as "KH" / "10S" / "AD", the clause a procedure rests on.
 * The envelope (actor, role, rulebook version, correlation, position) is in integration-event.ts.
 * Add fields freely; renaming or removing one needs a new `version` of the event and an upcaster.
 */

export type Jurisdiction = 'VIC' | 'NSW';
export type HandSide = 'player' | 'banker';
export type CoupResult = 'player' | 'banker' | 'tie';

export interface OfferedBet {
  readonly bet: string;
  readonly option: string;
}

export interface TableLimits {
  /** Per bet id: minimum and maximum wager in cents. */
  readonly perBet: Readonly<Record<string, { readonly minimumCents: number; readonly maximumCents: number }>>;
  readonly perBoxMaximumCents?: number;
  /** Table differential (Crown 6.4, Star 6.2): the most the house may lose on Player vs Banker in one coup. */
  readonly tableDifferentialCents?: number;
}

export interface TableOpened {
  readonly type: 'TableOpened';
  readonly tableId: string;
  readonly jurisdiction: Jurisdiction;
  /** Rulebook id in force, e.g. "crown-melbourne-v29" (also in the envelope's rulebookVersion). */
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly OfferedBet[];
  readonly decks: number;
  readonly limits: TableLimits;
  readonly minimumChipCents: number;
  readonly dealingMethod: string;
  /** Jackpots the table contributes to (Crown 13.4.1). Empty when it takes part in none. */
  readonly jackpotIds: readonly string[];
  readonly boxes: number;
  /**
   * Opened in tournament mode for this tournament (Crown Melbourne 14.2.4-14.2.5, Star 15.5.1-15.5.2): used only
   * for its play, where tournament-only games (Zero Commission Baccarat, Crown Melbourne 1.1) may be dealt.
   * Absent on tables opened before tournaments existed: read as null.
   */
  readonly tournamentId?: string | null;
  readonly openedAt: string;
}

export interface TableClosed {
  readonly type: 'TableClosed';
  readonly tableId: string;
  readonly noticeGivenAt: string | null;
  readonly closedAt: string;
  readonly reason: string;
  readonly clause: string;
}

export interface TableLimitsChanged {
  readonly type: 'TableLimitsChanged';
  readonly tableId: string;
  readonly previous: TableLimits;
  readonly next: TableLimits;
  readonly noticeGivenAt: string;
  readonly effectiveAt: string;
  readonly clause: string;
}

/**
 * A shoe starts: new or reshuffled cards, committed to before the cut (version 2). Version 1 also carried `cutBy`,
 * which was always '' because the cut comes after the shoe starts; who cut is now in ShoeCut. Consumers read
 * versions 1 and 2 alike (no consumer read `cutBy`).
 */
export interface ShoeStarted {
  readonly type: 'ShoeStarted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly decks: number;
  /** SHA-256 of the shuffled order, recorded before play. */
  readonly commitmentHash: string;
  /** Commission still owed from the previous shoe that a manager allowed to carry over (Crown 9.3.1). */
  readonly commissionOverride: { readonly outstandingCents: number; readonly approvedBy: string; readonly reason: string } | null;
  readonly startedAt: string;
}

/**
 * The cards of a started shoe are cut (Crown Melbourne 4.2; Star 4.3-4.6; Crown Melbourne 12.4.1 for the one deck
 * of Three Card Baccarat): by a player, a person the rules let the player designate, or a supervisor.
 */
export interface ShoeCut {
  readonly type: 'ShoeCut';
  readonly tableId: string;
  readonly shoeId: string;
  /** Who cut: the player's, designated person's or supervisor's id as the dealer recorded it. */
  readonly cutBy: string;
  readonly cutterKind: 'player' | 'designated' | 'supervisor';
  /** Where the cutting card went: cards from the back of the pack. */
  readonly cutCardFromBack: number;
  /** The rulebook's cut procedure, e.g. "Crown Melbourne 4.2". */
  readonly clause: string;
  readonly cutAt: string;
}

export interface ShoeEnded {
  readonly type: 'ShoeEnded';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupsPlayed: number;
  readonly reason: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence' | 'voided' | 'table-closed';
  readonly endedAt: string;
}

/** The whole shoe is void (Star 4.13): notifiable to the regulator. */
export interface ShoeVoided {
  readonly type: 'ShoeVoided';
  readonly tableId: string;
  readonly shoeId: string;
  readonly reason: string;
  readonly clause: string;
  readonly voidedAt: string;
}

export interface CoupStarted {
  readonly type: 'CoupStarted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  /** A dummy / no-bet coup (Crown 7.4, Star 7.4-7.5): no wagers, does not count for Runs, Dragon Tail or jackpots. */
  readonly dummy: boolean;
  /**
   * Version 2: the clause a dummy / no-bet coup rests on, as the table's rulebook decided it (e.g. "Crown Melbourne
   * 7.4; 10.8.1", "Star 2024 7.5 (all players agreed)", a forcing irregularity's clause); null for an ordinary coup
   * and on version 1 events.
   */
  readonly clause: string | null;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly startedAt: string;
}

/**
 * What a wager was placed with (Star 5.2: chips and/or casino promotional tokens). A promotional token is not cash
 * (Star 1.1 'Casino Promotional Token'): its winnings are paid in chips, its stake is never handed back in chips,
 * and what happens to the token itself is the promotions service's (PromotionalTokenWagerSettled.token).
 * 'tournament-chips': a wager at a table in tournament mode, the only medium it takes (Crown Melbourne 14.2.5,
 * 14.4.4(a); Star 15.5.2, 15.1.1 'tournament chips'). Tournament chips have no cash value: such a wager is no
 * turnover, house win, commission or jackpot contribution, and its `amountCents`, `winCents` and `returnedCents`
 * count tournament chips (one per "cent"), as the tournaments service scores them.
 * Absent on events published before tokens were marked: read it as 'chips' (before tournament chips were marked, a
 * wager at a table whose TableOpened named a tournamentId was in tournament chips).
 */
export type WagerMedium = 'chips' | 'promotional-token' | 'tournament-chips';

/** Whether a wager's stake and payout are money: tournament chips have no cash value (Star 15.1.1, Crown Melbourne 14.4.4(a)). */
export const isMoneyWager = (w: { readonly medium?: WagerMedium }): boolean => w.medium !== 'tournament-chips';

/**
 * The shape of a tournament id, as the tournaments service accepts one (1-64 letters, digits, '.', '_', ':' or '-',
 * the platform's id shape): a table is opened in tournament mode only for an id of this shape.
 */
export const TOURNAMENT_ID_SHAPE = /^[A-Za-z0-9._:-]{1,64}$/;

export interface AcceptedWager {
  readonly wagerId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly bet: string;
  readonly option: string;
  readonly amountCents: number;
  /** What the wager was placed with (see WagerMedium); 'tournament-chips' at a table in tournament mode. */
  readonly medium?: WagerMedium;
  /** The hand a side-nominated wager names (Pairs, Perfect/Crown Pairs, Shield: Crown Melbourne 1.1); absent otherwise and on older events. */
  readonly side?: 'player' | 'banker';
  /**
   * Placed under the player's prior arrangement to wager over the table differential (Crown Melbourne 6.5): never
   * reduced to it, and a win pays the additional commission on the excess (6.5.1-6.5.2). Absent otherwise.
   */
  readonly overDifferentialArrangement?: true;
  /**
   * Under the minimum for the bet (Crown Melbourne 6.3.1): 'warned', paid or collected after the result and its owner
   * advised; 'returned', a further one, returned regardless of the result (its settlement is void). Absent otherwise
   * and on events published before it was carried.
   */
  readonly belowMinimum?: { readonly effect: 'warned' | 'returned'; readonly clause: string };
  /**
   * The individual limits agreed for the wager's player (Crown Melbourne 6.6; Star 6.8), in force when it was accepted:
   * a wager up to `maximumCents` stands in full, above the table maximum too. Absent where none was agreed (the table's
   * limits apply) and on events published before it was carried.
   */
  readonly individualLimit?: WagerIndividualLimit;
}

/** A player's own limits a wager stands under (Crown Melbourne 6.6; Star 6.8): `minimumCents` where one was agreed. */
export interface WagerIndividualLimit {
  readonly maximumCents: number;
  readonly minimumCents?: number;
  readonly clause: string;
}

export interface WagersAccepted {
  readonly type: 'WagersAccepted';
  readonly tableId: string;
  readonly coupId: string;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly wagers: readonly AcceptedWager[];
}

/** One card from the shoe or the dealer console, placed by the Table of Play (Crown Melbourne 7.2-8; Star 9). */
/** No more bets was called for a coup: the table takes no further wager on it (at a tournament table, no undisclosed wager either: Star 2024 15.8.2.5-15.8.2.6). */
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
  /** 1-6: the card's position in the coup. */
  readonly position: number;
  readonly hand: HandSide;
  readonly card: string;
  readonly clause: string;
  readonly dealtAt: string;
}

/**
 * A Baccarat coup is complete: the Player and Banker hands and the coup's one result. Consumers build on `result`:
 * the results road and Player/Banker/Tie counts (reporting), the Lucky Tie Jackpot (jackpots, Crown Melbourne
 * 13.4.3), Runs and Dragon Tail. A Three Card Baccarat round has no Player or Banker hand and no one result, so it
 * is never published as CoupCompleted: see ThreeCardRoundCompleted.
 */
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
  /** Jackpots the table contributed to for this coup (Crown 13.4.1-13.4.2); empty for dummy coups. */
  readonly jackpotIds: readonly string[];
  /**
   * Tie wagers of this coup, for a jackpot's division among qualifying Tie wagers (Crown 13.4.6), each with what it
   * was placed with (see WagerMedium; absent on older events: chips).
   */
  readonly tieWagers: readonly { readonly wagerId: string; readonly box: number; readonly patronId: string | null; readonly amountCents: number; readonly medium?: WagerMedium }[];
  /**
   * @deprecated Only on CoupCompleted messages published before Three Card rounds became ThreeCardRoundCompleted
   * (their `result` was 'player' when any area beat the Dealer): ignore such messages' result. A reporting rebuild
   * from the tables event store republishes those rounds as ThreeCardRoundCompleted.
   */
  readonly threeCard?: ThreeCardRoundHands;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly completedAt: string;
}

/** The hands of a Three Card Baccarat round (Crown Melbourne 12), ranked by Table 18 (1 = Three Pictures ... 11 = zero). */
export interface ThreeCardRoundHands {
  readonly dealer: { readonly cards: readonly string[]; readonly total: number; readonly ranking: number };
  /** Each betting area that played against the Dealer; `result` is that area's: it outranks the Dealer ('player'), is outranked ('dealer') or ranks equal ('tie'). */
  readonly hands: readonly { readonly box: number; readonly cards: readonly string[]; readonly total: number; readonly ranking: number; readonly pictures: number; readonly result: 'player' | 'dealer' | 'tie' }[];
}

/**
 * A Three Card Baccarat round is complete (Crown Melbourne 12.6): every betting area's hand against the Dealer's.
 * What consumers see, and why:
 * - There is no Player hand, Banker hand or single result, so the round is not a CoupCompleted: it is not on the
 *   results road and not in Player/Banker/Tie, pair or natural counts, and it contributes to no Lucky Tie Jackpot
 *   (a jackpot table is a Baccarat table, Crown Melbourne 13.3.1(a), and a Lucky Tie is Player and Banker hands of
 *   8,8 / 8,8, 13.4.3).
 * - Its wagers are settled by WagersSettled like any coup's (turnover, payouts and house win per bet), and a
 *   misdeal is a CoupVoided (Crown Melbourne 12.8). A wrong deal noticed after a player looked may instead void
 *   some areas' wagers (WagerVoided, 12.8.3(b)), let players retract theirs (WagerRetracted, 12.8.3(b), 12.8.6) and
 *   burn cards dealt to areas without a wager (`burnt`, 12.8.6); each is an IrregularityRecorded too.
 * - Per-area results are in `hands`; a consumer that wants to count rounds counts these events.
 */
export interface ThreeCardRoundCompleted extends ThreeCardRoundHands {
  readonly type: 'ThreeCardRoundCompleted';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  /** Cards dealt to areas without a wager, noticed after a player looked, and burnt (Crown Melbourne 12.8.6); usually empty. */
  readonly burnt: readonly { readonly box: number; readonly cards: readonly string[] }[];
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly completedAt: string;
}

export interface WagerSettlement {
  readonly wagerId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly bet: string;
  readonly option: string;
  readonly amountCents: number;
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  /** Winnings paid on top of the returned stake. */
  readonly winCents: number;
  /**
   * Stake handed back in chips (the wager itself on a win, push or void; 0 on a loss). Always 0 for a promotional
   * token wager: the token is not cash (Star 1.1), so a statistic or reconciliation never counts it as chips.
   */
  readonly returnedCents: number;
  /** Chips, a promotional token or tournament chips (see WagerMedium); absent: chips. */
  readonly medium?: WagerMedium;
  readonly commissionImmediateCents: number;
  readonly commissionDeferredCents: number;
  readonly odds: string;
  readonly clause: string;
  /**
   * The part of the wager that stood in play: what was placed less what was handed back before the deal (above the
   * maximum, Crown Melbourne 6.3.2, Star 6.5; a reduction to the table differential, Crown Melbourne 6.4, Star 6.2).
   * The wager's turnover. Absent on a void and on events published before it was carried: then `amountCents`.
   */
  readonly inPlayCents?: number;
  /**
   * The part of a tournament-chip wager that did not play, where the rulebook plays a wager found outside the terms as
   * far as it may (Star 15.6.14): the box's wagers this coup are valid to the last complete increment of the minimum
   * (each wager cut on its own) and paid or collected to the terms' maximum for the coup (the wagers placed last give
   * way first). It is in `returnedCents`, neither won nor lost; `inPlayCents` is what played, as the tournament scores
   * it. Tournament chips are never money. Absent: the whole wager played as placed (every cash wager).
   */
  readonly notPlayed?: {
    readonly amountCents: number;
    /** Of it, below the wager's last complete increment of the minimum. */
    readonly incompleteIncrementCents: number;
    /** Of it, above the terms' maximum for the coup. */
    readonly aboveMaximumCents: number;
    readonly clause: string;
  };
}

/**
 * The dealer reduced wagers pro rata to the table differential before the first card (Crown Melbourne 6.4, Star
 * 2024 6.2): each reduced wager stands at `toCents`, the rest is handed back.
 */
export interface WagersReducedToDifferential {
  readonly type: 'WagersReducedToDifferential';
  readonly tableId: string;
  readonly coupId: string;
  readonly reductions: readonly { readonly wagerId: string; readonly box: number; readonly fromCents: number; readonly toCents: number }[];
  readonly differentialCents: number;
  readonly clause: string;
  readonly reducedAt: string;
}

/**
 * A player reduced a wager after no more bets where the rulebook gives the option (Crown Melbourne 10.7(b), 10.9.1(b);
 * Star 12.12), permitted by the authority it names: the wager stands at `toCents` (from `fromCents`, what stood
 * before), the rest is handed back; a later reduction of the same wager replaces it. Its settlement's `inPlayCents`
 * is what stood. A wager the player withdrew altogether is a WagerRetracted.
 */
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
}

export interface WagersSettled {
  readonly type: 'WagersSettled';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly settlements: readonly WagerSettlement[];
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly settledAt: string;
}

/** Deferred commission owed by a box is paid, waived or written off (Crown 9.3.1). */
export interface CommissionSettled {
  readonly type: 'CommissionSettled';
  readonly tableId: string;
  readonly shoeId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly amountCents: number;
  readonly method: 'collected' | 'waived';
  readonly trigger: 'end-of-shoe' | 'player-request' | 'player-leaving' | 'management-discretion';
  /** Version 2: the clause it was settled under (e.g. "Crown Melbourne 9.3.1(a)(iii)"); null on version 1 events. */
  readonly clause: string | null;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly settledAt: string;
}

/**
 * A table moves to a newly effective version of its rulebook at the start of a shoe (e.g. Star 2021 to Star 2024 on
 * 16 May 2024): from `shoeId` on, its play is under `rulebookId`.
 */
export interface TableRulebookChanged {
  readonly type: 'TableRulebookChanged';
  readonly tableId: string;
  readonly shoeId: string;
  readonly previousRulebookId: string;
  readonly rulebookId: string;
  readonly jurisdiction: 'VIC' | 'NSW';
  /** The date (YYYY-MM-DD) the new version took effect. */
  readonly effectiveFrom: string;
  readonly changedAt: string;
}

/**
 * The game in play at a table changed between coups: another variant, or another pay-table option for a bet (Super 6
 * at 16 to 1 instead of 15, Crown Melbourne Table 15; Even Money Baccarat, Star 2024 11.2). Coups started from
 * `effectiveAt` on are dealt and settled as `variant` with `offeredBets`, until the next change; `clause` is the
 * rulebook's for the change (Star 2024 14.8: a sign 20 minutes before; "(no provision)" where the rulebook has none).
 */
export interface TableGameChanged {
  readonly type: 'TableGameChanged';
  readonly tableId: string;
  readonly previousVariant: string;
  readonly variant: string;
  /** Every bet offered from the change on, each with its one pay-table option. */
  readonly offeredBets: readonly OfferedBet[];
  readonly clause: string;
  readonly effectiveAt: string;
}

export interface CoupVoided {
  readonly type: 'CoupVoided';
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly reason: string;
  readonly clause: string;
  /** Wagers handed back because the coup is void. */
  readonly returnedWagerIds: readonly string[];
  /**
   * Version 2. A coup voided after it was settled (Crown Melbourne 15.3-15.5, Star 14.4-14.5) refunds every wager
   * (15.5): these are the settlements it undoes, as they were published in WagersSettled, deferred commission
   * included. Empty when the coup had not been settled (its wagers are returned by a WagersSettled of voids).
   * Version 1 events have none: read them as empty.
   */
  readonly reversedSettlements: readonly WagerSettlement[];
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly voidedAt: string;
}

export interface WagerVoided {
  readonly type: 'WagerVoided';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly reason: string;
  readonly clause: string;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly voidedAt: string;
}

/** A player took back their wager where the rules give the option (Crown Melbourne 12.8.3(b), 12.8.6); its return is in WagersSettled. */
export interface WagerRetracted {
  readonly type: 'WagerRetracted';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly box: number;
  /** Whose wager it was (rated play); the envelope's actor recorded it. */
  readonly patronId: string | null;
  readonly amountCents: number;
  readonly clause: string;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly retractedAt: string;
}

export type IrregularityKind =
  | 'card-to-wrong-hand'
  | 'excess-card'
  | 'third-card-contrary-to-table-of-play'
  | 'card-exposed'
  | 'insufficient-cards'
  | 'foreign-card'
  | 'missing-card'
  | 'surplus-card'
  | 'order-undetermined'
  | 'shuffling-device-malfunction'
  /** Three Card Baccarat, noticed after a player looked (Crown Melbourne 12.8.3): an area with a wager dealt no cards or not three. */
  | 'three-card-area-cards-incorrect'
  /** Three Card Baccarat, noticed after a player looked (Crown Melbourne 12.8.4): the Dealer dealt no cards or not three. */
  | 'three-card-dealer-cards-incorrect'
  /** Three Card Baccarat, noticed after a player looked (Crown Melbourne 12.8.6): cards dealt to an area without a wager, burnt. */
  | 'three-card-unwagered-area-dealt'
  | 'other';

export interface IrregularityRecorded {
  readonly type: 'IrregularityRecorded';
  readonly tableId: string;
  readonly shoeId: string | null;
  readonly coupId: string | null;
  readonly kind: IrregularityKind;
  /** Version 2: the card concerned (e.g. the foreign card found, Star 12.11), as the dealer recorded it; null when none or on version 1. */
  readonly card: string | null;
  readonly resolution: string;
  readonly clause: string;
  /** Must appear in the regulator's daily summary (e.g. Star 12.11 foreign or missing card). */
  readonly notifiable: boolean;
  readonly recordedAt: string;
}

/** An over/underpayment found after the coup and rectified (Star 2024 12.18-12.20). */
export interface PaymentCorrected {
  readonly type: 'PaymentCorrected';
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerId: string;
  readonly kind: 'overpayment' | 'underpayment';
  readonly amountCents: number;
  readonly patronId: string | null;
  /** Above $1,000: listed in the monthly report to the regulator (Star 2024 12.20.2). */
  readonly reportable: boolean;
  /** Version 2: how the error was found and rectified, as recorded (Star 2024 12.18-12.20); null on version 1 events. */
  readonly reason: string | null;
  readonly clause: string;
  /**
   * The kind of play: the tournament a table in tournament mode serves (its TableOpened.tournamentId), whose wagers
   * are tournament chips, not money (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.1.1). Absent at a table open for cash
   * play, and on events published before it was carried (read the table's TableOpened).
   */
  readonly tournamentId?: string;
  readonly correctedAt: string;
}

export type TablesIntegrationEvent =
  | TableOpened
  | TableClosed
  | TableLimitsChanged
  | TableRulebookChanged
  | TableGameChanged
  | ShoeStarted
  | ShoeCut
  | ShoeEnded
  | ShoeVoided
  | CoupStarted
  | WagersAccepted
  | WagersReducedToDifferential
  | WagerReduced
  | BettingClosed
  | CardDealt
  | CoupCompleted
  | ThreeCardRoundCompleted
  | WagersSettled
  | CommissionSettled
  | CoupVoided
  | WagerVoided
  | WagerRetracted
  | IrregularityRecorded
  | PaymentCorrected;

export type TablesIntegrationEventType = TablesIntegrationEvent['type'];

/**
 * The schema version of `data` each tables integration event is published with (the envelope's `version`). A
 * version goes up when a field is renamed or removed; adding a field keeps it.
 * - ShoeStarted 2: `cutBy` removed (see ShoeStarted); the cut is ShoeCut.
 * - CoupStarted 2: `clause`, the clause a dummy coup rests on; CommissionSettled 2: `clause` (integration-upcasters.ts).
 */
export const TABLES_INTEGRATION_EVENT_VERSIONS: Readonly<Record<TablesIntegrationEventType, number>> = {
  TableOpened: 1,
  TableClosed: 1,
  TableLimitsChanged: 1,
  TableRulebookChanged: 1,
  TableGameChanged: 1,
  ShoeStarted: 2,
  ShoeCut: 1,
  ShoeEnded: 1,
  ShoeVoided: 1,
  CoupStarted: 2,
  WagersAccepted: 1,
  WagersReducedToDifferential: 1,
  WagerReduced: 1,
  BettingClosed: 1,
  CardDealt: 1,
  CoupCompleted: 1,
  ThreeCardRoundCompleted: 1,
  WagersSettled: 1,
  CommissionSettled: 2,
  CoupVoided: 2,
  WagerVoided: 1,
  WagerRetracted: 1,
  IrregularityRecorded: 2,
  PaymentCorrected: 2,
};
