import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { PAGE_FOLLOW_SCRIPT, PAGE_FORMAT_SCRIPT, PAGE_TOKEN_SCRIPT } from '@app/platform-kit';
import { RAPID_RULEBOOK_VERSION } from '../rapid-use-cases';

/** Where the ATS page keeps its sign-in for the tab (a reload still shows the account, Rapid 6.1; closing the tab forgets it). */
export const ATS_TOKEN_KEY = 'rapid-ats-token';
/** Where the SGC page keeps its sign-in for the tab. */
export const SGC_TOKEN_KEY = 'rapid-sgc-token';

/**
 * The ATS page (the player's terminal, Rapid 2.1 Diagram A: the account balance 6.1, the countdown 8.2, the
 * betting areas 2.3-2.6 with the wagers standing on the round, after a reload too, 4.2, the permissible minimum and
 * maximum wager of each bet, 5.1, 5.2, and cash-out 6.7; the open
 * round by its number, 8.1, an earlier round's correction apart, 11.11)
 * and the dealer's SGC page (the buy-in, 1.1 'SGC', 6.2; freeze and correction of a round by its number, 11.11;
 * malfunctions, 11.14-11.16; claims, 11.12). Static HTML + fetch: the token is given in the URL fragment (`#token=...`)
 * or typed in, kept for the tab as every page keeps it (`PAGE_TOKEN_SCRIPT`), so a reload stays signed in and an open
 * ATS keeps showing its account (6.1); it is sent in the Authorization header; the live feed is read from a fetch
 * stream (EventSource cannot send it). A refused token is forgotten and the form shown again.
 */

