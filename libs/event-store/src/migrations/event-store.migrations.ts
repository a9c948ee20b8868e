import { appendManyDdl } from '../append-many.sql';
import { eventStoreDdl } from '../schema.sql';
import type { MigrationSet } from './migrations';

/** The event store's schema history (one per service schema). Append; never edit a released entry. */
export const EVENT_STORE_MIGRATIONS: MigrationSet = {
  component: 'event-store',
  migrations: [
    { id: '0001', description: 'streams, events (also the outbox), commands, snapshots and append_events, as released before migrations had a history', sql: eventStoreDdl },
    { id: '0002', description: 'append_events_many: several streams appended in one transaction and one round trip, locks in a fixed order', sql: appendManyDdl },
  ],
};
