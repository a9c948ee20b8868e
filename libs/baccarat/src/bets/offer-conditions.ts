import { ruleViolation } from '@app/contracts';
import type { Side } from './bet-id';

/**
 * Insurance/No 6 is offered only when Banker's first two cards total 6 and Player must draw
 * (Crown Melbourne 1.1 'Insurance/No 6', Table 4). Totals are of the first two cards of each hand.
 */
export const insuranceOffered = (playerTwoCardTotal: number, bankerTwoCardTotal: number): boolean =>
  bankerTwoCardTotal === 6 && playerTwoCardTotal <= 5;

/**
 * Shield is offered to a holder of a wager on `side` when that hand's first two cards total 6 or 7 and the
 * other hand's total 0-5 (Crown Melbourne 5.9.1, Table 12). The fifth card is then always required.
 */
export const shieldOffered = (side: Side, playerTwoCardTotal: number, bankerTwoCardTotal: number): boolean => {
  const [own, other] = side === 'player' ? [playerTwoCardTotal, bankerTwoCardTotal] : [bankerTwoCardTotal, playerTwoCardTotal];
  return (own === 6 || own === 7) && other <= 5;
};

/** Refuses an Insurance/No 6 wager that is not offered or exceeds the original wager (Crown Melbourne 1.1). */
export const assertInsuranceAcceptable = (amount: number, originalWager: number, playerTwoCardTotal: number, bankerTwoCardTotal: number): void => {
  if (!insuranceOffered(playerTwoCardTotal, bankerTwoCardTotal)) {
    throw ruleViolation('INSURANCE_NOT_OFFERED', 'Insurance/No 6 is offered only when Banker\'s first two cards total 6 and Player must draw.', 'Crown Melbourne 1.1', 'bet');
  }
  if (amount > originalWager) {
    throw ruleViolation('INSURANCE_ABOVE_ORIGINAL_WAGER', `Insurance/No 6 of ${amount} exceeds the original wager of ${originalWager}.`, 'Crown Melbourne 1.1', 'amount');
  }
};

/** Refuses a Shield wager that is not offered (Crown Melbourne 5.8.1(b), 5.9.1). */
export const assertShieldAcceptable = (side: Side, hasActiveWagerOnSide: boolean, playerTwoCardTotal: number, bankerTwoCardTotal: number): void => {
  if (!hasActiveWagerOnSide) {
    throw ruleViolation('SHIELD_WITHOUT_MAIN_WAGER', `Shield needs an active ${side} wager.`, 'Crown Melbourne 5.8.1(b)', 'side');
  }
  if (!shieldOffered(side, playerTwoCardTotal, bankerTwoCardTotal)) {
    throw ruleViolation('SHIELD_NOT_OFFERED', `Shield on ${side} is offered only when that hand has 6 or 7 against 0-5 after four cards.`, 'Crown Melbourne 5.9.1', 'bet');
  }
};
