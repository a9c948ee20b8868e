import fc from 'fast-check';
import { DECK, parseCards } from '../cards/card';
import { BET_IDS, type BetId } from '../bets/bet-id';
import { PAY_TABLES, payTableOptions } from '../bets/pay-tables';
import { playCoup } from '../game/coup';
import { settleWager } from './settle-wager';
import type { WagerSettlement } from './wager';

const coup = (text: string) => playCoup(parseCards(text));
const BANKER_WINS_7 = coup('2H 4S 2D 3C 2S'); // Player 2+2=4 draws 2 → 6; Banker 4+3=7 stands
const BANKER_WINS_6 = coup('2H 3S 2D 3C KD'); // Player 4 draws K → 4; Banker 6 stands on 0 → Banker 6 wins
const PLAYER_NATURAL_9 = coup('9H 2S KD 3C');
const NATURAL_TIE = coup('8H 8S KD QC');
const TIE_5 = coup('2H 3S 3D 2C KD 5H'); // Player 5 draws K → 5; Banker 5 stands on 0 → 5-5

describe('Player and Banker (Crown Melbourne 9.1 Tables 3, 4, 10, 11, 14)', () => {
  it('Traditional Banker wins 1 to 1 less 5% commission (19 to 20, Star Sydney 11.1.3)', () => {
    expect(BANKER_WINS_7.result).toBe('banker');
    const s = settleWager({ bet: 'banker', amount: 10000 }, BANKER_WINS_7, { option: 'traditional' });
    expect(s).toMatchObject({ outcome: 'win', stakeReturned: 10000, winnings: 10000, commissionImmediate: 500, commissionDeferred: 0, net: 9500 });
    expect(s.explanation[0]).toMatchObject({ odds: '1 to 1' });
  });
  it('commission may be deferred to the end of the shoe (Crown Melbourne 9.3.1)', () => {
    const s = settleWager({ bet: 'banker', amount: 10000 }, BANKER_WINS_7, { option: 'traditional', commission: 'deferred' });
    expect(s).toMatchObject({ commissionImmediate: 0, commissionDeferred: 500, net: 9500 });
    expect(s.explanation.map((e) => e.clause)).toContain('Crown Melbourne 9.3.1');
  });
  it('Crown Baccarat pays a Banker win on 6 at 1 to 2 (Crown Melbourne Table 4; Star Sydney 11.2.2)', () => {
    expect(BANKER_WINS_6.banker.total).toBe(6);
    expect(settleWager({ bet: 'banker', amount: 10000 }, BANKER_WINS_6, { option: 'crown' })).toMatchObject({ winnings: 5000, commissionImmediate: 0 });
    expect(settleWager({ bet: 'banker', amount: 10000 }, BANKER_WINS_7, { option: 'crown' })).toMatchObject({ winnings: 10000 });
  });
  it('a tie stands off Player and Banker in Traditional Baccarat, loses them in 2 to 1 Baccarat', () => {
    expect(settleWager({ bet: 'player', amount: 10000 }, TIE_5, { option: 'standard' })).toMatchObject({ outcome: 'push', net: 0 });
    expect(settleWager({ bet: 'banker', amount: 10000 }, TIE_5, { option: 'two-to-one' })).toMatchObject({ outcome: 'lose', net: -10000 });
  });
  it('2 to 1 Baccarat pays a three-card 8 or 9 at 2 to 1 (Crown Melbourne Table 10)', () => {
    const c = coup('2H 3S 3D 2C 4D 5H'); // Player 5 draws 4 → 9; Banker 5 draws on 4 → 0
    expect(c.player.total).toBe(9);
    expect(settleWager({ bet: 'player', amount: 1000 }, c, { option: 'two-to-one' })).toMatchObject({ winnings: 2000 });
  });
  it('Tie Baccarat pays the table-sign percentage on a tie (Crown Melbourne Table 11)', () => {
    expect(settleWager({ bet: 'banker', amount: 10000 }, TIE_5, { option: 'tie-baccarat-5' })).toMatchObject({ outcome: 'win', stakeReturned: 10000, winnings: 500 });
  });
  it('Lucky Chase: a tie voids the nomination (Crown Melbourne 11.3.2)', () => {
    expect(settleWager({ bet: 'lucky-chase-banker', amount: 1000 }, TIE_5, { option: 'standard' })).toMatchObject({ outcome: 'void', net: 0 });
  });
});

