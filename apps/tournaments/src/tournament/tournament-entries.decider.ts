/**
 * Entries: eligibility and refusal (Crown Melbourne 14.4.2(a), Rapid 12.2.1(f), Star 15.4.2(h)), the maximum
 * number of players, fees into the prize pool (Star 15.3.1-15.3.2), withdrawal within the terms (Crown Melbourne
 * 14.4.2(d), Star 15.4.2(i)), substitutes (Crown Melbourne 14.4.2(d), Rapid 12.3.3), closing entries against the
 * minimum number and the guarantee (Star 15.3.3).
 */
import type { TournamentRules } from '@app/baccarat';
import { conflict, ruleViolation } from '@app/contracts';
import { atOrBefore, instantMs } from './instants';
import type { CloseEntries, EnterTournament, RefuseEntry, SubstituteEntry, WithdrawEntry } from './tournament-command.types';
import { activeEntries, clauseOf, percentOf, poolAfterRefund, prizePoolOf, requireActiveEntry, requireDirector, requireEntry, requireNotFinished, requireTournament } from './tournament-rules.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

/**
 * An employee plays only at a charitable or media event whose terms record the prior approval of the Chief
 * Operating Officer or Chief Executive Officer (Crown Melbourne 14.4.2(a)(v)); where the rules say nothing of
 * employees, nothing is required.
 */
const requireEmployeeApproval = (employee: boolean, s: TournamentState, t: TournamentRules, now: string): void => {
  const rule = t.money.employeeEntries;
  if (!employee || !rule) return;
  const record = s.terms.employeeParticipation;
  const why = !record
    ? 'the terms record no approval for employees to take part'
    : !rule.eventKinds.includes(record.eventKind)
      ? `employees take part only in a ${rule.eventKinds.join(' or ')} event`
      : !rule.approvers.includes(record.approvedBy)
        ? `the approval must be the ${rule.approvers.join(' or ')}'s`
        : record.reference.trim().length === 0
          ? 'the approval has no reference'
          : !atOrBefore(record.approvedAt, now)
            ? `the approval (${record.approvedAt}) must be given before the employee enters`
            : null;
  if (why) {
    throw ruleViolation(
      'EMPLOYEE_ENTRY_NOT_APPROVED',
      `An employee may take part only in a charitable or media event with the prior approval of the Chief Operating Officer or Chief Executive Officer: ${why}. Record it in the terms (employeeParticipation) first.`,
      rule.clause,
      'employee',
    );
  }
};

/** Entries are taken only while open, by the method and within the period the terms state (Star 15.4.2(i); Crown Melbourne 14.4.2(c)). */
const requireOpenForEntries = (s: TournamentState, t: TournamentRules, field: string): void => {
  requireNotFinished(s);
  if (s.status !== 'open') {
    throw conflict('ENTRIES_CLOSED', `Entries to tournament ${s.tournamentId} are closed (${s.status}): no entry can be taken, refused or closed now.`, clauseOf(t, 'entryMethod'), field);
  }
};

export const enterTournament = (c: EnterTournament, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireDirector(c.actor, t, 'Accepting an entry');
  requireOpenForEntries(s, t, 'entryId');
  if (s.entries[c.entryId]) {
    if (s.entries[c.entryId].patronId === c.patronId) return [];
    throw conflict('ENTRY_EXISTS', `Entry ${c.entryId} belongs to another patron.`);
  }
  const eligibility = clauseOf(t, 'statement.eligibility');
  if (!c.entitledToGamble) {
    throw ruleViolation('NOT_ELIGIBLE', 'Only persons entitled to enter and remain in the casino and gamble may enter a tournament.', eligibility, 'entitledToGamble');
  }
  if (activeEntries(s).some((e) => e.patronId === c.patronId)) {
    throw conflict('ALREADY_ENTERED', `Patron ${c.patronId} has already entered this tournament: one entry per patron, as the terms of entry state.`, clauseOf(t, 'entryMethod'), 'patronId');
  }
  requireEmployeeApproval(c.employee, s, t, c.now);
  const maximum = s.terms.players?.maximum ?? Number.MAX_SAFE_INTEGER;
  if (activeEntries(s).length >= maximum) {
    throw ruleViolation('TOURNAMENT_FULL', `The terms allow at most ${maximum} players.`, clauseOf(t, 'players'), 'entryId');
  }
  const fee = s.terms.entryFee ?? 0;
  if (c.feePaidCents !== fee) {
    throw ruleViolation('ENTRY_FEE_INCORRECT', `The entry fee is ${fee} cents; ${c.feePaidCents} was paid.`, clauseOf(t, 'entryFee'), 'feePaidCents');
  }
  const intoPool = s.terms.prizePool?.entryFeesIncluded ?? false;
  return [
    {
      type: 'TournamentEntryAccepted',
      tournamentId: s.tournamentId,
      entryId: c.entryId,
      patronId: c.patronId,
      employee: c.employee,
      ...(c.displayName ? { displayName: c.displayName } : {}),
      feeCents: fee,
      prizePoolAfterCents: s.prizePoolCents + (intoPool ? fee : 0),
      enteredAt: c.now,
      clause: t.money.entryFeesToPrizePool?.clause ?? clauseOf(t, 'entryMethod'),
    },
  ];
};

