/**
 * A promotion's terms, their lodging with the regulator and its entries (Star 16.6, 16.7, 16.12).
 * The edition is the one in force on the promotion's start date at the venue (its local calendar date).
 */
import { conflict, PromotionEntry, ruleViolation, voucherOfTokenWager, type PromotionPrize } from '@app/contracts';
import { PromotionPolicy, promotionPolicyFor, promotionPolicyForAct, rulebookInForce } from '@app/baccarat';
import { assertTermsAtRegulator, drawBindings } from './promotion-draw.decider';
import { assertTermsComplete, needsScrutineer } from './promotion-terms.decider';
import { addHours, atOrBefore, hoursBetween, instantMs, isInstant, localDate } from './instants';
import type { AmendTerms, CreatePromotion, GrantEntries, LodgeTerms, RecordPlay, ReversePlay } from './promotion-command.types';
import { pendingRound, type PromotionEvent, type PromotionState } from './promotion.events';

/** The policy of the edition in force on the promotion's start date, in the venue's time zone. */
export const policyOnStart = (operator: string, startsAt: string): PromotionPolicy => {
  const zone = rulebookInForce(operator, startsAt.slice(0, 10)).timeZone;
  return promotionPolicyFor(rulebookInForce(operator, localDate(startsAt, zone)));
};

const assertSchedule = (c: CreatePromotion): void => {
  for (const key of ['startsAt', 'entriesCloseAt', 'drawAt'] as const) {
    if (!isInstant(c.schedule[key])) throw ruleViolation('INVALID_TIME', `schedule.${key} must be an ISO 8601 time with an offset.`, undefined, `schedule.${key}`);
  }
  if (!(instantMs(c.schedule.startsAt) < instantMs(c.schedule.entriesCloseAt))) {
    throw ruleViolation('SCHEDULE_INVALID', 'Entries must close after the promotion starts.', undefined, 'schedule.entriesCloseAt');
  }
  if (!atOrBefore(c.schedule.entriesCloseAt, c.schedule.drawAt)) {
    throw ruleViolation('SCHEDULE_INVALID', 'The draw cannot be before entries close.', undefined, 'schedule.drawAt');
  }
  const rule = c.entryRule;
  if (rule && (!Number.isInteger(rule.turnoverPerEntryCents) || rule.turnoverPerEntryCents < 1)) {
    throw ruleViolation('ENTRY_RULE_INVALID', 'turnoverPerEntryCents must be a positive whole number of cents.', undefined, 'entryRule.turnoverPerEntryCents');
  }
};

/**
 * The edition follows the commencement, so a commencement in the past would choose its rules (a start before
 * 16 May 2024 picks Star 2021: no NICC lodging, prizes paid in cash). It is taken only for a promotion that really
 * commenced before it was recorded here, with the evidence and the date its terms were issued.
 */
const assertCommencement = (policy: PromotionPolicy, c: CreatePromotion): void => {
  const clause = policy.termsToRegulator?.clause ?? policy.clauses.promotion;
  if (atOrBefore(c.now, c.schedule.startsAt)) return;
  const proof = c.recordedAfterCommencement;
  if (!proof || proof.evidence.trim() === '') {
    throw ruleViolation(
      'COMMENCEMENT_IN_PAST',
      `The promotion would commence at ${c.schedule.startsAt}, before now (${c.now}); the rules in force at commencement apply, so a past start is taken only with proof. Start it in the future, or record recordedAfterCommencement.evidence (the lodgement receipt or published terms) and termsIssuedAt.`,
      clause,
      'schedule.startsAt',
    );
  }
  if (!isInstant(proof.termsIssuedAt)) throw ruleViolation('INVALID_TIME', 'recordedAfterCommencement.termsIssuedAt must be an ISO 8601 time.', undefined, 'recordedAfterCommencement.termsIssuedAt');
  if (!atOrBefore(proof.termsIssuedAt, c.schedule.startsAt)) {
    throw ruleViolation('TERMS_ISSUED_AFTER_COMMENCEMENT', `A promotion is conducted under terms issued before it commences (${c.schedule.startsAt}).`, policy.clauses.terms, 'recordedAfterCommencement.termsIssuedAt');
  }
};

