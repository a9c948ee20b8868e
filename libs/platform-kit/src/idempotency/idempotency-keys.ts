import { randomUUID } from 'node:crypto';
import { SqlQueryable } from '../audit/sql-queryable';

/** What a key was first used for: the fingerprint of its command and, to name it in a refusal, its route. */
export interface KeyUse {
  readonly fingerprint: string;
  readonly route: string;
}

/** The HTTP answer a command's first run gave: what every retry under its key is answered. */
export interface RecordedAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * What claiming a key found: `run` — this request holds the key (for `leaseMs`) and runs the command; `reused` —
 * the key was first used for another command; `answered` — the command ran, here is its answer; `running` —
 * another request with the key is running the command now.
 */
export type KeyClaim =
  | { readonly kind: 'run'; readonly lease: string }
  | { readonly kind: 'reused'; readonly first: KeyUse }
  | { readonly kind: 'answered'; readonly answer: RecordedAnswer }
  | { readonly kind: 'running' };

/**
 * Binds each actor's Idempotency-Key to the first command it was used for and keeps that command's answer, so a
 * retry is answered as the first time without running again, and a reused key carrying a different command is
 * refused. A key is held by one request at a time (a lease, so a crashed process frees it); `answer` keeps the
 * answer and frees it, `release` frees it without an answer (the command may run again: it answered "retry").
 */
export interface IdempotencyKeys {
  claim(actorId: string, key: string, use: KeyUse, leaseMs: number): Promise<KeyClaim>;
  answer(actorId: string, key: string, lease: string, answer: RecordedAnswer): Promise<void>;
  release(actorId: string, key: string, lease: string): Promise<void>;
}

// The answer columns are added, not created, so a database made before answers were kept migrates in place;
// its keys without an answer run once more and the event store answers them (it dedupes by command id).
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
ALTER TABLE platform.idempotency_keys
  ADD COLUMN IF NOT EXISTS answer_status integer,
  ADD COLUMN IF NOT EXISTS answer_body   json,
  ADD COLUMN IF NOT EXISTS answered_at   timestamptz,
  ADD COLUMN IF NOT EXISTS lease         text,
  ADD COLUMN IF NOT EXISTS lease_until   timestamptz;
-- json, not jsonb: the first answer is replayed byte for byte, its fields in their order (jsonb reorders them).
ALTER TABLE platform.idempotency_keys ALTER COLUMN answer_body TYPE json USING answer_body::json;
`;

// Takes the key: a new key, or one bound to the same command that has no answer and no live lease.
const CLAIM = `
INSERT INTO platform.idempotency_keys AS k (actor_id, idempotency_key, fingerprint, route, lease, lease_until)
VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision / 1000))
ON CONFLICT (actor_id, idempotency_key) DO UPDATE SET lease = EXCLUDED.lease, lease_until = EXCLUDED.lease_until
  WHERE k.fingerprint = EXCLUDED.fingerprint AND k.answer_status IS NULL AND (k.lease_until IS NULL OR k.lease_until < now())
RETURNING k.lease`;

interface KeyRow extends KeyUse {
  readonly answer_status: number | null;
  readonly answer_body: unknown;
}

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

  async claim(actorId: string, key: string, use: KeyUse, leaseMs: number): Promise<KeyClaim> {
    await this.ensureTable();
    const lease = randomUUID();
    const taken = rowsOf<{ lease: string }>(await this.db.query(CLAIM, [actorId, key, use.fingerprint, use.route, lease, leaseMs]));
    if (taken[0]?.lease === lease) return { kind: 'run', lease };
    const [row] = rowsOf<KeyRow>(
      await this.db.query('SELECT fingerprint, route, answer_status, answer_body FROM platform.idempotency_keys WHERE actor_id = $1 AND idempotency_key = $2', [actorId, key]),
    );
    // Gone between the two statements cannot happen (keys are never deleted); answer "running" and let the caller look again.
    if (!row) return { kind: 'running' };
    if (row.fingerprint !== use.fingerprint) return { kind: 'reused', first: { fingerprint: row.fingerprint, route: row.route } };
    if (row.answer_status !== null) return { kind: 'answered', answer: { status: row.answer_status, body: row.answer_body } };
    return { kind: 'running' };
  }

  async answer(actorId: string, key: string, lease: string, answer: RecordedAnswer): Promise<void> {
    await this.db.query(
      `UPDATE platform.idempotency_keys SET answer_status = $4, answer_body = $5::json, answered_at = now(), lease = NULL, lease_until = NULL
       WHERE actor_id = $1 AND idempotency_key = $2 AND lease = $3`,
      [actorId, key, lease, answer.status, JSON.stringify(answer.body ?? null)],
    );
  }

  async release(actorId: string, key: string, lease: string): Promise<void> {
    await this.db.query('UPDATE platform.idempotency_keys SET lease = NULL, lease_until = NULL WHERE actor_id = $1 AND idempotency_key = $2 AND lease = $3', [actorId, key, lease]);
  }
}

// A pg Pool answers { rows }, a TypeORM DataSource the rows themselves.
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? []));

interface MemoryEntry extends KeyUse {
  answer?: RecordedAnswer;
  lease?: string;
  leaseUntil?: number;
}

/** Keys in memory, for services without a database (development): bounded, oldest forgotten first. */
export class InMemoryIdempotencyKeys implements IdempotencyKeys {
  private readonly entries = new Map<string, MemoryEntry>();

  constructor(
    private readonly capacity = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(actorId: string, key: string, use: KeyUse, leaseMs: number): Promise<KeyClaim> {
    const id = idOf(actorId, key);
    const lease = randomUUID();
    const entry = this.entries.get(id);
    if (!entry) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(id, { ...use, lease, leaseUntil: this.now() + leaseMs });
      return { kind: 'run', lease };
    }
    if (entry.fingerprint !== use.fingerprint) return { kind: 'reused', first: { fingerprint: entry.fingerprint, route: entry.route } };
    if (entry.answer) return { kind: 'answered', answer: entry.answer };
    if (entry.lease && (entry.leaseUntil ?? 0) >= this.now()) return { kind: 'running' };
    Object.assign(entry, { lease, leaseUntil: this.now() + leaseMs });
    return { kind: 'run', lease };
  }

  async answer(actorId: string, key: string, lease: string, answer: RecordedAnswer): Promise<void> {
    const entry = this.entries.get(idOf(actorId, key));
    if (entry?.lease === lease) Object.assign(entry, { answer, lease: undefined, leaseUntil: undefined });
  }

  async release(actorId: string, key: string, lease: string): Promise<void> {
    const entry = this.entries.get(idOf(actorId, key));
    if (entry?.lease === lease) Object.assign(entry, { lease: undefined, leaseUntil: undefined });
  }
}

const idOf = (actorId: string, key: string) => `${actorId.length}:${actorId}:${key}`;
