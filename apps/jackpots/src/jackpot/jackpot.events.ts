import { JACKPOT_LINK_ATTENTION_KINDS } from '@app/contracts';
import type {
  ContributionRecorded,
  ContributionReversed,
  ContributionsBackfilled,
  HitConfirmed,
  HitDismissed,
  HitMismatchFlagged,
  HitMismatchKind,
  JackpotAttentionFlagged,
  JackpotCreated,
  JackpotPaid,
  JackpotParameters,
  JackpotParametersChanged,
  Jurisdiction,
  LuckyTieDetected,
  LuckyTieHitRecorded,
  LuckyTieOutcomeId,
  MeterAdjusted,
  MeterReset,
  TableResumed,
  TableSuspended,
  TieWagerRef,
} from '@app/contracts';

/**
 * Events of one jackpot's stream. The published ones are the integration contract itself
 * (libs/contracts/src/jackpots.events.ts, self-contained with meter before/after); `CoupVoidNoted` stays
 * internal: it remembers a void that arrived before its coup's completion, so that coup never contributes.
 */
export interface CoupVoidNoted {
  readonly type: 'CoupVoidNoted';
  readonly jackpotId: string;
  readonly tableId: string;
  readonly shoeId: string;
  readonly coupId: string;
  readonly sourceEventId: string;
  readonly notedAt: string;
}

export type JackpotEvent =
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
  | JackpotAttentionFlagged
  | CoupVoidNoted;

export type HitStatus = 'open' | 'confirmed' | 'paid' | 'dismissed';

export interface HitState {
  readonly hitId: string;
  readonly tableId: string;
  readonly coupId: string;
  /** From the coup's cards (tables service CoupCompleted). */
  readonly detected: { readonly outcome: LuckyTieOutcomeId; readonly shoeId: string; readonly tieWagers: readonly TieWagerRef[]; readonly playerCards: readonly string[]; readonly bankerCards: readonly string[] } | null;
  /** From the dealer's handset (13.4.4); the sequence orders hits in the group (13.4.7(b)). */
  readonly recorded: { readonly outcome: LuckyTieOutcomeId; readonly sequence: number; readonly recordedAt: string } | null;
  readonly mismatch: HitMismatchKind | null;
  readonly status: HitStatus;
  /** What was paid on the hit, once paid: a void of its coup afterwards is flagged with it (15.5). */
  readonly paidCents: number | null;
}

export type CoupStatus = 'contributed' | 'reversed' | 'voided' | 'backfilled';

export interface CoupRecord {
  readonly status: CoupStatus;
  readonly amountCents: number;
}

/** One shoe's coups at a table (coup ids are unique within a shoe, not across a table's shoes). */
export interface ShoeCoups {
  readonly shoeId: string;
  readonly coups: Readonly<Record<string, CoupRecord>>;
}

/**
 * Shoes whose coups each table keeps: the current one and the three before it, so a backfill after a faulty
 * shoe was replaced (13.4.9(b)) and a late void both find the coups they concern. Bounded: a table plays
 * some 80 coups a shoe, and the state is snapshotted every 50 events at hundreds of coups a second.
 */
export const KEPT_SHOES_PER_TABLE = 4;
/**
 * Ids of shoes dropped from the kept ones, remembered so that a late event about them is recognised as
 * such (and refused or flagged) rather than taken for a new shoe and counted again. Ids only: a few KB.
 */
export const FORGOTTEN_SHOES_PER_TABLE = 100;

/** The coups a table counted, per shoe, oldest shoe first; enough to reverse a void and refuse double contributions. */
export interface TableCoups {
  readonly shoes: readonly ShoeCoups[];
  readonly forgottenShoeIds: readonly string[];
}

/** Attention flags the console shows (the latest ones; every flag is in the stream and published). */
export const ATTENTION_KEPT = 50;

