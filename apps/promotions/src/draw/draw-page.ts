import { formatCents } from '@app/platform-kit';
import type { DrawRecord } from './draw-record';

/**
 * The draw page (Star 16.7.10 "how the results will be published"): the entries, every draw round with its
 * commitments and reveals (a round abandoned after a postponement, 16.11, included), and the winners, with a check
 * the browser runs itself (apps/promotions/DRAW.md): each revealed seed hashes to its commitment, the prizes and
 * entry rules hash to the digests the operator committed to, the entry list hashes to the drawn digest, the final
 * seed is sha256(operator seed ‖ scrutineer seed ‖ entries digest), and re-running the draw from it gives the same
 * winners (the same sfc32 generator and rejection sampling as draw.ts and libs/baccarat's prng.ts).
 */
export type DrawPageRecord = Omit<DrawRecord, 'commitments'> & { readonly commitments?: DrawRecord['commitments'] };
type Commitment = DrawRecord['commitments'][number];

/**
 * Star 16.7.1, 16.7.10: a commitment's time against the entry period, in words, and whether it is as the rules ask
 * (null: neither, e.g. a round committed after entries opened that never got its scrutineer commitment because it
 * was abandoned or still awaits it: it is shown as such, never as paired).
 */
const timing = (c: Commitment, all: readonly Commitment[]): { ok: boolean | null; text: string } => {
  if (c.role === 'operator') {
    if (c.beforeEntriesOpened) return { ok: true, text: `before entries opened (${c.entriesOpenAt})` };
    const opened = `after entries opened (${c.entriesOpenAt}), ${c.entriesBefore} entries recorded`;
    if (!c.afterEntriesOpened) return { ok: false, text: opened };
    const paired = all.some((s) => s.round === c.round && s.role === 'scrutineer' && s.afterOperatorCommitment);
    if (paired) return { ok: true, text: `${opened}: a round after a postponement, or a promotion recorded after it commenced, paired with a scrutineer commitment made after it` };
    if (c.outcome === 'pending') return { ok: null, text: `${opened}: a round after a postponement, or a promotion recorded after it commenced; no scrutineer commitment yet (it must follow before the draw)` };
    return { ok: c.outcome === 'abandoned' ? null : false, text: `${opened}: NO scrutineer commitment was made for this round (${c.outcome}), so nothing pairs it` };
  }
  const order = c.afterOperatorCommitment ? "after the operator's" : "BEFORE the operator's";
  return { ok: c.afterOperatorCommitment, text: `${c.beforeEntriesClosed ? 'before' : 'after'} entries closed (${c.entriesCloseAt}), ${order}` };
};

const reuse = (c: Commitment): { ok: boolean; text: string } => {
  const scope = c.reuseCheck.checkedAgainst === 'every-promotion' ? "every promotion's commitments, in either role" : c.reuseCheck.checkedAgainst === 'this-promotion' ? "this promotion's commitments only" : null;
  const once = c.reuseCheck.uniqueOnThisRecord ? 'appears once on this record' : 'appears MORE THAN ONCE on this record';
  const checked = scope ? `never made before (checked against ${scope})` : 'check not recorded';
  return { ok: c.reuseCheck.uniqueOnThisRecord && c.reuseCheck.usedBefore !== true, text: `${checked}; ${once}` };
};

/** The role the platform gives the Inspector: the one that records a scrutineer's commitment (Star 16.2, 16.7.10). */
const INSPECTOR_ROLE = 'regulator';

/**
 * Star 16.2, 16.7.10: who recorded a scrutineer's commitment: the inspector, never the operator's staff nor whoever
 * made the round's operator commitment. Records from before the role was carried say so.
 */
const recorder = (c: Commitment, all: readonly Commitment[]): { ok: boolean; text: string } => {
  if (c.role === 'operator') return { ok: true, text: "the operator's (16.7.1)" };
  const op = all.find((o) => o.round === c.round && o.role === 'operator');
  if (c.recordedBy && op?.committedBy && c.recordedBy === op.committedBy) return { ok: false, text: "recorded by whoever made the operator's commitment: not independent (16.2, 16.7.10)" };
  if (c.recordedAs === null || c.recordedAs === undefined) return { ok: true, text: 'role not recorded (a record from before it was carried)' };
  if (c.recordedAs !== INSPECTOR_ROLE) return { ok: false, text: `recorded by the operator's staff (${c.recordedAs}): not independent (16.2, 16.7.10)` };
  return { ok: true, text: `recorded by the inspector (${c.recordedAs})` };
};

