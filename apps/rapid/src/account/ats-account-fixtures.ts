/**
 * Building blocks of the ATS chip account's decider specs: the account's history from commands, an outcome from its
 * cards, and numbered rounds (round n wagers at minute n*100+5, settles at n*100+40).
 */
import { CROWN_MELBOURNE_RAPID_ATS } from '@app/baccarat';
import type { RapidOutcome } from '@app/contracts';
import { outcomeFromCards } from '../table/rapid-table-outcome.decider';
import { at, ats, DEALER, TERMS } from '../test-support/rapid-fixtures';
import { atsAccountDecider, type AtsAccountCommand, type AttemptedWager, type RoundContext } from './ats-account.decider';
import type { AtsAccountEvent } from './ats-account.events';

/** The events the commands record, each decided on the state the ones before left. */
export const accountHistory = (commands: AtsAccountCommand[]): AtsAccountEvent[] => {
  let state = atsAccountDecider.initialState();
  const events: AtsAccountEvent[] = [];
  for (const c of commands) {
    const produced = atsAccountDecider.decide(c, state);
    events.push(...produced);
    state = produced.reduce(atsAccountDecider.evolve, state);
  }
  return events;
};

/** The outcome the Rapid rules read from the cards dealt. */
export const outcomeOfCards = (o: { playerCards: readonly string[]; bankerCards: readonly string[] }): RapidOutcome => outcomeFromCards(CROWN_MELBOURNE_RAPID_ATS, o.playerCards, o.bankerCards);

/** Round `roundId`, number n, in its wagering period. */
export const numberedRound = (roundId: string, n: number): RoundContext => ({ roundId, roundNumber: n, status: 'wagering', periodEndsAt: at(n * 100 + 30), voidedForStation: false });
/** The ATS's layout for round n. */
export const showInRound = (r: RoundContext, n: number, wagers: AttemptedWager[]): AtsAccountCommand => ({ type: 'ShowWagers', round: r, terms: TERMS, wagers, actor: ats('T1-ATS01'), now: at(n * 100 + 5) });
/** Round n settled on the outcome. */
export const settleRound = (roundId: string, n: number, o: RapidOutcome): AtsAccountCommand => ({ type: 'SettleWagers', roundId, roundNumber: n, outcome: o, terms: TERMS, actor: DEALER, now: at(n * 100 + 40) });
