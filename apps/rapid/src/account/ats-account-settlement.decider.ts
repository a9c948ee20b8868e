/**
 * Settling an ATS's wagers with libs/baccarat (Rapid 4.8, 10.1): the engine's `settleCoup` pays each wager by
 * the table's pay-table option; the account is credited stake + winnings - commission, the commission taken
 * first (4.8.2(a)), to the cent (no chip rounding: nothing is paid in chips). Pure.
 */
import { atsPoliciesFor, chooseLine, payEntry, payLineKeys, payTable as enginePayTable, payTableEntry, payTableFor, rulebookById, settleCoup, winningsAt, type BetId, type BetTerms, type CoupOutcome, type Rulebook, type WagerSettlement, type Wager } from '@app/baccarat';
import type { AtsWagerSettlement, AtsWagerShown, RapidOutcome, RapidTableTerms } from '@app/contracts';
import { coupOf } from '../table/rapid-table-outcome.decider';

interface TableSettlementTerms {
  readonly rulebook: Rulebook;
  readonly commissionFirst: string;
  readonly bets: Partial<Record<BetId, BetTerms>>;
}
// A settlement settles every account of a table on the same terms object: what they imply is worked out once.
const settlementTerms = new WeakMap<RapidTableTerms, TableSettlementTerms>();
const termsOf = (terms: RapidTableTerms): TableSettlementTerms => {
  let found = settlementTerms.get(terms);
  if (!found) {
    const rulebook = rulebookById(terms.rulebookId);
    const bets: Partial<Record<BetId, BetTerms>> = {};
    for (const b of terms.offeredBets) bets[b.bet as BetId] = { option: b.option, commission: 'immediate' };
    found = { rulebook, commissionFirst: atsPoliciesFor(rulebook).settlement.commissionDeductedBeforeCredit.clause, bets };
    settlementTerms.set(terms, found);
  }
  return found;
};

/**
 * A win's winnings and commission as the rulebook states its odds (4.8.2(a): commission is deducted from the payout):
 * where the rulebook's entry pays odds less a commission, the winnings are at those odds and the commission is what
 * they are paid less, whatever the engine's line says (Rapid 10.1 Crown Baccarat, a Banker win with 6: "1 to 1 less
 * 50% commission", which the engine pays as 1 to 2 with no commission). The credit is the engine's, to the cent.
 */
const asTheRulebookStates = (rulebook: Rulebook, wager: Wager, option: string, coup: CoupOutcome, s: WagerSettlement): { winnings: number; commission: number } => {
  const paid = { winnings: s.winnings, commission: s.commissionImmediate };
  if (s.outcome !== 'win') return paid;
  const keys = payLineKeys(wager, coup);
  const line = keys === 'not-offered' ? undefined : chooseLine(enginePayTable(wager.bet, option), keys);
  const entry = line?.key === undefined ? undefined : payEntry(rulebook, wager.bet, option, line.key);
  if (!entry?.odds || !entry.commission) return paid;
  const winnings = winningsAt(s.atRisk, { win: entry.odds.num, stake: entry.odds.den });
  const commission = winnings - (s.winnings - s.commissionImmediate);
  return commission >= 0 ? { winnings, commission } : paid;
};

export const settleAtsWagers = (wagers: readonly AtsWagerShown[], outcome: RapidOutcome, terms: RapidTableTerms): AtsWagerSettlement[] => {
  const { rulebook, commissionFirst, bets } = termsOf(terms);
  const engineWagers: Wager[] = wagers.map((w, i) => ({ id: String(i), bet: w.bet as BetId, amount: w.amountCents, ...(w.side ? { side: w.side } : {}) }));
  // Limits were applied when the ATS showed the wagers (5.3); no differential, no minimum chip.
  const coup = coupOf(outcome);
  const { settlements } = settleCoup(engineWagers, coup, { rules: 'crown-melbourne', bets });
  return settlements.map((s, i) => {
    const w = wagers[i];
    const option = bets[w.bet as BetId]!.option;
    const payTable = payTableFor(rulebook, w.bet as BetId, option);
    // The rulebook names what a stand-off is: Rapid 10.1 "a wager placed on the Player and/or the Banker will be void" on a Tie.
    const tieEntry = outcome.result === 'tie' ? payTableEntry(payTable, 'tie') : undefined;
    const resolution = s.outcome === 'push' && tieEntry?.resolution === 'void' ? 'void' : s.outcome;
    const { winnings, commission } = asTheRulebookStates(rulebook, engineWagers[i], option, coup, s);
    return {
      bet: w.bet,
      ...(w.side ? { side: w.side } : {}),
      option,
      amountCents: w.amountCents,
      outcome: resolution,
      stakeReturnedCents: s.stakeReturned,
      winningsCents: winnings,
      commissionCents: commission,
      creditCents: s.stakeReturned + winnings - commission,
      clause: tieEntry && resolution === 'void' ? tieEntry.clause : commission > 0 ? `${payTable.clause}; ${commissionFirst}` : payTable.clause,
    };
  });
};

/**
 * Wagers void after their settlement (11.16: the records cannot confirm them): each returns its stake and wins
 * nothing, whatever the outcome. Pure.
 */
export const voidAtsWagers = (wagers: readonly AtsWagerShown[], terms: RapidTableTerms, clause: string): AtsWagerSettlement[] =>
  wagers.map((w) => ({
    bet: w.bet,
    ...(w.side ? { side: w.side } : {}),
    option: terms.offeredBets.find((b) => b.bet === w.bet)?.option ?? '',
    amountCents: w.amountCents,
    outcome: 'void',
    stakeReturnedCents: w.amountCents,
    winningsCents: 0,
    commissionCents: 0,
    creditCents: w.amountCents,
    clause,
  }));
