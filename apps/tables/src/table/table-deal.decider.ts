/**
 * The deal by the Table of Play: each card to the hand `nextRequiredCard` names, the irregularities a card can
 * raise (excess, exposed, wrong hand, contrary to the Table of Play), and the coup completed and settled.
 */
import { nextRequiredCard, parseCard } from '@app/baccarat';
import { conflict, ruleViolation, type IrregularityKind, type WagerSettlement } from '@app/contracts';
import { procedureClause, tableOfPlayClause, type Rulebook } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import { isThreeCardTable } from './table-three-card';
import { acceptedCents, coupOutcomeOf, settleMultiCoup, settleSingleCoupWagers, voidSettlement } from './table-settlement';
import type { DealCard, DealCards } from './table-command.types';
import { DEALER, optionOf, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import { shoeEndEvents } from './table-shoe.decider';
import { jackpotsPlayedFor, requireTurnsRuled } from './table-tournament-mode';
import { evolveTable, type CoupState, type TableEvent, type TableState } from './table.events';

/** The Table of Play: the next card goes where `nextRequiredCard` says; the coup completes, is announced and settled. */
export const dealCard = (c: DealCard, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'deal')), 'Dealing');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before dealing.', procedureClause(rb, 'burn-before-play'));
  if (isThreeCardTable(s)) throw ruleViolation('THREE_CARD_DEALT_BY_ROUND', 'Three Card Baccarat is not dealt by the Table of Play: report the round (three cards per betting area and to the Dealer).', procedureClause(rb, 'three-card-deal'));
  const coup = requireCoup(s, c.coupId);
  const card = parseCard(c.card);
  const cardText = `${card.rank}${card.suit}`;
  const irregularity = (kind: IrregularityKind, resolution: string, clause: string, carry: { card: string; forcesDummy: boolean } | null = null, notifiable = false): TableEvent => ({
    type: 'IrregularityRecorded',
    tableId: s.tableId,
    shoeId: shoe.shoeId,
    coupId: coup.coupId,
    kind,
    card: cardText,
    resolution,
    clause,
    notifiable,
    carry,
    recordedAt: c.now,
    by: c.actor,
  });

  if (coup.phase === 'complete' || coup.phase === 'void') {
    if (s.carriedCard) throw conflict('CARD_ALREADY_CARRIED', 'A card is already held for the next coup: report the irregularity to the supervisor.');
    if (shoe.lastCoupNumber !== null && coup.coupNumber >= shoe.lastCoupNumber) {
      return [irregularity('excess-card', 'The last coup of the shoe is complete: the card is not used.', procedureClause(rb, 'excess-card'))];
    }
    if (c.hand) {
      // A third card contrary to the Table of Play: the coup is settled and that card is the first card of a Dummy /
      // No Bet Coup; where the rulebook says so for the Player's hand (Star 12.2), simply of the next coup.
      const nextCoup = c.hand === 'player' && rb.policies.contraryPlayerThirdCard === 'next-coup';
      return [
        irregularity(
          'third-card-contrary-to-table-of-play',
          nextCoup ? `The coup stands as settled; ${cardText} becomes the first card of the next coup.` : `The coup stands as settled; ${cardText} becomes the first card of a ${rb.procedures.dummyCoups?.term ?? 'Dummy Coup'}.`,
          procedureClause(rb, c.hand === 'player' ? 'third-card-contrary-player' : 'third-card-contrary-banker'),
          { card: cardText, forcesDummy: !nextCoup },
        ),
      ];
    }
    // A card drawn in excess but not disclosed is the first card of the next coup (where the rulebook is silent, the
    // clause says which rule is applied in its place).
    return [irregularity('excess-card', `${cardText} is the first card of the next coup.`, procedureClause(rb, 'excess-card'), { card: cardText, forcesDummy: false })];
  }

  const events: TableEvent[] = [];
  let working: TableState = s;
  const push = (e: TableEvent) => {
    events.push(e);
    working = evolveTable(working, e);
  };
  if (coup.phase === 'betting') requireTurnsRuled(s);
  if (coup.phase === 'betting') push({ type: 'BettingClosed', tableId: s.tableId, coupId: coup.coupId, closedAt: c.now });

  const dealt = coup.cards.map((x) => parseCard(x.card));
  const next = nextRequiredCard(dealt);
  if (next.complete) throw conflict('COUP_COMPLETE', 'The coup is complete.');
  if (c.faceUp) {
    if (dealt.length === 0 && !coup.dummy) {
      // Crown 10.5.1, Star 12.3, Rapid 11.6.1: the first card of a coup found face up: the coup is a Dummy / No Bet Coup.
      const clause = procedureClause(rb, 'first-card-face-up');
      const returned = coup.wagers;
      push(irregularity('card-exposed', 'First card of the coup found face up: the coup is dealt as a dummy coup and its wagers are returned (Runs and Dragon Tail stay).', clause));
      if (returned.length > 0) {
        push({ type: 'CoupBecameDummy', tableId: s.tableId, coupId: coup.coupId, returnedWagerIds: returned.map((w) => w.wagerId), reason: 'first card face up', clause });
        push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe.shoeId, coupId: coup.coupId, settlements: returned.map((w) => voidSettlement(w, clause)), settledAt: c.now });
      } else {
        push({ type: 'CoupBecameDummy', tableId: s.tableId, coupId: coup.coupId, returnedWagerIds: [], reason: 'first card face up', clause });
      }
    } else {
      // Crown 10.5.2, Star 12.5: found face up later in the coup, it is played as if face down.
      push(irregularity('card-exposed', 'Card found face up after the first card: played as if face down.', procedureClause(rb, 'card-face-up-later')));
    }
  }
  if (c.hand && c.hand !== next.hand) {
    // Crown 10.3 / 10.6.1(a) / 10.7(a); Star 12.1.1, 12.2: the card goes to the hand the Table of Play requires.
    const clause = procedureClause(
      rb,
      next.position <= 4
        ? next.hand === 'player' ? 'wrong-hand-first-four-player' : 'wrong-hand-first-four-banker'
        : next.hand === 'player' ? 'wrong-hand-player-third' : 'wrong-hand-banker-third',
    );
    push(irregularity('card-to-wrong-hand', `${cardText} was placed on the ${c.hand} hand; it is the ${next.hand} hand's card by the Table of Play and the coup continues with wagers valid.`, clause));
  }
  push({ type: 'CardDealt', tableId: s.tableId, shoeId: shoe.shoeId, coupId: coup.coupId, position: next.position, hand: next.hand, card: cardText, clause: tableOfPlayClause(rb, next.clause) });

  const after = working.coup!;
  if (!nextRequiredCard(after.cards.map((x) => parseCard(x.card))).complete) return events;
  completeCoup(working, after, c.now, rb).forEach(push);
  return events;
};

