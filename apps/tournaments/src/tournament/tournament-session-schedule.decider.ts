/**
 * A session's schedule (the rulebook's `sessionSchedule`): a session does not start before the start the terms
 * schedule, as published or as an amendment altered it on notice to the players; and play at a table is concluded
 * before its scheduled coups or completion time (terms `format`) only where the rulebook allows it: the players to
 * progress from the table have been determined, or, where the terms dispose of the chips in cash, all its players
 * agree, the one or both as the rulebook combines them. Pure.
 */
import { payTable, type BetId, type PayTableOptionId, type TournamentRules } from '@app/baccarat';
import { conflict, notYetHeard, ruleViolation, type TournamentSessionEnded } from '@app/contracts';
import type { EndSession, StartSession } from './tournament-command.types';
import { instantMs } from './instants';
import { scoredCoupCountAt } from './scored-coups';
import type { SessionPlayer, SessionState, TournamentState } from './tournament.events';

/**
 * No session starts before the scheduled start, nor once the schedule has ended (its `endsAt`): the rulebook version
 * is the one in force on the date the schedule starts, so play happens within it. An amendment of the terms' schedule,
 * with notice to the players, alters either.
 */
export const requireScheduledStart = (c: StartSession, s: TournamentState, t: TournamentRules): void => {
  const endsAt = s.terms.schedule?.endsAt;
  if (endsAt && instantMs(c.now) >= instantMs(endsAt)) {
    const clause = `${t.sessionSchedule.scheduled.clause}; ${t.sessionSchedule.alteredStart.clause}`;
    throw conflict(
      'SESSION_AFTER_SCHEDULED_END',
      `Session ${c.sessionId} cannot start at ${c.now}: the schedule the terms give ended at ${endsAt} (${clause}). Where the rules allow it, first alter the schedule by amending the terms' schedule, with reasonable notice to the players; otherwise conclude or cancel the tournament.`,
      clause,
    );
  }
  const startsAt = s.terms.schedule?.startsAt;
  if (!startsAt || instantMs(c.now) >= instantMs(startsAt)) return;
  const clause = t.sessionSchedule.alteredStart.clause;
  throw conflict(
    'SESSION_BEFORE_SCHEDULED_START',
    `Session ${c.sessionId} cannot start at ${c.now}, before the start the terms schedule (${startsAt}) (${clause}): start it at or after ${startsAt}, or first alter the starting time by amending the terms' schedule, with reasonable notice to the players.`,
    clause,
  );
};

const coupsScoredAt = (session: SessionState, tableId: string): number => scoredCoupCountAt(session.scoredCoups, tableId);

/**
 * The most a wager can win for each chip staked at the table: the best pay line of every bet it offers (Tie at 8 to 1,
 * a side bet at its option's odds). Null where a bet's pay table is not known: then nothing is determined.
 */
const bestPayAt = (s: TournamentState, tableId: string): number | null => {
  const offered = s.tables[tableId]?.offeredBets;
  if (!offered || offered.length === 0) return null;
  let best = 0;
  for (const { bet, option } of offered) {
    try {
      for (const line of Object.values(payTable(bet as BetId, option as PayTableOptionId).lines)) {
        if (line.payout.kind === 'win') best = Math.max(best, line.payout.odds.win / line.payout.odds.stake);
      }
    } catch {
      return null;
    }
  }
  return best;
};

/** Players who are, or are about to be, in play at the session's tables, with the chips they hold or will be credited. */
const contenders = (session: SessionState, tableIds: readonly string[]): SessionPlayer[] =>
  Object.values(session.players)
    .filter((p) => tableIds.includes(p.tableId) && (p.status === 'playing' || p.status === 'awaiting-table'))
    .map((p) => (p.status === 'awaiting-table' ? { ...p, chips: p.allotment ?? p.chips } : p))
    .sort((a, b) => b.chips - a.chips);

/**
 * Whether no remaining play can change who progresses from these tables (or, in the final, who takes which prize
 * place): with `left` coups at each table, a player staking at most the terms' maximum (or every chip, where the
 * rulebook does not cap a coup's wagers at the maximum) and winning at the table's best pay each coup cannot reach
 * the chips of a player above the line who loses every stake, and nobody above the line can fall below the minimum.
 * Conservative: anything that could add chips other than a wager (re-buys, add-ons, buy-backs), an unknown pay table
 * or number of coups left, means not determined.
 */
