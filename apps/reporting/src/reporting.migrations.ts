import type { MigrationSet } from '@app/event-store';

/**
 * The `reporting` schema's history: the read models (RowSpecs of read-model/, commission-ledger/,
 * table-statistics/, compliance-register/ and jackpots/) and the stored reports. A change to a RowSpec needs
 * a migration here (e.g. `ALTER TABLE ${s}.table_stats ADD COLUMN ...`); `reporting.migrations.int.ts` fails
 * when the specs and the migrated schema disagree. Append; never edit a released entry.
 */
export const REPORTING_MIGRATIONS: MigrationSet = {
  component: 'reporting',
  migrations: [
    {
      id: '0001',
      description: 'read models as released before migrations had a history (with the columns earlier releases added at start)',
      sql: (s) => `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE TABLE IF NOT EXISTS ${s}.table_directory (
  table_id text NOT NULL,
  jurisdiction text,
  rulebook_id text,
  variant text,
  jackpot_ids jsonb,
  boxes integer,
  status text,
  opened_at text,
  closed_at text,
  close_reason text,
  current_shoe_id text,
  shoe_status text,
  shoe_started_at text,
  coups_in_shoe integer,
  outstanding_cents bigint,
  last_result text,
  last_event_at text,
  PRIMARY KEY (table_id)
);
CREATE TABLE IF NOT EXISTS ${s}.table_openings (
  table_id text NOT NULL,
  opened_at text NOT NULL,
  gaming_day text,
  jurisdiction text,
  rulebook_id text,
  PRIMARY KEY (table_id, opened_at)
);
CREATE TABLE IF NOT EXISTS ${s}.commission_ledger (
  table_id text NOT NULL,
  shoe_id text NOT NULL,
  box integer NOT NULL,
  patron_key text NOT NULL,
  patron_id text,
  jurisdiction text,
  deferred_cents bigint,
  collected_cents bigint,
  waived_cents bigint,
  deferred_wagers integer,
  last_settled_by text,
  last_settled_role text,
  last_settled_at text,
  PRIMARY KEY (table_id, shoe_id, box, patron_key)
);
CREATE TABLE IF NOT EXISTS ${s}.commission_movements (
  event_id text NOT NULL,
  seq integer NOT NULL,
  source text,
  source_tx numeric,
  source_pos bigint,
  table_id text,
  shoe_id text,
  box integer,
  patron_id text,
  jurisdiction text,
  gaming_day text,
  kind text,
  amount_cents bigint,
  trigger text,
  coup_id text,
  wager_id text,
  actor_id text,
  actor_role text,
  at text,
  PRIMARY KEY (event_id, seq)
);
CREATE TABLE IF NOT EXISTS ${s}.commission_exceptions (
  event_id text NOT NULL,
  source text,
  source_tx numeric,
  source_pos bigint,
  table_id text,
  shoe_id text,
  previous_shoe_id text,
  jurisdiction text,
  gaming_day text,
  started_at text,
  kind text,
  outstanding_cents bigint,
  override_cents bigint,
  approved_by text,
  reason text,
  clause text,
  actor_id text,
  actor_role text,
  PRIMARY KEY (event_id)
);
CREATE TABLE IF NOT EXISTS ${s}.table_stats (
  table_id text NOT NULL,
  gaming_day text NOT NULL,
  shift text NOT NULL,
  jurisdiction text,
  rulebook_id text,
  coups integer,
  dummy_coups integer,
  voided_coups integer,
  player_wins integer,
  banker_wins integer,
  ties integer,
  player_pairs integer,
  banker_pairs integer,
  naturals integer,
  three_card_rounds integer,
  three_card_areas integer,
  wagers integer,
  turnover_cents bigint,
  paid_cents bigint,
  lost_cents bigint,
  commission_cents bigint,
  commission_waived_cents bigint,
  house_win_cents bigint,
  PRIMARY KEY (table_id, gaming_day, shift)
);
CREATE TABLE IF NOT EXISTS ${s}.bet_stats (
  table_id text NOT NULL,
  gaming_day text NOT NULL,
  shift text NOT NULL,
  bet text NOT NULL,
  jurisdiction text,
  wagers integer,
  wins integer,
  losses integer,
  pushes integer,
  voids integer,
  turnover_cents bigint,
  paid_cents bigint,
  lost_cents bigint,
  commission_cents bigint,
  commission_waived_cents bigint,
  house_win_cents bigint,
  PRIMARY KEY (table_id, gaming_day, shift, bet)
);
CREATE TABLE IF NOT EXISTS ${s}.results_road (
  table_id text NOT NULL,
  coup_id text NOT NULL,
  shoe_id text,
  coup_number integer,
  gaming_day text,
  shift text,
  result text,
  player_total integer,
  banker_total integer,
  player_pair boolean,
  banker_pair boolean,
  has_natural boolean,
  dummy boolean,
  voided boolean,
  completed_at text,
  PRIMARY KEY (table_id, coup_id)
);
CREATE TABLE IF NOT EXISTS ${s}.three_card_rounds (
  table_id text NOT NULL,
  coup_id text NOT NULL,
  shoe_id text,
  coup_number integer,
  gaming_day text,
  shift text,
  dealer_total integer,
  dealer_ranking integer,
  areas integer,
  areas_won integer,
  areas_lost integer,
  areas_tied integer,
  burnt_areas integer,
  voided boolean,
  completed_at text,
  PRIMARY KEY (table_id, coup_id)
);
CREATE TABLE IF NOT EXISTS ${s}.compliance_register (
  event_id text NOT NULL,
  seq integer NOT NULL,
  source text,
  source_tx numeric,
  source_pos bigint,
  occurred_at text,
  gaming_day text,
  shift text,
  jurisdiction text,
  rulebook_id text,
  table_id text,
  shoe_id text,
  coup_id text,
  wager_id text,
  patron_id text,
  category text,
  kind text,
  clause text,
  notifiable boolean,
  reportable boolean,
  amount_cents bigint,
  actor_id text,
  actor_role text,
  reason text,
  details jsonb,
  PRIMARY KEY (event_id, seq)
);
CREATE TABLE IF NOT EXISTS ${s}.jackpot_meters (
  jackpot_id text NOT NULL,
  name text,
  jurisdiction text,
  rulebook_id text,
  table_ids jsonb,
  parameters jsonb,
  seed_cents bigint,
  meter_cents bigint,
  contributions_cents bigint,
  contributions integer,
  reversals_cents bigint,
  backfills_cents bigint,
  adjustments_cents bigint,
  payouts_cents bigint,
  payouts integer,
  reset_funding_cents bigint,
  hits_detected integer,
  hits_recorded integer,
  hits_confirmed integer,
  hits_dismissed integer,
  mismatches integer,
  continuity_breaks integer,
  last_event_at text,
  PRIMARY KEY (jackpot_id)
);
CREATE TABLE IF NOT EXISTS ${s}.jackpot_table_stats (
  jackpot_id text NOT NULL,
  table_id text NOT NULL,
  contributions integer,
  contributions_cents bigint,
  reversals_cents bigint,
  backfills_cents bigint,
  hits integer,
  payouts_cents bigint,
  PRIMARY KEY (jackpot_id, table_id)
);
CREATE TABLE IF NOT EXISTS ${s}.jackpot_movements (
  event_id text NOT NULL,
  source text,
  source_tx numeric,
  source_pos bigint,
  jackpot_id text,
  jurisdiction text,
  rulebook_id text,
  gaming_day text,
  type text,
  table_id text,
  coup_id text,
  hit_id text,
  amount_cents bigint,
  meter_before_cents bigint,
  meter_after_cents bigint,
  actor_id text,
  actor_role text,
  reason text,
  clause text,
  at text,
  details jsonb,
  PRIMARY KEY (event_id)
);
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${s}' AND table_name = 'table_stats' AND column_name = 'three_card_rounds') THEN
    ALTER TABLE ${s}.table_stats ADD COLUMN IF NOT EXISTS three_card_rounds integer NOT NULL DEFAULT 0, ADD COLUMN IF NOT EXISTS three_card_areas integer NOT NULL DEFAULT 0;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${s}' AND table_name = 'bet_stats' AND column_name = 'commission_waived_cents') THEN
    ALTER TABLE ${s}.bet_stats ADD COLUMN IF NOT EXISTS commission_waived_cents bigint NOT NULL DEFAULT 0;
  END IF;
END $$;
CREATE INDEX IF NOT EXISTS compliance_register_by_day ON ${s}.compliance_register (jurisdiction, gaming_day);
CREATE INDEX IF NOT EXISTS results_road_by_shoe ON ${s}.results_road (table_id, shoe_id, coup_number);
CREATE INDEX IF NOT EXISTS commission_movements_by_shoe ON ${s}.commission_movements (table_id, shoe_id);
CREATE INDEX IF NOT EXISTS table_stats_by_day ON ${s}.table_stats (jurisdiction, gaming_day);
CREATE INDEX IF NOT EXISTS jackpot_movements_by_day ON ${s}.jackpot_movements (jurisdiction, gaming_day);
`,
    },
    {
      id: '0002',
      description: 'stored regulator reports, as released before migrations had a history',
      sql: (s) => `
CREATE TABLE IF NOT EXISTS ${s}.reports (
  report_id text PRIMARY KEY,
  kind text NOT NULL,
  jurisdiction text NOT NULL,
  period_type text NOT NULL,
  period_value text NOT NULL,
  generated_at text NOT NULL,
  trigger text NOT NULL,
  requested_by text,
  manifest jsonb NOT NULL,
  content text NOT NULL,
  csv text NOT NULL,
  pdf bytea NOT NULL
);
CREATE INDEX IF NOT EXISTS reports_by_period ON ${s}.reports (jurisdiction, kind, period_value);
`,
    },
    {
      id: '0003',
      description: "deferred commission owed per box and shoe, oldest first (Crown Melbourne 9.3: a settlement pays each shoe its own debt), and the event spans each statistics row was counted from (a report manifest's eventPositions)",
      sql: (s) => `
CREATE TABLE IF NOT EXISTS ${s}.commission_owed (
  table_id text NOT NULL,
  box integer NOT NULL,
  shoes jsonb,
  PRIMARY KEY (table_id, box)
);
CREATE TABLE IF NOT EXISTS ${s}.source_spans (
  read_model text NOT NULL,
  table_id text NOT NULL,
  gaming_day text NOT NULL,
  source text NOT NULL,
  from_tx numeric,
  from_pos bigint,
  to_tx numeric,
  to_pos bigint,
  events integer,
  PRIMARY KEY (read_model, table_id, gaming_day, source)
);
`,
    },
    {
      id: '0004',
      description:
        "promotional token wagers counted apart in the table statistics (Star 5.2, 1.1: a token is not cash), and the promotion notices for the NSW reports (Star 16, 1.1), created at start before migrations held them",
      sql: (s) => `
ALTER TABLE ${s}.table_stats ADD COLUMN IF NOT EXISTS token_wagers integer, ADD COLUMN IF NOT EXISTS token_stakes_cents bigint, ADD COLUMN IF NOT EXISTS token_paid_cents bigint;
CREATE TABLE IF NOT EXISTS ${s}.promotion_notices (
  event_id text PRIMARY KEY, source text NOT NULL, source_tx numeric NOT NULL, source_pos bigint NOT NULL, gaming_day text NOT NULL,
  promotion_id text NOT NULL, rulebook_id text, kind text NOT NULL, clause text NOT NULL,
  at text NOT NULL, on_time boolean, amount_cents bigint, data jsonb NOT NULL
);
CREATE TABLE IF NOT EXISTS ${s}.promotion_terms_due (promotion_id text PRIMARY KEY, due_at text);
`,
    },
    {
      id: '0005',
      description: 'the report each generate command (its actor-scoped Idempotency-Key) was answered with: a command sent again is recorded once and answered as the first time',
      sql: (s) => `
CREATE TABLE IF NOT EXISTS ${s}.report_commands (
  command_id text PRIMARY KEY,
  report_id text NOT NULL REFERENCES ${s}.reports (report_id),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
`,
    },
    {
      id: '0006',
      description: 'the token winnings before the 5% a Star 2024 Banker win holds in its odds (Star 1.1, 5.2, 11.1.3), beside what was paid: the figure the promotions desk reconciles against',
      sql: (s) => `ALTER TABLE ${s}.table_stats ADD COLUMN IF NOT EXISTS token_won_cents bigint;`,
    },
    {
      id: '0007',
      description: "the Rapid Baccarat service's published events the VIC Rapid report reads (Rapid 4.8, 6.2-6.7, 11.11-11.16), and each ATS chip account's table and ATS",
      sql: (s) => `
CREATE TABLE IF NOT EXISTS ${s}.rapid_records (
  event_id text NOT NULL, source text, source_tx numeric, source_pos bigint, jurisdiction text, rulebook_id text, gaming_day text, at text,
  type text, table_id text, account_id text, ats_id text, round_id text, actor_id text, actor_role text, clause text, data jsonb,
  PRIMARY KEY (event_id)
);
CREATE INDEX IF NOT EXISTS rapid_records_by_day ON ${s}.rapid_records (jurisdiction, gaming_day);
CREATE TABLE IF NOT EXISTS ${s}.rapid_accounts (account_id text NOT NULL, table_id text, ats_id text, tournament_id text, PRIMARY KEY (account_id));
`,
    },
  ],
};
