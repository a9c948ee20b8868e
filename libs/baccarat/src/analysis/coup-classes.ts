import { card, type Card, type Rank } from '../cards/card';
import type { CoupOutcome, HandOutcome } from '../game/coup';
import { bankerDraws, isNaturalTotal, playerDraws } from '../game/table-of-play';

/**
 * Every distinct coup by point values, with its exact probability when dealt from a full shoe of `decks`
 * decks (cards drawn without replacement, in dealing order P, B, P, B, P3, B3). Bets that do not look at
 * ranks or suits are functions of these classes, so summing over them is exact, not simulated.
 */
export interface CoupClass {
  readonly probability: number;
  /** A coup with these point values (representative cards: suits and pair flags are not meaningful). */
  readonly coup: CoupOutcome;
}

const REPRESENTATIVE: readonly Rank[] = ['10', 'A', '2', '3', '4', '5', '6', '7', '8', '9'];
const rep = (points: number): Card => card(REPRESENTATIVE[points], points === 0 ? 'S' : 'H');

const handOf = (points: number[]): HandOutcome => {
  const cards = points.map(rep);
  const total = points.reduce((s, p) => s + p, 0) % 10;
  return { cards, total, natural: points.length === 2 && total >= 8, pair: false };
};

/** A coup from its class features: two-card totals, final totals and card counts. */
const toCoup = (p2: number, b2: number, pFinal: number, bFinal: number, pCards: number, bCards: number): CoupOutcome => {
  const player = handOf(pCards === 2 ? [p2, 0] : [p2, 0, (pFinal - p2 + 10) % 10]);
  const banker = handOf(bCards === 2 ? [b2, 0] : [b2, 0, (bFinal - b2 + 10) % 10]);
  const result = player.total > banker.total ? 'player' : banker.total > player.total ? 'banker' : 'tie';
  return { player, banker, result, margin: Math.abs(player.total - banker.total), cardsUsed: pCards + bCards, steps: [] };
};

/**
 * Point-value classes of a coup dealt from `decks` full decks, grouped by what non-rank bets can see:
 * both two-card totals, both final totals and both card counts.
 */
export const coupClasses = (decks: number): CoupClass[] => {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const total = 52 * decks;
  const acc = new Float64Array(10 * 10 * 10 * 10 * 4);
  const add = (p2: number, b2: number, pf: number, bf: number, pc: number, bc: number, pr: number) => {
    acc[((((p2 * 10 + b2) * 10 + pf) * 10 + bf) * 4) + (pc - 2) * 2 + (bc - 2)] += pr;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = counts[p1] / total; counts[p1]--;
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * counts[b1] / (total - 1); counts[b1]--;
      for (let p2c = 0; p2c < 10; p2c++) {
        const w3 = w2 * counts[p2c] / (total - 2); counts[p2c]--;
        for (let b2c = 0; b2c < 10; b2c++) {
          const w4 = w3 * counts[b2c] / (total - 3); counts[b2c]--;
          const p = (p1 + p2c) % 10;
          const b = (b1 + b2c) % 10;
          if (w4 > 0) {
            if (isNaturalTotal(p) || isNaturalTotal(b)) add(p, b, p, b, 2, 2, w4);
            else if (!playerDraws(p)) {
              if (!bankerDraws(b, null)) add(p, b, p, b, 2, 2, w4);
              else for (let x = 0; x < 10; x++) if (counts[x] > 0) add(p, b, p, (b + x) % 10, 2, 3, w4 * counts[x] / (total - 4));
            } else {
              for (let x = 0; x < 10; x++) {
                if (counts[x] === 0) continue;
                const w5 = w4 * counts[x] / (total - 4);
                const pf = (p + x) % 10;
                if (!bankerDraws(b, x)) { add(p, b, pf, b, 3, 2, w5); continue; }
                counts[x]--;
                for (let y = 0; y < 10; y++) if (counts[y] > 0) add(p, b, pf, (b + y) % 10, 3, 3, w5 * counts[y] / (total - 5));
                counts[x]++;
              }
            }
          }
          counts[b2c]++;
        }
        counts[p2c]++;
      }
      counts[b1]++;
    }
    counts[p1]++;
  }
  const classes: CoupClass[] = [];
  acc.forEach((probability, i) => {
    if (probability === 0) return;
    const bc = (i % 2) + 2, pc = (Math.floor(i / 2) % 2) + 2;
    let k = Math.floor(i / 4);
    const bf = k % 10; k = Math.floor(k / 10);
    const pf = k % 10; k = Math.floor(k / 10);
    const b2 = k % 10; const p2 = Math.floor(k / 10);
    classes.push({ probability, coup: toCoup(p2, b2, pf, bf, pc, bc) });
  });
  return classes;
};
