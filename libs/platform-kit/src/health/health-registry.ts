import { Injectable } from '@nestjs/common';
import { HealthCheckResult, HealthIndicator, HealthStatus } from './health-indicator';

export interface ReadinessReport {
  readonly status: HealthStatus;
  readonly checks: Readonly<Record<string, HealthCheckResult>>;
}

// A check that hangs must not hang the probe: the orchestrator would time out and learn nothing.
const CHECK_TIMEOUT_MS = 3000;

/** The indicators readiness aggregates. Modules add theirs in `onModuleInit` via `register`. */
@Injectable()
export class HealthRegistry {
  private readonly indicators = new Map<string, HealthIndicator>();

  register(indicator: HealthIndicator): void {
    if (this.indicators.has(indicator.name)) {
      throw new Error(`A health indicator named "${indicator.name}" is already registered; give each indicator a unique name.`);
    }
    this.indicators.set(indicator.name, indicator);
  }

  /** Down if any indicator is down (or throws, or times out); degraded if any is degraded; else up. */
  async readiness(): Promise<ReadinessReport> {
    const entries = await Promise.all([...this.indicators.values()].map(async (i) => [i.name, await checkSafely(i)] as const));
    const checks = Object.fromEntries(entries);
    const statuses = entries.map(([, r]) => r.status);
    const status: HealthStatus = statuses.includes('down') ? 'down' : statuses.includes('degraded') ? 'degraded' : 'up';
    return { status, checks };
  }
}

const checkSafely = async (indicator: HealthIndicator): Promise<HealthCheckResult> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', details: { error: `no answer within ${CHECK_TIMEOUT_MS} ms` } }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([indicator.check(), timeout]);
  } catch (error) {
    return { status: 'down', details: { error: error instanceof Error ? error.message : String(error) } };
  } finally {
    clearTimeout(timer);
  }
};
