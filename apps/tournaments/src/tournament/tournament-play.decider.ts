/**
 * Play at the designated tables (Crown Melbourne 14.2.4-14.2.5; Star 15.5-15.9): sessions with the same allotment
 * of tournament chips for every player, pass cards, undisclosed wagers, the order-of-wagering marker, absence,
 * disqualification and retirement. Coups are scored from what the tables service published (its coups and
 * settlements); the tournament never asks the tables service anything.
 */
import { parseCard, playCoup, procedureClause, roundToChip, rulebookById, settleWager, type BetId, type RulebookId, type TournamentRules } from '@app/baccarat';
import { conflict, notFound, notYetHeard, ruleViolation, type CoupScoreLine, type RevealedUndisclosedWager, type TournamentPlayerDisqualified, type TournamentPlayersEliminated, type TournamentSettledWager } from '@app/contracts';
import type {
  CoupDeduction,
  Disqualify,
  NoteAbsence,
  NoteCoupCompleted,
  NoteCoupStarted,
  NoteCoupVoided,
  NoteFirstCard,
  NoteNoMoreBets,
  NoteSettlement,
  NoteTableOpened,
  NoteTableLimitsChanged,
  NoteWagers,
  PlayPassCard,
  RecordBriefing,
  RecordUndisclosedWager,
  Retire,
  StartSession,
} from './tournament-command.types';
import { clauseOf, currentSession, limitsMisused, percentOf, poolAfterRefund, requireActiveEntry, requireDirector, requireDirectorOr, requireEntry, requireNotFinished, requireRefundApprovalApplies, requireTournament } from './tournament-rules.decider';
import { rapidTablesReady } from './tournament-rapid-tables.decider';
import { sessionBuyIns } from './tournament-session-buy-in.decider';
import { requireScheduledStart } from './tournament-session-schedule.decider';
import { eligibleForSession, pendingPlayOff, playOffDecision, standInFor } from './tournament-standing.decider';
import { wagerInUnits, wagersWithinChips, withinChips } from './tournament-wager-units.decider';
import { evolveTournament } from './tournament-state.decider';
import { undoScoredCoup } from './tournament-coup-voids.decider';
import { instantMs } from './instants';
import { noTableTook } from './tournament-rapid-corrections.decider';
import type { CoupInProgress, OpenedTable, SessionPlayer, SessionState, TournamentEvent, TournamentState, UndisclosedForm } from './tournament.events';

// ---- tables ------------------------------------------------------------------------------------------------

/** A table the tables service opened: in tournament mode it becomes ready; a designated table opened otherwise is misuse (Crown Melbourne 14.2.5). */
/** The casino whose rules a rulebook version is (its operator). */
const operatorOf = (rulebookId: string): string => rulebookById(rulebookId as RulebookId).operatorId;

export const noteTableOpened = (c: NoteTableOpened, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const designated = s.designatedTables.includes(c.tableId);
  if (c.forTournament) {
    const limits = c.limits ? inChips(c.limits) : undefined;
    const opened: OpenedTable = {
      variant: c.variant,
      offeredBets: c.offeredBets,
      ...(limits ? { limits } : {}),
      ...(c.minimumChipCents && c.minimumChipCents > 1 ? { minimumChip: c.minimumChipCents } : {}),
      ...(c.boxes ? { boxes: c.boxes } : {}),
      ...(c.rulebookId ? { rulebookId: c.rulebookId } : {}),
    };
    if (!designated) {
      // The director is told it is not (yet) designated; kept, so that its designation makes it ready: the order of
      // the two requests does not matter (Crown Melbourne 14.2.4-14.2.5; Star 15.5.1-15.5.2).
      return [
        { type: 'TournamentTableMisused', tournamentId: s.tournamentId, tableId: c.tableId, problem: 'table-not-designated', notedAt: c.now, clause: t.designation.clause },
        { type: 'TableOpenedBeforeDesignation', tournamentId: s.tournamentId, tableId: c.tableId, ...opened },
      ];
    }
    return tableReady(s, t, c.tableId, opened, c.now);
  }
  if (!designated || s.status === 'completed' || s.status === 'cancelled') return [];
  return [{ type: 'TournamentTableMisused', tournamentId: s.tournamentId, tableId: c.tableId, problem: 'designated-table-opened-for-other-play', notedAt: c.now, clause: t.exclusiveTables.clause }];
};

/**
 * A designated table opened in tournament mode for this tournament is ready: its game, bets, limits (compared with the
 * terms) and smallest chip. A tournament is the casino's own gaming (Crown Melbourne 14.2.4; Star 15.5.1: the casino's
 * tables designated for it): a table under another operator's rules is never ready for it, whatever was designated.
 */
export const tableReady = (s: TournamentState, t: TournamentRules, tableId: string, opened: OpenedTable, now: string): TournamentEvent[] => {
  if (opened.rulebookId && operatorOf(opened.rulebookId) !== operatorOf(s.rulebookId)) {
    return [{ type: 'TournamentTableMisused', tournamentId: s.tournamentId, tableId, problem: 'table-of-another-casino', notedAt: now, clause: t.designation.clause }];
  }
  const ready: TournamentEvent = {
    type: 'TournamentTableReady',
    tournamentId: s.tournamentId,
    tableId,
    variant: opened.variant,
    offeredBets: opened.offeredBets,
    ...(opened.limits ? { limits: opened.limits } : {}),
    ...(opened.minimumChip ? { minimumChip: opened.minimumChip } : {}),
    ...(opened.boxes ? { boxes: opened.boxes } : {}),
    clause: t.exclusiveTables.clause,
  };
  return [ready, ...limitsMisused(s, s.terms, tableId, opened.limits, now)];
};

const inChips = (limits: NonNullable<NoteTableOpened['limits']>) => limits.perBet.map((l) => ({ bet: l.bet, minimum: l.minimumCents, maximum: l.maximumCents }));

/** A tournament table's limits changed after it opened (the tables service's TableLimitsChanged): checked against the terms again. */
export const noteTableLimitsChanged = (c: NoteTableLimitsChanged, s: TournamentState): TournamentEvent[] => {
  if (!s.exists || s.status === 'completed' || s.status === 'cancelled') return [];
  const limits = inChips(c.limits);
  // A table opened for the tournament before its designation keeps its new limits, compared once it is designated.
  if (!s.tables[c.tableId]) return s.openedBeforeDesignation?.[c.tableId] ? [{ type: 'TableLimitsNoted', tournamentId: s.tournamentId, tableId: c.tableId, limits }] : [];
  return [{ type: 'TableLimitsNoted', tournamentId: s.tournamentId, tableId: c.tableId, limits }, ...limitsMisused(s, s.terms, c.tableId, limits, c.now)];
};

// ---- sessions ----------------------------------------------------------------------------------------------

/** Crown Melbourne 14.3.1, Rapid 12.2.3: before play begins the director briefs the players on the terms. */
export const recordBriefing = (c: RecordBriefing, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Recording the briefing');
  for (const id of c.entryIds) requireEntry(s, id);
  const fresh = c.entryIds.filter((id) => !s.briefed.includes(id));
  if (fresh.length === 0) return [];
  return [{ type: 'TournamentPlayersBriefed', tournamentId: s.tournamentId, entryIds: fresh, briefedAt: c.now, clause: t.briefing?.clause ?? t.clause }];
};

