import { scoredCoupCount, scoredCoupKey, scoredCoupLines, withScoredCoup, type ScoredCoups } from './scored-coups';

describe("a session's scored coups, kept to undo a coup voided after settlement (Crown Melbourne 15.3-15.5; Star 2024 14.4-14.5)", () => {
  const line = (n: number) => [{ entryId: `e${n}`, box: 1, move: n, chipsBefore: 1000 }];

  it('finds each of thousands of scored coups by its table and coup, and counts them', () => {
    let scored: ScoredCoups | undefined;
    for (let n = 0; n < 3000; n++) scored = withScoredCoup(scored, scoredCoupKey(`T${n % 7}`, `c${n}`), line(n));
    expect(scoredCoupCount(scored)).toBe(3000);
    expect(scoredCoupLines(scored, scoredCoupKey('T3', 'c1200'))).toEqual(line(1200));
    expect(scoredCoupLines(scored, scoredCoupKey('T4', 'c1200'))).toBeUndefined();
    expect(scoredCoupCount(undefined)).toBe(0);
  });

  it('adds a coup without copying the coups already scored in other buckets, and leaves the earlier record as it was', () => {
    let scored: ScoredCoups | undefined;
    for (let n = 0; n < 500; n++) scored = withScoredCoup(scored, scoredCoupKey('T1', `c${n}`), line(n));
    const next = withScoredCoup(scored, scoredCoupKey('T1', 'c500'), line(500));
    const changed = Object.keys(next).filter((b) => next[b] !== scored![b]);
    expect(changed).toHaveLength(1);
    expect(scoredCoupLines(scored, scoredCoupKey('T1', 'c500'))).toBeUndefined();
    expect(scoredCoupLines(next, scoredCoupKey('T1', 'c500'))).toEqual(line(500));
  });
});
