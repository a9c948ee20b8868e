import type {
  ContributionRecorded,
  ContributionReversed,
  ContributionsBackfilled,
  HitConfirmed,
  HitDismissed,
  HitMismatchFlagged,
  HitMismatchKind,
  JackpotCreated,
  JackpotPaid,
  JackpotParameters,
  JackpotParametersChanged,
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
}

export type CoupStatus = 'contributed' | 'reversed' | 'voided' | 'backfilled';

/** The coups of a table's current shoe: enough to reverse a voided coup and to refuse double contributions. */
export interface TableCoups {
  readonly shoeId: string;
  readonly coups: Readonly<Record<string, { readonly status: CoupStatus; readonly amountCents: number }>>;
}

export interface JackpotState {
  readonly exists: boolean;
  readonly jackpotId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly tableIds: readonly string[];
  readonly suspended: Readonly<Record<string, string>>;
  readonly parameters: JackpotParameters | null;
  readonly meterCents: number;
  readonly tables: Readonly<Record<string, TableCoups>>;
  readonly hits: Readonly<Record<string, HitState>>;
  readonly nextSequence: number;
  /** The latest payout, for the Jackpot Display's winning message (1.1 'Jackpot Display'). */
  readonly lastPayout: { readonly hitId: string; readonly tableId: string; readonly totalCents: number; readonly winners: number; readonly paidAt: string } | null;
}

export const initialJackpotState = (): JackpotState => ({
  exists: false,
  jackpotId: '',
  name: '',
  rulebookId: '',
  tableIds: [],
  suspended: {},
  parameters: null,
  meterCents: 0,
  tables: {},
  hits: {},
  nextSequence: 1,
  lastPayout: null,
});

/** One hit per coup and jackpot: detection and the dealer's record meet on this id. */
export const hitIdFor = (coupId: string): string => `hit-${coupId}`;

const withCoup = (state: JackpotState, tableId: string, shoeId: string | null, coupId: string, status: CoupStatus, amountCents: number): JackpotState => {
  const current = state.tables[tableId];
  const table: TableCoups =
    current && (shoeId === null || current.shoeId === shoeId)
      ? { shoeId: current.shoeId, coups: { ...current.coups, [coupId]: { status, amountCents } } }
      : { shoeId: shoeId ?? current?.shoeId ?? '', coups: { [coupId]: { status, amountCents } } };
  return { ...state, tables: { ...state.tables, [tableId]: table } };
};

const withHit = (state: JackpotState, hitId: string, change: (h: HitState | undefined) => HitState): JackpotState => ({
  ...state,
  hits: { ...state.hits, [hitId]: change(state.hits[hitId]) },
});

const blankHit = (hitId: string, tableId: string, coupId: string): HitState => ({ hitId, tableId, coupId, detected: null, recorded: null, mismatch: null, status: 'open' });

export const evolveJackpot = (state: JackpotState, event: JackpotEvent): JackpotState => {
  switch (event.type) {
    case 'JackpotCreated':
      return {
        ...state,
        exists: true,
        jackpotId: event.jackpotId,
        name: event.name,
        rulebookId: event.rulebookId,
        tableIds: event.tableIds,
        parameters: event.parameters,
        meterCents: event.meterAfterCents,
      };
    case 'JackpotParametersChanged':
      return { ...state, parameters: event.next, tableIds: event.nextTableIds, meterCents: event.meterAfterCents };
    case 'ContributionRecorded':
      return { ...withCoup(state, event.tableId, event.shoeId, event.coupId, 'contributed', event.amountCents), meterCents: event.meterAfterCents };
    case 'ContributionReversed':
      return { ...withCoup(state, event.tableId, null, event.coupId, 'reversed', 0), meterCents: event.meterAfterCents };
    case 'CoupVoidNoted':
      return withCoup(state, event.tableId, event.shoeId, event.coupId, 'voided', 0);
    case 'ContributionsBackfilled': {
      let next: JackpotState = { ...state, meterCents: event.meterAfterCents };
      const each = event.coupCount > 0 ? Math.floor(event.amountCents / event.coupCount) : 0;
      for (const coupId of event.coupIds) next = withCoup(next, event.tableId, null, coupId, 'backfilled', each);
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
        ...withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), status: 'paid' })),
        meterCents: event.meterAfterCents,
        lastPayout: event.totalCents > 0 ? { hitId: event.hitId, tableId: event.tableId, totalCents: event.totalCents, winners: event.shares.length, paidAt: event.paidAt } : state.lastPayout,
      };
    case 'MeterReset':
      return { ...state, meterCents: event.meterAfterCents };
    case 'HitDismissed':
      return withHit(state, event.hitId, (h) => ({ ...(h ?? blankHit(event.hitId, event.tableId, event.coupId)), status: 'dismissed' }));
    case 'TableSuspended':
      return { ...state, suspended: { ...state.suspended, [event.tableId]: event.reason } };
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
