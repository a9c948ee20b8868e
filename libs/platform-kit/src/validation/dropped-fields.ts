import { unknownField, Violation } from './validation-violations';

/**
 * Fields of the request that did not survive the transformation into the DTO. class-transformer silently skips
 * names that are special in JavaScript (`__proto__`, `constructor`, `prototype`, and any name an object inherits,
 * such as `toString`), so class-validator never saw them and its unknown-field check let them through. Any field
 * the DTO lost is refused as unknown, the same answer as any other unknown field.
 */
/** Names Nest's ValidationPipe deletes from the request in place before transforming it (prototype pollution). */
const STRIPPED = ['__proto__', 'prototype', 'constructor'];

/**
 * The fields Nest will delete before anyone validates the request, found first (the deletion leaves no trace).
 */
export const strippedFields = (raw: unknown, field = ''): Violation[] => {
  const violations: Violation[] = [];
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  const walk = (r: unknown, path: string, depth: number): void => {
    if (depth > 64 || r === null || typeof r !== 'object') return;
    if (Array.isArray(r)) {
      r.forEach((item, i) => walk(item, at(path, i), depth + 1));
      return;
    }
    for (const key of Object.keys(r)) {
      if (STRIPPED.includes(key)) violations.push(unknownField(at(path, key)));
      else walk((r as Record<string, unknown>)[key], at(path, key), depth + 1);
    }
  };
  walk(raw, field, 0);
  return violations;
};

export const droppedFields = (raw: unknown, shaped: unknown, field = ''): Violation[] => {
  const violations: Violation[] = [];
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  const walk = (r: unknown, s: unknown, path: string, depth: number): void => {
    // The edge refuses anything deeper (MAX_REQUEST_DEPTH); the bound only keeps this walk from recursing forever.
    if (depth > 64 || r === null || typeof r !== 'object' || s === null || typeof s !== 'object') return;
    if (Array.isArray(r)) {
      if (Array.isArray(s)) r.forEach((item, i) => walk(item, s[i], at(path, i), depth + 1));
      return;
    }
    if (Array.isArray(s)) return;
    for (const key of Object.keys(r)) {
      if (!Object.prototype.hasOwnProperty.call(s, key)) {
        violations.push(unknownField(at(path, key)));
      } else {
        walk((r as Record<string, unknown>)[key], (s as Record<string, unknown>)[key], at(path, key), depth + 1);
      }
    }
  };
  walk(raw, shaped, field, 0);
  return violations;
};
