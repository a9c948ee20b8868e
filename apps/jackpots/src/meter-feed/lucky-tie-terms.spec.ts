import { LUCKY_TIE_TABLES, luckyTieTerms } from './lucky-tie-terms';
import { OPTION_1 } from '../test-support/jackpot-fixtures';

describe('what a Lucky Tie jackpot pays, as the display and the console show it (Crown Melbourne 13.4.3 Table 20, 13.4.6(b))', () => {
  it("lists each outcome of the jackpot's option, highest prize first, with the configured share and the range Table 20 allows", () => {
    const terms = luckyTieTerms('crown-melbourne-v29', OPTION_1, '2026-11-25T10:00:00.000Z');
    expect(terms.pays.map((p) => [p.name, p.percent, p.range])).toEqual([
      ['Suited Lucky Tie', 100, { min: 100, max: 100 }],
      ['Coloured Lucky Tie', 20, { min: 5, max: 20 }],
      ['Non-Coloured Lucky Tie', 10, { min: 1, max: 10 }],
    ]);
    expect(terms.optionClause).toBe('Crown Melbourne 13.4.3 Table 20 Option 1');
    expect(terms.division).toBe('shared among the winning Tie wagers in proportion to each wager');
  });

  it("another option, the other division: Option 2's outcomes, shared equally (13.4.6(a)(i))", () => {
    const terms = luckyTieTerms('crown-melbourne-v29', { ...OPTION_1, option: '2', percentOfMeter: { 'non-suited-lucky-tie': 15, 'suited-lucky-tie': 100 }, division: 'equal' }, '2026-11-25T10:00:00.000Z');
    expect(terms.pays.map((p) => [p.outcome, p.percent])).toEqual([['suited-lucky-tie', 100], ['non-suited-lucky-tie', 15]]);
    expect(terms.division).toBe('shared equally among the winning Tie wagers');
  });

  it("the console's table holds every rulebook offering the jackpot, with each option's outcomes and clause", () => {
    expect(Object.keys(LUCKY_TIE_TABLES)).toContain('crown-melbourne-v29');
    expect(Object.keys(LUCKY_TIE_TABLES['crown-melbourne-v29'].options)).toEqual(['1', '2', '3']);
    expect(LUCKY_TIE_TABLES['crown-melbourne-v29'].options['3']).toMatchObject({ clause: 'Crown Melbourne 13.4.3 Table 20 Option 3', outcomes: [{ outcome: 'lucky-tie', name: 'Lucky Tie' }] });
  });
});
