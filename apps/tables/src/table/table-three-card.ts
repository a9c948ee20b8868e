/**
 * Three Card Baccarat (Crown Melbourne 12): each betting area's hand against the Dealer's, dealt in one round.
 * Pure. Ranking (Table 18) is `playThreeCard` and payouts (Table 19) are `settleThreeCardRound` from libs/baccarat;
 * this file checks the deal (12.6.2-12.6.3, 12.4.1, 12.8), handles a wrong deal noticed after a player looked at
 * their cards (12.8.3, 12.8.4, 12.8.6) and maps to the table's events.
 */
import { parseCard, playThreeCard, threeCardHand, type ThreeCardOutcome } from '@app/baccarat';
import { notFound, ruleViolation, type CoupResult, type IrregularityKind, type WagerSettlement } from '@app/contracts';
import type { Rulebook } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import { settleThreeCardWagers, voidSettlement } from './table-settlement';
import { evolveTable, type Actor, type CoupState, type TableEvent, type TableState, type TableWager, type ThreeCardRound } from './table.events';

export const THREE_CARD_VARIANT = 'three-card';
export const isThreeCardTable = (s: Pick<TableState, 'variant'>): boolean => s.variant === THREE_CARD_VARIANT;

export interface ThreeCardDeal {
  readonly hands: readonly { readonly box: number; readonly cards: readonly string[] }[];
  readonly dealer: readonly string[];
}

const MISDEAL = 'THREE_CARD_MISDEAL';
/** What a refused deal asks for: before any player looked it is a misdeal; after, the TG Higher Duties Dealer reports it. */
const MISDEAL_OR_AFTER_LOOK = 'declare a misdeal, or, if a player has already looked at their cards, have the TG Higher Duties Dealer report the round as noticed after a look (Crown Melbourne 12.8.3-12.8.6)';
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
    if (dealt.has(h.box)) throw ruleViolation(MISDEAL, `Box ${h.box} was dealt two hands: ${MISDEAL_OR_AFTER_LOOK}.`, 'Crown Melbourne 12.8.2', `hands[${i}].box`);
    dealt.add(h.box);
    if (!wagered.has(h.box)) throw ruleViolation(MISDEAL, `Cards were dealt to box ${h.box}, which holds no wager: ${MISDEAL_OR_AFTER_LOOK}.`, 'Crown Melbourne 12.8.5', `hands[${i}].box`);
    if (h.cards.length !== 3) throw ruleViolation(MISDEAL, `Box ${h.box} was dealt ${h.cards.length} cards, not three: ${MISDEAL_OR_AFTER_LOOK}.`, 'Crown Melbourne 12.8.2', `hands[${i}].cards`);
  });
  const missing = [...wagered].filter((b) => !dealt.has(b));
  if (missing.length > 0) throw ruleViolation(MISDEAL, `Box ${missing.join(', ')} holds a wager but was dealt no cards: ${MISDEAL_OR_AFTER_LOOK}.`, 'Crown Melbourne 12.8.2', 'hands');
  if (deal.dealer.length !== 3) throw ruleViolation(MISDEAL, `The Dealer was dealt ${deal.dealer.length} cards, not three: ${MISDEAL_OR_AFTER_LOOK}.`, 'Crown Melbourne 12.8.2', 'dealer');
  assertOneDeck(deal);
};

/** One deck (12.4.1): no card twice anywhere in the deal. */
const assertOneDeck = (deal: ThreeCardDeal): void => {
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
export const playThreeCardRound = (
  s: TableState,
  rulebook: Rulebook,
  coup: CoupState,
  deal: ThreeCardDeal,
  now: string,
  burnt: readonly { readonly box: number; readonly cards: readonly string[] }[] = [],
): TableEvent[] => {
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
    ...(burnt.length > 0 ? { burnt: burnt.map((b) => ({ box: b.box, cards: b.cards.map(fmt) })) } : {}),
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
  const settlements: WagerSettlement[] = settleThreeCardWagers(s, rulebook, coup.wagers, (w) => byBox.get(w.box)!);
  if (settlements.length > 0) events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId, coupId: coup.coupId, settlements, settledAt: now });
  return events;
};

