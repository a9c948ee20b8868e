/**
 * Results: the chip count at each session's end and who progresses (Star 15.5.8, 15.10.1-15.10.2), ties beyond
 * the places to advance sent to a play-off (15.10.3), the winners and place-getters, and the prize pool paid out
 * to the cent (Star 15.3.2-15.3.3; Crown Melbourne 14.4.6-14.4.7, 14.4.2(a)(v)).
 */
import { conflict, notYetHeard, ruleViolation, type TournamentPrizesDistributed, type TournamentSessionEnded } from '@app/contracts';
import type { DeclareResults, EndSession } from './tournament-command.types';
import { clauseOf, prizePoolOf, requireDirector, requireNotFinished, requireTournament, resultsClause, unfilledPlacesOf } from './tournament-rules.decider';
import { earlyConclusion } from './tournament-session-schedule.decider';
import { placesOf, rankPlayers } from './tournament-standing.decider';
import type { SessionPlayer, SessionState, TournamentEvent, TournamentState } from './tournament.events';

/** Groups of equal chips, best first. */
const chipGroups = (players: readonly SessionPlayer[]): SessionPlayer[][] => {
  const groups: SessionPlayer[][] = [];
  for (const p of [...players].sort((a, b) => b.chips - a.chips)) {
    const last = groups[groups.length - 1];
    if (last && last[0].chips === p.chips) last.push(p);
    else groups.push([p]);
  }
  return groups;
};

const rankingOf = (ordered: readonly SessionPlayer[], tiedWith: (a: SessionPlayer, b: SessionPlayer) => boolean): TournamentSessionEnded['ranking'] => {
  const out: { entryId: string; rank: number; chips: number }[] = [];
  ordered.forEach((p, i) => {
    const prev = out[i - 1];
    out.push({ entryId: p.entryId, rank: prev && tiedWith(ordered[i - 1], p) ? prev.rank : i + 1, chips: p.status === 'playing' ? p.chips : 0 });
  });
  return out;
};

export const endSession = (c: EndSession, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Ending a session');
  const session = s.sessions[c.sessionId];
  if (!session) throw conflict('SESSION_NOT_FOUND', `No session ${c.sessionId}.`);
  if (session.ended) return [];
  const busy = Object.entries(session.coups).find(([, coup]) => coup !== null);
  // A coup the table has just settled may not be heard yet: the refusal waits for it, and is never kept as the answer.
  if (busy) throw notYetHeard('COUP_IN_PROGRESS', `Coup ${busy[1]!.coupId} at table ${busy[0]} is not yet settled, as far as the tournament has heard: settle it at the table, or try again in a moment if it has just been settled.`);
  // Before the scheduled coups or time, only where the rules allow play at each table to be concluded early.
  const concludedEarly = earlyConclusion(c, s, t, session);
  const playing = Object.values(session.players).filter((p) => p.status === 'playing');
  const counts = playing.map((p) => ({ tableId: p.tableId, entryId: p.entryId, chips: p.chips }));
  const samePlayingChips = (a: SessionPlayer, b: SessionPlayer) => a.status === 'playing' && b.status === 'playing' && a.chips === b.chips;
  let advanced: string[] = [];
  const playOffs: { tableId: string | null; entryIds: string[]; places: number }[] = [];
  let ranking: TournamentSessionEnded['ranking'];
  if (session.kind === 'play-off') {
    const decided = s.sessions[session.playOff!.sessionId].playOffsDecided.find((d) => d.sessionId === session.sessionId);
    if (!decided) throw ruleViolation('PLAY_OFF_UNDECIDED', 'Play on: the chips are counted at the end of each coup until an order is determined.', t.play.playOffs.clause, 'sessionId');
    ranking = decided.order.map((entryId, i) => ({ entryId, rank: i + 1, chips: session.players[entryId].status === 'playing' ? session.players[entryId].chips : 0 }));
    advanced = [...decided.advanced];
  } else if (session.kind === 'heat') {
    // Star 15.10.2: each table's winners are those with the most chips; 15.10.3: a tie beyond the places goes to a play-off.
    const perTable = s.terms.format?.advancePerTable ?? 1;
    for (const tableId of session.tables) {
      let slots = perTable;
      for (const group of chipGroups(playing.filter((p) => p.tableId === tableId))) {
        if (slots <= 0) break;
        if (group.length <= slots) {
          advanced.push(...group.map((p) => p.entryId));
          slots -= group.length;
        } else {
          playOffs.push({ tableId, entryIds: group.map((p) => p.entryId), places: slots });
          slots = 0;
        }
      }
    }
    ranking = rankingOf(rankPlayers(session), samePlayingChips);
  } else {
    // The final: every tie among the players still in play is played off so each place is determined.
    for (const group of chipGroups(playing)) if (group.length > 1) playOffs.push({ tableId: group[0].tableId, entryIds: group.map((p) => p.entryId), places: group.length - 1 });
    ranking = rankingOf(rankPlayers(session), samePlayingChips);
  }
  return [
    {
      type: 'TournamentSessionEnded',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      kind: session.kind,
      counts,
      ranking,
      advanced,
      playOffs,
      chipsNotReturned: c.chipsNotReturned ?? 0,
      ...(concludedEarly.length > 0 ? { concludedEarly } : {}),
      endedAt: c.now,
      clause: [t.play.sessionChipCount.clause, ...(playOffs.length ? [t.play.playOffs.clause] : [])].join('; '),
    },
  ];
};

