import { deciderSpec } from '@app/testing';
import { tableDecider } from './table.decider';
import { openCrown, openStar, play, readyShoe, DEALER, T0, tournamentSession } from './table-fixtures';
import type { TableCommand } from './table.decider';
import type { TableEvent } from './table.events';

/** What the tournament tells its tables once a tournament, an entry or a box's coup is done with (Star 2024 15.3.4, 15.5.2, 15.6.4; Crown Melbourne 14.4.4(e)). */
const spec = deciderSpec(tableDecider);
const DIRECTOR = { id: 'td-1', role: 'tournament-director' };
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `entry-${box}`, patronId: `patron-${box}` });
const startCoup = (coupId = 'c1'): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
type Wager = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'][number];
const place = (wagers: Wager[], coupId = 'c1'): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const starCup = () => play([openStar({ tournamentId: 'star-cup' }), tournamentSession('star-cup', [1, 3, 5]), seat(1), seat(3), seat(5), ...readyShoe(), startCoup()]);

describe('Star 2024 15.3.4; 15.5.2: a cancelled tournament plays no more at its tables', () => {
  const cancel = (tournamentId = 'star-cup'): TableCommand => ({ type: 'NoteTournamentCancelled', actor: DIRECTOR, now: T0, tournamentId, reason: 'too few entries', clause: 'Star 2024 15.3.4' });

  it('Star 2024 15.3.4: records the cancellation at the table and refuses every tournament-chip wager after it, naming the clause and the cancellation', () => {
    spec.given(starCup()).when(cancel()).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TournamentCancelledAtTable', tableId: 'S1', tournamentId: 'star-cup', sessionId: 'heat-1', reason: 'too few entries', clause: 'Star 2024 15.3.4' }]);
    });
    const cancelled = play([cancel()], starCup());
    spec
      .given(cancelled)
      .when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }]))
      .thenThrows('TOURNAMENT_CANCELLED', 'Star 2024 15.3.4; Star 2024 15.5.2');
  });

  it('Star 2024 15.3.4: once however often it is delivered; nothing at a table of another tournament', () => {
    const cancelled = play([cancel()], starCup());
    spec.given(cancelled).when(cancel()).thenEvents((events) => expect(events).toEqual([]));
    spec.given(starCup()).when(cancel('autumn-cup')).thenEvents((events) => expect(events).toEqual([]));
  });
});

