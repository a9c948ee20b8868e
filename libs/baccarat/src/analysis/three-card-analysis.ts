/**
 * Exact Three Card Baccarat probabilities: one deck (Crown Melbourne 12.4.1), the player's three cards and the
 * Dealer's three cards drawn without replacement. Card kinds: picture (12), ten (4), Ace-9 (4 each).
 */
export interface ThreeCardProbabilities {
  readonly playerWins: number;
  readonly playerWinsOn6: number;
  readonly tie: number;
  readonly twoPictures: number;
  readonly threePictures: number;
}

const KIND_VALUE = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const KIND_COUNT = [12, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];

export const threeCardProbabilities = (): ThreeCardProbabilities => {
  const counts = KIND_COUNT.slice();
  let remaining = 52;
  const hand = { total: 0, pictures: 0 };
  let playerWins = 0, playerWinsOn6 = 0, tie = 0, twoPictures = 0, threePictures = 0;
  const ranking = (total: number, pictures: number) => (pictures === 3 ? 1 : 11 - total);
  const draw = (depth: number, pr: number, acc: { total: number; pictures: number }, onDone: (pr: number, total: number, pictures: number) => void): void => {
    if (depth === 3) return onDone(pr, acc.total % 10, acc.pictures);
    for (let k = 0; k < 11; k++) {
      if (counts[k] === 0) continue;
      const p = (pr * counts[k]) / remaining;
      counts[k]--; remaining--;
      draw(depth + 1, p, { total: acc.total + KIND_VALUE[k], pictures: acc.pictures + (k === 0 ? 1 : 0) }, onDone);
      counts[k]++; remaining++;
    }
  };
  draw(0, 1, hand, (pp, pt, ppic) => {
    if (ppic === 3) threePictures += pp;
    else if (ppic === 2) twoPictures += pp;
    const pr = ranking(pt, ppic);
    draw(0, pp, { total: 0, pictures: 0 }, (dp, dt, dpic) => {
      const dr = ranking(dt, dpic);
      if (pr < dr) {
        playerWins += dp;
        if (pt === 6 && ppic < 3) playerWinsOn6 += dp;
      } else if (pr === dr) tie += dp;
    });
  });
  return { playerWins, playerWinsOn6, tie, twoPictures, threePictures };
};
