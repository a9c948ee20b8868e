/**
 * The betting phase of a coup: the coup started (dummy coups, a carried card), wagers placed against the table's
 * offer, chips, limits and entitlements (mid-coup Insurance/No 6 and Shield included), Side Wagers declined, and
 * no more bets called.
 */
import { assertInsuranceAcceptable, assertShieldAcceptable, nextRequiredCard, parseCard, settleRun, type RunWager } from '@app/baccarat';
import { conflict, ruleViolation } from '@app/contracts';
import { requireRole } from './table-rules';
import { assertSideWagerEntitlement, entitlementOf, hasElected, sideWagerHand } from './table-side-wagers';
import { assertCombinationAllowed, assertLateDragonTailOpen, assertPayableInChips, assertPlayerLimits } from './table-wager-policies';
import type { CloseBetting, DeclineSideWager, PlaceWagers, StartCoup } from './table-command.types';
import { procedureClause, type Rulebook } from '../engine-adapter/rulebooks';
import { DEALER, requireBox, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import { limitsInForce, requireNoAllInMarker, requireTournamentPlayer, requireTurnsRuled, requireWithinTournamentTerms, wagerMediumAt } from './table-tournament-mode';
import { belowMinimumKey, type CoupState, type TableEvent, type TableState, type TableWager } from './table.events';

/**
 * Where the rulebook limits directed no bet coups (Star 7.4-7.5): only with no patrons at the table and a marker on
 * the layout or surveillance notified (7.4), or with players present when all of them agree (7.5). The clause
 * returned records which.
 */
const noBetCoupBasis = (basis: NonNullable<Rulebook['policies']['noBetCoupBasis']>, c: StartCoup, playersPresent: boolean): string => {
  if (playersPresent) {
    if (!c.allPlayersAgreed) {
      throw ruleViolation('NO_BET_COUP_NEEDS_PLAYERS_AGREEMENT', 'Players are at the table: a no bet coup needs every player to agree (allPlayersAgreed), or wait until no patrons are present.', basis.either, 'allPlayersAgreed');
    }
    return `${basis.allPlayersAgree} (all players agreed)`;
  }
  if (!c.noBetCoupNotice) {
    throw ruleViolation('NO_BET_COUP_NOTICE_REQUIRED', 'Place a marker on the layout or notify surveillance before the no bet coup, and say which (noBetCoupNotice).', basis.noPatrons, 'noBetCoupNotice');
  }
  return `${basis.noPatrons} (${c.noBetCoupNotice === 'marker' ? 'marker on the layout' : 'surveillance notified'})`;
};

export const startCoup = (c: StartCoup, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'start-coup')), 'Starting a coup');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before the first coup.', procedureClause(rb, 'burn-before-play'));
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', `Coup ${s.coup.coupId} is still in progress.`);
  if (shoe.lastCoupNumber !== null && shoe.coupNumber >= shoe.lastCoupNumber) throw conflict('SHOE_FINISHED', 'The last coup of the shoe has been dealt: end the shoe.', procedureClause(rb, 'last-coup'));
  if (s.closing?.coupsRemaining === 0) throw ruleViolation('TABLE_CLOSING', 'The coups of the closing notice have been dealt: close the table.', s.closing && procedureClause(rb, 'closing-notice-coups'));
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
    if (rb.policies.noBetCoupBasis) dummyClause = noBetCoupBasis(rb.policies.noBetCoupBasis, c, Object.keys(s.seats).length > 0);
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

/** Bets placed on the Player or the Banker hand, which the wager must name. */
const SIDE_NOMINATED = new Set(['pairs', 'crown-pairs', 'perfect-pairs', 'shield', 'dragon-tail-early', 'dragon-tail-late']);

