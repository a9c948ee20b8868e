import { casinosOfReport, provideCasinoResolver } from '@app/platform-kit';
import { REPORT_SERVICE } from '../reporting.tokens';
import { ReportService } from './report.service';
import { ReportsController } from './reports.controller';

/**
 * A jurisdiction's report covers the tables of every casino of that jurisdiction (NSW: Crown Sydney and the Star):
 * staff generate or read one only when their token names each of those casinos, as they read each table only at
 * their own casino (casinosOfReport, the one rule for every report). Regulators read by jurisdiction, as before.
 */
export const REPORTS_CASINO_SCOPE = provideCasinoResolver(
  (reports: ReportService) => ({
    service: 'reporting',
    controllers: [ReportsController],
    ids: {
      // A list item (a report kind, a stored report) says its jurisdiction: no read of the report needed.
      jurisdiction: (jurisdiction) => casinosOfReport(jurisdiction),
      reportId: async (id) => {
        const stored = await reports.stored(id);
        return stored ? casinosOfReport(stored.jurisdiction) : undefined;
      },
    },
    body: (b) => (typeof b.jurisdiction === 'string' ? casinosOfReport(b.jurisdiction) : undefined),
  }),
  [REPORT_SERVICE],
);
