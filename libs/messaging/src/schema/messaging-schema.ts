import { MigrationSet, runMigrations } from '@app/event-store';
import type { Pool, PoolClient } from 'pg';

/**
 * Tables of the `messaging` schema, shared by every relay and consumer in one database:
 * - relay_checkpoints: how far each service's relay has published (advanced only after the broker acks).
 * - checkpoints: per consumer, source topic and Kafka partition, the last applied offset and source position.
 *   Partition -1 holds the embedded transport's (and a rebuild's) position: a floor below which every
 *   partition's events count as applied.
 * - dead_letters: events a projection could not apply, with the error, so the consumer can carry on.
 */
/** Migration 0001 (MESSAGING_MIGRATIONS): never edit it, add a migration. */
export const MESSAGING_DDL = `
CREATE SCHEMA IF NOT EXISTS messaging;

CREATE TABLE IF NOT EXISTS messaging.relay_checkpoints (
  relay           text PRIMARY KEY,
  transaction_id  xid8 NOT NULL,
  position        bigint NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS messaging.checkpoints (
  consumer        text NOT NULL,
  source          text NOT NULL,
  partition       integer NOT NULL,
  kafka_offset    bigint,
  transaction_id  xid8 NOT NULL DEFAULT '0',
  position        bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, source, partition)
);

CREATE TABLE IF NOT EXISTS messaging.dead_letters (
  id              bigserial PRIMARY KEY,
  consumer        text NOT NULL,
  source          text NOT NULL,
  partition       integer NOT NULL,
  kafka_offset    bigint,
  event_id        text,
  event_type      text,
  event           jsonb,
  raw             text,
  error           text NOT NULL,
  attempts        integer NOT NULL,
  failed_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS dead_letters_by_consumer ON messaging.dead_letters (consumer, failed_at);
`;

/**
 * Migration 0002: a command a reactor derived from another service's event that its decider refused (a token wager
 * the voucher does not allow, a coup for a jackpot that does not exist). Never dropped in silence: one row per
 * command id, recorded in the transaction that moves the checkpoint past the event, for a supervisor to act on.
 */
export const REFUSED_COMMANDS_DDL = `
CREATE TABLE IF NOT EXISTS messaging.refused_commands (
  command_id      text PRIMARY KEY,
  consumer        text NOT NULL,
  event_id        text NOT NULL,
  event_type      text NOT NULL,
  stream_id       text NOT NULL,
  command_type    text NOT NULL,
  code            text NOT NULL,
  clause          text,
  message         text NOT NULL,
  command         jsonb NOT NULL,
  occurred_at     timestamptz NOT NULL,
  refused_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS refused_commands_by_consumer ON messaging.refused_commands (consumer, occurred_at);
`;

/** The messaging schema's history. Append; never edit a released entry. */
export const MESSAGING_MIGRATIONS: MigrationSet = {
  component: 'messaging',
  migrations: [
    { id: '0001', description: 'relay checkpoints, consumer checkpoints and dead letters, as released before migrations had a history', sql: () => MESSAGING_DDL },
    { id: '0002', description: 'commands a reactor decided from another service\'s event and the decider refused, kept for a supervisor', sql: () => REFUSED_COMMANDS_DDL },
  ],
};

/** Applies the messaging schema's pending migrations. Safe to run at every start, from several processes at once. */
export async function migrateMessaging(pool: Pool | PoolClient): Promise<void> {
  await runMigrations(pool, MESSAGING_MIGRATIONS, 'messaging');
}
