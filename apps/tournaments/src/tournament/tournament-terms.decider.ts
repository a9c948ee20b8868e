/**
 * The tournament's terms and conditions: published complete (Crown Melbourne 14.2.1, 14.4; Rapid 12.2.1; Star
 * 15.4.1-15.4.2), the regulator told before entries are taken and of every later change (Crown Melbourne
 * 14.2.2(b), 14.4.1(c)) or its written approval held (Rapid 12.1.3); the designated tables (Crown Melbourne
 * 14.2.4, Star 15.5.1); cancellation with refunds (Star 15.3.4).
 */
import { playDateAt, TOURNAMENT_TERMS_ITEMS, type Rulebook, type TournamentRules, type TournamentTermsItem } from '@app/baccarat';
import { conflict, hasUtcOffset, ruleViolation, type TournamentTerms } from '@app/contracts';
import { rapidTablesReady } from './tournament-rapid-tables.decider';
import { tableReady } from './tournament-play.decider';
import type { AmendTerms, CancelTournament, DesignateTables, PublishTerms, RegulatorApproval } from './tournament-command.types';
import { atOrBefore, instantMs } from './instants';
import { activeEntries, clauseOf, currentSession, limitsMisused, percentOf, requireCompleteTerms, requireDirector, requireNotFinished, requireTournament, rulebookOnStart, statedTerms, tournamentRulesOf } from './tournament-rules.decider';
import type { EntryState, TournamentEvent, TournamentState } from './tournament.events';

export const publishTerms = (c: PublishTerms, s: TournamentState): TournamentEvent[] => {
  if (s.exists) throw conflict('TOURNAMENT_EXISTS', `Tournament ${c.tournamentId} is already published: amend its terms instead.`);
  // The version in force on the tournament's first day at the venue (e.g. Star 2021 before 16 May 2024, Star 2024 from then).
  const rb = rulebookOnStart(c.operator, c.terms.schedule?.startsAt ?? c.now, c.game);
  const t = tournamentRulesOf(rb);
  requireDirector(c.actor, t, 'Publishing tournament terms');
  requireCompleteTerms(c.terms, t);
  const terms = statedTerms(c.terms, t);
  const notice = t.regulatorNotice;
  requireScheduleInForce(t, rb, c.terms.schedule, c.now, () => rulebookOnStart(c.operator, c.now, c.game));
  requirePublishedBeforeStart(t, c.terms.schedule?.startsAt, c.now);
  requireApproval(c.regulatorApproval ?? null, t, rb.timeZone, c.terms.schedule?.startsAt ?? c.now, c.now, null);
  requireEmployeeApprovalBeforeStart(t, rb.timeZone, terms);
  const events: TournamentEvent[] = [
    {
      type: 'TournamentTermsPublished',
      tournamentId: c.tournamentId,
      name: c.name,
      rulebookId: rb.id,
      jurisdiction: rb.jurisdiction,
      terms,
      regulatorApproval: c.regulatorApproval ?? null,
      publishedAt: c.now,
      clause: t.publication.clause,
    },
  ];
  if (notice?.notifyOnPublish) {
    events.push({
      type: 'TournamentRegulatorNotified',
      tournamentId: c.tournamentId,
      regulator: notice.regulator,
      notice: 'intention-to-conduct',
      summary: `${c.name}: ${c.terms.schedule ? `${c.terms.schedule.startsAt} to ${c.terms.schedule.endsAt}` : ''}${c.terms.location ? ` at ${c.terms.location}` : ''}`,
      notifiedAt: c.now,
      clause: notice.clause,
    });
  }
  return events;
};

/**
 * When the tournament is conducted (the rulebook's `sessionSchedule.scheduled`): the rulebook version is the one in
 * force on the venue's date of the start, so play happens only within the schedule it was chosen by. A schedule that
 * ends at or before it starts is refused; so is one that has already ended (a tournament is not published, nor its
 * schedule amended, for a period already past); and so is a start already past on a date another version was in force
 * than the one in force now: play from now would be under a version no longer in force.
 */
