import type {
  CommissionSettled,
  CoupStarted,
  CoupVoided,
  IntegrationEvent,
  IrregularityRecorded,
  PaymentCorrected,
  ShoeCut,
  ShoeStarted,
  ShoeVoided,
  TableClosed,
  TableLimitsChanged,
  TableRulebookChanged,
  WagerRetracted,
  WagerVoided,
} from '@app/contracts';
import { isRulebookId, procedureClause, rulebookById, type ProcedureKey } from '@app/baccarat';
import { JurisdictionCalendars } from '../calendar/reporting-config';
import { ReportingBatch, sourceRef } from '../read-model/reporting-batch';
import { Row, RowSpec } from '../read-model/row-spec';
import { gamingTimeAt, TableEntry } from '../tables-directory/tables-directory';

/**
 * Compliance register: every irregularity, void, retraction, dummy coup, limit change, table closure, override,
 * correction and manual adjustment, and the cut of every shoe, with actor, role, reason and clause. The regulator
 * reports are selections of it (Star 4.13 and 12.11 daily, 12.20.2 monthly; Crown 13.4 jackpot adjustments).
 */
export const COMPLIANCE_REGISTER: RowSpec = {
  table: 'compliance_register',
  key: ['event_id', 'seq'],
  columns: {
    event_id: 'text',
    seq: 'integer',
    source: 'text',
    source_tx: 'numeric',
    source_pos: 'bigint',
    occurred_at: 'text',
    gaming_day: 'text',
    shift: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    table_id: 'text',
    shoe_id: 'text',
    coup_id: 'text',
    wager_id: 'text',
    patron_id: 'text',
    category: 'text',
    kind: 'text',
    clause: 'text',
    notifiable: 'boolean',
    reportable: 'boolean',
    amount_cents: 'bigint',
    actor_id: 'text',
    actor_role: 'text',
    reason: 'text',
    details: 'jsonb',
  },
};

export type RegisterCategory =
  | 'irregularity'
  | 'shoe-void'
  | 'coup-void'
  | 'wager-void'
  | 'wager-retraction'
  | 'shoe-cut'
  | 'dummy-coup'
  | 'limit-change'
  | 'rulebook-change'
  | 'table-closure'
  | 'commission-override'
  | 'commission-waiver'
  | 'payment-correction'
  | 'jackpot-adjustment'
  | 'jackpot-payout'
  | 'jackpot-attention';

/**
 * The categories the jackpots consumer writes (jackpots.projection.ts); the tables consumer writes the rest. Two
 * consumers share the register, so each one's reset (before a rebuild) clears only its own rows.
 */
export const JACKPOT_REGISTER_CATEGORIES: readonly RegisterCategory[] = ['jackpot-adjustment', 'jackpot-payout', 'jackpot-attention'];
export const deleteRegisterRowsOf = (schema: string, owner: 'tables' | 'jackpots'): string =>
  `DELETE FROM ${schema}.compliance_register WHERE ${owner === 'tables' ? 'NOT ' : ''}(category IN (${JACKPOT_REGISTER_CATEGORIES.map((c) => `'${c}'`).join(', ')}))`;

export interface RegisterEntry {
  readonly category: RegisterCategory;
  readonly kind: string;
  readonly at: string;
  readonly clause: string | null;
  readonly reason: string | null;
  readonly notifiable?: boolean;
  readonly reportable?: boolean;
  readonly amountCents?: number | null;
  readonly shoeId?: string | null;
  readonly coupId?: string | null;
  readonly wagerId?: string | null;
  readonly patronId?: string | null;
  readonly details?: Record<string, unknown>;
}

/** Where a register row is filed: the table (none for a jackpot-wide event), its jurisdiction and rulebook, and the gaming day and shift. */
export interface RegisterPlace {
  readonly tableId: string | null;
  readonly jurisdiction: string;
  readonly rulebookId: string | null;
  readonly gamingDay: string;
  readonly shift: string;
}

