/**
 * Rulebooks as data: the shapes every rulebook version fills in. The texts are in docs/rules; every
 * entry carries the clause it comes from ("Crown Melbourne 9.3.1(a)", "Star 2024 12.18"). Code asks the
 * rulebook (e.g. `rulebook.procedures.tableClosing.notice`) instead of branching on the casino.
 *
 * A `null` procedure means the document does not address the matter (the Crown Sydney player guide is a
 * summary and says nothing about most procedures); callers must not read `null` as "allowed" or "forbidden".
 */
import type { BetId, PayTableOptionId } from '../bets/bet-id';
import type { RulebookPolicies } from './policies.types';
import type { RoleId } from './roles';
import type { TournamentRulebookData } from './tournament-rules';

export type { BetId, PayTableOptionId } from '../bets/bet-id';

/** An exact ratio of integers. Odds "N to M" are `{ num: N, den: M }`; a rate of 5% is `{ num: 5, den: 100 }`. */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

export type RulebookId =
  | 'crown-melbourne-v29'
  | 'crown-melbourne-rapid'
  | 'star-sydney-2021'
  | 'star-sydney-2024'
  | 'crown-sydney-guide';

/** A sequence of versions of one rulebook; a later version supersedes the earlier from its `effectiveFrom`. */
export type RulebookSeriesId =
  | 'crown-melbourne-baccarat'
  | 'crown-melbourne-rapid-baccarat'
  | 'star-sydney-baccarat'
  | 'crown-sydney-baccarat';

export type OperatorId = 'crown-melbourne' | 'the-star-sydney' | 'crown-sydney';
/** The casino (venue) whose tables play under a rulebook: staff tokens name the casinos their holder works at. */
export type CasinoId = 'crown-melbourne' | 'crown-sydney' | 'star-sydney';
export type Jurisdiction = 'VIC' | 'NSW';
export type RegulatorId = 'VGCCC' | 'VCGR' | 'ILGA' | 'NICC';

export type VariantId =
  /** Banker 1 to 1 less 5% commission (Crown) / 19 to 20 (Star); Player 1 to 1; Tie 8 to 1, Player/Banker stand off. */
  | 'traditional'
  /** Crown Baccarat: Banker 1 to 1, a Banker win on 6 pays 1 to 1 less 50% (i.e. 1 to 2); Insurance/No 6 may be offered. */
  | 'crown-baccarat'
  /** Star Even Money Baccarat (Star 11.2): Banker 1 to 1, a Banker win on 6 pays 1 to 2. */
  | 'even-money'
  /** 2 to 1 Baccarat: three-card 8 or 9 wins pay 2 to 1; Player and Banker lose on a Tie (Crown Melbourne Table 10). */
  | 'two-to-one'
  /** Tie Baccarat: Player and Banker wagers are paid 1%-10% on a Tie (Crown Melbourne Table 11). */
  | 'tie-baccarat'
  /** Zero Commission Baccarat, tournaments only (Crown Melbourne 1.1, Table 14). */
  | 'zero-commission'
  /** Lucky Chase: Player (Dragon Head) / Banker (Dragon Tail) at even money, no side wagers (Crown Melbourne 11). */
  | 'lucky-chase'
  /** Three Card Baccarat, one deck, players against the Dealer (Crown Melbourne 12). */
  | 'three-card';

/** How a bet resolves on an outcome. `push` = stand-off (wager returned); `void` = wager invalid and returned. */
export type Resolution = 'win' | 'lose' | 'push' | 'void';

/**
 * Named outcomes of pay tables. The settlement code maps a finished coup to these names; the rulebook says what
 * each pays. Outcomes a pay table does not list lose.
 */
