import type { CommissionSettled, CoupVoided, IntegrationEvent, ShoeStarted, WagerSettlement, WagersSettled } from '@app/contracts';
import { isMoneyWager } from '@app/contracts';
import { JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { RowSpec } from '../read-model/row-spec';
import { gamingTimeAt, TableEntry } from '../tables-directory/tables-directory';

/**
 * Deferred-commission ledger (Crown Melbourne 9.3.1): commission deferred on winning wagers of seated
 * players, and how it was settled (collected or waived) by whom and when, or reversed with a voided coup
 * (Crown Melbourne 15.5), per table, shoe, box and patron.
 * Shoes started while commission was outstanding are exceptions to 9.3.1(a) ("settled at the completion of
 * each shoe and collected prior to the commencement of the next shoe"), approved overrides included; a debt so
 * carried is paid off in the shoe it was deferred in when it is finally settled (see COMMISSION_OWED).
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

/**
 * What each box owes, per shoe the commission was deferred in, oldest first. The tables service keeps one debt per
 * box and settles it whole in one CommissionSettled naming the box's newest shoe, so when a manager lets a debt
 * carry into the next shoe (9.3.1(a)(iii)) and the box defers more there, only this tells the ledger which shoes
 * the settlement pays off. A ledger built before this table existed has no entries here: a settlement it cannot
 * allocate is booked to the shoe the event names (as before) until a rebuild recounts it.
 */
export const COMMISSION_OWED: RowSpec = {
  table: 'commission_owed',
  key: ['table_id', 'box'],
  columns: { table_id: 'text', box: 'integer', shoes: 'jsonb' },
};

interface OwedInShoe {
  readonly shoe_id: string;
  readonly patron_key: string;
  readonly patron_id: string | null;
  readonly cents: number;
}

const patronKey = (patronId: string | null): string => patronId ?? '';

const owedOf = async (batch: ReportingBatch, tableId: string, box: number): Promise<readonly OwedInShoe[]> =>
  (((await batch.row(COMMISSION_OWED, { table_id: tableId, box }))?.shoes ?? []) as OwedInShoe[]);

const saveOwed = (batch: ReportingBatch, tableId: string, box: number, shoes: readonly OwedInShoe[]): void =>
  batch.putRow(COMMISSION_OWED, { table_id: tableId, box, shoes });

/** Adds (or, for a reversal, takes back) commission owed by a box in one shoe. */
const changeOwed = async (batch: ReportingBatch, tableId: string, box: number, owed: Omit<OwedInShoe, 'cents'>, deltaCents: number): Promise<void> => {
  const shoes = await owedOf(batch, tableId, box);
  const i = shoes.findIndex((o) => o.shoe_id === owed.shoe_id && o.patron_key === owed.patron_key);
  const next = i < 0 ? [...shoes, { ...owed, cents: deltaCents }] : shoes.map((o, j) => (j === i ? { ...o, cents: o.cents + deltaCents } : o));
  saveOwed(batch, tableId, box, next.filter((o) => o.cents > 0));
};

/**
 * Splits a settlement over the shoes the box owes in, oldest first (the carried debt is the older one); what no
 * recorded debt covers goes to the shoe the event names. Returns the parts, one per shoe paid.
 */
const allocateSettlement = async (batch: ReportingBatch, c: CommissionSettled): Promise<OwedInShoe[]> => {
  let left = c.amountCents;
  const parts: OwedInShoe[] = [];
  const remaining: OwedInShoe[] = [];
  for (const owed of await owedOf(batch, c.tableId, c.box)) {
    const paid = Math.min(owed.cents, left);
    left -= paid;
    if (paid > 0) parts.push({ ...owed, cents: paid });
    if (owed.cents > paid) remaining.push({ ...owed, cents: owed.cents - paid });
  }
  if (left > 0) parts.push({ shoe_id: c.shoeId, patron_key: patronKey(c.patronId), patron_id: c.patronId, cents: left });
  saveOwed(batch, c.tableId, c.box, remaining);
  return parts;
};

/**
 * Records the commission deferred on settled wagers (kind 'deferred'), or takes it back when their coup is declared
 * void (kind 'reversed'), per box and patron with one movement each. Returns the cents added or taken back.
 */
const addDeferrals = async (
  batch: ReportingBatch,
  source: ReturnType<typeof sourceRef> & { actor_id: string; actor_role: string },
  entry: TableEntry,
  coup: { tableId: string; shoeId: string; coupId: string; at: string },
  settlements: readonly WagerSettlement[],
  kind: 'deferred' | 'reversed',
  gamingDay: string,
): Promise<number> => {
  const sign = kind === 'deferred' ? 1 : -1;
  let total = 0;
  for (const [i, w] of settlements.entries()) {
    // Commission on tournament chips is no debt in money (Star 15.1.1, Crown Melbourne 14.4.4(a)).
    if (w.commissionDeferredCents <= 0 || !isMoneyWager(w)) continue;
    total += w.commissionDeferredCents;
    await changeOwed(batch, coup.tableId, w.box, { shoe_id: coup.shoeId, patron_key: patronKey(w.patronId), patron_id: w.patronId }, sign * w.commissionDeferredCents);
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
  }
  return total;
};

/** Applies one event to the ledger; `entry` is the table as it was before the event, the returned one after. */
export const applyToLedger = async (batch: ReportingBatch, calendars: JurisdictionCalendars, entry: TableEntry, event: IntegrationEvent): Promise<TableEntry> => {
  const ref = sourceRef(event);
  const actor = { actor_id: event.actor.id, actor_role: event.actor.role };
  switch (event.type) {
    case 'WagersSettled': {
      const s = event.data as unknown as WagersSettled;
      const added = await addDeferrals(batch, { ...ref, ...actor }, entry, { tableId: s.tableId, shoeId: s.shoeId, coupId: s.coupId, at: s.settledAt }, s.settlements, 'deferred', gamingTimeAt(calendars, entry, s.settledAt).gamingDay);
      return added ? { ...entry, outstanding_cents: entry.outstanding_cents + added } : entry;
    }
    case 'CoupVoided': {
      // A settled coup declared void refunds every wager (Crown Melbourne 15.5), so the commission deferred on it is
      // no longer owed: the deferral is taken back (kind 'reversed' in the movements) and the box owes that much less.
      const v = event.data as unknown as CoupVoided;
      const reversed = await addDeferrals(batch, { ...ref, ...actor }, entry, { tableId: v.tableId, shoeId: v.shoeId, coupId: v.coupId, at: v.voidedAt }, v.reversedSettlements, 'reversed', gamingTimeAt(calendars, entry, v.voidedAt).gamingDay);
      return reversed ? { ...entry, outstanding_cents: entry.outstanding_cents - reversed } : entry;
    }
    case 'CommissionSettled': {
      const c = event.data as unknown as CommissionSettled;
      const kind = c.method === 'collected' ? 'collected' : 'waived';
      const gamingDay = gamingTimeAt(calendars, entry, c.settledAt).gamingDay;
      // Each part pays the shoe its commission was deferred in, so a debt carried into a later shoe is closed where it
      // arose (Crown Melbourne 9.3.1(a)) rather than left outstanding there and overpaid in the newer shoe.
      (await allocateSettlement(batch, c)).forEach((part, seq) => {
        batch.add(
          COMMISSION_LEDGER,
          LEDGER_COUNTERS,
          { table_id: c.tableId, shoe_id: part.shoe_id, box: c.box, patron_key: part.patron_key },
          {
            patron_id: part.patron_id,
            jurisdiction: entry.jurisdiction,
            [kind === 'collected' ? 'collected_cents' : 'waived_cents']: part.cents,
            last_settled_by: event.actor.id,
            last_settled_role: event.actor.role,
            last_settled_at: c.settledAt,
          },
        );
        batch.insert(COMMISSION_MOVEMENTS, {
          ...ref,
          seq,
          table_id: c.tableId,
          shoe_id: part.shoe_id,
          box: c.box,
          patron_id: part.patron_id,
          jurisdiction: entry.jurisdiction,
          gaming_day: gamingDay,
          kind,
          amount_cents: part.cents,
          trigger: c.trigger,
          coup_id: null,
          wager_id: null,
          ...actor,
          at: c.settledAt,
        });
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
