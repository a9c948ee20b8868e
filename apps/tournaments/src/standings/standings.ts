import type { TournamentPrizesDistributed, TournamentTerms } from '@app/contracts';
import type { TournamentRules } from '@app/baccarat';
import { clauseOf, prizePoolOf, requireTournament } from '../tournament/tournament-rules.decider';
import { placesOf, rankPlayers } from '../tournament/tournament-standing.decider';
import type { SessionState, TournamentState } from '../tournament/tournament.events';
import { scoredCoupCountAt } from '../tournament/scored-coups';

/** What the tournament floor sees: each table's players by chips. Undisclosed wagers show only as an indicator (Star 15.8.2.5). */
export interface Standings {
  readonly tournamentId: string;
  readonly name: string;
  /** The rulebook version the tournament runs under: its jurisdiction decides which regulator may read it. */
  readonly rulebookId: string;
  readonly status: TournamentState['status'];
  readonly version: number;
  readonly prizePoolCents: number;
  readonly session: {
    readonly sessionId: string;
    readonly kind: string;
    /** What the floor calls it: "Heat h1", "Final", "Play-off for heat h1". */
    readonly label: string;
    readonly ended: boolean;
    readonly minimumWager: number;
    readonly maximumWager: number;
    /** When it started; absent in sessions folded before it was kept. */
    readonly startedAt: string | null;
    /** The session's length where the terms fix it (format.coupsPerSession, format.minutesPerSession); null: not stated. */
    readonly coupsPerSession: number | null;
    readonly endsAt: string | null;
    /** Where the line of those who progress (or take a prize) is drawn, and why (Star 15.10.1-15.10.3); null: none in this session, or the tournament was cancelled. */
    readonly cut: SessionCut | null;
    /** A play-off whose order is determined (Star 15.10.3): its players best first, who advances from a heat's, the place each takes in a final's; null: not a play-off, or undecided. */
    readonly playOffResult: PlayOffResult | null;
    /** The columns the terms give the board: only what the players hold this tournament (Star 15.7, 15.8; Crown Melbourne 14.4.4(e)-(g)). */
    readonly columns: BoardColumns;
    readonly tables: readonly {
      readonly tableId: string;
      /** Coups scored at the table this session, and those left where the terms fix the session's coups: none once a play-off is decided or the session has ended, null once the tournament is cancelled. */
      readonly coupsPlayed: number;
      readonly coupsLeft: number | null;
      /**
       * Play at the table concluded before its scheduled coups or time (Star 15.5.5; Crown Melbourne 14.4.8(d); Rapid
       * 12.3.5): on which ground, with the clause; no coups are left. Null: it played its schedule, or has not ended.
       */
      readonly concludedEarly: { readonly coupsPlayed: number; readonly ground: 'determined' | 'agreed' | 'determined-and-agreed'; readonly clause: string } | null;
      /** Players tied across the cut: a play-off decides who progresses (Star 15.10.3). */
      readonly tieAtCut: boolean;
      /** The session is not playing at this table: every seat there refused (a Rapid table that refused the session, Rapid 12.3.2). */
      readonly notPlaying: { readonly reason: string; readonly clause: string } | null;
      readonly coupId: string | null;
      readonly markerBox: number | null;
      readonly players: readonly {
        readonly entryId: string;
        /** The name the director gave the entry; the entry id where none was given. */
        readonly name: string;
        readonly box: number;
        readonly chips: number;
        readonly status: string;
        readonly passCards: number;
        readonly undisclosedWagers: number;
        readonly undisclosedWagerPending: boolean;
        readonly rank: number;
        /** Within the places that progress or take a prize (the cut), on chips now. */
        readonly aboveCut: boolean;
        /** Absent from the table: the minimum is deducted each coup until the director acts (Star 15.5.6). */
        readonly absent: boolean;
        /** The entry's standing in the tournament where it is out of it: disqualified (Star 15.5.7), retired, withdrawn, eliminated; null: in it. */
        readonly entryStatus: 'disqualified' | 'retired' | 'withdrawn' | 'eliminated' | null;
        readonly allInMarkers: number;
        readonly standOffMarkers: number;
        readonly reBuyMarkers: number;
        /** The seat takes no play until the Tournament Director acts (Rapid 12.3.2; 12.2.1(i)); null while it plays. */
        readonly seatRefused: { readonly reason: string; readonly clause: string } | null;
        /**
         * Stands in for a player who left the tournament: progressed in the stead of one disqualified (or retired) after a
         * heat, shown in that heat and in every session after it (Crown Melbourne 14.4.8(a)(ii); Star 15.5.7), or, in the
         * final, takes the prize place of a place-getter above them disqualified or retired (Crown Melbourne 14.4.2(b)(i),
         * 14.4.8(b)(vi); Star 15.5.7): whom, and why; null: not a stand-in.
         */
        readonly standsIn: { readonly for: string; readonly forName: string; readonly clause: string } | null;
      }[];
    }[];
  } | null;
  /** The cancellation (Star 15.3.4): the reason and the entry fees refunded as its accounting says; null: not cancelled. Never a patron's id. */
  readonly cancellation: BoardCancellation | null;
  /** Coups scored by the events this update covers (the feed's latency is measured from their settlement). */
  readonly scoredCoups: readonly string[];
  /**
   * Places by entry; never a patron's id: the standings are shown on the floor and streamed without a token. `place`:
   * where the entry finished; `standing`: its place among those eligible for a prize (the place the board shows), null
   * for an entry that cannot win one, with why (`ineligible`: an employee, Crown Melbourne 14.4.2(a)(v)).
   */
  readonly placings: readonly { readonly place: number; readonly entryId: string; readonly name: string; readonly standing: number | null; readonly ineligible: { readonly reason: string; readonly clause: string } | null }[];
  /**
   * `place` where the entry finished; `prizePlace` the prize place it is paid (a stand-in's, Crown Melbourne 14.4.2(a)(v));
   * `shareCents` that place's own share, `amountCents` what is paid: more where unfilled places' shares were added (Star 15.3.2).
   */
  readonly prizes: readonly { readonly place: number; readonly prizePlace: number; readonly entryId: string; readonly shareCents: number; readonly amountCents: number }[];
  /** Prize places no eligible place-getter filled, where the rules leave them unpaid: never re-split (Crown Melbourne 14.4.7(b); Star 15.4.2(j)). */
  readonly unfilledPrizes: readonly { readonly place: number; readonly basisPoints: number; readonly amountCents: number; readonly paid: false }[];
  /** Prize places nobody filled whose shares went to the filled places in proportion to theirs, how and why (Star 15.3.2); null: none. */
  readonly prizeRedistribution: NonNullable<TournamentPrizesDistributed['redistributed']> | null;
}

