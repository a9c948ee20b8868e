import type { JackpotParameters } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { randomUUID } from 'node:crypto';

export const OPTION_1: JackpotParameters = {
  seedCents: 1_000_000,
  contributionCents: 100,
  option: '1',
  percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 },
  division: 'proportional',
  roundingUnitCents: 100,
};

export const consoleContext = (role = 'casino-manager', reason?: string): CommandContext => ({
  commandId: randomUUID(),
  actor: { id: `${role}-1`, role },
  correlationId: randomUUID(),
  now: new Date().toISOString(),
  ...(reason ? { reason } : {}),
});

export const uniqueSuffix = (): string => randomUUID().replace(/-/g, '').slice(0, 10);

/** Polls until `check` returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
