/**
 * Draws nobody can steer (Star 16.2, 16.7.1, 16.7.6-16.7.7, 16.7.10, 16.7.11, 16.11, 16.12; apps/promotions/DRAW.md).
 * A round: the operator commits sha256 of its seed before entries open, bound to the entry rules and the prizes in
 * order; a scrutineer (or the inspector) commits sha256 of theirs after it, before entries close; at the draw both
 * seeds are revealed and checked and the winners follow from sha256(operator seed ‖ scrutineer seed ‖ entries
 * digest). No party alone knows the winners before the draw; the service holds no seed. A postponed (16.11) round
 * is revealed and kept public as abandoned before the promotion goes ahead, and the next round, made once entries
 * are known, is paired with a fresh scrutineer contribution committed after it.
 */
import { conflict, forbidden, ruleViolation, type CommitmentReuseCheck } from '@app/contracts';
import { PromotionPolicy, promotionPolicyForAct, rulebookById } from '@app/baccarat';
import { commitmentOf, drawWinners, entriesDigest, entryRulesDigest, finalSeedOf, isSeed, prizesDigest, PRIZES_DIGEST_VERSION, publicEntries, type PrizesDigestVersion } from '../draw/draw';
import { addHours, atOrBefore, instantMs, isInstant } from './instants';
import type { AbandonDrawRound, CommitDraw, CommitScrutineerSeed, ConductDraw, NotifyInspector, ReportCompromise, ValidateIntegrity } from './promotion-command.types';
import { pendingRound, type DrawRound, type PromotionEvent, type PromotionState } from './promotion.events';

const HEX64 = /^[0-9a-f]{64}$/;

/** 16.12 / 16.12.1: a draw (and entries) wait for the terms at the regulator where the edition requires it. */
export const assertTermsAtRegulator = (policy: PromotionPolicy, s: PromotionState): void => {
  // 16.12.1 as in force when the terms were amended (the amendment's clause), whichever edition the promotion commenced under.
  const resubmissionClause = s.resubmissionClause ?? policy.amendmentsResubmitted?.clause;
  if (s.resubmissionPending && resubmissionClause) {
    throw ruleViolation('TERMS_RESUBMISSION_PENDING', 'The terms were amended after commencement: resubmit them to the regulator first.', resubmissionClause);
  }
  if (!policy.termsToRegulator) return;
  if (!s.lodgedInTime) {
    throw ruleViolation(
      'TERMS_NOT_LODGED_IN_TIME',
      `The full terms must reach the ${policy.regulator} at least ${policy.termsToRegulator.hoursBefore} hours before the promotion commences (${s.schedule.startsAt}). Lodge them, or amend the start to ${policy.termsToRegulator.hoursBefore} hours after lodging.`,
      policy.termsToRegulator.clause,
    );
  }
};

const assertOpen = (policy: PromotionPolicy, s: PromotionState): void => {
  if (s.status === 'postponed') throw conflict('PROMOTION_POSTPONED', 'The promotion is postponed until its integrity is validated.', policy.compromisedNotice.clause);
  if (s.status === 'cancelled') throw conflict('PROMOTION_CANCELLED', 'The draw was cancelled.', policy.compromisedNotice.clause);
  if (s.status === 'drawn') throw conflict('PROMOTION_ALREADY_DRAWN', 'The draw has taken place.');
};

/** 16.11: nothing goes ahead while the inspector is owed the notice of a postponement or cancellation. */
const assertInspectorTold = (policy: PromotionPolicy, s: PromotionState): void => {
  if (s.inspectorNoticeDue) {
    throw conflict('INSPECTOR_NOTICE_DUE', `${policy.compromisedNotice.description}: record the notice (due by ${s.inspectorNoticeDue.dueBy}) before the promotion goes ahead.`, policy.compromisedNotice.clause);
  }
};

/** Entries have opened: the commencement has come, or an entry was recorded. */
const entriesOpened = (s: PromotionState, at: string): boolean => s.entrySeq > 0 || atOrBefore(s.schedule.startsAt, at);

const assertCommitment = (commitment: string, field: string): void => {
  if (!HEX64.test(commitment)) throw ruleViolation('COMMITMENT_INVALID', `${field} must be the SHA-256 of the seed, 64 lower-case hex digits.`, undefined, field);
};

