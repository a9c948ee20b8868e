import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { KnownRapidTable, TournamentCommand } from './tournament-command.types';
import { DIRECTOR, T0, completeTerms, endSession, enter, heatUnderWay, play, playedCoup, readyForFirstSession, startHeat, publish, rapidTerms, startSessionAt, stateOf } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const at = (minutesAfterT0: number): string => new Date(Date.parse(T0) + minutesAfterT0 * 60_000).toISOString();
const ended = (events: readonly TournamentEvent[]) => events.find((e) => e.type === 'TournamentSessionEnded') as Extract<TournamentEvent, { type: 'TournamentSessionEnded' }>;

/** Heats of six at T1, two progress, 10-500 a coup; no order of wagering, pass cards or undisclosed wagers in these specs. */
const terms = (format: { coupsPerSession?: number; minutesPerSession?: number }, more: Partial<TournamentTerms> = {}): TournamentTerms =>
  completeTerms({ orderOfWagering: null, passCards: null, undisclosedWagers: null, format: { description: 'Heats of six, then a final.', advancePerTable: 2, ...format }, ...more });

/** One coup on Player at T1: each [box, wager, won?] in box order. */
const coup = (id: string, lines: [box: number, amount: number, won: boolean][]): TournamentCommand[] => playedCoup(id, lines);
// One coup: e1 +100, e2 and e3 +50, e4-e6 lose 10. Who progresses is open.
const close = (id: string) => coup(id, [[1, 100, true], [2, 50, true], [3, 50, true], [4, 10, false], [5, 10, false], [6, 10, false]]);
// Two coups: e1 and e2 win 500 twice (2 000 each); e3-e6 lose 500 then 490 (10 each). With two coups of 4 left, 10
// chips at best become 90 then 810 on Tie at 8 to 1, and 2 000 at worst falls to 1 000: e1 and e2 progress whatever happens.
const decisive = [
  ...coup('c1', [[1, 500, true], [2, 500, true], [3, 500, false], [4, 500, false], [5, 500, false], [6, 500, false]]),
  ...coup('c2', [[1, 500, true], [2, 500, true], [3, 490, false], [4, 490, false], [5, 490, false], [6, 490, false]]),
];
const everyone = [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] }];