const requireScheduleInForce = (t: TournamentRules, rb: Rulebook, schedule: TournamentTerms['schedule'], now: string, inForceNow: () => Rulebook): void => {
  if (!schedule) return;
  const clause = t.sessionSchedule.scheduled.clause;
  if (atOrBefore(schedule.endsAt, schedule.startsAt)) {
    throw ruleViolation('SCHEDULE_ENDS_BEFORE_START', `The schedule ends at ${schedule.endsAt}, not after it starts (${schedule.startsAt}): give an end after the start.`, clause, 'terms.schedule.endsAt');
  }
  if (atOrBefore(schedule.endsAt, now)) {
    throw ruleViolation('SCHEDULE_ALREADY_ENDED', `The schedule ended at ${schedule.endsAt}, and it is now ${now}: a tournament is not conducted in a period already past. Give the schedule it will really have, ending after now.`, clause, 'terms.schedule.endsAt');
  }
  if (!atOrBefore(schedule.startsAt, now)) return;
  const current = inForceNow();
  if (current.id === rb.id) return;
  throw ruleViolation(
    'RULEBOOK_VERSION_SUPERSEDED',
    `The schedule starts at ${schedule.startsAt}, already past, on a date ${rb.citation} (${rb.id}) was in force at the venue, and play from now (${now}) would be under it, although ${current.citation} (${current.id}) is in force now. Give the start the tournament will really have, on or after the day the version in force now took effect (${current.effectiveFrom}).`,
    clause,
    'terms.schedule.startsAt',
  );
};

/**
 * Where the rules say so (Crown Melbourne 14.2.2: "Prior to a Tournament being conducted and entries having been
 * taken"), the terms are made available and the regulator advised before the scheduled start: terms published at
 * or after it, compared as instants, are refused (and with them the regulator's notice and any entry).
 */
const requirePublishedBeforeStart = (t: TournamentRules, startsAt: string | undefined, now: string): void => {
  const rule = t.publication.beforeStart;
  if (!rule || !startsAt || !atOrBefore(startsAt, now)) return;
  const regulator = t.regulatorNotice ? ` and the ${t.regulatorNotice.regulator} advised` : '';
  throw ruleViolation(
    'TERMS_AFTER_TOURNAMENT_START',
    `The terms must be available to patrons${regulator} before the tournament is conducted and entries are taken: it is scheduled to start at ${startsAt}, and it is now ${now}. Publish the terms with the start they will really have, after now.`,
    rule.clause,
    'terms.schedule.startsAt',
  );
};

/**
 * What the rules have told before the tournament commences (Crown Melbourne 14.4.1(c): the regulator "will be notified
 * of any change to the Tournament details prior to the Tournament"; 14.4.3(b): the players advised of the starting bank
 * "prior to the commencement of the Tournament"; Star 15.6.15: changes of the wager limits notified to the players
 * "prior to the commencement of the tournament") can no longer change once the tournament has started: play has begun,
 * or its scheduled start has come. Moving the start to an instant already passed is such a change too: the notice
 * could not come before it. Other items may still change (the rules protect them elsewhere, if at all).
 */
const requireDetailsBeforeStart = (t: TournamentRules, s: TournamentState, next: TournamentTerms, changed: readonly TournamentTermsItem[], now: string): void => {
  const locked = t.detailsLockedFromStart.filter((l) => changed.includes(l.item));
  if (locked.length === 0) return;
  const was = s.terms.schedule?.startsAt;
  const moved = next.schedule?.startsAt;
  const why =
    s.status === 'running'
      ? 'play has begun'
      : was && atOrBefore(was, now)
        ? `the tournament started at ${was}`
        : moved && atOrBefore(moved, now)
          ? `the new start ${moved} has already passed`
          : null;
  if (!why) return;
  throw conflict(
    'TOURNAMENT_DETAILS_LOCKED',
    `${why[0].toUpperCase()}${why.slice(1)}: ${locked.map((l) => `${l.item} (${l.clause})`).join('; ')} cannot change now, as the rules have ${locked.length > 1 ? 'these' : 'it'} told before the tournament commences${t.regulatorNotice?.notifyOnChange ? ` (to the players, or to the ${t.regulatorNotice.regulator} of every change)` : ''}. Keep ${locked.length > 1 ? 'these' : 'it'} as published; amend the other items, or cancel the tournament.`,
    [...new Set(locked.map((l) => l.clause))].join('; '),
    `terms.${locked[0].item}`,
  );
};

/**
 * The director alters a starting time only on reasonable notice to the players (Star 15.5.3; Crown Melbourne 14.4.1(b);
 * Rapid 12.3.4): how much notice is reasonable is the director's, but a start altered to an instant that has already
 * come gives none. Such an amendment is refused; the start may be altered to any later instant.
 */
