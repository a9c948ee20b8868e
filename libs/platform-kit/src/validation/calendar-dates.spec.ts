import { validateSync } from 'class-validator';
import { IsCalendarDate, IsIsoInstant } from './calendar-dates';

class Query {
  @IsCalendarDate() gamingDay!: string;
  @IsIsoInstant() from!: string;
}

const rules = (gamingDay: unknown, from: unknown) =>
  validateSync(Object.assign(new Query(), { gamingDay, from })).map((e) => ({ field: e.property, rules: Object.keys(e.constraints ?? {}), message: Object.values(e.constraints ?? {})[0] }));

describe('request dates (every service validates gaming days and times here)', () => {
  it('accepts a calendar date and an instant on one', () => {
    expect(rules('2024-02-29', '2026-03-01T09:00:00+11:00')).toEqual([]);
    expect(rules('2025-03-03', '2026-02-01T00:00:00Z')).toEqual([]);
  });

  it('refuses impossible dates naming the field, the rule and how to write it', () => {
    expect(rules('2025-13-45', '2025-02-30T10:00:00Z')).toEqual([
      { field: 'gamingDay', rules: ['isCalendarDate'], message: 'gamingDay must be a calendar date written YYYY-MM-DD (e.g. 2025-03-03); "2025-13-45" is not one' },
      { field: 'from', rules: ['isIsoInstant'], message: expect.stringContaining('from must be an ISO 8601 date-time with its offset from UTC') },
    ]);
    expect(rules(20250303, 'yesterday').map((r) => r.field)).toEqual(['gamingDay', 'from']);
  });

  it('an instant refused says why: no offset from UTC, a date the calendar lacks, or a time that is not ISO 8601', () => {
    class Period {
      @IsIsoInstant() to!: string;
    }
    const why = (to: unknown) => Object.values(validateSync(Object.assign(new Period(), { to }))[0]?.constraints ?? {})[0];
    expect(why('2026-03-01T09:00:00+11:00')).toBeUndefined();
    expect(why('2026-03-01T09:00:00')).toMatch(/"2026-03-01T09:00:00" has no offset from UTC/);
    expect(why('2026-02-30T00:00:00Z')).toMatch(/"2026-02-30T00:00:00Z" is on a date the calendar does not have/);
    expect(why('2026-03-01T24:00:00Z')).toMatch(/"2026-03-01T24:00:00Z" has hour 24: hours run 00-23/);
    expect(why('2026-03-01T09:00:00+11')).toMatch(/is not an ISO 8601 date-time/);
    for (const to of ['2026-02-30T00:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01T09:00:00+11']) expect(why(to)).not.toMatch(/has no offset/);
  });
});
