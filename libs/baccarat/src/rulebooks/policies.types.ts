/**
 * A rulebook version's procedures as small named policies, each with its clause: what the table deciders ask
 * the rulebook instead of branching on the casino. A `null` (or empty list) policy means the rulebook has no
 * such rule. Adding a rulebook version is a new data file filling these in, plus its specs.
 */
import type { BetId } from '../bets/bet-id';
import type { ProcedureClauses } from './procedure-clauses';
import type { RoleId } from './roles';
import type { Authority, DealingMethodId } from './rulebook.types';

/** The clauses settlement explains limits, the differential and chip rounding with (libs/baccarat `settleCoup`). */
export interface SettlementClauses {
  readonly min: string;
  readonly max: string;
  readonly differential: string;
  readonly chip: string;
  /** Said to a player whose wager under the minimum is settled (Crown Melbourne 6.3.1); absent where nothing is said. */
  readonly belowMinimumAdvice?: string;
}

/** The Player and Banker Side Wager a 1-1-2 apportions its quarters to, when the table offers it. */
export interface OneOneTwoSideWager {
  /** The engine's name for the side wager (`BetTerms.oneOneTwoSideBet.bet`). */
  readonly sideBet: 'pairs' | 'crown-pairs' | 'perfect-pairs' | 'dragon-bonus';
  /** The bets the table must offer for it (Dragon Bonus: both hands). */
  readonly offered: readonly BetId[];
}

export type WagerChangeGround = 'wrong-delivery' | 'cards-drawn-unexposed' | 'reconstruction' | 'supervisor-modification';

export interface WagerChangeOption {
  readonly ground: WagerChangeGround;
  readonly authority: Authority;
  readonly reduce: boolean;
  /** Only while none of the first four cards is exposed (at most four drawn). */
  readonly beforeExposure: boolean;
  readonly dealingMethods?: readonly DealingMethodId[];
  readonly exceptDealingMethods?: readonly DealingMethodId[];
  /** All wagers withdrawn: the coup is completed as a Dummy / No Bet Coup. */
  readonly allWithdrawn: string;
}

