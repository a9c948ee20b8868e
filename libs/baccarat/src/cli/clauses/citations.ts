/**
 * Citations of rulebook clauses in source text, spelt as the codebase spells them: each rulebook's `citation`
 * ("Crown Melbourne", "Star 2024", "Rapid", "Crown Sydney guide") followed by clause references, as in
 * "Crown Melbourne 9.3.1(a)(iii)", "Star 2024 6.1; 6.4", "Star 2024 12.18-12.20", "Crown Melbourne 1.1, Table 7",
 * "Crown Melbourne 13.4.3 Table 20", "Star 2024 10.2/10.14", "Crown Sydney guide, Pay Out Odds". The first word
 * alone ("Crown 6.4", "Star 14.9") cites every rulebook whose citation starts with it, wherever the clause exists.
 */

export interface CitedRulebook {
  readonly id: string;
  /** How the rulebook is cited: its `citation` ("Crown Melbourne"). */
  readonly citation: string;
}

export interface Citation {
  /** Offset of the citation in the text. */
  readonly offset: number;
  /** The citation as written, e.g. "Star 2024 6.1; 6.4". */
  readonly text: string;
  /** The rulebooks the prefix names (several for a bare "Star" or "Crown"). */
  readonly rulebookIds: readonly string[];
  /** Each reference: a clause ("9.3.1(a)"), a range ("12.18-12.20"), a table ("Table 7"), or a guide heading; none when the rulebook is named alone. */
  readonly refs: readonly string[];
  /** True when the prefix was the first word alone (it may mean any of `rulebookIds`). */
  readonly loose: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CLAUSE = String.raw`\d{1,2}(?:\.\d{1,3})*(?:\([a-z0-9]{1,4}\))*`;
const REF = String.raw`(?:Table \d{1,2}|${CLAUSE}(?:\s?[-–]\s?${CLAUSE})?)`;
/** A further reference has a dot or is a table: in "1.1; 2 units on Tie" the 2 is not section 2. */
const FURTHER_REF = String.raw`(?:Table \d{1,2}|\d{1,2}(?:\.\d{1,3})+(?:\([a-z0-9]{1,4}\))*(?:\s?[-–]\s?${CLAUSE})?)`;
/** References after the prefix: separated by ", " "; " "/" " and " or a space before "Table". */
const REFS = String.raw`${REF}(?:(?:\s?[,;/]\s?|\s(?:and|&)\s|\s(?=Table\s))${FURTHER_REF}(?![\d.]*\d))*`;

interface Prefix {
  readonly words: string;
  readonly rulebookIds: readonly string[];
  readonly loose: boolean;
}

const prefixesOf = (rulebooks: readonly CitedRulebook[]): Prefix[] => {
  const full = rulebooks.map((r) => ({ words: r.citation, rulebookIds: [r.id], loose: false }));
  const firstWords = [...new Set(rulebooks.map((r) => r.citation.split(' ')[0]))];
  const loose = firstWords
    .filter((w) => !rulebooks.some((r) => r.citation === w))
    .map((w) => ({ words: w, rulebookIds: rulebooks.filter((r) => r.citation.split(' ')[0] === w).map((r) => r.id), loose: true }));
  // Longest first, so "Star 2024" wins over "Star".
  return [...full, ...loose].sort((a, b) => b.words.length - a.words.length);
};

/** Finds every clause citation of the given rulebooks in `text`. `guideHeadings` lists the headings an unnumbered guide is cited by. */
export const findCitations = (text: string, rulebooks: readonly CitedRulebook[], guideHeadings: Readonly<Record<string, readonly string[]>> = {}): Citation[] => {
  const prefixes = prefixesOf(rulebooks);
  const headingAlternatives = Object.values(guideHeadings)
    .flat()
    .sort((a, b) => b.length - a.length)
    .map(escape);
  const headings = headingAlternatives.length ? String.raw`|,\s(${headingAlternatives.join('|')})` : '';
  // A bare "Star" must not read the edition year of "Star 2024 (no provision)" as clause 20: no digit may follow a reference.
  const re = new RegExp(String.raw`(?<![A-Za-z])(${prefixes.map((p) => escape(p.words)).join('|')})(?:\s(${REFS})(?!\d)${headings})?(?![A-Za-z])`, 'g');
  const out: Citation[] = [];
  for (const m of text.matchAll(re)) {
    const prefix = prefixes.find((p) => p.words === m[1])!;
    const refs = m[2] !== undefined ? splitRefs(m[2]) : m[3] !== undefined ? [m[3]] : [];
    // A rulebook named without a clause is kept (the whole of a guide is cited so); a bare first word ("Crown Pairs") is not a citation.
    if (refs.length === 0 && prefix.loose) continue;
    out.push({ offset: m.index, text: m[0], rulebookIds: prefix.rulebookIds, refs, loose: prefix.loose });
  }
  return out;
};

/** "6.1; 6.4" → ["6.1", "6.4"]; "1.1, Table 7" → ["1.1", "Table 7"]; "13.4.3 Table 20" → ["13.4.3", "Table 20"]. */
export const splitRefs = (body: string): string[] =>
  body
    .split(/\s?[,;/]\s?|\s(?:and|&)\s|\s(?=Table\s)/)
    .map((r) => r.trim())
    .filter(Boolean);

/**
 * The clauses a reference covers, given a rulebook's clauses in document order: "9.3.1(a)" → ["9.3.1"]; a range
 * "12.18-12.20" → every clause from 12.18 to 12.20 and its sub-clauses ("12.18-20" means 12.18-12.20). A reference
 * to a clause the text does not have yields nothing.
 */
export const clausesOfRef = (ref: string, ordered: readonly string[]): string[] => {
  const [from, to] = ref.split(/\s?[-–]\s?/).map((r) => r.replace(/\(.*$/, ''));
  const start = ordered.indexOf(from);
  if (start < 0) return [];
  if (to === undefined) return [from];
  const fromParts = from.split('.');
  const toParts = to.split('.');
  const end = toParts.length < fromParts.length ? [...fromParts.slice(0, fromParts.length - toParts.length), ...toParts].join('.') : to;
  const last = ordered.indexOf(end);
  if (last < start) return [from];
  let stop = last;
  while (stop + 1 < ordered.length && ordered[stop + 1].startsWith(`${end}.`)) stop++;
  return ordered.slice(start, stop + 1);
};
