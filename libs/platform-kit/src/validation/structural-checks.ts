import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { Violation } from './validation-violations';

/**
 * Two gaps class-validator leaves that became 500s in the attack on the running platform:
 * - a `@ValidateNested()` property that is absent passes (POST /jackpots without `parameters`, POST /tables
 *   without `limits`), and the handler then reads a field of undefined. Absent is refused unless the property
 *   is `@IsOptional()`. A list where the property holds one object passes too (`"limits": []`: class-validator
 *   checks each element of it, and there are none): refused unless the property is declared a list.
 * - `@IsInt()` accepts 1e308, which no casino holds and PostgreSQL cannot store: every number must be one a
 *   double counts exactly (|n| ≤ 2^53 − 1), like every amount in cents and every version; and an amount in
 *   cents (a `...Cents` field) at most what a casino holds, MAX_MONEY_CENTS either way.
 * And one found later: a list of objects whose items are lists (`"cards": [[]]`) passes, class-validator looking
 * inside the inner list for objects and finding none to fail. Each such item is refused (POST .../cards/batch
 * answered 500).
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
    const { required, single, lists } = nestedProperties(v.constructor);
    for (const property of required) {
      const nested = (v as Record<string, unknown>)[property];
      if (nested === undefined || nested === null) {
        const name = path ? `${path}.${property}` : property;
        violations.push({ field: name, rule: 'isDefined', message: `${name} must be provided` });
      }
    }
    for (const property of single) {
      if (Array.isArray((v as Record<string, unknown>)[property])) {
        const name = path ? `${path}.${property}` : property;
        violations.push({ field: name, rule: 'isObject', message: `${name} must be an object (one ${property}), not a list` });
      }
    }
    for (const property of lists) {
      const items = (v as Record<string, unknown>)[property];
      if (!Array.isArray(items)) continue;
      items.forEach((item, i) => {
        if (!Array.isArray(item)) return;
        const name = `${path ? `${path}.${property}` : property}.${i}`;
        violations.push({ field: name, rule: 'isObject', message: `${name} must be an object (one item of ${property}), not a list` });
      });
    }
    for (const [key, item] of Object.entries(v)) walk(item, path ? `${path}.${key}` : key, depth + 1);
  };
  walk(value, field, 0);
  return violations;
};

interface NestedProperties {
  /** Nested objects that must be present (not `@IsOptional()`). */
  readonly required: readonly string[];
  /** Nested properties that hold one object, not a list (no `each`, not declared an array). */
  readonly single: readonly string[];
  /** Nested properties that hold a list of objects: each item an object, not a list. */
  readonly lists: readonly string[];
}
const NONE: NestedProperties = { required: [], single: [], lists: [] };
const cache = new Map<unknown, NestedProperties>();

const nestedProperties = (target: unknown): NestedProperties => {
  if (typeof target !== 'function' || target === Object) return NONE;
  let found = cache.get(target);
  if (!found) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
    const nestedRules = metadata.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION);
    const nested = new Set(nestedRules.map((m) => m.propertyName));
    const optional = new Set(metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION || m.type === ValidationTypes.IS_DEFINED).map((m) => m.propertyName));
    const declaredList = (property: string) => Reflect.getMetadata('design:type', (target as { prototype: object }).prototype, property) === Array;
    const single = new Set(nestedRules.filter((m) => !m.each && !declaredList(m.propertyName)).map((m) => m.propertyName));
    found = { required: [...nested].filter((p) => !optional.has(p)), single: [...single], lists: [...nested].filter((p) => !single.has(p)) };
    cache.set(target, found);
  }
  return found;
};
