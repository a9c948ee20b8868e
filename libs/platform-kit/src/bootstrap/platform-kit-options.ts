import { InjectionToken } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AuditSink } from '../audit/audit-record';
import { RateLimitOptions } from '../edge/rate-limiter';
import { HealthIndicator } from '../health/health-indicator';
import type { LogLevel } from '../logging/log-level';

export interface PlatformKitOptions {
  /** Names the service in audit records and logs, e.g. `tables`. */
  readonly serviceName: string;
  /** Where audit records go; defaults to the log (use PostgresAuditSink in services with a database). */
  readonly auditSink?: AuditSink | AuditSinkFactory;
  /** Indicators known up front; modules can add more through HealthRegistry. */
  readonly healthIndicators?: readonly HealthIndicator[];
  /** Token secret; defaults to AUTH_SECRET from the environment (see resolveAuthSecret). */
  readonly authSecret?: string;
  /** Per-client rate limits at the edge (defaults from RATE_LIMIT_PER_SECOND / RATE_LIMIT_ANONYMOUS_PER_SECOND). */
  readonly rateLimit?: RateLimitOptions;
  /** Log threshold; defaults to LOG_LEVEL from the environment (info when unset). */
  readonly logLevel?: LogLevel;
  /** Where log lines go; defaults to stdout. Tests pass a collector. */
  readonly logDestination?: DestinationStream;
}

/**
 * Builds the sink from other providers, e.g. the database module's pool:
 * `{ inject: [PG_POOL], useFactory: (pool: Pool) => new PostgresAuditSink(pool) }`.
 * The injected providers must be global (or exported to the root module).
 */
export interface AuditSinkFactory {
  readonly inject: readonly InjectionToken[];
  readonly useFactory: (...deps: never[]) => AuditSink | Promise<AuditSink>;
}

export const isAuditSinkFactory = (sink: AuditSink | AuditSinkFactory): sink is AuditSinkFactory =>
  typeof (sink as Partial<AuditSinkFactory>).useFactory === 'function';
