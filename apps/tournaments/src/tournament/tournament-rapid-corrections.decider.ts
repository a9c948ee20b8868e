/**
 * What the rapid service tells a tournament after a session's rounds were scored (Rapid 11.11, 12.3.2), learnt from
 * its published events only:
 * - an outcome corrected: the player's chips move by exactly what their tournament account moved, the house by the
 *   opposite (chips still equal the account and are conserved). What the account could not give back (its balance
 *   never goes below zero) is not taken from the chips either: it is carried as `unrecovered` for the director.
 *   A player eliminated by the wrong outcome and re-credited is back in play; one the correction empties is out.
 * - Ruling, a correction after the session ended: the chip counts recorded at its end (12.2.1(b)) are what progression
 *   and results were decided on, so they are not changed silently: a notice records the movement for the Tournament
 *   Director, who conducts the tournament under the conditions and the rules (12.2.1(k)) and rules on it.
 * - A seat the rapid service could not give (no such ATS, or one showing a player's own account): the player keeps
 *   their chips in the session but has no account to wager from; a notice for the director, who may reseat them or
 *   apply the conditions on non-attendance (12.2.1(i)) or a substitute (12.3.3). Nothing is deducted automatically.
 * - A Rapid table that refused the whole session (RapidTournamentSessionRefused: another session in progress, a round of
 *   cash play open, or ATS still showing players' own accounts; 12.3.2): the session does not play at that table: its
 *   seats are not seated (no play, their allotment back to the inventory) and every seat there gets a notice, with the
 *   table's reason and what it said to do. Where no table took the session, the director may start it again.
 * Each is counted once however often it is delivered (its key in the session's `rapidNotes`).
 */
import type { NoteChipsCorrected, NoteSeatRefused, NoteSessionRefusedAtTable, NoteSessionTakenAtTable } from './tournament-command.types';
import { scoredCoupCount } from './scored-coups';
import { clauseOf, requireTournament } from './tournament-rules.decider';
import type { SessionState, TournamentEvent, TournamentState } from './tournament.events';

type Notice = Extract<TournamentEvent, { type: 'TournamentRapidNoticeRecorded' }>;
const noticeOf = (s: TournamentState, c: Pick<NoteSeatRefused, 'sessionId' | 'tableId' | 'entryId' | 'box' | 'now'>, what: Pick<Notice, 'kind' | 'coupId' | 'correctionId' | 'movement' | 'unrecovered' | 'reason' | 'clause'>): Notice => ({
  type: 'TournamentRapidNoticeRecorded',
  tournamentId: s.tournamentId,
  sessionId: c.sessionId,
  tableId: c.tableId,
  entryId: c.entryId,
  box: c.box,
  ...what,
  notedAt: c.now,
});

const noted = (s: TournamentState, sessionId: string, key: string): boolean => (s.sessions[sessionId]?.rapidNotes ?? []).includes(key);

export const noteChipsCorrected = (c: NoteChipsCorrected, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const rule = requireTournament(s).t.play.outcomeCorrected;
  const session = s.sessions[c.sessionId];
  const player = session?.players[c.entryId];
  if (!rule || !session || !player || noted(s, c.sessionId, c.correctionId)) return [];
  if (c.movement === 0 && c.unrecovered === 0) return [];
  const notice = (kind: 'correction-after-session' | 'correction-player-not-in-play', clause: string): TournamentEvent[] => [
    noticeOf(s, c, { kind, coupId: c.coupId, correctionId: c.correctionId, movement: c.movement, unrecovered: c.unrecovered, reason: null, clause }),
  ];
  if (session.ended) return notice('correction-after-session', rule.afterSessionEndClause);
  if (player.status === 'out') return notice('correction-player-not-in-play', rule.clause);
  // Chips equal the account, so they cannot go below zero where the account could not; should they differ, the
  // chips stop at zero too and the rest joins what is unrecovered.
  const movement = Math.max(c.movement, -player.chips);
  const chipsAfter = player.chips + movement;
  const wasPlaying = player.status === 'playing';
  const statusAfter = chipsAfter > 0 ? 'playing' : 'eliminated';
  const inPlay = Object.values(session.players).filter((p) => p.status === 'playing').reduce((a, p) => a + p.chips, 0);
  return [
    {
      type: 'TournamentChipsCorrected',
      tournamentId: s.tournamentId,
      sessionId: c.sessionId,
      tableId: c.tableId,
      coupId: c.coupId,
      correctionId: c.correctionId,
      entryId: c.entryId,
      box: c.box,
      chipsBefore: player.chips,
      movement,
      chipsAfter,
      unrecovered: c.unrecovered + (movement - c.movement),
      statusAfter,
      chipsInPlayAfter: inPlay - (wasPlaying ? player.chips : 0) + (statusAfter === 'playing' ? chipsAfter : 0),
      houseChipsAfter: session.house - movement,
      withdrawnChipsAfter: session.withdrawn,
      issuedChips: session.issued,
      correctedAt: c.now,
      clause: rule.clause,
    },
  ];
};

