import { SqlQueryable } from '../audit/sql-queryable';

/** What a key was first used for: the fingerprint of its command and, to name it in a refusal, its route. */
export interface KeyUse {
  readonly fingerprint: string;
  readonly route: string;
}

/**
 * Binds each actor's Idempotency-Key to the first command it was used for, so a reused key carrying a
 * different command is refused instead of silently answered with the first one's result. `claim` returns the first use (which may be this one).
 */
export interface IdempotencyKeys {
  claim(actorId: string, key: string, use: KeyUse): Promise<KeyUse>;
}

const CREATE = `
SELECT pg_advisory_xact_lock(hashtext('platform.idempotency_keys'));
CREATE SCHEMA IF NOT EXISTS platform;
CREATE TABLE IF NOT EXISTS platform.idempotency_keys (
  actor_id        text        NOT NULL,
  idempotency_key text        NOT NULL,
  fingerprint     text        NOT NULL,
  route           text        NOT NULL,
  first_used_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_id, idempotency_key)
);
`;

/** Keys in PostgreSQL (the audit trail's database): they hold across restarts and replicas, like the commands they guard. */
export class PostgresIdempotencyKeys implements IdempotencyKeys {
  private ready?: Promise<void>;

  constructor(private readonly db: SqlQueryable) {}

  ensureTable(): Promise<void> {
    this.ready ??= this.db.query(CREATE).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  async claim(actorId: string, key: string, use: KeyUse): Promise<KeyUse> {
    await this.ensureTable();
    const inserted = rowsOf(await this.db.query(
      `INSERT INTO platform.idempotency_keys (actor_id, idempotency_key, fingerprint, route) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING fingerprint, route`,
      [actorId, key, use.fingerprint, use.route],
    ));
    if (inserted.length > 0) return use;
    const first = rowsOf(await this.db.query('SELECT fingerprint, route FROM platform.idempotency_keys WHERE actor_id = $1 AND idempotency_key = $2', [actorId, key]));
    return first[0] ?? use;
  }
}

// A pg Pool answers { rows }, a TypeORM DataSource the rows themselves.
const rowsOf = (result: unknown): KeyUse[] => (Array.isArray(result) ? result : ((result as { rows?: KeyUse[] }).rows ?? []));

/** Keys in memory, for services without a database (development): bounded, oldest forgotten first. */
export class InMemoryIdempotencyKeys implements IdempotencyKeys {
  private readonly uses = new Map<string, KeyUse>();

  constructor(private readonly capacity = 100_000) {}

  async claim(actorId: string, key: string, use: KeyUse): Promise<KeyUse> {
    const id = `${actorId.length}:${actorId}:${key}`;
    const first = this.uses.get(id);
    if (first) return first;
    if (this.uses.size >= this.capacity) this.uses.delete(this.uses.keys().next().value as string);
    this.uses.set(id, use);
    return use;
  }
}
