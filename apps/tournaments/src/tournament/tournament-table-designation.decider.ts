/**
 * A designated table is used for that tournament alone (Star 15.5.1-15.5.2; Crown Melbourne 14.2.4-14.2.5; Rapid
 * 12.3.1-12.3.2). The tournaments service learns which tournament a table is in tournament mode for from the tables
 * service's published TableOpened (the edge adds it to the designation); it never asks the tables service.
 */
import { DomainError } from '@app/contracts';
import type { DesignateTables } from './tournament-command.types';
import { requireTournament } from './tournament-rules.decider';
import type { TournamentState } from './tournament.events';

const FINISHED = new Set(['completed', 'cancelled']);

/**
 * Refuses to designate a table the tables service has open in tournament mode for another tournament not yet finished:
 * it is that tournament's table, and no session of this one could be played there.
 */
export const requireTablesFree = (c: DesignateTables, s: TournamentState): void => {
  const { t } = requireTournament(s);
  const clause = `${t.designation.clause}; ${t.exclusiveTables.clause}`;
  for (const held of c.tablesInTournamentMode ?? []) {
    if (!c.tableIds.includes(held.tableId) || held.tournamentId === s.tournamentId || FINISHED.has(held.status)) continue;
    throw new DomainError(
      'conflict',
      'TABLE_IN_ANOTHER_TOURNAMENT',
      `Table ${held.tableId} is open in tournament mode for tournament ${held.tournamentId}, which is ${held.status}, and is used for that tournament alone (${clause}): designate another table, or this one once it has been closed and tournament ${held.tournamentId} no longer uses it.`,
      clause,
      'tableIds',
    );
  }
};
