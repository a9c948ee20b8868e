import { PostgresEventStore, StoredEvent, StoreFollower } from '@app/event-store';
import { JACKPOT_STREAM_TYPE } from '../jackpot/jackpot.commands';

/** What the live feed and the Jackpot Display receive (Crown Melbourne 13.3.1(c)-(d)). */
export interface MeterUpdate {
  readonly kind: 'meter' | 'win' | 'hit';
  readonly jackpotId: string;
  /** Stream version of the jackpot after this update (ordering; a display drops anything older). */
  readonly version: number;
  readonly meterCents: number;
  readonly eventType: string;
  readonly tableId?: string;
  readonly coupId?: string;
  /** For `win`: the amount paid and how many Tie wagers shared it. */
  readonly paidCents?: number;
  readonly winners?: number;
  readonly outcome?: string;
  /** On the first message: the latest payout, so a display that (re)connects still shows the winner. */
  readonly lastWin?: { readonly tableId: string; readonly totalCents: number; readonly winners: number; readonly paidAt: string };
  readonly at: string;
}

type Listener = (update: MeterUpdate) => void;

/**
 * Follows the jackpots event store in global order (readAll never skips a late commit) every ~50 ms and
 * fans each meter change, hit and payout out to live subscribers per jackpot. In memory and per process:
 * every process serving displays follows the store itself, so nothing is lost when one restarts (a new
 * subscriber first gets the jackpot's current state, then every later update).
 */
export class MeterFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private meters = new Map<string, number>();

  private readonly follower: StoreFollower;

  constructor(store: PostgresEventStore, intervalMs = 50) {
    this.follower = new StoreFollower(store, (e) => this.dispatch(e), intervalMs);
  }

  start(): Promise<void> {
    return this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  subscribe(jackpotId: string, listener: Listener): () => void {
    let set = this.listeners.get(jackpotId);
    if (!set) this.listeners.set(jackpotId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(jackpotId);
    };
  }

  private dispatch(e: StoredEvent): void {
    if (e.streamType !== JACKPOT_STREAM_TYPE) return;
    const data = e.data as Record<string, unknown>;
    const jackpotId = String(data.jackpotId ?? e.streamId.replace(/^jackpot-/, ''));
    if (typeof data.meterAfterCents === 'number') this.meters.set(jackpotId, data.meterAfterCents);
    const listeners = this.listeners.get(jackpotId);
    if (!listeners?.size) return;
    const update = toUpdate(e, jackpotId, this.meters.get(jackpotId) ?? 0);
    if (!update) return;
    for (const l of listeners) l(update);
  }
}

export const toUpdate = (e: Pick<StoredEvent, 'type' | 'data' | 'version' | 'occurredAt'>, jackpotId: string, meterCents: number): MeterUpdate | null => {
  const d = e.data as Record<string, unknown>;
  const base = { jackpotId, version: e.version, eventType: e.type, at: e.occurredAt, tableId: d.tableId as string | undefined, coupId: d.coupId as string | undefined };
  if (e.type === 'JackpotPaid') {
    return { ...base, kind: 'win', meterCents: d.meterAfterCents as number, paidCents: d.totalCents as number, winners: (d.shares as unknown[]).length };
  }
  if (e.type === 'LuckyTieHitRecorded') return { ...base, kind: 'hit', meterCents, outcome: d.outcome as string };
  if (typeof d.meterAfterCents === 'number') return { ...base, kind: 'meter', meterCents: d.meterAfterCents };
  return null;
};
