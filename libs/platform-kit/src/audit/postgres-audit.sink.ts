import { MigrationSet, runMigrations } from '@app/event-store';
import { AuditRecord, AuditSink } from './audit-record';
import { SqlQueryable } from './sql-queryable';

/** The `platform` schema's audit log history (migration 0001 as released before migrations had a history: never edit it). */
export const AUDIT_MIGRATIONS: MigrationSet = {
  component: 'audit',
  migrations: [
    { id: '0001', description: 'platform.audit_log', sql: () => CREATE_AUDIT_LOG },
    // Staff act only at their own casino: the trail says at which casino each command was done or refused.
    { id: '0002', description: 'platform.audit_log.casino', sql: () => 'ALTER TABLE platform.audit_log ADD COLUMN IF NOT EXISTS casino text;' },
  ],
};

const CREATE_AUDIT_LOG = `
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

// One statement for any number of records: each column arrives as an array.
const INSERT = `
INSERT INTO platform.audit_log
  (occurred_at, service, actor_id, actor_name, actor_role, method, route, params, summary, status, outcome, error_code, correlation_id, command_id, casino)
SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[],
                     $9::text[], $10::integer[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])`;

/** Records written by one INSERT at most; a larger backlog goes in several. */
const MAX_BATCH = 500;

interface Pending {
  readonly entry: AuditRecord;
  readonly done: { resolve(): void; reject(error: unknown): void };
}

/**
 * Appends audit records to `platform.audit_log`, creating the table on first use (or `onModuleInit`).
 * Group commit: a record that arrives while an insert is in flight joins the next one, so a busy service
 * writes one multi-row INSERT per round trip instead of one per command. Each `record()` still resolves
 * only once its own row is committed, so a caller who saw an answer can rely on the record being there.
 */
export class PostgresAuditSink implements AuditSink {
  private ready?: Promise<void>;
  private queue: Pending[] = [];
  private flushing = false;

  /** `db` is public so the platform keeps its idempotency keys in the same database. */
  constructor(readonly db: SqlQueryable) {}

  /** Creates schema and table if missing; safe to call repeatedly and from several processes. */
  ensureTable(): Promise<void> {
    this.ready ??= runMigrations(this.db, AUDIT_MIGRATIONS, 'platform').then(
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

  async record(entry: AuditRecord): Promise<void> {
    await this.ensureTable();
    await new Promise<void>((resolve, reject) => {
      this.queue.push({ entry, done: { resolve, reject } });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.db.query(INSERT, columnsOf(batch.map((p) => p.entry)));
          batch.forEach((p) => p.done.resolve());
        } catch (error) {
          batch.forEach((p) => p.done.reject(error));
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

const columnsOf = (entries: readonly AuditRecord[]): unknown[] => [
  entries.map((e) => e.occurredAt),
  entries.map((e) => e.service),
  entries.map((e) => e.actorId ?? null),
  entries.map((e) => e.actorName ?? null),
  entries.map((e) => e.actorRole ?? null),
  entries.map((e) => e.method),
  entries.map((e) => e.route),
  entries.map((e) => JSON.stringify(e.params)),
  entries.map((e) => e.summary),
  entries.map((e) => e.status),
  entries.map((e) => e.outcome),
  entries.map((e) => e.errorCode ?? null),
  entries.map((e) => e.correlationId),
  entries.map((e) => e.commandId ?? null),
  entries.map((e) => e.casino ?? null),
];

/** Audit records to PostgreSQL through the pool provided under `poolToken` (e.g. @app/database's PG_POOL). */
export const postgresAuditSinkFrom = (poolToken: symbol | string): { inject: [symbol | string]; useFactory: (db: SqlQueryable) => PostgresAuditSink } => ({
  inject: [poolToken],
  useFactory: (db: SqlQueryable) => new PostgresAuditSink(db),
});
