import { promotionNoticesSection } from '../promotions/promotion-notices-section';
import { jackpotMovementsSection, meterReconciliationSection } from './jackpot-section';
import { registerSection } from './register-section';
import { ReportDefinition } from './report.types';
import { betStatisticsSection, tableStatisticsSection } from './statistics-section';
import { tournamentSections } from '../tournaments/tournaments-section';
import { rapidSections } from '../rapid/rapid-section';

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
    sections: [registerSection('payment-corrections', 'Over/underpayments above $1,000', 'Star 2024 12.20.2', `category = 'payment-correction' AND reportable`, { header: 'Over/underpaid ($)', total: false })],
  },
  {
    kind: 'nsw-monthly-promotions',
    title: 'Promotional prizes and tokens: terms, draws, notices, denied claims and payments',
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    audience: 'regulator',
    periodType: 'month',
    sections: [promotionNoticesSection],
  },
  {
    kind: 'vic-jackpot',
    title: 'Lucky Tie Jackpot: parameters, payouts, adjustments and meter reconciliation',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    audience: 'regulator',
    periodType: 'gaming-day',
    sections: [
      jackpotMovementsSection('jackpot-parameters', 'Jackpot parameters notified', 'Crown Melbourne 13.4.1(a)', ['JackpotCreated', 'JackpotParametersChanged'], { header: 'Amount ($)', total: false }),
      jackpotMovementsSection('jackpot-payouts', 'Jackpot confirmations and payouts', 'Crown Melbourne 13.4.5-13.4.8', ['HitConfirmed', 'JackpotPaid'], { header: 'Paid to players ($)', total: true }),
      // Tables suspended from and resumed in the jackpot: equipment malfunctions (Crown Melbourne 13.4.9(a)).
      jackpotMovementsSection(
        'jackpot-adjustments',
        'Jackpot adjustments, suspensions and resets',
        'Crown Melbourne 13.4.9',
        ['MeterAdjusted', 'ContributionsBackfilled', 'ContributionReversed', 'MeterReset', 'HitDismissed', 'HitMismatchFlagged', 'TableSuspended', 'TableResumed'],
        { header: 'Amount ($)', total: false },
      ),
      meterReconciliationSection,
      // What the jackpot could not settle by itself: shortfalls, voids after a payout, forgotten shoes, and tables
      // and jackpots naming each other wrongly (whose coups contributed nothing) (Crown Melbourne 13.3.1(b), 13.4.1).
      registerSection('jackpot-attention', 'Jackpot attention flags', 'Crown Melbourne 13.3.1(b); 13.4.1', `category = 'jackpot-attention'`),
    ],
  },
  {
    kind: 'vic-tournaments',
    title: 'Tournaments: notices to the VGCCC, terms, conduct, results and prizes',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    audience: 'regulator',
    periodType: 'gaming-day',
    sections: tournamentSections({ notices: 'Crown Melbourne 14.2.2(b); 14.4.1(c); Rapid 12.1.3', conduct: 'Crown Melbourne 14.2.5; 14.4.8; Rapid 11.11; 12.3.2', results: 'Crown Melbourne 14.4.6-14.4.7' }),
  },
  {
    kind: 'vic-rapid',
    title: 'Rapid Baccarat: rounds, ATS chip accounts, corrections, invalidations, malfunctions, claims and manual payments',
    jurisdiction: 'VIC',
    regulator: 'VGCCC',
    audience: 'regulator',
    periodType: 'gaming-day',
    // Over the Rapid service's published events: per Rapid table, every figure reconciled to the cent (Rapid 4.8, 6.7, 11.11, 13.4).
    sections: rapidSections,
    // The Rapid rulebook its rounds carry, not the rulebook of the casino's other tables opened that day.
    rulebooksOf: 'sections',
  },
  {
    kind: 'nsw-tournaments',
    title: 'Tournaments: conditions, conduct, results and prizes',
    jurisdiction: 'NSW',
    regulator: 'NICC / L&GNSW',
    audience: 'regulator',
    periodType: 'gaming-day',
    sections: tournamentSections({ notices: 'Star 2024 15.4.1', conduct: 'Star 2024 15.3.4; 15.5.2; 15.5.6-15.5.7; 15.6.2-15.6.3', results: 'Star 2024 15.3.2; 15.10' }),
  },
  ...(['NSW', 'VIC'] as const).map(
    (jurisdiction): ReportDefinition => ({
      kind: 'table-statistics',
      title: 'Table statistics: coups, results, turnover, win/loss, commission and hold',
      jurisdiction,
      regulator: 'internal',
      audience: 'manager',
      periodType: 'gaming-day',
      sections: [tableStatisticsSection, betStatisticsSection, registerSection('commission-waivers', 'Commission waived', 'Crown Melbourne 9.3.1(a)(iii)', `category = 'commission-waiver'`, { header: 'Commission waived ($)', total: true })],
    }),
  ),
];

export const reportDefinition = (kind: string, jurisdiction: string): ReportDefinition | undefined =>
  REPORT_DEFINITIONS.find((d) => d.kind === kind && d.jurisdiction === jurisdiction);