export interface SessionCut {
  /** Places that progress from each table (a heat), or take a prize (the final), or a play-off decides. */
  readonly places: number;
  /** Counted at each table (a heat) or across the session (the final, a play-off). */
  readonly perTable: boolean;
  /** What the places are: "progress" or "prize". */
  readonly meaning: 'progress' | 'prize';
  readonly clause: string;
  /** The rule a tie across the line is played off under (Star 15.10.3; Crown Melbourne 14.4.6(a)): the tie banner cites it. */
  readonly playOffClause: string;
}

export interface BoardColumns {
  readonly passCards: boolean;
  readonly undisclosedWagers: boolean;
  /** Any marker: each kind the terms give has its own column (Crown Melbourne 14.4.4(e)-(g)). */
  readonly markers: boolean;
  readonly allInMarkers: boolean;
  readonly standOffMarkers: boolean;
  readonly reBuyMarkers: boolean;
}

export interface BoardCancellation {
  readonly reason: string;
  readonly cancelledAt: string;
  readonly clause: string;
  /** From the cancellation's accounting; null where it was recorded before the figures were stated. */
  readonly refundedCents: number | null;
  readonly refundedBeforeCents: number | null;
  readonly refundClause: string | null;
  readonly forfeitedCents: number | null;
  /** The clauses that kept the forfeited fees from a refund (a disqualification, Star 15.5.7; a buy-in not provided, 15.6.3). */
  readonly forfeitClauses: readonly string[];
}

export interface PlayOffResult {
  /** The kind of session whose tie it broke: a heat's decides who advances, a final's the places. */
  readonly forKind: string;
  readonly decidedAt: string;
  readonly clause: string;
  /** Best first; `place` in the final (null for a heat's), `advances` from a heat. */
  readonly order: readonly { readonly entryId: string; readonly name: string; readonly place: number | null; readonly advances: boolean }[];
}

/** What the session is called on the floor. */
export const sessionLabel = (session: Pick<SessionState, 'sessionId' | 'kind' | 'playOff'>): string => {
  const kind = session.kind === 'heat' ? 'Heat' : session.kind === 'final' ? 'Final' : 'Play-off';
  if (session.kind === 'play-off' && session.playOff) return `Play-off for ${session.playOff.sessionId}`;
  return session.sessionId.toLowerCase() === session.kind ? kind : `${kind} ${session.sessionId}`;
};

