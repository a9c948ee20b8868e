/**
 * Standings: who progresses to a session, the ties a play-off must break and when a play-off's order is
 * determined (Star 15.10.1-15.10.4; Crown Melbourne 14.4.3(a)(iii), 14.4.6). Pure.
 */
import type { TournamentPlayerDisqualified, TournamentPlayOffDecided } from '@app/contracts';
import { requireTournament } from './tournament-rules.decider';
import type { SessionPlayer, SessionState, TournamentState } from './tournament.events';

const mainSessions = (s: TournamentState): SessionState[] => s.sessionOrder.map((id) => s.sessions[id]).filter((x) => x.kind !== 'play-off');

/** The last heat or final that has ended. */
export const lastEndedMain = (s: TournamentState): SessionState | null => {
  const ended = mainSessions(s).filter((x) => x.ended);
  return ended.length ? ended[ended.length - 1] : null;
};

/**
 * Who may be seated in the next heat or final: players who progressed from an ended session (or won its play-off)
 * and have not played since; for a heat, also every active entry that has not yet played (successive first-round
 * heats). Star 15.10.1, Crown Melbourne 14.4.3(a)(iii).
 */
export const eligibleForSession = (s: TournamentState, kind: 'heat' | 'final'): string[] => {
  const active = (id: string) => s.entries[id]?.status === 'entered';
  const played = new Set<string>();
  const progressed = new Set<string>();
  for (const session of mainSessions(s)) {
    for (const id of Object.keys(session.players)) {
      played.add(id);
      progressed.delete(id);
    }
    if (session.ended) for (const id of [...session.ended.advanced, ...session.playOffsDecided.flatMap((d) => d.advanced)]) progressed.add(id);
  }
  // A tournament of one deciding session: before any session was played, its final seats every player entered.
  const fresh = kind === 'heat' || played.size === 0 ? Object.keys(s.entries).filter((id) => !played.has(id)) : [];
  return [...fresh, ...progressed].filter(active);
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The undecided tie of the last session whose players are exactly `seated`. */
export const pendingPlayOff = (s: TournamentState, seated: readonly string[]): { sessionId: string; tableId: string | null; places: number } | null => {
  const last = lastEndedMain(s);
  if (!last?.ended) return null;
  // A tied player disqualified (Star 15.5.7, 15.11.4) or retired (Crown Melbourne 14.4.8(b)(vi)) since is out of the
  // tournament: the play-off is among those left.
  const left = (ids: readonly string[]) => ids.filter((id) => s.entries[id]?.status !== 'disqualified' && s.entries[id]?.status !== 'retired');
  const group = last.ended.playOffs.find((g) => sameSet(left(g.entryIds), seated));
  if (!group) return null;
  if (last.playOffsDecided.some((d) => sameSet(d.order, left(group.entryIds)))) return null;
  return { sessionId: last.sessionId, tableId: group.tableId, places: group.places };
};

/** Players best first: in play by chips; then those awaiting a Rapid table; then those eliminated, the last eliminated first; then those out of play; then those not seated. */
export const rankPlayers = (session: SessionState): SessionPlayer[] => {
  const all = Object.values(session.players);
  const playing = all.filter((p) => p.status === 'playing').sort((a, b) => b.chips - a.chips);
  const eliminated = [...session.eliminated].reverse().map((id) => session.players[id]);
  const out = all.filter((p) => p.status === 'out');
  // Seated at a Rapid table that has not yet taken the session (Rapid 12.3.2): no chips yet.
  const awaiting = all.filter((p) => p.status === 'awaiting-table');
  // Seated at a Rapid table that did not take the session (Rapid 12.3.2): they took no play in it.
  const notSeated = all.filter((p) => p.status === 'not-seated');
  return [...playing, ...awaiting, ...eliminated, ...out, ...notSeated];
};

/**
 * At the end of each play-off coup the chips are counted until an order is determined (Star 15.10.3): a heat's
 * play-off is decided once the places to advance are; a final's once every place among its players is.
 */
export const playOffDecision = (s: TournamentState, sessionId: string, now: string): TournamentPlayOffDecided | null => {
  const session = s.sessions[sessionId];
  if (!session?.playOff) return null;
  const parent = s.sessions[session.playOff.sessionId];
  if (parent.playOffsDecided.some((d) => d.sessionId === sessionId)) return null;
  const ranking = rankPlayers(session);
  const places = Math.min(session.playOff.places, ranking.length - 1);
  const tiedAt = (i: number) => ranking[i].status === 'playing' && ranking[i + 1].status === 'playing' && ranking[i].chips === ranking[i + 1].chips;
  const boundaries = parent.kind === 'final' ? Array.from({ length: places }, (_, i) => i) : places > 0 ? [places - 1] : [];
  if (boundaries.some(tiedAt)) return null;
  const { t } = requireTournament(s);
  const order = ranking.map((p) => p.entryId);
  return {
    type: 'TournamentPlayOffDecided',
    tournamentId: s.tournamentId,
    sessionId,
    forSessionId: parent.sessionId,
    order,
    advanced: parent.kind === 'final' ? [] : order.slice(0, session.playOff.places),
    decidedAt: now,
    clause: t.play.playOffs.clause,
  };
};

/** A session's players best first: its ranking, each tie replaced by the order its play-off determined. */
export const placesOf = (session: SessionState): string[] => {
  const ranked = rankPlayers(session).map((p) => p.entryId);
  const out: string[] = [];
  for (const id of ranked) {
    if (out.includes(id)) continue;
    const decided = session.playOffsDecided.find((d) => d.order.includes(id));
    out.push(...(decided ? decided.order.filter((x) => !out.includes(x)) : [id]));
  }
  return out;
};

/**
 * Who stands in for a player disqualified after progressing from a heat and before playing again (Crown Melbourne
 * 14.4.2(a)(v), 14.4.8(a)(ii); Star 15.5.7, 15.11.4): the place is lost, and the next eligible player of the heat's
 * ranking at the same table (advancement is per table, 15.10.2) who finished it in play takes it; players tied for
 * it play it off (15.10.3), an undecided tie holding the next player for one place more. Undefined where the player
 * holds no such place (never progressed, or has played since: the final's places are the results').
 */
export const standInFor = (s: TournamentState, entryId: string, clause: string): TournamentPlayerDisqualified['standIn'] => {
  let session: SessionState | undefined;
  for (const m of mainSessions(s)) if (m.players[entryId]) session = m;
  const ended = session?.ended;
  if (!session || !ended || session.kind !== 'heat') return undefined;
  const advanced = [...ended.advanced, ...session.playOffsDecided.flatMap((d) => d.advanced)];
  if (!advanced.includes(entryId)) return undefined;
  const tableId = session.players[entryId].tableId;
  const chipsAtEnd = new Map(ended.counts.map((c) => [c.entryId, c.chips]));
  const decided = new Set(session.playOffsDecided.flatMap((d) => d.order));
  const eligible = (id: string) => id !== entryId && s.entries[id]?.status === 'entered' && !advanced.includes(id);
  const candidates = placesOf(session).filter((id) => eligible(id) && session.players[id]?.tableId === tableId && chipsAtEnd.has(id));
  const base = { sessionId: session.sessionId, tableId, clause };
  if (candidates.length === 0) return { ...base, advanced: [], playOff: null };
  const first = candidates[0];
  const pending = decided.has(first) ? undefined : ended.playOffs.find((g) => g.entryIds.includes(first));
  if (pending) {
    const left = pending.entryIds.filter(eligible);
    const places = pending.places + 1;
    return places >= left.length ? { ...base, advanced: left, playOff: null } : { ...base, advanced: [], playOff: { entryIds: left, places } };
  }
  const tied = decided.has(first) ? [first] : candidates.filter((id) => !decided.has(id) && chipsAtEnd.get(id) === chipsAtEnd.get(first));
  return tied.length === 1 ? { ...base, advanced: [first], playOff: null } : { ...base, advanced: [], playOff: { entryIds: tied, places: 1 } };
};
