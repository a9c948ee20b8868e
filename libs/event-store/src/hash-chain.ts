import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { assertSchemaName } from './schema.sql';

/** The first link of a stream's hash chain that does not hold, or none. */
export interface BrokenLink {
  readonly streamId: string;
  readonly version: number;
  readonly reason: 'content-altered' | 'chain-broken' | 'version-gap' | 'tail-missing';
  readonly detail: string;
}

export interface ChainVerification {
  readonly streamsChecked: number;
  readonly eventsChecked: number;
  readonly firstBrokenLink: BrokenLink | null;
}

interface LinkRow {
  stream_id: string;
  version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  occurred: string;
  hash: string;
  prev_hash: string;
}

/**
 * Recomputes every event's hash from its stored content and checks it links to the previous one, so a row
 * edited, deleted or inserted behind the store's back is found (regulators rely on this). The recomputation is
 * done here, independently of the SQL function that wrote the hashes, over the same canonical text.
 */
export async function verifyHashChains(pool: Pool, schema: string, streamId?: string): Promise<ChainVerification> {
  const s = assertSchemaName(schema);
  const streams = await pool.query<{ stream_id: string; version: number; last_hash: string }>(
    `SELECT stream_id, version, last_hash FROM ${s}.streams WHERE $1::text IS NULL OR stream_id = $1 ORDER BY stream_id`,
    [streamId ?? null],
  );
  let events = 0;
  for (const stream of streams.rows) {
    const { rows } = await pool.query<LinkRow>(
      `SELECT stream_id, version, event_id::text, type, schema_version, data::text AS data, metadata::text AS metadata,
              to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred, hash, prev_hash
         FROM ${s}.events WHERE stream_id = $1 ORDER BY version`,
      [stream.stream_id],
    );
    const broken = verifyLinks(stream.stream_id, rows, stream.version, stream.last_hash);
    events += rows.length;
    if (broken) return { streamsChecked: streams.rows.length, eventsChecked: events, firstBrokenLink: broken };
  }
  return { streamsChecked: streams.rows.length, eventsChecked: events, firstBrokenLink: null };
}

function verifyLinks(streamId: string, rows: LinkRow[], headVersion: number, headHash: string): BrokenLink | null {
  let prev = '';
  let expectedVersion = 1;
  for (const r of rows) {
    if (r.version !== expectedVersion) {
      return { streamId, version: expectedVersion, reason: 'version-gap', detail: `event ${expectedVersion} is missing; found ${r.version} next` };
    }
    if (r.prev_hash !== prev) {
      return { streamId, version: r.version, reason: 'chain-broken', detail: `prev_hash does not match the hash of event ${r.version - 1}` };
    }
    const content = [prev, r.event_id, r.stream_id, String(r.version), r.type, String(r.schema_version), r.data, r.metadata, r.occurred].join('|');
    const hash = createHash('sha256').update(content, 'utf8').digest('hex');
    if (hash !== r.hash) {
      return { streamId, version: r.version, reason: 'content-altered', detail: 'stored content does not hash to the recorded hash' };
    }
    prev = r.hash;
    expectedVersion += 1;
  }
  if (rows.length !== headVersion || prev !== headHash) {
    return { streamId, version: rows.length + 1, reason: 'tail-missing', detail: `stream head says version ${headVersion}, events end at ${rows.length}` };
  }
  return null;
}
