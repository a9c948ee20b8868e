/**
 * `npm run verify-streams -- --schema tables [--stream table-7]`: recomputes every hash chain of a service's
 * event store and prints the first broken link, for a regulator or auditor. Exit code 0 when intact, 3 when
 * broken. Reads DATABASE_URL, or the embedded platform database of `npm start`.
 */
import { Pool } from 'pg';
import { verifyHashChains } from '@app/event-store';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<number> {
  const schema = arg('schema');
  if (!schema) {
    console.error('Usage: npm run verify-streams -- --schema <tables|jackpots|reporting> [--stream <stream id>]');
    return 2;
  }
  const pool = new Pool({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54320/postgres', max: 2 });
  try {
    const result = await verifyHashChains(pool, schema, arg('stream'));
    console.log(JSON.stringify(result, null, 2));
    return result.firstBrokenLink ? 3 : 0;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`verify-streams failed: ${err.message}`);
    process.exit(1);
  },
);
