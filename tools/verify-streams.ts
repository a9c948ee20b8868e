/**
 * `npm run verify-streams -- --schema <schema> [--stream <stream id>]` (or `--schema all`): recomputes every hash
 * chain of a service's event store and prints the first broken link, for a regulator or auditor. Exit code 0 when
 * intact, 3 when broken, 2 for a wrong argument. It reads the configuration `npm start` reads: DATABASE_URL, or
 * else the embedded PostgreSQL of `npm start` (EMBEDDED_PG_PORT, default 54320), which must then be running.
 * The result is JSON on stdout; what it checks and where goes to stderr.
 */
import { Pool } from 'pg';
import { verifyHashChains, type ChainVerification } from '@app/event-store';
import { redactUrl } from '@app/platform-kit';
import { readPlatformConfig } from '../apps/platform/src/platform-config';
import { EVENT_STORE_SCHEMAS } from '../apps/platform/src/schema-migrations';

/** The schemas of the platform that hold an event store, hence hash chains to check. */
export { EVENT_STORE_SCHEMAS };

/** The database `npm start` uses with this environment: DATABASE_URL, or its embedded PostgreSQL. */
export const databaseOf = (env: NodeJS.ProcessEnv = process.env): { url: string; embedded: boolean } => {
  const config = readPlatformConfig(env);
  // The URL startEmbeddedPostgres gives the platform for this port.
  return config.databaseUrl ? { url: config.databaseUrl, embedded: false } : { url: `postgres://postgres:postgres@127.0.0.1:${config.embeddedPort}/postgres`, embedded: true };
};

const USAGE = `Usage: npm run verify-streams -- --schema <${EVENT_STORE_SCHEMAS.join('|')}|all> [--stream <stream id>]`;

const arg = (argv: readonly string[], name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

/** Schemas of this database with an event store (a `streams` table and hashed `events`). */
const schemasIn = async (pool: Pool): Promise<string[]> => {
  const { rows } = await pool.query<{ schema: string }>(
    `SELECT e.table_schema AS schema FROM information_schema.columns e
      JOIN information_schema.tables s ON s.table_schema = e.table_schema AND s.table_name = 'streams'
     WHERE e.table_name = 'events' AND e.column_name = 'prev_hash' ORDER BY 1`,
  );
  return rows.map((r) => r.schema);
};

export async function verifyStreams(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const schema = arg(argv, 'schema');
  if (!schema || argv.includes('--help')) {
    console.error(`${USAGE}\nThe platform's event stores: ${EVENT_STORE_SCHEMAS.join(', ')}.`);
    return 2;
  }
  const { url, embedded } = databaseOf(env);
  const pool = new Pool({ connectionString: url, max: 2 });
  try {
    let present: string[];
    try {
      present = await schemasIn(pool);
    } catch (err) {
      const why = (err as Error).message;
      throw new Error(
        embedded
          ? `the embedded PostgreSQL of npm start does not answer at ${redactUrl(url)} (${why}): start the platform (npm start) first, or set DATABASE_URL to the database to check.`
          : `DATABASE_URL ${redactUrl(url)} does not answer (${why}): check it, or unset it to check the embedded PostgreSQL of npm start.`,
      );
    }
    const wanted = schema === 'all' ? present : [schema];
    const missing = wanted.filter((s) => !present.includes(s));
    if (missing.length || wanted.length === 0) {
      console.error(`${missing.length ? `No event store in schema ${missing.join(', ')}` : 'No event store'} in ${redactUrl(url)}. It can check: ${present.join(', ') || 'none (has the platform started once on this database?)'}.\n${USAGE}`);
      return 2;
    }
    const results: Record<string, ChainVerification> = {};
    for (const s of wanted) {
      console.error(`Checking the hash chains of schema ${s}${arg(argv, 'stream') ? `, stream ${arg(argv, 'stream')}` : ''} in ${redactUrl(url)}${embedded ? ' (the embedded PostgreSQL of npm start)' : ''}`);
      results[s] = await verifyHashChains(pool, s, arg(argv, 'stream'));
    }
    console.log(JSON.stringify(schema === 'all' ? results : results[schema], null, 2));
    return Object.values(results).some((r) => r.firstBrokenLink) ? 3 : 0;
  } finally {
    await pool.end();
  }
}

if (require.main === module) {
  verifyStreams(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`verify-streams failed: ${err.message}`);
      process.exit(1);
    },
  );
}
