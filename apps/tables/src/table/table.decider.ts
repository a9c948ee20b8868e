/**
 * The table decider: one stream per table (`table-<tableId>`) from open to close: configuration and limits,
 * seats and sessions, shoes, coups, wagers, the deal, settlement, deferred commission, voids, corrections and
 * irregularities. Pure: `now`, ids and the actor arrive with each command. Every refusal names its clause.
 */
import { assertInsuranceAcceptable, assertShieldAcceptable, nextRequiredCard, parseCard, settleRun, type RunWager } from '@app/baccarat';
import { conflict, notFound, ruleViolation, type IrregularityKind, type WagerSettlement } from '@app/contracts';
import type { Decider } from '@app/event-store';
import type { Rulebook } from '../engine-adapter/rulebooks';
import { atLeast, cite, requireRole, seriesOf } from './table-rules';
import { assertSideWagerEntitlement, entitlementOf, hasElected, sideWagerHand } from './table-side-wagers';
import { isThreeCardTable, playThreeCardRound, resolveDealNoticedAfterLook } from './table-three-card';
import { coupOutcomeOf, settleMultiCoup, settleSingleCoupWagers, voidSettlement } from './table-settlement';
import type {
  CloseBetting,
  CorrectPayment,
  DealCard,
  DealThreeCardRound,
  DeclareMisdeal,
  DeclareShoeVoid,
  DeclineSideWager,
  MisdealFinding,
  PlaceWagers,
  RecordIrregularity,
  StartCoup,
  TableCommand,
  VoidCoup,
  VoidGround,
  VoidWager,
} from './table-command.types';
import { DEALER, optionOf, requireBox, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import { applyAnnouncedLimits, applyGameChange, changeGame, changeLimits, setIndividualLimit } from './table-configuration.decider';
import { announceClosing, closeTable, openTable } from './table-lifecycle.decider';
import { approveDeferral, leaveSeat, seatPlayer } from './table-seats.decider';
import { burnCards, cutShoe, endShoe, reportCutCard, shoeEndEvents, startShoe } from './table-shoe.decider';
import { settleCommission } from './table-commission.decider';
import { evolveTable, initialTableState, isMultiCoupBet, type Actor, type CoupState, type TableEvent, type TableState, type TableWager } from './table.events';

export type * from './table-command.types';

// ---- helpers -------------------------------------------------------------------------------------------------

const twoCardTotals = (c: CoupState): { p: number; b: number } => {
  const pts = c.cards.slice(0, 4).map((x) => parseCard(x.card).points);
  return { p: (pts[0] + pts[2]) % 10, b: (pts[1] + pts[3]) % 10 };
};

// ---- decide --------------------------------------------------------------------------------------------------

export const decideTable = (cmd: TableCommand, s: TableState): TableEvent[] => {
  switch (cmd.type) {
    case 'OpenTable':
      return openTable(cmd, s);
    case 'AnnounceTableClosing':
      return announceClosing(cmd, s);
    case 'CloseTable':
      return closeTable(cmd, s);
    case 'ChangeLimits':
      return changeLimits(cmd, s);
    case 'ApplyAnnouncedLimits':
      return applyAnnouncedLimits(cmd, s);
    case 'SetIndividualLimit':
      return setIndividualLimit(cmd, s);
    case 'ChangeGame':
      return changeGame(cmd, s);
    case 'ApplyGameChange':
      return applyGameChange(cmd, s);
    case 'SeatPlayer':
      return seatPlayer(cmd, s);
    case 'ApproveCommissionDeferral':
      return approveDeferral(cmd, s);
    case 'LeaveSeat':
      return leaveSeat(cmd, s);
    case 'StartShoe':
      return startShoe(cmd, s);
    case 'CutShoe':
      return cutShoe(cmd, s);
    case 'BurnCards':
      return burnCards(cmd, s);
    case 'StartCoup':
      return startCoup(cmd, s);
    case 'PlaceWagers':
      return placeWagers(cmd, s);
    case 'DeclineSideWager':
      return declineSideWager(cmd, s);
    case 'CloseBetting':
      return closeBetting(cmd, s);
    case 'DealCard':
      return dealCard(cmd, s);
    case 'DealCards': {
      const events: TableEvent[] = [];
      let state = s;
      for (const card of cmd.cards) {
        const out = dealCard({ ...cmd, type: 'DealCard', ...card }, state);
        events.push(...out);
        state = out.reduce(evolveTable, state);
      }
      return events;
    }
    case 'DealThreeCardRound':
      return dealThreeCardRound(cmd, s);
    case 'DeclareMisdeal':
      return declareMisdeal(cmd, s);
    case 'ReportCutCard':
      return reportCutCard(cmd, s);
    case 'EndShoe':
      return endShoe(cmd, s);
    case 'SettleCommission':
      return settleCommission(cmd, s);
    case 'VoidCoup':
      return voidCoup(cmd, s);
    case 'VoidWager':
      return voidWager(cmd, s);
    case 'RecordIrregularity':
      return recordIrregularity(cmd, s);
    case 'DeclareShoeVoid':
      return declareShoeVoid(cmd, s);
    case 'CorrectPayment':
      return correctPayment(cmd, s);
    default: {
      const never: never = cmd;
      return never;
    }
  }
};

// ---- coups ---------------------------------------------------------------------------------------------------

const startCoup = (c: StartCoup, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '7.2', star: '7.1' })), 'Starting a coup');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before the first coup.', cite(rb, { crown: '4.3.1', star: '4.7' }));
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', `Coup ${s.coup.coupId} is still in progress.`);
  if (shoe.lastCoupNumber !== null && shoe.coupNumber >= shoe.lastCoupNumber) throw conflict('SHOE_FINISHED', 'The last coup of the shoe has been dealt: end the shoe.', cite(rb, { crown: '7.3.4', star: '4.9' }));
  if (s.closing?.coupsRemaining === 0) throw ruleViolation('TABLE_CLOSING', 'The coups of the closing notice have been dealt: close the table.', s.closing && cite(rb, { crown: '15.8' }));
  if (s.coup?.coupId === c.coupId || s.recentCoups.some((x) => x.coupId === c.coupId)) throw conflict('COUP_ID_USED', `Coup id ${c.coupId} is already used.`);
  const dc = rb.procedures.dummyCoups;
  const forced = s.carriedCard?.forcesDummy ?? false;
  let dummyClause: string | null = null;
  if (forced) {
    dummyClause = s.carriedCard!.clause;
  } else if (c.dummy) {
    if (!dc) throw ruleViolation('DUMMY_COUP_NOT_PROVIDED', `${rb.citation} makes no provision for dummy coups.`, `${rb.citation} (no provision)`);
    if (!dc.directedBy) throw ruleViolation('DUMMY_COUP_NOT_DIRECTABLE', `${rb.citation} allows a ${dc.term} only when an irregularity forces one.`, dc.forcedBy[0]?.clause ?? dc.wagersOnDummyCoup.clause);
    dummyClause = requireRole(c.actor, dc.directedBy, DEALER(dc.directedBy.clause), `Directing a ${dc.term}`);
  }
  return [
    {
      type: 'CoupStarted',
      tableId: s.tableId,
      shoeId: shoe.shoeId,
      coupId: c.coupId,
      coupNumber: shoe.coupNumber + 1,
      dummy: forced || (c.dummy ?? false),
      dummyClause,
      carriedCard: s.carriedCard?.card ?? null,
      startedAt: c.now,
      by: c.actor,
    },
  ];
};

