import type { Pool } from 'pg';
import { JACKPOTS_INTEGRATION_EVENT_TYPES, PROMOTIONS_INTEGRATION_EVENT_TYPES, publishTypes, topicFor } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, EventSource } from '@app/messaging';
import { toIntegrationEvent as tablesToIntegrationEvent } from '../../tables/src/integration/to-integration-event';
import { toIntegrationEvent as tournamentsToIntegrationEvent } from '../../tournaments/src/integration/to-integration-event';

/**
 * What each service publishes, as the other services consume it. With Kafka the publishing service's relay
 * applies its own mapping; without Kafka a consumer reads the publisher's events table directly, so it must
 * apply the very same mapping (domain events never leave their service). The composition root is the one
 * place that knows both sides, so the sources are wired here.
 */
export const tablesSource = (pool: Pool, topic?: string): EventSource =>
  eventSource('tables', new PostgresEventStore(pool, 'tables'), tablesToIntegrationEvent, topic ?? topicFor('tables'));

export const jackpotsSource = (pool: Pool, topic?: string): EventSource =>
  eventSource('jackpots', new PostgresEventStore(pool, 'jackpots'), publishTypes('jackpots', JACKPOTS_INTEGRATION_EVENT_TYPES), topic ?? topicFor('jackpots'));

export const promotionsSource = (pool: Pool, topic?: string): EventSource =>
  eventSource('promotions', new PostgresEventStore(pool, 'promotions'), publishTypes('promotions', PROMOTIONS_INTEGRATION_EVENT_TYPES), topic ?? topicFor('promotions'));
export const tournamentsSource = (pool: Pool, topic?: string): EventSource =>
  eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), tournamentsToIntegrationEvent, topic ?? topicFor('tournaments'));

/** The rapid service publishes its domain events as they are stored; its own mapping is the one to read. */
export { rapidSource } from '../../rapid/src/rapid.module';
