/**
 * Integration events published by the jackpot service on `baccarat.jackpots.events` (Crown Melbourne 13).
 * One stream per jackpot (`jackpot-<jackpotId>`, streamType `jackpot`); every event is self-contained for the
 * regulator reports (VGCCC: jackpot parameters, payouts, adjustments, meter reconciliation):
 * - amounts in integer cents;
 * - every event that moves the meter carries `meterBeforeCents` and `meterAfterCents`, so a reader can prove
 *   meter = seed + contributions - reversals + backfills - payouts + adjustments + reset funding without
 *   replaying anything else (the chain before/after is continuous within a stream);
 * - who did it is in the envelope (`actor.id`, `actor.role`), why is in `reason` on events a person causes;
 * - `clause` names the Crown Melbourne rule the event rests on.
 * Add fields freely; renaming or removing one needs a new `version` of the event and an upcaster.
 */
import type { Jurisdiction } from './tables.events';

export type LuckyTieOption = '1' | '2' | '3';
export type LuckyTieOutcomeId = 'non-coloured-lucky-tie' | 'coloured-lucky-tie' | 'suited-lucky-tie' | 'non-suited-lucky-tie' | 'lucky-tie';
/** Crown 13.4.6(a)(i) equally per qualifying Tie wager, (ii) proportionally to the Tie wager. */
export type JackpotDivision = 'equal' | 'proportional';

export interface JackpotParameters {
  /** Seed and reset amount: what Crown funds the pool with at the start and after a payout empties it (13.4.1). */
  readonly seedCents: number;
  /** Contribution per completed coup at a participating table (13.4.1, 13.4.2). */
  readonly contributionCents: number;
  /** Lucky Tie option of Table 20 (13.4.3). */
  readonly option: LuckyTieOption;
  /** Configured share of the rounded meter per outcome of the option, in whole percent (13.4.3 Table 20). */
  readonly percentOfMeter: Readonly<Partial<Record<LuckyTieOutcomeId, number>>>;
  readonly division: JackpotDivision;
  /** The nearest payable amount the meter is rounded UP to at settlement, e.g. 100 = $1 (13.4.7(a)). */
  readonly roundingUnitCents: number;
}

export interface MeterChange {
  readonly meterBeforeCents: number;
  readonly meterAfterCents: number;
}

export interface JackpotCreated extends MeterChange {
  readonly type: 'JackpotCreated';
  readonly jackpotId: string;
  readonly name: string;
  /** The jurisdiction of the rulebook version the jackpot was created under (`rulebookId`). */
  readonly jurisdiction: Jurisdiction;
  readonly rulebookId: string;
  /** One table or a group of tables (13.3.1(b)). */
  readonly tableIds: readonly string[];
  readonly parameters: JackpotParameters;
  /** When the parameters were notified to the VGCCC: before the jackpot commences (13.4.1(a)). */
  readonly notifiedToRegulatorAt: string;
  readonly createdAt: string;
  readonly clause: string;
}

export interface JackpotParametersChanged extends MeterChange {
  readonly type: 'JackpotParametersChanged';
  readonly jackpotId: string;
  readonly previous: JackpotParameters;
  readonly next: JackpotParameters;
  readonly previousTableIds: readonly string[];
  readonly nextTableIds: readonly string[];
  readonly notifiedToRegulatorAt: string;
  readonly effectiveAt: string;
  readonly reason: string;
  readonly clause: string;
}

export interface ContributionRecorded extends MeterChange {
  readonly type: 'ContributionRecorded';
  readonly jackpotId: string;
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly coupNumber: number;
  readonly amountCents: number;
  /** The tables service's CoupCompleted event this contribution was taken from. */
  readonly sourceEventId: string;
  readonly coupCompletedAt: string;
  readonly recordedAt: string;
  readonly clause: string;
}

/** A coup that contributed was voided afterwards: its contribution is taken back (13.4.1 "Coup completed"). */
export interface ContributionReversed extends MeterChange {
  readonly type: 'ContributionReversed';
  readonly jackpotId: string;
  readonly tableId: string;
  /** The voided coup's shoe (absent on reversals recorded before it was published). */
  readonly shoeId?: string;
  readonly coupId: string;
  /** What was taken back: the contribution, or less when the meter held less (it never goes below zero). */
  readonly amountCents: number;
  /** What could not be taken back (0 or absent: none); flagged by a JackpotAttentionFlagged 'reversal-shortfall'. */
  readonly shortfallCents?: number;
  readonly sourceEventId: string;
  readonly reason: string;
  readonly reversedAt: string;
  readonly clause: string;
}