const MAIN_SIDE = new Set(['player', 'banker']);

const placeWagers = (c: PlaceWagers, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '5.1', star: '5.1' })), 'Accepting wagers');
  const series = seriesOf(rb);
  if (coup.dummy) {
    const dc = rb.procedures.dummyCoups;
    throw ruleViolation('WAGER_ON_DUMMY_COUP', `No wagers are accepted on a ${dc?.term ?? 'dummy coup'}.`, dc?.wagersOnDummyCoup.clause ?? cite(rb, { crown: '10.8.5', star: '12.4' }));
  }
  const midCoupWindow = coup.phase === 'dealing' && coup.cards.length === 4 && !nextRequiredCard(coup.cards.map((x) => parseCard(x.card))).complete;
  if (coup.phase !== 'betting' && !midCoupWindow) {
    throw conflict('NO_MORE_BETS', 'No more bets: wagers are placed before the first card.', cite(rb, { crown: '5.3', star: '5.4', rapid: '6.3' }));
  }
  const accepted: TableWager[] = [];
  const ids = new Set([...coup.wagers.map((w) => w.wagerId), ...s.pendingMultiCoup.map((p) => p.wager.wagerId)]);
  // Every wager of this coup so far, Runs and Dragon Tails placed on it included (Crown Melbourne 5.8.3-5.8.7).
  const placedOnCoup = (): TableWager[] => [...placedOn(s, coup), ...accepted];
  const boxTotals = new Map<number, number>();
  for (const w of coup.wagers) boxTotals.set(w.box, (boxTotals.get(w.box) ?? 0) + w.amountCents);
  const all = (): TableWager[] => [...coup.wagers, ...accepted];
  c.wagers.forEach((w, i) => {
    const field = (f: string) => `wagers[${i}].${f}`;
    if (ids.has(w.wagerId)) throw conflict('WAGER_ID_USED', `Wager id ${w.wagerId} is already on the layout.`);
    ids.add(w.wagerId);
    requireBox(s, w.box, rb);
    const offered = s.offeredBets.find((b) => b.bet === w.bet);
    if (!offered) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${w.bet}".`, cite(rb, { crown: '5.5', star: '5.1; 10.1', rapid: '6.1' }), field('bet'));
    if (!Number.isSafeInteger(w.amountCents) || w.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', 'A wager is a positive whole number of cents.', undefined, field('amountCents'));
    // Wagers are made in chips (Crown 5.1, Star 5.2): a wager that cannot be made, or paid, in chips is refused (Crown 5.6).
    if (s.minimumChipCents > 1 && w.amountCents % s.minimumChipCents !== 0) {
      throw ruleViolation('WAGER_NOT_IN_CHIPS', `Wagers are made in chips of ${s.minimumChipCents} cents.`, rb.procedures.wagersInChips?.clause ?? cite(rb, { crown: '5.1; 5.6', star: '5.2' }), field('amountCents'));
    }
    const seat = s.seats[String(w.box)];
    // Star 2024 14.16: no proxy betting: a wager at a box is the seated player's own.
    const proxy = rb.procedures.proxyBetting;
    if (proxy && !proxy.allowed) {
      if (!seat) throw ruleViolation('PROXY_BETTING_FORBIDDEN', `Box ${w.box} has no seated player: wagers are placed only by the player at the box.`, proxy.clause, field('box'));
      if (w.sessionId && w.sessionId !== seat.sessionId) throw ruleViolation('PROXY_BETTING_FORBIDDEN', `Session ${w.sessionId} is not the player seated at box ${w.box}.`, proxy.clause, field('sessionId'));
    }
    const sessionId = w.sessionId ?? seat?.sessionId ?? null;
    const patronId = seat && sessionId === seat.sessionId ? seat.patronId : null;
    // Mid-coup windows: Insurance/No 6 and Shield after the first four cards (Crown 1.1, 5.9).
    const midCoupBet = w.bet === 'insurance' || w.bet === 'shield';
    if (midCoupWindow && !midCoupBet) throw conflict('NO_MORE_BETS', 'Only Insurance/No 6 or Shield may be placed after the first four cards.', cite(rb, { crown: '5.3; 5.9', star: '5.4' }));
    if (midCoupBet && !midCoupWindow) throw ruleViolation('MID_COUP_WINDOW_CLOSED', `${w.bet} is offered after the first four cards, before the fifth.`, cite(rb, { crown: w.bet === 'shield' ? '5.9.1' : "1.1 'Insurance/No 6'" }), field('bet'));
    let originalWagerCents: number | undefined;
    if (midCoupBet) {
      const { p, b } = twoCardTotals(coup);
      if (w.bet === 'insurance') {
        originalWagerCents = all().filter((x) => x.box === w.box && x.bet === 'banker').reduce((a, x) => a + x.amountCents, 0);
        assertInsuranceAcceptable(w.amountCents, originalWagerCents, p, b);
      } else {
        const side = w.side ?? 'player';
        assertShieldAcceptable(side, all().some((x) => x.box === w.box && x.bet === side), p, b);
      }
    }
    // Limits: minimum (grandfathered per Star 6.7.1), maximum (individual per Crown 6.6 / Star 6.8), per box.
    const limits = s.limits.perBet[w.bet];
    const mm = rb.procedures.minimumMaximum;
    if (limits) {
      const minimum = seat?.grandfatheredMinimums?.[w.bet] !== undefined && sessionId === seat.sessionId ? Math.min(seat.grandfatheredMinimums[w.bet], limits.minimumCents) : limits.minimumCents;
      if (w.amountCents < minimum && mm?.belowMinimum === 'not-accepted') {
        throw ruleViolation('WAGER_BELOW_MINIMUM', `The minimum for ${w.bet} is ${minimum} cents.`, mm.clause, field('amountCents'));
      }
      const individual = seat && sessionId === seat.sessionId ? seat.individualMaximumCents : null;
      if (individual !== null && w.amountCents > Math.max(individual, limits.maximumCents)) {
        throw ruleViolation('WAGER_ABOVE_INDIVIDUAL_LIMIT', `Box ${w.box}'s individual maximum is ${individual} cents.`, rb.procedures.individualLimits?.clause, field('amountCents'));
      }
    }
    const boxTotal = (boxTotals.get(w.box) ?? 0) + w.amountCents;
    if (s.limits.perBoxMaximumCents !== undefined && boxTotal > s.limits.perBoxMaximumCents && !(seat?.individualMaximumCents && sessionId === seat.sessionId)) {
      throw ruleViolation('BOX_MAXIMUM_EXCEEDED', `Box ${w.box} may hold at most ${s.limits.perBoxMaximumCents} cents.`, cite(rb, { crown: '6.1', star: '6.1; 6.5' }), field('amountCents'));
    }
    boxTotals.set(w.box, boxTotal);
    // Star 5.6: Player and Banker together only with a casino supervisor's approval.
    if (series === 'star' && MAIN_SIDE.has(w.bet)) {
      const other = w.bet === 'player' ? 'banker' : 'player';
      if (all().some((x) => x.box === w.box && x.bet === other) && !atLeast(c.actor, 'gaming-supervisor')) {
        throw ruleViolation('BOTH_HANDS_NEED_APPROVAL', 'Player and Banker in the same coup need a casino supervisor\'s approval.', `${rb.citation} 5.6.6-5.6.7`, field('bet'));
      }
    }
    // Crown Melbourne 11.2.1, 11.3.1: a box nominates Player (Dragon Head) or Banker (Dragon Tail), not both.
    if (w.bet.startsWith('lucky-chase-') && all().some((x) => x.box === w.box && x.bet.startsWith('lucky-chase-') && x.bet !== w.bet)) {
      throw ruleViolation('ONE_NOMINATION_PER_BOX', `Box ${w.box} has already nominated the other hand this coup.`, cite(rb, { crown: '11.2.1; 11.3.1' }), field('bet'));
    }
    // Star 10.5: one Pairs wager per hand per box per coup.
    if (series === 'star' && w.bet === 'pairs' && all().some((x) => x.box === w.box && x.bet === 'pairs' && x.side === w.side)) {
      throw ruleViolation('ONE_PAIRS_WAGER_PER_HAND', 'One Baccarat Pairs wager on each hand per coup.', `${rb.citation} 10.5`, field('bet'));
    }
    if ((w.bet === 'pairs' || w.bet === 'crown-pairs' || w.bet === 'perfect-pairs' || w.bet === 'shield' || w.bet.startsWith('dragon-tail')) && !w.side) {
      throw ruleViolation('SIDE_REQUIRED', `${w.bet} is placed on the Player or the Banker hand.`, cite(rb, { crown: '1.1', star: '10.6' }), field('side'));
    }
    // Crown Melbourne 5.8.3-5.8.7: a betting area's Player (Banker) Side Wager goes first to the players wagering there.
    const hand = sideWagerHand(w.bet, w.side);
    if (series === 'crown' && hand) {
      assertSideWagerEntitlement(placedOnCoup(), coup.sideWagerDeclines ?? [], { box: w.box, bet: w.bet, hand, sessionId }, (n) => cite(rb, { crown: n }), field('sessionId'));
    }
    const wager: TableWager = {
      wagerId: w.wagerId,
      coupId: coup.coupId,
      box: w.box,
      sessionId,
      patronId,
      bet: w.bet,
      option: offered.option,
      ...(w.side ? { side: w.side } : {}),
      amountCents: w.amountCents,
      ...(originalWagerCents !== undefined ? { originalWagerCents } : {}),
      ...(w.length !== undefined ? { length: w.length } : {}),
      ...(w.sequence ? { sequence: w.sequence } : {}),
      ...(w.bet === 'dragon-tail-late' ? { indicatorAtPlacement: s.dragonTail.side === w.side ? s.dragonTail.count : 0 } : {}),
      ...(midCoupBet ? { midCoup: true } : {}),
    };
    if (w.bet.startsWith('runs-')) {
      // Validates length and sequence (Crown Melbourne 1.1, Table 5; 5.5.7) with the engine.
      settleRun({ id: w.wagerId, bet: w.bet as RunWager['bet'], amount: w.amountCents, length: w.length ?? 0, ...(w.sequence ? { sequence: w.sequence } : {}) }, []);
    }
    accepted.push(wager);
  });
  if (accepted.length === 0) return [];
  return [{ type: 'WagersAccepted', tableId: s.tableId, coupId: coup.coupId, wagers: accepted }];
};

