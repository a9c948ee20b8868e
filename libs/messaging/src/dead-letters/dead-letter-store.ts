import type { IntegrationEvent } from '@app/contracts';
import type { ClientBase } from 'pg';

/** An event (or undecodable message) a consumer gave up on, kept with the error so nothing vanishes silently. */
export interface DeadLetter {
  readonly consumer: string;
  readonly source: string;
  readonly partition: number;
  readonly offset: string | null;
  readonly event: IntegrationEvent | null;
  readonly raw: string | null;
  readonly error: string;
  readonly attempts: number;
}

export interface StoredDeadLetter extends DeadLetter {
  readonly id: string;
  readonly failedAt: string;
}

type Queryable = Pick<ClientBase, 'query'>;

/** Inserts in the caller's transaction: the one that moves the checkpoint past these events. */
export async function insertDeadLetters(tx: Queryable, letters: readonly DeadLetter[]): Promise<void> {
  await tx.query(
    `INSERT INTO messaging.dead_letters (consumer, source, partition, kafka_offset, event_id, event_type, event, raw, error, attempts)
     SELECT d->>'consumer', d->>'source', (d->>'partition')::int, (d->>'offset')::bigint, d->'event'->>'eventId', d->'event'->>'type',
            NULLIF(d->'event', 'null'::jsonb), d->>'raw', d->>'error', (d->>'attempts')::int
       FROM jsonb_array_elements($1::jsonb) AS d`,
    [JSON.stringify(letters)],
  );
}

export async function listDeadLetters(db: Queryable, consumer?: string, limit = 100): Promise<StoredDeadLetter[]> {
  const { rows } = await db.query<{
    id: string; consumer: string; source: string; partition: number; kafka_offset: string | null; event: IntegrationEvent | null;
    raw: string | null; error: string; attempts: number; failed_at: Date;
  }>(
    `SELECT id::text AS id, consumer, source, partition, kafka_offset::text AS kafka_offset, event, raw, error, attempts, failed_at
       FROM messaging.dead_letters WHERE ($1::text IS NULL OR consumer = $1) ORDER BY id LIMIT $2`,
    [consumer ?? null, limit],
  );
  return rows.map((r) => ({
    id: r.id, consumer: r.consumer, source: r.source, partition: r.partition, offset: r.kafka_offset, event: r.event,
    raw: r.raw, error: r.error, attempts: r.attempts, failedAt: r.failed_at.toISOString(),
  }));
}

export async function countDeadLetters(db: Queryable, consumer: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM messaging.dead_letters WHERE consumer = $1', [consumer]);
  return Number(rows[0].n);
}
