import type { Pool, PoolClient } from 'pg';
import { ConcurrencyError } from './concurrency-error';
import { AppendResult, ExpectedVersion, GlobalPosition, NewEvent, START_OF_STORE, StoredEvent } from './event.types';
import { assertSchemaName, eventStoreDdl, VERSION_CONFLICT_SQLSTATE } from './schema.sql';
import { UpcasterChain, Upcaster } from './upcasters';

export interface Snapshot<S> {
  readonly version: number;
  readonly state: S;
}

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: StoredEvent['metadata'];
  occurred_at: Date;
  recorded_at: Date;
  hash: string;
  prev_hash: string;
}

// Selected from alias `e` and renamed, so ORDER BY e.position sorts numbers, not the text columns
// (a bare ORDER BY position would bind to the ::text output column and sort "10" before "7").
const EVENT_COLUMNS = `e.position::text AS position, e.transaction_id::text AS transaction_id, e.event_id, e.stream_id, e.stream_type,
  e.version, e.type, e.schema_version, e.data, e.metadata, e.occurred_at, e.recorded_at, e.hash, e.prev_hash`;

/**
 * One service's event store in PostgreSQL (its own schema). Appends go through the `append_events` function:
 * one round trip, one transaction per command. Reads in global order never pass a transaction that is still
 * in flight, so a late commit is never skipped.
 */
export class PostgresEventStore {
  readonly schema: string;
  private readonly upcasters: UpcasterChain;

  constructor(
    private readonly pool: Pool,
    schema: string,
    upcasters: readonly Upcaster[] = [],
  ) {
    this.schema = assertSchemaName(schema);
    this.upcasters = new UpcasterChain(upcasters);
  }

  /** Creates the schema, tables and append function if missing. Safe to run at every start. */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      // Two services starting together must not race on CREATE ... IF NOT EXISTS.
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`event-store-migrate:${this.schema}`]);
      await client.query(eventStoreDdl(this.schema));
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`event-store-migrate:${this.schema}`]).catch(() => undefined);
      client.release();
    }
  }

  /**
   * Appends one command's events atomically. With a `commandId` seen before, nothing is appended and the
   * original result comes back with `duplicate: true`.
   */
  async append(
    streamId: string,
    streamType: string,
    expectedVersion: ExpectedVersion,
    events: readonly NewEvent[],
    commandId?: string,
  ): Promise<AppendResult> {
    const payload = events.map((e) => ({
      eventId: e.eventId,
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
      metadata: e.metadata,
      occurredAt: e.occurredAt,
    }));
    try {
      const { rows } = await this.pool.query<{ r: { duplicate: boolean; result: Omit<AppendResult, 'duplicate'> } }>(
        `SELECT ${this.schema}.append_events($1, $2, $3, $4, $5::jsonb) AS r`,
        [streamId, streamType, expectedVersion === 'any' ? -1 : expectedVersion, commandId ?? null, JSON.stringify(payload)],
      );
      const { duplicate, result } = rows[0].r;
      return { ...result, duplicate };
    } catch (err) {
      const pgErr = err as { code?: string; detail?: string };
      if (pgErr.code === VERSION_CONFLICT_SQLSTATE) {
        throw new ConcurrencyError(streamId, expectedVersion === 'any' ? -1 : expectedVersion, Number(pgErr.detail));
      }
      throw err;
    }
  }

  /** The original result of a command already handled, or undefined. */
  async commandResult(commandId: string): Promise<AppendResult | undefined> {
    const { rows } = await this.pool.query<{ result: Omit<AppendResult, 'duplicate'> | null }>(
      `SELECT result FROM ${this.schema}.commands WHERE command_id = $1`,
      [commandId],
    );
    return rows[0]?.result ? { ...rows[0].result, duplicate: true } : undefined;
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(`SELECT version FROM ${this.schema}.streams WHERE stream_id = $1`, [streamId]);
    return rows[0]?.version ?? 0;
  }

  /** Events of one stream with version > afterVersion, in version order, upcast to today's schema. */
  async readStream(streamId: string, afterVersion = 0, toVersion?: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.schema}.events e
        WHERE e.stream_id = $1 AND e.version > $2 AND ($3::int IS NULL OR e.version <= $3) ORDER BY e.version`,
      [streamId, afterVersion, toVersion ?? null],
    );
    return rows.map((r) => this.toStored(r));
  }

  /**
   * Up to `limit` events after `after` in global order. Only events of transactions older than every
   * transaction still running are returned, so a reader that checkpoints the last event it read can never
   * skip one that commits later.
   */
  async readAll(after: GlobalPosition = START_OF_STORE, limit = 500, client?: PoolClient): Promise<StoredEvent[]> {
    const { rows } = await (client ?? this.pool).query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.schema}.events e
        WHERE (e.transaction_id, e.position) > ($1::text::xid8, $2::bigint)
          AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.transaction_id, e.position
        LIMIT $3`,
      [after.transactionId, after.position, limit],
    );
    return rows.map((r) => this.toStored(r));
  }

  /** The global position of the newest event visible to readers (for lag measurement). */
  async headPosition(): Promise<GlobalPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; position: string }>(
      `SELECT e.transaction_id::text AS transaction_id, e.position::text AS position FROM ${this.schema}.events e
        WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1`,
    );
    return rows[0] ? { transactionId: rows[0].transaction_id, position: rows[0].position } : START_OF_STORE;
  }

  async loadSnapshot<S>(streamId: string, stateVersion: string): Promise<Snapshot<S> | undefined> {
    const { rows } = await this.pool.query<{ version: number; state: S }>(
      `SELECT version, state FROM ${this.schema}.snapshots WHERE stream_id = $1 AND state_version = $2`,
      [streamId, stateVersion],
    );
    return rows[0];
  }

  /** Keeps the newest snapshot only; an older one never overwrites a newer. */
  async saveSnapshot<S>(streamId: string, version: number, state: S, stateVersion: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.schema}.snapshots (stream_id, version, state, state_version) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state,
         state_version = EXCLUDED.state_version, taken_at = now()
       WHERE ${this.schema}.snapshots.version < EXCLUDED.version OR ${this.schema}.snapshots.state_version <> EXCLUDED.state_version`,
      [streamId, version, JSON.stringify(state), stateVersion],
    );
  }

  private toStored(r: EventRow): StoredEvent {
    const { schemaVersion, data } = this.upcasters.isEmpty
      ? { schemaVersion: r.schema_version, data: r.data }
      : this.upcasters.apply(r.type, r.schema_version, r.data);
    return {
      eventId: r.event_id,
      type: r.type,
      schemaVersion,
      data,
      metadata: r.metadata,
      occurredAt: r.occurred_at.toISOString(),
      streamId: r.stream_id,
      streamType: r.stream_type,
      version: r.version,
      global: { transactionId: r.transaction_id, position: r.position },
      recordedAt: r.recorded_at.toISOString(),
      hash: r.hash,
      prevHash: r.prev_hash,
    };
  }
}
