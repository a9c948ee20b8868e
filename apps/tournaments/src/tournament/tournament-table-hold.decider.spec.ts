import { deciderSpec } from '@app/testing';
import { tableHoldsOf, tournamentTableDecider, type TournamentTableCommand } from './tournament-table-hold.decider';

const spec = deciderSpec(tournamentTableDecider);
const AT = '2026-03-01T09:00:00.000Z';
const take = (tournamentId: string, sessionId = 'heat'): TournamentTableCommand => ({ type: 'TakeTournamentTable', tableId: 'RT1', tournamentId, sessionId, now: AT, clause: 'Rapid 12.3.2' });
const release = (tournamentId: string, sessionId = 'heat'): TournamentTableCommand => ({ type: 'ReleaseTournamentTable', tableId: 'RT1', tournamentId, sessionId, now: AT });
const taken = [{ type: 'TournamentTableTaken' as const, tableId: 'RT1', tournamentId: 'TA', sessionId: 'heat', takenAt: AT, clause: 'Rapid 12.3.2' }];

describe('Rapid 12.3.2: a designated table holds one tournament session at a time', () => {
  it("Rapid 12.3.2: refuses another tournament's session while one holds the table, naming both and the clause", () => {
    const refused = spec.given(taken).when(take('TB')).thenThrows('TABLE_IN_ANOTHER_TOURNAMENT_SESSION', 'Rapid 12.3.2');
    expect(refused.message).toContain('session heat of tournament TA');
  });

  it("Rapid 12.3.2: the same tournament's next session takes it; a session taken twice is taken once", () => {
    spec.given(taken).when(take('TA', 'final')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TournamentTableTaken', tournamentId: 'TA', sessionId: 'final' }]));
    spec.given(taken).when(take('TA')).thenEvents((ev) => expect(ev).toEqual([]));
  });

  it('Rapid 12.3.2: the session that holds it releases it; another release changes nothing', () => {
    spec.given(taken).when(release('TA')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TournamentTableReleased' }]));
    spec.given(taken).when(release('TB')).thenEvents((ev) => expect(ev).toEqual([]));
    spec.given([...taken, { type: 'TournamentTableReleased', tableId: 'RT1', tournamentId: 'TA', sessionId: 'heat', releasedAt: AT }]).when(take('TB')).thenEvents((ev) => expect(ev).toHaveLength(1));
  });

  it('takes the tables a session seats, releases them when it ends or the tournament is cancelled during it', () => {
    const before = { currentSessionId: 'heat', sessions: { heat: { tables: ['T2', 'T1'], ended: null } } };
    const started = [{ type: 'TournamentSessionStarted', tournamentId: 'TA', sessionId: 'final', seating: [{ tableId: 'T1' }, { tableId: 'T1' }, { tableId: 'T3' }] }];
    expect(tableHoldsOf(before, started, 'Star 2024 15.5.2', AT).map((h) => [h.type, h.tableId])).toEqual([
      ['TakeTournamentTable', 'T1'],
      ['TakeTournamentTable', 'T3'],
    ]);
    const ended = [{ type: 'TournamentSessionEnded', tournamentId: 'TA', sessionId: 'heat' }];
    const cancelled = [{ type: 'TournamentCancelled', tournamentId: 'TA' }];
    expect(tableHoldsOf(before, ended, 'x', AT).map((h) => [h.type, h.tableId])).toEqual([
      ['ReleaseTournamentTable', 'T1'],
      ['ReleaseTournamentTable', 'T2'],
    ]);
    expect(tableHoldsOf(before, cancelled, 'x', AT)).toHaveLength(2);
    expect(tableHoldsOf({ ...before, sessions: { heat: { tables: ['T1'], ended: {} } } }, cancelled, 'x', AT)).toEqual([]);
  });
});
