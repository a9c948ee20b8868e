import type { MigrationSet } from '@app/event-store';

/**
 * The `promotions` schema's history beside its event store (component `event-store`, migrated first): the draw
 * seeds and the indexes the table-play consumer reads the promotions' own events through. Append; never edit a
 * released entry (`runMigrations` refuses a changed one).
 */
export const PROMOTIONS_MIGRATIONS: MigrationSet = {
  component: 'promotions',
  migrations: [
    {
      id: '0001',
      description: 'draw seeds (the secret half of commit-reveal, Star 16.7.1) and token wagers by coup (1.1), as created at start before migrations had a history',
      sql: (s) => `
CREATE TABLE IF NOT EXISTS ${s}.draw_seeds (
  promotion_id text NOT NULL, draw_id text NOT NULL, seed text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, draw_id)
);
CREATE INDEX IF NOT EXISTS token_wagers_by_coup ON ${s}.events ((data->>'tableId'), (data->>'coupId'))
  WHERE type IN ('PromotionalTokenWagered', 'PromotionalTokenWagerMatched');
`,
    },
    {
      id: '0002',
      description:
        "the promotions a settled or voided coup concerns, without loading every promotion: each promotion's entry window and tables (PromotionCreated, never amended), and the coups that earned entries (Star 16.7.3, 16.7.4)",
      sql: (s) => `
CREATE INDEX IF NOT EXISTS promotions_created ON ${s}.events (stream_id) WHERE type = 'PromotionCreated';
CREATE INDEX IF NOT EXISTS entries_earned_by_coup ON ${s}.events ((data->>'tableId'), (data->>'coupId')) WHERE type = 'PromotionEntriesEarned';
`,
    },
    {
      id: '0003',
      description:
        "no seed kept by the service (Star 16.7.1, 16.7.10): the operator and the scrutineer each keep their own until the draw, so whoever reads this database cannot know the winners early; the service's seeds of the superseded scheme are dropped",
      sql: (s) => `DROP TABLE IF EXISTS ${s}.draw_seeds;`,
    },
    {
      id: '0004',
      description:
        "the tables the service learnt of from the tables service's events it follows, with the rulebook each plays under: a promotion, voucher, exchange or token wager naming another casino's table is refused (Star 2024 16.7.4, 1.1 'Casino Promotional Token')",
      sql: (s) => `CREATE TABLE IF NOT EXISTS ${s}.known_tables (table_id text PRIMARY KEY, rulebook_id text NOT NULL);`,
    },
    {
      id: '0005',
      description:
        "the coups the service heard of from the tables service's events, and whether each has ended (settled, completed, voided, or its table closed): a token wager is not released while its coup can still take it (Star 1.1 'Casino Promotional Token')",
      sql: (s) => `CREATE TABLE IF NOT EXISTS ${s}.coups_heard (table_id text NOT NULL, coup_id text NOT NULL, ended boolean NOT NULL DEFAULT false, PRIMARY KEY (table_id, coup_id));`,
    },
  ],
};
