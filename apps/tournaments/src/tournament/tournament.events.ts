import type {
  CancellationAccounting,
  TournamentPlayOffDecided,
  TournamentPrizesDistributed,
  TournamentResultsDeclared,
  TournamentSessionEnded,
  TournamentSessionKind,
  TournamentSessionStarted,
  TournamentsIntegrationEvent,
  TournamentTerms,
  UndisclosedBet,
  UndisclosedWagerRecorded as PublishedUndisclosedWagerRecorded,
  UndisclosedWagersRevealed,
} from '@app/contracts';
import type { ScoredCoups } from './scored-coups';

/** What the player wrote on the undisclosed-wager form (Star 15.8.2.1); either may be missing (15.8.3.4). */
export interface UndisclosedForm {
  readonly bet: UndisclosedBet | null;
  readonly amount: number | null;
}

/**
 * Domain event: the published one (the indicator, Star 15.8.2.5) plus the form, which stays in the tournament's
 * own store until it is revealed after no more bets (15.8.2.6). The integration mapping drops `form`.
 */
export interface UndisclosedWagerRecorded extends PublishedUndisclosedWagerRecorded {
  readonly form: UndisclosedForm;
}

/** Internal: the wagers the tables service accepted at a tournament table, in the order it accepted them. */
export interface TableWagersNoted {
  readonly type: 'TableWagersNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** With the table's wager id (absent on events recorded before it was kept). */
  readonly wagers: readonly { readonly box: number; readonly amount: number; readonly wagerId?: string }[];
}

/**
 * Internal: the tables service returned wagers of the coup before it completed (WagerVoided, settled void: a player
 * disqualified, a wager voided by a supervisor). They play no part in the coup; a coup whose every wager was returned
 * has nothing left for the table to settle, and is scored on its completion (Crown Melbourne 14.4.8(a)(ii)).
 */
export interface TableWagersReturnedNoted {
  readonly type: 'TableWagersReturnedNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly wagerIds: readonly string[];
}

/** Internal: no more bets was called at the table for the coup (Star 15.8.2.5-15.8.2.6: no undisclosed wager after it). */
export interface TableNoMoreBetsNoted {
  readonly type: 'TableNoMoreBetsNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** When the table closed betting (its BettingClosed); absent on earlier events. */
  readonly closedAt?: string;
}

/** Internal: the coup's hands are complete; it is scored when its settlement arrives (if any wager was placed at the table). */
export interface TableCoupCompletedNoted {
  readonly type: 'TableCoupCompletedNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly result: 'player' | 'banker' | 'tie';
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
}

/** Internal: a tournament table's limits changed after it opened (the tables service's TableLimitsChanged), in tournament chips. */
export interface TableLimitsNoted {
  readonly type: 'TableLimitsNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly limits: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[];
}

/** What a table in tournament mode opened with, as the tables service published it (its TableOpened). */
export interface OpenedTable {
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  /** In tournament chips. */
  readonly limits?: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[];
  readonly minimumChip?: number;
  /** How many boxes the table has (Star 15.9.2: the marker moves over them box by box). */
  readonly boxes?: number;
  readonly rulebookId?: string;
}

/**
 * Internal: a table opened in tournament mode for this tournament before the director designated it (Crown Melbourne
 * 14.2.4; Star 15.5.1): kept, so that the designation makes it ready (the order of the two does not matter).
 */
export interface TableOpenedBeforeDesignation extends OpenedTable {
  readonly type: 'TableOpenedBeforeDesignation';
  readonly tournamentId: string;
  readonly tableId: string;
}

/** Internal: the tables service voided the coup; its wagers are returned and it scores nothing. */
export interface TableCoupVoidedNoted {
  readonly type: 'TableCoupVoidedNoted';
  readonly tournamentId: string;
  readonly tableId: string;
  readonly coupId: string;
}

/**
 * Internal: a Rapid table did not take the session (the rapid service's RapidTournamentSessionRefused: it must be used
 * exclusively for the session and was not free, Rapid 12.3.2). The session does not play there: each seat there that
 * was playing is not seated, its allotment (never credited at the table) back to the inventory. The Tournament
 * Director's notices, one a seat, are the published TournamentRapidNoticeRecorded. Where no table took the session
 * and no coup was scored in it, the director may start it again (its TournamentSessionStarted replaces it).
 */
export interface TournamentSessionRefusedAtTable {
  readonly type: 'TournamentSessionRefusedAtTable';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly reason: string;
  /** What the table said to do, in the casino's words. */
  readonly message: string;
  /** The seats that were playing there, each with the chips that went back to the inventory. */
  readonly seats: readonly { readonly entryId: string; readonly box: number; readonly chips: number }[];
  readonly refusedAt: string;
  readonly clause: string;
}

/**
 * Internal: a Rapid table took the session (the rapid service's RapidTournamentSessionStarted: the tournament accounts
 * opened and the seats given, Rapid 12.3.2, 12.2.1(b)). Its seats awaiting the table play from now, each with its
 * allotment credited; a seat the table could not give stays awaiting (its notice is the director's).
 */
