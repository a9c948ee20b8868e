import { jackpotMovementsSection, meterReconciliationSection } from './jackpot-section';
import { registerSection } from './register-section';
import { ReportDefinition } from './report.types';
import { betStatisticsSection, tableStatisticsSection } from './statistics-section';

/**
 * The reports, as data. Adding a notice later (Star 16.11-16.12 promotions, Crown 14.2.2 tournaments,
 * Crown Rapid 11.14-11.16 equipment malfunctions) is one more section here over a register category.
 */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  {
    kind: 'nsw-daily-summary',
    title: "L&GNSW Daily Summary Report: voided shoes, missing or foreign cards and other notifiable events",
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    audience: 'regulator',
    periodType: 'gaming-day',
    sections: [
      registerSection('voided-shoes', 'Voided shoes', 'Star 2024 4.13', `category = 'shoe-void'`),
      registerSection('missing-or-foreign-cards', 'Missing or foreign cards', 'Star 2024 12.11', `category = 'irregularity' AND kind IN ('missing-card', 'foreign-card')`),
      registerSection(
        'other-notifiable-events',
        'Other notifiable events',
        'Star 2024 12',
        `notifiable AND category <> 'shoe-void' AND NOT (category = 'irregularity' AND kind IN ('missing-card', 'foreign-card'))`,
      ),
    ],
  },
  {
    kind: 'nsw-monthly-payment-corrections',
    title: 'Monthly report of over/underpayments above $1,000',
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    audience: 'regulator',
    periodType: 'month',
    sections: [registerSection('payment-corrections', 'Over/underpayments above $1,000', 'Star 2024 12.20.2', `category = 'payment-correction' AND reportable`)],
  },
  {
    kind: 'vic-jackpot',
    title: 'Lucky Tie Jackpot: parameters, payouts, adjustments and meter reconciliation',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    audience: 'regulator',
    periodType: 'gaming-day',
    sections: [
      jackpotMovementsSection('jackpot-parameters', 'Jackpot parameters', 'Crown Melbourne 13.4.1(a)', ['JackpotCreated', 'JackpotParametersChanged']),
      jackpotMovementsSection('jackpot-payouts', 'Jackpot confirmations and payouts', 'Crown Melbourne 13.4.5-13.4.8', ['HitConfirmed', 'JackpotPaid']),
      // Tables suspended from and resumed in the jackpot: equipment malfunctions (Crown Melbourne 13.4.9(a)).
      jackpotMovementsSection('jackpot-adjustments', 'Jackpot adjustments', 'Crown Melbourne 13.4.9', [
        'MeterAdjusted',
        'ContributionsBackfilled',
        'ContributionReversed',
        'MeterReset',
        'HitDismissed',
        'HitMismatchFlagged',
        'TableSuspended',
        'TableResumed',
      ]),
      meterReconciliationSection,
    ],
  },
  ...(['NSW', 'VIC'] as const).map(
    (jurisdiction): ReportDefinition => ({
      kind: 'table-statistics',
      title: 'Table statistics: coups, results, turnover, win/loss, commission and hold',
      jurisdiction,
      regulator: 'internal',
      audience: 'manager',
      periodType: 'gaming-day',
      sections: [tableStatisticsSection, betStatisticsSection, registerSection('commission-waivers', 'Commission waived', 'Crown Melbourne 9.3.1(a)(iii)', `category = 'commission-waiver'`)],
    }),
  ),
];

export const reportDefinition = (kind: string, jurisdiction: string): ReportDefinition | undefined =>
  REPORT_DEFINITIONS.find((d) => d.kind === kind && d.jurisdiction === jurisdiction);