export const createPromotion = (s: PromotionState, c: CreatePromotion): PromotionEvent[] => {
  if (s.exists) throw conflict('PROMOTION_EXISTS', `Promotion ${c.promotionId} exists already; amend its terms instead.`);
  assertSchedule(c);
  const policy = policyOnStart(c.operator, c.schedule.startsAt);
  assertCommencement(policy, c);
  assertTermsComplete(policy, c.terms, c.prizes);
  return [
    {
      type: 'PromotionCreated',
      promotionId: c.promotionId,
      name: c.name,
      rulebookId: policy.rulebookId,
      regulator: policy.regulator,
      schedule: c.schedule,
      terms: c.terms,
      termsVersion: 1,
      prizes: c.prizes,
      entryRule: c.entryRule,
      entrantsMustBePresent: c.entrantsMustBePresent,
      onePrizePerPatron: c.onePrizePerPatron,
      tokenAfterCoup: c.tokenAfterCoup,
      scrutineerRequired: needsScrutineer(policy, c.prizes),
      termsDueAtRegulatorBy: policy.termsToRegulator ? addHours(c.schedule.startsAt, -policy.termsToRegulator.hoursBefore) : null,
      ...(c.entrantSalt ? { entrantSalt: c.entrantSalt } : {}),
      ...(c.recordedAfterCommencement && !atOrBefore(c.now, c.schedule.startsAt) ? { recordedAfterCommencement: { evidence: c.recordedAfterCommencement.evidence.trim(), termsIssuedAt: c.recordedAfterCommencement.termsIssuedAt } } : {}),
      createdAt: c.now,
      clause: policy.clauses.terms,
    },
  ];
};

export const amendTerms = (policy: PromotionPolicy, s: PromotionState, c: AmendTerms): PromotionEvent[] => {
  if (s.status === 'drawn' || s.status === 'cancelled') throw conflict('PROMOTION_CLOSED', `The promotion is ${s.status}; its terms can no longer change.`);
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say why the terms change.', undefined, 'reason');
  assertTermsComplete(policy, c.terms, c.prizes);
  // 16.7.1, 16.7.11: the draw's commitment bound the prizes in their order, every detail of each; they stay as
  // committed. A round committed under the version 1 digest (four fields) verifies under it, and its prizes' other
  // details are held to what they were (the full digest of the prizes in force).
  const round = pendingRound(s);
  const changed = (prizes: readonly PromotionPrize[]) => drawBindings({ ...s, prizes }).prizesDigest;
  if (round && (drawBindings({ ...s, prizes: c.prizes }, round.prizesDigestVersion).prizesDigest !== round.prizesDigest || changed(c.prizes) !== changed(s.prizes))) {
    throw ruleViolation(
      'PRIZES_BOUND_BY_COMMITMENT',
      `Draw round ${round.round} is committed to these prizes in this order (${round.prizesDigest}): no prize, nor any of its details (make, model, accessories, on-road costs, cash alternative, contents, liquor), can change, and none be added or reordered. Amend the other terms only, or report the compromise (${policy.compromisedNotice.clause}), abandon the round and commit afresh.`,
      policy.clauses.prizeDetails,
      'prizes',
    );
  }
  const afterCommencement = atOrBefore(s.schedule.startsAt, c.now);
  // 16.12.1 as in force on the amendment's local date (PROMOTION_ACT_EDITION.amendmentResubmission): a 2021
  // promotion amended on or after 16 May 2024 resubmits its terms to the regulator.
  const resubmission = promotionPolicyForAct(policy.rulebookId, c.now).amendmentsResubmitted;
  return [
    {
      type: 'PromotionTermsAmended',
      promotionId: s.promotionId,
      termsVersion: s.termsVersion + 1,
      terms: c.terms,
      prizes: c.prizes,
      scrutineerRequired: needsScrutineer(policy, c.prizes),
      afterCommencement,
      resubmissionRequired: afterCommencement && resubmission !== null,
      reason: c.reason,
      amendedAt: c.now,
      clause: afterCommencement && resubmission ? resubmission.clause : policy.clauses.terms,
    },
  ];
};