export const noteSeatRefused = (c: NoteSeatRefused, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const rule = requireTournament(s).t.play.seatRefused;
  const session = s.sessions[c.sessionId];
  if (!rule || !session?.players[c.entryId] || noted(s, c.sessionId, seatRefusedKey(c.entryId))) return [];
  return [noticeOf(s, c, { kind: 'seat-refused', coupId: null, correctionId: null, movement: null, unrecovered: null, reason: c.reason, clause: rule.clause })];
};

/**
 * The table refused the session (Rapid 12.3.2): the session does not play there (TournamentSessionRefusedAtTable):
 * each seat there that was playing is not seated, its allotment (never credited at the table) back to the inventory,
 * and no coup starts or is scored there. Each player seated there (still in the session) gets the seat-refused notice,
 * the reason naming the table's refusal and what it said to do. Where no table took the session, the director may
 * start it again once the table is free (`noTableTook`); otherwise they apply the conditions (12.2.1(i), 12.3.3).
 * Nothing for a session ended, a table it does not use, or a refusal already noted.
 */
export const noteSessionRefusedAtTable = (c: NoteSessionRefusedAtTable, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const rule = requireTournament(s).t.play.seatRefused;
  const session = s.sessions[c.sessionId];
  if (!rule || !session || session.ended || !session.tables.includes(c.tableId) || session.refusedTables?.[c.tableId]) return [];
  const clause = [...new Set([...rule.clause.split('; '), ...c.clause.split('; ')])].join('; ');
  const seated = Object.values(session.players)
    .filter((p) => p.tableId === c.tableId)
    .sort((a, b) => a.box - b.box);
  const refused: TournamentEvent = {
    type: 'TournamentSessionRefusedAtTable',
    tournamentId: s.tournamentId,
    sessionId: c.sessionId,
    tableId: c.tableId,
    reason: c.reason,
    message: c.message,
    // Seats playing, and seats awaiting the table (their allotment never credited: 0 chips back to the inventory).
    seats: seated.filter((p) => p.status === 'playing' || p.status === 'awaiting-table').map((p) => ({ entryId: p.entryId, box: p.box, chips: p.chips })),
    refusedAt: c.now,
    clause,
  };
  return [
    refused,
    ...seated
      .filter((p) => !noted(s, c.sessionId, seatRefusedKey(p.entryId)))
      .map((p) => noticeOf(s, { ...c, entryId: p.entryId, box: p.box }, { kind: 'seat-refused', coupId: null, correctionId: null, movement: null, unrecovered: null, reason: `table ${c.tableId} refused the session (${c.reason}): ${c.message}`, clause })),
  ];
};

/**
 * The Rapid table took the session (Rapid 12.3.2): its seats awaiting it that it seated play from now, each with the
 * allotment credited (12.2.1(b)). Nothing for a session ended or refused at the table, or seats already playing (a
 * redelivery).
 */
export const noteSessionTakenAtTable = (c: NoteSessionTakenAtTable, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const { t } = requireTournament(s);
  const session = s.sessions[c.sessionId];
  if (!session || session.ended || session.refusedTables?.[c.tableId]) return [];
  const seats = Object.values(session.players)
    .filter((p) => p.tableId === c.tableId && p.status === 'awaiting-table' && c.entryIds.includes(p.entryId))
    .sort((a, b) => a.box - b.box)
    .map((p) => ({ entryId: p.entryId, box: p.box, chips: p.allotment ?? 0 }));
  if (seats.length === 0) return [];
  return [{ type: 'TournamentSessionTakenAtTable', tournamentId: s.tournamentId, sessionId: c.sessionId, tableId: c.tableId, seats, takenAt: c.now, clause: [t.exclusiveTables.clause, clauseOf(t, 'startingChips')].filter((x, i, all) => all.indexOf(x) === i).join('; ') }];
};

/**
 * No table took the session (Rapid 12.3.2): every table it was seated at refused it, and no coup was scored in it. Only
 * then may the director start the same session again (it was never in progress); otherwise a session stands as it is.
 */
export const noTableTook = (session: SessionState): boolean =>
  !session.ended && session.tables.length > 0 && session.tables.every((t) => !!session.refusedTables?.[t]) && scoredCoupCount(session.scoredCoups) === 0;

/** The key a seat refusal is noted under in the session's `rapidNotes`. */
export const seatRefusedKey = (entryId: string): string => `seat-refused:${entryId}`;
