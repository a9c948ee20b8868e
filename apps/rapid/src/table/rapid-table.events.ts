/**
 * A Rapid Baccarat gaming table (Rapid 2.2): its terms, its ATS with the account each shows, and its rounds.
 * The events are the published contract (libs/contracts/src/rapid.events.ts); here are the state and evolve.
 */
import type { RapidOutcome, RapidRoundRef, RapidStation, RapidTableEvent, RapidTableTerms, RapidTournamentSessionRefusalReason } from '@app/contracts';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { atOrAfter, instantMs } from '../instants';

export type { RapidTableEvent } from '@app/contracts';

export type RoundStatus = 'wagering' | 'closed' | 'settled' | 'void';

/** What happens to an ATS's (or every ATS's) wagers after a malfunction (11.14-11.16). */
export type MalfunctionEffect = 'void' | 'settle-as-recorded' | 'settle-as-confirmed';

export interface RoundState {
  readonly roundId: string;
  readonly roundNumber: number;
  readonly startedAt: string;
  readonly periodEndsAt: string;
  readonly closedAt: string | null;
  readonly closedEarly: boolean;
  readonly status: RoundStatus;
  readonly outcome: RapidOutcome | null;
  readonly gameSystemMalfunction: MalfunctionEffect | null;
  readonly atsMalfunctions: Readonly<Record<string, MalfunctionEffect>>;
  /** Accounts frozen for a wrong outcome (11.11), until the correction. */
  readonly frozenAccountIds: readonly string[] | null;
  /** When they were frozen (11.11); absent: not frozen. */
  readonly frozenAt?: string;
  /** The outcome was invalidated and every wager refunded (11.10, 13.3-13.4): the round is void. Absent: not. */
  readonly invalidated?: { readonly ground: string; readonly invalidatedAt: string; readonly clause: string };
  readonly corrections: number;
  /**
   * The last review of the outcome under 11.11 that released the accounts: the actual outcome entered (corrected), or
   * the one entered confirmed. A claim of an incorrect outcome upheld after it, the accounts no longer frozen, is
   * dealt with by it (11.12). Absent: never reviewed.
   */
  readonly reviewed?: ClaimCorrection;
  /** Accounts whose wagers were settled in the round: a correction recalculates them (11.11). */
  readonly settledAccountIds: readonly string[];
  /** The ATS each settled account was on in the round: a malfunction found later adjusts that account (11.14(b)). */
  readonly settledAtsOf: Readonly<Record<string, string>>;
  /**
   * The tournament of each account settled in the round as a tournament account (Rapid 12.2.1(b), 12.2.2): a later
   * correction marks them by the round's own settlement, not by the session running when it is made.
   */
  readonly tournamentOf?: Readonly<Record<string, string>>;
  /**
   * The first report of each void in the round, by `voidKey` (an ATS's, or the game system's): a later report of the
   * same void repeats it (RapidMalfunctionRecorded.repeatOf).
   */
  readonly voidsReported?: Readonly<Record<string, { readonly recordedAt: string; readonly scope: 'ats' | 'game-system'; readonly atsId: string | null; readonly clause: string }>>;
}

/** The key of a void in a round's `voidsReported`: one ATS's wagers, or every ATS's (the game system). */
export const voidKey = (scope: 'ats' | 'game-system', atsId: string | null): string => (scope === 'game-system' ? 'game-system' : `ats:${atsId ?? ''}`);

export interface ClaimState {
  readonly claimId: string;
  readonly atsId: string;
  readonly roundId: string | null;
  /** The round's number at the table (8.1), when the claim names a round. */
  readonly roundNumber?: number;
  readonly kind: 'incorrect-outcome' | 'malfunction';
  readonly status: 'open' | 'upheld' | 'rejected';
  /** The first review of the claim's round since the claim was made (11.11), which dealt with it: upholding it then freezes nothing again. */
  readonly outcomeEnteredSince?: ClaimCorrection;
}

/** A correction of a round's outcome, or the review confirming it (11.11), as an open claim about the round sees it. */
export interface ClaimCorrection {
  readonly by: 'corrected' | 'confirmed';
  readonly at: string;
  readonly outcome: RapidOutcome;
  readonly clause: string;
}