export type PayOutcome =
  // main bets
  | 'player-wins'
  | 'banker-wins'
  /** Banker wins with a point count of 6 (Crown Baccarat, Even Money Baccarat, Super 6). */
  | 'banker-wins-with-6'
  /** Banker wins, not with 6 (Crown Baccarat, Even Money Baccarat). */
  | 'banker-wins-not-with-6'
  /** 2 to 1 Baccarat: the hand wins with three cards totalling 8 or 9. */
  | 'wins-with-three-card-8-or-9'
  /** 2 to 1 Baccarat: any other win of the hand. */
  | 'wins-otherwise'
  | 'tie'
  // insurance
  | 'banker-does-not-win-with-6'
  // runs and dragon tail (number of consecutive results)
  | 'run-of-2'
  | 'run-of-3'
  | 'run-of-4'
  | 'run-of-5'
  | 'run-of-6'
  // dragon bonus (the nominated hand)
  | 'wins-with-natural'
  | 'wins-by-4'
  | 'wins-by-5'
  | 'wins-by-6'
  | 'wins-by-7'
  | 'wins-by-8'
  | 'wins-by-9'
  | 'natural-tie'
  | 'non-natural-tie'
  // pairs (the nominated hand's first two cards)
  | 'pair'
  /** Same rank, different colour. */
  | 'mixed-pair'
  /** Same rank and colour, different suit. */
  | 'coloured-pair'
  /** Same rank and suit (Crown Pair / Perfect Pair). */
  | 'suited-pair'
  // shield (the wagered hand held 6 or 7 against 0-5 after four cards; the other hand wins)
  | 'shield-held-6-other-hand-wins'
  | 'shield-held-7-other-hand-wins'
  // tiger family
  | 'tie-on-6'
  | 'single-tiger-pair'
  | 'double-tiger-pair'
  | 'twin-tiger-pair'
  | 'banker-wins-with-two-card-6'
  | 'banker-wins-with-three-card-6'
  // dragon tiger family
  | 'player-wins-with-two-card-7'
  | 'player-wins-with-three-card-7'
  /** Player wins with three cards totalling 7 against a three-card Banker 6. */
  | 'dragon-tiger-three-cards-each'
  /** Player wins with 7 against Banker 6, one hand with three cards and the other with two. */
  | 'dragon-tiger-mixed-card-counts'
  /** Player wins with two cards totalling 7 against a two-card Banker 6. */
  | 'dragon-tiger-two-cards-each'
  // lucky chase
  | 'nominated-hand-wins'
  // three card baccarat (player's hand against the Dealer's, Crown Melbourne Table 18 ranking)
  | 'player-outranks-dealer'
  | 'player-outranks-dealer-with-6'
  | 'equal-ranking'
  | 'three-pictures'
  | 'two-pictures';

export interface PayTableEntry {
  readonly outcome: PayOutcome;
  readonly resolution: Resolution;
  /** Odds as the rulebook states them, for `win`: "8 to 1" is { num: 8, den: 1 }, "19 to 20" is { num: 19, den: 20 }. */
  readonly odds?: Ratio;
  /** Commission deducted from the winnings, as a fraction of the wager (Crown "1 to 1 less 5%" is 5/100). */
  readonly commission?: Ratio;
  readonly clause: string;
}

/** A side-wager family whose bets share a layout (Crown Melbourne 1.1 'Tiger Side Wager', 'Dragon Tiger Side Wager'). */
export type SideWagerFamily = 'tiger' | 'dragon-tiger';

export interface PayTable {
  readonly bet: BetId;
  readonly option: PayTableOptionId;
  readonly name: string;
  readonly entries: readonly PayTableEntry[];
  readonly family?: SideWagerFamily;
  /** A combined wager split over other bets (1-1-2): each part settles on its own pay table (Crown Melbourne 9.2). */
  readonly composition?: readonly {
    readonly part: 'tie' | 'player-side-wager' | 'banker-side-wager';
    /** The bet the part goes on, when the rulebook names it (Crown Sydney: the Pairs bets). */
    readonly bet?: BetId;
    readonly share: Ratio;
  }[];
  readonly clause: string;
}

export interface DeckRule {
  /** Deck counts a table may use. */
  readonly allowed: readonly number[];
  readonly clause: string;
}

