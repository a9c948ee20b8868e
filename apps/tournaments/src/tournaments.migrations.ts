import type { MigrationSet } from '@app/event-store';

/**
 * The read models of the `tournaments` schema (beside its event store, which has its own history). Append; never
 * edit a released entry: a change is the next migration.
 */
export const TOURNAMENTS_MIGRATIONS: MigrationSet = {
  component: 'tournaments-read-models',
  migrations: [
    {
      id: '0001',
      description: 'table → tournament map of the table-play consumer, as released before migrations had a history',
      sql: (s) => `CREATE TABLE IF NOT EXISTS ${s}.table_assignments (table_id text PRIMARY KEY, tournament_id text NOT NULL);`,
    },
    {
      id: '0002',
      description: 'Rapid tables and the tournament session playing at each, as the rapid service published them (Rapid 12.3)',
      sql: (s) => `
        CREATE TABLE IF NOT EXISTS ${s}.rapid_tables (table_id text PRIMARY KEY, rulebook_id text NOT NULL, variant text NOT NULL, offered_bets jsonb NOT NULL);
        CREATE TABLE IF NOT EXISTS ${s}.rapid_sessions (table_id text PRIMARY KEY, tournament_id text NOT NULL, session_id text NOT NULL, boxes jsonb NOT NULL);`,
    },
    {
      id: '0003',
      description: 'tournament account → tournament player, kept after the session ends so a later correction (Rapid 11.11) finds its player',
      sql: (s) => `
        CREATE TABLE IF NOT EXISTS ${s}.rapid_accounts (account_id text PRIMARY KEY, table_id text NOT NULL, tournament_id text NOT NULL, session_id text NOT NULL, entry_id text NOT NULL, box integer NOT NULL);`,
    },
    {
      id: '0004',
      description: "every table the tables service published opened, with its rulebook: a table of another casino is never designated (Star 2024 15.5.1; Crown Melbourne 14.2.4)",
      sql: (s) => `CREATE TABLE IF NOT EXISTS ${s}.known_tables (table_id text PRIMARY KEY, rulebook_id text NOT NULL);`,
    },
    {
      id: '0005',
      description: "how many ATSs each Rapid table opened with (RapidTableOpened.stations): a tournament seat is one of them (Rapid 2.2(a), 12.3.2); null where not yet heard",
      sql: (s) => `ALTER TABLE ${s}.rapid_tables ADD COLUMN IF NOT EXISTS ats integer;`,
    },
  ],
};
