import type { IntegrationEvent, TablesIntegrationEventType } from '@app/contracts';
import type { PoolClient } from 'pg';
import { DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { applyToLedger, COMMISSION_EXCEPTIONS, COMMISSION_LEDGER, COMMISSION_MOVEMENTS } from '../commission-ledger/commission-ledger.projection';
import { COMPLIANCE_REGISTER, recordInRegister, registerEntryFor, deleteRegisterRowsOf } from '../compliance-register/compliance-register.projection';
import { applyToStatistics, BET_STATS, prefetchVoidedCoups, RESULTS_ROAD, TABLE_STATS, THREE_CARD_ROUNDS } from '../table-statistics/table-statistics.projection';
import { evolveTableEntry, recordOpening, saveTableEntry, TABLE_DIRECTORY, TABLE_OPENINGS, tableEntry } from '../tables-directory/tables-directory';
import { ReportingBatch } from './reporting-batch';
import { ReportingProjection } from './reporting-projection';
import { createTableDdl, RowSpec } from './row-spec';

export const TABLES_EVENT_TYPES: readonly TablesIntegrationEventType[] = [
  'TableOpened',
  'TableClosed',
  'TableLimitsChanged',
  'ShoeStarted',
  'ShoeCut',
  'ShoeEnded',
  'ShoeVoided',
  'CoupStarted',
  'WagersAccepted',
  'CoupCompleted',
  'ThreeCardRoundCompleted',
  'WagersSettled',
  'CommissionSettled',
  'CoupVoided',
  'WagerVoided',
  'WagerRetracted',
  'IrregularityRecorded',
  'PaymentCorrected',
];
const APPLIED = new Set<string>(TABLES_EVENT_TYPES.filter((t) => t !== 'WagersAccepted'));

export const TABLES_READ_MODEL_SPECS: readonly RowSpec[] = [TABLE_DIRECTORY, TABLE_OPENINGS, COMMISSION_LEDGER, COMMISSION_MOVEMENTS, COMMISSION_EXCEPTIONS, TABLE_STATS, BET_STATS, RESULTS_ROAD, THREE_CARD_ROUNDS, COMPLIANCE_REGISTER];

/**
 * Columns added after a read model's table was first created (CREATE TABLE IF NOT EXISTS leaves an existing table as
 * it is). Counters start at 0 on existing rows, so `col = col + delta` keeps working; a rebuild recounts them anyway.
 * Checked first, so a start where nothing is missing takes no lock on the table.
 */
const ADDED_COLUMNS = (s: string) => `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${s}' AND table_name = 'table_stats' AND column_name = 'three_card_rounds') THEN
    ALTER TABLE ${s}.table_stats ADD COLUMN IF NOT EXISTS three_card_rounds integer NOT NULL DEFAULT 0, ADD COLUMN IF NOT EXISTS three_card_areas integer NOT NULL DEFAULT 0;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '${s}' AND table_name = 'bet_stats' AND column_name = 'commission_waived_cents') THEN
    ALTER TABLE ${s}.bet_stats ADD COLUMN IF NOT EXISTS commission_waived_cents bigint NOT NULL DEFAULT 0;
  END IF;
END $$;
`;

const INDEXES = (s: string) => `
CREATE INDEX IF NOT EXISTS compliance_register_by_day ON ${s}.compliance_register (jurisdiction, gaming_day);
CREATE INDEX IF NOT EXISTS results_road_by_shoe ON ${s}.results_road (table_id, shoe_id, coup_number);
CREATE INDEX IF NOT EXISTS commission_movements_by_shoe ON ${s}.commission_movements (table_id, shoe_id);
CREATE INDEX IF NOT EXISTS table_stats_by_day ON ${s}.table_stats (jurisdiction, gaming_day);
`;

export interface TablesReadModelsOptions {
  readonly schema?: string;
  readonly calendars?: JurisdictionCalendars;
  readonly name?: string;
}

/**
 * One consumer of `baccarat.tables.events` feeding the table directory, the deferred-commission ledger,
 * table statistics with the results road, and the compliance register. They are separate tables and
 * modules but share one checkpoint: each needs the table as it stood at the event (jurisdiction, current
 * shoe, commission outstanding), and one pass over the stream rebuilds all of them.
 */
export const tablesReadModelsProjection = (options: TablesReadModelsOptions = {}): ReportingProjection => {
  const schema = options.schema ?? 'reporting';
  const calendars = options.calendars ?? DEFAULT_CALENDARS;

  const reduce = async (batch: ReportingBatch, event: IntegrationEvent): Promise<void> => {
    const tableId = (event.data as { tableId?: unknown }).tableId;
    if (typeof tableId !== 'string') throw new Error(`${event.type} ${event.eventId} has no tableId.`);
    const before = await tableEntry(batch, tableId);
    // TableOpened sets the jurisdiction the other read models file the event under.
    const opened = event.type === 'TableOpened' ? evolveTableEntry(before, event) : before;
    if (event.type === 'TableOpened') recordOpening(batch, calendars, opened);
    const register = registerEntryFor(opened, event);
    if (register) recordInRegister(batch, calendars, opened, event, register);
    await applyToStatistics(batch, calendars, opened, event);
    const afterLedger = applyToLedger(batch, calendars, opened, event);
    saveTableEntry(batch, evolveTableEntry(afterLedger, event));
  };

  const applyBatch = async (events: readonly IntegrationEvent[], tx: PoolClient): Promise<void> => {
    const batch = new ReportingBatch(tx, schema);
    await prefetchVoidedCoups(
      batch,
      events.filter((e) => e.type === 'CoupVoided').map((e) => e.data as { tableId: string; coupId: string }),
    );
    for (const e of events) if (APPLIED.has(e.type)) await reduce(batch, e);
    await batch.flush();
  };

  return {
    name: options.name ?? 'reporting-tables',
    handles: (type) => APPLIED.has(type),
    apply: (event, tx) => applyBatch([event], tx),
    applyBatch,
    async setup(tx) {
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema};\n${TABLES_READ_MODEL_SPECS.map((s) => createTableDdl(schema, s)).join('\n')}\n${ADDED_COLUMNS(schema)}\n${INDEXES(schema)}`);
    },
    async reset(tx) {
      // The register is shared with the jackpots consumer: only this consumer's rows go.
      await tx.query(`TRUNCATE ${TABLES_READ_MODEL_SPECS.filter((s) => s !== COMPLIANCE_REGISTER).map((s) => `${schema}.${s.table}`).join(', ')}`);
      await tx.query(deleteRegisterRowsOf(schema, 'tables'));
    },
  };
};