export const startSession = (c: StartSession, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Starting a session');
  if (s.status === 'open') throw conflict('ENTRIES_OPEN', `Entries to tournament ${s.tournamentId} are still open: close them (POST /tournaments/${s.tournamentId}/entries/close) before play begins.`, clauseOf(t, 'entryMethod'), 'sessionId');
  requireScheduledStart(c, s, t);
  // A session no table took (Rapid 12.3.2: each Rapid table refused it, no coup scored) never was in progress: the
  // director starts the same session again once a table is free. Any other session that exists stands as it is.
  const existing = s.sessions[c.sessionId];
  const again = !!existing && noTableTook(existing);
  // Sessions are the tournament's format as its terms state it, one after another (Star 15.4.2(e); Crown Melbourne 14.4.3(a)(i)).
  const format = clauseOf(t, 'format');
  if (existing && !again) throw conflict('SESSION_EXISTS', `Session ${c.sessionId} already exists: start the next session under a new sessionId.`, format, 'sessionId');
  const current = currentSession(s);
  if (current && !current.ended && current.sessionId !== (again ? c.sessionId : null)) {
    throw conflict(
      'SESSION_IN_PROGRESS',
      noTableTook(current)
        ? `No table took session ${current.sessionId} (${t.exclusiveTables.clause}): free its table, then start session ${current.sessionId} again, or end it first.`
        : `Session ${current.sessionId} is in progress: end it first, then start session ${c.sessionId}.`,
      noTableTook(current) ? t.exclusiveTables.clause : format,
      'sessionId',
    );
  }
  const seated = c.seating.map((x) => x.entryId);
  if (new Set(seated).size !== seated.length) throw ruleViolation('PLAYER_SEATED_TWICE', 'A player has one allotted position.', clauseOf(t, 'tableAllocation'), 'seating');
  const places = new Set(c.seating.map((x) => `${x.tableId}#${x.box}`));
  if (places.size !== c.seating.length) throw ruleViolation('BOX_TAKEN', 'Each box seats one player.', clauseOf(t, 'tableAllocation'), 'seating');
  const unbriefed = t.briefing ? c.seating.filter((x) => !s.briefed.includes(x.entryId)).map((x) => x.entryId) : [];
  if (unbriefed.length > 0) {
    throw ruleViolation('PLAYERS_NOT_BRIEFED', `Brief ${unbriefed.join(', ')} on the terms and conditions before play begins.`, t.briefing!.clause, 'seating');
  }
  // A Rapid table serves one tournament session at a time (Rapid 12.3.2): not one another tournament's session plays at.
  for (const table of c.rapidTables ?? []) {
    const other = table.inUseBy;
    if (other && other.tournamentId !== s.tournamentId && c.seating.some((x) => x.tableId === table.tableId)) {
      throw conflict('TABLE_IN_ANOTHER_TOURNAMENT_SESSION', `Rapid table ${table.tableId} is used for session ${other.sessionId} of tournament ${other.tournamentId} until it ends (${t.exclusiveTables.clause}): seat this session at another table, or after that one ends.`, t.exclusiveTables.clause);
    }
  }
  // A designated Rapid table published after its designation becomes ready here (Rapid 12.3.1-12.3.2).
  const ready = rapidTablesReady(s, t, s.designatedTables, [...new Set(c.seating.map((x) => x.tableId))], c.rapidTables);
  const readyIds = new Set(ready.flatMap((e) => (e.type === 'TournamentTableReady' ? [e.tableId] : [])));
  for (const x of c.seating) {
    if (!s.tables[x.tableId] && !readyIds.has(x.tableId)) {
      throw ruleViolation('TABLE_NOT_READY', `Table ${x.tableId} is not a designated table opened in tournament mode for this tournament.`, t.exclusiveTables.clause, 'seating');
    }
  }
  requireBoxesAtTables(s, t, c);
  // Wagers are in tournament chips of the table's smallest chip: a table opened with a chip the terms' minimum wager is
  // no whole number of (a cash chip of 500 against a minimum of 10) would refuse every wager the terms allow
  // (Crown Melbourne 14.4.4(a)-(b); Star 15.6.14: at least the minimum, in units of it).
  const minimumWager = s.terms.wagerLimits?.minimum;
  for (const tableId of new Set(c.seating.map((x) => x.tableId))) {
    const chip = s.tables[tableId]?.minimumChip ?? 1;
    if (minimumWager !== undefined && chip > 1 && minimumWager % chip !== 0) {
      throw ruleViolation(
        'TABLE_CHIP_NOT_A_UNIT_OF_THE_MINIMUM',
        `Table ${tableId} was opened with a smallest chip of ${chip}, and the terms' minimum wager of ${minimumWager} tournament chips is no whole number of them, so the table would refuse the wagers the terms allow: close it and open it again in tournament mode with a smallest chip that divides ${minimumWager} (tournament chips of 1, for instance), then start the session.`,
        t.play.wagerUnits?.clause ?? t.play.minimumEachCoup.clause,
        'seating',
      );
    }
  }
  // Who may be seated is judged as before the session no table took: nobody played it.
  const prior: TournamentState = again ? { ...s, sessionOrder: s.sessionOrder.filter((id) => id !== c.sessionId) } : s;
  let playOff: { sessionId: string; tableId: string | null; places: number } | null = null;
  if (c.kind === 'play-off') {
    const pending = pendingPlayOff(prior, seated);
    if (!pending) throw ruleViolation('NO_SUCH_PLAY_OFF', 'Seat exactly the players of an undecided tie of the last session.', t.play.playOffs.clause, 'seating');
    playOff = pending;
  } else {
    const eligible = eligibleForSession(prior, c.kind);
    const stranger = seated.find((id) => !eligible.includes(id));
    if (stranger) throw ruleViolation('PLAYER_NOT_ELIGIBLE_FOR_SESSION', `Entry ${stranger} has not progressed to this session.`, clauseOf(t, 'progression'), 'seating');
    const missing = eligible.filter((id) => !seated.includes(id));
    if (missing.length > 0 && c.kind === 'final') {
      throw ruleViolation('PLAYER_NOT_SEATED', `Seat every player who progressed: ${missing.join(', ')}.`, clauseOf(t, 'progression'), 'seating');
    }
  }
  const buyIns = sessionBuyIns(c, s, t);
  const seating = c.seating.filter((x) => buyIns.paid.includes(x.entryId));
  // Started again: the players of the session no table took paid its buy-in then; the pool grows by the others' only.
  const intoPoolEach = buyIns.paid.length > 0 ? (buyIns.prizePoolAfterCents - s.prizePoolCents) / buyIns.paid.length : 0;
  const prizePoolAfterCents = again ? s.prizePoolCents + intoPoolEach * buyIns.paid.filter((id) => !existing!.players[id]).length : buyIns.prizePoolAfterCents;
  const chips = s.terms.startingChips ?? 0;
  const limits = s.terms.wagerLimits ?? { minimum: 1, maximum: chips };
  const awaitingTables = [...new Set(seating.map((x) => x.tableId))].filter((id) => (c.rapidTables ?? []).some((r) => r.tableId === id));
  return [
    ...ready,
    ...(buyIns.notProvided ? [buyIns.notProvided] : []),
    {
      type: 'TournamentSessionStarted',
      tournamentId: s.tournamentId,
      sessionId: c.sessionId,
      kind: c.kind,
      playOff,
      seating: seating.map((x) => ({ ...x, patronId: requireEntry(s, x.entryId).patronId, chips })),
      passCards: t.play.passCards ? (s.terms.passCards?.perSession ?? 0) : 0,
      undisclosedWagers: t.play.undisclosedWagers ? (s.terms.undisclosedWagers?.perSession ?? 0) : 0,
      allInMarkers: t.play.allInMarkers ? (s.terms.allInMarkers?.perSession ?? 0) : 0,
      standOffMarkers: t.play.standOffMarkers ? (s.terms.standOffMarkers?.perSession ?? 0) : 0,
      reBuyMarkers: t.chipPurchases.reBuyMarkers ? (s.terms.reBuyMarkers?.perSession ?? 0) : 0,
      minimumWager: limits.minimum,
      maximumWager: limits.maximum,
      // The consequence the conditions state for a coup without a wager, where the rules apply the terms' (Rapid 12.2.1(c)).
      ...(typeof s.terms.compulsoryWager === 'object' && t.play.minimumEachCoup.consequenceInTerms ? { compulsoryWager: { consequence: s.terms.compulsoryWager.consequence, clause: t.play.minimumEachCoup.clause } } : {}),
      // The tables wait for the tournament's ruling on each wager's turn before no more bets (Star 15.9.3-15.9.4).
      ...(keepsOrderOfWagering(s, t) ? { orderOfWagering: { clause: t.play.orderOfWagering!.clause, outOfSequenceClause: t.play.orderOfWagering!.outOfSequenceClause } } : {}),
      issuedChips: chips * seating.length,
      buyInCents: buyIns.buyInCents,
      prizePoolAfterCents,
      // A Rapid table takes the session itself, or refuses it (Rapid 12.3.2): its seats await it.
      ...(awaitingTables.length > 0 ? { awaitingTables } : {}),
      startedAt: c.now,
      clause: [clauseOf(t, 'startingChips'), ...buyIns.clauses].filter((x, i, all) => all.indexOf(x) === i).join('; '),
    },
  ];
};

