/**
 * A table opened in tournament mode (Crown Melbourne 14.2.4-14.2.5, Rapid 12.3.1-12.3.2, Star 15.5.1-15.5.2) serves
 * its tournament alone: what that means for its configuration, its jackpots and its wagers, asked of the rulebook's
 * tournament rules. Pure.
 */
import { toCompleteIncrements } from '@app/baccarat';
import { conflict, notYetHeard, ruleViolation, TOURNAMENT_ID_SHAPE, voucherOfTokenWager, type TableLimits, type WagerSettlement } from '@app/contracts';
import type { Rulebook } from '../engine-adapter/rulebooks';
import type {
  NoteTournamentBuyBack,
  NoteTournamentCancelled,
  NoteTournamentEntriesOut,
  NoteTournamentMarker,
  NoteTournamentSession,
  NoteTournamentSessionEnded,
  NoteTournamentSubstitute,
  NoteTournamentWagerLimits,
  NoteTournamentWagersInTurn,
  OpenTable,
  ReturnWagerOutOfSequence,
  WagerInput,
} from './table-command.types';
import { voidSettlement } from './table-settlement';
import type { TableEvent, TableState, TableWager } from './table.events';

/**
 * A table opens in tournament mode only under a rulebook that provides tournament play, for a well-formed tournament
 * id (Crown Melbourne 14.2.4, Rapid 12.3.1, Star 15.5.1: the tables designated for a tournament). Whether the
 * tournament exists and designated this table is the tournaments service's to say, from TableOpened.
 */
export const requireTournamentMode = (rb: Rulebook, c: Pick<OpenTable, 'tournamentId'>): void => {
  if (c.tournamentId === undefined || c.tournamentId === null) return;
  const t = rb.procedures.tournaments;
  if (!t) throw ruleViolation('TOURNAMENTS_NOT_PROVIDED', `${rb.citation} makes no provision for tournament play: open the table without a tournamentId.`, `${rb.citation} (no provision)`, 'tournamentId');
  if (!TOURNAMENT_ID_SHAPE.test(c.tournamentId)) {
    throw ruleViolation('TOURNAMENT_ID_INVALID', `"${c.tournamentId}" is not a tournament id: give the id the tournaments service knows the tournament by (1-64 letters, digits, '.', '_', ':' or '-').`, t.designation.clause, 'tournamentId');
  }
};

/** A tournament table plays for no jackpot where the rulebook says so (Crown Melbourne 13 with 14). */
export const requireNoJackpotAtTournamentTable = (rb: Rulebook, c: Pick<OpenTable, 'tournamentId' | 'jackpotIds'>): void => {
  if (!c.tournamentId || c.jackpotIds.length === 0) return;
  const noJackpot = rb.procedures.tournaments?.noJackpot;
  if (!noJackpot) return;
  throw ruleViolation(
    'TOURNAMENT_TABLE_ON_JACKPOT',
    `A table in tournament mode (tournament ${c.tournamentId}) plays in tournament chips for the tournament alone, so it takes part in no jackpot: open it with no jackpotIds, or open it for cash play without a tournamentId to play for ${c.jackpotIds.join(', ')}.`,
    noJackpot.clause,
    'jackpotIds',
  );
};

/**
 * The jackpots a completed coup is offered to: none at a tournament table where the rulebook says it plays for
 * none, even one opened on a jackpot before that was refused (Crown Melbourne 14.2.5; 13.4.1).
 */
export const jackpotsPlayedFor = (rb: Rulebook, s: TableState): readonly string[] => (s.tournamentId && rb.procedures.tournaments?.noJackpot ? [] : s.jackpotIds);

/**
 * What a wager is placed with at this table. A table in tournament mode serves its tournament alone and takes only
 * tournament chips (Crown Melbourne 14.2.5, 14.4.4(a); Star 15.5.2, 15.1.1): a wager there is in tournament chips
 * unless marked otherwise, and one in cash chips or a promotional token is refused; tournament chips are refused at
 * any other table, having no cash value. Returns the medium to record (absent: cash chips).
 */