const commitmentRow = (c: Commitment, all: readonly Commitment[]): string => {
  const t = timing(c, all);
  const u = reuse(c);
  const w = recorder(c, all);
  const who = c.role === 'operator' ? escapeHtml(c.committedBy ?? 'not recorded') : `${escapeHtml(c.committedBy ?? '')}${c.recordedBy ? ` (recorded by ${escapeHtml(c.recordedBy)}${c.recordedAs ? ` as ${escapeHtml(c.recordedAs)}` : ''})` : ''}`;
  return `<tr data-round="${c.round}" data-role="${c.role}"><td>${c.round} (${escapeHtml(c.outcome)})</td><td>${c.role}</td><td>${who}</td><td><code>${escapeHtml(c.commitment)}</code></td><td>${escapeHtml(c.committedAt)}</td><td class="${t.ok === null ? 'none' : t.ok ? 'ok' : 'bad'}">${escapeHtml(t.text)}</td><td class="${u.ok ? 'ok' : 'bad'}">${escapeHtml(u.text)}</td><td class="${w.ok ? 'ok' : 'bad'}">${escapeHtml(w.text)}</td></tr>`;
};

/** A round whose seeds are still to come at the draw; on a cancelled promotion a pending round will never be drawn. */
const awaitsDraw = (r: DrawPageRecord, x: DrawPageRecord['rounds'][number]) => x.outcome === 'pending' && r.status !== 'cancelled';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** At most this many entries are listed in the page; the check always covers every entry. */
const LISTED = 1000;

