/** Odds "win to stake": 19 to 20 is { win: 19, stake: 20 }; 1 to 2 is { win: 1, stake: 2 }. */
export interface Odds {
  readonly win: number;
  readonly stake: number;
}

export const odds = (win: number, stake = 1): Odds => ({ win, stake });
export const formatOdds = (o: Odds): string => `${o.win} to ${o.stake}`;

/**
 * What a pay line does to a wager. `commissionPercent` is the commission on a win (5 for Traditional Banker,
 * Crown Melbourne Table 3), collected at payout or deferred (Crown Melbourne 9.3).
 */
export type Payout =
  | { readonly kind: 'win'; readonly odds: Odds; readonly commissionPercent?: number }
  | { readonly kind: 'push' }
  | { readonly kind: 'lose' }
  | { readonly kind: 'void' };

export const win = (w: number, s = 1, commissionPercent?: number): Payout =>
  commissionPercent === undefined ? { kind: 'win', odds: odds(w, s) } : { kind: 'win', odds: odds(w, s), commissionPercent };
export const PUSH: Payout = { kind: 'push' };
export const LOSE: Payout = { kind: 'lose' };
export const VOID: Payout = { kind: 'void' };
