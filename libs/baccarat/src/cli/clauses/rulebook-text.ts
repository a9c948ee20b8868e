/**
 * The numbered clauses of a rulebook text (docs/rules/*.txt). The texts are conversions of published documents:
 * numbers appear as "9.3.1.", "- 10.1.", "**2.1.**", "1.1 In these rules", headings as "### 1. Definitions", and the
 * tables of contents, wrapped cross-references ("4.9 and 4.10 the cards ...") and table rows start with numbers
 * too. So a line is only a candidate, and the clauses are the longest chain of candidates in which each number can
 * follow the one before (a child, the next sibling, or the start of a next section, allowing small gaps where a
 * text skips a number). A text without numbered sub-clauses (the Crown Sydney guide) is cited by its headings.
 */

/** The parts of a rulebook a regulator asks about first: every clause is filed under at most one. */
export const TOPICS = ['wagers', 'limits', 'payouts', 'commission', 'irregularities', 'jackpots'] as const;
export type Topic = (typeof TOPICS)[number];

export interface RulebookClause {
  /** "9.3.1", "Table 7", or a heading of an unnumbered guide ("Pay Out Odds"). */
  readonly clause: string;
  /** 1-based line in the text. */
  readonly line: number;
  /** The start of the clause's own text. */
  readonly heading: string;
  /** The top-level section it belongs to ("9"); TABLES_SECTION for numbered tables; GUIDE_SECTION for a guide's headings. */
  readonly section: string;
  readonly topic: Topic | null;
}

const CANDIDATE = /^\s*(?:[-*]\s+|#{1,6}\s+)?(?:\*\*)?(\d{1,2}(?:\.\d{1,3})*)(\.?)(?:\*\*)?(?:[ \t]+(.*))?$/;
/** What follows a number (without its own full stop) that only continues a sentence: "4.9 and 4.10 the cards", "6 or 7 Draws". */
const CONTINUATION = /^(?:(?:and|or|to|of|in|if)\b|[–\-,;)]|[DS]\b)/;
const TABLE = /^\s*(?:\*\*)?Table (\d{1,2}):\s*(.*?)(?:\*\*)?\s*$/;
/** Figures appended to a text as numbered sections ("17. DIAGRAM A") are not clauses. */
const FIGURE = /^DIAGRAM\b/i;

const MAX_GAP = 3;

const numbersOf = (clause: string): number[] => clause.split('.').map(Number);

/** May `next` be the clause after `prev` in a hierarchical numbering (with gaps of at most MAX_GAP)? */
export const canFollow = (prev: readonly number[], next: readonly number[]): boolean => {
  let i = 0;
  while (i < prev.length && i < next.length && prev[i] === next[i]) i++;
  if (i === next.length) return false; // the same number or an ancestor: not after
  const step = next[i] - (prev[i] ?? 0);
  return step >= 1 && step <= MAX_GAP && next.slice(i + 1).every((n) => n >= 1 && n <= 2);
};

const clean = (s: string): string =>
  s
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\.{3,}\s*\d*$/, '')
    .trim();

interface Candidate {
  readonly numbers: number[];
  readonly clause: string;
  readonly line: number;
  readonly heading: string;
  readonly text: string;
}

const candidatesOf = (lines: readonly string[]): Candidate[] => {
  const out: Candidate[] = [];
  lines.forEach((text, i) => {
    const m = CANDIDATE.exec(text);
    if (!m) return;
    const rest = clean(m[3] ?? '');
    const numbers = numbersOf(m[1]);
    if (numbers.some((n) => n === 0) || (!m[2] && CONTINUATION.test(rest))) return;
    out.push({ numbers, clause: m[1], line: i + 1, heading: rest.slice(0, 120), text: rest });
  });
  return out;
};

