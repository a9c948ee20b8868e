/** Small constructors that keep the rulebook data files readable. Internal to rulebooks/. */
import type { BetId, PayOutcome, PayTable, PayTableEntry, PayTableOptionId, Ratio, SideWagerFamily } from './rulebook.types';

export const ratio = (num: number, den: number): Ratio => ({ num, den });

/** A winning outcome paid at "num to den", optionally less a commission given in percent. */
export const win = (outcome: PayOutcome, num: number, den: number, clause: string, commissionPercent?: Ratio): PayTableEntry =>
  commissionPercent === undefined
    ? { outcome, resolution: 'win', odds: ratio(num, den), clause }
    : { outcome, resolution: 'win', odds: ratio(num, den), commission: commissionPercent, clause };

export const push = (outcome: PayOutcome, clause: string): PayTableEntry => ({ outcome, resolution: 'push', clause });
export const lose = (outcome: PayOutcome, clause: string): PayTableEntry => ({ outcome, resolution: 'lose', clause });
export const voided = (outcome: PayOutcome, clause: string): PayTableEntry => ({ outcome, resolution: 'void', clause });

export const table = (
  bet: BetId,
  option: PayTableOptionId,
  name: string,
  clause: string,
  entries: readonly PayTableEntry[],
  family?: SideWagerFamily,
): PayTable => (family === undefined ? { bet, option, name, clause, entries } : { bet, option, name, clause, entries, family });

/** The five Crown Melbourne option columns ('1'..'5') of one row, or one value for every column. */
export type FiveOptions = readonly [number, number, number, number, number];
export const OPTION_NUMBERS = ['1', '2', '3', '4', '5'] as const;
export const same = (n: number): FiveOptions => [n, n, n, n, n];