/**
 * Each seat is one of its table's boxes (Star 5.1, Crown Melbourne 5.2: boxes 1 to the table's number; Rapid 2.2(a):
 * box n is the table's n-th ATS), as the tables service published it (TableOpened.boxes) or the rapid service did
 * (RapidTableOpened.stations, fresher than what the table was ready with): a seat the table does not have is a player
 * who can never wager there. A table whose boxes were never published is not judged.
 */
const requireBoxesAtTables = (s: TournamentState, t: TournamentRules, c: StartSession): void => {
  c.seating.forEach((x, i) => {
    const rapid = c.rapidTables?.find((r) => r.tableId === x.tableId);
    const boxes = rapid ? rapid.boxes : s.tables[x.tableId]?.boxes;
    if (boxes === undefined || (Number.isInteger(x.box) && x.box >= 1 && x.box <= boxes)) return;
    // A table is ready only under the tournament's casino's rules (tableReady): its box clause is the tournament's rulebook's.
    const rulebookId = rapid?.rulebookId ?? s.rulebookId;
    const clause = `${t.exclusiveTables.clause}; ${procedureClause(rulebookById(rulebookId as RulebookId), 'box-at-table')}`;
    const what = rapid ? `${boxes} ATS${boxes === 1 ? '' : 's'} (box n is its n-th ATS)` : `boxes 1-${boxes}`;
    throw ruleViolation('BOX_NOT_AT_TABLE', `Table ${x.tableId} has ${what}: seat entry ${x.entryId} at one of them, not at box ${x.box}.`, clause, `seating[${i}].box`);
  });
};

const playersAt = (session: SessionState, tableId: string): SessionPlayer[] =>
  Object.values(session.players)
    .filter((p) => p.tableId === tableId && p.status === 'playing')
    .sort((a, b) => a.box - b.box);

/** The session the table plays in now, or null (practice hands, Crown Melbourne 14.3.2, and other play are not scored). */
const sessionAt = (s: TournamentState, tableId: string): SessionState | null => {
  const session = currentSession(s);
  // A Rapid table that refused the session does not play it (Rapid 12.3.2).
  return session && !session.ended && session.tables.includes(tableId) && !session.refusedTables?.[tableId] ? session : null;
};

// ---- a coup at a tournament table ----------------------------------------------------------------------

/** Whether the tournament's play keeps an order of wagering: its rules provide one and its terms set it (Star 15.4.2(f), 15.9.2). */
const keepsOrderOfWagering = (s: TournamentState, t: TournamentRules): boolean => !!t.play.orderOfWagering && s.terms.orderOfWagering === true;

/**
 * The marker moves box by box (Star 15.9.2: "box one for the first coup, box two for the second coup and so on"): over
 * the table's boxes, whether a tournament player sits there or not. On an empty box, the player to its left wagers
 * first (15.9.3, wageringOrder). Where the table's boxes are not known (earlier events), the highest box seated, at least 7.
 */
export const noteCoupStarted = (c: NoteCoupStarted, s: TournamentState): TournamentEvent[] => {
  if (!s.exists || c.dummy) return [];
  const session = sessionAt(s, c.tableId);
  if (!session) return [];
  const { t } = requireTournament(s);
  const open = session.coups[c.tableId];
  if (open?.coupId === c.coupId) return [];
  const boxes = playersAt(session, c.tableId).map((p) => p.box);
  const useMarker = keepsOrderOfWagering(s, t) && boxes.length > 0;
  const last = session.lastMarker[c.tableId] ?? null;
  const boxCount = s.tables[c.tableId]?.boxes ?? Math.max(7, ...boxes);
  const markerBox = useMarker ? (last === null ? 1 : (last % boxCount) + 1) : null;
  return [{ type: 'TournamentCoupStarted', tournamentId: s.tournamentId, sessionId: session.sessionId, tableId: c.tableId, coupId: c.coupId, markerBox, clause: useMarker ? t.play.orderOfWagering!.clause : null }];
};

/** The coup an act at the table is for, in play there: `clause` is the act's (a pass card's, a form's, a marker's). */
export const requireOpenCoup = (s: TournamentState, tableId: string, coupId: string, clause: string): { session: SessionState; coup: CoupInProgress } => {
  // A cancelled tournament takes no more acts of play (Star 2024 15.3.4).
  requireNotFinished(s);
  const session = sessionAt(s, tableId);
  const coup = session?.coups[tableId];
  if (!session || !coup || coup.coupId !== coupId) throw notYetHeard('COUP_NOT_OPEN', `Coup ${coupId} is not in play at tournament table ${tableId}: check the coupId and tableId; if the coup has just started there, try again in a moment.`, clause, 'coupId');
  if (coup.revealed || coup.completed) throw conflict('NO_MORE_BETS', `No more bets have been called for coup ${coupId}.`, clause, 'coupId');
  return { session, coup };
};

export const requireSeatedPlayer = (session: SessionState, tableId: string, entryId: string): SessionPlayer => {
  const p = session.players[entryId];
  if (!p || p.tableId !== tableId) throw notFound('PLAYER_NOT_AT_TABLE', `Entry ${entryId} is not seated at table ${tableId} in session ${session.sessionId}.`);
  if (p.status !== 'playing') throw conflict('PLAYER_NOT_IN_PLAY', `Entry ${entryId} is no longer in play.`);
  return p;
};

/** A pass card in lieu of a wager (Star 15.7.1; Crown Melbourne 14.4.4(d)): each player has the same number per heat. */
export const playPassCard = (c: PlayPassCard, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const rule = t.play.passCards;
  if (!rule) throw ruleViolation('PASS_CARDS_NOT_PROVIDED', `${t.director.title}: these rules provide no pass cards.`, t.clause, 'entryId');
  requireDirectorOr(c.actor, t, 'dealer', rule.clause, 'Recording a pass card');
  const { session, coup } = requireOpenCoup(s, c.tableId, c.coupId, rule.clause);
  const p = requireSeatedPlayer(session, c.tableId, c.entryId);
  // A second pass card on the same coup is refused, as a second form is: one is in lieu of the wager (Star 15.7.1).
  if (coup.passes.includes(c.entryId)) throw conflict('PASS_CARD_PLAYED', `Entry ${c.entryId} has already played a pass card on coup ${c.coupId}: one pass card is in lieu of the box's wager for the coup.`, rule.clause);
  if (p.passCards <= 0) throw ruleViolation('NO_PASS_CARDS_LEFT', `Entry ${c.entryId} has used every pass card of this session.`, rule.clause, 'entryId');
  if (coup.wagers.some((w) => w.box === p.box) || coup.undisclosed[c.entryId] || coup.markers[c.entryId]) {
    throw ruleViolation('PASS_CARD_WITH_WAGER', 'A pass card is played in lieu of a wager, not with one.', rule.clause, 'entryId');
  }
  // In lieu of a wager, it is the box's wager in turn (Star 15.7.1 with 15.9.3-15.9.4): ahead of its turn it is refused, as a form is.
  const progress = wageringProgress(s, session, c.tableId, coup, t);
  const turn = progress ? turnOf(progress, p.box, t.play.orderOfWagering!, 'form') : null;
  if (turn && !turn.inTurn) {
    throw ruleViolation(
      'PASS_CARD_OUT_OF_SEQUENCE',
      `Entry ${c.entryId} (box ${p.box}) is out of sequence on coup ${c.coupId}: box ${turn.expectedBox} wagers first (${turn.clause}; a pass card is in lieu of a wager, ${rule.clause}), so this pass card is not recorded; play it once the boxes ahead in the order have wagered.`,
      turn.clause,
      'entryId',
    );
  }
  return [{ type: 'PassCardPlayed', tournamentId: s.tournamentId, sessionId: session.sessionId, tableId: c.tableId, coupId: c.coupId, entryId: c.entryId, box: p.box, remaining: p.passCards - 1, clause: rule.clause }];
};

