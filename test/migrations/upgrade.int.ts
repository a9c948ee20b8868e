import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrationHistory, MigrationSet, NewEvent, PostgresEventStore, runMigrations, verifyHashChains } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { migratePlatform, PLATFORM_MIGRATIONS } from '../../apps/platform/src/schema-migrations';

const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { id: 'dealer-7', role: 'dealer' }, commandId: randomUUID(), correlationId: 'corr', causationId: null, rulebookVersion: 'crown-melbourne-v29' },
  occurredAt: '2026-11-25T10:00:00.000Z',
});

const columnsOf = async (db: TestDatabase, schema: string, table: string): Promise<string[]> =>
  (await db.pool.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY column_name`, [schema, table])).rows.map((r) => r.column_name);

/** Everything of the schemas the platform owns except the migration history: what an upgrade must leave as it found it. */
const schemaShape = async (db: TestDatabase): Promise<string[]> =>
  (
    await db.pool.query<{ s: string }>(
      `SELECT table_schema || '.' || table_name || '.' || column_name || ':' || data_type AS s FROM information_schema.columns
        WHERE table_schema = ANY($1) AND table_name <> 'schema_migrations' ORDER BY 1`,
      [PLATFORM_MIGRATIONS.map((m) => m.schema)],
    )
  ).rows.map((r) => r.s);

describe('Schema migrations with a history', () => {
  describe('from an empty database', () => {
    let db: TestDatabase;
    beforeAll(async () => (db = await createTestDatabase('migrate_empty', 4)));
    afterAll(() => db.drop());

    it('creates every schema, records each migration once, and a second start applies nothing', async () => {
      await migratePlatform(db.pool);
      const first = await migrationHistory(db.pool, 'reporting');
      expect(first.map((m) => `${m.component} ${m.id}`)).toEqual(['reporting 0001', 'reporting 0002', 'reporting 0003', 'reporting 0004', 'reporting 0005', 'reporting 0006', 'reporting 0007']);
      expect((await migrationHistory(db.pool, 'promotions')).map((m) => `${m.component} ${m.id}`)).toEqual(['event-store 0001', 'event-store 0002', 'event-store 0003', 'promotions 0001', 'promotions 0002', 'promotions 0003', 'promotions 0004', 'promotions 0005']);
      expect((await migrationHistory(db.pool, 'tables')).map((m) => `${m.component} ${m.id}`)).toEqual(['event-store 0001', 'event-store 0002', 'event-store 0003']);
      await migratePlatform(db.pool);
      expect(await migrationHistory(db.pool, 'reporting')).toEqual(first);
      const store = new PostgresEventStore(db.pool, 'tables');
      await store.append('table-1', 'table', 0, [event('TableOpened', { tableId: 'table-1' })], 'c-1');
      expect(await store.streamVersion('table-1')).toBe(1);
    });
  });

  describe('from the schema of release 0.1.0 (made by DDL at start, no history)', () => {
    let db: TestDatabase;
    let fresh: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase('migrate_upgrade', 4);
      fresh = await createTestDatabase('migrate_fresh', 4);
      // pg_dump output sets the session's search_path: load it on a connection of its own.
      const client = new Client({ connectionString: db.url });
      await client.connect();
      await client.query(readFileSync(join(__dirname, 'release-0.1.0.schema.sql'), 'utf8'));
      await client.end();
    });
    afterAll(async () => {
      await db.drop();
      await fresh.drop();
    });

    it('adopts the database as it is: its events, checkpoints and read models stay, the hash chain goes on, and the schema ends as a new one does', async () => {
      const tables = new PostgresEventStore(db.pool, 'tables');
      await tables.append('table-1', 'table', 0, [event('TableOpened', { tableId: 'table-1' }), event('ShoeStarted')], 'before-upgrade');
      await db.pool.query(`INSERT INTO messaging.relay_checkpoints (relay, transaction_id, position) VALUES ('tables', '5', 2)`);
      await db.pool.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, coups) VALUES ('table-1', '2026-11-25', 'day', 3)`);

      await migratePlatform(db.pool);

      expect((await migrationHistory(db.pool, 'tables')).map((m) => m.id)).toEqual(['0001', '0002', '0003']);
      expect((await db.pool.query(`SELECT relay, position FROM messaging.relay_checkpoints`)).rows).toEqual([{ relay: 'tables', position: '2' }]);
      expect((await db.pool.query(`SELECT table_id, coups FROM reporting.table_stats`)).rows).toEqual([{ table_id: 'table-1', coups: 3 }]);
      // A command handled before the upgrade is still recognised by its id; a new one continues the chain.
      expect(await tables.commandResult('before-upgrade')).toMatchObject({ toVersion: 2, duplicate: true });
      await tables.append('table-1', 'table', 2, [event('CoupStarted')], 'after-upgrade');
      expect(await verifyHashChains(db.pool, 'tables')).toMatchObject({ eventsChecked: 3, firstBrokenLink: null });

      await migratePlatform(fresh.pool);
      expect(await schemaShape(db)).toEqual(await schemaShape(fresh));
    });
  });

  describe('the rules of the history', () => {
    let db: TestDatabase;
    beforeAll(async () => (db = await createTestDatabase('migrate_rules', 8)));
    afterAll(() => db.drop());

    const v1: MigrationSet = { component: 'widgets', migrations: [{ id: '0001', description: 'widgets', sql: (s) => `CREATE TABLE ${s}.widgets (id int PRIMARY KEY)` }] };
    const withSecond = (sql: (s: string) => string): MigrationSet => ({ ...v1, migrations: [...v1.migrations, { id: '0002', description: 'second', sql }] });

    it('a migration is applied once even when several services start together', async () => {
      const set = withSecond((s) => `INSERT INTO ${s}.widgets VALUES (1)`);
      await Promise.all(Array.from({ length: 6 }, () => runMigrations(db.pool, set, 'together')));
      expect((await db.pool.query(`SELECT count(*)::int AS n FROM together.widgets`)).rows).toEqual([{ n: 1 }]);
    });

    it('a failing migration leaves nothing behind: neither its first statements nor a history row', async () => {
      await runMigrations(db.pool, v1, 'failing');
      const broken = withSecond((s) => `INSERT INTO ${s}.widgets VALUES (1); INSERT INTO ${s}.no_such_table VALUES (1)`);
      await expect(runMigrations(db.pool, broken, 'failing')).rejects.toThrow(/no_such_table/);
      expect((await db.pool.query(`SELECT count(*)::int AS n FROM failing.widgets`)).rows).toEqual([{ n: 0 }]);
      expect((await migrationHistory(db.pool, 'failing')).map((m) => m.id)).toEqual(['0001']);
    });

    it('a released migration that was edited stops the start with what to do instead', async () => {
      await runMigrations(db.pool, v1, 'edited');
      const edited: MigrationSet = { ...v1, migrations: [{ ...v1.migrations[0], sql: (s) => `CREATE TABLE ${s}.widgets (id bigint PRIMARY KEY)` }] };
      await expect(runMigrations(db.pool, edited, 'edited')).rejects.toThrow('Migration 0001 of widgets in schema edited was changed after it was applied. Restore it as released and add a new migration for the change.');
    });

    it('runs inside the caller’s transaction when given one, and rolls back with it', async () => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await runMigrations(client, v1, 'in_tx');
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      expect(await columnsOf(db, 'in_tx', 'widgets')).toEqual([]);
    });
  });
});
