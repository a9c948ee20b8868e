import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The one registry `/metrics` exposes. Other libs add their own counters and gauges to it, e.g.
 * `new Gauge({ name: 'relay_lag_events', help: '...', registers: [metricsRegistry] })`.
 * Process-wide on purpose: the embedded platform hosts several services in one process, one scrape.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const auditWriteFailures = new Counter({
  name: 'audit_write_failures_total',
  help: 'Audit records that could not be written; each is also logged at error level with the full record.',
  registers: [metricsRegistry],
});

export const anonymousRefusals = new Counter({
  name: 'anonymous_refusals_total',
  help: 'Commands refused before the caller was identified; counted here instead of one audit row each.',
  registers: [metricsRegistry],
});
