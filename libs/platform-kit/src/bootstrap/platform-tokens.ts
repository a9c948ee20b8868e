/** Injection tokens the platform module provides. */
export const PLATFORM_OPTIONS = Symbol.for('platform-kit.options');
export const AUTH_SECRET = Symbol.for('platform-kit.auth-secret');
export const AUDIT_SINK = Symbol.for('platform-kit.audit-sink');
