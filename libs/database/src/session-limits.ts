import { Logger } from '@nestjs/common';
import { Client, ClientConfig } from 'pg';

/**
 * Server-side limits on every service connection. The relays of every service wait for the
 * oldest open transaction on the server before publishing past it, so one paused or wedged process holding a
 * transaction open stalled outbox delivery everywhere: the server now ends an idle transaction after
 * `idleInTransactionMs` and cancels a statement after `statementMs`. Transactions are short by design (one
 * command, one consumer batch); a limit hit is a bug or a paused process, never normal work.
 */
export interface SessionLimits {
  /** idle_in_transaction_session_timeout (default PG_IDLE_IN_TRANSACTION_TIMEOUT_MS or 5000). */
  readonly idleInTransactionMs?: number;
  /** statement_timeout (default PG_STATEMENT_TIMEOUT_MS or 60000; rebuild and lock waits stay well under). */
  readonly statementMs?: number;
}

const fromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

export const sessionLimitsConfig = (limits: SessionLimits = {}): Pick<ClientConfig, 'statement_timeout' | 'idle_in_transaction_session_timeout'> => ({
  idle_in_transaction_session_timeout: limits.idleInTransactionMs ?? fromEnv('PG_IDLE_IN_TRANSACTION_TIMEOUT_MS', 5000),
  statement_timeout: limits.statementMs ?? fromEnv('PG_STATEMENT_TIMEOUT_MS', 60_000),
});

const logger = new Logger('Database');

/**
 * A pg Client that is never without an 'error' listener. The pool listens only to idle
 * clients; a client checked out when its backend is terminated (pg_terminate_backend, a failover, a restart,
 * the idle-in-transaction timeout) emitted 'error' to nobody, which kills a Node process. The query in flight
 * still fails and the pool discards the client on release, so the caller retries on a fresh connection.
 */
export class ResilientClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.warn(`A PostgreSQL connection was lost (${error.message}); the pool replaces it.`));
  }
}