const requireNoticeOfAlteredStart = (t: TournamentRules, s: TournamentState, next: TournamentTerms, now: string): void => {
  const was = s.terms.schedule?.startsAt;
  const altered = next.schedule?.startsAt;
  if (!altered || (was !== undefined && sameValue(was, altered)) || !atOrBefore(altered, now)) return;
  throw ruleViolation(
    'START_ALTERED_WITHOUT_NOTICE',
    `The start cannot be altered to ${altered}: it is now ${now}, so the players could have had no notice of it (${t.sessionSchedule.alteredStart.clause}). Alter the start to a later time, giving the players reasonable notice.`,
    t.sessionSchedule.alteredStart.clause,
    'terms.schedule.startsAt',
  );
};

/**
 * Structural equality of terms values: objects compare key by key whatever their order (the database hands stored
 * terms back with its own key order), arrays element by element; an absent key equals one holding undefined.
 */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  // An instant is the same however it is written (`2026-12-10T09:00:00+11:00` is `2026-12-09T22:00:00Z`).
  if (typeof a === 'string' && typeof b === 'string') return INSTANT.test(a) && INSTANT.test(b) && instantMs(a) === instantMs(b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => sameValue(x[k], y[k]));
};

/** A date and time with its offset or Z: an instant, compared as one. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const hasTime = /T/;

/**
 * Where the rules require it (Rapid 12.1.3: "only ... if the conditions ... have been approved in writing"), the
 * regulator's written approval: a reference that is not blank, given no later than the tournament starts (a date
 * alone is compared as the venue's date), and for amended conditions (`amending`) a new approval, not the one they
 * replace (`amending.previous`).
 */
const requireApproval = (
  approval: RegulatorApproval | null,
  t: TournamentRules,
  timeZone: Rulebook['timeZone'],
  startsAt: string,
  now: string,
  amending: { readonly previous: RegulatorApproval | null } | null,
): void => {
  const notice = t.regulatorNotice;
  if (!notice?.approvalRequired) return;
  if (!approval || approval.reference.trim().length === 0) {
    throw ruleViolation(
      'REGULATOR_APPROVAL_REQUIRED',
      `The ${amending ? 'amended ' : ''}conditions need the ${notice.regulator}'s written approval before the tournament: give its reference and date.`,
      notice.clause,
      approval ? 'regulatorApproval.reference' : 'regulatorApproval',
    );
  }
  requireApprovedBeforeStart(
    { code: 'REGULATOR_APPROVAL', approver: `The ${notice.regulator}`, approved: 'approved the conditions', consequence: 'only approved conditions may be conducted', clause: notice.clause, field: 'regulatorApproval.approvedAt', prior: false },
    approval.approvedAt,
    startsAt,
    timeZone,
  );
  const isAfter = (a: string, b: string) => laterThan(a, b, timeZone, false);
  if (isAfter(approval.approvedAt, now)) {
    throw ruleViolation('REGULATOR_APPROVAL_NOT_YET_GIVEN', `An approval dated ${approval.approvedAt} is not yet held at ${now}: record the ${notice.regulator}'s written approval once it is given.`, notice.clause, 'regulatorApproval.approvedAt');
  }
  const previous = amending?.previous;
  if (previous && approval.reference.trim() === previous.reference.trim()) {
    throw ruleViolation('NEW_REGULATOR_APPROVAL_REQUIRED', `${previous.reference} approved the conditions as they were: amended conditions need the ${notice.regulator}'s new written approval.`, notice.clause, 'regulatorApproval.reference');
  }
  // The amended conditions did not exist before the conditions they amend were approved.
  if (previous && isAfter(previous.approvedAt, approval.approvedAt)) {
    throw ruleViolation('REGULATOR_APPROVAL_BACKDATED', `${approval.reference} is dated ${approval.approvedAt}, before ${previous.reference} approved the conditions it would amend (${previous.approvedAt}): give the date of the ${notice.regulator}'s approval of the amended conditions.`, notice.clause, 'regulatorApproval.approvedAt');
  }
};

const venueDate = (at: string, timeZone: Rulebook['timeZone']) => (hasTime.test(at) ? playDateAt(at, timeZone) : at.slice(0, 10));

