import { jackpotStreamId } from '@app/contracts';
import { PollingLoop, PostgresEventStore, StoredEvent } from '@app/event-store';
import { jackpotCommandHandler, JackpotCommandHandler } from '../jackpot/jackpot.commands';
import type { JackpotState } from '../jackpot/jackpot.events';

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
/** What the feed keeps of a jackpot someone watches: only what its messages carry, not the whole state. */
interface Followed {
  readonly jackpotId: string;
  version: number;
  meterCents: number;
  lastWin: JackpotState['lastPayout'];
  readonly listeners: Set<Listener>;
}

/**
 * For each jackpot a display watches, reads its stream after the version it holds and sends each meter change,
 * hit and payout to its subscribers. Reading the stream by version, not the store in global order, keeps the
 * displays off the server-wide snapshot horizon (readAll waits behind the oldest open transaction anywhere on the
 * server), and a jackpot stream's versions commit in order under its lock, so nothing is skipped or sent twice.
 * The process's own contributions consumer wakes it after each commit (`wake`), so a coup's contribution reaches
 * the display without waiting out the poll interval; the interval catches what other processes and the console
 * append. In memory and per process; a new subscriber first gets the jackpot's current meter.
 */
export class MeterFeed {
  private readonly followed = new Map<string, Followed>();
  private readonly loop: PollingLoop;
  private readonly jackpots: JackpotCommandHandler;

  constructor(
    private readonly store: PostgresEventStore,
    intervalMs = 50,
  ) {
    this.loop = new PollingLoop(() => this.poll(), intervalMs);
    this.jackpots = jackpotCommandHandler(store);
  }

  async start(): Promise<void> {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Sends the jackpot's current meter (the `Snapshot` message) to the listener, then every update after that
   * version, once and in order, until the returned function unsubscribes. The snapshot goes out in the same turn
   * the listener is added, so no update can come before it.
   */
  async subscribe(jackpotId: string, listener: Listener): Promise<() => void> {
    let f = this.followed.get(jackpotId);
    if (!f) {
      const { state, version } = await this.jackpots.load(jackpotStreamId(jackpotId));
      // Another subscriber may have started following it meanwhile: keep the one already polled.
      f = this.followed.get(jackpotId) ?? { jackpotId, version, meterCents: state.meterCents, lastWin: state.lastPayout, listeners: new Set() };
      this.followed.set(jackpotId, f);
    }
    const followed = f;
    listener({ kind: 'meter', jackpotId, version: followed.version, meterCents: followed.meterCents, eventType: 'Snapshot', at: new Date().toISOString(), lastWin: followed.lastWin ?? undefined });
    followed.listeners.add(listener);
    return () => {
      followed.listeners.delete(listener);
      if (followed.listeners.size === 0 && this.followed.get(jackpotId) === followed) this.followed.delete(jackpotId);
    };
  }

  /** Events were committed in this process: poll now rather than at the next tick. */
  wake(): void {
    this.loop.wake();
  }

  private async poll(): Promise<void> {
    await Promise.all(
      [...this.followed.values()].map(async (f) => {
        try {
          const events = await this.store.readStream(jackpotStreamId(f.jackpotId), f.version);
          for (const e of events) {
            if (e.version !== f.version + 1) break;
            this.dispatch(e, f);
          }
        } catch {
          // The database is briefly unavailable: the next poll resumes from the version held.
        }
      }),
    );
  }

  private dispatch(e: StoredEvent, f: Followed): void {
    const data = e.data as Record<string, unknown>;
    f.version = e.version;
    if (typeof data.meterAfterCents === 'number') f.meterCents = data.meterAfterCents;
    // As the jackpot's state keeps it (evolveJackpot): a payout of nothing leaves the last win shown.
    if (e.type === 'JackpotPaid' && (data.totalCents as number) > 0) {
      f.lastWin = { hitId: data.hitId as string, tableId: data.tableId as string, totalCents: data.totalCents as number, winners: (data.shares as unknown[]).length, paidAt: data.paidAt as string };
    }
    const update = toUpdate(e, f.jackpotId, f.meterCents);
    if (!update) return;
    for (const l of f.listeners) l(update);
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
