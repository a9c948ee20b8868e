import type { BetId, Side } from '../bets/bet-id';
import { PAY_TABLES, type PayTable } from '../bets/pay-tables';
import { payLineKeys } from '../bets/pay-line-keys';
import type { CoupOutcome } from '../game/coup';
import { chooseLine } from '../settlement/settle-wager';
import { burn, createShoe, dealCoup } from '../shoe/shoe';
import type { Seed } from '../shoe/prng';
import { unitReturn } from './unit-return';

export interface SimulatedBet {
  readonly bet: BetId;
  readonly option: string;
  readonly side?: Side;
  /** Coups on which the bet was offered (all, except Insurance/No 6 and Shield). */
  readonly wagers: number;
  /** Observed mean return per unit staked. */
  readonly observedReturn: number;
  /** Standard error of the mean return. */
  readonly standardError: number;
}

export interface Simulation {
  readonly decks: number;
  readonly coups: number;
  readonly shoes: number;
  readonly seed: string;
  readonly frequencies: { readonly player: number; readonly banker: number; readonly tie: number };
  readonly bets: readonly SimulatedBet[];
}

const SIDED = new Set<BetId>(['pairs', 'perfect-pairs', 'crown-pairs', 'shield']);
const SINGLE_COUP = PAY_TABLES.filter((t) => !/^(runs-|dragon-tail-|three-|one-one-two)/.test(t.bet));

interface Tracker { table: PayTable; side?: Side; n: number; sum: number; sumSq: number }

/**
 * Deals real shoes (shuffle from the seed, cut, cutting card, standard burn, last coup rule) and scores every
 * single-coup bet and option on each coup, to compare with the exact analysis.
 */
export const simulate = (decks: number, coups: number, seed: Seed): Simulation => {
  const trackers: Tracker[] = [];
  for (const table of SINGLE_COUP) {
    if (SIDED.has(table.bet)) for (const side of ['player', 'banker'] as const) trackers.push({ table, side, n: 0, sum: 0, sumSq: 0 });
    else trackers.push({ table, n: 0, sum: 0, sumSq: 0 });
  }
  const counts = { player: 0, banker: 0, tie: 0 };
  let dealt = 0;
  let shoes = 0;
  const score = (coup: CoupOutcome) => {
    counts[coup.result]++;
    for (const t of trackers) {
      const keys = payLineKeys({ bet: t.table.bet, ...(t.side ? { side: t.side } : {}) }, coup);
      if (keys === 'not-offered') continue;
      const r = unitReturn(chooseLine(t.table, keys)?.payout);
      t.n++;
      t.sum += r;
      t.sumSq += r * r;
    }
  };
  while (dealt < coups) {
    let shoe = burn(createShoe({ decks, seed: `${String(seed)}/${shoes}` })).shoe;
    shoes++;
    while (!shoe.finished && dealt < coups) {
      const d = dealCoup(shoe);
      shoe = d.shoe;
      if (d.kind === 'void') break;
      score(d.coup);
      dealt++;
    }
  }
  return {
    decks,
    coups: dealt,
    shoes,
    seed: String(seed),
    frequencies: { player: counts.player / dealt, banker: counts.banker / dealt, tie: counts.tie / dealt },
    bets: trackers.map((t) => {
      const mean = t.n ? t.sum / t.n : 0;
      const variance = t.n > 1 ? (t.sumSq - t.n * mean * mean) / (t.n - 1) : 0;
      return { bet: t.table.bet, option: t.table.option, ...(t.side ? { side: t.side } : {}), wagers: t.n, observedReturn: mean, standardError: Math.sqrt(Math.max(0, variance) / Math.max(1, t.n)) };
    }),
  };
};
