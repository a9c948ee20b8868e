/**
 * Who may take a betting area's Player or Banker Side Wager first (Crown Melbourne 5.8.3-5.8.7). Pure.
 *
 * The model, per coup, per betting area and per Side Wager on one hand (e.g. box 3's Player Pairs):
 * - first entitlement: the sessions holding a valid Player wager at that area take its Player Side Wagers first
 *   (5.8.3), those holding a valid Banker wager its Banker Side Wagers (5.8.4);
 * - next entitlement: the sessions holding any other valid wager at that area (5.8.5 Player, 5.8.6 Banker);
 * - then everyone else (5.8.7).
 * A session may place the Side Wager once every session with a higher entitlement has elected to place it or not
 * (5.8.7): placed that Side Wager at that area in this coup, or declined it (DeclineSideWager → SideWagerDeclined).
 * Players are told apart by session (the wager's own, else the box's seated player); a wager without a session
 * entitles no one. A Player (Banker) Side Wager is one the rulebook names for that hand (5.5.5-5.5.16: Runs,
 * Dragon Bonus, Dragon Tail, Crown Pairs, Pairs); Tie, Super 6, the Tiger family, 1-1-2, Insurance/No 6 and Shield
 * (5.8.1(b): only on the player's own Player or Banker wager) are not.
 *
 * Only Crown Melbourne has these clauses. Star Sydney (2021, 2024) has no order of entitlement (5.9 only lets the
 * Casino Supervisor limit a box to one player; 2024 14.16 forbids proxy betting), nor has Rapid Baccarat (4.11:
 * each player wagers at their own station).
 */
import type { RulebookPolicies } from '@app/baccarat';
import { ruleViolation, type HandSide } from '@app/contracts';
import type { SideWagerDecline, TableWager } from './table.events';

/** The hand a Player or Banker Side Wager is on, or null for any other bet. */
export const sideWagerHand = (bet: string, side: HandSide | undefined): HandSide | null => {
  switch (bet) {
    case 'runs-player':
    case 'dragon-bonus-player':
      return 'player';
    case 'runs-banker':
    case 'dragon-bonus-banker':
      return 'banker';
    case 'pairs':
    case 'crown-pairs':
    case 'perfect-pairs':
    case 'dragon-tail-early':
    case 'dragon-tail-late':
      return side ?? null;
    default:
      return null;
  }
};

export interface SideWagerClaim {
  readonly box: number;
  readonly bet: string;
  readonly hand: HandSide;
  readonly sessionId: string | null;
}

/** 1 = first entitlement, 2 = next, 3 = the remaining players. */
export const entitlementOf = (placed: readonly TableWager[], box: number, hand: HandSide, sessionId: string | null): 1 | 2 | 3 => {
  if (sessionId === null) return 3;
  const atBox = placed.filter((w) => w.box === box && w.sessionId === sessionId);
  if (atBox.some((w) => w.bet === hand)) return 1;
  return atBox.length > 0 ? 2 : 3;
};

/** Whether `sessionId` has elected, for this area's Side Wager: placed it, or declined it. */
export const hasElected = (placed: readonly TableWager[], declines: readonly SideWagerDecline[], claim: SideWagerClaim, sessionId: string): boolean =>
  placed.some((w) => w.box === claim.box && w.sessionId === sessionId && w.bet === claim.bet && sideWagerHand(w.bet, w.side) === claim.hand) ||
  declines.some((d) => d.box === claim.box && d.sessionId === sessionId && d.bet === claim.bet && d.hand === claim.hand);

/**
 * Refuses the claim while a session with a higher entitlement at that area has not elected. `placed` is every
 * wager of the coup so far (including multi-coup wagers placed on it); `order` is the rulebook's order of
 * entitlement and `citation` how its clauses are cited.
 */
export const assertSideWagerEntitlement = (
  placed: readonly TableWager[],
  declines: readonly SideWagerDecline[],
  claim: SideWagerClaim,
  order: NonNullable<RulebookPolicies['sideWagerEntitlement']>,
  citation: string,
  field: string,
): void => {
  const mine = entitlementOf(placed, claim.box, claim.hand, claim.sessionId);
  if (mine === 1) return;
  const sessions = [...new Set(placed.filter((w) => w.box === claim.box && w.sessionId !== null).map((w) => w.sessionId!))];
  for (const tier of [1, 2] as const) {
    if (tier >= mine) return;
    const waiting = sessions.filter((s) => s !== claim.sessionId && entitlementOf(placed, claim.box, claim.hand, s) === tier && !hasElected(placed, declines, claim, s));
    if (waiting.length > 0) {
      const clause = `${citation} ${tier === 1 ? order.first[claim.hand] : order.next[claim.hand]}; ${order.decline}`;
      const holds = tier === 1 ? `a ${claim.hand === 'player' ? 'Player' : 'Banker'} wager` : 'a wager';
      throw ruleViolation(
        'SIDE_WAGER_ENTITLEMENT',
        `Box ${claim.box}'s ${claim.hand} ${claim.bet} is first offered to ${waiting.join(', ')}, who hold${waiting.length === 1 ? 's' : ''} ${holds} there: record whether they place it or decline it before accepting it from ${claim.sessionId ?? 'another player'}.`,
        clause,
        field,
      );
    }
  }
};
