import type { TablesEnvelope, TablesIntegrationEventType } from '@app/contracts';
import type { PoolClient } from 'pg';
import { DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { applyToLedger, COMMISSION_EXCEPTIONS, COMMISSION_LEDGER, COMMISSION_MOVEMENTS, COMMISSION_OWED } from '../commission-ledger/commission-ledger.projection';
import { COMPLIANCE_REGISTER, recordInRegister, registerEntryFor, deleteRegisterRowsOf } from '../compliance-register/compliance-register.projection';
import { applyToStatistics, BET_STATS, prefetchVoidedCoups, RESULTS_ROAD, TABLE_STATS, THREE_CARD_ROUNDS } from '../table-statistics/table-statistics.projection';
import { evolveTableEntry, recordOpening, saveTableEntry, TABLE_DIRECTORY, TABLE_OPENINGS, tableEntry } from '../tables-directory/tables-directory';
import { ReportingBatch, sourceRef } from './reporting-batch';
import { ReportingProjection } from './reporting-projection';
import { runMigrations } from '@app/event-store';
import { REPORTING_MIGRATIONS } from '../reporting.migrations';
import { RowSpec } from './row-spec';
import { SOURCE_SPANS } from './source-spans';

export const TABLES_EVENT_TYPES: readonly TablesIntegrationEventType[] = [
  'TableOpened',
  'TableClosed',
  'TableLimitsChanged',
  'TableRulebookChanged',
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

export const TABLES_READ_MODEL_SPECS: readonly RowSpec[] = [TABLE_DIRECTORY, TABLE_OPENINGS, COMMISSION_LEDGER, COMMISSION_MOVEMENTS, COMMISSION_EXCEPTIONS, COMMISSION_OWED, TABLE_STATS, BET_STATS, RESULTS_ROAD, THREE_CARD_ROUNDS, COMPLIANCE_REGISTER, SOURCE_SPANS];

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

  const reduce = async (batch: ReportingBatch, event: TablesEnvelope): Promise<void> => {
    const tableId = (event.data as { tableId?: unknown }).tableId;
    if (typeof tableId !== 'string') throw new Error(`${event.type} ${event.eventId} has no tableId.`);
    const before = await tableEntry(batch, tableId);
    // TableOpened sets the jurisdiction the other read models file the event under.
    const opened = event.type === 'TableOpened' ? evolveTableEntry(before, event) : before;
    if (event.type === 'TableOpened') recordOpening(batch, calendars, opened);
    const register = registerEntryFor(opened, event);
    if (register) recordInRegister(batch, calendars, opened, event, register);
    // Statistics are counters: trace the events they count, so a report names the positions it was built from
    // (bet statistics count a subset of the same events).
    batch.tracing = { ref: sourceRef(event), table: TABLE_STATS.table };
    await applyToStatistics(batch, calendars, opened, event);
    batch.tracing = null;
    const afterLedger = await applyToLedger(batch, calendars, opened, event);
    saveTableEntry(batch, evolveTableEntry(afterLedger, event));
  };

  const applyBatch = async (events: readonly TablesEnvelope[], tx: PoolClient): Promise<void> => {
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
    apply: (event: TablesEnvelope, tx: PoolClient) => applyBatch([event], tx),
    applyBatch,
    async setup(tx) {
      await runMigrations(tx, REPORTING_MIGRATIONS, schema);
    },
    async reset(tx) {
      // The register is shared with the jackpots consumer: only this consumer's rows go.
      await tx.query(`TRUNCATE ${TABLES_READ_MODEL_SPECS.filter((s) => s !== COMPLIANCE_REGISTER).map((s) => `${schema}.${s.table}`).join(', ')}`);
      await tx.query(deleteRegisterRowsOf(schema, 'tables'));
    },
  };
};
