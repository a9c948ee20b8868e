import { DomainError, IntegrationEvent, jackpotStreamId, TableClosed, TableOpened } from '@app/contracts';
import { CommandContext, PostgresEventStore } from '@app/event-store';
import type { Projection } from '@app/messaging';
import type { Pool, PoolClient } from 'pg';
import type { CheckTableOpening, KnownTable } from '../jackpot/jackpot-links.decider';
import { jackpotDecider } from '../jackpot/jackpot.decider';
import { JACKPOT_STREAM_TYPE, jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;

/** What the jackpot service knows of the tables, from the tables service's TableOpened / TableClosed alone. */
export const knownTablesDdl = (schema: string): string => `CREATE SCHEMA IF NOT EXISTS ${schema};
CREATE TABLE IF NOT EXISTS ${schema}.known_tables (
  table_id text PRIMARY KEY,
  jurisdiction text,
  jackpot_ids jsonb NOT NULL,
  open boolean NOT NULL,
  opened_at text,
  source_event_id text NOT NULL
);`;

/** The tables seen open or closed, by id (an empty map before the first TableOpened arrives). */
export const readKnownTables = async (db: Pick<Pool, 'query'>, schema: string): Promise<Record<string, KnownTable>> => {
  const { rows } = await db.query<{ table_id: string; jackpot_ids: string[]; open: boolean }>(`SELECT table_id, jackpot_ids, open FROM ${schema}.known_tables`).catch((err: { code?: string }) => {
    // Not created yet (the consumer has not started): nothing is known.
    if (err.code === '42P01') return { rows: [] };
    throw err;
  });
  return Object.fromEntries(rows.map((r) => [r.table_id, { jackpotIds: r.jackpot_ids, open: r.open }]));
};

/**
 * The tables side of the table-jackpot link (Crown Melbourne 13.3.1(b), 13.4.1), from the tables service's
 * published TableOpened and TableClosed, never a call: keeps `known_tables` (which the console and jackpot
 * creation check a jackpot's tables against) and offers each opening to every jackpot it names and every jackpot
 * that lists the table, which flag what does not match (jackpot-links.decider.ts). Idempotent by command id
 * (`table-opened:<eventId>:<jackpotId>`), inside the transaction that moves the checkpoint.
 */
export class TableLinksProjection implements Projection {
  readonly name: string;

  constructor(
    private readonly schema = 'jackpots',
    name?: string,
  ) {
    this.name = name ?? `${schema}.table-links`;
  }

  readonly handles = (type: string): boolean => type === 'TableOpened' || type === 'TableClosed';

  async setup(tx: PoolClient): Promise<void> {
    await tx.query(knownTablesDdl(this.schema));
  }

  async reset(tx: PoolClient): Promise<void> {
    await tx.query(`TRUNCATE ${this.schema}.known_tables`);
  }

  readonly apply = async (event: IntegrationEvent, tx: PoolClient): Promise<void> => {
    if (event.type === 'TableClosed') {
      const d = event.data as unknown as Data<TableClosed>;
      await tx.query(`UPDATE ${this.schema}.known_tables SET open = false, source_event_id = $2 WHERE table_id = $1`, [d.tableId, event.eventId]);
      return;
    }
    const d = event.data as unknown as Data<TableOpened>;
    await tx.query(
      `INSERT INTO ${this.schema}.known_tables (table_id, jurisdiction, jackpot_ids, open, opened_at, source_event_id) VALUES ($1, $2, $3::jsonb, true, $4, $5)
       ON CONFLICT (table_id) DO UPDATE SET jurisdiction = EXCLUDED.jurisdiction, jackpot_ids = EXCLUDED.jackpot_ids, open = true, opened_at = EXCLUDED.opened_at, source_event_id = EXCLUDED.source_event_id`,
      [d.tableId, d.jurisdiction, JSON.stringify(d.jackpotIds), d.openedAt, event.eventId],
    );
    const { rows } = await tx.query<{ stream_id: string }>(`SELECT stream_id FROM ${this.schema}.streams WHERE stream_type = $1`, [JACKPOT_STREAM_TYPE]);
    const jackpotIds = [...new Set([...d.jackpotIds, ...rows.map((r) => r.stream_id.replace(/^jackpot-/, ''))])].sort();
    for (const jackpotId of jackpotIds) {
      const context: CommandContext = { commandId: `table-opened:${event.eventId}:${jackpotId}`, actor: event.actor, correlationId: event.correlationId, causationId: event.eventId, now: new Date().toISOString() };
      const streamId = jackpotStreamId(jackpotId);
      // The stream's lock first (the one the contributions consumer and the console take): no version race.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [streamId]);
      const handler = jackpotCommandHandler(new PostgresEventStore(tx as unknown as Pool, this.schema), 0);
      const command: CheckTableOpening = { type: 'CheckTableOpening', jackpotId, tableId: d.tableId, namesJackpot: d.jackpotIds.includes(jackpotId), sourceEventId: event.eventId, now: context.now };
      try {
        // Most jackpots have nothing to say about a table: append (and create) nothing for them.
        if (jackpotDecider.decide(command, (await handler.load(streamId)).state).length === 0) continue;
        await handler.handle(streamId, command, context);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
      }
    }
  };
}
