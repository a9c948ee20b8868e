import { tournamentStreamId } from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';
import type { Reaction } from '@app/messaging';
import type { TournamentCommand } from '../tournament/tournament-command.types';
import { tournamentCommandHandler } from '../tournament/tournament.commands';

/** A command to a tournament's stream. */
export const tournamentReaction = (tournamentId: string, command: TournamentCommand): Reaction<TournamentCommand> => ({ streamId: tournamentStreamId(tournamentId), command });

/** The tournament id of a tournament stream id (the target's part of a reaction's command id). */
export const tournamentIdOf = (streamId: string): string => streamId.replace(/^tournament-/, '');

/**
 * The one command handler over tournament streams for the play reactors, keeping each tournament's state in this
 * process: believed only at the stream's head read under its lock (anything else appended, or a rolled-back batch,
 * shows as a different head and the state is loaded again). Every coup of every table lands on the one tournament
 * stream, so not folding it again for each batch keeps the standings within a few hundred ms of the coup.
 */
export const tournamentReactionHandler = (store: PostgresEventStore) => tournamentCommandHandler(store, { cacheState: true });
