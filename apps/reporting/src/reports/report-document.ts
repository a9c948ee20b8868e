import type { Cell, ReportContent, SectionContent, SectionDefinition } from './report.types';

/**
 * A report as the document a regulator files (PDF) and the spreadsheet beside it (CSV): each section as one or more
 * tables with headings in the regulator's words and the unit in the heading, money in dollars, hold in percent,
 * times in the jurisdiction's zone, and totals only where adding the column means something. The JSON content
 * keeps the machine form (cents, basis points, UTC instants); this is only how it reads.
 */

/**
 * How a cell reads: `money` is integer cents shown as dollars; `hold` is basis points shown as a percentage;
 * `instant` is a UTC instant shown as local time in the report's zone; `flag` is yes or no.
 */
export type CellFormat = 'text' | 'count' | 'money' | 'hold' | 'instant' | 'flag';

type Row = Readonly<Record<string, Cell>>;

export interface DocumentColumn {
  /** The heading, with the unit where there is one: "Turnover ($)". An `instant` heading gets its time zone added. */
  readonly header: string;
  readonly format: CellFormat;
  /** The content column shown; or `value` derives the cell from the row. */
  readonly key?: string;
  readonly value?: (row: Row, report: { readonly timeZone: string }) => Cell;
  /**
   * The totals row: `sum` adds the column (and the content's `totals` carry it as `<section>.<key>`), or a function
   * of all rows (hold = total house win / total turnover). Absent: no total (meter snapshots, amounts of mixed kinds).
   */
  readonly total?: 'sum' | ((rows: readonly Row[]) => Cell);
  /** Relative width on the page (default 1). */
  readonly width?: number;
  /** Only in reports over more than one gaming day (in a daily report every row is that day). */
  readonly monthOnly?: boolean;
  /** Left out of a section where no row has it (no amount on any voided shoe), in the PDF and CSV alike. */
  readonly optional?: boolean;
}

export interface DocumentTable {
  /** A sub-heading when a section is shown as more than one table. */
  readonly title?: string;
  readonly columns: readonly DocumentColumn[];
}

