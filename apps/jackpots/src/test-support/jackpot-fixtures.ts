import { eventually as waitUntil } from '@app/testing';
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

/** Polls until `check` returns a value; the jackpot tests' argument order over @app/testing's eventually. */
export const eventually = <T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> => waitUntil(what, check, timeoutMs);