export const wagerMediumAt = (rb: Rulebook, s: TableState, w: WagerInput, field: string): TableWager['medium'] => {
  // A wager id the promotions service issued names a token wager, whatever the dealer's medium says (Star 1.1).
  const token = w.medium === 'promotional-token' || voucherOfTokenWager(w.wagerId) !== null;
  const t = rb.procedures.tournaments;
  const clause = t?.tournamentChips.clause ?? `${rb.citation} (no provision)`;
  if (s.tournamentId) {
    if (token || w.medium === 'chips') {
      const what = token ? 'a promotional token' : 'cash chips';
      throw ruleViolation('CASH_WAGER_AT_TOURNAMENT_TABLE', `This table is in tournament mode for tournament ${s.tournamentId} and takes tournament chips only, not ${what}: place the wager with tournament chips (medium 'tournament-chips'), or at a table open for cash play.`, clause, field);
    }
    return 'tournament-chips';
  }
  if (w.medium === 'tournament-chips') {
    throw ruleViolation('TOURNAMENT_CHIPS_AT_CASH_TABLE', 'Tournament chips have no cash value and are wagered only at a table in tournament mode: place the wager in chips.', clause, field);
  }
  return token ? 'promotional-token' : undefined;
};

/**
 * At a table in tournament mode a wager is a tournament player's: the player seated at the box, not a standing or
 * back-betting player (Crown Melbourne 14.2.5, Rapid 12.3.2, Star 15.5.2: the table is used exclusively for
 * tournament play). Which boxes the tournament's session seated is the tournaments service's to check.
 */
export const requireTournamentPlayer = (rb: Rulebook, s: TableState, box: number, sessionId: string | null, field: string): void => {
  if (!s.tournamentId) return;
  const clause = rb.procedures.tournaments?.exclusiveTables.clause ?? `${rb.citation} (no provision)`;
  const cancelled = s.tournamentCancelled;
  if (cancelled) {
    // The table served that tournament alone (Star 15.5.2; Rapid 12.3.2), and it plays no more (Star 15.3.4).
    throw ruleViolation(
      'TOURNAMENT_CANCELLED',
      `Tournament ${s.tournamentId} was cancelled at ${cancelled.cancelledAt} (${cancelled.reason}; ${cancelled.clause}): this table takes no more of its tournament chips. Return the chips to the Tournament Director, and close the table and open it for cash play to take wagers again.`,
      `${cancelled.clause}; ${clause}`,
      field,
    );
  }
  const session = s.tournamentSession;
  if (!session) {
    // The session the Tournament Director just started may not have reached the table yet (it comes over Kafka): the
    // refusal waits a moment and stands as one to retry, so an offered wager is never refused for good by a lag.
    throw notYetHeard(
      'NO_TOURNAMENT_SESSION_AT_TABLE',
      `This table is in tournament mode for tournament ${s.tournamentId} and no session of it is playing here as far as the table has heard: wagers are taken once the Tournament Director starts a session seating players at this table. If one was just started, place the wager again in a moment.`,
      clause,
      field,
    );
  }
  if (!session.boxes.includes(box)) {
    throw ruleViolation('TOURNAMENT_BOX_NOT_IN_SESSION', `Box ${box} is not seated in session ${session.sessionId} of tournament ${s.tournamentId}: only the boxes the session seated at this table (${session.boxes.join(', ')}) wager here.`, clause, field);
  }
  const gone = session.out?.find((x) => x.box === box);
  if (gone) {
    // An entry out of the tournament or the session plays no more in it (Star 15.5.2; 15.6.4; 15.5.7).
    throw ruleViolation(
      'TOURNAMENT_ENTRY_OUT_OF_PLAY',
      `Box ${box} is entry ${gone.entryId}'s position in session ${session.sessionId} of tournament ${s.tournamentId}, and the entry was ${gone.why} (${gone.clause}): the box takes no more tournament-chip wagers this session. Collect its tournament chips for the Tournament Director.`,
      `${gone.clause}; ${clause}`,
      field,
    );
  }
  const seat = s.seats[String(box)];
  if (seat && (sessionId === null || sessionId === seat.sessionId)) {
    // A player seated before the session started, or before a substitute took the entry's position, is not the
    // session's player at the box: their wagers are not taken.
    requireEntryPlayer(s.tournamentId, session, box, seat.patronId, clause, field);
    return;
  }
  const who = seat ? `session ${sessionId} is not the player seated at box ${box} (${seat.sessionId})` : `box ${box} has no seated player`;
  throw ruleViolation('TOURNAMENT_BOX_NOT_SEATED', `This table is in tournament mode for tournament ${s.tournamentId} and takes wagers only from the tournament players seated at it: ${who}. Seat the tournament player at the box first.`, clause, field);
};

