import { parseCards } from '../cards/card';
import { playThreeCard } from '../game/three-card';
import { settleThreeCardWager } from './settle-three-card';

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
});
