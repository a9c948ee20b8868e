import { CoupCompleted, CoupVoided, DomainError, IntegrationEvent, jackpotStreamId } from '@app/contracts';
import { CommandContext, NewEvent, PostgresEventStore } from '@app/event-store';
import type { Projection } from '@app/messaging';
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { jackpotDecider, JackpotCommand, RULEBOOK_ID } from '../jackpot/jackpot.decider';
import { JackpotEvent, JackpotState } from '../jackpot/jackpot.events';
import { JACKPOT_SNAPSHOT_EVERY, JACKPOT_STATE_VERSION, JACKPOT_STREAM_TYPE, jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;

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
  /** Jackpot states loaded in the current transaction of each connection (keyed by transaction id). */
  private readonly loaded = new WeakMap<PoolClient, { xid: string; streams: Map<string, { state: JackpotState; version: number }> }>();

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

  /**
   * One command inside the consumer's transaction: the hot path of 13.4.2 (a coup every few milliseconds on
   * a linked jackpot). The stream's lock is taken first (the same per-stream lock the append takes), so the
   * state read under it cannot go stale before the append and no version conflict can occur; the state is
   * loaded once per stream and transaction and carried from command to command; a command that decides
   * nothing appends nothing. Same decider, same events and the same idempotency as the generic handler
   * (command ids are recorded by the append). A domain refusal is decided before anything is written, so it
   * leaves the transaction usable; anything else fails the batch, which the messaging library retries.
   */
  private async run(tx: PoolClient, jackpotId: string, context: CommandContext, command: JackpotCommand): Promise<void> {
    const streamId = jackpotStreamId(jackpotId);
    const store = new PostgresEventStore(tx as unknown as Pool, this.schema);
    const results = (await tx.query(
      `SELECT pg_advisory_xact_lock(hashtext(${tx.escapeLiteral(streamId)})); SELECT pg_current_xact_id()::text AS xid`,
    )) as unknown as QueryResult<{ xid: string }>[];
    const xid = results[1].rows[0].xid;
    let inTx = this.loaded.get(tx);
    if (!inTx || inTx.xid !== xid) this.loaded.set(tx, (inTx = { xid, streams: new Map() }));
    try {
      const current = inTx.streams.get(streamId) ?? (await jackpotCommandHandler(store).load(streamId));
      inTx.streams.set(streamId, current);
      let events: JackpotEvent[];
      try {
        events = [...jackpotDecider.decide(command, current.state)];
      } catch (err) {
        // A jackpot the coup names but that does not exist here (or a rule refusing it) is not a poison
        // message: the coup simply does not contribute to it.
        if (err instanceof DomainError) return;
        throw err;
      }
      if (events.length === 0) return;
      const result = await store.append(streamId, JACKPOT_STREAM_TYPE, current.version, toNewEvents(events, context), context.commandId);
      const next = result.duplicate ? current : { state: events.reduce(jackpotDecider.evolve, current.state), version: result.toVersion };
      inTx.streams.set(streamId, next);
      if (Math.floor(next.version / JACKPOT_SNAPSHOT_EVERY) > Math.floor(current.version / JACKPOT_SNAPSHOT_EVERY)) {
        await store.saveSnapshot(streamId, next.version, next.state, JACKPOT_STATE_VERSION);
      }
    } catch (err) {
      // The batch (or the event, behind the applier's savepoint) is rolled back: forget what this
      // transaction had loaded.
      this.loaded.delete(tx);
      throw err;
    }
  }
}

const toNewEvents = (events: readonly JackpotEvent[], context: CommandContext): NewEvent[] =>
  events.map(({ type, ...data }) => ({
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data: data as Record<string, unknown>,
    metadata: {
      actor: context.actor,
      commandId: context.commandId,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      rulebookVersion: RULEBOOK_ID,
    },
    occurredAt: context.now,
  }));
