import type { Card } from '../cards/card';

/** Point count: the right digit of the sum of card values (Crown Melbourne 3.3; Star Sydney 8). */
export const pointCount = (cards: readonly Card[]): number => {
  let sum = 0;
  for (const c of cards) sum += c.points;
  return sum % 10;
};

/** A two-card total of 8 or 9 (Crown Melbourne 1.1 'Natural'). */
export const isNatural = (cards: readonly Card[]): boolean => cards.length === 2 && pointCount(cards) >= 8;

/**
 * The first two cards form a pair by rank: 10-10 and K-K are pairs, K-Q is not
 * (Star Sydney 10.6.1-10.6.2; Crown Melbourne Table 9 "for example 10, 10 or K, K").
 */
export const isPair = (cards: readonly Card[]): boolean => cards.length >= 2 && cards[0].rank === cards[1].rank;

const isRed = (s: string) => s === 'H' || s === 'D';

export type PairKind = 'mixed' | 'coloured' | 'suited';

/**
 * Crown/Perfect Pairs grading (Crown Melbourne 1.1 'Baccarat Crown Pairs'; Rapid Baccarat 1 'Perfect Pairs'):
 * same rank and suit = suited (Crown/Perfect Pair), same rank and colour = coloured, same rank only = mixed.
 */
export const pairKind = (cards: readonly Card[]): PairKind | null => {
  if (!isPair(cards)) return null;
  const a = cards[0];
  const b = cards[1];
  if (a.suit === b.suit) return 'suited';
  return isRed(a.suit) === isRed(b.suit) ? 'coloured' : 'mixed';
};
