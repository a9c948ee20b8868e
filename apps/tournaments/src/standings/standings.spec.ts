import type { TournamentCommand } from '../tournament/tournament-command.types';
import { DIRECTOR, T0, completeTerms, coupStarted, heatUnderWay, play, playedCoup, stateOf } from '../tournament/tournament-fixtures';
import { requireTournament } from '../tournament/tournament-rules.decider';
import { boardColumns, sessionCut, sessionEndsAt, sessionLabel, standingsOf } from './standings';

describe('the tournament floor standings (Star 2024 15.10.2)', () => {
  it('Star 2024 15.10.2: players on equal chips share a rank, and the next player takes the place after them all', () => {
    const events = play([coupStarted('c1')], heatUnderWay(6));
    const table = standingsOf(stateOf(events), 1).session!.tables[0];
    // Six players on 1,000 chips each: all first.
    expect(table.players.map((p) => p.rank)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('names no patron: the standings are shown on the floor and streamed without a token', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const declared = { ...state, results: { ...(state.results ?? {}), placings: [{ place: 1, entryId: 'e1', patronId: 'P-secret-1' }] } } as unknown as typeof state;
    const standings = standingsOf(declared, 1);
    expect(standings.placings).toEqual([{ place: 1, entryId: 'e1', name: 'e1', standing: 1, ineligible: null }]);
    expect(JSON.stringify(standings)).not.toContain('P-secret-1');
  });

  it('Star 2024 15.4.2(j) / Crown Melbourne 14.4.7(b): the standings show each prize place nobody filled, unpaid, as the tournament view and the report do', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const prizes = { type: 'TournamentPrizesDistributed', tournamentId: 'cup', prizePoolCents: 90_000, payments: [{ place: 1, entryId: 'e1', patronId: 'P1', amountCents: 45_000 }], totalCents: 45_000, unfilled: [{ place: 2, basisPoints: 3_000, amountCents: 27_000 }, { place: 3, basisPoints: 2_000, amountCents: 18_000 }], unfilledCents: 45_000, distributedAt: '2026-05-20T10:00:00.000Z', clause: 'Star 2024 15.4.2(j)' };
    const standings = standingsOf({ ...state, prizes } as unknown as typeof state, 1);
    expect(standings.unfilledPrizes).toEqual([{ place: 2, basisPoints: 3_000, amountCents: 27_000, paid: false }, { place: 3, basisPoints: 2_000, amountCents: 18_000, paid: false }]);
    expect(JSON.stringify(standings)).not.toContain('P1');
  });

  it('Star 2024 15.3.2: the standings show each prize with its own share and what the unfilled places added, and why (the clause)', () => {
    const state = stateOf(play([coupStarted('c1')], heatUnderWay(6)));
    const redistributed = { places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'in proportion to their shares', clause: 'Star 2024 15.3.2' };
    const payments = [
      { place: 1, prizePlace: 1, entryId: 'e3', patronId: 'P3', shareCents: 55_000, amountCents: 68_750 },
      { place: 2, prizePlace: 2, entryId: 'e1', patronId: 'P1', shareCents: 33_000, amountCents: 41_250 },
    ];
    const prizes = { type: 'TournamentPrizesDistributed', tournamentId: 'cup', prizePoolCents: 110_000, payments, totalCents: 110_000, unfilled: [], unfilledCents: 0, redistributed, distributedAt: '2026-05-20T10:00:00.000Z', clause: 'Star 2024 15.4.2(j); Star 2024 15.3.2' };
    const standings = standingsOf({ ...state, prizes } as unknown as typeof state, 1);
    expect(standings.prizes).toEqual([
      { place: 1, prizePlace: 1, entryId: 'e3', shareCents: 55_000, amountCents: 68_750 },
      { place: 2, prizePlace: 2, entryId: 'e1', shareCents: 33_000, amountCents: 41_250 },
    ]);
    expect(standings.unfilledPrizes).toEqual([]);
    expect(standings.prizeRedistribution).toEqual({ places: [{ place: 3, basisPoints: 2_000, amountCents: 22_000 }], cents: 22_000, rule: 'in proportion to their shares', clause: 'Star 2024 15.3.2' });
  });
});

describe('the tournament floor board (Crown Melbourne 14.2.3; Star 2024 15.5.8: the standings made known)', () => {
  const coup = playedCoup;
  // e1 +100, e2 +50, e3 +20; e4-e6 lose 10.
  const spread: [number, number, boolean][] = [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]];
  const format = (extra: object) => ({ format: { description: 'Heats then a final.', advancePerTable: 2, ...extra } });

  it('Star 2024 15.10.1-15.10.2: the cut is drawn under the last place that progresses from each heat table, as the terms say (advancePerTable)', () => {
    const events = play([...coup('c1', spread), ...coup('c2', spread, 'T2')], heatUnderWay(12));
    const s = standingsOf(stateOf(events), 1).session!;
    expect(s.cut).toEqual({ places: 2, perTable: true, meaning: 'progress', clause: expect.stringMatching(/^Star 2024/), playOffClause: 'Star 2024 15.10.3' });
    for (const t of s.tables) {
      expect(t.players.filter((p) => p.aboveCut).map((p) => p.box)).toEqual([1, 2]);
      expect(t.tieAtCut).toBe(false);
    }
  });

  it('Star 2024 15.10.3: players tied across the cut are all above it, and the table says a play-off decides', () => {
    const t = standingsOf(stateOf(heatUnderWay(6)), 1).session!.tables[0];
    expect(t.players.every((p) => p.aboveCut)).toBe(true);
    expect(t.tieAtCut).toBe(true);
  });

  it('Star 2024 15.4.2(j): in the final the cut is under the last prize place, counted across the session; a play-off for the final decides every place, so no line', () => {
    const cut = sessionCut({ kind: 'final', playOff: null }, null, completeTerms(), requireTournament(stateOf(heatUnderWay(6))).t);
    expect(cut).toMatchObject({ places: 3, perTable: false, meaning: 'prize' });
    expect(sessionCut({ kind: 'play-off', playOff: { sessionId: 'f1', tableId: 'T1', places: 1 } }, 'final', completeTerms(), requireTournament(stateOf(heatUnderWay(6))).t)).toBeNull();
  });

  it('Star 2024 15.5.8: the coups played at each table and the coups left where the terms fix the session at a number of coups', () => {
    const events = play(coup('c1', spread), heatUnderWay(12, 'the-star-sydney', completeTerms(format({ coupsPerSession: 30 }))));
    const s = standingsOf(stateOf(events), 1).session!;
    expect(s.coupsPerSession).toBe(30);
    expect(s.tables.map((t) => [t.tableId, t.coupsPlayed, t.coupsLeft])).toEqual([['T1', 1, 29], ['T2', 0, 30]]);
    expect(s.endsAt).toBeNull();
    expect(s.label).toBe('Heat h1');
  });

  it('Crown Melbourne 14.4.8(d)(ii): a table whose play was concluded before its scheduled coups shows no coups left and the ground it was concluded on', () => {
    const terms = completeTerms({ ...format({ coupsPerSession: 4 }), chipsDisposedInCash: true });
    const everyone = [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] }];
    const s = standingsOf(stateOf(play([...coup('c1', spread), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1', agreements: everyone }], heatUnderWay(6, 'crown-melbourne', terms))), 1).session!;
    expect(s.tables[0]).toMatchObject({ coupsPlayed: 1, coupsLeft: 0, concludedEarly: { coupsPlayed: 1, ground: 'agreed', clause: 'Crown Melbourne 14.4.8(d)(ii)' } });
  });

  it('Star 2024 15.5.8: once a session has ended, no coups are left at its tables, whatever the schedule would have left (its time was up after 2 of 3 coups)', () => {
    const terms = completeTerms(format({ coupsPerSession: 3, minutesPerSession: 45 }));
    const ended = play([...coup('c1', spread), ...coup('c2', spread), { type: 'EndSession', actor: DIRECTOR, now: '2026-03-01T09:46:00.000Z', sessionId: 'h1' }], heatUnderWay(6, 'the-star-sydney', terms));
    const s = standingsOf(stateOf(ended), 1).session!;
    expect(s.ended).toBe(true);
    expect(s.tables[0]).toMatchObject({ coupsPlayed: 2, coupsLeft: 0, concludedEarly: null });
  });

  it('Star 2024 15.5.8: the time left where the terms fix the session in minutes (from the session start); none where they fix neither', () => {
    const s = standingsOf(stateOf(heatUnderWay(6, 'the-star-sydney', completeTerms(format({ minutesPerSession: 45 })))), 1).session!;
    expect(s.endsAt).toBe('2026-03-01T09:45:00.000Z');
    expect(s.coupsPerSession).toBeNull();
    expect(s.tables[0].coupsLeft).toBeNull();
    expect(sessionEndsAt(undefined, 45)).toBeNull();
  });

  it('Star 2024 15.7, 15.8; Crown Melbourne 14.4.4(e)-(g): the board has a column only for what the terms give the players', () => {
    expect(boardColumns(completeTerms())).toEqual({ passCards: true, undisclosedWagers: true, markers: false, allInMarkers: false, standOffMarkers: false, reBuyMarkers: false });
    expect(boardColumns(completeTerms({ passCards: null, undisclosedWagers: { perSession: 0 }, standOffMarkers: { perSession: 1 } }))).toEqual({ passCards: false, undisclosedWagers: false, markers: true, allInMarkers: false, standOffMarkers: true, reBuyMarkers: false });
  });

  it('Star 2024 15.5.6: an absent player is marked absent; Star 2024 15.5.7: a disqualified player is marked disqualified', () => {
    const events = play(
      [
        { type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e2', absent: true },
        { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e3', reason: 'contravention', description: 'Exchanged chips' },
      ],
      heatUnderWay(6),
    );
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.find((p) => p.entryId === 'e2')).toMatchObject({ absent: true, entryStatus: null });
    expect(players.find((p) => p.entryId === 'e3')).toMatchObject({ absent: false, entryStatus: 'disqualified', aboveCut: false });
  });

  it('Star 2024 15.5.8: each player shown by the name the director gave on entry, or by the entry id where none was given', () => {
    const events = heatUnderWay(6).map((e) => (e.type === 'TournamentEntryAccepted' && e.entryId === 'e1' ? { ...e, displayName: 'Alice K.' } : e));
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.find((p) => p.entryId === 'e1')!.name).toBe('Alice K.');
    expect(players.find((p) => p.entryId === 'e2')!.name).toBe('e2');
  });

  it('Star 2024 15.5.8: a substitute is shown by the name given with the substitution, or by the entry id where none was given; never by the previous player\'s name', () => {
    const terms = completeTerms({ substitutes: { allowed: true } } as never);
    const base = heatUnderWay(6, 'crown-melbourne', terms).map((e) => (e.type === 'TournamentEntryAccepted' && ['e1', 'e2'].includes(e.entryId) ? { ...e, displayName: e.entryId === 'e1' ? 'Alice K.' : 'Bob M.' } : e));
    const substitute = (entryId: string, patronId: string, displayName?: string): TournamentCommand => ({ type: 'SubstituteEntry', actor: DIRECTOR, now: T0, entryId, patronId, entitledToGamble: true, employee: false, ...(displayName ? { displayName } : {}) });
    const events = play([substitute('e1', 'P71', 'Carol S.'), substitute('e2', 'P72')], base);
    expect(events.filter((e) => e.type === 'TournamentEntrySubstituted')).toEqual([expect.objectContaining({ entryId: 'e1', displayName: 'Carol S.' }), expect.not.objectContaining({ displayName: expect.anything() })]);
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.find((p) => p.entryId === 'e1')!.name).toBe('Carol S.');
    expect(players.find((p) => p.entryId === 'e2')!.name).toBe('e2');
  });

  it('Crown Melbourne 14.4.8(a)(ii): the player who stands in for a heat winner disqualified after the heat is shown as standing in, for whom and why; the others are not', () => {
    const terms = completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const events = play(
      [...coup('c1', spread), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }, { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' }],
      heatUnderWay(6, 'crown-melbourne', terms),
    );
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.find((p) => p.entryId === 'e2')!.standsIn).toEqual({ for: 'e1', forName: 'e1', clause: expect.stringContaining('Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)') });
    expect(players.filter((p) => p.standsIn !== null).map((p) => p.entryId)).toEqual(['e2']);
    expect(players.find((p) => p.entryId === 'e1')!.entryStatus).toBe('disqualified');
  });

  it('Star 2024 15.5.7, 15.11.4: after a heat, the cut follows who progresses: a player disqualified after progressing is below it, the player standing in above it', () => {
    const terms = completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const events = play(
      [...coup('c1', spread), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }, { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' }],
      heatUnderWay(6, 'the-star-sydney', terms),
    );
    const table = standingsOf(stateOf(events), 1).session!.tables[0];
    expect(table.players.filter((p) => p.aboveCut).map((p) => p.entryId)).toEqual(['e2']);
    expect(table.tieAtCut).toBe(false);
  });

  it('Crown Melbourne 14.4.8(a)(ii): after a heat, a player who retired after progressing is below the cut and the player standing in above it', () => {
    const terms = completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const events = play([...coup('c1', spread), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }, { type: 'Retire', actor: DIRECTOR, now: T0, entryId: 'e1' }], heatUnderWay(6, 'crown-melbourne', terms));
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.filter((p) => p.aboveCut).map((p) => p.entryId)).toEqual(['e2']);
    expect(players.find((p) => p.entryId === 'e2')!.standsIn).toMatchObject({ for: 'e1' });
  });

  it('Star 2024 15.10.3: a tie at the cut cites the play-off clause from the rulebook data, not the progression clause', () => {
    const s = standingsOf(stateOf(heatUnderWay(6)), 1).session!;
    expect(s.tables[0].tieAtCut).toBe(true);
    expect(s.cut!.playOffClause).toBe('Star 2024 15.10.3');
  });

  it('Crown Melbourne 14.4.8(a)(ii): in the final, the player who stands in for the heat winner disqualified after the heat is still shown as standing in, for whom and why', () => {
    const terms = completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const events = play(
      [
        ...coup('c1', spread),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
        { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'f1', kind: 'final', seating: [{ entryId: 'e2', tableId: 'T1', box: 1 }] },
      ],
      heatUnderWay(6, 'crown-melbourne', terms),
    );
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.map((p) => [p.entryId, p.standsIn])).toEqual([['e2', { for: 'e1', forName: 'e1', clause: expect.stringContaining('Crown Melbourne 14.4.2(b)(i); 14.4.8(a)(ii)') }]]);
  });

  it('Crown Melbourne 14.4.2(b)(i), 14.4.8(a)(ii): in the final, the next place-getter after a finalist disqualified once the final ended is shown as standing in for them, with the clause; the others are not', () => {
    const terms = completeTerms({ format: { description: 'Heats of six, the top three to the final.', advancePerTable: 3 } });
    const events = play(
      [
        ...coup('c1', spread),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'f1', kind: 'final', seating: ['e1', 'e2', 'e3'].map((entryId, i) => ({ entryId, tableId: 'T1', box: i + 1 })) },
        ...coup('f-c1', [[1, 100, true], [2, 50, true], [3, 10, false]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'f1' },
        { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' },
      ],
      heatUnderWay(6, 'crown-melbourne', terms),
    );
    const players = standingsOf(stateOf(events), 1).session!.tables[0].players;
    expect(players.map((p) => [p.entryId, p.standsIn])).toEqual([
      ['e1', null],
      ['e2', { for: 'e1', forName: 'e1', clause: expect.stringContaining('Crown Melbourne 14.4.2(b)(i)') }],
      ['e3', null],
    ]);
  });

  it('Crown Melbourne 14.4.2(a)(v): an employee who finishes first is shown as not eligible for a prize, without a place, and the next place-getter stands first', () => {
    const crown = completeTerms({ prizeDistribution: { basisPoints: [10_000] } });
    const base = heatUnderWay(6, 'crown-melbourne', crown).map((e) => (e.type === 'TournamentEntryAccepted' && e.entryId === 'e1' ? { ...e, employee: true, displayName: 'Eve (staff)' } : e));
    const final = play([...coup('c1', spread), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], base);
    const events = play(
      [
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'f1', kind: 'final', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] },
        ...coup('f-c1', [[1, 100, true], [2, 10, false]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'f1' },
        { type: 'DeclareResults', actor: DIRECTOR, now: T0 },
      ],
      final,
    );
    const standings = standingsOf(stateOf(events), 1);
    expect(standings.placings).toEqual([
      { place: 1, entryId: 'e1', name: 'Eve (staff)', standing: null, ineligible: { reason: 'employee', clause: 'Crown Melbourne 14.4.2(a)(v)' } },
      { place: 2, entryId: 'e2', name: 'e2', standing: 1, ineligible: null },
    ]);
    expect(standings.prizes).toEqual([{ place: 2, prizePlace: 1, entryId: 'e2', shareCents: 110_000, amountCents: 110_000 }]);
  });

  it('Star 2024 15.10.3: a session is named on the board as the floor calls it', () => {
    expect(sessionLabel({ sessionId: 'h1', kind: 'heat', playOff: null })).toBe('Heat h1');
    expect(sessionLabel({ sessionId: 'final', kind: 'final', playOff: null })).toBe('Final');
    expect(sessionLabel({ sessionId: 'p1', kind: 'play-off', playOff: { sessionId: 'h1', tableId: 'T2', places: 1 } })).toBe('Play-off for h1');
  });
});

