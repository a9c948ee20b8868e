/**
 * An ATS chip account (Rapid 6): every movement of its balance is an event, and the balance is their sum.
 * The events are the published contract (libs/contracts/src/rapid.events.ts); here are the state and evolve.
 */
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import type { AtsAccountEvent, AtsTournamentAccountOpened, AtsUnrecoveredSetOff, AtsWagerSettlement, AtsWagerShown, RapidRoundRef, RapidStation } from '@app/contracts';

export type { AtsAccountEvent } from '@app/contracts';

export interface AccountRound {
  readonly roundId: string;
  /** The round's number at the table (8.1), as its events carried it. */
  readonly roundNumber?: number;
  readonly wagers: readonly AtsWagerShown[];
  readonly stakedCents: number;
  /**
   * What the account held for the round when its layout was last shown: the balance with the round's stake on the
   * layout (4.1). The most any wagers of the round may total, those the records confirm after a malfunction too
   * (11.14(b)), whatever later rounds moved the balance.
   */
  readonly heldCents: number;
  /** placed: on the layout; settled: credited (4.8); returned: not recognised or void. */
  readonly status: 'placed' | 'settled' | 'returned';
  readonly creditCents: number;
  readonly settlements: readonly AtsWagerSettlement[];
  /**
   * The tournament's compulsory minimum deducted in the round for want of a wager (Rapid 12.2.1(c)); absent: none. Part of
   * the round's result, so a later adjustment that finds the player could not wager, or did, returns it.
   */
  readonly deductedCents?: number;
  /**
   * How much of the round's credit was set off against what the player kept of earlier recoveries (11.11 with 6.7.1),
   * by the rounds it was set against, oldest set-off first; absent: none. A later recalculation reducing the round's
   * credit undoes it first (`setOffUndone`).
   */
  readonly setOff?: AtsUnrecoveredSetOff['rounds'];
}

export interface AtsAccountState {
  readonly exists: boolean;
  readonly accountId: string;
  readonly tableId: string;
  readonly atsId: string;
  readonly station: RapidStation | null;
  readonly rulebookId: string;
  readonly status: 'open' | 'awaiting-manual-payment' | 'closed';
  readonly balanceCents: number;
  /** Σ movementCents of every event: equals the balance by construction, kept to prove it. */
  readonly movementsCents: number;
  /** The rounds whose outcome is being recalculated while the account is frozen (11.11); each released on its own. */
  readonly frozenForRounds: readonly string[];
  /** The last time the account was frozen (11.11), from the first freeze to the last release (`to` null: still frozen). */
  readonly lastFreeze?: { readonly from: string; readonly to: string | null };
  /**
   * The highest round number (8.1) the account has had settled, returned or a minimum deducted in: a settlement of a
   * round at or below it that the account no longer keeps is a repeat, and moves nothing (no second credit or deduction).
   */
  readonly settledThrough?: number;
  readonly rounds: Readonly<Record<string, AccountRound>>;
  readonly roundOrder: readonly string[];
  /** How it was paid out (6.7), and the round at the table then (8.1), which a manual payment of the ticket names too. */
  readonly cashOut: { readonly method: 'chips' | 'ticket'; readonly amountCents: number; readonly ticketPrinted: boolean | null; readonly round?: RapidRoundRef } | null;
  /** Owed to the player after the account was paid out and closed: a recalculation in their favour (11.11 with 6.7). */
  readonly owedToPlayerCents: number;
  /** The rounds whose recalculation left `owedToPlayerCents` owed, until it is paid. */
  readonly owedForRounds: readonly RapidRoundRef[];
  /**
   * What recalculations could not take back from the account and the player kept (11.11), by the round it came from, in
   * the order it arose: the account's balance as corrected is what the player is entitled to (6.7.1), so a later
   * difference in the player's favour is set off against it before anything is credited or owed.
   */
  readonly unrecovered: readonly UnrecoveredFromRound[];
  /** The player at the ATS asked for the payout in chips (6.7.1), when; the Dealer's payout clears it. */
  readonly payoutRequestedAt: string | null;
  /** A tournament account: the session it was credited for (12.2.1(b)); null for a player's own account. */
  readonly tournament: {
    readonly tournamentId: string;
    readonly sessionId: string;
    readonly entryId: string;
    /** The session's wager limits in tournament chips (Rapid 12.2.1(c)); null: the table's apply. */
    readonly wagerLimits: { readonly minCents: number; readonly maxCents: number } | null;
    /** The conditions' compulsory wager: the minimum deducted in a round without a wager (Rapid 12.2.1(c)); absent: none. */
    readonly compulsoryWager?: AtsTournamentAccountOpened['compulsoryWager'];
    /** The tournament was cancelled and the account disposed of with it (Rapid 12.3.2, 12.2.1(b)); absent: not cancelled. */
    readonly cancelled?: { readonly reason: string; readonly cancelledAt: string; readonly clause: string };
  } | null;
}

