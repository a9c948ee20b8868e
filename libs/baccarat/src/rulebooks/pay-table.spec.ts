import { DomainError } from '@app/contracts';
import { payTableOptions } from '../bets/pay-tables';
import { CROWN_MELBOURNE_RAPID, CROWN_MELBOURNE_V29, CROWN_SYDNEY_GUIDE, RULEBOOKS, STAR_SYDNEY_2024, netOdds, payTableEntry, payTableFor } from './index';

describe('payTableFor: exact integer odds with clauses', () => {
  it('Star 2024 11.1.3 pays Banker 19 to 20', () => {
    const entry = payTableEntry(payTableFor(STAR_SYDNEY_2024, 'banker', 'traditional'), 'banker-wins');
    expect(entry).toMatchObject({ odds: { num: 19, den: 20 }, clause: 'Star 2024 11.1.3' });
    expect(entry && netOdds(entry)).toEqual({ num: 19, den: 20 });
  });

  it('Crown Melbourne Table 3 pays Banker 1 to 1 less 5% commission, kept apart for deferral (9.3.1), net 19/20', () => {
    const entry = payTableEntry(payTableFor(CROWN_MELBOURNE_V29, 'banker', 'traditional'), 'banker-wins');
    expect(entry).toMatchObject({ odds: { num: 1, den: 1 }, commission: { num: 5, den: 100 } });
    expect(entry && netOdds(entry)).toEqual({ num: 19, den: 20 });
  });

  it('Crown Baccarat (Crown Melbourne Table 4) pays a Banker win on 6 at 1 to 1 less 50%, i.e. 1 to 2', () => {
    const entry = payTableEntry(payTableFor(CROWN_MELBOURNE_V29, 'banker', 'crown'), 'banker-wins-with-6');
    expect(entry && netOdds(entry)).toEqual({ num: 1, den: 2 });
  });

  it('Super 6 pays 12 (Rapid 10.1), 15 (Crown Melbourne Table 15 option 1) or 16 to 1 (Crown Sydney guide)', () => {
    expect(payTableFor(CROWN_MELBOURNE_RAPID, 'super-6', '12').entries[0].odds).toEqual({ num: 12, den: 1 });
    expect(payTableFor(CROWN_MELBOURNE_V29, 'super-6', '15').entries[0].odds).toEqual({ num: 15, den: 1 });
    expect(payTableFor(CROWN_SYDNEY_GUIDE, 'super-6', '16').entries[0].odds).toEqual({ num: 16, den: 1 });
  });

  it('Crown Melbourne Table 16 and Table 17 pay Big Tiger differently: 55 to 1 (Tiger) vs 48 to 1 (Dragon Tiger option 4)', () => {
    expect(payTableFor(CROWN_MELBOURNE_V29, 'big-tiger', '4').entries[0].odds).toEqual({ num: 55, den: 1 });
    expect(payTableFor(CROWN_MELBOURNE_V29, 'big-tiger', 'dragon-tiger-4').entries[0].odds).toEqual({ num: 48, den: 1 });
  });

  it('Rapid 10.1 Dragon Bonus option 2 pays a win by 9 at 20 to 1; a non-natural tie loses, a natural tie stands off', () => {
    const t = payTableFor(CROWN_MELBOURNE_RAPID, 'dragon-bonus-banker', '2');
    expect(payTableEntry(t, 'wins-by-9')?.odds).toEqual({ num: 20, den: 1 });
    expect(payTableEntry(t, 'non-natural-tie')?.resolution).toBe('lose');
    expect(payTableEntry(t, 'natural-tie')?.resolution).toBe('push');
  });

  it('Rapid 10.1: a Tie voids Player and Banker wagers', () => {
    expect(payTableEntry(payTableFor(CROWN_MELBOURNE_RAPID, 'player', 'standard'), 'tie')?.resolution).toBe('void');
  });

  it('1-1-2: 25/25/50 at Crown Melbourne 1.1; 2 units Tie and 1 on each Pairs bet in the Crown Sydney guide', () => {
    expect(payTableFor(CROWN_MELBOURNE_V29, 'one-one-two', 'crown-melbourne-1.1').composition?.map((p) => p.share)).toEqual([
      { num: 1, den: 4 }, { num: 1, den: 4 }, { num: 1, den: 2 },
    ]);
    expect(payTableFor(CROWN_SYDNEY_GUIDE, 'one-one-two', 'crown-sydney-guide').composition?.map((p) => p.bet)).toEqual(['tie', 'pairs', 'pairs']);
  });

  it('refuses a bet the rulebook lacks (Star has no Dragon Bonus) and an unknown option', () => {
    expect(() => payTableFor(STAR_SYDNEY_2024, 'dragon-bonus-player', '1')).toThrow(DomainError);
    expect(() => payTableFor(STAR_SYDNEY_2024, 'super-6', '16')).toThrow(expect.objectContaining({ code: 'PAY_TABLE_OPTION_UNKNOWN' }));
  });

  it('keeps every odds an integer ratio (never a float)', () => {
    for (const r of RULEBOOKS)
      for (const b of r.bets)
        for (const t of b.payTables)
          for (const e of t.entries) {
            if (e.odds) expect(Number.isInteger(e.odds.num) && Number.isInteger(e.odds.den) && e.odds.den > 0).toBe(true);
            if (e.commission) expect(Number.isInteger(e.commission.num) && Number.isInteger(e.commission.den)).toBe(true);
          }
  });

  it('names every option the settlement engine can settle (bets/pay-tables.ts) — no option only the rulebook knows', () => {
    for (const r of RULEBOOKS)
      for (const b of r.bets)
        for (const t of b.payTables) expect({ rulebook: r.id, bet: b.bet, option: t.option, known: payTableOptions(b.bet).includes(t.option) }).toMatchObject({ known: true });
  });
});
