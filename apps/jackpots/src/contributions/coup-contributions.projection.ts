import { DomainError, jackpotStreamId, type TablesEnvelope } from '@app/contracts';
import { CommandContext, PostgresEventStore } from '@app/event-store';
import type { Projection } from '@app/messaging';
import type { PoolClient } from 'pg';
import type { JackpotCommand } from '../jackpot/jackpot.decider';
import { JACKPOT_STREAM_TYPE, jackpotCommandHandler, JackpotCommandHandler } from '../jackpot/jackpot.commands';

/**
 * Turns the tables service's integration events into jackpot commands (Crown Melbourne 13.4.1-13.4.2):
 * - CoupCompleted → RecordContribution on every jackpot it names (contribution + Lucky Tie detection);
 * - CoupVoided → ReverseContribution on the jackpots the table plays for: a voided coup is not a completed coup, so its
 *   contribution is taken back by a recorded reversal (or, if the void arrives first, never taken);
 *
 * Exactly once: each command's id is derived from the source event id and the jackpot (`coup:<eventId>:<jackpotId>`),
 * so a redelivery appends nothing even before the checkpoint moved; and the appends run inside the
 * messaging transaction that moves the consumer checkpoint, so a crash between them leaves neither.
 */
export class CoupContributionsProjection implements Projection {
  readonly name: string;
  private readonly handler: JackpotCommandHandler;

  /** `store` is the jackpots event store; commands run in the consumer's transaction, not on its pool. */
  constructor(
    private readonly store: PostgresEventStore,
    name?: string,
  ) {
    this.name = name ?? `${store.schema}.coup-contributions`;
    this.handler = jackpotCommandHandler(store);
  }

  readonly handles = (type: string): boolean => type === 'CoupCompleted' || type === 'CoupVoided';

  // No setup and no reset: the jackpots event store is migrated by the module before messaging starts, and
  // jackpot streams are the service's own facts, never dropped by a rebuild (replayed commands are recognised
  // by their ids and append nothing).

  readonly apply = async (event: TablesEnvelope, tx: PoolClient): Promise<void> => {
    const context = (jackpotId: string): CommandContext => ({
      commandId: `coup:${event.eventId}:${jackpotId}`,
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.eventId,
      now: new Date().toISOString(),
    });
    switch (event.type) {
      case 'CoupCompleted': {
        const d = event.data;
        for (const jackpotId of d.jackpotIds) {
          await this.run(tx, jackpotId, context(jackpotId), {
            type: 'RecordContribution',
            jackpotId,
            tableId: d.tableId,
            shoeId: d.shoeId,
            coupId: d.coupId,
            coupNumber: d.coupNumber,
            dummy: d.dummy,
            result: d.result,
            playerCards: d.playerCards,
            bankerCards: d.bankerCards,
            tieWagers: d.tieWagers,
            sourceEventId: event.eventId,
            completedAt: d.completedAt,
            now: context(jackpotId).now,
          });
        }
        return;
      }
      case 'CoupVoided': {
        const d = event.data;
        // A void names no jackpot: offer it to every jackpot; those the table does not play for ignore it.
        // Voids are rare and jackpots few, and this needs no table-to-jackpot map that could be out of date.
        const streamIds = await this.store.within(tx).streamIds(JACKPOT_STREAM_TYPE);
        for (const jackpotId of streamIds.map((id) => id.replace(/^jackpot-/, ''))) {
          await this.run(tx, jackpotId, context(jackpotId), {
            type: 'ReverseContribution',
            tableId: d.tableId,
            shoeId: d.shoeId,
            coupId: d.coupId,
            reason: `${d.reason} (${d.clause})`,
            sourceEventId: event.eventId,
            now: context(jackpotId).now,
          });
        }
        return;
      }
    }
  };

  /**
   * One command inside the consumer's transaction, through the jackpot's one command handler: it takes the
   * stream's lock first, so the state read under it cannot go stale before the append; the state is cached
   * between commands (the hot path of 13.4.2, a coup every few milliseconds on a linked jackpot); command ids
   * are recorded by the append. A domain refusal is decided before anything is written, so it leaves the
   * transaction usable; anything else fails the batch, which the messaging library retries.
   */
  private async run(tx: PoolClient, jackpotId: string, context: CommandContext, command: JackpotCommand): Promise<void> {
    try {
      await this.handler.handle(jackpotStreamId(jackpotId), command, context, { tx });
    } catch (err) {
      // A jackpot the coup names but that does not exist here (or a rule refusing it) is not a poison
      // message: the coup simply does not contribute to it.
      if (err instanceof DomainError) return;
      throw err;
    }
  }
}
