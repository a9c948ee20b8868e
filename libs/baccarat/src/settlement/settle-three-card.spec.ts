import { parseCards } from '../cards/card';
import { playThreeCard } from '../game/three-card';
import type { TableTerms } from './settle-coup';
import { settleThreeCardRound, settleThreeCardWager } from './settle-three-card';

describe('Three Card Baccarat (Crown Melbourne 12, Tables 18-19)', () => {
  it('Three Pictures outranks a nine', () => {
    expect(playThreeCard(parseCards('KH QS JD'), parseCards('9H KS QC')).result).toBe('player');
  });
  it('a winning 6 pays 1 to 2', () => {
    const o = playThreeCard(parseCards('2H 2S 2D'), parseCards('AH KS QC'));
    expect(settleThreeCardWager({ bet: 'three-card-baccarat', amount: 1000 }, o)).toMatchObject({ outcome: 'win', winnings: 500 });
  });
  it('equal rankings void the Three Card Baccarat wager and pay Tie 8 to 1', () => {
    const o = playThreeCard(parseCards('4H 3S KD'), parseCards('5H 2S QC'));
    expect(settleThreeCardWager({ bet: 'three-card-baccarat', amount: 1000 }, o)).toMatchObject({ outcome: 'void', net: 0 });
    expect(settleThreeCardWager({ bet: 'three-card-tie', amount: 1000 }, o)).toMatchObject({ winnings: 8000 });
  });
  it('Three Pictures pays only the higher payout: 20 to 1 for three, 5 to 1 for two', () => {
    const dealer = parseCards('5H 2S QC');
    expect(settleThreeCardWager({ bet: 'three-pictures', amount: 100 }, playThreeCard(parseCards('KH QS JD'), dealer)).winnings).toBe(2000);
    expect(settleThreeCardWager({ bet: 'three-pictures', amount: 100 }, playThreeCard(parseCards('KH QS 9D'), dealer)).winnings).toBe(500);
    expect(settleThreeCardWager({ bet: 'three-pictures', amount: 100 }, playThreeCard(parseCards('KH 10S 9D'), dealer)).outcome).toBe('lose');
  });

  describe('under the table\'s limits and minimum chip (Crown Melbourne 12.1 applying 6.3)', () => {
    const table: TableTerms = {
      rules: 'crown-melbourne',
      bets: { 'three-card-baccarat': { option: 'standard' }, 'three-pictures': { option: 'standard' } },
      limits: { 'three-card-baccarat': { min: 500, max: 50000 }, 'three-pictures': { min: 500, max: 10000 } },
      minimumChip: 500,
    };
    const dealer = parseCards('AH AC AD');

    it('pays a wager above the maximum to the maximum and returns the excess (Crown Melbourne 6.3.2)', () => {
      const [s] = settleThreeCardRound([{ wager: { bet: 'three-pictures', amount: 15000 }, outcome: playThreeCard(parseCards('KH QS JD'), dealer) }], table);
      expect(s).toMatchObject({ outcome: 'win', atRisk: 10000, winnings: 200000, stakeReturned: 15000 });
      expect(s.explanation[0].clause).toBe('Crown Melbourne 6.3.2');
    });

    it('rounds a payment that cannot be made in chips up to the next chip (Crown Melbourne 6.3.3)', () => {
      // A winning six pays 1 to 2: 1500 wins 750, paid 1000 in 500 chips.
      const [s] = settleThreeCardRound([{ wager: { bet: 'three-card-baccarat', amount: 1500 }, outcome: playThreeCard(parseCards('2H 2S 2D'), dealer) }], table);
      expect(s).toMatchObject({ outcome: 'win', winnings: 1000, net: 1000 });
      expect(s.explanation.at(-1)?.clause).toBe('Crown Melbourne 6.3.3');
    });

    it('settles a wager under the minimum and warns the player (Crown Melbourne 6.3.1)', () => {
      const [s] = settleThreeCardRound([{ wager: { bet: 'three-card-baccarat', amount: 100 }, outcome: playThreeCard(parseCards('9H KS QC'), dealer) }], { ...table, minimumChip: 100 });
      expect(s).toMatchObject({ outcome: 'win', winnings: 100 });
      expect(s.explanation[0].clause).toBe('Crown Melbourne 6.3.1');
    });

    it('leaves a wager within the limits exactly as settleThreeCardWager does', () => {
      const o = playThreeCard(parseCards('KH QS 9D'), dealer);
      expect(settleThreeCardRound([{ wager: { bet: 'three-pictures', amount: 1000 }, outcome: o }], table)).toEqual([settleThreeCardWager({ bet: 'three-pictures', amount: 1000 }, o)]);
    });
  });
});