export interface RulebookPolicies {
  readonly settlementClauses: SettlementClauses;
  /**
   * Payments that cannot be made exactly in chips are rounded up to the next payable amount (Crown Melbourne 6.3.3,
   * Star 5.8); false where winnings are credited to an account with the commission deducted (Rapid 4.8.2(a)).
   */
  readonly paymentsRoundedToChips: boolean;
  /**
   * The pro rata reduction to the table differential, an action the dealer *may* take before the first card
   * (Crown Melbourne 6.4, Star 6.2), recorded with who took it; never applied at settlement. `afterFirstCard`:
   * the clause holding wagers found over the differential later valid in full (Star 6.3).
   */
  readonly differentialReduction: { readonly clause: string; readonly afterFirstCard: string } | null;
  /** Crown Melbourne 6.3.1: a wager under the minimum is settled and the player warned; further ones are returned. */
  readonly furtherBelowMinimum: { readonly clause: string } | null;
  /** Bets a player may wager once per coup (per hand where `perHand`): Star 10.5, 10.12, 10.17, 10.22, 10.28, 10.33, 10.38. */
  readonly oncePerCoup: readonly { readonly bet: BetId; readonly perHand: boolean; readonly rule: string; readonly clause: string }[];
  /** Bets accepted only with the player's own wager on one of `baseBets` in the coup (Rapid 4.11.1). */
  readonly baseWagerRequired: readonly { readonly bets: readonly BetId[]; readonly baseBets: readonly BetId[]; readonly clause: string }[];
  /** Player and Banker in the same coup at one box need this approval (Star 5.6.6-5.6.7). */
  readonly bothMainHands: { readonly approval: RoleId; readonly clause: string } | null;
  /** One nomination per box, among these bets (Crown Melbourne 11.2.1; 11.3.1). */
  readonly oneNominationPerBox: { readonly bets: readonly BetId[]; readonly clause: string } | null;
  /** Insurance/No 6 may not exceed the player's original wager on any of `cappedBy` (Crown Melbourne 1.1). */
  readonly insurance: { readonly cappedBy: readonly BetId[]; readonly clause: string } | null;
  /** A combined wager (1-1-2) whose parts could not be paid exactly in chips is refused when placed (Crown Melbourne 5.6). */
  readonly compositeWagerInChips: { readonly clause: string } | null;
  /** 1-1-2's Side Wager: the first of these the table offers, in its offered order (Crown Melbourne 1.1 '1-1-2'). */
  readonly oneOneTwoSideWagers: { readonly candidates: readonly OneOneTwoSideWager[]; readonly clause: string } | null;
  /**
   * Dragon Tail (Crown Melbourne 1.1, Table 7): a run is established only by an early wager on the result; late
   * wagers belong to the one coup after it (indicator `lateAtIndicator`); the run and the indicator end at `maximumRun`.
   */
  readonly dragonTail: { readonly lateAtIndicator: number; readonly maximumRun: number; readonly clause: string } | null;
  /** The order of entitlement to a betting area's Player / Banker Side Wagers (Crown Melbourne 5.8.3-5.8.7). */
  readonly sideWagerEntitlement: { readonly first: Readonly<Record<'player' | 'banker', string>>; readonly next: Readonly<Record<'player' | 'banker', string>>; readonly decline: string } | null;
  /** Who may shuffle because the cards come in an abnormal sequence (Crown Melbourne 4.1.1(c), Star 4.1.3, Rapid 3.5.3). */
  readonly abnormalSequenceShuffleBy: RoleId;
  /** Who handles a coup whose order of cards cannot be determined (Crown Melbourne 10.11: the dealer; Star 12.1.2: a supervisor). */
  readonly orderUndeterminedBy: RoleId;
  /** A foreign or missing card (Star 12.11, notified to the Inspector); elsewhere handled as an undetermined order. */
  readonly foreignOrMissingCard: { readonly clause: string; readonly notifiable: boolean };
  /** A shuffling device malfunction is resolved by what it did to the cards and players (Star 13.2-13.5). */
  readonly shufflerMalfunctionByOutcome: boolean;
  /** A third card dealt to the Player contrary to the Table of Play starts the next coup (Star 12.2) or a Dummy Coup (Crown Melbourne 10.6.1(b)). */
  readonly contraryPlayerThirdCard: 'next-coup' | 'dummy-coup';
  /** How this rulebook cites the Table of Play's clauses, where the engine's Crown Melbourne numbers are the same rule. */
  readonly tableOfPlayCitation: string | null;
  /** A casino supervisor may declare a whole shoe void (Star 4.13). */
  readonly shoeVoid: Authority | null;
  /** Who may change the game in play, with a sign's notice (Star 14.8). */
  readonly gameChange: Authority | null;
  /** The grounds for a no bet coup directed outside an irregularity (Star 7.4 with no patrons, 7.5 all players agreeing). */
  readonly noBetCoupBasis: { readonly noPatrons: string; readonly allPlayersAgree: string; readonly either: string } | null;
  /** A casino supervisor may limit the players at the table, or to one per dedicated box (Star 2024 5.9). */
  readonly playerLimits: Authority | null;
  /** When a game's outcome is invalidated for fraud, a supervisor may direct a fraudster's wager be forfeited instead of refunded (Star 14.5). */
  readonly voidForfeiture: Authority | null;
  /**
   * When players may retract or reduce a wager after no more bets (Crown Melbourne 10.7(b), 10.9.1; Star 12.1.1,
   * 12.12): the ground, who permits it, whether a wager may be reduced or only retracted, whether it must come before
   * the first four cards are exposed, and the dealing methods it is limited to (or excluded from).
   */
  readonly wagerChanges: readonly WagerChangeOption[];
  /** The clause numbers of the table procedures, by name (see procedure-clauses.ts). */
  readonly procedureClauses: ProcedureClauses;
  /**
   * Wagers may be placed with casino promotional tokens as well as chips (Star 5.2, 1.1 'Casino Promotional Token'):
   * the token is not cash, so its stake is never handed back in chips; null where the rules make no provision.
   */
  readonly promotionalTokens: { readonly clause: string } | null;
}
