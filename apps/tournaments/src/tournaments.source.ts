import type { Pool } from 'pg';
import { topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, type EventSource } from '@app/messaging';
import { toIntegrationEvent } from './integration/to-integration-event';

/** What the tournaments service publishes, as other services consume it: its store through its own mapping. */
export const tournamentsSource = (pool: Pool, topic?: string, schema = 'tournaments'): EventSource =>
  eventSource('tournaments', new PostgresEventStore(pool, schema), toIntegrationEvent, topic ?? topicFor('tournaments'));
