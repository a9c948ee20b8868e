import { tournamentStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import type { TournamentCommand } from './tournament-command.types';
import { tournamentDecider } from './tournament.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

export const TOURNAMENT_STREAM_TYPE = 'tournament';
/** Bump when TournamentState changes shape: old snapshots are then ignored and the stream is folded again. */
export const TOURNAMENT_STATE_VERSION = 'tournament-state-v7';
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

  constructor(readonly store: PostgresEventStore) {
    this.handler = tournamentCommandHandler(store, { lockStream: true });
  }

  handle(tournamentId: string, command: TournamentCommand, context: CommandContext): Promise<CommandOutcome<TournamentEvent, TournamentState>> {
    return this.handler.handle(tournamentStreamId(tournamentId), command, context);
  }

  load(tournamentId: string): Promise<{ state: TournamentState; version: number }> {
    return this.handler.load(tournamentStreamId(tournamentId));
  }
}
