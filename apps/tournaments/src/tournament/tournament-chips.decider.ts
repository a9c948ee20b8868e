/**
 * Tournament chips after the starting allotment, and the markers a player plays in a coup: a buy-back by an
 * eliminated player (Crown Melbourne 14.4.3(a)(iv), Rapid 12.2.1(e), Star 15.4.2(g)), a re-buy in play with a
 * Re-Buy marker (Crown Melbourne 14.4.4(g)), an add-on (14.4.1(a)(ii)), All-In and Stand-Off markers (14.4.4(e)-(f)).
 * What each rulebook allows is its `chipPurchases` and `play` data; the price and the chips are the terms'.
 */
import type { TournamentRules } from '@app/baccarat';
import { conflict, notFound, ruleViolation } from '@app/contracts';
import type { BuyChips, PlayMarker } from './tournament-command.types';
import { bettingClosed, requireOpenCoup, requireSeatedPlayer } from './tournament-play.decider';
import { noTableTook } from './tournament-rapid-corrections.decider';
import { clauseOf, currentSession, requireDirector, requireDirectorOr, requireEntry, requireNotFinished, requireTournament } from './tournament-rules.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

const unique = (clauses: readonly string[]): string => [...new Set(clauses)].join('; ');

/** The rulebook's add-on, or the refusal naming why there is none (Star 15.6.5: chips grow only by winnings). */
const addOnRule = (t: TournamentRules) => {
  const rules = t.chipPurchases;
  if (rules.addOn) return rules.addOn;
  throw ruleViolation(
    'ADD_ON_NOT_PERMITTED',
    rules.onlyByWinnings ? 'A player in play adds chips only by winning wagers (any other increase disqualifies).' : 'These rules provide no add-ons.',
    rules.onlyByWinnings?.clause ?? clauseOf(t, 'buyIns'),
    'kind',
  );
};

