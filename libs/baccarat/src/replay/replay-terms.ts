/**
 * The engine's TableTerms for a table configuration, as the tables service builds them at settlement (its
 * `tableTerms`): each offered bet with its pay-table option (1-1-2 with the table's Side Wager, Crown Melbourne 1.1),
 * the table's limits (Crown Melbourne 6.3.1-6.3.2; Star 6.4-6.5), the rulebook's settlement clauses and, where the
 * rulebook rounds payments to chips, the minimum chip (Crown Melbourne 6.3.3; Star 5.8). No table differential: a
 * reduction to it is the dealer's recorded choice before the first card (Crown Melbourne 6.4, Star 6.2-6.3).
 * Commission is immediate unless the box's is deferred (Crown Melbourne 9.3.1).
 */
import type { BetId } from '../bets/bet-id';
import type { Rulebook } from '../rulebooks/rulebook.types';
import { oneOneTwoSideWagerAt } from '../rulebooks/table-policies';
import type { BetLimits, TableTerms } from '../settlement/settle-coup';
import type { BetTerms } from '../settlement/wager';
import type { ReplayConfiguration } from './replay.types';

export const replayTerms = (config: ReplayConfiguration, rulebook: Rulebook, commission: 'immediate' | 'deferred' = 'immediate'): TableTerms => {
  const bets: Partial<Record<BetId, BetTerms>> = {};
  const oneOneTwoSideBet = oneOneTwoSideWagerAt(rulebook, config.offeredBets);
  for (const b of config.offeredBets) {
    bets[b.bet as BetId] = {
      option: b.option,
      commission,
      ...(config.limits.tableDifferentialCents !== undefined ? { differential: config.limits.tableDifferentialCents } : {}),
      ...(b.bet === 'one-one-two' && oneOneTwoSideBet ? { oneOneTwoSideBet } : {}),
    };
  }
  const limits: Partial<Record<BetId, BetLimits>> = {};
  for (const [bet, l] of Object.entries(config.limits.perBet)) limits[bet as BetId] = { min: l.minimumCents, max: l.maximumCents };
  return {
    rules: 'crown-melbourne',
    clauses: rulebook.policies.settlementClauses,
    bets,
    limits,
    ...(config.minimumChipCents > 0 && rulebook.policies.paymentsRoundedToChips ? { minimumChip: config.minimumChipCents } : {}),
  };
};
