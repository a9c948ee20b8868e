import type { GlobalPosition, StoredEvent } from './event.types';
import { PollingLoop } from './polling-loop';
import type { PostgresEventStore } from './postgres-event-store';

/**
 * Follows an event store in global order from its head at `start()` (readAll never skips a late commit), polling
 * every `intervalMs` and handing each event to `onEvent` in order. In memory and per process, for live feeds
 * (the Jackpot Display, the Rapid table feed): every process serving them follows the store itself. A failed read
 * (the database briefly unavailable) is retried from the same position at the next poll.
 */
export class StoreFollower {
  private position: GlobalPosition | undefined;
  private readonly loop: PollingLoop;
  private started = false;

  constructor(
    private readonly store: PostgresEventStore,
    private readonly onEvent: (event: StoredEvent) => void | Promise<void>,
    intervalMs = 50,
    private readonly batchSize = 1000,
  ) {
    this.loop = new PollingLoop(() => this.poll(), intervalMs);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.position = await this.store.headPosition();
    // Stopped while reading the head: stays stopped.
    if (this.started) this.loop.start();
  }

  stop(): Promise<void> {
    this.started = false;
    return this.loop.stop();
  }

  private async poll(): Promise<void> {
    try {
      for (;;) {
        const events = await this.store.readAll(this.position, this.batchSize);
        for (const e of events) await this.onEvent(e);
        if (events.length) this.position = events[events.length - 1].global;
        if (events.length < this.batchSize) return;
      }
    } catch {
      // The database is briefly unavailable: the next poll resumes from the same position.
    }
  }
}
