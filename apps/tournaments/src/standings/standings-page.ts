import { PAGE_FOLLOW_SCRIPT, PAGE_FORMAT_SCRIPT, PAGE_TOKEN_SCRIPT } from '@app/platform-kit';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the board keeps its token for the tab (a reload stays signed in; closing the tab forgets it). */
export const BOARD_TOKEN_KEY = 'tournament-board-token';

/**
 * The floor board: a full-screen TV page (Crown Melbourne 14.2.3; Star 2024 15.5.8: the standings made known). One
 * panel per table of the current session, each player by place with the name the director gave, chips, and whether
 * absent (Star 15.5.6), eliminated or disqualified (15.5.7); the line under the last place that progresses from the
 * table or takes a prize (15.10.1-15.10.3); the coups played and left or the time left where the terms fix them; only
 * the columns the terms provide (pass cards 15.7, undisclosed wagers as an indicator 15.8.2.5, markers Crown Melbourne
 * 14.4.4(e)-(g), a column for each); then the placings and prizes, an employee shown as not eligible (Crown Melbourne
 * 14.4.2(a)(v)). A decided play-off heads the board with its result (15.10.3); a cancelled tournament shows only that
 * it was cancelled, why, and the fees refunded (15.3.4).
 * Type scales with the screen so 1920x1080 and 1280x720 read from a distance. The stream is read as the standings
 * are, so the page signs in: with the token in the URL fragment (`#token=...`, which the browser never sends),
 * kept in sessionStorage for the tab and removed from the address bar, or typed into the form, as every page keeps
 * it (`PAGE_TOKEN_SCRIPT`). Never in a URL's query.
 */
