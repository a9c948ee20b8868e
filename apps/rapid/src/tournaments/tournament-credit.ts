import { ruleViolation, type SeatedPlayer } from '@app/contracts';

/**
 * What a tournament account is credited with for a seat: the seat's tournament chips, one account unit per chip.
 * Tournament chips have no cash value (Crown Melbourne 14.4.4(a): chips other than cash chips), so a tournament
 * account is denominated in chips, not cents: its `…Cents` fields count chips, and no amount on it is money
 * (the account is never topped up nor cashed out, Rapid 12.2.2, and is disposed of at the session's end, 12.2.1(b)).
 * A seat's chips are whole (the contract's `SeatedPlayer.chips`); anything else is a misread unit, refused.
 */
export const tournamentCredit = (seat: Pick<SeatedPlayer, 'entryId' | 'chips'>, creditClause: string): number => {
  if (!Number.isSafeInteger(seat.chips) || seat.chips < 0) {
    throw ruleViolation('TOURNAMENT_CHIPS_NOT_WHOLE', `Entry ${seat.entryId} is seated with ${seat.chips} tournament chips: a seat carries a whole number of chips, zero or more.`, creditClause, 'chips');
  }
  return seat.chips;
};
