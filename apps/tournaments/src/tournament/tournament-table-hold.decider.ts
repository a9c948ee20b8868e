/**
 * Which tournament session holds a table (Crown Melbourne 14.2.5; Rapid 12.3.2; Star 15.5.2: during a session a
 * designated table is used exclusively for that tournament's play). One stream per table in the tournaments store,
 * appended in the same transaction as the session's start or end on the tournament's stream, with the expected
 * version: two tournaments starting sessions at one table at the same moment cannot both take it. Internal. Pure.
 */
import { conflict } from '@app/contracts';
import type { Decider } from '@app/event-store';

export const TOURNAMENT_TABLE_STREAM_TYPE = 'tournament-table';
export const tournamentTableStreamId = (tableId: string): string => `tournament-table-${tableId}`;

export interface TournamentTableTaken {
  readonly type: 'TournamentTableTaken';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly takenAt: string;
  readonly clause: string;
}

export interface TournamentTableReleased {
  readonly type: 'TournamentTableReleased';
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly releasedAt: string;
}

export type TournamentTableEvent = TournamentTableTaken | TournamentTableReleased;

export interface TournamentTableState {
  readonly heldBy: { readonly tournamentId: string; readonly sessionId: string } | null;
}

interface Base {
  readonly tableId: string;
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly now: string;
}
/** A session of the tournament starts at the table; `clause` is the rulebook's exclusive-use clause. */
export interface TakeTournamentTable extends Base {
  readonly type: 'TakeTournamentTable';
  readonly clause: string;
}
/** The session ended (or the tournament was cancelled during it): the table is free for another tournament. */
export interface ReleaseTournamentTable extends Base {
  readonly type: 'ReleaseTournamentTable';
}
export type TournamentTableCommand = TakeTournamentTable | ReleaseTournamentTable;

const decide = (c: TournamentTableCommand, s: TournamentTableState): TournamentTableEvent[] => {
  switch (c.type) {
    case 'TakeTournamentTable': {
      const held = s.heldBy;
      if (held && held.tournamentId !== c.tournamentId) {
        throw conflict(
          'TABLE_IN_ANOTHER_TOURNAMENT_SESSION',
          `Table ${c.tableId} is used for session ${held.sessionId} of tournament ${held.tournamentId} until it ends (${c.clause}): seat session ${c.sessionId} of ${c.tournamentId} at another table, or after that one ends.`,
          c.clause,
        );
      }
      if (held?.sessionId === c.sessionId) return [];
      return [{ type: 'TournamentTableTaken', tableId: c.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, takenAt: c.now, clause: c.clause }];
    }
    case 'ReleaseTournamentTable':
      if (s.heldBy?.tournamentId !== c.tournamentId || s.heldBy.sessionId !== c.sessionId) return [];
      return [{ type: 'TournamentTableReleased', tableId: c.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, releasedAt: c.now }];
    default: {
      const never: never = c;
      return never;
    }
  }
};

const evolve = (s: TournamentTableState, e: TournamentTableEvent): TournamentTableState => {
  switch (e.type) {
    case 'TournamentTableTaken':
      return { heldBy: { tournamentId: e.tournamentId, sessionId: e.sessionId } };
    case 'TournamentTableReleased':
      return s.heldBy?.tournamentId === e.tournamentId && s.heldBy.sessionId === e.sessionId ? { heldBy: null } : s;
    default: {
      const never: never = e;
      return never;
    }
  }
};

export const tournamentTableDecider: Decider<TournamentTableCommand, TournamentTableEvent, TournamentTableState> = { decide, evolve, initialState: () => ({ heldBy: null }) };

/**
 * What a tournament command's events ask of the tables' holds: a session started takes each table it seats; one
 * ended, or the tournament cancelled during it, releases them. `before` is the tournament as the command found it.
 */
export const tableHoldsOf = (
  before: { readonly currentSessionId: string | null; readonly sessions: Readonly<Record<string, { readonly tables: readonly string[]; readonly ended: unknown }>> },
  events: readonly { readonly type: string }[],
  exclusiveClause: string,
  now: string,
): TournamentTableCommand[] => {
  const holds: TournamentTableCommand[] = [];
  const release = (tournamentId: string, sessionId: string, tableIds: readonly string[]) => {
    for (const tableId of [...new Set(tableIds)].sort()) holds.push({ type: 'ReleaseTournamentTable', tableId, tournamentId, sessionId, now });
  };
  for (const e of events) {
    if (e.type === 'TournamentSessionStarted') {
      const started = e as unknown as { tournamentId: string; sessionId: string; seating: readonly { tableId: string }[] };
      for (const tableId of [...new Set(started.seating.map((x) => x.tableId))].sort()) holds.push({ type: 'TakeTournamentTable', tableId, tournamentId: started.tournamentId, sessionId: started.sessionId, now, clause: exclusiveClause });
    } else if (e.type === 'TournamentSessionEnded') {
      const ended = e as unknown as { tournamentId: string; sessionId: string };
      release(ended.tournamentId, ended.sessionId, before.sessions[ended.sessionId]?.tables ?? []);
    } else if (e.type === 'TournamentCancelled') {
      const current = before.currentSessionId ? before.sessions[before.currentSessionId] : undefined;
      if (current && !current.ended) release((e as unknown as { tournamentId: string }).tournamentId, before.currentSessionId!, current.tables);
    }
  }
  return holds;
};
