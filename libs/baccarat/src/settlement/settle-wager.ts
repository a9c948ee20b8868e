import { ruleViolation } from '@app/contracts';
import type { BetId, Side } from '../bets/bet-id';
import { VOID, type Payout } from '../bets/odds';
import { payLineKeys, type PayLineKeys } from '../bets/pay-line-keys';
import { line as makeLine, payTable, type PayLine, type PayTable } from '../bets/pay-tables';
import type { CoupOutcome } from '../game/coup';
import * as money from './money';
import type { BetTerms, Explanation, Wager, WagerSettlement } from './wager';

// Bound once: calls through a module namespace cost a property getter each under the CJS transpilation.
const { assertMinorUnits, commissionOf, winningsAt } = money;

/** Crown Melbourne 6.5: the additional commission above the table differential. */
const OVER_DIFFERENTIAL_PERCENT = 2.5;

/** Picks the first line the table has among the keys (most specific first); none means the wager loses. */
export const chooseLine = (table: PayTable, keys: readonly string[]): PayLine | undefined => {
  for (const k of keys) {
    const l = table.lines[k];
    if (l) return l;
  }
  return undefined;
};

/**
 * Settles `atRisk` of a wager (the rest was handed back before play) by a pay line. The core every
 * settlement path shares, so the money rules live in one place.
 */
export const settleByLine = (
  wager: Wager,
  option: string,
  atRisk: number,
  line: PayLine | undefined,
  terms: BetTerms,
  before: readonly Explanation[],
  lostClause: string,
): WagerSettlement => {
  const payout: Payout = line ? line.payout : LOSE_PAYOUT;
  const explanation: Explanation[] = before.length ? before.slice() : [];
  let stakeReturned = wager.amount - atRisk;
  let winnings = 0;
  let commission = 0;
  // The rulebook in force cites the line as it cites it (Star 2024 11.1.3, not the engine's Crown Melbourne 9.1 Table 3).
  const cited = terms.payClauses?.[line ? (line.key ?? '') : 'lose'];
  const lineClause = cited ?? (line ? line.clause : lostClause);
  explanation.push(
    line
      ? cited === undefined || cited === line.clause ? line.explanation : { ...line.explanation, clause: cited }
      : { clause: lineClause, text: 'No winning outcome for this bet: the wager loses' },
  );
  if (payout.kind === 'push' || payout.kind === 'void') {
    stakeReturned = wager.amount;
  } else if (payout.kind === 'win') {
    stakeReturned = wager.amount;
    winnings = winningsAt(atRisk, payout.odds);
    if (payout.commissionPercent) {
      commission = commissionOf(atRisk, payout.commissionPercent);
      explanation.push({ clause: lineClause, text: `Commission ${payout.commissionPercent}% of ${atRisk}: ${commission}` });
    }
    if (wager.overDifferentialArrangement) {
      const over = overDifferentialCommission(wager, atRisk, terms);
      if (over) {
        commission += over.amount;
        explanation.push(over.explanation);
      }
    }
  }
  const deferred = terms.commission === 'deferred';
  if (deferred && commission > 0) explanation.push({ clause: 'Crown Melbourne 9.3.1', text: `Commission of ${commission} deferred to the end of the shoe` });
  return {
    wagerId: wager.id,
    bet: wager.bet,
    option,
    side: wager.side,
    amount: wager.amount,
    atRisk,
    outcome: payout.kind,
    stakeReturned,
    winnings,
    commissionImmediate: deferred ? 0 : commission,
    commissionDeferred: deferred ? commission : 0,
    net: stakeReturned + winnings - commission - wager.amount,
    explanation,
  };
};

const LOSE_PAYOUT: Payout = { kind: 'lose' };

const overDifferentialCommission = (wager: Wager, atRisk: number, terms: BetTerms): { amount: number; explanation: Explanation } | undefined => {
  if (!wager.overDifferentialArrangement || terms.differential === undefined) return undefined;
  if (wager.bet !== 'player' && wager.bet !== 'banker') return undefined;
  if (terms.option !== 'traditional' && terms.option !== 'standard') {
    throw ruleViolation('OVER_DIFFERENTIAL_NOT_TRADITIONAL', 'Wagers above the table differential are permitted only in Traditional Baccarat.', 'Crown Melbourne 6.5', 'overDifferentialArrangement');
  }
  const excess = Math.max(0, atRisk - terms.differential);
  if (excess === 0) return undefined;
  const amount = commissionOf(excess, OVER_DIFFERENTIAL_PERCENT);
  const clause = wager.bet === 'banker' ? 'Crown Melbourne 6.5.1' : 'Crown Melbourne 6.5.2';
  return { amount, explanation: { clause, text: `Additional ${OVER_DIFFERENTIAL_PERCENT}% commission on ${excess} above the table differential: ${amount}` } };
};

