import { appendManyDdl } from '../append-many.sql';
import { eventStoreDdl } from '../schema.sql';
import type { MigrationSet } from './migrations';

/**
 * Migration 0003: the store's identity, a random id drawn once when the store is created. Its relay sends it with every
 * message, so a consumer can tell its source's events from those of another deployment publishing to the same topic
 * (whose global positions come from another store and say nothing about this one's).
 */
const storeIdentityDdl = (s: string): string => `
CREATE TABLE IF NOT EXISTS ${s}.store_identity (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  store_id  uuid NOT NULL DEFAULT gen_random_uuid()
);
INSERT INTO ${s}.store_identity DEFAULT VALUES ON CONFLICT DO NOTHING;
`;

/** The event store's schema history (one per service schema). Append; never edit a released entry. */
export const EVENT_STORE_MIGRATIONS: MigrationSet = {
  component: 'event-store',
  migrations: [
    { id: '0001', description: 'streams, events (also the outbox), commands, snapshots and append_events, as released before migrations had a history', sql: eventStoreDdl },
    { id: '0002', description: 'append_events_many: several streams appended in one transaction and one round trip, locks in a fixed order', sql: appendManyDdl },
    { id: '0003', description: "store_identity: the store's id, sent with each published message to tell its events from another store's on a shared topic", sql: storeIdentityDdl },
  ],
};
