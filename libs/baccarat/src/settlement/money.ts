import { ruleViolation } from '@app/contracts';
import type { Odds } from '../bets/odds';

/** Refuses anything that is not a non-negative whole number of minor units. */
export const assertMinorUnits = (value: number, field: string): void => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw ruleViolation('AMOUNT_NOT_MINOR_UNITS', `${field} must be a non-negative whole number of minor units (cents), got ${value}.`, undefined, field);
  }
};

/** Winnings at the odds, rounded up to the cent in the player's favour (Star Sydney 5.8 rounds payments up). */
export const winningsAt = (stake: number, o: Odds): number => Math.floor((stake * o.win + o.stake - 1) / o.stake);

/** A commission of `percent` (may be fractional, e.g. 2.5), rounded down to the cent in the player's favour. */
export const commissionOf = (base: number, percent: number): number => Math.floor((base * Math.round(percent * 100)) / 10000);

export const roundUpTo = (value: number, unit: number): number => Math.ceil(value / unit) * unit;
export const roundDownTo = (value: number, unit: number): number => Math.floor(value / unit) * unit;
