import type { IntegrationEvent } from './integration-event';

/**
 * Fields a later version of an integration event added, with what they mean for an event published before them:
 * per type, the version that added them. Only messages read back from a broker can be older than today's mapping
 * (a service's event store is always published through today's mapper), so readers of Kafka upcast here and every
 * consumer sees today's shape.
 */
const ADDED_FIELDS: Readonly<Record<string, readonly { readonly version: number; readonly defaults: Readonly<Record<string, unknown>> }[]>> = {
  // Version 2: the settlements a void of a settled coup undoes; a version 1 void undid none it published.
  CoupVoided: [{ version: 2, defaults: { reversedSettlements: [] } }],
  // Version 2: how the correction was found (Star 12.18-12.20), not published before.
  PaymentCorrected: [{ version: 2, defaults: { reason: null } }],
  // Version 2: the card concerned, not published before.
  IrregularityRecorded: [{ version: 2, defaults: { card: null } }],
  // Version 2: the clause a dummy coup rests on (readers fall back on the table's rulebook), and a settlement's clause.
  CoupStarted: [{ version: 2, defaults: { clause: null } }],
  CommissionSettled: [{ version: 2, defaults: { clause: null } }],
};

/** The event with the fields of the versions after its own filled in (as defaults, never over what it carries). */
export const upcastIntegrationEvent = (e: IntegrationEvent): IntegrationEvent => {
  const later = (ADDED_FIELDS[e.type] ?? []).filter((step) => step.version > e.version);
  if (later.length === 0) return e;
  const data = later.reduce<Record<string, unknown>>((d, step) => ({ ...step.defaults, ...d }), e.data);
  return { ...e, version: later[later.length - 1].version, data };
};
