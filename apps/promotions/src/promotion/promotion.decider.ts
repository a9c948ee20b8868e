/**
 * The promotion decider (Star 16): routing to the concern deciders, and evolve. Rule differences between the
 * editions come from the edition's PromotionPolicy (@app/baccarat), never from a version test here.
 */
import { conflict, notFound } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { promotionPolicyById } from '@app/baccarat';
import { abandonDrawRound, commitDraw, commitScrutineerSeed, conductDraw, notifyInspector, reportCompromise, validateIntegrity } from './promotion-draw.decider';
import { amendTerms, coupKey, createPromotion, grantEntries, lodgeTerms, recordPlay, reversePlay } from './promotion-lifecycle.decider';
import { denyClaim, notifyWinner, payPrize } from './promotion-prizes.decider';
import type { PromotionCommand } from './promotion-command.types';
import { DrawRound, initialPromotionState, PromotionEvent, PromotionState } from './promotion.events';

export type { PromotionCommand } from './promotion-command.types';

const decide = (command: PromotionCommand, s: PromotionState): readonly PromotionEvent[] => {
  if (command.type === 'CreatePromotion') return createPromotion(s, command);
  if (!s.exists) {
    // Play is offered to every promotion; one that does not exist simply takes no entries from it.
    if (command.type === 'RecordPlay' || command.type === 'ReversePlay') return [];
    throw notFound('PROMOTION_NOT_FOUND', 'No such promotion: create it first.');
  }
  const policy = promotionPolicyById(s.rulebookId);
  switch (command.type) {
    case 'AmendTerms':
      return amendTerms(policy, s, command);
    case 'LodgeTerms':
      return lodgeTerms(policy, s, command);
    case 'GrantEntries':
      return grantEntries(policy, s, command);
    case 'RecordPlay':
      return recordPlay(policy, s, command);
    case 'ReversePlay':
      return reversePlay(policy, s, command);
    case 'CommitDraw':
      return commitDraw(policy, s, command);
    case 'CommitScrutineerSeed':
      return commitScrutineerSeed(policy, s, command);
    case 'AbandonDrawRound':
      return abandonDrawRound(policy, s, command);
    case 'ConductDraw':
      return conductDraw(policy, s, command);
    case 'ReportCompromise':
      return reportCompromise(policy, s, command);
    case 'NotifyInspector':
      return notifyInspector(policy, s, command);
    case 'ValidateIntegrity':
      return validateIntegrity(policy, s, command);
    case 'NotifyWinner':
      return notifyWinner(policy, s, command);
    case 'DenyClaim':
      return denyClaim(policy, s, command);
    case 'PayPrize':
      return payPrize(policy, s, command);
    default: {
      const unknown: never = command;
      throw conflict('UNKNOWN_COMMAND', `Unknown command ${(unknown as { type: string }).type}.`);
    }
  }
};

