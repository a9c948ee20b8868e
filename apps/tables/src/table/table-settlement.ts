/**
 * The bridge between the table's wagers and libs/baccarat's settlement: builds the engine's TableTerms from the
 * table configuration and maps engine settlements to the contract's WagerSettlement. Pure. Every payout,
 * commission, limit, differential and chip rounding is computed by libs/baccarat (`settleCoup`, `settleRun`,
 * `settleDragonTail`, `settleThreeCardRound`); nothing here re-implements a pay table.
 */
import {
  parseCard,
  payClauses,
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
import { oneOneTwoSideWagerAt, type Rulebook } from '../engine-adapter/rulebooks';
import type { DealtCard, PendingMultiCoup, Seat, TableState, TableWager } from './table.events';
import { limitsInForce, tournamentWagersAsPlayed } from './table-tournament-mode';

/**
 * The table's terms for libs/baccarat: pay-table option per bet (1-1-2 with the table's Side Wager) and the clause
 * the rulebook cites for each of its pay lines, limits, the rulebook's clauses, and the minimum chip where the rulebook rounds payments to chips. No table differential:
 * a reduction to it is the dealer's recorded choice before the first card (`reducedToCents`), never made at
 * settlement (Crown Melbourne 6.4, Star 6.2-6.3).
 */
export const tableTerms = (
  state: Pick<TableState, 'offeredBets' | 'limits' | 'minimumChipCents' | 'tournamentId' | 'tournamentSession'>,
  rulebook: Rulebook,
  commission: 'immediate' | 'deferred' = 'immediate',
  individualMaximumCents: number | null = null,
  individualMinimumCents: number | null = null,
): TableTerms => {
  const bets: Partial<Record<BetId, BetTerms>> = {};
  const oneOneTwoSideBet = oneOneTwoSideWagerAt(rulebook, state.offeredBets);
  for (const b of state.offeredBets) {
    bets[b.bet as BetId] = {
      option: b.option,
      commission,
      // Crown Melbourne 6.5: the differential above which an arrangement's extra commission is due.
      ...(state.limits.tableDifferentialCents !== undefined ? { differential: state.limits.tableDifferentialCents } : {}),
      ...(b.bet === 'one-one-two' && oneOneTwoSideBet ? { oneOneTwoSideBet } : {}),
      // Every payout cites the clause of the rulebook in force, as it cites it (Star 2024 11.1.3, Crown Melbourne 9.1 Table 3).
      payClauses: payClauses(rulebook, b.bet as BetId, b.option),
    };
  }
  return {
    rules: 'crown-melbourne',
    clauses: rulebook.policies.settlementClauses,
    bets,
    limits: engineLimits(limitsInForce(state), individualMaximumCents, individualMinimumCents),
    ...(state.minimumChipCents > 0 && rulebook.policies.paymentsRoundedToChips ? { minimumChip: state.minimumChipCents } : {}),
  };
};

/**
 * What a wager was accepted for: as placed, up to the table (or the player's individual) maximum (Crown Melbourne
 * 6.3.2, 6.6; Star 6.5) and any reduction before the deal. The Lucky Tie split weighs Tie wagers by it (13.4.6(a)(ii)).
 */
export const acceptedCents = (state: Pick<TableState, 'limits' | 'seats' | 'offeredBets' | 'tournamentId' | 'tournamentSession'>, w: TableWager): number => {
  const limits = limitsInForce(state).perBet[w.bet];
  const seat = state.seats[String(w.box)];
  const individual = seat && (w.sessionId === null || w.sessionId === seat.sessionId) ? seat.individualMaximumCents : null;
  const maximum = limits ? (individual === null ? limits.maximumCents : Math.max(limits.maximumCents, individual)) : Infinity;
  return Math.min(w.amountCents, maximum, w.reducedToCents ?? Infinity);
};

const engineLimits = (limits: TableLimits, individualMaximumCents: number | null, individualMinimumCents: number | null): TableTerms['limits'] => {
  const out: Partial<Record<BetId, { min: number; max: number }>> = {};
  for (const [bet, l] of Object.entries(limits.perBet)) {
    out[bet as BetId] = {
      min: individualMinimumCents ?? l.minimumCents,
      max: individualMaximumCents === null ? l.maximumCents : Math.max(l.maximumCents, individualMaximumCents),
    };
  }
  return out;
};

export const toEngineWager = (w: TableWager): Wager => ({
  id: w.wagerId,
  bet: w.bet as BetId,
  amount: w.amountCents,
  ...(w.side ? { side: w.side } : {}),
  ...(w.originalWagerCents !== undefined ? { originalWager: w.originalWagerCents } : {}),
  ...(w.reducedToCents !== undefined ? { reducedTo: w.reducedToCents } : {}),
  ...(w.overDifferentialArrangement ? { overDifferentialArrangement: true } : {}),
});

/**
 * A promotional token wager's stake is the token, never chips (Star 1.1 'Casino Promotional Token': winnings are paid
 * in chips): nothing of it is handed back in chips, whatever the outcome, and the settlement says it was a token. A
 * tournament chip wager's settlement says so too.
 */
const inChips = (w: TableWager, s: WagerSettlement): WagerSettlement => {
  if (w.medium === 'promotional-token') return { ...s, returnedCents: 0, medium: 'promotional-token' };
  // Tournament chips are won and handed back as tournament chips, which have no cash value (Crown Melbourne 14.4.4(a)).
  if (w.medium === 'tournament-chips') return { ...s, medium: 'tournament-chips' };
  return s;
};

/** The wager a settlement is of, as the contract names it. */
const wagerOf = (w: TableWager) => ({ wagerId: w.wagerId, box: w.box, patronId: w.patronId, bet: w.bet, option: w.option, amountCents: w.amountCents });

export const toContractSettlement = (w: TableWager, s: EngineSettlement): WagerSettlement => {
  const last = s.explanation[s.explanation.length - 1];
  const odds = [...s.explanation].reverse().find((x) => x.odds !== undefined)?.odds ?? '';
  return inChips(w, {
    ...wagerOf(w),
    outcome: s.outcome,
    winCents: s.winnings,
    returnedCents: s.stakeReturned,
    commissionImmediateCents: s.commissionImmediate,
    commissionDeferredCents: s.commissionDeferred,
    odds,
    clause: last?.clause ?? '',
    // What stood after the maximum and any reduction before the deal: the wager's turnover (Crown Melbourne 6.3.2, 6.4).
    inPlayCents: s.atRisk,
  });
};

/** A wager handed back untouched (void coup, dummy coup, voided wager). */
export const voidSettlement = (w: TableWager, clause: string): WagerSettlement =>
  inChips(w, {
    ...wagerOf(w),
    outcome: 'void',
    winCents: 0,
    returnedCents: w.amountCents,
    commissionImmediateCents: 0,
    commissionDeferredCents: 0,
    odds: '',
    clause,
  });

/** A wager forfeited on a void for fraud (Star 14.5): the stake is not returned. */
export const forfeitSettlement = (w: TableWager, clause: string): WagerSettlement => ({ ...voidSettlement(w, clause), outcome: 'lose', returnedCents: 0 });

export const coupOutcomeOf = (cards: readonly DealtCard[]): CoupOutcome => playCoup(cards.map((c) => parseCard(c.card)));

/**
 * Settles wagers that are settled together under the table's terms (`settle` gets the terms and returns one engine
 * settlement per wager, in order). The table differential and limits act on the whole coup, so every call settles
 * every wager; boxes with deferred commission (Crown Melbourne 9.3.1) or an individual limit (Crown Melbourne 6.6,
 * Star 6.8) take their settlement from the call with their own terms. With neither, this is exactly one call.
 */
const settleWithSeatTerms = (
  state: TableState,
  rulebook: Rulebook,
  wagers: readonly TableWager[],
  settle: (terms: TableTerms) => readonly EngineSettlement[],
): WagerSettlement[] => {
  if (wagers.length === 0) return [];
  const profileOf = (w: TableWager): string => {
    const seat: Seat | undefined = state.seats[String(w.box)];
    const sameSession = seat && (w.sessionId === null || w.sessionId === seat.sessionId);
    // Tournament chips pay their commission in chips at once (Crown Melbourne 14.4.4(a)): never a deferred cash debt.
    const deferred = sameSession && seat.deferredCommission && w.medium !== 'tournament-chips';
    return `${deferred ? 'deferred' : 'immediate'}|${sameSession ? (seat.individualMaximumCents ?? '') : ''}|${sameSession ? (seat.individualMinimumCents ?? '') : ''}`;
  };
  const cache = new Map<string, readonly EngineSettlement[]>();
  return wagers.map((w, i) => {
    const profile = profileOf(w);
    let settled = cache.get(profile);
    if (!settled) {
      const [commission, individual, minimum] = profile.split('|');
      settled = settle(tableTerms(state, rulebook, commission as 'immediate' | 'deferred', individual === '' ? null : Number(individual), minimum === '' ? null : Number(minimum)));
      cache.set(profile, settled);
    }
    return toContractSettlement(w, settled[i]);
  });
};

/**
 * Shares `total` among parts in proportion to `weights` (largest remainder: each part its share rounded down, the
 * minor units left over one each to the largest fractions, equal fractions to the part placed first), so the parts
 * add up to the total exactly. Weights all nil share nothing.
 */
export const apportion = (total: number, weights: readonly number[]): number[] => {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole <= 0 || total === 0) return weights.map(() => 0);
  const out = weights.map((w) => Math.floor((total * w) / whole));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, r: (total * w) % whole })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k].i] += 1;
  return out;
};