export interface RapidTableState {
  readonly exists: boolean;
  readonly tableId: string;
  readonly floorId: string;
  readonly terms: RapidTableTerms | null;
  readonly decks: number;
  readonly periodSeconds: number;
  readonly stations: Readonly<Record<string, { readonly station: RapidStation; readonly accountId: string | null }>>;
  readonly roundNumber: number;
  /** The current (last started) round. */
  readonly round: RoundState | null;
  /** The last few rounds by id, the current one included: a wrong outcome is found after settlement (11.11). */
  readonly recentRounds: Readonly<Record<string, RoundState>>;
  readonly claims: Readonly<Record<string, ClaimState>>;
  /** The tournament session the table is used for, exclusively, until it ends (Rapid 12.3.2). */
  readonly tournamentSession: { readonly tournamentId: string; readonly sessionId: string; readonly accountIds: readonly string[] } | null;
  /** The coups (rounds) started at the table since the session it is used for started (12.2.1(d), 12.3.5); absent: none. */
  readonly sessionCoups?: number;
  /** The last sessions the table could not take (12.3.2), latest last, for the floor to see why. */
  readonly refusedSessions: readonly RefusedSession[];
}

export interface RefusedSession {
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly reason: RapidTournamentSessionRefusalReason;
  readonly refusedAt: string;
}

/** Refused sessions kept on the table's state; older ones are in the event history. */
export const REFUSED_SESSIONS_KEPT = 5;

/**
 * The rounds the table keeps for corrections and late claims: the last rounds the SGC holds, as the rulebook data
 * states them (Rapid 11.11, 11.12, 13.9, `sgc.roundsHeld`); older ones are in the event history.
 */
export const roundsHeldOf = (rulebookId: string): number => atsPoliciesFor(rulebookById(rulebookId)).sgc.roundsHeld.count;

export const initialRapidTableState = (): RapidTableState => ({
  exists: false,
  tableId: '',
  floorId: '',
  terms: null,
  decks: 0,
  periodSeconds: 0,
  stations: {},
  roundNumber: 0,
  round: null,
  recentRounds: {},
  claims: {},
  tournamentSession: null,
  refusedSessions: [],
});

const withRound = (s: RapidTableState, roundId: string, change: (r: RoundState) => RoundState): RapidTableState => {
  const existing = s.recentRounds[roundId];
  if (!existing) return s;
  const next = change(existing);
  return { ...s, recentRounds: { ...s.recentRounds, [roundId]: next }, round: s.round?.roundId === roundId ? next : s.round };
};

/**
 * The open claims of an incorrect outcome in `roundId` learn that the actual outcome was entered since they were made
 * (11.11). Each keeps the first review at or after it was made: that review dealt with the claim (11.12), a later one
 * (which may reverse it) does not.
 */
const reviewed = (s: RapidTableState, roundId: string, correction: ClaimCorrection): RapidTableState => {
  const open = Object.values(s.claims).filter((c) => c.roundId === roundId && c.kind === 'incorrect-outcome' && c.status === 'open' && !c.outcomeEnteredSince);
  if (!open.length) return s;
  return { ...s, claims: { ...s.claims, ...Object.fromEntries(open.map((c) => [c.claimId, { ...c, outcomeEnteredSince: correction }])) } };
};

/** The rounds held, the latest `held`; a round read alone from the history (`earlierRoundFrom`, no terms) keeps all. */
const keepRecent = (rounds: Record<string, RoundState>, held: number): Record<string, RoundState> => {
  const ids = Object.values(rounds).sort((a, b) => a.roundNumber - b.roundNumber).map((r) => r.roundId);
  for (const id of ids.slice(0, Math.max(0, ids.length - held))) delete rounds[id];
  return rounds;
};

