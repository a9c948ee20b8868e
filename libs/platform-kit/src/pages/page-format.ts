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

/**
 * `follow(url, token, onMessage, onStatus)` for a page's inline script: reads a Server-Sent Events route with the
 * token in the Authorization header (EventSource cannot send it), reconnecting; stops on a 401, 403 or 404.
 */
export const PAGE_FOLLOW_SCRIPT = `
async function follow(url, token, onMessage, onStatus) {
  for (;;) {
    try {
      const res = await fetch(url, { headers: { Authorization: 'Bearer ' + token } });
      if (!res.ok) { onStatus('HTTP ' + res.status); if (res.status === 401 || res.status === 403 || res.status === 404) return; }
      else {
        onStatus('live');
        const reader = res.body.getReader(); const dec = new TextDecoder(); let buf = '';
        for (;;) {
          const r = await reader.read(); if (r.done) break;
          buf += dec.decode(r.value, { stream: true });
          let i;
          while ((i = buf.indexOf('\\n\\n')) >= 0) {
            const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
            const data = chunk.split('\\n').filter(function (l) { return l.indexOf('data: ') === 0; }).map(function (l) { return l.slice(6); }).join('\\n');
            if (data) onMessage(JSON.parse(data));
          }
        }
      }
    } catch (e) { onStatus('reconnecting…'); }
    await new Promise(function (r) { setTimeout(r, 1000); });
  }
}
`;
