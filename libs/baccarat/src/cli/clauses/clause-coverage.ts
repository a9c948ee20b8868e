/**
 * Which clauses of each rulebook the tests cite: for every numbered clause of the texts in docs/rules, the test
 * files and test names that cite it, and a summary per rulebook, per topic (wagers, limits, payouts, commission,
 * irregularities, jackpots) and per section. A regulator reads it as "what is implemented and tested, and where".
 */
import { clausesOfRef, findCitations, type CitedRulebook } from './citations';
import { parseRulebookText, TABLES_SECTION, TOPICS, type RulebookClause, type Topic } from './rulebook-text';
import type { DataString } from './rulebook-data';
import { testLocator } from './test-names';

export interface RulebookSource extends CitedRulebook {
  /** The clause strings of the rulebook's data (rulebookDataStrings): where it implements a clause. */
  readonly data: readonly DataString[];
  readonly version: string;
  readonly effectiveFrom: string;
  /** False for a document that carries no date (its effectiveFrom is the earliest date). */
  readonly effectiveFromStated: boolean;
  /** Path of the text from the repository root, e.g. docs/rules/crown-melbourne-baccarat-rules-v29.txt. */
  readonly path: string;
  readonly text: string;
}

export interface TestFile {
  /** Path from the repository root. */
  readonly path: string;
  readonly text: string;
}

export interface ClauseCitation {
  readonly file: string;
  readonly line: number;
  /** "describe › it" around the citation; null when it is outside any test (a file-level comment). */
  readonly test: string | null;
  /** The citation is in the test's (or a describe's) name. */
  readonly inName: boolean;
  /** The citation as written. */
  readonly as: string;
}

export interface Coverage {
  readonly clauses: number;
  /** Clauses cited anywhere in a test file. */
  readonly cited: number;
  /** Clauses cited in a test or describe name. */
  readonly citedInTestNames: number;
  /** Clauses the rulebook's data cites (a bet, pay table, variant or procedure says it implements them). */
  readonly inRulebookData: number;
  /** cited / clauses, in percent with one decimal (0 when there are no clauses). */
  readonly percentCited: number;
}

export interface ClauseEntry extends RulebookClause {
  readonly citedBy: readonly ClauseCitation[];
  /** Paths in the rulebook's data citing the clause, e.g. "bets[dragon-tail-late].clause". */
  readonly inRulebookData: readonly string[];
}

export interface RulebookCoverage {
  readonly id: string;
  readonly citation: string;
  readonly version: string;
  readonly effectiveFrom: string;
  readonly effectiveFromStated: boolean;
  /** The rulebook text this report read, from the repository root. */
  readonly text: string;
  readonly summary: Coverage;
  /** Per topic; a rulebook without such clauses (Star has no jackpot) shows clauses 0. */
  readonly topics: Readonly<Record<Topic, Coverage>>;
  readonly sections: readonly (Coverage & { readonly section: string; readonly title: string; readonly topic: Topic | null })[];
  readonly clauses: readonly ClauseEntry[];
  /** Citations of an unnumbered guide as a whole ("(Crown Sydney guide)"); empty for numbered rulebooks. */
  readonly citedWithoutClause: readonly ClauseCitation[];
  /** Citations naming this rulebook and a clause its text does not have (a wrong number in a test). */
  readonly unknownCitations: readonly (ClauseCitation & { readonly ref: string })[];
}

export interface ClauseReport {
  readonly rulebooks: readonly RulebookCoverage[];
  /** Test files scanned. */
  readonly files: number;
}

const coverageOf = (clauses: readonly ClauseEntry[]): Coverage => {
  const cited = clauses.filter((c) => c.citedBy.length > 0).length;
  return {
    clauses: clauses.length,
    cited,
    citedInTestNames: clauses.filter((c) => c.citedBy.some((x) => x.inName)).length,
    inRulebookData: clauses.filter((c) => c.inRulebookData.length > 0).length,
    percentCited: clauses.length ? Math.round((cited / clauses.length) * 1000) / 10 : 0,
  };
};

const lineAt = (text: string, offset: number): number => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

