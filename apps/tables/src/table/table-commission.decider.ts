/**
 * Deferred commission settled (Crown Melbourne 9.3.1(a)): collected by the dealer at the end of the shoe or when
 * the player asks or leaves, or settled or waived at management's discretion.
 */
import { conflict, ruleViolation } from '@app/contracts';
import { procedureClause } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import type { SettleCommission } from './table-command.types';
import { DEALER, requireOpen } from './table-guards.decider';
import type { TableEvent, TableState } from './table.events';

export const settleCommission = (c: SettleCommission, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const procedureByTrigger = {
    'end-of-shoe': 'commission-outstanding',
    'player-request': 'commission-player-request',
    'player-leaving': 'commission-player-leaving',
    'management-discretion': 'commission-management',
  } as const;
  const clause = procedureClause(rb, procedureByTrigger[c.trigger]);
  if (c.method === 'waived' || c.trigger === 'management-discretion') {
    requireRole(c.actor, null, { role: 'area-manager', clause: procedureClause(rb, 'commission-management') }, 'Settling commission at management discretion or waiving it');
  } else {
    requireRole(c.actor, null, DEALER(clause), 'Collecting deferred commission');
  }
  const owed = s.commissionOwed[String(c.box)];
  if (!owed || owed.cents <= 0) throw conflict('NO_COMMISSION_OWED', `Box ${c.box} owes no deferred commission.`);
  if (c.trigger === 'end-of-shoe' && s.shoe && s.shoe.shoeId === owed.shoeId && s.shoe.lastCoupNumber === null) {
    throw ruleViolation('SHOE_NOT_ENDED', 'End-of-shoe settlement comes at the completion of the shoe; use player-request or management-discretion earlier.', clause);
  }
  return [{ type: 'CommissionSettled', tableId: s.tableId, shoeId: owed.shoeId, box: c.box, patronId: owed.patronId, amountCents: owed.cents, method: c.method, trigger: c.trigger, clause, settledAt: c.now, by: c.actor }];
};