describe('side bets', () => {
  it('Dragon Bonus: a natural tie stands off, other ties lose (Crown Melbourne Table 6)', () => {
    expect(settleWager({ bet: 'dragon-bonus-player', amount: 1000 }, NATURAL_TIE, { option: '1' }).outcome).toBe('push');
    expect(settleWager({ bet: 'dragon-bonus-player', amount: 1000 }, TIE_5, { option: '1' }).outcome).toBe('lose');
    expect(settleWager({ bet: 'dragon-bonus-player', amount: 1000 }, PLAYER_NATURAL_9, { option: '1' })).toMatchObject({ outcome: 'win', winnings: 1000 });
  });
  it('Pairs pays 11 to 1 on the nominated hand only (Star Sydney 10.7)', () => {
    const c = coup('KH 9S KD KC'); // Player K-K (0), Banker natural 9
    expect(settleWager({ bet: 'pairs', side: 'player', amount: 100 }, c, { option: 'standard' }).winnings).toBe(1100);
    expect(settleWager({ bet: 'pairs', side: 'banker', amount: 100 }, c, { option: 'standard' }).outcome).toBe('lose');
  });
  it('Insurance/No 6 wins 2 to 1 unless Banker wins with 6, and is void when not offered (Crown Melbourne 1.1)', () => {
    expect(settleWager({ bet: 'insurance', amount: 1000, originalWager: 1000 }, BANKER_WINS_6, { option: 'standard' }).outcome).toBe('lose');
    const bankerSixPlayerWins = coup('2H 3S 2D 3C 4D'); // Player 4 draws 4 → 8; Banker 6 stands on 4
    expect(settleWager({ bet: 'insurance', amount: 1000 }, bankerSixPlayerWins, { option: 'standard' })).toMatchObject({ outcome: 'win', winnings: 2000 });
    expect(settleWager({ bet: 'insurance', amount: 1000 }, BANKER_WINS_7, { option: 'standard' }).outcome).toBe('void');
  });
  it('Insurance/No 6 may not exceed the original wager (Crown Melbourne 1.1)', () => {
    expect(() => settleWager({ bet: 'insurance', amount: 2000, originalWager: 1000 }, BANKER_WINS_6, { option: 'standard' })).toThrow(
      expect.objectContaining({ code: 'INSURANCE_ABOVE_ORIGINAL_WAGER', clause: 'Crown Melbourne 1.1' }),
    );
  });
  it('Shield on Player 6 against Banker 0-5 pays 5 to 2 when Banker wins (Crown Melbourne 5.9.1, Table 12)', () => {
    const c = coup('6H 4S KD AC 3D'); // Player 6 stands; Banker 5 draws 3 → 8
    expect(settleWager({ bet: 'shield', side: 'player', amount: 200 }, c, { option: 'standard' })).toMatchObject({ outcome: 'win', winnings: 500 });
  });
  it('1-1-2 (Crown Sydney guide): a Tie pays 8 to 1 on two units less the two losing Pairs units (Crown Melbourne 9.2)', () => {
    const s = settleWager({ bet: 'one-one-two', amount: 400 }, TIE_5, { option: 'crown-sydney-guide' });
    expect(s).toMatchObject({ outcome: 'win', stakeReturned: 400, winnings: 1600 - 200 });
  });
  it('1-1-2 (Crown Melbourne 1.1) splits 25/25/50 over the configured Side Wager and Tie', () => {
    const s = settleWager({ bet: 'one-one-two', amount: 400 }, PLAYER_NATURAL_9, { option: 'crown-melbourne-1.1', oneOneTwoSideBet: { bet: 'dragon-bonus', option: '1' } });
    expect(s).toMatchObject({ outcome: 'lose', stakeReturned: 200, winnings: 0, net: -200 });
  });
});

describe('property: money is conserved in every settlement', () => {
  const single = PAY_TABLES.filter((t) => !/^(runs-|dragon-tail-|three-)/.test(t.bet));
  const betArb = fc.constantFrom(...single.map((t) => [t.bet, t.option] as const), ...payTableOptions('one-one-two').map((o) => ['one-one-two' as BetId, o] as const));
  const cardsArb = fc.array(fc.integer({ min: 0, max: 51 }).map((i) => DECK[i]), { minLength: 6, maxLength: 6 });
  const check = (s: WagerSettlement) => {
    for (const k of ['stakeReturned', 'winnings', 'commissionImmediate', 'commissionDeferred', 'net'] as const) expect(Number.isSafeInteger(s[k])).toBe(true);
    expect(s.stakeReturned + s.winnings - s.commissionImmediate - s.commissionDeferred - s.amount).toBe(s.net);
    expect(s.stakeReturned).toBeLessThanOrEqual(s.amount);
    expect(s.commissionImmediate + s.commissionDeferred).toBeLessThanOrEqual(s.winnings);
    if (s.outcome === 'push' || s.outcome === 'void') expect(s.net).toBe(0);
    if (s.outcome === 'win') expect(s.net).toBeGreaterThan(0);
    if (s.outcome === 'lose') expect(s.net).toBeLessThan(0);
    expect(s.explanation.length).toBeGreaterThan(0);
    for (const e of s.explanation) expect(e.clause.length).toBeGreaterThan(0);
  };
  it('for random bets, options, amounts and coups', () => {
    fc.assert(
      fc.property(betArb, fc.integer({ min: 1, max: 25_000_000 }), fc.constantFrom('player', 'banker'), cardsArb, fc.boolean(), ([bet, option], units, side, cards, deferred) => {
        const amount = bet === 'one-one-two' ? units * 4 : units;
        check(settleWager({ bet, amount, side, originalWager: amount }, playCoup(cards), { option, commission: deferred ? 'deferred' : 'immediate' }));
      }),
      { numRuns: 3000 },
    );
  });
  it('every bet id has at least one pay-table option', () => {
    for (const bet of BET_IDS) expect(payTableOptions(bet).length).toBeGreaterThan(0);
  });
});
