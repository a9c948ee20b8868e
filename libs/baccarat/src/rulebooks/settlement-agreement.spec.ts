/**
 * The rulebooks and the settlement engine's pay tables (bets/pay-tables.ts) are written apart from the same
 * texts; for every bet and option both define, the winning odds must agree, so a table validated here settles
 * at the odds its rulebook states.
 */
import { payTable } from '../bets/pay-tables';
import { RULEBOOKS, netOdds, reduceRatio } from './index';

const key = (num: number, den: number) => {
  const r = reduceRatio({ num, den });
  return `${r.num}/${r.den}`;
};

describe('rulebook pay tables agree with the settlement engine', () => {
  for (const r of RULEBOOKS) {
    it(`${r.id}: the same net winning odds per bet and option`, () => {
      for (const b of r.bets) {
        for (const t of b.payTables) {
          if (t.entries.length === 0) continue; // 1-1-2 settles through its parts (Crown Melbourne 9.2)
          const ours = t.entries.flatMap((e) => {
            const n = netOdds(e);
            return e.resolution === 'win' && n ? [key(n.num, n.den)] : [];
          });
          const engine = Object.values(payTable(b.bet, t.option).lines).flatMap((l) =>
            l.payout.kind === 'win'
              ? [key(l.payout.odds.win * 100 - (l.payout.commissionPercent ?? 0) * l.payout.odds.stake, l.payout.odds.stake * 100)]
              : [],
          );
          expect({ bet: b.bet, option: t.option, odds: [...new Set(ours)].sort() }).toEqual({ bet: b.bet, option: t.option, odds: [...new Set(engine)].sort() });
        }
      }
    });
  }
});