type Session = NonNullable<TableState['tournamentSession']>;

/** The box is the entry's position in the session: only the entry's player (or the substitute approved for it) plays it. */
const requireEntryPlayer = (tournamentId: string, session: Session, box: number, patronId: string | null, clause: string, field: string): void => {
  const position = session.seats?.find((x) => x.box === box);
  if (!position?.patronId || position.patronId === patronId) return;
  throw ruleViolation(
    'TOURNAMENT_SEAT_NOT_ENTRY_PLAYER',
    `Box ${box} is entry ${position.entryId}'s position in session ${session.sessionId} of tournament ${tournamentId}, played by patron ${position.patronId}: ${patronId ? `patron ${patronId} is not that player` : 'no patron was named'}. Seat the entry's player there; a substitute plays only once the Tournament Director has approved it with the tournament.`,
    clause,
    field,
  );
};

/**
 * During a session a table in tournament mode seats only the session's seating (Crown Melbourne 14.2.5; Rapid 12.3.2;
 * Star 15.5.2: the table is used exclusively for tournament play): a box the session seated, and there the entry's
 * player, or the substitute the Tournament Director approved for the entry (Rapid 12.3.3; Crown Melbourne
 * 14.4.8(a)(iii)), which the tournament tells the table. Before a session players may take their seats; a seat that is
 * not the session's takes no wager once it plays (requireTournamentPlayer).
 */
export const requireTournamentSeat = (rb: Rulebook, s: TableState, box: number, patronId: string | null): void => {
  const session = s.tournamentSession;
  if (!s.tournamentId || !session) return;
  const clause = rb.procedures.tournaments?.exclusiveTables.clause ?? `${rb.citation} (no provision)`;
  if (!session.boxes.includes(box)) {
    throw ruleViolation(
      'TOURNAMENT_BOX_NOT_IN_SESSION',
      `Box ${box} is not in the seating of session ${session.sessionId} of tournament ${s.tournamentId}: during the session this table seats only the boxes it seated here (${session.boxes.join(', ')}), each with its entry's player.`,
      clause,
      'box',
    );
  }
  requireEntryPlayer(s.tournamentId, session, box, patronId, clause, 'patronId');
};

/**
 * The Tournament Director approved a substitute for an entry (Rapid 12.3.3; Crown Melbourne 14.4.8(a)(iii)): where the
 * session at this table seats the entry, the substitute takes its position. Nothing for an entry not seated here or
 * another tournament's; once however often it is delivered.
 */
export const noteTournamentSubstitute = (c: NoteTournamentSubstitute, s: TableState): TableEvent[] => {
  const session = s.tournamentSession;
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || !session) return [];
  const position = session.seats?.find((x) => x.entryId === c.entryId);
  if (!position || position.patronId === c.patronId) return [];
  return [
    {
      type: 'TournamentSeatSubstituted',
      tableId: s.tableId,
      tournamentId: c.tournamentId,
      sessionId: session.sessionId,
      box: position.box,
      entryId: c.entryId,
      previousPatronId: position.patronId ?? null,
      patronId: c.patronId,
      substitutedAt: c.now,
      clause: c.clause,
    },
  ];
};

/**
 * A session of the table's tournament seated players here (the tournaments service's TournamentSessionStarted): the
 * boxes that may wager until it ends. A table this service does not have (a Rapid table) decides nothing; an open
 * table not in this tournament's mode is refused, for a supervisor to see (Crown Melbourne 14.2.5; Star 15.5.2).
 */
export const noteTournamentSession = (rb: Rulebook, c: NoteTournamentSession, s: TableState): TableEvent[] => {
  if (s.status === 'none') return [];
  const clause = rb.procedures.tournaments?.exclusiveTables.clause ?? `${rb.citation} (no provision)`;
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId) {
    throw ruleViolation(
      'TABLE_NOT_IN_TOURNAMENT_MODE',
      `Session ${c.sessionId} of tournament ${c.tournamentId} seats players at table ${s.tableId}, which is ${s.status !== 'open' ? 'closed' : s.tournamentId ? `in tournament mode for ${s.tournamentId}` : 'open for cash play'}: open the table in tournament mode for ${c.tournamentId} and start the session again.`,
      clause,
      'tableId',
    );
  }
  if (s.tournamentSession?.sessionId === c.sessionId) return [];
  return [
    {
      type: 'TournamentSessionSeated',
      tableId: s.tableId,
      tournamentId: c.tournamentId,
      sessionId: c.sessionId,
      seats: c.seats,
      ...(c.wagerLimits ? { wagerLimits: c.wagerLimits } : {}),
      ...(c.orderOfWagering ? { orderOfWagering: c.orderOfWagering } : {}),
      seatedAt: c.now,
      clause,
    },
  ];
};