export interface JackpotState {
  readonly exists: boolean;
  readonly jackpotId: string;
  readonly name: string;
  readonly rulebookId: string;
  /** The jurisdiction of the rulebook it was created under (JackpotCreated): whose regulator may read it. Null until created. */
  readonly jurisdiction: Jurisdiction | null;
  readonly tableIds: readonly string[];
  readonly suspended: Readonly<Record<string, string>>;
  readonly parameters: JackpotParameters | null;
  readonly meterCents: number;
  readonly tables: Readonly<Record<string, TableCoups>>;
  readonly hits: Readonly<Record<string, HitState>>;
  readonly attention: readonly JackpotAttentionFlagged[];
  /**
   * Table-jackpot link problems flagged already (`<kind>:<tableId>`), so each is flagged once until the
   * configuration changes (jackpot-links.decider.ts). Optional: snapshots taken before it lack it.
   */
  readonly linkFlags?: Readonly<Record<string, true>>;
  readonly nextSequence: number;
  /** The latest payout, for the Jackpot Display's winning message (1.1 'Jackpot Display'). */
  readonly lastPayout: { readonly hitId: string; readonly tableId: string; readonly totalCents: number; readonly winners: number; readonly paidAt: string } | null;
}

export const initialJackpotState = (): JackpotState => ({
  exists: false,
  jackpotId: '',
  name: '',
  rulebookId: '',
  jurisdiction: null,
  tableIds: [],
  suspended: {},
  parameters: null,
  meterCents: 0,
  tables: {},
  hits: {},
  attention: [],
  linkFlags: {},
  nextSequence: 1,
  lastPayout: null,
});

/** One hit per coup and jackpot: detection and the dealer's record meet on this id. */
export const hitIdFor = (coupId: string): string => `hit-${coupId}`;

const NO_COUPS: TableCoups = { shoes: [], forgottenShoeIds: [] };

/** Where a shoe stands in a table's memory: its coups kept, only its id remembered, or never seen. */
export const shoeStanding = (state: JackpotState, tableId: string, shoeId: string): 'kept' | 'forgotten' | 'unknown' => {
  const table = state.tables[tableId];
  if (table?.shoes.some((s) => s.shoeId === shoeId)) return 'kept';
  return table?.forgottenShoeIds.includes(shoeId) ? 'forgotten' : 'unknown';
};

export const coupRecord = (state: JackpotState, tableId: string, shoeId: string, coupId: string): CoupRecord | undefined =>
  state.tables[tableId]?.shoes.find((s) => s.shoeId === shoeId)?.coups[coupId];

/** A coup's record in any kept shoe, newest shoe first (the dealer's handset names no shoe). */
export const coupRecordInAnyShoe = (state: JackpotState, tableId: string, coupId: string): CoupRecord | undefined => {
  const shoes = state.tables[tableId]?.shoes ?? [];
  for (let i = shoes.length - 1; i >= 0; i--) if (shoes[i].coups[coupId]) return shoes[i].coups[coupId];
  return undefined;
};

/**
 * Records a coup in its shoe; a shoe not kept yet becomes the newest, and the oldest beyond
 * KEPT_SHOES_PER_TABLE is dropped, its id remembered. Events recorded before shoes were kept apart name no
 * shoe: their coup goes to the shoe holding it, else the newest (as they were kept then).
 */
const withCoup = (state: JackpotState, tableId: string, shoeId: string | undefined, coupId: string, status: CoupStatus, amountCents: number): JackpotState => {
  const table = state.tables[tableId] ?? NO_COUPS;
  const sid = shoeId ?? table.shoes.find((s) => s.coups[coupId] !== undefined)?.shoeId ?? table.shoes[table.shoes.length - 1]?.shoeId ?? '';
  const record: CoupRecord = { status, amountCents };
  let shoes: ShoeCoups[];
  let forgotten = table.forgottenShoeIds;
  if (table.shoes.some((s) => s.shoeId === sid)) {
    shoes = table.shoes.map((s) => (s.shoeId === sid ? { shoeId: sid, coups: { ...s.coups, [coupId]: record } } : s));
  } else {
    shoes = [...table.shoes, { shoeId: sid, coups: { [coupId]: record } }];
    forgotten = forgotten.filter((id) => id !== sid);
    while (shoes.length > KEPT_SHOES_PER_TABLE) {
      forgotten = [...forgotten, shoes[0].shoeId].slice(-FORGOTTEN_SHOES_PER_TABLE);
      shoes = shoes.slice(1);
    }
  }
  return { ...state, tables: { ...state.tables, [tableId]: { shoes, forgottenShoeIds: forgotten } } };
};

