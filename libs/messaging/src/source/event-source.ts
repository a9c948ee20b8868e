import { IntegrationEventMapper, topicFor } from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';

/**
 * A service whose events others consume: its name (hence its topic), its event store (the outbox, read by
 * the relay and by embedded consumers) and the mapping that decides what leaves it.
 */
export interface EventSource {
  readonly service: string;
  readonly topic: string;
  readonly store: PostgresEventStore;
  readonly toIntegrationEvent: IntegrationEventMapper;
}

export const eventSource = (service: string, store: PostgresEventStore, toIntegrationEvent: IntegrationEventMapper, topic = topicFor(service)): EventSource => ({
  service,
  topic,
  store,
  toIntegrationEvent,
});
