/** The tournament's state from its events (evolve). Pure; never throws: events are facts. */
import { scoredCoupKey, scoredCoupLines, withScoredCoup } from './scored-coups';
import { seatRefusedKey } from './tournament-rapid-corrections.decider';
import type { CoupInProgress, SessionPlayer, SessionState, TournamentEvent, TournamentState } from './tournament.events';

const withSession = (s: TournamentState, sessionId: string | null, f: (x: SessionState) => SessionState): TournamentState => {
  const session = sessionId ? s.sessions[sessionId] : undefined;
  return session ? { ...s, sessions: { ...s.sessions, [session.sessionId]: f(session) } } : s;
};

/**
 * The session's advancers as amended when a player who progressed is disqualified (Crown Melbourne 14.4.8(a)(ii); Star
 * 15.5.7): the place lost, the stand-ins added, a tie for it to be played off in place of an undecided one of theirs.
 */
const withStandIn = (s: TournamentState, entryId: string, standIn: NonNullable<Extract<TournamentEvent, { type: 'TournamentPlayerDisqualified' | 'TournamentPlayerRetired' }>['standIn']>): TournamentState =>
  withSession(s, standIn.sessionId, (x) => {
    if (!x.ended) return x;
    const touched = [...standIn.advanced, ...(standIn.playOff?.entryIds ?? [])];
    const undecided = (g: { entryIds: readonly string[] }) => !x.playOffsDecided.some((d) => d.order.some((id) => g.entryIds.includes(id)));
    const playOffs = [
      ...x.ended.playOffs.filter((g) => !(undecided(g) && g.entryIds.some((id) => touched.includes(id)))),
      ...(standIn.playOff ? [{ tableId: standIn.tableId, entryIds: [...standIn.playOff.entryIds], places: standIn.playOff.places }] : []),
    ];
    return {
      ...x,
      ended: { ...x.ended, advanced: [...x.ended.advanced.filter((id) => id !== entryId), ...standIn.advanced], playOffs },
      playOffsDecided: x.playOffsDecided.map((d) => (d.advanced.includes(entryId) ? { ...d, advanced: d.advanced.filter((id) => id !== entryId) } : d)),
      standIns: [...(x.standIns ?? []), ...standIn.advanced.map((id) => ({ entryId: id, for: entryId, clause: standIn.clause }))],
    };
  });

const withCoup = (s: TournamentState, sessionId: string, tableId: string, f: (c: CoupInProgress) => CoupInProgress | null): TournamentState =>
  withSession(s, sessionId, (x) => {
    const coup = x.coups[tableId];
    return coup ? { ...x, coups: { ...x.coups, [tableId]: f(coup) } } : x;
  });

const withPlayer = (x: SessionState, entryId: string, f: (p: SessionPlayer) => SessionPlayer): SessionState =>
  x.players[entryId] ? { ...x, players: { ...x.players, [entryId]: f(x.players[entryId]) } } : x;

/** The session a table event belongs to (the current one). */
const current = (s: TournamentState) => s.currentSessionId;

/** The session under way, if any, with the terms' minimum and maximum wager. */
/** `cents` each of `entryIds` paid into the prize pool besides the entry fee (Star 15.3.2): none where the pool did not grow. */
const paidIntoPool = (s: TournamentState, entryIds: readonly string[], cents: number): TournamentState => {
  if (cents <= 0) return s;
  const entries = { ...s.entries };
  for (const id of entryIds) if (entries[id]) entries[id] = { ...entries[id], paidIntoPoolCents: (entries[id].paidIntoPoolCents ?? 0) + cents };
  return { ...s, entries };
};

const withSessionLimits = (s: TournamentState, limits: { readonly minimum: number; readonly maximum: number }): TournamentState['sessions'] => {
  const id = s.currentSessionId;
  const session = id ? s.sessions[id] : undefined;
  if (!id || !session || session.ended) return s.sessions;
  return { ...s.sessions, [id]: { ...session, minimum: limits.minimum, maximum: limits.maximum } };
};

