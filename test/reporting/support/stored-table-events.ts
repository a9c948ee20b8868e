/**
 * Domain events of the table decider as the tables service stores them (the platform's tables source maps them to
 * the contract), each recorded by the actor of its command: reporting tests built from real decider output.
 */
import type { IntegrationEvent, SourceEvent } from '@app/contracts';
import type { NewEvent } from '@app/event-store';
import { toIntegrationEvent } from '../../../apps/tables/src/integration/to-integration-event';
import { DEALER, T0 } from '../../../apps/tables/src/table/table-fixtures';
import type { Actor, TableEvent } from '../../../apps/tables/src/table/table.events';

export const storedTableEvents = (stream: number, events: readonly TableEvent[], rulebookVersion = 'crown-melbourne-v29'): NewEvent[] =>
  events.map((e, i) => {
    const { type, ...data } = e;
    const id = `00000000-0000-4000-8000-${String(stream).padStart(4, '0')}${String(i).padStart(8, '0')}`;
    const actor = (e as { by?: Actor }).by ?? DEALER;
    return { eventId: id, type, schemaVersion: 1, data, metadata: { actor, commandId: id, correlationId: id, causationId: null, rulebookVersion }, occurredAt: T0 };
  });

/** A table's domain events as the tables service publishes them (its relay's mapping): what a what-if reads. */
export const publishedTableEvents = (tableId: string, events: readonly TableEvent[]): IntegrationEvent[] =>
  events.flatMap((e, i) => {
    const { type, ...data } = e;
    const stored: SourceEvent = {
      eventId: `e${i}`, type, schemaVersion: 1, data: data as Record<string, unknown>, occurredAt: T0, streamId: `table-${tableId}`, streamType: 'table', version: i + 1,
      metadata: { actor: (e as { by?: Actor }).by ?? DEALER, commandId: `c${i}`, correlationId: `c${i}`, causationId: null, rulebookVersion: 'crown-melbourne-v29' },
      global: { transactionId: '1', position: String(i + 1) },
    };
    const mapped = toIntegrationEvent(stored);
    return mapped ? [mapped] : [];
  });
