/**
 * Gaming days and shifts, computed from an event's own instant and the jurisdiction's time zone, never from
 * the machine's clock or zone: a rebuild on any machine files every event under the same day and shift.
 */

export interface ShiftDefinition {
  readonly name: string;
  /** Local start time "HH:MM". */
  readonly start: string;
}

export interface GamingCalendar {
  /** IANA zone, e.g. "Australia/Sydney". */
  readonly timeZone: string;
  /** Local time the gaming day starts, "HH:MM" (a coup at 02:00 belongs to the previous gaming day when this is 06:00). */
  readonly gamingDayStart: string;
  /** Named shifts by local start time; the first one should start at the gaming day's start. */
  readonly shifts: readonly ShiftDefinition[];
}

export interface GamingTime {
  /** "YYYY-MM-DD" of the gaming day. */
  readonly gamingDay: string;
  readonly shift: string;
}

const minutesOf = (hhmm: string): number => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`Invalid local time "${hhmm}": use HH:MM.`);
  return Number(m[1]) * 60 + Number(m[2]);
};

const BUCKET_MS = 15 * 60 * 1000;

/**
 * Offsets of a zone from UTC, cached per 15-minute bucket (zones change offset on quarter hours at most), so a
 * rebuild of a million events formats a few thousand dates, not a million.
 */
class ZoneOffsets {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<number, number>();

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** Minutes to add to UTC to get local wall time at `ms`. */
  offsetMinutes(ms: number): number {
    const bucket = Math.floor(ms / BUCKET_MS);
    let offset = this.cache.get(bucket);
    if (offset === undefined) {
      const at = bucket * BUCKET_MS;
      const p: Record<string, number> = {};
      for (const part of this.format.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
      const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
      offset = Math.round((local - at) / 60000);
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(bucket, offset);
    }
    return offset;
  }
}

const zones = new Map<string, ZoneOffsets>();
const zone = (timeZone: string): ZoneOffsets => {
  let z = zones.get(timeZone);
  if (!z) zones.set(timeZone, (z = new ZoneOffsets(timeZone)));
  return z;
};

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

// Every event of one minute falls in the same gaming day and shift: a rebuild asks once per calendar and minute.
const byMinute = new WeakMap<GamingCalendar, Map<number, GamingTime>>();

/** The gaming day and shift an instant falls in, in the calendar's zone. */
export const gamingTimeOf = (instant: string, calendar: GamingCalendar): GamingTime => {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`Invalid instant "${instant}".`);
  let cache = byMinute.get(calendar);
  if (!cache) byMinute.set(calendar, (cache = new Map()));
  const minute = Math.floor(ms / 60000);
  let time = cache.get(minute);
  if (!time) {
    if (cache.size > 100_000) cache.clear();
    cache.set(minute, (time = computeGamingTime(minute * 60000, calendar)));
  }
  return time;
};

const computeGamingTime = (ms: number, calendar: GamingCalendar): GamingTime => {
  const localMs = ms + zone(calendar.timeZone).offsetMinutes(ms) * 60000;
  const start = minutesOf(calendar.gamingDayStart);
  const minuteOfDay = Math.floor((((localMs % 86400000) + 86400000) % 86400000) / 60000);
  const gamingDay = isoDay(minuteOfDay < start ? localMs - 86400000 : localMs);
  const sinceStart = (minuteOfDay - start + 1440) % 1440;
  let shift = calendar.shifts[0]?.name ?? 'all';
  let best = -1;
  for (const s of calendar.shifts) {
    const offset = (minutesOf(s.start) - start + 1440) % 1440;
    if (offset <= sinceStart && offset > best) {
      best = offset;
      shift = s.name;
    }
  }
  return { gamingDay, shift };
};

/** "YYYY-MM" of a gaming day. */
export const monthOf = (gamingDay: string): string => gamingDay.slice(0, 7);

/** The gaming day that contains `instant` (used by the scheduler to know which days are closed). */
export const currentGamingDay = (instant: string, calendar: GamingCalendar): string => gamingTimeOf(instant, calendar).gamingDay;

export const addDays = (day: string, n: number): string => isoDay(Date.parse(`${day}T00:00:00Z`) + n * 86400000);

/**
 * The instant (ISO, UTC) a gaming day starts: its `gamingDayStart` local time in the calendar's zone on that date.
 * Solved twice against the zone's offset so a day that starts just after a daylight-saving change is right.
 */
export const gamingDayStartsAt = (day: string, calendar: GamingCalendar): string => {
  const local = Date.parse(`${day}T00:00:00Z`) + minutesOf(calendar.gamingDayStart) * 60000;
  let ms = local - zone(calendar.timeZone).offsetMinutes(local) * 60000;
  ms = local - zone(calendar.timeZone).offsetMinutes(ms) * 60000;
  return new Date(ms).toISOString();
};
