import { luckyTieOutcome } from './lucky-tie';
import { divideJackpot, payoutFor, roundUpToPayable } from './payout';

const tie = (player: string[], banker: string[]) => ({ result: 'tie' as const, playerCards: player, bankerCards: banker });

describe("Lucky Tie detection (Crown Melbourne 1.1 'Lucky Tie Jackpot'; 13.4.3 Table 20)", () => {
  it('Option 1: four 8s of one suit are a Suited Lucky Tie', () => {
    expect(luckyTieOutcome(tie(['8H', '8H'], ['8H', '8H']), '1')).toBe('suited-lucky-tie');
  });
  it('Option 1: four red 8s not of one suit are a Coloured Lucky Tie', () => {
    expect(luckyTieOutcome(tie(['8H', '8D'], ['8H', '8H']), '1')).toBe('coloured-lucky-tie');
  });
  it('Option 1: 8s of both colours are a Non-Coloured Lucky Tie', () => {
    expect(luckyTieOutcome(tie(['8H', '8S'], ['8D', '8C']), '1')).toBe('non-coloured-lucky-tie');
  });
  it('Option 2: suited, or non-suited however the colours fall', () => {
    expect(luckyTieOutcome(tie(['8C', '8C'], ['8C', '8C']), '2')).toBe('suited-lucky-tie');
    expect(luckyTieOutcome(tie(['8C', '8S'], ['8C', '8C']), '2')).toBe('non-suited-lucky-tie');
  });
  it('Option 3: any Lucky Tie', () => {
    expect(luckyTieOutcome(tie(['8C', '8H'], ['8D', '8S']), '3')).toBe('lucky-tie');
  });
  it('a Tie whose initial cards are not all 8s is no Lucky Tie, nor is an 8-8-8-8 coup that is not a Tie', () => {
    expect(luckyTieOutcome(tie(['8C', '9H'], ['8D', '9S']), '3')).toBeNull();
    expect(luckyTieOutcome(tie(['KC', '6H'], ['8D', '8S']), '3')).toBeNull();
    expect(luckyTieOutcome({ result: 'banker', playerCards: ['8C', '8H'], bankerCards: ['8D', '8S'] }, '3')).toBeNull();
  });
  it('only the initial two cards of each hand count (a third card does not spoil it)', () => {
    expect(luckyTieOutcome(tie(['8C', '8H', 'KS'], ['8D', '8S']), '3')).toBe('lucky-tie');
  });
});

describe('Settlement arithmetic (Crown Melbourne 13.4.6, 13.4.7(a))', () => {
  it('13.4.7(a): the meter is rounded UP to the nearest payable amount', () => {
    expect(roundUpToPayable(123_456, 100)).toBe(123_500);
    expect(roundUpToPayable(123_400, 100)).toBe(123_400);
    expect(roundUpToPayable(123_401, 500)).toBe(123_500);
  });
  it('Table 20: a percentage of the rounded meter, in whole cents', () => {
    expect(payoutFor(123_500, 10)).toBe(12_350);
    expect(payoutFor(123_500, 100)).toBe(123_500);
    expect(payoutFor(333, 10)).toBe(34);
  });
  it('13.4.6(a)(i): equally per qualifying Tie wager, shares summing exactly to the payout', () => {
    const wagers = [1, 2, 3].map((box) => ({ wagerId: `w${box}`, box, patronId: null, amountCents: box * 1000 }));
    const shares = divideJackpot(10_000, wagers, 'equal');
    expect(shares.map((s) => s.amountCents)).toEqual([3334, 3333, 3333]);
  });
  it('13.4.6(a)(ii): proportionally to the Tie wager, shares summing exactly to the payout', () => {
    const wagers = [
      { wagerId: 'a', box: 1, patronId: 'p1', amountCents: 1000 },
      { wagerId: 'b', box: 2, patronId: 'p2', amountCents: 3000 },
      { wagerId: 'c', box: 3, patronId: null, amountCents: 2000 },
    ];
    const shares = divideJackpot(10_001, wagers, 'proportional');
    expect(shares.map((s) => s.amountCents)).toEqual([1667, 5000, 3334]);
    expect(shares.reduce((a, s) => a + s.amountCents, 0)).toBe(10_001);
  });
});