/** The session ended: its boxes wager no more at this table. */
export const noteTournamentSessionEnded = (rb: Rulebook, c: NoteTournamentSessionEnded, s: TableState): TableEvent[] => {
  if (s.tournamentId !== c.tournamentId || s.tournamentSession?.sessionId !== c.sessionId) return [];
  const clause = rb.procedures.tournaments?.exclusiveTables.clause ?? `${rb.citation} (no provision)`;
  return [{ type: 'TournamentSessionCleared', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, clearedAt: c.now, clause }];
};

/**
 * A wager the tournament found placed out of the order of wagering is removed and the player waits their turn (Star
 * 15.9.4), or, placed after the box's turn ended, may not stand (15.9.5): the table hands it back (WagerVoided under the
 * tournament's clause, with the order rule's reason: the rule requires it, the player did not choose it, so it is no
 * retraction; settled as void, returned), so it is neither settled as played here nor scored there, and the box may
 * wager again in turn. The coup stays open for those
 * wagers (never a dummy coup for it). Once no more bets is called the wager stands (15.9.5) and is settled, and the
 * tournament scores what the table settled; the refusal is recorded for a supervisor. A wager already gone, or a
 * table not serving that tournament, is nothing to do (a redelivery returns nothing twice).
 */
/** Why the wager is void, for the register: the tournament's order rule decided it under the clause it cites (Star 15.9.4-15.9.5). */
const outOfSequenceReason = (c: ReturnWagerOutOfSequence, wager: { readonly box: number; readonly amountCents: number }): string =>
  `the order of wagering of tournament ${c.tournamentId} requires box ${wager.box}'s wager of ${wager.amountCents} removed: placed out of sequence${c.expectedBox !== undefined ? `, box ${c.expectedBox} to wager` : ''} (${c.clause}); not the player's option`;

export const returnWagerOutOfSequence = (c: ReturnWagerOutOfSequence, s: TableState): TableEvent[] => {
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId) return [];
  const coup = s.coup && s.coup.coupId === c.coupId ? s.coup : null;
  const wager = coup?.wagers.find((w) => w.wagerId === c.wagerId);
  if (!coup || !wager) return [];
  if (coup.phase !== 'betting') {
    throw conflict('NO_MORE_BETS', `No more bets has been called for coup ${coup.coupId}: wager ${c.wagerId}, placed out of sequence at box ${wager.box}, stands and is settled.`, c.clause);
  }
  return [
    { type: 'WagerVoided', tableId: s.tableId, coupId: coup.coupId, wagerId: wager.wagerId, reason: outOfSequenceReason(c, wager), clause: c.clause, voidedAt: c.now, by: c.actor },
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements: [voidSettlement(wager, c.clause)], settledAt: c.now },
  ];
};

/**
 * The tournament ruled these wagers placed in their turn (Star 15.9.3): they no longer hold no more bets back. Wagers
 * not awaiting a ruling (already ruled, gone from the layout, another coup's) are nothing to do: once however often
 * it is delivered.
 */
export const noteTournamentWagersInTurn = (c: NoteTournamentWagersInTurn, s: TableState): TableEvent[] => {
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || s.coup?.coupId !== c.coupId) return [];
  const ruled = c.wagerIds.filter((id) => s.coup!.awaitingTurnRuling?.includes(id));
  if (ruled.length === 0) return [];
  return [{ type: 'TournamentWagersInTurn', tableId: s.tableId, tournamentId: c.tournamentId, coupId: c.coupId, wagerIds: ruled, ruledAt: c.now, clause: c.clause }];
};

/**
 * No more bets is not called while a tournament wager awaits the tournament's ruling on its turn (Star 15.9.3-15.9.4:
 * a wager placed out of sequence is removed and does not play, and once no more bets is called it would stand). The
 * ruling comes in a moment; a wager the tournament never rules on (its service down) may be voided from the layout.
 */
