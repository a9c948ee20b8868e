import { gamingTimeOf } from './gaming-calendar';
import { DEFAULT_CALENDARS } from './reporting-config';

const nsw = DEFAULT_CALENDARS.NSW;
const vic = DEFAULT_CALENDARS.VIC;

describe('gaming day and shift from an event instant', () => {
  it('a coup at 02:00 Sydney belongs to the previous gaming day (gaming day starts 06:00 local)', () => {
    // 2025-03-03T15:00Z = 02:00 AEDT on 4 March.
    expect(gamingTimeOf('2025-03-03T15:00:00.000Z', nsw)).toEqual({ gamingDay: '2025-03-03', shift: 'night' });
  });

  it('06:00 local opens the next gaming day and its day shift', () => {
    expect(gamingTimeOf('2025-03-03T19:00:00.000Z', nsw)).toEqual({ gamingDay: '2025-03-04', shift: 'day' });
    expect(gamingTimeOf('2025-03-03T18:59:59.999Z', nsw)).toEqual({ gamingDay: '2025-03-03', shift: 'night' });
  });

  it('follows daylight saving: 06:00 AEST in June is 20:00Z the day before', () => {
    expect(gamingTimeOf('2025-06-10T20:00:00.000Z', vic)).toEqual({ gamingDay: '2025-06-11', shift: 'day' });
    expect(gamingTimeOf('2025-06-10T19:59:00.000Z', vic)).toEqual({ gamingDay: '2025-06-10', shift: 'night' });
  });

  it('on the night daylight saving ends (6 April 2025, 03:00 AEDT → 02:00 AEST) the gaming day still turns at 06:00 local', () => {
    // 06:00 AEST on 6 April = 2025-04-05T20:00Z.
    expect(gamingTimeOf('2025-04-05T20:00:00.000Z', nsw).gamingDay).toBe('2025-04-06');
    expect(gamingTimeOf('2025-04-05T19:30:00.000Z', nsw).gamingDay).toBe('2025-04-05');
  });

  it('uses configured shifts by local start time', () => {
    const cal = { timeZone: 'Australia/Sydney', gamingDayStart: '06:00', shifts: [{ name: 'A', start: '06:00' }, { name: 'B', start: '18:00' }] };
    expect(gamingTimeOf('2025-03-03T06:59:00.000Z', cal).shift).toBe('A'); // 17:59 local
    expect(gamingTimeOf('2025-03-03T07:00:00.000Z', cal).shift).toBe('B'); // 18:00 local
  });
});
