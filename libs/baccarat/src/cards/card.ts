import { ruleViolation } from '@app/contracts';

/** Ranks of a 52-card deck without jokers (Crown Melbourne 3.1; Star Sydney 3.1). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

/** Spades, Hearts, Diamonds, Clubs. Hearts and Diamonds are red (colour matters for Crown/Perfect Pairs). */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export type Colour = 'red' | 'black';

/**
 * A card. Cards are interned: `card('K', 'H') === card('K', 'H')`, so identity comparison is safe and the
 * engine never allocates while dealing. `index` is 0..51 (rank-major), handy for counting and hashing.
 */
export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
  readonly index: number;
  /** Baccarat point value: A=1, 2-9 face value, 10/J/Q/K = 0 (Crown Melbourne 3.2). */
  readonly points: number;
}

const pointsOf = (rank: Rank): number => {
  const i = RANKS.indexOf(rank);
  return i >= 9 ? 0 : i + 1;
};

/** All 52 cards in rank-major order: AS AH AD AC 2S ... KC. */
export const DECK: readonly Card[] = Object.freeze(
  RANKS.flatMap((rank, r) =>
    SUITS.map((suit, s): Card => Object.freeze({ rank, suit, index: r * 4 + s, points: pointsOf(rank) })),
  ),
);

export const card = (rank: Rank, suit: Suit): Card => DECK[RANKS.indexOf(rank) * 4 + SUITS.indexOf(suit)];
export const cardAt = (index: number): Card => {
  const c = DECK[index];
  if (c === undefined) throw ruleViolation('CARD_INDEX_INVALID', `No card has index ${index}; a deck has 52 cards.`, 'Crown Melbourne 3.1');
  return c;
};

export const colourOf = (c: Card): Colour => (c.suit === 'H' || c.suit === 'D' ? 'red' : 'black');
/** Kings, Queens and Jacks (Crown Melbourne 12.2 'Pictures'). */
export const isPicture = (c: Card): boolean => c.rank === 'J' || c.rank === 'Q' || c.rank === 'K';

/** Formats as rank then suit: "KH", "10S", "AD". */
export const formatCard = (c: Card): string => `${c.rank}${c.suit}`;

/** Parses "KH", "10S", "TS" (T = ten), "AD"; case-insensitive. Throws CARD_UNREADABLE otherwise. */
export const parseCard = (text: string): Card => {
  const t = text.trim().toUpperCase();
  const suit = t.slice(-1) as Suit;
  let rank = t.slice(0, -1);
  if (rank === 'T') rank = '10';
  if (!(SUITS as readonly string[]).includes(suit) || !(RANKS as readonly string[]).includes(rank)) {
    throw ruleViolation('CARD_UNREADABLE', `"${text}" is not a card: expected rank A,2-10 (or T),J,Q,K then suit S,H,D,C, e.g. "KH", "10S".`, 'Crown Melbourne 3.1', 'card');
  }
  return card(rank as Rank, suit);
};

/** Parses a space- or comma-separated list of cards: "9H KS 4D 2C". */
export const parseCards = (text: string): Card[] =>
  text.split(/[\s,]+/).filter((s) => s.length > 0).map(parseCard);