export const requireTurnsRuled = (s: TableState): void => {
  const coup = s.coup;
  const awaiting = coup?.awaitingTurnRuling ?? [];
  const order = s.tournamentSession?.orderOfWagering;
  if (!coup || awaiting.length === 0 || !order) return;
  const boxes = coup.wagers.filter((w) => awaiting.includes(w.wagerId)).map((w) => `box ${w.box} (${w.wagerId})`);
  throw notYetHeard(
    'TURN_RULING_PENDING',
    `Tournament ${s.tournamentId} has not yet ruled on the turn of ${boxes.join(', ')} in the order of wagering: a wager placed out of sequence is removed and does not play (${order.outOfSequenceClause}), and it would stand once no more bets is called. Call no more bets again in a moment, once the ruling has reached the table; if the tournaments service does not answer, void those wagers from the layout first.`,
    `${order.clause}; ${order.outOfSequenceClause}`,
  );
};

/**
 * The limits wagers are held to: at a table in tournament mode whose session brought the terms' minimum and maximum,
 * those, on every bet the table offers, and not the table's own cash limits (Crown Melbourne 14.4.4(b); 14.4.8(c), (g):
 * the tournament is conducted in accordance with its terms; Star 15.2.1 leaves rule 6 out of tournament play, 15.6.14
 * sets the terms' limits). Elsewhere the table's own.
 */
export const limitsInForce = (s: Pick<TableState, 'limits' | 'offeredBets' | 'tournamentId' | 'tournamentSession'>): TableLimits => {
  const terms = s.tournamentId ? s.tournamentSession?.wagerLimits : undefined;
  if (!terms) return s.limits;
  return { perBet: Object.fromEntries(s.offeredBets.map((b) => [b.bet, { minimumCents: terms.minimum, maximumCents: terms.maximum }])) };
};

/** The clause the tournament's minimum and maximum wager rest on, as the rulebook's tournament rules give it. */
const termsLimitsClause = (rb: Rulebook): string => rb.procedures.tournaments?.play.wagerUnits?.clause ?? rb.procedures.tournaments?.play.minimumEachCoup.clause ?? `${rb.citation} (no provision)`;

/** The tournament amended its minimum and maximum wager during the session here: the table takes them (Crown Melbourne 14.4.4(b); 14.4.8(c), (g)). */
export const noteTournamentWagerLimits = (rb: Rulebook, c: NoteTournamentWagerLimits, s: TableState): TableEvent[] => {
  const session = s.tournamentSession;
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || !session) return [];
  if (session.wagerLimits?.minimum === c.wagerLimits.minimum && session.wagerLimits.maximum === c.wagerLimits.maximum) return [];
  return [{ type: 'TournamentSessionLimitsChanged', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: session.sessionId, wagerLimits: c.wagerLimits, changedAt: c.now, clause: termsLimitsClause(rb) }];
};

/**
 * At a table in tournament mode the tournament's terms govern the wager, not the table's own limits (Crown Melbourne
 * 14.4.4(b); 14.4.8(c), (g): the tournament is conducted in accordance with its terms; Star 15.6.4, 15.6.14: at least
 * the minimum, no more than the maximum, in units of the minimum where the rulebook counts so). The table takes only a
 * wager within them, so what it settles is what the tournament scores: a line below the minimum is to be made up to
 * it, one not in whole units to be made so, and none may take the box's wagers this coup above the maximum.
 * `boxTotal` is what the box already holds on this coup. Nothing to check before the session brought its limits.
 */
