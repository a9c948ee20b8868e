import { hasCalendarDate, isCalendarDate, isInstant } from './instants';

describe('calendar dates and instants (the one check for every service)', () => {
  it('accepts the dates the calendar has, leap days in leap years only', () => {
    for (const day of ['2025-03-03', '2024-02-29', '2000-02-29', '2025-12-31', '2025-01-01']) expect(isCalendarDate(day)).toBe(true);
  });

  it('refuses impossible months and days, which Date.parse would roll over or a pattern alone let through', () => {
    for (const day of ['2025-13-45', '2025-00-10', '2025-02-29', '1900-02-29', '2025-04-31', '2025-02-30', '2025-1-01', '2025-03-03T00:00:00Z', '']) expect(isCalendarDate(day)).toBe(false);
    expect(hasCalendarDate('2025-02-30T10:00:00Z')).toBe(false);
  });

  it('an instant is an ISO time on a calendar date', () => {
    expect(isInstant('2026-03-01T09:00:00+11:00')).toBe(true);
    expect(isInstant('2025-02-30T10:00:00Z')).toBe(false);
    expect(isInstant('2025-03-03')).toBe(false);
  });
});
