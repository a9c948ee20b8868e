import { formatCents } from '@app/platform-kit';

/**
 * The draw page (Star 16.7.10 "how the results will be published"): the entries, the commitment and the
 * winners, and a check the browser runs itself: sha256(seed) equals the commitment published before the draw,
 * the entry list hashes to the published digest, and re-running the draw from the seed gives the same winners
 * (the same sfc32 generator and rejection sampling as draw.ts and libs/baccarat's prng.ts).
 */
export interface DrawPageRecord {
  readonly promotionId: string;
  readonly name: string;
  readonly rulebookId: string;
  readonly status: string;
  readonly prizes: readonly { readonly prizeId: string; readonly description: string; readonly valueCents: number }[];
  readonly onePrizePerPatron: boolean;
  readonly commitment: string | null;
  readonly entriesDigest: string | null;
  readonly seed: string | null;
  /** Public: entrants (salted hashes of patron ids, draw.ts entrantOf), never patron ids. */
  readonly winners: readonly { readonly prizeId: string; readonly entryId: string; readonly entrant: string }[];
  readonly entries: readonly { readonly entryId: string; readonly entrant: string }[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** At most this many entries are listed in the page; the check always covers every entry. */
const LISTED = 1000;

export const drawPage = (r: DrawPageRecord): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Draw: ${escapeHtml(r.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}code{word-break:break-all}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem}.ok{color:#070}.bad{color:#b00}</style>
</head><body>
<h1>${escapeHtml(r.name)}</h1>
<p>Promotion <code>${escapeHtml(r.promotionId)}</code> under <span id="rulebook">${escapeHtml(r.rulebookId)}</span>; status <strong id="status">${escapeHtml(r.status)}</strong>.</p>
<h2>Commitment</h2>
<p>sha256(seed), published before the draw: <code id="commitment">${escapeHtml(r.commitment ?? 'not yet committed')}</code></p>
<p>Entries digest: <code id="entries-digest">${escapeHtml(r.entriesDigest ?? '-')}</code></p>
<p>Seed revealed at the draw: <code id="seed">${escapeHtml(r.seed ?? 'not yet revealed')}</code></p>
<h2>Winners</h2>
<table id="winners"><thead><tr><th>Prize</th><th>Value</th><th>Entry</th><th>Entrant</th></tr></thead><tbody>
${r.winners.map((w) => `<tr><td>${escapeHtml(r.prizes.find((p) => p.prizeId === w.prizeId)?.description ?? w.prizeId)}</td><td>${formatCents(r.prizes.find((p) => p.prizeId === w.prizeId)?.valueCents ?? 0)}</td><td>${escapeHtml(w.entryId)}</td><td>${escapeHtml(w.entrant)}</td></tr>`).join('\n')}
</tbody></table>
<h2>Verification</h2>
<ul><li id="check-commitment">checking the commitment…</li><li id="check-digest">checking the entries…</li><li id="check-winners">re-running the draw…</li></ul>
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
  if (!r.seed) { mark('check-commitment', true, 'The seed is revealed at the draw.'); mark('check-digest', true, ''); mark('check-winners', true, ''); return; }
  const commitmentOk = (await sha(r.seed)) === r.commitment;
  mark('check-commitment', commitmentOk, commitmentOk ? 'sha256(seed) matches the commitment.' : 'sha256(seed) does NOT match the commitment.');
  const digestOk = (await sha(r.entries.map((e) => e.entryId + '\\t' + e.entrant + '\\n').join(''))) === r.entriesDigest;
  mark('check-digest', digestOk, digestOk ? 'The entries match the published digest.' : 'The entries do NOT match the published digest.');
  // sfc32 seeded as libs/baccarat/src/shoe/prng.ts seeds a string.
  const bytes = new TextEncoder().encode('s:promotion-draw:' + r.seed);
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
