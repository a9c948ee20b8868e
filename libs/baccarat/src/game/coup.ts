import { ruleViolation } from '@app/contracts';
import type { Card } from '../cards/card';
import { bankerDraws, isNaturalTotal, playerDraws } from './table-of-play';

export type HandName = 'player' | 'banker';
export type CoupResult = 'player' | 'banker' | 'tie';

export interface HandOutcome {
  readonly cards: readonly Card[];
  readonly total: number;
  /** Two-card 8 or 9 (Crown Melbourne 1.1 'Natural'). */
  readonly natural: boolean;
  /** First two cards of the same rank (Star Sydney 10.6). */
  readonly pair: boolean;
}

/** One card of the coup, in dealing order, and why it went where it went. */
export interface DealStep {
  /** 1-6: the card's position in the coup. */
  readonly position: number;
  readonly hand: HandName;
  readonly card: Card;
  readonly reason: string;
  readonly clause: string;
}

export interface CoupOutcome {
  readonly player: HandOutcome;
  readonly banker: HandOutcome;
  readonly result: CoupResult;
  /** Winning total minus losing total (0 on a tie); Dragon Bonus pays by it. */
  readonly margin: number;
  /** Cards taken from the sequence: 4, 5 or 6. */
  readonly cardsUsed: number;
  readonly steps: readonly DealStep[];
}

export type NextCard =
  | { readonly complete: false; readonly position: number; readonly hand: HandName; readonly reason: string; readonly clause: string }
  | { readonly complete: true; readonly reason: string; readonly clause: string };

const INITIAL: readonly { hand: HandName; reason: string }[] = [
  { hand: 'player', reason: "first card of the coup is Player's first card" },
  { hand: 'banker', reason: "second card of the coup is Banker's first card" },
  { hand: 'player', reason: "third card of the coup is Player's second card" },
  { hand: 'banker', reason: "fourth card of the coup is Banker's second card" },
];

/**
 * Which hand takes the next card, given the point values dealt so far in coup order (P, B, P, B, then
 * Player's third if drawn, then Banker's third). The single source of the Table of Play for live dealing,
 * replay, simulation and analysis.
 */
export const nextCardFor = (points: readonly number[]): NextCard => {
  const n = points.length;
  if (n < 4) return { complete: false, position: n + 1, hand: INITIAL[n].hand, reason: INITIAL[n].reason, clause: 'Crown Melbourne 7.2.3' };
  const p = (points[0] + points[2]) % 10;
  const b = (points[1] + points[3]) % 10;
  if (isNaturalTotal(p) || isNaturalTotal(b)) {
    return n === 4
      ? { complete: true, reason: `Natural (${isNaturalTotal(p) ? `Player ${p}` : `Banker ${b}`}): no more cards to either hand`, clause: 'Crown Melbourne 8.1' }
      : tooMany(n);
  }
  const pDraws = playerDraws(p);
  if (n === 4) {
    if (pDraws) return { complete: false, position: 5, hand: 'player', reason: `Player ${p} draws on 0-5`, clause: 'Crown Melbourne 8.2 Table 1' };
    return bankerDraws(b, null)
      ? { complete: false, position: 5, hand: 'banker', reason: `Player stood on ${p}; Banker ${b} draws`, clause: 'Star Sydney 9 Table 2 (No Card)' }
      : { complete: true, reason: `Player stood on ${p}; Banker stands on ${b}`, clause: 'Star Sydney 9 Table 2 (No Card)' };
  }
  if (!pDraws) return n === 5 ? { complete: true, reason: `Banker drew its third card`, clause: 'Crown Melbourne 7.3.1(a)' } : tooMany(n);
  if (n === 5) {
    const third = points[4];
    return bankerDraws(b, third)
      ? { complete: false, position: 6, hand: 'banker', reason: `Banker ${b} draws when Player's third card is ${third}`, clause: 'Star Sydney 9 Table 2' }
      : { complete: true, reason: `Banker ${b} stands when Player's third card is ${third}`, clause: 'Star Sydney 9 Table 2' };
  }
  return n === 6 ? { complete: true, reason: 'both hands hold three cards', clause: 'Crown Melbourne 7.3.1(a)' } : tooMany(n);
};

const tooMany = (n: number): never => {
  throw ruleViolation('CARD_NOT_REQUIRED', `The Table of Play does not call for card ${n} of this coup.`, 'Crown Melbourne 10.6; Star Sydney 12.2-12.3', 'card');
};

/** `nextCardFor` on cards: for a dealer console that reports cards one at a time. */
export const nextRequiredCard = (dealt: readonly Card[]): NextCard => nextCardFor(dealt.map((c) => c.points));

const hand = (cards: Card[]): HandOutcome => {
  const total = (cards.reduce((s, c) => s + c.points, 0)) % 10;
  return { cards, total, natural: cards.length === 2 && total >= 8, pair: cards[0].rank === cards[1].rank };
};

/**
 * Deals one coup from `cards` starting at `offset`, by the Table of Play, and reports both hands, the result
 * and each card's reason. Throws INSUFFICIENT_CARDS when the sequence ends first: such a coup is void
 * (Crown Melbourne 10.10; Star Sydney 12.6).
 */
export const playCoup = (cards: readonly Card[], offset = 0): CoupOutcome => {
  const player: Card[] = [];
  const banker: Card[] = [];
  const points: number[] = [];
  const steps: DealStep[] = [];
  for (;;) {
    const next = nextCardFor(points);
    if (next.complete) break;
    const c = cards[offset + points.length];
    if (c === undefined) {
      throw ruleViolation('INSUFFICIENT_CARDS', `The coup needs card ${next.position} but the sequence has ended: the coup is void.`, 'Crown Melbourne 10.10; Star Sydney 12.6');
    }
    (next.hand === 'player' ? player : banker).push(c);
    points.push(c.points);
    steps.push({ position: next.position, hand: next.hand, card: c, reason: next.reason, clause: next.clause });
  }
  const p = hand(player);
  const b = hand(banker);
  const result: CoupResult = p.total > b.total ? 'player' : b.total > p.total ? 'banker' : 'tie';
  return { player: p, banker: b, result, margin: Math.abs(p.total - b.total), cardsUsed: points.length, steps };
};
