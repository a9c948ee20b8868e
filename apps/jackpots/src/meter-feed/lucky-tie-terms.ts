import { luckyTieClause, luckyTieRulebookOf, RULEBOOKS, type LuckyTieRulebook } from '@app/baccarat';
import type { JackpotDivision, JackpotParameters, LuckyTieOutcomeId } from '@app/contracts';

/**
 * What a Lucky Tie jackpot pays, in the words of the table sign (Crown Melbourne 13.4.3 Table 20: "will be
 * displayed on the table sign"; 13.4.6(b): the division "clearly displayed at each table"), for the Jackpot
 * Display and the Jackpot Management Console: each outcome of the jackpot's option with its name, what the cards
 * are, the share of the rounded meter it pays (the jackpot's parameters) and the range the rulebook allows.
 */

/** The outcomes as Table 20 names them. */
export const LUCKY_TIE_OUTCOME_NAMES: Readonly<Record<LuckyTieOutcomeId, string>> = {
  'suited-lucky-tie': 'Suited Lucky Tie',
  'coloured-lucky-tie': 'Coloured Lucky Tie',
  'non-coloured-lucky-tie': 'Non-Coloured Lucky Tie',
  'non-suited-lucky-tie': 'Non-Suited Lucky Tie',
  'lucky-tie': 'Lucky Tie',
};

/** How the pool is divided among the winning Tie wagers (13.4.6(a)(i)-(ii)), as a player reads it. */
export const DIVISION_WORDS: Readonly<Record<JackpotDivision, string>> = {
  equal: 'shared equally among the winning Tie wagers',
  proportional: 'shared among the winning Tie wagers in proportion to each wager',
};

export interface LuckyTiePay {
  readonly outcome: LuckyTieOutcomeId;
  readonly name: string;
  /** The cards, in the rulebook's words ("all four 8s the same suit"). */
  readonly description: string;
  /** The configured share of the rounded meter, in percent (the jackpot's parameters). */
  readonly percent: number;
  /** The range the rulebook allows for it (13.4.3 Table 20). */
  readonly range: { readonly min: number; readonly max: number };
}

export interface LuckyTieTerms {
  readonly option: string;
  readonly optionClause: string;
  readonly qualifyingHand: string;
  /** Highest prize first, as a sign lists them. */
  readonly pays: readonly LuckyTiePay[];
  readonly division: string;
  readonly divisionClause: string;
  readonly roundingClause: string;
  readonly contributionClause: string;
  readonly seedClause: string;
}

const termsOf = (rulebook: LuckyTieRulebook, parameters: JackpotParameters): LuckyTieTerms => {
  const rules = rulebook.procedures.luckyTieJackpot;
  const option = rules.options.find((o) => o.option === parameters.option);
  const pays = (option?.outcomes ?? [])
    .map((o) => ({ outcome: o.outcome, name: LUCKY_TIE_OUTCOME_NAMES[o.outcome], description: o.description, percent: parameters.percentOfMeter[o.outcome] ?? 0, range: o.percentOfMeter }))
    .sort((a, b) => b.percent - a.percent);
  return {
    option: parameters.option,
    optionClause: option?.clause ?? luckyTieClause(rulebook, 'option'),
    qualifyingHand: rules.qualifyingHand,
    pays,
    division: DIVISION_WORDS[parameters.division],
    divisionClause: rules.division.clause,
    roundingClause: rules.rounding.clause,
    contributionClause: rules.contribution.clause,
    seedClause: luckyTieClause(rulebook, 'seed'),
  };
};

/** The terms of a jackpot created under `rulebookId` with `parameters`; `at` picks the version for an unknown id. */
export const luckyTieTerms = (rulebookId: string, parameters: JackpotParameters, at: string): LuckyTieTerms => termsOf(luckyTieRulebookOf(rulebookId, at), parameters);

/**
 * Every rulebook's Lucky Tie table for a page that renders in the browser (the console): per rulebook id, per
 * option, its outcomes (name, cards, allowed range) and clause, and the clauses of the other parameters.
 */
export const LUCKY_TIE_TABLES = Object.fromEntries(
  RULEBOOKS.filter((r): r is LuckyTieRulebook => r.procedures.luckyTieJackpot !== null).map((r) => {
    const rules = r.procedures.luckyTieJackpot;
    return [
      r.id,
      {
        qualifyingHand: rules.qualifyingHand,
        options: Object.fromEntries(rules.options.map((o) => [o.option, { clause: o.clause, outcomes: o.outcomes.map((x) => ({ outcome: x.outcome, name: LUCKY_TIE_OUTCOME_NAMES[x.outcome], description: x.description, range: x.percentOfMeter })) }])),
        divisions: DIVISION_WORDS,
        clauses: { division: rules.division.clause, rounding: rules.rounding.clause, contribution: rules.contribution.clause, seed: luckyTieClause(r, 'seed'), notification: luckyTieClause(r, 'notification'), tables: luckyTieClause(r, 'tables') },
      },
    ];
  }),
);
