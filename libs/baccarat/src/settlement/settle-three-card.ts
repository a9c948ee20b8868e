import { ruleViolation } from '@app/contracts';
import { payTable } from '../bets/pay-tables';
import type { ThreeCardOutcome } from '../game/three-card';
import { adjustStakes, roundToChip, type TableTerms } from './settle-coup';
import { chooseLine, settleByLine } from './settle-wager';
import type { BetTerms, Explanation, Wager, WagerSettlement } from './wager';

/**
 * Settles a Three Card Baccarat, Tie or Three Pictures wager (Crown Melbourne 12.5, 12.7 Table 19). `stake` is the
 * part that played and what was said about it before (the table's limits: see `settleThreeCardRound`); by default
 * the whole wager played.
 */
export const settleThreeCardWager = (
  wager: Wager,
  outcome: ThreeCardOutcome,
  terms: BetTerms = { option: 'standard' },
  stake: { readonly atRisk: number; readonly before: readonly Explanation[] } = { atRisk: wager.amount, before: [] },
): WagerSettlement => {
  const keys = ((): readonly string[] => {
    switch (wager.bet) {
      case 'three-card-baccarat':
        if (outcome.result === 'tie') return ['tie'];
        return outcome.result === 'player' ? (outcome.player.total === 6 && outcome.player.pictures < 3 ? ['win-on-6', 'win'] : ['win']) : [];
      case 'three-card-tie':
        return outcome.result === 'tie' ? ['tie'] : [];
      case 'three-pictures':
        // Only the higher payout applies to three Pictures (Table 19 note *).
        return outcome.player.pictures === 3 ? ['three-pictures'] : outcome.player.pictures === 2 ? ['two-pictures'] : [];
      default:
        throw ruleViolation('BET_NOT_THREE_CARD', `"${wager.bet}" is not a Three Card Baccarat bet.`, 'Crown Melbourne 12.5.1', 'bet');
    }
  })();
  const table = payTable(wager.bet, terms.option);
  return settleByLine(wager, terms.option, stake.atRisk, chooseLine(table, keys), terms, stake.before, table.source);
};

/**
 * Settles a Three Card round's wagers, each against the outcome of its betting area, under the table's terms as
 * `settleCoup` does for a Traditional coup: "the approved Rules of Baccarat will apply" (Crown Melbourne 12.1), so
 * a wager above the maximum plays to the maximum (6.3.2), one under the minimum is settled and the player warned
 * (6.3.1), and a payment that cannot be made exactly in chips is paid to the next amount that can (6.3.3). There is
 * no Player or Banker, so no table differential.
 */
export const settleThreeCardRound = (
  entries: readonly { readonly wager: Wager; readonly outcome: ThreeCardOutcome }[],
  table: TableTerms,
): WagerSettlement[] => {
  const adjusted = adjustStakes(
    entries.map((e) => e.wager),
    { ...table, differential: undefined },
  );
  const chip = table.minimumChip ?? 1;
  const chipClause = table.rules === 'star-sydney' ? 'Star Sydney 5.8' : 'Crown Melbourne 6.3.3';
  return entries.map((e, i) => {
    const terms = table.bets[e.wager.bet];
    if (!terms) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${e.wager.bet}".`, 'Crown Melbourne 12.5.1', 'bet');
    const s = settleThreeCardWager(e.wager, e.outcome, terms, { atRisk: adjusted[i].atRisk, before: adjusted[i].explanation });
    return chip > 1 ? roundToChip(s, chip, chipClause) : s;
  });
};
