import { createTestDatabase, TestDatabase } from '@app/testing';
import { DataSource } from 'typeorm';
import { createDataSource, poolOf } from './database.module';

/**
 * Found when the services ran standalone: a client checked out of the pool whose backend
 * is terminated (pg_terminate_backend, a failover, a restart) emitted an unhandled 'error' and killed the
 * process. Fault 4: a paused process holding a transaction open stalled every relay on the server.
 */
describe('service connections to PostgreSQL', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    db = await createTestDatabase('conn_loss', 2);
    ds = await createDataSource({ url: db.url, poolSize: 4, sessionLimits: { idleInTransactionMs: 400, statementMs: 1500 } });
    process.on('uncaughtException', onUncaught);
  });

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await ds.destroy();
    await db.drop();
  });

  const pidOf = async (query: (sql: string) => Promise<{ rows: { pid: number }[] }>) => (await query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a checked-out client whose backend is terminated does not kill the process, and the pool serves the next query', async () => {
    const client = await poolOf(ds).connect();
    const pid = await pidOf((sql) => client.query(sql));
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await settle(300);
    client.release(true);
    expect(uncaught).toEqual([]);
    expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('a transaction left idle (a paused process) is ended by the server, so it cannot hold back other services', async () => {
    const client = await poolOf(ds).connect();
    await client.query('BEGIN');
    await client.query('SELECT 1');
    await settle(1200);
    await expect(client.query('SELECT 1')).rejects.toThrow(/idle-in-transaction|terminat|Connection/i);
    client.release(true);
    expect(uncaught).toEqual([]);
    expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('a runaway statement is cancelled by the statement timeout', async () => {
    await expect(ds.query('SELECT pg_sleep(5)')).rejects.toThrow(/statement timeout/);
  });

  it('every service connection carries both limits by default', async () => {
    const defaults = await createDataSource({ url: db.url, poolSize: 1 });
    try {
      const [row] = await defaults.query(`SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle`);
      expect(row.statement).not.toBe('0');
      expect(row.idle).not.toBe('0');
    } finally {
      await defaults.destroy();
    }
  });
});