/**
 * Whether `at` comes after `than` (`orAt`: or at the same instant). Two instants compare as instants; a date alone is
 * the venue's date, compared with the other's venue date, so it is later only on a later day.
 */
const laterThan = (at: string, than: string, timeZone: Rulebook['timeZone'], orAt: boolean): boolean => {
  if (!hasTime.test(at) || !hasTime.test(than)) return venueDate(at, timeZone) > venueDate(than, timeZone);
  return orAt ? instantMs(at) >= instantMs(than) : instantMs(at) > instantMs(than);
};

/**
 * An approval the rules ask for before the tournament is dated before its scheduled start: the regulator's written
 * approval of the conditions (Rapid 12.1.3), given by the start; the prior approval of employees' participation
 * (Crown Melbourne 14.4.2(a)(v), `prior`), given before it. A time of day without its offset from UTC would be read in
 * UTC, not the venue's time, and move the approval by hours across the venue's midnight: refused.
 */
const requireApprovedBeforeStart = (
  rule: { readonly code: string; readonly approver: string; readonly approved: string; readonly consequence: string; readonly clause: string; readonly field: string; readonly prior: boolean },
  approvedAt: string,
  startsAt: string,
  timeZone: Rulebook['timeZone'],
): void => {
  if (hasTime.test(approvedAt) && !hasUtcOffset(approvedAt)) {
    throw ruleViolation(
      `${rule.code}_TIME_WITHOUT_OFFSET`,
      `${rule.approver}'s approval is dated ${approvedAt}, a time without its offset from UTC: give the venue's date alone (YYYY-MM-DD) or the time with its offset (e.g. 2026-02-10T09:00:00+11:00).`,
      rule.clause,
      rule.field,
    );
  }
  if (!laterThan(approvedAt, startsAt, timeZone, rule.prior)) return;
  throw ruleViolation(
    `${rule.code}_AFTER_TOURNAMENT`,
    `${rule.approver} ${rule.approved} on ${approvedAt}, ${rule.prior ? 'at or after' : 'after'} the tournament starts (${startsAt}): ${rule.consequence}. Give the date of an approval given ${rule.prior ? 'before' : 'by'} the start, or alter the start.`,
    rule.clause,
    rule.field,
  );
};

/** The terms' record of employees' participation (Crown Melbourne 14.4.2(a)(v)) is of an approval given before the tournament. */
const requireEmployeeApprovalBeforeStart = (t: TournamentRules, timeZone: Rulebook['timeZone'], terms: TournamentTerms): void => {
  const rule = t.money.employeeEntries;
  const record = terms.employeeParticipation;
  const startsAt = terms.schedule?.startsAt;
  if (!rule || !record || !startsAt) return;
  requireApprovedBeforeStart(
    {
      code: 'EMPLOYEE_APPROVAL',
      approver: `The ${record.approvedBy.replace(/-/g, ' ')}`,
      approved: 'approved the employees\' participation',
      consequence: 'employees take part only with the prior approval of the Chief Operating Officer or Chief Executive Officer',
      clause: rule.clause,
      field: 'terms.employeeParticipation.approvedAt',
      prior: true,
    },
    record.approvedAt,
    startsAt,
    timeZone,
  );
};

/** The terms items whose value differs (Crown Melbourne 14.4.1(c): what the regulator is told changed). */
const changedItems = (a: TournamentTerms, b: TournamentTerms): TournamentTermsItem[] =>
  TOURNAMENT_TERMS_ITEMS.filter((item) => {
    if (item.startsWith('statement.')) {
      const key = item.slice('statement.'.length);
      return a.statements?.[key] !== b.statements?.[key];
    }
    return !sameValue((a as Record<string, unknown>)[item], (b as Record<string, unknown>)[item]);
  });

