import type { Pool } from 'pg';
import { publishTypes, RAPID_INTEGRATION_EVENT_TYPES, topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, type EventSource } from '@app/messaging';

/** What the Rapid service publishes, as other services read it (with Kafka its relay applies the same mapping). */
export const rapidSource = (pool: Pool, schema = 'rapid', topic?: string): EventSource =>
  eventSource('rapid', new PostgresEventStore(pool, schema), publishTypes('rapid', RAPID_INTEGRATION_EVENT_TYPES), topic ?? topicFor('rapid'));
