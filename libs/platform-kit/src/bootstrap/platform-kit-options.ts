import { AuditSink } from '../audit/audit-record';
import { HealthIndicator } from '../health/health-indicator';

export interface PlatformKitOptions {
  /** Names the service in audit records and logs, e.g. `tables`. */
  readonly serviceName: string;
  /** Where audit records go; defaults to the log (use PostgresAuditSink in services with a database). */
  readonly auditSink?: AuditSink;
  /** Indicators known up front; modules can add more through HealthRegistry. */
  readonly healthIndicators?: readonly HealthIndicator[];
  /** Token secret; defaults to AUTH_SECRET from the environment (see resolveAuthSecret). */
  readonly authSecret?: string;
}