/** The register row for an event (any source): the shape every compliance read goes through. */
export const registerRow = (event: IntegrationEvent, entry: RegisterEntry, place: RegisterPlace, seq = 0): Row => ({
  ...sourceRef(event),
  seq,
  occurred_at: entry.at,
  gaming_day: place.gamingDay,
  shift: place.shift,
  jurisdiction: place.jurisdiction,
  rulebook_id: event.rulebookVersion ?? place.rulebookId,
  table_id: place.tableId,
  shoe_id: entry.shoeId ?? null,
  coup_id: entry.coupId ?? null,
  wager_id: entry.wagerId ?? null,
  patron_id: entry.patronId ?? null,
  category: entry.category,
  kind: entry.kind,
  clause: entry.clause,
  notifiable: entry.notifiable ?? false,
  reportable: entry.reportable ?? false,
  amount_cents: entry.amountCents ?? null,
  actor_id: event.actor.id,
  actor_role: event.actor.role,
  reason: entry.reason,
  details: entry.details ?? {},
});

/** Writes a tables event's register row, filed under the table's jurisdiction and gaming day. */
export const recordInRegister = (
  batch: ReportingBatch,
  calendars: JurisdictionCalendars,
  table: TableEntry,
  event: IntegrationEvent,
  entry: RegisterEntry,
  seq = 0,
): void => {
  const t = gamingTimeAt(calendars, table, entry.at);
  batch.insert(COMPLIANCE_REGISTER, registerRow(event, entry, { tableId: table.table_id, jurisdiction: table.jurisdiction, rulebookId: table.rulebook_id, gamingDay: t.gamingDay, shift: t.shift }, seq));
};

/**
 * Clauses the tables service decided carry on its events; for an event published before they did (or a table the
 * register has not seen open), the table's own rulebook says which clause applies, never its jurisdiction: NSW has
 * two operators' rulebooks (The Star, Crown Sydney).
 */
const rulebookOf = (table: TableEntry) => (table.rulebook_id && isRulebookId(table.rulebook_id) ? rulebookById(table.rulebook_id) : null);
const dummyCoupClause = (table: TableEntry): string | null => {
  const rb = rulebookOf(table);
  const dummy = rb?.procedures.dummyCoups;
  return dummy ? (dummy.directedBy?.clause ?? dummy.forcedBy[0]?.clause ?? dummy.wagersOnDummyCoup.clause) : null;
};
const procedureOf = (table: TableEntry, key: ProcedureKey): string | null => {
  const rb = rulebookOf(table);
  return rb ? procedureClause(rb, key) : null;
};

