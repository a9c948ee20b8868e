import { runMigrations } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { JACKPOT_SPECS } from './jackpots/jackpots.projection';
import { TABLES_READ_MODEL_SPECS } from './read-model/tables-read-models.projection';
import { RAPID_SPECS } from './rapid/rapid.projection';
import { REPORTING_MIGRATIONS } from './reporting.migrations';

/** The read models' RowSpecs and the schema the migrations make must agree, or upserts fail at the first event. */
describe('reporting schema migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('reporting_migrations', 2);
    await runMigrations(db.pool, REPORTING_MIGRATIONS, 'reporting');
  });
  afterAll(() => db.drop());

  it('make every column of every read-model RowSpec, with its type (a spec changed without a migration fails here)', async () => {
    const { rows } = await db.pool.query<{ t: string; c: string; type: string }>(
      `SELECT table_name AS t, column_name AS c, data_type AS type FROM information_schema.columns WHERE table_schema = 'reporting'`,
    );
    const actual = new Map(rows.map((r) => [`${r.t}.${r.c}`, r.type]));
    const missing = [...new Set([...TABLES_READ_MODEL_SPECS, ...JACKPOT_SPECS, ...RAPID_SPECS])].flatMap((spec) =>
      Object.entries(spec.columns)
        .filter(([column, type]) => actual.get(`${spec.table}.${column}`) !== type)
        .map(([column, type]) => `ALTER TABLE \${s}.${spec.table} ADD COLUMN ${column} ${type}; (found: ${actual.get(`${spec.table}.${column}`) ?? 'no column'})`),
    );
    // Add what is listed as a new migration in reporting.migrations.ts.
    expect(missing).toEqual([]);
  });
});
