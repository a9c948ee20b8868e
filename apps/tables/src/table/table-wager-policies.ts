/**
 * The checks a wager meets when it is placed, each asking the rulebook's policies (libs/baccarat
 * `Rulebook.policies`): payable in chips, the combinations a player may hold in one coup, and when a late Dragon
 * Tail is open. Pure; every refusal names the policy's clause.
 */
import { betDefinition, type BetId } from '@app/baccarat';
import { ruleViolation, type HandSide } from '@app/contracts';
import { procedureClause, type Rulebook } from '../engine-adapter/rulebooks';
import { atLeast } from './table-rules';
import type { Actor, TableState, TableWager } from './table.events';

/**
 * Wagers are made in chips (Crown Melbourne 5.1, Star 5.2). A combined wager (1-1-2) whose parts could not each be
 * paid exactly in chips is refused before the deal (Crown Melbourne 5.6), rather than block the coup at settlement.
 */
export const assertPayableInChips = (rb: Rulebook, chip: number, bet: string, option: string, amountCents: number, field: string): void => {
  if (chip > 1 && amountCents % chip !== 0) {
    throw ruleViolation('WAGER_NOT_IN_CHIPS', `Wagers are made in chips of ${chip} cents.`, rb.procedures.wagersInChips?.clause ?? procedureClause(rb, 'wagers-in-chips'), field);
  }
  const parts = betDefinition(rb, bet as BetId)?.payTables.find((t) => t.option === option)?.composition;
  const policy = rb.policies.compositeWagerInChips;
  if (!parts || !policy) return;
  const unit = Math.max(chip, 1);
  const bad = parts.find((p) => (amountCents * p.share.num) % p.share.den !== 0 || ((amountCents * p.share.num) / p.share.den) % unit !== 0);
  if (bad) {
    const split = parts.map((p) => `${p.share.num}/${p.share.den}`).join(', ');
    throw ruleViolation(
      'WAGER_NOT_PAYABLE_IN_CHIPS',
      `A ${bet} of ${amountCents} cents splits ${split}; its ${bad.part} part would not be a whole number of ${unit}-cent chips. Wager a multiple of ${(unit * bad.share.den) / gcd(bad.share.num, bad.share.den)} cents.`,
      policy.clause,
      field,
    );
  }
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The combinations a player may hold in one coup: Player and Banker together only with approval (Star 5.6.6-5.6.7);
 * one nomination per box (Crown Melbourne 11.2.1, 11.3.1); a bet once per coup, or once per hand (Star 10.5, 10.12,
 * 10.17, 10.22, 10.28, 10.33, 10.38); a side wager only with the player's own base wager (Rapid 4.11.1).
 * `onCoup` is every wager of the coup so far; `samePlayer` tells the player's own wagers (session, else box).
 */
export const assertCombinationAllowed = (
  rb: Rulebook,
  actor: Actor,
  onCoup: readonly TableWager[],
  w: { readonly box: number; readonly bet: string; readonly side?: HandSide },
  samePlayer: (x: TableWager) => boolean,
  field: string,
): void => {
  const policy = rb.policies;
  const both = policy.bothMainHands;
  if (both && (w.bet === 'player' || w.bet === 'banker')) {
    const other = w.bet === 'player' ? 'banker' : 'player';
    if (onCoup.some((x) => x.box === w.box && x.bet === other) && !atLeast(actor, both.approval)) {
      throw ruleViolation('BOTH_HANDS_NEED_APPROVAL', "Player and Banker in the same coup need a casino supervisor's approval.", both.clause, field);
    }
  }
  const nomination = policy.oneNominationPerBox;
  if (nomination && nomination.bets.includes(w.bet as BetId) && onCoup.some((x) => x.box === w.box && nomination.bets.includes(x.bet as BetId) && x.bet !== w.bet)) {
    throw ruleViolation('ONE_NOMINATION_PER_BOX', `Box ${w.box} has already nominated the other hand this coup.`, nomination.clause, field);
  }
  const once = policy.oncePerCoup.find((o) => o.bet === w.bet);
  if (once && onCoup.some((x) => x.bet === w.bet && samePlayer(x) && (!once.perHand || x.side === w.side))) {
    throw ruleViolation(once.rule, `A player may place one ${w.bet} wager${once.perHand ? ' on each hand' : ''} per coup.`, once.clause, field);
  }
  const base = policy.baseWagerRequired.find((b) => b.bets.includes(w.bet as BetId));
  if (base && !onCoup.some((x) => samePlayer(x) && base.baseBets.includes(x.bet as BetId))) {
    throw ruleViolation('BASE_WAGER_REQUIRED', `${w.bet} is accepted only with the player's own wager on ${base.baseBets.join(', ')} this coup: place that first.`, base.clause, field);
  }
};

/**
 * A late Dragon Tail belongs to the one coup after a run is established: the indicator shows the rulebook's
 * `lateAtIndicator` for that hand (Crown Melbourne 1.1 'Dragon Tail', Table 7; the rules owner's ruling). At any
 * other indicator it is refused, since paid at the indicator minus one it could not lose.
 */
export const assertLateDragonTailOpen = (rb: Rulebook, s: Pick<TableState, 'dragonTail'>, side: HandSide | undefined, field: string): void => {
  const policy = rb.policies.dragonTail;
  if (!policy) return;
  const indicator = s.dragonTail.side === side ? s.dragonTail.count : 0;
  if (indicator !== policy.lateAtIndicator) {
    throw ruleViolation(
      'LATE_DRAGON_TAIL_NOT_OPEN',
      `A late ${side ?? ''} Dragon Tail is placed on the one coup after a run is established (indicator ${policy.lateAtIndicator}); the ${side ?? ''} indicator shows ${indicator}. Wager an early Dragon Tail instead.`.replace(/ {2}/g, ' '),
      policy.clause,
      field,
    );
  }
};

/**
 * The players a casino supervisor permitted (Star 2024 5.9): at most `perBox` players wager at a dedicated box and
 * `atTable` at the table, players told apart by session (a wager without one is the box's own).
 */
export const assertPlayerLimits = (
  rb: Rulebook,
  limits: TableState['playerLimits'],
  onCoup: readonly TableWager[],
  w: { readonly box: number; readonly sessionId: string | null },
  field: string,
): void => {
  const policy = rb.policies.playerLimits;
  if (!limits || !policy) return;
  const who = (x: { box: number; sessionId: string | null }) => x.sessionId ?? `box-${x.box}`;
  const me = who(w);
  const atBox = new Set(onCoup.filter((x) => x.box === w.box).map(who));
  if (limits.perBox !== null && !atBox.has(me) && atBox.size >= limits.perBox) {
    throw ruleViolation('BOX_PLAYER_LIMIT', `Box ${w.box} is limited to ${limits.perBox} player(s) and has them: wager at another box.`, policy.clause, field);
  }
  const atTable = new Set(onCoup.map(who));
  if (limits.atTable !== null && !atTable.has(me) && atTable.size >= limits.atTable) {
    throw ruleViolation('TABLE_PLAYER_LIMIT', `The table is limited to ${limits.atTable} player(s) and has them.`, policy.clause, field);
  }
};
