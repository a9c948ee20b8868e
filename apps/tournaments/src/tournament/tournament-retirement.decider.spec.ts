import { deciderSpec } from '@app/testing';
import { DIRECTOR, T0, completeTerms, crownTerms as crownTermsOf, enter, heatUnderWay, play, playedCoup, publish, stateOf, ofType, endSession, startSessionAt } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';

const spec = deciderSpec(tournamentDecider);
const retire = (entryId: string): TournamentCommand => ({ type: 'Retire', actor: DIRECTOR, now: T0, entryId });
const declare: TournamentCommand = { type: 'DeclareResults', actor: DIRECTOR, now: T0 };
const coup = (id: string, lines: [box: number, amount: number, won: boolean][]): TournamentCommand[] => playedCoup(id, lines, 'T1');

/** Crown Melbourne, three prize places, the heat's table winner to the final. */
const crownTerms = () =>
  completeTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] }, format: { description: 'Heats of six, the top three to the final.', advancePerTable: 3 } });

// The heat: e1 +100, e2 +100, e3 +50 progress; e4-e6 lose. The final: e1 and e2 finish level on top, e3 third.
const finalTied = () =>
  play(
    [
      ...coup('c1', [[1, 100, true], [2, 100, true], [3, 50, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
      endSession('h1'),
      startSessionAt('f1', 'final', ['e1', 'e2', 'e3']),
      ...coup('f-c1', [[1, 100, true], [2, 100, true], [3, 10, false]]),
      endSession('f1'),
    ],
    heatUnderWay(6, 'crown-melbourne', crownTerms()),
  );

describe('Crown Melbourne 14.4.8(b)(vi): a player who retires leaves the tournament (decision: the retirement refund the terms give, no prize place, the next place-getter stands in)', () => {
  it('Crown Melbourne 14.4.8(b)(vi): given a play-off whose other player retired, when the retirement is recorded, then the play-off is decided for the one left (no coup alone) and the session ends', () => {
    const playOff = play([startSessionAt('p1', 'play-off', ['e1', 'e2'])], finalTied());
    spec
      .given(playOff)
      .when(retire('e2'))
      .thenEvents((events) => {
        expect(ofType(events, 'TournamentPlayerRetired')[0]).toMatchObject({ entryId: 'e2', refundCents: 5_000 });
        expect(ofType(events, 'TournamentPlayOffDecided')).toEqual([expect.objectContaining({ sessionId: 'p1', forSessionId: 'f1', order: ['e1', 'e2'] })]);
      });
    spec.given(play([retire('e2')], playOff)).when(endSession('p1')).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentSessionEnded', sessionId: 'p1' }));
  });

  it('Crown Melbourne 14.4.8(b)(vi): given a finalist retired, when the results are declared, then the retired player takes no prize place and the next place-getter stands in', () => {
    const playedOff = play([startSessionAt('p1', 'play-off', ['e1', 'e2']), retire('e2'), endSession('p1')], finalTied());
    spec
      .given(playedOff)
      .when(declare)
      .thenEvents((events) => {
        expect(ofType(events, 'TournamentResultsDeclared')[0].placings.map((p) => p.entryId)).toEqual(['e1', 'e3']);
        expect(ofType(events, 'TournamentPrizesDistributed')[0].payments.map((p) => [p.entryId, p.prizePlace])).toEqual([
          ['e1', 1],
          ['e3', 2],
        ]);
      });
  });

  it('Crown Melbourne 14.4.8(b)(vi): given a final tie one of whose players retired before it was played off, then no play-off is needed and the results are declared', () => {
    spec
      .given(play([retire('e1')], finalTied()))
      .when(declare)
      .thenEvents((events) => expect(ofType(events, 'TournamentResultsDeclared')[0].placings.map((p) => p.entryId)).toEqual(['e2', 'e3']));
  });

  it('Crown Melbourne 14.4.8(b)(vi), 14.4.8(d)(i): given every other player of the final retired, when the session is ended before its scheduled coups, then it concludes early (the order is determined)', () => {
    const terms = completeTerms({ format: { description: 'One final of six.', advancePerTable: 1, coupsPerSession: 10 } });
    const final = play([startSessionAt('f1', 'final', ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'])], heatUnderWay(6, 'crown-melbourne', terms).filter((e) => e.type !== 'TournamentSessionStarted'));
    const left = play(['e2', 'e3', 'e4', 'e5', 'e6'].map(retire), play(coup('f-c1', [[1, 10, true], [2, 10, true], [3, 10, true], [4, 10, false], [5, 10, false], [6, 10, false]]), final));
    spec.given(left).when(endSession('f1')).thenEvents((events) => expect(ofType(events, 'TournamentSessionEnded')[0].concludedEarly).toEqual([expect.objectContaining({ tableId: 'T1', progressionDetermined: true })]));
  });

  it('Crown Melbourne 14.4.8(b)(vi) with 14.4.8(a)(ii): given the heat winner retired after progressing, then the next player of the heat stands in as for a disqualification', () => {
    const oneATable = completeTerms({ format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const heat = play([...coup('c1', [[1, 50, true], [2, 20, true], [3, 100, true], [4, 10, false], [5, 10, false], [6, 10, false]]), endSession('h1')], heatUnderWay(6, 'crown-melbourne', oneATable));
    const events = play([retire('e3')], heat);
    expect(ofType(events, 'TournamentPlayerRetired')[0].standIn).toEqual({ sessionId: 'h1', tableId: 'T1', advanced: ['e1'], playOff: null, clause: expect.stringContaining('Crown Melbourne 14.4.8(b)(vi)') });
    expect(stateOf(events).sessions.h1.ended!.advanced).toEqual(['e1']);
    spec.given(events).when(startSessionAt('f1', 'final', ['e3'])).thenThrows('PLAYER_NOT_ELIGIBLE_FOR_SESSION');
  });
});

describe('Crown Melbourne 14.4.2(d) with 14.4.8(b)(vi): before play has begun a player withdraws, never retires', () => {
  // Published the day before, the withdrawal period open until the start; the terms refund half on retirement.
  const entered = '2026-02-28T10:00:00.000Z';
  const published = () =>
    play([publish('crown-melbourne', crownTermsOf({ withdrawalPeriod: { endsAt: T0 } })), ...[1, 2, 3, 4, 5, 6].map((n) => enter(n, { now: entered }))]);

  it('Crown Melbourne 14.4.2(d): given entries open (no session played), when a retirement is recorded, then it is refused 409 naming the withdrawal clause and saying to withdraw instead, and the withdrawal within the period refunds the whole fee', () => {
    spec.given(published()).when(retire('e1')).thenThrows('TOURNAMENT_NOT_STARTED', 'Crown Melbourne 14.4.2(d); Crown Melbourne 14.4.8(b)(vi)');
    spec.given(play([{ type: 'CloseEntries', actor: DIRECTOR, now: T0 }], published())).when(retire('e1')).thenThrows('TOURNAMENT_NOT_STARTED');
    let refusal: unknown;
    try {
      tournamentDecider.decide(retire('e1'), stateOf(published()));
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toMatchObject({ kind: 'conflict' });
    expect((refusal as Error).message).toMatch(/withdraw/i);
    const withdrawn = play([{ type: 'WithdrawEntry', actor: DIRECTOR, now: '2026-02-28T12:00:00.000Z', entryId: 'e1' }], published());
    expect(ofType(withdrawn, 'TournamentEntryWithdrawn')[0]).toMatchObject({ entryId: 'e1', refundCents: 10_000 });
  });
});
