import type { Pool } from 'pg';
import { PROMOTIONS_INTEGRATION_EVENT_TYPES, publishTypes, topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, type EventSource } from '@app/messaging';

/** What the promotions service publishes, as other services consume it (its relay applies the same mapping). */
export const promotionsSource = (pool: Pool, topic?: string, schema = 'promotions'): EventSource =>
  eventSource('promotions', new PostgresEventStore(pool, schema), publishTypes('promotions', PROMOTIONS_INTEGRATION_EVENT_TYPES), topic ?? topicFor('promotions'));
