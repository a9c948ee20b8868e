import { TIME_ZONES_BY_JURISDICTION } from '@app/baccarat';
import { PAGE_FORMAT_SCRIPT } from '@app/platform-kit';

/**
 * Static HTML + JS. Sign in once with a manager token: the page exchanges it for an HttpOnly session cookie
 * (POST /dashboard/session) and keeps no token (no localStorage), then polls /reporting/dashboard and
 * /reporting/statistics with the cookie and draws every table live, so it can run on a wall screen:
 * - turnover, win and hold per table and shift of a gaming day (the latest with play, or the one picked), with
 *   each shift's and the day's totals (money in dollars, hold as a percentage of turnover);
 * - each table's current shoe as a pit boss reads it: the bead plate (every coup in order, six to a column,
 *   voided coups kept and marked) and the big road (a column per streak of Banker or Player, ties as a green
 *   slash on the coup before, pairs as dots, a streak longer than six turning right along the bottom).
 * Every value from the API is escaped before it is drawn.
 */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Baccarat floor dashboard</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem;background:#f6f6f4;color:#222}
h1{font-size:1.3rem;margin:.2rem 0} h2{font-size:1.05rem;margin:1.2rem 0 .3rem}
table{border-collapse:collapse;margin:.3rem 0} td,th{border:1px solid #ccc;padding:.25rem .6rem;font-size:.85rem}
th{background:#ecebe6;text-align:left} td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:600;background:#f1f0ea} tr.shift-total td{background:#f7f6f1}
.neg{color:#a40000}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.6rem .75rem;margin:.5rem 0}
.card-head{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:baseline;margin-bottom:.4rem}
.card-head b{font-size:1.05rem}
.roads{display:flex;flex-wrap:wrap;gap:1.2rem;align-items:flex-start}
.roads figure{margin:0} figcaption{font-size:.75rem;color:#555;margin-bottom:.2rem}
.road{display:grid;grid-template-rows:repeat(6,1.45rem);grid-auto-flow:column;grid-auto-columns:1.45rem;gap:2px;background:#fafafa;border:1px solid #ddd;padding:2px;min-height:9rem;min-width:9rem}
.road span{position:relative;width:1.35rem;height:1.35rem;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;font-size:.72rem;font-weight:700}
.r-banker{background:#c0392b}.r-player{background:#2c5aa0}.r-tie{background:#27894a}.r-void{background:#999;text-decoration:line-through}
.road span.dummy{box-shadow:inset 0 0 0 2px #fff;opacity:.75}
.bigroad{display:grid;grid-template-rows:repeat(6,1.1rem);grid-auto-columns:1.1rem;gap:1px;background:#fafafa;border:1px solid #ddd;padding:2px;min-height:6.9rem;min-width:9rem}
.bigroad .cell{position:relative;width:.95rem;height:.95rem;border-radius:50%;border:3px solid;box-sizing:border-box;font-size:.6rem;display:flex;align-items:center;justify-content:center;color:#27894a;font-weight:700}
.bigroad .b-banker{border-color:#c0392b}.bigroad .b-player{border-color:#2c5aa0}
.bigroad .tie::after{content:'';position:absolute;left:-3px;right:-3px;top:50%;border-top:2px solid #27894a;transform:rotate(-45deg)}
i.bp,i.pp{position:absolute;width:.38rem;height:.38rem;border-radius:50%;border:1px solid #fff}
i.bp{background:#c0392b;top:-2px;left:-2px} i.pp{background:#2c5aa0;bottom:-2px;right:-2px}
.legend{font-size:.75rem;color:#555;margin:.3rem 0 0} .legend .dot{display:inline-block;width:.8rem;height:.8rem;border-radius:50%;vertical-align:middle;margin:0 .2rem 0 .6rem}
.tally{font-size:.8rem;color:#444}
.warn{color:#a40000;font-weight:600} #status{font-size:.8rem;color:#666} .muted{color:#777;font-size:.85rem}
</style></head>
<body>
<h1>Baccarat floor dashboard</h1>
<form id="auth"><label>Manager token <input id="token" type="password" size="60" autocomplete="off"></label> <button>Sign in</button></form>
<div><span id="status"></span> <button id="signout" hidden>Sign out</button></div>
<h2>Turnover, win and hold by table and shift</h2>
<div><label>Gaming day <input id="day" type="date"></label> <span id="stats-day" class="muted"></span></div>
<table id="stats"><thead><tr><th>Table</th><th>Shift</th><th class="num">Coups</th><th class="num">Turnover ($)</th><th class="num">Paid out ($)</th><th class="num">Commission ($)</th><th class="num">Win ($)</th><th class="num">Hold (% of turnover)</th></tr></thead><tbody></tbody><tfoot></tfoot></table>
<h2>Tables and their roads (current shoe)</h2>
<p class="legend"><span class="dot r-banker"></span>Banker <span class="dot r-player"></span>Player <span class="dot r-tie"></span>Tie <span class="dot r-void"></span>Voided
 · red dot top left: Banker pair · blue dot bottom right: Player pair · D: dummy coup (no wagers) · big road: a column per streak, a green slash for a Tie (its number when more than one)</p>
<section id="tables"></section>
<h2>Commission exceptions (Crown Melbourne 9.3.1(a))</h2><table id="exceptions"><thead><tr><th>Table</th><th>Shoe</th><th>Kind</th><th class="num">Outstanding ($)</th><th>Approved by</th><th>Reason</th></tr></thead><tbody></tbody></table>
<h2>Notifiable and reportable events</h2><table id="incidents"><thead><tr><th>When</th><th>Table</th><th>Category</th><th>Kind</th><th>Clause</th><th>By</th></tr></thead><tbody></tbody></table>
<h2>Jackpot meters</h2><table id="jackpots"><thead><tr><th>Jackpot</th><th class="num">Meter ($)</th><th class="num">Contributions ($)</th><th class="num">Payouts ($)</th></tr></thead><tbody></tbody></table>
<script>
const $ = (s) => document.querySelector(s);
${PAGE_FORMAT_SCRIPT}
// Each incident's time in its casino's zone (the jurisdiction's rulebooks name it).
const ZONES = ${JSON.stringify(TIME_ZONES_BY_JURISDICTION)};
const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));
const ROWS = 6;
let timer;
const signedIn = (yes) => { $('#auth').hidden = yes; $('#signout').hidden = !yes; };
const api = (path) => fetch(path, { headers: { 'X-Console': 'dashboard' } });
$('#auth').addEventListener('submit', async (e) => {
  e.preventDefault();
  const token = $('#token').value.trim();
  $('#token').value = '';
  const res = await fetch('/dashboard/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  if (!res.ok) { const b = await res.json().catch(() => ({})); $('#status').textContent = 'Refused: HTTP ' + res.status + ' ' + (b.message || ''); return; }
  signedIn(true);
  refresh();
});
$('#signout').addEventListener('click', async () => { clearTimeout(timer); await fetch('/dashboard/session', { method: 'DELETE' }); signedIn(false); $('#tables').innerHTML = ''; $('#stats tbody').innerHTML = ''; $('#stats tfoot').innerHTML = ''; $('#status').textContent = 'Signed out'; });
$('#day').addEventListener('change', () => refresh());
async function refresh() {
  clearTimeout(timer);
  try {
    // The session cookie goes with it (same origin); the header tells the service a console sent it.
    const res = await api('/reporting/dashboard');
    if (res.status === 401) { signedIn(false); $('#status').textContent = 'Sign in with a token (area-manager or above).'; return; }
    if (!res.ok) { $('#status').textContent = 'Refused: HTTP ' + res.status; return; }
    signedIn(true);
    const d = await res.json();
    draw(d);
    await drawStatistics(d);
    $('#status').textContent = 'Live';
  } catch (err) { $('#status').textContent = 'Offline: ' + err; }
  timer = setTimeout(refresh, 2000);
}
// Hold = win / turnover, as a percentage with two decimals ("4.69%"); none without turnover.
const hold = (winCents, turnoverCents) => (Number(turnoverCents) ? (Number(winCents) * 100 / Number(turnoverCents)).toFixed(2) + '%' : '—');
const signed = (cents) => '<span class="' + (Number(cents) < 0 ? 'neg' : '') + '">' + esc(money(cents)) + '</span>';
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
// Without a gaming day picked: the latest gaming day with play, looked for from the day before the last coup.
function statisticsQuery(d) {
  if ($('#day').value) return 'gamingDay=' + encodeURIComponent($('#day').value);
  const last = d.tables.flatMap((t) => t.road).map((c) => Date.parse(c.at)).filter((n) => !isNaN(n));
  return 'from=' + isoDay((last.length ? Math.max.apply(null, last) : Date.now()) - 86400000);
}
async function drawStatistics(d) {
  const res = await api('/reporting/statistics?' + statisticsQuery(d));
  if (!res.ok) { $('#stats-day').textContent = 'Statistics refused: HTTP ' + res.status; return; }
  const all = (await res.json()).tables;
  const day = $('#day').value || all.map((r) => r.gamingDay).sort().pop() || '';
  const rows = all.filter((r) => r.gamingDay === day);
  $('#stats-day').textContent = day ? 'Showing gaming day ' + day + ($('#day').value ? '' : ' (the latest with play)') : 'No play recorded yet';
  const line = (cls, table, shift, r) => '<tr class="' + cls + '"' + (cls === 'row' ? ' data-table="' + esc(table) + '" data-shift="' + esc(shift) + '"' : '') + '><td>' + esc(table) + '</td><td>' + esc(shift) + '</td><td class="num">' + esc(Number(r.coups).toLocaleString('en-AU')) + '</td><td class="num turnover">' + esc(money(r.turnoverCents)) + '</td><td class="num">' + esc(money(r.paidCents)) + '</td><td class="num">' + esc(money(r.commissionCents)) + '</td><td class="num win">' + signed(r.houseWinCents) + '</td><td class="num hold">' + esc(hold(r.houseWinCents, r.turnoverCents)) + '</td></tr>';
  const sum = (list) => list.reduce((a, r) => ({ coups: a.coups + Number(r.coups), turnoverCents: a.turnoverCents + Number(r.turnoverCents), paidCents: a.paidCents + Number(r.paidCents), commissionCents: a.commissionCents + Number(r.commissionCents), houseWinCents: a.houseWinCents + Number(r.houseWinCents) }), { coups: 0, turnoverCents: 0, paidCents: 0, commissionCents: 0, houseWinCents: 0 });
  $('#stats tbody').innerHTML = rows.map((r) => line('row', r.tableId, r.shift, r)).join('') || '<tr><td colspan="8" class="muted">No coups on this gaming day</td></tr>';
  const shifts = [...new Set(rows.map((r) => r.shift))];
  $('#stats tfoot').innerHTML = rows.length ? shifts.map((s) => line('shift-total', 'All tables', s, sum(rows.filter((r) => r.shift === s)))).join('') + line('day-total', 'All tables', 'Whole gaming day', sum(rows)) : '';
}
// Bead plate: every coup of the shoe in order, six to a column, top to bottom.
function beadPlate(road) {
  return road.map((c) => '<span class="' + (c.voided ? 'r-void' : 'r-' + esc(c.result)) + (c.dummy ? ' dummy' : '') + '"' + (c.voided ? ' data-voided="true"' : '')
    + ' title="' + esc('Coup ' + (c.coupNumber ?? '') + ' ' + c.coupId + (c.voided ? ' (voided)' : c.dummy ? ' (dummy coup)' : '') + (c.playerTotal != null ? ': Player ' + c.playerTotal + ', Banker ' + c.bankerTotal : '')) + '">'
    + (c.voided ? 'V' : c.dummy ? 'D' : c.result ? esc(c.result[0].toUpperCase()) : 'V') + (c.bankerPair ? '<i class="bp"></i>' : '') + (c.playerPair ? '<i class="pp"></i>' : '') + '</span>').join('');
}
// Big road: a column per streak of Banker or Player wins; a Tie marks the coup before it (or the first cell);
// a streak longer than the column turns right along its last free row (the dragon tail). Voided coups are off it.
function bigRoad(road) {
  const taken = {};
  const key = (col, row) => col + ':' + row;
  const cells = [];
  let last = null, startCol = -1, col = -1, row = 0, leadingTies = 0;
  for (const c of road) {
    if (c.voided || !c.result) continue;
    if (c.result === 'tie') { if (last) last.ties++; else leadingTies++; continue; }
    if (last && last.result === c.result) {
      if (row + 1 < ROWS && !taken[key(col, row + 1)]) row++; else col++;
    } else {
      startCol++;
      while (taken[key(startCol, 0)]) startCol++;
      col = startCol; row = 0;
    }
    taken[key(col, row)] = true;
    last = { result: c.result, col, row, ties: last ? 0 : leadingTies, bankerPair: c.bankerPair, playerPair: c.playerPair, coupId: c.coupId };
    cells.push(last);
  }
  if (!last && leadingTies) cells.push({ result: 'none', col: 0, row: 0, ties: leadingTies });
  return cells.map((x) => '<div class="cell b-' + esc(x.result) + (x.ties ? ' tie' : '') + '" style="grid-column:' + (x.col + 1) + ';grid-row:' + (x.row + 1) + '" title="' + esc((x.coupId || '') + (x.ties ? ' + ' + x.ties + ' tie(s)' : '')) + '">'
    + (x.ties > 1 ? x.ties : '') + (x.bankerPair ? '<i class="bp"></i>' : '') + (x.playerPair ? '<i class="pp"></i>' : '') + '</div>').join('');
}
function tally(road) {
  const n = (r) => road.filter((c) => !c.voided && c.result === r).length;
  return 'Banker ' + n('banker') + ' · Player ' + n('player') + ' · Tie ' + n('tie') + (road.some((c) => c.voided) ? ' · voided ' + road.filter((c) => c.voided).length : '');
}
function draw(d) {
  $('#tables').innerHTML = d.tables.map((t) => '<div class="card table" data-table="' + esc(t.tableId) + '"><div class="card-head"><b>' + esc(t.tableId) + '</b><span>' + esc(t.jurisdiction) + ' · ' + esc(t.status) + '</span>'
    + '<span>Shoe ' + esc(t.currentShoeId) + ' (' + esc(t.shoeStatus) + ', ' + esc(t.coupsInShoe) + ' coups)</span>'
    + '<span>Commission outstanding <span class="outstanding' + (Number(t.outstandingCents) > 0 ? ' warn' : '') + '">' + esc(money(t.outstandingCents)) + '</span></span><span class="tally">' + esc(tally(t.road)) + '</span></div>'
    + '<div class="roads"><figure><figcaption>Bead plate</figcaption><div class="road">' + beadPlate(t.road) + '</div></figure>'
    + '<figure><figcaption>Big road</figcaption><div class="bigroad">' + bigRoad(t.road) + '</div></figure></div></div>').join('');
  $('#exceptions tbody').innerHTML = d.exceptions.map((e) => '<tr><td>' + esc(e.tableId) + '</td><td>' + esc(e.shoeId) + '</td><td>' + esc(e.kind) + '</td><td class="num">' + esc(money(e.outstandingCents)) + '</td><td>' + esc(e.approvedBy) + '</td><td>' + esc(e.reason) + '</td></tr>').join('');
  $('#incidents tbody').innerHTML = d.incidents.map((e) => '<tr><td title="' + esc(e.occurredAt) + '">' + esc(when(e.occurredAt, ZONES[e.jurisdiction])) + '</td><td>' + esc(e.tableId) + '</td><td>' + esc(e.category) + '</td><td>' + esc(e.kind) + '</td><td>' + esc(e.clause) + '</td><td>' + esc(e.actorId) + ' (' + esc(e.actorRole) + ')</td></tr>').join('');
  $('#jackpots tbody').innerHTML = d.jackpots.map((j) => '<tr><td>' + esc(j.jackpotId) + '</td><td class="num meter">' + esc(money(j.meterCents)) + '</td><td class="num">' + esc(money(j.contributionsCents)) + '</td><td class="num">' + esc(money(j.payoutsCents)) + '</td></tr>').join('');
}
refresh();
</script></body></html>`;
