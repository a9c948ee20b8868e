/**
 * The Table of Play. Table 2 is transcribed from Rapid Baccarat 9.3 and Star Sydney 9 (identical and clean);
 * Crown Melbourne 8.3 Table 2 is garbled in our copy (README known defects) but states the same rule.
 */

/** Crown Melbourne 8.1: either hand 8 or 9 on the first two cards ends the coup. */
export const isNaturalTotal = (twoCardTotal: number): boolean => twoCardTotal >= 8;

/** Crown Melbourne 8.2 Table 1: Player draws on 0-5, stands on 6-7 (only when neither hand is a Natural). */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

const D = true;
const S = false;
/**
 * Banker draw table, row = Banker two-card total 0-9; column 0 = Player stood ("No Card"), columns 1-10 =
 * Player's third card value 0-9. Rapid Baccarat 9.3 Table 2; Star Sydney 9.
 */
export const BANKER_TABLE: readonly (readonly boolean[])[] = [
  /* 0 */ [D, D, D, D, D, D, D, D, D, D, D],
  /* 1 */ [D, D, D, D, D, D, D, D, D, D, D],
  /* 2 */ [D, D, D, D, D, D, D, D, D, D, D],
  /* 3 */ [D, D, D, D, D, D, D, D, D, S, D],
  /* 4 */ [D, S, S, D, D, D, D, D, D, S, S],
  /* 5 */ [D, S, S, S, S, D, D, D, D, S, S],
  /* 6 */ [S, S, S, S, S, S, S, D, D, S, S],
  /* 7 */ [S, S, S, S, S, S, S, S, S, S, S],
  /* 8 */ [S, S, S, S, S, S, S, S, S, S, S],
  /* 9 */ [S, S, S, S, S, S, S, S, S, S, S],
];

/** Whether Banker draws, given its two-card total and the value of Player's third card (null: Player stood). */
export const bankerDraws = (bankerTotal: number, playerThirdValue: number | null): boolean =>
  BANKER_TABLE[bankerTotal][playerThirdValue === null ? 0 : playerThirdValue + 1];
