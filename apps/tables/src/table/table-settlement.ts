/**
 * The bridge between the table's wagers and libs/baccarat's settlement: builds the engine's TableTerms from the
 * table configuration and maps engine settlements to the contract's WagerSettlement. Pure. Every payout,
 * commission, limit, differential and chip rounding is computed by libs/baccarat (`settleCoup`, `settleRun`,
 * `settleDragonTail`, `settleThreeCardRound`); nothing here re-implements a pay table.
 */
import {
  parseCard,
  playCoup,
  settleCoup,
  settleDragonTail,
  settleRun,
  settleThreeCardRound,
  type BetId,
  type BetTerms,
  type CoupOutcome,
  type CoupRecord,
  type DragonTailWager,
  type RunWager,
  type TableTerms,
  type ThreeCardOutcome,
  type Wager,
  type WagerSettlement as EngineSettlement,
} from '@app/baccarat';
import type { TableLimits, WagerSettlement } from '@app/contracts';
import type { DealtCard, PendingMultiCoup, Seat, TableState, TableWager } from './table.events';

export const limitRulesFor = (citation: string): TableTerms['rules'] => (citation.startsWith('Star') ? 'star-sydney' : 'crown-melbourne');

/** The table's terms for libs/baccarat: pay-table option per bet, limits, differential and minimum chip. */
export const tableTerms = (
  state: Pick<TableState, 'offeredBets' | 'limits' | 'minimumChipCents'>,
  citation: string,
  commission: 'immediate' | 'deferred' = 'immediate',
  individualMaximumCents: number | null = null,
): TableTerms => {
  const bets: Partial<Record<BetId, BetTerms>> = {};
  for (const b of state.offeredBets) {
    bets[b.bet as BetId] = {
      option: b.option,
      commission,
      ...(state.limits.tableDifferentialCents !== undefined ? { differential: state.limits.tableDifferentialCents } : {}),
    };
  }
  return {
    rules: limitRulesFor(citation),
    bets,
    limits: engineLimits(state.limits, individualMaximumCents),
    ...(state.limits.tableDifferentialCents !== undefined ? { differential: state.limits.tableDifferentialCents } : {}),
    ...(state.minimumChipCents > 0 ? { minimumChip: state.minimumChipCents } : {}),
  };
};

const engineLimits = (limits: TableLimits, individualMaximumCents: number | null): TableTerms['limits'] => {
  const out: Partial<Record<BetId, { min: number; max: number }>> = {};
  for (const [bet, l] of Object.entries(limits.perBet)) {
    out[bet as BetId] = { min: l.minimumCents, max: individualMaximumCents === null ? l.maximumCents : Math.max(l.maximumCents, individualMaximumCents) };
  }
  return out;
};

export const toEngineWager = (w: TableWager): Wager => ({
  id: w.wagerId,
  bet: w.bet as BetId,
  amount: w.amountCents,
  ...(w.side ? { side: w.side } : {}),
  ...(w.originalWagerCents !== undefined ? { originalWager: w.originalWagerCents } : {}),
});

export const toContractSettlement = (w: TableWager, s: EngineSettlement): WagerSettlement => {
  const last = s.explanation[s.explanation.length - 1];
  const odds = [...s.explanation].reverse().find((x) => x.odds !== undefined)?.odds ?? '';
  return {
    wagerId: w.wagerId,
    box: w.box,
    patronId: w.patronId,
    bet: w.bet,
    option: w.option,
    amountCents: w.amountCents,
    outcome: s.outcome,
    winCents: s.winnings,
    returnedCents: s.stakeReturned,
    commissionImmediateCents: s.commissionImmediate,
    commissionDeferredCents: s.commissionDeferred,
    odds,
    clause: last?.clause ?? '',
  };
};

/** A wager handed back untouched (void coup, dummy coup, voided wager). */
export const voidSettlement = (w: TableWager, clause: string): WagerSettlement => ({
  wagerId: w.wagerId,
  box: w.box,
  patronId: w.patronId,
  bet: w.bet,
  option: w.option,
  amountCents: w.amountCents,
  outcome: 'void',
  winCents: 0,
  returnedCents: w.amountCents,
  commissionImmediateCents: 0,
  commissionDeferredCents: 0,
  odds: '',
  clause,
});