/** The final's places: its ranking, each tie replaced by the order its play-off determined. */
export const finalPlacings = (final: SessionState): string[] => placesOf(final);

/** The rounding rule of the prize amounts, as TournamentPrizesDistributed and the reports state it. */
export const PRIZE_ROUNDING_RULE =
  "Each place's share of the pool is rounded down to the cent; the cents left over go one each to the places with the largest fractions of a cent (a larger share first where the fractions are equal), a group of equal shares only together, so equal shares are paid equal amounts; cents too few for such a group go one each to the largest shares, from the highest place. No smaller share is paid more than a larger one.";

/**
 * Largest remainder (PRIZE_ROUNDING_RULE): amounts add up to the pool to the cent, equal shares get equal amounts
 * where the cents allow, and a smaller share never gets more than a larger one. Integer arithmetic only.
 */
export const prizeAmounts = (poolCents: number, basisPoints: readonly number[]): number[] => {
  const total = basisPoints.reduce((a, b) => a + b, 0);
  const amounts = basisPoints.map((bp) => Math.floor((poolCents * bp) / total));
  const fraction = basisPoints.map((bp) => (poolCents * bp) % total);
  let left = poolCents - amounts.reduce((a, b) => a + b, 0);
  const byFraction = basisPoints.map((_, i) => i).sort((a, b) => fraction[b] - fraction[a] || basisPoints[b] - basisPoints[a] || a - b);
  for (let k = 0; k < byFraction.length && left > 0; ) {
    const group = byFraction.slice(k).filter((i) => basisPoints[i] === basisPoints[byFraction[k]]);
    if (group.length > left) break;
    for (const i of group) amounts[i] += 1;
    left -= group.length;
    k += group.length;
  }
  const bySize = basisPoints.map((_, i) => i).sort((a, b) => basisPoints[b] - basisPoints[a] || a - b);
  for (let k = 0; left > 0; k = (k + 1) % bySize.length, left -= 1) amounts[bySize[k]] += 1;
  return amounts;
};

/** How the shares of unfilled places go to the filled ones, as TournamentPrizesDistributed and the reports state it. */
export const PRIZE_REDISTRIBUTION_RULE =
  'The shares of the prize places nobody filled are distributed to the filled places in proportion to their shares: the whole pool is divided among the filled places by their shares, rounded as the prizes are.';

