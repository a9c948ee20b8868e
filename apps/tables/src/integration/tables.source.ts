import type { Pool } from 'pg';
import { topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, type EventSource } from '@app/messaging';
import { toIntegrationEvent } from './to-integration-event';

/**
 * What the tables service publishes, as other services consume it: with Kafka its relay applies this mapping; without
 * Kafka a consumer reads the tables store through the very same mapping (domain events never leave their service).
 */
export const tablesSource = (pool: Pool, topic?: string): EventSource => eventSource('tables', new PostgresEventStore(pool, 'tables'), toIntegrationEvent, topic ?? topicFor('tables'));
