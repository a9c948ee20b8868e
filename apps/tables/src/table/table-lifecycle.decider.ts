/**
 * A table from open to close: opening it with a checked configuration, announcing its closing (the notice the
 * rulebook requires) and closing it.
 */
import { conflict, ruleViolation } from '@app/contracts';
import { assertRulebookInForce, procedureClause, rulebookById } from '../engine-adapter/rulebooks';
import { addMinutes, requireRole } from './table-rules';
import type { AnnounceTableClosing, CloseTable, OpenTable } from './table-command.types';
import { outstandingCommission, requireOpen } from './table-guards.decider';
import { requireLuckyTieTable, validateConfiguration } from './table-configuration.decider';
import { shoeEndEvents } from './table-shoe.decider';
import { requireNoJackpotAtTournamentTable, requireTournamentMode } from './table-tournament-mode';
import type { TableEvent, TableState } from './table.events';

export const openTable = (c: OpenTable, s: TableState): TableEvent[] => {
  if (s.status === 'open') throw conflict('TABLE_ALREADY_OPEN', `Table ${c.tableId} is already open.`);
  const rb = rulebookById(c.rulebookId);
  requireRole(c.actor, null, { role: 'gaming-supervisor', clause: procedureClause(rb, 'open-table') }, 'Opening a table');
  // The platform applies the version in force on the venue's date (Star 2021 until 15 May 2024, Star 2024 after).
  assertRulebookInForce(rb, c.now);
  requireTournamentMode(rb, c);
  validateConfiguration(rb, c, c.peerTables);
  requireLuckyTieTable(rb, c.variant, c.jackpotIds, 'jackpotIds');
  requireNoJackpotAtTournamentTable(rb, c);
  if (!Number.isInteger(c.boxes) || c.boxes < 1 || (c.variant === 'three-card' && c.boxes > 9)) {
    throw ruleViolation('BOXES_INVALID', 'A table has 1-14 boxes; Three Card Baccarat at most nine.', procedureClause(rb, 'three-card-boxes'), 'boxes');
  }
  return [
    {
      type: 'TableOpened',
      tableId: c.tableId,
      jurisdiction: rb.jurisdiction,
      rulebookId: rb.id,
      variant: c.variant,
      offeredBets: c.offeredBets,
      decks: c.decks,
      limits: c.limits,
      minimumChipCents: c.minimumChipCents,
      dealingMethod: c.dealingMethod,
      jackpotIds: c.jackpotIds,
      boxes: c.boxes,
      ...(c.tournamentId ? { tournamentId: c.tournamentId } : {}),
      openedAt: c.now,
      openedBy: c.actor,
    },
  ];
};

export const announceClosing = (c: AnnounceTableClosing, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const closing = rb.procedures.tableClosing;
  const clause = requireRole(c.actor, closing?.authority, { role: 'area-manager', clause: `${rb.citation} (no provision)` }, 'Closing a table');
  if (s.closing) throw conflict('CLOSING_ALREADY_ANNOUNCED', 'The closing of this table has already been announced.', clause);
  const notice = closing?.notice ?? { kind: 'sign-minutes' as const, minutes: 20 };
  return [
    {
      type: 'TableClosingAnnounced',
      tableId: s.tableId,
      noticeGivenAt: c.now,
      coupsRemaining: notice.kind === 'coups' ? notice.coups : null,
      closesAt: notice.kind === 'sign-minutes' ? addMinutes(c.now, notice.minutes) : null,
      clause,
      by: c.actor,
    },
  ];
};

export const closeTable = (c: CloseTable, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const closing = rb.procedures.tableClosing;
  const clause = requireRole(c.actor, closing?.authority, { role: 'area-manager', clause: `${rb.citation} (no provision)` }, 'Closing a table');
  const playersPresent = Object.keys(s.seats).length > 0;
  if (playersPresent) {
    // Crown Melbourne 15.8: three coups' notice; Star 14.9, Rapid 13.7: a sign 20 minutes before.
    if (!s.closing) throw ruleViolation('CLOSING_NOTICE_REQUIRED', 'Players are present: announce the closing first and give the notice the rulebook requires.', clause);
    if (s.closing.coupsRemaining !== null && (s.closing.coupsRemaining > 0 || (s.coup && s.coup.phase !== 'complete' && s.coup.phase !== 'void'))) {
      throw ruleViolation('CLOSING_NOTICE_NOT_GIVEN', `${s.closing.coupsRemaining} more coup(s) must be dealt after the notice before the table closes.`, clause);
    }
    if (s.closing.closesAt !== null && c.now < s.closing.closesAt) {
      throw ruleViolation('CLOSING_NOTICE_NOT_GIVEN', `The sign shows closing at ${s.closing.closesAt}; the table may not close before then.`, clause);
    }
  }
  if (s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing')) throw conflict('COUP_IN_PROGRESS', 'Finish or void the coup in progress before closing the table.');
  if (outstandingCommission(s) > 0) {
    throw ruleViolation('COMMISSION_OUTSTANDING', 'Deferred commission is still owed: settle it before closing the table.', procedureClause(rb, 'commission-outstanding'));
  }
  const events: TableEvent[] = [];
  if (s.shoe) events.push(...shoeEndEvents(s, 'table-closed', c.now));
  events.push({ type: 'TableClosed', tableId: s.tableId, noticeGivenAt: s.closing?.noticeGivenAt ?? null, closedAt: c.now, reason: c.reason ?? 'table closed', clause, by: c.actor });
  return events;
};
