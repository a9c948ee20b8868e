export type HealthStatus = 'up' | 'down' | 'degraded';

export interface HealthCheckResult {
  readonly status: HealthStatus;
  readonly details?: object;
}

/** One dependency readiness depends on: database, Kafka, consumer lag, dead letters... */
export interface HealthIndicator {
  readonly name: string;
  check(): Promise<HealthCheckResult>;
}
