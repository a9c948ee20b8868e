import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { REPORT_DEFINITIONS } from './report-definitions';
import { GenerateReportDto, REPORT_KINDS } from './reports.dto';

describe('the report kinds a command may name are those GET /reporting/reports/kinds lists (the OpenAPI enum alike)', () => {
  it('Rapid 11.11-11.16: the VIC Rapid Baccarat report is a kind, and every kind defined is accepted', () => {
    expect(REPORT_KINDS).toEqual([...new Set(REPORT_DEFINITIONS.map((d) => d.kind))]);
    expect(REPORT_DEFINITIONS.find((d) => d.kind === 'vic-rapid')).toMatchObject({ jurisdiction: 'VIC', regulator: 'VGCCC', audience: 'regulator', periodType: 'gaming-day' });
    for (const kind of REPORT_KINDS) expect(validateSync(plainToInstance(GenerateReportDto, { kind, jurisdiction: 'VIC', period: '2026-03-02' }))).toEqual([]);
    expect(validateSync(plainToInstance(GenerateReportDto, { kind: 'vic-rapid-typo', jurisdiction: 'VIC', period: '2026-03-02' })).map((e) => e.property)).toEqual(['kind']);
  });
});
