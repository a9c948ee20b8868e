import { luckyTieClause, luckyTieOption, luckyTieOptionNumbers, luckyTieRulebookAt, luckyTieRulebookOf } from './lucky-tie-jackpot';

describe('The Lucky Tie jackpot as rulebook data (Crown Melbourne 13)', () => {
  it('Crown Melbourne 13: the version providing a Lucky Tie jackpot in force on the venue date governs a new jackpot', () => {
    expect(luckyTieRulebookAt('2026-11-25T10:00:00.000Z').id).toBe('crown-melbourne-v29');
    expect(() => luckyTieRulebookAt('2025-08-04T13:59:59.000Z')).toThrow(expect.objectContaining({ code: 'JACKPOT_RULEBOOK_NOT_IN_FORCE', field: 'now' }));
  });

  it('Crown Melbourne 13: a jackpot keeps the version it was created under; one never created takes the version in force', () => {
    expect(luckyTieRulebookOf('crown-melbourne-v29', '2026-11-25T10:00:00.000Z').id).toBe('crown-melbourne-v29');
    expect(luckyTieRulebookOf('', '2026-11-25T10:00:00.000Z').id).toBe('crown-melbourne-v29');
    // A rulebook without a Lucky Tie jackpot never governs one.
    expect(luckyTieRulebookOf('star-sydney-2024', '2026-11-25T10:00:00.000Z').id).toBe('crown-melbourne-v29');
    // Before any version took effect, a flag about a jackpot never created still has rules to cite.
    expect(luckyTieRulebookOf('', '2020-01-01T00:00:00.000Z').id).toBe('crown-melbourne-v29');
  });

  it('Crown Melbourne 13.4.3 Table 20: each option with the ranges of its outcomes and its clause', () => {
    const rb = luckyTieRulebookAt('2026-11-25T10:00:00.000Z');
    expect(luckyTieOptionNumbers(rb)).toEqual(['1', '2', '3']);
    expect(luckyTieOption(rb, '1')).toEqual({
      option: '1',
      clause: 'Crown Melbourne 13.4.3 Table 20 Option 1',
      outcomes: { 'non-coloured-lucky-tie': { min: 1, max: 10 }, 'coloured-lucky-tie': { min: 5, max: 20 }, 'suited-lucky-tie': { min: 100, max: 100 } },
    });
    expect(luckyTieOption(rb, '4')).toBeUndefined();
  });

  it('cites every step under the rulebook citation (Crown Melbourne 13.4.9(b) for a backfill)', () => {
    const rb = luckyTieRulebookAt('2026-11-25T10:00:00.000Z');
    expect(luckyTieClause(rb, 'backfill')).toBe('Crown Melbourne 13.4.9(b)');
    for (const clause of Object.values(rb.procedures.luckyTieJackpot.clauses)) expect(clause.startsWith(`${rb.citation} `)).toBe(true);
  });
});
