import { Cell, ReportContent } from './report.types';

const cell = (v: Cell): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV of the same rows as the JSON: one block per section (header `section,<columns>`), blank line between. */
export const renderCsv = (content: ReportContent): string =>
  content.sections
    .map((s) => [['section', ...s.columns].join(','), ...s.rows.map((r) => [s.id, ...s.columns.map((c) => cell(r[c] ?? null))].join(','))].join('\r\n'))
    .join('\r\n\r\n') + '\r\n';
