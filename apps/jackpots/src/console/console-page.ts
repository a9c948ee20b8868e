import { TIME_ZONES_BY_RULEBOOK } from '@app/baccarat';
import { PAGE_FORMAT_SCRIPT } from '@app/platform-kit';
import { LUCKY_TIE_TABLES } from '../meter-feed/lucky-tie-terms';

/**
 * The Jackpot Management Console page (Crown Melbourne 1.1 'Jackpot Management Console'; 13.4.4-13.4.9): sign
 * in once (a token exchanged for an HttpOnly session cookie, nothing kept by the page), pick a jackpot, read its
 * meter, parameters (each outcome of its option with the share it pays and the range the rulebook allows, seed,
 * contribution, division, rounding: 13.4.1(a), 13.4.3 Table 20), tables and attention flags, and act: record a hit from the handset (13.4.4), confirm or dismiss it
 * (13.4.5), adjust the prize pool (1.1), suspend and resume a table (13.4.9(a)), backfill a faulty shoe's coups
 * (13.4.9(b)). Each action is shown only to the roles the API lets do it (and the API checks again).
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Jackpot Management Console</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:1rem;background:#f7f5fb;color:#222}
h1{font-size:1.3rem} h2{font-size:1.05rem;margin-top:1.2rem}
table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:.25rem .5rem;font-size:.85rem}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.75rem;margin:.5rem 0}
#meter{font-size:2rem;font-weight:700} td.num,th.num{text-align:right;font-variant-numeric:tabular-nums} th{background:#efecf6;text-align:left}
#parameters th{width:16rem} .clause{color:#666;font-size:.75rem} .warn{color:#a40000} #message{min-height:1.2rem;font-weight:600}
form.inline{display:inline} input{margin:.1rem}
</style></head>
<body>
<h1>Jackpot Management Console</h1>
<form id="auth"><label>Token <input id="token" type="password" size="60" autocomplete="off"></label> <button>Sign in</button></form>
<div><span id="who"></span> <span id="status"></span> <button id="signout" hidden>Sign out</button></div>
<div id="console" hidden>
  <label>Jackpot <select id="jackpot"></select></label>
  <div class="card"><div>Meter <span id="meter" data-cents=""></span></div><div id="jackpot-status"></div></div>
  <div id="message" role="status"></div>
  <h2>Tables (13.3.1(b), 13.4.9(a))</h2>
  <table id="tables"><thead><tr><th>Table</th><th>Link</th><th>Jackpot offered</th><th></th></tr></thead><tbody></tbody></table>
  <h2>Hits awaiting confirmation (13.4.5, 13.4.7(b))</h2>
  <table id="hits"><thead><tr><th>Hit</th><th>Table</th><th>Coup</th><th>Cards</th><th>Handset</th><th>Mismatch</th><th></th></tr></thead><tbody></tbody></table>
  <h2>Parameters (13.4.1(a))</h2>
  <table id="parameters"><tbody></tbody></table>
  <h2>What each outcome pays (13.4.3 Table 20)</h2>
  <table id="pays"><thead><tr><th>Outcome</th><th>The cards</th><th class="num">Pays (% of the rounded meter)</th><th class="num">Allowed range</th><th class="num">At the meter now ($)</th></tr></thead><tbody></tbody></table>
  <section data-action="record-hit"><h2>Record a hit from the handset (13.4.4)</h2>
    <form id="record-hit"><input name="tableId" placeholder="table" required> <input name="coupId" placeholder="coup" required>
    <select name="outcome"><option>suited-lucky-tie</option><option>coloured-lucky-tie</option><option>non-coloured-lucky-tie</option><option>non-suited-lucky-tie</option><option>lucky-tie</option></select> <button>Record</button></form></section>
  <section data-action="adjust"><h2>Adjust the prize pool (1.1 'Jackpot Management Console')</h2>
    <form id="adjust"><input name="amountCents" type="number" placeholder="cents (+/-)" required> <input name="reason" placeholder="reason" required size="40"> <button>Adjust</button></form></section>
  <section data-action="backfill"><h2>Backfill a faulty shoe's coups (13.4.9(b))</h2>
    <form id="backfill"><input name="tableId" placeholder="table" required> <input name="shoeId" placeholder="shoe" required> <input name="coupIds" placeholder="coup ids, comma separated" required size="30"> <input name="reason" placeholder="reason" required size="30"> <button>Backfill</button></form></section>
  <h2>Attention (15.10)</h2>
  <table id="attention"><thead><tr><th>When</th><th>Kind</th><th>Table</th><th>Reason</th><th>Resolved</th></tr></thead><tbody></tbody></table>
</div>
<script>
const $ = (s) => document.querySelector(s);
${PAGE_FORMAT_SCRIPT}
// Times in the casino's zone: the one of the rulebook the jackpot was created under.
const ZONES = ${JSON.stringify(TIME_ZONES_BY_RULEBOOK)};
// Each rulebook's Lucky Tie table: the outcomes of each option, their ranges and the clauses (13.4.3 Table 20).
const LUCKY_TIE = ${JSON.stringify(LUCKY_TIE_TABLES).replace(/</g, '\\u003c')};
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
const LADDER = ['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager'];
const atLeast = (roles, min) => roles.some((r) => LADDER.indexOf(r) >= LADDER.indexOf(min) && LADDER.indexOf(r) >= 0);
// Who may do what, as the API's @Authorize says it (the API checks again).
const MAY = {
  'record-hit': (r) => atLeast(r, 'dealer'),
  confirm: (r) => atLeast(r, 'area-manager'),
  adjust: (r) => r.includes('jackpot-console') || atLeast(r, 'casino-manager'),
  suspend: (r) => r.includes('jackpot-console') || atLeast(r, 'area-manager'),
  backfill: (r) => atLeast(r, 'area-manager'),
};
let roles = [];
let timer;
const signedIn = (yes) => { $('#auth').hidden = yes; $('#signout').hidden = !yes; $('#console').hidden = !yes; };
const api = (path, init = {}) => fetch(path, { ...init, headers: { 'X-Console': 'jackpot-console', 'Content-Type': 'application/json', ...(init.headers || {}) } });
async function act(path, body) {
  const res = await api(path, { method: 'POST', headers: { 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(body) });
  const b = await res.json().catch(() => ({}));
  $('#message').textContent = res.ok ? 'Done: ' + (b.events || []).map((e) => e.type).join(', ') : 'Refused (' + res.status + '): ' + (b.message || '') + (b.clause ? ' [' + b.clause + ']' : '');
  $('#message').className = res.ok ? '' : 'warn';
  await refresh();
}
const current = () => $('#jackpot').value;
$('#auth').addEventListener('submit', async (e) => {
  e.preventDefault();
  const token = $('#token').value.trim();
  $('#token').value = '';
  const res = await fetch('/jackpot-console/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
  const b = await res.json().catch(() => ({}));
  if (!res.ok) { $('#status').textContent = 'Refused: HTTP ' + res.status + ' ' + (b.message || ''); return; }
  start(b);
});
$('#signout').addEventListener('click', async () => { clearTimeout(timer); await fetch('/jackpot-console/session', { method: 'DELETE' }); signedIn(false); $('#who').textContent = ''; $('#status').textContent = 'Signed out'; });
function start(who) {
  roles = who.roles;
  $('#who').textContent = who.name + ' (' + roles.join(', ') + ')';
  document.querySelectorAll('[data-action]').forEach((el) => { el.hidden = !MAY[el.dataset.action](roles); });
  signedIn(true);
  refresh();
}
$('#jackpot').addEventListener('change', () => refresh());
$('#record-hit').addEventListener('submit', (e) => { e.preventDefault(); const f = new FormData(e.target); act('/jackpots/' + encodeURIComponent(current()) + '/hits', { tableId: f.get('tableId'), coupId: f.get('coupId'), outcome: f.get('outcome') }); });
$('#adjust').addEventListener('submit', (e) => { e.preventDefault(); const f = new FormData(e.target); act('/jackpots/' + encodeURIComponent(current()) + '/adjustments', { amountCents: Number(f.get('amountCents')), reason: f.get('reason') }); });
$('#backfill').addEventListener('submit', (e) => { e.preventDefault(); const f = new FormData(e.target); const coupIds = String(f.get('coupIds')).split(',').map((s) => s.trim()).filter(Boolean); act('/jackpots/' + encodeURIComponent(current()) + '/backfills', { tableId: f.get('tableId'), shoeId: f.get('shoeId'), coupCount: coupIds.length, coupIds, reason: f.get('reason') }); });
document.addEventListener('click', (e) => {
  const b = e.target.closest('button[data-do]');
  if (!b) return;
  const j = '/jackpots/' + encodeURIComponent(current());
  const reason = b.dataset.do === 'confirm' ? null : prompt('Reason?', b.dataset.reason || '');
  if (b.dataset.do !== 'confirm' && !reason) return;
  if (b.dataset.do === 'confirm') act(j + '/hits/' + encodeURIComponent(b.dataset.id) + '/confirm', {});
  if (b.dataset.do === 'dismiss') act(j + '/hits/' + encodeURIComponent(b.dataset.id) + '/dismiss', { reason });
  if (b.dataset.do === 'suspend') act(j + '/tables/' + encodeURIComponent(b.dataset.id) + '/suspend', { reason });
  if (b.dataset.do === 'resume') act(j + '/tables/' + encodeURIComponent(b.dataset.id) + '/resume', { reason });
});
async function refresh() {
  clearTimeout(timer);
  try {
    const res = await api('/jackpots');
    if (res.status === 401) { signedIn(false); $('#status').textContent = 'Sign in with a token (jackpot-console, gaming-supervisor or above).'; return; }
    if (!res.ok) { $('#status').textContent = 'Refused: HTTP ' + res.status; return; }
    const all = await res.json();
    const chosen = current() || (all[0] && all[0].jackpotId) || '';
    $('#jackpot').innerHTML = all.map((j) => '<option value="' + esc(j.jackpotId) + '"' + (j.jackpotId === chosen ? ' selected' : '') + '>' + esc(j.jackpotId) + (j.status === 'not-created' ? ' (not created!)' : '') + '</option>').join('');
    const j = all.find((x) => x.jackpotId === chosen);
    if (j) draw(j);
    $('#status').textContent = 'Live';
  } catch (err) { $('#status').textContent = 'Offline: ' + err; }
  timer = setTimeout(refresh, 2000);
}
function draw(j) {
  $('#meter').textContent = money(j.meterCents);
  $('#meter').dataset.cents = String(j.meterCents);
  $('#jackpot-status').textContent = j.status === 'active' ? j.name + ' · option ' + (j.parameters && j.parameters.option) : 'Not created: tables name this jackpot but it does not exist';
  drawParameters(j);
  const suspended = j.suspendedTables || {};
  $('#tables tbody').innerHTML = j.links.map((l) => '<tr data-table="' + esc(l.tableId) + '"><td>' + esc(l.tableId) + '</td><td class="' + (l.status === 'linked' ? '' : 'warn') + '">' + esc(l.status) + '</td><td class="offered">' + (suspended[l.tableId] !== undefined ? 'suspended: ' + esc(suspended[l.tableId]) : 'yes') + '</td><td>'
    + (MAY.suspend(roles) ? (suspended[l.tableId] !== undefined ? '<button data-do="resume" data-id="' + esc(l.tableId) + '" data-reason="Malfunction rectified">Resume</button>' : '<button data-do="suspend" data-id="' + esc(l.tableId) + '" data-reason="Dealing shoe malfunction">Suspend</button>') : '') + '</td></tr>').join('');
  const open = j.hits.filter((h) => h.status === 'open');
  $('#hits tbody').innerHTML = open.map((h) => '<tr data-hit="' + esc(h.hitId) + '"><td>' + esc(h.hitId) + '</td><td>' + esc(h.tableId) + '</td><td>' + esc(h.coupId) + '</td><td>' + esc(h.detected ? h.detected.outcome : '—') + '</td><td>' + esc(h.recorded ? h.recorded.outcome + ' #' + h.recorded.sequence : '—') + '</td><td>' + esc(h.mismatch || '') + '</td><td>'
    + (MAY.confirm(roles) ? '<button data-do="confirm" data-id="' + esc(h.hitId) + '">Confirm</button> <button data-do="dismiss" data-id="' + esc(h.hitId) + '">Dismiss</button>' : '') + '</td></tr>').join('');
  $('#attention tbody').innerHTML = j.attention.slice().reverse().map((a) => '<tr><td title="' + esc(a.flaggedAt) + '">' + esc(when(a.flaggedAt, ZONES[j.rulebookId])) + '</td><td>' + esc(a.kind) + '</td><td>' + esc(a.tableId) + '</td><td>' + esc(a.reason) + '</td><td>' + (a.resolved ? 'yes' : '') + '</td></tr>').join('');
}
// An outcome's payout at a meter: its share of the meter rounded up to the payable amount, whole cents rounded up
// (13.4.3, 13.4.7(a); as the jackpot service's payout.ts).
const payAt = (meterCents, percent, unitCents) => { const r = meterCents <= 0 ? 0 : Math.ceil(meterCents / unitCents) * unitCents; return Math.ceil((r * Math.round(percent * 100)) / 10000); };
const clause = (c) => ' <span class="clause">' + esc(c) + '</span>';
function drawParameters(j) {
  const p = j.parameters;
  const table = LUCKY_TIE[j.rulebookId];
  if (!p || !table) { $('#parameters tbody').innerHTML = '<tr><td>No parameters: the jackpot was never created</td></tr>'; $('#pays tbody').innerHTML = ''; return; }
  const option = table.options[p.option] || { clause: '', outcomes: [] };
  const row = (label, value, c) => '<tr><th>' + esc(label) + '</th><td>' + value + (c ? clause(c) : '') + '</td></tr>';
  $('#parameters tbody').innerHTML = row('Name', esc(j.name))
    + row('Rulebook', esc(j.rulebookId) + ' (' + esc(j.jurisdiction) + ')')
    + row('Tables', esc((j.tableIds || []).join(', ')), table.clauses.tables)
    + row('Option', 'Option ' + esc(p.option), option.clause)
    + row('Seed and reset amount', esc(money(p.seedCents)), table.clauses.seed)
    + row('Contribution per completed coup', esc(money(p.contributionCents)), table.clauses.contribution)
    + row('Division among the Tie wagers', esc(table.divisions[p.division] || p.division), table.clauses.division)
    + row('Meter rounded up, when paid, to', 'the nearest ' + esc(money(p.roundingUnitCents)), table.clauses.rounding);
  $('#pays tbody').innerHTML = option.outcomes.slice().sort((a, b) => (p.percentOfMeter[b.outcome] || 0) - (p.percentOfMeter[a.outcome] || 0)).map((o) => {
    const percent = p.percentOfMeter[o.outcome] || 0;
    return '<tr data-outcome="' + esc(o.outcome) + '"><td>' + esc(o.name) + '</td><td>' + esc(o.description) + '</td><td class="num percent">' + esc(percent) + '%</td><td class="num">' + (o.range.min === o.range.max ? 'fixed at ' + esc(o.range.min) + '%' : esc(o.range.min) + '%–' + esc(o.range.max) + '%') + '</td><td class="num now">' + esc(money(payAt(j.meterCents, percent, p.roundingUnitCents))) + '</td></tr>';
  }).join('');
}
refresh();
</script></body></html>`;
