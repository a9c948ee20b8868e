/**
 * Group commit for one table's wagers: a request that arrives while the table's batch is in flight joins the
 * next batch, so a busy table commits many ATS wagers in one transaction (two round trips) instead of one each,
 * and a quiet one adds no wait. One request per key (account) per batch: two requests of one account follow
 * each other, each decided on the balance the other left. Each caller gets its own result or its own refusal.
 */
export type Settled<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

interface Pending<I, R> {
  readonly key: string;
  readonly item: I;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<I, R> {
  private queue: Pending<I, R>[] = [];
  private running = false;

  /** `run` handles one batch in one transaction and answers each item in order; if it throws, every item fails. */
  constructor(
    private readonly run: (items: readonly I[]) => Promise<readonly Settled<R>[]>,
    private readonly maxBatch = 64,
  ) {}

  submit(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ key, item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch: Pending<I, R>[] = [];
        const rest: Pending<I, R>[] = [];
        const keys = new Set<string>();
        for (const p of this.queue) {
          if (batch.length < this.maxBatch && !keys.has(p.key)) {
            keys.add(p.key);
            batch.push(p);
          } else rest.push(p);
        }
        this.queue = rest;
        try {
          const results = await this.run(batch.map((p) => p.item));
          batch.forEach((p, i) => {
            const r = results[i];
            if (r.ok) p.resolve(r.value);
            else p.reject(r.error);
          });
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
