/**
 * Three Card Baccarat (Crown Melbourne 12): each betting area's hand against the Dealer's, dealt in one round.
 * Pure. Ranking (Table 18) is `playThreeCard` and payouts (Table 19) are `settleThreeCardWager` from libs/baccarat;
 * this file only checks the deal (12.6.2-12.6.3, 12.4.1, 12.8) and maps to the table's events.
 */
import { parseCard, playThreeCard, threeCardHand, type ThreeCardOutcome } from '@app/baccarat';
import { ruleViolation, type CoupResult, type WagerSettlement } from '@app/contracts';
import { settleThreeCardWagers } from './table-settlement';
import type { CoupState, TableEvent, TableState, ThreeCardRound } from './table.events';

export const THREE_CARD_VARIANT = 'three-card';
export const isThreeCardTable = (s: Pick<TableState, 'variant'>): boolean => s.variant === THREE_CARD_VARIANT;

export interface ThreeCardDeal {
  readonly hands: readonly { readonly box: number; readonly cards: readonly string[] }[];
  readonly dealer: readonly string[];
}

const MISDEAL = 'THREE_CARD_MISDEAL';
const fmt = (card: string): string => {
  const c = parseCard(card);
  return `${c.rank}${c.suit}`;
};

/**
 * Checks a reported deal: three cards to each betting area containing a wager and three to the Dealer
 * (12.6.2(a)-(b), 12.6.3), none to an area without a wager (12.8.5), one deck so no card twice (12.4.1).
 * A deal that fails is not played: the supervisor declares the misdeal (12.8.2, 12.8.5).
 */
const checkDeal = (deal: ThreeCardDeal, coup: CoupState): void => {
  const wagered = new Set(coup.wagers.map((w) => w.box));
  const dealt = new Set<number>();
  deal.hands.forEach((h, i) => {
    if (dealt.has(h.box)) throw ruleViolation(MISDEAL, `Box ${h.box} was dealt two hands: declare a misdeal.`, 'Crown Melbourne 12.8.2', `hands[${i}].box`);
    dealt.add(h.box);
    if (!wagered.has(h.box)) throw ruleViolation(MISDEAL, `Cards were dealt to box ${h.box}, which holds no wager: declare a misdeal.`, 'Crown Melbourne 12.8.5', `hands[${i}].box`);
    if (h.cards.length !== 3) throw ruleViolation(MISDEAL, `Box ${h.box} was dealt ${h.cards.length} cards, not three: declare a misdeal.`, 'Crown Melbourne 12.8.2', `hands[${i}].cards`);
  });
  const missing = [...wagered].filter((b) => !dealt.has(b));
  if (missing.length > 0) throw ruleViolation(MISDEAL, `Box ${missing.join(', ')} holds a wager but was dealt no cards: declare a misdeal.`, 'Crown Melbourne 12.8.2', 'hands');
  if (deal.dealer.length !== 3) throw ruleViolation(MISDEAL, `The Dealer was dealt ${deal.dealer.length} cards, not three: declare a misdeal.`, 'Crown Melbourne 12.8.2', 'dealer');
  const seen = new Set<string>();
  for (const card of [...deal.hands.flatMap((h) => h.cards), ...deal.dealer].map(fmt)) {
    if (seen.has(card)) throw ruleViolation('CARD_DEALT_TWICE', `${card} appears twice: Three Card Baccarat is dealt from one deck.`, 'Crown Melbourne 12.4.1', 'hands');
    seen.add(card);
  }
};

/**
 * The stored CoupCompleted's `result` (the domain event has one per coup): 'player' when any area outranks the
 * Dealer, 'tie' when the best area equals the Dealer, otherwise 'banker'. Internal only: the round is published as
 * ThreeCardRoundCompleted with each area's result, and does not feed Dragon Tail or Runs (see evolve).
 */
const roundResult = (outcomes: readonly ThreeCardOutcome[]): CoupResult =>
  outcomes.some((o) => o.result === 'player') ? 'player' : outcomes.some((o) => o.result === 'tie') ? 'tie' : 'banker';

/** Plays and settles a Three Card round: CoupCompleted (with every hand) and WagersSettled. */
export const playThreeCardRound = (s: TableState, citation: string, coup: CoupState, deal: ThreeCardDeal, now: string): TableEvent[] => {
  checkDeal(deal, coup);
  const dealerCards = deal.dealer.map(parseCard);
  const dealer = threeCardHand(dealerCards);
  const byBox = new Map(deal.hands.map((h) => [h.box, playThreeCard(h.cards.map(parseCard), dealerCards)]));
  const round: ThreeCardRound = {
    dealer: { cards: deal.dealer.map(fmt), total: dealer.total, ranking: dealer.ranking },
    hands: deal.hands.map((h) => {
      const o = byBox.get(h.box)!;
      return { box: h.box, cards: h.cards.map(fmt), total: o.player.total, ranking: o.player.ranking, pictures: o.player.pictures, result: o.result };
    }),
  };
  const shoeId = s.shoe!.shoeId;
  const events: TableEvent[] = [
    {
      type: 'CoupCompleted',
      tableId: s.tableId,
      shoeId,
      coupId: coup.coupId,
      coupNumber: coup.coupNumber,
      dummy: false,
      playerCards: [],
      bankerCards: round.dealer.cards,
      playerTotal: 0,
      bankerTotal: dealer.total,
      result: roundResult([...byBox.values()]),
      naturals: { player: false, banker: false },
      pairs: { player: false, banker: false },
      jackpotIds: [],
      tieWagers: [],
      threeCard: round,
      completedAt: now,
    },
  ];
  const settlements: WagerSettlement[] = settleThreeCardWagers(s, citation, coup.wagers, (w) => byBox.get(w.box)!);
  if (settlements.length > 0) events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId, coupId: coup.coupId, settlements, settledAt: now });
  return events;
};