/** A bet the rulebook defines, the pay-table options it may be offered with, and its own constraints. */
export interface BetDefinition {
  readonly bet: BetId;
  readonly name: string;
  readonly payTables: readonly PayTable[];
  /** Deck counts required when the bet is offered (Crown Melbourne 3.1.1, Star 3.1, Rapid 3.1.1). */
  readonly decks?: DeckRule;
  /** Layout diagrams the bet may be offered on (Star 10.2, 10.9...): offered bets must share one diagram. */
  readonly layouts?: { readonly diagrams: readonly string[]; readonly clause: string };
  /**
   * Every table offering this bet must use the same option (Rapid Baccarat 10.1 footnote). `sideWager` names the
   * side wager the bet is a betting area of, when the option belongs to that side wager as a whole (Rapid 2.4: the
   * Player and Banker Dragon Bonus areas of the "Dragon Bonus" side wager): its areas then share one option, at a
   * table and across tables.
   */
  readonly uniformAcrossTables?: { readonly clause: string; readonly sideWager?: { readonly id: string; readonly name: string } };
  readonly clause: string;
}

export interface VariantDefinition {
  readonly id: VariantId;
  readonly name: string;
  /** The pay-table options the variant allows for its main bets, e.g. banker: ['crown']. */
  readonly mainBetOptions: Partial<Record<BetId, readonly PayTableOptionId[]>>;
  /** Bets a table of this variant may offer. */
  readonly allowedBets: readonly BetId[];
  readonly allowedBetsClause: string;
  /** Deck rule replacing the rulebook's default (Three Card Baccarat: one deck). */
  readonly decks?: DeckRule;
  /** May only be offered for tournament play (Crown Melbourne 1.1 'Zero Commission Baccarat'). */
  readonly tournamentOnly?: { readonly clause: string };
  /** House edge the operator publishes for the main bets, side wagers excluded (Crown Sydney guide). */
  readonly publishedHouseEdgePercent?: { readonly percent: Ratio; readonly clause: string };
  /** A notice must be displayed at the table (Rapid 7.1, Star 2.5). */
  readonly noticeRequired?: { readonly text: string; readonly clause: string };
  readonly clause: string;
}

/** Who may do something: the lowest role on the ladder that may (see roles.ts), and where the rule says so. */
export interface Authority {
  readonly minimumRole: RoleId;
  readonly clause: string;
}

export type DealingMethodId =
  /** Crown Melbourne 7.1.1: the Dealer delivers the hands to the highest wagerers on each. */
  | 'cards-to-highest-wagerers'
  /** Crown Melbourne 7.1.2 / Rapid 8.3.1: the Dealer retains the shoe and deals both hands. */
  | 'dealer-retains-shoe'
  /** Crown Melbourne 7.1.3: the shoe is offered to the seated player with the highest wager. */
  | 'shoe-to-highest-wagerer'
  /** Star 8.5-8.7: dealer retains all cards. */
  | 'method-a'
  /** Star 8.8-8.16: cards passed to the highest wagerers on each hand. */
  | 'method-b'
  /** Star 8.17-8.26: a designated player wagers on and receives the Banker's cards for the shoe. */
  | 'method-c';

export type BurnMethod =
  /** Burn the first card face down (Crown 4.3.1(a), Star 4.7.1, Rapid 3.8.1). */
  | 'standard'
  /** Standard burn; the burn card is shown on request (Crown 4.3.1(a), Star 4.7.2, Rapid 3.8.1). */
  | 'standard-shown-on-request'
  /** Expose the first card and burn as many more as its face value, ten/pictures 10 and ace 1 (Crown 4.3.1(b), Star 4.7.3-4.8). */
  | 'face-value';

export interface BurnProcedure {
  readonly methods: readonly {
    readonly method: BurnMethod;
    /** Who asks for it, when not the dealer's own choice. */
    readonly onRequestOf?: 'player';
    /** Approval needed to use this method. */
    readonly approval?: Authority;
    readonly clause: string;
  }[];
  /** Face-value burn: who may allow the face-down burn cards to be exposed (Crown Melbourne 4.3.1(b)(i)). */
  readonly exposeFaceValueBurnCards?: Authority;
  /** Failing to burn: play continues (Crown 10.1, Star 12.8, Rapid 11.1). */
  readonly failureToBurn: { readonly effect: string; readonly clause: string };
}

