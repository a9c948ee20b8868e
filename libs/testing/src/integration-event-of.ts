import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@app/contracts';

let position = 0;

/**
 * A published event as a consumer receives it, for tests that feed a projection directly: `data` and the fields
 * the test cares about in `over`; the rest is a valid envelope with fresh ids and an increasing position.
 */
export const integrationEventOf = (type: string, data: Record<string, unknown>, over: Partial<Omit<IntegrationEvent, 'type' | 'data'>> = {}): IntegrationEvent => {
  position++;
  return {
    eventId: randomUUID(),
    type,
    version: 1,
    source: 'tables',
    streamId: typeof data.tableId === 'string' ? `table-${data.tableId}` : 'test-stream',
    streamType: 'table',
    streamVersion: position,
    position: { transactionId: String(position), position: String(position) },
    occurredAt: new Date().toISOString(),
    actor: { id: 'dealer-1', role: 'dealer' },
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
    rulebookVersion: 'star-sydney-2024',
    ...over,
    data,
  };
};
