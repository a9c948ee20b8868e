/**
 * Rapid Baccarat tables in a tournament (Rapid 12.3.1-12.3.2). The tournaments service learns them from the rapid
 * service's published `RapidTableOpened` (the edge adds what it learnt to the command); it never asks the rapid
 * service. A Rapid table is not opened in tournament mode as a live table is: the rapid service keeps it for the
 * tournament only while a session plays there (12.3.2), so a designated Rapid table is ready for sessions.
 */
import { ruleViolation } from '@app/contracts';
import type { TournamentRules } from '@app/baccarat';
import type { KnownRapidTable } from './tournament-command.types';
import type { TournamentEvent, TournamentState } from './tournament.events';

/**
 * The `TournamentTableReady` of each designated Rapid table among `tableIds` not yet ready. A table plays the rules
 * it was opened under: a tournament under other rules cannot play there (the designation clause is cited).
 */
export const rapidTablesReady = (s: TournamentState, t: TournamentRules, designated: readonly string[], tableIds: readonly string[], known: readonly KnownRapidTable[] = []): TournamentEvent[] => {
  const events: TournamentEvent[] = [];
  for (const table of known) {
    if (!tableIds.includes(table.tableId) || !designated.includes(table.tableId) || s.tables[table.tableId]) continue;
    if (table.rulebookId !== s.rulebookId) {
      throw ruleViolation(
        'TABLE_NOT_UNDER_TOURNAMENT_RULES',
        `Rapid table ${table.tableId} plays ${table.rulebookId}; tournament ${s.tournamentId} is under ${s.rulebookId}: designate a table that plays the tournament's rules (${t.designation.clause}).`,
        t.designation.clause,
        'tableIds',
      );
    }
    events.push({ type: 'TournamentTableReady', tournamentId: s.tournamentId, tableId: table.tableId, variant: table.variant, offeredBets: table.offeredBets, ...(table.boxes ? { boxes: table.boxes } : {}), clause: `${t.designation.clause}; ${t.exclusiveTables.clause}` });
  }
  return events;
};