const assertSeedMatches = (seed: string, commitment: string, field: string, whose: string): void => {
  if (!isSeed(seed)) throw ruleViolation('SEED_INVALID', `${field} must be the ${whose} seed as committed: 64 lower-case hex digits.`, undefined, field);
  if (commitmentOf(seed) !== commitment) {
    throw ruleViolation('SEED_DOES_NOT_MATCH_COMMITMENT', `sha256(${field}) differs from the ${whose} commitment ${commitment}: reveal the seed that was committed to.`, undefined, field);
  }
};

/**
 * The digests the operator's commitment binds: the draw refuses prizes or entry rules that differ from them. The
 * prizes digest under `version` (a round's own; PRIZES_DIGEST_VERSION, every field of each prize, for a new one).
 */
export const drawBindings = (s: Pick<PromotionState, 'entryRule' | 'onePrizePerPatron' | 'schedule' | 'prizes'>, version: PrizesDigestVersion = PRIZES_DIGEST_VERSION) => ({
  entryRulesDigest: entryRulesDigest(s),
  prizesDigest: prizesDigest(s.prizes, version),
  prizesDigestVersion: version,
});

/** 16.7.10: published with each commitment: the edge checked it against every promotion's, or only this one's was. */
const reuseCheckOf = (c: { readonly commitmentUsedBefore?: boolean }): CommitmentReuseCheck => (c.commitmentUsedBefore === undefined ? 'this-promotion' : 'every-promotion');

export const commitDraw = (policy: PromotionPolicy, s: PromotionState, c: CommitDraw): PromotionEvent[] => {
  assertOpen(policy, s);
  const pending = pendingRound(s);
  if (pending) throw conflict('DRAW_ALREADY_COMMITTED', `Draw ${pending.drawId} (round ${pending.round}) is already committed to ${pending.operatorCommitment}.`, policy.clauses.mannerOfAward);
  assertCommitment(c.commitment, 'commitment');
  assertInspectorTold(policy, s);
  const afterEntriesOpened = entriesOpened(s, c.now);
  // The first commitment precedes the entries: committed once the entry list is known, a seed could be searched
  // for a chosen winner. Only a round after an abandoned one, or a promotion recorded after it commenced, comes
  // later, and then the scrutineer's contribution committed after it is what nobody could know.
  if (afterEntriesOpened && s.rounds.length === 0 && !s.recordedAfterCommencement) {
    throw ruleViolation(
      'COMMITMENT_AFTER_ENTRIES_OPENED',
      `The draw's commitment must be made before entries open (${s.schedule.startsAt}): it is no longer possible for this promotion. Cancel it (${policy.compromisedNotice.clause}) and run it afresh.`,
      policy.clauses.mannerOfAward,
      'commitment',
    );
  }
  // A seed known to anyone but the operator (revealed in an abandoned round, or committed anywhere before) lets them
  // compute the winners: every commitment is fresh, whatever promotion or role it was made for.
  if (c.commitmentUsedBefore || s.rounds.some((r) => r.operatorCommitment === c.commitment || r.scrutineer?.commitment === c.commitment)) {
    throw ruleViolation('COMMITMENT_REUSED', 'This commitment was made before (in this or another promotion): its seed is, or may become, known. Commit to a new seed.', policy.clauses.mannerOfAward, 'commitment');
  }
  return [
    {
      type: 'PromotionDrawOperatorCommitted',
      promotionId: s.promotionId,
      drawId: c.drawId,
      round: s.rounds.length + 1,
      commitment: c.commitment,
      ...drawBindings(s),
      entriesBefore: s.entries.length,
      afterEntriesOpened,
      committedAt: c.now,
      ...(c.committedBy ? { committedBy: c.committedBy } : {}),
      reuseCheck: reuseCheckOf(c),
      clause: policy.clauses.mannerOfAward,
    },
  ];
};

/**
 * The role the platform gives the rulebook's Inspector (1.1 'Inspector' → regulator): the one party beside the
 * operator's staff who may record a scrutineer's commitment (16.2: the scrutineer oversees the operator's draw;
 * 16.7.10: results nobody at the operator can steer). Every other role is the operator's: dealer to Gaming Manager,
 * and the Tournament Manager, consoles and administrators beside them.
 */