export interface TournamentSessionTakenAtTable {
  readonly type: 'TournamentSessionTakenAtTable';
  readonly tournamentId: string;
  readonly sessionId: string;
  readonly tableId: string;
  readonly seats: readonly { readonly entryId: string; readonly box: number; readonly chips: number }[];
  readonly takenAt: string;
  readonly clause: string;
}

/**
 * The events of a tournament's stream. One policy, as the jackpots service's: the published events are the
 * integration contract itself (libs/contracts/src/tournaments.events.ts), so they are not spelt again here; the
 * stream adds what stays inside (the undisclosed form until it is revealed, and the table-play notes).
 * integration/to-integration-event.ts drops the internal ones and the form.
 */
export type TournamentEvent =
  | Exclude<TournamentsIntegrationEvent, PublishedUndisclosedWagerRecorded>
  | UndisclosedWagerRecorded
  | TableWagersNoted
  | TableWagersReturnedNoted
  | TableCoupCompletedNoted
  | TableNoMoreBetsNoted
  | TableCoupVoidedNoted
  | TableLimitsNoted
  | TableOpenedBeforeDesignation
  | TournamentSessionRefusedAtTable
  | TournamentSessionTakenAtTable;

/** 'eliminated': out of the tournament for want of a session's buy-in (Star 15.6.3). */
export type EntryStatus = 'entered' | 'withdrawn' | 'disqualified' | 'retired' | 'eliminated';

export interface EntryState {
  readonly entryId: string;
  readonly patronId: string;
  readonly employee: boolean;
  /** The name the floor board shows (TournamentEntryAccepted.displayName); absent: the entry id. */
  readonly displayName?: string;
  readonly feeCents: number;
  /** Of what the entry paid, what was already refunded (a withdrawal, retirement, disqualification or cancellation): never refunded twice. */
  readonly refundedCents: number;
  /**
   * Paid into the prize pool by this entry besides its entry fee: each session's buy-in and the price of re-buys,
   * buy-backs and add-ons, where the terms put them in the pool (Star 15.3.2). Refunded with the fee on cancellation
   * (15.3.4). Absent in states folded before: none.
   */
  readonly paidIntoPoolCents?: number;
  readonly status: EntryStatus;
  /** The clause that keeps what this entry paid from a refund (its disqualification, Star 15.5.7; its elimination, 15.6.3). */
  readonly forfeitClause?: string;
  readonly absent: boolean;
  /** Coups for which the minimum was deducted for absence (Star 15.5.6.1). */
  readonly absentCoups: number;
}

/**
 * 'not-seated': seated at a Rapid table that did not take the session (Rapid 12.3.2): takes no play in it.
 * 'awaiting-table': seated at a Rapid table that has not yet taken the session (12.3.2): no chips credited, no play.
 */
export type PlayerStatus = 'playing' | 'eliminated' | 'out' | 'not-seated' | 'awaiting-table';

export interface SessionPlayer {
  readonly entryId: string;
  readonly tableId: string;
  readonly box: number;
  readonly chips: number;
  readonly passCards: number;
  readonly undisclosedWagers: number;
  readonly allInMarkers: number;
  readonly standOffMarkers: number;
  readonly reBuyMarkers: number;
  readonly status: PlayerStatus;
  /** While 'awaiting-table': the allotment credited when the Rapid table takes the session (Rapid 12.3.2, 12.2.1(b)). */
  readonly allotment?: number;
}

export interface CoupInProgress {
  readonly coupId: string;
  readonly markerBox: number | null;
  readonly passes: readonly string[];
  readonly undisclosed: Readonly<Record<string, UndisclosedForm>>;
  /** All-In and Stand-Off markers played this coup, by entry (Crown Melbourne 14.4.4(e)-(f)). */
  readonly markers: Readonly<Record<string, { readonly marker: 'all-in' | 'stand-off'; readonly bet: UndisclosedBet | null }>>;
  readonly revealed: UndisclosedWagersRevealed['wagers'] | null;
  /** No more bets was called at the table (absent in states folded before), and when (absent on earlier events). */
  readonly noMoreBets?: boolean;
  readonly noMoreBetsAt?: string;
  /** When each form was received (Star 15.8.2.1), by entry; absent for forms recorded before it was kept. */
  readonly undisclosedAt?: Readonly<Record<string, string>>;
  /** Boxes in the order their wagers were accepted, with the chips wagered at the table. */
  readonly wagers: readonly { readonly box: number; readonly amount: number; readonly wagerId?: string }[];
  /** The wagers the table returned before the coup completed (TableWagersReturnedNoted), by wager id; absent: none. */
  readonly returned?: readonly string[];
  /** Wagers placed out of sequence, removed: they do not play (Star 15.9.4). Absent in states folded before. */
  readonly removed?: readonly { readonly box: number; readonly amount: number }[];
  readonly completed: { readonly result: 'player' | 'banker' | 'tie'; readonly playerCards: readonly string[]; readonly bankerCards: readonly string[] } | null;
}

