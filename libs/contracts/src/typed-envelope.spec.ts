import { envelopeOf } from './integration-event';
import type { TablesEnvelope } from './typed-envelope';

/** What a projection does with a typed envelope: narrow by type, read data with no cast. */
const coupOf = (event: TablesEnvelope): string | null => {
  switch (event.type) {
    case 'CoupCompleted':
      return `${event.data.tableId}/${event.data.coupId} ${event.data.result}`;
    case 'CoupVoided':
      // @ts-expect-error a CoupVoided has no result: the compiler says so (tsc in npm run lint fails if it stops)
      return event.data.result;
    default:
      return null;
  }
};

describe('TablesEnvelope (typed integration envelope)', () => {
  it('narrows data by the event type', () => {
    const stored = { eventId: 'e1', type: 'CoupCompleted', schemaVersion: 1, streamId: 'table-T1', streamType: 'table', version: 3, global: { transactionId: '1', position: '3' }, occurredAt: '2026-11-25T10:00:00.000Z', metadata: { actor: { id: 'd', role: 'dealer' }, commandId: 'c', correlationId: 'k', causationId: null, rulebookVersion: null }, data: { tableId: 'T1', coupId: 'c7', result: 'banker' } };
    // Only part of a CoupCompleted's data: enough for what this reads (the messaging library hands projections whole events).
    const event = envelopeOf('tables', stored) as unknown as TablesEnvelope;
    expect(coupOf(event)).toBe('T1/c7 banker');
  });
});
