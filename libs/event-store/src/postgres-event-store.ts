import type { Pool, PoolClient, QueryResult } from 'pg';
import { ConcurrencyError } from './concurrency-error';
import { AppendResult, ExpectedVersion, GlobalPosition, NewEvent, START_OF_STORE, StoredEvent } from './event.types';
import { EVENT_STORE_MIGRATIONS } from './migrations/event-store.migrations';
import { runMigrations } from './migrations/migrations';
import { assertSchemaName, VERSION_CONFLICT_SQLSTATE } from './schema.sql';
import { sqlLiteral } from './sql-literal';
import { UpcasterChain, Upcaster } from './upcasters';

/** A pool, or one connection inside a transaction the caller owns. */
export type Queryable = Pool | PoolClient;

/** The state of a stream's head, read while holding the stream's lock. */
export interface StreamHead {
  readonly version: number;
  /** Id of the stream's newest event (null for a stream with no events). */
  readonly lastEventId: string | null;
}

/** One stream's part of a multi-stream append (`appendMany`). */
export interface StreamAppend {
  readonly streamId: string;
  readonly streamType: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly NewEvent[];
  readonly commandId?: string;
}

export interface Snapshot<S> {
  readonly version: number;
  readonly state: S;
}

/** A stream's state at a version, to be saved as its snapshot. */
export interface SnapshotToSave {
  readonly streamId: string;
  readonly version: number;
  readonly state: unknown;
  readonly stateVersion: string;
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
 * The statement reading streams' heads (`stream_id`, `version`, `event_id` of the newest event), with the ids as
 * literals: for a caller that puts it in a multi-statement round trip of its own (after taking its locks), where no
 * parameters can be passed. Streams with no event have no row.
 */
export const streamHeadsSql = (schema: string, streamIds: readonly string[]): string =>
  `SELECT s.stream_id, s.version, e.event_id FROM ${assertSchemaName(schema)}.streams s JOIN ${schema}.events e ON e.stream_id = s.stream_id AND e.version = s.version WHERE s.stream_id IN (${streamIds.length ? streamIds.map(sqlLiteral).join(', ') : 'NULL'})`;

/**
 * One service's event store in PostgreSQL (its own schema). Appends go through the `append_events` function:
 * one round trip, one transaction per command. Reads in global order never pass a transaction that is still
 * in flight, so a late commit is never skipped.
 */
export class PostgresEventStore {
  readonly schema: string;
  private readonly upcasters: UpcasterChain;

  private readonly upcasterList: readonly Upcaster[];

  /**
   * `db` is the service's pool, or a connection inside a transaction the caller owns (then every read and
   * append joins that transaction). Use `within(tx)` to get the second from the first.
   */
  constructor(
    private readonly pool: Queryable,
    schema: string,
    upcasters: readonly Upcaster[] = [],
  ) {
    this.schema = assertSchemaName(schema);
    this.upcasterList = upcasters;
    this.upcasters = new UpcasterChain(upcasters);
  }

  /** The same store, read and written inside the caller's transaction `tx`. */
  within(tx: PoolClient): PostgresEventStore {
    return new PostgresEventStore(tx, this.schema, this.upcasterList);
  }

  /** True when this store is bound to one transaction's connection rather than to a pool. */
  get inTransaction(): boolean {
    return 'release' in this.pool;
  }

