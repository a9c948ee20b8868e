import type { ClientBase } from 'pg';
import type { DocumentTable } from './report-document';

export type PeriodType = 'gaming-day' | 'month';
export type Audience = 'regulator' | 'manager';

export interface ReportPeriod {
  readonly type: PeriodType;
  /** "YYYY-MM-DD" (gaming day) or "YYYY-MM" (month of gaming days). */
  readonly value: string;
  /** First and last gaming day covered, inclusive. */
  readonly firstDay: string;
  readonly lastDay: string;
  /**
   * What the period covers in time: from the start of its first gaming day to the start of the day after its last
   * (UTC instants), in the jurisdiction's zone and gaming-day start (GET /reporting/calendars), said in words.
   */
  readonly covers?: { readonly from: string; readonly to: string; readonly timeZone: string; readonly gamingDayStart: string; readonly description: string };
}

export type Cell = string | number | boolean | null;

export interface SectionContent {
  readonly id: string;
  readonly title: string;
  /** The rule the section reports under, e.g. "Star 2024 4.13". */
  readonly clause: string;
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, Cell>[];
}

/** Where the rows of a section came from in a source's global order. */
export interface SourceSpan {
  readonly source: string;
  readonly fromTransactionId: string;
  readonly fromPosition: string;
  readonly toTransactionId: string;
  readonly toPosition: string;
  readonly events: number;
}

/** A section's source span as the manifest names it: which section was built from which events. */
export interface SectionSourceSpan extends SourceSpan {
  readonly section: string;
}

export interface SectionResult {
  readonly section: SectionContent;
  readonly rulebooks: readonly string[];
  readonly spans: readonly SourceSpan[];
}

export interface SectionQueryContext {
  /** One read-only snapshot for the whole report (the read models and their checkpoints as of one instant). */
  readonly pool: Pick<ClientBase, 'query'>;
  readonly schema: string;
  readonly jurisdiction: string;
  readonly period: ReportPeriod;
}

/**
 * A section of a report: a selection from a read model, and how it reads in the PDF and CSV. A new notice (Crown
 * Rapid 11.14-11.16 equipment malfunctions, say) is one more section on an existing kind.
 */
export interface SectionDefinition {
  readonly id: string;
  /** The heading in the regulator's words. */
  readonly title: string;
  /** The rule the section reports under, e.g. "Star 2024 4.13"; empty for a management section no rule requires. */
  readonly clause: string;
  /** Its table(s) in the PDF and CSV: headings with units, formats, and which columns have a total. */
  readonly document: readonly DocumentTable[];
  query(ctx: SectionQueryContext): Promise<SectionResult>;
}

export interface ReportDefinition {
  readonly kind: string;
  readonly title: string;
  readonly jurisdiction: string;
  readonly regulator: string;
  readonly audience: Audience;
  readonly periodType: PeriodType;
  readonly sections: readonly SectionDefinition[];
  /**
   * 'sections': the rulebooks in force are only those its sections' records carry (a report of one game played under
   * its own rulebook, as Rapid Baccarat), never those of every table opened in the jurisdiction. Default: both.
   */
  readonly rulebooksOf?: 'sections';
}

export interface ReportContent {
  readonly kind: string;
  readonly title: string;
  readonly jurisdiction: string;
  readonly regulator: string;
  readonly period: ReportPeriod;
  readonly rulebookVersions: readonly string[];
  readonly sections: readonly SectionContent[];
  readonly totals: Readonly<Record<string, number>>;
}

/**
 * A reporting consumer's checkpoint (messaging.checkpoints) in the snapshot the report was read from: how far
 * the read models had applied each source. With empty `eventPositions` it tells "nothing happened up to here"
 * from "nothing was read". Partition -1 is the store position (embedded mode, rebuild); others are Kafka partitions.
 */
export interface ReadModelCheckpoint {
  readonly consumer: string;
  readonly source: string;
  readonly partition: number;
  readonly kafkaOffset: string | null;
  readonly transactionId: string;
  readonly position: string;
}

export interface ReportManifest {
  readonly reportId: string;
  readonly kind: string;
  readonly jurisdiction: string;
  readonly period: ReportPeriod;
  readonly generatedAt: string;
  readonly rulebookVersions: readonly string[];
  /**
   * Per section and source, the first and last event position (transaction id, position) of the events its rows
   * were built from and how many: what a regulator replays to re-derive the report. Empty when no event fed it.
   */
  readonly eventPositions: readonly SectionSourceSpan[];
  /** Not in the content (nor its hash): a later checkpoint with the same content is the same report. */
  readonly readModelCheckpoints: readonly ReadModelCheckpoint[];
  readonly contentSha256: string;
  readonly hashCovers: string;
  readonly csvSha256: string;
  readonly pdfSha256: string;
}

export interface RenderedReport {
  readonly manifest: ReportManifest;
  readonly content: ReportContent;
  /** Canonical JSON of `content`: the bytes `contentSha256` covers. */
  readonly json: string;
  readonly csv: string;
  readonly pdf: Buffer;
}