/** Coups not recorded during a dealing-shoe fault, contributed by a TG Area Manager (or above) (13.4.9(b)). */
export interface ContributionsBackfilled extends MeterChange {
  readonly type: 'ContributionsBackfilled';
  readonly jackpotId: string;
  readonly tableId: string;
  /** The faulty shoe (absent on backfills recorded before it was required). */
  readonly shoeId?: string;
  readonly coupCount: number;
  /** The rounds not recorded, one id per coup (empty only on backfills recorded before they were required). */
  readonly coupIds: readonly string[];
  readonly amountCents: number;
  readonly reason: string;
  readonly backfilledAt: string;
  readonly clause: string;
}

/** Manual adjustment to the prize pool via the Jackpot Management Console (1.1 'Jackpot Management Console'). */
export interface MeterAdjusted extends MeterChange {
  readonly type: 'MeterAdjusted';
  readonly jackpotId: string;
  /** Positive adds to the pool, negative takes from it. */
  readonly amountCents: number;
  readonly reason: string;
  readonly adjustedAt: string;
  readonly clause: string;
}

export interface TieWagerRef {
  readonly wagerId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly amountCents: number;
}

export type HitMismatchKind =
  /** The dealer recorded a Lucky Tie on a coup whose cards are not one (or not yet known to be). */
  | 'recorded-not-detected'
  /** The cards show a Lucky Tie the dealer has not recorded. */
  | 'detected-not-recorded'
  /** Both agree it is a Lucky Tie but not on which outcome (e.g. coloured vs suited). */
  | 'outcome-differs';

/** The coup's cards make a Lucky Tie (13.4.3 Table 20), detected from the tables service's CoupCompleted. */
export interface LuckyTieDetected {
  readonly type: 'LuckyTieDetected';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly outcome: LuckyTieOutcomeId;
  readonly playerCards: readonly string[];
  readonly bankerCards: readonly string[];
  /** Qualifying Tie wagers of the coup (13.4.6(a)). */
  readonly tieWagers: readonly TieWagerRef[];
  readonly sourceEventId: string;
  readonly detectedAt: string;
  readonly clause: string;
}

/** The dealer recorded the winning jackpot hand on the handset (13.4.4); `sequence` orders hits in the group (13.4.7(b)). */
export interface LuckyTieHitRecorded {
  readonly type: 'LuckyTieHitRecorded';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly outcome: LuckyTieOutcomeId;
  readonly sequence: number;
  readonly recordedAt: string;
  readonly clause: string;
}

export interface HitMismatchFlagged {
  readonly type: 'HitMismatchFlagged';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly kind: HitMismatchKind;
  readonly detectedOutcome: LuckyTieOutcomeId | null;
  readonly recordedOutcome: LuckyTieOutcomeId | null;
  readonly flaggedAt: string;
  readonly clause: string;
}

/** A TG Area Manager (or above) confirmed the payout on the console (13.4.5), to notify the Casino Manager. */
export interface HitConfirmed {
  readonly type: 'HitConfirmed';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly sequence: number;
  readonly outcome: LuckyTieOutcomeId;
  readonly percentOfMeter: number;
  /** The meter at the time of settlement, and rounded up to the nearest payable amount (13.4.7(a)). */
  readonly meterCents: number;
  readonly roundedMeterCents: number;
  readonly payoutCents: number;
  readonly mismatchAcknowledged: boolean;
  readonly reason: string | null;
  readonly notify: 'casino-manager';
  readonly confirmedAt: string;
  readonly clause: string;
}

export interface JackpotShare {
  readonly wagerId: string;
  readonly box: number;
  readonly patronId: string | null;
  readonly tieWagerCents: number;
  readonly amountCents: number;
}

/** The payout divided among the qualifying Tie wagers (13.4.6) and paid (13.4.8). Shares sum to `totalCents`. */
export interface JackpotPaid extends MeterChange {
  readonly type: 'JackpotPaid';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly division: JackpotDivision;
  readonly totalCents: number;
  readonly shares: readonly JackpotShare[];
  readonly paidAt: string;
  readonly clause: string;
}

/** After the whole pool is won (a 100% outcome), Crown funds it back up to the seed/reset amount (13.4.1). */
export interface MeterReset extends MeterChange {
  readonly type: 'MeterReset';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly resetToCents: number;
  readonly fundedCents: number;
  readonly resetAt: string;
  readonly clause: string;
}

