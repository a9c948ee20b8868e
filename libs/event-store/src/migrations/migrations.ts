import { createHash } from 'node:crypto';
import { assertSchemaName } from '../schema.sql';

/**
 * Schema changes as migrations with a history. Each component (the event store, messaging, the audit log, a
 * service's read models) lists its migrations in order; `runMigrations` applies the ones its schema's
 * `schema_migrations` table has not recorded, under a lock, in one transaction, and records them.
 *
 * Rules: a released migration is never edited (its checksum is recorded, and a changed one stops the
 * service at start): add the next one instead. The first migration of each component is the schema as it
 * was before migrations had a history, written idempotently (IF NOT EXISTS), so a database created by that
 * release is adopted as it is.
 */
export interface Migration {
  /** Ordered and never reused: '0001', '0002', ... */
  readonly id: string;
  readonly description: string;
  /** The SQL for the schema the component lives in (already checked by `assertSchemaName`). */
  readonly sql: (schema: string) => string;
}

export interface MigrationSet {
  /** Names the component in the history, e.g. `event-store`. */
  readonly component: string;
  readonly migrations: readonly Migration[];
}

/** Anything that runs a simple (multi-statement) query: a pool, a client inside the caller's transaction, a DataSource. */
export interface SqlRunner {
  query(text: string): Promise<unknown>;
}

export interface AppliedMigration {
  readonly component: string;
  readonly id: string;
  readonly description: string;
  readonly checksum: string;
  readonly appliedAt: Date;
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
/** The checksum covers the SQL as written, not the schema it is run in. */
const CHECKSUM_SCHEMA = 'migration_checksum';
const TAG = '$migration_sql$';

export const migrationChecksum = (m: Migration): string => createHash('sha256').update(m.sql(CHECKSUM_SCHEMA)).digest('hex');

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * One script, run as one simple query: PostgreSQL runs a multi-statement simple query as one transaction
 * (or inside the caller's), so the lock, every pending migration and its history row commit together, and
 * a failed migration leaves nothing. Each statement after the lock reads what committed before it was granted.
 */
export const migrationScript = (set: MigrationSet, schemaName: string): string => {
  const schema = assertSchemaName(schemaName);
  if (!NAME.test(set.component)) throw new Error(`Invalid migration component "${set.component}".`);
  const ids = set.migrations.map((m) => m.id);
  ids.forEach((id, i) => {
    if (!NAME.test(id)) throw new Error(`Invalid migration id "${id}" in ${set.component}.`);
    if (i > 0 && id <= ids[i - 1]) throw new Error(`Migrations of ${set.component} must be listed in increasing id order ("${ids[i - 1]}" before "${id}").`);
  });
  const steps = set.migrations.map((m) => {
    const sql = m.sql(schema);
    if (sql.includes(TAG)) throw new Error(`Migration ${set.component} ${m.id} must not contain ${TAG}.`);
    const checksum = migrationChecksum(m);
    return `DO $step$
DECLARE recorded text;
BEGIN
  SELECT checksum INTO recorded FROM ${schema}.schema_migrations WHERE component = ${literal(set.component)} AND id = ${literal(m.id)};
  IF NOT FOUND THEN
    EXECUTE ${TAG}${sql}${TAG};
    INSERT INTO ${schema}.schema_migrations (component, id, description, checksum) VALUES (${literal(set.component)}, ${literal(m.id)}, ${literal(m.description)}, ${literal(checksum)});
  ELSIF recorded <> ${literal(checksum)} THEN
    RAISE EXCEPTION 'Migration % of % in schema % was changed after it was applied. Restore it as released and add a new migration for the change.', ${literal(m.id)}, ${literal(set.component)}, ${literal(schema)};
  END IF;
END $step$;`;
  });
  return [
    `SELECT pg_advisory_xact_lock(hashtext(${literal(`migrate:${schema}`)}));`,
    `CREATE SCHEMA IF NOT EXISTS ${schema};`,
    `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
  component   text NOT NULL,
  id          text NOT NULL,
  description text NOT NULL,
  checksum    text NOT NULL,
  applied_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (component, id)
);`,
    ...steps,
  ].join('\n');
};

/** Applies the pending migrations of `set` in `schema`. Safe at every start, from several processes at once. */
export async function runMigrations(db: SqlRunner, set: MigrationSet, schema: string): Promise<void> {
  await db.query(migrationScript(set, schema));
}

/** The history of one schema, oldest first. */
export async function migrationHistory(db: { query(text: string): Promise<{ rows: unknown[] }> }, schemaName: string): Promise<AppliedMigration[]> {
  const schema = assertSchemaName(schemaName);
  const { rows } = await db.query(
    `SELECT component, id, description, checksum, applied_at AS "appliedAt" FROM ${schema}.schema_migrations ORDER BY applied_at, component, id`,
  );
  return rows as AppliedMigration[];
}