/** The form passes to the Game Supervisor for recording (Star 15.8.2.1); only an indicator shows (15.8.2.5). */
export const recordUndisclosedWager = (c: RecordUndisclosedWager, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const rule = t.play.undisclosedWagers;
  if (!rule) throw ruleViolation('UNDISCLOSED_WAGERS_NOT_PROVIDED', 'These rules provide no undisclosed wagers.', t.clause, 'entryId');
  requireDirectorOr(c.actor, t, 'gaming-supervisor', rule.clause, 'Recording an undisclosed wager');
  const open = sessionAt(s, c.tableId)?.coups[c.tableId];
  // Decided by the times: the form's received time against the table's closing, however late the closing was heard.
  if (open?.coupId === c.coupId && bettingClosed(open, c.now)) {
    // The supervisor examines the form before the coup commences and announces it after no more bets (Star 15.8.2.5-15.8.2.6).
    throw conflict(
      'UNDISCLOSED_WAGER_AFTER_NO_MORE_BETS',
      `No more bets has been called for coup ${c.coupId} at table ${c.tableId}: an undisclosed wager must be written on its form and with the Game Supervisor before the coup commences, so entry ${c.entryId}'s form for this coup is not recorded; it may be made on a later coup.`,
      rule.examineClause ?? rule.clause,
    );
  }
  const { session, coup } = requireOpenCoup(s, c.tableId, c.coupId, rule.clause);
  const p = requireSeatedPlayer(session, c.tableId, c.entryId);
  if (coup.undisclosed[c.entryId]) throw conflict('UNDISCLOSED_WAGER_RECORDED', `Entry ${c.entryId} already has an undisclosed wager on this coup.`);
  if (p.undisclosedWagers <= 0) throw ruleViolation('NO_UNDISCLOSED_WAGERS_LEFT', `Entry ${c.entryId} has made every undisclosed wager the terms allow this session.`, rule.clause, 'entryId');
  if (coup.passes.includes(c.entryId)) throw ruleViolation('PASS_CARD_WITH_WAGER', 'A pass card was played in lieu of a wager on this coup.', t.play.passCards?.clause ?? rule.clause, 'entryId');
  if (coup.markers[c.entryId]?.marker === 'all-in') {
    throw ruleViolation('ALL_IN_WITH_WAGER', 'An All-In marker already plays the whole stack on this coup.', t.play.allInMarkers?.clause ?? rule.clause, 'entryId');
  }
  // The form is a wager like chips on the layout and keeps the order of wagering (Star 15.9.3-15.9.5): out of sequence
  // it is refused, which is the removal 15.9.4 requires of chips (the form never plays), and nothing is recorded.
  const progress = wageringProgress(s, session, c.tableId, coup, t);
  const turn = progress ? turnOf(progress, p.box, t.play.orderOfWagering!, 'form') : null;
  if (turn && !turn.inTurn) {
    throw ruleViolation(
      turn.afterTurn ? 'WAGER_ALTERED_AFTER_TURN' : 'WAGER_OUT_OF_SEQUENCE',
      turn.afterTurn
        ? `Entry ${c.entryId} (box ${p.box}) has made its wager in turn on coup ${c.coupId}: a wager made in turn may not be removed or altered, and a form added to it alters it (${turn.clause}), so this undisclosed wager is not recorded; it may be made on a later coup, as that coup's wager in turn.`
        : `Entry ${c.entryId} (box ${p.box}) is out of sequence on coup ${c.coupId}: box ${turn.expectedBox} wagers first (${turn.clause}), so this undisclosed wager is not recorded; hand the form in again once the boxes ahead in the order have wagered.`,
      turn.clause,
      'entryId',
    );
  }
  return [
    {
      type: 'UndisclosedWagerRecorded',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      tableId: c.tableId,
      coupId: c.coupId,
      entryId: c.entryId,
      box: p.box,
      remaining: p.undisclosedWagers - 1,
      recordedAt: c.now,
      clause: rule.clause,
      form: c.form,
    },
  ];
};

/** Boxes in wagering order from the marker, each player to the left of the last (Star 15.9.3). */
const wageringOrder = (boxes: readonly number[], marker: number): number[] => {
  // The marker's box, or (its player absent) the next box to its left.
  const at = boxes.findIndex((b) => b >= marker);
  const i = at < 0 ? 0 : at;
  return [...boxes.slice(i), ...boxes.slice(0, i)];
};

/**
 * The order of wagering of a coup so far (Star 15.9.3): the boxes in order from the marker, those that have wagered
 * in turn (chips, a pass card or an undisclosed wager) and, of those, the ones whose turn ended at once: a form (handed
 * to the Game Supervisor, 15.8.2.1) or a pass card (in lieu of a wager, 15.7.1). A wager removed as out of sequence is
 * no turn taken (15.9.4: the player waits their turn), so it is in neither. null: no order.
 */
interface WageringProgress {
  readonly order: readonly number[];
  readonly done: Set<number>;
  readonly forms: Set<number>;
}

const wageringProgress = (s: TournamentState, session: SessionState, tableId: string, coup: CoupInProgress, t: TournamentRules, asOf?: string): WageringProgress | null => {
  if (coup.markerBox === null || !t.play.orderOfWagering) return null;
  const players = playersAt(session, tableId);
  // An absent player is not in the order: the others do not wait for them (Star 15.5.6).
  const order = wageringOrder(
    players.filter((p) => !s.entries[p.entryId]?.absent).map((p) => p.box),
    coup.markerBox,
  );
  // Judged as at `asOf` (chips placed then): a form recorded after it was not yet there (Star 15.9.3-15.9.5 by the times).
  const formThen = (entryId: string) => !!coup.undisclosed[entryId] && !(asOf && recordedAfter(coup.undisclosedAt?.[entryId], asOf));
  const forms = new Set(players.filter((p) => formThen(p.entryId) || coup.passes.includes(p.entryId)).map((p) => p.box));
  const done = new Set([...coup.wagers.map((w) => w.box), ...forms]);
  return { order, done, forms };
};

/**
 * Whether a box may wager now (Star 15.9.3-15.9.5), the one rule for chip wagers and undisclosed wagers alike: in
 * turn once every box ahead of it in the order has wagered in turn (a box whose wager was removed has not: it waits
 * its turn, 15.9.4, and the boxes after it wait for it); or out of sequence, with the box that wagers next and the
 * clause. A box that wagered in turn may not remove or alter its wager (15.9.5): its turn is over once a box after it
 * in the order has wagered, and at once where its wager is a form (handed to the Game Supervisor for recording, 15.8.2.1)
 * or the further wager is a form on top of its chips; a further wager is then removed or refused like one placed too early.
 */
type WageringTurn = { readonly inTurn: true } | { readonly inTurn: false; readonly expectedBox: number; readonly clause: string; readonly afterTurn: boolean };

const turnOf = (progress: WageringProgress, box: number, rule: NonNullable<TournamentRules['play']['orderOfWagering']>, kind: 'chips' | 'form'): WageringTurn => {
  const { order, done, forms } = progress;
  const at = order.indexOf(box);
  if (done.has(box) && (forms.has(box) || kind === 'form' || (at >= 0 && order.slice(at + 1).some((b) => done.has(b))))) {
    return { inTurn: false, expectedBox: order.find((b) => !done.has(b)) ?? box, clause: rule.alteredAfterTurnClause, afterTurn: true };
  }
  const ahead = done.has(box) ? [] : order.slice(0, Math.max(at, 0)).filter((b) => !done.has(b));
  return ahead.length > 0 ? { inTurn: false, expectedBox: ahead[0], clause: rule.outOfSequenceClause, afterTurn: false } : { inTurn: true };
};

/**
 * Wagers in the order of wagering (Star 15.9.3): a box wagers once every box ahead of it in the order has wagered in
 * turn (or played a pass card or an undisclosed wager). A wager placed before that is out of sequence: the player is
 * told to remove it and wait their turn (15.9.4), and the event names it for the tables service to return from the
 * layout, so it is not settled; it is no turn taken, and the same box wagering again in its turn plays.
 */