const placedOn = (s: TableState, coup: CoupState): TableWager[] => [...coup.wagers, ...s.pendingMultiCoup.map((p) => p.wager).filter((w) => w.coupId === coup.coupId)];

/** Crown Melbourne 5.8.7: records that an entitled player elected not to place a Side Wager, so it passes on. */
const declineSideWager = (c: DeclineSideWager, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  if (seriesOf(rb) !== 'crown') {
    throw ruleViolation('SIDE_WAGER_ENTITLEMENT_NOT_PROVIDED', `${rb.citation} gives no order of entitlement to Side Wagers: there is nothing to decline.`, `${rb.citation} (no provision)`);
  }
  const clause = requireRole(c.actor, null, DEALER(cite(rb, { crown: '5.8.7' })), 'Recording a declined Side Wager');
  if (coup.phase !== 'betting') throw conflict('NO_MORE_BETS', 'No more bets: Side Wagers are offered before the first card.', cite(rb, { crown: '5.4' }));
  requireBox(s, c.box, rb);
  if (!s.offeredBets.some((b) => b.bet === c.bet)) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${c.bet}".`, cite(rb, { crown: '5.5' }), 'bet');
  const hand = sideWagerHand(c.bet, c.side);
  if (!hand) {
    throw ruleViolation('NOT_A_PLAYER_OR_BANKER_SIDE_WAGER', `"${c.bet}"${c.side ? '' : ' without a side'} is not a Player or Banker Side Wager: give a Player or Banker Side Wager (and its side for Pairs, Crown Pairs or Dragon Tail).`, cite(rb, { crown: '5.8.3-5.8.6' }), c.side ? 'bet' : 'side');
  }
  const placed = placedOn(s, coup);
  if (entitlementOf(placed, c.box, hand, c.sessionId) === 3) {
    throw ruleViolation('NO_SIDE_WAGER_ENTITLEMENT', `Session ${c.sessionId} holds no wager at box ${c.box}, so has no entitlement there to decline.`, cite(rb, { crown: '5.8.3-5.8.6' }), 'sessionId');
  }
  const claim = { box: c.box, bet: c.bet, hand, sessionId: c.sessionId };
  if (hasElected(placed, coup.sideWagerDeclines ?? [], claim, c.sessionId)) {
    throw conflict('SIDE_WAGER_ALREADY_ELECTED', `Session ${c.sessionId} has already placed or declined box ${c.box}'s ${hand} ${c.bet} this coup.`, clause);
  }
  return [{ type: 'SideWagerDeclined', tableId: s.tableId, coupId: coup.coupId, box: c.box, bet: c.bet, hand, sessionId: c.sessionId, clause, declinedAt: c.now, by: c.actor }];
};

