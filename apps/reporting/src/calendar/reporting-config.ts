import { GamingCalendar } from './gaming-calendar';

export type ReportingJurisdiction = 'NSW' | 'VIC';
export const JURISDICTIONS: readonly ReportingJurisdiction[] = ['NSW', 'VIC'];

/** Calendar of a jurisdiction: where its casinos are and when their gaming day and shifts start. */
export type JurisdictionCalendars = Readonly<Record<string, GamingCalendar>>;

const threeShifts = [
  { name: 'day', start: '06:00' },
  { name: 'afternoon', start: '14:00' },
  { name: 'night', start: '22:00' },
] as const;

/** Defaults: gaming day from 06:00 local, three eight-hour shifts. Override per deployment. */
export const DEFAULT_CALENDARS: JurisdictionCalendars = {
  NSW: { timeZone: 'Australia/Sydney', gamingDayStart: '06:00', shifts: threeShifts },
  VIC: { timeZone: 'Australia/Melbourne', gamingDayStart: '06:00', shifts: threeShifts },
};

/** For events of a table the read model has not seen opened (should not happen; kept visible, never guessed). */
export const UNKNOWN_JURISDICTION = 'UNKNOWN';
export const UNKNOWN_CALENDAR: GamingCalendar = { timeZone: 'UTC', gamingDayStart: '06:00', shifts: threeShifts };

export const calendarFor = (calendars: JurisdictionCalendars, jurisdiction: string): GamingCalendar => calendars[jurisdiction] ?? UNKNOWN_CALENDAR;
