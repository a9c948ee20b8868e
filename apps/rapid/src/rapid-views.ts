/** What the API returns for a table and an account, and the proof that a balance is the sum of its movements (Rapid 6). */
import type { AtsUnrecoveredSetOff } from '@app/contracts';
import type { StoredEvent } from '@app/event-store';
import type { AccountRound, AtsAccountState } from './account/ats-account.events';
import type { RapidTableState, RoundState } from './table/rapid-table.events';

/**
 * A round as one ATS may see it: an ATS acts on and sees only its own account (Rapid 4.3, 6.1), so the accounts
 * settled, frozen or of a tournament in the round, and the ATS malfunctions, are narrowed to its own. Staff see the round whole.
 */
const roundSeenBy = (r: RoundState, own: (accountId: string) => boolean, atsId: string): RoundState => {
  const pick = <V>(m: Readonly<Record<string, V>> | undefined) => (m ? Object.fromEntries(Object.entries(m).filter(([id]) => own(id))) : m);
  return {
    ...r,
    frozenAccountIds: r.frozenAccountIds ? r.frozenAccountIds.filter(own) : null,
    settledAccountIds: r.settledAccountIds.filter(own),
    settledAtsOf: pick(r.settledAtsOf)!,
    // A malfunction of another ATS is that ATS's player's business (4.3): only its own is shown.
    atsMalfunctions: Object.fromEntries(Object.entries(r.atsMalfunctions).filter(([id]) => id === atsId)),
    // So are the voids reported for it; the game system's void is every ATS's.
    ...(r.voidsReported ? { voidsReported: Object.fromEntries(Object.entries(r.voidsReported).filter(([, v]) => v.scope === 'game-system' || v.atsId === atsId)) } : {}),
    ...(r.tournamentOf ? { tournamentOf: pick(r.tournamentOf) } : {}),
  };
};

/**
 * A round the game system's malfunction voided whole is void (11.15(a)), whenever the malfunction was recorded: found after
 * the outcome, the table keeps the round settled so its wagers are adjusted (11.15(b), 11.16), but the SGC shows it void,
 * as it does an invalidated round.
 */
const shownStatus = (r: RoundState): RoundState => (r.gameSystemMalfunction === 'void' && r.status !== 'void' ? { ...r, status: 'void' } : r);

/** `atsId`: the ATS reading the table (an ATS token), which sees only its own account (4.3); null for staff. */
export const tableView = (state: RapidTableState, version: number, now: string, atsId: string | null = null) => {
  const s = atsId === null ? state : tableSeenByAts(state, atsId);
  const round = s.round;
  const remainingMs = round && round.status === 'wagering' ? Math.max(0, Date.parse(round.periodEndsAt) - Date.parse(now)) : 0;
  return {
    tableId: s.tableId,
    floorId: s.floorId,
    version,
    terms: s.terms,
    decks: s.decks,
    wageringPeriodSeconds: s.periodSeconds,
    stations: Object.values(s.stations).map((st) => ({ ...st.station, accountId: st.accountId })),
    serverNow: now,
    round: round ? { ...shownStatus(round), wageringOpen: round.status === 'wagering' && remainingMs > 0, remainingMs } : null,
    recentRounds: Object.values(s.recentRounds).map(shownStatus).sort((a, b) => b.roundNumber - a.roundNumber),
    claims: Object.values(s.claims),
    tournamentSession: s.tournamentSession,
    /** Sessions the table could not take (12.3.2), latest last: the floor sees why a tournament is not playing here. */
    refusedTournamentSessions: s.refusedSessions,
  };
};
export type TableView = ReturnType<typeof tableView>;

/** The table as an ATS may see it (4.3, 6.1): every other ATS's account and claims left out (its station shows none), its own kept. */
const tableSeenByAts = (s: RapidTableState, atsId: string): RapidTableState => {
  const ownAccount = s.stations[atsId]?.accountId ?? null;
  // Its own account now, and the accounts it had in earlier rounds (the round records which ATS each was at).
  const own = (round: RoundState) => (accountId: string) => accountId === ownAccount || round.settledAtsOf[accountId] === atsId;
  const rounds = Object.fromEntries(Object.entries(s.recentRounds).map(([id, r]) => [id, roundSeenBy(r, own(r), atsId)]));
  return {
    ...s,
    stations: Object.fromEntries(Object.entries(s.stations).map(([id, st]) => [id, id === atsId ? st : { ...st, accountId: null }])),
    round: s.round ? (rounds[s.round.roundId] ?? roundSeenBy(s.round, own(s.round), atsId)) : null,
    recentRounds: rounds,
    // A claim is the player's at one ATS (11.12): another ATS's player neither made it nor may see it (4.3).
    claims: Object.fromEntries(Object.entries(s.claims).filter(([, c]) => c.atsId === atsId)),
    tournamentSession: s.tournamentSession ? { ...s.tournamentSession, accountIds: s.tournamentSession.accountIds.filter((id) => id === ownAccount) } : null,
  };
};

/**
 * The wagers the ATS's account stands on the table's current round (Rapid 2.1, 4.2, 4.6): what the ATS screen draws on
 * its layout, after a reload too, so that the next chip touched adds to them (a layout replaces the one before, 4.2)
 * rather than leave only itself. Null when no round is open to wagers or awaiting its outcome; none placed: empty.
 */
export const wagersOnRound = (round: Pick<RoundState, 'roundId' | 'roundNumber' | 'status'> | null, accountRound: AccountRound | undefined) => {
  if (!round || (round.status !== 'wagering' && round.status !== 'closed')) return null;
  const standing = accountRound && accountRound.roundId === round.roundId && accountRound.status === 'placed' ? accountRound : undefined;
  return {
    roundId: round.roundId,
    roundNumber: round.roundNumber,
    wagers: (standing?.wagers ?? []).filter((w) => w.amountCents > 0).map((w) => ({ bet: w.bet, ...(w.side ? { side: w.side } : {}), amountCents: w.amountCents })),
    totalCents: standing?.stakedCents ?? 0,
  };
};
export type WagersOnRound = ReturnType<typeof wagersOnRound>;

