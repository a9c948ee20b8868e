import { inWords, localTime, money } from './report-document';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "notifiedToRegulatorAt" → "notified to regulator at"; a `...Cents` key loses the suffix, its value shows "$". */
const label = (key: string): string => inWords(key.replace(/Cents$/, '')).toLowerCase();

/** `percent` when the value is a share in whole percent (a key naming a percent, or an entry of such a map). */
const valueOf = (key: string, v: unknown, timeZone: string, percent = /percent/i.test(key)): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return key.endsWith('Cents') ? money(v) : percent ? `${v}%` : String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return INSTANT.test(v) ? localTime(v, timeZone) : v;
  if (Array.isArray(v)) {
    if (v.length === 0) return 'none';
    const items = v.map((x, i) => valueOf(key, x, timeZone, percent) ?? `item ${i + 1}`);
    return v.every((x) => typeof x !== 'object' || x === null) ? items.join(', ') : items.join(' ');
  }
  if (typeof v === 'object') {
    const inner = describe(v as Record<string, unknown>, timeZone, [], percent);
    return inner ? `(${inner})` : null;
  }
  return String(v as string);
};

/**
 * What an event's recorded facts say, as a sentence a regulator reads ("seed: $10,000.00; contribution:
 * $5.00; ..."), never as JSON: amounts in cents as dollars, instants in the report's zone, lists as lists. `omit`:
 * keys another column already shows.
 */
export const describe = (facts: Record<string, unknown> | null | undefined, timeZone: string, omit: readonly string[] = [], percent = false): string =>
  Object.entries(facts ?? {})
    .filter(([k]) => !omit.includes(k))
    .map(([k, v]) => {
      const value = valueOf(k, v, timeZone, percent || /percent/i.test(k));
      return value === null ? null : `${label(k)}: ${value}`;
    })
    .filter((x): x is string => x !== null)
    .join('; ');

/** The facts of a row's `details` (canonical JSON text in the content) as a sentence. */
export const describeJson = (json: unknown, timeZone: string, omit: readonly string[] = []): string => {
  if (typeof json !== 'string' || json === '') return '';
  try {
    return describe(JSON.parse(json) as Record<string, unknown>, timeZone, omit);
  } catch {
    return json;
  }
};
