import { jackpotStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import { jackpotDecider, JackpotCommand, RULEBOOK_ID } from './jackpot.decider';
import { JackpotEvent, JackpotState } from './jackpot.events';

export const JACKPOT_STREAM_TYPE = 'jackpot';
/** Bump when JackpotState changes shape: old snapshots are then ignored and the stream is folded again. */
export const JACKPOT_STATE_VERSION = 'jackpot-state-v1';
export const JACKPOT_SNAPSHOT_EVERY = 50;

/** The one generic command handler over jackpot streams (snapshots keep loading cheap at 200 coups/s). */
export const jackpotCommandHandler = (store: PostgresEventStore, maxRetries?: number) =>
  new DeciderCommandHandler<JackpotCommand, JackpotEvent, JackpotState>(store, {
    streamType: JACKPOT_STREAM_TYPE,
    decider: jackpotDecider,
    rulebookVersion: () => RULEBOOK_ID,
    snapshot: { every: JACKPOT_SNAPSHOT_EVERY, stateVersion: JACKPOT_STATE_VERSION },
    maxRetries,
  });

/** Runs jackpot commands against the jackpots event store (HTTP edge and tests). */
export class JackpotCommands {
  private readonly handler: DeciderCommandHandler<JackpotCommand, JackpotEvent, JackpotState>;

  constructor(readonly store: PostgresEventStore) {
    this.handler = jackpotCommandHandler(store);
  }

  handle(jackpotId: string, command: JackpotCommand, context: CommandContext): Promise<CommandOutcome<JackpotEvent, JackpotState>> {
    return this.handler.handle(jackpotStreamId(jackpotId), command, context);
  }

  load(jackpotId: string): Promise<{ state: JackpotState; version: number }> {
    return this.handler.load(jackpotStreamId(jackpotId));
  }
}
