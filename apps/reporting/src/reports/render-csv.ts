import { csvCell } from '@app/platform-kit';
import { ReportContent } from './report.types';

/** CSV of the same rows as the JSON: one block per section (header `section,<columns>`), blank line between. */
export const renderCsv = (content: Pick<ReportContent, 'sections'>): string =>
  content.sections
    .map((s) => [['section', ...s.columns].join(','), ...s.rows.map((r) => [s.id, ...s.columns.map((c) => csvCell(r[c] ?? null))].join(','))].join('\r\n'))
    .join('\r\n\r\n') + '\r\n';
