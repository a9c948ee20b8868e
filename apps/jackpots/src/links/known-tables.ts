import type { Pool } from 'pg';
import type { KnownTable } from '../jackpot/jackpot-links.decider';

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