export const accountView = (s: AtsAccountState, version: number) => ({
  accountId: s.accountId,
  tableId: s.tableId,
  atsId: s.atsId,
  station: s.station,
  status: s.status,
  balanceCents: s.balanceCents,
  /** The first round the account is frozen for (11.11), or null; every such round in `frozenForRounds`. */
  frozenForRound: s.frozenForRounds[0] ?? null,
  frozenForRounds: s.frozenForRounds,
  version,
  rounds: s.roundOrder.map((id) => s.rounds[id]).filter((r) => r !== undefined),
  cashOut: s.cashOut,
  /** The player asked at the ATS for the payout in chips (6.7.1): the Dealer tenders them. */
  payoutRequestedAt: s.payoutRequestedAt,
  tournament: s.tournament,
});
export type AccountView = ReturnType<typeof accountView>;

/**
 * Rapid 6: the balance equals the sum of the account's movements, and each event's balance follows the last. What the
 * player received is stated beside them (6.7, 6.7.2(b), 11.11 with 6.7): a cash-out in chips, a printed ticket or an
 * owed amount paid is paid to the player; a ticket not printed is a manual payment due, not paid, which a recalculation
 * may reduce before it is paid (11.11), and the manual payment made (which moves no balance) is listed as paid. What the
 * player kept of recoveries the account could not make (11.11) and what later credits set off against it (6.7.1): on
 * each movement that set some off or undid a set-off (`setOffUndoneCents`, `setOffUndoneRounds`), and in all, net of what
 * was undone (`setOffCents`, `unrecoveredCents` still kept).
 */
export const reconcile = (s: AtsAccountState, events: readonly StoredEvent[]) => {
  let sum = 0;
  let chained = true;
  let paidToPlayerCents = 0;
  let manualPaymentDueCents = 0;
  let setOffCents = 0;
  const movements = events.flatMap((e) => {
    const d = e.data as { movementCents?: number; balanceAfterCents?: number; amountCents?: number; method?: string; ticketPrinted?: boolean | null; unpaidTicket?: { reducedCents: number; owedAfterCents: number }; creditCents?: number; stakedCents?: number; setOff?: AtsUnrecoveredSetOff; setOffUndone?: AtsUnrecoveredSetOff };
    if (e.type === 'AtsManualPaymentRecorded') {
      const paid = d.amountCents ?? 0;
      paidToPlayerCents += paid;
      manualPaymentDueCents = Math.max(0, manualPaymentDueCents - paid);
      return [{ version: e.version, type: e.type, movementCents: 0, balanceAfterCents: sum, occurredAt: e.occurredAt, paidToPlayerCents: paid, manualPaymentDueAfterCents: manualPaymentDueCents }];
    }
    if (typeof d.movementCents !== 'number') return [];
    sum += d.movementCents;
    if (d.balanceAfterCents !== sum) chained = false;
    // A credit from play or a recalculation in the player's favour: what it set off, and against which rounds (11.11 with 6.7.1).
    const credited = e.type === 'AtsWagersSettled' ? { creditCents: d.creditCents } : e.type === 'AtsWagersReturned' ? { returnedCents: d.stakedCents } : {};
    const setOff = d.setOff ? { ...credited, setOffCents: d.setOff.amountCents, unrecoveredAfterCents: d.setOff.unrecoveredAfterCents, setOffRounds: d.setOff.rounds } : {};
    // A recalculation reducing a round's credit that was set off undoes that set-off first: the player holds it again.
    const undone = d.setOffUndone ? { setOffUndoneCents: d.setOffUndone.amountCents, unrecoveredAfterCents: d.setOffUndone.unrecoveredAfterCents, setOffUndoneRounds: d.setOffUndone.rounds } : {};
    setOffCents += (d.setOff?.amountCents ?? 0) - (d.setOffUndone?.amountCents ?? 0);
    const row = { version: e.version, type: e.type, movementCents: d.movementCents, balanceAfterCents: d.balanceAfterCents, occurredAt: e.occurredAt, ...setOff, ...undone };
    if (e.type === 'AtsAccountCashedOut' && d.method === 'ticket' && d.ticketPrinted === false) {
      manualPaymentDueCents += -d.movementCents;
      return [{ ...row, manualPaymentDueCents: -d.movementCents, paidToPlayerCents: 0 }];
    }
    if (e.type === 'AtsAccountCashedOut' || e.type === 'AtsOwedAmountPaid') {
      paidToPlayerCents += -d.movementCents;
      return [{ ...row, paidToPlayerCents: -d.movementCents }];
    }
    if (e.type === 'AtsSettlementRecalculated' && d.unpaidTicket) {
      manualPaymentDueCents = d.unpaidTicket.owedAfterCents;
      return [{ ...row, unpaidTicketReducedCents: d.unpaidTicket.reducedCents, manualPaymentDueAfterCents: d.unpaidTicket.owedAfterCents }];
    }
    return [row];
  });
  const unrecoveredCents = s.unrecovered.reduce((n, r) => n + r.amountCents, 0);
  return { accountId: s.accountId, balanceCents: s.balanceCents, sumOfMovementsCents: sum, balanced: chained && sum === s.balanceCents, paidToPlayerCents, manualPaymentDueCents, unrecoveredCents, setOffCents, movements };
};
export type Reconciliation = ReturnType<typeof reconcile>;