/**
 * The pieces of one wager: a player's chips on the same bet (side, pay-table option) of a box in the coup, in the order
 * placed. The chips on a betting area are one wager however many goes they were placed in (Star 15.6.14 says so of
 * tournament wagers; at the table a player's stack on the Banker is paid as one), so the wager is paid, commissioned
 * and rounded to the chip on its total as played (Star 11.1.3 at 19 to 20, 5.8), never piece by
 * piece: $40, $40 and $20 on the Banker pay as $100 does. Promotional tokens are not grouped: each is its voucher's.
 */
const oneWagerKey = (w: TableWager): string | null =>
  w.medium === 'promotional-token' ? null : `${w.medium ?? 'chips'}|${w.box}|${w.patronId ?? ''}|${w.sessionId ?? ''}|${w.bet}|${w.side ?? ''}|${w.option}`;

/**
 * One wager placed in pieces, settled whole, shared back among its pieces: the stake taken, the winnings and the
 * commission each apportioned by what each piece played (`apportion`), so the pieces add up to the wager's settlement
 * to the minor unit; each piece keeps its own amount and what it played.
 */
const apportionToPieces = (whole: WagerSettlement, pieces: readonly TableWager[], played: readonly number[]): WagerSettlement[] => {
  const taken = apportion(whole.amountCents - whole.returnedCents, played);
  const win = apportion(whole.winCents, played);
  const immediate = apportion(whole.commissionImmediateCents, played);
  const deferred = apportion(whole.commissionDeferredCents, played);
  return pieces.map((w, k) => ({
    ...whole,
    ...wagerOf(w),
    winCents: win[k],
    returnedCents: w.amountCents - taken[k],
    commissionImmediateCents: immediate[k],
    commissionDeferredCents: deferred[k],
    inPlayCents: played[k],
  }));
};

