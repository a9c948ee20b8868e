/**
 * Domain events of the table decider as the tables service stores them (the platform's tables source maps them to
 * the contract), each recorded by the actor of its command: reporting tests built from real decider output.
 */
import type { NewEvent } from '@app/event-store';
import { DEALER, T0 } from '../../../apps/tables/src/table/table-fixtures';
import type { Actor, TableEvent } from '../../../apps/tables/src/table/table.events';

export const storedTableEvents = (stream: number, events: readonly TableEvent[], rulebookVersion = 'crown-melbourne-v29'): NewEvent[] =>
  events.map((e, i) => {
    const { type, ...data } = e;
    const id = `00000000-0000-4000-8000-${String(stream).padStart(4, '0')}${String(i).padStart(8, '0')}`;
    const actor = (e as { by?: Actor }).by ?? DEALER;
    return { eventId: id, type, schemaVersion: 1, data, metadata: { actor, commandId: id, correlationId: id, causationId: null, rulebookVersion }, occurredAt: T0 };
  });