const closeBetting = (c: CloseBetting, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '5.3', star: '5.4' })), 'Calling no more bets');
  if (coup.phase !== 'betting') throw conflict('BETTING_ALREADY_CLOSED', 'No more bets has already been called.');
  return [{ type: 'BettingClosed', tableId: s.tableId, coupId: coup.coupId, closedAt: c.now }];
};

/** The Table of Play: the next card goes where `nextRequiredCard` says; the coup completes, is announced and settled. */
const dealCard = (c: DealCard, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '7.2', star: '7.3', rapid: '8.3' })), 'Dealing');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before dealing.', cite(rb, { crown: '4.3.1', star: '4.7' }));
  if (isThreeCardTable(s)) throw ruleViolation('THREE_CARD_DEALT_BY_ROUND', 'Three Card Baccarat is not dealt by the Table of Play: report the round (three cards per betting area and to the Dealer).', cite(rb, { crown: '12.6.2-12.6.3' }));
  const coup = requireCoup(s, c.coupId);
  const card = parseCard(c.card);
  const cardText = `${card.rank}${card.suit}`;
  const series = seriesOf(rb);
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
      return [irregularity('excess-card', 'The last coup of the shoe is complete: the card is not used.', cite(rb, { crown: '10.2', star: '12.9' }))];
    }
    if (c.hand) {
      // Crown 10.6.1(b), 10.6.2; Star 12.2, 12.3: a third card contrary to the Table of Play: the coup is settled
      // and that card is the first card of a Dummy / No Bet Coup.
      return [
        irregularity(
          'third-card-contrary-to-table-of-play',
          `The coup stands as settled; ${cardText} becomes the first card of a ${rb.procedures.dummyCoups?.term ?? 'Dummy Coup'}.`,
          cite(rb, c.hand === 'player' ? { crown: '10.6.1(b)', star: '12.2', rapid: '11.7.1(b)' } : { crown: '10.6.2', star: '12.3', rapid: '11.7.2' }),
          { card: cardText, forcesDummy: true },
        ),
      ];
    }
    // Crown 10.2: a card drawn in excess but not disclosed is the first card of the next coup.
    return [irregularity('excess-card', `${cardText} is the first card of the next coup.`, cite(rb, { crown: '10.2', star: '12.1', rapid: '11.2' }), { card: cardText, forcesDummy: false })];
  }

  const events: TableEvent[] = [];
  let working: TableState = s;
  const push = (e: TableEvent) => {
    events.push(e);
    working = evolveTable(working, e);
  };
  if (coup.phase === 'betting') push({ type: 'BettingClosed', tableId: s.tableId, coupId: coup.coupId, closedAt: c.now });

  const dealt = coup.cards.map((x) => parseCard(x.card));
  const next = nextRequiredCard(dealt);
  if (next.complete) throw conflict('COUP_COMPLETE', 'The coup is complete.');
  if (c.faceUp) {
    if (dealt.length === 0 && !coup.dummy) {
      // Crown 10.5.1, Star 12.3, Rapid 11.6.1: the first card of a coup found face up: the coup is a Dummy / No Bet Coup.
      const clause = cite(rb, { crown: '10.5.1; 10.8.4', star: '12.3', rapid: '11.6.1' });
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
      push(irregularity('card-exposed', 'Card found face up after the first card: played as if face down.', cite(rb, { crown: '10.5.2', star: '12.5', rapid: '11.6.2' })));
    }
  }
  if (c.hand && c.hand !== next.hand) {
    // Crown 10.3 / 10.6.1(a) / 10.7(a); Star 12.1.1, 12.2: the card goes to the hand the Table of Play requires.
    const clause =
      next.position <= 4
        ? cite(rb, { crown: '10.7(a)', star: '12.1.1', rapid: '11.3' })
        : next.hand === 'player'
          ? cite(rb, { crown: '10.3', star: '12.1.1', rapid: '11.3' })
          : cite(rb, { crown: '10.6.1(a)', star: '12.2' });
    push(irregularity('card-to-wrong-hand', `${cardText} was placed on the ${c.hand} hand; it is the ${next.hand} hand's card by the Table of Play and the coup continues with wagers valid.`, clause));
  }
  push({ type: 'CardDealt', tableId: s.tableId, shoeId: shoe.shoeId, coupId: coup.coupId, position: next.position, hand: next.hand, card: cardText, clause: next.clause.replace(/^Crown Melbourne|^Star Sydney/, (m) => (series === 'star' ? 'Star Sydney' : m)) });

  const after = working.coup!;
  if (!nextRequiredCard(after.cards.map((x) => parseCard(x.card))).complete) return events;
  completeCoup(working, after, c.now, rb).forEach(push);
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
    jackpotIds: coup.dummy ? [] : s.jackpotIds,
    tieWagers: coup.dummy ? [] : coup.wagers.filter((w) => w.bet === 'tie').map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, amountCents: w.amountCents })),
    completedAt: now,
  };
  events.push(completed);
  const settlements: WagerSettlement[] = coup.dummy ? [] : settleSingleCoupWagers(s, rb.citation, coup.wagers, outcome);
  const entry = coup.dummy ? ({ kind: 'dummy' } as const) : ({ kind: 'coup', result: outcome.result } as const);
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

