import type { CommissionSettled, CoupVoided, IntegrationEvent, ShoeStarted, WagerSettlement, WagersSettled } from '@app/contracts';
import { JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { RowSpec } from '../read-model/row-spec';
import { gamingTimeAt, TableEntry } from '../tables-directory/tables-directory';

/**
 * Deferred-commission ledger (Crown Melbourne 9.3.1): commission deferred on winning wagers of seated
 * players, and how it was settled (collected or waived) by whom and when, or reversed with a voided coup
 * (Crown Melbourne 15.5), per table, shoe, box and patron.
 * Shoes started while commission was outstanding are exceptions to 9.3.1(a) ("settled at the completion of
 * each shoe and collected prior to the commencement of the next shoe"), approved overrides included.
 */
export const COMMISSION_LEDGER: RowSpec = {
  table: 'commission_ledger',
  key: ['table_id', 'shoe_id', 'box', 'patron_key'],
  columns: {
    table_id: 'text',
    shoe_id: 'text',
    box: 'integer',
    patron_key: 'text',
    patron_id: 'text',
    jurisdiction: 'text',
    deferred_cents: 'bigint',
    collected_cents: 'bigint',
    waived_cents: 'bigint',
    deferred_wagers: 'integer',
    last_settled_by: 'text',
    last_settled_role: 'text',
    last_settled_at: 'text',
  },
};
export const LEDGER_COUNTERS = ['deferred_cents', 'collected_cents', 'waived_cents', 'deferred_wagers'] as const;

export const COMMISSION_MOVEMENTS: RowSpec = {
  table: 'commission_movements',
  key: ['event_id', 'seq'],
  columns: {
    event_id: 'text',
    seq: 'integer',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    table_id: 'text',
    shoe_id: 'text',
    box: 'integer',
    patron_id: 'text',
    jurisdiction: 'text',
    gaming_day: 'text',
    kind: 'text',
    amount_cents: 'bigint',
    trigger: 'text',
    coup_id: 'text',
    wager_id: 'text',
    actor_id: 'text',
    actor_role: 'text',
    at: 'text',
  },
};

export const COMMISSION_EXCEPTIONS: RowSpec = {
  table: 'commission_exceptions',
  key: ['event_id'],
  columns: {
    event_id: 'text',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    table_id: 'text',
    shoe_id: 'text',
    previous_shoe_id: 'text',
    jurisdiction: 'text',
    gaming_day: 'text',
    started_at: 'text',
    kind: 'text',
    outstanding_cents: 'bigint',
    override_cents: 'bigint',
    approved_by: 'text',
    reason: 'text',
    clause: 'text',
    actor_id: 'text',
    actor_role: 'text',
  },
};

export const COMMISSION_CLAUSE = 'Crown Melbourne 9.3.1(a)';

const patronKey = (patronId: string | null): string => patronId ?? '';

/**
 * Records the commission deferred on settled wagers (kind 'deferred'), or takes it back when their coup is declared
 * void (kind 'reversed'), per box and patron with one movement each. Returns the cents added or taken back.
 */
const addDeferrals = (
  batch: ReportingBatch,
  source: ReturnType<typeof sourceRef> & { actor_id: string; actor_role: string },
  entry: TableEntry,
  coup: { tableId: string; shoeId: string; coupId: string; at: string },
  settlements: readonly WagerSettlement[],
  kind: 'deferred' | 'reversed',
  gamingDay: string,
): number => {
  const sign = kind === 'deferred' ? 1 : -1;
  let total = 0;
  settlements.forEach((w, i) => {
    if (w.commissionDeferredCents <= 0) return;
    total += w.commissionDeferredCents;
    batch.add(
      COMMISSION_LEDGER,
      LEDGER_COUNTERS,
      { table_id: coup.tableId, shoe_id: coup.shoeId, box: w.box, patron_key: patronKey(w.patronId) },
      { patron_id: w.patronId, jurisdiction: entry.jurisdiction, deferred_cents: sign * w.commissionDeferredCents, deferred_wagers: sign },
    );
    batch.insert(COMMISSION_MOVEMENTS, {
      ...source,
      seq: i,
      table_id: coup.tableId,
      shoe_id: coup.shoeId,
      box: w.box,
      patron_id: w.patronId,
      jurisdiction: entry.jurisdiction,
      gaming_day: gamingDay,
      kind,
      amount_cents: w.commissionDeferredCents,
      trigger: null,
      coup_id: coup.coupId,
      wager_id: w.wagerId,
      at: coup.at,
    });
  });
  return total;
};

/** Applies one event to the ledger; `entry` is the table as it was before the event, the returned one after. */
export const applyToLedger = (batch: ReportingBatch, calendars: JurisdictionCalendars, entry: TableEntry, event: IntegrationEvent): TableEntry => {
  const ref = sourceRef(event);
  const actor = { actor_id: event.actor.id, actor_role: event.actor.role };
  switch (event.type) {
    case 'WagersSettled': {
      const s = event.data as unknown as WagersSettled;
      const added = addDeferrals(batch, { ...ref, ...actor }, entry, { tableId: s.tableId, shoeId: s.shoeId, coupId: s.coupId, at: s.settledAt }, s.settlements, 'deferred', gamingTimeAt(calendars, entry, s.settledAt).gamingDay);
      return added ? { ...entry, outstanding_cents: entry.outstanding_cents + added } : entry;
    }
    case 'CoupVoided': {
      // A settled coup declared void refunds every wager (Crown Melbourne 15.5), so the commission deferred on it is
      // no longer owed: the deferral is taken back (kind 'reversed' in the movements) and the box owes that much less.
      const v = event.data as unknown as CoupVoided;
      const reversed = addDeferrals(batch, { ...ref, ...actor }, entry, { tableId: v.tableId, shoeId: v.shoeId, coupId: v.coupId, at: v.voidedAt }, v.reversedSettlements, 'reversed', gamingTimeAt(calendars, entry, v.voidedAt).gamingDay);
      return reversed ? { ...entry, outstanding_cents: entry.outstanding_cents - reversed } : entry;
    }
    case 'CommissionSettled': {
      const c = event.data as unknown as CommissionSettled;
      const kind = c.method === 'collected' ? 'collected' : 'waived';
      batch.add(
        COMMISSION_LEDGER,
        LEDGER_COUNTERS,
        { table_id: c.tableId, shoe_id: c.shoeId, box: c.box, patron_key: patronKey(c.patronId) },
        {
          patron_id: c.patronId,
          jurisdiction: entry.jurisdiction,
          [kind === 'collected' ? 'collected_cents' : 'waived_cents']: c.amountCents,
          last_settled_by: event.actor.id,
          last_settled_role: event.actor.role,
          last_settled_at: c.settledAt,
        },
      );
      batch.insert(COMMISSION_MOVEMENTS, {
        ...ref,
        seq: 0,
        table_id: c.tableId,
        shoe_id: c.shoeId,
        box: c.box,
        patron_id: c.patronId,
        jurisdiction: entry.jurisdiction,
        gaming_day: gamingTimeAt(calendars, entry, c.settledAt).gamingDay,
        kind,
        amount_cents: c.amountCents,
        trigger: c.trigger,
        coup_id: null,
        wager_id: null,
        ...actor,
        at: c.settledAt,
      });
      return { ...entry, outstanding_cents: entry.outstanding_cents - c.amountCents };
    }
    case 'ShoeStarted': {
      const s = event.data as unknown as ShoeStarted;
      const outstanding = entry.outstanding_cents;
      if (outstanding <= 0 && !s.commissionOverride) return entry;
      batch.insert(COMMISSION_EXCEPTIONS, {
        ...ref,
        table_id: s.tableId,
        shoe_id: s.shoeId,
        previous_shoe_id: entry.current_shoe_id,
        jurisdiction: entry.jurisdiction,
        gaming_day: gamingTimeAt(calendars, entry, s.startedAt).gamingDay,
        started_at: s.startedAt,
        // An approved carry-over is still an exception to 9.3.1(a), recorded with who approved it; without approval it is a breach.
        kind: s.commissionOverride ? 'carried-over-with-approval' : 'started-with-commission-outstanding',
        outstanding_cents: outstanding,
        override_cents: s.commissionOverride?.outstandingCents ?? null,
        approved_by: s.commissionOverride?.approvedBy ?? null,
        reason: s.commissionOverride?.reason ?? null,
        clause: COMMISSION_CLAUSE,
        ...actor,
      });
      return entry;
    }
    default:
      return entry;
  }
};