/**
 * Where the board draws the cut: under each heat table's last place that progresses (the terms' advancePerTable, Star
 * 15.10.1-15.10.2; Crown Melbourne 14.4.3(a)(iii)); under a heat play-off's places to decide (15.10.3); under the
 * final's last prize place (the terms' prize distribution, Star 15.4.2(j)). A play-off for the final decides every
 * place among its players: no line.
 */
export const sessionCut = (session: Pick<SessionState, 'kind' | 'playOff'>, parentKind: string | null, terms: TournamentTerms, t: TournamentRules): SessionCut | null => {
  const playOffClause = t.play.playOffs.clause;
  if (session.kind === 'heat') return { places: terms.format?.advancePerTable ?? 1, perTable: true, meaning: 'progress', clause: clauseOf(t, 'progression'), playOffClause };
  if (session.kind === 'final') return { places: terms.prizeDistribution?.basisPoints.length ?? 1, perTable: false, meaning: 'prize', clause: clauseOf(t, 'prizeDistribution'), playOffClause };
  if (session.playOff && parentKind === 'heat') return { places: session.playOff.places, perTable: false, meaning: 'progress', clause: playOffClause, playOffClause };
  return null;
};

/** The columns the terms provide: pass cards (Star 15.7), undisclosed wagers (15.8), All-In, Stand-Off and Re-Buy markers (Crown Melbourne 14.4.4(e)-(g)). */
export const boardColumns = (terms: TournamentTerms): BoardColumns => {
  const allInMarkers = (terms.allInMarkers?.perSession ?? 0) > 0;
  const standOffMarkers = (terms.standOffMarkers?.perSession ?? 0) > 0;
  const reBuyMarkers = (terms.reBuyMarkers?.perSession ?? 0) > 0;
  return {
    passCards: (terms.passCards?.perSession ?? 0) > 0,
    undisclosedWagers: (terms.undisclosedWagers?.perSession ?? 0) > 0,
    markers: allInMarkers || standOffMarkers || reBuyMarkers,
    allInMarkers,
    standOffMarkers,
    reBuyMarkers,
  };
};

/** The cancellation as the floor is told it (Star 15.3.4): the forfeits name patrons, so only their total. */
export const boardCancellation = (c: TournamentState['cancellation']): BoardCancellation | null =>
  c
    ? {
        reason: c.reason,
        cancelledAt: c.cancelledAt,
        clause: c.clause,
        refundedCents: c.refundedCents ?? null,
        refundedBeforeCents: c.refundedBeforeCents ?? null,
        refundClause: c.refundClause ?? null,
        forfeitedCents: c.forfeitedCents ?? null,
        forfeitClauses: [...new Set((c.forfeits ?? []).map((f) => f.clause))],
      }
    : null;

/**
 * A play-off's result once its order is determined (Star 15.10.3): a heat's advances its first `places`; a final's
 * gives its players the places from the one they tied at in the final, in order.
 */
export const playOffResultOf = (s: TournamentState, session: SessionState): PlayOffResult | null => {
  if (!session.playOff) return null;
  const parent = s.sessions[session.playOff.sessionId];
  const decided = parent?.playOffsDecided.find((d) => d.sessionId === session.sessionId);
  if (!parent || !decided) return null;
  const tiedAt = parent.kind === 'final' ? Math.min(...decided.order.map((id) => parent.ended?.ranking.find((r) => r.entryId === id)?.rank ?? Infinity)) : Infinity;
  return {
    forKind: parent.kind,
    decidedAt: decided.decidedAt,
    clause: decided.clause,
    order: decided.order.map((entryId, i) => ({
      entryId,
      name: s.entries[entryId]?.displayName ?? entryId,
      place: Number.isFinite(tiedAt) ? tiedAt + i : null,
      advances: decided.advanced.includes(entryId),
    })),
  };
};

/** When a session the terms time ends: its start plus format.minutesPerSession; null where either is unknown. */
export const sessionEndsAt = (startedAt: string | undefined, minutes: number | undefined): string | null =>
  startedAt && minutes ? new Date(Date.parse(startedAt) + minutes * 60_000).toISOString() : null;

const coupsScoredAt = (session: SessionState, tableId: string): number => scoredCoupCountAt(session.scoredCoups, tableId);

/**
 * The final placings as the board shows them (Crown Melbourne 14.4.2(a)(v)): an employee, who cannot win a prize, is
 * shown as such without a place, and the place-getters after stand in, as the prizes paid them.
 */
