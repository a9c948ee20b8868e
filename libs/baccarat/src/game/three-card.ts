import { ruleViolation } from '@app/contracts';
import { isPicture, type Card } from '../cards/card';

export interface ThreeCardHand {
  readonly cards: readonly Card[];
  readonly total: number;
  /** Kings, Queens, Jacks in the hand (Crown Melbourne 12.2 'Pictures'). */
  readonly pictures: number;
  /** Crown Melbourne Table 18: 1 = Three Pictures, 2 = nine ... 11 = zero. Lower is better. */
  readonly ranking: number;
}

export interface ThreeCardOutcome {
  readonly player: ThreeCardHand;
  readonly dealer: ThreeCardHand;
  readonly result: 'player' | 'dealer' | 'tie';
}

/** Ranks a three-card hand by Crown Melbourne 12.6.5 Table 18. */
export const threeCardHand = (cards: readonly Card[]): ThreeCardHand => {
  if (cards.length !== 3) {
    throw ruleViolation('THREE_CARD_HAND_SIZE', `A Three Card Baccarat hand has three cards, not ${cards.length}.`, 'Crown Melbourne 12.6.2-12.6.3', 'cards');
  }
  const total = cards.reduce((s, c) => s + c.points, 0) % 10;
  const pictures = cards.filter(isPicture).length;
  return { cards, total, pictures, ranking: pictures === 3 ? 1 : 11 - total };
};

/** Compares a player's hand with the Dealer's (Crown Melbourne 12.5.2-12.5.3). */
export const playThreeCard = (player: readonly Card[], dealer: readonly Card[]): ThreeCardOutcome => {
  const p = threeCardHand(player);
  const d = threeCardHand(dealer);
  return { player: p, dealer: d, result: p.ranking < d.ranking ? 'player' : p.ranking > d.ranking ? 'dealer' : 'tie' };
};
