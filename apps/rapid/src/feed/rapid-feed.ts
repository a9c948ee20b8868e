import { PostgresEventStore, StoredEvent, StoreFollower } from '@app/event-store';
import type { RapidUseCases } from '../rapid-use-cases';
import { STREAM_TYPES } from '../rapid-use-cases';

/** What the live feed sends: the table's round (countdown 8.2, outcome) to everyone, a balance only to its ATS (6.1). */
export type FeedUpdate =
  | {
      readonly kind: 'round';
      readonly tableId: string;
      readonly eventType: string;
      readonly roundId: string;
      /** The round's number at the table ("Round 412", 8.1), when the event carries it. */
      readonly roundNumber?: number;
      readonly status: 'wagering' | 'closed' | 'settled' | 'void';
      readonly periodEndsAt?: string;
      readonly outcome?: unknown;
      readonly at: string;
    }
  | { readonly kind: 'balance'; readonly tableId: string; readonly atsId: string; readonly accountId: string; readonly eventType: string; readonly balanceCents: number | null; readonly frozen?: boolean; readonly at: string }
  /** To the SGC only: the player at an ATS asked to be paid out in chips, or was paid (6.7.1); no balance. */
  | { readonly kind: 'payout'; readonly tableId: string; readonly atsId: string; readonly accountId: string; readonly requested: boolean; readonly at: string };

export interface FeedViewer {
  readonly role: string;
  readonly id: string;
}

type Listener = (update: FeedUpdate) => void;

const ROUND_STATUS: Record<string, 'wagering' | 'closed' | 'settled' | 'void'> = {
  RapidRoundStarted: 'wagering',
  RapidWageringClosed: 'closed',
  RapidOutcomeEntered: 'closed',
  RapidRoundSettled: 'settled',
  RapidOutcomeCorrected: 'settled',
  RapidOutcomeConfirmed: 'settled',
  RapidAccountsFrozen: 'settled',
};

/**
 * Follows the Rapid event store in global order (readAll never skips a late commit) every ~50 ms and fans each
 * round change and balance movement out to the subscribers of its table. A balance goes only to a subscriber
 * whose token is the ATS showing that account: no ATS sees another's balance, nor does the SGC, which is told only
 * that a player asked to be paid out in chips, and when the Dealer paid (6.7.1).
 */
export class RapidFeed {
  private readonly listeners = new Map<string, Set<{ viewer: FeedViewer; listener: Listener }>>();

  private readonly follower: StoreFollower;

  constructor(
    store: PostgresEventStore,
    private readonly useCases: RapidUseCases,
    intervalMs = 50,
  ) {
    this.follower = new StoreFollower(store, (e) => this.dispatch(e), intervalMs);
  }

  start(): Promise<void> {
    return this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  subscribe(tableId: string, viewer: FeedViewer, listener: Listener): () => void {
    let set = this.listeners.get(tableId);
    if (!set) this.listeners.set(tableId, (set = new Set()));
    const entry = { viewer, listener };
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0) this.listeners.delete(tableId);
    };
  }

  private async dispatch(e: StoredEvent): Promise<void> {
    const d = e.data as Record<string, unknown>;
    if (e.streamType === STREAM_TYPES.table) {
      const tableId = String(d.tableId);
      const status = ROUND_STATUS[e.type];
      if (!status || !this.listeners.get(tableId)?.size) return;
      const update: FeedUpdate = {
        kind: 'round',
        tableId,
        eventType: e.type,
        roundId: String(d.roundId),
        ...(typeof d.roundNumber === 'number' ? { roundNumber: d.roundNumber } : {}),
        status,
        ...(typeof d.periodEndsAt === 'string' ? { periodEndsAt: d.periodEndsAt } : {}),
        ...(d.outcome ? { outcome: d.outcome } : d.actual ? { outcome: d.actual } : {}),
        at: e.occurredAt,
      };
      for (const { listener } of this.listeners.get(tableId) ?? []) listener(update);
      return;
    }
    if (e.streamType !== STREAM_TYPES.account) return;
    const accountId = String(d.accountId);
    if (e.type === 'AtsChipPayoutRequested' || e.type === 'AtsAccountCashedOut') {
      const sgc = [...(this.listeners.get(String(d.tableId)) ?? [])].filter((s) => s.viewer.role !== 'ats');
      const payout: FeedUpdate = { kind: 'payout', tableId: String(d.tableId), atsId: String(d.atsId), accountId, requested: e.type === 'AtsChipPayoutRequested', at: e.occurredAt };
      for (const { listener } of sgc) listener(payout);
    }
    // An account paid out and closed is no longer on its ATS (6.1): what is owed to the player who left is not shown there.
    if (e.type === 'AtsOwedAmountPaid' || (e.type === 'AtsSettlementRecalculated' && typeof d.owedToPlayerCents === 'number')) return;
    // Released from one round's freeze, an account frozen for another stays frozen (11.11).
    const stillFrozen = async () => ((await this.useCases.loadAccount(accountId).catch(() => undefined))?.state.frozenForRounds.length ?? 0) > 0;
    const frozen = e.type === 'AtsAccountFrozen' ? true : e.type === 'AtsAccountReleased' ? await stillFrozen() : undefined;
    if (typeof d.balanceAfterCents !== 'number' && frozen === undefined) return;
    const place = await this.useCases.placeOf(accountId).catch(() => undefined);
    if (!place) return;
    const subscribers = [...(this.listeners.get(place.tableId) ?? [])].filter((s) => s.viewer.role === 'ats' && s.viewer.id === place.atsId);
    if (!subscribers.length) return;
    const update: FeedUpdate = {
      kind: 'balance',
      tableId: place.tableId,
      atsId: place.atsId,
      accountId,
      eventType: e.type,
      balanceCents: typeof d.balanceAfterCents === 'number' ? d.balanceAfterCents : null,
      ...(frozen !== undefined ? { frozen } : {}),
      at: e.occurredAt,
    };
    for (const { listener } of subscribers) listener(update);
  }
}