const evolve = (s: PromotionState, e: PromotionEvent): PromotionState => {
  switch (e.type) {
    case 'PromotionCreated':
      return {
        ...s,
        exists: true,
        promotionId: e.promotionId,
        name: e.name,
        rulebookId: e.rulebookId,
        entrantSalt: e.entrantSalt ?? e.promotionId,
        schedule: e.schedule,
        terms: e.terms,
        termsVersion: e.termsVersion,
        prizes: e.prizes,
        entryRule: e.entryRule,
        entrantsMustBePresent: e.entrantsMustBePresent,
        onePrizePerPatron: e.onePrizePerPatron,
        tokenAfterCoup: e.tokenAfterCoup,
        scrutineerRequired: e.scrutineerRequired,
        termsDatedAt: e.recordedAfterCommencement?.termsIssuedAt ?? e.createdAt,
        existsSince: e.recordedAfterCommencement?.termsIssuedAt ?? e.createdAt,
        recordedAfterCommencement: e.recordedAfterCommencement !== undefined,
      };
    case 'PromotionTermsAmended':
      return {
        ...s,
        terms: e.terms,
        prizes: e.prizes,
        termsVersion: e.termsVersion,
        termsDatedAt: e.amendedAt,
        scrutineerRequired: e.scrutineerRequired,
        // Before commencement the amended terms are lodged afresh, 16.12's 24 hours ahead; after it, resubmitted (16.12.1).
        lodgedInTime: e.afterCommencement ? s.lodgedInTime : false,
        resubmissionPending: s.resubmissionPending || e.resubmissionRequired,
        resubmissionClause: e.resubmissionRequired ? e.clause : s.resubmissionClause,
      };
    case 'PromotionTermsLodged': {
      if (e.resubmission) return { ...s, resubmissionPending: false, resubmissionClause: null };
      // 16.12 to the millisecond (inTime); lodgements recorded before it was published carry only the rounded hours.
      return { ...s, lodgedInTime: s.lodgedInTime || (e.inTime ?? e.hoursBeforeStart >= hoursRequired(s)) };
    }
    case 'PromotionEntriesGranted':
      return { ...s, entries: s.entries.concat(e.entries), entrySeq: s.entrySeq + e.entries.length };
    case 'PromotionEntriesEarned': {
      const before = s.play[e.patronId] ?? { turnoverCents: 0, entries: 0 };
      const key = coupKey(e.tableId, e.coupId);
      const coup = s.playByCoup[key] ?? {};
      return {
        ...s,
        entries: e.entries.length ? s.entries.concat(e.entries) : s.entries,
        entrySeq: s.entrySeq + e.entries.length,
        play: { ...s.play, [e.patronId]: { turnoverCents: e.totalTurnoverCents, entries: before.entries + e.entries.length } },
        playByCoup: { ...s.playByCoup, [key]: { ...coup, [e.patronId]: (coup[e.patronId] ?? 0) + e.turnoverCents } },
      };
    }
    case 'PromotionPlayReversed': {
      const before = s.play[e.patronId] ?? { turnoverCents: 0, entries: 0 };
      const revoked = new Set(e.revokedEntryIds);
      const key = coupKey(e.tableId, e.coupId);
      const { [e.patronId]: _reversed, ...rest } = s.playByCoup[key] ?? {};
      const playByCoup = { ...s.playByCoup };
      if (Object.keys(rest).length) playByCoup[key] = rest;
      else delete playByCoup[key];
      return {
        ...s,
        entries: revoked.size ? s.entries.filter((x) => !revoked.has(x.entryId)) : s.entries,
        play: { ...s.play, [e.patronId]: { turnoverCents: e.totalTurnoverCents, entries: before.entries - revoked.size } },
        playByCoup,
      };
    }
    case 'PromotionDrawCommitted':
      return { ...s, legacyCommitment: { drawId: e.drawId, commitment: e.commitment, entriesDigest: e.entriesDigest, entryCount: e.entryCount } };
    case 'PromotionDrawOperatorCommitted': {
      const round: DrawRound = {
        drawId: e.drawId,
        round: e.round,
        operatorCommitment: e.commitment,
        entryRulesDigest: e.entryRulesDigest,
        prizesDigest: e.prizesDigest,
        prizesDigestVersion: e.prizesDigestVersion === 2 ? 2 : 1,
        entriesBefore: e.entriesBefore,
        afterEntriesOpened: e.afterEntriesOpened,
        committedAt: e.committedAt,
        ...(e.committedBy ? { committedBy: e.committedBy } : {}),
        ...(e.reuseCheck ? { reuseCheck: e.reuseCheck } : {}),
        scrutineer: null,
        outcome: 'pending',
        operatorSeed: null,
        scrutineerSeed: null,
        finalSeed: null,
        entriesDigest: null,
        endedAt: null,
        reason: null,
      };
      return { ...s, rounds: [...s.rounds, round] };
    }
    case 'PromotionDrawScrutineerCommitted':
      return withRound(s, e.round, (r) => ({
        ...r,
        scrutineer: { name: e.scrutineer, commitment: e.commitment, committedAt: e.committedAt, ...(e.recordedBy ? { recordedBy: e.recordedBy } : {}), ...(e.recordedAs ? { recordedAs: e.recordedAs } : {}), ...(e.reuseCheck ? { reuseCheck: e.reuseCheck } : {}) },
      }));
    case 'PromotionDrawRoundAbandoned':
      return withRound(s, e.round, (r) => ({ ...r, outcome: 'abandoned', operatorSeed: e.operatorSeed, scrutineerSeed: e.scrutineerSeed, endedAt: e.abandonedAt, reason: e.reason }));
    case 'PromotionDrawConducted': {
      const drawn = { ...s, status: 'drawn' as const, winners: e.winners, drawnSeed: e.seed, drawnAt: e.drawnAt, notifyWinnersBy: e.notifyWinnersBy };
      if (e.round === undefined) return drawn;
      return withRound(drawn, e.round, (r) => ({ ...r, outcome: 'drawn', operatorSeed: e.seed, scrutineerSeed: e.scrutineerSeed ?? null, finalSeed: e.finalSeed ?? null, entriesDigest: e.entriesDigest, endedAt: e.drawnAt }));
    }
    case 'PromotionDrawCompromised':
      return {
        ...s,
        status: e.action === 'postponed' ? 'postponed' : 'cancelled',
        inspectorNoticeDue: e.inspectorNotifiedAt ? null : { dueBy: e.inspectorNoticeDueBy, decidedAt: e.decidedAt, clause: e.clause },
      };
    case 'PromotionInspectorNotified':
      return { ...s, inspectorNoticeDue: null };
    case 'PromotionIntegrityValidated':
      // The randomness committed before the compromise is not trusted: the draw is committed afresh.
      return { ...s, status: 'open', legacyCommitment: null };
    case 'PromotionWinnerNotified':
      return { ...s, notified: [...s.notified, e.prizeId] };
    case 'PromotionClaimDenied':
      return { ...s, claims: [...s.claims, e.claimId] };
    case 'PromotionPrizePaid':
      return { ...s, paid: [...s.paid, e.prizeId] };
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
};

const withRound = (s: PromotionState, round: number, change: (r: DrawRound) => DrawRound): PromotionState => ({ ...s, rounds: s.rounds.map((r) => (r.round === round ? change(r) : r)) });

/** 16.12's hours (0 where the edition requires no lodging ahead). */
const hoursRequired = (s: PromotionState): number => promotionPolicyById(s.rulebookId).termsToRegulator?.hoursBefore ?? 0;

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  decide,
  evolve,
  initialState: initialPromotionState,
};
