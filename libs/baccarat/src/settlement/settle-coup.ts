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

/** What the table sign and configuration say, as far as settlement needs it. */
export interface TableTerms {
  readonly rules: LimitRules;
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

const CLAUSES = {
  'crown-melbourne': { min: 'Crown Melbourne 6.3.1', max: 'Crown Melbourne 6.3.2', differential: 'Crown Melbourne 6.4', chip: 'Crown Melbourne 6.3.3' },
  'star-sydney': { min: 'Star Sydney 6.4', max: 'Star Sydney 6.5', differential: 'Star Sydney 6.2', chip: 'Star Sydney 5.8' },
} as const;

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
 * are rounded down to the minimum chip so that what stays in play can be paid in chips.
 */
export const adjustStakes = (wagers: readonly Wager[], table: TableTerms): StakeAdjustment[] => {
  const c = CLAUSES[table.rules];
  const out: { atRisk: number; explanation: Explanation[] }[] = new Array(wagers.length);
  for (let i = 0; i < wagers.length; i++) {
    const w = wagers[i];
    assertMinorUnits(w.amount, 'amount');
    const limits = table.limits?.[w.bet];
    const explanation: Explanation[] = limits && (w.amount > limits.max || w.amount < limits.min) ? [] : NO_EXPLANATION;
    let atRisk = w.amount;
    if (limits && w.amount > limits.max && !w.overDifferentialArrangement) {
      atRisk = limits.max;
      explanation.push({ clause: c.max, text: `Wager of ${w.amount} above the maximum: paid or collected to ${limits.max}, ${w.amount - limits.max} returned` });
    }
    if (limits && w.amount < limits.min) {
      explanation.push({ clause: c.min, text: `Wager of ${w.amount} below the minimum of ${limits.min}: valid for this coup${table.rules === 'crown-melbourne' ? '; the player is advised further such wagers will be returned' : ''}` });
    }
    out[i] = { atRisk, explanation };
  }
  if (table.differential === undefined) return out;
  let player = 0;
  let banker = 0;
  for (let i = 0; i < wagers.length; i++) {
    if (wagers[i].bet === 'player') player += out[i].atRisk;
    else if (wagers[i].bet === 'banker') banker += out[i].atRisk;
  }
  const sum = (side: BetId, reducible: boolean) =>
    wagers.reduce((s, w, i) => (w.bet === side && reducible === !w.overDifferentialArrangement ? s + out[i].atRisk : s), 0);
  const heavy: BetId = player > banker ? 'player' : 'banker';
  const excess = Math.abs(player - banker) - table.differential;
  if (excess <= 0) return out;
  const reducible = sum(heavy, true);
  if (reducible === 0) return out;
  const keep = Math.max(0, reducible - excess);
  const chip = table.minimumChip ?? 1;
  wagers.forEach((w, i) => {
    if (w.bet !== heavy || w.overDifferentialArrangement) return;
    const before = out[i].atRisk;
    const after = roundDownTo(Math.floor((before * keep) / reducible), chip);
    out[i].atRisk = after;
    if (out[i].explanation === NO_EXPLANATION) out[i].explanation = [];
    out[i].explanation.push({ clause: c.differential, text: `${heavy} wagers exceed the other side by more than the table differential of ${table.differential}: reduced pro rata from ${before} to ${after}` });
  });
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
  const clause = CLAUSES[table.rules].chip;
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