/** The register entry a tables event makes, if any. */
export const registerEntryFor = (table: TableEntry, event: IntegrationEvent): RegisterEntry | null => {
  switch (event.type) {
    case 'TableClosed': {
      const e = event.data as unknown as TableClosed;
      return { category: 'table-closure', kind: 'table-closed', at: e.closedAt, clause: e.clause, reason: e.reason, details: { noticeGivenAt: e.noticeGivenAt } };
    }
    case 'TableLimitsChanged': {
      const e = event.data as unknown as TableLimitsChanged;
      return {
        category: 'limit-change',
        kind: 'limits-changed',
        at: e.effectiveAt,
        clause: e.clause,
        reason: null,
        details: { previous: e.previous, next: e.next, noticeGivenAt: e.noticeGivenAt, effectiveAt: e.effectiveAt },
      };
    }
    case 'ShoeStarted': {
      const e = event.data as unknown as ShoeStarted;
      if (!e.commissionOverride) return null;
      return {
        category: 'commission-override',
        kind: 'commission-carried-over',
        at: e.startedAt,
        clause: procedureOf(table, 'commission-outstanding'),
        reason: e.commissionOverride.reason,
        amountCents: e.commissionOverride.outstandingCents,
        shoeId: e.shoeId,
        details: { approvedBy: e.commissionOverride.approvedBy, previousShoeId: table.current_shoe_id },
      };
    }
    case 'ShoeCut': {
      const e = event.data as unknown as ShoeCut;
      // Who cut and where the cutting card went (Crown Melbourne 4.2.1-4.2.3, 12.4.1; Star 4.3-4.6): the shoe's
      // procedure beside its void, if any (Star 2024 4.13: a sequence revealed during the cut voids the shoe).
      return {
        category: 'shoe-cut',
        kind: `cut-by-${e.cutterKind}`,
        at: e.cutAt,
        clause: e.clause,
        reason: null,
        shoeId: e.shoeId,
        details: { cutBy: e.cutBy, cutterKind: e.cutterKind, cutCardFromBack: e.cutCardFromBack },
      };
    }
    case 'ShoeVoided': {
      const e = event.data as unknown as ShoeVoided;
      // Star 4.13: a voided shoe is notified to the Inspector through the L&GNSW Daily Summary Report.
      return { category: 'shoe-void', kind: 'shoe-voided', at: e.voidedAt, clause: e.clause, reason: e.reason, notifiable: true, shoeId: e.shoeId };
    }
    case 'CoupStarted': {
      const e = event.data as unknown as CoupStarted;
      if (!e.dummy) return null;
      return { category: 'dummy-coup', kind: 'dummy-coup', at: e.startedAt, clause: e.clause ?? dummyCoupClause(table), reason: null, shoeId: e.shoeId, coupId: e.coupId, details: { coupNumber: e.coupNumber } };
    }
    case 'TableRulebookChanged': {
      const e = event.data as unknown as TableRulebookChanged;
      // The version in force decides: the table's play is under the new version from this shoe on.
      const clause = isRulebookId(e.rulebookId) ? `${rulebookById(e.rulebookId).citation} (effective from ${e.effectiveFrom})` : null;
      return { category: 'rulebook-change', kind: 'rulebook-version-changed', at: e.changedAt, clause, reason: null, shoeId: e.shoeId, details: { previousRulebookId: e.previousRulebookId, rulebookId: e.rulebookId } };
    }
    case 'CoupVoided': {
      const e = event.data as unknown as CoupVoided;
      return { category: 'coup-void', kind: 'coup-voided', at: e.voidedAt, clause: e.clause, reason: e.reason, shoeId: e.shoeId, coupId: e.coupId, details: { returnedWagerIds: e.returnedWagerIds } };
    }
    case 'WagerVoided': {
      const e = event.data as unknown as WagerVoided;
      // At a tournament table the tournament's rule may have decided it (its order of wagering, Star 15.9.4-15.9.5): say whose.
      return { category: 'wager-void', kind: 'wager-voided', at: e.voidedAt, clause: e.clause, reason: e.reason, coupId: e.coupId, wagerId: e.wagerId, ...(e.tournamentId ? { details: { tournamentId: e.tournamentId } } : {}) };
    }
    case 'WagerRetracted': {
      const e = event.data as unknown as WagerRetracted;
      // Crown Melbourne 12.8.3(b), 12.8.6: the player took the option to retract; the envelope's actor recorded it.
      return {
        category: 'wager-retraction',
        kind: 'wager-retracted',
        at: e.retractedAt,
        clause: e.clause,
        reason: `the player took the option to retract their wager at box ${e.box}`,
        amountCents: e.amountCents,
        shoeId: table.current_shoe_id,
        coupId: e.coupId,
        wagerId: e.wagerId,
        patronId: e.patronId,
        details: { box: e.box },
      };
    }
    case 'IrregularityRecorded': {
      const e = event.data as unknown as IrregularityRecorded;
      return {
        category: 'irregularity',
        kind: e.kind,
        at: e.recordedAt,
        clause: e.clause,
        reason: e.resolution,
        notifiable: e.notifiable,
        shoeId: e.shoeId,
        coupId: e.coupId,
        details: { resolution: e.resolution, ...(e.card ? { card: e.card } : {}) }, // the card (v2), e.g. the foreign card found (Star 12.11)
      };
    }
    case 'PaymentCorrected': {
      const e = event.data as unknown as PaymentCorrected;
      return {
        category: 'payment-correction',
        kind: e.kind,
        at: e.correctedAt,
        clause: e.clause,
        reason: e.reason,
        // Star 2024 12.20.2: corrections above $1,000 go in the monthly report; the tables service flags them.
        reportable: e.reportable,
        amountCents: e.amountCents,
        coupId: e.coupId,
        wagerId: e.wagerId,
        patronId: e.patronId,
      };
    }
    case 'CommissionSettled': {
      const e = event.data as unknown as CommissionSettled;
      if (e.method !== 'waived') return null;
      return {
        category: 'commission-waiver',
        kind: 'commission-waived',
        at: e.settledAt,
        clause: e.clause ?? procedureOf(table, 'commission-management'),
        reason: e.trigger,
        amountCents: e.amountCents,
        shoeId: e.shoeId,
        patronId: e.patronId,
        details: { box: e.box },
      };
    }
    default:
      return null;
  }
};
