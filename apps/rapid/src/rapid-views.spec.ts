import type { StoredEvent } from '@app/event-store';
import { initialAtsAccountState } from './account/ats-account.events';
import { initialRapidTableState, type RapidTableState } from './table/rapid-table.events';
import { reconcile, tableView } from './rapid-views';
import { T0 } from './test-support/rapid-fixtures';

const station = (atsId: string, accountId: string) => ({ station: { atsId, remote: false, printer: false }, accountId });

const table: RapidTableState = {
  ...initialRapidTableState(),
  exists: true,
  tableId: 'T1',
  stations: { A1: station('A1', 'acc-1'), A5: station('A5', 'acc-5') },
  claims: {
    c1: { claimId: 'c1', atsId: 'A1', roundId: 'R1', kind: 'malfunction', status: 'upheld' },
    c5: { claimId: 'c5', atsId: 'A5', roundId: 'R1', kind: 'incorrect-outcome', status: 'open' },
  },
};

describe('Rapid 4.3: an ATS sees only its own claims', () => {
  it("an ATS's view of the table lists the claims made at it, never another ATS's", () => {
    expect(tableView(table, 1, T0, 'A5').claims.map((c) => c.claimId)).toEqual(['c5']);
    expect(tableView(table, 1, T0, 'A1').claims.map((c) => c.claimId)).toEqual(['c1']);
  });

  it('staff see every claim at the table', () => {
    expect(tableView(table, 1, T0).claims.map((c) => c.claimId)).toEqual(['c1', 'c5']);
  });
});

describe("Rapid 4.3: an ATS sees only its own malfunctions, never another ATS's", () => {
  const round = {
    roundId: 'R1',
    roundNumber: 1,
    startedAt: T0,
    periodEndsAt: T0,
    closedAt: T0,
    closedEarly: false,
    status: 'settled' as const,
    outcome: null,
    gameSystemMalfunction: null,
    atsMalfunctions: { A1: 'void' as const, A4: 'void' as const },
    frozenAccountIds: null,
    corrections: 0,
    settledAccountIds: [],
    settledAtsOf: {},
  };
  const withMalfunctions: RapidTableState = { ...table, round, recentRounds: { R1: round } };

  it("an ATS's view of the current and recent rounds names only its own ATS's malfunction", () => {
    const a5 = tableView(withMalfunctions, 1, T0, 'A5');
    expect(a5.round?.atsMalfunctions).toEqual({});
    expect(a5.recentRounds[0].atsMalfunctions).toEqual({});
    const a1 = tableView(withMalfunctions, 1, T0, 'A1');
    expect(a1.round?.atsMalfunctions).toEqual({ A1: 'void' });
    expect(a1.recentRounds[0].atsMalfunctions).toEqual({ A1: 'void' });
  });

  it("an ATS's view names only its own ATS's reported voids (and the game system's, which are every ATS's), in the current and recent rounds", () => {
    const voidsReported = {
      'ats:A1': { recordedAt: T0, scope: 'ats' as const, atsId: 'A1', clause: 'Rapid 11.14(a)' },
      'ats:A3': { recordedAt: T0, scope: 'ats' as const, atsId: 'A3', clause: 'Rapid 11.16' },
    };
    const r = { ...round, voidsReported };
    const a1 = tableView({ ...table, round: r, recentRounds: { R1: r } }, 1, T0, 'A1');
    expect(Object.keys(a1.round?.voidsReported ?? {})).toEqual(['ats:A1']);
    expect(Object.keys(a1.recentRounds[0].voidsReported ?? {})).toEqual(['ats:A1']);
    const gameSystem = { ...r, voidsReported: { ...voidsReported, 'game-system': { recordedAt: T0, scope: 'game-system' as const, atsId: null, clause: 'Rapid 11.15' } } };
    expect(Object.keys(tableView({ ...table, round: gameSystem, recentRounds: { R1: gameSystem } }, 1, T0, 'A2').round?.voidsReported ?? {})).toEqual(['game-system']);
    expect(Object.keys(tableView({ ...table, round: r, recentRounds: { R1: r } }, 1, T0).round?.voidsReported ?? {})).toEqual(['ats:A1', 'ats:A3']);
  });

  it('staff see every ATS malfunction in the round', () => {
    expect(tableView(withMalfunctions, 1, T0).round?.atsMalfunctions).toEqual({ A1: 'void', A4: 'void' });
  });
});

