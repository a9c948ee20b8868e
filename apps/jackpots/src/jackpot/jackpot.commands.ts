import { jackpotStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import type { Pool } from 'pg';
import { jackpotDecider, JackpotCommand, RULEBOOK_ID } from './jackpot.decider';
import { JackpotEvent, JackpotState } from './jackpot.events';

export const JACKPOT_STREAM_TYPE = 'jackpot';
/** Bump when JackpotState changes shape: old snapshots are then ignored and the stream is folded again. */
export const JACKPOT_STATE_VERSION = 'jackpot-state-v3';
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

/**
 * Runs jackpot commands against the jackpots event store (HTTP edge and tests). Each command takes the
 * jackpot stream's lock before it reads (the lock the append takes anyway), inside one transaction: a
 * console command never loses a version race against the contributions consumer, which appends to the same
 * stream hundreds of times a second, and is still idempotent by its command id.
 */
export class JackpotCommands {
  private readonly handler: DeciderCommandHandler<JackpotCommand, JackpotEvent, JackpotState>;

  constructor(
    readonly store: PostgresEventStore,
    private readonly pool?: Pool,
  ) {
    this.handler = jackpotCommandHandler(store);
  }

  async handle(jackpotId: string, command: JackpotCommand, context: CommandContext): Promise<CommandOutcome<JackpotEvent, JackpotState>> {
    const streamId = jackpotStreamId(jackpotId);
    if (!this.pool) return this.handler.handle(streamId, command, context);
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [streamId]);
      const outcome = await jackpotCommandHandler(new PostgresEventStore(client as unknown as Pool, this.store.schema), 0).handle(streamId, command, context);
      await client.query('COMMIT');
      return outcome;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  load(jackpotId: string): Promise<{ state: JackpotState; version: number }> {
    return this.handler.load(jackpotStreamId(jackpotId));
  }
}