export const evolveRapidTable = (s: RapidTableState, e: RapidTableEvent): RapidTableState => {
  switch (e.type) {
    case 'RapidTableOpened':
      return {
        ...s,
        exists: true,
        tableId: e.tableId,
        floorId: e.floorId,
        terms: e.terms,
        decks: e.decks,
        periodSeconds: e.wageringPeriodSeconds,
        stations: Object.fromEntries(e.stations.map((st) => [st.atsId, { station: st, accountId: null }])),
      };
    case 'RapidStationAccountAssigned': {
      const st = s.stations[e.atsId];
      return st ? { ...s, stations: { ...s.stations, [e.atsId]: { ...st, accountId: e.accountId } } } : s;
    }
    case 'RapidStationAccountReleased': {
      const st = s.stations[e.atsId];
      return st && st.accountId === e.accountId ? { ...s, stations: { ...s.stations, [e.atsId]: { ...st, accountId: null } } } : s;
    }
    case 'RapidRoundStarted': {
      const round: RoundState = {
        roundId: e.roundId,
        roundNumber: e.roundNumber,
        startedAt: e.startedAt,
        periodEndsAt: e.periodEndsAt,
        closedAt: null,
        closedEarly: false,
        status: 'wagering',
        outcome: null,
        gameSystemMalfunction: null,
        atsMalfunctions: {},
        frozenAccountIds: null,
        corrections: 0,
        settledAccountIds: [],
        settledAtsOf: {},
      };
      const coups = s.tournamentSession ? { sessionCoups: (s.sessionCoups ?? 0) + 1 } : {};
      return { ...s, roundNumber: e.roundNumber, round, recentRounds: s.terms ? keepRecent({ ...s.recentRounds, [e.roundId]: round }, roundsHeldOf(s.terms.rulebookId)) : { ...s.recentRounds, [e.roundId]: round }, ...coups };
    }
    case 'RapidWageringClosed':
      return withRound(s, e.roundId, (r) => ({ ...r, status: r.status === 'wagering' ? 'closed' : r.status, closedAt: e.closedAt, closedEarly: e.early }));
    case 'RapidOutcomeEntered':
      return withRound(s, e.roundId, (r) => ({ ...r, outcome: e.outcome }));
    case 'RapidRoundSettled':
      return withRound(s, e.roundId, (r) => ({ ...r, status: 'settled', settledAccountIds: e.accounts.map((a) => a.accountId), settledAtsOf: Object.fromEntries(e.accounts.map((a) => [a.accountId, a.atsId])), tournamentOf: Object.fromEntries(e.accounts.flatMap((a) => (a.tournamentId ? [[a.accountId, a.tournamentId]] : []))) }));
    case 'RapidAccountsFrozen':
      return withRound(s, e.roundId, (r) => ({ ...r, frozenAccountIds: e.accountIds, frozenAt: e.frozenAt }));
    case 'RapidOutcomeCorrected': {
      const review: ClaimCorrection = { by: 'corrected', at: e.correctedAt, outcome: e.actual, clause: e.clause };
      return reviewed(withRound(s, e.roundId, (r) => ({ ...r, outcome: e.actual, frozenAccountIds: null, corrections: r.corrections + 1, reviewed: review })), e.roundId, review);
    }
    case 'RapidOutcomeConfirmed': {
      const review: ClaimCorrection = { by: 'confirmed', at: e.confirmedAt, outcome: e.outcome, clause: e.clause };
      return reviewed(withRound(s, e.roundId, (r) => ({ ...r, frozenAccountIds: null, reviewed: review })), e.roundId, review);
    }
    case 'RapidMalfunctionRecorded':
      return withRound(s, e.roundId, (given) => {
        const key = voidKey(e.scope, e.atsId);
        const r = e.effect !== 'void' || e.repeatOf || given.voidsReported?.[key] ? given : { ...given, voidsReported: { ...given.voidsReported, [key]: { recordedAt: e.recordedAt ?? e.occurredAt, scope: e.scope, atsId: e.atsId, clause: e.clause } } };
        if (e.scope === 'game-system') {
          // Found after the outcome, the round stays settled: only the wagers are adjusted (11.15(b), 11.16).
          const voidRound = e.effect === 'void' && !e.afterOutcome;
          return { ...r, gameSystemMalfunction: r.gameSystemMalfunction === 'void' ? 'void' : e.effect, status: voidRound ? 'void' : r.status, closedAt: r.closedAt ?? (voidRound ? e.occurredAt : null) };
        }
        // Each malfunction is dealt with on its own (11.14-11.16); wagers once void stay void for the ATS.
        const previous = r.atsMalfunctions[e.atsId ?? ''];
        return { ...r, atsMalfunctions: { ...r.atsMalfunctions, [e.atsId ?? '']: previous === 'void' ? 'void' : e.effect } };
      });
    case 'RapidOutcomeInvalidated':
      // Invalidated before its outcome, the game closes then and takes no outcome (13.3, 13.4).
      return withRound(s, e.roundId, (r) => ({ ...r, status: 'void', closedAt: r.closedAt ?? e.invalidatedAt, invalidated: { ground: e.ground, invalidatedAt: e.invalidatedAt, clause: e.clause } }));
    case 'RapidClaimRecorded':
      return { ...s, claims: { ...s.claims, [e.claimId]: { claimId: e.claimId, atsId: e.atsId, roundId: e.roundId, ...(e.roundNumber ? { roundNumber: e.roundNumber } : {}), kind: e.kind, status: 'open' } } };
    case 'RapidClaimResolved': {
      const claim = s.claims[e.claimId];
      return claim ? { ...s, claims: { ...s.claims, [e.claimId]: { ...claim, status: e.resolution } } } : s;
    }
    case 'RapidTournamentSessionStarted': {
      const stations = { ...s.stations };
      for (const seat of e.seats) if (stations[seat.atsId]) stations[seat.atsId] = { ...stations[seat.atsId], accountId: seat.accountId };
      return { ...s, stations, tournamentSession: { tournamentId: e.tournamentId, sessionId: e.sessionId, accountIds: e.seats.map((seat) => seat.accountId) }, sessionCoups: 0 };
    }
    case 'RapidTournamentSessionRefused':
      return { ...s, refusedSessions: [...(s.refusedSessions ?? []), { tournamentId: e.tournamentId, sessionId: e.sessionId, reason: e.reason, refusedAt: e.refusedAt }].slice(-REFUSED_SESSIONS_KEPT) };
    case 'RapidTournamentSessionEnded': {
      const ended = new Set(e.accountIds);
      const stations = Object.fromEntries(Object.entries(s.stations).map(([id, st]) => [id, st.accountId && ended.has(st.accountId) ? { ...st, accountId: null } : st]));
      const { sessionCoups: _coups, ...rest } = s;
      return { ...rest, stations, tournamentSession: null };
    }
    default: {
      const never: never = e;
      return never;
    }
  }
};

