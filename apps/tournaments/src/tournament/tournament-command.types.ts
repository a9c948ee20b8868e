import type { TournamentSessionKind, TournamentTerms, UndisclosedBet } from '@app/contracts';
import type { GameKind } from '@app/baccarat';
import type { UndisclosedForm } from './tournament.events';

export interface Actor {
  readonly id: string;
  readonly role: string;
}

interface Base {
  readonly actor: Actor;
  /** ISO instant the command is handled at (from the edge or the source event). */
  readonly now: string;
}

// ---- terms (Crown Melbourne 14.2, 14.4; Rapid 12.1.3, 12.2; Star 15.4) -----------------------------------
export interface PublishTerms extends Base {
  readonly type: 'PublishTerms';
  readonly tournamentId: string;
  readonly name: string;
  /** The operator (or jurisdiction) whose rules apply; the version in force on the tournament's start date is used. */
  readonly operator: string;
  readonly game?: GameKind;
  readonly terms: TournamentTerms;
  readonly regulatorApproval?: RegulatorApproval | null;
}

/** The regulator's written approval of the conditions: its reference and the date (or instant) it was given (Rapid 12.1.3). */
export interface RegulatorApproval {
  readonly reference: string;
  readonly approvedAt: string;
}
export interface AmendTerms extends Base {
  readonly type: 'AmendTerms';
  readonly terms: TournamentTerms;
  readonly reason: string;
  /** The regulator's new written approval of the amended conditions, where the rules require one (Rapid 12.1.3). */
  readonly regulatorApproval?: RegulatorApproval | null;
}
/**
 * A Rapid Baccarat table as the rapid service published it (its `RapidTableOpened`): the facts the edge adds to
 * a designation or a session, read from this service's own read model of those events (never asked of the rapid
 * service). A Rapid table is not opened in tournament mode: it serves the tournament only while a session plays
 * at it (Rapid 12.3.2), so once designated it is ready.
 */
export interface KnownRapidTable {
  readonly tableId: string;
  readonly rulebookId: string;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  /** The tournament session the rapid service says plays at the table now (its RapidTournamentSessionStarted), if any. */
  readonly inUseBy?: { readonly tournamentId: string; readonly sessionId: string } | null;
  /** How many ATSs the table has (its RapidTableOpened.stations; Rapid 2.2(a)): box n is its n-th ATS. Absent where not published. */
  readonly boxes?: number;
}
/**
 * A table the tables service has open in tournament mode (its TableOpened.tournamentId, until it closes or opens for
 * other play), with the status of the tournament it serves as this service has it.
 */
export interface TableInTournamentMode {
  readonly tableId: string;
  readonly tournamentId: string;
  readonly status: 'none' | 'open' | 'entries-closed' | 'running' | 'completed' | 'cancelled';
}
export interface DesignateTables extends Base {
  readonly type: 'DesignateTables';
  readonly tableIds: readonly string[];
  /** Those of `tableIds` the rapid service published (added by the edge). */
  readonly rapidTables?: readonly KnownRapidTable[];
  /** Those of `tableIds` the tables service has open in tournament mode (added by the edge). */
  readonly tablesInTournamentMode?: readonly TableInTournamentMode[];
}
export interface CancelTournament extends Base {
  readonly type: 'CancelTournament';
  readonly reason: string;
}

// ---- entries (Crown Melbourne 14.4.2; Star 15.3, 15.4.2(h)-(i)) ----------------------------------------------
export interface EnterTournament extends Base {
  readonly type: 'EnterTournament';
  readonly entryId: string;
  readonly patronId: string;
  /** Entitled to enter and remain in the casino and gamble (Crown Melbourne 14.4.2(a)(ii), Star 15.4.2(h)(i)). */
  readonly entitledToGamble: boolean;
  readonly employee: boolean;
  readonly feePaidCents: number;
  /** The name the floor board shows for the entry; absent: its entry id. */
  readonly displayName?: string;
}
export interface RefuseEntry extends Base {
  readonly type: 'RefuseEntry';
  readonly patronId: string;
  readonly reason: string;
}
export interface WithdrawEntry extends Base {
  readonly type: 'WithdrawEntry';
  readonly entryId: string;
}
export interface SubstituteEntry extends Base {
  readonly type: 'SubstituteEntry';
  readonly entryId: string;
  readonly patronId: string;
  readonly entitledToGamble: boolean;
  /** The substitute is an employee: the status is the person playing's, not the entry's (Crown Melbourne 14.4.2(a)(v)). */
  readonly employee: boolean;
  /** The name the floor board shows for the substitute (Star 15.5.8); absent: the entry id. */
  readonly displayName?: string;
}
export interface CloseEntries extends Base {
  readonly type: 'CloseEntries';
}

