/**
 * A player's table wagers brought within the tournament's limits as the rulebook says (its `wagerUnits` policy):
 * paid or collected to the maximum; a coup's wager under the minimum made up to it; where the rulebook counts in
 * units of the minimum (Star 15.6.14), valid to the last complete unit, and a wager the player cannot make up void
 * (the player eliminated from the session). Crown Melbourne 14.4.4(b) applies the terms' limits without units.
 * Pure: the caller re-prices the lines whose amount changed.
 */
import { toCompleteIncrements } from '@app/baccarat';
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
 * @param bets the bet of each line: the lines of one bet are the one wager found on the layout, its chips placed in
 *   several goes (Star 15.6.14: 15 and 15 on the Banker are a wager of 30, three whole units); absent, each line alone
 */
/**
 * What a wager can play of the player's chips (Star 15.6.1, 15.6.8: all wagers are made and paid with tournament
 * chips): at most the chips they hold, none when they hold none. An undisclosed wager above them is deemed for them
 * (15.8.2.3, 15.8.3.3); a table wager above them is counted only up to them.
 */
export const withinChips = (amount: number, chips: number): number => Math.min(amount, Math.max(chips, 0));

/** Takes `excess` off the lines, the last given way first (in place); whether any line gave way. */
const lastGiveWayFirst = (plays: number[], excess: number): boolean => {
  let cut = false;
  for (let i = plays.length - 1; i >= 0 && excess > 0; i--) {
    const off = Math.min(plays[i], excess);
    plays[i] -= off;
    excess -= off;
    cut = cut || off > 0;
  }
  return cut;
};

/**
 * A box's table wagers counted only up to the chips the player held at the start of the coup (Star 15.6.1, 15.6.8):
 * the rest was not wagered (returned, neither won nor lost), the last placed giving way first, as to the maximum
 * (15.6.14). `capped`: some chips did not play.
 */
export const wagersWithinChips = (amounts: readonly number[], chips: number): { readonly plays: readonly number[]; readonly capped: boolean } => {
  const plays = [...amounts];
  const total = plays.reduce((a, b) => a + b, 0);
  const capped = lastGiveWayFirst(plays, total - withinChips(total, chips));
  return { plays, capped };
};

export const wagerInUnits = (
  amounts: readonly number[],
  otherPlays: number,
  chips: number,
  minimum: number,
  maximum: number,
  policy: { readonly inUnitsOfMinimum: boolean; readonly voidBelowMinimum: boolean } = { inUnitsOfMinimum: true, voidBelowMinimum: true },
  bets?: readonly string[],
): WagerInUnits => {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total === 0 || minimum <= 0) return { plays: amounts, adjustment: null };
  let adjustment: WagerAdjustment | null = null;
  // Valid to the last complete wagered increment; a wager under one unit is dealt with as under the minimum below.
  const plays = policy.inUnitsOfMinimum ? toCompleteIncrements(amounts, minimum, bets) : [...amounts];
  if (plays.some((x, i) => x !== amounts[i])) adjustment = 'incomplete-increment';
  // Paid or collected to the maximum: the last lines settled give way first.
  if (lastGiveWayFirst(plays, plays.reduce((a, b) => a + b, 0) + otherPlays - maximum)) adjustment = 'capped-at-maximum';
  const played = plays.reduce((a, b) => a + b, 0) + otherPlays;
  if (played < minimum) {
    if (chips < minimum) return policy.voidBelowMinimum ? { plays: amounts.map(() => 0), adjustment: 'void-below-minimum' } : { plays, adjustment };
    const first = amounts.findIndex((a) => a > 0);
    plays[first] += minimum - played;
    adjustment = 'made-up-to-minimum';
  }
  return { plays, adjustment };
};

