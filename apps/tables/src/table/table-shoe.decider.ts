/**
 * The shoe: started (commitment to the shuffled order; commission outstanding), cut, burned, the cutting card
 * reported, and ended (settling Dragon Tails the end of the shoe breaks).
 */
import { burnValue, parseCard } from '@app/baccarat';
import { conflict, ruleViolation } from '@app/contracts';
import { procedureClause, rulebookSucceeding } from '../engine-adapter/rulebooks';
import { atLeast, requireRole } from './table-rules';
import { isThreeCardTable } from './table-three-card';
import { settleMultiCoup } from './table-settlement';
import type { BurnCards, CutShoe, EndShoe, ReportCutCard, StartShoe } from './table-command.types';
import { validateConfiguration } from './table-configuration.decider';
import { DEALER, optionOf, outstandingCommission, requireOpen, requireShoeReady } from './table-guards.decider';
import type { Rulebook } from '../engine-adapter/rulebooks';
import type { TableEvent, TableState } from './table.events';

export const startShoe = (c: StartShoe, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'start-shoe')), 'Starting a shoe');
  if (s.shoe) throw conflict('SHOE_IN_PLAY', `Shoe ${s.shoe.shoeId} is still in play: end it first.`);
  if (!/^[0-9a-f]{64}$/.test(c.commitmentHash)) throw ruleViolation('COMMITMENT_HASH_INVALID', 'The commitment is the SHA-256 of the shuffled order, 64 hex digits.', undefined, 'commitmentHash');
  const outstanding = outstandingCommission(s);
  let override: { outstandingCents: number; approvedBy: string; reason: string } | null = null;
  if (outstanding > 0) {
    const clause = procedureClause(rb, 'commission-outstanding');
    if (!c.overrideOutstandingCommission) {
      throw ruleViolation('COMMISSION_OUTSTANDING', `Deferred commission of ${outstanding} cents must be collected before the next shoe starts.`, clause);
    }
    requireRole(c.actor, null, { role: 'area-manager', clause: procedureClause(rb, 'commission-management') }, 'Starting a shoe with commission outstanding');
    if (!c.reason) throw ruleViolation('OVERRIDE_REASON_REQUIRED', 'An override records its reason.', clause, 'reason');
    override = { outstandingCents: outstanding, approvedBy: c.actor.id, reason: c.reason };
  }
  return [
    ...rulebookChangeAt(s, rb, c.shoeId, c.now),
    { type: 'ShoeStarted', tableId: s.tableId, shoeId: c.shoeId, decks: s.decks, cards: c.cards, commitmentHash: c.commitmentHash, commissionOverride: override, startedAt: c.now },
  ];
};

/**
 * An open table moves to a newly effective version of its rulebook at its next shoe (the version in force on the
 * venue's date decides), and the event says so. Its configuration must stand under the new version; if it does
 * not, the shoe is refused until the game is changed.
 */
const rulebookChangeAt = (s: TableState, rb: Rulebook, shoeId: string, now: string): TableEvent[] => {
  const next = rulebookSucceeding(rb, now);
  if (!next) return [];
  try {
    validateConfiguration(next, s);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw ruleViolation('CONFIGURATION_INVALID_UNDER_NEW_RULEBOOK', `${next.id} is in force from ${next.effectiveFrom} and this table's configuration does not stand under it (${why}): close the table and open it under ${next.id}.`, `${next.citation} (effective from ${next.effectiveFrom})`);
  }
  return [{ type: 'TableRulebookChanged', tableId: s.tableId, shoeId, previousRulebookId: rb.id, rulebookId: next.id, jurisdiction: next.jurisdiction, effectiveFrom: next.effectiveFrom, changedAt: now }];
};

