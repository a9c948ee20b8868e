/**
 * What a promotion owed and never gave, as of an instant (The Star Sydney 16): the notices view
 * (GET /reporting/promotions/notices, `overdue`) and the NSW monthly promotions report list the same items.
 * - 16.12 (Star 2024): the full terms at the NICC 24 hours before commencement (`termsDueAtRegulatorBy` on
 *   PromotionCreated); terms amended before commencement are lodged again by the same time. A lodgement made late is
 *   a late notice, not an overdue one; a promotion cancelled (16.11) before its terms were due never commences and
 *   owes none;
 * - 16.8: a winner not present told within 2 days of the draw;
 * - 16.11: the inspector told of a postponement or cancellation (2021 immediately, 2024 within 48 hours);
 * - 16.12.1 (Star 2024): terms amended after commencement resubmitted "as soon as possible". The clause sets no
 *   time, so no due time is invented: until the resubmission is made the amendment is listed as
 *   'terms-resubmission-pending' (dueBy null, never judged on time or late), in the notices view and the report.
 * Only what was recorded by `asOf` counts, so a report of a past month says what was overdue at its end.
 */
import { promotionPolicyById } from '@app/baccarat';
import type { ClientBase } from 'pg';
import { PROMOTION_NOTICES_TABLE } from './promotion-notices.projection';

export interface OwedNoticeRow {
  event_id: string;
  promotion_id: string;
  rulebook_id: string | null;
  kind: string;
  clause: string;
  at: string;
  data: Record<string, unknown>;
}

export interface OverdueItem {
  readonly promotionId: string;
  readonly kind: 'terms-lodgement-overdue' | 'winner-notice-overdue' | 'inspector-notice-overdue' | 'terms-resubmission-pending';
  readonly rulebookId: string | null;
  readonly termsVersion?: number;
  readonly prizeId?: string;
  readonly patronId?: string;
  /** When it fell due; null for a resubmission due "as soon as possible" (16.12.1), pending until made. */
  readonly dueBy: string | null;
  readonly clause: string;
  /** The notice the obligation arose from (the promotion created, the draw, the compromise). */
  readonly since: string;
}

/** The notices an obligation arises from or is met by. */
export const OWED_KINDS = ['terms', 'terms-lodged', 'terms-resubmitted', 'terms-amended', 'draw', 'winner-notified', 'draw-postponed', 'draw-cancelled', 'inspector-notified'] as const;

/** A clause of the promotion's edition (the rulebook its notice was published under), or the bare clause. */
const clauseOf = (rulebookId: string | null, pick: (p: ReturnType<typeof promotionPolicyById>) => string | undefined, bare: string): string => {
  try {
    return pick(promotionPolicyById(rulebookId ?? '')) ?? bare;
  } catch {
    return bare;
  }
};

const byAt = (a: OverdueItem, b: OverdueItem) => (a.promotionId < b.promotionId ? -1 : a.promotionId > b.promotionId ? 1 : 0);

/** 16.12: the terms version owed to the regulator, if its lodgement is overdue as of `asOf`. */
const termsOverdue = (promotionId: string, notices: readonly OwedNoticeRow[], asOf: number): OverdueItem | null => {
  const created = notices.find((n) => n.kind === 'terms');
  const dueBy = created?.data.termsDueAtRegulatorBy;
  if (!created || typeof dueBy !== 'string' || Date.parse(dueBy) >= asOf) return null;
  // Cancelled (16.11) at or before the due time: the promotion never commences, nothing is lodged for it.
  const cancelledInTime = notices.some((n) => n.kind === 'draw-cancelled' && Date.parse(String(n.data.decidedAt ?? n.at)) <= Date.parse(dueBy));
  if (cancelledInTime) return null;
  // The version to lodge: the latest issued before commencement (amendments after it are resubmitted, 16.12.1).
  const versions = [created, ...notices.filter((n) => n.kind === 'terms-amended' && n.data.afterCommencement !== true)].map((n) => Number(n.data.termsVersion ?? 1));
  const owed = Math.max(...versions);
  const lodged = notices.some((n) => n.kind === 'terms-lodged' && n.data.resubmission !== true && Number(n.data.termsVersion) >= owed);
  if (lodged) return null;
  return { promotionId, kind: 'terms-lodgement-overdue', rulebookId: created.rulebook_id, termsVersion: owed, dueBy, clause: clauseOf(created.rulebook_id, (p) => p.termsToRegulator?.clause, '16.12'), since: created.at };
};