/**
 * Each prize place's share of the pool (the terms' distribution, Crown Melbourne 14.4.7(b), Star 15.4.2(j)), rounded
 * by largest remainder (PRIZE_ROUNDING_RULE), so the shares add up to the pool to the cent. An employee or a disqualified
 * player never wins: the next eligible place-getter stands in (Crown Melbourne 14.4.2(a)(v), 14.4.2(b)(i); Star
 * 15.5.7), so the i-th eligible place-getter takes the i-th share. With fewer eligible place-getters than prizes,
 * the places left over are unfilled. Where the rulebook gives the whole pool to the winners (`wholePool`, Star
 * 15.3.2), their shares go to the filled places in proportion to theirs (PRIZE_REDISTRIBUTION_RULE): the pool is
 * divided among the filled places' shares alone, rounded the same way. Otherwise they are reported unpaid, never
 * re-split, since neither the rules nor the terms give them to anyone (Crown Melbourne 14.4.7).
 */
export const distributePrizes = (
  poolCents: number,
  basisPoints: readonly number[],
  eligible: readonly { place: number; entryId: string; patronId: string }[],
  /** Where the terms share unfilled places pro rata (Star 15.3.2; or as Crown Melbourne terms state, 14.4.7): the clause. */
  wholePool: { readonly clause: string } | null = null,
): Pick<TournamentPrizesDistributed, 'payments' | 'redistributed'> & { unfilled: NonNullable<TournamentPrizesDistributed['unfilled']> } => {
  const total = basisPoints.reduce((a, b) => a + b, 0);
  if (basisPoints.length === 0 || total === 0) return { payments: [], unfilled: [] };
  const amounts = prizeAmounts(poolCents, basisPoints);
  const n = Math.min(basisPoints.length, eligible.length);
  const unfilled = basisPoints.slice(n).map((bp, k) => ({ place: n + k + 1, basisPoints: bp, amountCents: amounts[n + k] }));
  // The i-th eligible place-getter is paid the i-th prize place, and says so: a stand-in pays the place he stands in for (Crown Melbourne 14.4.2(a)(v)).
  const paid = eligible.slice(0, n).map((e, i) => ({ ...e, prizePlace: i + 1, amountCents: amounts[i] }));
  const filledShares = basisPoints.slice(0, n);
  if (!wholePool || unfilled.length === 0 || n === 0 || filledShares.reduce((a, b) => a + b, 0) === 0) return { payments: paid, unfilled };
  const whole = prizeAmounts(poolCents, filledShares);
  return {
    payments: paid.map((p, i) => ({ ...p, shareCents: p.amountCents, amountCents: whole[i] })),
    unfilled: [],
    redistributed: { places: unfilled, cents: unfilled.reduce((a, u) => a + u.amountCents, 0), rule: PRIZE_REDISTRIBUTION_RULE, clause: wholePool.clause },
  };
};