/** The director briefed these players on the terms and is satisfied they understand (Crown Melbourne 14.3.1, Rapid 12.2.3). */
export interface RecordBriefing extends Base {
  readonly type: 'RecordBriefing';
  readonly entryIds: readonly string[];
}

// ---- play (Star 15.5-15.9) -------------------------------------------------------------------------------------
export interface StartSession extends Base {
  readonly type: 'StartSession';
  readonly sessionId: string;
  readonly kind: TournamentSessionKind;
  readonly seating: readonly { readonly entryId: string; readonly tableId: string; readonly box: number }[];
  /** Seated entries who could not provide the session's buy-in (Star 15.6.3); every other seated player paid it (15.6.2). */
  readonly buyInNotProvided?: readonly string[];
  /** The seating's tables the rapid service published (added by the edge). */
  readonly rapidTables?: readonly KnownRapidTable[];
}
export interface PlayPassCard extends Base {
  readonly type: 'PlayPassCard';
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
}
export interface RecordUndisclosedWager extends Base {
  readonly type: 'RecordUndisclosedWager';
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly form: UndisclosedForm;
}
/**
 * Tournament chips bought in a session, between coups: an eliminated player buys back, a player in play re-buys
 * with a Re-Buy marker, or adds on (Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(g); Star 15.4.2(g)).
 */
export interface BuyChips extends Base {
  readonly type: 'BuyChips';
  readonly entryId: string;
  readonly kind: 're-buy' | 'add-on';
  readonly feePaidCents: number;
}
/** An All-In marker on `bet` or a Stand-Off marker, placed before no more bets (Crown Melbourne 14.4.4(e)-(f)). */
export interface PlayMarker extends Base {
  readonly type: 'PlayMarker';
  readonly tableId: string;
  readonly coupId: string;
  readonly entryId: string;
  readonly marker: 'all-in' | 'stand-off';
  readonly bet: UndisclosedBet | null;
}
export interface NoteAbsence extends Base {
  readonly type: 'NoteAbsence';
  readonly entryId: string;
  readonly absent: boolean;
}
export interface Disqualify extends Base {
  readonly type: 'Disqualify';
  readonly entryId: string;
  readonly reason: 'absent' | 'contravention' | 'concealing-chips';
  readonly description: string;
  /** The director approves a refund for a player disqualified for absence (Star 15.5.6.2). */
  readonly refundApproved?: boolean;
}
export interface Retire extends Base {
  readonly type: 'Retire';
  readonly entryId: string;
}
export interface EndSession extends Base {
  readonly type: 'EndSession';
  readonly sessionId: string;
  /** Tournament chips not returned to the inventory (Star 15.5.9). */
  readonly chipsNotReturned?: number;
  /**
   * Where play at a table ends before the scheduled coups or time and the terms dispose of the chips in cash: the
   * players at the table who agreed to end it (Crown Melbourne 14.4.8(d)(ii); Rapid 12.3.5(b); Star 15.5.5.2).
   */
  readonly agreements?: readonly { readonly tableId: string; readonly entryIds: readonly string[] }[];
}
export interface DeclareResults extends Base {
  readonly type: 'DeclareResults';
}

