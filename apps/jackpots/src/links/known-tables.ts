import type { Pool } from 'pg';
import { casinoOfRulebook, casinosOfJurisdiction } from '@app/baccarat';
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
);
ALTER TABLE ${schema}.known_tables ADD COLUMN IF NOT EXISTS rulebook_id text;`;

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
 * The casino of a table the service knows, from the rulebook its TableOpened named (a row remembered before the
 * rulebook was kept: the casino of its jurisdiction when that has one only, VIC); undefined for a table never seen,
 * which the jackpot accepts and flags as before (Crown Melbourne 13.3.1(b)).
 */
export const knownTableCasino = async (db: Pick<Pool, 'query'>, schema: string, tableId: string): Promise<string | undefined> => {
  const { rows } = await db
    .query<{ rulebook_id: string | null; jurisdiction: string | null }>(`SELECT rulebook_id, jurisdiction FROM ${schema}.known_tables WHERE table_id = $1`, [tableId])
    .catch((err: { code?: string }) => {
      if (err.code === '42P01' || err.code === '42703') return { rows: [] };
      throw err;
    });
  const row = rows[0];
  if (!row) return undefined;
  const byRulebook = casinoOfRulebook(row.rulebook_id ?? undefined);
  if (byRulebook) return byRulebook;
  const casinos = row.jurisdiction ? casinosOfJurisdiction(row.jurisdiction) : [];
  return casinos.length === 1 ? casinos[0] : undefined;
};