export const buyChips = (c: BuyChips, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, c.kind === 'add-on' ? 'Selling an add-on' : 'Selling a re-buy');
  if (c.kind === 'add-on') addOnRule(t);
  const entry = requireEntry(s, c.entryId);
  if (entry.status !== 'entered') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${c.entryId} is ${entry.status}.`);
  const session = currentSession(s);
  if (!session || session.ended) throw conflict('NO_SESSION_IN_PLAY', 'Chips are bought during a session: start the session first.');
  const p = session.players[c.entryId];
  if (!p) throw notFound('PLAYER_NOT_IN_SESSION', `Entry ${c.entryId} is not seated in session ${session.sessionId}.`);
  if (p.status === 'out') throw conflict('PLAYER_NOT_IN_PLAY', `Entry ${c.entryId} has left play.`);
  if (p.status === 'not-seated') {
    const refused = session.refusedTables?.[p.tableId];
    const clause = t.exclusiveTables.clause;
    throw conflict('PLAYER_NOT_SEATED', `Entry ${c.entryId} is not seated: table ${p.tableId} did not take session ${session.sessionId}${refused ? ` (${refused.reason})` : ''}, and chips are sold only to a player the session plays (${clause}): ${noTableTook(session) ? `free the table, then start session ${session.sessionId} again` : 'seat this player in a later session, or apply the conditions on non-attendance'}.`, clause);
  }
  const open = session.coups[p.tableId];
  // When chips may be bought is the terms' (Star 15.4.2(b); Crown Melbourne 14.4.1(a)(ii)): between coups, never on one in play.
  if (open) throw conflict('COUP_IN_PROGRESS', `Chips are bought between coups: wait until coup ${open.coupId} at table ${p.tableId} is settled, then sell entry ${c.entryId} the chips.`, clauseOf(t, 'buyIns'), 'entryId');
  const rules = t.chipPurchases;
  const prices = s.terms.buyIns ?? null;
  const priceClause = clauseOf(t, 'buyIns');
  let kind: 'buy-back' | 're-buy' | 'add-on';
  let clause: string;
  let fee: number | null;
  let chips: number;
  let reBuyMarkers = p.reBuyMarkers;
  if (c.kind === 're-buy') {
    fee = prices?.reBuyCents ?? null;
    chips = prices?.reBuyChips ?? s.terms.startingChips ?? 0;
    if (p.status === 'eliminated') {
      kind = 'buy-back';
      clause = rules.buyBack.clause;
      if (s.terms.buyBack === null || s.terms.buyBack === undefined || fee === null) {
        throw ruleViolation('BUY_BACK_NOT_OFFERED', 'The terms offer no buy-back for an eliminated player: state the buy-back and the re-buy price in the terms first.', clauseOf(t, 'buyBack'), 'kind');
      }
    } else {
      kind = 're-buy';
      const rule = rules.reBuyMarkers;
      if (!rule) {
        throw ruleViolation(
          'RE_BUY_IN_PLAY_NOT_PERMITTED',
          rules.onlyByWinnings
            ? 'A player in play adds chips only by winning wagers (any other increase disqualifies); only an eliminated player may buy back.'
            : 'These rules give no re-buy to a player in play; only an eliminated player may buy back.',
          rules.onlyByWinnings?.clause ?? rules.buyBack.clause,
          'kind',
        );
      }
      clause = rule.clause;
      if (fee === null) throw ruleViolation('RE_BUY_NOT_OFFERED', 'The terms set no re-buy price: amend the terms first.', priceClause, 'kind');
      if (reBuyMarkers <= 0) throw ruleViolation('NO_RE_BUY_MARKERS_LEFT', `Entry ${c.entryId} has no Re-Buy marker left this session.`, rule.clause, 'entryId');
      reBuyMarkers -= 1;
    }
  } else {
    kind = 'add-on';
    const rule = addOnRule(t);
    if (p.status !== 'playing') throw conflict('PLAYER_NOT_IN_PLAY', `Entry ${c.entryId} was eliminated: an add-on is for a player in play; an eliminated player buys back with a re-buy.`);
    clause = rule.clause;
    fee = prices?.addOnCents ?? null;
    chips = prices?.addOnChips ?? s.terms.startingChips ?? 0;
    if (fee === null) throw ruleViolation('ADD_ON_NOT_OFFERED', 'The terms offer no add-on: amend the terms first.', priceClause, 'kind');
  }
  if (c.feePaidCents !== fee) throw ruleViolation('CHIP_PURCHASE_FEE_INCORRECT', `The ${kind} costs ${fee} cents; ${c.feePaidCents} was paid.`, priceClause, 'feePaidCents');
  const intoPool = s.terms.prizePool?.entryFeesIncluded ?? false;
  return [
    {
      type: 'TournamentChipsBought',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      tableId: p.tableId,
      entryId: c.entryId,
      patronId: entry.patronId,
      kind,
      chips,
      chipsAfter: (p.status === 'playing' ? p.chips : 0) + chips,
      issuedChipsAfter: session.issued + chips,
      feeCents: fee,
      prizePoolAfterCents: s.prizePoolCents + (intoPool ? fee : 0),
      reBuyMarkersRemaining: reBuyMarkers,
      boughtAt: c.now,
      clause: unique([clause, ...(intoPool ? [rules.feeToPrizePool.clause] : [])]),
    },
  ];
};

export const playMarker = (c: PlayMarker, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const rule = c.marker === 'all-in' ? t.play.allInMarkers : t.play.standOffMarkers;
  const name = c.marker === 'all-in' ? 'All-In marker' : 'Stand-Off marker';
  if (!rule) throw ruleViolation(c.marker === 'all-in' ? 'ALL_IN_MARKERS_NOT_PROVIDED' : 'STAND_OFF_MARKERS_NOT_PROVIDED', `These rules provide no ${name}s.`, t.clause, 'marker');
  requireDirectorOr(c.actor, t, 'dealer', rule.clause, `Recording an ${name}`);
  requireNotFinished(s);
  // Placed before no more bets (14.4.4(e)-(f): it is the coup's wager), as a form is (bettingClosed): certain, not a wait.
  const open = currentSession(s)?.coups[c.tableId];
  if (open?.coupId === c.coupId && bettingClosed(open, c.now)) {
    throw conflict(
      'MARKER_AFTER_NO_MORE_BETS',
      `No more bets has been called for coup ${c.coupId} at table ${c.tableId}: an ${name} is placed before no more bets, so entry ${c.entryId}'s marker is not recorded for this coup and plays nothing on it; it may be played on a later coup.`,
      rule.clause,
    );
  }
  const { session, coup } = requireOpenCoup(s, c.tableId, c.coupId, rule.clause);
  const p = requireSeatedPlayer(session, c.tableId, c.entryId);
  const played = coup.markers[c.entryId];
  if (played) {
    if (played.marker === c.marker && played.bet === c.bet) return [];
    throw conflict('MARKER_ALREADY_PLAYED', `Entry ${c.entryId} already played a ${played.marker} marker on coup ${c.coupId}.`);
  }
  const left = c.marker === 'all-in' ? p.allInMarkers : p.standOffMarkers;
  if (left <= 0) throw ruleViolation('NO_MARKERS_LEFT', `Entry ${c.entryId} has no ${name} left this session.`, rule.clause, 'entryId');
  if (coup.passes.includes(c.entryId)) throw ruleViolation('MARKER_WITH_PASS_CARD', 'A pass card was played in lieu of a wager on this coup: there is no wager for the marker.', rule.clause, 'entryId');
  if (c.marker === 'all-in') {
    if (!c.bet) throw ruleViolation('ALL_IN_BET_REQUIRED', 'Name the bet the All-In marker plays: player, banker or tie.', rule.clause, 'bet');
    if (coup.wagers.some((w) => w.box === p.box) || coup.undisclosed[c.entryId]) {
      throw ruleViolation('ALL_IN_WITH_WAGER', 'An All-In marker plays the whole stack in lieu of chips counted out: take the wager back first.', rule.clause, 'entryId');
    }
  } else if (c.bet) {
    throw ruleViolation('STAND_OFF_BET_GIVEN', 'A Stand-Off marker applies to the wagers the player has placed: give no bet.', rule.clause, 'bet');
  }
  return [
    {
      type: 'TournamentMarkerPlayed',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      tableId: c.tableId,
      coupId: c.coupId,
      entryId: c.entryId,
      box: p.box,
      marker: c.marker,
      bet: c.marker === 'all-in' ? c.bet : null,
      remaining: left - 1,
      clause: rule.clause,
    },
  ];
};