const INSPECTOR_ROLE = 'regulator';

const assertRecordedByInspector = (policy: PromotionPolicy, c: CommitScrutineerSeed): string | undefined => {
  if (c.recorderRoles === undefined) return undefined;
  const inspector = rulebookById(policy.rulebookId).roleTitles.find((t) => t.role === INSPECTOR_ROLE);
  const staff = c.recorderRoles.filter((role) => role !== INSPECTOR_ROLE);
  if (staff.length > 0 || c.recorderRoles.length === 0) {
    const who = inspector ? `the ${inspector.title} (${inspector.clause}), on a token of the ${INSPECTOR_ROLE} role alone` : `a token of the ${INSPECTOR_ROLE} role alone`;
    throw forbidden(
      'SCRUTINEER_NOT_INDEPENDENT',
      `The scrutineer's commitment is made by the scrutineer (${policy.scrutineerAboveCents.clause}) or the inspector and recorded by ${who}, never by the operator's staff: ${c.committedBy ?? 'this token'} holds ${staff.join(', ') || 'no role'}. Ask the inspector to record it.`,
      `${policy.scrutineerAboveCents.clause}; ${policy.clauses.resultsPublication}`,
    );
  }
  return INSPECTOR_ROLE;
};

export const commitScrutineerSeed = (policy: PromotionPolicy, s: PromotionState, c: CommitScrutineerSeed): PromotionEvent[] => {
  assertOpen(policy, s);
  const recordedAs = assertRecordedByInspector(policy, c);
  const round = pendingRound(s);
  if (!round) throw conflict('DRAW_NOT_COMMITTED', "The operator's commitment comes first: the scrutineer's contribution is committed after it.", policy.clauses.mannerOfAward);
  if (round.scrutineer) throw conflict('SCRUTINEER_ALREADY_COMMITTED', `${round.scrutineer.name} committed to round ${round.round} already.`, policy.clauses.resultsPublication);
  const name = c.scrutineer.trim();
  if (name === '') throw ruleViolation('SCRUTINEER_REQUIRED', 'Name the scrutineer or inspector who contributes the seed.', policy.clauses.resultsPublication, 'scrutineer');
  assertCommitment(c.commitment, 'commitment');
  if (c.commitmentUsedBefore || c.commitment === round.operatorCommitment || s.rounds.some((r) => r.operatorCommitment === c.commitment || r.scrutineer?.commitment === c.commitment)) {
    throw ruleViolation('COMMITMENT_REUSED', 'This commitment was made before (in this or another promotion): the scrutineer commits to a fresh seed of their own.', policy.clauses.resultsPublication, 'commitment');
  }
  // Independent of the operator (16.7.10): whoever made the operator's commitment knows its seed, and with the
  // scrutineer's too could choose the winners.
  if (round.committedBy && c.committedBy === round.committedBy) {
    throw ruleViolation('SCRUTINEER_NOT_INDEPENDENT', `The scrutineer's commitment is recorded by someone other than ${round.committedBy}, who made the operator's: the scrutineer or the inspector records it.`, policy.clauses.resultsPublication, 'commitment');
  }
  // Before entries close, when the entry list is not yet known; after only for a round the operator committed once
  // entries had closed (after a postponement), the contribution being fresh and after the operator's.
  if (atOrBefore(s.schedule.entriesCloseAt, c.now) && !atOrBefore(s.schedule.entriesCloseAt, round.committedAt)) {
    throw ruleViolation('SCRUTINEER_COMMITMENT_TOO_LATE', `The scrutineer's commitment is made before entries close (${s.schedule.entriesCloseAt}).`, policy.clauses.resultsPublication, 'commitment');
  }
  return [
    {
      type: 'PromotionDrawScrutineerCommitted',
      promotionId: s.promotionId,
      drawId: round.drawId,
      round: round.round,
      scrutineer: name,
      commitment: c.commitment,
      committedAt: c.now,
      ...(c.committedBy ? { recordedBy: c.committedBy } : {}),
      ...(recordedAs ? { recordedAs } : {}),
      reuseCheck: reuseCheckOf(c),
      clause: policy.clauses.resultsPublication,
    },
  ];
};