describe('Rapid 11.15(a): a round voided whole by a game-system malfunction shows void', () => {
  const settled = {
    roundId: 'R1',
    roundNumber: 1,
    startedAt: T0,
    periodEndsAt: T0,
    closedAt: T0,
    closedEarly: false,
    status: 'settled' as const,
    outcome: null,
    gameSystemMalfunction: 'void' as const,
    atsMalfunctions: {},
    frozenAccountIds: null,
    corrections: 0,
    settledAccountIds: [],
    settledAtsOf: {},
  };

  it('a game-system malfunction recorded after the outcome that voids the round shows it void, in the current and recent rounds, to staff and to an ATS', () => {
    const t: RapidTableState = { ...table, round: settled, recentRounds: { R1: settled } };
    for (const view of [tableView(t, 1, T0), tableView(t, 1, T0, 'A1')]) {
      expect(view.round?.status).toBe('void');
      expect(view.recentRounds[0].status).toBe('void');
      expect(view.round?.gameSystemMalfunction).toBe('void');
    }
  });

  it('a game-system malfunction that does not void the round leaves it settled', () => {
    const r = { ...settled, gameSystemMalfunction: 'settle-as-confirmed' as const };
    expect(tableView({ ...table, round: r, recentRounds: { R1: r } }, 1, T0).recentRounds[0].status).toBe('settled');
  });
});

describe('Rapid 6.7.2(b) with 11.11: the account reconciliation of a ticket not printed that a correction reduced before its manual payment', () => {
  const ev = (version: number, type: string, data: Record<string, unknown>) => ({ version, type, data, occurredAt: T0 }) as unknown as StoredEvent;
  // $400 in, $100 on Player wins $195: cashed out by ticket, the printer failed ($595 due); the round corrected ($195 off
  // the unpaid ticket); the manual payment pays $400.
  const events = [
    ev(1, 'AtsAccountOpened', { movementCents: 40_000, balanceAfterCents: 40_000 }),
    ev(2, 'AtsWagersShown', { movementCents: -10_000, balanceAfterCents: 30_000 }),
    ev(3, 'AtsWagersSettled', { movementCents: 29_500, balanceAfterCents: 59_500 }),
    ev(4, 'AtsAccountCashedOut', { method: 'ticket', amountCents: 59_500, ticketPrinted: false, movementCents: -59_500, balanceAfterCents: 0 }),
    ev(5, 'AtsSettlementRecalculated', { movementCents: 0, balanceAfterCents: 0, unpaidTicket: { reducedCents: 19_500, owedAfterCents: 40_000, clause: 'Rapid 6.7.2(b)' } }),
    ev(6, 'AtsManualPaymentRecorded', { amountCents: 40_000, paidAt: T0, reason: 'Printer jammed', clause: 'Rapid 6.7.2(b)' }),
  ];
  const state = { ...initialAtsAccountState(), exists: true, accountId: 'acc-p', balanceCents: 0 };

  it('shows the ticket not printed as a manual payment due (not paid), the reduction by the correction and the manual payment made: what the player received', () => {
    const r = reconcile(state, events);
    expect(r).toMatchObject({ balanceCents: 0, sumOfMovementsCents: 0, balanced: true });
    expect(r.movements.find((m) => m.type === 'AtsAccountCashedOut')).toMatchObject({ movementCents: -59_500, manualPaymentDueCents: 59_500, paidToPlayerCents: 0 });
    expect(r.movements.find((m) => m.type === 'AtsSettlementRecalculated')).toMatchObject({ movementCents: 0, unpaidTicketReducedCents: 19_500, manualPaymentDueAfterCents: 40_000 });
    expect(r.movements.find((m) => m.type === 'AtsManualPaymentRecorded')).toMatchObject({ version: 6, movementCents: 0, balanceAfterCents: 0, paidToPlayerCents: 40_000, manualPaymentDueAfterCents: 0 });
    expect(r).toMatchObject({ paidToPlayerCents: 40_000, manualPaymentDueCents: 0 });
  });

  it('before the manual payment, what is still due is stated and nothing is paid', () => {
    expect(reconcile(state, events.slice(0, 5))).toMatchObject({ paidToPlayerCents: 0, manualPaymentDueCents: 40_000, balanced: true });
  });

  it('a printed ticket and chips are paid to the player when cashed out', () => {
    const printed = [events[0], ev(2, 'AtsAccountCashedOut', { method: 'ticket', amountCents: 40_000, ticketPrinted: true, movementCents: -40_000, balanceAfterCents: 0 })];
    expect(reconcile(state, printed)).toMatchObject({ paidToPlayerCents: 40_000, manualPaymentDueCents: 0, balanced: true });
  });
});
