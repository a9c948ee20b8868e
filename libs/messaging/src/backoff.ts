/** Exponential backoff with jitter, capped: for retry-forever loops against a broker or database. */
export const backoffMs = (attempt: number, initialMs = 100, maxMs = 5000): number => {
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 16));
  return Math.round(base / 2 + Math.random() * (base / 2));
};

/** Sleeps `ms`, waking early when `signal` aborts (so stop() does not wait out a long backoff). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export const errorText = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * Runs `attempt` again while it is refused for want of what another service has done but this one has not heard yet
 * (`awaitsPeer`), for at most `timeoutMs`: its events reach this service within the relay's and consumer's lag, after
 * which the last refusal stands. For a person's command whose rule depends on another service's acts.
 */
export const retryUntilHeard = async <T>(attempt: () => Promise<T>, awaitsPeer: (err: unknown) => boolean, timeoutMs = 2500, intervalMs = 100): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!awaitsPeer(err) || Date.now() + intervalMs > deadline) throw err;
      await sleep(intervalMs);
    }
  }
};
