import type { TournamentTerms } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { DIRECTOR, T0, completeTerms, play, readyForFirstSession, stateOf, scheduleFrom } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent } from './tournament.events';

const spec = deciderSpec(tournamentDecider);
const BUY_IN = { buyInCents: 2_500, reBuyCents: null, addOnCents: null };
/** Everything up to the first session's start: entries closed, tables designated and open, players briefed. */
const beforeStart = (operator: string, terms: TournamentTerms) => readyForFirstSession(6, operator, terms);
const start = (sessionId: string, entries: readonly number[], buyInNotProvided?: readonly string[]): TournamentCommand => ({
  type: 'StartSession',
  actor: DIRECTOR,
  now: T0,
  sessionId,
  kind: 'heat',
  seating: entries.map((n) => ({ entryId: `e${n}`, tableId: 'T1', box: n })),
  ...(buyInNotProvided ? { buyInNotProvided } : {}),
});

describe.each([
  ['Star 2021', '2023-06-01T09:00:00.000Z'],
  ['Star 2024', '2026-03-01T09:00:00.000Z'],
])('%s session buy-ins', (citation, startsAt) => {
  const terms = (extra: Partial<TournamentTerms> = {}) => completeTerms({ schedule: scheduleFrom(startsAt), buyIns: BUY_IN, ...extra });

  it(`gives every player who provides the buy-in the same chips, and the buy-ins go into the pool with the fees (${citation} 15.6.2; 15.3.2)`, () => {
    const given = beforeStart('the-star-sydney', terms());
    const poolBefore = stateOf(given).prizePoolCents;
    spec
      .given(given)
      .when(start('h1', [1, 2, 3, 4, 5, 6]))
      .thenEvents((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'TournamentSessionStarted', issuedChips: 6_000, buyInCents: 2_500, prizePoolAfterCents: poolBefore + 6 * 2_500 });
        expect((events[0] as { clause: string }).clause).toContain(`${citation} 15.6.2`);
      });
  });

  it(`eliminates a player who cannot provide the buy-in before the session, entry fee not refunded (${citation} 15.6.3)`, () => {
    const given = beforeStart('the-star-sydney', terms());
    const poolBefore = stateOf(given).prizePoolCents;
    const events = spec.given(given).when(start('h1', [1, 2, 3, 4, 5, 6], ['e4'])).thenEvents((out) => {
      expect(out[0]).toEqual({ type: 'TournamentBuyInNotProvided', tournamentId: 'cup', sessionId: 'h1', entryIds: ['e4'], refundCents: 0, eliminatedAt: T0, clause: `${citation} 15.6.3` });
      const started = out[1] as Extract<TournamentEvent, { type: 'TournamentSessionStarted' }>;
      expect(started.seating.map((x) => x.entryId)).toEqual(['e1', 'e2', 'e3', 'e5', 'e6']);
      expect(started).toMatchObject({ issuedChips: 5_000, prizePoolAfterCents: poolBefore + 5 * 2_500 });
    });
    const after = stateOf([...given, ...events]);
    expect(after.entries.e4.status).toBe('eliminated');
    // The entry fee stays in the pool: nothing refunded.
    expect(after.prizePoolCents).toBe(poolBefore + 5 * 2_500);
  });

  it(`keeps a player eliminated for want of a buy-in out of later sessions and chip purchases (${citation} 15.6.3)`, () => {
    const heat1 = play([start('h1', [1, 2, 3, 4, 5, 6], ['e4']), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' }], beforeStart('the-star-sydney', terms({ buyBack: 'One buy-back per heat.', buyIns: { ...BUY_IN, reBuyCents: 5_000 } })));
    spec.given(heat1).when(start('h2', [4])).thenThrows('PLAYER_NOT_ELIGIBLE_FOR_SESSION');
  });

  it(`refuses to list a player who is not seated, or the same player twice, and changes nothing (${citation} 15.6.2)`, () => {
    const given = beforeStart('the-star-sydney', terms());
    const outsider = spec.given(given).when(start('h1', [1, 2, 3], ['e6'])).thenThrows('BUY_IN_PLAYER_NOT_SEATED', `${citation} 15.6.2`);
    expect(outsider.field).toBe('buyInNotProvided');
    spec.given(given).when(start('h1', [1, 2, 3], ['e1', 'e1'])).thenThrows('BUY_IN_LISTED_TWICE', `${citation} 15.6.2`);
  });

  it(`refuses a session in which no seated player provided the buy-in (${citation} 15.6.2)`, () => {
    spec.given(beforeStart('the-star-sydney', terms())).when(start('h1', [1, 2], ['e1', 'e2'])).thenThrows('NO_PLAYER_PAID_BUY_IN', `${citation} 15.6.2`);
  });

  it(`refuses an unpaid buy-in when the terms set none (${citation} 15.4.2(b))`, () => {
    spec.given(beforeStart('the-star-sydney', terms({ buyIns: null }))).when(start('h1', [1, 2, 3], ['e1'])).thenThrows('NO_BUY_IN', `${citation} 15.4.2(b)`);
  });
});

describe('Crown Melbourne session buy-ins', () => {
  it('seats only players who paid: the rules say nothing of an unpaid buy-in, so the director may not eliminate for it (Crown Melbourne 14.4.1(a)(ii))', () => {
    const given = beforeStart('crown-melbourne', completeTerms({ buyIns: BUY_IN }));
    spec.given(given).when(start('h1', [1, 2, 3, 4, 5, 6], ['e2'])).thenThrows('BUY_IN_NOT_PROVIDED', 'Crown Melbourne 14.4.1(a)(ii)');
    spec.given(given).when(start('h1', [1, 3, 4, 5, 6])).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'TournamentSessionStarted', issuedChips: 5_000, buyInCents: 2_500 }));
  });
});