export const abandonDrawRound = (policy: PromotionPolicy, s: PromotionState, c: AbandonDrawRound): PromotionEvent[] => {
  const round = pendingRound(s);
  if (!round) throw conflict('NO_PENDING_ROUND', 'No draw round is pending.');
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say why the round is abandoned.', policy.compromisedNotice.clause, 'reason');
  // Once entries are open, giving up a round is a 16.11 decision: postponed or cancelled, the inspector told.
  if (s.status === 'open' && (s.entrySeq > 0 || atOrBefore(s.schedule.startsAt, c.now))) {
    throw conflict('ROUND_ABANDONED_ONLY_WHEN_COMPROMISED', 'Entries are open: a draw round is abandoned only when the promotion is postponed or cancelled (report the compromise first).', policy.compromisedNotice.clause);
  }
  if (c.seed !== null) assertSeedMatches(c.seed, round.operatorCommitment, 'seed', "operator's");
  if (c.scrutineerSeed !== null) {
    if (!round.scrutineer) throw ruleViolation('NO_SCRUTINEER_COMMITMENT', 'No scrutineer committed to this round: leave scrutineerSeed out.', undefined, 'scrutineerSeed');
    assertSeedMatches(c.scrutineerSeed, round.scrutineer.commitment, 'scrutineerSeed', "scrutineer's");
  }
  return [
    {
      type: 'PromotionDrawRoundAbandoned',
      promotionId: s.promotionId,
      drawId: round.drawId,
      round: round.round,
      operatorCommitment: round.operatorCommitment,
      operatorSeed: c.seed,
      scrutineer: round.scrutineer?.name ?? null,
      scrutineerCommitment: round.scrutineer?.commitment ?? null,
      scrutineerSeed: c.scrutineerSeed,
      reason: c.reason,
      abandonedAt: c.now,
      clause: policy.compromisedNotice.clause,
    },
  ];
};

export const conductDraw = (policy: PromotionPolicy, s: PromotionState, c: ConductDraw): PromotionEvent[] => {
  assertOpen(policy, s);
  const round = pendingRound(s);
  if (!round) throw conflict('DRAW_NOT_COMMITTED', "No draw round is committed: the operator commits its seed before entries open, the scrutineer theirs after it.", policy.clauses.mannerOfAward);
  assertInspectorTold(policy, s);
  if (!atOrBefore(s.schedule.drawAt, c.now)) throw conflict('DRAW_NOT_YET', `The draw is at ${s.schedule.drawAt} (${policy.clauses.drawPlaceDateTime}): conduct it then or later.`, policy.clauses.drawPlaceDateTime);
  if (!round.scrutineer) {
    throw conflict('SCRUTINEER_COMMITMENT_REQUIRED', `Round ${round.round} has no scrutineer contribution: the scrutineer (or inspector) commits sha256 of their seed before the draw, so the operator alone cannot know the winners.`, policy.clauses.resultsPublication);
  }
  assertSeedMatches(c.seed, round.operatorCommitment, 'seed', "operator's");
  assertSeedMatches(c.scrutineerSeed, round.scrutineer.commitment, 'scrutineerSeed', "scrutineer's");
  const bound = drawBindings(s, round.prizesDigestVersion);
  if (bound.prizesDigest !== round.prizesDigest || bound.entryRulesDigest !== round.entryRulesDigest) {
    throw conflict('PRIZES_BOUND_BY_COMMITMENT', 'The prizes or entry rules differ from those the commitment bound: the draw cannot go ahead on them.', policy.clauses.prizeDetails);
  }
  assertTermsAtRegulator(policy, s);
  if (s.entries.length === 0) throw conflict('NO_ENTRIES', 'There are no entries to draw from.');
  const scrutineer = c.scrutineer?.trim() || round.scrutineer.name;
  // Drawn on the public list (entrants masked), so anyone re-runs it from the record; the same entries win as on patron ids.
  const open = publicEntries(s.entrantSalt, s.entries);
  const digest = entriesDigest(open);
  const finalSeed = finalSeedOf(c.seed, c.scrutineerSeed, digest);
  const byPrize = new Map(s.prizes.map((p) => [p.prizeId, p.valueCents]));
  const winners = drawWinners({ seed: finalSeed, entries: open, prizeIds: s.prizes.map((p) => p.prizeId), onePrizePerPatron: s.onePrizePerPatron });
  return [
    {
      type: 'PromotionDrawConducted',
      promotionId: s.promotionId,
      drawId: round.drawId,
      seed: c.seed,
      commitment: round.operatorCommitment,
      entriesDigest: digest,
      entryCount: s.entries.length,
      round: round.round,
      scrutineerSeed: c.scrutineerSeed,
      scrutineerCommitment: round.scrutineer.commitment,
      finalSeed,
      entryRulesDigest: round.entryRulesDigest,
      prizesDigest: round.prizesDigest,
      prizesDigestVersion: round.prizesDigestVersion,
      // The list is in entry order: the winner's patron is the one of the same position.
      winners: winners.map((w) => ({ prizeId: w.prizeId, entryId: w.entryId, patronId: s.entries[open.findIndex((e) => e.entryId === w.entryId)].patronId, valueCents: byPrize.get(w.prizeId) ?? 0 })),
      scrutineer,
      notifyWinnersBy: s.entrantsMustBePresent ? null : addHours(c.now, policy.notifyWinner.withinDays * 24),
      drawnAt: c.now,
      clause: `${policy.clauses.mannerOfAward}; ${policy.scrutineerAboveCents.clause}`,
    },
  ];
};

