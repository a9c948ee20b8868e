import type { ClientBase } from 'pg';

/** A command a reactor derived from another service's event and its decider refused (messaging.refused_commands). */
export interface RefusedCommand {
  readonly commandId: string;
  readonly consumer: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly commandType: string;
  readonly code: string;
  readonly clause: string | null;
  readonly message: string;
  readonly command: Record<string, unknown>;
  /** The source event's time: when the play that was refused happened. */
  readonly occurredAt: string;
}

type Queryable = Pick<ClientBase, 'query'>;

/** In the transaction that moves the checkpoint past the events: once per command id, however often replayed. */
export async function recordRefusals(tx: Queryable, refusals: readonly RefusedCommand[]): Promise<void> {
  if (refusals.length === 0) return;
  await tx.query(
    `INSERT INTO messaging.refused_commands (command_id, consumer, event_id, event_type, stream_id, command_type, code, clause, message, command, occurred_at)
     SELECT r->>'commandId', r->>'consumer', r->>'eventId', r->>'eventType', r->>'streamId', r->>'commandType', r->>'code', r->>'clause', r->>'message',
            r->'command', (r->>'occurredAt')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT (command_id) DO NOTHING`,
    [JSON.stringify(refusals)],
  );
}

/** What a supervisor reviews: the refused commands of one consumer (or all), oldest first. */
export async function listRefusedCommands(db: Queryable, consumer?: string, limit = 100): Promise<(RefusedCommand & { refusedAt: string })[]> {
  const { rows } = await db.query<{
    command_id: string; consumer: string; event_id: string; event_type: string; stream_id: string; command_type: string; code: string;
    clause: string | null; message: string; command: Record<string, unknown>; occurred_at: Date; refused_at: Date;
  }>(
    `SELECT * FROM messaging.refused_commands WHERE ($1::text IS NULL OR consumer = $1) ORDER BY occurred_at, command_id LIMIT $2`,
    [consumer ?? null, limit],
  );
  return rows.map((r) => ({
    commandId: r.command_id,
    consumer: r.consumer,
    eventId: r.event_id,
    eventType: r.event_type,
    streamId: r.stream_id,
    commandType: r.command_type,
    code: r.code,
    clause: r.clause,
    message: r.message,
    command: r.command,
    occurredAt: r.occurred_at.toISOString(),
    refusedAt: r.refused_at.toISOString(),
  }));
}