export const placeWagers = (c: PlaceWagers, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  const policy = rb.policies;
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'accept-wagers')), 'Accepting wagers');
  if (coup.dummy) {
    const dc = rb.procedures.dummyCoups;
    throw ruleViolation('WAGER_ON_DUMMY_COUP', `No wagers are accepted on a ${dc?.term ?? 'dummy coup'}.`, dc?.wagersOnDummyCoup.clause ?? procedureClause(rb, 'wager-on-dummy'));
  }
  const midCoupWindow = coup.phase === 'dealing' && coup.cards.length === 4 && !nextRequiredCard(coup.cards.map((x) => parseCard(x.card))).complete;
  if (coup.phase !== 'betting' && !midCoupWindow) {
    throw conflict('NO_MORE_BETS', 'No more bets: wagers are placed before the first card.', procedureClause(rb, 'no-more-bets'));
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
    if (!offered) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${w.bet}"; it offers ${s.offeredBets.map((b) => b.bet).join(', ')}.`, procedureClause(rb, 'bet-not-offered'), field('bet'));
    if (!Number.isSafeInteger(w.amountCents) || w.amountCents <= 0) throw ruleViolation('AMOUNT_INVALID', 'A wager is a positive whole number of cents.', undefined, field('amountCents'));
    assertPayableInChips(rb, s.minimumChipCents, w.bet, offered.option, w.amountCents, field('amountCents'));
    const seat = s.seats[String(w.box)];
    // A standing player may wager at a box (Star 2.2); proxy betting (Star 2024 14.16) is a wager for someone outside
    // the casino, which nothing at the table can see, so it is not a reason to refuse a box without a seated player.
    const sessionId = w.sessionId ?? seat?.sessionId ?? null;
    requireTournamentPlayer(rb, s, w.box, sessionId, field(w.sessionId ? 'sessionId' : 'box'));
    requireNoAllInMarker(s, coup.coupId, w.box, field('box'));
    requireWithinTournamentTerms(rb, s, boxTotals.get(w.box) ?? 0, w, field('amountCents'));
    const patronId = seat && sessionId === seat.sessionId ? seat.patronId : null;
    const player = (x: Pick<TableWager, 'sessionId' | 'box'>) => (sessionId !== null ? x.sessionId === sessionId : x.box === w.box);
    // Mid-coup windows: Insurance/No 6 and Shield after the first four cards (Crown 1.1, 5.9).
    const midCoupBet = w.bet === 'insurance' || w.bet === 'shield';
    if (midCoupWindow && !midCoupBet) throw conflict('NO_MORE_BETS', 'Only Insurance/No 6 or Shield may be placed after the first four cards.', procedureClause(rb, 'mid-coup-only'));
    if (midCoupBet && !midCoupWindow) throw ruleViolation('MID_COUP_WINDOW_CLOSED', `${w.bet} is offered after the first four cards, before the fifth.`, procedureClause(rb, w.bet === 'shield' ? 'shield-window' : 'insurance-window'), field('bet'));
    let originalWagerCents: number | undefined;
    if (midCoupBet) {
      const { p, b } = twoCardTotals(coup);
      if (w.bet === 'insurance') {
        // The player's original Player or Banker wager for that hand, whichever they hold (Crown Melbourne 1.1 'Insurance/No 6').
        const cappedBy = policy.insurance?.cappedBy ?? ['banker'];
        originalWagerCents = Math.max(0, ...cappedBy.map((bet) => all().filter((x) => x.box === w.box && x.bet === bet).reduce((a, x) => a + x.amountCents, 0)));
        assertInsuranceAcceptable(w.amountCents, originalWagerCents, p, b);
      } else {
        const side = w.side ?? 'player';
        assertShieldAcceptable(side, all().some((x) => x.box === w.box && x.bet === side), p, b);
      }
    }
    // Limits: minimum (grandfathered per Star 6.7.1), maximum (individual per Crown 6.6 / Star 6.8), per box.
    const inForce = limitsInForce(s);
    const limits = inForce.perBet[w.bet];
    const mm = rb.procedures.minimumMaximum;
    let belowMinimum: TableWager['belowMinimum'];
    if (limits) {
      const ownSeat = seat && sessionId === seat.sessionId ? seat : null;
      // The sign's minimum, or one the player keeps (Star 6.7.1) or agreed individually (Crown Melbourne 6.6).
      const minimum =
        ownSeat?.individualMinimumCents != null
          ? ownSeat.individualMinimumCents
          : ownSeat?.grandfatheredMinimums?.[w.bet] !== undefined
            ? Math.min(ownSeat.grandfatheredMinimums[w.bet], limits.minimumCents)
            : limits.minimumCents;
      // Star 6.4 makes valid a wager found below the minimum once the first card is out; before it, it is refused.
      const refused = mm?.belowMinimum === 'not-accepted' || (mm?.belowMinimum === 'valid' && coup.cards.length === 0);
      if (w.amountCents < minimum && refused) {
        throw ruleViolation('WAGER_BELOW_MINIMUM', `The minimum for ${w.bet} is ${minimum} cents.`, mm.belowMinimum === 'valid' ? procedureClause(rb, 'below-minimum-refused') : mm.clause, field('amountCents'));
      }
      const further = policy.furtherBelowMinimum;
      if (w.amountCents < minimum && further && mm?.belowMinimum === 'settled-then-warned') {
        const key = belowMinimumKey({ sessionId, box: w.box });
        const warned = (s.belowMinimumWarned ?? []).includes(key) || accepted.some((x) => x.belowMinimum?.effect === 'warned' && belowMinimumKey(x) === key);
        belowMinimum = { effect: warned ? 'returned' : 'warned', clause: further.clause };
      }
      const individual = seat && sessionId === seat.sessionId ? seat.individualMaximumCents : null;
      if (individual !== null && w.amountCents > Math.max(individual, limits.maximumCents)) {
        throw ruleViolation('WAGER_ABOVE_INDIVIDUAL_LIMIT', `Box ${w.box}'s individual maximum is ${individual} cents.`, rb.procedures.individualLimits?.clause, field('amountCents'));
      }
    }
    // A prior arrangement to wager over the table differential covers the player's own Player and Banker wagers.
    const arranged = (w.bet === 'player' || w.bet === 'banker') && seat && sessionId === seat.sessionId ? (seat.overDifferentialMaximumCents ?? null) : null;
    if (arranged !== null && w.amountCents > arranged) {
      throw ruleViolation('OVER_DIFFERENTIAL_MAXIMUM', `Box ${w.box}'s arrangement allows wagers up to ${arranged} cents.`, rb.procedures.tableDifferential?.overDifferentialCommission?.clause, field('amountCents'));
    }
    const boxTotal = (boxTotals.get(w.box) ?? 0) + w.amountCents;
    if (inForce.perBoxMaximumCents !== undefined && boxTotal > inForce.perBoxMaximumCents && !(seat?.individualMaximumCents && sessionId === seat.sessionId)) {
      throw ruleViolation('BOX_MAXIMUM_EXCEEDED', `Box ${w.box} may hold at most ${inForce.perBoxMaximumCents} cents.`, procedureClause(rb, 'box-maximum'), field('amountCents'));
    }
    boxTotals.set(w.box, boxTotal);
    assertCombinationAllowed(rb, c.actor, all(), w, player, field('bet'));
    assertPlayerLimits(rb, s.playerLimits, all(), { box: w.box, sessionId }, field('sessionId'));
    if (SIDE_NOMINATED.has(w.bet) && !w.side) {
      throw ruleViolation('SIDE_REQUIRED', `${w.bet} is placed on the Player or the Banker hand.`, procedureClause(rb, 'side-required'), field('side'));
    }
    // The order of entitlement to a betting area's Player (Banker) Side Wager, where the rulebook has one.
    const hand = sideWagerHand(w.bet, w.side);
    const entitlement = policy.sideWagerEntitlement;
    if (entitlement && hand) {
      assertSideWagerEntitlement(placedOnCoup(), coup.sideWagerDeclines ?? [], { box: w.box, bet: w.bet, hand, sessionId }, entitlement, rb.citation, field('sessionId'));
    }
    if (w.bet === 'dragon-tail-late') assertLateDragonTailOpen(rb, s, w.side, field('bet'));
    // The player's own limits (Crown Melbourne 6.6, Star 6.8) go with the wager, so what it stood under is published.
    const ownLimits = seat && sessionId === seat.sessionId && seat.individualMaximumCents !== null ? seat : null;
    const individualLimit: TableWager['individualLimit'] = ownLimits
      ? { maximumCents: ownLimits.individualMaximumCents!, ...(ownLimits.individualMinimumCents != null ? { minimumCents: ownLimits.individualMinimumCents } : {}), clause: rb.procedures.individualLimits?.clause ?? `${rb.citation} (no provision)` }
      : undefined;
    const medium = wagerMediumAt(rb, s, w, field('medium'));
    const token = medium === 'promotional-token';
    if (token && !policy.promotionalTokens) {
      throw ruleViolation('PROMOTIONAL_TOKENS_NOT_ACCEPTED', `${rb.citation} makes no provision for wagers with promotional tokens: place the wager in chips.`, `${rb.citation} (no provision)`, field('medium'));
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
      ...(medium ? { medium } : {}),
      ...(originalWagerCents !== undefined ? { originalWagerCents } : {}),
      ...(w.length !== undefined ? { length: w.length } : {}),
      ...(w.sequence ? { sequence: w.sequence } : {}),
      ...(w.bet === 'dragon-tail-late' ? { indicatorAtPlacement: s.dragonTail.side === w.side ? s.dragonTail.count : 0 } : {}),
      ...(midCoupBet ? { midCoup: true } : {}),
      ...(belowMinimum ? { belowMinimum } : {}),
      ...(arranged !== null ? { overDifferentialArrangement: true } : {}),
      ...(individualLimit ? { individualLimit } : {}),
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
  const order = rb.policies.sideWagerEntitlement;
  if (!order) {
    throw ruleViolation('SIDE_WAGER_ENTITLEMENT_NOT_PROVIDED', `${rb.citation} gives no order of entitlement to Side Wagers: there is nothing to decline.`, `${rb.citation} (no provision)`);
  }
  const clause = requireRole(c.actor, null, DEALER(`${rb.citation} ${order.decline}`), 'Recording a declined Side Wager');
  if (coup.phase !== 'betting') throw conflict('NO_MORE_BETS', 'No more bets: Side Wagers are offered before the first card.', procedureClause(rb, 'side-wagers-before-first-card'));
  requireBox(s, c.box, rb);
  if (!s.offeredBets.some((b) => b.bet === c.bet)) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${c.bet}"; it offers ${s.offeredBets.map((b) => b.bet).join(', ')}.`, procedureClause(rb, 'bet-not-offered'), 'bet');
  const hand = sideWagerHand(c.bet, c.side);
  const entitledBy = `${rb.citation} ${order.first.player}-${order.next.banker}`;
  if (!hand) {
    throw ruleViolation('NOT_A_PLAYER_OR_BANKER_SIDE_WAGER', `"${c.bet}"${c.side ? '' : ' without a side'} is not a Player or Banker Side Wager: give a Player or Banker Side Wager (and its side for Pairs, Crown Pairs or Dragon Tail).`, entitledBy, c.side ? 'bet' : 'side');
  }
  const placed = placedOn(s, coup);
  if (entitlementOf(placed, c.box, hand, c.sessionId) === 3) {
    throw ruleViolation('NO_SIDE_WAGER_ENTITLEMENT', `Session ${c.sessionId} holds no wager at box ${c.box}, so has no entitlement there to decline.`, entitledBy, 'sessionId');
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
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'no-more-bets')), 'Calling no more bets');
  if (coup.phase !== 'betting') throw conflict('BETTING_ALREADY_CLOSED', 'No more bets has already been called.');
  requireTurnsRuled(s);
  return [{ type: 'BettingClosed', tableId: s.tableId, coupId: coup.coupId, closedAt: c.now }];
};