export const declareResults = (c: DeclareResults, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Declaring the winners');
  const final = [...s.sessionOrder].reverse().map((id) => s.sessions[id]).find((x) => x.kind === 'final');
  if (!final?.ended) {
    const at = final ? `the final session ${final.sessionId} has not ended` : 'no final session has been played';
    throw conflict('FINAL_NOT_ENDED', `The winners are declared from the final's ranking, and ${at}: ${final ? 'end it' : 'start and end the final'} first.`, resultsClause(t), 'sessionId');
  }
  // A disqualified player is out of the tournament: placed nowhere and paid nothing, and a tie they were in needs
  // no play-off once one tied player is left (Crown Melbourne 14.4.2(b)(i), 14.4.8(a)(ii); Star 15.5.7, 15.11.4). So is
  // a player who retired (the platform's decision on Crown Melbourne 14.4.8(b)(vi)): the retirement refund, no place.
  const inTournament = (id: string) => s.entries[id]?.status !== 'disqualified' && s.entries[id]?.status !== 'retired';
  const undecided = final.ended.playOffs.filter(
    (g) => g.entryIds.filter(inTournament).length > 1 && !final.playOffsDecided.some((d) => g.entryIds.filter(inTournament).every((id) => d.order.includes(id))),
  );
  if (undecided.length > 0) {
    throw ruleViolation('PLAY_OFF_UNDECIDED', `Play off the tie of ${undecided.map((g) => g.entryIds.filter(inTournament).join(', ')).join(' and ')} first.`, t.play.playOffs.clause, 'sessionId');
  }
  const ranked = finalPlacings(final);
  const placed = ranked.filter(inTournament);
  const disqualifiedOut = ranked.some((id) => s.entries[id]?.status === 'disqualified') ? [t.money.disqualifiedWinsNothing.clause] : [];
  const retiredOut = ranked.some((id) => s.entries[id]?.status === 'retired') ? [clauseOf(t, 'retirement')] : [];
  const placings = placed.map((entryId, i) => ({ place: i + 1, entryId, patronId: s.entries[entryId].patronId }));
  const employeesOut = t.money.employeesIneligibleForPrizes;
  const eligible = placings.filter((p) => !(employeesOut && s.entries[p.entryId].employee));
  // The pool as the API and the reports state it (prizePoolOf: Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a)).
  const pool = prizePoolOf(s);
  // As the conditions of play state (Star 15.3.2, 15.4.2(j); Crown Melbourne 14.4.7): shared pro rata, or unpaid.
  const shared = unfilledPlacesOf(s.terms, t) === 'shared-pro-rata' ? { clause: t.money.wholePoolToWinners?.clause ?? clauseOf(t, 'prizeDistribution') } : null;
  // Where the rules give the whole pool to the winners (Star 15.3.2), a result that fills no prize place would leave
  // the casino the pool: not declared. The director cancels (the refunds of the rules' cancellation) or the rules owner rules.
  const wholePool = t.money.wholePoolToWinners;
  if (wholePool && eligible.length === 0) {
    const cancellation = t.money.cancellationRefundsAll?.clause;
    throw conflict(
      'NO_PRIZE_PLACE_FILLED',
      `No prize place can be filled: no player of the final's ranking (${ranked.join(', ') || 'nobody'}) is eligible for a prize, and the rules give the whole prize pool of ${pool.poolCents} cents to the winning players (${wholePool.clause}), so it cannot be kept. Cancel the tournament, refunding the entry fees${cancellation ? ` (${cancellation})` : ''}, or ask the rules owner how the pool is to be distributed; then act on the ruling.`,
      wholePool.clause,
    );
  }
  const { payments, unfilled, redistributed } = distributePrizes(pool.poolCents, s.terms.prizeDistribution?.basisPoints ?? [10_000], eligible, shared);
  const prizeClauses = [
    clauseOf(t, 'prizeDistribution'),
    ...(t.money.entryFeesToPrizePool ? [t.money.entryFeesToPrizePool.clause] : []),
    ...(redistributed ? [redistributed.clause] : []),
    ...(employeesOut && eligible.length < placings.length ? [employeesOut.clause] : []),
    ...disqualifiedOut,
    ...retiredOut,
  ];
  return [
    { type: 'TournamentResultsDeclared', tournamentId: s.tournamentId, placings, declaredAt: c.now, clause: [...new Set([clauseOf(t, 'winners'), ...disqualifiedOut, ...retiredOut])].join('; ') },
    {
      type: 'TournamentPrizesDistributed',
      tournamentId: s.tournamentId,
      prizePoolCents: pool.poolCents,
      payments,
      totalCents: payments.reduce((a, p) => a + p.amountCents, 0),
      unfilled,
      unfilledCents: unfilled.reduce((a, u) => a + u.amountCents, 0),
      ...(redistributed ? { redistributed } : {}),
      collectedCents: pool.collectedCents,
      guaranteedCents: pool.guaranteedCents,
      prizePoolDefinition: pool.definition,
      roundingRule: PRIZE_ROUNDING_RULE,
      distributedAt: c.now,
      clause: [...new Set(prizeClauses)].join('; '),
    },
  ];
};