export const noteWagers = (c: NoteWagers, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  const { t } = requireTournament(s);
  if (!session || !coup || coup.coupId !== c.coupId) {
    // Not a coup this tournament plays (it scores none of it): nothing to judge the order against, and the table,
    // which waits for a ruling before no more bets, is not kept waiting (Star 15.9.3).
    const ids = c.wagers.flatMap((w) => (w.wagerId ? [w.wagerId] : []));
    return keepsOrderOfWagering(s, t) && ids.length > 0 ? [{ type: 'WagersInTurn', tournamentId: s.tournamentId, sessionId: session?.sessionId ?? '', tableId: c.tableId, coupId: c.coupId, wagerIds: ids, clause: t.play.orderOfWagering!.clause }] : [];
  }
  const events: TournamentEvent[] = [];
  const progress = wageringProgress(s, session, c.tableId, coup, t, c.now);
  const inTurn: { readonly box: number; readonly amount: number; readonly wagerId?: string }[] = [];
  const inTurnIds: string[] = [];
  for (const w of c.wagers) {
    const turn = progress ? turnOf(progress, w.box, t.play.orderOfWagering!, 'chips') : ({ inTurn: true } as const);
    if (!turn.inTurn) {
      events.push({ type: 'WagerOutOfSequence', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId, box: w.box, expectedBox: turn.expectedBox, amount: w.amount, ...(w.wagerId ? { wagerId: w.wagerId } : {}), clause: turn.clause });
      continue;
    }
    progress?.done.add(w.box);
    inTurn.push({ box: w.box, amount: w.amount, ...(w.wagerId ? { wagerId: w.wagerId } : {}) });
    if (w.wagerId) inTurnIds.push(w.wagerId);
  }
  // A form the tournament recorded after these chips of the same box were placed in turn, heard only now, would alter a
  // wager made in turn (Star 15.9.5): it is void and given back, and the chips stand.
  if (progress) {
    const rule = t.play.orderOfWagering!;
    for (const box of new Set(inTurn.map((w) => w.box))) {
      const p = playersAt(session, c.tableId).find((x) => x.box === box);
      const at = p ? coup.undisclosedAt?.[p.entryId] : undefined;
      if (!p || !coup.undisclosed[p.entryId] || !recordedAfter(at, c.now)) continue;
      events.push({ type: 'UndisclosedWagerVoided', tournamentId: s.tournamentId, sessionId: session.sessionId, tableId: c.tableId, coupId: c.coupId, entryId: p.entryId, box, recordedAt: at!, chipsPlacedAt: c.now, remaining: p.undisclosedWagers + 1, clause: rule.alteredAfterTurnClause });
    }
  }
  if (inTurn.length > 0) events.push({ type: 'TableWagersNoted', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId, wagers: inTurn });
  // The ruling the table waits for before no more bets (Star 15.9.3-15.9.4): each wager in turn, as each out of sequence above.
  if (keepsOrderOfWagering(s, t) && inTurnIds.length > 0) {
    events.push({ type: 'WagersInTurn', tournamentId: s.tournamentId, sessionId: session.sessionId, tableId: c.tableId, coupId: c.coupId, wagerIds: inTurnIds, clause: t.play.orderOfWagering!.clause });
  }
  return events;
};

/**
 * What an undisclosed wager plays (Star 15.8.3): below the minimum, the minimum; above the maximum, the maximum;
 * above the player's chips (less what they wagered in chips, 15.8.2.4), those chips or the maximum, the lower; a
 * form without amount or type has the minimum deducted instead (15.8.3.4). Incomplete increments play to the
 * last complete unit of the minimum (15.6.14).
 */
export const deemUndisclosed = (form: UndisclosedForm, available: number, minimum: number, maximum: number): Omit<RevealedUndisclosedWager, 'entryId' | 'box'> => {
  if (form.bet === null || form.amount === null) {
    return { bet: form.bet, writtenAmount: form.amount, playsAmount: 0, deductedAmount: Math.min(minimum, Math.max(available, 0)), problem: 'incomplete-form' };
  }
  let amount = form.amount;
  let problem: RevealedUndisclosedWager['problem'] = null;
  if (amount > available) {
    amount = Math.min(withinChips(amount, available), maximum);
    problem = 'above-chips';
  } else if (amount > maximum) {
    amount = maximum;
    problem = 'above-maximum';
  } else if (amount < minimum) {
    amount = Math.min(minimum, available);
    problem = 'below-minimum';
  }
  const units = amount >= minimum ? amount - (amount % minimum) : amount;
  return { bet: form.bet, writtenAmount: form.amount, playsAmount: Math.max(units, 0), deductedAmount: 0, problem };
};

const tableWagerOf = (coup: CoupInProgress, box: number): number => coup.wagers.filter((w) => w.box === box).reduce((a, w) => a + w.amount, 0);

const revealEvents = (s: TournamentState, session: SessionState, tableId: string, coup: CoupInProgress, now: string): TournamentEvent[] => {
  if (coup.revealed || Object.keys(coup.undisclosed).length === 0) return [];
  const { t } = requireTournament(s);
  const rule = t.play.undisclosedWagers!;
  const wagers = Object.entries(coup.undisclosed).map(([entryId, form]): RevealedUndisclosedWager => {
    const p = session.players[entryId];
    return { entryId, box: p.box, ...deemUndisclosed(form, p.chips - tableWagerOf(coup, p.box), session.minimum, session.maximum) };
  });
  return [{ type: 'UndisclosedWagersRevealed', tournamentId: s.tournamentId, sessionId: session.sessionId, tableId, coupId: coup.coupId, wagers, revealedAt: now, clause: [rule.revealClause ?? rule.clause, ...(wagers.some((w) => w.problem) && rule.deemedClause ? [rule.deemedClause] : [])].join('; ') }];
};

/** Whether `at` (a form's received time) is strictly before `closedAt` (the table's BettingClosed). */
const receivedBefore = (at: string, closedAt: string): boolean => instantMs(at) < instantMs(closedAt);
/** A form recorded after the instant (chips placed then); one without a recorded time is taken as before. */
const recordedAfter = (at: string | undefined, instant: string): boolean => !!at && instantMs(at) > instantMs(instant);

/**
 * Whether betting on the coup had closed at `at` (a form's received time, a marker's recording): the table called no more
 * bets at or before it (its BettingClosed, which the first card calls, however late the tournament heard of it), or the
 * forms were revealed or the coup completed. Nothing that is a wager for the coup is taken after (Star 15.8.2.5-15.8.2.6;
 * Crown Melbourne 14.4.4(e)-(f)). Certain once heard: the table does not reopen betting on a coup.
 */
export const bettingClosed = (coup: CoupInProgress, at: string): boolean =>
  (!!coup.noMoreBets && (!coup.noMoreBetsAt || !receivedBefore(at, coup.noMoreBetsAt))) || !!coup.revealed || !!coup.completed;

/**
 * No more bets at the table (its BettingClosed, `now` when the table closed betting): from then no undisclosed wager is
 * recorded for the coup (Star 15.8.2.5-15.8.2.6). A form recorded before the tournament heard of it but received at or
 * after the closing is void: not revealed or scored, the undisclosed wager given back, and recorded for the register.
 */
export const noteNoMoreBets = (c: NoteNoMoreBets, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  if (!session || !coup || coup.coupId !== c.coupId || coup.noMoreBets) return [];
  const { t } = requireTournament(s);
  const rule = t.play.undisclosedWagers;
  const late = Object.keys(coup.undisclosed).filter((entryId) => {
    const at = coup.undisclosedAt?.[entryId];
    return !!at && !receivedBefore(at, c.now);
  });
  return [
    { type: 'TableNoMoreBetsNoted', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId, closedAt: c.now },
    ...late.map((entryId): TournamentEvent => {
      const p = session.players[entryId];
      return {
        type: 'UndisclosedWagerVoided',
        tournamentId: s.tournamentId,
        sessionId: session.sessionId,
        tableId: c.tableId,
        coupId: c.coupId,
        entryId,
        box: p.box,
        recordedAt: coup.undisclosedAt![entryId],
        bettingClosedAt: c.now,
        remaining: p.undisclosedWagers + 1,
        clause: rule?.examineClause ?? rule?.clause ?? t.clause,
      };
    }),
  ];
};

