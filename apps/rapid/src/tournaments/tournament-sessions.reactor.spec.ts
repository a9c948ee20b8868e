import { integrationEventOf, reactorSpec } from '@app/testing';
import { rapidTableDecider, type RapidTableCommand } from '../table/rapid-table.decider';
import type { RapidTableState } from '../table/rapid-table.events';
import { at, openTable } from '../test-support/rapid-fixtures';
import { reactToTournamentSession, type TournamentSessionsState } from './tournament-sessions.reactor';

/** Rapid's reaction to the tournaments service's published events (Rapid 12.2.1(b), 12.3.2). */
const reactor = { react: reactToTournamentSession, handles: () => true };
const DIRECTOR = { id: 'td-1', role: 'tournament-director' };
const tableState = (commands: RapidTableCommand[]): RapidTableState =>
  commands.reduce((state, c) => rapidTableDecider.decide(c, state).reduce(rapidTableDecider.evolve, state), rapidTableDecider.initialState());
const inSession = (tableId: string, tournamentId: string): RapidTableState =>
  tableState([
    openTable(tableId),
    {
      type: 'StartTournamentSession',
      tournamentId,
      sessionId: 'S1',
      seats: [
        { box: 1, entryId: 'E1', creditCents: 1_000, accountId: `${tournamentId}.E1` },
        { box: 2, entryId: 'E2', creditCents: 1_000, accountId: `${tournamentId}.E2` },
      ],
      actor: DIRECTOR,
      now: at(1),
    },
  ]);

describe('Rapid 12.3.2, 12.2.1(b): a cancelled tournament plays no more at Rapid tables', () => {
  it("Rapid 12.2.1(b): disposes of every tournament account of the cancelled tournament's session as at a session's end, naming the cancellation, and ends the session at the table; another tournament's table is left alone", () => {
    const cancelled = integrationEventOf('TournamentCancelled', { tournamentId: 'TR1', reason: 'too few entries', refunds: [], cancelledAt: at(100), clause: 'Rapid 12.2.1(h)' }, { occurredAt: at(100), actor: DIRECTOR });
    const given: TournamentSessionsState = { designation: null, tables: { RT1: inSession('RT1', 'TR1'), RT2: inSession('RT2', 'TR2') } };
    const cancellation = { reason: 'too few entries', cancelledAt: at(100), clause: 'Rapid 12.2.1(h)' };
    reactorSpec(reactor)
      .given(given)
      .when(cancelled)
      .then([
        { streamId: 'rapid-account-TR1.E1', command: { type: 'DisposeTournamentBalance', actor: DIRECTOR, now: at(100), tournamentId: 'TR1', sessionId: 'S1', cancelled: cancellation } },
        { streamId: 'rapid-account-TR1.E2', command: { type: 'DisposeTournamentBalance', actor: DIRECTOR, now: at(100), tournamentId: 'TR1', sessionId: 'S1', cancelled: cancellation } },
        { streamId: 'rapid-table-RT1', command: { type: 'EndTournamentSession', actor: DIRECTOR, now: at(100), tournamentId: 'TR1', sessionId: 'S1' } },
      ]);
  });
});

describe('Rapid 12.2.1(c): the compulsory wager the conditions state reaches each tournament account', () => {
  const started = (compulsoryWager?: unknown) =>
    integrationEventOf(
      'TournamentSessionStarted',
      {
        tournamentId: 'TR1', sessionId: 'S1', kind: 'heat', playOff: null, passCards: 0, undisclosedWagers: 0, minimumWager: 10, maximumWager: 500, issuedChips: 2_000, startedAt: at(1), clause: 'Rapid 12.2.1(b)',
        seating: [{ entryId: 'E1', patronId: 'P1', tableId: 'RT1', box: 1, chips: 1_000 }],
        ...(compulsoryWager ? { compulsoryWager } : {}),
      },
      { occurredAt: at(1), actor: DIRECTOR },
    );
  const opened = (event: ReturnType<typeof started>) => {
    const state: TournamentSessionsState = { designation: { rulebook_id: 'crown-melbourne-rapid', table_ids: ['RT1'] }, tables: { RT1: tableState([openTable('RT1')]) } };
    const [table] = reactToTournamentSession(event, state);
    const seated = rapidTableDecider.decide(table.command as RapidTableCommand, state.tables.RT1);
    return table.then!(seated, seated.reduce(rapidTableDecider.evolve, state.tables.RT1)).map((r) => r.command);
  };

  it('Rapid 12.2.1(c): a session whose conditions deduct the minimum opens each account with the consequence and its clause', () => {
    const compulsoryWager = { consequence: 'minimum-deducted', clause: 'Rapid 12.2.1(c)' };
    expect(opened(started(compulsoryWager))).toMatchObject([{ type: 'OpenTournamentAccount', entryId: 'E1', wagerLimits: { minCents: 10, maxCents: 500 }, compulsoryWager }]);
    expect(opened(started())[0]).not.toHaveProperty('compulsoryWager');
  });
});