const withHit = (state: JackpotState, hitId: string, change: (h: HitState | undefined) => HitState): JackpotState => ({
  ...state,
  hits: { ...state.hits, [hitId]: change(state.hits[hitId]) },
});

const blankHit = (hitId: string, tableId: string, coupId: string): HitState => ({ hitId, tableId, coupId, detected: null, recorded: null, mismatch: null, status: 'open', paidCents: null });

export const evolveJackpot = (state: JackpotState, event: JackpotEvent): JackpotState => {
  switch (event.type) {
    case 'JackpotCreated':
      return {
        ...state,
        exists: true,
        jackpotId: event.jackpotId,
        name: event.name,
        rulebookId: event.rulebookId,
        jurisdiction: event.jurisdiction,
        tableIds: event.tableIds,
        parameters: event.parameters,
        meterCents: event.meterAfterCents,
        // A new configuration: link problems are checked afresh (jackpot-links.decider.ts).
        linkFlags: {},
      };
    case 'JackpotParametersChanged':
      return { ...state, parameters: event.next, tableIds: event.nextTableIds, meterCents: event.meterAfterCents, linkFlags: {} };
    case 'ContributionRecorded':
      return { ...withCoup(state, event.tableId, event.shoeId, event.coupId, 'contributed', event.amountCents), meterCents: event.meterAfterCents };
    case 'ContributionReversed':
      return { ...withCoup(state, event.tableId, event.shoeId, event.coupId, 'reversed', 0), meterCents: event.meterAfterCents };
    case 'CoupVoidNoted':
      return withCoup(state, event.tableId, event.shoeId, event.coupId, 'voided', 0);
    case 'ContributionsBackfilled': {
      let next: JackpotState = { ...state, meterCents: event.meterAfterCents };
      const each = event.coupCount > 0 ? Math.floor(event.amountCents / event.coupCount) : 0;
      for (const coupId of event.coupIds) next = withCoup(next, event.tableId, event.shoeId, coupId, 'backfilled', each);
      return next;
    }
    case 'MeterAdjusted':
      return { ...state, meterCents: event.meterAfterCents };
    case 'LuckyTieDetected':
      return withHit(state, event.hitId, (h) => ({
        ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)),
        detected: { outcome: event.outcome, shoeId: event.shoeId, tieWagers: event.tieWagers, playerCards: event.playerCards, bankerCards: event.bankerCards },
      }));
    case 'LuckyTieHitRecorded':
      return {
        ...withHit(state, event.hitId, (h) => ({
          ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)),
          recorded: { outcome: event.outcome, sequence: event.sequence, recordedAt: event.recordedAt },
        })),
        nextSequence: Math.max(state.nextSequence, event.sequence + 1),
      };
    case 'HitMismatchFlagged':
      return withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), mismatch: event.kind }));
    case 'HitConfirmed':
      return withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), status: 'confirmed' }));
    case 'JackpotPaid':
      return {
        ...withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), status: 'paid', paidCents: event.totalCents })),
        meterCents: event.meterAfterCents,
        lastPayout: event.totalCents > 0 ? { hitId: event.hitId, tableId: event.tableId, totalCents: event.totalCents, winners: event.shares.length, paidAt: event.paidAt } : state.lastPayout,
      };
    case 'MeterReset':
      return { ...state, meterCents: event.meterAfterCents };
    case 'HitDismissed':
      return withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), status: 'dismissed' }));
    case 'TableSuspended':
      return { ...state, suspended: { ...state.suspended, [event.tableId]: event.reason } };
    case 'JackpotAttentionFlagged':
      return {
        ...state,
        attention: [...state.attention, event].slice(-ATTENTION_KEPT),
        linkFlags: JACKPOT_LINK_ATTENTION_KINDS.includes(event.kind) ? { ...(state.linkFlags ?? {}), [`${event.kind}:${event.tableId}`]: true } : state.linkFlags,
      };
    case 'TableResumed': {
      const { [event.tableId]: _gone, ...rest } = state.suspended;
      return { ...state, suspended: rest };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
};