export const cutShoe = (c: CutShoe, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  const cut = rb.procedures.cut;
  const clause = cut?.clause ?? `${rb.citation} (no provision)`;
  requireRole(c.actor, null, DEALER(clause), 'Recording the cut');
  if (shoe.phase !== 'shuffled') throw conflict('SHOE_ALREADY_CUT', 'The cards have been cut already.', clause);
  // Crown 4.2 / Star 4.3-4.5: the player, a designated person, or a supervisor cuts.
  if (c.cutterKind === 'supervisor' && !atLeast(c.actor, 'gaming-supervisor')) {
    requireRole(c.actor, null, { role: 'gaming-supervisor', clause }, 'Cutting as the supervisor');
  }
  const placements = cut?.cutCardPlacement ?? [];
  const ok =
    placements.length === 0 ||
    placements.some((p) => (p.qualifier === 'exactly' ? c.cutCardFromBack === p.cardsFromBack : p.qualifier === 'at-least' ? c.cutCardFromBack >= p.cardsFromBack : Math.abs(c.cutCardFromBack - p.cardsFromBack) <= 5));
  // Crown Melbourne 12.4.1: Three Card Baccarat is one deck with one cutting card; the 8-deck placements (4.2.4) do not apply.
  if (isThreeCardTable(s)) {
    if (c.cutCardFromBack < 1 || c.cutCardFromBack >= 52) throw ruleViolation('CUT_CARD_PLACEMENT', 'The cutting card goes inside the one deck.', procedureClause(rb, 'three-card-cut'), 'cutCardFromBack');
  } else if (!ok || c.cutCardFromBack >= shoe.decks * 52 - 52) {
    throw ruleViolation('CUT_CARD_PLACEMENT', `The cutting card goes ${placements.map((p) => `${p.qualifier} ${p.cardsFromBack} cards from the back (${p.clause})`).join(' or ')}.`, placements[0]?.clause ?? clause, 'cutCardFromBack');
  }
  return [{ type: 'ShoeCut', tableId: s.tableId, shoeId: shoe.shoeId, cutBy: c.cutBy, cutterKind: c.cutterKind, cutCardFromBack: c.cutCardFromBack, clause }];
};

export const burnCards = (c: BurnCards, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  const burn = rb.procedures.burn;
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'burn')), 'Burning cards');
  if (shoe.phase === 'shuffled') throw conflict('SHOE_NOT_CUT', 'Cut the cards before the burn.', procedureClause(rb, 'cut-before-burn'));
  if (shoe.phase === 'ready') throw conflict('ALREADY_BURNED', 'Cards are burned once, before play.', procedureClause(rb, 'burn-before-play'));
  // A standard burn and one "shown on request" are the same burn of the first card (Crown 4.3.1(a), Star 4.7.1-4.7.2).
  const isStandard = (m: string) => m === 'standard' || m === 'standard-shown-on-request';
  const method = burn?.methods.find((m) => m.method === c.method) ?? burn?.methods.find((m) => isStandard(m.method) && isStandard(c.method));
  if (burn && !method) throw ruleViolation('BURN_METHOD_NOT_PROVIDED', `${rb.citation} burns by ${burn.methods.map((m) => m.method).join(', ')}.`, burn.methods[0]?.clause, 'method');
  if (method?.approval) requireRole(c.actor, method.approval, DEALER(method.clause), `A ${c.method} burn`);
  let exposed: string | null = null;
  if (c.method === 'face-value') {
    if (!c.exposedCard) throw ruleViolation('BURN_CARD_REQUIRED', 'A face-value burn exposes its first card.', method?.clause, 'exposedCard');
    exposed = c.exposedCard.toUpperCase();
    const expected = 1 + burnValue(parseCard(exposed));
    if (c.count !== expected) throw ruleViolation('BURN_COUNT_MISMATCH', `${exposed} burns ${expected} cards in all (itself and ${expected - 1} more).`, method?.clause, 'count');
  } else if (c.count !== 1) {
    throw ruleViolation('BURN_COUNT_MISMATCH', 'A standard burn is the first card only.', method?.clause, 'count');
  }
  return [{ type: 'CardsBurned', tableId: s.tableId, shoeId: shoe.shoeId, method: c.method, exposedCard: exposed, count: c.count, clause: method?.clause ?? `${rb.citation} (no provision)` }];
};

