import type { BetId } from '../bets/bet-id';
import type { CoupOutcome } from '../game/coup';
import { assertMinorUnits, roundDownTo, roundUpTo } from './money';
import { settleStake } from './settle-wager';
import type { BetTerms, Explanation, MinorUnits, Wager, WagerSettlement } from './wager';
import { ruleViolation } from '@app/contracts';

export interface BetLimits {
  readonly min: MinorUnits;
  readonly max: MinorUnits;
}

/** Which rulebook's limit, differential and rounding clauses apply (they agree in effect; the citations differ). */
export type LimitRules = 'crown-melbourne' | 'star-sydney';

/** The clauses limits, the differential and chip rounding are explained with (a rulebook's `policies.settlementClauses`). */
export interface LimitClauses {
  readonly min: string;
  readonly max: string;
  readonly differential: string;
  readonly chip: string;
  /** Said to the owner of a wager under the minimum that is settled (Crown Melbourne 6.3.1). */
  readonly belowMinimumAdvice?: string;
}

/** What the table sign and configuration say, as far as settlement needs it. */
export interface TableTerms {
  /** Which rulebook's clauses explain limits; `clauses`, when given, replaces them. */
  readonly rules: LimitRules;
  readonly clauses?: LimitClauses;
  /** Pay-table option and commission handling per bet offered. */
  readonly bets: Partial<Record<BetId, BetTerms>>;
  readonly limits?: Partial<Record<BetId, BetLimits>>;
  /** Maximum excess of Player over Banker wagers or the reverse (Crown Melbourne 6.2; Star Sydney 6.2). */
  readonly differential?: MinorUnits;
  /** Smallest chip: payments are rounded up to a multiple of it (Star Sydney 5.8; Crown Melbourne 6.3.3). */
  readonly minimumChip?: MinorUnits;
}

export interface CoupSettlement {
  readonly settlements: readonly WagerSettlement[];
  readonly totals: {
    readonly staked: MinorUnits;
    readonly returned: MinorUnits;
    readonly winnings: MinorUnits;
    readonly commissionImmediate: MinorUnits;
    readonly commissionDeferred: MinorUnits;
    /** The house's result: staked - returned - winnings + commissions (= -Σ net). */
    readonly houseNet: MinorUnits;
  };
}

const CLAUSES: Record<LimitRules, LimitClauses> = {
  'crown-melbourne': {
    min: 'Crown Melbourne 6.3.1',
    max: 'Crown Melbourne 6.3.2',
    differential: 'Crown Melbourne 6.4',
    chip: 'Crown Melbourne 6.3.3',
    belowMinimumAdvice: 'the player is advised further such wagers will be returned',
  },
  'star-sydney': { min: 'Star Sydney 6.4', max: 'Star Sydney 6.5', differential: 'Star Sydney 6.2', chip: 'Star Sydney 5.8' },
};

/**
 * The pro rata reduction of the heavier of Player and Banker so it exceeds the other by no more than the table
 * differential (Crown Melbourne 6.4; Star Sydney 6.2), each reduced amount rounded down to the minimum chip.
 * Wagers with a Crown Melbourne 6.5 arrangement are not reduced. `amounts[i]` is what wager i has in play; the
 * result lists the wagers reduced, by index.
 */
export const differentialReductions = (
  wagers: readonly Pick<Wager, 'bet' | 'overDifferentialArrangement'>[],
  amounts: readonly MinorUnits[],
  differential: MinorUnits,
  minimumChip: MinorUnits = 1,
): { index: number; from: MinorUnits; to: MinorUnits }[] => {
  let player = 0;
  let banker = 0;
  for (let i = 0; i < wagers.length; i++) {
    if (wagers[i].bet === 'player') player += amounts[i];
    else if (wagers[i].bet === 'banker') banker += amounts[i];
  }
  const heavy: BetId = player > banker ? 'player' : 'banker';
  const excess = Math.abs(player - banker) - differential;
  if (excess <= 0) return [];
  const reducible = wagers.reduce((s, w, i) => (w.bet === heavy && !w.overDifferentialArrangement ? s + amounts[i] : s), 0);
  if (reducible === 0) return [];
  const keep = Math.max(0, reducible - excess);
  const out: { index: number; from: MinorUnits; to: MinorUnits }[] = [];
  wagers.forEach((w, i) => {
    if (w.bet !== heavy || w.overDifferentialArrangement) return;
    out.push({ index: i, from: amounts[i], to: roundDownTo(Math.floor((amounts[i] * keep) / reducible), minimumChip) });
  });
  return out;
};

/** Shared empty list: most wagers need no adjustment, so they allocate nothing (never mutated). */
const NO_EXPLANATION: Explanation[] = [];

export interface StakeAdjustment {
  readonly atRisk: MinorUnits;
  readonly explanation: readonly Explanation[];
}

