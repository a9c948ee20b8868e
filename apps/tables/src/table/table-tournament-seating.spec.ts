import { deciderSpec } from '@app/testing';
import { tableDecider } from './table.decider';
import { openStar, play, readyShoe, DEALER, T0 } from './table-fixtures';
import type { TableCommand } from './table.decider';
import type { TableEvent } from './table.events';

/**
 * A session's seats at a tournament table are the session's seating (Star 2024 15.5.2): a player disqualified after a
 * heat leaves the seat for the player standing in (15.5.7), a box the session did not seat takes no tournament wager,
 * and under an order of wagering no wager plays before the tournament has ruled on its turn (15.9.3-15.9.4).
 */
const spec = deciderSpec(tableDecider);
const DIRECTOR = { id: 'td-1', role: 'tournament-director' };
const ORDER = { clause: 'Star 2024 15.9.2-15.9.3', outOfSequenceClause: 'Star 2024 15.9.4' };
const DISQUALIFIED = 'Star 2024 15.5.7';
const session = (sessionId: string, seats: [box: number, entryId: string][]): TableCommand => ({
  type: 'NoteTournamentSession',
  actor: DIRECTOR,
  now: T0,
  tournamentId: 'star-cup',
  sessionId,
  seats: seats.map(([box, entryId]) => ({ box, entryId, patronId: `P-${entryId}` })),
  wagerLimits: { minimum: 1000, maximum: 50000 },
  orderOfWagering: ORDER,
});
const seatAs = (box: number, entryId: string, seatSession = `s-${box}-${entryId}`): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: seatSession, patronId: `P-${entryId}` });
const ended = (sessionId: string): TableCommand => ({ type: 'NoteTournamentSessionEnded', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId });
const disqualified = (entryId: string, sessionId: string | null = null, patronIds: string[] | undefined = [`P-${entryId}`]): TableCommand => ({
  type: 'NoteTournamentEntriesOut',
  actor: DIRECTOR,
  now: T0,
  tournamentId: 'star-cup',
  sessionId,
  entryIds: [entryId],
  why: 'disqualified',
  ...(patronIds ? { patronIds } : {}),
  clause: DISQUALIFIED,
});
type Wager = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'][number];
const place = (wagers: Wager[], coupId: string): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const startCoup = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const close = (coupId: string): TableCommand => ({ type: 'CloseBetting', actor: DEALER, now: T0, coupId });

// The heat seated e1-e3 at boxes 1-3; it ended, and e1 (box 1) is disqualified after it: e4 stands in for the final.
const heat = () => play([openStar({ tournamentId: 'star-cup' }), session('heat', [[1, 'e1'], [2, 'e2'], [3, 'e3']]), seatAs(1, 'e1'), seatAs(2, 'e2'), seatAs(3, 'e3'), ...readyShoe(), ended('heat')]);
const FINAL = session('final', [[1, 'e4'], [2, 'e2']]);

