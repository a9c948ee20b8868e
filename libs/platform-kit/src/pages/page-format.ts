/**
 * How every page shows money and time: Australian dollars with thousands separators
 * ("$12,345.67", "-$5.00") and instants in the casino's time zone with the zone named ("26 Nov 2026, 00:30:00
 * AEDT"). One definition: server-rendered pages call `formatCents` / `formatInstant`, and pages that render in
 * the browser include `PAGE_FORMAT_SCRIPT`, built from the same options, which defines `money(cents)` and
 * `when(iso, timeZone)`.
 */
export const PAGE_LOCALE = 'en-AU';
export const PAGE_CURRENCY = 'AUD';

const MONEY: Intl.NumberFormatOptions = { style: 'currency', currency: PAGE_CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 };
const TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' };
// Shown when an instant's zone is unknown: named, so nobody reads UTC as local time.
const FALLBACK_ZONE = 'UTC';
const NONE = '—';

const money = new Intl.NumberFormat(PAGE_LOCALE, MONEY);
const times = new Map<string, Intl.DateTimeFormat>();

/** Cents as the casino reads money: "$12,345.67". */
export const formatCents = (cents: number): string => money.format(cents / 100);

/** An ISO instant in the casino's time zone (an IANA zone, e.g. a rulebook's `timeZone`), with the zone named. */
export const formatInstant = (iso: string, timeZone: string | undefined): string => {
  const zone = timeZone || FALLBACK_ZONE;
  let format = times.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(PAGE_LOCALE, { ...TIME, timeZone: zone });
    times.set(zone, format);
  }
  return format.format(new Date(iso));
};

/** The same two formatters for a page's inline script: `money(cents)` and `when(iso, timeZone)`; "—" for none. */
export const PAGE_FORMAT_SCRIPT = `
var money = (function () {
  var f = new Intl.NumberFormat(${JSON.stringify(PAGE_LOCALE)}, ${JSON.stringify(MONEY)});
  return function (c) { return c === null || c === undefined || c === '' ? ${JSON.stringify(NONE)} : f.format(Number(c) / 100); };
})();
var when = (function () {
  var formats = {};
  return function (iso, timeZone) {
    if (!iso) return ${JSON.stringify(NONE)};
    var zone = timeZone || ${JSON.stringify(FALLBACK_ZONE)};
    formats[zone] = formats[zone] || new Intl.DateTimeFormat(${JSON.stringify(PAGE_LOCALE)}, Object.assign({}, ${JSON.stringify(TIME)}, { timeZone: zone }));
    return formats[zone].format(new Date(iso));
  };
})();
`;