export const requireWithinTournamentTerms = (rb: Rulebook, s: TableState, boxTotal: number, w: WagerInput, field: string): void => {
  const limits = s.tournamentId ? s.tournamentSession?.wagerLimits : undefined;
  if (!limits) return;
  const clause = termsLimitsClause(rb);
  const units = rb.procedures.tournaments?.play.wagerUnits?.inUnitsOfMinimum ?? false;
  // Where the rules play a wager found above the maximum to the maximum, and one with an incomplete increment to the
  // last complete one (Star 15.6.14), the table takes it and settles it so (tournamentWagersAsPlayed), as the tournament
  // scores it; only the minimum is made up.
  const playsFound = rb.procedures.tournaments?.play.wagerUnits?.playsFoundWagers ?? false;
  if (w.amountCents < limits.minimum) {
    throw ruleViolation('TOURNAMENT_WAGER_BELOW_MINIMUM', `Tournament ${s.tournamentId}'s minimum wager is ${limits.minimum} chips: make the wager up to at least ${limits.minimum}.`, clause, field);
  }
  if (playsFound) return;
  if (units && w.amountCents % limits.minimum !== 0) {
    throw ruleViolation('TOURNAMENT_WAGER_NOT_IN_UNITS', `Tournament wagers are in units of the minimum (${limits.minimum} chips): wager ${w.amountCents - (w.amountCents % limits.minimum)} or ${w.amountCents - (w.amountCents % limits.minimum) + limits.minimum}.`, clause, field);
  }
  if (boxTotal + w.amountCents > limits.maximum) {
    throw ruleViolation(
      'TOURNAMENT_WAGER_ABOVE_MAXIMUM',
      `Tournament ${s.tournamentId}'s maximum wager is ${limits.maximum} chips a coup and box ${w.box} would hold ${boxTotal + w.amountCents}: wager at most ${Math.max(limits.maximum - boxTotal, 0)} more.`,
      clause,
      field,
    );
  }
};

/** What a tournament-chip wager plays of what was placed, and the rest, returned, with why. */
export interface TournamentWagerAsPlayed {
  readonly playedCents: number;
  readonly notPlayed: NonNullable<WagerSettlement['notPlayed']>;
}

/**
 * Where the rulebook plays a wager found outside the terms as far as it may rather than refuse it (its `wagerUnits`
 * with `playsFoundWagers`, Star 15.6.14: valid to the last complete wagered increment; paid or collected to the
 * maximum, which is for each coup), what each box's tournament-chip wagers of the coup play, exactly as the tournament
 * scores them from the settlement: each wager is first cut to its own last complete increment of the minimum, then the
 * box's wagers this coup, in the order placed (the order they are settled), are held to the maximum, the wagers placed
 * last giving way first. Only the wagers that do not play in full are in the result; none where the rulebook refuses
 * such wagers instead, before the session brought its limits, and for cash play. The table knows nothing of an
 * undisclosed wager (Star 15.8), which the tournament settles itself. Pure.
 */
export const tournamentWagersAsPlayed = (rb: Rulebook, s: Pick<TableState, 'tournamentId' | 'tournamentSession'>, wagers: readonly TableWager[]): ReadonlyMap<string, TournamentWagerAsPlayed> => {
  const rule = rb.procedures.tournaments?.play.wagerUnits;
  const limits = s.tournamentId ? s.tournamentSession?.wagerLimits : undefined;
  const out = new Map<string, TournamentWagerAsPlayed>();
  if (!rule?.playsFoundWagers || !limits || limits.minimum <= 0) return out;
  const byBox = new Map<number, TableWager[]>();
  for (const w of wagers) if (w.medium === 'tournament-chips') byBox.set(w.box, [...(byBox.get(w.box) ?? []), w]);
  for (const mine of byBox.values()) {
    // A bet's chips are one wager however many goes they were placed in (Star 15.6.14: 15 and 15 are 30, whole units).
    const whole = rule.inUnitsOfMinimum ? toCompleteIncrements(mine.map((w) => w.amountCents), limits.minimum, mine.map((w) => w.bet)) : mine.map((w) => w.amountCents);
    const plays = [...whole];
    let excess = plays.reduce((a, b) => a + b, 0) - limits.maximum;
    for (let i = plays.length - 1; i >= 0 && excess > 0; i--) {
      const cut = Math.min(plays[i], excess);
      plays[i] -= cut;
      excess -= cut;
    }
    mine.forEach((w, i) => {
      if (plays[i] >= w.amountCents) return;
      out.set(w.wagerId, {
        playedCents: plays[i],
        notPlayed: { amountCents: w.amountCents - plays[i], incompleteIncrementCents: w.amountCents - whole[i], aboveMaximumCents: whole[i] - plays[i], clause: rule.clause },
      });
    });
  }
  return out;
};

/**
 * The tournament was cancelled (Star 15.3.4; the tournaments service's TournamentCancelled): the table, which served it
 * alone (Star 15.5.2; Rapid 12.3.2), takes none of its chips again; the session playing here ends with it. Nothing at
 * a table of another tournament; once however often it is delivered.
 */
