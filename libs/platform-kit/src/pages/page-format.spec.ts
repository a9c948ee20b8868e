import { formatCents, formatInstant, PAGE_FORMAT_SCRIPT } from './page-format';

// The browser half, evaluated as a page would: it must agree with the server half.
const browser = new Function(`${PAGE_FORMAT_SCRIPT}; return { money: money, when: when };`)() as { money: (c: unknown) => string; when: (iso: unknown, zone?: string) => string };

describe('money and time on the pages', () => {
  it('shows money in dollars with thousands separators and two decimals, negatives signed', () => {
    expect(formatCents(1_234_567)).toBe('$12,345.67');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(7)).toBe('$0.07');
  });

  it("shows an instant in the casino's time zone, named: a Melbourne gaming night past midnight is the next local day", () => {
    expect(formatInstant('2026-11-25T13:30:00.000Z', 'Australia/Melbourne')).toBe('26 Nov 2026, 00:30:00 AEDT');
    expect(formatInstant('2026-06-25T13:30:00.000Z', 'Australia/Sydney')).toBe('25 June 2026, 23:30:00 AEST');
  });

  it('names UTC when the zone is unknown rather than passing UTC off as local time', () => {
    expect(formatInstant('2026-11-25T13:30:00.000Z', undefined)).toMatch(/13:30:00 UTC$/);
  });

  it("the pages' script formats exactly as the server does, and shows a dash for nothing", () => {
    for (const c of [0, 7, -500, 1_234_567, 99_999_999_999]) expect(browser.money(c)).toBe(formatCents(c));
    expect(browser.money(String(250_000))).toBe('$2,500.00');
    for (const zone of ['Australia/Melbourne', 'Australia/Sydney', undefined]) expect(browser.when('2026-03-01T15:59:59.000Z', zone)).toBe(formatInstant('2026-03-01T15:59:59.000Z', zone));
    expect(browser.money(null)).toBe('—');
    expect(browser.when(null)).toBe('—');
  });
});