export const drawPage = (r: DrawPageRecord): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Draw: ${escapeHtml(r.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}code{word-break:break-all}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem}.ok{color:#070}.bad{color:#b00}.none{color:#555}</style>
</head><body>
<h1>${escapeHtml(r.name)}</h1>
<p>Promotion <code>${escapeHtml(r.promotionId)}</code> under <span id="rulebook">${escapeHtml(r.rulebookId)}</span>; status <strong id="status">${escapeHtml(r.status)}</strong>.</p>
<h2>Commitments</h2>
<p>The latest round's operator sha256(seed) (when it was committed: below): <code id="commitment">${escapeHtml(r.commitment ?? 'not yet committed')}</code></p>
<p>The latest round's scrutineer sha256(seed), committed after it: <code id="scrutineer-commitment">${escapeHtml(r.scrutineerCommitment ?? 'not yet committed')}</code></p>
<p>Entries digest: <code id="entries-digest">${escapeHtml(r.entriesDigest ?? '-')}</code></p>
<p>Operator's seed revealed at the draw: <code id="seed">${escapeHtml(r.seed ?? 'not yet revealed')}</code></p>
<p>Scrutineer's seed revealed at the draw: <code id="scrutineer-seed">${escapeHtml(r.scrutineerSeed ?? 'not yet revealed')}</code></p>
<p>Final seed, sha256(operator seed ‖ scrutineer seed ‖ entries digest): <code id="final-seed">${escapeHtml(r.finalSeed ?? '-')}</code></p>
<h2>Who committed, when, and the checks</h2>
<p>Entries opened at <span id="entries-open">${escapeHtml(r.entryRules.schedule.startsAt)}</span> and closed at <span id="entries-close">${escapeHtml(r.entryRules.schedule.entriesCloseAt)}</span>. The operator commits before entries open; the scrutineer (or inspector) after the operator and before entries close (Star 16.7.1, 16.7.10); no commitment is ever used twice.</p>
<table id="commitment-times"><thead><tr><th>Round</th><th>Role</th><th>Committed by</th><th>Commitment</th><th>Committed at</th><th>Against the entry period</th><th>Reuse check</th><th>Recorded as (16.2)</th></tr></thead><tbody>
${(r.commitments ?? []).map((c, _i, all) => commitmentRow(c, all)).join('\n')}
</tbody></table>
<h2>Every draw round</h2>
<table id="rounds"><thead><tr><th>Round</th><th>Outcome</th><th>Operator commitment (at)</th><th>Prizes digest</th><th>Entry rules digest</th><th>Scrutineer, commitment (at)</th><th>Operator seed</th><th>Scrutineer seed</th><th>Reason</th></tr></thead><tbody>
${r.rounds.map((x) => `<tr data-round="${x.round}"><td>${x.round}${x.afterEntriesOpened ? ` (after ${x.entriesBefore} entries)` : ''}</td><td>${escapeHtml(x.outcome)}</td><td><code>${escapeHtml(x.operatorCommitment)}</code> ${escapeHtml(x.committedAt)}</td><td><code>${escapeHtml(x.prizesDigest)}</code></td><td><code>${escapeHtml(x.entryRulesDigest)}</code></td><td>${x.scrutineer ? `${escapeHtml(x.scrutineer)}, <code>${escapeHtml(x.scrutineerCommitment ?? '')}</code> ${escapeHtml(x.scrutineerCommittedAt ?? '')}` : '-'}</td><td><code>${escapeHtml(x.operatorSeed ?? (awaitsDraw(r, x) ? 'at the draw' : 'NOT revealed'))}</code></td><td><code>${escapeHtml(x.scrutineerSeed ?? (awaitsDraw(r, x) ? 'at the draw' : x.scrutineer ? 'NOT revealed' : '-'))}</code></td><td>${escapeHtml(x.reason ?? '')}</td></tr>`).join('\n')}
</tbody></table>
<h2>Prizes, in draw order</h2>
<ol id="prizes">${r.prizes.map((p) => `<li>${escapeHtml(p.description)} (${formatCents(p.valueCents)}${p.liquorTotalMillilitres ? `; liquor ${p.liquorTotalMillilitres} ml in total` : ''})</li>`).join('')}</ol>
<h2>Winners</h2>
<table id="winners"><thead><tr><th>Prize</th><th>Value</th><th>Entry</th><th>Entrant</th></tr></thead><tbody>
${r.winners.map((w) => `<tr><td>${escapeHtml(r.prizes.find((p) => p.prizeId === w.prizeId)?.description ?? w.prizeId)}</td><td>${formatCents(r.prizes.find((p) => p.prizeId === w.prizeId)?.valueCents ?? 0)}</td><td>${escapeHtml(w.entryId)}</td><td>${escapeHtml(w.entrant)}</td></tr>`).join('\n')}
</tbody></table>
<h2>Verification</h2>
<ul><li id="check-commitment">checking the commitments…</li><li id="check-bindings">checking the prizes and entry rules…</li><li id="check-digest">checking the entries…</li><li id="check-final-seed">checking the final seed…</li><li id="check-winners">re-running the draw…</li><li id="check-rounds">checking the abandoned rounds…</li><li id="check-commitment-times">checking when each commitment was made…</li><li id="check-scrutineer-recorder">checking who recorded each scrutineer commitment…</li></ul>
<h2>Entries (<span id="entry-count">${r.entries.length}</span>)</h2>
<p>Entrants are shown as a salted hash of their patron id: the same for each entry of one patron, and no way back to who entered.</p>
<table id="entries"><thead><tr><th>Entry</th><th>Entrant</th></tr></thead><tbody>
${r.entries.slice(0, LISTED).map((e) => `<tr><td>${escapeHtml(e.entryId)}</td><td>${escapeHtml(e.entrant)}</td></tr>`).join('\n')}
</tbody></table>
${r.entries.length > LISTED ? `<p>First ${LISTED} of ${r.entries.length} entries listed; every entry is in <code>/promotions/${escapeHtml(r.promotionId)}/draw</code>.</p>` : ''}
<script id="draw-record" type="application/json">${scriptJson(r)}</script>
<script>
(async () => {
  const r = JSON.parse(document.getElementById('draw-record').textContent);
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
  const sha = async (text) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const mark = (id, ok, text) => { const el = document.getElementById(id); el.textContent = text; el.className = ok ? 'ok' : 'bad'; };
  // Every abandoned round: its revealed seeds hash to its commitments; a seed not revealed is shown as such.
  // A pending round of a cancelled promotion will never be drawn: it counts as abandoned, its seeds not revealed.
  const abandoned = r.rounds.filter((x) => x.outcome === 'abandoned' || (x.outcome === 'pending' && r.status === 'cancelled'));
  let roundsOk = true; const notes = [];
  for (const x of abandoned) {
    if (x.operatorSeed === null) { roundsOk = false; notes.push('round ' + x.round + ': the operator seed was NOT revealed'); }
    else if ((await sha(x.operatorSeed)) !== x.operatorCommitment) { roundsOk = false; notes.push('round ' + x.round + ': the operator seed does NOT match its commitment'); }
    if (x.scrutineerCommitment !== null && x.scrutineerSeed === null) { roundsOk = false; notes.push('round ' + x.round + ': the scrutineer seed was NOT revealed'); }
    else if (x.scrutineerSeed !== null && (await sha(x.scrutineerSeed)) !== x.scrutineerCommitment) { roundsOk = false; notes.push('round ' + x.round + ': the scrutineer seed does NOT match its commitment'); }
  }
  // Every commitment of every round, re-derived from its time and the schedule: the operator's before entries opened
  // (or, for a round after a postponement, followed by the scrutineer's), the scrutineer's after the operator's and
  // before entries closed (unless the operator's itself came after), and none used twice or before.
  const cs = r.commitments || [];
  const opened = Date.parse(r.entryRules.schedule.startsAt), closed = Date.parse(r.entryRules.schedule.entriesCloseAt);
  const uses = new Map(); for (const c of cs) uses.set(c.commitment, (uses.get(c.commitment) || 0) + 1);
  let timesOk = true; const timeNotes = [];
  const fail = (text) => { timesOk = false; timeNotes.push(text); };
  for (const c of cs) {
    const at = Date.parse(c.committedAt), who = 'round ' + c.round + ' ' + c.role;
    if (c.role === 'operator') {
      const before = at < opened && c.entriesBefore === 0;
      if (before !== c.beforeEntriesOpened) fail(who + ': the record says ' + (c.beforeEntriesOpened ? 'before' : 'after') + ' entries opened, its time says otherwise');
      if (!before && !c.afterEntriesOpened) fail(who + ': committed after entries opened');
    } else {
      const op = cs.find((o) => o.round === c.round && o.role === 'operator');
      const afterOp = !!op && Date.parse(op.committedAt) <= at, before = at < closed;
      if (before !== c.beforeEntriesClosed || afterOp !== c.afterOperatorCommitment) fail(who + ': the record and its time disagree');
      if (!afterOp) fail(who + ": committed before the operator's commitment");
      if (!before && !(op && Date.parse(op.committedAt) >= closed)) fail(who + ': committed after entries closed');
    }
    if (uses.get(c.commitment) > 1) fail(who + ': the commitment appears more than once');
    if (c.reuseCheck && c.reuseCheck.usedBefore === true) fail(who + ': the commitment was used before');
  }
  // Star 16.2, 16.7.10: each scrutineer commitment recorded by the inspector (role regulator), never by the operator's
  // staff nor by whoever made that round's operator commitment.
  let recorderOk = true; const recorderNotes = [];
  for (const c of cs) {
    if (c.role !== 'scrutineer') continue;
    const op = cs.find((o) => o.round === c.round && o.role === 'operator');
    if (c.recordedBy && op && op.committedBy && c.recordedBy === op.committedBy) { recorderOk = false; recorderNotes.push('round ' + c.round + ": recorded by whoever made the operator's commitment"); }
    if (c.recordedAs && c.recordedAs !== ${JSON.stringify(INSPECTOR_ROLE)}) { recorderOk = false; recorderNotes.push('round ' + c.round + ": recorded by the operator's staff (" + c.recordedAs + ')'); }
  }
  const scrutineerCount = cs.filter((c) => c.role === 'scrutineer').length;
  mark('check-scrutineer-recorder', recorderOk, scrutineerCount === 0 ? 'No scrutineer commitment yet.' : recorderOk ? scrutineerCount + ' scrutineer commitment(s), none recorded by the operator or its staff.' : recorderNotes.join('; ') + ' (Star 16.2, 16.7.10).');
  mark('check-commitment-times', timesOk, cs.length === 0 ? 'No commitment yet.' : timesOk ? cs.length + ' commitment(s), each made in time and none used twice.' : timeNotes.join('; ') + '.');
  mark('check-rounds', roundsOk, abandoned.length === 0 ? 'No round was abandoned.' : roundsOk ? abandoned.length + ' abandoned round(s), every seed revealed and matching its commitment.' : notes.join('; ') + '.');
  if (!r.seed) { mark('check-commitment', true, 'The seeds are revealed at the draw.'); mark('check-bindings', true, ''); mark('check-digest', true, ''); mark('check-final-seed', true, ''); mark('check-winners', true, ''); return; }
  const drawnRound = r.rounds.find((x) => x.outcome === 'drawn');
  const digestOk = (await sha(r.entries.map((e) => e.entryId + '\\t' + e.entrant + '\\n').join(''))) === r.entriesDigest;
  mark('check-digest', digestOk, digestOk ? 'The entries match the published digest.' : 'The entries do NOT match the published digest.');
  let drawSeed = r.seed;
  if (drawnRound) {
    const commitmentOk = (await sha(r.seed)) === drawnRound.operatorCommitment && (await sha(r.scrutineerSeed)) === drawnRound.scrutineerCommitment;
    mark('check-commitment', commitmentOk, commitmentOk ? 'sha256(seed) matches the commitment, for the operator and for the scrutineer.' : 'A revealed seed does NOT match its commitment.');
    const rules = r.entryRules;
    const rule = rules.entryRule ? [rules.entryRule.tableIds, rules.entryRule.bets, rules.entryRule.minimumWagerCents, rules.entryRule.turnoverPerEntryCents] : null;
    // DRAW.md "Digests": version 2 binds every field of each prize; version 1 (older rounds) four of them.
    const boundPrize = (p) => drawnRound.prizesDigestVersion === 1 ? [p.prizeId, p.kind, p.valueCents, p.description]
      : [p.prizeId, p.kind, p.valueCents, p.description, Object.entries(p.details).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)), p.contents, p.liquorLitres, p.liquorMillilitres, p.cashAlternativeCents];
    const bindingsOk = (await sha(JSON.stringify(r.prizes.map(boundPrize)))) === drawnRound.prizesDigest
      && (await sha(JSON.stringify([rule, rules.onePrizePerPatron, rules.schedule.startsAt, rules.schedule.entriesCloseAt, rules.schedule.drawAt]))) === drawnRound.entryRulesDigest;
    mark('check-bindings', bindingsOk, bindingsOk ? 'The prizes, in this order' + (drawnRound.prizesDigestVersion === 1 ? ' (their ids, kinds, values and descriptions: committed under digest version 1)' : ', every detail of each') + ', and the entry rules are those the operator committed to.' : 'The prizes or entry rules are NOT those committed to.');
    const finalOk = (await sha(r.seed + r.scrutineerSeed + r.entriesDigest)) === r.finalSeed;
    mark('check-final-seed', finalOk, finalOk ? 'The final seed is sha256(operator seed, scrutineer seed, entries digest).' : 'The final seed does NOT follow from the seeds and the entries.');
    drawSeed = r.finalSeed;
  } else {
    // A draw of the superseded scheme (one seed, committed after entries closed): drawn from that seed alone.
    const commitmentOk = (await sha(r.seed)) === r.commitment;
    mark('check-commitment', commitmentOk, commitmentOk ? 'sha256(seed) matches the commitment.' : 'sha256(seed) does NOT match the commitment.');
    mark('check-bindings', false, 'Drawn under the superseded scheme: the operator committed after entries closed, with no scrutineer contribution.');
    mark('check-final-seed', true, '');
  }
  // sfc32 seeded as libs/baccarat/src/shoe/prng.ts seeds a string.
  const bytes = new TextEncoder().encode('s:promotion-draw:' + drawSeed);
  let h1 = 0x9e3779b9, h2 = 0x243f6a88, h3 = 0xb7e15162, h4 = 0xdeadbeef;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    h1 = Math.imul(h1 ^ b, 0x85ebca6b); h2 = Math.imul(h2 ^ b ^ (h1 >>> 15), 0xc2b2ae35);
    h3 = Math.imul(h3 ^ b ^ (h2 >>> 13), 0x27d4eb2f); h4 = Math.imul(h4 ^ b ^ (h3 >>> 16), 0x165667b1);
  }
  h1 ^= bytes.length;
  let a = h1 >>> 0, b = h2 >>> 0, c = h3 >>> 0, d = h4 >>> 0;
  const next = () => { a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0; const t = (a + b) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); d = (d + 1) | 0; const x = (t + d) | 0; c = (c + x) | 0; return x >>> 0; };
  for (let i = 0; i < 15; i++) next();
  const below = (n) => { const limit = 0x100000000 - (0x100000000 % n); for (;;) { const x = next(); if (x < limit) return x % n; } };
  const patrons = r.onePrizePerPatron ? new Set(r.entries.map((e) => e.entrant)).size : r.entries.length;
  const wanted = Math.min(r.prizes.length, patrons, r.entries.length);
  const drawn = new Set(), won = new Set(), winners = [];
  while (winners.length < wanted) {
    const i = below(r.entries.length);
    if (drawn.has(i)) continue;
    drawn.add(i);
    const e = r.entries[i];
    if (r.onePrizePerPatron && won.has(e.entrant)) continue;
    won.add(e.entrant);
    winners.push(e.entryId);
  }
  const same = JSON.stringify(winners) === JSON.stringify(r.winners.map((w) => w.entryId));
  mark('check-winners', same, same ? 'Re-running the draw from the seed gives the same winners.' : 'Re-running the draw gives DIFFERENT winners.');
})();
</script>
</body></html>`;
