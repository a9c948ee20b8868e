import type { PoolClient } from 'pg';
import type { SourceRef } from './reporting-batch';
import type { RowSpec } from './row-spec';

/**
 * Where the events behind a counted read model came from: per read-model table, table and gaming day, the first
 * and last position of the source's global order that added to it and how many events did. Counters (table and
 * bet statistics) keep no event ids, so without this a report built from them could not name the event positions
 * a regulator re-derives it from (its manifest's `eventPositions`).
 */
export const SOURCE_SPANS: RowSpec = {
  table: 'source_spans',
  key: ['read_model', 'table_id', 'gaming_day', 'source'],
  columns: {
    read_model: 'text',
    table_id: 'text',
    gaming_day: 'text',
    source: 'text',
    from_tx: 'numeric',
    from_pos: 'bigint',
    to_tx: 'numeric',
    to_pos: 'bigint',
    events: 'integer',
  },
};

interface Span {
  readModel: string;
  tableId: string;
  gamingDay: string;
  source: string;
  from: [bigint, bigint];
  to: [bigint, bigint];
  eventIds: Set<string>;
}

const before = (a: [bigint, bigint], b: [bigint, bigint]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** One batch's spans, merged into the stored ones on flush (earliest from, latest to, events added). */
export class SourceSpanRecorder {
  private readonly spans = new Map<string, Span>();

  note(readModel: string, tableId: string, gamingDay: string, ref: SourceRef): void {
    const k = `${readModel}\u0000${tableId}\u0000${gamingDay}\u0000${ref.source}`;
    const p: [bigint, bigint] = [BigInt(ref.source_tx), BigInt(ref.source_pos)];
    const s = this.spans.get(k);
    if (!s) {
      this.spans.set(k, { readModel, tableId, gamingDay, source: ref.source, from: p, to: p, eventIds: new Set([ref.event_id]) });
      return;
    }
    if (before(p, s.from)) s.from = p;
    if (before(s.to, p)) s.to = p;
    s.eventIds.add(ref.event_id);
  }

  async flush(tx: PoolClient, schema: string): Promise<void> {
    if (this.spans.size === 0) return;
    const rows = [...this.spans.values()].map((s) => ({
      read_model: s.readModel,
      table_id: s.tableId,
      gaming_day: s.gamingDay,
      source: s.source,
      from_tx: String(s.from[0]),
      from_pos: String(s.from[1]),
      to_tx: String(s.to[0]),
      to_pos: String(s.to[1]),
      events: s.eventIds.size,
    }));
    this.spans.clear();
    await tx.query(
      `INSERT INTO ${schema}.source_spans AS s (read_model, table_id, gaming_day, source, from_tx, from_pos, to_tx, to_pos, events)
       SELECT read_model, table_id, gaming_day, source, from_tx, from_pos, to_tx, to_pos, events
         FROM jsonb_to_recordset($1::jsonb) AS r(read_model text, table_id text, gaming_day text, source text, from_tx numeric, from_pos bigint, to_tx numeric, to_pos bigint, events integer)
       ON CONFLICT (read_model, table_id, gaming_day, source) DO UPDATE SET
         from_tx = CASE WHEN (EXCLUDED.from_tx, EXCLUDED.from_pos) < (s.from_tx, s.from_pos) THEN EXCLUDED.from_tx ELSE s.from_tx END,
         from_pos = CASE WHEN (EXCLUDED.from_tx, EXCLUDED.from_pos) < (s.from_tx, s.from_pos) THEN EXCLUDED.from_pos ELSE s.from_pos END,
         to_tx = CASE WHEN (EXCLUDED.to_tx, EXCLUDED.to_pos) > (s.to_tx, s.to_pos) THEN EXCLUDED.to_tx ELSE s.to_tx END,
         to_pos = CASE WHEN (EXCLUDED.to_tx, EXCLUDED.to_pos) > (s.to_tx, s.to_pos) THEN EXCLUDED.to_pos ELSE s.to_pos END,
         events = s.events + EXCLUDED.events`,
      [JSON.stringify(rows)],
    );
  }
}
