/**
 * The commands of Three Card Baccarat (Crown Melbourne 12): the round as dealt and a misdeal declared. The deal's
 * checks, ranking and settlement are in table-three-card.ts.
 */
import { conflict, ruleViolation } from '@app/contracts';
import type { Rulebook } from '../engine-adapter/rulebooks';
import { cite, requireRole } from './table-rules';
import { isThreeCardTable, playThreeCardRound, resolveDealNoticedAfterLook } from './table-three-card';
import type { DealThreeCardRound, DeclareMisdeal, MisdealFinding } from './table-command.types';
import { DEALER, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import { voidCoupEvents } from './table-voids.decider';
import type { CoupState, TableEvent, TableState } from './table.events';

const requireThreeCardCoup = (s: TableState, rb: Rulebook, coupId: string): CoupState => {
  if (!isThreeCardTable(s)) throw ruleViolation('NOT_THREE_CARD_TABLE', `The table plays ${s.variant}, not Three Card Baccarat.`, cite(rb, { crown: '12.1' }));
  const coup = requireCoup(s, coupId);
  if (coup.phase !== 'betting' && coup.phase !== 'dealing') throw conflict('COUP_NOT_IN_PROGRESS', `Coup ${coupId} is ${coup.phase}.`);
  return coup;
};

export const dealThreeCardRound = (c: DealThreeCardRound, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(cite(rb, { crown: '12.6.2-12.6.3' })), 'Dealing');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before dealing.', cite(rb, { crown: '4.3.1' }));
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  const deal = { hands: c.hands, dealer: c.dealer };
  if (c.noticedAfterLook) return resolveDealNoticedAfterLook(s, rb, coup, deal, c.noticedAfterLook, c.now, c.actor);
  return playThreeCardRound(s, rb.citation, coup, deal, c.now);
};

const MISDEAL_CLAUSE: Record<MisdealFinding, string> = {
  'incorrect-cards-before-look': '12.8.2',
  'dealer-incorrect-cards': '12.8.4',
  'card-count-discrepancy': '12.8.3(a)',
  'unwagered-area-dealt': '12.8.5',
  'card-count-unverified': '12.8.8',
};

/** Crown Melbourne 12.8: the TG Higher Duties Dealer (or above) directs the misdeal; every wager of the coup is returned. */
export const declareMisdeal = (c: DeclareMisdeal, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, null, { role: 'gaming-supervisor', clause: cite(rb, { crown: MISDEAL_CLAUSE[c.finding] }) }, 'Declaring a misdeal');
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  if (c.finding === 'dealer-incorrect-cards' && coup.wagers.some((w) => w.bet === 'three-pictures')) {
    // 12.8.4(a): where the count is correct, winning Three Pictures wagers are paid, which needs the areas' cards.
    throw ruleViolation(
      'THREE_PICTURES_MAY_BE_PAID',
      'Three Pictures wagers are at stake: report the round as dealt, noticed after a look, with the count (countCorrect), so winning Three Pictures wagers are paid when the count is correct.',
      cite(rb, { crown: '12.8.4(a)' }),
      'finding',
    );
  }
  return voidCoupEvents(s, coup, c.reason ? `misdeal (${c.finding}): ${c.reason}` : `misdeal (${c.finding})`, clause, c.now, c.actor);
};