/**
 * Rounds kept per account for corrections (11.11): as many as the SGC holds of the table's (the rulebook data's
 * `sgc.roundsHeld`, Rapid 11.11, 11.12, 13.9), so every round held has the account's part in it; older ones are in the history.
 */
const accountRoundsKept = (rulebookId: string): number => atsPoliciesFor(rulebookById(rulebookId)).sgc.roundsHeld.count;

export const initialAtsAccountState = (): AtsAccountState => ({
  exists: false,
  accountId: '',
  tableId: '',
  atsId: '',
  station: null,
  rulebookId: '',
  status: 'open',
  balanceCents: 0,
  movementsCents: 0,
  frozenForRounds: [],
  rounds: {},
  roundOrder: [],
  cashOut: null,
  payoutRequestedAt: null,
  owedToPlayerCents: 0,
  owedForRounds: [],
  unrecovered: [],
  tournament: null,
});

/** What the player kept of a round's recovery that could not be made (11.11), until set off. */
export interface UnrecoveredFromRound {
  readonly roundId: string;
  readonly roundNumber?: number;
  readonly amountCents: number;
}

/**
 * The account's unrecovered amounts after a recalculation or a credit from play (a settlement, wagers returned): one not
 * recovered is added; a set-off takes from the rounds it names (11.11 with 6.7.1).
 */
const withUnrecovered = (
  kept: readonly UnrecoveredFromRound[],
  e: { readonly roundId: string; readonly roundNumber?: number; readonly unrecoveredCents?: number; readonly setOff?: AtsUnrecoveredSetOff; readonly setOffUndone?: AtsUnrecoveredSetOff },
): readonly UnrecoveredFromRound[] => {
  if (e.setOffUndone) {
    // A set-off undone gives the kept money back to the rounds it came from; the rest is this round's own (11.11).
    let back = kept;
    for (const r of e.setOffUndone.rounds) back = withUnrecovered(back, { roundId: r.roundId, roundNumber: r.roundNumber, unrecoveredCents: r.amountCents });
    return withUnrecovered(back, { roundId: e.roundId, roundNumber: e.roundNumber, unrecoveredCents: (e.unrecoveredCents ?? 0) - e.setOffUndone.amountCents });
  }
  if (e.setOff) {
    const taken = new Map(e.setOff.rounds.map((r) => [r.roundId, r.amountCents]));
    return kept.map((r) => ({ ...r, amountCents: r.amountCents - (taken.get(r.roundId) ?? 0) })).filter((r) => r.amountCents > 0);
  }
  const cents = e.unrecoveredCents ?? 0;
  if (cents <= 0) return kept;
  const same = kept.find((r) => r.roundId === e.roundId);
  return same ? kept.map((r) => (r === same ? { ...r, amountCents: r.amountCents + cents } : r)) : [...kept, { roundId: e.roundId, ...(e.roundNumber ? { roundNumber: e.roundNumber } : {}), amountCents: cents }];
};

/**
 * The round's credit set off so far (11.11 with 6.7.1): a set-off adds to it, a set-off undone takes from it, the
 * newest first (by the rounds it names); a new settlement or wagers returned starts it again.
 */
const roundSetOff = (
  before: AccountRound['setOff'],
  e: { readonly setOff?: AtsUnrecoveredSetOff; readonly setOffUndone?: AtsUnrecoveredSetOff },
): { setOff?: AccountRound['setOff'] } => {
  let rounds = [...(before ?? []), ...(e.setOff?.rounds ?? [])];
  for (const u of e.setOffUndone?.rounds ?? []) {
    let left = u.amountCents;
    rounds = rounds
      .reverse()
      .map((r) => {
        if (r.roundId !== u.roundId || left <= 0) return r;
        const taken = Math.min(left, r.amountCents);
        left -= taken;
        return { ...r, amountCents: r.amountCents - taken };
      })
      .reverse()
      .filter((r) => r.amountCents > 0);
  }
  return { setOff: rounds.length ? rounds : undefined };
};

const moved = (s: AtsAccountState, e: { movementCents: number; balanceAfterCents: number }): AtsAccountState => ({
  ...s,
  balanceCents: e.balanceAfterCents,
  movementsCents: s.movementsCents + e.movementCents,
});

