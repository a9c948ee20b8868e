import fc from 'fast-check';
import { parseCard, parseCards } from '../cards/card';
import { auditCards, assertCardFromShoe, countCards } from './card-audit';
import { createRng } from './prng';
import { sha256Hex } from './sha256';
import { burn, createShoe, dealCoup, shoeFromCards, type Shoe } from './shoe';
import { cutCards, freshCards, shuffleCards } from './shuffle';

const dealAll = (shoe: Shoe) => {
  const results: string[] = [];
  let s = shoe;
  while (!s.finished) {
    const d = dealCoup(s);
    s = d.shoe;
    if (d.kind === 'void') break;
    results.push(`${d.coup.result}:${d.coup.cardsUsed}`);
  }
  return { results, shoe: s };
};

describe('SHA-256 (FIPS 180-4 test vectors)', () => {
  it('hashes "abc" and the empty string', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('the shoe (Crown Melbourne 4; Star Sydney 4)', () => {
  it('a shuffle is a permutation of the decks', () => {
    const shuffled = shuffleCards(freshCards(8), createRng('seed'));
    expect(auditCards(shuffled, 8)).toEqual({ surplus: [], missing: [] });
  });
  it('property: a replayed shoe gives the same coups and the same commitment', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const a = createShoe({ decks: 8, seed });
        const b = createShoe({ decks: 8, seed });
        expect(b.commitment).toBe(a.commitment);
        expect(dealAll(burn(b).shoe).results).toEqual(dealAll(burn(a).shoe).results);
        const replay = shoeFromCards(a.cards, 8, a.cutCardIndex);
        expect(replay.commitment).toBe(a.commitment);
      }),
      { numRuns: 20 },
    );
  });
  it('different seeds commit to different orders', () => {
    expect(createShoe({ decks: 8, seed: 1 }).commitment).not.toBe(createShoe({ decks: 8, seed: 2 }).commitment);
  });
  it('refuses a cut less than one deck from an end (Star Sydney 4.5)', () => {
    expect(() => cutCards(freshCards(8), 30)).toThrow(expect.objectContaining({ code: 'CUT_TOO_CLOSE_TO_END' }));
  });
  it('places the cutting card twenty cards from the back by default (Star Sydney 4.6)', () => {
    expect(createShoe({ decks: 8, seed: 's' }).cutCardIndex).toBe(416 - 20);
  });
  it('face-value burn: the first card shows how many more to burn, pictures count 10 (Crown Melbourne 4.3.1(b))', () => {
    const cards = [parseCard('KH'), ...freshCards(8).slice(1)];
    const b = burn(shoeFromCards(cards, 8, 396), 'face-value');
    expect(b.burned).toHaveLength(11);
    expect(b.shoe.position).toBe(11);
  });
  it('the standard burn removes one card (Star Sydney 4.7.1)', () => {
    expect(burn(createShoe({ decks: 8, seed: 'x' })).shoe.position).toBe(1);
  });
  it('after the cutting card appears, one more coup is dealt (Crown Melbourne 7.3.4; Star Sydney 4.9)', () => {
    const shoe = createShoe({ decks: 8, seed: 'cut' });
    let s = burn(shoe).shoe;
    let cutCoup = -1;
    let n = 0;
    while (!s.finished) {
      const d = dealCoup(s);
      if (d.kind !== 'coup') break;
      if (d.cutCardAppeared && cutCoup < 0) cutCoup = n;
      s = d.shoe;
      n++;
    }
    if (shoe.cards.length - s.position > 0 && cutCoup >= 0) {
      // The cut card came out in coup `cutCoup` (or before coup cutCoup, which is then the last).
      expect(n - 1 - cutCoup).toBeLessThanOrEqual(1);
    }
    expect(s.finished).toBe(true);
    expect(() => dealCoup(s)).toThrow(expect.objectContaining({ code: 'SHOE_FINISHED' }));
  });
  it('the cutting card as the first card of a coup makes that coup the last (Star Sydney 4.10)', () => {
    const shoe = shoeFromCards(parseCards('9H 2S KD 3C 9H 2S KD 3C 9H 2S KD 3C'), 1, 4);
    const first = dealCoup(shoe);
    expect(first).toMatchObject({ kind: 'coup', last: false });
    const second = dealCoup(first.shoe);
    expect(second).toMatchObject({ kind: 'coup', last: true, cutCardAppeared: true });
  });
  it('a surplus card is foreign: the coup is void (Star Sydney 12.11)', () => {
    const dealt = countCards(parseCards('KH KH'));
    expect(() => assertCardFromShoe(dealt, parseCard('KH'), 2)).toThrow(expect.objectContaining({ code: 'FOREIGN_OR_SURPLUS_CARD', clause: 'Star Sydney 12.11' }));
    expect(auditCards(parseCards('KH KH KH'), 2).surplus).toEqual([{ card: parseCard('KH'), seen: 3 }]);
  });
});