export const boardPlacings = (
  placings: readonly { readonly place: number; readonly entryId: string }[],
  entries: TournamentState['entries'],
  employeesIneligible: { readonly clause: string } | null,
): Standings['placings'] => {
  let standing = 0;
  return placings.map((p) => {
    const entry = entries[p.entryId];
    const ineligible = employeesIneligible && entry?.employee ? { reason: 'employee', clause: employeesIneligible.clause } : null;
    return { place: p.place, entryId: p.entryId, name: entry?.displayName ?? p.entryId, standing: ineligible ? null : ++standing, ineligible };
  });
};

/**
 * In the final, who takes the prize place of a place-getter who left the tournament: each vacated place goes to the
 * next eligible place-getter of the final's order below it (Crown Melbourne 14.4.2(b)(i), 14.4.8(a)(ii): a disqualified
 * player; 14.4.8(b)(vi), the platform's decision: a retired one).
 */
const finalStandIns = (s: TournamentState, final: SessionState, t: TournamentRules): Map<string, { for: string; clause: string }> => {
  const out = new Map<string, { for: string; clause: string }>();
  const vacated: { for: string; clause: string }[] = [];
  for (const id of placesOf(final)) {
    const status = s.entries[id]?.status;
    if (status === 'disqualified') vacated.push({ for: id, clause: t.money.disqualifiedWinsNothing.clause });
    else if (status === 'retired') vacated.push({ for: id, clause: clauseOf(t, 'retirement') });
    else if (status === 'entered' && vacated.length > 0) out.set(id, vacated.shift()!);
  }
  return out;
};

