/**
 * The promotion notices section of the NSW regulator report (The Star Sydney 16, 1.1): one row per notice of the
 * period's gaming days, from reporting's promotion_notices read model (promotion-notices.projection.ts). Empty
 * where the promotions service is not consumed (no read model). After them, one row per obligation still overdue at
 * the end of the period (promotion-overdue.ts: terms never lodged, Star 2024 16.12; winners not notified, 16.8; the
 * inspector not told, 16.11), dated by its due time, not on time, with no event id (it is what never happened).
 */
import { describeJson } from '../reports/particulars';
import { spansOf } from '../reports/register-section';
import { inWords } from '../reports/report-document';
import type { Cell, SectionDefinition, SectionResult } from '../reports/report.types';
import { addDays, gamingDayStartsAt, gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS } from '../calendar/reporting-config';
import { PROMOTION_NOTICES_TABLE } from './promotion-notices.projection';
import { loadOverdue } from './promotion-overdue';

const COLUMNS = ['eventId', 'at', 'gamingDay', 'promotionId', 'rulebookId', 'kind', 'clause', 'onTime', 'amountCents', 'details'];

interface NoticeRow {
  event_id: string;
  source: string;
  source_tx: string;
  source_pos: string;
  at: string;
  gaming_day: string;
  promotion_id: string;
  rulebook_id: string | null;
  kind: string;
  clause: string;
  on_time: boolean | null;
  amount_cents: string | null;
  data: unknown;
}

const ID = 'promotion-notices';
const TITLE = 'Promotional prizes and tokens: terms lodged and amended, draws, compromised draws, winner notices, denied claims, payments, token wagers; what is overdue at the end of the period';
const CLAUSE = "Star 16.2-16.12; 1.1 'Casino Promotional Token'";

export const promotionNoticesSection: SectionDefinition = {
  id: ID,
  title: TITLE,
  clause: CLAUSE,
  // The amount is what each notice concerns (a prize's value, a payment, a token's winnings, turnover reversed):
  // amounts of different kinds, so no total.
  document: [
    {
      columns: [
        { header: 'Time', format: 'instant', key: 'at', width: 1.2 },
        { header: 'Gaming day', format: 'text', key: 'gamingDay', width: 0.9, monthOnly: true },
        { header: 'Promotion', format: 'text', key: 'promotionId', width: 1 },
        { header: 'Notice', format: 'text', value: (r) => inWords(String(r.kind)), width: 1.3 },
        { header: 'On time', format: 'flag', key: 'onTime', width: 0.6 },
        { header: 'Amount ($)', format: 'money', key: 'amountCents', width: 1 },
        { header: 'Particulars', format: 'text', value: (r, report) => describeJson(r.details, report.timeZone, ['promotionId', 'clause', 'sourceEventId']), width: 5 },
        { header: 'Rule', format: 'text', key: 'clause', width: 1.3 },
        { header: 'Event id', format: 'text', key: 'eventId', width: 1.6 },
      ],
    },
  ],
  async query(ctx): Promise<SectionResult> {
    const exists = (await ctx.pool.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [`${ctx.schema}.${PROMOTION_NOTICES_TABLE}`])).rows[0]?.t;
    const rows = exists
      ? (
          await ctx.pool.query<NoticeRow>(
            `SELECT event_id, source, source_tx::text AS source_tx, source_pos::text AS source_pos, at, gaming_day, promotion_id, rulebook_id, kind, clause, on_time,
                    amount_cents::text AS amount_cents, data
               FROM ${ctx.schema}.${PROMOTION_NOTICES_TABLE}
              WHERE $1 = 'NSW' AND gaming_day BETWEEN $2 AND $3
              ORDER BY ${PROMOTION_NOTICES_TABLE}.source_tx, ${PROMOTION_NOTICES_TABLE}.source_pos`,
            [ctx.jurisdiction, ctx.period.firstDay, ctx.period.lastDay],
          )
        ).rows
      : [];
    // As at the end of the period: the start of the gaming day after its last.
    const calendar = calendarFor(DEFAULT_CALENDARS, 'NSW');
    const periodEnd = ctx.period.covers?.to ?? gamingDayStartsAt(addDays(ctx.period.lastDay, 1), calendar);
    // Judged at the end of the period, or at the report's generation when the month is not over: what is not yet due
    // then is not overdue. The generation time is the snapshot's (the transaction's now()).
    const generatedAt = (await ctx.pool.query<{ now: Date }>('SELECT now() AS now')).rows[0]?.now.getTime() ?? Date.parse(periodEnd);
    const judgedAt = Math.min(Date.parse(periodEnd) - 1, generatedAt);
    const unfinished = generatedAt < Date.parse(periodEnd) - 1;
    const overdue = exists && ctx.jurisdiction === 'NSW' ? await loadOverdue(ctx.pool, ctx.schema, new Date(judgedAt).toISOString()) : [];
    const out: Record<string, Cell>[] = rows.map((r) => ({
      eventId: r.event_id,
      at: r.at,
      gamingDay: r.gaming_day,
      promotionId: r.promotion_id,
      rulebookId: r.rulebook_id,
      kind: r.kind,
      clause: r.clause,
      onTime: r.on_time,
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      details: JSON.stringify(r.data),
    }));
    for (const o of overdue) {
      const { promotionId, kind, rulebookId, clause, dueBy, ...details } = o;
      // A resubmission pending (16.12.1, "as soon as possible") has no due time: listed from its amendment, not judged.
      const at = dueBy ?? o.since;
      out.push({ eventId: null, at, gamingDay: gamingTimeOf(at, calendar).gamingDay, promotionId, rulebookId, kind, clause, onTime: dueBy === null ? null : false, amountCents: null, details: JSON.stringify({ dueBy, ...details }) });
    }
    if (unfinished) {
      const at = new Date(generatedAt).toISOString();
      out.push({ eventId: null, at, gamingDay: gamingTimeOf(at, calendar).gamingDay, promotionId: null, rulebookId: null, kind: 'period-not-finished', clause: null, onTime: null, amountCents: null, details: JSON.stringify({ note: `generated at ${at}, before the period ended (${periodEnd}): what was overdue is judged at the generation; notices not yet due then are not listed` }) });
    }
    return {
      section: { id: ID, title: TITLE, clause: CLAUSE, columns: COLUMNS, rows: out },
      rulebooks: [...new Set([...rows.map((r) => r.rulebook_id), ...overdue.map((o) => o.rulebookId)].filter((v): v is string => v !== null))].sort(),
      spans: spansOf(rows),
    };
  },
};
