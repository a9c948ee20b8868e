/**
 * Draws (Star 16.2, 16.7.6-16.7.7, 16.11, 16.12): entries close, the randomness is committed (sha256 of the
 * seed and the entry list's digest published), the seed is revealed at the draw and the winners follow from it
 * (draw/draw.ts: anyone can re-run them). A compromised promotion is postponed or cancelled with the inspector
 * notified as the edition requires.
 */
import { conflict, ruleViolation } from '@app/contracts';
import { PromotionPolicy } from '@app/baccarat';
import { commitmentOf, drawWinners, entrantsUnder, entriesDigest } from '../draw/draw';
import { addHours, atOrBefore, isInstant } from './instants';
import type { CommitDraw, ConductDraw, NotifyInspector, ReportCompromise, ValidateIntegrity } from './promotion-command.types';
import type { PromotionEvent, PromotionState } from './promotion.events';

const HEX64 = /^[0-9a-f]{64}$/;

/** 16.12 / 16.12.1: a draw (and entries) wait for the terms at the regulator where the edition requires it. */
export const assertTermsAtRegulator = (policy: PromotionPolicy, s: PromotionState): void => {
  if (!policy.termsToRegulator) return;
  if (!s.lodgedInTime) {
    throw ruleViolation(
      'TERMS_NOT_LODGED_IN_TIME',
      `The full terms must reach the ${policy.regulator} at least ${policy.termsToRegulator.hoursBefore} hours before the promotion commences (${s.schedule.startsAt}). Lodge them, or amend the start to ${policy.termsToRegulator.hoursBefore} hours after lodging.`,
      policy.termsToRegulator.clause,
    );
  }
  if (s.resubmissionPending && policy.amendmentsResubmitted) {
    throw ruleViolation('TERMS_RESUBMISSION_PENDING', `The terms were amended after commencement: resubmit them to the ${policy.regulator} first.`, policy.amendmentsResubmitted.clause);
  }
};

const assertOpen = (policy: PromotionPolicy, s: PromotionState): void => {
  if (s.status === 'postponed') throw conflict('PROMOTION_POSTPONED', 'The promotion is postponed until its integrity is validated.', policy.compromisedNotice.clause);
  if (s.status === 'cancelled') throw conflict('PROMOTION_CANCELLED', 'The draw was cancelled.', policy.compromisedNotice.clause);
  if (s.status === 'drawn') throw conflict('PROMOTION_ALREADY_DRAWN', 'The draw has taken place.');
};

export const commitDraw = (policy: PromotionPolicy, s: PromotionState, c: CommitDraw): PromotionEvent[] => {
  assertOpen(policy, s);
  if (s.commitment) throw conflict('DRAW_ALREADY_COMMITTED', `Draw ${s.commitment.drawId} is already committed to ${s.commitment.commitment}.`);
  if (!HEX64.test(c.commitment)) throw ruleViolation('COMMITMENT_INVALID', 'commitment must be the SHA-256 of the seed, 64 lower-case hex digits.', undefined, 'commitment');
  if (!atOrBefore(s.schedule.entriesCloseAt, c.now)) {
    throw conflict('ENTRIES_STILL_OPEN', `Entries close at ${s.schedule.entriesCloseAt} (${policy.clauses.entriesClose}): commit the draw after that, so the entry list is final.`, policy.clauses.entriesClose);
  }
  assertTermsAtRegulator(policy, s);
  if (s.entries.length === 0) throw conflict('NO_ENTRIES', 'There are no entries to draw from.');
  return [
    {
      type: 'PromotionDrawCommitted',
      promotionId: s.promotionId,
      drawId: c.drawId,
      commitment: c.commitment,
      // Over the public list (entrants masked): what anyone can check without patron ids.
      entriesDigest: entriesDigest(s.entries, entrantsUnder(s.entrantSalt)),
      entryCount: s.entries.length,
      committedAt: c.now,
      clause: policy.clauses.mannerOfAward,
    },
  ];
};

