/**
 * Runs the work given for one stream one at a time, in the order given, in this process; work for other
 * streams runs alongside. A failure is passed to its caller only: the next piece of work still runs.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.tails.set(streamId, next);
    void next
      .finally(() => {
        if (this.tails.get(streamId) === next) this.tails.delete(streamId);
      })
      .catch(() => undefined);
    return next;
  }
}
