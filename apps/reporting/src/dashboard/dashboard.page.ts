/** Static HTML + JS: paste a manager token; the page polls /reporting/dashboard and draws every table live. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Baccarat floor dashboard</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem;background:#f6f6f4;color:#222}
h1{font-size:1.3rem} table{border-collapse:collapse;margin:.5rem 0} td,th{border:1px solid #ccc;padding:.25rem .5rem;font-size:.85rem}
.road{display:flex;flex-wrap:wrap;gap:2px;max-width:40rem}.road span{width:1.3rem;height:1.3rem;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;font-size:.7rem}
.r-banker{background:#c0392b}.r-player{background:#2c5aa0}.r-tie{background:#27894a}.r-void{background:#999}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.75rem;margin:.5rem 0}
.warn{color:#a40000;font-weight:600} #status{font-size:.8rem;color:#666}
</style></head>
<body>
<h1>Baccarat floor dashboard</h1>
<form id="auth"><label>Manager token <input id="token" size="60" autocomplete="off"></label> <button>Connect</button> <span id="status"></span></form>
<section id="tables"></section>
<h2>Commission exceptions (Crown Melbourne 9.3.1(a))</h2><table id="exceptions"><thead><tr><th>Table</th><th>Shoe</th><th>Kind</th><th>Outstanding</th><th>Approved by</th><th>Reason</th></tr></thead><tbody></tbody></table>
<h2>Notifiable and reportable events</h2><table id="incidents"><thead><tr><th>When</th><th>Table</th><th>Category</th><th>Kind</th><th>Clause</th><th>By</th></tr></thead><tbody></tbody></table>
<h2>Jackpot meters</h2><table id="jackpots"><thead><tr><th>Jackpot</th><th>Meter</th><th>Contributions</th><th>Payouts</th></tr></thead><tbody></tbody></table>
<script>
const $ = (s) => document.querySelector(s);
const money = (c) => (c < 0 ? '-' : '') + '$' + (Math.abs(Number(c)) / 100).toFixed(2);
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
let timer;
$('#token').value = localStorage.getItem('dashboardToken') || '';
$('#auth').addEventListener('submit', (e) => { e.preventDefault(); localStorage.setItem('dashboardToken', $('#token').value.trim()); refresh(); });
async function refresh() {
  clearTimeout(timer);
  const token = localStorage.getItem('dashboardToken');
  if (!token) { $('#status').textContent = 'Paste a token (area-manager or above).'; return; }
  try {
    const res = await fetch('/reporting/dashboard', { headers: { Authorization: 'Bearer ' + token } });
    if (!res.ok) { $('#status').textContent = 'Refused: HTTP ' + res.status; return; }
    draw(await res.json());
    $('#status').textContent = 'Live';
  } catch (err) { $('#status').textContent = 'Offline: ' + err; }
  timer = setTimeout(refresh, 2000);
}
function draw(d) {
  $('#tables').innerHTML = d.tables.map((t) => '<div class="card table" data-table="' + esc(t.tableId) + '"><b>' + esc(t.tableId) + '</b> ' + esc(t.jurisdiction) + ' ' + esc(t.status)
    + ' · shoe ' + esc(t.currentShoeId) + ' (' + esc(t.shoeStatus) + ', ' + t.coupsInShoe + ' coups)'
    + ' · commission outstanding <span class="outstanding' + (Number(t.outstandingCents) > 0 ? ' warn' : '') + '">' + money(t.outstandingCents) + '</span>'
    + '<div class="road">' + t.road.map((c) => '<span class="' + (c.voided ? 'r-void' : 'r-' + c.result) + '" title="' + esc(c.coupId) + '">' + (c.dummy ? 'D' : c.result[0].toUpperCase()) + '</span>').join('') + '</div></div>').join('');
  $('#exceptions tbody').innerHTML = d.exceptions.map((e) => '<tr><td>' + esc(e.tableId) + '</td><td>' + esc(e.shoeId) + '</td><td>' + esc(e.kind) + '</td><td>' + money(e.outstandingCents) + '</td><td>' + esc(e.approvedBy) + '</td><td>' + esc(e.reason) + '</td></tr>').join('');
  $('#incidents tbody').innerHTML = d.incidents.map((e) => '<tr><td>' + esc(e.occurredAt) + '</td><td>' + esc(e.tableId) + '</td><td>' + esc(e.category) + '</td><td>' + esc(e.kind) + '</td><td>' + esc(e.clause) + '</td><td>' + esc(e.actorId) + ' (' + esc(e.actorRole) + ')</td></tr>').join('');
  $('#jackpots tbody').innerHTML = d.jackpots.map((j) => '<tr><td>' + esc(j.jackpotId) + '</td><td class="meter">' + money(j.meterCents) + '</td><td>' + money(j.contributionsCents) + '</td><td>' + money(j.payoutsCents) + '</td></tr>').join('');
}
refresh();
</script></body></html>`;
