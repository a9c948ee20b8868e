import type { Payout } from '../bets/odds';

/**
 * A payout's return per unit staked, in the limit of a large stake (no cent rounding): a win pays its odds
 * less any commission, a push or void returns the stake, a loss costs it.
 */
export const unitReturn = (payout: Payout | undefined): number => {
  if (!payout) return -1;
  switch (payout.kind) {
    case 'win':
      return payout.odds.win / payout.odds.stake - (payout.commissionPercent ?? 0) / 100;
    case 'push':
    case 'void':
      return 0;
    case 'lose':
      return -1;
  }
};