/** The longest chain of candidates that can follow each other; on a tie the later start wins (a body over its contents list). */
const longestChain = (c: readonly Candidate[]): Candidate[] => {
  const length = new Array<number>(c.length).fill(1);
  const prev = new Array<number>(c.length).fill(-1);
  for (let i = 0; i < c.length; i++) {
    for (let j = 0; j < i; j++) {
      if (length[j] + 1 >= length[i] && canFollow(c[j].numbers, c[i].numbers)) {
        length[i] = length[j] + 1;
        prev[i] = j;
      }
    }
  }
  let end = -1;
  for (let i = 0; i < c.length; i++) if (end < 0 || length[i] >= length[end]) end = i;
  const chain: Candidate[] = [];
  for (let i = end; i >= 0; i = prev[i]) chain.unshift(c[i]);
  return chain;
};

const TOPIC_OF_SECTION: readonly [RegExp, Topic][] = [
  [/irregular|malfunction/i, 'irregularities'],
  [/jackpot/i, 'jackpots'],
  [/settlement|pay ?outs?|odds/i, 'payouts'],
  [/minimum and maximum|permissible wagers|limits/i, 'limits'],
  [/wagers|bets/i, 'wagers'],
];

/** A section's topic from its title; a clause whose own text speaks of commission (and its sub-clauses) is commission. */
const topicOfTitle = (title: string): Topic | null => TOPIC_OF_SECTION.find(([re]) => re.test(title))?.[1] ?? null;

const tableTopic = (title: string): Topic | null => (/jackpot/i.test(title) ? 'jackpots' : /hand$|rankings/i.test(title) ? null : 'payouts');

/** The one section of an unnumbered guide: its headings. */
export const GUIDE_SECTION = 'Headings';
export const TABLES_SECTION = 'Tables';

/** Headings of an unnumbered guide: short Title Case lines ("Pay Out Odds", "Table 1: Player’s Hand"). */
const isGuideHeading = (line: string): boolean => {
  const t = line.trim();
  if (!t || t.length > 48 || /[*\t[\]]|[.,;]$|\d{3,}/.test(t) || t === t.toUpperCase()) return false;
  const words = t.split(/\s+/);
  return words.length <= 6 && /^[A-Z0-9]/.test(t) && words.every((w) => w.length < 4 || /^[A-Z0-9]/.test(w));
};

/** Every numbered clause (and numbered table) of a rulebook text, in document order; headings for an unnumbered guide. */
export const parseRulebookText = (text: string): RulebookClause[] => {
  const lines = text.split(/\r?\n/);
  const chain = longestChain(candidatesOf(lines)).filter((c) => !(c.numbers.length === 1 && FIGURE.test(c.heading)));
  if (!chain.some((c) => c.numbers.length > 1)) {
    const seen = new Set<string>();
    return lines.flatMap((line, i) => {
      const heading = clean(line);
      if (!isGuideHeading(line) || seen.has(heading)) return [];
      seen.add(heading);
      return [{ clause: heading, line: i + 1, heading, section: GUIDE_SECTION, topic: topicOfTitle(heading) }];
    });
  }
  const sectionTitle = new Map<string, string>();
  for (const c of chain) if (c.numbers.length === 1 && !sectionTitle.has(c.clause)) sectionTitle.set(c.clause, c.heading);
  const commission: string[] = [];
  const clauses: RulebookClause[] = chain.map((c) => {
    const section = String(c.numbers[0]);
    // Commission is filed where a clause's own text names it (Crown Melbourne 9.3 "Commission", 6.5), with its sub-clauses.
    if (c.numbers.length > 1 && /commission/i.test(c.text)) commission.push(`${c.clause}.`);
    const isCommission = commission.some((p) => `${c.clause}.`.startsWith(p));
    return { clause: c.clause, line: c.line, heading: c.heading, section, topic: isCommission ? 'commission' : topicOfTitle(sectionTitle.get(section) ?? '') };
  });
  lines.forEach((line, i) => {
    const m = TABLE.exec(line);
    if (m) clauses.push({ clause: `Table ${m[1]}`, line: i + 1, heading: clean(m[2]), section: TABLES_SECTION, topic: tableTopic(clean(m[2])) });
  });
  return clauses;
};

/** The numbered clause a reference belongs to: "9.3.1(a)(iii)" → "9.3.1", "Table 7" → "Table 7". */
export const baseClause = (ref: string): string => ref.replace(/\s*\(.*$/, '').replace(/\.$/, '');
