/**
 * What the jackpot service asks a rulebook about its Lucky Tie jackpot (Crown Melbourne 13): which version governs
 * a jackpot created at an instant, the clause of each step, and the outcomes of each option of its table. The
 * jackpot deciders cite these and never write a clause or name a casino.
 */
import { ruleViolation } from '@app/contracts';
import { playDateAt } from './rulebook-in-force';
import type { LuckyTieJackpotRules, LuckyTieOutcome, LuckyTieStep, Rulebook } from './rulebook.types';
import { RULEBOOKS, isRulebookId, rulebookById } from './rulebooks';

/** A rulebook version that provides a Lucky Tie jackpot. */
export type LuckyTieRulebook = Rulebook & { readonly procedures: { readonly luckyTieJackpot: LuckyTieJackpotRules } };

const offersLuckyTie = (r: Rulebook): r is LuckyTieRulebook => r.procedures.luckyTieJackpot !== null;

/**
 * The rulebook governing a Lucky Tie jackpot created at `instant`: the latest version providing one that had taken
 * effect on the venue's date. Refused (field `now`) when none had, naming the versions and when they take effect.
 */
export const luckyTieRulebookAt = (instant: string): LuckyTieRulebook => {
  const found = inForceAt(instant);
  if (!found) {
    const known = RULEBOOKS.filter(offersLuckyTie).map((r) => `${r.id} from ${r.effectiveFrom}`).join(', ');
    throw ruleViolation('JACKPOT_RULEBOOK_NOT_IN_FORCE', `No rulebook providing a Lucky Tie jackpot was in force at ${instant} (known: ${known}); create the jackpot once one is.`, undefined, 'now');
  }
  return found;
};

const inForceAt = (instant: string): LuckyTieRulebook | undefined =>
  RULEBOOKS.filter(offersLuckyTie)
    .filter((r) => r.effectiveFrom <= playDateAt(instant, r.timeZone))
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0))[0];

/**
 * The Lucky Tie rulebook a jackpot was created under (its `rulebookId`). For a jackpot never created (a table names
 * one that does not exist) the version in force at `instant`, or, before any took effect, the earliest: what is
 * flagged about a missing jackpot cites the rules it would have been created under, and never fails.
 */
export const luckyTieRulebookOf = (rulebookId: string, instant: string): LuckyTieRulebook => {
  if (isRulebookId(rulebookId)) {
    const rb = rulebookById(rulebookId);
    if (offersLuckyTie(rb)) return rb;
  }
  const offering = RULEBOOKS.filter(offersLuckyTie);
  return inForceAt(instant) ?? [...offering].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1))[0];
};

/** The clause a step of the Lucky Tie jackpot procedure is taken under, as the rulebook cites it. */
export const luckyTieClause = (rulebook: LuckyTieRulebook, step: LuckyTieStep): string => rulebook.procedures.luckyTieJackpot.clauses[step];

/** One option of the Lucky Tie table: the range of the rounded meter each of its outcomes pays, with the option's clause. */
export interface LuckyTieOptionTerms {
  readonly option: string;
  readonly clause: string;
  readonly outcomes: Readonly<Partial<Record<LuckyTieOutcome, { readonly min: number; readonly max: number }>>>;
}

/** The option of the rulebook's Lucky Tie table, or undefined when the table has no such option. */
export const luckyTieOption = (rulebook: LuckyTieRulebook, option: string): LuckyTieOptionTerms | undefined => {
  const found = rulebook.procedures.luckyTieJackpot.options.find((o) => o.option === option);
  if (!found) return undefined;
  return { option: found.option, clause: found.clause, outcomes: Object.fromEntries(found.outcomes.map((o) => [o.outcome, o.percentOfMeter])) };
};

/** The option numbers of the rulebook's Lucky Tie table, for a refusal that says what to choose. */
export const luckyTieOptionNumbers = (rulebook: LuckyTieRulebook): string[] => rulebook.procedures.luckyTieJackpot.options.map((o) => o.option);
