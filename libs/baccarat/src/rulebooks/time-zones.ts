import { RULEBOOKS } from './rulebooks';

/**
 * Each casino's time zone, as its rulebooks state it: what pages show times in (a table's jurisdiction, or the
 * rulebook a stream was created under).
 */
export const TIME_ZONES_BY_JURISDICTION: Readonly<Record<string, string>> = Object.fromEntries(RULEBOOKS.map((r) => [r.jurisdiction, r.timeZone]));
export const TIME_ZONES_BY_RULEBOOK: Readonly<Record<string, string>> = Object.fromEntries(RULEBOOKS.map((r) => [r.id, r.timeZone]));
