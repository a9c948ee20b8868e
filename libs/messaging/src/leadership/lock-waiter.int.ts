import { createTestDatabase, TestDatabase } from '@app/testing';
import type { Client } from 'pg';
import { uniqueSuffix } from '../test-support/fixtures';
import { LockWaiter } from './lock-waiter';

/**
 * Lag right after a restart (in the production shape of an active and a standby process per service):
 * a standby relay polled for the leader's lock once a second with a new connection each time, so the outbox
 * waited up to a second after the leader was killed. The standby now blocks on the lock on a connection it keeps,
 * and PostgreSQL hands it over the moment the leader's session ends.
 */
describe('a standby waiting for the active instance lock', () => {
  let db: TestDatabase;
  const held: Client[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('lock_waiter', 4);
  });
  afterAll(async () => {
    for (const c of held) await c.end().catch(() => undefined);
    await db.drop();
  });

  it('is granted the lock when the holder session ends (kill -9), inside one wait rather than at a later poll, with the connection statement timeout restored', async () => {
    const key = `relay:test-${uniqueSuffix()}`;
    const active = await new LockWaiter(db.pool, key).acquire(0);
    expect(active).toBeDefined();
    held.push(active!);
    const { rows: pid } = await active!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');

    const standby = new LockWaiter(db.pool, key);
    expect(await standby.acquire(0)).toBeUndefined();
    // One wait far longer than the test: only a grant inside it can answer a connection.
    const waiting = standby.acquire(60_000);
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid[0].pid]);
    const taken = await waiting;
    expect(taken).toBeDefined();
    held.push(taken!);
    const { rows } = await taken!.query<{ locked: boolean }>(`SELECT count(*) > 0 AS locked FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted`);
    expect(rows[0].locked).toBe(true);
    // The holder runs its checkpoints on this connection: the one-wait limit must not stay on it.
    const timeout = async (q: Pick<Client, 'query'>) => (await q.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout;
    expect(await timeout(taken!)).toBe(await timeout(db.pool));
  });

  it('answers nothing, at once, when closed during a wait (a standby stopping)', async () => {
    const key = `relay:test-${uniqueSuffix()}`;
    const active = await new LockWaiter(db.pool, key).acquire(0);
    held.push(active!);
    const standby = new LockWaiter(db.pool, key);
    const waiting = standby.acquire(60_000);
    await new Promise((r) => setTimeout(r, 200));
    await standby.close();
    expect(await waiting).toBeUndefined();
  });
});
