/**
 * A coup the tables service declares void after it was settled (its CoupVoided with the settlements it reverses):
 * every wager is returned (Crown Melbourne 15.3-15.5; Star 14.4-14.5), so the tournament undoes what scoring the coup
 * did, though other coups may have followed: each player's chips move back by what the coup moved, the house by the
 * opposite, and a player the coup eliminated is back in play with the chips they had before it (what the elimination
 * withdrew comes back from the withdrawn chips). Chips stay conserved.
 * - A player out of play since for another reason (disqualified, retired, eliminated by a later coup) and a void
 *   after the session ended are notices for the Tournament Director, as for a Rapid correction after the session:
 *   progression was decided on the counts recorded, and the director rules on it.
 * - Each player's part is undone once however often the void is delivered (its key in the session's `rapidNotes`).
 */
import type { NoteCoupVoided } from './tournament-command.types';
import { scoredCoupKey, scoredCoupLines } from './scored-coups';
import { evolveTournament } from './tournament-state.decider';
import type { ScoredCoupLine, SessionState, TournamentEvent, TournamentState } from './tournament.events';

/** The key a player's part of a voided coup is undone under. */
const voidKey = (coupKey: string, entryId: string): string => `void:${coupKey}:${entryId}`;

/** The session that scored the coup, if one did. */
const scoringSession = (s: TournamentState, coupKey: string): SessionState | undefined => Object.values(s.sessions).find((x) => scoredCoupLines(x.scoredCoups, coupKey) !== undefined);

export const undoScoredCoup = (c: NoteCoupVoided, s: TournamentState): TournamentEvent[] | null => {
  const coupKey = scoredCoupKey(c.tableId, c.coupId);
  const session = scoringSession(s, coupKey);
  if (!session) return null;
  const clause = c.clause ?? 'void coup';
  const lines = (scoredCoupLines(session.scoredCoups, coupKey) ?? []).filter((l) => (l.move !== 0 || l.eliminatedWithResidual !== undefined) && !(session.rapidNotes ?? []).includes(voidKey(coupKey, l.entryId)));
  const events: TournamentEvent[] = [];
  let state = s;
  for (const line of lines) {
    const event = undoLine(c, state, state.sessions[session.sessionId], coupKey, line, clause);
    events.push(event);
    state = evolveTournament(state, event);
  }
  return events;
};

const undoLine = (c: NoteCoupVoided, s: TournamentState, session: SessionState, coupKey: string, line: ScoredCoupLine, clause: string): TournamentEvent => {
  const player = session.players[line.entryId];
  const correctionId = voidKey(coupKey, line.entryId);
  const eliminatedByIt = line.eliminatedWithResidual !== undefined && player?.status === 'eliminated' && player.chips === 0;
  const movement = eliminatedByIt ? line.chipsBefore : -line.move;
  const notice = (kind: 'correction-after-session' | 'correction-player-not-in-play'): TournamentEvent => ({
    type: 'TournamentRapidNoticeRecorded',
    tournamentId: s.tournamentId,
    sessionId: session.sessionId,
    tableId: c.tableId,
    entryId: line.entryId,
    box: line.box,
    kind,
    coupId: c.coupId,
    correctionId,
    movement,
    unrecovered: 0,
    reason: `coup ${c.coupId} at ${c.tableId} was declared void after it was scored`,
    notedAt: c.now,
    clause,
  });
  if (session.ended) return notice('correction-after-session');
  if (!player || (player.status !== 'playing' && !eliminatedByIt)) return notice('correction-player-not-in-play');
  // Chips never go below zero: a player whose winnings from the void coup have since been lost stops at none.
  const chipsAfter = Math.max(0, player.chips + movement);
  const moved = chipsAfter - player.chips;
  const withdrawnAfter = session.withdrawn - (eliminatedByIt ? line.eliminatedWithResidual! : 0);
  const statusAfter = chipsAfter > 0 ? 'playing' : 'eliminated';
  const inPlay = Object.values(session.players).filter((p) => p.status === 'playing').reduce((a, p) => a + p.chips, 0);
  // What the player gets back comes from the house, except the residual an elimination had withdrawn.
  const fromHouse = moved - (eliminatedByIt ? line.eliminatedWithResidual! : 0);
  return {
    type: 'TournamentChipsCorrected',
    tournamentId: s.tournamentId,
    sessionId: session.sessionId,
    tableId: c.tableId,
    coupId: c.coupId,
    correctionId,
    entryId: line.entryId,
    box: line.box,
    chipsBefore: player.chips,
    movement: moved,
    chipsAfter,
    unrecovered: movement - moved,
    statusAfter,
    chipsInPlayAfter: inPlay - (player.status === 'playing' ? player.chips : 0) + (statusAfter === 'playing' ? chipsAfter : 0),
    houseChipsAfter: session.house - fromHouse,
    withdrawnChipsAfter: withdrawnAfter,
    issuedChips: session.issued,
    correctedAt: c.now,
    clause,
  };
};
