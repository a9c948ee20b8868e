/**
 * Characters that make text read differently from what was stored: control characters (C0 and C1, among them
 * ESC, which starts a terminal escape, and tab, line feed and carriage return: free text on this platform is one
 * line), the bidirectional formatting controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: an
 * override can show "refund 100$" for what was typed "refund $001") and the line and paragraph separators
 * (U+2028, U+2029). A reason a regulator reads must read as recorded.
 */
import { Violation } from './validation-violations';

const DECEIVING = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}]/u;

export const isPlainText = (text: string): boolean => !DECEIVING.test(text);

export const plainTextMessage = (field: string): string =>
  `${field} must be one line of plain text: no control characters (tab, line break, escape) and no bidirectional overrides, embeddings, isolates or marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F); remove them and send it again`;

/** Every string of a request, and every key of its objects (a free-form map's keys are stored too), checked. */
export const plainTextViolations = (value: unknown, field = ''): Violation[] => {
  const violations: Violation[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (typeof v === 'string') {
      if (!isPlainText(v)) violations.push({ field: path || 'value', rule: 'plainText', message: plainTextMessage(path || 'value') });
      return;
    }
    // The edge refuses anything deeper (MAX_REQUEST_DEPTH); the bound only keeps this walk finite.
    if (v === null || typeof v !== 'object' || depth > 64) return;
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries) {
      if (!isPlainText(key)) violations.push({ field: path ? `${path}.<key>` : '<key>', rule: 'plainText', message: plainTextMessage(`a key of ${path || 'the body'}`) });
      walk(item, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  walk(value, field, 0);
  return violations;
};