/**
 * A round the table no longer holds, as its history records it (Rapid 13.9: the Casino Supervisor acts on it), and
 * when the round after it opened (a malfunction after then belongs to that round, 11.14, 11.15).
 */
export interface EarlierRound {
  readonly round: RoundState;
  readonly nextStartedAt: string | null;
}

/** The round `roundId` folded from the table's history (its own events only), or null when the table never played it. */
export const earlierRoundFrom = (history: readonly RapidTableEvent[], roundId: string): EarlierRound | null => {
  let s: RapidTableState = { ...initialRapidTableState(), exists: true };
  let round: RoundState | null = null;
  let nextStartedAt: string | null = null;
  for (const e of history) {
    if (!('roundId' in e) || e.roundId !== roundId) {
      if (round && !nextStartedAt && e.type === 'RapidRoundStarted' && e.roundNumber === round.roundNumber + 1) nextStartedAt = e.startedAt;
      continue;
    }
    if (e.type === 'RapidClaimRecorded' || e.type === 'RapidClaimResolved') continue;
    s = evolveRapidTable(s, e);
    round = s.recentRounds[roundId] ?? round;
  }
  return round ? { round, nextStartedAt } : null;
};

/**
 * The table's rounds under review (11.11): frozen, not yet corrected or confirmed, in the order they were frozen. From
 * the rounds the table holds, or with `history`, every round's, an earlier round's too (13.9).
 */
export const roundsUnderReviewOf = (s: RapidTableState, history?: readonly RapidTableEvent[]): RapidRoundRef[] => {
  if (!history) return Object.values(s.recentRounds).filter((r) => r.frozenAccountIds !== null).sort((a, b) => a.roundNumber - b.roundNumber).map((r) => ({ roundId: r.roundId, roundNumber: r.roundNumber }));
  const open = new Map<string, RapidRoundRef>();
  for (const e of history) {
    if (e.type === 'RapidAccountsFrozen') open.set(e.roundId, { roundId: e.roundId, ...(e.roundNumber ? { roundNumber: e.roundNumber } : {}) });
    else if (e.type === 'RapidOutcomeCorrected' || e.type === 'RapidOutcomeConfirmed') open.delete(e.roundId);
  }
  return [...open.values()];
};

/** When the round's wagering period expired or will expire: at the dealer's draw, if earlier (8.1(c)), or at its end (8.1). */
export const periodExpiresAt = (round: RoundState): string => (round.closedAt && instantMs(round.closedAt) < instantMs(round.periodEndsAt) ? round.closedAt : round.periodEndsAt);

/** The wagering period has ended for `now`: closed by the dealer's draw or a malfunction, or expired (8.1). */
export const periodEnded = (round: RoundState, now: string): boolean => round.status !== 'wagering' || atOrAfter(now, round.periodEndsAt);
