import { IntegrationEvent, integrationEventProblem, upcastIntegrationEvent } from '@app/contracts';

/** The header naming the event store a message was published from (its `storeId()`). */
export const ORIGIN_HEADER = 'origin';

/**
 * Kafka message of an integration event: key = stream id (per-stream order), JSON value, type in headers, and the
 * id of the store it comes from (`origin`), by which a consumer tells its source's events from another store's.
 */
export const encodeIntegrationEvent = (e: IntegrationEvent, origin?: string) => ({
  key: e.streamId,
  value: JSON.stringify(e),
  headers: { 'event-type': e.type, 'event-id': e.eventId, 'content-type': 'application/json', ...(origin ? { [ORIGIN_HEADER]: origin } : {}) },
});

/** The store a message says it comes from, or undefined (a message published before stores had an identity). */
export const originOf = (headers: Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined): string | undefined => {
  const value = headers?.[ORIGIN_HEADER];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
};

export type Decoded = { readonly ok: true; readonly event: IntegrationEvent } | { readonly ok: false; readonly error: string };

export const decodeIntegrationEvent = (value: Buffer | string | null): Decoded => {
  if (value === null) return { ok: false, error: 'Empty message value (tombstone): integration events are never null.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch (err) {
    return { ok: false, error: `Message value is not JSON: ${(err as Error).message}` };
  }
  const problem = integrationEventProblem(parsed);
  // Messages published before a field was added come back in today's shape (libs/contracts integration-upcasters).
  return problem ? { ok: false, error: `Not an integration event envelope: ${problem}` } : { ok: true, event: upcastIntegrationEvent(parsed as IntegrationEvent) };
};