// ---- Three Card Baccarat (Crown Melbourne 12) ----------------------------------------------------------------

const requireThreeCardCoup = (s: TableState, rb: Rulebook, coupId: string): CoupState => {
  if (!isThreeCardTable(s)) throw ruleViolation('NOT_THREE_CARD_TABLE', `The table plays ${s.variant}, not Three Card Baccarat.`, cite(rb, { crown: '12.1' }));
  const coup = requireCoup(s, coupId);
  if (coup.phase !== 'betting' && coup.phase !== 'dealing') throw conflict('COUP_NOT_IN_PROGRESS', `Coup ${coupId} is ${coup.phase}.`);
  return coup;
};

const dealThreeCardRound = (c: DealThreeCardRound, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '12.6.2-12.6.3' })), 'Dealing');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before dealing.', cite(rb, { crown: '4.3.1' }));
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  const deal = { hands: c.hands, dealer: c.dealer };
  if (c.noticedAfterLook) return resolveDealNoticedAfterLook(s, rb, coup, deal, c.noticedAfterLook, c.now, c.actor);
  return playThreeCardRound(s, rb.citation, coup, deal, c.now);
};

const MISDEAL_CLAUSE: Record<MisdealFinding, string> = {
  'incorrect-cards-before-look': '12.8.2',
  'dealer-incorrect-cards': '12.8.4',
  'card-count-discrepancy': '12.8.3(a)',
  'unwagered-area-dealt': '12.8.5',
  'card-count-unverified': '12.8.8',
};

