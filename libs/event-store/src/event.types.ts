/** Who did it and why: recorded with every event (issue "Event store": actor and role, command id, correlation and causation ids, time, rulebook version). */
export interface EventMetadata {
  readonly actor: { readonly id: string; readonly role: string };
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** Rulebook version in force for the play this event records, e.g. "crown-melbourne-v29". */
  readonly rulebookVersion: string | null;
  readonly reason?: string;
}

/** A domain event as deciders produce it: plain readonly data with a string `type`. */
export interface DomainEvent {
  readonly type: string;
}

/** What the store is asked to append. `eventId` and `occurredAt` come from outside the domain (ids and time are inputs). */
export interface NewEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  /** ISO-8601 instant, millisecond precision. */
  readonly occurredAt: string;
}

/**
 * A position in the store's global order. Ordered by (transactionId, position): see docs/ARCHITECTURE.md,
 * a reader following bigserial positions alone could skip an event whose transaction commits late.
 * Both are decimal strings because they are 64-bit.
 */
export interface GlobalPosition {
  readonly transactionId: string;
  readonly position: string;
}

export const START_OF_STORE: GlobalPosition = { transactionId: '0', position: '0' };

export interface StoredEvent extends NewEvent {
  readonly streamId: string;
  readonly streamType: string;
  /** 1-based version of the event within its stream. */
  readonly version: number;
  readonly global: GlobalPosition;
  readonly recordedAt: string;
  readonly hash: string;
  readonly prevHash: string;
}

/** Expected version for an append: a number (0 = the stream must not exist yet) or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  readonly streamId: string;
  /** Version of the stream before the append. */
  readonly fromVersion: number;
  /** Version of the stream after the append. */
  readonly toVersion: number;
  /** True when the command id had been seen before: nothing was appended, this is the original result. */
  readonly duplicate: boolean;
}

export const compareGlobal = (a: GlobalPosition, b: GlobalPosition): number => {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.position) - BigInt(b.position);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
};
