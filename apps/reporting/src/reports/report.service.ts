import { createHash } from 'node:crypto';
import { isCalendarDate, notFound, ruleViolation } from '@app/contracts';
import type { ClientBase, Pool } from 'pg';
import { addDays, GamingCalendar, gamingDayStartsAt } from '../calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS, JurisdictionCalendars } from '../calendar/reporting-config';
import { runMigrations } from '@app/event-store';
import { REPORTING_MIGRATIONS } from '../reporting.migrations';
import { canonicalJson } from './canonical-json';
import { renderCsv } from './render-csv';
import { renderPdf } from './render-pdf';
import { contentTotals } from './report-document';
import { REPORT_DEFINITIONS, reportDefinition } from './report-definitions';
import { ReadModelCheckpoint, ReportContent, ReportDefinition, ReportManifest, ReportPeriod, RenderedReport, SectionSourceSpan } from './report.types';

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const HASH_COVERS = 'the canonical JSON of the report content (keys sorted, no whitespace, UTF-8), served as report.json';

/** The rule a report's period follows: a daily report covers one gaming day, a monthly one the gaming days of a month. */
const PERIODS = 'report periods: a gaming day or a month of gaming days';

/** The period's days and, with the jurisdiction's calendar, the instants it covers. */
export const periodOf = (type: ReportPeriod['type'], value: string, calendar?: GamingCalendar): ReportPeriod => {
  let days: { firstDay: string; lastDay: string };
  if (type === 'gaming-day') {
    if (!isCalendarDate(value)) throw ruleViolation('INVALID_PERIOD', `"${value}" is not a gaming day: write a calendar date as YYYY-MM-DD.`, PERIODS, 'period');
    days = { firstDay: value, lastDay: value };
  } else {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw ruleViolation('INVALID_PERIOD', `"${value}" is not a month: write it as YYYY-MM.`, PERIODS, 'period');
    const [y, m] = value.split('-').map(Number);
    days = { firstDay: `${value}-01`, lastDay: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
  }
  if (!calendar) return { type, value, ...days };
  const from = gamingDayStartsAt(days.firstDay, calendar);
  const to = gamingDayStartsAt(addDays(days.lastDay, 1), calendar);
  const what = type === 'gaming-day' ? `gaming day ${value}` : `the gaming days of ${value} (${days.firstDay} to ${days.lastDay})`;
  const description = `${what}: from ${calendar.gamingDayStart} on ${days.firstDay} to ${calendar.gamingDayStart} on ${addDays(days.lastDay, 1)}, ${calendar.timeZone} time (${from} to ${to}); events are filed by their own time`;
  return { type, value, ...days, covers: { from, to, timeZone: calendar.timeZone, gamingDayStart: calendar.gamingDayStart, description } };
};

/**
 * The rulebook version(s) in force for the jurisdiction's tables in the period: each table's last opening before
 * the period and its openings during it (a table runs under the rulebook it opened with until it reopens).
 */
const rulebooksInForce = async (db: Pick<ClientBase, 'query'>, schema: string, jurisdiction: string, period: ReportPeriod): Promise<string[]> =>
  (
    await db.query<{ rulebook_id: string }>(
      `SELECT DISTINCT rulebook_id FROM ${schema}.table_openings o
        WHERE jurisdiction = $1 AND rulebook_id IS NOT NULL
          AND (gaming_day BETWEEN $2 AND $3
               OR opened_at = (SELECT max(opened_at) FROM ${schema}.table_openings p WHERE p.table_id = o.table_id AND p.gaming_day < $2))`,
      [jurisdiction, period.firstDay, period.lastDay],
    )
  ).rows.map((r) => r.rulebook_id);

const checkpointsOf = async (db: Pick<ClientBase, 'query'>, consumers: readonly string[]): Promise<ReadModelCheckpoint[]> =>
  (
    await db.query<{ consumer: string; source: string; partition: number; kafka_offset: string | null; transaction_id: string; position: string }>(
      `SELECT consumer, source, partition, kafka_offset::text AS kafka_offset, transaction_id::text AS transaction_id, position::text AS position
         FROM messaging.checkpoints WHERE consumer = ANY($1) ORDER BY consumer, source, partition`,
      [[...consumers]],
    )
  ).rows.map((r) => ({ consumer: r.consumer, source: r.source, partition: r.partition, kafkaOffset: r.kafka_offset, transactionId: r.transaction_id, position: r.position }));

export interface StoredReportSummary {
  readonly reportId: string;
  readonly kind: string;
  readonly jurisdiction: string;
  readonly period: ReportPeriod;
  readonly generatedAt: string;
  readonly contentSha256: string;
  readonly trigger: string;
}

/**
 * Generates reports from the read models (never from live services), renders JSON, CSV and PDF, and keeps
 * them in reporting.reports for regulators to fetch. The report id derives from kind, jurisdiction, period
 * and content hash: regenerating unchanged content returns the report already stored.
 */
export class ReportService {
  constructor(
    private readonly pool: Pool,
    private readonly schema = 'reporting',
    /** The reporting consumers whose checkpoints a manifest states (the projections' names). */
    private readonly consumers: readonly string[] = ['reporting-jackpots', 'reporting-tables'],
    /** Each jurisdiction's gaming-day start and zone: what a report's period covers. */
    readonly calendars: JurisdictionCalendars = DEFAULT_CALENDARS,
  ) {}

  /** Applies the reporting schema's pending migrations (REPORTING_MIGRATIONS: read models and stored reports). */
  async migrate(): Promise<void> {
    await runMigrations(this.pool, REPORTING_MIGRATIONS, this.schema);
  }

  definitions(): readonly ReportDefinition[] {
    return REPORT_DEFINITIONS;
  }

  definition(kind: string, jurisdiction: string): ReportDefinition {
    const d = reportDefinition(kind, jurisdiction);
    if (!d) throw notFound('REPORT_KIND_NOT_FOUND', `No report "${kind}" for jurisdiction ${jurisdiction}.`);
    return d;
  }

  /** The report content as the read models stand now, read in one snapshot with the consumers' checkpoints. */
  async content(kind: string, jurisdiction: string, periodValue: string): Promise<{ content: ReportContent; spans: SectionSourceSpan[]; checkpoints: ReadModelCheckpoint[] }> {
    const def = this.definition(kind, jurisdiction);
    const period = periodOf(def.periodType, periodValue, calendarFor(this.calendars, jurisdiction));
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const results = [];
      for (const s of def.sections) results.push(await s.query({ pool: client, schema: this.schema, jurisdiction, period }));
      const inForce = def.rulebooksOf === 'sections' ? [] : await rulebooksInForce(client, this.schema, jurisdiction, period);
      const checkpoints = await checkpointsOf(client, this.consumers);
      await client.query('COMMIT');
      const totals = contentTotals(def.sections, results.map((r) => r.section));
      const content: ReportContent = {
        kind,
        title: def.title,
        jurisdiction,
        regulator: def.regulator,
        period,
        rulebookVersions: [...new Set([...inForce, ...results.flatMap((r) => r.rulebooks)])].sort(),
        sections: results.map((r) => r.section),
        totals,
      };
      return { content, spans: results.flatMap((r) => r.spans.map((span) => ({ section: r.section.id, ...span }))), checkpoints };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Renders all formats and the manifest for `generatedAt` (same read models + same time → same bytes). */
  async render(kind: string, jurisdiction: string, periodValue: string, generatedAt: string): Promise<RenderedReport> {
    const { content, spans, checkpoints } = await this.content(kind, jurisdiction, periodValue);
    const { sections } = this.definition(kind, jurisdiction);
    const json = canonicalJson(content);
    const contentSha256 = sha256(json);
    const csv = renderCsv(content, sections);
    const base = {
      reportId: `${kind}.${jurisdiction}.${content.period.value}.${contentSha256.slice(0, 16)}`,
      kind,
      jurisdiction,
      period: content.period,
      generatedAt,
      rulebookVersions: content.rulebookVersions,
      eventPositions: spans,
      readModelCheckpoints: checkpoints,
      contentSha256,
      hashCovers: HASH_COVERS,
      csvSha256: sha256(csv),
      pdfSha256: '',
    };
    const pdf = await renderPdf(content, base, sections);
    return { manifest: { ...base, pdfSha256: sha256(pdf) }, content, json, csv, pdf };
  }

  /**
   * Generates and stores a report; unchanged content keeps the report (and generation time) already stored. With a
   * `commandId` (the caller's Idempotency-Key scoped to its actor) the command is recorded once: sent again, it is
   * answered with the report it was first answered with, not generated anew (a month not yet finished is judged at
   * its generation, so its content, and its id, would differ).
   */
  async generate(kind: string, jurisdiction: string, periodValue: string, o: { generatedAt: string; trigger: 'scheduled' | 'on-demand'; requestedBy?: string; commandId?: string }): Promise<ReportManifest> {
    if (o.commandId === undefined) return this.save(this.pool, await this.render(kind, jurisdiction, periodValue, o.generatedAt), kind, jurisdiction, o);
    const answered = (db: Pick<ClientBase, 'query'>) =>
      db.query<{ manifest: ReportManifest }>(`SELECT r.manifest FROM ${this.schema}.report_commands c JOIN ${this.schema}.reports r USING (report_id) WHERE c.command_id = $1`, [o.commandId]);
    const first = (await answered(this.pool)).rows[0]?.manifest;
    if (first) return first;
    // Rendered before the transaction: a PDF takes seconds on a loaded machine, longer than a transaction may sit idle
    // (PG_IDLE_IN_TRANSACTION_TIMEOUT_MS), and the lock below is held only to record the one answer.
    const rendered = await this.render(kind, jurisdiction, periodValue, o.generatedAt);
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      // Concurrent retries of one command wait for the first: one report, one answer.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reporting.report_commands:${o.commandId}`]);
      const { rows } = await answered(client);
      const manifest = rows[0]?.manifest ?? (await this.save(client, rendered, kind, jurisdiction, o));
      if (rows.length === 0) await client.query(`INSERT INTO ${this.schema}.report_commands (command_id, report_id) VALUES ($1, $2)`, [o.commandId, manifest.reportId]);
      await client.query('COMMIT');
      return manifest;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  private async save(db: Pick<ClientBase, 'query'>, r: RenderedReport, kind: string, jurisdiction: string, o: { generatedAt: string; trigger: 'scheduled' | 'on-demand'; requestedBy?: string }): Promise<ReportManifest> {
    await db.query(
      `INSERT INTO ${this.schema}.reports (report_id, kind, jurisdiction, period_type, period_value, generated_at, trigger, requested_by, manifest, content, csv, pdf)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12) ON CONFLICT (report_id) DO NOTHING`,
      [r.manifest.reportId, kind, jurisdiction, r.manifest.period.type, r.manifest.period.value, o.generatedAt, o.trigger, o.requestedBy ?? null, canonicalJson(r.manifest), r.json, r.csv, r.pdf],
    );
    const { rows } = await db.query<{ manifest: ReportManifest }>(`SELECT manifest FROM ${this.schema}.reports WHERE report_id = $1`, [r.manifest.reportId]);
    return rows[0]!.manifest;
  }

  async manifest(reportId: string): Promise<ReportManifest | undefined> {
    const { rows } = await this.pool.query<{ manifest: ReportManifest }>(`SELECT manifest FROM ${this.schema}.reports WHERE report_id = $1`, [reportId]);
    return rows[0]?.manifest;
  }

  async stored(reportId: string): Promise<{ manifest: ReportManifest; json: string; csv: string; pdf: Buffer; jurisdiction: string; kind: string } | undefined> {
    const { rows } = await this.pool.query<{ manifest: ReportManifest; content: string; csv: string; pdf: Buffer; jurisdiction: string; kind: string }>(
      `SELECT manifest, content, csv, pdf, jurisdiction, kind FROM ${this.schema}.reports WHERE report_id = $1`,
      [reportId],
    );
    const r = rows[0];
    return r && { manifest: r.manifest, json: r.content, csv: r.csv, pdf: r.pdf, jurisdiction: r.jurisdiction, kind: r.kind };
  }

  async list(filter: { jurisdictions?: readonly string[]; kind?: string; from?: string; to?: string }): Promise<StoredReportSummary[]> {
    const { rows } = await this.pool.query<{ manifest: ReportManifest; trigger: string }>(
      `SELECT manifest, trigger FROM ${this.schema}.reports
        WHERE ($1::text[] IS NULL OR jurisdiction = ANY($1)) AND ($2::text IS NULL OR kind = $2)
          AND ($3::text IS NULL OR period_value >= $3) AND ($4::text IS NULL OR period_value <= $4)
        ORDER BY period_value DESC, kind, jurisdiction, generated_at DESC LIMIT 500`,
      [filter.jurisdictions ? [...filter.jurisdictions] : null, filter.kind ?? null, filter.from ?? null, filter.to ?? null],
    );
    return rows.map(({ manifest: m, trigger }) => ({ reportId: m.reportId, kind: m.kind, jurisdiction: m.jurisdiction, period: m.period, generatedAt: m.generatedAt, contentSha256: m.contentSha256, trigger }));
  }

  async hasReport(kind: string, jurisdiction: string, periodValue: string): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM ${this.schema}.reports WHERE kind = $1 AND jurisdiction = $2 AND period_value = $3 LIMIT 1`, [kind, jurisdiction, periodValue]);
    return rows.length > 0;
  }
}