/** A notice's time, checked against the time it is recorded: a notice cannot be given later than it is recorded. */
export const assertNoticeNotInFuture = (at: string, now: string, field: string, clause: string): void => {
  if (!isInstant(at)) throw ruleViolation('INVALID_TIME', `${field} must be an ISO 8601 time.`, undefined, field);
  if (instantMs(at) > instantMs(now)) throw ruleViolation('NOTICE_TIME_IN_FUTURE', `${field} (${at}) is later than now (${now}): record a notice once it has been given.`, clause, field);
};

/** 16.11: the notice is of the decision: it cannot have been given before the decision was taken. */
const assertNoticeAfterDecision = (notifiedAt: string, decidedAt: string, field: string, clause: string): void => {
  if (atOrBefore(decidedAt, notifiedAt)) return;
  throw ruleViolation('NOTICE_BEFORE_DECISION', `The inspector cannot have been told at ${notifiedAt} of a decision taken at ${decidedAt}: record when the notice was given, after the decision.`, clause, field);
};

export const reportCompromise = (policy: PromotionPolicy, s: PromotionState, c: ReportCompromise): PromotionEvent[] => {
  if (s.status === 'cancelled' || s.status === 'drawn') throw conflict('PROMOTION_CLOSED', `The promotion is ${s.status}.`);
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say how the integrity was compromised.', policy.compromisedNotice.clause, 'reason');
  // The decision's time: given, it has happened (not later than its record). Not given, it is the command's time, or
  // the inspector's notice time when earlier: a notice is of a decision already taken, so a client sending its own
  // now as inspectorNotifiedAt is not refused for the moment the request took to arrive.
  const noticeGiven = c.inspectorNotifiedAt !== null && isInstant(c.inspectorNotifiedAt) ? c.inspectorNotifiedAt : null;
  const decidedAt = c.decidedAt ?? (noticeGiven && instantMs(noticeGiven) < instantMs(c.now) ? noticeGiven : c.now);
  if (c.decidedAt !== undefined) {
    const clause = policy.compromisedNotice.clause;
    if (!isInstant(c.decidedAt)) throw ruleViolation('INVALID_TIME', 'decidedAt must be an ISO 8601 time with an offset.', clause, 'decidedAt');
    if (instantMs(c.decidedAt) > instantMs(c.now)) {
      throw ruleViolation('DECISION_TIME_IN_FUTURE', `decidedAt (${c.decidedAt}) is later than now (${c.now}): report the compromise once it has been decided.`, clause, 'decidedAt');
    }
  }
  // 16.11 is the compromise of a promotion: it cannot be decided before the promotion's terms existed (a decision
  // before its commencement is one: the edition in force on that date then governs the notice).
  if (s.existsSince !== '' && instantMs(decidedAt) < instantMs(s.existsSince)) {
    const field = c.decidedAt !== undefined ? 'decidedAt' : 'inspectorNotifiedAt';
    throw ruleViolation('DECISION_BEFORE_PROMOTION', `${field} (${decidedAt}) is before the promotion's terms were issued (${s.existsSince}): a compromise of it cannot have been decided, nor the inspector told of it, then. Give the time the decision was taken.`, policy.compromisedNotice.clause, field);
  }
  // 16.11 as in force on the decision's local date (PROMOTION_ACT_EDITION.compromiseNotice): a 2021 promotion
  // postponed on or after 16 May 2024 owes the Inspector notice within 48 hours, not immediately.
  const notice = promotionPolicyForAct(policy.rulebookId, decidedAt).compromisedNotice;
  if (notice.withinHours === 0 && !c.inspectorNotifiedAt) {
    throw ruleViolation('INSPECTOR_NOT_NOTIFIED', `${notice.description}: record when the ${notice.notify} was notified with the decision (inspectorNotifiedAt).`, notice.clause, 'inspectorNotifiedAt');
  }
  if (c.inspectorNotifiedAt !== null) {
    assertNoticeNotInFuture(c.inspectorNotifiedAt, c.now, 'inspectorNotifiedAt', notice.clause);
    assertNoticeAfterDecision(c.inspectorNotifiedAt, decidedAt, 'inspectorNotifiedAt', notice.clause);
  }
  // 16.11: 2021 "immediately", 2024 "within 48 hours", both counted from the decision, not from its record.
  const dueBy = addHours(decidedAt, notice.withinHours);
  return [
    {
      type: 'PromotionDrawCompromised',
      promotionId: s.promotionId,
      action: c.action,
      reason: c.reason,
      decidedAt,
      inspectorNoticeDueBy: dueBy,
      inspectorNotifiedAt: c.inspectorNotifiedAt,
      inspectorNoticeOnTime: c.inspectorNotifiedAt === null ? null : atOrBefore(c.inspectorNotifiedAt, dueBy),
      clause: notice.clause,
    },
  ];
};