const progressionDetermined = (s: TournamentState, t: TournamentRules, session: SessionState, tableIds: readonly string[], left: (tableId: string) => number | null): boolean => {
  // A single player (or none) in play: nobody can change the order of any place, whatever they do.
  if (contenders(session, tableIds).length <= 1) return true;
  const buyIns = s.terms.buyIns;
  if (buyIns && (buyIns.reBuyCents !== null || buyIns.addOnCents !== null)) return false;
  if (s.terms.buyBack) return false;
  if ((s.terms.reBuyMarkers?.perSession ?? 0) > 0) return false;
  const cap = t.play.wagerUnits ? session.maximum : Number.POSITIVE_INFINITY;
  const floor = Math.max(1, session.minimum);
  const bounds = new Map<string, { high: number; low: number }>();
  for (const p of contenders(session, tableIds)) {
    const coups = left(p.tableId);
    const pay = bestPayAt(s, p.tableId);
    if (coups === null || pay === null) return false;
    let high = p.chips;
    let low = p.chips;
    for (let i = 0; i < coups; i++) {
      high += Math.min(high, cap) * pay;
      low -= Math.min(low, cap);
    }
    bounds.set(p.entryId, { high, low });
  }
  const ranked = contenders(session, tableIds);
  const places = session.kind === 'final' ? (s.terms.prizeDistribution?.basisPoints.length ?? 1) : (s.terms.format?.advancePerTable ?? 1);
  // Every line that decides something: in a heat the places that progress, in the final each prize place.
  const lines = session.kind === 'final' ? Array.from({ length: places }, (_, i) => i + 1) : [places];
  for (const line of lines) {
    const above = ranked.slice(0, line);
    const below = ranked.slice(line);
    // A line with nobody under it (fewer players than places) cannot be crossed: a player above it who falls out of play
    // still ranks above nobody in play. Otherwise one who could fall below the minimum could be passed.
    if (below.length === 0) continue;
    if (above.some((p) => bounds.get(p.entryId)!.low < floor)) return false;
    const lowestAbove = Math.min(...above.map((p) => bounds.get(p.entryId)!.low));
    const highestBelow = Math.max(0, ...below.map((p) => bounds.get(p.entryId)!.high));
    if (highestBelow >= lowestAbove) return false;
  }
  return true;
};

/**
 * The tables at which the session ends before its schedule, each with the ground the rules allow it on; refuses, with
 * what to do, where a table's ending is not allowed. Empty where every table played its schedule or the terms fix none.
 */
