/**
 * The commands of Three Card Baccarat (Crown Melbourne 12): the round as dealt and a misdeal declared. The deal's
 * checks, ranking and settlement are in table-three-card.ts.
 */
import { conflict, ruleViolation } from '@app/contracts';
import { procedureClause, type ProcedureKey, type Rulebook } from '../engine-adapter/rulebooks';
import { requireRole } from './table-rules';
import { isThreeCardTable, playThreeCardRound, resolveDealNoticedAfterLook } from './table-three-card';
import type { DealThreeCardRound, DeclareMisdeal, MisdealFinding } from './table-command.types';
import { DEALER, requireCoup, requireOpen, requireShoeReady } from './table-guards.decider';
import { voidCoupEvents } from './table-voids.decider';
import type { CoupState, TableEvent, TableState } from './table.events';

const requireThreeCardCoup = (s: TableState, rb: Rulebook, coupId: string): CoupState => {
  if (!isThreeCardTable(s)) throw ruleViolation('NOT_THREE_CARD_TABLE', `The table plays ${s.variant}, not Three Card Baccarat.`, procedureClause(rb, 'three-card-rules'));
  const coup = requireCoup(s, coupId);
  if (coup.phase !== 'betting' && coup.phase !== 'dealing') throw conflict('COUP_NOT_IN_PROGRESS', `Coup ${coupId} is ${coup.phase}.`);
  return coup;
};

export const dealThreeCardRound = (c: DealThreeCardRound, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const shoe = requireShoeReady(s, rb);
  requireRole(c.actor, null, DEALER(procedureClause(rb, 'three-card-deal')), 'Dealing');
  if (shoe.phase !== 'ready') throw conflict('SHOE_NOT_READY', 'Shuffle, cut and burn before dealing.', procedureClause(rb, 'burn-before-play'));
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  const deal = { hands: c.hands, dealer: c.dealer };
  if (c.noticedAfterLook) return resolveDealNoticedAfterLook(s, rb, coup, deal, c.noticedAfterLook, c.now, c.actor);
  return playThreeCardRound(s, rb, coup, deal, c.now);
};

const MISDEAL_PROCEDURE: Record<MisdealFinding, ProcedureKey> = {
  'incorrect-cards-before-look': 'misdeal-incorrect-cards-before-look',
  'dealer-incorrect-cards': 'misdeal-dealer-incorrect-cards',
  'card-count-discrepancy': 'misdeal-card-count-discrepancy',
  'unwagered-area-dealt': 'misdeal-unwagered-area-dealt',
  'card-count-unverified': 'misdeal-card-count-unverified',
};

/** Crown Melbourne 12.8: the TG Higher Duties Dealer (or above) directs the misdeal; every wager of the coup is returned. */
export const declareMisdeal = (c: DeclareMisdeal, s: TableState): TableEvent[] => {
  const rb = requireOpen(s);
  const clause = requireRole(c.actor, null, { role: 'gaming-supervisor', clause: procedureClause(rb, MISDEAL_PROCEDURE[c.finding]) }, 'Declaring a misdeal');
  const coup = requireThreeCardCoup(s, rb, c.coupId);
  if (c.finding === 'dealer-incorrect-cards' && coup.wagers.some((w) => w.bet === 'three-pictures')) {
    // 12.8.4(a): where the count is correct, winning Three Pictures wagers are paid, which needs the areas' cards.
    throw ruleViolation(
      'THREE_PICTURES_MAY_BE_PAID',
      'Three Pictures wagers are at stake: report the round as dealt, noticed after a look, with the count (countCorrect), so winning Three Pictures wagers are paid when the count is correct.',
      procedureClause(rb, 'three-card-pictures-paid'),
      'finding',
    );
  }
  return voidCoupEvents(s, coup, c.reason ? `misdeal (${c.finding}): ${c.reason}` : `misdeal (${c.finding})`, clause, c.now, c.actor);
};