export const standingsOf = (s: TournamentState, version: number, scoredCoups: readonly string[] = []): Standings => {
  const session = s.currentSessionId ? s.sessions[s.currentSessionId] : undefined;
  // Ranked once for the session, then split by table (the board is sent on every scored coup).
  const ranking = session ? rankPlayers(session) : [];
  const t = s.exists ? requireTournament(s).t : null;
  const cancelled = s.status === 'cancelled';
  // Nobody progresses from a cancelled tournament: no line, no coups or time left (Star 15.3.4).
  const cut = session && t && !cancelled ? sessionCut(session, session.playOff ? (s.sessions[session.playOff.sessionId]?.kind ?? null) : null, s.terms, t) : null;
  const coupsPerSession = s.terms.format?.coupsPerSession ?? null;
  const playOffResult = session ? playOffResultOf(s, session) : null;
  const nameOf = (entryId: string) => s.entries[entryId]?.displayName ?? entryId;
  // A heat's stand-in stands in from that heat on: the place they hold is the one they took there (Crown Melbourne 14.4.8(a)(ii)).
  const upTo = session ? s.sessionOrder.slice(0, s.sessionOrder.indexOf(session.sessionId) + 1) : [];
  const heatStandIns = upTo.flatMap((id) => s.sessions[id]?.standIns ?? []);
  const prizeStandIns = session?.kind === 'final' && t ? finalStandIns(s, session, t) : new Map<string, { for: string; clause: string }>();
  const standInOf = (entryId: string) => {
    const x = prizeStandIns.get(entryId) ?? [...heatStandIns].reverse().find((y) => y.entryId === entryId);
    return x ? { for: x.for, forName: nameOf(x.for), clause: x.clause } : null;
  };
  const outOfTournament = (entryId: string) => {
    const status = s.entries[entryId]?.status;
    return status && status !== 'entered' ? status : null;
  };
  // Who progresses once it is decided (Star 15.5.7, 15.11.4; Crown Melbourne 14.4.8(a)(ii)): an ended heat's advanced
  // (stand-ins included, a player who left the tournament taken out) and those a play-off advanced, with the players of
  // its ties still to be played off; a heat play-off decided, its heat's. Null: decided by the chips now.
  const heat = session?.kind === 'heat' ? session : session?.playOff && playOffResult ? s.sessions[session.playOff.sessionId] : undefined;
  const progressing = cut?.meaning === 'progress' && heat?.ended
    ? new Set([
        ...heat.ended.advanced,
        ...heat.playOffsDecided.flatMap((d) => d.advanced),
        ...heat.ended.playOffs.filter((g) => !g.entryIds.some((id) => heat.playOffsDecided.some((d) => d.order.includes(id)))).flatMap((g) => g.entryIds),
      ])
    : null;
  // Ranked by chips across the session: the final's cut counts every table, a heat's each table.
  const rankIn = (list: readonly { status: string; chips: number }[], p: { status: string; chips: number }) =>
    list.findIndex((q) => q.status === p.status && q.chips === p.chips && (p.status === 'playing' || q === p)) + 1;
  return {
    tournamentId: s.tournamentId,
    name: s.name,
    rulebookId: s.rulebookId,
    status: s.status,
    version,
    prizePoolCents: prizePoolOf(s).poolCents,
    session: session
      ? {
          sessionId: session.sessionId,
          kind: session.kind,
          label: sessionLabel(session),
          ended: session.ended !== null,
          minimumWager: session.minimum,
          maximumWager: session.maximum,
          startedAt: session.startedAt ?? null,
          coupsPerSession,
          endsAt: cancelled || playOffResult ? null : sessionEndsAt(session.startedAt, s.terms.format?.minutesPerSession),
          cut,
          playOffResult,
          columns: boardColumns(s.terms),
          tables: session.tables.map((tableId) => {
            const coup = session.coups[tableId] ?? null;
            const ranked = ranking.filter((p) => p.tableId === tableId);
            const refused = (entryId: string) => {
              const r = session.refusedSeats?.[entryId];
              return r && r.tableId === tableId ? { reason: r.reason, clause: r.clause } : null;
            };
            const seated = Object.values(session.players).filter((p) => p.tableId === tableId);
            const allRefused = seated.length > 0 && seated.every((p) => refused(p.entryId) !== null);
            const coupsPlayed = coupsScoredAt(session, tableId);
            const early = session.ended?.concludedEarly?.find((x) => x.tableId === tableId);
            const concludedEarly = early
              ? { coupsPlayed: early.coupsPlayed, ground: early.progressionDetermined ? (early.agreedBy ? ('determined-and-agreed' as const) : ('determined' as const)) : ('agreed' as const), clause: early.clause }
              : null;
            // Only players still in the tournament are counted for the cut: one disqualified or retired never holds a place (Star 15.5.7).
            const cutRanking = (cut?.perTable === false ? ranking : ranked).filter((p) => !outOfTournament(p.entryId));
            const aboveCut = (p: (typeof ranked)[number]) =>
              !!cut && !outOfTournament(p.entryId) && (progressing ? progressing.has(p.entryId) : p.status === 'playing' && rankIn(cutRanking, p) <= cut.places);
            return {
              tableId,
              coupsPlayed,
              // A decided play-off plays no more coups (Star 15.10.3), nor does a session that has ended (its time up, or concluded early).
              coupsLeft: coupsPerSession === null || cancelled ? null : playOffResult || concludedEarly || session.ended ? 0 : Math.max(0, coupsPerSession - coupsPlayed),
              concludedEarly,
              tieAtCut: !!cut && !playOffResult && cutRanking.filter(aboveCut).length > cut.places,
              notPlaying: allRefused ? refused(seated[0].entryId) : null,
              coupId: coup?.coupId ?? null,
              markerBox: coup?.markerBox ?? null,
              // Equal chips share a rank, the next player taking the place after them all (Star 15.10.2): 1, 1, 3.
              players: ranked.map((p) => ({
                entryId: p.entryId,
                name: nameOf(p.entryId),
                box: p.box,
                chips: p.chips,
                status: p.status,
                passCards: p.passCards,
                undisclosedWagers: p.undisclosedWagers,
                undisclosedWagerPending: !!coup && !coup.revealed && p.entryId in coup.undisclosed,
                rank: rankIn(ranked, p),
                aboveCut: aboveCut(p),
                absent: p.status === 'playing' && !!s.entries[p.entryId]?.absent,
                entryStatus: outOfTournament(p.entryId) as 'disqualified' | 'retired' | 'withdrawn' | 'eliminated' | null,
                allInMarkers: p.allInMarkers,
                standOffMarkers: p.standOffMarkers,
                reBuyMarkers: p.reBuyMarkers,
                seatRefused: refused(p.entryId),
                standsIn: standInOf(p.entryId),
              })),
            };
          }),
        }
      : null,
    cancellation: boardCancellation(s.cancellation),
    scoredCoups,
    placings: boardPlacings(s.results?.placings ?? [], s.entries, t?.money.employeesIneligibleForPrizes ?? null),
    prizes: s.prizes?.payments.map((p) => ({ place: p.place, prizePlace: p.prizePlace ?? p.place, entryId: p.entryId, shareCents: p.shareCents ?? p.amountCents, amountCents: p.amountCents })) ?? [],
    unfilledPrizes: (s.prizes?.unfilled ?? []).map((u) => ({ place: u.place, basisPoints: u.basisPoints, amountCents: u.amountCents, paid: false as const })),
    prizeRedistribution: s.prizes?.redistributed ?? null,
  };
};
