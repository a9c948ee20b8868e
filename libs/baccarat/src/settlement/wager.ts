import type { BetId, PayTableOptionId, Side } from '../bets/bet-id';

/** Money is always an integer number of minor units (cents): never a float. */
export type MinorUnits = number;

/** A wager on one bet. */
export interface Wager {
  readonly id?: string;
  readonly bet: BetId;
  readonly amount: MinorUnits;
  /** The hand of a side-nominated bet: pairs, perfect/crown pairs, Shield, Dragon Tail (Crown Melbourne 1.1). */
  readonly side?: Side;
  /** Insurance/No 6: the Player or Banker wager it may not exceed (Crown Melbourne 1.1). */
  readonly originalWager?: MinorUnits;
  /** Crown Melbourne 6.5: the player has an arrangement to wager above the table differential. */
  readonly overDifferentialArrangement?: boolean;
  /** Reduced before the deal to this amount (the dealer's reduction to the table differential, Crown Melbourne 6.4, Star 6.2); the rest is returned. */
  readonly reducedTo?: MinorUnits;
}

/** How the table settles a bet: its pay-table option and, for commission, when it is collected. */
export interface BetTerms {
  readonly option: PayTableOptionId;
  /** Crown Melbourne 9.3.1: collected at payout (default) or deferred to shoe end for seated players. */
  readonly commission?: 'immediate' | 'deferred';
  /** Crown Melbourne 6.5: the table differential, when an over-differential arrangement may apply. */
  readonly differential?: MinorUnits;
  /** 1-1-2 under Crown Melbourne 1.1: the Side Wager its 25% parts go on (default Pairs). */
  readonly oneOneTwoSideBet?: { readonly bet: 'pairs' | 'crown-pairs' | 'perfect-pairs' | 'dragon-bonus'; readonly option: PayTableOptionId };
  /**
   * The clause the rulebook in force cites for each pay line of this option (by its key) and for a loss ('lose'),
   * cited in place of the engine's Crown Melbourne numbering (rulebooks `payClauses`); a line without one keeps its own.
   */
  readonly payClauses?: Readonly<Record<string, string>>;
}

export interface Explanation {
  readonly clause: string;
  readonly text: string;
  readonly odds?: string;
}

export type WagerOutcome = 'win' | 'lose' | 'push' | 'void';

/**
 * A settled wager, in integer minor units. What the player ends with is
 * `stakeReturned + winnings - commissionImmediate - commissionDeferred` (= amount + net); the house's result
 * is `-net`, so money is conserved by construction.
 */
export interface WagerSettlement {
  readonly wagerId?: string;
  readonly bet: BetId;
  readonly option: PayTableOptionId;
  readonly side?: Side;
  /** As placed. */
  readonly amount: MinorUnits;
  /** The part that played: after the table maximum and the table differential. */
  readonly atRisk: MinorUnits;
  readonly outcome: WagerOutcome;
  /** Stake handed back: all of it on a win, push or void, plus any part that did not play. */
  readonly stakeReturned: MinorUnits;
  /** Paid at the odds (after rounding up to the minimum chip, if any). */
  readonly winnings: MinorUnits;
  /** Commission taken from the payout now. */
  readonly commissionImmediate: MinorUnits;
  /** Commission owed and marked with a button, settled at shoe end (Crown Melbourne 9.3.1(a)-(b)). */
  readonly commissionDeferred: MinorUnits;
  /** The player's result: stakeReturned + winnings - commissions - amount. */
  readonly net: MinorUnits;
  readonly explanation: readonly Explanation[];
}
