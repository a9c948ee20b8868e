import { tournamentStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, ConcurrencyError, DeciderCommandHandler, PostgresEventStore, type StreamAppend } from '@app/event-store';
import type { TournamentCommand } from './tournament-command.types';
import { requireTournament } from './tournament-rules.decider';
import { tableHoldsOf, TOURNAMENT_TABLE_STREAM_TYPE, tournamentTableDecider, tournamentTableStreamId, type TournamentTableCommand, type TournamentTableEvent, type TournamentTableState } from './tournament-table-hold.decider';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

export const TOURNAMENT_STREAM_TYPE = 'tournament';
/** The commands whose events start or end a session (or the tournament during one): they take or release tables. */
const HOLDS_TABLES = new Set<TournamentCommand['type']>(['StartSession', 'EndSession', 'CancelTournament']);
/** Bump when TournamentState changes shape: old snapshots are then ignored and the stream is folded again. */
export const TOURNAMENT_STATE_VERSION = 'tournament-state-v12';
export const TOURNAMENT_SNAPSHOT_EVERY = 50;

/**
 * The rulebook version of what a command decided: the tournament's, or the one its publication or an amendment
 * moving it to another version (postponed across an effective date) puts it under.
 */
export const tournamentRulebookVersion = (state: TournamentState, events: readonly TournamentEvent[]): string | null => {
  let id: string | null = state.rulebookId || null;
  for (const e of events) {
    if (e.type === 'TournamentTermsPublished') id = e.rulebookId;
    else if (e.type === 'TournamentTermsAmended' && e.rulebookId) id = e.rulebookId;
  }
  return id;
};

/** The one generic command handler over tournament streams; the rulebook version is the tournament's. */
export const tournamentCommandHandler = (store: PostgresEventStore, options: { readonly lockStream?: boolean; readonly cacheState?: boolean } = {}) =>
  new DeciderCommandHandler<TournamentCommand, TournamentEvent, TournamentState>(store, {
    streamType: TOURNAMENT_STREAM_TYPE,
    decider: tournamentDecider,
    rulebookVersion: (state, _command, events) => tournamentRulebookVersion(state, events),
    snapshot: { every: TOURNAMENT_SNAPSHOT_EVERY, stateVersion: TOURNAMENT_STATE_VERSION },
    lockStream: options.lockStream,
    cacheState: options.cacheState,
  });

/**
 * The HTTP edge's commands, each in one transaction under the tournament stream's lock (the handler's
 * `lockStream`): the table-play consumer appends to the same stream under the same lock, so neither loses a
 * version race to the other. Idempotent by the command id either way.
 */
export class TournamentCommands {
  private readonly handler: DeciderCommandHandler<TournamentCommand, TournamentEvent, TournamentState>;
  private readonly tables: DeciderCommandHandler<TournamentTableCommand, TournamentTableEvent, TournamentTableState>;

  constructor(readonly store: PostgresEventStore) {
    this.handler = tournamentCommandHandler(store, { lockStream: true });
    this.tables = new DeciderCommandHandler(store, { streamType: TOURNAMENT_TABLE_STREAM_TYPE, decider: tournamentTableDecider });
  }

  handle(tournamentId: string, command: TournamentCommand, context: CommandContext): Promise<CommandOutcome<TournamentEvent, TournamentState>> {
    if (!HOLDS_TABLES.has(command.type)) return this.handler.handle(tournamentStreamId(tournamentId), command, context);
    return this.handleHoldingTables(tournamentStreamId(tournamentId), command, context);
  }

  /**
   * A session's start takes each table it seats, and its end (or the tournament's cancellation during it) releases
   * them, in one transaction with the tournament's own events: each table's hold is appended with its expected
   * version, so of two tournaments starting sessions at one table at the same moment one commits and the other, read
   * again, is refused (Crown Melbourne 14.2.5; Rapid 12.3.2; Star 15.5.2). Never a read of another tournament.
   */
  private async handleHoldingTables(streamId: string, command: TournamentCommand, context: CommandContext): Promise<CommandOutcome<TournamentEvent, TournamentState>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const finishes = await this.store.transaction(async (store, tx) => {
          const head = await store.lockStream(streamId);
          const before = await this.handler.load(streamId, { tx, head });
          const decided = await this.handler.prepare(streamId, command, context, { tx, head });
          const holds = decided.append ? tableHoldsOf(before.state, decided.events, requireTournament(decided.state).t.exclusiveTables.clause, context.now) : [];
          const tables = [];
          for (const hold of holds) tables.push(await this.tables.prepare(tournamentTableStreamId(hold.tableId), hold, { ...context, commandId: `${context.commandId}:${hold.type}:${hold.tableId}` }, { tx }));
          const prepared = [decided, ...tables];
          const appends = prepared.flatMap((p) => (p.append ? [p.append] : [])) as StreamAppend[];
          const results = await store.appendMany(appends);
          return { decided, results: prepared.map((p) => (p.append ? results[appends.indexOf(p.append)] : undefined)) };
        });
        return await finishes.decided.finish(finishes.results[0]);
      } catch (err) {
        // Another tournament took or released a table in the meantime: read again and decide again.
        if (err instanceof ConcurrencyError && attempt < 5) continue;
        throw err;
      }
    }
  }

  load(tournamentId: string): Promise<{ state: TournamentState; version: number }> {
    return this.handler.load(tournamentStreamId(tournamentId));
  }
}
