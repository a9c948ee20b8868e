import { renderCsv } from './render-csv';
import { registerSection } from './register-section';
import { ReportContent } from './report.types';

const adjustments = registerSection('adjustments', 'Jackpot adjustments', 'Crown Melbourne 13.4.9', 'true', { header: 'Amount ($)', total: true });

const reportWith = (reason: string, amountCents = -2500): ReportContent =>
  ({
    kind: 'vic-jackpot',
    title: 't',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    period: { type: 'gaming-day', value: '2025-03-03', firstDay: '2025-03-03', lastDay: '2025-03-03', covers: { timeZone: 'Australia/Melbourne' } },
    rulebookVersions: [],
    totals: {},
    sections: [
      {
        id: 'adjustments',
        title: 'Jackpot adjustments',
        clause: 'Crown Melbourne 13.4.9',
        columns: ['eventId', 'occurredAt', 'amountCents', 'reason'],
        rows: [{ eventId: 'e1', occurredAt: '2025-03-03T10:00:00.000Z', tableId: 'MEL-1', kind: 'meter-adjusted', amountCents, reason, actorId: 'manager-1', actorRole: 'area-manager', clause: 'Crown Melbourne 13.4.9' }],
      },
    ],
  }) as unknown as ReportContent;

const lines = (reason: string, amountCents?: number) => renderCsv(reportWith(reason, amountCents), [adjustments]).split('\r\n');

describe('regulator CSV reports', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('a free-text cell beginning %p cannot run as a spreadsheet formula (OWASP CSV injection)', (reason) => {
    const header = lines('x')[0].split(',');
    const row = lines(reason)[1];
    // The reason is the only quoted-or-prefixed cell; whatever the quoting, it starts with an apostrophe.
    const written = row.slice(row.indexOf(',-25.00,') + ',-25.00,'.length);
    expect(header).toContain('Reason');
    expect(written.replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('has the columns and headings of the PDF, the unit in the heading, and money as dollars a spreadsheet reads as a number, negative amounts included', () => {
    const [header, row] = lines('seed top-up', -12_345_678);
    expect(header).toBe('Section,Time (Australia/Melbourne),Table,What happened,Amount ($),Reason,Recorded by,Rule,Event id');
    expect(row).toBe('adjustments,2025-03-03 21:00:00,MEL-1,Meter adjusted,-123456.78,seed top-up,manager-1 (area manager),Crown Melbourne 13.4.9,e1');
  });
});
