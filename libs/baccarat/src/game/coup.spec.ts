import fc from 'fast-check';
import { DomainError } from '@app/contracts';
import { DECK, parseCard, parseCards, formatCard, type Card } from '../cards/card';
import { nextRequiredCard, playCoup } from './coup';
import { isPair, pairKind, pointCount } from './hand';

const coup = (text: string) => playCoup(parseCards(text));

describe('cards (Crown Melbourne 3.2)', () => {
  it('parses and formats "KH", "10S", "TS", "AD"', () => {
    expect(formatCard(parseCard('KH'))).toBe('KH');
    expect(parseCard('TS')).toBe(parseCard('10s'));
    expect(parseCard('AD').points).toBe(1);
    expect(parseCard('10S').points).toBe(0);
  });
  it('refuses an unreadable card with a typed error', () => {
    expect(() => parseCard('1X')).toThrow(DomainError);
  });
  it('counts the right digit of the total (Crown Melbourne 3.3.2)', () => {
    expect(pointCount(parseCards('KD 5S 7H'))).toBe(2);
  });
});

describe('pairs by rank (Star Sydney 10.6)', () => {
  it('10-10 and K-K are pairs, K-Q is not', () => {
    expect(isPair(parseCards('10S 10H'))).toBe(true);
    expect(isPair(parseCards('KS KD'))).toBe(true);
    expect(isPair(parseCards('KS QS'))).toBe(false);
  });
  it('grades suited, coloured and mixed pairs (Crown Melbourne 1.1 Crown Pairs)', () => {
    expect(pairKind(parseCards('8D 8D'))).toBe('suited');
    expect(pairKind(parseCards('8H 8D'))).toBe('coloured');
    expect(pairKind(parseCards('8H 8C'))).toBe('mixed');
  });
});

describe('the Table of Play (Star Sydney 9; Rapid Baccarat 9)', () => {
  it('a Natural ends the coup after four cards (Crown Melbourne 8.1)', () => {
    const c = coup('9H 2S KD 3C 5D 5H');
    expect(c.cardsUsed).toBe(4);
    expect(c.player.natural).toBe(true);
    expect(c.result).toBe('player');
  });
  it('Player draws on 0-5 and Banker 3 stands when Player draws an 8', () => {
    const c = coup('2H 3S 3D KC 8D 5H');
    expect(c.player.cards.map(formatCard)).toEqual(['2H', '3D', '8D']);
    expect(c.banker.cards).toHaveLength(2);
    expect(c.player.total).toBe(3);
    expect(c.result).toBe('tie');
  });
  it('Player stands on 6-7 and Banker draws on 0-5 ("No Card" column)', () => {
    const c = coup('6H 4S KD AC 5D');
    expect(c.player.cards).toHaveLength(2);
    expect(c.banker.cards.map(formatCard)).toEqual(['4S', 'AC', '5D']);
    expect(c.steps[4].reason).toMatch(/Banker 5 draws/);
  });
  it('Banker 6 draws only on a Player third card of 6 or 7', () => {
    expect(coup('2H 3S 2D 3C 6D 9H').banker.cards).toHaveLength(3);
    expect(coup('2H 3S 2D 3C 5D 9H').banker.cards).toHaveLength(2);
  });
  it('nextRequiredCard walks a dealer console through the coup', () => {
    const dealt = parseCards('2H 3S 2D 3C 6D');
    expect(nextRequiredCard(dealt.slice(0, 2))).toMatchObject({ complete: false, hand: 'player', position: 3 });
    expect(nextRequiredCard(dealt.slice(0, 4))).toMatchObject({ complete: false, hand: 'player', position: 5 });
    expect(nextRequiredCard(dealt)).toMatchObject({ complete: false, hand: 'banker', position: 6 });
    expect(nextRequiredCard(parseCards('9H 2S KD 3C'))).toMatchObject({ complete: true });
  });
  it('refuses a card the Table of Play does not call for (Crown Melbourne 10.6)', () => {
    expect(() => nextRequiredCard(parseCards('9H 2S KD 3C 5D'))).toThrow(expect.objectContaining({ code: 'CARD_NOT_REQUIRED' }));
  });
  it('a sequence too short for the coup makes it void (Crown Melbourne 10.10)', () => {
    expect(() => coup('2H 3S 2D')).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_CARDS' }));
  });

  // An independent statement of the rules, from the Crown Sydney guide's prose Table 2.
  const bankerShouldDraw = (b: number, third: number | null): boolean => {
    if (third === null) return b <= 5;
    if (b <= 2) return true;
    if (b === 3) return third !== 8;
    if (b === 4) return third >= 2 && third <= 7;
    if (b === 5) return third >= 4 && third <= 7;
    if (b === 6) return third === 6 || third === 7;
    return false;
  };
  const cardArb = fc.integer({ min: 0, max: 51 }).map((i) => DECK[i]);

  it('property: the Table of Play is never violated', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 6, maxLength: 6 }), (cards: Card[]) => {
        const c = playCoup(cards);
        const p2 = (cards[0].points + cards[2].points) % 10;
        const b2 = (cards[1].points + cards[3].points) % 10;
        const natural = p2 >= 8 || b2 >= 8;
        const playerDrew = !natural && p2 <= 5;
        expect(c.player.cards.length).toBe(playerDrew ? 3 : 2);
        const third = playerDrew ? c.player.cards[2].points : null;
        expect(c.banker.cards.length).toBe(!natural && bankerShouldDraw(b2, third) ? 3 : 2);
        expect(c.cardsUsed).toBe(c.player.cards.length + c.banker.cards.length);
        expect(c.result).toBe(c.player.total > c.banker.total ? 'player' : c.player.total < c.banker.total ? 'banker' : 'tie');
      }),
      { numRuns: 5000 },
    );
  });
});
