import { deciderSpec } from '@app/testing';
import type { KnownRapidTable, NoteChipsCorrected, TournamentCommand } from './tournament-command.types';
import { rapidTerms, coupStarted, DIRECTOR, enter, play, playerWins, publish, settled, stateOf, T0, wagers } from './tournament-fixtures';
import { standingsOf } from '../standings/standings';
import { tournamentDecider } from './tournament.decider';
import { scoredCoupCount, scoredCoupKey, scoredCoupLines } from './scored-coups';
import type { TournamentEvent } from './tournament.events';

/** What the rapid service publishes after a session's rounds were scored: outcome corrections (Rapid 11.11) and seats it could not give (12.3.2). */
const RT1: KnownRapidTable = { tableId: 'RT1', rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }] };
const session = play([
  publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 } }), { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-1', approvedAt: '2026-02-01' } }),
  enter(1),
  enter(2),
  { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
  { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
  { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT1'], rapidTables: [RT1] },
  { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 's1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'RT1', box: 1 }, { entryId: 'e2', tableId: 'RT1', box: 2 }], rapidTables: [RT1] },
  // The Rapid table takes the session (its RapidTournamentSessionStarted, Rapid 12.3.2): the seats play from here.
  { type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT1', entryIds: ['e1', 'e2'] },
]);
const START = stateOf(session).sessions.s1.players.e1.chips;
const corrected = (over: Partial<NoteChipsCorrected> = {}): TournamentCommand => ({
  type: 'NoteChipsCorrected', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT1', entryId: 'e1', box: 1, coupId: 'R1', correctionId: 'ev-1', movement: 300, unrecovered: 0, ...over,
});
const conserved = (e: TournamentEvent) => {
  if (e.type !== 'TournamentChipsCorrected') throw new Error(e.type);
  expect(e.chipsInPlayAfter + e.houseChipsAfter + e.withdrawnChipsAfter).toBe(e.issuedChips);
};
const spec = deciderSpec(tournamentDecider);

describe('a Rapid outcome corrected after it was scored (Rapid 11.11)', () => {
  it('Rapid 11.11: the player\'s chips move by exactly what the account moved, the house by the opposite; chips conserved', () => {
    spec.given(session).when(corrected()).thenEvents((events, s) => {
      expect(events).toMatchObject([{ type: 'TournamentChipsCorrected', entryId: 'e1', chipsBefore: START, movement: 300, chipsAfter: START + 300, unrecovered: 0, statusAfter: 'playing', clause: 'Rapid 11.11' }]);
      conserved(events[0]);
      expect(s.sessions.s1.players.e1.chips).toBe(START + 300);
      expect(s.sessions.s1.house).toBe(stateOf(session).sessions.s1.house - 300);
    });
  });

  it('Rapid 11.11: the same correction delivered again counts once', () => {
    spec.given(play([corrected()], session)).when(corrected()).then([]);
  });

  it('Rapid 11.11: what the account could not give back stays unrecovered for the director; the chips follow the account down to zero and the player is out', () => {
    spec.given(session).when(corrected({ movement: -START, unrecovered: 250 })).thenEvents((events, s) => {
      expect(events).toMatchObject([{ type: 'TournamentChipsCorrected', movement: -START, chipsAfter: 0, unrecovered: 250, statusAfter: 'eliminated' }]);
      conserved(events[0]);
      expect(s.sessions.s1.players.e1.status).toBe('eliminated');
      expect(s.sessions.s1.eliminated).toEqual(['e1']);
    });
  });

  it('Rapid 11.11: a player eliminated by the wrong outcome and re-credited by the correction is back in play', () => {
    const out = play([corrected({ movement: -START, correctionId: 'ev-1' })], session);
    spec.given(out).when(corrected({ movement: 400, correctionId: 'ev-2' })).thenEvents((events, s) => {
      expect(events).toMatchObject([{ type: 'TournamentChipsCorrected', chipsBefore: 0, chipsAfter: 400, statusAfter: 'playing' }]);
      conserved(events[0]);
      expect(s.sessions.s1.eliminated).toEqual([]);
    });
  });

  it('Rapid 11.11, 12.2.1(b), 12.2.1(k): after the session ended the recorded chip counts stand; a notice for the Tournament Director records the movement', () => {
    const ended = play([{ type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 's1' }], session);
    const chips = stateOf(ended).sessions.s1.players.e1.chips;
    spec.given(ended).when(corrected({ movement: -120, unrecovered: 0 })).thenEvents((events, s) => {
      expect(events).toEqual([
        expect.objectContaining({ type: 'TournamentRapidNoticeRecorded', kind: 'correction-after-session', entryId: 'e1', coupId: 'R1', correctionId: 'ev-1', movement: -120, clause: 'Rapid 11.11; Rapid 12.2.1(b); Rapid 12.2.1(k)' }),
      ]);
      expect(s.sessions.s1.players.e1.chips).toBe(chips);
    });
    spec.given(play([corrected({ movement: -120 })], ended)).when(corrected({ movement: -120 })).then([]);
  });
});

describe('a seat the rapid service could not give (Rapid 12.3.2, 12.2.1(i))', () => {
  const refused: TournamentCommand = { type: 'NoteSeatRefused', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT1', entryId: 'e2', box: 2, reason: 'ats-shows-an-account' };
  it('Rapid 12.3.2: the player keeps their chips and the Tournament Director gets a notice, once however often delivered', () => {
    spec.given(session).when(refused).thenEvents((events, s) => {
      expect(events).toMatchObject([{ type: 'TournamentRapidNoticeRecorded', kind: 'seat-refused', entryId: 'e2', box: 2, reason: 'ats-shows-an-account', clause: 'Rapid 12.3.2; Rapid 12.2.1(i)' }]);
      expect(s.sessions.s1.players.e2).toMatchObject({ chips: START, status: 'playing' });
    });
    spec.given(play([refused], session)).when(refused).then([]);
  });
});

describe("Rapid 12.3.2: a Rapid table refused the tournament's session (RapidTournamentSessionRefused)", () => {
  const refusedAt = (reason: string, sessionId = 's1', tableId = 'RT1'): TournamentCommand => ({ type: 'NoteSessionRefusedAtTable', actor: DIRECTOR, now: T0, sessionId, tableId, reason, message: 'ATS 3 still shows a player account: pay it out first.', clause: 'Rapid 12.3.2' });

  it('Rapid 12.3.2: the session is not playing at that table: every seat there is flagged for the Tournament Director, and takes no play, with the reason and the clause', () => {
    spec.given(session).when(refusedAt('cash-accounts-open')).thenEvents((events, s) => {
      expect(events).toEqual([
        expect.objectContaining({ type: 'TournamentSessionRefusedAtTable', tableId: 'RT1', reason: 'cash-accounts-open', seats: [{ entryId: 'e1', box: 1, chips: START }, { entryId: 'e2', box: 2, chips: START }], clause: expect.stringContaining('Rapid 12.3.2') }),
        expect.objectContaining({ type: 'TournamentRapidNoticeRecorded', kind: 'seat-refused', tableId: 'RT1', entryId: 'e1', box: 1, reason: expect.stringContaining('cash-accounts-open'), clause: expect.stringContaining('Rapid 12.3.2') }),
        expect.objectContaining({ type: 'TournamentRapidNoticeRecorded', kind: 'seat-refused', tableId: 'RT1', entryId: 'e2', box: 2, reason: expect.stringContaining('cash-accounts-open'), clause: expect.stringContaining('Rapid 12.3.2') }),
      ]);
      // Nothing was credited at the table: the allotment goes back to the inventory; no seat there plays.
      expect(s.sessions.s1.players.e1).toMatchObject({ chips: 0, status: 'not-seated' });
      expect(s.sessions.s1.withdrawn).toBe(2 * START);
      expect(s.sessions.s1.refusedSeats).toMatchObject({ e1: { reason: expect.stringContaining('cash-accounts-open') }, e2: { reason: expect.stringContaining('cash-accounts-open') } });
    });
  });

  it('Rapid 12.3.2: once however often delivered; nothing for a session ended, another session, or a table the session does not use', () => {
    spec.given(play([refusedAt('another-session-in-progress')], session)).when(refusedAt('another-session-in-progress')).then([]);
    spec.given(session).when(refusedAt('cash-accounts-open', 's9')).then([]);
    spec.given(session).when(refusedAt('cash-accounts-open', 's1', 'RT9')).then([]);
    spec.given(play([{ type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 's1' }], session)).when(refusedAt('cash-accounts-open')).then([]);
  });

  it('Rapid 12.3.2: the standings show the table not playing, each seat there refused, with the reason and the clause', () => {
    const s = stateOf(play([refusedAt('cash-accounts-open')], session));
    const table = standingsOf(s, 1).session!.tables.find((t) => t.tableId === 'RT1')!;
    expect(table.notPlaying).toMatchObject({ reason: expect.stringContaining('cash-accounts-open'), clause: expect.stringContaining('Rapid 12.3.2') });
    expect(table.players.map((p) => p.seatRefused?.clause)).toEqual([expect.stringContaining('Rapid 12.3.2'), expect.stringContaining('Rapid 12.3.2')]);
    expect(standingsOf(stateOf(session), 1).session!.tables[0].notPlaying).toBeNull();
  });
});

const refusedAtTable = (tableId = 'RT1', sessionId = 's1'): TournamentCommand => ({
  type: 'NoteSessionRefusedAtTable', actor: DIRECTOR, now: T0, sessionId, tableId, reason: 'round-of-cash-play-open',
  message: `Table ${tableId} is playing round 7 of cash play: end it, then start the session again.`, clause: 'Rapid 12.3.2',
});
const RT2: KnownRapidTable = { ...RT1, tableId: 'RT2' };
/** s1 seated at two Rapid tables, e1 at RT1 and e2 at RT2. */
const twoTables = play([
  publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 } }), { game: 'rapid-baccarat', regulatorApproval: { reference: 'VCGR-1', approvedAt: '2026-02-01' } }),
  enter(1),
  enter(2),
  { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
  { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
  { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT1', 'RT2'], rapidTables: [RT1, RT2] },
  { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 's1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'RT1', box: 1 }, { entryId: 'e2', tableId: 'RT2', box: 1 }], rapidTables: [RT1, RT2] },
  { type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT2', entryIds: ['e2'] },
]);
const startAgain = (sessionId = 's1'): TournamentCommand => ({ type: 'StartSession', actor: DIRECTOR, now: T0, sessionId, kind: 'heat', seating: [{ entryId: 'e1', tableId: 'RT1', box: 1 }, { entryId: 'e2', tableId: 'RT1', box: 2 }], rapidTables: [RT1] });
const conservedIn = (s: ReturnType<typeof stateOf>) => {
  const x = s.sessions.s1;
  const inPlay = Object.values(x.players).filter((p) => p.status === 'playing').reduce((a, p) => a + p.chips, 0);
  expect(inPlay + x.house + x.withdrawn).toBe(x.issued);
};

describe('Rapid 12.3.2: a session the Rapid table refused leaves no seat playing and cannot advance', () => {
  it('Rapid 12.3.2: no seat at the table that refused the session is playing; chips stay conserved', () => {
    spec.given(session).when(refusedAtTable()).thenEvents((events, s) => {
      expect(events.map((e) => e.type)).toContain('TournamentSessionRefusedAtTable');
      expect(Object.values(s.sessions.s1.players).map((p) => p.status)).toEqual(['not-seated', 'not-seated']);
      conservedIn(s);
      expect(standingsOf(s, 1).session!.tables[0].players.map((p) => p.status)).toEqual(['not-seated', 'not-seated']);
    });
  });

  it('Rapid 12.3.2: no coup starts, is wagered on or scored at that table, and no chips are sold to its seats', () => {
    const refused = play([refusedAtTable()], session);
    spec.given(refused).when(coupStarted('R1', 'RT1')).then([]);
    spec.given(refused).when(wagers('R1', [[1, 100]], 'RT1')).then([]);
    spec.given(refused).when(playerWins('R1', 'RT1')).then([]);
    spec.given(refused).when(settled('R1', [[1, 100, 100]], 'RT1')).then([]);
    spec.given(refused).when({ type: 'BuyChips', actor: DIRECTOR, now: T0, entryId: 'e1', kind: 're-buy', feePaidCents: 0 }).thenThrows('PLAYER_NOT_SEATED', 'Rapid 12.3.2');
  });

  it('Rapid 12.3.2: the session goes on at a table that took it; only the refusing table stops', () => {
    const refused = play([refusedAtTable('RT1')], twoTables);
    expect(stateOf(refused).sessions.s1.players.e2.status).toBe('playing');
    spec.given(refused).when(coupStarted('R1', 'RT2')).thenEvents((events) => expect(events).toMatchObject([{ type: 'TournamentCoupStarted', tableId: 'RT2' }]));
    spec.given(refused).when(coupStarted('R1', 'RT1')).then([]);
  });

  it('Rapid 12.3.2: the same refusal delivered again changes nothing', () => {
    spec.given(play([refusedAtTable()], session)).when(refusedAtTable()).then([]);
  });
});

describe('Rapid 12.3.2: the director may start a refused session again once the table is free', () => {
  it('Rapid 12.3.2, 12.2.1(b): once no table took the session and no coup was scored, the same session starts again with every seat awaiting the table, then playing on its allotment once it takes it', () => {
    spec.given(play([refusedAtTable()], session)).when(startAgain()).thenEvents((events, s) => {
      expect(events).toMatchObject([{ type: 'TournamentSessionStarted', sessionId: 's1', issuedChips: START * 2, awaitingTables: ['RT1'] }]);
      expect(Object.values(s.sessions.s1.players).map((p) => [p.status, p.chips])).toEqual([['awaiting-table', 0], ['awaiting-table', 0]]);
      const taken = play([{ type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, sessionId: 's1', tableId: 'RT1', entryIds: ['e1', 'e2'] }], play([refusedAtTable(), startAgain()], session));
      expect(Object.values(stateOf(taken).sessions.s1.players).map((p) => [p.status, p.chips])).toEqual([['playing', START], ['playing', START]]);
      conservedIn(stateOf(taken));
      expect(s.sessionOrder).toEqual(['s1']);
      expect(s.sessions.s1.refusedTables ?? {}).toEqual({});
      conservedIn(s);
    });
  });

  it('Rapid 12.3.2: a session started again plays: its coups start and are scored', () => {
    const again = play([refusedAtTable(), startAgain(), coupStarted('R1', 'RT1')], session);
    expect(stateOf(again).sessions.s1.coups.RT1).toMatchObject({ coupId: 'R1' });
  });

  it('Rapid 12.3.2: any other start of a session that exists or is in progress is still refused 409', () => {
    // Not refused by any table.
    spec.given(session).when(startAgain()).thenThrows('SESSION_EXISTS');
    // Another table took it.
    spec.given(play([refusedAtTable('RT1')], twoTables)).when(startAgain()).thenThrows('SESSION_EXISTS');
    // Another session while the refused one is current: start the refused one again (or end it).
    spec.given(play([refusedAtTable()], session)).when(startAgain('s2')).thenThrows('SESSION_IN_PROGRESS');
    // A coup was scored in it before the table's refusal was heard.
    const scored = play([coupStarted('R1', 'RT1'), wagers('R1', [[1, 100]], 'RT1'), playerWins('R1', 'RT1'), settled('R1', [[1, 100, 100]], 'RT1'), refusedAtTable()], session);
    expect(scoredCoupLines(stateOf(scored).sessions.s1.scoredCoups, scoredCoupKey('RT1', 'R1'))).toBeDefined();
    expect(scoredCoupCount(stateOf(scored).sessions.s1.scoredCoups)).toBe(1);
    spec.given(scored).when(startAgain()).thenThrows('SESSION_EXISTS');
  });
});
