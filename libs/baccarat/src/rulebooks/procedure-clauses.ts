/**
 * The clause numbers of the table procedures, declared per rulebook version under one name each, so a decider
 * cites `procedureClause(rulebook, 'start-coup')` ("Crown Melbourne 7.2", "Star 2024 7.1") and never writes a
 * clause or names a casino. A rulebook that does not address a procedure leaves it out; the citation then says
 * so and names the Crown Melbourne clause the platform applies in its place.
 */
import { CROWN_MELBOURNE_V29 } from './crown-melbourne-v29';
import type { Rulebook } from './rulebook.types';

export type ProcedureKey =
  // opening, shoes and the cut
  | 'open-table'
  | 'box-at-table'
  | 'start-shoe'
  | 'cut-before-burn'
  | 'burn'
  | 'burn-before-play'
  | 'last-coup'
  | 'cut-card-before-first-card'
  | 'abnormal-sequence-shuffle'
  | 'closing-notice-coups'
  | 'lucky-tie-hand'
  | 'dealer-duties'
  // coups and wagers
  | 'start-coup'
  | 'accept-wagers'
  | 'wager-on-dummy'
  | 'no-more-bets'
  | 'bet-not-offered'
  | 'wagers-in-chips'
  | 'mid-coup-only'
  | 'shield-window'
  | 'insurance-window'
  | 'below-minimum-refused'
  | 'box-maximum'
  | 'side-required'
  | 'side-wagers-before-first-card'
  // the deal and its irregularities
  | 'deal'
  | 'excess-card'
  | 'first-card-face-up'
  | 'card-face-up-later'
  | 'wrong-hand-first-four-player'
  | 'wrong-hand-first-four-banker'
  | 'wrong-hand-player-third'
  | 'wrong-hand-banker-third'
  | 'third-card-contrary-player'
  | 'third-card-contrary-banker'
  | 'invalid-wager-return'
  | 'insufficient-cards'
  | 'order-undetermined'
  | 'foreign-or-missing-card'
  | 'shuffler-malfunction'
  | 'shuffler-malfunction-transferred'
  | 'shuffler-malfunction-cards-damaged'
  | 'shuffler-malfunction-disadvantage'
  | 'shuffler-malfunction-no-other-device'
  // deferred commission
  | 'commission-deferral'
  | 'commission-outstanding'
  | 'commission-player-request'
  | 'commission-player-leaving'
  | 'commission-management'
  // Three Card Baccarat
  | 'three-card-rules'
  | 'three-card-boxes'
  | 'three-card-cut'
  | 'three-card-deal'
  | 'three-card-pictures-paid'
  | 'misdeal-incorrect-cards-before-look'
  | 'misdeal-dealer-incorrect-cards'
  | 'misdeal-card-count-discrepancy'
  | 'misdeal-unwagered-area-dealt'
  | 'misdeal-card-count-unverified';

/** Clause numbers as the rulebook's text writes them (without the citation prefix). */
export type ProcedureClauses = Readonly<Partial<Record<ProcedureKey, string>>>;

/**
 * Cites a procedure of this rulebook: "<citation> <number>", or, where the rulebook makes no provision,
 * "<citation> (no provision; applying Crown Melbourne <number>)".
 */
export const procedureClause = (rulebook: Rulebook, key: ProcedureKey): string => {
  const n = rulebook.policies.procedureClauses[key];
  if (n !== undefined) return `${rulebook.citation} ${n}`;
  return `${rulebook.citation} (no provision; applying Crown Melbourne ${CROWN_MELBOURNE_V29.policies.procedureClauses[key] ?? ''})`.trim();
};