describe('Star 2024 15.5.7 with 15.5.2: a disqualified player takes no further part, and leaves the seat for the player standing in', () => {
  it('Star 2024 15.5.7: a player disqualified after the heat has the seat at the table released, naming the clause, so the stand-in is seated at the same box in the final', () => {
    spec.given(heat()).when(disqualified('e1')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'PlayerLeft', box: 1, sessionId: 's-1-e1', clause: DISQUALIFIED }]);
      expect((events[0] as Extract<TableEvent, { type: 'PlayerLeft' }>).reason).toContain('disqualified');
    });
    const final = play([disqualified('e1'), FINAL], heat());
    spec.given(final).when(seatAs(1, 'e4')).thenEvents((events) => expect(events).toMatchObject([{ type: 'PlayerSeated', box: 1, patronId: 'P-e4' }]));
  });

  it('Star 2024 15.5.7: during a session, the disqualified player\'s box goes out of play and the seat is released, found by the session\'s seating where the event names no player', () => {
    const inHeat = play([openStar({ tournamentId: 'star-cup' }), session('heat', [[1, 'e1'], [2, 'e2']]), seatAs(1, 'e1'), seatAs(2, 'e2')]);
    spec.given(inHeat).when(disqualified('e1', 'heat', undefined)).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['TournamentBoxesOutOfPlay', 'PlayerLeft']);
      expect(events[1]).toMatchObject({ box: 1, sessionId: 's-1-e1' });
    });
  });

  it('Crown Melbourne 14.4.8(b)(vi) (decision in docs/rules): a player who retires leaves the tournament, so the seat is released as for a disqualification, during a session or after it, for the player who stands in', () => {
    const retired = (sessionId: string | null): TableCommand => ({ ...disqualified('e1', sessionId), why: 'retired', clause: 'Crown Melbourne 14.4.8(b)(vi)' }) as TableCommand;
    spec.given(heat()).when(retired(null)).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'PlayerLeft', box: 1, sessionId: 's-1-e1', clause: 'Crown Melbourne 14.4.8(b)(vi)' }]);
      expect((events[0] as Extract<TableEvent, { type: 'PlayerLeft' }>).reason).toContain('retired');
    });
    const inHeat = play([openStar({ tournamentId: 'star-cup' }), session('heat', [[1, 'e1'], [2, 'e2']]), seatAs(1, 'e1'), seatAs(2, 'e2')]);
    spec.given(inHeat).when(retired('heat')).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentBoxesOutOfPlay', 'PlayerLeft']));
  });

  it('Star 2024 15.5.7: an eliminated entry keeps its seat (it may buy back, 15.4.2(g)); another tournament, or a player not seated here, releases nothing', () => {
    const inHeat = play([openStar({ tournamentId: 'star-cup' }), session('heat', [[1, 'e1'], [2, 'e2']]), seatAs(1, 'e1'), seatAs(2, 'e2')]);
    const out: TableCommand = { type: 'NoteTournamentEntriesOut', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId: 'heat', entryIds: ['e1'], why: 'eliminated', clause: 'Star 2024 15.6.13' };
    spec.given(inHeat).when(out).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentBoxesOutOfPlay']));
    spec.given(heat()).when({ ...disqualified('e1'), tournamentId: 'other-cup' } as TableCommand).thenEvents((events) => expect(events).toEqual([]));
    spec.given(heat()).when(disqualified('e9')).thenEvents((events) => expect(events).toEqual([]));
    // Once however often it is delivered.
    spec.given(play([disqualified('e1')], heat())).when(disqualified('e1')).thenEvents((events) => expect(events).toEqual([]));
  });
});

describe('Star 2024 15.5.2 with 15.9.3-15.9.4: a box the session did not seat takes no tournament wager, and no wager plays before its turn is ruled', () => {
  it('Star 2024 15.5.2: the disqualified player\'s heat seat, still held at the box in the final, takes no tournament wager there, naming the box, the entry and the clause', () => {
    const held = play([FINAL, startCoup('f1')], heat());
    const refused = spec.given(held).when(place([{ wagerId: 'f1-w1', box: 1, bet: 'banker', amountCents: 4000 }], 'f1')).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', 'Star 2024 15.5.2');
    expect(refused.message).toContain('e4');
    spec.given(held).when(place([{ wagerId: 'f1-w1', box: 1, sessionId: 's-1-e1', bet: 'banker', amountCents: 4000 }], 'f1')).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', 'Star 2024 15.5.2');
  });

  it('Star 2024 15.5.2: a box seated in the heat but not in the final takes no tournament wager in the final, naming the box and the clause', () => {
    const final = play([disqualified('e1'), FINAL, seatAs(1, 'e4'), startCoup('f1')], heat());
    const refused = spec.given(final).when(place([{ wagerId: 'f1-w3', box: 3, bet: 'player', amountCents: 1000 }], 'f1')).thenThrows('TOURNAMENT_BOX_NOT_IN_SESSION', 'Star 2024 15.5.2');
    expect(refused.message).toContain('Box 3');
  });

  it('Star 2024 15.9.4: in the final, the stand-in\'s wager awaits the tournament\'s ruling on its turn: no more bets is refused TURN_RULING_PENDING until it is ruled, and once returned as out of sequence it does not play', () => {
    const final = play([disqualified('e1'), FINAL, seatAs(1, 'e4'), startCoup('f2'), place([{ wagerId: 'f2-early1', box: 1, bet: 'banker', amountCents: 4000 }], 'f2')], heat());
    spec.given(final).when(close('f2')).thenThrows('TURN_RULING_PENDING', 'Star 2024 15.9.2-15.9.3; Star 2024 15.9.4');
    const returned = play([{ type: 'ReturnWagerOutOfSequence', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', coupId: 'f2', wagerId: 'f2-early1', expectedBox: 2, clause: 'Star 2024 15.9.4' }], final);
    spec.given(returned).when(close('f2')).thenEvents((events) => expect(events).toMatchObject([{ type: 'BettingClosed', coupId: 'f2' }]));
  });
});