export const notifyInspector = (policy: PromotionPolicy, s: PromotionState, c: NotifyInspector): PromotionEvent[] => {
  if (!s.inspectorNoticeDue) throw conflict('NO_INSPECTOR_NOTICE_DUE', 'No postponement or cancellation awaits notice to the inspector.');
  // 16.11 as in force when the compromise was decided (the clause recorded with the notice due).
  const clause = s.inspectorNoticeDue.clause ?? policy.compromisedNotice.clause;
  assertNoticeNotInFuture(c.notifiedAt, c.now, 'notifiedAt', clause);
  const decidedAt = s.inspectorNoticeDue.decidedAt;
  if (decidedAt) assertNoticeAfterDecision(c.notifiedAt, decidedAt, 'notifiedAt', clause);
  return [
    {
      type: 'PromotionInspectorNotified',
      promotionId: s.promotionId,
      notifiedAt: c.notifiedAt,
      dueBy: s.inspectorNoticeDue.dueBy,
      onTime: atOrBefore(c.notifiedAt, s.inspectorNoticeDue.dueBy),
      clause,
    },
  ];
};

export const validateIntegrity = (policy: PromotionPolicy, s: PromotionState, c: ValidateIntegrity): PromotionEvent[] => {
  if (s.status !== 'postponed') throw conflict('PROMOTION_NOT_POSTPONED', 'Only a postponed promotion is validated to go ahead.', policy.compromisedNotice.clause);
  if (c.reason.trim() === '') throw ruleViolation('REASON_REQUIRED', 'Say how the integrity was validated.', policy.compromisedNotice.clause, 'reason');
  assertInspectorTold(policy, s);
  // The round committed before the compromise is not trusted: it is revealed and kept public as abandoned before
  // anything goes ahead, and the draw is committed afresh.
  const round: DrawRound | null = pendingRound(s);
  if (round) {
    throw conflict('DRAW_ROUND_NOT_REVEALED', `Round ${round.round} (${round.operatorCommitment}) was committed before the postponement: abandon it, revealing its seeds, before the promotion goes ahead.`, policy.compromisedNotice.clause);
  }
  return [{ type: 'PromotionIntegrityValidated', promotionId: s.promotionId, reason: c.reason, validatedAt: c.now, clause: policy.compromisedNotice.clause }];
};
