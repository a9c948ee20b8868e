import { envelopeOf, SourceEvent } from '@app/contracts';
import { decodeIntegrationEvent, encodeIntegrationEvent } from './integration-event-codec';

const stored: SourceEvent = {
  eventId: '7c1f5a52-0d5e-4a43-9f0e-3c1e2b7b9a11',
  type: 'CoupCompleted',
  schemaVersion: 2,
  data: { tableId: 'T1', coup: 41 },
  metadata: { actor: { id: 'dealer-7', role: 'dealer' }, commandId: 'c-1', correlationId: 'corr-1', causationId: null, rulebookVersion: 'crown-melbourne-v29' },
  occurredAt: '2026-11-25T10:00:00.000Z',
  streamId: 'table-T1',
  streamType: 'table',
  version: 12,
  global: { transactionId: '9007199254740993', position: '88' },
};

describe('integration event codec', () => {
  it('keys a message by stream id and round-trips the envelope, 64-bit positions intact', () => {
    const message = encodeIntegrationEvent(envelopeOf('tables', stored));
    expect(message.key).toBe('table-T1');
    expect(message.headers['event-type']).toBe('CoupCompleted');
    const decoded = decodeIntegrationEvent(Buffer.from(message.value));
    expect(decoded).toEqual({ ok: true, event: envelopeOf('tables', stored) });
  });

  it('says what is wrong with a message that is not an envelope', () => {
    expect(decodeIntegrationEvent('not json')).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(decodeIntegrationEvent(JSON.stringify({ ...envelopeOf('tables', stored), position: { transactionId: 'x', position: '1' } }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('"position"'),
    });
    expect(decodeIntegrationEvent(null)).toMatchObject({ ok: false });
  });

  it('reads a message published before a field was added in today\'s shape, never over what it carries', () => {
    const v1 = envelopeOf('tables', { ...stored, type: 'CoupVoided', schemaVersion: 1, data: { tableId: 'T1', coupId: 'c1', returnedWagerIds: ['w1'] } }, { type: 'CoupVoided', version: 1, data: { tableId: 'T1', coupId: 'c1', returnedWagerIds: ['w1'] } });
    const decoded = decodeIntegrationEvent(encodeIntegrationEvent(v1).value);
    expect(decoded).toMatchObject({ ok: true, event: { type: 'CoupVoided', version: 2, data: { coupId: 'c1', returnedWagerIds: ['w1'], reversedSettlements: [] } } });
    const correction = envelopeOf('tables', stored, { type: 'PaymentCorrected', version: 1, data: { wagerId: 'w1', amountCents: 150000 } });
    expect(decodeIntegrationEvent(encodeIntegrationEvent(correction).value)).toMatchObject({ ok: true, event: { version: 2, data: { wagerId: 'w1', reason: null } } });
    const today = envelopeOf('tables', stored, { type: 'IrregularityRecorded', version: 2, data: { kind: 'foreign-card', card: 'AS' } });
    expect(decodeIntegrationEvent(encodeIntegrationEvent(today).value)).toEqual({ ok: true, event: today });
  });
});
