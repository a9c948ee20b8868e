import { describeJson } from './particulars';
import { recordedBy, spansOf } from './register-section';
import { DocumentColumn, inWords } from './report-document';
import { Cell, SectionDefinition, SectionResult } from './report.types';

const COLUMNS = ['eventId', 'at', 'gamingDay', 'jackpotId', 'type', 'tableId', 'coupId', 'hitId', 'amountCents', 'meterChangeCents', 'meterBeforeCents', 'meterAfterCents', 'actorId', 'actorRole', 'reason', 'clause', 'details'];

/**
 * The amount the event itself names, as a positive sum where it is money moved: what the players received
 * (JackpotPaid), what a reversal took back, what a backfill or the reset funding added; an adjustment keeps its
 * sign. A confirmation (HitConfirmed) pays nothing by itself (its JackpotPaid does; the payout it decided is in
 * `details`), so it has none: the section's total is then what was actually paid, never confirmation + payment.
 */
const amountNamedBy = (r: MovementRow): number | null => {
  if (r.type === 'HitConfirmed' || r.amount_cents === null) return null;
  return r.type === 'MeterAdjusted' ? Number(r.amount_cents) : Math.abs(Number(r.amount_cents));
};

interface MovementRow {
  event_id: string;
  source: string;
  source_tx: string;
  source_pos: string;
  at: string;
  gaming_day: string;
  jackpot_id: string;
  type: string;
  table_id: string | null;
  coup_id: string | null;
  hit_id: string | null;
  amount_cents: string | null;
  meter_before_cents: string | null;
  meter_after_cents: string | null;
  actor_id: string;
  actor_role: string;
  reason: string | null;
  clause: string | null;
  details: unknown;
  rulebook_id: string | null;
}

const n = (v: string | null): number | null => (v === null ? null : Number(v));

const load = async (ctx: Parameters<SectionDefinition['query']>[0], types: readonly string[]): Promise<MovementRow[]> =>
  (
    await ctx.pool.query<MovementRow>(
      `SELECT event_id, source, source_tx::text AS source_tx, source_pos::text AS source_pos, at, gaming_day, jackpot_id, type, table_id, coup_id, hit_id,
              amount_cents::text AS amount_cents, meter_before_cents::text AS meter_before_cents, meter_after_cents::text AS meter_after_cents,
              actor_id, actor_role, reason, clause, details, rulebook_id
         FROM ${ctx.schema}.jackpot_movements m
        WHERE jurisdiction = $1 AND gaming_day BETWEEN $2 AND $3 AND type = ANY($4)
        ORDER BY m.source_tx, m.source_pos`,
      [ctx.jurisdiction, ctx.period.firstDay, ctx.period.lastDay, [...types]],
    )
  ).rows;

/**
 * A movements table as a regulator reads it. `amount`: what the amount column is and whether it adds up (what the
 * players were paid does; a seed beside an adjustment does not). The meter change adds up to what these events
 * did to the meter; the meter before and after are snapshots and never add up.
 */
const movementsDocument = (amount: { header: string; total: boolean }): DocumentColumn[] => [
  { header: 'Time', format: 'instant', key: 'at', width: 1.2 },
  { header: 'Gaming day', format: 'text', key: 'gamingDay', width: 0.9, monthOnly: true },
  { header: 'Jackpot', format: 'text', key: 'jackpotId', width: 0.7 },
  { header: 'Event', format: 'text', value: (r) => inWords(String(r.type)), width: 1.2 },
  { header: 'Table', format: 'text', key: 'tableId', width: 0.9 },
  { header: 'Coup / hit', format: 'text', value: (r) => [r.coupId, r.hitId].filter(Boolean).join(', '), width: 0.7 },
  { header: amount.header, format: 'money', key: 'amountCents', total: amount.total ? 'sum' : undefined, width: 1.05 },
  { header: 'Meter change ($)', format: 'money', key: 'meterChangeCents', total: 'sum', width: 1.05 },
  { header: 'Meter before ($)', format: 'money', key: 'meterBeforeCents', width: 1.05 },
  { header: 'Meter after ($)', format: 'money', key: 'meterAfterCents', width: 1.05 },
  { header: 'Recorded by', format: 'text', value: recordedBy, width: 1.2 },
  { header: 'Reason', format: 'text', key: 'reason', width: 1.4 },
  { header: 'Rule', format: 'text', key: 'clause', width: 1 },
  { header: 'Particulars', format: 'text', value: (r, report) => describeJson(r.details, report.timeZone), width: 3.2 },
];

