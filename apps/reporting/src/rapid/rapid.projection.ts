import { rulebookById } from '@app/baccarat';
import type { IntegrationEvent, RapidIntegrationEventType } from '@app/contracts';
import type { PoolClient } from 'pg';
import { gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { ReportingProjection } from '../read-model/reporting-projection';
import { createTableDdl, RowSpec } from '../read-model/row-spec';

/**
 * What the VIC Rapid Baccarat report reads (Crown Melbourne Rules for Rapid Baccarat): the Rapid service's published
 * events only (libs/contracts/src/rapid.events.ts), never its store. Rounds as settled (4.8), every movement of a
 * cash ATS chip account (6.2-6.7, 4.1, 4.8), freezes and corrections (11.11), outcomes invalidated and their refunds
 * (11.10, 13.3-13.4), malfunctions (11.14-11.16), claims (11.12) and manual payments (6.7.2(b)). Tournament accounts
 * are left to the tournament report: their chips have no cash value (12.2.1(b), 12.2.2), so a compulsory minimum
 * returned to one (`minimumReturned`) or a refund referred to its Tournament Director is never money here.
 */
export const RAPID_RECORD_TYPES = [
  'RapidRoundSettled',
  'RapidAccountsFrozen',
  'RapidOutcomeCorrected',
  'RapidOutcomeConfirmed',
  'RapidMalfunctionRecorded',
  'RapidOutcomeInvalidated',
  'RapidClaimRecorded',
  'RapidClaimResolved',
  'AtsAccountOpened',
  'AtsAccountCredited',
  'AtsWagersShown',
  'AtsWagersSettled',
  'AtsWagersReturned',
  'AtsSettlementRecalculated',
  'AtsAccountCashedOut',
  'AtsOwedAmountPaid',
  'AtsManualPaymentRecorded',
] as const satisfies readonly RapidIntegrationEventType[];

/** Read to know a tournament account (whose events are not money) and never recorded. */
const ACCOUNT_ONLY: readonly RapidIntegrationEventType[] = ['AtsTournamentAccountOpened'];
export const RAPID_READ_MODEL_EVENT_TYPES: readonly RapidIntegrationEventType[] = [...RAPID_RECORD_TYPES, ...ACCOUNT_ONLY];

/** The rulebook of a Rapid event published without one: Rapid Baccarat is played at Crown Melbourne only. */
const RAPID_RULEBOOK = 'crown-melbourne-rapid';

export const RAPID_RECORDS: RowSpec = {
  table: 'rapid_records',
  key: ['event_id'],
  columns: {
    event_id: 'text',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    jurisdiction: 'text',
    rulebook_id: 'text',
    gaming_day: 'text',
    at: 'text',
    type: 'text',
    table_id: 'text',
    account_id: 'text',
    ats_id: 'text',
    round_id: 'text',
    actor_id: 'text',
    actor_role: 'text',
    clause: 'text',
    data: 'jsonb',
  },
};

/** Each ATS chip account's table and ATS (account events after the opening name neither) and whether a tournament's. */
export const RAPID_ACCOUNTS: RowSpec = {
  table: 'rapid_accounts',
  key: ['account_id'],
  columns: { account_id: 'text', table_id: 'text', ats_id: 'text', tournament_id: 'text' },
};

export const RAPID_SPECS: readonly RowSpec[] = [RAPID_RECORDS, RAPID_ACCOUNTS];

const AT_FIELDS = ['settledAt', 'frozenAt', 'correctedAt', 'confirmedAt', 'invalidatedAt', 'recordedAt', 'occurredAt', 'resolvedAt', 'openedAt', 'creditedAt', 'shownAt', 'returnedAt', 'recalculatedAt', 'cashedOutAt', 'paidAt'];
/** When the fact happened, by the event's own time (a malfunction by when it was recorded, then when it occurred). */
export const rapidInstantOf = (e: Pick<IntegrationEvent, 'data' | 'occurredAt'>): string => {
  const d = e.data as Record<string, unknown>;
  for (const k of AT_FIELDS) if (typeof d[k] === 'string') return d[k] as string;
  return e.occurredAt;
};

export const rapidReadModelProjection = (o: { schema?: string; calendars?: JurisdictionCalendars; name?: string } = {}): ReportingProjection => {
  const schema = o.schema ?? 'reporting';
  const calendars = o.calendars ?? DEFAULT_CALENDARS;
  const recorded = new Set<string>(RAPID_RECORD_TYPES);
  const handled = new Set<string>(RAPID_READ_MODEL_EVENT_TYPES);

  const applyBatch = async (events: readonly IntegrationEvent[], tx: PoolClient) => {
    const batch = new ReportingBatch(tx, schema);
    for (const e of events) {
      if (!handled.has(e.type)) continue;
      const d = e.data as Record<string, unknown>;
      const str = (k: string): string | null => (typeof d[k] === 'string' ? (d[k] as string) : null);
      const accountId = str('accountId');
      if (e.type === 'AtsAccountOpened' || e.type === 'AtsTournamentAccountOpened') {
        batch.putRow(RAPID_ACCOUNTS, { account_id: accountId, table_id: str('tableId'), ats_id: str('atsId'), tournament_id: str('tournamentId') });
      }
      if (!recorded.has(e.type)) continue;
      const account = accountId ? await batch.row(RAPID_ACCOUNTS, { account_id: accountId }) : null;
      // A tournament account's stake and credit are tournament chips (12.2.1(b)): the tournament report's, not money.
      if (account?.tournament_id || str('tournamentId')) continue;
      const rulebookId = e.rulebookVersion ?? RAPID_RULEBOOK;
      const jurisdiction = rulebookById(rulebookId).jurisdiction;
      const at = rapidInstantOf(e);
      batch.insert(RAPID_RECORDS, {
        ...sourceRef(e),
        jurisdiction,
        rulebook_id: rulebookId,
        gaming_day: gamingTimeOf(at, calendarFor(calendars, jurisdiction)).gamingDay,
        at,
        type: e.type,
        table_id: str('tableId') ?? (account?.table_id as string | null | undefined) ?? null,
        account_id: accountId,
        ats_id: str('atsId') ?? (account?.ats_id as string | null | undefined) ?? null,
        round_id: str('roundId'),
        actor_id: e.actor.id,
        actor_role: e.actor.role,
        clause: str('clause'),
        data: d,
      });
    }
    await batch.flush();
  };

  return {
    name: o.name ?? 'reporting-rapid',
    handles: (t) => handled.has(t),
    apply: (e, tx) => applyBatch([e], tx),
    applyBatch,
    async setup(tx) {
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema};\n${createTableDdl(schema, RAPID_RECORDS)}\n${createTableDdl(schema, RAPID_ACCOUNTS)}
        CREATE INDEX IF NOT EXISTS rapid_records_by_day ON ${schema}.rapid_records (jurisdiction, gaming_day);`);
    },
    async reset(tx) {
      await tx.query(`TRUNCATE ${schema}.rapid_records, ${schema}.rapid_accounts`);
    },
  };
};
