/**
 * Capacity, measured the same way by every benchmark that offers a rate: absolute rates swing several-fold between
 * machines and between runs on a shared one, and a fixed offered rate on a slow machine measures its queue. So a
 * benchmark finds the highest offered rate the machine sustains in this run, then reads latency at half of it,
 * where a healthy system is not queueing.
 *
 * The search: short trials, the offered rate doubling from `start` while each is sustained (halving first if
 * `start` is not), then `refine` bisections between the last sustained rate and the first that was not. Whether a
 * trial is sustained is the benchmark's own criterion (its doc comment states it); the usual one is that the work
 * offered in the trial was all done, on schedule, within a grace period after the offer ended, so no backlog grew.
 */

export interface Trial {
  readonly offered: number;
  /** What was done per second over the trial (the figure a sustained trial reports as capacity is `offered`). */
  readonly achieved: number;
  readonly sustained: boolean;
  /** Why a trial was not sustained, or anything else worth printing. */
  readonly note?: string;
}

export interface CapacityOptions {
  readonly start: number;
  /** Bisections after the ramp (each one trial). */
  readonly refine?: number;
  /** The ramp stops here even if it is still sustained (the result then says "at least"). */
  readonly max?: number;
  /** The lowest rate worth trying: below it the search gives up and reports 0. */
  readonly min?: number;
  readonly log?: (line: string) => void;
}

export interface Capacity {
  /** The highest offered rate sustained (0 if none was). */
  readonly capacity: number;
  /** True when the ramp reached `max` still sustained: capacity is then a lower bound. */
  readonly atMax: boolean;
  readonly trials: readonly Trial[];
}

export async function findCapacity(trial: (rate: number) => Promise<Trial>, o: CapacityOptions): Promise<Capacity> {
  const trials: Trial[] = [];
  const log = o.log ?? ((line: string) => console.error(line));
  const max = o.max ?? Infinity;
  const min = o.min ?? o.start / 64;
  const run = async (rate: number): Promise<boolean> => {
    const t = await trial(rate);
    trials.push(t);
    log(`  capacity trial: offered ${t.offered}/s, achieved ${round1(t.achieved)}/s, ${t.sustained ? 'sustained' : 'NOT sustained'}${t.note ? ` (${t.note})` : ''}`);
    return t.sustained;
  };
  let good = 0;
  let bad = Infinity;
  let rate = Math.round(Math.min(o.start, max));
  // Ramp: up while sustained, down while not.
  if (await run(rate)) {
    good = rate;
    while (rate < max) {
      rate = Math.round(Math.min(rate * 2, max));
      if (await run(rate)) good = rate;
      else {
        bad = rate;
        break;
      }
    }
  } else {
    bad = rate;
    while (rate / 2 >= min && rate > 1) {
      rate = Math.round(rate / 2);
      if (await run(rate)) {
        good = rate;
        break;
      }
      bad = rate;
    }
  }
  if (good === 0) return { capacity: 0, atMax: false, trials };
  for (let i = 0; i < (o.refine ?? 2) && bad !== Infinity && bad - good > good * 0.05; i++) {
    const mid = Math.round((good + bad) / 2);
    // Rates are whole numbers: nothing left between the two to try.
    if (mid <= good || mid >= bad) break;
    if (await run(mid)) good = mid;
    else bad = mid;
  }
  return { capacity: Math.round(good), atMax: bad === Infinity, trials };
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The p-th percentile (nearest rank) of ascending values; undefined for none. */
export const percentileOf = (sorted: readonly number[], p: number): number | undefined =>
  sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** a / b to two decimals (null when b is 0): the same-run ratios the benchmarks print. */
export const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