/** A recorded hit that cannot be paid (the coup was not a Lucky Tie, or was voided): dismissed with a reason. */
export interface HitDismissed {
  readonly type: 'HitDismissed';
  readonly jackpotId: string;
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly reason: string;
  readonly dismissedAt: string;
  readonly clause: string;
}

/** The jackpot is not offered on a table whose equipment malfunctions, until rectified (13.4.9(a)). */
export interface TableSuspended {
  readonly type: 'TableSuspended';
  readonly jackpotId: string;
  readonly tableId: string;
  readonly reason: string;
  readonly suspendedAt: string;
  readonly clause: string;
}

export interface TableResumed {
  readonly type: 'TableResumed';
  readonly jackpotId: string;
  readonly tableId: string;
  readonly reason: string;
  readonly resumedAt: string;
  readonly clause: string;
}

export type JackpotAttentionKind =
  /** A voided coup's contribution could not be taken back in full without taking the meter below zero. */
  | 'reversal-shortfall'
  /** A coup was voided after its Lucky Tie was paid (Crown Melbourne 15.5): the payout stands; management decides. */
  | 'voided-after-payout'
  /** A void or completion of a coup from a shoe the jackpot no longer keeps: whether it contributed cannot be told. */
  | 'forgotten-shoe'
  /**
   * A table names a jackpot that does not exist (its opening or a completed coup): its coups contribute nothing
   * until the jackpot is created with the table (13.3.1(b), 13.4.1). Flagged on the stream of the id named.
   */
  | 'unknown-jackpot'
  /** A table plays for this jackpot but the jackpot does not list it: its coups contribute nothing (13.3.1(b), 13.4.1). */
  | 'table-not-in-jackpot'
  /** The jackpot lists a table the tables service has never opened (a typo, or a table yet to open) (13.3.1(b)). */
  | 'unknown-table'
  /** The jackpot lists a table that was opened without it: that table's coups contribute nothing (13.3.1(b), 13.4.1). */
  | 'table-does-not-name-jackpot';

/** The attention kinds about the table-jackpot link: checked from each side's published events, never by a call. */
export const JACKPOT_LINK_ATTENTION_KINDS: readonly JackpotAttentionKind[] = ['unknown-jackpot', 'table-not-in-jackpot', 'unknown-table', 'table-does-not-name-jackpot'];

/**
 * Something the jackpot could not settle by itself, for the TG Area Manager (or above) (Crown Melbourne 15.10).
 * Moves no meter: whatever management decides is recorded by its own event (e.g. a MeterAdjusted).
 */
export interface JackpotAttentionFlagged {
  readonly type: 'JackpotAttentionFlagged';
  readonly jackpotId: string;
  readonly kind: JackpotAttentionKind;
  readonly tableId: string;
  /** The coup's shoe and coup; '' for a flag about a table's link rather than a coup (e.g. 'unknown-table'). */
  readonly shoeId: string;
  readonly coupId: string;
  /** The hit that was paid ('voided-after-payout'), else null. */
  readonly hitId: string | null;
  /** The cents in question: the shortfall, the payout, or the contribution. */
  readonly amountCents: number;
  readonly reason: string;
  readonly notify: 'area-manager';
  readonly flaggedAt: string;
  readonly clause: string;
}

export type JackpotsIntegrationEvent =
  | JackpotCreated
  | JackpotParametersChanged
  | ContributionRecorded
  | ContributionReversed
  | ContributionsBackfilled
  | MeterAdjusted
  | LuckyTieDetected
  | LuckyTieHitRecorded
  | HitMismatchFlagged
  | HitConfirmed
  | JackpotPaid
  | MeterReset
  | HitDismissed
  | TableSuspended
  | TableResumed
  | JackpotAttentionFlagged;

export type JackpotsIntegrationEventType = JackpotsIntegrationEvent['type'];

export const JACKPOTS_INTEGRATION_EVENT_TYPES: readonly JackpotsIntegrationEventType[] = [
  'JackpotCreated',
  'JackpotParametersChanged',
  'ContributionRecorded',
  'ContributionReversed',
  'ContributionsBackfilled',
  'MeterAdjusted',
  'LuckyTieDetected',
  'LuckyTieHitRecorded',
  'HitMismatchFlagged',
  'HitConfirmed',
  'JackpotPaid',
  'MeterReset',
  'HitDismissed',
  'TableSuspended',
  'TableResumed',
  'JackpotAttentionFlagged',
];

/** Stream id of a jackpot in the jackpots event store. */
export const jackpotStreamId = (jackpotId: string): string => `jackpot-${jackpotId}`;