export const shoeEndEvents = (s: TableState, reason: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence' | 'voided' | 'table-closed', now: string, after?: { coupId: string; pending: TableState['pendingMultiCoup'] }): TableEvent[] => {
  const shoe = s.shoe!;
  const events: TableEvent[] = [];
  const pending = after?.pending ?? s.pendingMultiCoup;
  // Crown Melbourne 1.1 (Dragon Tail): the end of the shoe breaks a Dragon Tail; Runs carry on.
  const settled = settleMultiCoup(pending.filter((p) => p.wager.bet.startsWith('dragon-tail')), { kind: 'shoe-end' }, optionOf(s));
  const coupId = after?.coupId ?? s.coup?.coupId ?? s.recentCoups[0]?.coupId;
  if (settled.length > 0 && coupId) events.push({ type: 'WagersSettled', tableId: s.tableId, shoeId: shoe.shoeId, coupId, settlements: settled, settledAt: now });
  events.push({ type: 'ShoeEnded', tableId: s.tableId, shoeId: shoe.shoeId, coupsPlayed: shoe.coupsPlayed + (after ? 1 : 0), reason, endedAt: now });
  return events;
};

export const endShoe = (c: EndShoe, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const lastCoup = procedureClause(rb, 'last-coup');
  // The last coup ends its shoe by itself: a later request learns that, not that no shoe was ever started.
  if (!s.shoe && s.lastShoeId) throw conflict('SHOE_ALREADY_ENDED', `Shoe ${s.lastShoeId} has already ended; start the next shoe.`, lastCoup);
  const shoe = requireShoeReady(s, rb);
  if (c.reason === 'abnormal-sequence') {
    // A shuffle because the cards come in an abnormal sequence is a supervisor's opinion, not the dealer's.
    requireRole(c.actor, null, { role: rb.policies.abnormalSequenceShuffleBy, clause: procedureClause(rb, 'abnormal-sequence-shuffle') }, 'Ending the shoe for an abnormal sequence');
  } else {
    requireRole(c.actor, null, DEALER(lastCoup), 'Ending the shoe');
  }
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', 'Finish or void the coup in progress first.');
  if (c.reason === 'cut-card' && shoe.lastCoupNumber === null) {
    throw ruleViolation('CUT_CARD_NOT_OUT', 'The cutting card has not come out: the shoe goes on.', lastCoup);
  }
  if (c.reason === 'cut-card' && shoe.lastCoupNumber !== null && shoe.coupNumber < shoe.lastCoupNumber) {
    throw ruleViolation('LAST_COUP_NOT_DEALT', `The cutting card announced coup ${shoe.lastCoupNumber} as the last; coup ${shoe.coupNumber} has been dealt: deal the last coup, which ends the shoe.`, lastCoup);
  }
  return shoeEndEvents(s, c.reason, c.now);
};

export const reportCutCard = (c: ReportCutCard, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'last-coup')), 'Reporting the cutting card');
  if (shoe.lastCoupNumber !== null) throw conflict('CUT_CARD_ALREADY_OUT', 'The cutting card is already out.');
  const coup = s.coup;
  const inProgressWithCards = coup && (coup.phase === 'betting' || coup.phase === 'dealing') && coup.cards.length > 0;
  const inProgressNoCards = coup && (coup.phase === 'betting' || coup.phase === 'dealing') && coup.cards.length === 0;
  // Crown 7.3.4 / Star 4.9: during a coup, that coup is completed and one more is dealt.
  // Star 4.10: out before the first card of a coup, that coup is the last.
  const last = inProgressWithCards ? coup.coupNumber + 1 : inProgressNoCards ? coup.coupNumber : shoe.coupNumber + 1;
  return [{ type: 'CutCardAppeared', tableId: s.tableId, shoeId: shoe.shoeId, lastCoupNumber: last, clause: procedureClause(rb, inProgressNoCards ? 'cut-card-before-first-card' : 'last-coup') }];
};
