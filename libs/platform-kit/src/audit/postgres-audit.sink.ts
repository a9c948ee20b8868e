import { AuditRecord, AuditSink } from './audit-record';
import { SqlQueryable } from './sql-queryable';

// One statement list in a single simple query runs as one implicit transaction, so the advisory lock
// serialises services that start together (concurrent CREATE SCHEMA IF NOT EXISTS can otherwise collide).
const CREATE_AUDIT_LOG = `
SELECT pg_advisory_xact_lock(hashtext('platform.audit_log'));
CREATE SCHEMA IF NOT EXISTS platform;
CREATE TABLE IF NOT EXISTS platform.audit_log (
  id             bigserial PRIMARY KEY,
  occurred_at    timestamptz NOT NULL,
  service        text        NOT NULL,
  actor_id       text,
  actor_name     text,
  actor_role     text,
  method         text        NOT NULL,
  route          text        NOT NULL,
  params         jsonb       NOT NULL DEFAULT '{}'::jsonb,
  summary        text        NOT NULL,
  status         integer     NOT NULL,
  outcome        text        NOT NULL,
  error_code     text,
  correlation_id text        NOT NULL,
  command_id     text
);
CREATE INDEX IF NOT EXISTS audit_log_correlation_id ON platform.audit_log (correlation_id);
CREATE INDEX IF NOT EXISTS audit_log_actor_time ON platform.audit_log (actor_id, occurred_at);
`;

const INSERT = `
INSERT INTO platform.audit_log
  (occurred_at, service, actor_id, actor_name, actor_role, method, route, params, summary, status, outcome, error_code, correlation_id, command_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;

/** Appends audit records to `platform.audit_log`, creating the table on first use (or `onModuleInit`). */
export class PostgresAuditSink implements AuditSink {
  private ready?: Promise<void>;

  constructor(private readonly db: SqlQueryable) {}

  /** Creates schema and table if missing; safe to call repeatedly and from several processes. */
  ensureTable(): Promise<void> {
    this.ready ??= this.db.query(CREATE_AUDIT_LOG).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined; // let the next call retry, e.g. once the database is back
        throw error;
      },
    );
    return this.ready;
  }

  async onModuleInit(): Promise<void> {
    await this.ensureTable();
  }

  async record(e: AuditRecord): Promise<void> {
    await this.ensureTable();
    await this.db.query(INSERT, [
      e.occurredAt,
      e.service,
      e.actorId ?? null,
      e.actorName ?? null,
      e.actorRole ?? null,
      e.method,
      e.route,
      JSON.stringify(e.params),
      e.summary,
      e.status,
      e.outcome,
      e.errorCode ?? null,
      e.correlationId,
      e.commandId ?? null,
    ]);
  }
}

/** Audit records to PostgreSQL through the pool provided under `poolToken` (e.g. @app/database's PG_POOL). */
export const postgresAuditSinkFrom = (poolToken: symbol | string): { inject: [symbol | string]; useFactory: (db: SqlQueryable) => PostgresAuditSink } => ({
  inject: [poolToken],
  useFactory: (db: SqlQueryable) => new PostgresAuditSink(db),
});
