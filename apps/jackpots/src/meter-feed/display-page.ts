import type { JackpotParameters } from '@app/contracts';
import { formatCents, PAGE_FORMAT_SCRIPT } from '@app/platform-kit';
import { payoutFor, roundUpToPayable } from '../jackpot/payout';
import { luckyTieTerms } from './lucky-tie-terms';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A value for an inline script: JSON with `<` escaped, so no value can close the script element. */
const scriptValue = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** Dollars as the display shows them ($12,345.67); the page's script formats updates the same way. */
export const displayAmount = (cents: number): string => formatCents(cents);

/** What the display shows before any live update: the jackpot and its meter as they stand when the page is served. */
export interface DisplayState {
  /** The jackpot's name, as its table sign names it. */
  readonly name: string;
  readonly rulebookId: string;
  readonly parameters: JackpotParameters | null;
  readonly meterCents: number;
  /** Stream version of that meter: live updates at or below it are already shown. */
  readonly version: number;
  readonly lastWin: { readonly tableId: string; readonly totalCents: number } | null;
}

/** What an outcome pays at a meter: its share of the meter rounded up to the payable amount (13.4.3, 13.4.7(a)). */
const payAt = (meterCents: number, percent: number, unitCents: number): number => payoutFor(roundUpToPayable(meterCents, unitCents), percent);

/**
 * The Jackpot Display (Crown Melbourne 1.1 'Jackpot Display': "the current jackpot amount(s), promotional
 * messages and winning jackpot messages"; 13.3.1(c)): the jackpot's name, the meter, and what each Lucky Tie
 * outcome of its option pays (13.4.3 Table 20), with how the prize is divided among the Tie wagers (13.4.6(b)) and
 * that the meter is rounded up when paid (13.4.7(a)). The current meter is in the HTML itself, so a display that
 * loads or reconnects shows the amount at once, never "connecting…" or "—"; EventSource then updates it (and
 * each outcome's amount) live and reconnects by itself; new parameters reload the page. `initial` null: no such
 * jackpot (the page says so, and looks again every 30 s). Every value from the jackpot is escaped.
 */
export const displayPage = (jackpotId: string, initial: DisplayState | null, at: string): string => {
  const p = initial?.parameters ?? null;
  const terms = initial && p ? luckyTieTerms(initial.rulebookId, p, at) : null;
  const name = initial?.name || 'Lucky Tie Jackpot';
  const pays = terms
    ? terms.pays
        .map(
          (o) =>
            `<tr class="pay" data-outcome="${escapeHtml(o.outcome)}" data-percent="${o.percent}"><th>${escapeHtml(o.name)}<small>${escapeHtml(o.description)}</small></th>` +
            `<td class="share">${o.percent === 100 ? 'The whole jackpot' : `${o.percent}% of the jackpot`}</td><td class="now">${displayAmount(payAt(initial!.meterCents, o.percent, p!.roundingUnitCents))}</td></tr>`,
        )
        .join('')
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)} · Lucky Tie Jackpot</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #1a0a2e; color: #ffd700; text-align: center; }
  h1 { margin: 2vw 0 0; font-size: 3.2vw; letter-spacing: .15em; text-transform: uppercase; }
  .kind { color: #d9c6ff; font-size: 1.4vw; letter-spacing: .3em; margin-top: .3vw; }
  #amount { font-size: 9vw; font-weight: 800; margin: 1vw 0 .5vw; font-variant-numeric: tabular-nums; }
  #pays { margin: 0 auto; border-collapse: collapse; font-size: 1.9vw; min-width: 62vw; }
  #pays th, #pays td { padding: .6vw 1.4vw; border-top: 1px solid #4b2f7a; text-align: left; }
  #pays th small { display: block; font-weight: 400; color: #d9c6ff; font-size: 1.2vw; }
  #pays td.share { color: #fff; } #pays td.now { text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; }
  #pays caption { caption-side: top; color: #d9c6ff; font-size: 1.3vw; padding-bottom: .4vw; }
  .terms { color: #d9c6ff; font-size: 1.25vw; margin: 1vw 8vw 0; }
  #status { color: #aaa; font-size: 1vw; margin-top: .6vw; }
  #win { font-size: 2.8vw; color: #fff; min-height: 3.6vw; margin: 0 4vw 1vw; }
  #win.active { animation: pulse 1s infinite alternate; }
  @keyframes pulse { from { color: #fff; } to { color: #ff4d4d; } }
</style></head>
<body>
  <h1 id="name">${escapeHtml(name)}</h1>
  <div class="kind">LUCKY TIE JACKPOT</div>
  <div id="amount" data-cents="${initial ? initial.meterCents : ''}">${initial ? displayAmount(initial.meterCents) : 'No such jackpot'}</div>
  <!-- The winning message under the amount, where every player looks (1.1 'Jackpot Display'). -->
  <div id="win" role="status">${initial?.lastWin ? `Last LUCKY TIE WINNER: Table ${escapeHtml(initial.lastWin.tableId)} won ${displayAmount(initial.lastWin.totalCents)}` : ''}</div>
  ${
    terms
      ? `<table id="pays" data-unit="${p!.roundingUnitCents}"><caption>A Lucky Tie: ${escapeHtml(terms.qualifyingHand)}. It pays every winning Tie wager:</caption><tbody>${pays}</tbody></table>
  <p class="terms" id="division">Each prize is ${escapeHtml(terms.division)}. The jackpot is rounded up to the nearest ${escapeHtml(displayAmount(p!.roundingUnitCents))} when paid; amounts shown are for the jackpot now.</p>`
      : ''
  }
  <div id="status">${initial ? 'live' : ''}</div>
<script>
(function () {
  var jackpotId = ${scriptValue(jackpotId)};
  var amount = document.getElementById('amount');
  var win = document.getElementById('win');
  var status = document.getElementById('status');
  var pays = document.getElementById('pays');
  var version = ${initial ? initial.version : -1};
  ${PAGE_FORMAT_SCRIPT}
  var fmt = money;
  // Each outcome's share of the meter rounded up to the payable amount, in whole cents rounded up (as payout.ts).
  function showPays(meterCents) {
    if (!pays) return;
    var unit = Number(pays.getAttribute('data-unit'));
    var rounded = meterCents <= 0 ? 0 : Math.ceil(meterCents / unit) * unit;
    pays.querySelectorAll('tr.pay').forEach(function (row) {
      var percent = Number(row.getAttribute('data-percent'));
      row.querySelector('td.now').textContent = fmt(Math.ceil((rounded * Math.round(percent * 100)) / 10000));
    });
  }
  // No such jackpot (yet): nothing to follow, so no "$0.00" from the feed; look again every 30 s.
  if (version < 0) { setTimeout(function () { location.reload(); }, 30000); return; }
  var source = new EventSource('/jackpots/' + encodeURIComponent(jackpotId) + '/meter/stream');
  source.onopen = function () { status.textContent = 'live'; };
  // The amount shown stays while the feed reconnects; the first message after it is the meter as it then stands.
  source.onerror = function () { status.textContent = 'live (feed interrupted, retrying)'; version = -1; };
  var log = (window.__jackpotLog = []);
  source.onmessage = function (message) {
    var u = JSON.parse(message.data);
    log.push(u);
    if (u.version <= version) return;
    // New parameters (13.4.1(a)): the outcomes and shares on the page are no longer the jackpot's.
    if (u.eventType === 'JackpotParametersChanged') { location.reload(); return; }
    version = u.version;
    amount.textContent = fmt(u.meterCents);
    amount.setAttribute('data-cents', String(u.meterCents));
    showPays(u.meterCents);
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
};