const withRound = (s: AtsAccountState, roundId: string, change: (r: AccountRound | undefined) => AccountRound): AtsAccountState => {
  const isNew = !s.rounds[roundId];
  const rounds: Record<string, AccountRound> = { ...s.rounds, [roundId]: change(s.rounds[roundId]) };
  let order = isNew ? [...s.roundOrder, roundId] : s.roundOrder;
  const kept = s.rulebookId ? accountRoundsKept(s.rulebookId) : order.length;
  if (order.length > kept) {
    for (const old of order.slice(0, order.length - kept)) delete rounds[old];
    order = order.slice(order.length - kept);
  }
  return { ...s, rounds, roundOrder: order };
};

/** The account has had round `roundNumber` settled (8.1): a later settlement of it, once no longer kept, is a repeat. */
const settledThrough = (s: AtsAccountState, e: { readonly roundNumber?: number }): AtsAccountState =>
  e.roundNumber && e.roundNumber > (s.settledThrough ?? 0) ? { ...s, settledThrough: e.roundNumber } : s;

const numbered = (e: { readonly roundNumber?: number }): { roundNumber?: number } => (e.roundNumber ? { roundNumber: e.roundNumber } : {});

const EMPTY = (roundId: string): AccountRound => ({ roundId, wagers: [], stakedCents: 0, heldCents: 0, status: 'placed', creditCents: 0, settlements: [] });

export const evolveAtsAccount = (s: AtsAccountState, e: AtsAccountEvent): AtsAccountState => {
  switch (e.type) {
    case 'AtsAccountOpened':
      return moved(
        { ...s, exists: true, accountId: e.accountId, tableId: e.tableId, atsId: e.atsId, station: e.station, rulebookId: e.rulebookId, status: 'open' },
        e,
      );
    case 'AtsAccountCredited':
      return moved(s, e);
    case 'AtsWagersShown':
      return withRound(moved(s, e), e.roundId, (r) => ({ ...(r ?? EMPTY(e.roundId)), ...numbered(e), wagers: e.wagers, stakedCents: e.totalCents, heldCents: e.balanceAfterCents + e.totalCents }));
    case 'AtsWagersSettled':
      return withRound(settledThrough({ ...moved(s, e), unrecovered: withUnrecovered(s.unrecovered, e) }, e), e.roundId, (r) => ({ ...(r ?? EMPTY(e.roundId)), ...numbered(e), status: 'settled', creditCents: e.creditCents, settlements: e.settlements, ...roundSetOff(undefined, e) }));
    case 'AtsWagersReturned':
      return withRound(settledThrough({ ...moved(s, e), unrecovered: withUnrecovered(s.unrecovered, e) }, { roundNumber: s.rounds[e.roundId]?.roundNumber }), e.roundId, (r) => ({ ...(r ?? EMPTY(e.roundId)), status: 'returned', creditCents: e.stakedCents, settlements: [], ...roundSetOff(undefined, e) }));
    case 'AtsAccountFrozen':
      if (s.frozenForRounds.includes(e.roundId)) return s;
      return { ...s, frozenForRounds: [...s.frozenForRounds, e.roundId], lastFreeze: s.frozenForRounds.length && s.lastFreeze ? s.lastFreeze : { from: e.frozenAt, to: null } };
    case 'AtsSettlementRecalculated': {
      // A round the account no longer keeps (an earlier round dealt with by the Casino Supervisor) is not taken back in:
      // the balance moves, and the round is read from the history again whenever it is dealt with (Rapid 13.9).
      // What is owed to the player who left moves all the same (11.11 with 6.7).
      const kept = { ...moved(s, e), unrecovered: withUnrecovered(s.unrecovered, e) };
      const next = !s.rounds[e.roundId] ? kept : withRound(kept, e.roundId, (r) => ({
        ...(r ?? EMPTY(e.roundId)),
        ...(e.wagers ? { wagers: e.wagers, stakedCents: e.stakedCents ?? 0 } : {}),
        // Confirmed wagers below the permitted aggregate are returned, not recognised for the coup (5.3.3).
        status: e.notRecognised ? 'returned' : 'settled',
        creditCents: e.creditCents,
        settlements: e.settlements,
        // The compulsory minimum returned (12.2.1(c) with 11.14-11.16): the round no longer carries it.
        ...(e.minimumReturned ? { deductedCents: 0 } : {}),
        ...roundSetOff(r?.setOff, e),
      }));
      // A ticket not yet paid is reduced by what the balance could not give back (6.7.2(b) with 11.11); nothing left, nothing due.
      const ticket = e.unpaidTicket;
      const withTicket = ticket && next.cashOut ? { ...next, cashOut: { ...next.cashOut, amountCents: ticket.owedAfterCents }, status: ticket.owedAfterCents > 0 ? next.status : ('closed' as const) } : next;
      if (e.owedToPlayerCents === undefined) return withTicket;
      // The rounds behind what is owed, until it is paid (11.11 with 6.7): the register names each by its number (8.1).
      const owedForRounds = e.owedToPlayerCents <= 0 ? [] : s.owedForRounds.some((x) => x.roundId === e.roundId) ? s.owedForRounds : [...s.owedForRounds, { roundId: e.roundId, ...numbered(e) }];
      return { ...withTicket, owedToPlayerCents: e.owedToPlayerCents, owedForRounds };
    }
    case 'AtsOwedAmountPaid':
      return { ...moved(s, e), owedToPlayerCents: e.balanceAfterCents, owedForRounds: e.balanceAfterCents > 0 ? s.owedForRounds : [] };
    case 'AtsAccountReleased': {
      const frozenForRounds = s.frozenForRounds.filter((id) => id !== e.roundId);
      const lastFreeze = frozenForRounds.length === 0 && s.lastFreeze ? { ...s.lastFreeze, to: e.releasedAt } : s.lastFreeze;
      return { ...s, frozenForRounds, ...(lastFreeze ? { lastFreeze } : {}) };
    }
    case 'AtsChipPayoutRequested':
      return { ...s, payoutRequestedAt: e.requestedAt };
    case 'AtsAccountCashedOut':
      return { ...moved(s, e), payoutRequestedAt: null, status: e.ticketPrinted === false ? 'awaiting-manual-payment' : 'closed', cashOut: { method: e.method, amountCents: e.amountCents, ticketPrinted: e.ticketPrinted, ...(e.roundId ? { round: { roundId: e.roundId, ...numbered(e) } } : {}) } };
    case 'AtsManualPaymentRecorded':
      return { ...s, status: 'closed' };
    case 'AtsTournamentAccountOpened':
      return moved(
        {
          ...s,
          exists: true,
          accountId: e.accountId,
          tableId: e.tableId,
          atsId: e.atsId,
          station: e.station,
          rulebookId: e.rulebookId,
          status: 'open',
          tournament: { tournamentId: e.tournamentId, sessionId: e.sessionId, entryId: e.entryId, wagerLimits: e.wagerLimits ?? null, ...(e.compulsoryWager ? { compulsoryWager: e.compulsoryWager } : {}) },
        },
        e,
      );
    case 'AtsTournamentBalanceDisposed':
      return { ...moved(s, e), status: 'closed', tournament: s.tournament && e.cancelled ? { ...s.tournament, cancelled: e.cancelled } : s.tournament };
    case 'AtsTournamentMinimumDeducted':
      // The round is settled for the account: nothing wagered, the minimum deducted (12.2.1(c)).
      return withRound(settledThrough(moved(s, e), e), e.roundId, (r) => ({ ...(r ?? EMPTY(e.roundId)), ...numbered(e), status: 'settled', creditCents: 0, settlements: [], deductedCents: e.amountCents, heldCents: e.balanceAfterCents + e.amountCents }));
    case 'AtsTournamentCorrectionReferred':
      // Referred to the Tournament Director: the disposed balance does not move (12.2.1(b)).
      return s;
    default: {
      const never: never = e;
      return never;
    }
  }
};

