/**
 * The betting phase of a coup: the coup started (dummy coups, a carried card), wagers placed against the table's
 * offer, chips, limits and entitlements (mid-coup Insurance/No 6 and Shield included), Side Wagers declined, and
 * no more bets called.
 */
import { assertInsuranceAcceptable, assertShieldAcceptable, nextRequiredCard, parseCard, settleRun, type RunWager } from '@app/baccarat';
import { conflict, ruleViolation } from '@app/contracts';
import { atLeast, cite, requireRole, seriesOf } from './table-rules';
import { assertSideWagerEntitlement, entitlementOf, hasElected, sideWagerHand } from './table-side-wagers';
import type { CloseBetting, DeclineSideWager, PlaceWagers, StartCoup } from './table-command.types';
import type { Rulebook } from '../engine-adapter/rulebooks';
import { DEALER, requireBox, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import type { CoupState, TableEvent, TableState, TableWager } from './table.events';

/**
 * Star 7.4-7.5: a casino supervisor may direct a no bet coup only with no patrons at the table and a marker on the
 * layout or surveillance notified (7.4), or with players present when all of them agree (7.5). The clause returned
 * records which.
 */
const starNoBetCoupBasis = (rb: Rulebook, c: StartCoup, playersPresent: boolean): string => {
  if (playersPresent) {
    if (!c.allPlayersAgreed) {
      throw ruleViolation('NO_BET_COUP_NEEDS_PLAYERS_AGREEMENT', 'Players are at the table: a no bet coup needs every player to agree (allPlayersAgreed), or wait until no patrons are present.', cite(rb, { star: '7.4; 7.5' }), 'allPlayersAgreed');
    }
    return `${cite(rb, { star: '7.5' })} (all players agreed)`;
  }
  if (!c.noBetCoupNotice) {
    throw ruleViolation('NO_BET_COUP_NOTICE_REQUIRED', 'Place a marker on the layout or notify surveillance before the no bet coup, and say which (noBetCoupNotice).', cite(rb, { star: '7.4' }), 'noBetCoupNotice');
  }
  return `${cite(rb, { star: '7.4' })} (${c.noBetCoupNotice === 'marker' ? 'marker on the layout' : 'surveillance notified'})`;
};

export const startCoup = (c: StartCoup, s: TableState): TableEvent[] => {
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
    if (seriesOf(rb) === 'star') dummyClause = starNoBetCoupBasis(rb, c, Object.keys(s.seats).length > 0);
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

const twoCardTotals = (c: CoupState): { p: number; b: number } => {
  const pts = c.cards.slice(0, 4).map((x) => parseCard(x.card).points);
  return { p: (pts[0] + pts[2]) % 10, b: (pts[1] + pts[3]) % 10 };
};

const MAIN_SIDE = new Set(['player', 'banker']);

export const placeWagers = (c: PlaceWagers, s: TableState): TableEvent[] => {
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
      // Star 6.4 makes valid a wager found below the minimum once the first card is out; before it, it is refused.
      const refused = mm?.belowMinimum === 'not-accepted' || (mm?.belowMinimum === 'valid' && coup.cards.length === 0);
      if (w.amountCents < minimum && refused) {
        throw ruleViolation('WAGER_BELOW_MINIMUM', `The minimum for ${w.bet} is ${minimum} cents.`, mm.belowMinimum === 'valid' ? cite(rb, { star: '6.1; 6.4' }) : mm.clause, field('amountCents'));
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
    // Star 10.12: a player places one Super Six wager per coup (the player: their session, or else the box).
    if (series === 'star' && w.bet === 'super-6' && all().some((x) => x.bet === 'super-6' && (sessionId !== null ? x.sessionId === sessionId : x.box === w.box))) {
      throw ruleViolation('ONE_SUPER_SIX_WAGER_PER_COUP', 'A player may place one Super Six wager per coup.', `${rb.citation} 10.12`, field('bet'));
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
export const declineSideWager = (c: DeclineSideWager, s: TableState): TableEvent[] => {
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

export const closeBetting = (c: CloseBetting, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '5.3', star: '5.4' })), 'Calling no more bets');
  if (coup.phase !== 'betting') throw conflict('BETTING_ALREADY_CLOSED', 'No more bets has already been called.');
  return [{ type: 'BettingClosed', tableId: s.tableId, coupId: coup.coupId, closedAt: c.now }];
};
