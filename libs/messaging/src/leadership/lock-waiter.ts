import { Client, type Pool } from 'pg';

/** PostgreSQL's "canceling statement due to statement timeout": the lock is still held elsewhere. */
const QUERY_CANCELED = '57014';

/**
 * How a standby (relay or consumer) waits for the active instance's session advisory lock: on one connection of
 * its own, kept open between attempts, blocked in `pg_advisory_lock` for at most `waitMs` at a time. PostgreSQL
 * grants the lock the moment the holder's session ends (kill -9 closes its socket), so a standby takes over in
 * milliseconds instead of at its next poll, and waiting costs no new connection per attempt (lag right
 * after a restart). The bound keeps a stopped standby's abandoned wait short-lived on the server.
 */
export class LockWaiter {
  private client: Client | undefined;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly key: string,
  ) {}

  /**
   * Takes the lock, waiting up to `waitMs` (0: only tries). Answers the connection that holds it, now the caller's
   * (the lock lives as long as that session), or undefined while another session holds it.
   */
  async acquire(waitMs: number): Promise<Client | undefined> {
    if (this.closed) return undefined;
    const client = (this.client ??= await this.connect());
    try {
      if (waitMs <= 0) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [this.key]);
        if (!rows[0].ok) return undefined;
      } else {
        await client.query(`SET statement_timeout = ${Math.ceil(waitMs)}`);
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [this.key]);
        } catch (err) {
          if ((err as { code?: string }).code === QUERY_CANCELED) return undefined;
          throw err;
        }
        // Back to the connection's own limit (the pool's statement_timeout) for whatever the holder runs on it.
        await client.query('RESET statement_timeout');
      }
    } catch (err) {
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return undefined;
      throw err;
    }
    this.client = undefined;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    return client;
  }

  /** Ends a wait in progress (its connection closes; the server drops the wait within `waitMs`). */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<Client> {
    // The pool's settings, outside it: held for the standby's (and then the leader's) life, a pooled connection
    // would take one from the service for good.
    const client = new Client(this.pool.options);
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    return client;
  }
}
