import type { IntegrationEvent } from '@app/contracts';
import type { PoolClient } from 'pg';
import { addToRows, insertRows, Row, RowSpec, upsertRows } from './row-spec';
import { SourceSpanRecorder } from './source-spans';

/** Where an event sits in its source's global order: recorded on rows so reports can state what they cover. */
export interface SourceRef {
  readonly source: string;
  readonly source_tx: string;
  readonly source_pos: string;
  readonly event_id: string;
}

export const sourceRef = (e: IntegrationEvent): SourceRef => ({
  source: e.source,
  source_tx: e.position.transactionId,
  source_pos: e.position.position,
  event_id: e.eventId,
});

interface CounterBucket {
  readonly spec: RowSpec;
  readonly counters: readonly string[];
  /** The same columns as a set: `add` runs for every settled wager of a rebuild, millions of times. */
  readonly counterSet: ReadonlySet<string>;
  readonly rows: Map<string, Row>;
}

/**
 * One transaction's worth of read-model changes. Projections reduce events into it in memory (reading the
 * rows they need once per batch), and `flush` writes everything with a few set-based statements: a live
 * event and a rebuild batch of thousands go through the same code, so rebuilt equals live.
 *
 * - `row` / `putRow`: whole rows read first and written back (per-table state; one Kafka partition per table).
 * - `add`: counters, written as `col = col + delta` so concurrent batches never lose an update.
 * - `insert`: append-only rows keyed by event id; a redelivered event inserts nothing.
 * - `afterInserts`: statements that must see this batch's inserts (e.g. marking an earlier coup void).
 */
export class ReportingBatch {
  private readonly loaded = new Map<string, Map<string, Row | null>>();
  private readonly dirty = new Map<string, { spec: RowSpec; keys: Set<string> }>();
  private readonly counters = new Map<string, CounterBucket>();
  private readonly inserts = new Map<string, { spec: RowSpec; rows: Map<string, Row> }>();
  private readonly later: { sql: string; params: unknown[] }[] = [];
  /** Rows read ahead for a whole batch with one query (e.g. completed coups that may be voided), by caller-chosen key. */
  readonly prefetched = new Map<string, Row | null>();
  /**
   * The event being reduced, set by a projection that wants the counters of one read-model table traced: every
   * row of it keyed by table and gaming day the event adds to records its source position (source_spans), for
   * report manifests.
   */
  tracing: { readonly ref: SourceRef; readonly table: string } | null = null;
  private readonly spans = new SourceSpanRecorder();

  constructor(
    readonly tx: PoolClient,
    readonly schema: string,
  ) {}

  private keyOf(spec: RowSpec, values: Row): string {
    let k = String(values[spec.key[0]]);
    for (let i = 1; i < spec.key.length; i++) k += `\u0000${String(values[spec.key[i]])}`;
    return k;
  }

  /** The current row (this batch's version if it changed it), or null. Reads the database once per key. */
  async row(spec: RowSpec, key: Row): Promise<Row | null> {
    let cache = this.loaded.get(spec.table);
    if (!cache) this.loaded.set(spec.table, (cache = new Map()));
    const k = this.keyOf(spec, key);
    if (cache.has(k)) return cache.get(k) ?? null;
    const where = spec.key.map((c, i) => `${c} = $${i + 1}`).join(' AND ');
    const { rows } = await this.tx.query<Row>(`SELECT * FROM ${this.schema}.${spec.table} WHERE ${where} FOR UPDATE`, spec.key.map((c) => key[c]));
    const row = rows[0] ? normalise(spec, rows[0]) : null;
    cache.set(k, row);
    return row;
  }

  /** Replaces a row (read with `row` first, or new). */
  putRow(spec: RowSpec, row: Row): void {
    let cache = this.loaded.get(spec.table);
    if (!cache) this.loaded.set(spec.table, (cache = new Map()));
    const k = this.keyOf(spec, row);
    cache.set(k, row);
    let d = this.dirty.get(spec.table);
    if (!d) this.dirty.set(spec.table, (d = { spec, keys: new Set() }));
    d.keys.add(k);
  }

  /** Adds `deltas` to the counters of the row with `key`; other given columns are set to the newest non-null value. */
  add(spec: RowSpec, counters: readonly string[], key: Row, deltas: Row): void {
    let bucket = this.counters.get(spec.table);
    if (!bucket) this.counters.set(spec.table, (bucket = { spec, counters, counterSet: new Set(counters), rows: new Map() }));
    const k = this.keyOf(spec, key);
    if (this.tracing?.table === spec.table && typeof key.table_id === 'string' && typeof key.gaming_day === 'string') this.spans.note(spec.table, key.table_id, key.gaming_day, this.tracing.ref);
    const row = bucket.rows.get(k);
    if (!row) {
      bucket.rows.set(k, { ...key, ...deltas });
      return;
    }
    for (const c in deltas) {
      const v = deltas[c];
      if (bucket.counterSet.has(c)) row[c] = ((row[c] as number | undefined) ?? 0) + (v as number);
      else if (v !== null && v !== undefined) row[c] = v;
    }
  }

  /** Counters of a row as this batch has them so far (not including what is already stored). */
  pendingCounters(spec: RowSpec, key: Row): Row | undefined {
    return this.counters.get(spec.table)?.rows.get(this.keyOf(spec, key));
  }

  insert(spec: RowSpec, row: Row): void {
    let bucket = this.inserts.get(spec.table);
    if (!bucket) this.inserts.set(spec.table, (bucket = { spec, rows: new Map() }));
    const k = this.keyOf(spec, row);
    if (!bucket.rows.has(k)) bucket.rows.set(k, row);
  }

  /** A row inserted earlier in this batch, to amend before it is written. */
  pendingInsert(spec: RowSpec, key: Row): Row | undefined {
    return this.inserts.get(spec.table)?.rows.get(this.keyOf(spec, key));
  }

  afterInserts(sql: string, params: unknown[]): void {
    this.later.push({ sql, params });
  }

  async flush(): Promise<void> {
    for (const { spec, keys } of this.dirty.values()) {
      const cache = this.loaded.get(spec.table)!;
      await upsertRows(this.tx, this.schema, spec, [...keys].map((k) => cache.get(k)!));
    }
    for (const { spec, counters, rows } of this.counters.values()) await addToRows(this.tx, this.schema, spec, [...rows.values()], counters);
    for (const { spec, rows } of this.inserts.values()) await insertRows(this.tx, this.schema, spec, [...rows.values()]);
    for (const { sql, params } of this.later) await this.tx.query(sql, params);
    await this.spans.flush(this.tx, this.schema);
    this.dirty.clear();
    this.counters.clear();
    this.inserts.clear();
    this.later.length = 0;
  }
}

/** pg returns bigint and numeric as strings: bring counters back to numbers (cents stay below 2^53). */
const normalise = (spec: RowSpec, row: Row): Row => {
  const out: Row = {};
  for (const [c, t] of Object.entries(spec.columns)) {
    const v = row[c];
    out[c] = (t === 'bigint' || t === 'integer') && v !== null && v !== undefined ? Number(v) : v;
  }
  return out;
};