export const noteTournamentCancelled = (c: NoteTournamentCancelled, s: TableState): TableEvent[] => {
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || s.tournamentCancelled) return [];
  return [
    { type: 'TournamentCancelledAtTable', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: s.tournamentSession?.sessionId ?? null, reason: c.reason, cancelledAt: c.now, clause: c.clause },
    ...returnFromLayout(s, () => true, (w) => `tournament ${c.tournamentId} was cancelled (${c.reason}; ${c.clause}): box ${w.box}'s ${w.bet} wager of ${w.amountCents} tournament chips on the coup under way is returned, the tournament playing no more`, c),
  ];
};

/**
 * Tournament-chip wagers on the coup under way that play no more (the tournament cancelled, an entry out of play) are
 * returned from the layout with a register row each (WagerVoided, settled void), rather than settled as if the coup
 * still counted for them (Star 15.3.4; 15.5.7; 15.6.4). Nothing once the coup is settled.
 */
const returnFromLayout = (s: TableState, which: (w: TableWager) => boolean, reason: (w: TableWager) => string, c: { readonly clause: string; readonly now: string; readonly actor: NoteTournamentCancelled['actor'] }): TableEvent[] => {
  const coup = s.coup && (s.coup.phase === 'betting' || s.coup.phase === 'dealing') ? s.coup : null;
  const returned = coup ? coup.wagers.filter((w) => w.medium === 'tournament-chips' && which(w)) : [];
  if (!coup || returned.length === 0) return [];
  return [
    ...returned.map((w): TableEvent => ({ type: 'WagerVoided', tableId: s.tableId, coupId: coup.coupId, wagerId: w.wagerId, reason: reason(w), clause: c.clause, voidedAt: c.now, by: c.actor })),
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements: returned.map((w) => voidSettlement(w, c.clause)), settledAt: c.now },
  ];
};

/**
 * Entries left play (disqualified, eliminated or retired, as the tournament decided under `clause`): the boxes the
 * session at this table seated them at take no more wagers in it (Star 15.5.2; 15.6.4). A disqualified player takes no
 * further part in the tournament (Star 15.5.7): the seat they hold at this table, in the session or since an earlier one,
 * is released, so the player standing in for them may be seated at the box. Entries not seated here, another session's,
 * or already out are nothing to do.
 */
export const noteTournamentEntriesOut = (c: NoteTournamentEntriesOut, s: TableState): TableEvent[] => {
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId) return [];
  return [...boxesOutOfPlay(c, s), ...seatsReleased(c, s)];
};

const boxesOutOfPlay = (c: NoteTournamentEntriesOut, s: TableState): TableEvent[] => {
  const session = s.tournamentSession;
  if (!session) return [];
  if (c.sessionId !== null && c.sessionId !== session.sessionId) return [];
  const boxes = (session.seats ?? [])
    .filter((x) => c.entryIds.includes(x.entryId) && !session.out?.some((o) => o.box === x.box))
    .map((x) => ({ box: x.box, entryId: x.entryId }))
    .sort((a, b) => a.box - b.box);
  if (boxes.length === 0) return [];
  const entryAt = new Map(boxes.map((b) => [b.box, b.entryId]));
  return [
    { type: 'TournamentBoxesOutOfPlay', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: session.sessionId, boxes, why: c.why, outAt: c.now, clause: c.clause },
    ...returnFromLayout(s, (w) => entryAt.has(w.box), (w) => `entry ${entryAt.get(w.box)} at box ${w.box} was ${c.why} (${c.clause}): its ${w.bet} wager of ${w.amountCents} tournament chips on the coup under way is returned, the entry playing no more`, c),
  ];
};

/**
 * The seats a disqualified or retired entry's player holds here, released: either takes no further part in the
 * tournament (Star 15.5.7; a retirement leaves it, Crown Melbourne 14.4.8(b)(vi), decision in docs/rules). An
 * eliminated entry keeps its seat: it may buy back (15.4.2(g)).
 */
