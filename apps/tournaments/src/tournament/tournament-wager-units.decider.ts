/**
 * A player's table wagers brought within the tournament's limits where the rulebook says how (Star 15.6.14): every
 * wager in units of the minimum, valid to the last complete unit; paid or collected to the maximum; a coup's wager
 * under the minimum made up to it, or void (and the player eliminated from the session) when the player cannot.
 * Pure: the caller re-prices the lines whose amount changed.
 */
import type { CoupScoreLine } from '@app/contracts';

export type WagerAdjustment = NonNullable<CoupScoreLine['wagerAdjustment']>;

export interface WagerInUnits {
  /** The amount each line plays, in the order given. */
  readonly plays: readonly number[];
  readonly adjustment: WagerAdjustment | null;
}

/**
 * @param amounts the player's table wagers this coup, in the order the dealer settled them
 * @param otherPlays chips the player wagers this coup outside the table wagers (an undisclosed wager that plays, Star 15.8)
 * @param chips the player's chips before the coup (what they could make a short wager up with)
 */
export const wagerInUnits = (amounts: readonly number[], otherPlays: number, chips: number, minimum: number, maximum: number): WagerInUnits => {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total === 0 || minimum <= 0) return { plays: amounts, adjustment: null };
  let adjustment: WagerAdjustment | null = null;
  // Valid to the last complete wagered increment; a wager under one unit is dealt with as under the minimum below.
  const plays = amounts.map((a) => (a >= minimum ? a - (a % minimum) : a));
  if (plays.some((x, i) => x !== amounts[i])) adjustment = 'incomplete-increment';
  // Paid or collected to the maximum: the last lines settled give way first.
  let excess = plays.reduce((a, b) => a + b, 0) + otherPlays - maximum;
  for (let i = plays.length - 1; i >= 0 && excess > 0; i--) {
    const cut = Math.min(plays[i], excess);
    plays[i] -= cut;
    excess -= cut;
    adjustment = 'capped-at-maximum';
  }
  const played = plays.reduce((a, b) => a + b, 0) + otherPlays;
  if (played < minimum) {
    if (chips < minimum) return { plays: amounts.map(() => 0), adjustment: 'void-below-minimum' };
    const first = amounts.findIndex((a) => a > 0);
    plays[first] += minimum - played;
    adjustment = 'made-up-to-minimum';
  }
  return { plays, adjustment };
};
