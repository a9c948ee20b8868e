import { deciderSpec } from '@app/testing';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, play, playerWins, settled, wagers } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const ofType = <T extends TournamentEvent['type']>(events: readonly TournamentEvent[], type: T) => events.filter((e) => e.type === type) as Extract<TournamentEvent, { type: T }>[];

/**
 * The Star's rule 15 reads the same in the 2021 (ILGA) and 2024 (NICC) editions; the tournament applies the
 * edition in force on its first day and cites it.
 */
describe.each([
  ['Star 2021', 'star-sydney-2021', '2023-06-01T09:00:00.000Z'],
  ['Star 2024', 'star-sydney-2024', '2026-03-01T09:00:00.000Z'],
])('%s tournament play, under the edition in force on the first day', (citation, rulebookId, startsAt) => {
  const terms = (extra = {}) => completeTerms({ schedule: { startsAt, endsAt: startsAt }, ...extra });
  const heat = (extra = {}) => heatUnderWay(6, 'the-star-sydney', terms(extra));

  it(`runs under ${rulebookId}`, () => {
    expect(ofType(heat(), 'TournamentTermsPublished')[0]).toMatchObject({ rulebookId });
  });

  it(`disqualifies a player who neither wagers nor plays a pass card, with no refund (${citation} 15.6.4; 15.5.7)`, () => {
    const events = play([coupStarted('c1'), wagers('c1', [1, 2, 3, 4, 5].map((b) => [b, 10])), bankerWins('c1'), settled('c1', [1, 2, 3, 4, 5].map((b) => [b, 10, -10]) as [number, number, number][])], heat());
    expect(ofType(events, 'TournamentPlayerDisqualified')[0]).toMatchObject({ entryId: 'e6', refundCents: 0, clause: `${citation} 15.6.4; 15.6.14; ${citation} 15.5.7; 15.6.7; 15.11.4` });
  });

  it(`deems an undisclosed wager above the maximum to be the maximum (${citation} 15.8.3.2)`, () => {
    const events = play(
      [
        coupStarted('c1'),
        { type: 'RecordUndisclosedWager', actor: { id: 'gs', role: 'gaming-supervisor' }, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1', form: { bet: 'player', amount: 900 } } as TournamentCommand,
        wagers('c1', [2, 3, 4, 5, 6].map((b) => [b, 10])),
        firstCard('c1'),
      ],
      heat(),
    );
    expect(ofType(events, 'UndisclosedWagersRevealed')[0]).toMatchObject({ wagers: [{ playsAmount: 500, problem: 'above-maximum' }], clause: `${citation} 15.8.2.6; ${citation} 15.8.3` });
  });

  it(`orders players eliminated in one coup with equal residual chips and wagers by whose chips were removed first (${citation} 15.10.4)`, () => {
    const events = play(
      [coupStarted('c1'), wagers('c1', [[1, 100], [2, 100], [3, 10], [4, 10], [5, 10], [6, 10]]), firstCard('c1'), playerWins('c1'), settled('c1', [[2, 100, -100], [1, 100, -100], [3, 10, 10], [4, 10, 10], [5, 10, 10], [6, 10, 10]])],
      heat({ startingChips: 100, wagerLimits: { minimum: 10, maximum: 100 } }),
    );
    expect(ofType(events, 'TournamentPlayersEliminated')[0]).toMatchObject({ order: [{ entryId: 'e2' }, { entryId: 'e1' }], clause: `${citation} 15.6.13; ${citation} 15.10.4` });
  });

  it(`refunds every entry fee on cancellation (${citation} 15.3.4)`, () => {
    spec
      .given(heat())
      .when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Fire alarm' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ clause: `${citation} 15.3.4`, refunds: expect.arrayContaining([expect.objectContaining({ refundCents: 10_000 })]) }));
  });

  it(`lets a dealer record a pass card, not a Game Supervisor's undisclosed wager (${citation} 15.7.1; 15.8.2.1)`, () => {
    const given = play([coupStarted('c1')], heat());
    spec.given(given).when({ type: 'PlayPassCard', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1' }).thenEvents((events) => expect(events[0]).toMatchObject({ clause: `${citation} 15.7.1` }));
    spec.given(given).when({ type: 'RecordUndisclosedWager', actor: DEALER, now: T0, tableId: 'T1', coupId: 'c1', entryId: 'e1', form: { bet: 'player', amount: 10 } }).thenThrows('ROLE_NOT_PERMITTED', `${citation} 15.8.1-15.8.2`);
  });
});