/**
 * What the account's round counts for the coup in the round's totals: wagers which are in aggregate less than the
 * permitted aggregate wager (if any, `aggregateMinimumCents`) are not recognised for the coup (Rapid 5.3.3), nor are
 * void ones (11.14-11.16): returned, neither staked nor credited; settled wagers count as staked and as credited (4.8).
 * Wagers still on the layout, or no round, count for nothing yet. The one place the rule is written: the settlement
 * asks it of the wagers at expiry, and the adjustment after a malfunction of the wagers the records confirm (11.14(b)).
 */
export const recognisedForCoup = (
  round: Pick<AccountRound, 'status' | 'stakedCents' | 'creditCents'> | undefined,
  aggregateMinimumCents: number | null = null,
): { stakedCents: number; creditedCents: number } | null => {
  if (!round || round.status === 'placed') return null;
  const belowAggregate = aggregateMinimumCents !== null && round.stakedCents < aggregateMinimumCents;
  return round.status === 'returned' || belowAggregate ? { stakedCents: 0, creditedCents: 0 } : { stakedCents: round.stakedCents, creditedCents: round.creditCents };
};

/** The wagers of the account still on the layout, unsettled (the round they are in). */
export const roundInPlay = (s: AtsAccountState): AccountRound | undefined =>
  s.roundOrder.map((id) => s.rounds[id]).find((r) => r && r.status === 'placed' && r.stakedCents > 0);