/** Crown Melbourne 12.8: the TG Higher Duties Dealer (or above) directs the misdeal; every wager of the coup is returned. */
const declareMisdeal = (c: DeclareMisdeal, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, null, { role: 'gaming-supervisor', clause: cite(rb, { crown: MISDEAL_CLAUSE[c.finding] }) }, 'Declaring a misdeal');
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  if (c.finding === 'dealer-incorrect-cards' && coup.wagers.some((w) => w.bet === 'three-pictures')) {
    // 12.8.4(a): where the count is correct, winning Three Pictures wagers are paid, which needs the areas' cards.
    throw ruleViolation(
      'THREE_PICTURES_MAY_BE_PAID',
      'Three Pictures wagers are at stake: report the round as dealt, noticed after a look, with the count (countCorrect), so winning Three Pictures wagers are paid when the count is correct.',
      cite(rb, { crown: '12.8.4(a)' }),
      'finding',
    );
  }
  return voidCoupEvents(s, coup, c.reason ? `misdeal (${c.finding}): ${c.reason}` : `misdeal (${c.finding})`, clause, c.now, c.actor);
};

// ---- voids, irregularities, corrections ----------------------------------------------------------------------

const voidAuthority = (rb: Rulebook, ground: VoidGround) => {
  const v = rb.procedures.voiding;
  const authority = ground === 'fraud' ? v?.fraud : ground === 'disruption' ? v?.disruption : (v?.equipmentMalfunction ?? v?.disruption);
  return authority ?? null;
};

