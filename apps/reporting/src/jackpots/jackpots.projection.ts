import { JACKPOTS_INTEGRATION_EVENT_TYPES } from '@app/contracts';
import type { IntegrationEvent, JackpotAttentionFlagged, JackpotsEnvelope, JackpotsIntegrationEventType } from '@app/contracts';
import type { PoolClient } from 'pg';
import { gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { COMPLIANCE_REGISTER, deleteRegisterRowsOf, RegisterEntry, registerRow } from '../compliance-register/compliance-register.projection';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { ReportingProjection } from '../read-model/reporting-projection';
import { runMigrations } from '@app/event-store';
import { REPORTING_MIGRATIONS } from '../reporting.migrations';
import { Row, RowSpec } from '../read-model/row-spec';

/** The read model follows every event the jackpot service publishes. */
export const JACKPOTS_READ_MODEL_EVENT_TYPES: readonly JackpotsIntegrationEventType[] = JACKPOTS_INTEGRATION_EVENT_TYPES;

/**
 * Jackpot read model (Crown Melbourne 13.4): per jackpot, the meter and what moved it (contributions,
 * reversals, backfills, adjustments, payouts, reset funding), hits through confirmation and payment, and a
 * reconciliation: seed + contributions - reversals + backfills + adjustments - payouts + reset funding must
 * equal the meter the jackpot service reports; every meter move must continue from the previous meter.
 */
export const JACKPOT_METERS: RowSpec = {
  table: 'jackpot_meters',
  key: ['jackpot_id'],
  columns: {
    jackpot_id: 'text',
    name: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    table_ids: 'jsonb',
    parameters: 'jsonb',
    seed_cents: 'bigint',
    meter_cents: 'bigint',
    contributions_cents: 'bigint',
    contributions: 'integer',
    reversals_cents: 'bigint',
    backfills_cents: 'bigint',
    adjustments_cents: 'bigint',
    payouts_cents: 'bigint',
    payouts: 'integer',
    reset_funding_cents: 'bigint',
    hits_detected: 'integer',
    hits_recorded: 'integer',
    hits_confirmed: 'integer',
    hits_dismissed: 'integer',
    mismatches: 'integer',
    continuity_breaks: 'integer',
    last_event_at: 'text',
  },
};

export const JACKPOT_TABLE_STATS: RowSpec = {
  table: 'jackpot_table_stats',
  key: ['jackpot_id', 'table_id'],
  columns: { jackpot_id: 'text', table_id: 'text', contributions: 'integer', contributions_cents: 'bigint', reversals_cents: 'bigint', backfills_cents: 'bigint', hits: 'integer', payouts_cents: 'bigint' },
};
const TABLE_COUNTERS = ['contributions', 'contributions_cents', 'reversals_cents', 'backfills_cents', 'hits', 'payouts_cents'];

export const JACKPOT_MOVEMENTS: RowSpec = {
  table: 'jackpot_movements',
  key: ['event_id'],
  columns: {
    event_id: 'text',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    jackpot_id: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    gaming_day: 'text',
    type: 'text',
    table_id: 'text',
    coup_id: 'text',
    hit_id: 'text',
    amount_cents: 'bigint',
    meter_before_cents: 'bigint',
    meter_after_cents: 'bigint',
    actor_id: 'text',
    actor_role: 'text',
    reason: 'text',
    clause: 'text',
    at: 'text',
    details: 'jsonb',
  },
};

export const JACKPOT_SPECS = [JACKPOT_METERS, JACKPOT_TABLE_STATS, JACKPOT_MOVEMENTS];

interface Meter {
  jackpot_id: string;
  name: string | null;
  jurisdiction: string;
  rulebook_id: string | null;
  table_ids: string[];
  parameters: unknown;
  seed_cents: number;
  meter_cents: number;
  contributions_cents: number;
  contributions: number;
  reversals_cents: number;
  backfills_cents: number;
  adjustments_cents: number;
  payouts_cents: number;
  payouts: number;
  reset_funding_cents: number;
  hits_detected: number;
  hits_recorded: number;
  hits_confirmed: number;
  hits_dismissed: number;
  mismatches: number;
  continuity_breaks: number;
  last_event_at: string | null;
}

const blankMeter = (jackpotId: string): Meter => ({
  jackpot_id: jackpotId, name: null, jurisdiction: 'VIC', rulebook_id: null, table_ids: [], parameters: null, seed_cents: 0, meter_cents: 0,
  contributions_cents: 0, contributions: 0, reversals_cents: 0, backfills_cents: 0, adjustments_cents: 0, payouts_cents: 0, payouts: 0,
  reset_funding_cents: 0, hits_detected: 0, hits_recorded: 0, hits_confirmed: 0, hits_dismissed: 0, mismatches: 0, continuity_breaks: 0, last_event_at: null,
});

/**
 * The event's own time (every jackpot event names it differently). A contribution's is when its coup completed
 * (Crown Melbourne 13.4.1-13.4.2: the coup completed contributes), not when the jackpot service recorded it, so a
 * coup completed just before the gaming day ends counts in that day like its wagers, however late it is processed.
 */
const instantOf = (e: IntegrationEvent): string => {
  const d = e.data as Record<string, unknown>;
  if (e.type === 'ContributionRecorded' && typeof d.coupCompletedAt === 'string') return d.coupCompletedAt;
  for (const k of ['createdAt', 'effectiveAt', 'recordedAt', 'reversedAt', 'backfilledAt', 'adjustedAt', 'detectedAt', 'flaggedAt', 'confirmedAt', 'paidAt', 'resetAt', 'dismissedAt', 'suspendedAt', 'resumedAt']) {
    if (typeof d[k] === 'string') return d[k] as string;
  }
  return e.occurredAt;
};

/**
 * The compliance register's jackpot rows (every manual adjustment, with actor, role, reason and clause):
 * manual meter adjustments via the Jackpot Management Console and contributions backfilled after a dealing-shoe
 * fault (Crown Melbourne 13.4.9(b)), payouts confirmed by a TG Area Manager (13.4.5) and paid (13.4.6, 13.4.8).
 */
const registerEntryOf = (e: JackpotsEnvelope, at: string): RegisterEntry | null => {
  switch (e.type) {
    case 'MeterAdjusted': {
      const d = e.data;
      return { category: 'jackpot-adjustment', kind: 'meter-adjusted', at, clause: d.clause, reason: d.reason, amountCents: d.amountCents, details: { jackpotId: d.jackpotId } };
    }
    case 'ContributionsBackfilled': {
      const d = e.data;
      return {
        category: 'jackpot-adjustment',
        kind: 'contributions-backfilled',
        at,
        clause: d.clause,
        reason: d.reason,
        amountCents: d.amountCents,
        shoeId: d.shoeId ?? null,
        details: { jackpotId: d.jackpotId, coupCount: d.coupCount, coupIds: d.coupIds },
      };
    }
    case 'HitConfirmed': {
      const d = e.data;
      return {
        category: 'jackpot-payout',
        kind: 'payout-confirmed',
        at,
        clause: d.clause,
        reason: d.reason,
        amountCents: d.payoutCents,
        coupId: d.coupId,
        details: { jackpotId: d.jackpotId, hitId: d.hitId, outcome: d.outcome, percentOfMeter: d.percentOfMeter, mismatchAcknowledged: d.mismatchAcknowledged, notify: d.notify },
      };
    }
    case 'JackpotPaid': {
      const d = e.data;
      return {
        category: 'jackpot-payout',
        kind: 'jackpot-paid',
        at,
        clause: d.clause,
        reason: null,
        amountCents: d.totalCents,
        coupId: d.coupId,
        details: { jackpotId: d.jackpotId, hitId: d.hitId, division: d.division, shares: d.shares.length },
      };
    }
    case 'JackpotAttentionFlagged': {
      // What the jackpot could not settle by itself, for the TG Area Manager: shortfalls, voids after a payout,
      // forgotten shoes and table-jackpot link problems (a coup for a jackpot that does not exist contributes
      // nothing: Crown Melbourne 13.3.1(b), 13.4.1).
      const d = e.data as unknown as JackpotAttentionFlagged;
      return {
        category: 'jackpot-attention',
        kind: d.kind,
        at,
        clause: d.clause,
        reason: d.reason,
        amountCents: d.amountCents,
        shoeId: d.shoeId || null,
        coupId: d.coupId || null,
        details: { jackpotId: d.jackpotId, hitId: d.hitId, notify: d.notify },
      };
    }
    default:
      return null;
  }
};

export const jackpotsReadModelProjection = (o: { schema?: string; calendars?: JurisdictionCalendars; name?: string } = {}): ReportingProjection => {
  const schema = o.schema ?? 'reporting';
  const calendars = o.calendars ?? DEFAULT_CALENDARS;
  const handled = new Set<string>(JACKPOTS_READ_MODEL_EVENT_TYPES);

  const reduce = async (batch: ReportingBatch, e: JackpotsEnvelope) => {
    const d = e.data as Record<string, unknown> & { jackpotId: string };
    const stored = (await batch.row(JACKPOT_METERS, { jackpot_id: d.jackpotId })) as unknown as Meter | null;
    const m: Meter = { ...(stored ?? blankMeter(d.jackpotId)) };
    // A flag on a jackpot that was never created (a table named an unknown id) is no meter of its own.
    const meterless = !stored && e.type === 'JackpotAttentionFlagged';
    const at = instantOf(e);
    const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : 0);
    let amount: number | null = null;
    const tableId = typeof d.tableId === 'string' ? d.tableId : null;
    switch (e.type) {
      case 'JackpotCreated': {
        const c = e.data;
        Object.assign(m, { name: c.name, jurisdiction: c.jurisdiction, rulebook_id: c.rulebookId, table_ids: [...c.tableIds], parameters: c.parameters, seed_cents: c.meterAfterCents });
        amount = c.meterAfterCents;
        break;
      }
      case 'JackpotParametersChanged':
        Object.assign(m, { parameters: d.next, table_ids: d.nextTableIds });
        break;
      case 'ContributionRecorded':
        amount = num('amountCents');
        m.contributions_cents += amount;
        m.contributions += 1;
        if (tableId) batch.add(JACKPOT_TABLE_STATS, TABLE_COUNTERS, { jackpot_id: m.jackpot_id, table_id: tableId }, { contributions: 1, contributions_cents: amount });
        break;
      case 'ContributionReversed':
        amount = -num('amountCents');
        m.reversals_cents += num('amountCents');
        if (tableId) batch.add(JACKPOT_TABLE_STATS, TABLE_COUNTERS, { jackpot_id: m.jackpot_id, table_id: tableId }, { reversals_cents: num('amountCents') });
        break;
      case 'ContributionsBackfilled':
        amount = num('amountCents');
        m.backfills_cents += amount;
        if (tableId) batch.add(JACKPOT_TABLE_STATS, TABLE_COUNTERS, { jackpot_id: m.jackpot_id, table_id: tableId }, { backfills_cents: amount });
        break;
      case 'MeterAdjusted':
        amount = num('amountCents');
        m.adjustments_cents += amount;
        break;
      case 'LuckyTieDetected':
        m.hits_detected += 1;
        break;
      case 'LuckyTieHitRecorded':
        m.hits_recorded += 1;
        if (tableId) batch.add(JACKPOT_TABLE_STATS, TABLE_COUNTERS, { jackpot_id: m.jackpot_id, table_id: tableId }, { hits: 1 });
        break;
      case 'HitMismatchFlagged':
        m.mismatches += 1;
        break;
      case 'HitConfirmed':
        m.hits_confirmed += 1;
        amount = num('payoutCents');
        break;
      case 'JackpotPaid':
        amount = -num('totalCents');
        m.payouts_cents += num('totalCents');
        m.payouts += 1;
        if (tableId) batch.add(JACKPOT_TABLE_STATS, TABLE_COUNTERS, { jackpot_id: m.jackpot_id, table_id: tableId }, { payouts_cents: num('totalCents') });
        break;
      case 'MeterReset':
        amount = num('fundedCents');
        m.reset_funding_cents += amount;
        break;
      case 'HitDismissed':
        m.hits_dismissed += 1;
        break;
      default:
        break;
    }
    const moves = typeof d.meterAfterCents === 'number' && typeof d.meterBeforeCents === 'number';
    if (moves) {
      if (e.type !== 'JackpotCreated' && d.meterBeforeCents !== m.meter_cents) m.continuity_breaks += 1;
      m.meter_cents = d.meterAfterCents as number;
    }
    m.last_event_at = at;
    const time = gamingTimeOf(at, calendarFor(calendars, m.jurisdiction));
    const day = time.gamingDay;
    const entry = registerEntryOf(e, at);
    if (entry) {
      batch.insert(COMPLIANCE_REGISTER, registerRow(e, entry, { tableId, jurisdiction: m.jurisdiction, rulebookId: m.rulebook_id, gamingDay: day, shift: time.shift }));
    }
    const { jackpotId: _j, tableId: _t, coupId, hitId, reason, clause, meterBeforeCents, meterAfterCents, ...details } = d as Record<string, unknown>;
    void _j;
    void _t;
    const row: Row = {
      ...sourceRef(e),
      jackpot_id: m.jackpot_id,
      jurisdiction: m.jurisdiction,
      rulebook_id: e.rulebookVersion ?? m.rulebook_id,
      gaming_day: day,
      type: e.type,
      table_id: tableId,
      coup_id: (coupId as string | undefined) ?? null,
      hit_id: (hitId as string | undefined) ?? null,
      amount_cents: amount,
      meter_before_cents: (meterBeforeCents as number | undefined) ?? null,
      meter_after_cents: (meterAfterCents as number | undefined) ?? null,
      actor_id: e.actor.id,
      actor_role: e.actor.role,
      reason: (reason as string | undefined) ?? null,
      clause: (clause as string | undefined) ?? null,
      at,
      details,
    };
    batch.insert(JACKPOT_MOVEMENTS, row);
    if (!meterless) batch.putRow(JACKPOT_METERS, m as unknown as Row);
  };

  const applyBatch = async (events: readonly JackpotsEnvelope[], tx: PoolClient) => {
    const batch = new ReportingBatch(tx, schema);
    for (const e of events) if (handled.has(e.type)) await reduce(batch, e);
    await batch.flush();
  };

  return {
    name: o.name ?? 'reporting-jackpots',
    handles: (t) => handled.has(t),
    apply: (e: JackpotsEnvelope, tx: PoolClient) => applyBatch([e], tx),
    applyBatch,
    async setup(tx) {
      // The reporting schema's migrations (the register is the tables consumer's too; whichever starts first applies them).
      await runMigrations(tx, REPORTING_MIGRATIONS, schema);
    },
    async reset(tx) {
      await tx.query(`TRUNCATE ${JACKPOT_SPECS.map((s) => `${schema}.${s.table}`).join(', ')}`);
      await tx.query(deleteRegisterRowsOf(schema, 'jackpots'));
    },
  };
};
