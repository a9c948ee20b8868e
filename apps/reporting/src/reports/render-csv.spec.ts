import { renderCsv } from './render-csv';
import { ReportContent } from './report.types';

const reportWith = (reason: string): ReportContent =>
  ({
    kind: 'daily',
    title: 't',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    period: {},
    rulebookVersions: [],
    totals: {},
    sections: [{ id: 'adjustments', title: 'Adjustments', columns: ['amountCents', 'reason'], rows: [{ amountCents: -2500, reason }] }],
  }) as unknown as ReportContent;

describe('regulator CSV reports (issue 15 attack finding 2)', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('a free-text cell beginning %p cannot run as a spreadsheet formula', (reason) => {
    const line = renderCsv(reportWith(reason)).split('\r\n')[1];
    expect(line.startsWith('adjustments,-2500,')).toBe(true);
    const written = line.slice('adjustments,-2500,'.length);
    expect(written.replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('numbers, including negative amounts, stay numbers', () => {
    expect(renderCsv(reportWith('seed top-up')).split('\r\n')[1]).toBe('adjustments,-2500,seed top-up');
  });
});