describe('the floor board after a cancellation, a play-off decided and with markers (Star 2024 15.3.4, 15.10.3; Crown Melbourne 14.4.4(e)-(g))', () => {
  const coup = playedCoup;
  const timed = completeTerms({ format: { description: 'Heats then a final.', advancePerTable: 1, coupsPerSession: 30, minutesPerSession: 45 } });

  it('Star 2024 15.3.4: a cancelled tournament says so, with the reason and the entry fees refunded as its cancellation accounting says; no cut, no coups or time left', () => {
    const events = play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm damage to the gaming floor' }], heatUnderWay(6, 'the-star-sydney', timed));
    const standings = standingsOf(stateOf(events), 1);
    expect(standings.status).toBe('cancelled');
    expect(standings.cancellation).toEqual({ reason: 'Storm damage to the gaming floor', cancelledAt: T0, clause: 'Star 2024 15.3.4', refundedCents: expect.any(Number), refundedBeforeCents: 0, refundClause: 'Star 2024 15.3.4', forfeitedCents: 0, forfeitClauses: [] });
    expect(standings.cancellation!.refundedCents).toBeGreaterThan(0);
    // Names no patron: the forfeits' patron ids stay off the floor.
    expect(JSON.stringify(standings)).not.toMatch(/"patronId"/);
    const s = standings.session!;
    expect(s.cut).toBeNull();
    expect(s.endsAt).toBeNull();
    for (const t of s.tables) {
      expect(t.coupsLeft).toBeNull();
      expect(t.tieAtCut).toBe(false);
      expect(t.players.some((p) => p.aboveCut)).toBe(false);
    }
  });

  it('Star 2024 15.3.4 with 15.5.7: a disqualified player\'s forfeited fee is shown as a total with the clause that keeps it, never the patron', () => {
    const events = play(
      [
        { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e3', reason: 'contravention', description: 'Exchanged chips' },
        { type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' },
      ],
      heatUnderWay(6),
    );
    const c = standingsOf(stateOf(events), 1).cancellation!;
    expect(c.forfeitedCents).toBeGreaterThan(0);
    expect(c.forfeitClauses).toEqual([expect.stringMatching(/^Star 2024 15\.5\.7/)]);
    expect(JSON.stringify(c)).not.toMatch(/patron|P-?\d/i);
  });

  it('Star 2024 15.3.4: a tournament not cancelled carries no cancellation', () => {
    expect(standingsOf(stateOf(heatUnderWay(6)), 1).cancellation).toBeNull();
  });

  it('Star 2024 15.10.3: a heat play-off decided after one coup shows who advances, and no coups left', () => {
    const tied = play(coup('c1', [[1, 100, true], [2, 50, true], [3, 50, true], [4, 10, false], [5, 10, false], [6, 10, false]]), heatUnderWay(6, 'the-star-sydney', completeTerms({ format: { description: 'Heats then a final.', advancePerTable: 2, coupsPerSession: 1 } })));
    const playOff = play(
      [
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'p1', kind: 'play-off', seating: [{ entryId: 'e2', tableId: 'T1', box: 1 }, { entryId: 'e3', tableId: 'T1', box: 2 }] },
      ],
      tied,
    );
    const undecided = standingsOf(stateOf(playOff), 1).session!;
    expect(undecided.playOffResult).toBeNull();
    const decided = standingsOf(stateOf(play(coup('p-c1', [[1, 20, false], [2, 20, true]]), playOff)), 2).session!;
    expect(decided.label).toBe('Play-off for h1');
    expect(decided.playOffResult).toEqual({
      forKind: 'heat',
      decidedAt: T0,
      clause: 'Star 2024 15.10.3',
      order: [
        { entryId: 'e3', name: 'e3', place: null, advances: true },
        { entryId: 'e2', name: 'e2', place: null, advances: false },
      ],
    });
    expect(decided.tables[0].coupsPlayed).toBe(1);
    expect(decided.tables[0].coupsLeft).toBe(0);
    expect(decided.tables[0].tieAtCut).toBe(false);
  });

  it('Star 2024 15.10.3: a play-off for the final decided shows the places it decided', () => {
    const terms = completeTerms({ prizeDistribution: { basisPoints: [6_000, 4_000] }, format: { description: 'A heat then a final.', advancePerTable: 2, coupsPerSession: 1 } });
    const heat = play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 10, false], [4, 10, false], [5, 10, false], [6, 10, false]]), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], heatUnderWay(6, 'the-star-sydney', terms));
    const events = play(
      [
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'final', kind: 'final', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] },
        ...coup('f-c1', [[1, 50, true], [2, 50, true]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'final' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'p1', kind: 'play-off', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] },
        ...coup('p-c1', [[1, 20, false], [2, 20, true]]),
      ],
      heat,
    );
    const s = standingsOf(stateOf(events), 1).session!;
    expect(s.playOffResult).toMatchObject({ forKind: 'final', order: [{ entryId: 'e2', place: 1, advances: false }, { entryId: 'e1', place: 2, advances: false }] });
    expect(s.tables[0].coupsLeft).toBe(0);
  });

  it('Crown Melbourne 14.4.4(e)-(g): the board has a column for each marker the terms give (All-In, Stand-Off, Re-Buy)', () => {
    expect(boardColumns(completeTerms({ allInMarkers: { perSession: 1 }, standOffMarkers: { perSession: 2 }, reBuyMarkers: { perSession: 1 } }))).toMatchObject({ markers: true, allInMarkers: true, standOffMarkers: true, reBuyMarkers: true });
    expect(boardColumns(completeTerms({ standOffMarkers: { perSession: 1 } }))).toMatchObject({ markers: true, allInMarkers: false, standOffMarkers: true, reBuyMarkers: false });
  });
});