export interface SessionState {
  readonly sessionId: string;
  readonly kind: TournamentSessionKind;
  readonly playOff: TournamentSessionStarted['playOff'];
  readonly players: Readonly<Record<string, SessionPlayer>>;
  readonly tables: readonly string[];
  readonly minimum: number;
  readonly maximum: number;
  readonly issued: number;
  readonly house: number;
  readonly withdrawn: number;
  readonly coups: Readonly<Record<string, CoupInProgress | null>>;
  readonly lastMarker: Readonly<Record<string, number | null>>;
  /** Entry ids in the order they were eliminated (first eliminated first). */
  readonly eliminated: readonly string[];
  readonly ended: TournamentSessionEnded | null;
  /** When it started: the floor board counts down a session the terms time (format.minutesPerSession). Absent in states folded before. */
  readonly startedAt?: string;
  readonly playOffsDecided: readonly TournamentPlayOffDecided[];
  /** Who stood in for a player disqualified after progressing from the session (TournamentPlayerDisqualified/Retired.standIn): the board says so. */
  readonly standIns?: readonly { readonly entryId: string; readonly for: string; readonly clause: string }[];
  /** Rapid corrections followed and seat refusals noted (their keys), each once however often delivered (Rapid 11.11, 12.3.2). */
  readonly rapidNotes?: readonly string[];
  /** Rapid tables that did not take the session, by table: the session does not play there (Rapid 12.3.2). */
  readonly refusedTables?: Readonly<Record<string, { readonly reason: string; readonly message: string; readonly clause: string }>>;
  /** Seats the Rapid table could not give, or a table that refused the session, by entry: no play there until the director acts (Rapid 12.3.2). */
  readonly refusedSeats?: Readonly<Record<string, { readonly tableId: string; readonly reason: string; readonly clause: string }>>;
  /**
   * What each scored coup moved, by `tableId/coupId`, so a coup the tables service voids after settlement can be
   * undone (Crown Melbourne 15.3-15.5; Star 14.4-14.5): each player's chip change and residual chips if it eliminated
   * them. Absent in states folded before voids after scoring were followed.
   */
  readonly scoredCoups?: ScoredCoups;
}

/** One player's part in a scored coup: the chips it moved, and what an elimination by it withdrew. */
export interface ScoredCoupLine {
  readonly entryId: string;
  readonly box: number;
  /** chipsAfter - chipsBefore of the coup's score line (wager result less deductions). */
  readonly move: number;
  readonly chipsBefore: number;
  /** Set when the coup eliminated the player: the residual chips withdrawn then. */
  readonly eliminatedWithResidual?: number;
}

export interface TournamentState {
  readonly exists: boolean;
  readonly tournamentId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly terms: TournamentTerms;
  readonly status: 'none' | 'open' | 'entries-closed' | 'running' | 'completed' | 'cancelled';
  readonly entries: Readonly<Record<string, EntryState>>;
  readonly prizePoolCents: number;
  readonly guaranteeApplies: boolean;
  readonly designatedTables: readonly string[];
  /** Entries briefed on the terms (Crown Melbourne 14.3.1). */
  readonly briefed: readonly string[];
  readonly tables: Readonly<
    Record<string, { readonly variant: string; readonly offeredBets: readonly { readonly bet: string; readonly option: string }[]; readonly limits?: readonly { readonly bet: string; readonly minimum: number; readonly maximum: number }[]; readonly minimumChip?: number; readonly boxes?: number }>
  >;
  /** Tables opened in tournament mode for it before they were designated, made ready by their designation (Crown Melbourne 14.2.4; Star 15.5.1). */
  readonly openedBeforeDesignation: Readonly<Record<string, OpenedTable>>;
  readonly sessions: Readonly<Record<string, SessionState>>;
  readonly sessionOrder: readonly string[];
  readonly currentSessionId: string | null;
  readonly results: TournamentResultsDeclared | null;
  readonly prizes: TournamentPrizesDistributed | null;
  /** The cancellation and where every cent collected went (Star 15.3.4); absent until cancelled. */
  readonly cancellation?: { readonly reason: string; readonly cancelledAt: string; readonly clause: string } & Partial<CancellationAccounting>;
  /** The regulator's written approval the conditions now rest on (Rapid 12.1.3); null where none was needed. */
  readonly regulatorApproval: { readonly reference: string; readonly approvedAt: string } | null;
}

export const initialTournamentState = (): TournamentState => ({
  exists: false,
  tournamentId: '',
  name: '',
  rulebookId: '',
  terms: {},
  status: 'none',
  entries: {},
  prizePoolCents: 0,
  guaranteeApplies: false,
  designatedTables: [],
  briefed: [],
  tables: {},
  openedBeforeDesignation: {},
  sessions: {},
  sessionOrder: [],
  currentSessionId: null,
  results: null,
  prizes: null,
  regulatorApproval: null,
});
