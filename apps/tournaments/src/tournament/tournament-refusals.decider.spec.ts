import { DomainError } from '@app/contracts';
import type { TournamentCommand } from './tournament-command.types';
import { DIRECTOR, T0, enter, heatUnderWay, play, playedCoup, publish, readyForFirstSession, stateOf } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

/** The refusal a command meets, as the HTTP answer names it: its code, the clause it rests on and the field to change. */
const refusal = (given: readonly TournamentEvent[], command: TournamentCommand) => {
  try {
    tournamentDecider.decide(command, stateOf(given));
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, clause: e.clause, field: e.field };
    throw e;
  }
  throw new Error(`${command.type} was not refused`);
};

const published = play([publish(), enter(1)]);
const heat = heatUnderWay(6);
const heatEnded = play([...playedCoup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], heat);
const completed = play(
  [
    { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'f1', kind: 'final', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }, { entryId: 'e2', tableId: 'T1', box: 2 }] },
    ...playedCoup('f-c1', [[1, 10, true], [2, 10, false]]),
    { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'f1' },
    { type: 'DeclareResults', actor: DIRECTOR, now: T0 },
  ],
  heatEnded,
);
const disqualified = play([{ type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e6', reason: 'contravention', description: 'Exchanged chips' }], readyForFirstSession(6));

describe('every refusal names the field to change and the clause it rests on (Star 2024 15)', () => {
  const cases: readonly [code: string, clause: string, field: string, given: readonly TournamentEvent[], command: TournamentCommand][] = [
    ['ALREADY_ENTERED', 'Star 2024 15.4.2(i)', 'patronId', published, enter(2, { patronId: 'P1' })],
    ['ALREADY_ENTERED', 'Star 2024 15.4.2(i)', 'patronId', published, { type: 'SubstituteEntry', actor: DIRECTOR, now: T0, entryId: 'e1', patronId: 'P1', entitledToGamble: true, employee: false } as TournamentCommand],
    ['ENTRIES_CLOSED', 'Star 2024 15.4.2(i)', 'entryId', readyForFirstSession(6), enter(7)],
    ['ENTRIES_CLOSED', 'Star 2024 15.4.2(i)', 'tournamentId', readyForFirstSession(6), { type: 'CloseEntries', actor: DIRECTOR, now: T0 }],
    ['TOURNAMENT_RUNNING', 'Star 2024 15.4.2(i)', 'entryId', heat, { type: 'WithdrawEntry', actor: DIRECTOR, now: T0, entryId: 'e1' } as TournamentCommand],
    ['ENTRY_NOT_ACTIVE', 'Star 2024 15.5.7; 15.11.4', 'entryId', disqualified, { type: 'WithdrawEntry', actor: DIRECTOR, now: T0, entryId: 'e6' } as TournamentCommand],
    ['TOURNAMENT_COMPLETED', 'Star 2024 15.4.2(j)', 'tournamentId', completed, { type: 'WithdrawEntry', actor: DIRECTOR, now: T0, entryId: 'e2' } as TournamentCommand],
    ['FINAL_NOT_ENDED', 'Star 2024 15.4.2(j)', 'sessionId', heatEnded, { type: 'DeclareResults', actor: DIRECTOR, now: T0 }],
  ];
  it.each(cases)('%s: rests on %s and names %s', (code, clause, field, given, command) => {
    expect(refusal(given, command)).toEqual({ code, clause, field });
  });
});
