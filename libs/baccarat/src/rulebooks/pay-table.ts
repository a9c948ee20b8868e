/**
 * Reading pay tables out of a rulebook. Odds stay exact integer ratios: settlement multiplies cents by `num`
 * and divides by `den` once, with the rulebook's chip rounding (Star 5.8, Crown Melbourne 6.3.3).
 */
import { ruleViolation } from '@app/contracts';
import type { BetDefinition, BetId, PayOutcome, PayTable, PayTableEntry, PayTableOptionId, Ratio, Rulebook } from './rulebook.types';

/** The rulebook's definition of a bet, or undefined when the rulebook does not define it. */
export const betDefinition = (rulebook: Rulebook, bet: BetId): BetDefinition | undefined => rulebook.bets.find((b) => b.bet === bet);

/**
 * The pay table of `bet` with pay-table option `option` under `rulebook` (e.g. Super 6 '16' under Crown
 * Melbourne, banker 'traditional' under Star 2024 = 19 to 20). Throws DomainError 'rule'
 * BET_NOT_IN_RULEBOOK or PAY_TABLE_OPTION_UNKNOWN.
 */
export const payTableFor = (rulebook: Rulebook, bet: BetId, option: PayTableOptionId): PayTable => {
  const definition = betDefinition(rulebook, bet);
  if (!definition) {
    throw ruleViolation('BET_NOT_IN_RULEBOOK', `${rulebook.citation} does not define the bet "${bet}"; it defines ${rulebook.bets.map((b) => b.bet).join(', ')}.`, `${rulebook.citation} (no such bet)`, 'bet');
  }
  const found = definition.payTables.find((t) => t.option === option);
  if (!found) {
    const options = definition.payTables.map((t) => t.option).join(', ');
    throw ruleViolation('PAY_TABLE_OPTION_UNKNOWN', `${rulebook.citation} offers "${bet}" with options ${options}, not "${option}".`, definition.clause, 'option');
  }
  return found;
};

/** The entry of a pay table for an outcome; an outcome the table does not list loses. */
export const payTableEntry = (payTable: PayTable, outcome: PayOutcome): PayTableEntry | undefined =>
  payTable.entries.find((e) => e.outcome === outcome);

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** A ratio in lowest terms. */
export const reduceRatio = (r: Ratio): Ratio => {
  const g = gcd(r.num, r.den) || 1;
  return { num: r.num / g, den: r.den / g };
};

/**
 * Net odds of a winning entry after its commission: "1 to 1 less 5%" is 19/20, "1 to 1 less 50%" is 1/2.
 * Undefined for entries without fixed odds (pushes, losses, Tie Baccarat's configurable percentage).
 */
export const netOdds = (entry: PayTableEntry): Ratio | undefined => {
  if (!entry.odds) return undefined;
  if (!entry.commission) return reduceRatio(entry.odds);
  const { odds, commission } = entry;
  return reduceRatio({ num: odds.num * commission.den - commission.num * odds.den, den: odds.den * commission.den });
};
