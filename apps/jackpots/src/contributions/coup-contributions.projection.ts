import { CoupCompleted, CoupVoided, DomainError, IntegrationEvent, jackpotStreamId } from '@app/contracts';
import { CommandContext, ConcurrencyError, PostgresEventStore } from '@app/event-store';
import type { Projection } from '@app/messaging';
import type { Pool, PoolClient } from 'pg';
import { JackpotCommand } from '../jackpot/jackpot.decider';
import { JACKPOT_STREAM_TYPE, jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;
const MAX_CONFLICT_RETRIES = 20;

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

  constructor(
    private readonly schema = 'jackpots',
    name?: string,
  ) {
    this.name = name ?? `${schema}.coup-contributions`;
  }

  readonly handles = (type: string): boolean => type === 'CoupCompleted' || type === 'CoupVoided';

  // No setup and no reset: the jackpots event store is migrated by the module before messaging starts, and
  // jackpot streams are the service's own facts, never dropped by a rebuild (replayed commands are recognised
  // by their ids and append nothing).

  readonly apply = async (event: IntegrationEvent, tx: PoolClient): Promise<void> => {
    const context = (jackpotId: string): CommandContext => ({
      commandId: `coup:${event.eventId}:${jackpotId}`,
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.eventId,
      now: new Date().toISOString(),
    });
    switch (event.type) {
      case 'CoupCompleted': {
        const d = event.data as unknown as Data<CoupCompleted>;
        for (const jackpotId of d.jackpotIds) {
          await this.run(tx, jackpotId, context(jackpotId), {
            type: 'RecordContribution',
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
        const d = event.data as unknown as Data<CoupVoided>;
        // A void names no jackpot: offer it to every jackpot; those the table does not play for ignore it.
        // Voids are rare and jackpots few, and this needs no table-to-jackpot map that could be out of date.
        const { rows } = await tx.query<{ stream_id: string }>(`SELECT stream_id FROM ${this.schema}.streams WHERE stream_type = $1 ORDER BY stream_id`, [JACKPOT_STREAM_TYPE]);
        for (const jackpotId of rows.map((r) => r.stream_id.replace(/^jackpot-/, ''))) {
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

  /** One command inside the consumer's transaction, behind a savepoint so a version conflict can be retried. */
  private async run(tx: PoolClient, jackpotId: string, context: CommandContext, command: JackpotCommand): Promise<void> {
    const handler = jackpotCommandHandler(new PostgresEventStore(tx as unknown as Pool, this.schema), 0);
    for (let attempt = 0; ; attempt++) {
      await tx.query('SAVEPOINT jackpot_command');
      try {
        await handler.handle(jackpotStreamId(jackpotId), command, context);
        await tx.query('RELEASE SAVEPOINT jackpot_command');
        return;
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT jackpot_command');
        // A jackpot the coup names but that does not exist here (or a rule refusing it) is not a poison
        // message: the coup simply does not contribute to it.
        if (err instanceof DomainError) return;
        if (err instanceof ConcurrencyError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw err;
      }
    }
  }
}