/** After no more bets and before the first card, each undisclosed wager is announced (Star 15.8.2.6). */
export const noteFirstCard = (c: NoteFirstCard, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  if (!session || !coup || coup.coupId !== c.coupId) return [];
  return revealEvents(s, session, c.tableId, coup, c.now);
};

export const noteCoupCompleted = (c: NoteCoupCompleted, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  if (!session || !coup || coup.coupId !== c.coupId || coup.completed) return [];
  const events: TournamentEvent[] = [...revealEvents(s, session, c.tableId, coup, c.now)];
  events.push({ type: 'TableCoupCompletedNoted', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId, result: c.result, playerCards: c.playerCards, bankerCards: c.bankerCards });
  // No wager at the table, or every one returned before the coup completed (a player disqualified, Crown Melbourne
  // 14.4.8(a)(ii)): the tables service settles nothing more, so the coup is scored now.
  const returned = new Set(coup.returned ?? []);
  if (coup.wagers.every((w) => w.wagerId !== undefined && returned.has(w.wagerId))) {
    const after = events.reduce(evolveTournament, s);
    events.push(...scoreCoup(after, c.tableId, [], c.now, { actorId: c.actor.id, actorRole: c.actor.role, act: 'coup-completed' }, c.deductions ?? []));
  }
  return events;
};

export const noteSettlement = (c: NoteSettlement, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  if (!session || !coup || coup.coupId !== c.coupId) return [];
  if (!coup.completed) {
    // Returned before the coup completed (WagerVoided, settled void): noted, so the coup's completion knows whether the
    // table has anything left to settle.
    const noted = new Set(coup.wagers.flatMap((w) => (w.wagerId ? [w.wagerId] : [])));
    const wagerIds = c.settlements.flatMap((x) => (x.outcome === 'void' && x.wagerId && noted.has(x.wagerId) && !(coup.returned ?? []).includes(x.wagerId) ? [x.wagerId] : []));
    return wagerIds.length > 0 ? [{ type: 'TableWagersReturnedNoted', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId, wagerIds }] : [];
  }
  return scoreCoup(s, c.tableId, c.settlements, c.now, { actorId: c.actor.id, actorRole: c.actor.role, act: 'settlement' }, c.deductions ?? []);
};

export const noteCoupVoided = (c: NoteCoupVoided, s: TournamentState): TournamentEvent[] => {
  if (!s.exists) return [];
  // Voided after it was scored: what scoring it did is undone (tournament-coup-voids.decider.ts).
  const undone = undoScoredCoup(c, s);
  if (undone) return undone;
  const session = sessionAt(s, c.tableId);
  const coup = session?.coups[c.tableId];
  if (!session || !coup || coup.coupId !== c.coupId) return [];
  return [{ type: 'TableCoupVoidedNoted', tournamentId: s.tournamentId, tableId: c.tableId, coupId: c.coupId }];
};

/** The dealing order of a completed coup's hands (P, B, P, B, then the third cards) for the engine. */
const dealtOrder = (playerCards: readonly string[], bankerCards: readonly string[]): string[] => [
  playerCards[0],
  bankerCards[0],
  playerCards[1],
  bankerCards[1],
  ...playerCards.slice(2),
  ...bankerCards.slice(2),
];

/**
 * Net result of `amount` on `bet` on the table's own pay table (the engine settles it): undisclosed wagers, markers,
 * wagers brought within the limits. Paid as the table pays: where a win cannot be paid exactly in the table's
 * smallest tournament chip, to the next highest amount that can (Star 5.8 with 15.2.1; Crown Melbourne 6.3.3), so a
 * Banker win at 19 to 20 (or less 5%) on an amount not a multiple of 20 reads here as it would at the table.
 */
const netOn = (s: TournamentState, tableId: string, bet: string, option: string | undefined, amount: number, completed: NonNullable<CoupInProgress['completed']>): number => {
  if (amount <= 0) return 0;
  const chosen = option ?? s.tables[tableId]?.offeredBets.find((b) => b.bet === bet)?.option ?? 'standard';
  const outcome = playCoup(dealtOrder(completed.playerCards, completed.bankerCards).map(parseCard));
  const rb = rulebookById(s.rulebookId as RulebookId);
  const chip = rb.policies.paymentsRoundedToChips ? (s.tables[tableId]?.minimumChip ?? 1) : 1;
  const settled = settleWager({ bet: bet as BetId, amount }, outcome, { option: chosen });
  const r = chip > 1 ? roundToChip(settled, chip, rb.policies.settlementClauses.chip) : settled;
  return r.stakeReturned + r.winnings - r.commissionImmediate - r.commissionDeferred - amount;
};

type Settlement = NoteSettlement['settlements'][number];

/** A settled table wager re-priced for the amount that plays: by the engine where the bet is known, else pro rata. */
const repriced = (s: TournamentState, tableId: string, x: Settlement, plays: number, completed: NonNullable<CoupInProgress['completed']>): number => {
  if (plays === x.amount) return x.net;
  if (plays === 0) return 0;
  return x.bet ? netOn(s, tableId, x.bet, x.option, plays, completed) : Math.trunc((x.net * plays) / x.amount);
};

/**
 * A box's settled table lines re-priced for what plays, the lines of one bet (and pay-table option) together: they are
 * one wager however many goes it was placed in (Star 15.6.14), paid, commissioned and rounded to the chip on its total
 * as played (Star 11.1.3, 5.8), as the table settles it. A bet whose lines all play as settled keeps the table's nets;
 * otherwise the engine prices the bet's total that plays. Lines without a bet are re-priced each on its own.
 */
const repricedByBet = (s: TournamentState, tableId: string, lines: readonly Settlement[], plays: readonly number[], completed: NonNullable<CoupInProgress['completed']>): number => {
  const bets = new Map<string, number[]>();
  let net = 0;
  lines.forEach((x, i) => {
    if (!x.bet) net += repriced(s, tableId, x, plays[i], completed);
    else bets.set(`${x.bet}|${x.option ?? ''}`, [...(bets.get(`${x.bet}|${x.option ?? ''}`) ?? []), i]);
  });
  for (const idx of bets.values()) {
    const first = lines[idx[0]];
    if (idx.every((i) => plays[i] === lines[i].amount)) net += idx.reduce((a, i) => a + lines[i].net, 0);
    else net += netOn(s, tableId, first.bet!, first.option, idx.reduce((a, i) => a + plays[i], 0), completed);
  }
  return net;
};

/**
 * Scores a coup: each seated player's chips from the table's settlement (brought within the limits where the
 * rulebook says how, Star 15.6.14), the undisclosed wager that played, the All-In or Stand-Off marker (Crown
 * Melbourne 14.4.4(e)-(f)), and the minimum deducted for absence; then eliminations (in Star 15.10.4 order) and
 * disqualifications; then, in a play-off, whether the order is now determined (15.10.3).
 */
/** The table's act whose scoring decides what the rules decide on it (the dealer's settlement or completion of the coup). */
type ScoringCause = { readonly actorId: string; readonly actorRole: string; readonly act: 'settlement' | 'coup-completed' };

