import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { Violation } from './validation-violations';

/**
 * Two gaps class-validator leaves that became 500s in the attack on the running platform (issue 15 finding 4):
 * - a `@ValidateNested()` property that is absent passes (POST /jackpots without `parameters`, POST /tables
 *   without `limits`), and the handler then reads a field of undefined. Absent is refused unless the property
 *   is `@IsOptional()`.
 * - `@IsInt()` accepts 1e308, which no casino holds and PostgreSQL cannot store: every number must be one a
 *   double counts exactly (|n| ≤ 2^53 − 1), like every amount in cents and every version; and an amount in
 *   cents (a `...Cents` field) at most what a casino holds, MAX_MONEY_CENTS either way.
 */

/** $10 billion: more than any limit, meter, float or day's turnover a casino records. */
export const MAX_MONEY_CENTS = 1_000_000_000_000;

export const structuralViolations = (value: unknown, field = ''): Violation[] => {
  const violations: Violation[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) {
        const name = path || 'value';
        violations.push({ field: name, rule: 'safeNumber', message: `${name} must be a number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}` });
      } else if (/Cents$/.test(path) && Math.abs(v) > MAX_MONEY_CENTS) {
        violations.push({ field: path, rule: 'moneyRange', message: `${path} must be between -${MAX_MONEY_CENTS} and ${MAX_MONEY_CENTS} cents ($10 billion)` });
      }
      return;
    }
    if (v === null || typeof v !== 'object' || depth > 32) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}.${i}`.replace(/^\./, ''), depth + 1));
      return;
    }
    for (const property of requiredNestedProperties(v.constructor)) {
      const nested = (v as Record<string, unknown>)[property];
      if (nested === undefined || nested === null) {
        const name = path ? `${path}.${property}` : property;
        violations.push({ field: name, rule: 'isDefined', message: `${name} must be provided` });
      }
    }
    for (const [key, item] of Object.entries(v)) walk(item, path ? `${path}.${key}` : key, depth + 1);
  };
  walk(value, field, 0);
  return violations;
};

const cache = new Map<unknown, readonly string[]>();

const requiredNestedProperties = (target: unknown): readonly string[] => {
  if (typeof target !== 'function' || target === Object) return [];
  let found = cache.get(target);
  if (!found) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    const nested = new Set(metadata.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION).map((m) => m.propertyName));
    const optional = new Set(metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION || m.type === ValidationTypes.IS_DEFINED).map((m) => m.propertyName));
    found = [...nested].filter((p) => !optional.has(p));
    cache.set(target, found);
  }
  return found;
};
