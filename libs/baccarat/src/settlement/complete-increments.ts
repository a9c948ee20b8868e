/**
 * Each wager found on the layout valid to its last complete increment of the minimum (Star 15.6.14): a wager is a bet's
 * chips together, however many goes they were placed in; the incomplete part comes off its lines placed last. A wager
 * under one unit is left as it is (made up to the minimum, or void, as the caller decides). The tables service
 * settles the same wagers with it and the tournaments service scores them with it, so the two records agree.
 */
export const toCompleteIncrements = (amounts: readonly number[], minimum: number, bets?: readonly string[]): number[] => {
  const plays = [...amounts];
  const wagers = new Map<string, number[]>();
  amounts.forEach((_, i) => {
    const key = bets?.[i] ?? `line-${i}`;
    wagers.set(key, [...(wagers.get(key) ?? []), i]);
  });
  for (const lines of wagers.values()) {
    const total = lines.reduce((n, i) => n + amounts[i], 0);
    let cut = total >= minimum ? total % minimum : 0;
    for (let k = lines.length - 1; k >= 0 && cut > 0; k--) {
      const off = Math.min(plays[lines[k]], cut);
      plays[lines[k]] -= off;
      cut -= off;
    }
  }
  return plays;
};
