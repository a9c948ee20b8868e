/**
 * Polls `probe` until it returns a value (anything but `undefined` or `false`) and returns that value. Errors
 * count as "not yet" until the deadline, when the last one is named in the failure. For integration tests
 * that wait on consumers, relays and feeds; never a timing assertion (hence the generous default: on a CI machine
 * with the equivalent of one core, waits of over a minute were seen). `what` may be a function, worded when the
 * wait fails, so the failure can say how far it got.
 */
export async function eventually<T>(what: string | (() => string), probe: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'function' ? what() : what}${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
