import { Role } from '../authorization/roles';

/** How a command ended, from the caller's side. */
export type AuditOutcome = 'succeeded' | 'refused' | 'rejected' | 'failed';

/** One audited command. The body is deliberately absent: it may carry player data; the events hold the facts. */
export interface AuditRecord {
  readonly occurredAt: Date;
  readonly service: string;
  /** Undefined when the caller could not be identified (401). */
  readonly actorId?: string;
  readonly actorName?: string;
  readonly actorRole?: Role;
  readonly method: string;
  /** Route template, e.g. `/tables/:tableId/close`. */
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
  /** One human line: who did what to which path and how it ended. */
  readonly summary: string;
  readonly status: number;
  readonly outcome: AuditOutcome;
  readonly errorCode?: string;
  readonly correlationId: string;
  /** The Idempotency-Key (= event store command id) when the caller sent one; ties the record to the events. */
  readonly commandId?: string;
  /** The casino of the record acted on (crown-melbourne, crown-sydney, star-sydney), when the route names one. */
  readonly casino?: string;
}

export const outcomeOf = (status: number): AuditOutcome =>
  status < 400 ? 'succeeded' : status === 401 || status === 403 ? 'refused' : status < 500 ? 'rejected' : 'failed';

/** Where audit records go. Implementations must be safe to call concurrently. */
export interface AuditSink {
  record(entry: AuditRecord): Promise<void>;
}