/** Every obligation overdue as of `asOf` (ms), among the notices recorded by then. */
export const overdueAsOf = (rows: readonly OwedNoticeRow[], asOf: number): OverdueItem[] => {
  const overdue: OverdueItem[] = [];
  const byPromotion = new Map<string, OwedNoticeRow[]>();
  for (const r of rows.filter((n) => Date.parse(n.at) <= asOf)) byPromotion.set(r.promotion_id, [...(byPromotion.get(r.promotion_id) ?? []), r]);
  for (const [promotionId, notices] of [...byPromotion].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const terms = termsOverdue(promotionId, notices, asOf);
    if (terms) overdue.push(terms);
    // 16.12.1: the latest amendment that needed resubmission, and no resubmission since.
    const amended = notices.filter((n) => n.kind === 'terms-amended' && n.data.resubmissionRequired === true).at(-1);
    if (amended && !notices.some((n) => n.kind === 'terms-resubmitted' && Date.parse(n.at) >= Date.parse(amended.at))) {
      overdue.push({ promotionId, kind: 'terms-resubmission-pending', rulebookId: amended.rulebook_id, termsVersion: Number(amended.data.termsVersion), dueBy: null, clause: amended.clause, since: amended.at });
    }
    const notified = new Set(notices.filter((n) => n.kind === 'winner-notified').map((n) => n.data.prizeId as string));
    for (const draw of notices.filter((n) => n.kind === 'draw' && typeof n.data.notifyWinnersBy === 'string')) {
      const dueBy = draw.data.notifyWinnersBy as string;
      if (Date.parse(dueBy) >= asOf) continue;
      for (const w of draw.data.winners as { prizeId: string; patronId: string }[]) {
        if (!notified.has(w.prizeId)) overdue.push({ promotionId, kind: 'winner-notice-overdue', rulebookId: draw.rulebook_id, prizeId: w.prizeId, patronId: w.patronId, dueBy, clause: clauseOf(draw.rulebook_id, (p) => p.notifyWinner.clause, '16.8'), since: draw.at });
      }
    }
    for (const c of notices.filter((n) => n.kind.startsWith('draw-') && typeof n.data.inspectorNoticeDueBy === 'string')) {
      const dueBy = c.data.inspectorNoticeDueBy as string;
      const told = (c.data.inspectorNotifiedAt !== null && c.data.inspectorNotifiedAt !== undefined) || notices.some((n) => n.kind === 'inspector-notified' && Date.parse(n.at) >= Date.parse(c.at));
      if (!told && Date.parse(dueBy) < asOf) overdue.push({ promotionId, kind: 'inspector-notice-overdue', rulebookId: c.rulebook_id, dueBy, clause: c.clause, since: c.at });
    }
  }
  return overdue.sort(byAt);
};

/** The obligations overdue as of `asOf` (an ISO instant), over every notice recorded by then, whatever its window. */
export const loadOverdue = async (pool: Pick<ClientBase, 'query'>, schema: string, asOf: string): Promise<OverdueItem[]> => {
  const { rows } = await pool.query<OwedNoticeRow>(
    `SELECT event_id, promotion_id, rulebook_id, kind, clause, at, data FROM ${schema}.${PROMOTION_NOTICES_TABLE}
      WHERE kind = ANY($1::text[]) AND at::timestamptz <= $2::timestamptz ORDER BY at, event_id`,
    [OWED_KINDS, asOf],
  );
  return overdueAsOf(rows, Date.parse(asOf));
};