export const standingsPage = (tournamentId: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tournament standings</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<style>
  :root { --fs: 28px; --bg: #05140c; --panel: #0d2b1b; --ink: #ffffff; --dim: #b9c8bd; --gold: #ffd23f; --red: #ff5c5c; --amber: #ffb020; }
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; background: var(--bg); color: var(--ink); font-family: "DejaVu Sans", system-ui, sans-serif; overflow: hidden; }
  body { display: flex; flex-direction: column; }
  header { display: flex; align-items: baseline; gap: 1em; padding: 0.6vh 1.2vw; border-bottom: 0.4vh solid var(--gold); font-size: min(3.3vh, 1.8vw); white-space: nowrap; }
  header > * { flex: 0 0 auto; }
  h1 { margin: 0; font-size: 1.3em; overflow: hidden; text-overflow: ellipsis; flex: 0 1 auto; min-width: 6em; }
  #session { color: var(--gold); font-weight: 700; }
  #clock { font-weight: 700; font-variant-numeric: tabular-nums; }
  #clock.over { color: var(--red); }
  header .spacer { flex: 1 1 auto; }
  #pool-label { color: var(--dim); }
  #pool { font-weight: 700; }
  #status { font-size: 0.5em; color: var(--dim); }
  #status.down { color: var(--red); }
  #auth { padding: 2vh 2vw; font-size: 20px; }
  #auth input { font-size: 18px; width: 60vw; }
  #auth[hidden] { display: none; }
  main { flex: 1 1 auto; display: grid; gap: 1vh 1vw; padding: 1vh 1vw; min-height: 0; }
  section { background: var(--panel); border-radius: 0.8vh; padding: 0.6vh 0.8vw; min-width: 0; min-height: 0; overflow: hidden; }
  section h2 { margin: 0 0 0.4vh; font-size: calc(var(--fs) * 1.1); display: flex; gap: 0.8em; align-items: baseline; white-space: nowrap; }
  section h2 .coups { color: var(--gold); font-size: calc(var(--fs) * 0.85); font-weight: 600; margin-left: auto; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; font-size: var(--fs); font-variant-numeric: tabular-nums; }
  th { text-align: left; color: var(--dim); font-weight: 600; font-size: calc(var(--fs) * 0.6); padding: 0 0.3em; text-transform: uppercase; letter-spacing: 0.05em; }
  td { padding: var(--pad, 0.12em) 0.3em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  th.num, td.num { text-align: right; }
  col.place { width: 2.2em; } col.box { width: 2em; } col.chips { width: 4.6em; } col.small { width: 3.4em; } col.marker { width: 4.4em; } col.mark { width: 6.3em; }
  td.place { font-weight: 700; color: var(--gold); }
  td.name { font-weight: 600; }
  td.chips { font-weight: 700; text-align: right; }
  td.boxno { color: var(--dim); }
  td.boxno.marker { color: var(--gold); }
  tr.eliminated td, tr.out td, tr.not-seated td, tr.disqualified td { color: #7d8a80; }
  tr.eliminated td.name, tr.out td.name, tr.disqualified td.name { text-decoration: line-through; }
  tr.absent td.name { color: var(--amber); }
  .badge { display: inline-block; padding: 0 0.3em; border-radius: 0.25em; font-size: 0.58em; font-weight: 700; letter-spacing: 0.04em; vertical-align: middle; }
  .badge.absent { background: var(--amber); color: #000; }
  .badge.disqualified { background: var(--red); color: #000; }
  .badge.out { background: #56635a; color: #fff; }
  .badge.sealed { background: #3d7bff; color: #fff; }
  .badge.stand-in { background: var(--gold); color: #000; }
  tr.cutline td { padding: 0; height: 0.9em; position: relative; }
  tr.cutline td::before { content: ""; position: absolute; left: 0; right: 0; top: 50%; border-top: 0.18em dashed var(--gold); }
  tr.cutline span { position: relative; background: var(--panel); color: var(--gold); font-size: 0.5em; font-weight: 700; padding: 0 0.5em; margin-left: 2.5em; text-transform: uppercase; letter-spacing: 0.08em; }
  .not-playing, .tie { color: var(--amber); font-size: calc(var(--fs) * 0.7); margin: 0.2em 0; }
  #results-panel h2 { color: var(--gold); }
  #results { list-style: none; margin: 0; padding: 0; font-size: calc(var(--fs) * 1.05); }
  #results li { display: flex; flex-wrap: wrap; gap: 0 0.6em; padding: var(--pad, 0.15em) 0; border-bottom: 1px solid #1f4630; white-space: nowrap; }
  #results li .place { width: 1.8em; color: var(--gold); font-weight: 700; text-align: right; }
  #results li .name { flex: 1 1 auto; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
  #results li .prize { font-weight: 700; }
  #results li.ineligible .name { color: var(--dim); }
  #results li .note { order: 3; flex: 1 0 100%; padding-left: 2.4em; font-size: 0.7em; color: var(--amber); white-space: normal; }
  #results li.unfilled { color: var(--dim); font-size: 0.75em; }
  th.marker { text-transform: none; letter-spacing: 0; font-size: calc(var(--fs) * 0.62); }
  #session.cancelled { color: var(--red); }
  #cancelled { display: flex; flex-direction: column; justify-content: center; padding: 4vh 4vw; border: 0.6vh solid var(--red); }
  #cancelled h2 { font-size: min(13vh, 8vw); color: var(--red); margin: 0 0 3vh; white-space: normal; line-height: 1.05; }
  #cancelled p { font-size: min(5.4vh, 3.2vw); margin: 0 0 1.6vh; white-space: normal; }
  #cancelled .refund { font-weight: 700; color: var(--gold); }
  #cancelled .note { color: var(--dim); font-size: min(3.6vh, 2.2vw); }
  #playoff-result { grid-column: 1 / -1; }
  #playoff-result h2 { color: var(--gold); font-size: calc(var(--fs) * 1.3); }
  #playoff-result ol { list-style: none; margin: 0; padding: 0; font-size: calc(var(--fs) * 1.5); }
  #playoff-result li { padding: var(--pad, 0.15em) 0; border-bottom: 1px solid #1f4630; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #playoff-result li .place { display: inline-block; min-width: 2.6em; color: var(--gold); font-weight: 700; }
  #playoff-result li .name { font-weight: 600; }
  #playoff-result li .outcome { color: var(--dim); }
  #playoff-result li.advances .outcome { color: var(--gold); font-weight: 700; }
  #playoff-result .clause { color: var(--dim); font-size: calc(var(--fs) * 0.6); margin: 0.4em 0 0; }
  #waiting { font-size: calc(var(--fs) * 1.4); color: var(--dim); padding: 4vh 2vw; }
</style></head>
<body>
  <header>
    <h1 id="title">Tournament ${escapeHtml(tournamentId)}</h1>
    <span id="session"></span>
    <span id="clock"></span>
    <span class="spacer"></span>
    <span id="pool-box"><span id="pool-label">Prize pool</span> <span id="pool" data-cents=""></span></span>
    <span id="status">connecting…</span>
  </header>
  <form id="auth" hidden><label>Token <input id="token" autocomplete="off"></label> <button type="submit">Sign in</button></form>
  <main id="board"><div id="waiting">Waiting for the standings…</div></main>
<script>
(function () {
  var id = ${JSON.stringify(tournamentId).replace(/</g, '\\u003c')};
  var KEY = ${JSON.stringify(BOARD_TOKEN_KEY)};
  var version = -1;
  var current = null;
  ${PAGE_FORMAT_SCRIPT}
  ${PAGE_FOLLOW_SCRIPT}
  ${PAGE_TOKEN_SCRIPT}
  var fmt = money;
  var $ = function (x) { return document.getElementById(x); };
  var el = function (tag, value, cls) { var e = document.createElement(tag); if (value !== undefined && value !== null) e.textContent = value; if (cls) e.className = cls; return e; };
  var chips = function (n) { return Number(n).toLocaleString('en-AU'); };
  var badge = function (p) {
    if (p.entryStatus === 'disqualified') return ['DISQUALIFIED', 'disqualified'];
    if (p.seatRefused) return ['NO PLAY', 'out'];
    if (p.absent) return ['ABSENT', 'absent'];
    if (p.status === 'eliminated' || p.entryStatus === 'eliminated') return ['ELIMINATED', 'out'];
    if (p.entryStatus === 'retired') return ['RETIRED', 'out'];
    if (p.entryStatus === 'withdrawn') return ['WITHDRAWN', 'out'];
    if (p.status === 'out') return ['OUT', 'out'];
    if (p.status === 'not-seated') return ['NOT SEATED', 'out'];
    if (p.status === 'awaiting-table') return ['WAITING', 'out'];
    if (p.undisclosedWagerPending) return ['SEALED WAGER', 'sealed'];
    return null;
  };
  // Each marker the terms give, its own column with its name in full (Crown Melbourne 14.4.4(e)-(g)).
  var MARKERS = [['allInMarkers', 'All-In', 'all-in'], ['standOffMarkers', 'Stand-Off', 'stand-off'], ['reBuyMarkers', 'Re-Buy', 're-buy']];
  var markerColumns = function (columns) {
    return MARKERS.filter(function (m) { return columns[m[0]] || (columns.markers && columns[m[0]] === undefined); });
  };
  var ordinal = function (n) { var s = ['th', 'st', 'nd', 'rd'], v = n % 100; return n + (s[(v - 20) % 10] || s[v] || s[0]); };
  var cutText = function (cut) {
    if (cut.meaning === 'prize') return 'prize places (top ' + cut.places + ')';
    return 'top ' + cut.places + (cut.perTable ? ' at the table' : '') + ' progress';
  };
  var pad = function (n) { return (n < 10 ? '0' : '') + n; };
  var tick = function () {
    var c = $('clock');
    var s = current && current.session;
    if (!s || !s.endsAt || s.ended || current.cancellation) { c.textContent = ''; c.className = ''; return; }
    var left = Math.max(0, Math.round((Date.parse(s.endsAt) - Date.now()) / 1000));
    c.textContent = left > 0 ? Math.floor(left / 60) + ':' + pad(left % 60) + ' left' : 'time up';
    c.className = left > 0 ? '' : 'over';
  };
  setInterval(tick, 1000);

  // Type as large as the screen allows: every panel's rows fit its share of the height and width.
  // lead: the height, in rows, of a panel across the top above the others (a play-off's result).
  // The width a name needs in the board's bold type, in em, measured as the browser draws it (a W is wider than an i).
  var measure = document.createElement('canvas').getContext('2d');
  var nameEm = function (name) {
    if (!measure) return name.length * 0.62;
    measure.font = '600 100px "DejaVu Sans", system-ui, sans-serif';
    return measure.measureText(name).width / 100 + 0.6;
  };
  // The width a row's marks need, in em of the table's type: each badge in its bold type at 0.58 em, letter-spaced,
  // with its padding, a gap between them and the cell's padding. At least the column's own 6.3 em.
  var badgeEm = function (text) {
    var w = measure ? (measure.font = '700 100px "DejaVu Sans", system-ui, sans-serif', measure.measureText(text).width / 100) : text.length * 0.68;
    return (w + text.length * 0.04) * 0.58 + 0.4;
  };
  var marksOf = function (p) {
    var b = badge(p), out = [];
    if (b) out.push(b[0]);
    if (p.standsIn) out.push('STANDS IN FOR ' + p.standsIn.forName);
    return out;
  };
  var markEm = function (t) {
    return t.players.reduce(function (m, p) {
      var marks = marksOf(p);
      return Math.max(m, marks.reduce(function (w, x) { return w + badgeEm(x); }, 0) + Math.max(0, marks.length - 1) * 0.3 + 0.7);
    }, 6.3);
  };

  // nameWidth: the width the longest name shown needs, in em (at least 10).
  var fit = function (panels, rows, columns, lead, nameWidth) {
    var cols = Math.max(1, Math.min(panels, panels > 4 ? 3 : panels === 4 ? 2 : panels));
    var gridRows = Math.max(1, Math.ceil(panels / cols));
    var board = $('board');
    board.style.gridTemplateColumns = 'repeat(' + cols + ', minmax(0, 1fr))';
    board.style.gridTemplateRows = (lead ? 'auto ' : '') + 'repeat(' + gridRows + ', minmax(0, 1fr))';
    var h = window.innerHeight, w = window.innerWidth;
    // Header and margins take about 12% of the height; each panel a title, a column head and its rows (1.45 em each).
    var byHeight = (h * 0.86) / (gridRows * ((rows + 2.2) * 1.45 + 0.8) + (lead ? lead * 1.45 + 1.5 : 0));
    // Across: place, box, chips and the status column (15.1 em), the terms' columns, and the longest name whole.
    var byWidth = (w * 0.97 / cols - w * 0.018) / (15.1 + columns + Math.max(10, nameWidth || 0) + 2.5);
    var fs = Math.max(12, Math.min(byHeight, byWidth, h / 20));
    // Rows spread over the panel's height, as a board's do, when the width holds the type back.
    var rowHeight = ((h * 0.86 - (lead || 0) * 1.45 * fs) / gridRows) / (rows + 3);
    var pad = Math.max(0.12 * fs, Math.min((rowHeight - 1.3 * fs) / 2, 0.45 * fs));
    document.documentElement.style.setProperty('--fs', fs.toFixed(1) + 'px');
    document.documentElement.style.setProperty('--pad', pad.toFixed(1) + 'px');
  };

  var tablePanel = function (s, t) {
    var section = el('section');
    section.setAttribute('data-table', t.tableId);
    var h2 = el('h2', 'Table ' + t.tableId);
    // A decided play-off, or a session that has ended, plays no more coups (Star 15.10.3): its count says so, not what the terms would have left.
    // Play concluded before the schedule (Star 15.5.5; Crown Melbourne 14.4.8(d)): the count says so and on what ground.
    var early = t.concludedEarly ? 'Concluded after ' + t.coupsPlayed + (t.coupsPlayed === 1 ? ' coup' : ' coups') + (t.concludedEarly.ground === 'agreed' ? ', all players agreeing' : ', who progresses determined') : null;
    var coups = el('span', early ? early : s.playOffResult ? 'Decided after ' + t.coupsPlayed + (t.coupsPlayed === 1 ? ' coup' : ' coups') : s.ended ? 'Ended after ' + t.coupsPlayed + (t.coupsPlayed === 1 ? ' coup' : ' coups') : s.coupsPerSession ? 'Coup ' + t.coupsPlayed + ' of ' + s.coupsPerSession + ' · ' + t.coupsLeft + ' left' : t.coupsPlayed + (t.coupsPlayed === 1 ? ' coup played' : ' coups played'), 'coups');
    coups.setAttribute('data-coups-played', String(t.coupsPlayed));
    if (t.coupsLeft !== null) coups.setAttribute('data-coups-left', String(t.coupsLeft));
    h2.appendChild(coups);
    section.appendChild(h2);
    // A table the session is not playing at says why, with the clause (Rapid 12.3.2).
    if (t.notPlaying) section.appendChild(el('p', 'Not playing: ' + t.notPlaying.reason + ' (' + t.notPlaying.clause + ')', 'not-playing'));
    // The rule the tie is played off under, from the rulebook (Star 15.10.3; Crown Melbourne 14.4.6(a)).
    if (t.tieAtCut && s.cut) section.appendChild(el('p', 'Tie at the cut: a play-off decides (' + (s.cut.playOffClause || s.cut.clause) + ')', 'tie'));
    var table = el('table');
    var cols = [['place', '#', ''], ['box', 'Box', ''], ['', 'Player', ''], ['chips', 'Chips', 'num']];
    if (s.columns.passCards) cols.push(['small', 'Pass', 'num pass']);
    if (s.columns.undisclosedWagers) cols.push(['small', 'Sealed', 'num undisclosed']);
    var markerCols = markerColumns(s.columns);
    markerCols.forEach(function (m) { cols.push(['marker', m[1], 'num marker ' + m[2]]); });
    cols.push(['mark', '', '']);
    var colgroup = el('colgroup');
    var marksWidth = markEm(t);
    cols.forEach(function (c) { var col = el('col'); if (c[0]) col.className = c[0]; if (c[0] === 'mark') col.style.width = marksWidth.toFixed(2) + 'em'; colgroup.appendChild(col); });
    table.appendChild(colgroup);
    var head = el('tr');
    cols.forEach(function (c) { head.appendChild(el('th', c[1], c[2])); });
    table.appendChild(head);
    // Those who progress (or take a prize) above the line, the rest below it: a player disqualified or retired after
    // progressing is below it, whoever stands in above it (Star 15.5.7, 15.11.4; Crown Melbourne 14.4.8(a)(ii)).
    var shown = s.cut ? t.players.filter(function (p) { return p.aboveCut; }).concat(t.players.filter(function (p) { return !p.aboveCut; })) : t.players;
    shown.forEach(function (p, i) {
      var row = el('tr');
      var b = badge(p);
      row.className = p.status + (p.absent ? ' absent' : '') + (p.entryStatus === 'disqualified' ? ' disqualified' : '') + (p.aboveCut ? ' above-cut' : '');
      row.setAttribute('data-entry', p.entryId);
      // A player out of the tournament (disqualified, retired) holds no place (Star 15.5.7).
      row.appendChild(el('td', p.status === 'playing' && !p.entryStatus ? String(p.rank) : '–', 'place'));
      row.appendChild(el('td', String(p.box) + (t.markerBox === p.box ? ' ◆' : ''), 'boxno' + (t.markerBox === p.box ? ' marker' : '')));
      var name = el('td', p.name, 'name');
      name.title = p.entryId;
      row.appendChild(name);
      var c = el('td', p.status === 'playing' ? chips(p.chips) : '–', 'chips num');
      c.setAttribute('data-chips', String(p.chips));
      row.appendChild(c);
      if (s.columns.passCards) row.appendChild(el('td', String(p.passCards), 'num pass'));
      if (s.columns.undisclosedWagers) row.appendChild(el('td', String(p.undisclosedWagers), 'num undisclosed'));
      markerCols.forEach(function (m) { row.appendChild(el('td', String(p[m[0]] || 0), 'num ' + m[2])); });
      var mark = el('td', null, 'mark');
      if (b) mark.appendChild(el('span', b[0], 'badge ' + b[1]));
      // Stands in for a player who left the tournament, in the heat and every session after it, or for a final place
      // (Crown Melbourne 14.4.2(b)(i), 14.4.8(a)(ii); Star 15.5.7): beside any other mark, its clause on the badge.
      if (p.standsIn) {
        var standIn = el('span', 'STANDS IN FOR ' + p.standsIn.forName, 'badge stand-in');
        standIn.title = p.standsIn.clause;
        mark.appendChild(standIn);
      }
      row.appendChild(mark);
      table.appendChild(row);
      var next = shown[i + 1];
      if (s.cut && p.aboveCut && !(next && next.aboveCut)) {
        var line = el('tr', null, 'cutline');
        line.setAttribute('data-cut-after', p.entryId);
        var td = el('td');
        td.colSpan = cols.length;
        td.appendChild(el('span', cutText(s.cut)));
        line.appendChild(td);
        table.appendChild(line);
      }
    });
    section.appendChild(table);
    return section;
  };

  // The cancellation, plainly and large (Star 15.3.4): the reason and the entry fees refunded as its accounting says.
  var cancelledPanel = function (s) {
    var c = s.cancellation;
    var section = el('section');
    section.id = 'cancelled';
    section.appendChild(el('h2', 'Tournament cancelled'));
    if (c.reason) section.appendChild(el('p', 'Reason: ' + c.reason, 'reason'));
    if (c.refundedCents !== null) {
      var refund = el('p', (c.refundedCents > 0 ? 'Entry fees refunded: ' + fmt(c.refundedCents) : 'No entry fee refunded') + ' (' + (c.refundClause || c.clause) + ')', 'refund');
      refund.setAttribute('data-cents', String(c.refundedCents));
      section.appendChild(refund);
      if (c.refundedBeforeCents) section.appendChild(el('p', fmt(c.refundedBeforeCents) + ' was refunded before the cancellation', 'note'));
      if (c.forfeitedCents) section.appendChild(el('p', fmt(c.forfeitedCents) + ' forfeited, not refunded' + (c.forfeitClauses && c.forfeitClauses.length ? ' (' + c.forfeitClauses.join('; ') + ')' : ''), 'note'));
    } else section.appendChild(el('p', 'Entry fees are refunded under ' + c.clause, 'refund'));
    section.appendChild(el('p', 'Play has stopped: no one progresses and no prize is paid.', 'note'));
    return section;
  };

  // A play-off's result once decided (Star 15.10.3): who advances from a heat's, the places a final's decided.
  var playOffPanel = function (s) {
    var r = s.playOffResult;
    var section = el('section');
    section.id = 'playoff-result';
    section.appendChild(el('h2', 'Play-off decided'));
    var list = el('ol');
    r.order.forEach(function (p) {
      var li = el('li', null, p.advances ? 'advances' : '');
      li.setAttribute('data-entry', p.entryId);
      if (p.place !== null) li.appendChild(el('span', ordinal(p.place) + ' ', 'place'));
      li.appendChild(el('span', p.name, 'name'));
      if (r.forKind === 'heat') li.appendChild(el('span', p.advances ? ' advances' : ' does not advance', 'outcome'));
      list.appendChild(li);
    });
    section.appendChild(list);
    section.appendChild(el('p', 'Decided under ' + r.clause, 'clause'));
    return section;
  };

  var resultsPanel = function (s) {
    var section = el('section');
    section.id = 'results-panel';
    section.appendChild(el('h2', 'Final placings'));
    var list = el('ol');
    list.id = 'results';
    s.placings.forEach(function (p) {
      var prize = s.prizes.filter(function (x) { return x.entryId === p.entryId; })[0];
      var li = el('li', null, p.ineligible ? 'ineligible' : '');
      li.setAttribute('data-entry', p.entryId);
      li.appendChild(el('span', p.standing === null ? '–' : String(p.standing), 'place'));
      li.appendChild(el('span', p.name, 'name'));
      if (p.ineligible) li.appendChild(el('span', (p.ineligible.reason === 'employee' ? 'Employee: not eligible for a prize' : 'Not eligible for a prize: ' + p.ineligible.reason) + ' (' + p.ineligible.clause + ')', 'note'));
      if (prize) {
        var more = prize.shareCents !== undefined && prize.amountCents !== prize.shareCents ? ' (' + fmt(prize.shareCents) + ' + ' + fmt(prize.amountCents - prize.shareCents) + ' of unfilled places)' : '';
        var span = el('span', fmt(prize.amountCents) + more, 'prize');
        span.setAttribute('data-cents', String(prize.amountCents));
        li.appendChild(span);
      }
      list.appendChild(li);
    });
    (s.unfilledPrizes || []).forEach(function (u) {
      var li = el('li', 'Prize place ' + u.place + ' (' + u.basisPoints / 100 + '%) unfilled: ' + fmt(u.amountCents) + ' not paid', 'unfilled');
      li.setAttribute('data-unfilled-place', String(u.place));
      list.appendChild(li);
    });
    var r = s.prizeRedistribution;
    if (r) {
      r.places.forEach(function (u) {
        var li = el('li', 'Prize place ' + u.place + ' (' + u.basisPoints / 100 + '%) unfilled: ' + fmt(u.amountCents) + ' shared by the winners in proportion to their shares (' + r.clause + ')', 'unfilled');
        li.setAttribute('data-redistributed-place', String(u.place));
        list.appendChild(li);
      });
    }
    section.appendChild(list);
    return section;
  };

  var render = function (s) {
    current = s;
    $('title').textContent = s.name || id;
    $('pool').textContent = fmt(s.prizePoolCents);
    $('pool').setAttribute('data-cents', String(s.prizePoolCents));
    var session = s.session;
    var board = $('board');
    board.innerHTML = '';
    // A cancelled tournament shows only that it was cancelled: no session, ranking, cut or pool (Star 15.3.4).
    $('pool-box').hidden = !!s.cancellation;
    $('session').className = s.cancellation ? 'cancelled' : '';
    if (s.cancellation) {
      $('session').textContent = 'Cancelled';
      board.style.gridTemplateColumns = 'minmax(0, 1fr)';
      board.style.gridTemplateRows = 'minmax(0, 1fr)';
      board.appendChild(cancelledPanel(s));
      tick();
      return;
    }
    $('session').textContent = session ? session.label + (session.playOffResult ? ' · decided' : session.ended ? ' · ended' : '') : 'No session yet';
    var panels = 0, rows = 0;
    var columns = session ? (session.columns.passCards ? 3.4 : 0) + (session.columns.undisclosedWagers ? 3.4 : 0) + markerColumns(session.columns).length * 4.4 : 0;
    // A decided play-off's result heads the board, across it, larger than the table (Star 15.10.3).
    var lead = session && session.playOffResult ? session.playOffResult.order.length * 1.5 * 1.1 + 2.4 : 0;
    if (lead) board.appendChild(playOffPanel(session));
    if (s.placings.length) {
      board.appendChild(resultsPanel(s));
      panels += 1;
      rows = Math.max(rows, s.placings.length + (s.unfilledPrizes || []).length + (s.prizeRedistribution ? s.prizeRedistribution.places.length : 0));
    }
    var longest = 0, marks = 0;
    (session ? session.tables : []).forEach(function (t) {
      board.appendChild(tablePanel(session, t));
      marks = Math.max(marks, markEm(t) - 6.3);
      panels += 1;
      t.players.forEach(function (p) { longest = Math.max(longest, nameEm(String(p.name || p.entryId))); });
      rows = Math.max(rows, t.players.length + (s.session.cut ? 1 : 0) + (t.notPlaying || t.tieAtCut ? 1 : 0));
    });
    if (!panels) board.appendChild(el('div', s.status === 'cancelled' ? 'The tournament was cancelled.' : 'The standings appear here when the first session starts.', '')).id = 'waiting';
    // A name is never cut: players must tell their rows apart (Star 15.5.8).
    fit(Math.max(1, panels), Math.max(rows, lead ? 0 : 6), columns + marks, lead, longest);
    tick();
  };
  window.addEventListener('resize', function () { if (current) render(current); });

  var log = (window.__standingsLog = []);
  var start = function (token) {
    $('auth').hidden = true;
    follow('/tournaments/' + encodeURIComponent(id) + '/standings/stream', token, function (s) {
      log.push(s.version);
      if (s.version <= version) return;
      version = s.version;
      render(s);
    }, function (status) {
      $('status').textContent = status;
      $('status').className = status === 'live' ? '' : 'down';
      if (status !== 'live') version = -1;
      // A refused token (401, 403) or an unknown tournament: forget it and sign in again.
      if (/^HTTP 40[134]$/.test(status)) { forgetToken(KEY); $('auth').hidden = false; }
    });
  };
  // A display signs in without typing: the token in the fragment (never sent to the server), kept for the tab
  // and taken out of the address bar, so it is not left on screen or in the history.
  if (!signIn(KEY, start)) { $('auth').hidden = false; $('status').textContent = 'sign in'; }
})();
</script>
</body></html>
`;
