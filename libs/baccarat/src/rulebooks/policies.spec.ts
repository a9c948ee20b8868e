import { CROWN_MELBOURNE_RAPID, CROWN_MELBOURNE_V29, CROWN_SYDNEY_GUIDE, RULEBOOKS, STAR_SYDNEY_2021, STAR_SYDNEY_2024, nextDragonTailIndicator, oneOneTwoSideWagerAt, procedureClause, commissionInTheOdds } from './index';

describe('Rulebook policies: each rulebook version declares its procedures with their clauses', () => {
  it('cites a procedure as the rulebook numbers it, and says so where it makes no provision (Crown Melbourne 7.2, Star 2024 7.1)', () => {
    expect(procedureClause(CROWN_MELBOURNE_V29, 'start-coup')).toBe('Crown Melbourne 7.2');
    expect(procedureClause(STAR_SYDNEY_2024, 'start-coup')).toBe('Star 2024 7.1');
    expect(procedureClause(STAR_SYDNEY_2021, 'last-coup')).toBe('Star 2021 4.9');
    expect(procedureClause(CROWN_MELBOURNE_RAPID, 'last-coup')).toBe('Rapid 3.9');
    expect(procedureClause(CROWN_SYDNEY_GUIDE, 'start-coup')).toBe('Crown Sydney guide (no provision; applying Crown Melbourne 7.2)');
  });

  it.each(RULEBOOKS.map((r) => [r.id, r]))('%s: every policy clause is its own, and every bet a policy names is one it defines', (_id, rb) => {
    const p = rb.policies;
    const clauses = [
      ...Object.values(p.settlementClauses).filter((v) => v.includes('.')),
      p.differentialReduction?.clause,
      p.furtherBelowMinimum?.clause,
      ...p.oncePerCoup.map((o) => o.clause),
      ...p.baseWagerRequired.map((b) => b.clause),
      p.bothMainHands?.clause,
      p.insurance?.clause,
      p.compositeWagerInChips?.clause,
      p.oneOneTwoSideWagers?.clause,
      p.dragonTail?.clause,
      p.foreignOrMissingCard.clause,
    ].filter((c): c is string => c !== undefined);
    for (const clause of clauses) expect(clause.startsWith(rb.citation)).toBe(true);
    const defined = new Set(rb.bets.map((b) => b.bet));
    for (const bet of [...p.oncePerCoup.map((o) => o.bet), ...p.baseWagerRequired.flatMap((b) => [...b.bets, ...b.baseBets])]) expect(defined.has(bet)).toBe(true);
  });

  it('pays Rapid winnings to the ATS account unrounded, and rounds to chips at the tables (Rapid 4.8.2(a); Crown Melbourne 6.3.3; Star 5.8)', () => {
    expect(RULEBOOKS.filter((r) => !r.policies.paymentsRoundedToChips).map((r) => r.id)).toEqual(['crown-melbourne-rapid']);
  });

  it("puts a 1-1-2's quarters on the table's first offered Side Wager pair (Crown Melbourne 1.1 '1-1-2')", () => {
    expect(oneOneTwoSideWagerAt(CROWN_MELBOURNE_V29, [{ bet: 'crown-pairs', option: 'standard' }, { bet: 'pairs', option: 'standard' }])).toEqual({ bet: 'crown-pairs', option: 'standard' });
    expect(oneOneTwoSideWagerAt(CROWN_MELBOURNE_V29, [{ bet: 'dragon-bonus-player', option: '1' }])).toBeNull();
    expect(oneOneTwoSideWagerAt(CROWN_MELBOURNE_V29, [{ bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '1' }])).toEqual({ bet: 'dragon-bonus', option: '1' });
  });

  it("advances the Dragon Tail Indicator only on a run an early wager established, and ends it at six (Crown Melbourne 1.1 'Dragon Tail')", () => {
    const none = { side: null, count: 0 };
    expect(nextDragonTailIndicator(none, 'banker', [], 6)).toEqual(none);
    expect(nextDragonTailIndicator(none, 'banker', ['banker'], 6)).toEqual({ side: 'banker', count: 1 });
    expect(nextDragonTailIndicator({ side: 'banker', count: 5 }, 'banker', [], 6)).toEqual({ side: 'banker', count: 6 });
    expect(nextDragonTailIndicator({ side: 'banker', count: 6 }, 'banker', [], 6)).toEqual(none);
    expect(nextDragonTailIndicator({ side: 'banker', count: 3 }, 'tie', ['banker'], 6)).toEqual(none);
    expect(nextDragonTailIndicator({ side: 'banker', count: 3 }, 'player', ['player'], 6)).toEqual({ side: 'player', count: 1 });
  });
});

describe('commission or odds: what the settlement takes from a winning Banker wager, as each rulebook names it', () => {
  it('Star 2024 11.1.3, Star 2021 11.1.3: Banker is paid at the odds of 19 to 20, no commission', () => {
    expect(commissionInTheOdds(STAR_SYDNEY_2024, 'banker', 'traditional')).toEqual({ clause: 'Star 2024 11.1.3' });
    expect(commissionInTheOdds(STAR_SYDNEY_2021, 'banker', 'traditional')).toEqual({ clause: 'Star 2021 11.1.3' });
  });

  it('Crown Melbourne 9.1 Table 3, Rapid, the Crown Sydney guide: Banker wins 1 to 1 less 5% commission, which is commission', () => {
    for (const rb of [CROWN_MELBOURNE_V29, CROWN_MELBOURNE_RAPID, CROWN_SYDNEY_GUIDE]) expect(commissionInTheOdds(rb, 'banker', 'traditional')).toBeNull();
    // Crown Melbourne 6.5: a Player wager over the differential pays commission too.
    expect(commissionInTheOdds(CROWN_MELBOURNE_V29, 'player', 'standard')).toBeNull();
  });
});
