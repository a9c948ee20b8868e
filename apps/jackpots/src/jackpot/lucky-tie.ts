import { colourOf, parseCard } from '@app/baccarat';
import type { CoupResult, LuckyTieOption, LuckyTieOutcomeId } from '@app/contracts';

// The options' ranges and clauses are rulebook data (`luckyTieOption` in @app/baccarat); this classifies the cards.

export interface CoupCards {
  readonly result: CoupResult;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
}

/**
 * Whether the coup is a Lucky Tie (Crown Melbourne 1.1, 13.4.3): a Tie in which the initial two cards of the
 * Player hand and of the Banker hand each have a value of eight (8,8,8,8). Returns the outcome under the
 * jackpot's option of Table 20, or null.
 * - Option 1: suited (all four the same suit), coloured (all the same colour, not all the same suit), or
 *   non-coloured (not all the same colour).
 * - Option 2: suited, or non-suited (not all the same suit).
 * - Option 3: any Lucky Tie.
 */
export const luckyTieOutcome = (coup: CoupCards, option: LuckyTieOption): LuckyTieOutcomeId | null => {
  if (coup.result !== 'tie') return null;
  if (coup.playerCards.length < 2 || coup.bankerCards.length < 2) return null;
  const initial = [...coup.playerCards.slice(0, 2), ...coup.bankerCards.slice(0, 2)].map(parseCard);
  if (!initial.every((c) => c.rank === '8')) return null;
  const suited = initial.every((c) => c.suit === initial[0].suit);
  const coloured = initial.every((c) => colourOf(c) === colourOf(initial[0]));
  switch (option) {
    case '1':
      return suited ? 'suited-lucky-tie' : coloured ? 'coloured-lucky-tie' : 'non-coloured-lucky-tie';
    case '2':
      return suited ? 'suited-lucky-tie' : 'non-suited-lucky-tie';
    case '3':
      return 'lucky-tie';
    default: {
      const never: never = option;
      return never;
    }
  }
};
