import { formatCents, PAGE_FORMAT_SCRIPT } from '@app/platform-kit';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Dollars as the display shows them ($12,345.67); the page's script formats updates the same way. */
export const displayAmount = (cents: number): string => formatCents(cents);

/** What the display shows before any live update: the meter as it stands when the page is served. */
export interface DisplayState {
  readonly meterCents: number;
  /** Stream version of that meter: live updates at or below it are already shown. */
  readonly version: number;
  readonly lastWin: { readonly tableId: string; readonly totalCents: number } | null;
}

/**
 * The Jackpot Display (Crown Melbourne 1.1 'Jackpot Display': "the current jackpot amount(s), promotional
 * messages and winning jackpot messages"; 13.3.1(c)). The current meter is in the HTML itself, so a display that
 * loads or reconnects shows the amount at once, never "connecting…" or "—"; EventSource then updates it live and
 * reconnects by itself. `initial` null: no such jackpot (the page says so).
 */
export const displayPage = (jackpotId: string, initial: DisplayState | null): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lucky Tie Jackpot</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #1a0a2e; color: #ffd700; text-align: center; }
  h1 { margin: 24px 0 0; font-size: 3vw; letter-spacing: .2em; }
  #amount { font-size: 10vw; font-weight: 800; margin: 16px 0; font-variant-numeric: tabular-nums; }
  #status { color: #aaa; font-size: 1.2vw; }
  #win { font-size: 4vw; color: #fff; min-height: 6vw; }
  #win.active { animation: pulse 1s infinite alternate; }
  @keyframes pulse { from { color: #fff; } to { color: #ff4d4d; } }
</style></head>
<body>
  <h1>LUCKY TIE JACKPOT</h1>
  <div id="amount" data-cents="${initial ? initial.meterCents : ''}">${initial ? displayAmount(initial.meterCents) : 'No such jackpot'}</div>
  <div id="win" role="status">${initial?.lastWin ? `Last LUCKY TIE WINNER: Table ${escapeHtml(initial.lastWin.tableId)} won ${displayAmount(initial.lastWin.totalCents)}` : ''}</div>
  <div id="status">${initial ? 'live' : ''}</div>
<script>
(function () {
  var jackpotId = ${JSON.stringify(escapeHtml(jackpotId))};
  var amount = document.getElementById('amount');
  var win = document.getElementById('win');
  var status = document.getElementById('status');
  var version = ${initial ? initial.version : -1};
  ${PAGE_FORMAT_SCRIPT}
  var fmt = money;
  var source = new EventSource('/jackpots/' + encodeURIComponent(jackpotId) + '/meter/stream');
  source.onopen = function () { status.textContent = 'live'; };
  // The amount shown stays while the feed reconnects; the first message after it is the meter as it then stands.
  source.onerror = function () { status.textContent = 'live (feed interrupted, retrying)'; version = -1; };
  var log = (window.__jackpotLog = []);
  source.onmessage = function (message) {
    var u = JSON.parse(message.data);
    log.push(u);
    if (u.version <= version) return;
    version = u.version;
    amount.textContent = fmt(u.meterCents);
    amount.setAttribute('data-cents', String(u.meterCents));
    if (u.lastWin) {
      win.textContent = 'Last LUCKY TIE WINNER: Table ' + u.lastWin.tableId + ' won ' + fmt(u.lastWin.totalCents);
    }
    if (u.kind === 'hit') {
      win.textContent = 'LUCKY TIE at table ' + u.tableId + '! Awaiting confirmation';
      win.className = 'active';
    }
    if (u.kind === 'win') {
      win.textContent = 'LUCKY TIE WINNER! Table ' + u.tableId + ' won ' + fmt(u.paidCents) + (u.winners > 1 ? ' shared by ' + u.winners + ' Tie wagers' : '');
      win.className = 'active';
    }
  };
})();
</script>
</body></html>
`;