  /**
   * Runs `work` in one transaction on a connection of this store's pool: committed when it resolves, rolled
   * back when it throws. A store already bound to a transaction runs `work` in that one.
   */
  async transaction<T>(work: (store: PostgresEventStore, tx: PoolClient) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this, this.pool as PoolClient);
    const client = await (this.pool as Pool).connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(this.within(client), client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * Takes the stream's lock for the rest of the transaction (the lock every append takes) and reads its head.
   * Two statements in one round trip: the second gets its snapshot after the lock is granted, so the head it
   * reads cannot move before this transaction appends. Only on a store bound to a transaction.
   */
  async lockStream(streamId: string): Promise<StreamHead> {
    if (!this.inTransaction) throw new Error('lockStream needs a store bound to a transaction: use store.within(tx) or store.transaction(...).');
    const client = this.pool as PoolClient;
    const id = client.escapeLiteral(streamId);
    const results = (await client.query(`SELECT pg_advisory_xact_lock(hashtext(${id})); ${streamHeadsSql(this.schema, [streamId])}`)) as unknown as QueryResult<{ version: number; event_id: string }>[]; // a multi-statement query answers one result per statement
    const head = results[1].rows[0];
    return head ? { version: head.version, lastEventId: head.event_id } : { version: 0, lastEventId: null };
  }

  /**
   * The store's identity (migration 0003): drawn once when the store was created, the same for every process and
   * replica using it. Sent with each published message, so a consumer tells its source's events from another store's.
   */
  async storeId(): Promise<string> {
    const { rows } = await this.pool.query<{ store_id: string }>(`SELECT store_id::text AS store_id FROM ${this.schema}.store_identity`);
    if (!rows[0]) throw new Error(`The event store ${this.schema} has no identity: run its migrations (store.migrate()).`);
    return rows[0].store_id;
  }

  /**
   * Brings the store's schema up to date: applies the event store's pending migrations (EVENT_STORE_MIGRATIONS)
   * and records them in `<schema>.schema_migrations`. Safe at every start, from several processes at once.
   */
  async migrate(): Promise<void> {
    await runMigrations(this.pool, EVENT_STORE_MIGRATIONS, this.schema);
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

  /**
   * Appends to several streams in ONE transaction and one round trip: every stream's version check, hash chain
   * and command id as `append` does, all or nothing (a conflict on one stream appends nothing to any). Appends
   * to one stream follow each other in the order given. With `thenCommit`, on a store bound to the caller's
   * transaction, the same round trip commits that transaction (the caller then must not COMMIT it again; on a
   * failure it is aborted and the caller rolls it back).
   */
  async appendMany(appends: readonly StreamAppend[], options: { readonly thenCommit?: boolean } = {}): Promise<AppendResult[]> {
    if (!appends.length && !options.thenCommit) return [];
    if (options.thenCommit && !this.inTransaction) throw new Error('appendMany thenCommit needs a store bound to a transaction: use store.within(tx).');
    const payload = JSON.stringify(
      appends.map((a) => ({
        streamId: a.streamId,
        streamType: a.streamType,
        expectedVersion: a.expectedVersion === 'any' ? -1 : a.expectedVersion,
        commandId: a.commandId ?? null,
        events: a.events.map((e) => ({ eventId: e.eventId, type: e.type, schemaVersion: e.schemaVersion, data: e.data, metadata: e.metadata, occurredAt: e.occurredAt })),
      })),
    );
    type Row = { r: { duplicate: boolean; result: Omit<AppendResult, 'duplicate'> }[] };
    try {
      let rows: Row[];
      if (options.thenCommit) {
        // A simple (multi-statement) query takes no parameters: the payload goes in as an escaped literal.
        const client = this.pool as PoolClient;
        const statements = [...(appends.length ? [`SELECT ${this.schema}.append_events_many(${sqlLiteral(payload)}::jsonb) AS r`] : []), 'COMMIT'];
        const results = (await client.query(statements.join('; '))) as unknown as QueryResult<Row>[] | QueryResult<Row>;
        rows = Array.isArray(results) ? results[0].rows : [];
      } else {
        rows = (await this.pool.query<Row>(`SELECT ${this.schema}.append_events_many($1::jsonb) AS r`, [payload])).rows;
      }
      return rows.length ? rows[0].r.map(({ duplicate, result }) => ({ ...result, duplicate })) : [];
    } catch (err) {
      const pgErr = err as { code?: string; detail?: string; hint?: string };
      if (pgErr.code === VERSION_CONFLICT_SQLSTATE) {
        const streamId = pgErr.hint ?? appends[0].streamId;
        const expected = appends.find((a) => a.streamId === streamId)?.expectedVersion ?? -1;
        throw new ConcurrencyError(streamId, expected === 'any' ? -1 : expected, Number(pgErr.detail));
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

  /**
   * A command and its follow-ups (commands recorded as `<commandId>:<suffix>`), each with the stream it appended to and
   * what it appended: what a retried command answers with. A follow-up is matched by prefix only; the caller keeps the
   * events the command caused. A scan of the command ids, paid only by a retry.
   */
  async commandAndFollowUps(commandId: string): Promise<{ commandId: string; streamId: string; result: Omit<AppendResult, 'duplicate'> | null }[]> {
    const { rows } = await this.pool.query<{ command_id: string; stream_id: string; result: Omit<AppendResult, 'duplicate'> | null }>(
      `SELECT command_id, stream_id, result FROM ${this.schema}.commands WHERE command_id = $1 OR starts_with(command_id, $2)`,
      [commandId, `${commandId}:`],
    );
    return rows.map((r) => ({ commandId: r.command_id, streamId: r.stream_id, result: r.result }));
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(`SELECT version FROM ${this.schema}.streams WHERE stream_id = $1`, [streamId]);
    return rows[0]?.version ?? 0;
  }

  /** Ids of every stream of one type, in id order. */
  async streamIds(streamType: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ stream_id: string }>(`SELECT stream_id FROM ${this.schema}.streams WHERE stream_type = $1 ORDER BY stream_id`, [streamType]);
    return rows.map((r) => r.stream_id);
  }

  /**
   * The service's own events of the given types whose data contains `contains` (JSON containment: `{ tableId: 'T1' }`,
   * `{ tableIds: ['T1'] }`), in stream and version order, upcast. For a lookup a service makes of its own facts (the
   * tournaments designating a table); another service's facts reach it only through their published events.
   */
  async findEvents(types: readonly string[], contains: Record<string, unknown> = {}, inStream?: string): Promise<StoredEvent[]> {
    // A text value is matched as `data->>'key' = value`, the form expression indexes on the events table are built on.
    // `inStream` keeps the look-up to one stream's events (on the stream's own index), however many streams there are.
    const params: unknown[] = inStream === undefined ? [] : [inStream];
    const where = Object.entries(contains).map(([key, value]) => {
      params.push(typeof value === 'string' ? value : JSON.stringify({ [key]: value }));
      return typeof value === 'string' ? `e.data->>${sqlLiteral(key)} = $${params.length}` : `e.data @> $${params.length}::jsonb`;
    });
    const typeList = types.map(sqlLiteral).join(', ');
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.schema}.events e WHERE e.type IN (${typeList || 'NULL'})${inStream === undefined ? '' : ' AND e.stream_id = $1'}${where.map((w) => ` AND ${w}`).join('')} ORDER BY e.stream_id, e.version`,
      params,
    );
    return rows.map((r) => this.toStored(r));
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

  /**
   * Declares, on `reader` (inside a REPEATABLE READ transaction the caller opened), a cursor `name` over every event
   * visible to readers in global order, with `occurred_at` as ISO text: one snapshot and one ordered scan for a whole
   * replay (a keyset query per batch re-sorts what is left). The caller FETCHes from it and closes the transaction.
   */
  async declareReplayCursor(reader: PoolClient, name = 'replay'): Promise<void> {
    await reader.query(
      `DECLARE ${name} NO SCROLL CURSOR FOR
         SELECT e.position::text AS position, e.transaction_id::text AS transaction_id, e.event_id, e.stream_id, e.stream_type, e.version, e.type,
                e.schema_version, e.data, e.metadata, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at
           FROM ${this.schema}.events e
          WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY e.transaction_id, e.position`,
    );
  }

  /** True when a committed event lies after `after` in global order (whether or not readers may see it yet). */
  async hasEventsAfter(after: GlobalPosition): Promise<boolean> {
    const { rows } = await this.pool.query<{ behind: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${this.schema}.events e WHERE (e.transaction_id, e.position) > ($1::text::xid8, $2::bigint)) AS behind`,
      [after.transactionId, after.position],
    );
    return rows[0].behind;
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
    await this.saveSnapshots([{ streamId, version, state, stateVersion }]);
  }

  /** Several streams' snapshots in one statement (a settlement's accounts): the newest of each, as saveSnapshot. */
  async saveSnapshots(snapshots: readonly SnapshotToSave[]): Promise<void> {
    const newest = new Map<string, SnapshotToSave>();
    for (const s of snapshots) if ((newest.get(s.streamId)?.version ?? -1) < s.version) newest.set(s.streamId, s);
    if (!newest.size) return;
    // One JSON parameter, not a jsonb[] array: an array literal escapes every quote of every state (pg's
    // escapeElement), which for a long-lived stream's state (a tournament's scored coups) cost milliseconds a snapshot.
    const rows = [...newest.values()].map((s) => ({ stream_id: s.streamId, version: s.version, state: s.state, state_version: s.stateVersion }));
    await this.pool.query(
      `INSERT INTO ${this.schema}.snapshots (stream_id, version, state, state_version)
       SELECT s.stream_id, s.version, s.state, s.state_version FROM jsonb_to_recordset($1::jsonb) AS s(stream_id text, version integer, state jsonb, state_version text)
       ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state,
         state_version = EXCLUDED.state_version, taken_at = now()
       WHERE ${this.schema}.snapshots.version < EXCLUDED.version OR ${this.schema}.snapshots.state_version <> EXCLUDED.state_version`,
      [JSON.stringify(rows)],
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
