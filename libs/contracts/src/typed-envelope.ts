import type { IntegrationEvent } from './integration-event';
import type { JackpotsIntegrationEvent } from './jackpots.events';
import type { TablesIntegrationEvent } from './tables.events';

/**
 * The envelope of a contract's events as a discriminated union: `type` is each event's literal and `data` its
 * fields, so `switch (event.type)` types `event.data` with no cast. A projection declares the envelope of
 * the topics it reads (`apply(event: TablesEnvelope, tx)`); the messaging library hands it envelopes it has
 * checked (integrationEventProblem) and upcast to today's version (integration-upcasters.ts).
 */
export type EnvelopeOf<E extends { readonly type: string }> = E extends unknown ? Omit<IntegrationEvent<Omit<E, 'type'>>, 'type'> & { readonly type: E['type'] } : never;

/** What a consumer of baccarat.tables.events receives. */
export type TablesEnvelope = EnvelopeOf<TablesIntegrationEvent>;
/** What a consumer of baccarat.jackpots.events receives. */
export type JackpotsEnvelope = EnvelopeOf<JackpotsIntegrationEvent>;