export const conductDraw = (policy: PromotionPolicy, s: PromotionState, c: ConductDraw): PromotionEvent[] => {
  assertOpen(policy, s);
  const committed = s.commitment;
  if (!committed) throw conflict('DRAW_NOT_COMMITTED', 'Commit the draw (publish sha256 of the seed) before drawing.');
  if (!atOrBefore(s.schedule.drawAt, c.now)) throw conflict('DRAW_NOT_YET', `The draw is at ${s.schedule.drawAt} (${policy.clauses.drawPlaceDateTime}): conduct it then or later.`, policy.clauses.drawPlaceDateTime);
  if (commitmentOf(c.seed) !== committed.commitment) {
    throw ruleViolation('SEED_DOES_NOT_MATCH_COMMITMENT', 'sha256(seed) differs from the published commitment: reveal the seed that was committed to.', undefined, 'seed');
  }
  const scrutineer = c.scrutineer?.trim() || null;
  if (s.scrutineerRequired && !scrutineer) {
    throw ruleViolation('SCRUTINEER_REQUIRED', `A prize is worth more than $${policy.scrutineerAboveCents.cents / 100}: name the scrutineer who oversees the draw.`, policy.scrutineerAboveCents.clause, 'scrutineer');
  }
  assertTermsAtRegulator(policy, s);
  const byPrize = new Map(s.prizes.map((p) => [p.prizeId, p.valueCents]));
  const winners = drawWinners({ seed: c.seed, entries: s.entries, prizeIds: s.prizes.map((p) => p.prizeId), onePrizePerPatron: s.onePrizePerPatron });
  return [
    {
      type: 'PromotionDrawConducted',
      promotionId: s.promotionId,
      drawId: committed.drawId,
      seed: c.seed,
      commitment: committed.commitment,
      entriesDigest: committed.entriesDigest,
      entryCount: committed.entryCount,
      winners: winners.map((w) => ({ ...w, valueCents: byPrize.get(w.prizeId) ?? 0 })),
      scrutineer,
      notifyWinnersBy: s.entrantsMustBePresent ? null : addHours(c.now, policy.notifyWinner.withinDays * 24),
      drawnAt: c.now,
      clause: `${policy.clauses.mannerOfAward}; ${policy.scrutineerAboveCents.clause}`,
    },
  ];
};

export const reportCompromise = (policy: PromotionPolicy, s: PromotionState, c: ReportCompromise): PromotionEvent[] => {
  if (s.status === 'cancelled' || s.status === 'drawn') throw conflict('PROMOTION_CLOSED', `The promotion is ${s.status}.`);
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say how the integrity was compromised.', policy.compromisedNotice.clause, 'reason');
  const notice = policy.compromisedNotice;
  if (notice.withinHours === 0 && !c.inspectorNotifiedAt) {
    throw ruleViolation('INSPECTOR_NOT_NOTIFIED', `${notice.description}: record when the ${notice.notify} was notified with the decision (inspectorNotifiedAt).`, notice.clause, 'inspectorNotifiedAt');
  }
  if (c.inspectorNotifiedAt !== null && !isInstant(c.inspectorNotifiedAt)) throw ruleViolation('INVALID_TIME', 'inspectorNotifiedAt must be an ISO 8601 time.', undefined, 'inspectorNotifiedAt');
  return [
    {
      type: 'PromotionDrawCompromised',
      promotionId: s.promotionId,
      action: c.action,
      reason: c.reason,
      decidedAt: c.now,
      inspectorNoticeDueBy: addHours(c.now, notice.withinHours),
      inspectorNotifiedAt: c.inspectorNotifiedAt,
      clause: notice.clause,
    },
  ];
};

export const notifyInspector = (policy: PromotionPolicy, s: PromotionState, c: NotifyInspector): PromotionEvent[] => {
  if (!s.inspectorNoticeDue) throw conflict('NO_INSPECTOR_NOTICE_DUE', 'No postponement or cancellation awaits notice to the inspector.');
  if (!isInstant(c.notifiedAt)) throw ruleViolation('INVALID_TIME', 'notifiedAt must be an ISO 8601 time.', undefined, 'notifiedAt');
  return [
    {
      type: 'PromotionInspectorNotified',
      promotionId: s.promotionId,
      notifiedAt: c.notifiedAt,
      dueBy: s.inspectorNoticeDue.dueBy,
      onTime: atOrBefore(c.notifiedAt, s.inspectorNoticeDue.dueBy),
      clause: policy.compromisedNotice.clause,
    },
  ];
};

export const validateIntegrity = (policy: PromotionPolicy, s: PromotionState, c: ValidateIntegrity): PromotionEvent[] => {
  if (s.status !== 'postponed') throw conflict('PROMOTION_NOT_POSTPONED', 'Only a postponed promotion is validated to go ahead.', policy.compromisedNotice.clause);
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say how the integrity was validated.', policy.compromisedNotice.clause, 'reason');
  return [{ type: 'PromotionIntegrityValidated', promotionId: s.promotionId, reason: c.reason, validatedAt: c.now, clause: policy.compromisedNotice.clause }];
};
