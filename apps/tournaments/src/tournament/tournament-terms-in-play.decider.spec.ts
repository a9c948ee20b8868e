/**
 * What players entered for holds once play has begun (the prize pool and its distribution), and play happens only
 * within the schedule the rulebook version was chosen by (the version in force on the venue's date of the start).
 */
import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { TournamentCommand } from './tournament-command.types';
import { DIRECTOR, T0, completeTerms, crownTerms, enter, heatUnderWay, play, publish, readyForFirstSession, startHeat } from './tournament-fixtures';
import { tournamentDecider } from './tournament.decider';

const spec = deciderSpec(tournamentDecider);
const at = (minutesAfterT0: number): string => new Date(Date.parse(T0) + minutesAfterT0 * 60_000).toISOString();
const amend = (terms: TournamentTerms, now = at(30)): TournamentCommand => ({ type: 'AmendTerms', actor: DIRECTOR, now, terms, reason: 'Amended' });
const POOL = completeTerms().prizePool!;

describe('The prize pool and its distribution once play has begun (Crown Melbourne 14.4.7; Star 15.3.1-15.3.3, 15.4.2(j))', () => {
  it('Crown Melbourne 14.4.7(a): given a heat under way, when the director amends the terms to add no value to the prize pool, then it is refused naming terms.prizePool', () => {
    const error = spec.given(heatUnderWay(6, 'crown-melbourne')).when(amend(crownTerms({ prizePool: { ...POOL, addedValueCents: 0 } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.4.7(a)');
    expect(error.field).toBe('terms.prizePool');
  });

  it('Crown Melbourne 14.4.7(b): given a heat under way, when the director amends how the prize pool is distributed, then it is refused', () => {
    spec.given(heatUnderWay(6, 'crown-melbourne')).when(amend(crownTerms({ prizeDistribution: { basisPoints: [7_000, 3_000] } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Crown Melbourne 14.4.7(b)');
  });

  it('Star 2024 15.4.2(j), 15.3.1: given a heat under way, when the director cuts the added value (or the guarantee), then it is refused', () => {
    const running = heatUnderWay(6, 'the-star-sydney');
    spec.given(running).when(amend(completeTerms({ prizePool: { ...POOL, addedValueCents: 0 } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Star 2024 15.4.2(j); 15.3.1-15.3.3');
    spec.given(running).when(amend(completeTerms({ prizePool: { ...POOL, guaranteedCents: 10_000, minimumEntries: 6 } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Star 2024 15.4.2(j); 15.3.1-15.3.3');
  });

  it('Star 2024 15.4.2(j), 15.3.2: given a heat under way, when the director amends the prize distribution, then it is refused', () => {
    spec.given(heatUnderWay(6, 'the-star-sydney')).when(amend(completeTerms({ prizeDistribution: { basisPoints: [10_000] } }))).thenThrows('TERMS_LOCKED_DURING_PLAY', 'Star 2024 15.4.2(j); 15.3.2');
  });

  it('Star 2024 15.4.2(j): before play begins the prize pool may still be amended', () => {
    spec
      .given(play([publish()]))
      .when(amend(completeTerms({ prizePool: { ...POOL, addedValueCents: 0 } }), at(-24 * 60)))
      .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['prizePool'] }));
  });
});

describe('The schedule the rulebook version is chosen by (the version in force on the local date of the play)', () => {
  it('Star 2024 15.4.2(e): terms whose schedule ends at or before it starts are refused naming terms.schedule.endsAt', () => {
    const before = spec.given([]).when(publish('the-star-sydney', completeTerms({ schedule: { startsAt: T0, endsAt: at(-60) } }))).thenThrows('SCHEDULE_ENDS_BEFORE_START', 'Star 2024 15.4.2(e)');
    expect(before.field).toBe('terms.schedule.endsAt');
    spec.given([]).when(publish('the-star-sydney', completeTerms({ schedule: { startsAt: T0, endsAt: T0 } }))).thenThrows('SCHEDULE_ENDS_BEFORE_START', 'Star 2024 15.4.2(e)');
  });

  it('Crown Melbourne 14.4.1(a)(i): an amendment whose schedule ends before it starts is refused naming terms.schedule.endsAt', () => {
    spec.given(play([publish('crown-melbourne')])).when(amend(crownTerms({ schedule: { startsAt: T0, endsAt: at(-1) } }), at(-24 * 60))).thenThrows('SCHEDULE_ENDS_BEFORE_START', 'Crown Melbourne 14.4.1(a)(i)');
  });

  it('Star 2024 15.4.2(e): terms published for a schedule that has already ended are refused naming terms.schedule.endsAt', () => {
    const error = spec.given([]).when({ ...publish('the-star-sydney', completeTerms({ schedule: { startsAt: T0, endsAt: at(60) } })), now: at(60) }).thenThrows('SCHEDULE_ALREADY_ENDED', 'Star 2024 15.4.2(e)');
    expect(error.field).toBe('terms.schedule.endsAt');
  });

  it('Crown Melbourne 14.4.1(a)(i): an amendment to a schedule that has already ended is refused', () => {
    spec
      .given(play([publish('crown-melbourne')]))
      .when(amend(crownTerms({ schedule: { startsAt: at(-24 * 60 - 120), endsAt: at(-24 * 60 - 60) } }), at(-24 * 60)))
      .thenThrows('SCHEDULE_ALREADY_ENDED', 'Crown Melbourne 14.4.1(a)(i)');
  });

  it('Star 2024 15.4.2(e): terms published today for a start already past under Star 2021 (15 May 2024) are refused: play today would be under the version no longer in force', () => {
    const error = spec
      .given([])
      .when({ ...publish('the-star-sydney', completeTerms({ schedule: { startsAt: '2024-05-15T23:30:00+10:00', endsAt: '2027-05-16T23:30:00+10:00' } })), now: '2026-11-27T20:00:00.000Z' })
      .thenThrows('RULEBOOK_VERSION_SUPERSEDED');
    expect(error.field).toBe('terms.schedule.startsAt');
    expect(error.message).toMatch(/star-sydney-2021/);
  });

  it('Star 2024 15.4.2(e): terms published today for a start already past under the version still in force, ending later, are published under it', () => {
    spec
      .given([])
      .when({ ...publish('the-star-sydney', completeTerms({ schedule: { startsAt: '2026-11-26T10:00:00+11:00', endsAt: '2026-12-27T23:30:00+11:00' } })), now: '2026-11-27T20:00:00.000Z' })
      .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsPublished', rulebookId: 'star-sydney-2024' }));
  });
});

describe('Starting a session after the schedule has ended (Star 15.4.2(e), 15.5.3; Crown Melbourne 14.4.1(a)(i), 14.4.1(b))', () => {
  const ready = (operator: string, terms: TournamentTerms) => readyForFirstSession(6, operator, terms);
  const nineHours = completeTerms({ schedule: { startsAt: T0, endsAt: at(9 * 60) } });

  it('Star 2024 15.4.2(e); 15.5.3: given a schedule ending at 18:00, when a session is started at 18:00 or later, then it is refused 409 saying to amend the schedule with notice first', () => {
    spec.given(ready('the-star-sydney', nineHours)).when(startHeat(at(9 * 60))).thenThrows('SESSION_AFTER_SCHEDULED_END', 'Star 2024 15.4.2(e); Star 2024 15.5.3');
    const error = spec.given(ready('the-star-sydney', nineHours)).when(startHeat(at(9 * 60 + 1))).thenThrows('SESSION_AFTER_SCHEDULED_END');
    expect(error.message).toMatch(/amending the terms' schedule/);
    spec.given(ready('the-star-sydney', nineHours)).when(startHeat(at(9 * 60 - 1))).thenEvents((events) => expect(events.map((e) => e.type)).toContain('TournamentSessionStarted'));
  });

  it('Crown Melbourne 14.4.1(a)(i); 14.4.1(b): given a schedule ending at 18:00, when a session is started at 19:00, then it is refused 409', () => {
    spec.given(ready('crown-melbourne', nineHours)).when(startHeat(at(10 * 60))).thenThrows('SESSION_AFTER_SCHEDULED_END', 'Crown Melbourne 14.4.1(a)(i); Crown Melbourne 14.4.1(b)');
  });
});

describe('The entry fee once entries are taken (Star 15.4.2(a), 15.3.2; Crown Melbourne 14.4.1(a)(ii), 14.4.2(d); Rapid 12.2.1(a))', () => {
  const fee = completeTerms().entryFee as number;
  it('Star 2024 15.4.2(a), 15.3.2: given entries taken at the published fee, when the director amends the fee (before play), then it is refused naming terms.entryFee: the terms would state a fee nobody paid', () => {
    const entered = play([publish(), enter(1, { now: at(-24 * 60) })]);
    const error = spec.given(entered).when(amend(completeTerms({ entryFee: fee + 2_000 }), at(-23 * 60))).thenThrows('TERMS_LOCKED_ONCE_ENTERED', 'Star 2024 15.4.2(a); 15.3.2');
    expect(error.field).toBe('terms.entryFee');
  });

  it('Crown Melbourne 14.4.2(d): likewise at Crown; before any entry the fee may be amended', () => {
    const published = play([publish('crown-melbourne')]);
    spec.given(play([enter(1, { now: at(-24 * 60) })], published)).when(amend(crownTerms({ entryFee: fee + 2_000 }), at(-23 * 60))).thenThrows('TERMS_LOCKED_ONCE_ENTERED', 'Crown Melbourne 14.4.1(a)(ii); 14.4.2(d)');
    spec.given(published).when(amend(crownTerms({ entryFee: fee + 2_000 }), at(-23 * 60))).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentTermsAmended', changedItems: ['entryFee'] }));
  });
});