/** Refusing an application needs the terms to reserve the right (Crown Melbourne 14.4.2(a)(iii), Star 15.4.2(h)(ii)). */
export const refuseEntry = (c: RefuseEntry, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireDirector(c.actor, t, 'Refusing an entry');
  requireOpenForEntries(s, t, 'patronId');
  const clause = t.refusal.clause;
  if (!s.terms.statements?.refusal) {
    throw ruleViolation('REFUSAL_NOT_RESERVED', 'The terms do not reserve the right to refuse an application: state it in the terms first.', clause, 'patronId');
  }
  return [{ type: 'TournamentEntryRefused', tournamentId: s.tournamentId, patronId: c.patronId, reason: c.reason, refusedAt: c.now, clause }];
};

/**
 * Withdrawal within the period the terms give is without penalty (full refund); afterwards the fee stays in the
 * pool unless the terms permit part of it back (Star 15.3.2).
 */
export const withdrawEntry = (c: WithdrawEntry, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireDirector(c.actor, t, 'Withdrawing an entry');
  requireNotFinished(s);
  const entry = requireActiveEntry(s, t, c.entryId);
  if (s.status === 'running') {
    throw conflict('TOURNAMENT_RUNNING', `Play has begun: entry ${c.entryId} can no longer be withdrawn within the terms' withdrawal period; the player retires instead.`, clauseOf(t, 'withdrawalPeriod'), 'entryId');
  }
  const endsAt = s.terms.withdrawalPeriod?.endsAt;
  const inPeriod = endsAt !== undefined && instantMs(c.now) <= instantMs(endsAt);
  const refundCents = inPeriod ? entry.feeCents : percentOf(entry.feeCents, s.terms.refunds?.lateWithdrawalPercent ?? 0);
  return [
    {
      type: 'TournamentEntryWithdrawn',
      tournamentId: s.tournamentId,
      entryId: entry.entryId,
      patronId: entry.patronId,
      refundCents,
      prizePoolAfterCents: poolAfterRefund(s, refundCents),
      withdrawnAt: c.now,
      clause: inPeriod ? clauseOf(t, 'withdrawalPeriod') : (t.money.entryFeesToPrizePool?.clause ?? clauseOf(t, 'refunds')),
    },
  ];
};

export const substituteEntry = (c: SubstituteEntry, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireDirector(c.actor, t, 'Approving a substitute');
  requireNotFinished(s);
  const entry = requireEntry(s, c.entryId);
  const clause = t.substitution.clause;
  if (!s.terms.substitutes?.allowed) throw ruleViolation('SUBSTITUTES_NOT_ALLOWED', 'The terms do not allow substitutes.', clause, 'patronId');
  const until = s.terms.substitutes.nominateUntil;
  if (until !== undefined && instantMs(c.now) > instantMs(until)) {
    throw ruleViolation('SUBSTITUTION_PERIOD_ENDED', `The terms let a substitute be nominated until ${until} (terms.substitutes.nominateUntil); it is ${c.now}: entry ${c.entryId} keeps its player, who may withdraw or retire as the terms say.`, clause, 'patronId');
  }
  requireActiveEntry(s, t, c.entryId);
  if (!c.entitledToGamble) {
    throw ruleViolation('NOT_ELIGIBLE', 'A substitute must be entitled to enter and remain in the casino and gamble.', clauseOf(t, 'statement.eligibility'), 'entitledToGamble');
  }
  if (activeEntries(s).some((e) => e.patronId === c.patronId)) {
    throw conflict('ALREADY_ENTERED', `Patron ${c.patronId} already has an entry in this tournament: name another substitute for entry ${c.entryId}.`, clauseOf(t, 'entryMethod'), 'patronId');
  }
  requireEmployeeApproval(c.employee, s, t, c.now);
  return [
    { type: 'TournamentEntrySubstituted', tournamentId: s.tournamentId, entryId: entry.entryId, previousPatronId: entry.patronId, patronId: c.patronId, employee: c.employee, ...(c.displayName ? { displayName: c.displayName } : {}), substitutedAt: c.now, clause },
  ];
};

/** Closing entries fixes the pool: the guarantee applies only with the minimum number of entries (Star 15.3.3). */
export const closeEntries = (c: CloseEntries, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireDirector(c.actor, t, 'Closing entries');
  requireOpenForEntries(s, t, 'tournamentId');
  const entries = activeEntries(s).length;
  const minimumPlayers = s.terms.players?.minimum ?? 1;
  if (entries < minimumPlayers) {
    throw ruleViolation('TOO_FEW_ENTRIES', `${entries} entries is fewer than the minimum of ${minimumPlayers}: cancel the tournament (fees are refunded) or wait for more.`, t.money.guarantee?.clause ?? clauseOf(t, 'players'), 'entries');
  }
  const pool = s.terms.prizePool;
  const guaranteeApplies = !!pool?.guaranteedCents && entries >= (pool.minimumEntries ?? 0);
  return [
    {
      type: 'TournamentEntriesClosed',
      tournamentId: s.tournamentId,
      entries,
      guaranteeApplies,
      // The pool as prizePoolOf states it everywhere, with the guarantee settled by this close (Star 15.3.3).
      prizePoolCents: prizePoolOf({ ...s, guaranteeApplies }).poolCents,
      closedAt: c.now,
      clause: t.money.guarantee?.clause ?? clauseOf(t, 'prizePool'),
    },
  ];
};
