import type { PoolClient } from 'pg';

/** Column types used by the read models; values travel to PostgreSQL as JSON through jsonb_to_recordset. */
export type ColumnType = 'text' | 'bigint' | 'integer' | 'boolean' | 'jsonb' | 'numeric';

/** A read-model table: its key and columns, enough to generate its batched upserts and inserts. */
export interface RowSpec {
  /** Table name inside the `reporting` schema. */
  readonly table: string;
  readonly key: readonly string[];
  readonly columns: Readonly<Record<string, ColumnType>>;
}

export type Row = Record<string, unknown>;

const q = (ident: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(ident)) throw new Error(`Invalid identifier ${ident}`);
  return ident;
};

const recordsetType = (spec: RowSpec, cols: readonly string[]): string => cols.map((c) => `${q(c)} ${spec.columns[c]}`).join(', ');

/** Inserts rows; rows already there (a redelivered event) are left as they are. */
export async function insertRows(tx: PoolClient, schema: string, spec: RowSpec, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(spec.columns);
  await tx.query(
    `INSERT INTO ${schema}.${q(spec.table)} (${cols.join(', ')})
     SELECT ${cols.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordsetType(spec, cols)})
     ON CONFLICT (${spec.key.join(', ')}) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Writes whole rows (insert or replace): for rows the projection read first in the same transaction. */
export async function upsertRows(tx: PoolClient, schema: string, spec: RowSpec, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(spec.columns);
  const updates = cols.filter((c) => !spec.key.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
  await tx.query(
    `INSERT INTO ${schema}.${q(spec.table)} (${cols.join(', ')})
     SELECT ${cols.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordsetType(spec, cols)})
     ON CONFLICT (${spec.key.join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    [JSON.stringify(rows)],
  );
}

/**
 * Adds counters to rows (creating them at zero): safe when two batches touch the same row concurrently.
 * `sets` columns take the newest non-null value.
 */
export async function addToRows(tx: PoolClient, schema: string, spec: RowSpec, rows: readonly Row[], counters: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(spec.columns);
  const updates = cols
    .filter((c) => !spec.key.includes(c))
    .map((c) => (counters.includes(c) ? `${c} = ${spec.table}.${c} + EXCLUDED.${c}` : `${c} = COALESCE(EXCLUDED.${c}, ${spec.table}.${c})`));
  const select = cols.map((c) => (counters.includes(c) ? `COALESCE(${c}, 0)` : c)).join(', ');
  await tx.query(
    `INSERT INTO ${schema}.${q(spec.table)} AS ${spec.table} (${cols.join(', ')})
     SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS r(${recordsetType(spec, cols)})
     ON CONFLICT (${spec.key.join(', ')}) DO UPDATE SET ${updates.join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/** DDL of a spec: the table and its primary key. */
export const createTableDdl = (schema: string, spec: RowSpec): string =>
  `CREATE TABLE IF NOT EXISTS ${schema}.${q(spec.table)} (
  ${Object.entries(spec.columns)
    .map(([c, t]) => `${q(c)} ${t}${spec.key.includes(c) ? ' NOT NULL' : ''}`)
    .join(',\n  ')},
  PRIMARY KEY (${spec.key.join(', ')})
);`;
