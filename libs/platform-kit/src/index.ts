// Auth: bearer tokens
export * from './auth/token-claims';
export * from './auth/token-policy';
export * from './auth/auth-secret';
export * from './auth/issue-token';
export * from './auth/verify-token';
export * from './auth/console-session';
export * from './auth/console-session.decorators';
// Authorization: roles, ladder, decorators, guard
export * from './authorization/roles';
export * from './authorization/role-requirement';
export * from './authorization/authorize.decorator';
export * from './authorization/access.guard';
export * from './authorization/regulator-scope.interceptor';
export * from './authorization/casino-scope';
// Request context: actor, correlation id
export * from './context/actor';
export * from './context/request-context';
export * from './context/correlation-id.middleware';
export * from './context/request-param.decorators';
// Audit
export * from './audit/audit-record';
export * from './audit/sql-queryable';
export * from './audit/audit-trail';
export * from './audit/audit.interceptor';
export * from './audit/logger-audit.sink';
export * from './audit/postgres-audit.sink';
// Idempotency keys
export * from './idempotency/idempotency-keys';
export * from './idempotency/idempotency.interceptor';
// Validation and errors
export * from './validation/validation-violations';
export * from './validation/platform-validation-pipe';
export * from './validation/calendar-dates';
export * from './validation/text-record';
export * from './validation/entity-id';
export * from './validation/required-field';
export * from './errors/error-body';
export * from './errors/error-response.filter';
// The HTTP edge: security headers, rate limiting, body limits, storable input
export * from './edge/security-headers';
export * from './edge/rate-limiter';
export * from './edge/hostile-text';
export * from './edge/request-body';
export * from './edge/configure-edge';
// Exports (CSV)
export * from './export/csv-cell';
// Health, metrics, logging, docs
export * from './health/health-indicator';
export * from './health/health-registry';
export * from './health/database-health.indicator';
export * from './health/health.controller';
export * from './metrics/metrics-registry';
export * from './metrics/http-metrics.middleware';
export * from './metrics/metrics.controller';
export * from './logging/log-level';
export * from './logging/logger-params';
export * from './pages/page-format';
export * from './pages/page-token';
export * from './pages/html-page.decorator';
export * from './openapi/setup-open-api';
export * from './openapi/api-error-responses';
export * from './openapi/api-success-responses';
export * from './openapi/error-body.schema';
// Bootstrap
export * from './bootstrap/platform-tokens';
export * from './bootstrap/platform-kit-options';
export * from './bootstrap/platform-kit.module';
export * from './bootstrap/configure-service-app';
export * from './bootstrap/stop-on-signals';
export * from './config/service-config';
