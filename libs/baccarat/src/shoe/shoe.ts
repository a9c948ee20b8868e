import { conflict, DomainError } from '@app/contracts';
import type { Card } from '../cards/card';
import { playCoup, type CoupOutcome } from '../game/coup';
import { createRng, randomBelow, type Seed } from './prng';
import { cutCardIndexFor, cutCards, freshCards, shoeCommitment, shuffleCards, type CutCardRule } from './shuffle';

/**
 * A dealing shoe as plain immutable data: the order after shuffle and cut, where the cutting card lies, and
 * how far dealing has gone. Every function returns a new state, so a replay from the same seed deals the same
 * coups (docs/ARCHITECTURE.md: replay equals live).
 */
export interface Shoe {
  readonly decks: number;
  readonly cards: readonly Card[];
  /** Index of the next card to come out. */
  readonly position: number;
  /** The cutting card lies in front of cards[cutCardIndex]. */
  readonly cutCardIndex: number;
  /** SHA-256 of the dealing order and cut card position, recorded before play. */
  readonly commitment: string;
  readonly burned: readonly Card[];
  /** "Last coup" has been announced: the next coup dealt is the last (Crown Melbourne 7.3.4(c); Star Sydney 4.9). */
  readonly lastCoupAnnounced: boolean;
  /** No more coups: shuffle or replace the cards (Crown Melbourne 4.1.1(b); Star Sydney 4.9). */
  readonly finished: boolean;
  readonly coupsDealt: number;
}

export interface NewShoe {
  readonly decks: number;
  /** Randomness from the service (cryptographic bytes) or a test seed. */
  readonly seed: Seed;
  /** Cards moved from front to back by the cut; drawn from the seed when not given. */
  readonly cutAt?: number;
  readonly cutCardRule?: CutCardRule;
  /** Cards behind the cutting card; default 20 (13 under Crown Melbourne 4.2.4(b)). */
  readonly cutCardFromBack?: number;
  /** Salt for the commitment (e.g. the shoe id). */
  readonly salt?: string;
}

/** Shuffles, cuts, places the cutting card and commits to the order (Crown Melbourne 4.1-4.2; Star Sydney 4). */
export const createShoe = (spec: NewShoe): Shoe => {
  const rng = createRng(spec.seed);
  const shuffled = shuffleCards(freshCards(spec.decks), rng);
  const minimum = shuffled.length >= 156 ? 52 : 1;
  const cutAt = spec.cutAt ?? minimum + randomBelow(rng, shuffled.length - 2 * minimum + 1);
  const cards = cutCards(shuffled, cutAt);
  const rule = spec.cutCardRule ?? 'star-sydney-4.6';
  const fromBack = spec.cutCardFromBack ?? (rule === 'crown-melbourne-4.2.4(b)' ? 13 : 20);
  const cutCardIndex = spec.decks === 1 ? cards.length : cutCardIndexFor(cards.length, fromBack, rule);
  return {
    decks: spec.decks,
    cards,
    position: 0,
    cutCardIndex,
    commitment: shoeCommitment(cards, cutCardIndex, spec.salt),
    burned: [],
    lastCoupAnnounced: false,
    finished: false,
    coupsDealt: 0,
  };
};

/** Restores a shoe from a recorded order (e.g. replay); the commitment is recomputed so it can be compared. */
export const shoeFromCards = (cards: readonly Card[], decks: number, cutCardIndex: number, salt?: string): Shoe => ({
  decks, cards, position: 0, cutCardIndex, commitment: shoeCommitment(cards, cutCardIndex, salt), burned: [], lastCoupAnnounced: false, finished: false, coupsDealt: 0,
});

/** 'standard-shown-on-request' burns like 'standard'; showing the card is a dealing procedure (Star Sydney 4.7.2). */
export type BurnMethod = 'standard' | 'standard-shown-on-request' | 'face-value';

export interface Burn {
  readonly shoe: Shoe;
  /** The first card, shown face up for a face-value burn. */
  readonly exposed: Card;
  /** All cards burned, the first included. */
  readonly burned: readonly Card[];
}

/** Burn value: tens and pictures count 10, an Ace 1 (Crown Melbourne 4.3.1(b)). */
export const burnValue = (c: Card): number => (c.points === 0 ? 10 : c.points);

/**
 * Burns before play: the first card (Crown Melbourne 4.3.1(a); Star Sydney 4.7.1), or the first card face up
 * and as many more as its face value (Crown Melbourne 4.3.1(b)).
 */
export const burn = (shoe: Shoe, method: BurnMethod = 'standard'): Burn => {
  if (shoe.position !== 0 || shoe.coupsDealt > 0) throw conflict('BURN_AFTER_PLAY_STARTED', 'Cards are burned before the start of play following the shuffle and cut.', 'Crown Melbourne 4.3.1');
  const exposed = shoe.cards[0];
  const count = method === 'face-value' ? 1 + burnValue(exposed) : 1;
  const burned = shoe.cards.slice(0, count);
  return { shoe: { ...shoe, position: count, burned: [...shoe.burned, ...burned] }, exposed, burned };
};

export type DealtCoup =
  | {
      readonly kind: 'coup';
      readonly shoe: Shoe;
      readonly coup: CoupOutcome;
      readonly dummy: boolean;
      /** The cutting card came out during this coup, or before its first card. */
      readonly cutCardAppeared: boolean;
      /** This coup was the last of the shoe. */
      readonly last: boolean;
    }
  | { readonly kind: 'void'; readonly shoe: Shoe; readonly reason: string; readonly clause: string };

/**
 * Deals the next coup by the Table of Play. The cutting card: appearing during a coup, that coup is completed
 * and the next is the last (Crown Melbourne 7.3.4; Star Sydney 4.9); appearing as the first card of a coup,
 * that coup is the last (Star Sydney 4.10). Too few cards make the coup void (Crown Melbourne 10.10).
 */
export const dealCoup = (shoe: Shoe, options: { readonly dummy?: boolean } = {}): DealtCoup => {
  if (shoe.finished) throw conflict('SHOE_FINISHED', 'The shoe has finished: shuffle or replace the cards.', 'Crown Melbourne 4.1.1(b); Star Sydney 4.9');
  let coup: CoupOutcome;
  try {
    coup = playCoup(shoe.cards, shoe.position);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'INSUFFICIENT_CARDS') {
      return { kind: 'void', shoe: { ...shoe, position: shoe.cards.length, finished: true }, reason: e.message, clause: 'Crown Melbourne 10.10; Star Sydney 12.6' };
    }
    throw e;
  }
  const start = shoe.position;
  const end = start + coup.cardsUsed;
  const cutFirst = shoe.cutCardIndex === start;
  const cutDuring = shoe.cutCardIndex > start && shoe.cutCardIndex < end;
  const last = shoe.lastCoupAnnounced || cutFirst || end >= shoe.cards.length;
  const next: Shoe = {
    ...shoe,
    position: end,
    coupsDealt: shoe.coupsDealt + 1,
    lastCoupAnnounced: shoe.lastCoupAnnounced || cutDuring,
    finished: last,
  };
  return { kind: 'coup', shoe: next, coup, dummy: options.dummy ?? false, cutCardAppeared: cutFirst || cutDuring, last };
};