export const amendTerms = (c: AmendTerms, s: TournamentState): TournamentEvent[] => {
  const { rb: was, t: before } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, before, 'Amending tournament terms');
  // Postponed (or brought forward) across an effective date before play begins: the version in force on the new
  // start date at the venue applies from now on. Once play has begun, the version it began under stays.
  const startsAt = c.terms.schedule?.startsAt;
  const rb = s.status !== 'running' && startsAt ? rulebookOnStart(was.series, startsAt) : was;
  const t = rb.id === was.id ? before : tournamentRulesOf(rb);
  requireCompleteTerms(c.terms, t);
  const next = statedTerms(c.terms, t);
  const changed = changedItems(s.terms, next);
  if (changed.length === 0 && rb.id === was.id) return [];
  // Once play has begun the version it began under stays: only the schedule's own sense is asked of it then.
  if (changed.includes('schedule')) requireScheduleInForce(t, rb, next.schedule, c.now, () => (s.status === 'running' ? rb : rulebookOnStart(was.series, c.now)));
  // Once play has begun, only what the rules protect is refused (Crown Melbourne 14.4.3(b); Star 15.6.2, 15.6.15), and
  // while a session is in play, what its players play under holds until it ends (Crown Melbourne 14.1, 14.4.4(b)).
  const session = currentSession(s);
  const inSession = session && !session.ended ? t.termsLockedDuringSession.filter((l) => changed.includes(l.item)) : [];
  const locked = [...(s.status === 'running' ? t.termsLockedDuringPlay.filter((l) => changed.includes(l.item)) : []), ...inSession];
  if (locked.length > 0) {
    const whilePlayed = session && inSession.length === locked.length ? `Session ${session.sessionId} is in play` : 'Play has begun';
    const between = inSession.length === locked.length ? ' Amend them once the session has ended, before the next starts.' : '';
    throw ruleViolation(
      'TERMS_LOCKED_DURING_PLAY',
      `${whilePlayed}: ${locked.map((l) => `${l.item} (${l.clause})`).join('; ')} cannot change now. Amend the other items, or keep these as published.${between}`,
      locked.map((l) => l.clause).join('; '),
      `terms.${locked[0].item}`,
    );
  }
  requireDetailsBeforeStart(t, s, next, changed, c.now);
  requireNoticeOfAlteredStart(t, s, next, c.now);
  requireApproval(c.regulatorApproval ?? null, t, rb.timeZone, c.terms.schedule?.startsAt ?? c.now, c.now, { previous: s.regulatorApproval ?? null });
  requireEmployeeApprovalBeforeStart(t, rb.timeZone, next);
  // The fee the players paid holds once an entry was taken: the terms never state a fee nobody paid.
  const entered = Object.keys(s.entries).length > 0 ? t.termsLockedOnceEntered.filter((l) => changed.includes(l.item)) : [];
  if (entered.length > 0) {
    throw ruleViolation(
      'TERMS_LOCKED_ONCE_ENTERED',
      `Entries have been taken at the published terms: ${entered.map((l) => `${l.item} (${l.clause})`).join('; ')} cannot change now. Keep the fee as published, or cancel the tournament (every fee refunded) and publish a new one.`,
      entered.map((l) => l.clause).join('; '),
      `terms.${entered[0].item}`,
    );
  }
  const events: TournamentEvent[] = [
    {
      type: 'TournamentTermsAmended',
      tournamentId: s.tournamentId,
      previous: s.terms,
      next,
      changedItems: changed,
      reason: c.reason,
      amendedAt: c.now,
      clause: t.amendment.clause,
      ...(rb.id !== was.id ? { rulebookId: rb.id } : {}),
      ...(t.regulatorNotice?.approvalRequired && c.regulatorApproval ? { regulatorApproval: c.regulatorApproval } : {}),
    },
  ];
  // Every tournament table is checked against the amended terms' minimum and maximum (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)).
  if (changed.includes('wagerLimits')) {
    for (const [tableId, table] of Object.entries(s.tables)) events.push(...limitsMisused(s, c.terms, tableId, table.limits, c.now));
  }
  const notice = t.regulatorNotice;
  if (notice?.notifyOnChange) {
    const versionNote = rb.id !== was.id ? ` The tournament now runs under ${rb.citation} (version ${rb.version}), in force on its new date.` : '';
    events.push({ type: 'TournamentRegulatorNotified', tournamentId: s.tournamentId, regulator: notice.regulator, notice: 'change', summary: `Changed: ${changed.join(', ')}. ${c.reason}${versionNote}`, notifiedAt: c.now, clause: notice.clause });
  }
  return events;
};

