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
    {
      id: '0002',
      description: 'regulator register: when a malfunction occurred and when it was recorded (Rapid 11.14, 11.15); rounds voided whole, round numbers (8.1), each account\'s part of a round and the tournament accounts whose chips are no money (5.3, 11.14-11.16, 12.2.2)',
      sql: (s) => `
ALTER TABLE ${s}.regulator_register ADD COLUMN recorded_at timestamptz;
UPDATE ${s}.regulator_register SET recorded_at = occurred_at;
ALTER TABLE ${s}.regulator_register ALTER COLUMN recorded_at SET NOT NULL;
CREATE INDEX regulator_register_round ON ${s}.regulator_register (table_id, round_id);
ALTER TABLE ${s}.regulator_rounds ADD COLUMN round_number integer, ADD COLUMN status text NOT NULL DEFAULT 'settled';
CREATE TABLE ${s}.regulator_round_accounts (
  table_id text NOT NULL, round_id text NOT NULL, account_id text NOT NULL, ats_id text, tournament_id text,
  staked_cents bigint NOT NULL, credited_cents bigint NOT NULL, PRIMARY KEY (table_id, round_id, account_id));
CREATE TABLE ${s}.regulator_tournament_accounts (account_id text PRIMARY KEY, tournament_id text NOT NULL);`,
    },
    {
      id: '0003',
      description: "regulator register: each account's movement under a malfunction, a claim or a correction (the stake returned, the credit reversed, the net, what could not be recovered; Rapid 11.11-11.16), by the command that caused it, and the ATS of each account",
      sql: (s) => `
ALTER TABLE ${s}.regulator_register ADD COLUMN command_id text;
CREATE INDEX regulator_register_command ON ${s}.regulator_register (command_id);
CREATE TABLE ${s}.regulator_account_ats (account_id text PRIMARY KEY, ats_id text NOT NULL);
CREATE TABLE ${s}.regulator_account_adjustments (
  event_id uuid PRIMARY KEY, caused_by text, occurred_at timestamptz NOT NULL, table_id text NOT NULL, round_id text NOT NULL, account_id text NOT NULL,
  tournament_id text, kind text NOT NULL, stake_returned_cents bigint NOT NULL, credit_reversed_cents bigint NOT NULL, credit_cents bigint NOT NULL,
  net_cents bigint NOT NULL, moved_cents bigint NOT NULL, unrecovered_cents bigint NOT NULL, details jsonb NOT NULL);
CREATE INDEX regulator_account_adjustments_cause ON ${s}.regulator_account_adjustments (caused_by);
CREATE INDEX regulator_account_adjustments_round ON ${s}.regulator_account_adjustments (table_id, round_id);`,
    },
    {
      id: '0004',
      description: "a table's rounds by id on the rapid event store (Rapid 8.1: a round id names one round at its table): starting a round looks its id up there, which scanned the table's whole stream",
      // The event store is migrated first in the platform; where this set runs alone (a register without its store) there is nothing to index.
      sql: (s) => `
DO $$ BEGIN
  IF to_regclass('${s}.events') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS rapid_round_started_by_id ON ${s}.events (stream_id, (data->>'roundId')) WHERE type = 'RapidRoundStarted';
  END IF;
END $$;`,
    },
  ],
};
