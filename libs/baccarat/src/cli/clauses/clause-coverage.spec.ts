import { clauseCoverage } from './clause-coverage';

const rulebook = {
  id: 'acme-east',
  citation: 'Acme East',
  version: '1',
  effectiveFrom: '2030-01-01',
  effectiveFromStated: true,
  data: [
    { path: 'bets[late].clause', text: 'Acme East 1.2' },
    { path: 'procedures.faceUpCard.clause', text: 'Acme East 2.1' },
  ],
  path: 'docs/rules/acme-east.txt',
  text: ['1. Wagers', '1.1. A wager is placed before the first card.', '1.2. A late wager is refused.', '2. Irregularities', '2.1. A card found face up is burned.'].join('\n'),
};
const spec = {
  path: 'apps/acme/wagers.spec.ts',
  text: [
    "describe('wagers (Acme East 1)', () => {",
    "  it('refuses a late wager (Acme East 1.2)', () => {",
    "    expect(refusal.clause).toBe('Acme East 1.1');",
    '  });',
    "  it('cites a clause the text lacks (Acme East 1.9)', () => undefined);",
    '});',
  ].join('\n'),
};

describe('clause coverage of a rulebook by its tests', () => {
  const [report] = clauseCoverage([rulebook], [spec]).rulebooks;
  const byClause = Object.fromEntries(report.clauses.map((c) => [c.clause, c.citedBy.map((x) => ({ test: x.test, inName: x.inName, line: x.line }))]));

  it('lists every clause with the tests citing it, in a name or in the body', () => {
    expect(byClause).toEqual({
      '1': [{ test: 'wagers (Acme East 1)', inName: true, line: 1 }],
      '1.1': [{ test: 'wagers (Acme East 1) › refuses a late wager (Acme East 1.2)', inName: false, line: 3 }],
      '1.2': [{ test: 'wagers (Acme East 1) › refuses a late wager (Acme East 1.2)', inName: true, line: 2 }],
      '2': [],
      '2.1': [],
    });
  });

  it('says where the rulebook data implements a clause', () => {
    expect(Object.fromEntries(report.clauses.map((c) => [c.clause, c.inRulebookData]))).toEqual({
      '1': [],
      '1.1': [],
      '1.2': ['bets[late].clause'],
      '2': [],
      '2.1': ['procedures.faceUpCard.clause'],
    });
  });

  it('sums coverage per rulebook, topic and section', () => {
    expect(report.summary).toEqual({ clauses: 5, cited: 3, citedInTestNames: 2, inRulebookData: 2, percentCited: 60 });
    expect(report.topics.wagers).toEqual({ clauses: 3, cited: 3, citedInTestNames: 2, inRulebookData: 1, percentCited: 100 });
    expect(report.topics.irregularities).toEqual({ clauses: 2, cited: 0, citedInTestNames: 0, inRulebookData: 1, percentCited: 0 });
    expect(report.topics.jackpots.clauses).toBe(0);
    expect(report.sections.map((s) => [s.section, s.title, s.cited, s.clauses])).toEqual([
      ['1', 'Wagers', 3, 3],
      ['2', 'Irregularities', 0, 2],
    ]);
  });

  it('reports a citation of a clause the text does not have', () => {
    expect(report.unknownCitations).toEqual([expect.objectContaining({ ref: '1.9', file: 'apps/acme/wagers.spec.ts', line: 5, as: 'Acme East 1.9' })]);
  });
});