/** Jackpot movements of the given types (Crown Melbourne 13.4), one row per event, with the meter before and after. */
export const jackpotMovementsSection = (id: string, title: string, clause: string, types: readonly string[], amount: { header: string; total: boolean }): SectionDefinition => ({
  id,
  title,
  clause,
  document: [{ columns: movementsDocument(amount) }],
  async query(ctx): Promise<SectionResult> {
    const rows = await load(ctx, types);
    const out: Record<string, Cell>[] = rows.map((r) => ({
      eventId: r.event_id,
      at: r.at,
      gamingDay: r.gaming_day,
      jackpotId: r.jackpot_id,
      type: r.type,
      tableId: r.table_id,
      coupId: r.coup_id,
      hitId: r.hit_id,
      amountCents: amountNamedBy(r),
      // What the event did to the meter (after - before); none for events that do not move it.
      meterChangeCents: r.meter_before_cents === null || r.meter_after_cents === null ? null : Number(r.meter_after_cents) - Number(r.meter_before_cents),
      meterBeforeCents: n(r.meter_before_cents),
      meterAfterCents: n(r.meter_after_cents),
      actorId: r.actor_id,
      actorRole: r.actor_role,
      reason: r.reason,
      clause: r.clause,
      details: JSON.stringify(r.details ?? {}),
    }));
    return { section: { id, title, clause, columns: COLUMNS, rows: out }, rulebooks: [...new Set(rows.map((r) => r.rulebook_id).filter((x): x is string => !!x))], spans: spansOf(rows) };
  },
});

const METER_TYPES = ['JackpotCreated', 'ContributionRecorded', 'ContributionReversed', 'ContributionsBackfilled', 'MeterAdjusted', 'JackpotPaid', 'MeterReset'];

/** Per jackpot over the period: opening meter + movements = closing meter, and whether every move continued from the last. */
export const meterReconciliationSection: SectionDefinition = {
  id: 'meter-reconciliation',
  title: 'Meter reconciliation',
  clause: 'Crown Melbourne 13.4.1',
  // One row per jackpot; meters of different jackpots are not added up.
  document: [
    {
      columns: [
        { header: 'Jackpot', format: 'text', key: 'jackpotId', width: 0.8 },
        { header: 'Opening meter ($)', format: 'money', key: 'openingMeterCents' },
        { header: 'Seed ($)', format: 'money', key: 'seedCents' },
        { header: 'Contributions ($)', format: 'money', key: 'contributionsCents' },
        { header: 'Reversals ($)', format: 'money', key: 'reversalsCents' },
        { header: 'Backfills ($)', format: 'money', key: 'backfillsCents' },
        { header: 'Adjustments ($)', format: 'money', key: 'adjustmentsCents' },
        { header: 'Payouts ($)', format: 'money', key: 'payoutsCents' },
        { header: 'Reset funding ($)', format: 'money', key: 'resetFundingCents' },
        { header: 'Closing meter ($)', format: 'money', key: 'closingMeterCents' },
        { header: 'Difference ($)', format: 'money', key: 'differenceCents' },
        { header: 'Continuity breaks', format: 'count', key: 'continuityBreaks', width: 0.8 },
        { header: 'Reconciles', format: 'flag', key: 'reconciles', width: 0.8 },
      ],
    },
  ],
  async query(ctx): Promise<SectionResult> {
    const rows = await load(ctx, METER_TYPES);
    const by = new Map<string, MovementRow[]>();
    for (const r of rows) by.set(r.jackpot_id, [...(by.get(r.jackpot_id) ?? []), r]);
    const out: Record<string, Cell>[] = [...by.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([jackpotId, moves]) => {
        const sumOf = (t: string) => moves.filter((m) => m.type === t).reduce((s, m) => s + Math.abs(Number(m.amount_cents ?? 0)), 0);
        const opening = Number(moves[0].meter_before_cents ?? 0);
        const closing = Number(moves[moves.length - 1].meter_after_cents ?? 0);
        const seed = sumOf('JackpotCreated');
        const contributions = sumOf('ContributionRecorded');
        const reversals = sumOf('ContributionReversed');
        const backfills = sumOf('ContributionsBackfilled');
        const adjustments = moves.filter((m) => m.type === 'MeterAdjusted').reduce((s, m) => s + Number(m.amount_cents ?? 0), 0);
        const payouts = sumOf('JackpotPaid');
        const resets = sumOf('MeterReset');
        let breaks = 0;
        for (let i = 1; i < moves.length; i++) if (moves[i].meter_before_cents !== moves[i - 1].meter_after_cents) breaks++;
        const expected = opening + seed + contributions - reversals + backfills + adjustments - payouts + resets;
        return {
          jackpotId,
          openingMeterCents: opening,
          seedCents: seed,
          contributionsCents: contributions,
          reversalsCents: reversals,
          backfillsCents: backfills,
          adjustmentsCents: adjustments,
          payoutsCents: payouts,
          resetFundingCents: resets,
          closingMeterCents: closing,
          differenceCents: closing - expected,
          continuityBreaks: breaks,
          reconciles: closing === expected && breaks === 0,
        };
      });
    const columns = ['jackpotId', 'openingMeterCents', 'seedCents', 'contributionsCents', 'reversalsCents', 'backfillsCents', 'adjustmentsCents', 'payoutsCents', 'resetFundingCents', 'closingMeterCents', 'differenceCents', 'continuityBreaks', 'reconciles'];
    return { section: { id: 'meter-reconciliation', title: this.title, clause: this.clause, columns, rows: out }, rulebooks: [], spans: spansOf(rows) };
  },
};