/**
 * Before the deal: caps each wager at its maximum (the excess is returned) and reduces Player or Banker
 * wagers pro rata so the heavier side exceeds the other by no more than the table differential (Crown
 * Melbourne 6.4; Star Sydney 6.2). Wagers with a Crown Melbourne 6.5 arrangement are not reduced. Reductions
 * are rounded down to the minimum chip so that what stays in play can be paid in chips. A wager the dealer
 * reduced before the deal (`reducedTo`) plays that amount. The tables service passes no `differential`: there
 * the reduction is the dealer's recorded choice before the first card, never made at settlement.
 */
export const adjustStakes = (wagers: readonly Wager[], table: TableTerms): StakeAdjustment[] => {
  const c = table.clauses ?? CLAUSES[table.rules];
  const out: { atRisk: number; explanation: Explanation[] }[] = new Array(wagers.length);
  for (let i = 0; i < wagers.length; i++) {
    const w = wagers[i];
    assertMinorUnits(w.amount, 'amount');
    const limits = table.limits?.[w.bet];
    const reduced = w.reducedTo !== undefined && w.reducedTo < w.amount;
    const explanation: Explanation[] = reduced || (limits && (w.amount > limits.max || w.amount < limits.min)) ? [] : NO_EXPLANATION;
    let atRisk = w.amount;
    if (limits && w.amount > limits.max && !w.overDifferentialArrangement) {
      atRisk = limits.max;
      explanation.push({ clause: c.max, text: `Wager of ${w.amount} above the maximum: paid or collected to ${limits.max}, ${w.amount - limits.max} returned` });
    }
    if (limits && w.amount < limits.min) {
      explanation.push({ clause: c.min, text: `Wager of ${w.amount} below the minimum of ${limits.min}: valid for this coup${c.belowMinimumAdvice ? `; ${c.belowMinimumAdvice}` : ''}` });
    }
    if (reduced && w.reducedTo! < atRisk) {
      explanation.push({ clause: c.differential, text: `Reduced before the deal to the table differential: ${w.reducedTo} of ${w.amount} in play, ${w.amount - w.reducedTo!} returned` });
      atRisk = w.reducedTo!;
    }
    out[i] = { atRisk, explanation };
  }
  if (table.differential === undefined) return out;
  const reductions = differentialReductions(wagers, out.map((o) => o.atRisk), table.differential, table.minimumChip ?? 1);
  for (const r of reductions) {
    const o = out[r.index];
    o.atRisk = r.to;
    if (o.explanation === NO_EXPLANATION) o.explanation = [];
    o.explanation.push({ clause: c.differential, text: `${wagers[r.index].bet} wagers exceed the other side by more than the table differential of ${table.differential}: reduced pro rata from ${r.from} to ${r.to}` });
  }
  return out;
};

/**
 * Rounds what is paid now up to the minimum chip (Star Sydney 5.8; Crown Melbourne 6.3.3), in the player's
 * favour; the difference is added to the winnings and explained.
 */
export const roundToChip = (s: WagerSettlement, minimumChip: MinorUnits, clause: string): WagerSettlement => {
  const paidNow = s.winnings - s.commissionImmediate;
  if (s.outcome !== 'win' || paidNow <= 0 || paidNow % minimumChip === 0) return s;
  const extra = roundUpTo(paidNow, minimumChip) - paidNow;
  return {
    ...s,
    winnings: s.winnings + extra,
    net: s.net + extra,
    explanation: [...s.explanation, { clause, text: `Payment of ${paidNow} cannot be paid in chips of ${minimumChip}: paid ${paidNow + extra}` }],
  };
};

/**
 * Settles every wager of a coup: limits and the table differential first (they decide what played), then
 * each wager by its pay table, then chip rounding.
 */
export const settleCoup = (wagers: readonly Wager[], coup: CoupOutcome, table: TableTerms): CoupSettlement => {
  const adjusted = adjustStakes(wagers, table);
  const clause = (table.clauses ?? CLAUSES[table.rules]).chip;
  const chip = table.minimumChip ?? 1;
  // Plain loops: this is the hot path of live settlement and of the engine benchmark.
  const settlements: WagerSettlement[] = new Array(wagers.length);
  for (let i = 0; i < wagers.length; i++) {
    const w = wagers[i];
    const terms = table.bets[w.bet];
    if (!terms) throw ruleViolation('BET_NOT_OFFERED', `The table does not offer "${w.bet}".`, undefined, 'bet');
    const s = settleStake(w, adjusted[i].atRisk, coup, w.overDifferentialArrangement ? { differential: table.differential, ...terms } : terms, adjusted[i].explanation);
    settlements[i] = chip > 1 ? roundToChip(s, chip, clause) : s;
  }
  return { settlements, totals: totalsOf(settlements) };
};

export const totalsOf = (settlements: readonly WagerSettlement[]): CoupSettlement['totals'] => {
  let staked = 0, returned = 0, winnings = 0, commissionImmediate = 0, commissionDeferred = 0, net = 0;
  for (const s of settlements) {
    staked += s.amount;
    returned += s.stakeReturned;
    winnings += s.winnings;
    commissionImmediate += s.commissionImmediate;
    commissionDeferred += s.commissionDeferred;
    net += s.net;
  }
  return { staked, returned, winnings, commissionImmediate, commissionDeferred, houseNet: -net };
};