// ---- what the tables service published (the consumer; never a call to the tables service) -----------------
export interface NoteTableOpened extends Base {
  readonly type: 'NoteTableOpened';
  readonly tableId: string;
  /** The tournament the table was opened for; null: opened for other play. */
  readonly forTournament: boolean;
  readonly variant: string;
  readonly offeredBets: readonly { readonly bet: string; readonly option: string }[];
  /**
   * The table's limits per bet as the tables service published them (`TableOpened.limits`; at a tournament table in
   * tournament chips), compared with the terms' minimum and maximum wager. Absent: not compared.
   */
  readonly limits?: { readonly perBet: readonly { readonly bet: string; readonly minimumCents: number; readonly maximumCents: number }[] };
  /** The rules the table plays under (`TableOpened.rulebookId`): a tournament plays only at its own casino's tables. Absent: not compared. */
  readonly rulebookId?: string;
  /** The table's smallest chip (`TableOpened.minimumChipCents`, in tournament chips at a tournament table). */
  readonly minimumChipCents?: number;
  /** How many boxes the table has (`TableOpened.boxes`; Star 15.9.2). */
  readonly boxes?: number;
}
/** A tournament table's limits changed after it opened (`TableLimitsChanged.next`), compared with the terms again (Crown Melbourne 14.4.4(b)). */
export interface NoteTableLimitsChanged extends Base {
  readonly type: 'NoteTableLimitsChanged';
  readonly tableId: string;
  readonly limits: NonNullable<NoteTableOpened['limits']>;
}
export interface NoteCoupStarted extends Base {
  readonly type: 'NoteCoupStarted';
  readonly tableId: string;
  readonly coupId: string;
  readonly dummy: boolean;
}
export interface NoteWagers extends Base {
  readonly type: 'NoteWagers';
  readonly tableId: string;
  readonly coupId: string;
  /** The table's wager ids (WagersAccepted), so a wager out of sequence can be named for the table to return (Star 15.9.4). */
  readonly wagers: readonly { readonly box: number; readonly amount: number; readonly wagerId?: string }[];
}
/** No more bets was called at the table for the coup (the tables service's BettingClosed). */
export interface NoteNoMoreBets extends Base {
  readonly type: 'NoteNoMoreBets';
  readonly tableId: string;
  readonly coupId: string;
}
export interface NoteFirstCard extends Base {
  readonly type: 'NoteFirstCard';
  readonly tableId: string;
  readonly coupId: string;
}
export interface NoteCoupCompleted extends Base {
  readonly type: 'NoteCoupCompleted';
  readonly tableId: string;
  readonly coupId: string;
  readonly result: 'player' | 'banker' | 'tie';
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  /** Chips the table deducted from a box that wagered nothing (Rapid 12.2.1(c)): scored here where nobody wagered. */
  readonly deductions?: readonly CoupDeduction[];
}
export interface NoteSettlement extends Base {
  readonly type: 'NoteSettlement';
  readonly tableId: string;
  readonly coupId: string;
  /** In the order the tables service settled them (Star 15.10.4: whose chips were removed first). */
  readonly settlements: readonly { readonly box: number; readonly amount: number; readonly net: number; readonly outcome: string; readonly bet?: string; readonly option?: string; readonly wagerId?: string }[];
  /** Chips the table deducted from a box that wagered nothing (Rapid 12.2.1(c)); absent: none. */
  readonly deductions?: readonly CoupDeduction[];
}
/** The minimum a Rapid table deducted from a tournament account that wagered nothing in the round (Rapid 12.2.1(c)). */
export interface CoupDeduction {
  readonly box: number;
  readonly amount: number;
  readonly clause: string;
}
export interface NoteCoupVoided extends Base {
  readonly type: 'NoteCoupVoided';
  readonly tableId: string;
  readonly coupId: string;
  /** The clause the tables service voided the coup under (its CoupVoided.clause); absent for a Rapid round. */
  readonly clause?: string;
}

/** A tournament account's round recalculated from the actual outcome (Rapid 11.11), as the rapid service published it. */
export interface NoteChipsCorrected extends Base {
  readonly type: 'NoteChipsCorrected';
  readonly sessionId: string;
  readonly tableId: string;
  readonly entryId: string;
  readonly box: number;
  readonly coupId: string;
  /** The rapid event followed: a redelivery counts once. */
  readonly correctionId: string;
  /** The account's signed movement, and what it could not give back (never below zero). */
  readonly movement: number;
  readonly unrecovered: number;
}

/** The rapid service could not give this player an ATS and account for the session (Rapid 12.3.2). */
export interface NoteSeatRefused extends Base {
  readonly type: 'NoteSeatRefused';
  readonly sessionId: string;
  readonly tableId: string;
  readonly entryId: string;
  readonly box: number;
  readonly reason: string;
}

/**
 * A Rapid table refused the session (the rapid service's RapidTournamentSessionRefused): another session in progress,
 * a round of cash play open, or ATS still showing players' own accounts (Rapid 12.3.2). `clause` is the rapid service's.
 */
export interface NoteSessionRefusedAtTable extends Base {
  readonly type: 'NoteSessionRefusedAtTable';
  readonly sessionId: string;
  readonly tableId: string;
  readonly reason: string;
  readonly message: string;
  readonly clause: string;
}

/** A Rapid table took the session (the rapid service's RapidTournamentSessionStarted): the entries it seated (Rapid 12.3.2). */
export interface NoteSessionTakenAtTable extends Base {
  readonly type: 'NoteSessionTakenAtTable';
  readonly sessionId: string;
  readonly tableId: string;
  readonly entryIds: readonly string[];
}

export type TournamentCommand =
  | PublishTerms
  | AmendTerms
  | DesignateTables
  | CancelTournament
  | EnterTournament
  | RefuseEntry
  | WithdrawEntry
  | SubstituteEntry
  | CloseEntries
  | RecordBriefing
  | StartSession
  | PlayPassCard
  | RecordUndisclosedWager
  | BuyChips
  | PlayMarker
  | NoteAbsence
  | Disqualify
  | Retire
  | EndSession
  | DeclareResults
  | NoteTableOpened
  | NoteTableLimitsChanged
  | NoteCoupStarted
  | NoteWagers
  | NoteNoMoreBets
  | NoteFirstCard
  | NoteCoupCompleted
  | NoteSettlement
  | NoteCoupVoided
  | NoteChipsCorrected
  | NoteSeatRefused
  | NoteSessionRefusedAtTable
  | NoteSessionTakenAtTable;

export type { UndisclosedBet };