/**
 * Settles a coup's single-coup wagers with `settleCoup` (limits, commission, chip rounding). A further wager under
 * the minimum is returned regardless of the result (Crown Melbourne 6.3.1); the rest settle together. A tournament
 * wager the rulebook plays only in part (Star 15.6.14: `tournamentWagersAsPlayed`) is settled on what played, the
 * rest returned and said on the settlement (`notPlayed`), so the table's settlement is what the tournament scores.
 * A box's tournament-chip wagers on one bet are one wager (`oneWagerKey`): settled on their total as played, the
 * result apportioned among the pieces (`apportionToPieces`), as the tournament scores the bet's lines together.
 */
export const settleSingleCoupWagers = (
  state: TableState,
  rulebook: Rulebook,
  wagers: readonly TableWager[],
  coup: CoupOutcome,
): WagerSettlement[] => {
  const returned = wagers.filter((w) => w.belowMinimum?.effect === 'returned');
  const playing = returned.length === 0 ? wagers : wagers.filter((w) => w.belowMinimum?.effect !== 'returned');
  const asPlayed = tournamentWagersAsPlayed(rulebook, state, playing);
  // The engine plays `reducedTo` of a wager and hands the rest back, neither won nor lost.
  const engineWagers = playing.map((w) => {
    const e = toEngineWager(w);
    const p = asPlayed.get(w.wagerId);
    return p ? { ...e, reducedTo: Math.min(e.reducedTo ?? p.playedCents, p.playedCents) } : e;
  });
  // The wagers as settled: each alone, or the pieces of one wager together (indexes into `playing`).
  const groups = new Map<string, number[]>();
  const units: number[][] = [];
  playing.forEach((w, i) => {
    const key = oneWagerKey(w);
    const group = key === null ? undefined : groups.get(key);
    if (group) group.push(i);
    else {
      const unit = [i];
      units.push(unit);
      if (key !== null) groups.set(key, unit);
    }
  });
  const playedOf = (i: number): number => Math.min(engineWagers[i].amount, engineWagers[i].reducedTo ?? engineWagers[i].amount);
  const unitWagers = units.map((u) => (u.length === 1 ? playing[u[0]] : { ...playing[u[0]], amountCents: u.reduce((a, i) => a + playing[i].amountCents, 0) }));
  const unitEngine = units.map((u) => {
    if (u.length === 1) return engineWagers[u[0]];
    const amount = u.reduce((a, i) => a + engineWagers[i].amount, 0);
    const played = u.reduce((a, i) => a + playedOf(i), 0);
    return { ...engineWagers[u[0]], amount, ...(played < amount ? { reducedTo: played } : { reducedTo: undefined }) };
  });
  const settledUnits = settleWithSeatTerms(state, rulebook, unitWagers, (terms) => settleCoup(unitEngine.map(({ reducedTo, ...e }) => (reducedTo === undefined ? e : { ...e, reducedTo })), coup, terms).settlements);
  const byWager = new Map<string, WagerSettlement>();
  units.forEach((u, k) => {
    const pieces = u.map((i) => playing[i]);
    const settledPieces = u.length === 1 ? [settledUnits[k]] : apportionToPieces(settledUnits[k], pieces, u.map(playedOf));
    pieces.forEach((w, j) => byWager.set(w.wagerId, settledPieces[j]));
  });
  const settledAll = playing.map((w) => byWager.get(w.wagerId)!);
  const settled = asPlayed.size === 0 ? settledAll : settledAll.map((x) => { const p = asPlayed.get(x.wagerId); return p ? { ...x, notPlayed: p.notPlayed } : x; });
  return returned.length === 0 ? settled : [...settled, ...returned.map((w) => voidSettlement(w, w.belowMinimum!.clause))];
};

/**
 * Settles Three Card Baccarat wagers, each against its betting area's outcome, with `settleThreeCardRound`: the
 * table's maximum (Crown Melbourne 6.3.2, or an individual one, 6.6), minimum (6.3.1) and minimum chip (6.3.3)
 * apply as in the Traditional game (Crown Melbourne 12.1).
 */
export const settleThreeCardWagers = (
  state: TableState,
  rulebook: Rulebook,
  wagers: readonly TableWager[],
  outcomeOf: (w: TableWager) => ThreeCardOutcome,
): WagerSettlement[] => {
  const entries = wagers.map((w) => ({ wager: toEngineWager(w), outcome: outcomeOf(w) }));
  return settleWithSeatTerms(state, rulebook, wagers, (terms) => settleThreeCardRound(entries, terms));
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
