import type { Pool } from 'pg';
import { JACKPOTS_INTEGRATION_EVENT_TYPES, publishTypes, topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, type EventSource } from '@app/messaging';

/** What the jackpots service publishes, as other services consume it (its relay applies the same mapping). */
export const jackpotsSource = (pool: Pool, topic?: string, schema = 'jackpots'): EventSource =>
  eventSource('jackpots', new PostgresEventStore(pool, schema), publishTypes('jackpots', JACKPOTS_INTEGRATION_EVENT_TYPES), topic ?? topicFor('jackpots'));
