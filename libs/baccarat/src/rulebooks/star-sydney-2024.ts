/**
 * The Star Sydney, amended Rules for the playing of Baccarat approved by the NSW Independent Casino Commission,
 * signed and effective 16 May 2024 (Ref DF24/009451). Source: docs/rules/star-sydney-baccarat-rules-2024-nicc.txt.
 * Clauses are cited as "Star 2024 <n>". Supersedes star-sydney-2021.
 */
import type { Rulebook } from './rulebook.types';
import { starSydneyRulebook } from './star-sydney-common';

const c = (clause: string) => `Star 2024 ${clause}`;

export const STAR_SYDNEY_2024: Rulebook = starSydneyRulebook({
  id: 'star-sydney-2024',
  c,
  effectiveFrom: '2024-05-16',
  effectiveFromNote:
    'Order signed 16 May 2024, "take[s] effect on the date of publication on The Star Sydney\'s website"; page footers read "Effective from 16 May 2024".',
  regulator: 'NICC',
  source: 'star-sydney-baccarat-rules-2024-nicc.txt',
  layouts: {
    pairs: ['A', 'D'],
    superSix: ['A', 'D'],
    tiger: ['B', 'C', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'],
  },
  faceValueBurnClause: '4.7.3-4.7.5',
  playerLimits: '5.9',
  proxyBetting: { allowed: false, clause: c("14.16; 1.1 'Proxy Betting'") },
  overUnderpayment: {
    rectification:
      'an unintentional over/underpayment is not a breach if rectified, or a reasonable attempt made to rectify it (identify, contact the patron; reimburse an underpayment, request return of an overpayment), within a reasonable time, or it is brought to the NICC\'s attention',
    intentional: 'a suspected intentional incorrect settlement must be rectified within a reasonable time and the patron identified',
    monthlyReportAboveCents: 100_000,
    reportTo: 'NICC',
    clause: c('12.18-12.20; 12.20.2 (monthly report of individual over/underpayments over $1,000)'),
  },
  promotionalPrizes: {
    cashAllowed: false,
    paymentMethods: ['crossed-cheque', 'eft'],
    payment: {
      description: 'no prize is awarded in cash; monetary prizes are paid by crossed cheque, EFT to the winner\'s bank account, or both',
      clause: c('16.4'),
    },
    scrutineerAboveCents: { cents: 1_000_000, clause: c('16.2') },
    notifyWinnerWithinDays: { days: 2, clause: c('16.8') },
    retainDeniedClaimsAboveCents: { cents: 10_000, clause: c('16.9.1') },
    integrityCompromisedNotice: { description: 'the Inspector is notified within 48 hours', clause: c('16.11') },
    termsToRegulatorHoursBefore: { hours: 24, clause: c('16.12') },
  },
});