const voidCoupEvents = (s: TableState, coup: CoupState, reason: string, clause: string, now: string, by: Actor): TableEvent[] => {
  const shoe = s.shoe;
  const returned = coup.phase === 'complete' ? coup.settled.filter((x) => x.outcome !== 'void').map((x) => x.wagerId) : coup.wagers.map((w) => w.wagerId);
  const reversed: Record<string, number> = {};
  for (const x of coup.settled) if (x.commissionDeferredCents > 0) reversed[String(x.box)] = (reversed[String(x.box)] ?? 0) + x.commissionDeferredCents;
  const events: TableEvent[] = [];
  if (coup.phase !== 'complete' && coup.wagers.length > 0) {
    events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements: coup.wagers.map((w) => voidSettlement(w, clause)), settledAt: now });
  }
  const reversedSettlements = coup.phase === 'complete' ? coup.settled.filter((x) => x.outcome !== 'void') : [];
  events.push({ type: 'CoupVoided', tableId: s.tableId, shoeId: shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, reason, clause, returnedWagerIds: returned, deferredCommissionReversed: reversed, reversedSettlements, voidedAt: now, by });
  return events;
};

const voidCoup = (c: VoidCoup, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, voidAuthority(rb, c.ground), { role: 'area-manager', clause: `${rb.citation} (no provision)` }, `Voiding a coup (${c.ground})`);
  const coup = s.coup?.coupId === c.coupId ? s.coup : s.recentCoups.find((x) => x.coupId === c.coupId);
  if (!coup) throw notFound('COUP_NOT_FOUND', `Coup ${c.coupId} is not the coup in progress or a recent coup of this shoe.`);
  if (coup.phase === 'void') throw conflict('COUP_ALREADY_VOID', 'The coup is already void.');
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A void records its reason.', clause, 'reason');
  const refund = rb.procedures.voiding?.refund.clause;
  return voidCoupEvents(s, coup, c.reason, refund ? `${clause}; ${refund}` : clause, c.now, c.actor);
};

const voidWager = (c: VoidWager, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause =
    c.ground === 'invalid-wager'
      ? requireRole(c.actor, null, { role: 'gaming-supervisor', clause: cite(rb, { crown: '10.8.5', star: '12.17' }) }, 'Returning an invalid wager')
      : requireRole(c.actor, voidAuthority(rb, c.ground), { role: 'area-manager', clause: `${rb.citation} (no provision)` }, `Voiding a wager (${c.ground})`);
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A void records its reason.', clause, 'reason');
  const coup = s.coup;
  const onCoup = coup && (coup.phase === 'betting' || coup.phase === 'dealing') ? coup.wagers.find((w) => w.wagerId === c.wagerId) : undefined;
  const pending = s.pendingMultiCoup.find((p) => p.wager.wagerId === c.wagerId)?.wager;
  const wager = onCoup ?? pending;
  if (!wager) throw notFound('WAGER_NOT_FOUND', `Wager ${c.wagerId} is not an unsettled wager at this table.`);
  return [
    { type: 'WagerVoided', tableId: s.tableId, coupId: wager.coupId, wagerId: wager.wagerId, reason: c.reason, clause, voidedAt: c.now, by: c.actor },
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup?.coupId ?? wager.coupId, settlements: [voidSettlement(wager, clause)], settledAt: c.now },
  ];
};

