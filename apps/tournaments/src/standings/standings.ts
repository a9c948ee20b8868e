import type { TournamentPrizesDistributed } from '@app/contracts';
import { prizePoolOf } from '../tournament/tournament-rules.decider';
import { rankPlayers } from '../tournament/tournament-standing.decider';
import type { TournamentState } from '../tournament/tournament.events';

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
    readonly ended: boolean;
    readonly minimumWager: number;
    readonly maximumWager: number;
    readonly tables: readonly {
      readonly tableId: string;
      /** The session is not playing at this table: every seat there refused (a Rapid table that refused the session, Rapid 12.3.2). */
      readonly notPlaying: { readonly reason: string; readonly clause: string } | null;
      readonly coupId: string | null;
      readonly markerBox: number | null;
      readonly players: readonly {
        readonly entryId: string;
        readonly box: number;
        readonly chips: number;
        readonly status: string;
        readonly passCards: number;
        readonly undisclosedWagers: number;
        readonly undisclosedWagerPending: boolean;
        readonly rank: number;
        /** The seat takes no play until the Tournament Director acts (Rapid 12.3.2; 12.2.1(i)); null while it plays. */
        readonly seatRefused: { readonly reason: string; readonly clause: string } | null;
      }[];
    }[];
  } | null;
  /** Coups scored by the events this update covers (the feed's latency is measured from their settlement). */
  readonly scoredCoups: readonly string[];
  /** Places by entry; never a patron's id: the standings are shown on the floor and streamed without a token. */
  readonly placings: readonly { readonly place: number; readonly entryId: string }[];
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

export const standingsOf = (s: TournamentState, version: number, scoredCoups: readonly string[] = []): Standings => {
  const session = s.currentSessionId ? s.sessions[s.currentSessionId] : undefined;
  // Ranked once for the session, then split by table (the board is sent on every scored coup).
  const ranking = session ? rankPlayers(session) : [];
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
          ended: session.ended !== null,
          minimumWager: session.minimum,
          maximumWager: session.maximum,
          tables: session.tables.map((tableId) => {
            const coup = session.coups[tableId] ?? null;
            const ranked = ranking.filter((p) => p.tableId === tableId);
            const refused = (entryId: string) => {
              const r = session.refusedSeats?.[entryId];
              return r && r.tableId === tableId ? { reason: r.reason, clause: r.clause } : null;
            };
            const seated = Object.values(session.players).filter((p) => p.tableId === tableId);
            const allRefused = seated.length > 0 && seated.every((p) => refused(p.entryId) !== null);
            return {
              tableId,
              notPlaying: allRefused ? refused(seated[0].entryId) : null,
              coupId: coup?.coupId ?? null,
              markerBox: coup?.markerBox ?? null,
              // Equal chips share a rank, the next player taking the place after them all (Star 15.10.2): 1, 1, 3.
              players: ranked.map((p) => ({
                entryId: p.entryId,
                box: p.box,
                chips: p.chips,
                status: p.status,
                passCards: p.passCards,
                undisclosedWagers: p.undisclosedWagers,
                undisclosedWagerPending: !!coup && !coup.revealed && p.entryId in coup.undisclosed,
                rank: ranked.findIndex((q) => q.status === p.status && q.chips === p.chips && (p.status === 'playing' || q === p)) + 1,
                seatRefused: refused(p.entryId),
              })),
            };
          }),
        }
      : null,
    scoredCoups,
    placings: (s.results?.placings ?? []).map((p) => ({ place: p.place, entryId: p.entryId })),
    prizes: s.prizes?.payments.map((p) => ({ place: p.place, prizePlace: p.prizePlace ?? p.place, entryId: p.entryId, shareCents: p.shareCents ?? p.amountCents, amountCents: p.amountCents })) ?? [],
    unfilledPrizes: (s.prizes?.unfilled ?? []).map((u) => ({ place: u.place, basisPoints: u.basisPoints, amountCents: u.amountCents, paid: false as const })),
    prizeRedistribution: s.prizes?.redistributed ?? null,
  };
};
