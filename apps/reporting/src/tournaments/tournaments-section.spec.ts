import { renderCsv } from '../reports/render-csv';
import { documentTables } from '../reports/report-document';
import type { ReportContent } from '../reports/report.types';
import { tournamentSections } from './tournaments-section';

const sections = tournamentSections({ notices: 'Star 2024 15.4.1', conduct: 'Star 2024 15.3.4', results: 'Star 2024 15.3.2; 15.10' });

/** A NSW tournament report over two tournaments: one held under Star 2021 (ILGA), one under Star 2024 (NICC). */
const report = (): ReportContent =>
  ({
    kind: 'nsw-tournaments',
    title: 'Tournaments',
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    period: { type: 'gaming-day', value: '2024-05-16', firstDay: '2024-05-15', lastDay: '2024-05-16', covers: { timeZone: 'Australia/Sydney' } },
    rulebookVersions: ['star-sydney-2021', 'star-sydney-2024'],
    totals: {},
    sections: [
      {
        id: 'tournament-conduct',
        title: 'Tournament conduct',
        clause: 'Star 2021 15.3.4; Star 2024 15.3.4',
        columns: [],
        rows: [
          { eventId: 'e1', at: '2024-05-15T02:00:00.000Z', gamingDay: '2024-05-15', tournamentId: 'may-cup', type: 'TournamentCancelled', summary: 'Cancelled', amountCents: 10_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2021 15.3.4', rulebook: 'Star 2021', regulator: 'ILGA', details: '{}' },
          { eventId: 'e2', at: '2024-05-16T02:00:00.000Z', gamingDay: '2024-05-16', tournamentId: 'june-cup', type: 'TournamentCancelled', summary: 'Cancelled', amountCents: 10_000, actorId: 'td-1', actorRole: 'tournament-director', clause: 'Star 2024 15.3.4', rulebook: 'Star 2024', regulator: 'NICC', details: '{}' },
        ],
      },
    ],
  }) as unknown as ReportContent;

describe('the NSW tournament report cites each row against its own edition (Star 2021 15.3.4 under the ILGA; Star 2024 15.3.4 under the NICC)', () => {
  it('shows in the PDF the rules and the regulator each row was played under: ILGA for Star 2021, NICC for Star 2024', () => {
    const [table] = documentTables(report(), sections);
    const col = (header: string) => table.headers.indexOf(header);
    expect(col('Regulator')).toBeGreaterThan(-1);
    expect(table.rows.map((r) => [r[col('Rules')], r[col('Regulator')]])).toEqual([
      ['Star 2021', 'ILGA'],
      ['Star 2024', 'NICC'],
    ]);
  });

  it('shows the same in the CSV: a Regulator column, ILGA on the Star 2021 row and NICC on the Star 2024 row', () => {
    const [header, ...rows] = renderCsv(report(), sections).trim().split('\r\n');
    const cells = header.split(',');
    const at = cells.indexOf('Regulator');
    expect(at).toBeGreaterThan(-1);
    expect(rows.map((r) => r.split(',')[at])).toEqual(['ILGA', 'NICC']);
    expect(rows.map((r) => r.split(',')[cells.indexOf('Rules')])).toEqual(['Star 2021', 'Star 2024']);
  });
});
