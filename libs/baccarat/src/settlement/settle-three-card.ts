import { ruleViolation } from '@app/contracts';
import { payTable } from '../bets/pay-tables';
import type { ThreeCardOutcome } from '../game/three-card';
import { chooseLine, settleByLine } from './settle-wager';
import type { BetTerms, Wager, WagerSettlement } from './wager';

/** Settles a Three Card Baccarat, Tie or Three Pictures wager (Crown Melbourne 12.5, 12.7 Table 19). */
export const settleThreeCardWager = (wager: Wager, outcome: ThreeCardOutcome, terms: BetTerms = { option: 'standard' }): WagerSettlement => {
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
  return settleByLine(wager, terms.option, wager.amount, chooseLine(table, keys), terms, [], table.source);
};
