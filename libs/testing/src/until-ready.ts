import { eventually } from './eventually';

/**
 * Waits until a service's `/health/ready` answers 200: a process reports ready only once its consumers have warmed
 * up, which on a loaded machine can be a few seconds after `listen`. The last answer is named on failure.
 */
export const untilReady = (baseUrl: string, timeoutMs = 60_000): Promise<true> =>
  eventually(
    `${baseUrl}/health/ready to answer 200`,
    async () => {
      const res = await fetch(`${baseUrl}/health/ready`);
      if (res.status === 200) return true;
      throw new Error(`${res.status} ${(await res.text()).slice(0, 500)}`);
    },
    timeoutMs,
  );
