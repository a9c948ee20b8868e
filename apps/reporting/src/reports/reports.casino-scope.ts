import { casinosOfJurisdiction } from '@app/baccarat';
import { provideCasinoResolver } from '@app/platform-kit';
import { REPORT_SERVICE } from '../reporting.tokens';
import { ReportService } from './report.service';
import { ReportsController } from './reports.controller';

/**
 * A jurisdiction's report covers the tables of every casino of that jurisdiction (NSW: Crown Sydney and the Star):
 * staff generate or read one only when their token names each of those casinos, as they read each table only at
 * their own casino. Regulators read by jurisdiction, as before.
 */
export const REPORTS_CASINO_SCOPE = provideCasinoResolver(
  (reports: ReportService) => ({
    service: 'reporting',
    controllers: [ReportsController],
    ids: {
      // A list item (a report kind, a stored report) says its jurisdiction: no read of the report needed.
      jurisdiction: (jurisdiction) => casinosOfJurisdiction(jurisdiction),
      reportId: async (id) => {
        const stored = await reports.stored(id);
        return stored ? casinosOfJurisdiction(stored.jurisdiction) : undefined;
      },
    },
    body: (b) => (typeof b.jurisdiction === 'string' ? casinosOfJurisdiction(b.jurisdiction) : undefined),
  }),
  [REPORT_SERVICE],
);
