/**
 * ISO 8601 instants as the contracts carry them, for every service's deciders (the purity lint keeps `Date`
 * out of *.decider.ts; parsing and formatting are pure: every time arrives with the command). Strings with
 * different offsets compare only as instants, never as text.
 */
export const instantMs = (iso: string): number => Date.parse(iso);

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Whether `iso` starts with a date the calendar has (YYYY-MM-DD: month 01-12, day within the month, 29 February
 * in leap years only). The one check of calendar dates for every service: `Date.parse` rolls 2025-02-30 over to
 * 2 March, and a pattern alone lets 2025-13-45 through.
 */
export const hasCalendarDate = (iso: string): boolean => {
  const m = DATE_PREFIX.exec(iso);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
};

/** A calendar date alone, 'YYYY-MM-DD' (a gaming day, a period's first or last day). */
export const isCalendarDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && hasCalendarDate(value);

export const isInstant = (iso: string): boolean => /^\d{4}-\d{2}-\d{2}T/.test(iso) && hasCalendarDate(iso) && Number.isFinite(instantMs(iso));

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):?(\d{2}))?$/i;

/**
 * What is wrong with `value` as an instant (an ISO 8601 date-time on a calendar date with its offset from UTC), in
 * words a refusal can quote after the value ("has minute 60: minutes run 00-59"), or null where no single field is
 * at fault. The one wording for every route and the command line.
 */
export const instantFault = (value: unknown): string | null => {
  if (typeof value !== 'string') return 'is not text';
  const m = DATE_TIME.exec(value);
  if (!m) return 'is not an ISO 8601 date-time written YYYY-MM-DDThh:mm[:ss] with Z or an offset ±hh:mm';
  if (!hasCalendarDate(value)) return 'is on a date the calendar does not have';
  const [, hour, minute, second, offset, offsetHours, offsetMinutes] = m;
  if (Number(hour) > 23) return `has hour ${hour}: hours run 00-23`;
  if (Number(minute) > 59) return `has minute ${minute}: minutes run 00-59`;
  if (second !== undefined && Number(second) > 59) return `has second ${second}: seconds run 00-59`;
  if (offset === undefined) return 'has no offset from UTC, and which casino day it means would be a guess';
  if (offsetHours !== undefined && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return `has offset ${offset}: an offset is Z or ±hh:mm with hours 00-23 and minutes 00-59 (e.g. +10:00, +09:30)`;
  return null;
};

/**
 * A date-time that says its offset from UTC (Z or ±hh:mm). Without one, `Date.parse` reads it in the server's zone,
 * not the casino's, and a period moves by hours.
 */
export const hasUtcOffset = (iso: string): boolean => /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(iso);

export const atOrBefore = (a: string, b: string): boolean => {
  const x = instantMs(a);
  const y = instantMs(b);
  return Number.isFinite(x) && Number.isFinite(y) && x <= y;
};

export const atOrAfter = (a: string, b: string): boolean => instantMs(a) >= instantMs(b);

export const plusSeconds = (iso: string, seconds: number): string => new Date(instantMs(iso) + seconds * 1000).toISOString();

export const addHours = (iso: string, hours: number): string => new Date(instantMs(iso) + hours * 3_600_000).toISOString();

export const hoursBetween = (from: string, to: string): number => (instantMs(to) - instantMs(from)) / 3_600_000;

/** The calendar date of an instant in a venue's time zone ('YYYY-MM-DD'): what picks a rulebook edition. */
export const localDate = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instantMs(iso)));
