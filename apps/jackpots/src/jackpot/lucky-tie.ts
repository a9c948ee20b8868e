import { colourOf, parseCard } from '@app/baccarat';
import type { CoupResult, LuckyTieOption, LuckyTieOutcomeId } from '@app/contracts';

/**
 * Table 20 of Crown Melbourne 13.4.3 as data: the outcomes of each Lucky Tie option and the range its share
 * of the rounded meter may be configured in. (Mirrors `rulebookById('crown-melbourne-v29').procedures
 * .luckyTieJackpot`; @app/baccarat does not export its rulebooks from its index yet.)
 */
export const LUCKY_TIE_OPTIONS: Readonly<Record<LuckyTieOption, { readonly clause: string; readonly outcomes: Readonly<Partial<Record<LuckyTieOutcomeId, { readonly min: number; readonly max: number }>>> }>> = {
  '1': {
    clause: 'Crown Melbourne 13.4.3 Table 20 Option 1',
    outcomes: {
      'non-coloured-lucky-tie': { min: 1, max: 10 },
      'coloured-lucky-tie': { min: 5, max: 20 },
      'suited-lucky-tie': { min: 100, max: 100 },
    },
  },
  '2': {
    clause: 'Crown Melbourne 13.4.3 Table 20 Option 2',
    outcomes: {
      'non-suited-lucky-tie': { min: 1, max: 20 },
      'suited-lucky-tie': { min: 100, max: 100 },
    },
  },
  '3': {
    clause: 'Crown Melbourne 13.4.3 Table 20 Option 3',
    outcomes: { 'lucky-tie': { min: 100, max: 100 } },
  },
};

export const LUCKY_TIE_CLAUSE = "Crown Melbourne 1.1 'Lucky Tie Jackpot'; 13.4.3 Table 20";

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