export interface CutProcedure {
  /** Who cuts, in order. */
  readonly cutters: readonly string[];
  /** The cutting card goes at least this many decks in from either end (approximately one deck). */
  readonly minimumDecksFromEitherEnd: number;
  /** Where the dealer then places the cutting card. */
  readonly cutCardPlacement: readonly {
    readonly description: string;
    readonly cardsFromBack: number;
    readonly qualifier: 'approximately' | 'at-least' | 'exactly';
    readonly clause: string;
  }[];
  /** When the cutting card appears, how many further coups are dealt before the shuffle (one more coup). */
  readonly coupsAfterCutCard: number;
  /** No cutting card / no cut with a continuous shuffler or shuffling device. */
  readonly noCutWithShufflingDevice?: { readonly clause: string };
  readonly clause: string;
}

export type Notice =
  | { readonly kind: 'coups'; readonly coups: number }
  | { readonly kind: 'sign-minutes'; readonly minutes: number };

export interface Procedures {
  /** Minimum and maximum wagers (per bet / playing area / differential) shown on a sign at the table. */
  readonly limitsSign: { readonly clause: string } | null;
  /** Wagers are placed only in chips (or ATS chip-account credit): a table minimum below the smallest chip cannot be wagered. */
  readonly wagersInChips: { readonly clause: string } | null;
  readonly dealingMethods: { readonly allowed: readonly DealingMethodId[]; readonly clause: string } | null;
  readonly dummyCoups: {
    readonly term: 'Dummy Coup' | 'No Bet Coup';
    /** Who may direct dummy / no-bet coups outside an irregularity. */
    readonly directedBy: Authority | null;
    /** The circumstances in which they may be directed. */
    readonly when: readonly { readonly description: string; readonly clause: string }[];
    /** Irregularities that force one (face-up first card, third card dealt in error...). */
    readonly forcedBy: readonly { readonly description: string; readonly clause: string }[];
    /** Wagers left on a dummy coup become void and are returned, except listed bets that carry on. */
    readonly wagersOnDummyCoup: { readonly effect: 'void-and-returned' | 'not-permitted'; readonly exceptBets: readonly BetId[]; readonly clause: string };
  } | null;
  readonly burn: BurnProcedure | null;
  readonly cut: CutProcedure | null;
  readonly tableClosing: { readonly notice: Notice; readonly authority: Authority } | null;
  readonly limitChange: {
    readonly authority: Authority | null;
    /** Raising the minimum needs a sign at the table this long before the change (Casino Control Act s66(2)). */
    readonly raiseMinimumSignMinutes: number;
    /** Raise at once, seated players keep the old minimum with a marker (Star 6.7.1-6.7.4). */
    readonly grandfatheredMinimum: { readonly allowed: boolean; readonly marker: boolean; readonly clause: string } | null;
    readonly clause: string;
  } | null;
  readonly individualLimits: {
    readonly allowed: boolean;
    readonly indicatedBy: 'distinctive-marker' | 'sign';
    readonly authority: Authority | null;
    readonly clause: string;
  } | null;
  readonly proxyBetting: { readonly allowed: boolean; readonly clause: string } | null;
  readonly minimumMaximum: {
    /**
     * What happens to a wager under the minimum: settled, with the player warned (Crown 6.3.1); refused (Rapid 5.3.1);
     * or 'valid', which Star 6.4 says of a wager *found* below the minimum after the first card is out, so one
     * offered before it is refused like any wager outside the sign's limits (Star 6.1).
     */
    readonly belowMinimum: 'settled-then-warned' | 'valid' | 'not-accepted';
    /** What happens to a wager over the maximum. */
    readonly aboveMaximum: 'settled-to-maximum' | 'reduced-to-maximum';
    readonly clause: string;
  } | null;
  readonly commission: {
    /** Commission on winning Banker wagers in the traditional game. */
    readonly banker: Ratio;
    readonly bankerClause: string;
    /** Deferred commission (Crown Melbourne 9.3.1): when allowed, settled at the end of each shoe at the latest. */
    readonly deferral: {
      readonly allowed: boolean;
      readonly seatedPlayersOnly?: boolean;
      readonly approval?: string;
      readonly settleBy?: 'end-of-shoe';
      readonly earlierWhen?: readonly string[];
      readonly recordedBy?: string;
      readonly clause: string;
    } | null;
  } | null;
  readonly tableDifferential: {
    readonly offered: boolean;
    readonly definition: string;
    /** Over the differential the dealer may reduce wagers pro rata. */
    readonly excess: 'pro-rata-reduction';
    /** Found only after the first card: all wagers stand (Star 6.3). */
    readonly discoveredAfterFirstCard: 'wagers-valid' | null;
    /** Traditional Baccarat: wagers over the differential by prior arrangement for an extra commission (Crown Melbourne 6.5). */
    readonly overDifferentialCommission: {
      readonly variants: readonly VariantId[];
      readonly bankerExtra: Ratio;
      readonly playerExtra: Ratio;
      readonly clause: string;
    } | null;
    readonly clause: string;
  } | null;
  readonly chipRounding: { readonly rule: 'next-highest-payable-amount'; readonly clause: string } | null;
  readonly wagerRefusal: { readonly description: string; readonly clause: string } | null;
  readonly overUnderpayment: {
    readonly rectification: string;
    readonly intentional: string;
    /** Individual over/underpayments above this amount (cents) are reported to the regulator monthly. */
    readonly monthlyReportAboveCents: number;
    readonly reportTo: RegulatorId;
    readonly clause: string;
  } | null;
  readonly voiding: {
    readonly fraud: Authority;
    readonly disruption: Authority;
    readonly equipmentMalfunction: Authority | null;
    readonly refund: { readonly description: string; readonly clause: string };
  } | null;
  readonly disputes: Authority | null;
  readonly luckyTieJackpot: LuckyTieJackpotRules | null;
  readonly promotionalPrizes: PromotionalPrizeRules | null;
  readonly tournaments: TournamentRules | null;
}

