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