// ---- a wrong deal noticed after a player looked at their cards (Crown Melbourne 12.8.3, 12.8.4, 12.8.6) --------

/** What the TG Higher Duties Dealer reports with the round as dealt. */
export interface NoticedAfterLook {
  /** The count of all the cards they directed (12.8.3, 12.8.4): true when the correct number is present. */
  readonly countCorrect?: boolean;
  /** Wagers whose players took the option to retract them (12.8.3(b), 12.8.6). */
  readonly retractedWagerIds?: readonly string[];
}

type Dealt = { readonly box: number; readonly cards: readonly string[] };

/**
 * The round as dealt, wrong, and noticed only after a player looked at their cards. The deal says what went wrong:
 * - the Dealer was dealt no cards or not three (12.8.4): a misdeal; where the count is correct, winning Three
 *   Pictures wagers are paid (12.8.4(a)) and every other wager is returned;
 * - a betting area with a wager was dealt no cards or not three (12.8.3): where the count finds a discrepancy, a
 *   misdeal (12.8.3(a)); where it is correct, that area's wagers are void and returned and the coup plays on
 *   (12.8.3(b));
 * - an area without a wager was dealt cards (12.8.6): those cards are burnt and the coup plays on.
 * Where the coup plays on, each player may retract their wager (12.8.3(b), 12.8.6): a retraction returns it and
 * is recorded with whose it was. Rules the text leaves open, decided here: 12.8.6 names no one, so the same TG
 * Higher Duties Dealer (or above) who handles 12.8.3-12.8.4 records it; under 12.8.4(a) losing Three Pictures
 * wagers are returned with the rest of the misdeal (only winning ones are paid); an area whose wagers were all
 * retracted is not played.
 */
