/**
 * Seats: a player seated at a box, their deferred commission approved, and their leaving (which settles any
 * commission they owe, Crown Melbourne 9.3.1(a)(ii)).
 */
import { conflict, notFound, ruleViolation } from '@app/contracts';
import { procedureClause } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import { requireTournamentSeat } from './table-tournament-mode';
import type { ApproveCommissionDeferral, LeaveSeat, SeatPlayer } from './table-command.types';
import { DEALER, requireBox, requireOpen } from './table-guards.decider';
import type { TableEvent, TableState } from './table.events';

export const seatPlayer = (c: SeatPlayer, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'dealer-duties')), 'Seating a player');
  requireBox(s, c.box, rb);
  // During a session a tournament table seats only the session's seating (Crown Melbourne 14.2.5; Star 15.5.2).
  requireTournamentSeat(rb, s, c.box, c.patronId);
  if (s.seats[String(c.box)]) throw conflict('BOX_TAKEN', `Box ${c.box} already has a seated player.`);
  return [{ type: 'PlayerSeated', tableId: s.tableId, box: c.box, sessionId: c.sessionId, patronId: c.patronId, seatedAt: c.now }];
};

export const approveDeferral = (c: ApproveCommissionDeferral, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const d = rb.procedures.commission?.deferral;
  if (!d?.allowed) throw ruleViolation('COMMISSION_DEFERRAL_NOT_PROVIDED', `${rb.citation} does not allow deferred commission.`, d?.clause ?? `${rb.citation} (no provision)`);
  const clause = requireRole(c.actor, null, { role: 'area-manager', clause: procedureClause(rb, 'commission-deferral') }, 'Approving deferred commission (Crown Management)');
  // Every wager at a table in tournament mode is tournament chips (14.4.4(a)): their commission is taken in chips at
  // settlement; deferring it would owe chips of no cash value as money in the commission ledger.
  if (s.tournamentId) {
    const chips = rb.procedures.tournaments?.tournamentChips.clause;
    throw ruleViolation('COMMISSION_DEFERRAL_AT_TOURNAMENT_TABLE', `Table ${s.tableId} is in tournament mode for tournament ${s.tournamentId}: its wagers are tournament chips, whose commission is taken in chips when they are settled, so no commission is deferred here. Approve deferred commission at a table open for cash play.`, [clause, chips].filter(Boolean).join('; '), 'box');
  }
  const seat = s.seats[String(c.box)];
  if (!seat) throw ruleViolation('DEFERRAL_SEATED_PLAYERS_ONLY', 'Commission may be deferred for seated players only.', clause, 'box');
  // Approving what is already approved changes nothing: an idempotent no-op, no second event.
  if (seat.deferredCommission) return [];
  return [{ type: 'CommissionDeferralApproved', tableId: s.tableId, box: c.box, sessionId: seat.sessionId, approvedBy: c.actor, clause }];
};

export const leaveSeat = (c: LeaveSeat, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'dealer-duties')), 'Recording a player leaving');
  const seat = s.seats[String(c.box)];
  if (!seat) throw notFound('BOX_NOT_SEATED', `Box ${c.box} has no seated player.`);
  const events: TableEvent[] = [];
  const owed = s.commissionOwed[String(c.box)];
  if (owed && owed.cents > 0) {
    // Crown Melbourne 9.3.1(a)(ii): a player ceasing to wager before the end of the shoe settles then.
    events.push({
      type: 'CommissionSettled',
      tableId: s.tableId,
      shoeId: owed.shoeId,
      box: c.box,
      patronId: owed.patronId,
      amountCents: owed.cents,
      method: 'collected',
      trigger: 'player-leaving',
      clause: procedureClause(rb, 'commission-player-leaving'),
      settledAt: c.now,
      by: c.actor,
    });
  }
  events.push({ type: 'PlayerLeft', tableId: s.tableId, box: c.box, sessionId: seat.sessionId, leftAt: c.now });
  return events;
};
