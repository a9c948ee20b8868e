import { envelopeOf, integrationEventProblem, publishTypes, SourceEvent, TOPICS, topicFor } from './integration-event';

const stored = (type: string): SourceEvent => ({
  eventId: 'e-1',
  type,
  schemaVersion: 1,
  data: { tableId: 'T1' },
  metadata: { actor: { id: 'pit-boss-2', role: 'pit-boss' }, commandId: 'c-9', correlationId: 'corr-9', causationId: 'c-8', rulebookVersion: 'star-sydney-2024' },
  occurredAt: '2026-11-25T10:00:00.000Z',
  streamId: 'table-T1',
  streamType: 'table',
  version: 3,
  global: { transactionId: '1201', position: '77' },
});

describe('integration event envelope', () => {
  it('names one topic per service', () => {
    expect(TOPICS).toEqual({ tables: 'baccarat.tables.events', jackpots: 'baccarat.jackpots.events', reporting: 'baccarat.reporting.events' });
    expect(() => topicFor('Tables!')).toThrow(/lower-case/);
  });

  it('carries who, why, where in the stream and global order, and the rulebook version', () => {
    expect(envelopeOf('tables', stored('TableOpened'))).toEqual({
      eventId: 'e-1',
      type: 'TableOpened',
      version: 1,
      source: 'tables',
      streamId: 'table-T1',
      streamType: 'table',
      streamVersion: 3,
      position: { transactionId: '1201', position: '77' },
      occurredAt: '2026-11-25T10:00:00.000Z',
      actor: { id: 'pit-boss-2', role: 'pit-boss' },
      commandId: 'c-9',
      correlationId: 'corr-9',
      causationId: 'c-8',
      rulebookVersion: 'star-sydney-2024',
      data: { tableId: 'T1' },
    });
  });

  it('publishes only the listed types; the rest stay inside the service', () => {
    const map = publishTypes('tables', ['TableOpened']);
    expect(map(stored('TableOpened'))?.type).toBe('TableOpened');
    expect(map(stored('ShoeSeedDrawn'))).toBeNull();
  });

  it('lets a mapping rename, version and reshape what it publishes', () => {
    const e = envelopeOf('tables', stored('CoupDealt'), { type: 'CoupSettled', version: 2, data: { coup: 1 } });
    expect(e).toMatchObject({ type: 'CoupSettled', version: 2, data: { coup: 1 }, eventId: 'e-1' });
    expect(integrationEventProblem(e)).toBeNull();
    expect(integrationEventProblem({ ...e, actor: { id: 'x' } })).toMatch(/actor/);
  });
});
