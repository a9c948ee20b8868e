/**
 * Preconditions the table's commands share: the table is open (and under which rulebook), a shoe is in play,
 * the coup named is the one in progress, the box is at the table; the dealer's authority; commission owed.
 */
import { conflict, notFound, ruleViolation } from '@app/contracts';
import { procedureClause, rulebookById, type Rulebook } from '../engine-adapter/rulebooks';
import type { CoupState, TableState } from './table.events';

/** The rulebook the table plays under (any status but 'none'). */
export const rulebookOf = (s: TableState): Rulebook => rulebookById(s.rulebookId);

export const requireOpen = (s: TableState): Rulebook => {
  if (s.status === 'none') throw notFound('TABLE_NOT_FOUND', 'No table has been opened with this id.');
  if (s.status === 'closed') throw conflict('TABLE_CLOSED', 'The table is closed.');
  return rulebookOf(s);
};

export const DEALER = (clause: string) => ({ role: 'dealer' as const, clause });

export const requireShoeReady = (s: TableState, rb: Rulebook) => {
  if (!s.shoe) throw conflict('NO_SHOE_IN_PLAY', 'Start a shoe (shuffle, cut and burn) first.', procedureClause(rb, 'start-shoe'));
  return s.shoe;
};

export const requireCoup = (s: TableState, coupId: string): CoupState => {
  if (!s.coup || s.coup.coupId !== coupId) throw notFound('COUP_NOT_FOUND', `Coup ${coupId} is not the coup in progress at this table.`);
  return s.coup;
};

export const outstandingCommission = (s: TableState): number => Object.values(s.commissionOwed).reduce((a, o) => a + o.cents, 0);

export const optionOf = (s: TableState) => (bet: string): string => s.offeredBets.find((b) => b.bet === bet)?.option ?? 'standard';

export const requireBox = (s: TableState, box: number, rb: Rulebook) => {
  if (!Number.isInteger(box) || box < 1 || box > s.boxes) throw ruleViolation('BOX_NOT_AT_TABLE', `The table has boxes 1-${s.boxes}.`, procedureClause(rb, 'box-at-table'), 'box');
};