export type LuckyTieOutcome = 'non-coloured-lucky-tie' | 'coloured-lucky-tie' | 'suited-lucky-tie' | 'non-suited-lucky-tie' | 'lucky-tie';

export interface LuckyTieJackpotRules {
  /** A Tie where the Player's and Banker's first two cards are all 8s (8,8,8,8). */
  readonly qualifyingHand: string;
  /** Only valid Tie wagers share the jackpot. */
  readonly eligibleBet: BetId;
  readonly contribution: { readonly description: string; readonly clause: string };
  readonly options: readonly {
    readonly option: '1' | '2' | '3';
    readonly outcomes: readonly {
      readonly outcome: LuckyTieOutcome;
      readonly description: string;
      /** Share of the rounded meter value, configurable within [min, max] percent. */
      readonly percentOfMeter: { readonly min: number; readonly max: number };
    }[];
    readonly clause: string;
  }[];
  readonly division: { readonly methods: readonly ('equal' | 'proportional')[]; readonly displayedAtTable: boolean; readonly clause: string };
  readonly rounding: { readonly rule: 'meter-rounded-up-to-payable-amount'; readonly clause: string };
  readonly sequencing: { readonly rule: string; readonly clause: string };
  readonly recordedBy: Authority;
  readonly confirmation: Authority & { readonly via: 'jackpot-console'; readonly notify: RoleId };
  readonly malfunction: readonly { readonly description: string; readonly clause: string }[];
  /** The clause of each step of the jackpot's procedure, as its events and refusals cite it (apps/jackpots). */
  readonly clauses: LuckyTieClauses;
}

/** The steps of a Lucky Tie jackpot's procedure that the jackpot service cites, each with its clause. */
export type LuckyTieStep =
  | 'creation'
  | 'tables'
  | 'seed'
  | 'notification'
  | 'option'
  | 'division'
  | 'rounding-unit'
  | 'parameters-locked-during-hit'
  | 'contribution'
  | 'contribution-forgotten-shoe'
  | 'links'
  | 'detection'
  | 'mismatch'
  | 'reversal'
  | 'reversal-forgotten-shoe'
  | 'reversal-shortfall'
  | 'void-dismisses-hit'
  | 'voided-after-payout'
  | 'hit-recording'
  | 'hit-recorded'
  | 'hit-not-detected'
  | 'confirmation'
  | 'sequence'
  | 'mismatch-resolution'
  | 'confirmed'
  | 'payment'
  | 'reset'
  | 'adjustment'
  | 'adjustment-during-hit'
  | 'suspension'
  | 'backfill';

