import type { MigrationSet } from '@app/event-store';

/**
 * The rapid schema's read models (the event store's own tables are EVENT_STORE_MIGRATIONS in the same schema).
 * 0001 is the regulator register as released before it had a history, written idempotently so a database that
 * release created is adopted as it is. Append; never edit a released entry.
 */
export const RAPID_READ_MODEL_MIGRATIONS: MigrationSet = {
  component: 'rapid-read-models',
  migrations: [
    {
      id: '0001',
      description: 'regulator register and round totals (Rapid 11.11-11.16, 6.7.2(b)) as released before migrations had a history',
      sql: (s) => `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.regulator_register (
  event_id uuid PRIMARY KEY, occurred_at timestamptz NOT NULL, table_id text, round_id text, kind text NOT NULL,
  clause text NOT NULL, actor_id text NOT NULL, actor_role text NOT NULL, details jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS ${s}.regulator_rounds (
  table_id text NOT NULL, round_id text NOT NULL, settled_at timestamptz NOT NULL, accounts integer NOT NULL,
  staked_cents bigint NOT NULL, credited_cents bigint NOT NULL, house_net_cents bigint NOT NULL, corrected boolean NOT NULL DEFAULT false,
  PRIMARY KEY (table_id, round_id));`,
    },
  ],
};