export const lodgeTerms = (policy: PromotionPolicy, s: PromotionState, c: LodgeTerms): PromotionEvent[] => {
  if (!isInstant(c.lodgedAt)) throw ruleViolation('INVALID_TIME', 'lodgedAt must be an ISO 8601 time.', undefined, 'lodgedAt');
  if (!atOrBefore(c.lodgedAt, c.now)) throw ruleViolation('LODGED_IN_FUTURE', 'lodgedAt cannot be later than now: record lodging once it has happened.', undefined, 'lodgedAt');
  const clause = s.resubmissionPending && s.resubmissionClause ? s.resubmissionClause : (policy.termsToRegulator?.clause ?? policy.clauses.promotion);
  if (!atOrBefore(s.termsDatedAt, c.lodgedAt)) {
    throw ruleViolation('LODGED_BEFORE_TERMS', `Terms version ${s.termsVersion} dates from ${s.termsDatedAt}: it cannot have been lodged at ${c.lodgedAt}. Record the lodgement of this version.`, clause, 'lodgedAt');
  }
  const required = policy.termsToRegulator?.hoursBefore ?? 0;
  return [
    {
      type: 'PromotionTermsLodged',
      promotionId: s.promotionId,
      termsVersion: s.termsVersion,
      regulator: policy.regulator,
      lodgedAt: c.lodgedAt,
      hoursBeforeStart: Math.round(hoursBetween(c.lodgedAt, s.schedule.startsAt) * 100) / 100,
      // 16.12 "at least 24 hours prior": compared to the millisecond, never on the rounded hours.
      inTime: instantMs(c.lodgedAt) <= instantMs(s.schedule.startsAt) - required * 3_600_000,
      resubmission: s.resubmissionPending,
      clause,
    },
  ];
};

const assertTakingEntries = (policy: PromotionPolicy, s: PromotionState, at: string, o: { readonly whileResubmissionPending?: boolean } = {}): void => {
  if (s.status !== 'open') throw conflict('PROMOTION_NOT_OPEN', `The promotion is ${s.status}.`, policy.compromisedNotice.clause);
  if (s.legacyCommitment) throw conflict('ENTRIES_FROZEN', 'The draw is committed: the entry list is final.');
  if (!atOrBefore(s.schedule.startsAt, at) || atOrBefore(s.schedule.entriesCloseAt, at)) {
    throw conflict('OUTSIDE_ENTRY_PERIOD', `Entries are taken from ${s.schedule.startsAt} until ${s.schedule.entriesCloseAt} (${policy.clauses.entriesClose}).`, policy.clauses.entriesClose);
  }
  // 16.12.1 asks the operator to resubmit amended terms as soon as possible; it does not stop the promotion: a patron's
  // play under it still earns what the terms give (16.7.3-16.7.4), and the draw waits for the resubmission.
  if (o.whileResubmissionPending && s.resubmissionPending) assertTermsAtRegulator(policy, { ...s, resubmissionPending: false });
  else assertTermsAtRegulator(policy, s);
};

/** Entry ids number the promotion's entries in recorded order: e1, e2, ... */
const newEntries = (already: number, patronId: string, count: number): PromotionEntry[] =>
  Array.from({ length: count }, (_, i) => ({ entryId: `e${already + i + 1}`, patronId }));

export const grantEntries = (policy: PromotionPolicy, s: PromotionState, c: GrantEntries): PromotionEvent[] => {
  if (!Number.isInteger(c.count) || c.count < 1) throw ruleViolation('ENTRY_COUNT_INVALID', 'count must be a positive whole number.', undefined, 'count');
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', `Say under which criterion of the terms (${policy.clauses.eligibility}) the entries are granted.`, policy.clauses.eligibility, 'reason');
  assertTakingEntries(policy, s, c.now);
  return [{ type: 'PromotionEntriesGranted', promotionId: s.promotionId, entries: newEntries(s.entrySeq, c.patronId, c.count), reason: c.reason, grantedAt: c.now, clause: policy.clauses.eligibility }];
};