export const designateTables = (c: DesignateTables, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Designating tournament tables');
  const tableIds = [...new Set([...s.designatedTables, ...c.tableIds])];
  // A Rapid table the rapid service published is ready once designated (Rapid 12.3.1-12.3.2).
  const ready = rapidTablesReady(s, t, tableIds, c.tableIds, c.rapidTables);
  // A table the tables service opened in tournament mode for this tournament before it was designated is ready now:
  // the order of the two requests does not matter (Crown Melbourne 14.2.4-14.2.5; Star 15.5.1-15.5.2).
  const openedFirst = c.tableIds
    .filter((id, i, all) => all.indexOf(id) === i && !s.tables[id] && s.openedBeforeDesignation?.[id])
    .flatMap((id) => tableReady(s, t, id, s.openedBeforeDesignation[id], c.now));
  if (tableIds.length === s.designatedTables.length) return [...ready, ...openedFirst];
  return [{ type: 'TournamentTablesDesignated', tournamentId: s.tournamentId, tableIds, clause: t.designation.clause }, ...ready, ...openedFirst];
};

/**
 * Cancellation refunds every entry fee where the rulebook says so (Star 15.3.4): the entries still in, and what a
 * late withdrawal or a retirement left in the pool (15.3.2 kept it there for the winners, and there are none), each
 * less what was already refunded. A fee is what the entry paid into the pool: its entry fee and each buy-in, re-buy,
 * buy-back or add-on price it paid in (15.3.2), refunded to that entry, so the refunds are what the players paid in
 * less what was refunded before. A fee the rules forfeited stays forfeited: a disqualified player's (15.5.7,
 * 15.6.7, 15.11.4) and one eliminated for want of a session's buy-in (15.6.3): the specific clause prevails over the
 * general 15.3.4 (the rules owner's ruling, docs/rules/README.md). Elsewhere the terms' percentage of the fees of the
 * entries still in (Crown Melbourne 14.4.8(a)(iv), Rapid 12.2.1(h)).
 *
 * Every cent collected is accounted for (`accounting`): refunded, forfeited (each entry with the clause that keeps
 * it), or the value the casino added (Star 15.3.1), which is not a player's money and is withdrawn with the pool.
 */
export const cancelTournament = (c: CancelTournament, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Cancelling the tournament');
  const rule = t.money.cancellationRefundsAll;
  const entries = Object.values(s.entries);
  // What the casino still holds of what the entry paid: its fee and what it paid into the pool, less refunds before.
  const held = (e: EntryState): number => e.feeCents + (e.paidIntoPoolCents ?? 0) - e.refundedCents;
  const refunds = rule
    ? entries
        .filter((e) => e.status === 'entered' || e.status === 'withdrawn' || e.status === 'retired')
        .map((e) => ({ entryId: e.entryId, patronId: e.patronId, refundCents: held(e) }))
        .filter((r) => r.refundCents > 0)
    : activeEntries(s).map((e) => ({ entryId: e.entryId, patronId: e.patronId, refundCents: percentOf(e.feeCents, s.terms.refunds?.cancellationPercent ?? 0) }));
  const refundOf = (e: EntryState): number => refunds.find((r) => r.entryId === e.entryId)?.refundCents ?? 0;
  const refundClause = rule?.clause ?? t.refundsPerTerms.clause;
  const forfeits = entries
    .map((e) => ({ entryId: e.entryId, patronId: e.patronId, forfeitedCents: held(e) - refundOf(e), clause: e.forfeitClause ?? refundClause }))
    .filter((f) => f.forfeitedCents > 0);
  const refundedCents = refunds.reduce((a, r) => a + r.refundCents, 0);
  const forfeitedCents = forfeits.reduce((a, f) => a + f.forfeitedCents, 0);
  const addedValueWithdrawnCents = s.terms.prizePool?.addedValueCents ?? 0;
  // Refunded before the cancellation (a late withdrawal, a retirement): collected too, and shown apart.
  const refundedBeforeCents = entries.reduce((a, e) => a + e.refundedCents, 0);
  return [
    {
      type: 'TournamentCancelled',
      tournamentId: s.tournamentId,
      reason: c.reason,
      refunds,
      accounting: {
        collectedCents: refundedBeforeCents + refundedCents + forfeitedCents + addedValueWithdrawnCents,
        refundedBeforeCents,
        refundedCents,
        refundClause,
        forfeitedCents,
        forfeits,
        addedValueWithdrawnCents,
        addedValueClause: t.money.addedValue?.clause ?? clauseOf(t, 'prizePool'),
      },
      cancelledAt: c.now,
      clause: refundClause,
    },
  ];
};
