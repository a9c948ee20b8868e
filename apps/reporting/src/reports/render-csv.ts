import { csvCell } from '@app/platform-kit';
import { documentTables } from './report-document';
import { ReportContent, SectionDefinition } from './report.types';

const block = (header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]): string =>
  [header.map((h) => csvCell(h)).join(','), ...rows.map((r) => r.map((c) => csvCell(c)).join(','))].join('\r\n');

/**
 * CSV, one block per table with a blank line between, each row prefixed with its section id.
 * - A report (with its section definitions): the PDF's columns and headings (units in the headings), one block per
 *   table of the document (`<id>.<n>` for a section shown as several). Money is dollars with two decimals and hold
 *   a percentage, without thousands separators, so a spreadsheet reads numbers; no totals rows, so summing a column
 *   counts nothing twice.
 * - Read-model rows (no definitions): the rows' own columns, as the JSON has them.
 */
export const renderCsv = (content: Pick<ReportContent, 'sections'> & Partial<Pick<ReportContent, 'period'>>, definitions?: readonly SectionDefinition[]): string => {
  const blocks =
    definitions && content.period
      ? documentTables(content as ReportContent, definitions).map((t) => block(['Section', ...t.headers], t.csvRows.map((r) => [t.id, ...r])))
      : content.sections.map((s) => block(['section', ...s.columns], s.rows.map((r) => [s.id, ...s.columns.map((c) => r[c] ?? null)])));
  return blocks.join('\r\n\r\n') + '\r\n';
};
