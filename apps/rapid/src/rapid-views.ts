/** What the API returns for a table and an account, and the proof that a balance is the sum of its movements (Rapid 6). */
import type { StoredEvent } from '@app/event-store';
import type { AtsAccountState } from './account/ats-account.events';
import type { RapidTableState } from './table/rapid-table.events';

export const tableView = (s: RapidTableState, version: number, now: string) => {
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
    round: round ? { ...round, wageringOpen: round.status === 'wagering' && remainingMs > 0, remainingMs } : null,
    recentRounds: Object.values(s.recentRounds).sort((a, b) => b.roundNumber - a.roundNumber),
    claims: Object.values(s.claims),
    tournamentSession: s.tournamentSession,
    /** Sessions the table could not take (12.3.2), latest last: the floor sees why a tournament is not playing here. */
    refusedTournamentSessions: s.refusedSessions,
  };
};
export type TableView = ReturnType<typeof tableView>;

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

/** Rapid 6: the balance equals the sum of the account's movements, and each event's balance follows the last. */
export const reconcile = (s: AtsAccountState, events: readonly StoredEvent[]) => {
  let sum = 0;
  let chained = true;
  const movements = events.flatMap((e) => {
    const d = e.data as { movementCents?: number; balanceAfterCents?: number };
    if (typeof d.movementCents !== 'number') return [];
    sum += d.movementCents;
    if (d.balanceAfterCents !== sum) chained = false;
    return [{ version: e.version, type: e.type, movementCents: d.movementCents, balanceAfterCents: d.balanceAfterCents, occurredAt: e.occurredAt }];
  });
  return { accountId: s.accountId, balanceCents: s.balanceCents, sumOfMovementsCents: sum, balanced: chained && sum === s.balanceCents, movements };
};
export type Reconciliation = ReturnType<typeof reconcile>;