/** DealCards: each card dealt as DealCard, in order, on the state the card before it left. */
export const dealCards = (c: DealCards, s: TableState): TableEvent[] => {
  const events: TableEvent[] = [];
  let state = s;
  for (const card of c.cards) {
    const out = dealCard({ ...c, type: 'DealCard', ...card }, state);
    events.push(...out);
    state = out.reduce(evolveTable, state);
  }
  return events;
};

const completeCoup = (s: TableState, coup: CoupState, now: string, rb: Rulebook): TableEvent[] => {
  const shoe = s.shoe!;
  const outcome = coupOutcomeOf(coup.cards);
  const events: TableEvent[] = [];
  const fmt = (cards: readonly { rank: string; suit: string }[]) => cards.map((x) => `${x.rank}${x.suit}`);
  const completed: TableEvent = {
    type: 'CoupCompleted',
    tableId: s.tableId,
    shoeId: shoe.shoeId,
    coupId: coup.coupId,
    coupNumber: coup.coupNumber,
    dummy: coup.dummy,
    playerCards: fmt(outcome.player.cards),
    bankerCards: fmt(outcome.banker.cards),
    playerTotal: outcome.player.total,
    bankerTotal: outcome.banker.total,
    result: outcome.result,
    naturals: { player: outcome.player.natural, banker: outcome.banker.natural },
    pairs: { player: outcome.player.pair, banker: outcome.banker.pair },
    jackpotIds: coup.dummy ? [] : jackpotsPlayedFor(rb, s),
    // Valid Tie wagers share a Lucky Tie, weighed by what each was accepted for (Crown Melbourne 13.4.6(a); 6.3.1-6.3.2).
    tieWagers: coup.dummy
      ? []
      : coup.wagers
          .filter((w) => w.bet === 'tie' && w.belowMinimum?.effect !== 'returned')
          .map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, amountCents: acceptedCents(s, w), ...(w.medium ? { medium: w.medium } : {}) })),
    completedAt: now,
  };
  events.push(completed);
  const settlements: WagerSettlement[] = coup.dummy ? [] : settleSingleCoupWagers(s, rb, coup.wagers, outcome);
  const entry = coup.dummy ? ({ kind: 'dummy', coupId: coup.coupId } as const) : ({ kind: 'coup', result: outcome.result, coupId: coup.coupId } as const);
  const multi = settleMultiCoup(s.pendingMultiCoup, entry, optionOf(s));
  settlements.push(...multi);
  if (settlements.length > 0) events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe.shoeId, coupId: coup.coupId, settlements, settledAt: now });
  if (shoe.lastCoupNumber !== null && coup.coupNumber >= shoe.lastCoupNumber) {
    const settledIds = new Set(multi.map((m) => m.wagerId));
    const pending = s.pendingMultiCoup.filter((p) => !settledIds.has(p.wager.wagerId)).map((p) => ({ ...p, history: [...p.history, entry] }));
    events.push(...shoeEndEvents(s, 'cut-card', now, { coupId: coup.coupId, pending }));
  }
  return events;
};
