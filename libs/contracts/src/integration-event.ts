/**
 * Integration events: what a service publishes for other services (docs/ARCHITECTURE.md "Events across services").
 * Domain events stay inside their service; a service maps the ones it chooses to publish into this versioned
 * envelope. Pure types and functions: no kafkajs or pg here, so every service and tool can import them.
 */

/** Services that publish a topic. Extend when a service starts publishing. */
export type PublishingService = 'tables' | 'jackpots' | 'tournaments' | 'reporting' | (string & NonNullable<unknown>);

/** One topic per service, e.g. `baccarat.tables.events`. */
export const topicFor = (service: PublishingService): string => {
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(service)) throw new Error(`Invalid service name "${service}": use lower-case letters, digits and dashes.`);
  return `baccarat.${service}.events`;
};

export const TOPICS = {
  tables: topicFor('tables'),
  jackpots: topicFor('jackpots'),
  reporting: topicFor('reporting'),
} as const;

/**
 * A position in the source service's global order, (transactionId, position) as decimal strings (64-bit).
 * Same shape as the event store's GlobalPosition; consumers use it to drop redeliveries.
 */
export interface SourcePosition {
  readonly transactionId: string;
  readonly position: string;
}

/** The envelope every message on a `baccarat.<service>.events` topic carries (JSON, key = streamId). */
export interface IntegrationEvent<T = Record<string, unknown>> {
  /** Id of the stored event it was mapped from: stable across republishing, so a dedupe key. */
  readonly eventId: string;
  /** Integration event type, e.g. `CoupSettled`. May differ from the domain event type. */
  readonly type: string;
  /** Schema version of `data` for this type; bump it when the shape changes incompatibly. */
  readonly version: number;
  /** Publishing service, e.g. `tables`. */
  readonly source: string;
  readonly streamId: string;
  readonly streamType: string;
  /** 1-based version of the source event within its stream. */
  readonly streamVersion: number;
  readonly position: SourcePosition;
  /** ISO-8601 instant the fact happened. */
  readonly occurredAt: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly rulebookVersion: string | null;
  readonly data: T;
}

/**
 * The fields of a stored event a mapping reads. The event store's StoredEvent satisfies it structurally, so
 * contracts stays free of the event store.
 */
export interface SourceEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Record<string, unknown>;
  readonly metadata: {
    readonly actor: { readonly id: string; readonly role: string };
    readonly commandId: string;
    readonly correlationId: string;
    readonly causationId: string | null;
    readonly rulebookVersion: string | null;
  };
  readonly occurredAt: string;
  readonly streamId: string;
  readonly streamType: string;
  readonly version: number;
  readonly global: SourcePosition;
}

/** Chooses what leaves a service: an integration event, or null to keep the stored event internal. */
export type IntegrationEventMapper = (stored: SourceEvent) => IntegrationEvent | null;

/** Builds the envelope around a stored event; `overrides` rename the type, set the version or reshape data. */
export const envelopeOf = <T = Record<string, unknown>>(
  source: string,
  stored: SourceEvent,
  overrides: { readonly type?: string; readonly version?: number; readonly data?: T } = {},
): IntegrationEvent<T> => ({
  eventId: stored.eventId,
  type: overrides.type ?? stored.type,
  version: overrides.version ?? stored.schemaVersion,
  source,
  streamId: stored.streamId,
  streamType: stored.streamType,
  streamVersion: stored.version,
  position: { transactionId: stored.global.transactionId, position: stored.global.position },
  occurredAt: stored.occurredAt,
  actor: { id: stored.metadata.actor.id, role: stored.metadata.actor.role },
  commandId: stored.metadata.commandId,
  correlationId: stored.metadata.correlationId,
  causationId: stored.metadata.causationId ?? null,
  rulebookVersion: stored.metadata.rulebookVersion ?? null,
  data: (overrides.data ?? stored.data) as T,
});

/**
 * The simplest mapping: publish the listed domain event types as they are (type, schema version and data
 * unchanged); everything else stays internal. Pass '*' to publish every event.
 */
export const publishTypes = (source: string, types: readonly string[] | '*'): IntegrationEventMapper => {
  const allowed = types === '*' ? undefined : new Set(types);
  return (stored) => (allowed && !allowed.has(stored.type) ? null : envelopeOf(source, stored));
};

const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * Checks a decoded message has the envelope's shape. Returns what is wrong, or null when it is an envelope;
 * consumers dead-letter messages that fail this instead of guessing.
 */
export const integrationEventProblem = (value: unknown): string | null => {
  if (typeof value !== 'object' || value === null) return 'not a JSON object';
  const e = value as Record<string, unknown>;
  for (const key of ['eventId', 'type', 'source', 'streamId', 'streamType', 'occurredAt', 'commandId', 'correlationId'] as const) {
    if (!isString(e[key])) return `"${key}" must be a string`;
  }
  if (!Number.isInteger(e.version)) return '"version" must be an integer';
  if (!Number.isInteger(e.streamVersion)) return '"streamVersion" must be an integer';
  const pos = e.position as Record<string, unknown> | null | undefined;
  if (!pos || !/^\d+$/.test(String(pos.transactionId)) || !/^\d+$/.test(String(pos.position))) {
    return '"position" must be {transactionId, position} decimal strings';
  }
  const actor = e.actor as Record<string, unknown> | null | undefined;
  if (!actor || !isString(actor.id) || !isString(actor.role)) return '"actor" must be {id, role} strings';
  if (typeof e.data !== 'object' || e.data === null) return '"data" must be an object';
  return null;
};
