import { clausesOfRef, findCitations, splitRefs } from './citations';

// Made-up rulebooks, so these examples do not count as citations of the real ones in the clause report.
const RULEBOOKS = [
  { id: 'acme-east', citation: 'Acme East' },
  { id: 'acme-2030', citation: 'Acme 2030' },
  { id: 'acme-2031', citation: 'Acme 2031' },
  { id: 'acme-guide', citation: 'Acme guide' },
];
const cited = (text: string) => findCitations(text, RULEBOOKS, { 'acme-guide': ['Pay Out Odds', 'Super 6'] }).map((c) => ({ ids: c.rulebookIds, refs: c.refs }));

describe('matching clause citations as the codebase spells them', () => {
  it('reads a rulebook citation and its clause, sub-paragraphs included', () => {
    expect(cited("it('refuses a late wager (Acme East 9.3.1(a)(iii))'")).toEqual([{ ids: ['acme-east'], refs: ['9.3.1(a)(iii)'] }]);
  });

  it('reads lists, ranges and tables after one prefix', () => {
    expect(cited('Acme 2031 6.1; 6.4 and Acme 2031 12.18-12.20, Acme East 1.1, Table 7 or Acme East 13.4.3 Table 20 and Acme 2031 10.2/10.14')).toEqual([
      { ids: ['acme-2031'], refs: ['6.1', '6.4'] },
      { ids: ['acme-2031'], refs: ['12.18-12.20'] },
      { ids: ['acme-east'], refs: ['1.1', 'Table 7'] },
      { ids: ['acme-east'], refs: ['13.4.3', 'Table 20'] },
      { ids: ['acme-2031'], refs: ['10.2', '10.14'] },
    ]);
  });

  it('reads the first word alone as every rulebook it starts, but never the edition year as a clause', () => {
    expect(cited('Acme 14.9 applies; Acme 2030 (no provision) does not')).toEqual([
      { ids: ['acme-east', 'acme-2030', 'acme-2031', 'acme-guide'], refs: ['14.9'] },
      { ids: ['acme-2030'], refs: [] },
    ]);
  });

  it('does not take numbers of the sentence for further clauses', () => {
    expect(cited('Acme East 1.1; 2 units on Tie, Acme 2031 3.1 allows 3, 4, 6 or 8 decks')).toEqual([
      { ids: ['acme-east'], refs: ['1.1'] },
      { ids: ['acme-2031'], refs: ['3.1'] },
    ]);
  });

  it('reads an unnumbered guide by its headings, and keeps a citation of the guide as a whole', () => {
    expect(cited('16 to 1 (Acme guide, Super 6); Acme guide')).toEqual([
      { ids: ['acme-guide'], refs: ['Super 6'] },
      { ids: ['acme-guide'], refs: [] },
    ]);
  });

  it('ignores a bare first word that is only a name ("Acme Pairs")', () => {
    expect(cited('an Acme Pairs wager')).toEqual([]);
  });

  it('splits references on the separators the codebase uses', () => {
    expect(splitRefs('5.8.3; 5.8.7')).toEqual(['5.8.3', '5.8.7']);
    expect(splitRefs('4.13 and 12.11')).toEqual(['4.13', '12.11']);
  });
});

describe('the clauses a reference covers', () => {
  const ordered = ['12', '12.17', '12.18', '12.18.1', '12.19', '12.20', '12.20.1', '12.20.2', '12.21', 'Table 7'];

  it('a clause with sub-paragraphs is its numbered clause', () => {
    expect(clausesOfRef('12.18(a)(ii)', ordered)).toEqual(['12.18']);
    expect(clausesOfRef('Table 7', ordered)).toEqual(['Table 7']);
  });

  it('a range covers every clause from its start to its end, the end’s sub-clauses included', () => {
    expect(clausesOfRef('12.18-12.20', ordered)).toEqual(['12.18', '12.18.1', '12.19', '12.20', '12.20.1', '12.20.2']);
    expect(clausesOfRef('12.18-20', ordered)).toEqual(['12.18', '12.18.1', '12.19', '12.20', '12.20.1', '12.20.2']);
  });

  it('a clause the text does not have covers nothing', () => {
    expect(clausesOfRef('12.99', ordered)).toEqual([]);
  });
});
