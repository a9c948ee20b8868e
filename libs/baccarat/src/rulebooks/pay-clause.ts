/**
 * The clause a settlement cites for a pay line, asked of the rulebook in force: every payout traces to a clause of
 * the rulebook in force when the play happened, cited as that rulebook cites it (Star 2024 11.1.3 "Star 2024
 * 11.1.3", Crown Melbourne 9.1 Table 3). The settlement engine's pay lines (bets/pay-tables.ts) carry clauses written
 * with Crown Melbourne's numbers; this reads the rulebook's own entry for the same line instead. Pure.
 */
import { payTable } from '../bets/pay-tables';
import { betDefinition } from './pay-table';
import type { BetId, PayOutcome, PayTableEntry, PayTableOptionId, Rulebook } from './rulebook.types';

/** A losing wager: no pay line of the engine's table matched the coup ("loses on all other outcomes"). */
export const LOSING_LINE = 'lose';

/**
 * The rulebook outcomes an engine pay-line key (bets/pay-line-keys.ts) stands for, most specific first. Keys mean
 * the same for every bet except the few below, whose meaning depends on the bet.
 */
const OUTCOMES_BY_KEY: Readonly<Record<string, readonly PayOutcome[]>> = {
  tie: ['tie'],
  'win-on-6': ['banker-wins-with-6'],
  'win-three-card-8-9': ['wins-with-three-card-8-or-9'],
  'no-banker-6-win': ['banker-does-not-win-with-6'],
  'opposite-wins-over-6': ['shield-held-6-other-hand-wins'],
  'opposite-wins-over-7': ['shield-held-7-other-hand-wins'],
  'natural-win': ['wins-with-natural'],
  'natural-tie': ['natural-tie'],
  pair: ['pair'],
  suited: ['suited-pair'],
  coloured: ['coloured-pair'],
  mixed: ['mixed-pair'],
  'banker-wins-on-6': ['banker-wins-with-6'],
  'tie-on-6': ['tie-on-6'],
  twin: ['twin-tiger-pair'],
  double: ['double-tiger-pair'],
  single: ['single-tiger-pair'],
  'two-card': ['banker-wins-with-two-card-6'],
  'three-card': ['banker-wins-with-three-card-6'],
  'three-and-three': ['dragon-tiger-three-cards-each'],
  'two-and-three': ['dragon-tiger-mixed-card-counts'],
  'two-and-two': ['dragon-tiger-two-cards-each'],
  'three-pictures': ['three-pictures'],
  'two-pictures': ['two-pictures'],
};

const WIN_BY_BET: Partial<Record<BetId, readonly PayOutcome[]>> = {
  player: ['player-wins', 'wins-otherwise'],
  // Crown Baccarat / Even Money Baccarat take 'win-on-6' first: their 'win' is a win not with 6.
  banker: ['banker-wins', 'banker-wins-not-with-6', 'wins-otherwise'],
  'lucky-chase-player': ['nominated-hand-wins'],
  'lucky-chase-banker': ['nominated-hand-wins'],
  'big-tiger': ['banker-wins-with-three-card-6'],
  'small-tiger': ['banker-wins-with-two-card-6'],
  'big-dragon': ['player-wins-with-three-card-7'],
  'small-dragon': ['player-wins-with-two-card-7'],
  'three-card-baccarat': ['player-outranks-dealer'],
};

const outcomesOf = (bet: BetId, key: string): readonly PayOutcome[] => {
  if (key === 'win') return WIN_BY_BET[bet] ?? [];
  if (bet === 'three-card-baccarat' || bet === 'three-card-tie') {
    if (key === 'win-on-6') return ['player-outranks-dealer-with-6'];
    if (key === 'tie') return ['equal-ranking'];
  }
  // Dragon Bonus: a tie that is not a natural tie loses (its own entry); Runs and Dragon Tail: n in a row.
  if (key === 'tie' && (bet === 'dragon-bonus-player' || bet === 'dragon-bonus-banker')) return ['non-natural-tie'];
  const run = /^(?:run|tail)-(\d)$/.exec(key);
  if (run) return [`run-of-${run[1]}` as PayOutcome];
  const margin = /^win-by-(\d)$/.exec(key);
  if (margin) return [`wins-by-${margin[1]}` as PayOutcome];
  return OUTCOMES_BY_KEY[key] ?? [];
};

/**
 * The clause `rulebook` cites for `bet` at pay-table option `option` settled on the engine's pay line `lineKey`
 * (its key in bets/pay-tables.ts), or on `LOSING_LINE` when no line matched: the entry's clause, or for a loss the
 * entry the rulebook lists for it or else its pay table's clause (outcomes a pay table does not list lose). Undefined
 * where the rulebook has no such bet, option or entry: the engine's clause stands.
 */
export const payClause = (rulebook: Rulebook, bet: BetId, option: PayTableOptionId, lineKey: string): string | undefined => {
  const table = betDefinition(rulebook, bet)?.payTables.find((t) => t.option === option);
  if (!table || table.entries.length === 0) return undefined;
  if (lineKey === LOSING_LINE) return table.clause;
  return payEntry(rulebook, bet, option, lineKey)?.clause;
};

/**
 * The entry `rulebook` lists for `bet` at pay-table option `option` where the engine settled on the pay line
 * `lineKey`: the odds and any commission as the rulebook states them (Rapid 10.1 Crown Baccarat "1 to 1 less 50%
 * commission" where the engine pays 1 to 2). Undefined where the rulebook has no such bet, option or entry.
 */
export const payEntry = (rulebook: Rulebook, bet: BetId, option: PayTableOptionId, lineKey: string): PayTableEntry | undefined => {
  const table = betDefinition(rulebook, bet)?.payTables.find((t) => t.option === option);
  if (!table) return undefined;
  for (const outcome of outcomesOf(bet, lineKey)) {
    const entry = table.entries.find((e) => e.outcome === outcome);
    if (entry) return entry;
  }
  return undefined;
};

const cache = new WeakMap<Rulebook, Map<string, Readonly<Record<string, string>>>>();

/**
 * `payClause` for every line of the engine's pay table of `bet` at `option` and for a loss, keyed as the engine keys
 * them: what the settlement engine cites in their place (BetTerms.payClauses). Worked out once per rulebook and option.
 */
export const payClauses = (rulebook: Rulebook, bet: BetId, option: PayTableOptionId): Readonly<Record<string, string>> => {
  let byOption = cache.get(rulebook);
  if (!byOption) cache.set(rulebook, (byOption = new Map()));
  const id = `${bet}|${option}`;
  let found = byOption.get(id);
  if (!found) {
    const out: Record<string, string> = {};
    if (bet !== 'one-one-two') {
      for (const key of [...Object.keys(payTable(bet, option).lines), LOSING_LINE]) {
        const clause = payClause(rulebook, bet, option, key);
        if (clause !== undefined) out[key] = clause;
      }
    }
    found = out;
    byOption.set(id, found);
  }
  return found;
};
