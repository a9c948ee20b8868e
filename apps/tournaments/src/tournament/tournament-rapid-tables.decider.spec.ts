import { deciderSpec } from '@app/testing';
import type { KnownRapidTable, TournamentCommand } from './tournament-command.types';
import { rapidTerms, DIRECTOR, enter, play, publish, startSessionAt, stateOf, T0 } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';

/** Rapid tables in a tournament (Rapid 12.3.1-12.3.2), learnt from the rapid service's published RapidTableOpened. */
const rapid = (tableId: string, rulebookId = 'crown-melbourne-rapid'): KnownRapidTable => ({ tableId, rulebookId, variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }] });
const APPROVAL = { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' };
const rapidTournament = play([
  publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 } }), { game: 'rapid-baccarat', regulatorApproval: APPROVAL }),
  enter(1),
  enter(2),
  { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
  { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
]);
const designate = (tableIds: string[], rapidTables: KnownRapidTable[]): TournamentCommand => ({ type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds, rapidTables });
const start = (tableId: string, rapidTables: KnownRapidTable[]): TournamentCommand => startSessionAt('s1', 'heat', ['e1', 'e2'], { tableId, rapidTables });
const spec = deciderSpec(tournamentDecider);

describe('Rapid tables designated for a tournament (Rapid 12.3.1, 12.3.2)', () => {
  it('Rapid 12.3.1: a Rapid table the rapid service published is ready for the tournament once the Tournament Director designates it', () => {
    spec
      .given(rapidTournament)
      .when(designate(['RT1'], [rapid('RT1')]))
      .thenEvents((events, s) => {
        expect(events).toMatchObject([
          { type: 'TournamentTablesDesignated', tableIds: ['RT1'], clause: 'Rapid 12.3.1' },
          { type: 'TournamentTableReady', tableId: 'RT1', clause: 'Rapid 12.3.1; Rapid 12.3.2' },
        ]);
        expect(Object.keys(s.tables)).toEqual(['RT1']);
      });
  });

  it('Rapid 12.3.1: a Rapid table playing other rules cannot be designated, and nothing changes', () => {
    spec.given(rapidTournament).when(designate(['RT1'], [rapid('RT1', 'crown-melbourne-v29')])).thenThrows('TABLE_NOT_UNDER_TOURNAMENT_RULES', 'Rapid 12.3.1');
  });

  it("Rapid 12.3.2: a session does not start at a Rapid table another tournament's session is playing at, and does at one its own or none uses", () => {
    const designated = play([designate(['RT1'], [rapid('RT1')])], rapidTournament);
    const busy = { ...rapid('RT1'), inUseBy: { tournamentId: 'other-cup', sessionId: 'heat' } };
    spec.given(designated).when(start('RT1', [busy])).thenThrows('TABLE_IN_ANOTHER_TOURNAMENT_SESSION', 'Rapid 12.3.2');
    spec.given(designated).when(start('RT1', [{ ...rapid('RT1'), inUseBy: null }])).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  it('Rapid 12.3.1: a table the rapid service has not published is designated but not ready: a session cannot start at it', () => {
    const designated = play([designate(['RT2'], [])], rapidTournament);
    expect(stateOf(designated).tables).toEqual({});
    spec.given(designated).when(start('RT2', [])).thenThrows('TABLE_NOT_READY', 'Rapid 12.3.2');
  });

  it('Rapid 12.3.1-12.3.2: a designated Rapid table published after its designation is ready when the session starts at it', () => {
    const designated = play([designate(['RT2'], [])], rapidTournament);
    spec
      .given(designated)
      .when(start('RT2', [rapid('RT2')]))
      .thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['TournamentTableReady', 'TournamentSessionStarted']);
        expect(events[1]).toMatchObject({ seating: [{ entryId: 'e1', tableId: 'RT2', box: 1 }, { entryId: 'e2', tableId: 'RT2', box: 2 }] });
      });
  });

  it('Rapid 12.3.1: a Rapid table not designated is not made ready by a session naming it', () => {
    spec.given(rapidTournament).when(start('RT3', [rapid('RT3')])).thenThrows('TABLE_NOT_READY', 'Rapid 12.3.2');
  });
});

describe('Rapid 12.3.2: seats at a Rapid table await the table until it takes the session', () => {
  const designated = play([designate(['RT1'], [rapid('RT1')])], rapidTournament);
  const started = play([start('RT1', [rapid('RT1')])], designated);
  const taken: TournamentCommand = { type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, tableId: 'RT1', sessionId: 's1', entryIds: ['e1', 'e2'] };

  it('Rapid 12.3.2: given a session started at a Rapid table, its players await the table, with no chips credited', () => {
    const s = stateOf(started);
    expect(Object.values(s.sessions.s1.players).map((p) => [p.entryId, p.status, p.chips])).toEqual([
      ['e1', 'awaiting-table', 0],
      ['e2', 'awaiting-table', 0],
    ]);
  });

  it('Rapid 12.3.2: when the Rapid table takes the session (its RapidTournamentSessionStarted), its seats are playing with the allotment credited', () => {
    spec
      .given(started)
      .when(taken)
      .thenEvents((events, s) => {
        expect(events).toMatchObject([{ type: 'TournamentSessionTakenAtTable', sessionId: 's1', tableId: 'RT1', seats: [{ entryId: 'e1', box: 1 }, { entryId: 'e2', box: 2 }], clause: expect.stringContaining('Rapid 12.3.2') }]);
        expect(Object.values(s.sessions.s1.players).map((p) => [p.status, p.chips])).toEqual([
          ['playing', 1_000],
          ['playing', 1_000],
        ]);
        expect(s.sessions.s1.issued).toBe(2_000);
      });
    // Delivered again: nothing more.
    spec.given(play([taken], started)).when(taken).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.3.2: a Rapid table that refuses the session leaves its awaiting seats not seated, nothing having been credited', () => {
    spec
      .given(started)
      .when({ type: 'NoteSessionRefusedAtTable', actor: DIRECTOR, now: T0, tableId: 'RT1', sessionId: 's1', reason: 'round-of-cash-play-open', message: 'end round 1', clause: 'Rapid 12.3.2' })
      .thenEvents((_, s) => {
        expect(Object.values(s.sessions.s1.players).map((p) => [p.status, p.chips])).toEqual([
          ['not-seated', 0],
          ['not-seated', 0],
        ]);
        expect(s.sessions.s1.withdrawn).toBe(0);
      });
  });
});