export const earlyConclusion = (c: EndSession, s: TournamentState, t: TournamentRules, session: SessionState): NonNullable<TournamentSessionEnded['concludedEarly']> => {
  if (session.kind === 'play-off') return [];
  const coupsPerSession = s.terms.format?.coupsPerSession;
  const minutes = s.terms.format?.minutesPerSession;
  if (coupsPerSession === undefined && minutes === undefined) return [];
  const timeUp = minutes !== undefined && session.startedAt !== undefined && instantMs(c.now) >= instantMs(session.startedAt) + minutes * 60_000;
  if (timeUp) return [];
  // A session the terms time only, whose start is not known (folded before it was kept), is not held back.
  if (coupsPerSession === undefined && session.startedAt === undefined) return [];
  const rule = t.sessionSchedule.earlyConclusion;
  const left = (tableId: string): number | null => (coupsPerSession === undefined ? null : Math.max(0, coupsPerSession - coupsScoredAt(session, tableId)));
  const agreements = c.agreements ?? [];
  for (const a of agreements) {
    if (!session.tables.includes(a.tableId)) throw ruleViolation('AGREEMENT_TABLE_NOT_IN_SESSION', `Table ${a.tableId} does not play session ${session.sessionId}: record the agreement of the players at one of its tables (${session.tables.join(', ')}).`, rule.agreementClause, 'agreements');
    const stranger = a.entryIds.find((id) => session.players[id]?.tableId !== a.tableId);
    if (stranger) throw ruleViolation('AGREEMENT_NAMES_ANOTHER_PLAYER', `Entry ${stranger} is not a player at table ${a.tableId} in session ${session.sessionId}: record the agreement of that table's players only.`, rule.agreementClause, 'agreements');
    // Only the players in play at the table agree: one who retired, was eliminated or disqualified is no longer there.
    const inPlay = contenders(session, [a.tableId]).map((p) => p.entryId);
    const gone = a.entryIds.find((id) => !inPlay.includes(id));
    if (gone) {
      const entryStatus = s.entries[gone]?.status;
      const why = entryStatus && entryStatus !== 'entered' ? entryStatus : session.players[gone].status;
      throw ruleViolation(
        'AGREEMENT_NAMES_PLAYER_NOT_IN_PLAY',
        `Entry ${gone} is no longer in play at table ${a.tableId} (${why}), so is not one of the players who agree (${rule.agreementClause}): record the agreement of the players in play there only (${inPlay.join(', ') || 'none'}).`,
        rule.agreementClause,
        'agreements',
      );
    }
  }
  const inCash = s.terms.chipsDisposedInCash === true;
  const schedule = [coupsPerSession !== undefined ? `${coupsPerSession} coups` : null, minutes !== undefined ? `${minutes} minutes` : null].filter((x) => x !== null).join(' or ');
  const out: NonNullable<TournamentSessionEnded['concludedEarly']>[number][] = [];
  // The final's places are decided across all its tables together; a heat's at each table.
  const groups = session.kind === 'final' ? [session.tables] : session.tables.map((id) => [id]);
  for (const tables of groups) {
    const early = tables.filter((id) => { const l = left(id); return l === null || l > 0; });
    if (early.length === 0) continue;
    const determined = progressionDetermined(s, t, session, tables, left);
    for (const tableId of early) {
      const players = contenders(session, [tableId]).map((p) => p.entryId);
      const listed = agreements.filter((a) => a.tableId === tableId).flatMap((a) => a.entryIds);
      const agreed = inCash && players.every((id) => listed.includes(id)) && listed.length > 0;
      const allowed = rule.limbs === 'either' ? determined || agreed : determined && (!inCash || agreed);
      const played = coupsScoredAt(session, tableId);
      if (!allowed) {
        const where = `Play at table ${tableId} cannot be concluded before the scheduled ${schedule} (${played} coups played)`;
        const missing = players.filter((id) => !listed.includes(id));
        // An absent player is still in play (their minimum deducted, Star 15.5.6): their agreement is needed as anyone's.
        const absent = missing.filter((id) => s.entries[id]?.absent);
        const absentNote = absent.length > 0 ? ` ${absent.join(', ')} ${absent.length === 1 ? 'is' : 'are'} absent but still in play at the table, so ${absent.length === 1 ? 'their' : 'each one\'s'} agreement is needed too.` : '';
        if (!determined && (rule.limbs === 'both' || !inCash)) {
          const clause = rule.determinedClause;
          // Judged on the coups heard from the table: one just settled there may not be heard yet, so the refusal waits.
          throw notYetHeard('EARLY_CONCLUSION_NOT_PERMITTED', `${where}: the players to progress from it are not yet determined, as the play left could still change who progresses (${clause}). Play on to the end of the schedule.`, clause);
        }
        const clause = determined ? rule.agreementClause : `${rule.determinedClause}; ${rule.agreementClause}`;
        throw notYetHeard(
          'EARLY_CONCLUSION_NOT_PERMITTED',
          `${where}: ${determined ? '' : 'the players to progress from it are not yet determined, and '}the terms dispose of the tournament chips in cash, but not all the players at the table have agreed (${clause}): record the agreement of every player at the table (${missing.join(', ') || players.join(', ')}) in agreements, or play on to the end of the schedule.${absentNote}`,
          clause,
        );
      }
      const clause = determined && !(inCash && rule.limbs === 'both') ? rule.determinedClause : determined ? `${rule.determinedClause}; ${rule.agreementClause}` : rule.agreementClause;
      out.push({ tableId, coupsPlayed: played, progressionDetermined: determined, agreedBy: agreed ? players : null, clause });
    }
  }
  return out;
};
