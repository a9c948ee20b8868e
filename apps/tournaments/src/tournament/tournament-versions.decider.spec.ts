import { deciderSpec } from '@app/testing';
import { DEALER, DIRECTOR, T0, bankerWins, completeTerms, coupStarted, firstCard, heatUnderWay, play, playerWins, publish, settled, stateOf, wagers, scheduleFrom, ofType } from './tournament-fixtures';
import { tournamentRulebookVersion } from './tournament.commands';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';

const spec = deciderSpec(tournamentDecider);

/**
 * The Star's rule 15 reads the same in the 2021 (ILGA) and 2024 (NICC) editions; the tournament applies the
 * edition in force on its first day and cites it.
 */
describe.each([
  ['Star 2021', 'star-sydney-2021', '2023-06-01T09:00:00.000Z'],
  ['Star 2024', 'star-sydney-2024', '2026-03-01T09:00:00.000Z'],
])('%s tournament play, under the edition in force on the first day', (citation, rulebookId, startsAt) => {
  const terms = (extra = {}) => completeTerms({ schedule: scheduleFrom(startsAt), ...extra });
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

/**
 * The version in force is the one on the venue's local calendar date of the tournament's start (each rulebook's
 * time zone), not the UTC date of the instant written; a tournament postponed across an effective date moves to
 * the version in force on its new date.
 */
describe('the version in force on the venue local date of the start', () => {
  const at = (startsAt: string) => completeTerms({ schedule: scheduleFrom(startsAt) });
  const publishedUnder = (operator: string, startsAt: string) => ofType(play([publish(operator, at(startsAt))]), 'TournamentTermsPublished')[0];

  it('runs a Sydney tournament starting just after local midnight on 16 May 2024, written in UTC, under Star 2024 (Star 2024 effective 16 May 2024)', () => {
    // 2024-05-15T14:30Z is 00:30 on 16 May in Sydney (AEST, +10:00).
    expect(publishedUnder('the-star-sydney', '2024-05-15T14:30:00.000Z')).toMatchObject({ rulebookId: 'star-sydney-2024', clause: 'Star 2024 15.4.1' });
    expect(publishedUnder('the-star-sydney', '2024-05-16T09:00:00+10:00')).toMatchObject({ rulebookId: 'star-sydney-2024' });
  });

  it('runs a Sydney tournament starting just before local midnight on 15 May 2024 under Star 2021, even where the UTC date would not (Star 2021)', () => {
    expect(publishedUnder('the-star-sydney', '2024-05-15T13:59:59.000Z')).toMatchObject({ rulebookId: 'star-sydney-2021', clause: 'Star 2021 15.4.1' });
    // 23:30 on 15 May in Sydney, written with its offset: the UTC date is also 15 May.
    expect(publishedUnder('the-star-sydney', '2024-05-15T23:30:00+10:00')).toMatchObject({ rulebookId: 'star-sydney-2021' });
  });

  it('accepts a Crown tournament on the morning version 29 took effect, written in UTC, and refuses one the evening before (Crown Melbourne 14.2.1, v29 effective 5 Aug 2025)', () => {
    // 2025-08-04T14:00Z is midnight starting 5 Aug 2025 in Melbourne.
    expect(publishedUnder('crown-melbourne', '2025-08-04T14:00:00.000Z')).toMatchObject({ rulebookId: 'crown-melbourne-v29', jurisdiction: 'VIC' });
    expect(publishedUnder('crown-melbourne', '2025-08-04T22:00:00.000Z')).toMatchObject({ rulebookId: 'crown-melbourne-v29' });
    spec.given([]).when(publish('crown-melbourne', at('2025-08-04T13:59:00.000Z'))).thenThrows('RULEBOOK_NOT_IN_FORCE');
  });

  // Amended with notice: the week before the new start (Star 15.5.3; Crown Melbourne 14.4.1(b)).
  const amend = (startsAt: string): TournamentCommand => ({ type: 'AmendTerms', actor: DIRECTOR, now: new Date(Date.parse(startsAt) - 7 * 86_400_000).toISOString(), terms: at(startsAt), reason: 'Postponed' });

  it('moves a Star 2021 tournament postponed past 16 May 2024 to Star 2024, and cites Star 2024 from then on (Star 2024 15.4.1)', () => {
    const given = play([publish('the-star-sydney', at('2024-05-10T09:00:00+10:00'))]);
    expect(stateOf(given).rulebookId).toBe('star-sydney-2021');
    const after = play([amend('2024-05-16T00:15:00+10:00')], given);
    expect(ofType(after, 'TournamentTermsAmended')[0]).toMatchObject({ rulebookId: 'star-sydney-2024', changedItems: ['schedule'] });
    expect(stateOf(after).rulebookId).toBe('star-sydney-2024');
    spec.given(after).when({ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm' }).thenEvents((events) => expect(events[0]).toMatchObject({ clause: 'Star 2024 15.3.4' }));
  });

  it('moves a Star 2024 tournament brought forward before 16 May 2024 back to Star 2021, and keeps the version when the new date is under the same one (Star 2021)', () => {
    const given = play([publish('the-star-sydney', at('2024-05-20T09:00:00+10:00'))]);
    const back = play([amend('2024-05-15T13:00:00.000Z')], given);
    expect(ofType(back, 'TournamentTermsAmended')[0]).toMatchObject({ rulebookId: 'star-sydney-2021' });
    expect(stateOf(back).rulebookId).toBe('star-sydney-2021');
    const same = play([amend('2024-06-20T09:00:00+10:00')], given);
    expect(ofType(same, 'TournamentTermsAmended')[0].rulebookId).toBeUndefined();
    expect(stateOf(same).rulebookId).toBe('star-sydney-2024');
  });

  it('refuses to move a Crown tournament to a date before any version was in force (Crown Melbourne, v29 effective 5 Aug 2025)', () => {
    const given = play([publish('crown-melbourne', at('2025-08-05T10:00:00+10:00'))]);
    spec.given(given).when(amend('2025-08-04T23:00:00+10:00')).thenThrows('RULEBOOK_NOT_IN_FORCE');
  });

  it('records the amended version on the envelope of the amendment (the rulebook version of what it decides)', () => {
    const given = play([publish('the-star-sydney', at('2024-05-10T09:00:00+10:00'))]);
    const state = stateOf(given);
    const out = tournamentDecider.decide(amend('2024-05-17T09:00:00+10:00'), state);
    expect(tournamentRulebookVersion(state, out)).toBe('star-sydney-2024');
    expect(tournamentRulebookVersion(state, [])).toBe('star-sydney-2021');
  });
});