const seatsReleased = (c: NoteTournamentEntriesOut, s: TableState): TableEvent[] => {
  if (c.why === 'eliminated') return [];
  const positions = (s.tournamentSession?.seats ?? []).filter((x) => c.entryIds.includes(x.entryId));
  const patrons = new Set([...(c.patronIds ?? []), ...positions.flatMap((x) => (x.patronId ? [x.patronId] : []))]);
  return Object.entries(s.seats)
    .filter(([, seat]) => seat.patronId !== null && patrons.has(seat.patronId))
    .map(([box]) => Number(box))
    .sort((a, b) => a - b)
    .map((box): TableEvent => ({
      type: 'PlayerLeft',
      tableId: s.tableId,
      box,
      sessionId: s.seats[String(box)].sessionId,
      leftAt: c.now,
      reason: `patron ${s.seats[String(box)].patronId} was ${c.why === 'retired' ? 'retired' : 'disqualified'} from tournament ${c.tournamentId} (${c.clause}) and takes no further part in it: the seat at box ${box} is released for the player the tournament seats there`,
      clause: c.clause,
    }));
};

/** An eliminated entry bought back into the session (Star 15.4.2(g); Crown Melbourne 14.4.3(a)(iv)): its box wagers again. A disqualified or retired entry stays out. */
export const noteTournamentBuyBack = (c: NoteTournamentBuyBack, s: TableState): TableEvent[] => {
  const session = s.tournamentSession;
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || session?.sessionId !== c.sessionId) return [];
  const out = session.out?.find((x) => x.entryId === c.entryId && x.why === 'eliminated');
  if (!out) return [];
  return [{ type: 'TournamentBoxBackInPlay', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: session.sessionId, box: out.box, entryId: c.entryId, backAt: c.now, clause: c.clause }];
};

/**
 * A box played a marker on a coup (Crown Melbourne 14.4.4(e)-(f)). An All-In marker is the player's whole stack on one
 * bet, which the tournament settles itself: the box wagers nothing else that coup (requireNoAllInMarker), and a wager it
 * placed before the marker is returned from the layout with a register row (WagerVoided, settled void), where it was
 * dropped unscored. Once however often it is delivered; nothing at a table of another tournament or session.
 */
export const noteTournamentMarker = (c: NoteTournamentMarker, s: TableState): TableEvent[] => {
  const session = s.tournamentSession;
  if (s.status !== 'open' || s.tournamentId !== c.tournamentId || session?.sessionId !== c.sessionId) return [];
  if (session.markers?.some((m) => m.coupId === c.coupId && m.box === c.box && m.marker === c.marker)) return [];
  const noted: TableEvent = { type: 'TournamentMarkerNoted', tableId: s.tableId, tournamentId: c.tournamentId, sessionId: c.sessionId, coupId: c.coupId, box: c.box, entryId: c.entryId, marker: c.marker, notedAt: c.now, clause: c.clause };
  const coup = s.coup?.coupId === c.coupId && s.coup.phase === 'betting' ? s.coup : null;
  const before = c.marker === 'all-in' && coup ? coup.wagers.filter((w) => w.box === c.box) : [];
  if (!coup || before.length === 0) return [noted];
  const reason = (w: { readonly amountCents: number; readonly bet: string }) =>
    `box ${c.box} played an All-In marker for entry ${c.entryId} on coup ${c.coupId} (${c.clause}): its ${w.bet} wager of ${w.amountCents} is returned, the marker being the box's whole wager this coup`;
  return [
    noted,
    ...before.map((w): TableEvent => ({ type: 'WagerVoided', tableId: s.tableId, coupId: coup.coupId, wagerId: w.wagerId, reason: reason(w), clause: c.clause, voidedAt: c.now, by: c.actor })),
    { type: 'WagersSettled', tableId: s.tableId, shoeId: s.shoe?.shoeId ?? s.lastShoeId ?? '', coupId: coup.coupId, settlements: before.map((w) => voidSettlement(w, c.clause)), settledAt: c.now },
  ];
};

/** A box that played an All-In marker this coup wagers nothing else on it (Crown Melbourne 14.4.4(e)): refused, naming the marker. */
export const requireNoAllInMarker = (s: TableState, coupId: string, box: number, field: string): void => {
  const marker = s.tournamentId ? s.tournamentSession?.markers?.find((m) => m.coupId === coupId && m.box === box && m.marker === 'all-in') : undefined;
  if (!marker) return;
  throw ruleViolation(
    'ALL_IN_MARKER_PLAYED',
    `Box ${box} played an All-In marker on coup ${coupId}: its whole stack plays on the marker's bet, so the box places no other wager this coup. Hand the chips back to the player; the box wagers again next coup.`,
    marker.clause,
    field,
  );
};