/** Settles `atRisk` of a single-coup wager on a coup (the coup-level function decides `atRisk`). */
export const settleStake = (wager: Wager, atRisk: number, coup: CoupOutcome, terms: BetTerms, before: readonly Explanation[] = []): WagerSettlement => {
  assertMinorUnits(wager.amount, 'amount');
  if (wager.bet === 'one-one-two') return settleOneOneTwo(wager, atRisk, coup, terms, before);
  const table = payTable(wager.bet, terms.option);
  const keys: PayLineKeys = payLineKeys(wager, coup);
  if (keys === 'not-offered') {
    const clause = wager.bet === 'insurance' ? 'Crown Melbourne 1.1 (Insurance/No 6)' : 'Crown Melbourne 5.9.1';
    return settleByLine(wager, terms.option, atRisk, makeLine(VOID, `${wager.bet} was not offered on this coup: the wager is void and returned`, clause), terms, before, clause);
  }
  if (wager.bet === 'insurance' && wager.originalWager !== undefined && wager.amount > wager.originalWager) {
    throw ruleViolation('INSURANCE_ABOVE_ORIGINAL_WAGER', `Insurance/No 6 of ${wager.amount} exceeds the original wager of ${wager.originalWager}.`, 'Crown Melbourne 1.1', 'amount');
  }
  return settleByLine(wager, terms.option, atRisk, chooseLine(table, keys), terms, before, table.source);
};

/**
 * Settles one wager on one coup: `{ outcome, stakeReturned, winnings, commissionImmediate,
 * commissionDeferred, explanation }` in integer minor units. Table limits, the table differential and chip
 * rounding act on a whole coup: see `settleCoup`.
 */
export const settleWager = (wager: Wager, coup: CoupOutcome, terms: BetTerms): WagerSettlement =>
  settleStake(wager, wager.amount, coup, terms);

interface Component {
  readonly bet: BetId;
  readonly side?: Side;
  readonly option: string;
  readonly share: number;
}

/** The two definitions of 1-1-2 (README known defects): which bets its four quarters go on. */
export const oneOneTwoComponents = (terms: BetTerms): readonly Component[] => {
  if (terms.option === 'crown-sydney-guide') {
    // Crown Sydney guide: two units on Tie and one unit on each Pairs bet.
    return [
      { bet: 'pairs', side: 'player', option: 'standard', share: 1 },
      { bet: 'pairs', side: 'banker', option: 'standard', share: 1 },
      { bet: 'tie', option: 'standard', share: 2 },
    ];
  }
  if (terms.option === 'crown-melbourne-1.1') {
    // Crown Melbourne 1.1: 25% on the Banker Side Wager, 25% on the Player Side Wager, 50% on Tie.
    const side = terms.oneOneTwoSideBet ?? { bet: 'pairs', option: 'standard' };
    const ids = (s: Side): Pick<Component, 'bet' | 'side'> =>
      side.bet === 'dragon-bonus' ? { bet: s === 'player' ? 'dragon-bonus-player' : 'dragon-bonus-banker' } : { bet: side.bet, side: s };
    return [
      { ...ids('banker'), option: side.option, share: 1 },
      { ...ids('player'), option: side.option, share: 1 },
      { bet: 'tie', option: 'standard', share: 2 },
    ];
  }
  throw ruleViolation('PAY_TABLE_OPTION_UNKNOWN', `1-1-2 has no definition "${terms.option}"; known: crown-melbourne-1.1, crown-sydney-guide.`, undefined, 'option');
};

/**
 * 1-1-2: each winning component is paid at its odds less the losing components (Crown Melbourne 9.2).
 * The wager must split into exact quarters (a wager that cannot be paid exactly may be refused, 5.6).
 */
const settleOneOneTwo = (wager: Wager, atRisk: number, coup: CoupOutcome, terms: BetTerms, before: readonly Explanation[]): WagerSettlement => {
  if (atRisk % 4 !== 0) {
    throw ruleViolation('ONE_ONE_TWO_NOT_DIVISIBLE', `A 1-1-2 wager of ${atRisk} does not split into quarters of whole minor units.`, 'Crown Melbourne 1.1, 5.6', 'amount');
  }
  const unit = atRisk / 4;
  const explanation: Explanation[] = [...before, { clause: 'Crown Melbourne 1.1, 9.2', text: `1-1-2 (${terms.option}) in units of ${unit}` }];
  let net = 0;
  for (const c of oneOneTwoComponents(terms)) {
    const stake = unit * c.share;
    const keys = payLineKeys(c, coup);
    const line = keys === 'not-offered' ? undefined : chooseLine(payTable(c.bet, c.option), keys);
    const payout = line?.payout;
    const partNet = !payout || payout.kind === 'lose' ? -stake : payout.kind === 'win' ? winningsAt(stake, payout.odds) - commissionOf(stake, payout.commissionPercent ?? 0) : 0;
    net += partNet;
    explanation.push({ clause: line ? line.clause : 'Crown Melbourne 9.2', text: `${c.bet}${c.side ? ` (${c.side})` : ''} ${stake}: ${partNet >= 0 ? '+' : ''}${partNet}`, ...(line?.explanation.odds ? { odds: line.explanation.odds } : {}) });
  }
  const notAtRisk = wager.amount - atRisk;
  // The combined wager is one wager: it wins, loses or stands off by its net result.
  const outcome = net > 0 ? 'win' : net < 0 ? 'lose' : 'push';
  const stakeReturned = notAtRisk + atRisk + Math.min(0, net);
  const winnings = Math.max(0, net);
  explanation.push({ clause: 'Crown Melbourne 9.2', text: `Winning components paid less losing components: net ${net}` });
  return {
    wagerId: wager.id,
    bet: 'one-one-two',
    option: terms.option,
    amount: wager.amount,
    atRisk,
    outcome,
    stakeReturned,
    winnings,
    commissionImmediate: 0,
    commissionDeferred: 0,
    net: stakeReturned + winnings - wager.amount,
    explanation,
  };
};
