import { PAGE_FOLLOW_SCRIPT, PAGE_FORMAT_SCRIPT } from '@app/platform-kit';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The standings board for the tournament floor: each table's players by chips, live over the standings stream
 * (Star 15.5.8, 15.10.2). Undisclosed wagers show only as an indicator (15.8.2.5). Static HTML + fetch: the stream is
 * read as the standings are (Crown Melbourne 14.2.3), so the page signs in with a token typed in, sent in the
 * Authorization header (never in a URL).
 */
export const standingsPage = (tournamentId: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tournament standings</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0b2a1a; color: #f4f1de; }
  h1 { margin: 16px; font-size: 2.2vw; }
  #meta { margin: 0 16px; color: #c8c8a9; }
  #tables { display: flex; flex-wrap: wrap; gap: 16px; margin: 16px; }
  section { background: #123d27; border-radius: 8px; padding: 8px 16px; min-width: 280px; }
  table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  td, th { padding: 4px 8px; text-align: left; }
  tr.eliminated, tr.out { color: #888; text-decoration: line-through; }
  .marker { color: #ffd166; }
  #results li { font-size: 1.4vw; }
</style></head>
<body>
  <h1 id="title">Tournament ${escapeHtml(tournamentId)}</h1>
  <form id="auth" onsubmit="return false"><label>Token <input id="token" size="60"></label> <button type="submit">Sign in</button></form>
  <div id="meta"><span id="session"></span> · prize pool <span id="pool" data-cents=""></span> · <span id="status">connecting…</span></div>
  <div id="tables"></div>
  <ol id="results"></ol>
<script>
(function () {
  var id = ${JSON.stringify(escapeHtml(tournamentId))};
  var version = -1;
  ${PAGE_FORMAT_SCRIPT}
  ${PAGE_FOLLOW_SCRIPT}
  var fmt = money;
  var text = function (tag, value, cls) { var el = document.createElement(tag); el.textContent = value; if (cls) el.className = cls; return el; };
  var render = function (s) {
    document.getElementById('title').textContent = s.name || id;
    document.getElementById('pool').textContent = fmt(s.prizePoolCents);
    document.getElementById('pool').setAttribute('data-cents', String(s.prizePoolCents));
    document.getElementById('session').textContent = s.session ? s.session.kind + ' ' + s.session.sessionId + (s.session.ended ? ' (ended)' : '') : 'no session yet';
    var tables = document.getElementById('tables');
    tables.innerHTML = '';
    (s.session ? s.session.tables : []).forEach(function (t) {
      var section = document.createElement('section');
      section.setAttribute('data-table', t.tableId);
      section.appendChild(text('h2', 'Table ' + t.tableId));
      // A table the session is not playing at says why, with the clause (Rapid 12.3.2).
      if (t.notPlaying) section.appendChild(text('p', 'Not playing: ' + t.notPlaying.reason + ' (' + t.notPlaying.clause + ')', 'not-playing'));
      var table = document.createElement('table');
      var head = document.createElement('tr');
      ['#', 'Box', 'Player', 'Chips', 'Pass', ''].forEach(function (h) { head.appendChild(text('th', h)); });
      table.appendChild(head);
      t.players.forEach(function (p) {
        var row = document.createElement('tr');
        row.className = p.status;
        row.setAttribute('data-entry', p.entryId);
        row.appendChild(text('td', p.status === 'playing' ? String(p.rank) : '-'));
        row.appendChild(text('td', String(p.box) + (t.markerBox === p.box ? ' ◆' : ''), t.markerBox === p.box ? 'marker' : ''));
        row.appendChild(text('td', p.entryId));
        var chips = text('td', String(p.chips), 'chips');
        chips.setAttribute('data-chips', String(p.chips));
        row.appendChild(chips);
        row.appendChild(text('td', String(p.passCards)));
        row.appendChild(text('td', p.seatRefused ? 'no play: seat refused (' + p.seatRefused.clause + ')' : p.undisclosedWagerPending ? 'undisclosed wager' : p.status === 'playing' ? '' : p.status));
        table.appendChild(row);
      });
      section.appendChild(table);
      tables.appendChild(section);
    });
    var results = document.getElementById('results');
    results.innerHTML = '';
    s.placings.forEach(function (p) {
      var prize = s.prizes.filter(function (x) { return x.entryId === p.entryId; })[0];
      var more = prize && prize.shareCents !== undefined && prize.amountCents !== prize.shareCents ? ' (' + fmt(prize.shareCents) + ' and ' + fmt(prize.amountCents - prize.shareCents) + ' of unfilled places)' : '';
      var li = text('li', p.entryId + (prize ? ' wins ' + fmt(prize.amountCents) + more : ''));
      li.setAttribute('data-entry', p.entryId);
      results.appendChild(li);
    });
    (s.unfilledPrizes || []).forEach(function (u) {
      var li = text('li', 'Place ' + u.place + ' (' + u.basisPoints / 100 + '%) unfilled: ' + fmt(u.amountCents) + ' not paid');
      li.setAttribute('data-unfilled-place', String(u.place));
      results.appendChild(li);
    });
    var r = s.prizeRedistribution;
    if (r) {
      r.places.forEach(function (u) {
        var li = text('li', 'Place ' + u.place + ' (' + u.basisPoints / 100 + '%) unfilled: ' + fmt(u.amountCents) + ' distributed to the winners in proportion to their shares (' + r.clause + ')');
        li.setAttribute('data-redistributed-place', String(u.place));
        results.appendChild(li);
      });
    }
  };
  var log = (window.__standingsLog = []);
  document.getElementById('auth').addEventListener('submit', function (event) {
    event.preventDefault();
    var token = document.getElementById('token').value.trim();
    document.getElementById('auth').hidden = true;
    follow('/tournaments/' + encodeURIComponent(id) + '/standings/stream', token, function (s) {
      log.push(s.version);
      if (s.version <= version) return;
      version = s.version;
      render(s);
    }, function (status) {
      document.getElementById('status').textContent = status;
      if (status !== 'live') version = -1;
      // A refused token (401, 403) or an unknown tournament: sign in again.
      if (/^HTTP 40[134]$/.test(status)) document.getElementById('auth').hidden = false;
    });
  });
})();
</script>
</body></html>
`;