/** Reads an SSE response from fetch, reconnecting; shared by both pages. */
const FOLLOW = `
${PAGE_FOLLOW_SCRIPT}
${PAGE_FORMAT_SCRIPT}
${PAGE_TOKEN_SCRIPT}
async function api(method, url, token, body, key) {
  const headers = { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' };
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(url, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(function () { return {}; });
  return { ok: res.ok, status: res.status, body: json };
}
function params() { return new URLSearchParams(location.search); }
`;

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #0b3d2e; color: #f5f5f5; }
  header { display: flex; justify-content: space-between; padding: 12px 20px; background: #06261c; }
  main { padding: 20px; }
  #auth { padding: 20px; }
  .big { font-size: 42px; font-weight: 700; font-variant-numeric: tabular-nums; }
  button { font-size: 16px; margin: 4px; padding: 10px 14px; border-radius: 8px; border: 0; cursor: pointer; }
  .chip.selected { outline: 3px solid gold; }
  .bet { min-width: 140px; background: #1b6b50; color: #fff; }
  .bet .amount { display: block; font-weight: 700; }
  .bet.pending .amount { color: #ffd27f; font-style: italic; }
  /* Rapid 4.7, and an SGC action that does not apply now: shown as not available. */
  button:disabled, .bet:disabled { opacity: 0.45; cursor: not-allowed; }
  #message { min-height: 24px; color: #ffd27f; }
  table { border-collapse: collapse; } td, th { padding: 4px 10px; border-bottom: 1px solid #2a5; text-align: left; }
  #limits { margin: 12px 0; } #limits caption { text-align: left; font-weight: 700; font-size: 18px; padding: 4px 0; }
  #limits td, #limits th { font-size: 18px; } #limits td.money { text-align: right; font-variant-numeric: tabular-nums; }
`;

/** The casino's cash chips on the ATS, cents: the Rapid ATS data's (Rapid 4.2, 5.3.2), the ones table limits are checked against. */
const CASH_CHIPS = atsPoliciesFor(rulebookById(RAPID_RULEBOOK_VERSION)).chips.denominationsCents;
/** Tournament chip denominations, in chips: the page offers those that make a session's wagers (Rapid 12.2.1(c)). */
const TOURNAMENT_CHIP_UNITS = [1, 5, 10, 25, 50, 100, 500, 1_000, 5_000, 10_000, 50_000, 100_000];

const BET_LABELS: Record<string, string> = {
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  'dragon-bonus-player': 'Player Dragon Bonus',
  'dragon-bonus-banker': 'Banker Dragon Bonus',
  'perfect-pairs': 'Perfect Pairs',
  pairs: 'Pair',
  'super-6': 'Super 6',
};

export const atsPage = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rapid Baccarat ATS</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<header><span id="title">Rapid Baccarat</span><span id="status">signed out</span></header>
<form id="auth" onsubmit="return false"><label>ATS token <input id="token" size="60"></label> <button type="submit">Start</button></form>
<main id="terminal" hidden>
  <div>Balance <span id="balance" class="big" data-cents="">—</span> <span id="frozen"></span></div>
  <div>Wagering <span id="countdown" class="big" data-seconds="">—</span> <span id="round"></span></div>
  <div id="chips"></div>
  <div id="bets"></div>
  <table id="limits"><caption></caption>
    <thead><tr><th>Bet</th><th>Minimum</th><th>Maximum</th></tr></thead><tbody></tbody><tfoot></tfoot></table>
  <div><button id="clear" disabled>Clear wagers</button>
    <span id="cash"><button id="cashout">Cash out</button>
       <label>Note acceptor $<input id="notes" size="6" value="100"></label><button id="insert">Insert</button></span></div>
  <div id="message" role="status"></div>
  <div id="outcome"></div>
  <div id="correction"></div>
</main>
<script>
${FOLLOW}
(function () {
  var p = params(); var tableId = p.get('table'); var atsId = p.get('ats');
  var labels = ${JSON.stringify(BET_LABELS)};
  var token = ''; var accountId = null; var station = null; var chip = 500; var layout = {}; var limits = {};
  // Rapid 12.2.1(b)-(c), 12.2.2: a tournament account (as GET /rapid/accounts/{id} says) holds tournament chips, not
  // money: its balance and wagers are counted in chips, its limits are the session's, and rule 6's cash-out and cash
  // buy-in are not offered. Null: a player's own account, in money.
  var tournament = null; var terms = null; var balance = null;
  var cashChips = ${JSON.stringify(CASH_CHIPS)}; var chipUnits = ${JSON.stringify(TOURNAMENT_CHIP_UNITS)};
  // Rapid 5.3.1: chips the player put on a bet that do not reach its minimum yet: shown as pending, not a wager (the
  // server shows no chips for them); the next chip on the bet adds to them and the layout sent carries the total.
  var pending = {};
  var round = null; var offset = 0; var log = (window.__rapidLog = []);
  var $ = function (id) { return document.getElementById(id); };
  document.getElementById('title').textContent = 'Rapid Baccarat — table ' + tableId + ', ATS ' + atsId;
  function say(text) { $('message').textContent = text; }
  function amount(c) {
    if (!tournament || c === null || c === undefined || c === '') return money(c);
    return Number(c).toLocaleString('en-AU') + (Number(c) === 1 ? ' chip' : ' chips');
  }
  function setBalance(c) { balance = c; $('balance').textContent = amount(c); $('balance').setAttribute('data-cents', c === null || c === undefined ? '' : String(c)); }
  // Rapid 4.7: a wager is placed, changed or withdrawn only within the wagering period: outside it the layout takes no touch.
  function wageringOpen() { return !!round && round.status === 'wagering' && Date.parse(round.periodEndsAt) > Date.now() + offset; }
  function lockLayout() {
    var closed = !wageringOpen();
    Array.prototype.forEach.call(document.querySelectorAll('.bet'), function (el) { el.disabled = closed; });
    $('clear').disabled = closed;
  }
  // The wager limits the account plays under: a tournament session's in chips for every bet (12.2.1(c)), else the table's.
  function limitsOf(t) {
    if (tournament && tournament.wagerLimits) { var l = {}; t.offeredBets.forEach(function (o) { l[o.bet] = tournament.wagerLimits; }); return l; }
    return t.limits || {};
  }
  // The chips the player touches: the casino's cash chips, or tournament chips that make the session's minimum and
  // each wager up to its maximum (12.2.1(c)): from the largest denomination that divides the minimum, to the maximum.
  function buildChips() {
    var values = cashChips; var first = cashChips[0];
    if (tournament && terms) {
      var l = limitsOf(terms); var bets = Object.keys(l);
      var min = Math.min.apply(null, bets.map(function (b) { return l[b].minCents; })); var max = Math.max.apply(null, bets.map(function (b) { return l[b].maxCents; }));
      var base = chipUnits.filter(function (d) { return d <= min && min % d === 0; }).pop() || 1;
      values = chipUnits.filter(function (d) { return d >= base && d <= max; }).slice(0, 6); first = min;
    }
    if (values.indexOf(chip) < 0) { chip = values[0]; values.forEach(function (v) { if (v <= first) chip = v; }); }
    $('chips').innerHTML = 'Chip ' + values.map(function (v) { return '<button class="chip' + (v === chip ? ' selected' : '') + '" data-cents="' + v + '">' + (tournament ? amount(v) : '$' + v / 100) + '</button>'; }).join('');
    Array.prototype.forEach.call(document.querySelectorAll('.chip'), function (el) {
      el.onclick = function () { chip = Number(el.getAttribute('data-cents')); Array.prototype.forEach.call(document.querySelectorAll('.chip'), function (c) { c.className = 'chip'; }); el.className = 'chip selected'; };
    });
  }
  // A tournament account takes no cash: no cash-out and no note acceptor (12.2.2; the API refuses both, TOURNAMENT_ACCOUNT).
  function showAccountKind() {
    // No account, nothing to cash out (6.7): the button waits for a buy-in or the note acceptor.
    $('cash').hidden = !!tournament; $('cashout').disabled = !!tournament || !accountId; $('insert').disabled = !!tournament;
    buildChips(); if (terms) buildLimits(terms); setBalance(balance); renderLayout();
  }
  async function loadAccount() {
    if (!accountId) { tournament = null; showAccountKind(); return; }
    var r = await api('GET', '/rapid/accounts/' + encodeURIComponent(accountId), token);
    if (r.ok) { tournament = r.body.tournament || null; showAccountKind(); }
  }
  function key(b, s) { return b + (s ? '/' + s : ''); }
  function renderLayout() {
    Array.prototype.forEach.call(document.querySelectorAll('.bet'), function (el) {
      var v = layout[el.getAttribute('data-key')] || 0; var p = pending[el.getAttribute('data-key')] || 0;
      el.querySelector('.amount').textContent = v ? amount(v) : p ? amount(p) + ' pending' : '';
      el.classList.toggle('pending', !v && p > 0);
    });
  }
  function tick() {
    if (!round || round.status !== 'wagering') { $('countdown').textContent = round ? round.status : '—'; $('countdown').setAttribute('data-seconds', '0'); return; }
    var left = Math.max(0, Math.ceil((Date.parse(round.periodEndsAt) - (Date.now() + offset)) / 1000));
    $('countdown').textContent = left + 's'; $('countdown').setAttribute('data-seconds', String(left));
  }
  setInterval(function () { tick(); lockLayout(); }, 200);
  function buildBets(offered) {
    var html = '';
    offered.forEach(function (o) {
      var sides = (o.bet === 'pairs' || o.bet === 'perfect-pairs') ? ['player', 'banker'] : [null];
      sides.forEach(function (s) {
        var label = (s ? (s === 'player' ? 'Player ' : 'Banker ') : '') + (labels[o.bet] || o.bet);
        html += '<button class="bet" data-bet="' + o.bet + '"' + (s ? ' data-side="' + s + '"' : '') + ' data-key="' + key(o.bet, s) + '">' + label + '<span class="amount"></span></button>';
      });
    });
    $('bets').innerHTML = html; lockLayout();
    Array.prototype.forEach.call(document.querySelectorAll('.bet'), function (el) {
      el.onclick = function () { var k = el.getAttribute('data-key'); var c = chip; touch(function () { var next = Object.assign({}, layout, pending); next[k] = (next[k] || 0) + c; return next; }); };
    });
  }
  // Rapid 5.1, 5.2: each ATS is a location where the permissible minimum and maximum wagers must be shown, per bet
  // as the table's limits say (a pair bet on either side), with the aggregate minimum per coup where there is one (5.3.3).
  // A tournament account: the session's limits in tournament chips, as its conditions say (12.2.1(c), 12.2.2).
  function buildLimits(t) {
    var rows = ''; limits = limitsOf(t);
    $('limits').querySelector('caption').textContent = tournament
      ? 'Permissible wagers in this tournament session, in tournament chips (Rapid 12.2.1(c), 5.1, 5.2)'
      : 'Permissible wagers at this table (Rapid 5.1, 5.2)';
    t.offeredBets.forEach(function (o) {
      var l = limits[o.bet]; if (!l) return;
      var sided = o.bet === 'pairs' || o.bet === 'perfect-pairs';
      rows += '<tr data-bet="' + o.bet + '"><td>' + (labels[o.bet] || o.bet) + (sided ? ' (Player or Banker)' : '') + '</td><td class="money">' + amount(l.minCents) + '</td><td class="money">' + amount(l.maxCents) + '</td></tr>';
    });
    $('limits').querySelector('tbody').innerHTML = rows;
    $('limits').querySelector('tfoot').innerHTML = t.aggregateMinimumCents && !tournament ? '<tr><td colspan="3">Wagers on a coup must total at least ' + money(t.aggregateMinimumCents) + ' (Rapid 5.3.3)</td></tr>' : '';
  }
  // A layout sent replaces the one before (4.2): touches are sent one after the other, each on the layout the last
  // one left (with the chips pending below a minimum, 5.3.1), so a touch made while the last is on its way adds to it
  // rather than replacing it, and two $5 chips on a $10 minimum send $10.
  var queue = Promise.resolve();
  function touch(next) { queue = queue.then(function () { return send(next()); }).catch(function (e) { say(String(e)); }); return queue; }
  async function send(next) {
    if (!accountId) { say('Insert cash or ask the Dealer for a buy-in first.'); return; }
    if (!wageringOpen()) { pending = {}; renderLayout(); say('The wagering period has ended: no wager is placed, changed or withdrawn until the next round (Rapid 4.7).'); return; }
    var wagers = Object.keys(next).filter(function (k) { return next[k] > 0; }).map(function (k) { var parts = k.split('/'); var w = { bet: parts[0], amountCents: next[k] }; if (parts[1]) w.side = parts[1]; return w; });
    var r = await api('PUT', '/rapid/accounts/' + encodeURIComponent(accountId) + '/wagers', token, { wagers: wagers });
    if (!r.ok) { say((r.body.code || r.status) + ': ' + (r.body.message || '')); return; }
    var shown = (r.body.events || []).filter(function (e) { return e.type === 'AtsWagersShown'; })[0];
    if (shown) {
      layout = {}; shown.wagers.forEach(function (w) { layout[key(w.bet, w.side)] = w.amountCents; });
      pending = {}; shown.notShown.forEach(function (w) { pending[key(w.bet, w.side)] = w.attemptedCents; });
      var notes = shown.wagers.filter(function (w) { return w.clause; }).map(function (w) { return labels[w.bet] + ' shown as ' + amount(w.amountCents) + ' (' + w.clause + ')'; })
        .concat(shown.notShown.map(function (w) {
          var min = limits[w.bet] && limits[w.bet].minCents;
          return labels[w.bet] + ' ' + amount(w.attemptedCents) + ' pending: below the ' + (min ? amount(min) + ' ' : '') + 'minimum, not a wager yet; add chips to reach it (' + w.clause + ')';
        }));
      say(notes.join('; '));
    }
    setBalance(r.body.balanceCents); renderLayout();
  }
  async function loadStation() {
    var r = await api('GET', '/rapid/tables/' + encodeURIComponent(tableId) + '/ats/' + encodeURIComponent(atsId), token);
    if (!r.ok) { $('status').textContent = 'HTTP ' + r.status; return r.status === 401 || r.status === 403 || r.status === 404 ? 'refused' : false; }
    station = r.body; accountId = station.accountId || null; await loadAccount(); return true;
  }
  $('clear').onclick = function () { pending = {}; renderLayout(); touch(function () { return {}; }); };
  buildChips();
  $('cashout').onclick = async function () {
    if (!accountId || tournament) return;
    var method = station && station.remote && station.printer ? 'ticket' : 'chips';
    var r = await api('POST', '/rapid/accounts/' + encodeURIComponent(accountId) + '/cash-out', token, { method: method });
    if (!r.ok) { say((r.body.code || r.status) + ': ' + (r.body.message || '')); return; }
    var asked = (r.body.events || []).filter(function (e) { return e.type === 'AtsChipPayoutRequested'; })[0];
    if (asked || (method === 'chips' && r.body.status === 'open')) { say('Payout asked for: the Dealer pays ' + money(asked ? asked.balanceCents : r.body.balanceCents) + ' in chips and closes the account (6.7.1).'); return; }
    var out = (r.body.events || []).filter(function (e) { return e.type === 'AtsAccountCashedOut'; })[0];
    say(method === 'ticket' ? 'Ticket ' + out.ticketId + ' for ' + money(out.amountCents) + ': redeem it at the cage.' : 'The Dealer paid ' + money(out.amountCents) + ' in chips.');
    setBalance(0); accountId = null; layout = {}; pending = {}; renderLayout(); $('cashout').disabled = true;
  };
  $('insert').onclick = async function () {
    var cents = Math.round(Number($('notes').value) * 100);
    var r = await api('POST', '/rapid/tables/' + encodeURIComponent(tableId) + '/ats/' + encodeURIComponent(atsId) + '/note-acceptor', token, { amountCents: cents });
    if (!r.ok) { say((r.body.code || r.status) + ': ' + (r.body.message || '')); return; }
    accountId = r.body.account.accountId; tournament = null; setBalance(r.body.account.balanceCents); showAccountKind();
  };
  function onMessage(m) {
    log.push(m);
    if (m.kind === 'table') {
      offset = Date.parse(m.serverNow) - Date.now();
      terms = m.terms; buildBets(m.terms.offeredBets); buildLimits(m.terms); buildChips();
      round = m.round ? { roundId: m.round.roundId, roundNumber: m.round.roundNumber, status: m.round.status, periodEndsAt: m.round.periodEndsAt } : null;
      $('round').textContent = round ? 'Round ' + (round.roundNumber || round.roundId) : '';
      // Rapid 2.1, 4.2, 4.6: the wagers standing on the round, as the server has them: after a reload the layout shows
      // them, and the next chip touched adds to them (a layout sent replaces the one before).
      layout = {}; pending = {};
      if (m.wagers && round && m.wagers.roundId === round.roundId) m.wagers.wagers.forEach(function (w) { layout[key(w.bet, w.side)] = w.amountCents; });
      renderLayout();
    } else if (m.kind === 'round') {
      if (m.eventType === 'RapidRoundStarted') { round = { roundId: m.roundId, roundNumber: m.roundNumber, status: 'wagering', periodEndsAt: m.periodEndsAt }; layout = {}; pending = {}; renderLayout(); say(''); $('outcome').textContent = ''; }
      else if (round && round.roundId === m.roundId) { round.status = m.status; if (m.status !== 'wagering' && Object.keys(pending).length) { pending = {}; renderLayout(); } }
      var label = 'Round ' + (m.roundNumber || m.roundId);
      // Rapid 8.1: the round shown is the one open at the table; an earlier round frozen or corrected (11.11) is shown apart.
      if (!round || round.roundId === m.roundId) {
        $('round').textContent = label;
        if (m.outcome) $('outcome').textContent = 'Result: ' + m.outcome.result + ' (Player ' + m.outcome.playerTotal + ', Banker ' + m.outcome.bankerTotal + ')';
      }
      if (m.eventType === 'RapidAccountsFrozen') $('correction').textContent = label + ': outcome under review (Rapid 11.11)';
      else if (m.eventType === 'RapidOutcomeConfirmed') $('correction').textContent = label + ': outcome confirmed on review (Rapid 11.11)';
      else if (m.eventType === 'RapidOutcomeCorrected' && m.outcome) $('correction').textContent = label + ' corrected (Rapid 11.11): ' + m.outcome.result + ' (Player ' + m.outcome.playerTotal + ', Banker ' + m.outcome.bankerTotal + ')';
    } else if (m.kind === 'balance' && m.atsId === atsId) {
      if (m.balanceCents !== null) setBalance(m.balanceCents);
      if (m.frozen !== undefined) $('frozen').textContent = m.frozen ? 'FROZEN (Rapid 11.11)' : '';
      if (m.accountId && m.accountId !== accountId) { accountId = m.accountId; loadAccount(); }
    }
    tick(); lockLayout();
  }
  var KEY = ${JSON.stringify(ATS_TOKEN_KEY)};
  function signedOut() { forgetToken(KEY); token = ''; $('terminal').hidden = true; $('auth').hidden = false; }
  // Rapid 6.1: an open ATS displays its account: signed in once for the tab, a reload shows it again without signing in.
  async function start(given) {
    token = given;
    var loaded = await loadStation();
    if (loaded === 'refused') { signedOut(); return; }
    if (!loaded) return;
    $('auth').hidden = true; $('terminal').hidden = false;
    follow('/rapid/tables/' + encodeURIComponent(tableId) + '/feed', token, onMessage, function (s) {
      $('status').textContent = s;
      if (/^HTTP 40[134]$/.test(s)) signedOut();
    });
  }
  signIn(KEY, start);
})();
</script>
</body></html>
`;

export const sgcPage = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rapid Baccarat SGC</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<header><span id="title">SGC</span><span id="status">signed out</span></header>
<form id="auth" onsubmit="return false"><label>Dealer token <input id="token" size="60"></label> <button type="submit">Sign in</button></form>
<main id="console" hidden>
  <div>Round <span id="round">—</span> <span id="state"></span> <span id="countdown" class="big" data-seconds="">—</span></div>
  <div><button id="start" disabled>Start round (8.1)</button> <button id="draw" disabled>Draw cards (8.1(c))</button></div>
  <div><label>Player <input id="playerCards" placeholder="2H 4S"></label> <label>Banker <input id="bankerCards" placeholder="7D KC"></label>
       <button id="enter" disabled>Enter outcome</button></div>
  <div><label>Round (number; blank: the current) <input id="target" size="6" placeholder="current"></label>
       <button id="freeze" disabled>Freeze accounts (11.11)</button> <button id="correct" disabled>Enter actual outcome (11.11)</button></div>
  <fieldset><legend>Buy-in (1.1, 6.2, 6.3; none at a remote ATS, whose player uses its note acceptor, 6.2.1)</legend>
    <label>ATS <select id="buyinAts"></select></label>
    <label>Tender <select id="tender"><option value="cash">cash</option><option value="chips">chips</option><option value="vouchers">vouchers</option><option value="authorised-tokens">authorised tokens</option></select></label>
    <label>Amount $<input id="buyinAmount" size="8" value="100.00"></label> <button id="buyin">Credit the account</button></fieldset>
  <fieldset><legend>Malfunction (11.14-11.16), in the round above</legend>
    <label>What failed <select id="scope"><option value="ats">an ATS (11.14)</option><option value="game-system">the game system (11.15)</option></select></label>
    <label>ATS <select id="malfunctionAts" class="ats-select"></select></label>
    <label>Occurred at <input id="occurredAt" size="26" placeholder="now"></label>
    <label>Wagers confirmed from the records (after expiry) <select id="confirmed"><option value="">—</option><option value="yes">yes</option><option value="no">no: void (11.16)</option></select></label>
    <label>Description <input id="malfunctionText" size="30" value="ATS screen froze"></label> <button id="malfunction">Record malfunction</button></fieldset>
  <fieldset><legend>Player claims (11.12)</legend>
    <table><thead><tr><th>claim</th><th>ATS</th><th>round</th><th>kind</th><th>status</th></tr></thead><tbody id="claims"></tbody></table>
    <label>Claim <input id="claimId" size="20"></label>
    <label>Resolution <select id="resolution"><option value="rejected">rejected</option><option value="upheld">upheld</option></select></label>
    <label>Action taken <input id="claimAction" size="30"></label>
    <label>Malfunction claim upheld: wagers confirmed <select id="claimConfirmed"><option value="no">no: void (11.16)</option><option value="yes">yes, as recorded</option></select></label>
    <button id="resolve" disabled>Resolve claim</button> <button id="refresh">Refresh claims</button></fieldset>
  <div id="message" role="status"></div>
  <div id="last"></div>
  <table><thead><tr><th>ATS</th><th>remote</th><th>account</th><th>stakes this round</th><th>balance</th><th>payout (6.7.1)</th></tr></thead><tbody id="stations"></tbody></table>
</main>
<script>
${FOLLOW}
(function () {
  var tableId = params().get('table'); var token = ''; var round = null; var offset = 0; var stations = {}; var log = (window.__sgcLog = []);
  // Rounds by their number at the table (8.1): freeze, correct and malfunctions act on an earlier round too (11.11, 11.14).
  var roundIds = {};
  // Rapid 1.1 'SGC'(b): what the Dealer needs to conduct the game: each ATS's stakes on the round, by bet, and its
  // balance (from GET /rapid/tables/{id}/ats/{atsId}, the Dealer's read of an ATS), in tournament chips for a tournament
  // account (12.2.1(b)); and the rounds and claims as the server has them, so only the actions that apply are offered.
  var shown = {}; var rounds = {}; var openClaims = {}; var tournamentAccounts = [];
  var labels = ${JSON.stringify(BET_LABELS)};
  var $ = function (id) { return document.getElementById(id); };
  $('title').textContent = 'SGC — Rapid Baccarat table ' + tableId;
  function say(t) { $('message').textContent = t; }
  function cards(id) { return $(id).value.trim().split(/[\\s,]+/).filter(Boolean); }
  function base() { return '/rapid/tables/' + encodeURIComponent(tableId); }
  async function act(path, body) {
    var r = await api('POST', base() + path, token, body || {});
    if (!r.ok) { say((r.body.code || r.status) + ': ' + (r.body.message || '')); return null; }
    say(''); return r.body;
  }
  function tick() {
    if (!round || round.status !== 'wagering') { $('countdown').textContent = ''; $('countdown').setAttribute('data-seconds', '0'); return; }
    var left = Math.max(0, Math.ceil((Date.parse(round.periodEndsAt) - (Date.now() + offset)) / 1000));
    $('countdown').textContent = left + 's'; $('countdown').setAttribute('data-seconds', String(left));
  }
  // Only the actions that apply to the table now (the API refuses the others, 409): a round is started once the last
  // is settled or void (ROUND_IN_PROGRESS), cards drawn while wagering (8.1(c)), the outcome entered once the wagering
  // period is over and none was entered; a settled round's accounts frozen for a wrong outcome, and its actual outcome
  // entered only while they are frozen (11.11); a claim resolved only while it is open (11.12).
  function actionable() {
    var st = round ? round.status : null;
    var ended = !!round && (st === 'closed' || (st === 'wagering' && Date.parse(round.periodEndsAt) <= Date.now() + offset));
    $('start').disabled = !!round && st !== 'settled' && st !== 'void';
    $('draw').disabled = st !== 'wagering';
    $('enter').disabled = !(ended && !round.outcome);
    var target = rounds[targetRound()];
    $('freeze').disabled = !(target && target.status === 'settled' && target.outcome && !target.frozen);
    $('correct').disabled = !(target && target.frozen);
    $('resolve').disabled = !openClaims[$('claimId').value.trim()];
  }
  setInterval(function () { tick(); actionable(); }, 200);
  ['target', 'claimId'].forEach(function (id) { $(id).addEventListener('input', actionable); });
  function amount(accountId, c) {
    if (c === null || c === undefined) return '—';
    return tournamentAccounts.indexOf(accountId) >= 0 ? Number(c).toLocaleString('en-AU') + ' chips' : money(c);
  }
  // Each open ATS's balance and its wagers standing on the round (4.2), as the Dealer reads the ATS.
  async function loadStakes() {
    await Promise.all(Object.keys(stations).map(async function (id) {
      var s = stations[id];
      if (!s.open || !s.accountId) { delete shown[id]; return; }
      var r = await api('GET', base() + '/ats/' + encodeURIComponent(id), token);
      if (r.ok) shown[id] = { accountId: r.body.accountId, balanceCents: r.body.balanceCents, wagers: r.body.wagers };
    }));
    renderStations();
  }
  setInterval(function () { if (token && round && round.status === 'wagering') loadStakes(); }, 2000);
  function targetRound() {
    var t = $('target').value.trim();
    if (!t) return round ? round.roundId : null;
    return roundIds[t] || t;
  }
  function cents(text) { return Math.round(Number(String(text).replace(/[$,\\s]/g, '')) * 100); }
  $('start').onclick = function () { act('/rounds'); };
  $('draw').onclick = function () { if (round) act('/rounds/' + round.roundId + '/draw'); };
  $('enter').onclick = async function () {
    if (!round) return;
    var b = await act('/rounds/' + round.roundId + '/outcome', { playerCards: cards('playerCards'), bankerCards: cards('bankerCards') });
    var s = b && b.events.filter(function (e) { return e.type === 'RapidRoundSettled'; })[0];
    if (s) $('last').textContent = 'Settled ' + s.accounts.length + (s.accounts.length === 1 ? ' account' : ' accounts') + ': staked ' + money(s.stakedCents) + ', credited ' + money(s.creditedCents) + ', house ' + money(s.houseNetCents);
  };
  $('freeze').onclick = async function () {
    var id = targetRound(); if (!id) return;
    var b = await act('/rounds/' + encodeURIComponent(id) + '/freeze', { reason: 'wrong outcome entered on the SGC' });
    var f = b && b.events.filter(function (e) { return e.type === 'RapidAccountsFrozen'; })[0];
    if (f && rounds[f.roundId]) rounds[f.roundId].frozen = true;
    if (f) $('last').textContent = 'Round ' + (f.roundNumber || f.roundId) + ': ' + f.accountIds.length + ' accounts frozen (11.11)';
  };
  $('correct').onclick = async function () {
    var id = targetRound(); if (!id) return;
    var b = await act('/rounds/' + encodeURIComponent(id) + '/corrected-outcome', { playerCards: cards('playerCards'), bankerCards: cards('bankerCards') });
    var c = b && b.events.filter(function (e) { return e.type === 'RapidOutcomeCorrected'; })[0];
    if (b && rounds[id]) rounds[id].frozen = false;
    if (c) $('last').textContent = 'Round ' + (c.roundNumber || c.roundId) + ' recalculated: ' + c.accounts.length + ' accounts, credited ' + money(c.creditedCents) + ', house ' + money(c.houseNetCents);
  };
  $('buyin').onclick = async function () {
    var atsId = $('buyinAts').value; var amount = cents($('buyinAmount').value);
    if (!atsId) { say('No ATS here takes a Dealer buy-in: at a remote ATS the player inserts cash into its note acceptor (6.2.1).'); return; }
    var b = await act('/ats/' + encodeURIComponent(atsId) + '/buy-in', { tender: $('tender').value, amountCents: amount });
    if (b && b.account) { $('last').textContent = 'Credited ' + money(amount) + ' to ' + atsId + ': balance ' + money(b.account.balanceCents); loadClaims(); }
  };
  $('malfunction').onclick = async function () {
    var id = targetRound(); if (!id) return;
    var scope = $('scope').value; var body = { scope: scope, description: $('malfunctionText').value.trim(), occurredAt: $('occurredAt').value.trim() || new Date(Date.now() + offset).toISOString() };
    if (scope === 'ats') body.atsId = $('malfunctionAts').value;
    if ($('confirmed').value) body.confirmedFromRecords = $('confirmed').value === 'yes';
    var b = await act('/rounds/' + encodeURIComponent(id) + '/malfunctions', body);
    var m = b && b.events.filter(function (e) { return e.type === 'RapidMalfunctionRecorded'; })[0];
    if (m) $('last').textContent = 'Malfunction recorded, round ' + (m.roundNumber || m.roundId) + ': ' + m.effect + ' (' + m.clause + ')' + returnedText(b.events);
  };
  // What each account got back or was adjusted by (11.14-11.16), as the recorded events say.
  function returnedText(events) {
    var parts = events.filter(function (e) { return e.type === 'AtsWagersReturned' || e.type === 'AtsSettlementRecalculated'; }).map(function (e) {
      return e.accountId + (e.type === 'AtsWagersReturned' ? ' returned ' + money(e.stakedCents) : ' moved ' + money(e.movementCents));
    });
    return parts.length ? '; ' + parts.join(', ') : '';
  }
  // The table as the server has it: open claims (11.12), round numbers (8.1), the accounts the ATS show.
  async function loadClaims() {
    var r = await api('GET', base(), token);
    if (!r.ok) return;
    var numbers = {}; (r.body.recentRounds || []).forEach(function (x) { roundIds[String(x.roundNumber)] = x.roundId; numbers[x.roundId] = x.roundNumber; });
    rounds = {}; (r.body.recentRounds || []).concat(r.body.round ? [r.body.round] : []).forEach(function (x) { rounds[x.roundId] = { status: x.status, outcome: x.outcome, frozen: !!x.frozenAccountIds }; });
    if (round && r.body.round && r.body.round.roundId === round.roundId) { round.status = r.body.round.status; round.outcome = r.body.round.outcome; }
    openClaims = {}; (r.body.claims || []).forEach(function (c) { if (c.status === 'open') openClaims[c.claimId] = true; });
    tournamentAccounts = (r.body.tournamentSession && r.body.tournamentSession.accountIds) || [];
    // While a tournament session plays here the table takes no cash buy-in (12.3.2; the API refuses it, TABLE_IN_TOURNAMENT_PLAY).
    inSession = !!r.body.tournamentSession; offerBuyIn();
    // Which ATS show an account now (a buy-in opens one), the payout asked for kept as the feed said it.
    (r.body.stations || []).forEach(function (x) { var st = stations[x.atsId]; if (st) { st.open = x.accountId !== null; st.accountId = x.accountId; } });
    await loadStakes();
    actionable();
    $('claims').innerHTML = (r.body.claims || []).map(function (c) {
      return '<tr data-claim="' + c.claimId + '"><td>' + c.claimId + '</td><td>' + c.atsId + '</td><td>' + (c.roundNumber || numbers[c.roundId] || c.roundId || '') + '</td><td>' + c.kind + '</td><td>' + c.status + '</td></tr>';
    }).join('');
  }
  $('refresh').onclick = loadClaims;
  $('resolve').onclick = async function () {
    var claimId = $('claimId').value.trim(); if (!claimId) return;
    var body = { resolution: $('resolution').value, action: $('claimAction').value.trim() || 'considered by the Dealer' };
    var row = document.querySelector('#claims tr[data-claim="' + claimId + '"]');
    if (body.resolution === 'upheld' && row && row.children[3].textContent === 'malfunction') body.malfunction = { confirmedFromRecords: $('claimConfirmed').value === 'yes', occurredAt: new Date(Date.now() + offset).toISOString() };
    var b = await act('/claims/' + encodeURIComponent(claimId) + '/resolution', body);
    if (b) { $('last').textContent = 'Claim ' + claimId + ' ' + body.resolution + returnedText(b.events); loadClaims(); }
  };
  var inSession = false; var localStations = 0;
  function offerBuyIn() {
    $('buyin').disabled = localStations === 0 || inSession;
    $('buyin').title = inSession ? 'A tournament session plays at this table: no cash buy-in until it ends (Rapid 12.3.2)' : '';
  }
  function renderStations() {
    $('stations').innerHTML = Object.keys(stations).map(function (id) {
      var s = stations[id];
      var pay = s.payoutRequested ? '<button class="payout" data-account="' + s.accountId + '">Pay out in chips</button>' : '';
      var d = s.open ? shown[id] : undefined;
      var stakes = d && d.wagers ? d.wagers.wagers.map(function (w) {
        var k = w.bet + (w.side ? '/' + w.side : '');
        return '<span class="stake" data-key="' + k + '">' + (w.side ? (w.side === 'player' ? 'Player ' : 'Banker ') : '') + (labels[w.bet] || w.bet) + ' ' + amount(d.accountId, w.amountCents) + '</span>';
      }).join(', ') : '';
      var bal = d ? '<span class="balance" data-cents="' + (d.balanceCents === null ? '' : d.balanceCents) + '">' + amount(d.accountId, d.balanceCents) + '</span>' : '';
      return '<tr data-ats="' + s.atsId + '"><td>' + s.atsId + '</td><td>' + (s.remote ? 'remote' + (s.printer ? ', printer' : '') : '') + '</td><td>' + (s.open ? 'open' : '—') + '</td><td class="stakes">' + stakes + '</td><td class="money">' + bal + '</td><td>' + pay + '</td></tr>';
    }).join('');
    Array.prototype.forEach.call(document.querySelectorAll('#stations .payout'), function (el) {
      el.onclick = async function () {
        var r = await api('POST', '/rapid/accounts/' + encodeURIComponent(el.getAttribute('data-account')) + '/cash-out', token, { method: 'chips' });
        if (!r.ok) { say((r.body.code || r.status) + ': ' + (r.body.message || '')); return; }
        var out = (r.body.events || []).filter(function (e) { return e.type === 'AtsAccountCashedOut'; })[0];
        if (out) $('last').textContent = 'Tender ' + money(out.amountCents) + ' in chips to the player at ' + out.atsId + ' (6.7.1)';
      };
    });
  }
  function onMessage(m) {
    log.push(m);
    if (m.kind === 'table') {
      offset = Date.parse(m.serverNow) - Date.now();
      round = m.round ? { roundId: m.round.roundId, roundNumber: m.round.roundNumber, status: m.round.status, periodEndsAt: m.round.periodEndsAt, outcome: m.round.outcome } : null;
      stations = {}; m.stations.forEach(function (s) { stations[s.atsId] = s; }); renderStations();
      var option = function (s) { return '<option value="' + s.atsId + '">' + s.atsId + '</option>'; };
      var options = m.stations.map(option).join('');
      Array.prototype.forEach.call(document.querySelectorAll('.ats-select'), function (el) { el.innerHTML = options; });
      // The Dealer takes a buy-in only at an ATS at the table: a remote ATS has no Dealer buy-in, its player inserts cash (6.2.1).
      var local = m.stations.filter(function (s) { return !s.remote; });
      $('buyinAts').innerHTML = local.length ? local.map(option).join('') : '<option value="" disabled selected>none: every ATS is remote (6.2.1)</option>';
      localStations = local.length; offerBuyIn();
      (m.recentRounds || []).forEach(function (x) { roundIds[String(x.roundNumber)] = x.roundId; });
      if (round) roundIds[String(round.roundNumber)] = round.roundId;
      loadClaims();
    } else if (m.kind === 'payout') {
      var st = stations[m.atsId];
      if (st) { st.accountId = m.accountId; st.payoutRequested = m.requested; if (!m.requested) { st.open = false; } renderStations(); }
      loadClaims();
    } else if (m.kind === 'round') {
      if (m.eventType === 'RapidRoundStarted') round = { roundId: m.roundId, roundNumber: m.roundNumber, status: 'wagering', periodEndsAt: m.periodEndsAt, outcome: null };
      else if (round && round.roundId === m.roundId) { round.status = m.status; if (m.outcome && m.eventType === 'RapidOutcomeEntered') round.outcome = m.outcome; }
      if (m.roundNumber) roundIds[String(m.roundNumber)] = m.roundId;
      loadClaims();
    }
    actionable();
    $('round').textContent = round ? String(round.roundNumber || round.roundId) : '—'; $('state').textContent = round ? round.status : '';
    tick();
  }
  var KEY = ${JSON.stringify(SGC_TOKEN_KEY)};
  // Signed in once for the tab: a reload shows the console again without signing in; a refused token is forgotten.
  function start(given) {
    token = given;
    $('auth').hidden = true; $('console').hidden = false;
    follow(base() + '/feed', token, onMessage, function (s) {
      $('status').textContent = s;
      if (/^HTTP 40[134]$/.test(s)) { forgetToken(KEY); token = ''; $('console').hidden = true; $('auth').hidden = false; }
    });
  }
  signIn(KEY, start);
})();
</script>
</body></html>
`;
