/**
 * The options to retract or reduce a wager after no more bets that a rulebook gives on named grounds (Crown
 * Melbourne 10.7(b), 10.9.1; Star 12.1.1, 12.12): offered while the coup is in progress, permitted by the
 * authority the rulebook names and recorded with who permitted it. A wager retracted is returned; one reduced
 * plays the reduced amount and the rest is returned. All wagers withdrawn: the coup is completed as a Dummy Coup.
 */
import { conflict, notFound, ruleViolation } from '@app/contracts';
import { requireRole } from './table-rules';
import { voidSettlement } from './table-settlement';
import type { ChangeWager } from './table-command.types';
import { requireCoup, requireOpen } from './table-guards.decider';
import type { TableEvent, TableState } from './table.events';

export const changeWager = (c: ChangeWager, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const coup = requireCoup(s, c.coupId);
  const option = rb.policies.wagerChanges.find((o) => o.ground === c.ground);
  if (!option) {
    const grounds = rb.policies.wagerChanges.map((o) => o.ground);
    throw ruleViolation('WAGER_CHANGE_NOT_PROVIDED', `${rb.citation} gives no option to change a wager on the ground "${c.ground}"${grounds.length ? `; it does on ${grounds.join(', ')}` : ''}.`, `${rb.citation} (no provision)`, 'ground');
  }
  const clause = requireRole(c.actor, option.authority, { role: option.authority.minimumRole, clause: option.authority.clause }, 'Permitting a wager to be retracted or reduced');
  if (coup.phase !== 'betting' && coup.phase !== 'dealing') throw conflict('COUP_NOT_IN_PROGRESS', `Coup ${coup.coupId} is ${coup.phase}: its wagers stand as settled.`, clause);
  if (option.beforeExposure && coup.cards.length > 4) throw conflict('CARDS_EXPOSED', 'The first four cards are out: the wagers of this coup stand.', clause);
  if ((option.dealingMethods && !option.dealingMethods.includes(s.dealingMethod as never)) || option.exceptDealingMethods?.includes(s.dealingMethod as never)) {
    throw ruleViolation('WAGER_CHANGE_NOT_FOR_DEALING_METHOD', `This option is not given when dealing by ${s.dealingMethod}.`, clause, 'ground');
  }
  const wager = coup.wagers.find((w) => w.wagerId === c.wagerId);
  if (!wager) throw notFound('WAGER_NOT_FOUND', `Wager ${c.wagerId} is not on coup ${coup.coupId}.`);
  const current = wager.reducedToCents ?? wager.amountCents;
  if (!Number.isSafeInteger(c.toCents) || c.toCents < 0 || c.toCents >= current) {
    throw ruleViolation('WAGER_CHANGE_INVALID', `A wager of ${current} cents may be retracted (toCents 0) or reduced below it, not changed to ${c.toCents}.`, clause, 'toCents');
  }
  if (c.toCents > 0 && !option.reduce) throw ruleViolation('ONLY_RETRACTION', 'On this ground a player may only remove their wager, not reduce it (toCents 0).', clause, 'toCents');
  if (c.toCents > 0 && s.minimumChipCents > 1 && c.toCents % s.minimumChipCents !== 0) {
    throw ruleViolation('WAGER_NOT_IN_CHIPS', `Wagers are made in chips of ${s.minimumChipCents} cents.`, rb.procedures.wagersInChips?.clause, 'toCents');
  }
  if (c.toCents > 0) {
    return [{ type: 'WagerReduced', tableId: s.tableId, coupId: coup.coupId, wagerId: wager.wagerId, box: wager.box, fromCents: current, toCents: c.toCents, clause, reducedAt: c.now, by: c.actor }];
  }
  const events: TableEvent[] = [
    { type: 'WagerRetracted', tableId: s.tableId, coupId: coup.coupId, wagerId: wager.wagerId, box: wager.box, sessionId: wager.sessionId, patronId: wager.patronId, amountCents: wager.amountCents, clause, retractedAt: c.now, by: c.actor },
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements: [voidSettlement(wager, clause)], settledAt: c.now },
  ];
  if (coup.wagers.length === 1 && !coup.dummy) {
    events.push({ type: 'CoupBecameDummy', tableId: s.tableId, coupId: coup.coupId, returnedWagerIds: [], reason: 'every wager withdrawn', clause: option.allWithdrawn });
  }
  return events;
};