export const clauseCoverage = (rulebooks: readonly RulebookSource[], tests: readonly TestFile[]): ClauseReport => {
  const parsed = new Map(rulebooks.map((r) => [r.id, parseRulebookText(r.text)]));
  const ordered = new Map([...parsed].map(([id, clauses]) => [id, clauses.map((c) => c.clause)]));
  // An unnumbered guide is cited by its headings: "Crown Sydney guide, Pay Out Odds".
  const guideHeadings = Object.fromEntries(rulebooks.filter((r) => !parsed.get(r.id)!.some((c) => /^\d/.test(c.clause))).map((r) => [r.id, ordered.get(r.id)!]));
  const citedBy = new Map<string, ClauseCitation[]>();
  const unknown = new Map<string, (ClauseCitation & { ref: string })[]>();
  const whole = new Map<string, ClauseCitation[]>();

  for (const file of tests) {
    const locate = testLocator(file.path, file.text);
    for (const citation of findCitations(file.text, rulebooks, guideHeadings)) {
      const where = locate(citation.offset);
      const cite: ClauseCitation = { file: file.path, line: lineAt(file.text, citation.offset), test: where.name, inName: where.inName, as: citation.text };
      if (citation.refs.length === 0) {
        for (const id of citation.rulebookIds) if (id in guideHeadings) whole.set(id, [...(whole.get(id) ?? []), cite]);
        continue;
      }
      for (const ref of citation.refs) {
        let found = false;
        for (const id of citation.rulebookIds) {
          for (const clause of clausesOfRef(ref, ordered.get(id)!)) {
            found = true;
            const key = `${id}\u0000${clause}`;
            const list = citedBy.get(key) ?? [];
            if (!list.some((x) => x.file === cite.file && x.line === cite.line && x.as === cite.as)) list.push(cite);
            citedBy.set(key, list);
          }
        }
        // A loose "Star 14.9" may rightly match only one edition; only a citation naming one rulebook can be wrong.
        if (!found && !citation.loose) unknown.set(citation.rulebookIds[0], [...(unknown.get(citation.rulebookIds[0]) ?? []), { ...cite, ref }]);
      }
    }
  }

  // What each rulebook's own data cites, by the rulebook the citation names.
  const declared = new Map<string, string[]>();
  for (const r of rulebooks) {
    for (const d of r.data) {
      for (const citation of findCitations(d.text, rulebooks, guideHeadings)) {
        for (const ref of citation.refs) {
          for (const id of citation.rulebookIds) {
            for (const clause of clausesOfRef(ref, ordered.get(id)!)) {
              const key = `${id}\u0000${clause}`;
              const list = declared.get(key) ?? [];
              const at = id === r.id ? d.path : `${r.id}: ${d.path}`;
              if (!list.includes(at)) list.push(at);
              declared.set(key, list);
            }
          }
        }
      }
    }
  }

  return {
    files: tests.length,
    rulebooks: rulebooks.map((r) => {
      const clauses: ClauseEntry[] = parsed.get(r.id)!.map((c) => ({
        ...c,
        citedBy: citedBy.get(`${r.id}\u0000${c.clause}`) ?? [],
        inRulebookData: declared.get(`${r.id}\u0000${c.clause}`) ?? [],
      }));
      const sectionIds = [...new Set(clauses.map((c) => c.section))];
      return {
        id: r.id,
        citation: r.citation,
        version: r.version,
        effectiveFrom: r.effectiveFrom,
        effectiveFromStated: r.effectiveFromStated,
        text: r.path,
        summary: coverageOf(clauses),
        topics: Object.fromEntries(TOPICS.map((t) => [t, coverageOf(clauses.filter((c) => c.topic === t))])) as Record<Topic, Coverage>,
        sections: sectionIds.map((section) => {
          const head = clauses.find((c) => c.clause === section);
          return { section, title: head?.heading ?? (section === TABLES_SECTION ? 'numbered tables' : 'headings of the guide'), topic: head?.topic ?? null, ...coverageOf(clauses.filter((c) => c.section === section)) };
        }),
        clauses,
        citedWithoutClause: whole.get(r.id) ?? [],
        unknownCitations: unknown.get(r.id) ?? [],
      };
    }),
  };
};
