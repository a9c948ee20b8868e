import { integrationEventOf } from '@app/testing';
import type { IntegrationEvent } from '@app/contracts';
import { reactToTournamentSession, type TournamentSessionsState } from '../../apps/tables/src/tournament-sessions/tournament-sessions.reactor';
import { DEALER, T0, openStar, readyShoe } from '../../apps/tables/src/table/table-fixtures';
import { tableDecider, type TableCommand } from '../../apps/tables/src/table/table.decider';
import type { TableEvent, TableState } from '../../apps/tables/src/table/table.events';
import { TABLES_REACTOR_EVENTS, expectationsFrom } from './invariants';

const director = { id: 'td-1', role: 'tournament-director' };
const fold = (events: readonly TableEvent[], from: TableState = tableDecider.initialState()) => events.reduce(tableDecider.evolve, from);

/** Runs the tables' tournament-sessions reaction to `event` on the table and returns the events the table records. */
const recorded = (event: IntegrationEvent, table: TableState, lookup: TournamentSessionsState = { tableIds: ['T1'] }): TableEvent[] =>
  reactToTournamentSession(event, lookup).flatMap((r) => tableDecider.decide(r.command as TableCommand, table));

describe("the soak's invariants know the events the tables service records from the tournaments service's events", () => {
  // A Star tournament table with a session seating box 1, a coup open and a wager at box 1.
  const setUp = (): { events: TableEvent[]; state: TableState } => {
    const events: TableEvent[] = [];
    let state = tableDecider.initialState();
    const run = (c: TableCommand) => {
      const out = tableDecider.decide(c, state);
      events.push(...out);
      state = fold(out, state);
    };
    run(openStar({ tournamentId: 'star-cup' }));
    for (const e of recorded(integrationEventOf('TournamentSessionStarted', { tournamentId: 'star-cup', sessionId: 'h1', seating: [{ entryId: 'e1', patronId: 'p-e1', tableId: 'T1', box: 1, chips: 1000 }], minimumWager: 2500, maximumWager: 50000 }, { occurredAt: T0, actor: director }), state)) {
      events.push(e);
      state = fold([e], state);
    }
    run({ type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 's-1', patronId: 'p-e1' });
    for (const c of readyShoe()) run(c);
    run({ type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' });
    run({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }] });
    return { events, state };
  };

  it('a session seated and cleared at the table (Star 2024 15.5.2)', () => {
    const { events, state } = setUp();
    const ended = recorded(integrationEventOf('TournamentSessionEnded', { tournamentId: 'star-cup', sessionId: 'h1' }, { occurredAt: T0, actor: director }), state);
    const types = [...events.filter((e) => e.type === 'TournamentSessionSeated'), ...ended].map((e) => e.type);
    expect(types).toEqual(['TournamentSessionSeated', 'TournamentSessionCleared']);
    for (const type of types) expect(TABLES_REACTOR_EVENTS).toContain(type);
  });

  it("a substitute the Tournament Director approved taking the entry's position (Rapid 12.3.3; Crown Melbourne 14.4.8(a)(iii))", () => {
    const { state } = setUp();
    const out = recorded(integrationEventOf('TournamentEntrySubstituted', { tournamentId: 'star-cup', entryId: 'e1', previousPatronId: 'p-e1', patronId: 'p-sub', substitutedAt: T0, clause: 'Star 2024 15.4.2' }, { occurredAt: T0, actor: director }), state);
    expect(out.map((e) => e.type)).toEqual(['TournamentSeatSubstituted']);
    for (const e of out) expect(TABLES_REACTOR_EVENTS).toContain(e.type);
  });

  it('a wager handed back because it was placed out of the order of wagering (Star 2024 15.9.4)', () => {
    const { state } = setUp();
    const out = recorded(integrationEventOf('WagerOutOfSequence', { tournamentId: 'star-cup', sessionId: 'h1', tableId: 'T1', coupId: 'c1', box: 1, wagerId: 'w1', clause: 'Star 2024 15.9.4' }, { occurredAt: T0, actor: director }), state);
    expect(out.map((e) => e.type)).toEqual(['WagerVoided', 'WagersSettled']);
    for (const e of out) expect(TABLES_REACTOR_EVENTS).toContain(e.type);
  });

  it("the tournament's amended minimum and maximum wager taken for the session (Crown Melbourne 14.4.4(b); 14.4.8(c), (g))", () => {
    const { state } = setUp();
    const amended = integrationEventOf('TournamentTermsAmended', { tournamentId: 'star-cup', previous: { wagerLimits: { minimum: 2500, maximum: 50000 } }, next: { wagerLimits: { minimum: 5000, maximum: 60000 } } }, { occurredAt: T0, actor: director });
    const out = recorded(amended, state);
    expect(out.map((e) => e.type)).toEqual(['TournamentSessionLimitsChanged']);
    for (const e of out) expect(TABLES_REACTOR_EVENTS).toContain(e.type);
  });
});

describe("the soak's expected statistics follow each table's rulebook", () => {
  const acked = (streamId: string, events: Record<string, unknown>[]) => ({ service: 'tables', path: '/tables', key: 'k', streamId, version: 1, eventTypes: events.map((e) => String(e.type)), events, attempts: 1, ackedAt: 0 });
  const bankerWin = { type: 'WagersSettled', settlements: [{ bet: 'banker', outcome: 'win', amountCents: 10_000, returnedCents: 10_000, winCents: 10_000, commissionImmediateCents: 500, commissionDeferredCents: 0 }] };

  it('Star 2024 11.1.3: a Banker win at a Star table is paid at 19 to 20, no commission; Crown Melbourne 9.1 Table 3: 1 to 1 less 5% commission', () => {
    const expected = expectationsFrom([
      acked('S1', [{ type: 'TableOpened', rulebookId: 'star-sydney-2024' }, bankerWin]),
      acked('M1', [{ type: 'TableOpened', rulebookId: 'crown-melbourne-v29' }, bankerWin]),
    ]);
    expect(expected.get('S1')).toMatchObject({ paidCents: 9_500, commissionCents: 0, houseWinCents: -9_500 });
    expect(expected.get('M1')).toMatchObject({ paidCents: 10_000, commissionCents: 500, houseWinCents: -9_500 });
  });
});
