import { initialRapidTableState, type RapidTableState } from './table/rapid-table.events';
import { tableView } from './rapid-views';
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
