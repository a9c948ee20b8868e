import { ruleViolation } from '@app/contracts';
import { DECK, type Card } from '../cards/card';

/** How many of each of the 52 cards a sequence holds, by `Card.index`. */
export const countCards = (cards: readonly Card[]): number[] => {
  const counts = new Array<number>(52).fill(0);
  for (const c of cards) counts[c.index]++;
  return counts;
};

export interface CardAudit {
  /** Cards seen more often than the decks hold: a foreign card (Star Sydney 12.11). */
  readonly surplus: readonly { readonly card: Card; readonly seen: number }[];
  /** Cards seen fewer times than the decks hold (only meaningful for a whole shoe). */
  readonly missing: readonly { readonly card: Card; readonly seen: number }[];
}

/** Compares a sequence of cards with `decks` full decks. */
export const auditCards = (cards: readonly Card[], decks: number): CardAudit => {
  const counts = countCards(cards);
  return {
    surplus: DECK.filter((c) => counts[c.index] > decks).map((card) => ({ card, seen: counts[card.index] })),
    missing: DECK.filter((c) => counts[c.index] < decks).map((card) => ({ card, seen: counts[card.index] })),
  };
};

/**
 * Refuses a card reported from the shoe when the shoe already gave out every copy its decks hold: the card is
 * foreign, the coup is void and the decks are checked (Star Sydney 12.11, 12.11.2-12.11.3).
 */
export const assertCardFromShoe = (alreadyDealt: readonly number[], c: Card, decks: number): void => {
  if (alreadyDealt[c.index] >= decks) {
    throw ruleViolation(
      'FOREIGN_OR_SURPLUS_CARD',
      `${c.rank}${c.suit} appears more often than the ${decks} deck(s) hold: the coup is void and the decks must be checked.`,
      'Star Sydney 12.11',
      'card',
    );
  }
};