describe('Concluding play at a table before the scheduled coups or time (Star 15.5.5; Crown Melbourne 14.4.8(d); Rapid 12.3.5)', () => {
  it('Star 2024 15.5.5.1: given a heat of 4 coups after 1, with who progresses still open, when the director ends it, then it is refused 409 saying to play on', () => {
    spec
      .given(play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 }))))
      .when(endSession('h1'))
      .thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.1');
    expect(() => tournamentDecider.decide(endSession('h1'), stateOf(play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 })))))).toThrow(/Play on/);
  });

  it('Star 2024 15.5.5: the refusal is judged on the coups heard from the table, so it is one to try again once the table is heard (retryLater: waited on over HTTP, never kept against an Idempotency-Key)', () => {
    const refusal = (() => {
      try {
        tournamentDecider.decide(endSession('h1'), stateOf(play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 })))));
      } catch (err) {
        return err as { code: string; retryLater: boolean };
      }
      return null;
    })();
    expect(refusal).toMatchObject({ code: 'EARLY_CONCLUSION_NOT_PERMITTED', retryLater: true });
  });

  it('Star 2024 15.5.5.1: given a heat of 4 coups after 2, when no remaining play (Tie at 8 to 1, the maximum wager of 500) can change who progresses, then it ends early, recording the ground', () => {
    spec
      .given(play(decisive, heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 }))))
      .when(endSession('h1'))
      .thenEvents((events) => {
        const e = ended(events);
        expect(e.advanced).toEqual(['e1', 'e2']);
        expect(e.concludedEarly).toEqual([{ tableId: 'T1', coupsPlayed: 2, progressionDetermined: true, agreedBy: null, clause: 'Star 2024 15.5.5.1' }]);
      });
  });

  it('Star 2024 15.5.5.1: given the same chips but 3 coups left, a player on 10 chips could still overtake (10, 90, 810, 7 290 on Tie), so it is refused', () => {
    spec
      .given(play(decisive, heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 5 }))))
      .when(endSession('h1'))
      .thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.1');
  });

  it('Star 2024 15.5.5.2: given terms that dispose of the chips in cash, when who progresses is determined but not every player at the table agreed, then it is refused saying to record their agreement; with it, it ends', () => {
    const given = play(decisive, heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true })));
    spec.given(given).when(endSession('h1')).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.2');
    spec.given(given).when(endSession('h1', T0, [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3'] }])).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.2');
    spec
      .given(given)
      .when(endSession('h1', T0, everyone))
      .thenEvents((events) => expect(ended(events).concludedEarly).toEqual([{ tableId: 'T1', coupsPlayed: 2, progressionDetermined: true, agreedBy: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], clause: 'Star 2024 15.5.5.1; Star 2024 15.5.5.2' }]));
  });

  it('Star 2024 15.5.5.1 and 15.5.5.2: given chips disposed of in cash and every player agreeing, when who progresses is still open, then it is refused: at The Star both are needed', () => {
    spec
      .given(play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true }))))
      .when(endSession('h1', T0, everyone))
      .thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.1');
  });

  it('Star 2024 15.5.5: given a heat of 45 minutes, when the director ends it after 10 with who progresses open, then it is refused; at 45 minutes it ends as scheduled', () => {
    const given = play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ minutesPerSession: 45 })));
    spec.given(given).when(endSession('h1', at(10))).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.1');
    spec.given(given).when(endSession('h1', at(45))).thenEvents((events) => expect(ended(events).concludedEarly).toBeUndefined());
  });

  it('Star 2024 15.5.5: given a heat of 1 coup, when the director ends it after that coup, then it ends as scheduled', () => {
    spec
      .given(play(close('c1'), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 1 }))))
      .when(endSession('h1'))
      .thenEvents((events) => {
        expect(ended(events).advanced).toEqual(['e1']);
        expect(ended(events).concludedEarly).toBeUndefined();
      });
  });

  it('Crown Melbourne 14.4.8(d)(i): given terms that keep the chips out of cash, when who progresses is still open, then ending early is refused saying to play on', () => {
    spec
      .given(play(close('c1'), heatUnderWay(6, 'crown-melbourne', terms({ coupsPerSession: 4 }))))
      .when(endSession('h1', T0, everyone))
      .thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Crown Melbourne 14.4.8(d)(i)');
  });

  it('Crown Melbourne 14.4.8(d)(ii): given terms that dispose of the chips in cash, when who progresses is still open but every player at the table agrees, then it ends: at Crown either ground suffices', () => {
    const given = play(close('c1'), heatUnderWay(6, 'crown-melbourne', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true })));
    spec.given(given).when(endSession('h1')).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Crown Melbourne 14.4.8(d)(i); Crown Melbourne 14.4.8(d)(ii)');
    spec
      .given(given)
      .when(endSession('h1', T0, everyone))
      .thenEvents((events) => expect(ended(events).concludedEarly).toEqual([{ tableId: 'T1', coupsPlayed: 1, progressionDetermined: false, agreedBy: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], clause: 'Crown Melbourne 14.4.8(d)(ii)' }]));
  });

  it('Crown Melbourne 14.4.8(d)(ii): an agreement naming a player of another table is refused, naming the field', () => {
    spec
      .given(play(close('c1'), heatUnderWay(6, 'crown-melbourne', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true }))))
      .when(endSession('h1', T0, [{ tableId: 'T1', entryIds: ['e1', 'e9'] }]))
      .thenThrows('AGREEMENT_NAMES_ANOTHER_PLAYER', 'Crown Melbourne 14.4.8(d)(ii)');
  });

  const retire = (entryId: string): TournamentCommand => ({ type: 'Retire', actor: DIRECTOR, now: T0, entryId });
  const crownInCash = () => play(close('c1'), heatUnderWay(6, 'crown-melbourne', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true })));
  const refusal = (given: readonly TournamentEvent[], command: TournamentCommand) => {
    try {
      tournamentDecider.decide(command, stateOf(given));
    } catch (err) {
      return err as { code: string; message: string; field?: string; clause?: string };
    }
    throw new Error('not refused');
  };

  it('Crown Melbourne 14.4.8(d)(ii): an agreement naming a player who retired (no longer at the table) is refused, naming the field and the player; the players in play agreeing, it ends', () => {
    const given = play([retire('e6')], crownInCash());
    spec.given(given).when(endSession('h1', T0, everyone)).thenThrows('AGREEMENT_NAMES_PLAYER_NOT_IN_PLAY', 'Crown Melbourne 14.4.8(d)(ii)');
    expect(refusal(given, endSession('h1', T0, everyone))).toMatchObject({ field: 'agreements', message: expect.stringMatching(/e6.*retired/) });
    spec
      .given(given)
      .when(endSession('h1', T0, [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3', 'e4', 'e5'] }]))
      .thenEvents((events) => expect(ended(events).concludedEarly).toEqual([expect.objectContaining({ tableId: 'T1', agreedBy: ['e1', 'e2', 'e3', 'e4', 'e5'] })]));
  });

  it('Crown Melbourne 14.4.8(d)(ii): an agreement naming a disqualified player is refused naming the field; an absent player still in play must agree, and the refusal says so', () => {
    const disqualified = play([{ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e5', reason: 'contravention', description: 'Exchanged chips' }], crownInCash());
    expect(refusal(disqualified, endSession('h1', T0, everyone))).toMatchObject({ code: 'AGREEMENT_NAMES_PLAYER_NOT_IN_PLAY', field: 'agreements', message: expect.stringMatching(/e5.*disqualified/) });
    const absent = play([{ type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e4', absent: true }], crownInCash());
    expect(refusal(absent, endSession('h1', T0, [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3', 'e5', 'e6'] }]))).toMatchObject({ code: 'EARLY_CONCLUSION_NOT_PERMITTED', message: expect.stringMatching(/e4.*absent.*still in play/) });
  });

  it('Star 2024 15.5.5.2: an agreement naming a player eliminated at the table is refused, naming the field', () => {
    // e3 and e4 stake everything and lose: eliminated.
    const given = play(coup('c1', [[1, 100, true], [2, 50, true], [3, 1_000, false], [4, 1_000, false], [5, 10, false], [6, 10, false]]), heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 4 }, { chipsDisposedInCash: true, wagerLimits: { minimum: 10, maximum: 1_000 } })));
    expect(refusal(given, endSession('h1', T0, everyone))).toMatchObject({ code: 'AGREEMENT_NAMES_PLAYER_NOT_IN_PLAY', field: 'agreements', clause: 'Star 2024 15.5.5.2', message: expect.stringMatching(/e3.*eliminated/) });
  });

  it.each([
    ['Star 2024 15.5.5.1', 'the-star-sydney'],
    ['Crown Melbourne 14.4.8(d)(i)', 'crown-melbourne'],
  ])('%s: given a final with a single player in play, when the director ends it at 0 coups, then every place is determined and it ends early on that ground', (clause, operator) => {
    // Heat of one coup: e1 alone progresses (one place a table); the final seats e1 alone, who could stake every chip
    // and lose it: still nobody can take a place from them.
    const heat = play([...close('c1'), endSession('h1')], heatUnderWay(6, operator, terms({ coupsPerSession: 1 }, { format: { description: 'Heats, then a final.', advancePerTable: 1, coupsPerSession: 1 }, wagerLimits: { minimum: 10, maximum: 1_000 } })));
    const final = play([startSessionAt('f1', 'final', ['e1'])], heat);
    spec
      .given(final)
      .when(endSession('f1'))
      .thenEvents((events) => expect(ended(events).concludedEarly).toEqual([expect.objectContaining({ tableId: 'T1', coupsPlayed: 0, progressionDetermined: true, clause })]));
  });

  it('Star 2024 15.5.5.1: given a final of two for three prize places, when the second could still overtake the first in the coup left, then it is refused: fewer players than places do not by themselves determine the order', () => {
    const heat = play([...decisive, endSession('h1', T0)], heatUnderWay(6, 'the-star-sydney', terms({ coupsPerSession: 2 }, { prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] } })));
    const final = play([startSessionAt('f1', 'final', ['e1', 'e2']), ...coup('f-c1', [[1, 500, true], [2, 500, false]])], heat);
    // 1 coup of 2 left: e1 on 1 500 at worst 1 000; e2 on 500 at best 500 + 500 x 8 = 4 500 on Tie: still open.
    spec.given(final).when(endSession('f1')).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Star 2024 15.5.5.1');
  });
});

// ---- Rapid ------------------------------------------------------------------------------------------------
const rapid = (tableId: string): KnownRapidTable => ({ tableId, rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'player', option: 'standard' }], inUseBy: null });
const APPROVAL = { reference: 'VCGR-2026-17', approvedAt: '2026-02-01' };
const rapidTournament = (more: Partial<TournamentTerms> = {}) =>
  play([
    publish('crown-melbourne', rapidTerms({ players: { minimum: 2, maximum: 18 }, format: { description: 'Heats of two, then a final.', advancePerTable: 1, coupsPerSession: 10 }, ...more }), { game: 'rapid-baccarat', regulatorApproval: APPROVAL }),
    enter(1),
    enter(2),
    { type: 'CloseEntries', actor: DIRECTOR, now: T0 },
    { type: 'RecordBriefing', actor: DIRECTOR, now: T0, entryIds: ['e1', 'e2'] },
    { type: 'DesignateTables', actor: DIRECTOR, now: T0, tableIds: ['RT1'], rapidTables: [rapid('RT1')] },
  ]);
const startRapid = (now = T0): TournamentCommand => startSessionAt('h1', 'heat', ['e1', 'e2'], { tableId: 'RT1', now, rapidTables: [rapid('RT1')] });
const taken: TournamentCommand = { type: 'NoteSessionTakenAtTable', actor: DIRECTOR, now: T0, tableId: 'RT1', sessionId: 'h1', entryIds: ['e1', 'e2'] };

describe('Rapid 12.3.5: concluding play at a Rapid table early', () => {
  it('Rapid 12.3.5(a): given a Rapid heat of 10 coups none of which was played, when the director ends it, then it is refused 409 saying to play on', () => {
    spec.given(play([startRapid(), taken], rapidTournament())).when(endSession('h1')).thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Rapid 12.3.5(a)');
  });

  it('Rapid 12.3.5(a) and (b): given balances disposed of in cash and both players agreeing, when who progresses is still open, then it is refused: both are needed', () => {
    spec
      .given(play([startRapid(), taken], rapidTournament({ chipsDisposedInCash: true })))
      .when(endSession('h1', T0, [{ tableId: 'RT1', entryIds: ['e1', 'e2'] }]))
      .thenThrows('EARLY_CONCLUSION_NOT_PERMITTED', 'Rapid 12.3.5(a)');
  });
});

describe('Starting a session before its scheduled start (Star 15.5.3; Crown Melbourne 14.4.1(b); Rapid 12.3.4)', () => {
  const ready = (operator: string) => readyForFirstSession(6, operator);

  it('Star 2024 15.5.3: given a tournament scheduled to start at 09:00, when the director starts a session at 08:59, then it is refused 409 saying to alter the starting time with notice first', () => {
    spec.given(ready('the-star-sydney')).when(startHeat(at(-1))).thenThrows('SESSION_BEFORE_SCHEDULED_START', 'Star 2024 15.5.3');
    expect(() => tournamentDecider.decide(startHeat(at(-1)), stateOf(ready('the-star-sydney')))).toThrow(/alter the starting time by amending the terms' schedule, with reasonable notice/);
  });

  it('Star 2024 15.5.3: given the starting time altered to 08:30 by an amendment of the schedule, when the director starts the session at 08:59, then it starts', () => {
    const altered = play([{ type: 'AmendTerms', actor: DIRECTOR, now: at(-24 * 60), terms: completeTerms({ schedule: { startsAt: at(-30), endsAt: '2026-03-01T18:00:00.000Z' } }), reason: 'Brought forward half an hour; players notified the day before' }], ready('the-star-sydney'));
    spec.given(altered).when(startHeat(at(-1))).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  it('Star 2024 15.5.3: given a tournament scheduled to start at 09:00, when at 08:55 the director alters the start to 08:50 (or 08:55), then it is refused: no notice of a start already come; to 09:30 it is altered', () => {
    const alter = (startsAt: string): TournamentCommand => ({ type: 'AmendTerms', actor: DIRECTOR, now: at(-5), terms: completeTerms({ schedule: { startsAt, endsAt: '2026-03-01T18:00:00.000Z' } }), reason: 'Start altered' });
    spec.given(ready('the-star-sydney')).when(alter(at(-10))).thenThrows('START_ALTERED_WITHOUT_NOTICE', 'Star 2024 15.5.3');
    spec.given(ready('the-star-sydney')).when(alter(at(-5))).thenThrows('START_ALTERED_WITHOUT_NOTICE', 'Star 2024 15.5.3');
    spec.given(ready('the-star-sydney')).when(alter(at(30))).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentTermsAmended'));
  });

  it('Rapid 12.3.4: given a Rapid tournament scheduled to start at 09:00, when at 09:10 the start is altered to 09:05, then it is refused: no notice of a start already come', () => {
    const alter: TournamentCommand = { type: 'AmendTerms', actor: DIRECTOR, now: at(10), terms: rapidTerms({ players: { minimum: 2, maximum: 18 }, format: { description: 'Heats of two, then a final.', advancePerTable: 1, coupsPerSession: 10 }, schedule: { startsAt: at(5), endsAt: '2026-03-01T18:00:00.000Z' } }), reason: 'Start altered', regulatorApproval: APPROVAL };
    spec.given(rapidTournament()).when(alter).thenThrows('START_ALTERED_WITHOUT_NOTICE', 'Rapid 12.3.4');
  });

  it('Crown Melbourne 14.4.1(b): given a tournament scheduled to start at 09:00, when a session is started at 08:00, then it is refused 409', () => {
    spec.given(ready('crown-melbourne')).when(startHeat(at(-60))).thenThrows('SESSION_BEFORE_SCHEDULED_START', 'Crown Melbourne 14.4.1(b)');
  });

  it('Rapid 12.3.4: given a Rapid tournament scheduled to start at 09:00, when a session at a Rapid table is started at 08:45, then it is refused 409; at 09:00 it starts', () => {
    spec.given(rapidTournament()).when(startRapid(at(-15))).thenThrows('SESSION_BEFORE_SCHEDULED_START', 'Rapid 12.3.4');
    spec.given(rapidTournament()).when(startRapid(T0)).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });
});