export const resolveDealNoticedAfterLook = (
  s: TableState,
  rb: Rulebook,
  coup: CoupState,
  deal: ThreeCardDeal,
  after: NoticedAfterLook,
  now: string,
  actor: Actor,
): TableEvent[] => {
  // Three Card Baccarat is a variant of one rulebook (Crown Melbourne 12): its clauses are cited as that rulebook numbers them.
  const c = (n: string) => `${rb.citation} ${n}`;
  deal.hands.forEach((h, i) => {
    if (deal.hands.findIndex((x) => x.box === h.box) !== i) throw ruleViolation('THREE_CARD_AREA_REPORTED_TWICE', `Box ${h.box} is reported twice: report each betting area once, with every card it was dealt.`, c('12.6.2-12.6.3'), `hands[${i}].box`);
  });
  assertOneDeck(deal);
  const wagered = [...new Set(coup.wagers.map((w) => w.box))].sort((a, b) => a - b);
  const dealtTo = (box: number): readonly string[] => deal.hands.find((h) => h.box === box)?.cards ?? [];
  const wrongAreas: Dealt[] = wagered.filter((b) => dealtTo(b).length !== 3).map((box) => ({ box, cards: dealtTo(box) }));
  const unwagered: Dealt[] = deal.hands.filter((h) => !wagered.includes(h.box) && h.cards.length > 0);
  const dealerWrong = deal.dealer.length !== 3;
  if (!dealerWrong && wrongAreas.length === 0 && unwagered.length === 0) {
    throw ruleViolation('THREE_CARD_DEAL_CORRECT', 'Every betting area with a wager and the Dealer were dealt three cards, and no other area any: report the round as dealt, without noticedAfterLook.', c('12.6.2-12.6.3'), 'noticedAfterLook');
  }
  const primary = dealerWrong ? '12.8.4' : wrongAreas.length > 0 ? '12.8.3' : '12.8.6';
  requireRole(actor, null, { role: 'gaming-supervisor', clause: c(primary) }, 'Handling a Three Card deal error noticed after a player looked');
  if ((dealerWrong || wrongAreas.length > 0) && after.countCorrect === undefined) {
    throw ruleViolation('CARD_COUNT_REQUIRED', `The Dealer counts all the cards (${c(primary)}): report whether the count is correct (countCorrect).`, c(primary), 'noticedAfterLook.countCorrect');
  }
  const retracted = [...new Set(after.retractedWagerIds ?? [])];
  const misdeal = dealerWrong || (wrongAreas.length > 0 && after.countCorrect === false);
  if (misdeal && retracted.length > 0) {
    throw ruleViolation('NOTHING_TO_RETRACT', 'The coup is a misdeal and its wagers are returned (or paid, 12.8.4(a)): there is no wager to retract. Leave out retractedWagerIds.', c(primary), 'noticedAfterLook.retractedWagerIds');
  }

  const shoeId = s.shoe!.shoeId;
  const dealtText = (d: Dealt) => (d.cards.length === 0 ? `box ${d.box} no cards` : `box ${d.box} ${d.cards.length} card${d.cards.length === 1 ? '' : 's'} (${d.cards.map(fmt).join(' ')})`);
  const irregularity = (kind: IrregularityKind, clause: string, resolution: string): TableEvent => ({
    type: 'IrregularityRecorded',
    tableId: s.tableId,
    shoeId,
    coupId: coup.coupId,
    kind,
    card: null,
    resolution,
    clause,
    notifiable: false,
    carry: null,
    recordedAt: now,
    by: actor,
  });
  const settled = (settlements: readonly WagerSettlement[]): TableEvent[] =>
    settlements.length > 0 ? [{ type: 'WagersSettled', tableId: s.tableId, shoeId, coupId: coup.coupId, settlements, settledAt: now }] : [];
  const voided = (reason: string, clause: string, paid: readonly WagerSettlement[] = []): TableEvent[] => {
    const paidIds = new Set(paid.map((x) => x.wagerId));
    const returned = coup.wagers.filter((w) => !paidIds.has(w.wagerId));
    return [
      ...settled([...paid, ...returned.map((w) => voidSettlement(w, clause))]),
      { type: 'CoupVoided', tableId: s.tableId, shoeId, coupId: coup.coupId, reason, clause, returnedWagerIds: returned.map((w) => w.wagerId), deferredCommissionReversed: {}, voidedAt: now, by: actor },
    ];
  };

  if (dealerWrong) {
    // 12.8.4: a misdeal; 12.8.4(a): with the count correct, winning Three Pictures wagers are still paid.
    const clause = c(after.countCorrect ? '12.8.4(a)' : '12.8.4');
    const threePictures = coup.wagers.filter((w) => w.bet === 'three-pictures' && dealtTo(w.box).length === 3);
    const paid = after.countCorrect
      ? settleThreeCardWagers(s, rb, threePictures, (w) => threePicturesOnly(dealtTo(w.box))).filter((x) => x.outcome === 'win')
      : [];
    const resolution =
      `The Dealer was dealt ${deal.dealer.length} cards, noticed after a player looked: misdeal. ` +
      (after.countCorrect ? `The count is correct: winning Three Pictures wagers are paid (${paid.map((x) => x.wagerId).join(', ') || 'none'}); every other wager is returned.` : 'The count is not correct: every wager is returned.');
    return [irregularity('three-card-dealer-cards-incorrect', clause, resolution), ...voided(`misdeal (dealer-incorrect-cards, noticed after a player looked)`, clause, paid)];
  }
  if (misdeal) {
    const clause = c('12.8.3(a)');
    const resolution = `Wrong cards noticed after a player looked (${wrongAreas.map(dealtText).join('; ')}); the count found a discrepancy: misdeal, every wager is returned.`;
    return [irregularity('three-card-area-cards-incorrect', clause, resolution), ...voided('misdeal (card-count-discrepancy, noticed after a player looked)', clause)];
  }

  // The coup plays on: void the wrongly dealt areas' wagers (12.8.3(b)), burn cards dealt to areas without a wager
  // (12.8.6), return the wagers players retract, then play and settle the rest.
  const voidClause = c('12.8.3(b)');
  const retractClause = c([wrongAreas.length > 0 ? '12.8.3(b)' : '', unwagered.length > 0 ? '12.8.6' : ''].filter(Boolean).join('; '));
  const wrongBoxes = new Set(wrongAreas.map((d) => d.box));
  const voidWagers = coup.wagers.filter((w) => wrongBoxes.has(w.box));
  const retractions: TableWager[] = retracted.map((id, i) => {
    const w = coup.wagers.find((x) => x.wagerId === id);
    if (!w) throw notFound('WAGER_NOT_FOUND', `Wager ${id} is not a wager of coup ${coup.coupId}: retract only this coup's wagers.`);
    if (wrongBoxes.has(w.box)) throw ruleViolation('WAGER_ALREADY_RETURNED', `Wager ${id} at box ${w.box} is void and returned already (12.8.3(b)): leave it out of the retractions.`, voidClause, `noticedAfterLook.retractedWagerIds[${i}]`);
    return w;
  });
  const retractedNote = retractions.length > 0 ? ` Retracted: ${retractions.map((w) => `${w.wagerId} (box ${w.box}, ${w.sessionId ?? 'no session'})`).join(', ')}.` : ' No player retracted.';
  const events: TableEvent[] = [];
  if (wrongAreas.length > 0) {
    events.push(irregularity('three-card-area-cards-incorrect', voidClause, `Wrong cards noticed after a player looked (${wrongAreas.map(dealtText).join('; ')}); the count is correct: those areas' wagers are void and returned and the coup plays on; each player was offered to retract their wager.${retractedNote}`));
  }
  if (unwagered.length > 0) {
    events.push(irregularity('three-card-unwagered-area-dealt', c('12.8.6'), `Cards dealt to an area without a wager, noticed after a player looked: burnt (${unwagered.map(dealtText).join('; ')}); each player was offered to retract their wager.${retractedNote}`));
  }
  for (const w of voidWagers) {
    events.push({ type: 'WagerVoided', tableId: s.tableId, coupId: coup.coupId, wagerId: w.wagerId, reason: `box ${w.box} was dealt ${dealtTo(w.box).length} cards, noticed after a player looked`, clause: voidClause, voidedAt: now, by: actor });
  }
  for (const w of retractions) {
    events.push({ type: 'WagerRetracted', tableId: s.tableId, coupId: coup.coupId, wagerId: w.wagerId, box: w.box, sessionId: w.sessionId, patronId: w.patronId, amountCents: w.amountCents, clause: retractClause, retractedAt: now, by: actor });
  }
  events.push(...settled([...voidWagers.map((w) => voidSettlement(w, voidClause)), ...retractions.map((w) => voidSettlement(w, retractClause))]));
  const working = events.reduce(evolveTable, s);
  const playing = working.coup!;
  const boxes = new Set(playing.wagers.map((w) => w.box));
  return [...events, ...playThreeCardRound(working, rb, playing, { hands: deal.hands.filter((h) => boxes.has(h.box)), dealer: deal.dealer }, now, unwagered)];
};

/**
 * An area's outcome for its Three Pictures wager alone: Pictures in the area's own hand decide it (12.5.4), so the
 * Dealer's hand (wrong under 12.8.4) is not consulted; the area's hand stands in for it and no other bet is settled
 * with this outcome.
 */
const threePicturesOnly = (cards: readonly string[]): ThreeCardOutcome => {
  const hand = threeCardHand(cards.map(parseCard));
  return { player: hand, dealer: hand, result: 'tie' };
};
