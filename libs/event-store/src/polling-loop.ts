/**
 * Runs `poll` every `intervalMs` after the previous run ends (never two at once) until stopped; `stop()` waits for
 * the run in flight. `wake()` polls at once (or right after the run in flight) when this process knows new events
 * were committed, instead of waiting for the next tick. What the live feeds that follow the event store
 * (StoreFollower, the standings feed) share.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private polling: Promise<void> | undefined;
  private busy = false;
  /** Woken while polling: poll again as soon as this run ends. */
  private again = false;

  constructor(
    private readonly poll: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(this.intervalMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  wake(): void {
    if (!this.running) return;
    if (this.busy) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    this.timer = undefined;
    this.busy = true;
    this.polling = this.poll().finally(() => {
      this.busy = false;
      const again = this.again;
      this.again = false;
      this.schedule(again ? 0 : this.intervalMs);
    });
  }
}