/**
 * Entries earned by rated play (16.7.3, 16.7.4): settled wagers at the promotion's tables and bets, at least the
 * minimum wager, during the entry period. Promotional token wagers earn nothing (they are the promotion's own
 * stake). Play that does not qualify decides nothing: it is not an error, most coups are not in a promotion.
 */
export const recordPlay = (policy: PromotionPolicy, s: PromotionState, c: RecordPlay): PromotionEvent[] => {
  const rule = s.entryRule;
  if (!rule) return [];
  try {
    assertTakingEntries(policy, s, c.settledAt, { whileResubmissionPending: true });
  } catch {
    return [];
  }
  // A coup is counted once: its settlement delivered again (a rebuild, a replay under another command id) adds nothing.
  if (s.playByCoup[coupKey(c.tableId, c.coupId)]) return [];
  if (rule.tableIds.length > 0 && !rule.tableIds.includes(c.tableId)) return [];
  const byPatron = new Map<string, { turnover: number; wagerIds: string[] }>();
  for (const w of c.settlements) {
    if (!w.patronId || w.outcome === 'void' || voucherOfTokenWager(w.wagerId)) continue;
    if (rule.bets.length > 0 && !rule.bets.includes(w.bet)) continue;
    if (w.amountCents < rule.minimumWagerCents) continue;
    const p = byPatron.get(w.patronId) ?? { turnover: 0, wagerIds: [] };
    p.turnover += w.amountCents;
    p.wagerIds.push(w.wagerId);
    byPatron.set(w.patronId, p);
  }
  const events: PromotionEvent[] = [];
  let recorded = s.entrySeq;
  for (const [patronId, p] of [...byPatron].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = s.play[patronId] ?? { turnoverCents: 0, entries: 0 };
    const total = before.turnoverCents + p.turnover;
    const count = Math.floor(total / rule.turnoverPerEntryCents) - before.entries;
    const event: PromotionEvent = {
      type: 'PromotionEntriesEarned',
      promotionId: s.promotionId,
      patronId,
      entries: newEntries(recorded, patronId, count),
      tableId: c.tableId,
      coupId: c.coupId,
      wagerIds: p.wagerIds,
      turnoverCents: p.turnover,
      totalTurnoverCents: total,
      sourceEventId: c.sourceEventId,
      earnedAt: c.settledAt,
      clause: policy.clauses.earnedEntries,
    };
    events.push(event);
    recorded += count;
  }
  return events;
};

/** The key of a coup in `playByCoup`. */
export const coupKey = (tableId: string, coupId: string): string => `${tableId}/${coupId}`;

/**
 * A settled coup voided afterwards refunds every wager, so its turnover never happened: it is taken back, and
 * entries the patron no longer has the turnover for are revoked (the latest first). Once the draw has taken place
 * (or, on older promotions, was committed under the superseded scheme) the entry list is final (16.7.6): nothing is
 * revoked, and the event says so.
 */
export const reversePlay = (policy: PromotionPolicy, s: PromotionState, c: ReversePlay): PromotionEvent[] => {
  const counted = s.playByCoup[coupKey(c.tableId, c.coupId)];
  const rule = s.entryRule;
  if (!counted || !rule) return [];
  const frozen = s.legacyCommitment !== null || s.status === 'drawn';
  return Object.entries(counted)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([patronId, turnover]) => {
      const before = s.play[patronId] ?? { turnoverCents: 0, entries: 0 };
      const total = before.turnoverCents - turnover;
      const excess = frozen ? 0 : Math.max(0, before.entries - Math.floor(total / rule.turnoverPerEntryCents));
      const revoked = excess > 0 ? s.entries.filter((e) => e.patronId === patronId).slice(-excess) : [];
      return {
        type: 'PromotionPlayReversed' as const,
        promotionId: s.promotionId,
        patronId,
        tableId: c.tableId,
        coupId: c.coupId,
        turnoverCents: turnover,
        totalTurnoverCents: total,
        revokedEntryIds: revoked.map((e) => e.entryId),
        entriesFrozen: frozen,
        sourceEventId: c.sourceEventId,
        reversedAt: c.voidedAt,
        clause: policy.clauses.earnedEntries,
      };
    });
};