/** Takes a player out of play in the current session; their chips go back to the inventory (Star 15.5.9, 15.6.9). */
const leavePlay = (s: TournamentState, entryId: string): TournamentState =>
  withSession(s, current(s), (x) => {
    const p = x.players[entryId];
    if (!p || p.status !== 'playing' || x.ended) return x;
    return { ...withPlayer(x, entryId, (q) => ({ ...q, status: 'out', chips: 0 })), withdrawn: x.withdrawn + p.chips };
  });


export const evolveTournament = (s: TournamentState, e: TournamentEvent): TournamentState => {
  switch (e.type) {
    case 'TournamentTermsPublished':
      return {
        ...s,
        exists: true,
        tournamentId: e.tournamentId,
        name: e.name,
        rulebookId: e.rulebookId,
        terms: e.terms,
        status: 'open',
        prizePoolCents: e.terms.prizePool?.addedValueCents ?? 0,
        regulatorApproval: e.regulatorApproval,
      };
    case 'TournamentTermsAmended':
      return {
        ...s,
        terms: e.next,
        rulebookId: e.rulebookId ?? s.rulebookId,
        regulatorApproval: e.regulatorApproval ?? s.regulatorApproval,
        prizePoolCents: s.prizePoolCents - (e.previous.prizePool?.addedValueCents ?? 0) + (e.next.prizePool?.addedValueCents ?? 0),
        // Amended limits govern the rest of the session under way (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)).
        ...(e.next.wagerLimits ? { sessions: withSessionLimits(s, e.next.wagerLimits) } : {}),
      };
    case 'TournamentRegulatorNotified':
    case 'WagersInTurn':
    case 'TournamentTableMisused':
    case 'TournamentEntryRefused':
      return s;
    case 'WagerOutOfSequence':
      // Removed: it waits its turn and does not play (Star 15.9.4). Earlier events carry no amount: those played.
      return e.amount === undefined
        ? s
        : withCoup(s, current(s) ?? '', e.tableId, (c) => (c.coupId === e.coupId ? { ...c, removed: [...(c.removed ?? []), { box: e.box, amount: e.amount! }] } : c));
    case 'TournamentTablesDesignated':
      return { ...s, designatedTables: e.tableIds };
    case 'TournamentTableReady':
      return { ...s, openedBeforeDesignation: withoutKey(s.openedBeforeDesignation ?? {}, e.tableId), tables: { ...s.tables, [e.tableId]: { variant: e.variant, offeredBets: e.offeredBets, ...(e.limits ? { limits: e.limits } : {}), ...(e.minimumChip ? { minimumChip: e.minimumChip } : {}), ...(e.boxes ? { boxes: e.boxes } : {}) } } };
    case 'TableOpenedBeforeDesignation': {
      const { type: _type, tournamentId: _t, tableId, ...opened } = e;
      return { ...s, openedBeforeDesignation: { ...(s.openedBeforeDesignation ?? {}), [tableId]: opened } };
    }
    case 'TableLimitsNoted':
      if (!s.tables[e.tableId] && s.openedBeforeDesignation?.[e.tableId]) return { ...s, openedBeforeDesignation: { ...s.openedBeforeDesignation, [e.tableId]: { ...s.openedBeforeDesignation[e.tableId], limits: e.limits } } };
      return s.tables[e.tableId] ? { ...s, tables: { ...s.tables, [e.tableId]: { ...s.tables[e.tableId], limits: e.limits } } } : s;
    case 'TournamentEntryAccepted':
      return {
        ...s,
        prizePoolCents: e.prizePoolAfterCents,
        entries: { ...s.entries, [e.entryId]: { entryId: e.entryId, patronId: e.patronId, employee: e.employee, ...(e.displayName ? { displayName: e.displayName } : {}), feeCents: e.feeCents, refundedCents: 0, status: 'entered', absent: false, absentCoups: 0 } },
      };
    case 'TournamentEntryWithdrawn':
      return { ...s, prizePoolCents: e.prizePoolAfterCents, entries: { ...s.entries, [e.entryId]: { ...s.entries[e.entryId], status: 'withdrawn', refundedCents: e.refundCents } } };
    case 'TournamentEntrySubstituted': {
      // The employee status is the substitute's from now on (Crown Melbourne 14.4.2(a)(v)); so is the name the board
      // shows (Star 15.5.8): the one given with the substitution, else the entry id, never the previous player's.
      const { displayName: _previous, ...entry } = s.entries[e.entryId];
      return { ...s, entries: { ...s.entries, [e.entryId]: { ...entry, patronId: e.patronId, employee: e.employee ?? entry.employee, ...(e.displayName ? { displayName: e.displayName } : {}) } } };
    }
    case 'TournamentPlayersBriefed':
      return { ...s, briefed: [...new Set([...s.briefed, ...e.entryIds])] };
    case 'TournamentEntriesClosed':
      return { ...s, status: 'entries-closed', guaranteeApplies: e.guaranteeApplies };
    case 'TournamentCancelled': {
      // Every entry's refund, added to what it was refunded before (Star 15.3.4).
      const entries = { ...s.entries };
      for (const r of e.refunds) if (entries[r.entryId]) entries[r.entryId] = { ...entries[r.entryId], refundedCents: entries[r.entryId].refundedCents + r.refundCents };
      return { ...s, status: 'cancelled', prizePoolCents: 0, entries, cancellation: { reason: e.reason, cancelledAt: e.cancelledAt, clause: e.clause, ...(e.accounting ?? {}) } };
    }
    case 'TournamentBuyInNotProvided': {
      const entries = { ...s.entries };
      for (const id of e.entryIds) entries[id] = { ...entries[id], status: 'eliminated', forfeitClause: e.clause };
      return { ...s, entries };
    }
    case 'TournamentSessionStarted': {
      const players: Record<string, SessionPlayer> = {};
      // Seats at a Rapid table await it taking the session: their allotment is not credited, nor issued, until then (Rapid 12.3.2).
      const awaiting = new Set(e.awaitingTables ?? []);
      let notYetIssued = 0;
      for (const x of e.seating) {
        const waits = awaiting.has(x.tableId);
        if (waits) notYetIssued += x.chips;
        players[x.entryId] = {
          entryId: x.entryId,
          tableId: x.tableId,
          box: x.box,
          chips: waits ? 0 : x.chips,
          ...(waits ? { allotment: x.chips } : {}),
          passCards: e.passCards,
          undisclosedWagers: e.undisclosedWagers,
          allInMarkers: e.allInMarkers ?? 0,
          standOffMarkers: e.standOffMarkers ?? 0,
          reBuyMarkers: e.reBuyMarkers ?? 0,
          status: waits ? 'awaiting-table' : 'playing',
        };
      }
      const tables = [...new Set(e.seating.map((x) => x.tableId))];
      const session: SessionState = {
        sessionId: e.sessionId,
        kind: e.kind,
        playOff: e.playOff,
        players,
        tables,
        minimum: e.minimumWager,
        maximum: e.maximumWager,
        issued: e.issuedChips - notYetIssued,
        house: 0,
        withdrawn: 0,
        coups: Object.fromEntries(tables.map((t) => [t, null])),
        lastMarker: {},
        eliminated: [],
        ended: null,
        playOffsDecided: [],
        startedAt: e.startedAt,
      };
      // Each seated player's buy-in the pool grew by (Star 15.6.2, 15.3.2), refunded on cancellation (15.3.4). A
      // session no table took, started again (Rapid 12.3.2), replaces it: its players paid when it first started.
      const before = s.sessions[e.sessionId];
      const payers = e.seating.map((x) => x.entryId).filter((id) => !before?.players[id]);
      const buyIns = (e.prizePoolAfterCents ?? s.prizePoolCents) > s.prizePoolCents ? (e.buyInCents ?? 0) : 0;
      return {
        ...paidIntoPool(s, payers, buyIns),
        status: 'running',
        prizePoolCents: e.prizePoolAfterCents ?? s.prizePoolCents,
        sessions: { ...s.sessions, [e.sessionId]: session },
        sessionOrder: before ? s.sessionOrder : [...s.sessionOrder, e.sessionId],
        currentSessionId: e.sessionId,
      };
    }
    case 'TournamentCoupStarted':
      return withSession(s, e.sessionId, (x) => ({
        ...x,
        coups: { ...x.coups, [e.tableId]: { coupId: e.coupId, markerBox: e.markerBox, passes: [], undisclosed: {}, markers: {}, revealed: null, wagers: [], removed: [], completed: null } },
        lastMarker: e.markerBox === null ? x.lastMarker : { ...x.lastMarker, [e.tableId]: e.markerBox },
      }));
    case 'PassCardPlayed': {
      const next = withCoup(s, e.sessionId, e.tableId, (c) => ({ ...c, passes: [...c.passes, e.entryId] }));
      return withSession(next, e.sessionId, (x) => withPlayer(x, e.entryId, (p) => ({ ...p, passCards: e.remaining })));
    }
    case 'UndisclosedWagerRecorded': {
      const next = withCoup(s, e.sessionId, e.tableId, (c) => ({ ...c, undisclosed: { ...c.undisclosed, [e.entryId]: e.form }, ...(e.recordedAt ? { undisclosedAt: { ...c.undisclosedAt, [e.entryId]: e.recordedAt } } : {}) }));
      return withSession(next, e.sessionId, (x) => withPlayer(x, e.entryId, (p) => ({ ...p, undisclosedWagers: e.remaining })));
    }
    case 'UndisclosedWagerVoided': {
      // Received after the table closed betting (Star 15.8.2.5): not revealed or scored; the undisclosed wager given back.
      const next = withCoup(s, e.sessionId, e.tableId, (c) => {
        const { [e.entryId]: _form, ...undisclosed } = c.undisclosed;
        return { ...c, undisclosed };
      });
      return withSession(next, e.sessionId, (x) => withPlayer(x, e.entryId, (p) => ({ ...p, undisclosedWagers: e.remaining })));
    }
    case 'TournamentMarkerPlayed': {
      const next = withCoup(s, e.sessionId, e.tableId, (c) => ({ ...c, markers: { ...c.markers, [e.entryId]: { marker: e.marker, bet: e.bet } } }));
      const counter = e.marker === 'all-in' ? 'allInMarkers' : 'standOffMarkers';
      return withSession(next, e.sessionId, (x) => withPlayer(x, e.entryId, (p) => ({ ...p, [counter]: e.remaining })));
    }
    case 'TournamentChipsBought':
      // A buy-back returns an eliminated player to play with the chips bought; the session issues them (conserved).
      // What the pool grew by is the price this entry paid into it (Star 15.3.2), refunded on cancellation (15.3.4).
      return {
        ...paidIntoPool(withSession(s, e.sessionId, (x) => ({
          ...withPlayer(x, e.entryId, (p) => ({ ...p, chips: e.chipsAfter, status: 'playing', reBuyMarkers: e.reBuyMarkersRemaining })),
          issued: e.issuedChipsAfter,
          eliminated: x.eliminated.filter((id) => id !== e.entryId),
        })), [e.entryId], e.prizePoolAfterCents - s.prizePoolCents),
        prizePoolCents: e.prizePoolAfterCents,
      };
    case 'UndisclosedWagersRevealed':
      return withCoup(s, e.sessionId, e.tableId, (c) => ({ ...c, revealed: e.wagers }));
    case 'TableWagersNoted':
      return withCoup(s, current(s) ?? '', e.tableId, (c) => (c.coupId === e.coupId ? { ...c, wagers: [...c.wagers, ...e.wagers] } : c));
    case 'TableWagersReturnedNoted':
      return withCoup(s, current(s) ?? '', e.tableId, (c) => (c.coupId === e.coupId ? { ...c, returned: [...(c.returned ?? []), ...e.wagerIds] } : c));
    case 'TableNoMoreBetsNoted':
      return withCoup(s, current(s) ?? '', e.tableId, (c) => (c.coupId === e.coupId ? { ...c, noMoreBets: true, ...(e.closedAt ? { noMoreBetsAt: e.closedAt } : {}) } : c));
    case 'TableCoupCompletedNoted':
      return withCoup(s, current(s) ?? '', e.tableId, (c) =>
        c.coupId === e.coupId ? { ...c, completed: { result: e.result, playerCards: e.playerCards, bankerCards: e.bankerCards } } : c,
      );
    case 'TableCoupVoidedNoted': {
      // A void coup returns every wager: the pass cards and undisclosed wagers it used are given back.
      const session = current(s) ? s.sessions[current(s)!] : undefined;
      const coup = session?.coups[e.tableId];
      if (!session || !coup || coup.coupId !== e.coupId) return s;
      let x: SessionState = { ...session, coups: { ...session.coups, [e.tableId]: null } };
      for (const id of coup.passes) x = withPlayer(x, id, (p) => ({ ...p, passCards: p.passCards + 1 }));
      for (const id of Object.keys(coup.undisclosed)) x = withPlayer(x, id, (p) => ({ ...p, undisclosedWagers: p.undisclosedWagers + 1 }));
      for (const [id, m] of Object.entries(coup.markers ?? {})) {
        x = withPlayer(x, id, (p) => (m.marker === 'all-in' ? { ...p, allInMarkers: p.allInMarkers + 1 } : { ...p, standOffMarkers: p.standOffMarkers + 1 }));
      }
      return { ...s, sessions: { ...s.sessions, [x.sessionId]: x } };
    }
    case 'TournamentCoupScored': {
      const next = withSession(s, e.sessionId, (x) => {
        const scored = e.lines.map((l) => ({ entryId: l.entryId, box: l.box, move: l.chipsAfter - l.chipsBefore, chipsBefore: l.chipsBefore }));
        let y: SessionState = { ...x, house: e.houseChipsAfter, coups: { ...x.coups, [e.tableId]: null }, scoredCoups: withScoredCoup(x.scoredCoups, scoredCoupKey(e.tableId, e.coupId), scored) };
        for (const l of e.lines) y = withPlayer(y, l.entryId, (p) => ({ ...p, chips: l.chipsAfter }));
        return y;
      });
      const entries = { ...next.entries };
      for (const l of e.lines) if (l.absent && l.deducted > 0) entries[l.entryId] = { ...entries[l.entryId], absentCoups: entries[l.entryId].absentCoups + 1 };
      return { ...next, entries };
    }
    case 'TournamentPlayersEliminated':
      return withSession(s, e.sessionId, (x) => {
        const key = scoredCoupKey(e.tableId, e.coupId);
        const residual = new Map(e.order.map((o) => [o.entryId, o.residualChips]));
        const lines = scoredCoupLines(x.scoredCoups, key);
        const scoredCoups = lines ? withScoredCoup(x.scoredCoups, key, lines.map((l) => (residual.has(l.entryId) ? { ...l, eliminatedWithResidual: residual.get(l.entryId)! } : l))) : x.scoredCoups;
        let y: SessionState = { ...x, scoredCoups, eliminated: [...x.eliminated, ...e.order.map((o) => o.entryId)] };
        for (const o of e.order) {
          y = { ...withPlayer(y, o.entryId, (p) => ({ ...p, status: 'eliminated', chips: 0 })), withdrawn: y.withdrawn + o.residualChips };
        }
        return y;
      });
    case 'TournamentPlayerDisqualified':
    case 'TournamentPlayerRetired': {
      const next = leavePlay(s, e.entryId);
      const status = e.type === 'TournamentPlayerDisqualified' ? 'disqualified' : 'retired';
      const entry = next.entries[e.entryId];
      // What a disqualified player is not refunded stays with the clause that forfeits it (Star 15.5.7, 15.5.6.2).
      const forfeit = e.type === 'TournamentPlayerDisqualified' ? { forfeitClause: e.clause } : {};
      const after = e.standIn ? withStandIn(next, e.entryId, e.standIn) : next;
      return { ...after, prizePoolCents: e.prizePoolAfterCents, entries: { ...next.entries, [e.entryId]: { ...entry, status, ...forfeit, refundedCents: (entry?.refundedCents ?? 0) + e.refundCents } } };
    }
    case 'TournamentPlayerAbsenceNoted':
      return { ...s, entries: { ...s.entries, [e.entryId]: { ...s.entries[e.entryId], absent: e.absent, absentCoups: e.absent ? s.entries[e.entryId].absentCoups : 0 } } };
    case 'TournamentSessionEnded':
      return withSession(s, e.sessionId, (x) => ({ ...x, ended: e }));
    case 'TournamentPlayOffDecided':
      return withSession(s, e.forSessionId, (x) => ({ ...x, playOffsDecided: [...x.playOffsDecided, e] }));
    case 'TournamentResultsDeclared':
      return { ...s, results: e };
    case 'TournamentPrizesDistributed':
      return { ...s, prizes: e, status: 'completed' };
    case 'TournamentChipsCorrected':
      return withSession(s, e.sessionId, (x) => {
        const y = withPlayer(x, e.entryId, (p) => ({ ...p, chips: e.chipsAfter, status: e.statusAfter }));
        const others = x.eliminated.filter((id) => id !== e.entryId);
        return { ...y, house: e.houseChipsAfter, withdrawn: e.withdrawnChipsAfter, eliminated: e.statusAfter === 'eliminated' ? [...others, e.entryId] : others, rapidNotes: [...(x.rapidNotes ?? []), e.correctionId] };
      });
    case 'TournamentSessionRefusedAtTable':
      // The session does not play at the table (Rapid 12.3.2): its seats there are not seated, their chips back to the inventory.
      return withSession(s, e.sessionId, (x) => {
        let y: SessionState = { ...x, refusedTables: { ...(x.refusedTables ?? {}), [e.tableId]: { reason: e.reason, message: e.message, clause: e.clause } }, coups: { ...x.coups, [e.tableId]: null } };
        for (const seat of e.seats) y = { ...withPlayer(y, seat.entryId, (p) => ({ ...p, status: 'not-seated', chips: 0 })), withdrawn: y.withdrawn + seat.chips };
        return y;
      });
    case 'TournamentSessionTakenAtTable':
      // The Rapid table took the session (12.3.2): its seats play, their allotment credited and issued now (12.2.1(b)).
      return withSession(s, e.sessionId, (x) => {
        let y: SessionState = { ...x, issued: x.issued + e.seats.reduce((a, seat) => a + seat.chips, 0) };
        for (const seat of e.seats) y = withPlayer(y, seat.entryId, ({ allotment: _a, ...p }) => ({ ...p, status: 'playing', chips: seat.chips }));
        return y;
      });
    case 'TournamentRapidNoticeRecorded':
      return withSession(s, e.sessionId, (x) => ({
        ...x,
        rapidNotes: [...(x.rapidNotes ?? []), e.correctionId ?? seatRefusedKey(e.entryId)],
        ...(e.kind === 'seat-refused' ? { refusedSeats: { ...(x.refusedSeats ?? {}), [e.entryId]: { tableId: e.tableId, reason: e.reason ?? 'refused', clause: e.clause } } } : {}),
      }));
    case 'TournamentTablePlayIgnored':
      // Noted for the director only: a cancelled tournament's state does not move (Star 2024 15.3.4).
      return s;
    default: {
      const never: never = e;
      return never;
    }
  }
};

const withoutKey = <V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> => {
  if (!(key in record)) return record;
  const { [key]: _gone, ...rest } = record;
  return rest;
};
