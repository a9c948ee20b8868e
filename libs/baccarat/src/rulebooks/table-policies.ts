/**
 * Questions a table asks its rulebook's policies that take a little working out: which Side Wager a 1-1-2 goes
 * on, and what the Dragon Tail Indicator shows after a coup. Pure.
 */
import type { Side } from '../bets/bet-id';
import type { CoupResult } from '../game/coup';
import type { OneOneTwoSideWager } from './policies.types';
import { betDefinition } from './pay-table';
import { isRulebookId, rulebookById } from './rulebooks';
import type { BetId, PayTableOptionId, Rulebook } from './rulebook.types';

/**
 * The Player and Banker Side Wager a 1-1-2 apportions its quarters to at a table offering `offeredBets`: the first
 * candidate the table offers, in the table's own order (Crown Melbourne 1.1 '1-1-2': "the Side Wagers on offer at
 * the table"), with its option. Null when the rulebook has no such policy or the table offers none of them.
 */
export const oneOneTwoSideWagerAt = (
  rulebook: Rulebook,
  offeredBets: readonly { readonly bet: string; readonly option: PayTableOptionId }[],
): { readonly bet: OneOneTwoSideWager['sideBet']; readonly option: PayTableOptionId } | null => {
  const policy = rulebook.policies.oneOneTwoSideWagers;
  if (!policy) return null;
  const offered = (bet: BetId) => offeredBets.find((o) => o.bet === bet);
  for (const o of offeredBets) {
    const candidate = policy.candidates.find((c) => c.offered.includes(o.bet as BetId) && c.offered.every((b) => offered(b) !== undefined));
    if (candidate) return { bet: candidate.sideBet, option: o.option };
  }
  return null;
};

export interface DragonTailIndicator {
  readonly side: Side | null;
  readonly count: number;
}

/**
 * The Dragon Tail Indicator after a coup with `result` (Crown Melbourne 1.1 'Dragon Tail', Table 7): a run goes on
 * while the results match, up to `maximumRun`, where it finishes; a Tie or the other hand breaks it. A new run is
 * established only when an Early Dragon Tail wager was placed on the coup's result (`establishingSides`). A run
 * that reached its maximum is finished: the next coup starts afresh.
 */
export const nextDragonTailIndicator = (
  before: DragonTailIndicator,
  result: CoupResult,
  establishingSides: readonly Side[],
  maximumRun: number,
): DragonTailIndicator => {
  if (before.side !== null && before.count < maximumRun && result === before.side) return { side: result, count: before.count + 1 };
  if (result !== 'tie' && establishingSides.includes(result)) return { side: result, count: 1 };
  return { side: null, count: 0 };
};

/**
 * The engine's Table of Play clause (written with Crown Melbourne's numbers) as this rulebook cites the same rule:
 * its `tableOfPlayCitation` in place of the engine's citation, where it names one.
 */
export const tableOfPlayClause = (rulebook: Rulebook, engineClause: string): string => {
  const citation = rulebook.policies.tableOfPlayCitation;
  return citation ? engineClause.replace(/^Crown Melbourne|^Star Sydney/, citation) : engineClause;
};

/**
 * Whether the part of a winning `bet` at `option` the settlement engine takes as commission (it settles every Banker
 * win as 1 to 1 less 5%) is, under `rulebook`, no commission but part of the odds the rulebook pays at: the rulebook
 * states the bet's winning odds net, with no commission on any of its entries, none deferred and none over the table
 * differential (Star 2024 11.1.3: Banker "shall be paid at the odds of 19 to 20"; the Star rules charge no
 * commission anywhere). The answer is the clause of those odds, or null where what is taken is commission (Crown
 * Melbourne 9.1 Table 3 "1 to 1 less 5% commission", 6.5, 9.3). Reports then show the Star's 5% in what is paid.
 */
export const commissionInTheOdds = (rulebook: Rulebook, bet: string, option: PayTableOptionId): { readonly clause: string } | null => {
  const table = betDefinition(rulebook, bet as BetId)?.payTables.find((t) => t.option === option);
  if (!table || table.entries.some((e) => e.commission !== undefined)) return null;
  const { commission, tableDifferential } = rulebook.procedures;
  if (commission?.deferral || tableDifferential?.overDifferentialCommission) return null;
  const odds = table.entries.find((e) => e.resolution === 'win' && e.odds !== undefined);
  return odds ? { clause: odds.clause } : null;
};

const inTheOddsKnown = new Map<string, boolean>();
/**
 * `commissionInTheOdds` asked by rulebook id, once per rulebook, bet and option: whether what the engine took from a
 * winning wager as commission was in fact part of the odds paid (Star 2024 11.1.3). Reports ask it per settled wager.
 */
export const isCommissionInTheOdds = (rulebookId: string, bet: string, option: string | undefined): boolean => {
  // A rulebook this build does not know (a record from a newer release) keeps what the settlement called commission.
  if (option === undefined || !isRulebookId(rulebookId)) return false;
  const key = `${rulebookId}|${bet}|${option}`;
  let known = inTheOddsKnown.get(key);
  if (known === undefined) inTheOddsKnown.set(key, (known = commissionInTheOdds(rulebookById(rulebookId), bet, option as PayTableOptionId) !== null));
  return known;
};