const recordIrregularity = (c: RecordIrregularity, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = s.shoe;
  const coup = s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing') ? s.coup : null;
  const procedure = (() => {
    switch (c.kind) {
      case 'insufficient-cards':
        // Rapid 11 has no such clause (its 11.11-11.12 are outcomes wrongly entered in the SGC): Crown Melbourne's applies.
        return { clause: cite(rb, { crown: '10.10', star: '12.6' }), role: 'dealer' as const, voidCoup: true, endShoe: 'insufficient-cards' as const, notifiable: false };
      case 'order-undetermined':
        return { clause: cite(rb, { crown: '10.11', star: '12.1.2' }), role: seriesOf(rb) === 'star' ? ('gaming-supervisor' as const) : ('dealer' as const), voidCoup: true, endShoe: null, notifiable: false };
      case 'foreign-card':
      case 'missing-card':
        return { clause: cite(rb, { star: '12.11', crown: '10.11' }), role: 'gaming-supervisor' as const, voidCoup: true, endShoe: 'abnormal-sequence' as const, notifiable: seriesOf(rb) === 'star' };
      case 'shuffling-device-malfunction':
        return { clause: cite(rb, { star: '13', crown: '15.4', rapid: '11.10' }), role: 'gaming-supervisor' as const, voidCoup: true, endShoe: 'abnormal-sequence' as const, notifiable: true };
      case 'other':
        return { clause: `${rb.citation} (supervisor's decision)`, role: 'gaming-supervisor' as const, voidCoup: false, endShoe: null, notifiable: false };
    }
  })();
  requireRole(c.actor, null, { role: procedure.role, clause: procedure.clause }, `Recording ${c.kind}`);
  if (procedure.voidCoup && !coup) throw conflict('NO_COUP_IN_PROGRESS', `${c.kind} is handled on the coup in progress; none is.`);
  const resolution =
    (procedure.voidCoup ? 'Coup void, all wagers returned' : 'Recorded') +
    (procedure.endShoe ? '; the remaining cards are removed and the shoe ends' : '') +
    (procedure.notifiable ? '; Surveillance and the Inspector are notified' : '');
  const events: TableEvent[] = [
    {
      type: 'IrregularityRecorded',
      tableId: s.tableId,
      shoeId: shoe?.shoeId ?? null,
      coupId: coup?.coupId ?? null,
      kind: c.kind,
      card: c.card ?? null,
      resolution: c.reason ? `${resolution}. ${c.reason}` : resolution,
      clause: procedure.clause,
      notifiable: procedure.notifiable,
      carry: null,
      recordedAt: c.now,
      by: c.actor,
    },
  ];
  let working = events.reduce(evolveTable, s);
  if (procedure.voidCoup && coup) {
    const voided = voidCoupEvents(working, coup, c.kind, procedure.clause, c.now, c.actor);
    events.push(...voided);
    working = voided.reduce(evolveTable, working);
  }
  if (procedure.endShoe && working.shoe) events.push(...shoeEndEvents(working, procedure.endShoe, c.now));
  return events;
};

const declareShoeVoid = (c: DeclareShoeVoid, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  if (seriesOf(rb) !== 'star') throw ruleViolation('SHOE_VOID_NOT_PROVIDED', `${rb.citation} makes no provision to declare a whole shoe void.`, `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, { minimumRole: 'gaming-supervisor', clause: `${rb.citation} 4.13` }, DEALER(''), 'Declaring a shoe void');
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'Record why the sequence was revealed.', clause, 'reason');
  const events: TableEvent[] = [];
  let working = s;
  const coup = s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing') ? s.coup : null;
  if (coup) {
    const voided = voidCoupEvents(s, coup, 'shoe declared void', clause, c.now, c.actor);
    events.push(...voided);
    working = voided.reduce(evolveTable, working);
  }
  events.push({ type: 'ShoeVoided', tableId: s.tableId, shoeId: shoe.shoeId, reason: c.reason, clause, voidedAt: c.now, by: c.actor });
  events.push(...shoeEndEvents(working, 'voided', c.now));
  return events;
};

const correctPayment = (c: CorrectPayment, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const ou = rb.procedures.overUnderpayment;
  if (!ou) throw ruleViolation('CORRECTION_NOT_PROVIDED', `${rb.citation} has no over/underpayment rectification procedure.`, `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, null, { role: 'gaming-supervisor', clause: ou.clause }, 'Rectifying an over/underpayment');
  const coup = s.coup?.coupId === c.coupId ? s.coup : s.recentCoups.find((x) => x.coupId === c.coupId);
  const settled = coup?.settled.find((x) => x.wagerId === c.wagerId);
  if (!settled) throw notFound('SETTLEMENT_NOT_FOUND', `No settlement of wager ${c.wagerId} in coup ${c.coupId} is held at the table.`);
  if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', 'The correction is a positive number of cents.', undefined, 'amountCents');
  if (!c.reason) throw ruleViolation('REASON_REQUIRED', 'A correction records how it was found.', clause, 'reason');
  return [
    {
      type: 'PaymentCorrected',
      tableId: s.tableId,
      coupId: c.coupId,
      wagerId: c.wagerId,
      kind: c.kind,
      amountCents: c.amountCents,
      patronId: settled.patronId,
      reportable: c.amountCents > ou.monthlyReportAboveCents,
      clause,
      correctedAt: c.now,
      by: c.actor,
    },
  ];
};


export const tableDecider: Decider<TableCommand, TableEvent, TableState> = {
  decide: decideTable,
  evolve: evolveTable,
  initialState: initialTableState,
};

export { isMultiCoupBet };
