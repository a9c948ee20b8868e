import type { MigrationSet } from '@app/event-store';

/**
 * What the tournament-sessions consumer remembers of the tournaments service's published events: each
 * tournament's rulebook and the tables its director designated (Rapid 12.3.1), so a session is seated only at a
 * designated Rapid table of a tournament under the Rapid rules. Append; never edit a released entry.
 */
export const RAPID_TOURNAMENT_MIGRATIONS: MigrationSet = {
  component: 'rapid-tournament-designations',
  migrations: [
    {
      id: '0001',
      description: 'tournaments seen by the Rapid service: rulebook and designated tables (Rapid 12.1.1, 12.3.1)',
      sql: (s) => `
CREATE TABLE ${s}.tournament_designations (
  tournament_id text PRIMARY KEY, rulebook_id text, table_ids text[] NOT NULL DEFAULT '{}');`,
    },
    {
      id: '0002',
      description: 'the coups each session of a tournament is scheduled to last, from its published or amended terms (Rapid 12.2.1(d), 12.3.5)',
      sql: (s) => `ALTER TABLE ${s}.tournament_designations ADD COLUMN coups_per_session integer;`,
    },
  ],
};
