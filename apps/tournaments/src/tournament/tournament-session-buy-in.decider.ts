/**
 * The buy-in before each session (Star 15.1.1 'buy-in', 15.6.2): every seated player provides the price the terms
 * set and receives the session's chips; one who cannot is eliminated and the entry fee is not refunded (Star
 * 15.6.3). Where the rulebook says nothing of an unpaid buy-in (`unpaid: null`), the director seats only players
 * who paid. The price goes into the prize pool where the terms put fees, as re-buys do.
 */
import type { TournamentRules } from '@app/baccarat';
import { ruleViolation } from '@app/contracts';
import type { StartSession } from './tournament-command.types';
import { clauseOf } from './tournament-rules.decider';
import type { TournamentEvent, TournamentState } from './tournament.events';

export interface SessionBuyIns {
  /** The seated entries who provided the buy-in (all of them when there is none). */
  readonly paid: readonly string[];
  readonly notProvided: TournamentEvent | null;
  readonly buyInCents: number;
  readonly prizePoolAfterCents: number;
  readonly clauses: readonly string[];
}

export const sessionBuyIns = (c: StartSession, s: TournamentState, t: TournamentRules): SessionBuyIns => {
  const seated = c.seating.map((x) => x.entryId);
  const unpaid = c.buyInNotProvided ?? [];
  const rule = t.chipPurchases.sessionBuyIn;
  const price = s.terms.buyIns?.buyInCents ?? 0;
  if (new Set(unpaid).size !== unpaid.length) throw ruleViolation('BUY_IN_LISTED_TWICE', 'Name each player who could not provide the buy-in once.', rule.clause, 'buyInNotProvided');
  const stranger = unpaid.find((id) => !seated.includes(id));
  if (stranger) throw ruleViolation('BUY_IN_PLAYER_NOT_SEATED', `Entry ${stranger} is not in the seating: list only seated players who could not provide the buy-in.`, rule.clause, 'buyInNotProvided');
  if (unpaid.length > 0 && price <= 0) {
    throw ruleViolation('NO_BUY_IN', 'The terms set no buy-in for a session: leave buyInNotProvided empty, or amend the terms first.', clauseOf(t, 'buyIns'), 'buyInNotProvided');
  }
  if (unpaid.length > 0 && !rule.unpaid) {
    throw ruleViolation('BUY_IN_NOT_PROVIDED', 'Seat only players who provided the buy-in; what happens to the others is for the terms (refunds, withdrawal).', rule.clause, 'buyInNotProvided');
  }
  const paid = seated.filter((id) => !unpaid.includes(id));
  if (paid.length === 0) throw ruleViolation('NO_PLAYER_PAID_BUY_IN', 'No seated player provided the buy-in: a session needs at least one player.', rule.clause, 'buyInNotProvided');
  const intoPool = price > 0 && (s.terms.prizePool?.entryFeesIncluded ?? false);
  const notProvided: TournamentEvent | null =
    unpaid.length > 0 && rule.unpaid
      ? { type: 'TournamentBuyInNotProvided', tournamentId: s.tournamentId, sessionId: c.sessionId, entryIds: unpaid, refundCents: 0, eliminatedAt: c.now, clause: rule.unpaid.clause }
      : null;
  return {
    paid,
    notProvided,
    buyInCents: price,
    prizePoolAfterCents: s.prizePoolCents + (intoPool ? price * paid.length : 0),
    clauses: [...(price > 0 ? [rule.clause] : []), ...(intoPool ? [t.chipPurchases.feeToPrizePool.clause] : [])],
  };
};
