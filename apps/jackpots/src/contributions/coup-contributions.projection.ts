import { CoupCompleted, CoupVoided, DomainError, IntegrationEvent, jackpotStreamId, TableOpened } from '@app/contracts';
import { CommandContext, ConcurrencyError, PostgresEventStore } from '@app/event-store';
import type { Projection } from '@app/messaging';
import type { Pool, PoolClient } from 'pg';
import { JackpotCommand } from '../jackpot/jackpot.decider';
import { jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;
const MAX_CONFLICT_RETRIES = 20;

/**
 * Turns the tables service's integration events into jackpot commands (Crown Melbourne 13.4.1-13.4.2):
 * - CoupCompleted → RecordContribution on every jackpot it names (contribution + Lucky Tie detection);
 * - CoupVoided → ReverseContribution on the table's jackpots: a voided coup is not a completed coup, so its
 *   contribution is taken back by a recorded reversal (or, if the void arrives first, never taken);
 * - TableOpened → remembers which jackpots a table plays for (to route its voids).
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

  handles(type: string): boolean {
    return type === 'CoupCompleted' || type === 'CoupVoided' || type === 'TableOpened';
  }

  async setup(tx: PoolClient): Promise<void> {
    await new PostgresEventStore(tx as unknown as Pool, this.schema).migrate();
    await tx.query(`CREATE TABLE IF NOT EXISTS ${this.schema}.table_jackpots (table_id text NOT NULL, jackpot_id text NOT NULL, PRIMARY KEY (table_id, jackpot_id))`);
  }

  async reset(tx: PoolClient): Promise<void> {
    // Jackpot streams are the service's own facts, never dropped by a rebuild: replayed commands are
    // recognised by their ids and append nothing.
    await tx.query(`TRUNCATE ${this.schema}.table_jackpots`);
  }

  async apply(event: IntegrationEvent, tx: PoolClient): Promise<void> {
    const context = (jackpotId: string): CommandContext => ({
      commandId: `coup:${event.eventId}:${jackpotId}`,
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.eventId,
      now: new Date().toISOString(),
    });
    switch (event.type) {
      case 'TableOpened': {
        const d = event.data as unknown as Data<TableOpened>;
        await this.remember(tx, d.tableId, d.jackpotIds);
        return;
      }
      case 'CoupCompleted': {
        const d = event.data as unknown as Data<CoupCompleted>;
        await this.remember(tx, d.tableId, d.jackpotIds);
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
        const { rows } = await tx.query<{ jackpot_id: string }>(`SELECT jackpot_id FROM ${this.schema}.table_jackpots WHERE table_id = $1 ORDER BY jackpot_id`, [d.tableId]);
        for (const { jackpot_id: jackpotId } of rows) {
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
  }

  private async remember(tx: PoolClient, tableId: string, jackpotIds: readonly string[]): Promise<void> {
    if (jackpotIds.length === 0) return;
    await tx.query(
      `INSERT INTO ${this.schema}.table_jackpots (table_id, jackpot_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [tableId, jackpotIds],
    );
  }

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