describe('Star 2024 15.5.2; 15.6.4: a box whose entry left play wagers no more in the session', () => {
  const out = (why: 'disqualified' | 'eliminated' | 'retired', entryIds = ['e5'], sessionId: string | null = 'heat-1', clause = 'Star 2024 15.6.4'): TableCommand => ({ type: 'NoteTournamentEntriesOut', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId, entryIds, why, clause });

  it('Star 2024 15.6.4: a disqualified entry\'s box is out of play for the rest of the session: its wager is refused, naming the clause, the entry and why; other boxes play on', () => {
    spec.given(starCup()).when(out('disqualified')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TournamentBoxesOutOfPlay', tournamentId: 'star-cup', sessionId: 'heat-1', boxes: [{ box: 5, entryId: 'e5' }], why: 'disqualified', clause: 'Star 2024 15.6.4' }]);
    });
    const gone = play([out('disqualified')], starCup());
    spec.given(gone).when(place([{ wagerId: 'w5', box: 5, bet: 'player', amountCents: 3000 }])).thenThrows('TOURNAMENT_ENTRY_OUT_OF_PLAY', 'Star 2024 15.6.4; Star 2024 15.5.2');
    spec.given(gone).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('Star 2024 15.5.2: an entry eliminated, or retired, at the table is out of play too, even when the event names no session', () => {
    for (const why of ['eliminated', 'retired'] as const) {
      const gone = play([out(why, ['e3', 'e9'], null)], starCup());
      spec.given(gone).when(place([{ wagerId: 'w3', box: 3, bet: 'banker', amountCents: 3000 }])).thenThrows('TOURNAMENT_ENTRY_OUT_OF_PLAY');
    }
  });

  it('Star 2024 15.5.2: an eliminated entry that buys back into the session plays again; a disqualified one does not', () => {
    const buyBack: TableCommand = { type: 'NoteTournamentBuyBack', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId: 'heat-1', entryId: 'e5', clause: 'Star 2024 15.4.2(g)' };
    const back = play([out('eliminated'), buyBack], starCup());
    expect(back.at(-1)).toMatchObject({ type: 'TournamentBoxBackInPlay', box: 5, entryId: 'e5', clause: 'Star 2024 15.4.2(g)' });
    spec.given(back).when(place([{ wagerId: 'w5', box: 5, bet: 'player', amountCents: 3000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
    spec.given(play([out('disqualified')], starCup())).when(buyBack).thenEvents((events) => expect(events).toEqual([]));
  });

  it('once however often it is delivered; nothing for an entry not seated here, another session, or the next session', () => {
    const gone = play([out('disqualified')], starCup());
    spec.given(gone).when(out('disqualified')).thenEvents((events) => expect(events).toEqual([]));
    spec.given(starCup()).when(out('disqualified', ['e9'])).thenEvents((events) => expect(events).toEqual([]));
    spec.given(starCup()).when(out('disqualified', ['e5'], 'heat-2')).thenEvents((events) => expect(events).toEqual([]));
    const next = play([{ type: 'NoteTournamentSessionEnded', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId: 'heat-1' }, tournamentSession('star-cup', [5], 'heat-2')], gone);
    spec.given(next).when(place([{ wagerId: 'w5', box: 5, bet: 'player', amountCents: 3000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });
});

describe('Crown Melbourne 14.4.4(e): a box that played an All-In marker wagers nothing else that coup', () => {
  const crownCup = () => play([openCrown({ tournamentId: 'spring-cup' }), tournamentSession('spring-cup', [1, 3]), seat(1), seat(3), ...readyShoe(), startCoup()]);
  const marker = (kind: 'all-in' | 'stand-off' = 'all-in', coupId = 'c1'): TableCommand => ({ type: 'NoteTournamentMarker', actor: DEALER, now: T0, tournamentId: 'spring-cup', sessionId: 'heat-1', coupId, entryId: 'e3', box: 3, marker: kind, clause: 'Crown Melbourne 14.4.4(e)' });

  it('Crown Melbourne 14.4.4(e): refuses a further wager from the box this coup, naming the marker and the clause; other boxes and the next coup play', () => {
    spec.given(crownCup()).when(marker()).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TournamentMarkerNoted', tournamentId: 'spring-cup', coupId: 'c1', box: 3, entryId: 'e3', marker: 'all-in', clause: 'Crown Melbourne 14.4.4(e)' }]);
    });
    const played = play([marker()], crownCup());
    spec.given(played).when(place([{ wagerId: 'w3', box: 3, bet: 'banker', amountCents: 1000 }])).thenThrows('ALL_IN_MARKER_PLAYED', 'Crown Melbourne 14.4.4(e)');
    spec.given(played).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('Crown Melbourne 14.4.4(e): a wager the box placed before its All-In marker is returned with a register row, so nothing on the layout goes unscored', () => {
    const before = play([place([{ wagerId: 'w3', box: 3, bet: 'banker', amountCents: 1000 }, { wagerId: 'w1', box: 1, bet: 'player', amountCents: 1000 }])], crownCup());
    spec.given(before).when(marker()).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['TournamentMarkerNoted', 'WagerVoided', 'WagersSettled']);
      expect(events[1]).toMatchObject({ wagerId: 'w3', clause: 'Crown Melbourne 14.4.4(e)', tournamentId: 'spring-cup' });
      expect((events[1] as Extract<TableEvent, { type: 'WagerVoided' }>).reason).toContain('All-In marker');
      expect(events[2]).toMatchObject({ settlements: [{ wagerId: 'w3', outcome: 'void', returnedCents: 1000 }] });
    });
  });

  it('a Stand-Off marker, another coup, or a redelivery leaves the wagers alone', () => {
    const played = play([marker()], crownCup());
    spec.given(played).when(marker()).thenEvents((events) => expect(events).toEqual([]));
    spec.given(crownCup()).when(marker('stand-off')).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TournamentMarkerNoted']));
    spec.given(play([marker('stand-off')], crownCup())).when(place([{ wagerId: 'w3', box: 3, bet: 'banker', amountCents: 1000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });
});

describe('Star 2024 15.3.4; 15.5.7; 15.6.4: tournament-chip wagers on the coup under way that play no more are returned, not settled', () => {
  const onLayout = () => play([place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }, { wagerId: 'w5', box: 5, bet: 'banker', amountCents: 4000 }])], starCup());
  const cancel: TableCommand = { type: 'NoteTournamentCancelled', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', reason: 'fire alarm', clause: 'Star 2024 15.3.4' };
  const disqualify: TableCommand = { type: 'NoteTournamentEntriesOut', actor: DIRECTOR, now: T0, tournamentId: 'star-cup', sessionId: 'heat-1', entryIds: ['e5'], why: 'disqualified', clause: 'Star 2024 15.5.7' };
  const settledOf = (events: readonly TableEvent[]) => events.filter((e) => e.type === 'WagersSettled').flatMap((e) => (e as Extract<TableEvent, { type: 'WagersSettled' }>).settlements);

  it('Star 2024 15.3.4: a cancellation returns every wager on the layout, each with a register row naming the cancellation', () => {
    spec.given(onLayout()).when(cancel).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['TournamentCancelledAtTable', 'WagerVoided', 'WagerVoided', 'WagersSettled']);
      expect(events[1]).toMatchObject({ wagerId: 'w1', clause: 'Star 2024 15.3.4', reason: expect.stringContaining('fire alarm') });
      expect(settledOf(events).map((x) => [x.wagerId, x.outcome, x.returnedCents])).toEqual([['w1', 'void', 3000], ['w5', 'void', 4000]]);
    });
  });

  it('Star 2024 15.5.7; 15.6.4: a disqualification returns that box\'s wager only; the others settle when the coup does', () => {
    spec.given(onLayout()).when(disqualify).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['TournamentBoxesOutOfPlay', 'WagerVoided', 'WagersSettled']);
      expect(events[1]).toMatchObject({ wagerId: 'w5', reason: expect.stringContaining('entry e5 at box 5 was disqualified') });
    });
    const after = play([disqualify, { type: 'DealCards', actor: DEALER, now: T0, coupId: 'c1', cards: ['9H', '2C', 'KD', '3S'].map((card) => ({ card })) } as TableCommand], onLayout());
    const final = after.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>;
    expect(final.settlements.map((x) => x.wagerId)).toEqual(['w1']);
  });

  it('returns nothing twice however often the cancellation is delivered', () => {
    const returned = play([cancel], onLayout());
    spec.given(returned).when(cancel).thenEvents((events) => expect(events).toEqual([]));
  });
});