/** One table of the document, every cell already written as it reads. */
export interface RenderedTable {
  /** Section id, or `<section id>.<n>` for the n-th table of a section shown as several (the CSV's first column). */
  readonly id: string;
  readonly sectionTitle: string;
  readonly subtitle: string | null;
  readonly clause: string;
  /** First table of its section: the section heading goes above it. */
  readonly first: boolean;
  readonly headers: readonly string[];
  readonly formats: readonly CellFormat[];
  readonly widths: readonly number[];
  /** As printed (thousands separators). */
  readonly rows: readonly (readonly string[])[];
  /** As the CSV holds them: plain numbers (dollars with two decimals, percent), so a spreadsheet reads numbers. */
  readonly csvRows: readonly (readonly (string | number | null)[])[];
  readonly totals: readonly string[] | null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const localFormat = (timeZone: string): Intl.DateTimeFormat => {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
};

/** "2025-03-03 21:14:05" in the zone (UTC when the report has none). */
export const localTime = (instant: string, timeZone = 'UTC'): string => {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  const p: Record<string, string> = {};
  for (const part of localFormat(timeZone).formatToParts(new Date(ms))) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Integer cents as dollars with thousands separators: 87758500 → "877,585.00", -1500 → "-15.00". */
export const dollars = (cents: number): string => {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${group(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
};

/** Integer cents as "$877,585.00", for money inside a sentence. */
export const money = (cents: number): string => (cents < 0 ? `-$${dollars(-cents)}` : `$${dollars(cents)}`);

/** Basis points as a percentage with two decimals: 452 → "4.52". */
export const percentOf = (basisPoints: number): string => `${basisPoints < 0 ? '-' : ''}${Math.floor(Math.abs(basisPoints) / 100)}.${String(Math.abs(basisPoints) % 100).padStart(2, '0')}`;

/** "foreign-card" → "Foreign card", "JackpotPaid" → "Jackpot paid". */
export const inWords = (code: string): string => {
  const s = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

const printed = (v: Cell, format: CellFormat, timeZone: string): string => {
  if (v === null || v === undefined || v === '') return format === 'hold' ? '–' : '';
  switch (format) {
    case 'money':
      return typeof v === 'number' ? dollars(v) : String(v);
    case 'count':
      return typeof v === 'number' ? group(String(v)) : String(v);
    case 'hold':
      return typeof v === 'number' ? percentOf(v) : String(v);
    case 'instant':
      return typeof v === 'string' ? localTime(v, timeZone) : String(v);
    case 'flag':
      return v === true ? 'Yes' : v === false ? 'No' : String(v);
    case 'text':
      return String(v);
  }
};

const csvValue = (v: Cell, format: CellFormat, timeZone: string): string | number | null => {
  if (v === null || v === undefined || v === '') return null;
  switch (format) {
    case 'money':
      return typeof v === 'number' ? (v < 0 ? `-${(Math.abs(v) / 100).toFixed(2)}` : (v / 100).toFixed(2)) : String(v);
    case 'hold':
      return typeof v === 'number' ? percentOf(v) : String(v);
    case 'count':
      return typeof v === 'number' ? v : String(v);
    default:
      return printed(v, format, timeZone);
  }
};

const cellOf = (row: Row, c: DocumentColumn, timeZone = 'UTC'): Cell => (c.value ? c.value(row, { timeZone }) : c.key ? (row[c.key] ?? null) : null);

const sum = (rows: readonly Row[], c: DocumentColumn): number =>
  rows.reduce((n, r) => {
    const v = cellOf(r, c);
    return n + (typeof v === 'number' ? v : 0);
  }, 0);

/**
 * The content's totals: each section's row count and the sum of every column its document totals with `sum`.
 * One list for the JSON and the PDF, so neither adds what means nothing (a meter before and after, amounts of
 * different kinds).
 */
export const contentTotals = (definitions: readonly SectionDefinition[], sections: readonly SectionContent[]): Record<string, number> => {
  const totals: Record<string, number> = {};
  for (const section of sections) {
    totals[`${section.id}.rows`] = section.rows.length;
    const def = definitions.find((d) => d.id === section.id);
    for (const table of def?.document ?? []) {
      for (const c of table.columns) {
        if (c.total === 'sum' && c.key && section.rows.some((r) => typeof r[c.key!] === 'number')) totals[`${section.id}.${c.key}`] = sum(section.rows, c);
      }
    }
  }
  return totals;
};

/** The report's tables as they read, in section order. */
export const documentTables = (content: ReportContent, definitions: readonly SectionDefinition[]): RenderedTable[] => {
  const timeZone = content.period.covers?.timeZone ?? 'UTC';
  const monthly = content.period.firstDay !== content.period.lastDay;
  const out: RenderedTable[] = [];
  for (const section of content.sections) {
    const def = definitions.find((d) => d.id === section.id);
    const tables = def?.document ?? [{ columns: section.columns.map((key): DocumentColumn => ({ header: inWords(key), format: 'text', key })) }];
    tables.forEach((table, i) => {
      const present = (c: DocumentColumn) => section.rows.some((r) => {
        const v = cellOf(r, c, timeZone);
        return v !== null && v !== undefined && v !== '';
      });
      const columns = table.columns.filter((c) => (monthly || !c.monthOnly) && (!c.optional || present(c)));
      const hasTotals = section.rows.length > 0 && columns.some((c) => c.total);
      out.push({
        id: tables.length > 1 ? `${section.id}.${i + 1}` : section.id,
        sectionTitle: section.title,
        subtitle: table.title ?? null,
        clause: section.clause,
        first: i === 0,
        headers: columns.map((c) => (c.format === 'instant' ? `${c.header} (${timeZone})` : c.header)),
        formats: columns.map((c) => c.format),
        widths: columns.map((c) => c.width ?? 1),
        rows: section.rows.map((r) => columns.map((c) => printed(cellOf(r, c, timeZone), c.format, timeZone))),
        csvRows: section.rows.map((r) => columns.map((c) => csvValue(cellOf(r, c, timeZone), c.format, timeZone))),
        totals: hasTotals
          ? columns.map((c, k) => {
              if (k === 0) return 'Total';
              if (!c.total) return '';
              return printed(c.total === 'sum' ? sum(section.rows, c) : c.total(section.rows), c.format, timeZone);
            })
          : null,
      });
    });
  }
  return out;
};
