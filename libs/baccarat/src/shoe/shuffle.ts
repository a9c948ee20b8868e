import { ruleViolation } from '@app/contracts';
import { DECK, formatCard, type Card } from '../cards/card';
import { randomBelow, type Rng } from './prng';
import { sha256Hex } from './sha256';

/** Decks a baccarat shoe may hold: one (Three Card Baccarat, Crown Melbourne 12.4.1) up to eight (3.1). */
export const assertDeckCount = (decks: number): void => {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) {
    throw ruleViolation('DECK_COUNT_NOT_PERMITTED', `A shoe holds 1 to 8 decks, not ${decks}.`, 'Crown Melbourne 3.1; Star Sydney 3.1', 'decks');
  }
};

/** `decks` fresh decks in rank-major order. */
export const freshCards = (decks: number): Card[] => {
  assertDeckCount(decks);
  const out: Card[] = [];
  for (let d = 0; d < decks; d++) out.push(...DECK);
  return out;
};

/** Fisher-Yates shuffle driven by the supplied generator; returns a new array (Crown Melbourne 4.1.1). */
export const shuffleCards = (cards: readonly Card[], rng: Rng): Card[] => {
  const a = cards.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomBelow(rng, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
};

/**
 * Commitment to a dealing order: SHA-256 over "salt|cutCardIndex|card,card,...". Recorded before play and
 * published after the shoe, it lets anyone check the shoe was not altered. The salt keeps the commitment
 * from being matched against guessed orders.
 */
export const shoeCommitment = (cards: readonly Card[], cutCardIndex: number, salt = ''): string =>
  sha256Hex(`${salt}|${cutCardIndex}|${cards.map(formatCard).join(',')}`);

/**
 * The cut: all cards in front of the cutting card go to the back (Crown Melbourne 4.2.4; Star Sydney 4.6).
 * The cutting card goes in at least one deck from either end (Crown Melbourne 4.2.3; Star Sydney 4.5); a
 * single-deck shoe (Three Card Baccarat) is cut anywhere.
 */
export const cutCards = (cards: readonly Card[], cutAt: number): Card[] => {
  const minimum = cards.length >= 156 ? 52 : 1;
  if (!Number.isInteger(cutAt) || cutAt < minimum || cutAt > cards.length - minimum) {
    throw ruleViolation('CUT_TOO_CLOSE_TO_END', `The cut must be at least ${minimum} cards from either end of ${cards.length} cards, not at ${cutAt}.`, 'Crown Melbourne 4.2.3; Star Sydney 4.5', 'cutAt');
  }
  return [...cards.slice(cutAt), ...cards.slice(0, cutAt)];
};

/**
 * Where the cutting card goes after the cut: about twenty cards from the back (Crown Melbourne 4.2.4(a);
 * "at least twenty", Star Sydney 4.6) or thirteen fanned from the end (Crown Melbourne 4.2.4(b)).
 */
export type CutCardRule = 'crown-melbourne-4.2.4(a)' | 'crown-melbourne-4.2.4(b)' | 'star-sydney-4.6';

export const cutCardIndexFor = (totalCards: number, cardsFromBack: number, rule: CutCardRule): number => {
  const [min, max, clause] =
    rule === 'crown-melbourne-4.2.4(b)' ? [13, 13, 'Crown Melbourne 4.2.4(b)']
    : rule === 'crown-melbourne-4.2.4(a)' ? [16, 24, 'Crown Melbourne 4.2.4(a)'] // "approximately twenty"
    : [20, Math.floor(totalCards / 2), 'Star Sydney 4.6'];
  if (!Number.isInteger(cardsFromBack) || cardsFromBack < min || cardsFromBack > max || cardsFromBack >= totalCards) {
    throw ruleViolation('CUT_CARD_POSITION_NOT_PERMITTED', `The cutting card goes ${min === max ? min : `${min}-${max}`} cards from the back under ${clause}, not ${cardsFromBack}.`, clause, 'cardsFromBack');
  }
  return totalCards - cardsFromBack;
};
