/**
 * `npm run migrate`: applies every pending schema migration of the platform to DATABASE_URL and prints each
 * schema's history. Services apply their own at boot too; this is for migrating before a deploy.
 */
import { Pool } from 'pg';
import { migrationHistory } from '@app/event-store';
import { migratePlatform, PLATFORM_MIGRATIONS } from '../apps/platform/src/schema-migrations';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database to migrate, e.g. postgres://postgres@127.0.0.1:5432/postgres.');
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await migratePlatform(pool);
    for (const schema of new Set(PLATFORM_MIGRATIONS.map((m) => m.schema))) {
      for (const m of await migrationHistory(pool, schema)) console.log(`${schema}\t${m.component}\t${m.id}\t${m.appliedAt.toISOString()}\t${m.description}`);
    }
  } finally {
    await pool.end();
  }
}

main().catch((err: Error) => {
  console.error(`Migration failed: ${err.message}`);
  process.exit(1);
});
