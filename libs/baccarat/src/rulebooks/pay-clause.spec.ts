import { payTable } from '../bets/pay-tables';
import { CROWN_MELBOURNE_V29, LOSING_LINE, RULEBOOKS, STAR_SYDNEY_2021, STAR_SYDNEY_2024, payClause, payClauses, payTableFor } from './index';

describe('payClause: a pay line cited as the rulebook in force cites it', () => {
  it('Star 2024 5.1.2.3 / Star 2021 5.1.2.3: a Banker push on a tie cites the edition in force, not Crown Melbourne 9.1 Table 3', () => {
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'traditional', 'tie')).toBe('Star 2024 5.1.2.3');
    expect(payClause(STAR_SYDNEY_2021, 'banker', 'traditional', 'tie')).toBe('Star 2021 5.1.2.3');
    expect(payClause(STAR_SYDNEY_2024, 'player', 'standard', 'tie')).toBe('Star 2024 5.1.1.3');
  });

  it('Star 2024 11.1.3 / Star 2021 11.1.3: a Banker win cites the edition in force; Even Money Baccarat 11.2.2 on 6 and otherwise', () => {
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'traditional', 'win')).toBe('Star 2024 11.1.3');
    expect(payClause(STAR_SYDNEY_2021, 'banker', 'traditional', 'win')).toBe('Star 2021 11.1.3');
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'crown', 'win-on-6')).toBe('Star 2024 11.2.2');
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'crown', 'win')).toBe('Star 2024 11.2.2');
  });

  it('Star 2024 11.1.3: a losing Banker wager cites the pay table (outcomes it does not list lose)', () => {
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'traditional', LOSING_LINE)).toBe('Star 2024 11.1.3');
  });

  it('Crown Melbourne 9.1 Table 3, Table 10: Crown cites its own tables, a 2 to 1 tie loss its own entry', () => {
    expect(payClause(CROWN_MELBOURNE_V29, 'banker', 'traditional', 'tie')).toBe('Crown Melbourne 9.1 Table 3');
    expect(payClause(CROWN_MELBOURNE_V29, 'tie', 'standard', 'tie')).toBe('Crown Melbourne 9.1 Table 3');
    expect(payClause(CROWN_MELBOURNE_V29, 'banker', 'two-to-one', 'tie')).toBe("Crown Melbourne 9.1 Table 10; 1.1 '2 to 1 Baccarat'");
  });

  it('has no clause where the rulebook has no such bet or line: the engine keeps its own (Star has no Dragon Bonus)', () => {
    expect(payClause(STAR_SYDNEY_2024, 'dragon-bonus-player', '1', 'natural-win')).toBeUndefined();
    expect(payClause(STAR_SYDNEY_2024, 'banker', 'traditional', 'no-such-line')).toBeUndefined();
  });

  it('every pay line of every option a rulebook offers traces to an entry of that rulebook, cited with its citation and resolving alike', () => {
    const untraced: string[] = [];
    for (const r of RULEBOOKS)
      for (const b of r.bets)
        for (const t of b.payTables) {
          if (t.entries.length === 0) continue; // 1-1-2 settles through its parts (Crown Melbourne 9.2)
          const clauses = payClauses(r, b.bet, t.option);
          for (const [key, line] of Object.entries(payTable(b.bet, t.option).lines)) {
            const clause = clauses[key];
            // A stand-off and a void both return the stake; the data and the engine name some apart (Rapid 10.1 voids a
            // Player or Banker wager on a Tie, which the engine stands off; Crown Melbourne 11.3.2 and 12.5.2(c) the reverse).
            const returned = (k: string) => (k === 'void' ? 'push' : k);
            const entry = t.entries.find((e) => e.clause === clause && returned(e.resolution) === returned(line.payout.kind));
            if (!clause?.startsWith(r.citation) || !entry) untraced.push(`${r.id} ${b.bet} ${t.option} ${key} (${line.payout.kind}): ${clause}`);
          }
          if (clauses[LOSING_LINE] !== payTableFor(r, b.bet, t.option).clause) untraced.push(`${r.id} ${b.bet} ${t.option} lose`);
        }
    expect(untraced).toEqual([]);
  });
});