export const scoreCoup = (s: TournamentState, tableId: string, settlements: NoteSettlement['settlements'], now: string, cause: ScoringCause, deductions: readonly CoupDeduction[] = []): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const session = sessionAt(s, tableId)!;
  const coup = session.coups[tableId]!;
  const completed = coup.completed!;
  const players = playersAt(session, tableId);
  const revealed = new Map((coup.revealed ?? []).map((w) => [w.entryId, w]));
  const absence = t.play.absence;
  const maxAbsent = absence ? (absence.maxDeductedCoups ?? s.terms.absence?.maxDeductedCoups ?? 0) : 0;
  const disqualify: { entryId: string; reason: 'no-wager-without-pass-card' | 'absent'; description: string; clause: string }[] = [];
  const voided = new Set<string>();
  const cappedAtChips = new Set<string>();
  // Under an order of wagering the boxes after the first box that did not wager in its turn never had theirs: that box
  // held them back (15.9.3-15.9.4: they wait their turn), so they did not fail to wager (15.6.4); it did.
  const progress = wageringProgress(s, session, tableId, coup, t);
  const blocker = progress?.order.find((b) => !progress.done.has(b));
  const turnNeverCame = new Set(progress && blocker !== undefined ? progress.order.slice(progress.order.indexOf(blocker) + 1).filter((b) => !progress.done.has(b)) : []);
  // A box whose chips the order of wagering removed this coup (15.9.4: remove the wager and wait the turn) offered a
  // wager: where no more bets came before it wagered again, it scores no wager but is not disqualified for failing to
  // wager (15.6.4): the removal may have been the two services hearing each other's acts a moment late.
  const removedThisCoup = new Set((coup.removed ?? []).map((r) => r.box));
  // Likewise a box whose wager the table returned before the coup completed (TableWagersReturnedNoted: voided at the
  // table) offered one: it scores none, and is not disqualified for failing to wager.
  const returnedIds = new Set(coup.returned ?? []);
  for (const w of coup.wagers) if (w.wagerId !== undefined && returnedIds.has(w.wagerId)) removedThisCoup.add(w.box);
  const lines: CoupScoreLine[] = players.map((p) => {
    const entry = s.entries[p.entryId];
    // What the table settled, as it settled it: a wager out of sequence was returned from the layout by the table
    // (Star 15.9.4) and is not in the settlement; one it could not return before no more bets stood and was settled.
    const mine = settlements.filter((x) => x.box === p.box);
    const u = revealed.get(p.entryId);
    const marker = coup.markers[p.entryId] ?? null;
    const undisclosedPlays = u?.playsAmount ?? 0;
    const undisclosed = u && u.bet ? netOn(s, tableId, u.bet, undefined, undisclosedPlays, completed) : 0;
    let wagered: number;
    let net: number;
    let wagerAdjustment: CoupScoreLine['wagerAdjustment'] = null;
    const settledByTournament: TournamentSettledWager[] = [];
    if (marker?.marker === 'all-in' && marker.bet) {
      // The whole stack on the marker's bet, in lieu of chips counted out (Crown Melbourne 14.4.4(e)), within the
      // terms' maximum wager for each coup like any other wager (14.4.4(b)): 14.4.4(e) leaves how it is used to the
      // terms and gives the All-In no limit of its own, so a stack above the maximum plays the maximum.
      const capped = session.maximum > 0 && p.chips > session.maximum;
      wagered = capped ? session.maximum : p.chips;
      net = netOn(s, tableId, marker.bet, undefined, wagered, completed);
      if (capped) wagerAdjustment = 'capped-at-maximum';
      const rule = t.play.allInMarkers;
      settledByTournament.push({ kind: 'all-in-marker', bet: marker.bet, amount: wagered, net, clause: [rule?.clause ?? t.clause, ...(capped ? [t.play.wagerUnits?.clause ?? t.play.minimumEachCoup.clause] : [])].join('; ') });
    } else {
      // Made and paid with the player's chips (Star 15.6.1, 15.6.8): what the table took above the chips held at the
      // start of the coup was not wagered, then the rest brought within the terms' limits (15.6.14).
      const stake = wagersWithinChips(mine.map((x) => x.amount), p.chips);
      const units = t.play.wagerUnits ? wagerInUnits(stake.plays, undisclosedPlays, p.chips, session.minimum, session.maximum, t.play.wagerUnits, mine.map((x, i) => x.bet ?? `line-${i}`)) : null;
      const plays = units?.plays ?? stake.plays;
      if (stake.capped) cappedAtChips.add(p.entryId);
      wagerAdjustment = units?.adjustment ?? (stake.capped ? 'capped-at-chips' : null);
      if (wagerAdjustment === 'void-below-minimum') voided.add(p.entryId);
      wagered = plays.reduce((a, b) => a + b, 0) + undisclosedPlays;
      net = repricedByBet(s, tableId, mine, plays, completed) + undisclosed;
      // Revealed and placed after no more bets, it is not in the table's settlement: the tournament settles it on the coup's result (Star 15.8.2.6).
      if (u?.bet && undisclosedPlays > 0) {
        const rule = t.play.undisclosedWagers;
        settledByTournament.push({ kind: 'undisclosed-wager', bet: u.bet, amount: undisclosedPlays, net: undisclosed, clause: rule?.revealClause ?? rule?.clause ?? t.clause });
      }
      // Wagers that stand off are neither won nor lost, and still count as the coup's wager (Crown Melbourne 14.4.4(f)).
      if (marker?.marker === 'stand-off') net = 0;
    }
    const passCard = coup.passes.includes(p.entryId);
    let deducted = u?.deductedAmount ?? 0;
    const absent = entry?.absent ?? false;
    if (absent && wagered === 0 && !passCard) {
      if (entry.absentCoups < maxAbsent) deducted += session.minimum;
      else disqualify.push({ entryId: p.entryId, reason: 'absent', description: `Absent after the minimum was deducted for ${maxAbsent} coup(s).`, clause: absence!.clause });
    } else if (!absent && wagered === 0 && !passCard && deducted === 0 && !voided.has(p.entryId) && !turnNeverCame.has(p.box) && !removedThisCoup.has(p.box) && s.terms.compulsoryWager && t.play.minimumEachCoup.disqualifyWithoutWager) {
      disqualify.push({ entryId: p.entryId, reason: 'no-wager-without-pass-card', description: 'Did not wager on the coup and played no pass card.', clause: t.play.minimumEachCoup.clause });
    }
    // What the table deducted from the box's account for a round without a wager (Rapid 12.2.1(c)): the chips follow it.
    const tableDeducted = deductions.filter((d) => d.box === p.box);
    deducted += tableDeducted.reduce((a, d) => a + d.amount, 0);
    deducted = Math.min(deducted, Math.max(p.chips + net, 0));
    const deductedClause = tableDeducted.length > 0 && deducted > 0 ? { deductedClause: [...new Set(tableDeducted.map((d) => d.clause))].join('; ') } : {};
    return { entryId: p.entryId, box: p.box, chipsBefore: p.chips, wagered, net, deducted, ...deductedClause, chipsAfter: p.chips + net - deducted, passCard, absent, marker: marker?.marker ?? null, wagerAdjustment, ...(settledByTournament.length > 0 ? { settledByTournament } : {}), ...(turnNeverCame.has(p.box) && wagered === 0 ? { turnNeverCame: true as const } : {}) };
  });
  const markerClauses = [
    ...(lines.some((l) => l.marker === 'all-in') && t.play.allInMarkers ? [t.play.allInMarkers.clause] : []),
    ...(lines.some((l) => l.marker === 'stand-off') && t.play.standOffMarkers ? [t.play.standOffMarkers.clause] : []),
    ...(lines.some((l) => l.wagerAdjustment && l.wagerAdjustment !== 'capped-at-chips') && t.play.wagerUnits ? [t.play.wagerUnits.clause] : []),
    ...(cappedAtChips.size > 0 ? [t.play.wagersInChips?.clause ?? t.clause] : []),
  ];
  const before = Object.values(session.players).filter((p) => p.status === 'playing').reduce((a, p) => a + p.chips, 0);
  const change = lines.reduce((a, l) => a + l.net - l.deducted, 0);
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCoupScored',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      tableId,
      coupId: coup.coupId,
      result: completed.result,
      lines,
      chipsInPlayBefore: before,
      chipsInPlayAfter: before + change,
      houseChipsAfter: session.house - change,
      withdrawnChipsAfter: session.withdrawn,
      issuedChips: session.issued,
      scoredAt: now,
      clause: [t.play.sessionChipCount.clause, ...markerClauses].join('; '),
    },
  ];
  // Eliminated: no chips, or (Star 15.6.13) fewer than the minimum before the next round.
  const below = t.play.eliminationBelowMinimum;
  const out = lines.filter(
    (l) => !disqualify.some((d) => d.entryId === l.entryId) && (voided.has(l.entryId) || l.chipsAfter <= 0 || (below && l.chipsAfter < session.minimum)),
  );
  if (out.length > 0) {
    const removedAt = (box: number) => {
      const i = settlements.findIndex((x) => x.box === box && x.net < 0);
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    // Star 15.10.4: fewer residual chips first; then the smaller wager; then whose chips were removed first.
    const order = [...out].sort((a, b) => a.chipsAfter - b.chipsAfter || a.wagered - b.wagered || removedAt(a.box) - removedAt(b.box));
    const eliminated: TournamentPlayersEliminated = {
      type: 'TournamentPlayersEliminated',
      tournamentId: s.tournamentId,
      sessionId: session.sessionId,
      tableId,
      coupId: coup.coupId,
      order: order.map((l) => ({ entryId: l.entryId, residualChips: l.chipsAfter, wagered: l.wagered })),
      clause:
        [below?.clause, voided.size > 0 ? t.play.wagerUnits?.clause : undefined, out.length > 1 ? t.play.eliminationOrder?.clause : undefined].filter(Boolean).join('; ') ||
        clauseOf(t, 'elimination'),
    };
    events.push(eliminated);
  }
  let state = events.reduce(evolveTournament, s);
  for (const d of disqualify) {
    // The rule disqualifies (15.6.4, 15.5.6.2), not the dealer whose settlement was scored: that act is the cause.
    const more = disqualifyEvents(state, d.entryId, d.reason, d.description, d.clause, false, now, { kind: 'rule', clause: d.clause }, { ...cause, tableId, coupId: coup.coupId });
    events.push(...more);
    state = more.reduce(evolveTournament, state);
  }
  if (session.kind === 'play-off') {
    const decided = playOffDecision(state, session.sessionId, now);
    if (decided) events.push(decided);
  }
  return events;
};