export type LuckyTieClauses = Readonly<Record<LuckyTieStep, string>>;

export interface PromotionalPrizeRules {
  readonly cashAllowed: boolean;
  readonly paymentMethods: readonly ('cash' | 'crossed-cheque' | 'eft')[];
  readonly payment: { readonly description: string; readonly clause: string };
  readonly scrutineerAboveCents: { readonly cents: number; readonly clause: string };
  readonly notifyWinnerWithinDays: { readonly days: number; readonly clause: string };
  readonly retainDeniedClaimsAboveCents: { readonly cents: number; readonly clause: string };
  readonly integrityCompromisedNotice: { readonly description: string; readonly clause: string };
  readonly termsToRegulatorHoursBefore: { readonly hours: number; readonly clause: string } | null;
}

export interface TournamentRules extends TournamentRulebookData {
  readonly director: { readonly title: string; readonly role: RoleId; readonly clause: string };
  readonly exclusiveTables: { readonly clause: string };
  /**
   * A table in tournament mode takes wagers only in the tournament's chips, which are not cash chips and have no cash
   * value (Crown Melbourne 14.4.4(a); Rapid 12.2.1(b), the tournament's credits to ATS accounts; Star 15.1.1
   * 'tournament chips'), since it serves the tournament alone (`exclusiveTables`): a cash wager there is refused.
   */
  readonly tournamentChips: { readonly clause: string };
  /**
   * A table in tournament mode plays for no jackpot: a jackpot is funded for each coup completed at a participating
   * table and paid in chips, cash or cash equivalent (Crown Melbourne 13.4.1, 13.4.8), while a tournament table
   * serves only tournament play in chips of no cash value (14.2.5, 14.4.4(a)). Null where the rulebook provides no
   * jackpot for a table to play for.
   */
  readonly noJackpot: { readonly clause: string } | null;
  readonly features: readonly { readonly feature: string; readonly clause: string }[];
  /** Rules that do not apply to tournament play (Star 15.2.1). */
  readonly excludedRules: readonly string[];
  readonly clause: string;
}

export interface Rulebook {
  readonly id: RulebookId;
  readonly series: RulebookSeriesId;
  readonly title: string;
  /** How clauses of this rulebook are cited: "Crown Melbourne", "Rapid", "Star 2021", "Star 2024", "Crown Sydney guide". */
  readonly citation: string;
  readonly version: string;
  /** ISO date (YYYY-MM-DD) from which this version is in force. */
  readonly effectiveFrom: string;
  /** Where `effectiveFrom` comes from; `stated: false` when the document carries no date. */
  readonly effectiveFromSource: { readonly stated: boolean; readonly note: string };
  readonly jurisdiction: Jurisdiction;
  readonly operator: string;
  readonly operatorId: OperatorId;
  /** The casino whose tables play under it: a staff token acts only at the casinos it names. */
  readonly casino: CasinoId;
  readonly regulator: RegulatorId;
  /** IANA time zone of the venue: a play's local calendar date decides the version in force. */
  readonly timeZone: 'Australia/Melbourne' | 'Australia/Sydney';
  /** The source file in docs/rules. */
  readonly source: string;
  /** The rulebook's own titles for the platform-wide roles. */
  readonly roleTitles: readonly { readonly title: string; readonly role: RoleId; readonly clause: string }[];
  readonly decks: DeckRule;
  readonly variants: readonly VariantDefinition[];
  readonly bets: readonly BetDefinition[];
  readonly procedures: Procedures;
  /** The procedures the deciders ask about, as small named policies with their clauses (policies.types.ts). */
  readonly policies: RulebookPolicies;
}
