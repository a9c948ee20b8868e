import { TIME_ZONES_BY_JURISDICTION } from '@app/baccarat';
import { PAGE_FORMAT_SCRIPT } from '@app/platform-kit';

/**
 * Static HTML + JS. Sign in once with a manager token: the page exchanges it for an HttpOnly session cookie
 * (POST /dashboard/session) and keeps no token (no localStorage), then polls /reporting/dashboard with the cookie
 * and draws every table live, so it can run on a wall screen. Voided coups stay on the road, marked.
 */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Baccarat floor dashboard</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem;background:#f6f6f4;color:#222}
h1{font-size:1.3rem} table{border-collapse:collapse;margin:.5rem 0} td,th{border:1px solid #ccc;padding:.25rem .5rem;font-size:.85rem}
.road{display:flex;flex-wrap:wrap;gap:2px;max-width:40rem}.road span{width:1.3rem;height:1.3rem;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;font-size:.7rem}
.r-banker{background:#c0392b}.r-player{background:#2c5aa0}.r-tie{background:#27894a}.r-void{background:#999;text-decoration:line-through}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.75rem;margin:.5rem 0}
.warn{color:#a40000;font-weight:600} #status{font-size:.8rem;color:#666}
</style></head>
<body>
<h1>Baccarat floor dashboard</h1>
<form id="auth"><label>Manager token <input id="token" type="password" size="60" autocomplete="off"></label> <button>Sign in</button></form>
<div><span id="status"></span> <button id="signout" hidden>Sign out</button></div>
<section id="tables"></section>
<h2>Commission exceptions (Crown Melbourne 9.3.1(a))</h2><table id="exceptions"><thead><tr><th>Table</th><th>Shoe</th><th>Kind</th><th>Outstanding</th><th>Approved by</th><th>Reason</th></tr></thead><tbody></tbody></table>
<h2>Notifiable and reportable events</h2><table id="incidents"><thead><tr><th>When</th><th>Table</th><th>Category</th><th>Kind</th><th>Clause</th><th>By</th></tr></thead><tbody></tbody></table>
<h2>Jackpot meters</h2><table id="jackpots"><thead><tr><th>Jackpot</th><th>Meter</th><th>Contributions</th><th>Payouts</th></tr></thead><tbody></tbody></table>
<script>
const $ = (s) => document.querySelector(s);
${PAGE_FORMAT_SCRIPT}
// Each incident's time in its casino's zone (the jurisdiction's rulebooks name it).
const ZONES = ${JSON.stringify(TIME_ZONES_BY_JURISDICTION)};
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
let timer;
const signedIn = (yes) => { $('#auth').hidden = yes; $('#signout').hidden = !yes; };
$('#auth').addEventListener('submit', async (e) => {
  e.preventDefault();
  const token = $('#token').value.trim();
  $('#token').value = '';
  const res = await fetch('/dashboard/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  if (!res.ok) { const b = await res.json().catch(() => ({})); $('#status').textContent = 'Refused: HTTP ' + res.status + ' ' + (b.message || ''); return; }
  signedIn(true);
  refresh();
});
$('#signout').addEventListener('click', async () => { clearTimeout(timer); await fetch('/dashboard/session', { method: 'DELETE' }); signedIn(false); $('#tables').innerHTML = ''; $('#status').textContent = 'Signed out'; });
async function refresh() {
  clearTimeout(timer);
  try {
    // The session cookie goes with it (same origin); the header tells the service a console sent it.
    const res = await fetch('/reporting/dashboard', { headers: { 'X-Console': 'dashboard' } });
    if (res.status === 401) { signedIn(false); $('#status').textContent = 'Sign in with a token (area-manager or above).'; return; }
    if (!res.ok) { $('#status').textContent = 'Refused: HTTP ' + res.status; return; }
    signedIn(true);
    draw(await res.json());
    $('#status').textContent = 'Live';
  } catch (err) { $('#status').textContent = 'Offline: ' + err; }
  timer = setTimeout(refresh, 2000);
}
function draw(d) {
  $('#tables').innerHTML = d.tables.map((t) => '<div class="card table" data-table="' + esc(t.tableId) + '"><b>' + esc(t.tableId) + '</b> ' + esc(t.jurisdiction) + ' ' + esc(t.status)
    + ' · shoe ' + esc(t.currentShoeId) + ' (' + esc(t.shoeStatus) + ', ' + t.coupsInShoe + ' coups)'
    + ' · commission outstanding <span class="outstanding' + (Number(t.outstandingCents) > 0 ? ' warn' : '') + '">' + money(t.outstandingCents) + '</span>'
    + '<div class="road">' + t.road.map((c) => '<span class="' + (c.voided ? 'r-void' : 'r-' + c.result) + '"' + (c.voided ? ' data-voided="true"' : '') + ' title="' + esc(c.coupId) + (c.voided ? ' (voided)' : '') + '">' + (c.dummy ? 'D' : c.result ? c.result[0].toUpperCase() : 'V') + '</span>').join('') + '</div></div>').join('');
  $('#exceptions tbody').innerHTML = d.exceptions.map((e) => '<tr><td>' + esc(e.tableId) + '</td><td>' + esc(e.shoeId) + '</td><td>' + esc(e.kind) + '</td><td>' + money(e.outstandingCents) + '</td><td>' + esc(e.approvedBy) + '</td><td>' + esc(e.reason) + '</td></tr>').join('');
  $('#incidents tbody').innerHTML = d.incidents.map((e) => '<tr><td title="' + esc(e.occurredAt) + '">' + esc(when(e.occurredAt, ZONES[e.jurisdiction])) + '</td><td>' + esc(e.tableId) + '</td><td>' + esc(e.category) + '</td><td>' + esc(e.kind) + '</td><td>' + esc(e.clause) + '</td><td>' + esc(e.actorId) + ' (' + esc(e.actorRole) + ')</td></tr>').join('');
  $('#jackpots tbody').innerHTML = d.jackpots.map((j) => '<tr><td>' + esc(j.jackpotId) + '</td><td class="meter">' + money(j.meterCents) + '</td><td>' + money(j.contributionsCents) + '</td><td>' + money(j.payoutsCents) + '</td></tr>').join('');
}
refresh();
</script></body></html>`;
