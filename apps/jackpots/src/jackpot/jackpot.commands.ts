import { jackpotStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import type { Pool } from 'pg';
import { jackpotDecider, JackpotCommand } from './jackpot.decider';
import { JackpotEvent, JackpotState } from './jackpot.events';

export const JACKPOT_STREAM_TYPE = 'jackpot';
/** Bump when JackpotState changes shape: old snapshots are then ignored and the stream is folded again. */
export const JACKPOT_STATE_VERSION = 'jackpot-state-v4';
export const JACKPOT_SNAPSHOT_EVERY = 50;

export type JackpotCommandHandler = DeciderCommandHandler<JackpotCommand, JackpotEvent, JackpotState>;

/**
 * The one generic command handler over jackpot streams. Every command takes the jackpot stream's lock before
 * it reads (the lock the append takes anyway), in the caller's transaction or one of its own: a console
 * command never loses a version race against the contributions consumer, which appends to the same stream
 * hundreds of times a second (Crown Melbourne 13.4.2), and each stays idempotent by its command id. Snapshots
 * and the state cache (checked against the stream's head under the lock) keep loading cheap at 200 coups/s.
 */
export const jackpotCommandHandler = (store: PostgresEventStore, maxRetries?: number): JackpotCommandHandler =>
  new DeciderCommandHandler<JackpotCommand, JackpotEvent, JackpotState>(store, {
    streamType: JACKPOT_STREAM_TYPE,
    decider: jackpotDecider,
    // The version the jackpot was created under (JackpotCreated names it), so the envelope never guesses it.
    rulebookVersion: (state, _command, events) => state.rulebookId || events.find((e) => e.type === 'JackpotCreated')?.rulebookId || null,
    snapshot: { every: JACKPOT_SNAPSHOT_EVERY, stateVersion: JACKPOT_STATE_VERSION },
    maxRetries,
    lockStream: true,
    cacheState: true,
  });

/** Runs jackpot commands by jackpot id (HTTP edge and tests). */
export class JackpotCommands {
  private readonly handler: JackpotCommandHandler;

  /** `_pool` is the store's own pool (kept for callers written before the store could open transactions). */
  constructor(
    readonly store: PostgresEventStore,
    _pool?: Pool,
  ) {
    this.handler = jackpotCommandHandler(store);
  }

  handle(jackpotId: string, command: JackpotCommand, context: CommandContext): Promise<CommandOutcome<JackpotEvent, JackpotState>> {
    return this.handler.handle(jackpotStreamId(jackpotId), command, context);
  }

  load(jackpotId: string): Promise<{ state: JackpotState; version: number }> {
    return this.handler.load(jackpotStreamId(jackpotId));
  }
}