// ---- absence, disqualification, retirement --------------------------------------------------------------

export const noteAbsence = (c: NoteAbsence, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  const clause = t.play.absence?.clause ?? clauseOf(t, 'absence');
  requireDirectorOr(c.actor, t, 'gaming-supervisor', clause, 'Noting a player absent');
  const entry = requireEntry(s, c.entryId);
  if (entry.status !== 'entered') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${c.entryId} is ${entry.status}.`);
  if (entry.absent === c.absent) return [];
  return [{ type: 'TournamentPlayerAbsenceNoted', tournamentId: s.tournamentId, entryId: c.entryId, absent: c.absent, notedAt: c.now, clause }];
};

/**
 * Refund on disqualification: none where the rulebook says so (Star 15.5.7, 15.6.7, 15.11.4), except a player
 * disqualified for absence with the director's approval (15.5.6.2); elsewhere what the terms say.
 */
const disqualifyEvents = (
  s: TournamentState,
  entryId: string,
  reason: 'no-wager-without-pass-card' | 'absent' | 'contravention' | 'concealing-chips',
  description: string,
  clause: string,
  refundApproved: boolean,
  now: string,
  decidedBy: NonNullable<TournamentPlayerDisqualified['decidedBy']>,
  cause: TournamentPlayerDisqualified['cause'],
): TournamentEvent[] => {
  const { t } = requireTournament(s);
  const entry = requireEntry(s, entryId);
  const session = currentSession(s);
  const p = session && !session.ended ? session.players[entryId] : undefined;
  const chips = p && p.status === 'playing' ? p.chips : 0;
  const forfeits = t.money.disqualificationForfeitsFee;
  const onApproval = t.money.absenceRefundOnApproval;
  const refundCents =
    reason === 'absent' && onApproval ? (refundApproved ? entry.feeCents : 0) : forfeits ? 0 : percentOf(entry.feeCents, s.terms.refunds?.disqualificationPercent ?? 0);
  const refundClause = reason === 'absent' && onApproval ? onApproval.clause : (forfeits?.clause ?? clauseOf(t, 'refunds'));
  // Disqualified after progressing: the place is lost and the next eligible player stands in.
  const standIn = standInFor(s, entryId, [...new Set([t.money.disqualifiedWinsNothing.clause, clauseOf(t, 'progression')])].join('; '));
  return [
    {
      type: 'TournamentPlayerDisqualified',
      tournamentId: s.tournamentId,
      sessionId: session && !session.ended && p ? session.sessionId : null,
      entryId,
      patronId: entry.patronId,
      reason,
      description,
      chipsWithdrawn: chips,
      refundCents,
      prizePoolAfterCents: poolAfterRefund(s, refundCents),
      decidedBy,
      cause: cause ?? null,
      ...(standIn ? { standIn } : {}),
      disqualifiedAt: now,
      clause: [...new Set([clause, refundClause])].join('; '),
    },
  ];
};

export const disqualify = (c: Disqualify, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Disqualifying a player');
  requireActiveEntry(s, t, c.entryId);
  // An approval the rules do not provide for this reason would be silently ignored (Star 15.5.6.2 only for absence).
  requireRefundApprovalApplies(t, c.reason, c.refundApproved);
  const clause = c.reason === 'absent' ? (t.play.absence?.clause ?? clauseOf(t, 'absence')) : (t.money.disqualificationForfeitsFee?.clause ?? clauseOf(t, 'disqualification'));
  return disqualifyEvents(s, c.entryId, c.reason, c.description, clause, c.refundApproved ?? false, c.now, { kind: 'tournament-manager', clause }, null);
};

/**
 * Retirement refunds what the terms say (Crown Melbourne 14.4.8(a)(iv), (b)(vi); Rapid 12.2.1(h)). The player leaves the
 * tournament (the platform's decision on 14.4.8(b)(vi), docs/rules/README.md): no prize place, and a place to progress
 * they held goes to the next place-getter, who stands in as for a disqualification (14.4.8(a)(ii); Star 15.5.7). A
 * play-off the retirement leaves determined is decided at once (Star 15.10.3): the player left need play no coup alone.
 */
export const retire = (c: Retire, s: TournamentState): TournamentEvent[] => {
  const { t } = requireTournament(s);
  requireNotFinished(s);
  requireDirector(c.actor, t, 'Recording a retirement');
  const entry = requireEntry(s, c.entryId);
  if (entry.status !== 'entered') throw conflict('ENTRY_NOT_ACTIVE', `Entry ${c.entryId} is ${entry.status}.`);
  // A player leaving before play has begun withdraws (14.4.2(d): without penalty within the period); one retires from
  // play (14.4.8(b)(vi)). The mirror of a withdrawal refused once play has begun.
  if (s.status !== 'running') {
    throw conflict(
      'TOURNAMENT_NOT_STARTED',
      `Play has not begun: entry ${c.entryId}'s player withdraws instead (POST /tournaments/${s.tournamentId}/entries/${c.entryId}/withdraw), refunded as the terms give for a withdrawal (in full within the withdrawal period); a retirement is from play.`,
      [clauseOf(t, 'withdrawalPeriod'), clauseOf(t, 'retirement')].filter((x, i, a) => a.indexOf(x) === i).join('; '),
    );
  }
  const session = currentSession(s);
  const p = session && !session.ended ? session.players[c.entryId] : undefined;
  const refundCents = percentOf(entry.feeCents, s.terms.refunds?.retirementPercent ?? 0);
  const clause = [clauseOf(t, 'retirement'), clauseOf(t, 'refunds')].filter((x, i, a) => a.indexOf(x) === i).join('; ');
  const standIn = standInFor(s, c.entryId, [...new Set([clauseOf(t, 'retirement'), t.money.disqualifiedWinsNothing.clause, clauseOf(t, 'progression')])].join('; '));
  const retired: TournamentEvent = {
    type: 'TournamentPlayerRetired',
    tournamentId: s.tournamentId,
    sessionId: p ? session!.sessionId : null,
    entryId: c.entryId,
    patronId: entry.patronId,
    chipsWithdrawn: p && p.status === 'playing' ? p.chips : 0,
    refundCents,
    prizePoolAfterCents: poolAfterRefund(s, refundCents),
    ...(standIn ? { standIn } : {}),
    retiredAt: c.now,
    clause,
  };
  if (!p || session!.kind !== 'play-off') return [retired];
  const decided = playOffDecision(evolveTournament(s, retired), session!.sessionId, c.now);
  return decided ? [retired, decided] : [retired];
};