export const coupOutcomeOf = (cards: readonly DealtCard[]): CoupOutcome => playCoup(cards.map((c) => parseCard(c.card)));

/**
 * Settles wagers that are settled together under the table's terms (`settle` gets the terms and returns one engine
 * settlement per wager, in order). The table differential and limits act on the whole coup, so every call settles
 * every wager; boxes with deferred commission (Crown Melbourne 9.3.1) or an individual limit (Crown Melbourne 6.6,
 * Star 6.8) take their settlement from the call with their own terms. With neither, this is exactly one call.
 */
const settleWithSeatTerms = (
  state: TableState,
  citation: string,
  wagers: readonly TableWager[],
  settle: (terms: TableTerms) => readonly EngineSettlement[],
): WagerSettlement[] => {
  if (wagers.length === 0) return [];
  const profileOf = (w: TableWager): string => {
    const seat: Seat | undefined = state.seats[String(w.box)];
    const sameSession = seat && (w.sessionId === null || w.sessionId === seat.sessionId);
    return `${sameSession && seat.deferredCommission ? 'deferred' : 'immediate'}|${sameSession ? (seat.individualMaximumCents ?? '') : ''}`;
  };
  const cache = new Map<string, readonly EngineSettlement[]>();
  return wagers.map((w, i) => {
    const profile = profileOf(w);
    let settled = cache.get(profile);
    if (!settled) {
      const [commission, individual] = profile.split('|');
      settled = settle(tableTerms(state, citation, commission as 'immediate' | 'deferred', individual === '' ? null : Number(individual)));
      cache.set(profile, settled);
    }
    return toContractSettlement(w, settled[i]);
  });
};

/** Settles a coup's single-coup wagers with `settleCoup` (limits, differential, commission, chip rounding). */
export const settleSingleCoupWagers = (
  state: TableState,
  citation: string,
  wagers: readonly TableWager[],
  coup: CoupOutcome,
): WagerSettlement[] => {
  const engineWagers = wagers.map(toEngineWager);
  return settleWithSeatTerms(state, citation, wagers, (terms) => settleCoup(engineWagers, coup, terms).settlements);
};

/**
 * Settles Three Card Baccarat wagers, each against its betting area's outcome, with `settleThreeCardRound`: the
 * table's maximum (Crown Melbourne 6.3.2, or an individual one, 6.6), minimum (6.3.1) and minimum chip (6.3.3)
 * apply as in the Traditional game (Crown Melbourne 12.1).
 */
export const settleThreeCardWagers = (
  state: TableState,
  citation: string,
  wagers: readonly TableWager[],
  outcomeOf: (w: TableWager) => ThreeCardOutcome,
): WagerSettlement[] => {
  const entries = wagers.map((w) => ({ wager: toEngineWager(w), outcome: outcomeOf(w) }));
  return settleWithSeatTerms(state, citation, wagers, (terms) => settleThreeCardRound(entries, terms));
};

/** Runs and Dragon Tail after one more entry in their history: the ones that are now decided. */
export const settleMultiCoup = (
  pending: readonly PendingMultiCoup[],
  entry: CoupRecord,
  optionOf: (bet: string) => string,
): WagerSettlement[] => {
  const out: WagerSettlement[] = [];
  for (const p of pending) {
    const history = [...p.history, entry];
    const terms: BetTerms = { option: optionOf(p.wager.bet) };
    const status = p.wager.bet.startsWith('runs-')
      ? settleRun({ ...toEngineWager(p.wager), length: p.wager.length ?? 0, ...(p.wager.sequence ? { sequence: p.wager.sequence } : {}) } as RunWager, history, terms)
      : settleDragonTail(
          { ...toEngineWager(p.wager), side: p.wager.side ?? 'banker', ...(p.wager.indicatorAtPlacement !== undefined ? { indicatorAtPlacement: p.wager.indicatorAtPlacement } : {}) } as DragonTailWager,
          history,
          terms,
        );
    if (status.status === 'settled') out.push(toContractSettlement(p.wager, status.settlement));
  }
  return out;
};
