import type { JackpotDivision, JackpotShare, TieWagerRef } from '@app/contracts';

/** The meter rounded UP to the nearest payable amount (Crown Melbourne 13.4.7(a)). */
export const roundUpToPayable = (meterCents: number, unitCents: number): number =>
  meterCents <= 0 ? 0 : Math.ceil(meterCents / unitCents) * unitCents;

/** `percent` % of the rounded meter (Crown Melbourne 13.4.3 Table 20), in whole cents (fractions rounded up). */
export const payoutFor = (roundedMeterCents: number, percent: number): number => {
  const exact = BigInt(roundedMeterCents) * BigInt(Math.round(percent * 100));
  const cents = (exact + 9999n) / 10000n;
  return Number(cents);
};

/**
 * Divides `totalCents` among the qualifying Tie wagers (Crown Melbourne 13.4.6(a)): (i) equally per wager, or
 * (ii) proportionally to each wager's amount. Shares are whole cents that sum exactly to the total: each
 * gets its floor, and the cents left over go one each to the largest fractional remainders (ties: lowest
 * box, then the order the wagers were listed), so the split is deterministic and replay equals live.
 */
export const divideJackpot = (totalCents: number, wagers: readonly TieWagerRef[], division: JackpotDivision): JackpotShare[] => {
  if (wagers.length === 0 || totalCents <= 0) return wagers.map((w) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, tieWagerCents: w.amountCents, amountCents: 0 }));
  const weights = wagers.map((w) => BigInt(division === 'equal' ? 1 : w.amountCents));
  const sumWeights = weights.reduce((a, b) => a + b, 0n);
  const total = BigInt(totalCents);
  const floors = weights.map((w) => (total * w) / sumWeights);
  const remainders = weights.map((w) => (total * w) % sumWeights);
  let left = total - floors.reduce((a, b) => a + b, 0n);
  const order = wagers
    .map((w, i) => ({ i, box: w.box, rem: remainders[i] }))
    .sort((a, b) => (a.rem === b.rem ? a.box - b.box || a.i - b.i : a.rem > b.rem ? -1 : 1));
  const extra = new Array<bigint>(wagers.length).fill(0n);
  for (const o of order) {
    if (left === 0n) break;
    extra[o.i] = 1n;
    left -= 1n;
  }
  return wagers.map((w, i) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, tieWagerCents: w.amountCents, amountCents: Number(floors[i] + extra[i]) }));
};
