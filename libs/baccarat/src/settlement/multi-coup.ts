import { ruleViolation } from '@app/contracts';
import type { Side } from '../bets/bet-id';
import { VOID } from '../bets/odds';
import { line as makeLine, payTable } from '../bets/pay-tables';
import type { CoupResult } from '../game/coup';
import { settleByLine } from './settle-wager';
import type { BetTerms, Explanation, Wager, WagerSettlement } from './wager';

/**
 * What happened after a multi-coup wager was placed, in order. Dummy coups do not count toward Runs or
 * Dragon Tails (Crown Melbourne 10.8.4); the end of the shoe breaks a Dragon Tail (Crown Melbourne 1.1).
 */
export type CoupRecord = { readonly kind: 'coup'; readonly result: CoupResult } | { readonly kind: 'dummy' } | { readonly kind: 'shoe-end' };

export type MultiCoupStatus =
  | { readonly status: 'pending'; readonly count: number; readonly explanation: string }
  | { readonly status: 'settled'; readonly settlement: WagerSettlement; readonly coupsUsed: number };

export interface RunWager extends Wager {
  readonly bet: 'runs-player' | 'runs-banker' | 'runs-player-banker' | 'runs-tie';
  /** Coups in the run: 2-6, Tie runs 3-4 (Crown Melbourne 1.1 'Run', Table 5). */
  readonly length: number;
  /** runs-player-banker: the nominated result of each coup (Crown Melbourne 5.5.7). */
  readonly sequence?: readonly Side[];
}

const TERMS_STANDARD: BetTerms = { option: 'standard' };

const runExpected = (w: RunWager, i: number): CoupResult => {
  switch (w.bet) {
    case 'runs-player':
      return 'player';
    case 'runs-banker':
      return 'banker';
    case 'runs-tie':
      return 'tie';
    case 'runs-player-banker':
      return w.sequence![i];
  }
};

/**
 * A Run wins when the next `length` counted coups all go as nominated, and loses at the first that does not;
 * a Tie breaks Player, Banker and Player/Banker runs (Crown Melbourne Table 5 *). The rulebooks do not end a
 * Run at the end of the shoe, so it continues into the next shoe.
 */
export const settleRun = (wager: RunWager, history: readonly CoupRecord[], terms: BetTerms = TERMS_STANDARD): MultiCoupStatus => {
  const [min, max] = wager.bet === 'runs-tie' ? [3, 4] : [2, 6];
  if (!Number.isInteger(wager.length) || wager.length < min || wager.length > max) {
    throw ruleViolation('RUN_LENGTH_NOT_OFFERED', `A ${wager.bet} wager runs ${min}-${max} coups, not ${wager.length}.`, 'Crown Melbourne 1.1, Table 5', 'length');
  }
  if (wager.bet === 'runs-player-banker' && (wager.sequence?.length !== wager.length)) {
    throw ruleViolation('RUN_SEQUENCE_REQUIRED', 'A Player/Banker run nominates the result of each of its coups.', 'Crown Melbourne 1.1, 5.5.7', 'sequence');
  }
  const table = payTable(wager.bet, terms.option);
  let count = 0;
  let used = 0;
  for (const r of history) {
    used++;
    if (r.kind !== 'coup') continue;
    if (r.result !== runExpected(wager, count)) {
      const why: Explanation = { clause: 'Crown Melbourne Table 5', text: `Coup ${count + 1} of the run was ${r.result}, not ${runExpected(wager, count)}: the run is broken` };
      return { status: 'settled', coupsUsed: used, settlement: settleByLine(wager, terms.option, wager.amount, undefined, terms, [why], 'Crown Melbourne Table 5') };
    }
    count++;
    if (count === wager.length) {
      return { status: 'settled', coupsUsed: used, settlement: settleByLine(wager, terms.option, wager.amount, table.lines[`run-${count}`], terms, [], table.source) };
    }
  }
  return { status: 'pending', count, explanation: `${count} of ${wager.length} coups of the run so far` };
};

export interface DragonTailWager extends Wager {
  readonly bet: 'dragon-tail-early' | 'dragon-tail-late';
  readonly side: Side;
  /** Late Dragon Tail: the Dragon Tail Indicator when the wager was placed (a run must be established, i.e. 1). */
  readonly indicatorAtPlacement?: number;
}

/**
 * Dragon Tail (Crown Melbourne 1.1, Table 7). Early: the run starts with the wager's first counted coup and
 * pays by its length when broken, or at six. Late: placed one coup after the run is established; pays the
 * indicator minus one, and at six stays one more coup unless the shoe ends. A late wager placed before a run
 * is established is void (Crown Melbourne 10.13).
 */
export const settleDragonTail = (wager: DragonTailWager, history: readonly CoupRecord[], terms: BetTerms = TERMS_STANDARD): MultiCoupStatus => {
  const table = payTable(wager.bet, terms.option);
  const late = wager.bet === 'dragon-tail-late';
  let count = late ? (wager.indicatorAtPlacement ?? 0) : 0;
  if (late && count < 1) {
    const line = makeLine(VOID, 'Late Dragon Tail placed before a run was established: void and returned', 'Crown Melbourne 10.13');
    return { status: 'settled', coupsUsed: 0, settlement: settleByLine(wager, terms.option, wager.amount, line, terms, [], line.clause) };
  }
  const settleAt = (indicator: number, used: number, why: string): MultiCoupStatus => {
    const paidOn = late ? indicator - 1 : indicator;
    const before: Explanation[] = [{ clause: 'Crown Melbourne 1.1 (Dragon Tail), Table 7', text: `${why}; indicator ${indicator}${late ? `, late wagers paid on ${paidOn}` : ''}` }];
    return { status: 'settled', coupsUsed: used, settlement: settleByLine(wager, terms.option, wager.amount, table.lines[`tail-${paidOn}`], terms, before, table.source) };
  };
  let used = 0;
  for (const r of history) {
    used++;
    if (r.kind === 'dummy') continue;
    if (r.kind === 'shoe-end') return settleAt(count, used, 'The end of the shoe breaks the Dragon Tail');
    if (r.result !== wager.side) return settleAt(count, used, `A ${r.result} result breaks the ${wager.side} Dragon Tail`);
    count++;
    if (!late && count === 6) return settleAt(6, used, 'The Dragon Tail finishes at six consecutive results');
    if (late && count === 7) return settleAt(7, used, 'Late wagers stayed one more coup after six and the run continued');
  }
  return { status: 'pending', count, explanation: `Dragon Tail Indicator at ${count}` };
};
