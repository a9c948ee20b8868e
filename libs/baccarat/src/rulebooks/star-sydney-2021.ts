/**
 * The Star Sydney, Rules for the playing of Baccarat, effective Thursday 8 July 2021 (ILGA).
 * Source: docs/rules/star-sydney-baccarat-rules-2021-ilga.txt. Clauses are cited as "Star 2021 <n>".
 * Superseded by star-sydney-2024 from 16 May 2024. Not yet in this edition: cashless tables (2.4.1), proxy
 * betting ban (14.16), over/underpayment rectification and monthly report (12.18-12.20), promotion terms to
 * the regulator 24 hours ahead (16.12).
 */
import type { Rulebook } from './rulebook.types';
import { starSydneyRulebook } from './star-sydney-common';

const c = (clause: string) => `Star 2021 ${clause}`;

export const STAR_SYDNEY_2021: Rulebook = starSydneyRulebook({
  id: 'star-sydney-2021',
  c,
  effectiveFrom: '2021-07-08',
  effectiveFromNote: 'Page footer: "Independent Liquor and Gaming Authority, Effective from Thursday, 8 July 2021".',
  regulator: 'ILGA',
  source: 'star-sydney-baccarat-rules-2021-ilga.txt',
  layouts: {
    pairs: ['A', 'B', 'D', 'E', 'H'],
    superSix: ['C', 'D', 'H'],
    tiger: ['F', 'G', 'I', 'J'],
  },
  faceValueBurnClause: '4.7.3-4.7.3.2',
  playerLimits: null,
  proxyBetting: null,
  overUnderpayment: null,
  promotionalPrizes: {
    cashAllowed: true,
    paymentMethods: ['cash', 'crossed-cheque', 'eft'],
    payment: {
      description: 'a cash prize over $10,000 is paid as the winner chooses: cash, crossed cheque, EFT or a combination',
      clause: c('16.4'),
    },
    scrutineerAboveCents: { cents: 1_000_000, clause: c('16.2') },
    notifyWinnerWithinDays: { days: 2, clause: c('16.8') },
    retainDeniedClaimsAboveCents: { cents: 10_000, clause: c('16.9.1') },
    integrityCompromisedNotice: { description: 'the inspectorate is notified immediately', clause: c('16.11') },
    termsToRegulatorHoursBefore: null,
  },
});
