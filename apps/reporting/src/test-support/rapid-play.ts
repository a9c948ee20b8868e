import type { IntegrationEvent } from '@app/contracts';
import { integrationEventOf } from '@app/testing';
import { rapidInstantOf } from '../rapid/rapid.projection';
import type { RapidRecord } from '../rapid/rapid-section';

/**
 * An evening at Rapid table RB1 at Crown Melbourne, as the Rapid service publishes it (libs/contracts rapid.events):
 * gaming day 2026-03-02 in Melbourne (from 06:00 local, 19:00 UTC the day before).
 * - Round 41: Banker entered winning 6 to 3; acc-1 (ATS A1, notes, then $100 in chips to the Dealer) wagered $200 on Banker and was credited $390
 *   after $10 commission (4.8.2(a)); acc-2 (ATS A2, cash to the Dealer) wagered $100 on Player, raised it to $150.
 *   Both cashed out (acc-1 by ticket, acc-2 in chips). Then the Dealer found Player had won 7 to 5 (11.11): the
 *   accounts were frozen and recalculated: acc-1 owed back $390 and, cashed out, gave nothing ($390 not recovered);
 *   acc-2 was owed $300, paid by a manual payment. acc-1's player had claimed the wrong outcome (11.12), upheld
 *   once the freeze was in force (11.11 with 11.12).
 * - Round 42: ATS A1 (acc-4) failed before expiry (11.14(a)): its $50 wager returned; its ticket cash-out did not
 *   print and was paid manually (6.7.2(b)).
 * - Round 43: acc-5 wagered $10 just before the end of the gaming day; the round settled after it.
 */
export const RAPID_TABLE = 'RB1';
const T = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;
const outcome = (result: 'player' | 'banker', playerTotal: number, bankerTotal: number) => ({ playerCards: [], bankerCards: [], result, playerTotal, bankerTotal });
const BANKER_6 = outcome('banker', 3, 6);
const PLAYER_7 = outcome('player', 7, 5);

export type Step = { type: string; data: Record<string, unknown>; actor?: { id: string; role: string } };
const table = (type: string, data: Record<string, unknown>, actor?: Step['actor']): Step => ({ type, data: { tableId: RAPID_TABLE, ...data }, actor });
const account = (type: string, accountId: string, data: Record<string, unknown>, actor?: Step['actor']): Step => ({ type, data: { accountId, ...data }, actor });

export const RAPID_EVENING: readonly Step[] = [
  account('AtsAccountOpened', 'acc-1', { tableId: RAPID_TABLE, atsId: 'A1', tender: 'note-acceptor', amountCents: 100_000, movementCents: 100_000, balanceAfterCents: 100_000, openedAt: T('01:00'), clause: 'Rapid 6.2; 6.4' }),
  account('AtsAccountOpened', 'acc-2', { tableId: RAPID_TABLE, atsId: 'A2', tender: 'cash', amountCents: 50_000, movementCents: 50_000, balanceAfterCents: 50_000, openedAt: T('01:01'), clause: 'Rapid 6.2; 6.3' }),
  // A top-up tendered to the Dealer (6.5.1): the event names the account only, not its table or ATS.
  account('AtsAccountCredited', 'acc-1', { tender: 'chips', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 110_000, creditedAt: T('01:01'), clause: 'Rapid 6.5.1' }),
  table('RapidRoundStarted', { roundId: 'r41', roundNumber: 41, startedAt: T('01:02'), clause: 'Rapid 8.1' }),
  account('AtsWagersShown', 'acc-1', { tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, totalCents: 20_000, movementCents: -20_000, balanceAfterCents: 90_000, shownAt: T('01:02'), clause: 'Rapid 4.1; 4.2' }),
  account('AtsWagersShown', 'acc-2', { tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, totalCents: 10_000, movementCents: -10_000, balanceAfterCents: 40_000, shownAt: T('01:02'), clause: 'Rapid 4.1; 4.2' }),
  account('AtsWagersShown', 'acc-2', { tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, totalCents: 15_000, movementCents: -5_000, balanceAfterCents: 35_000, shownAt: T('01:02'), clause: 'Rapid 4.2; 4.7' }),
  account('AtsWagersSettled', 'acc-1', {
    tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, outcome: BANKER_6, stakedCents: 20_000, creditCents: 39_000, movementCents: 39_000, balanceAfterCents: 129_000, settledAt: T('01:03'), clause: 'Rapid 4.8',
    settlements: [{ bet: 'banker', option: 'traditional', amountCents: 20_000, outcome: 'win', stakeReturnedCents: 20_000, winningsCents: 20_000, commissionCents: 1_000, creditCents: 39_000, clause: 'Rapid 4.8.2(a)' }],
  }),
  account('AtsWagersSettled', 'acc-2', {
    tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, outcome: BANKER_6, stakedCents: 15_000, creditCents: 0, movementCents: 0, balanceAfterCents: 35_000, settledAt: T('01:03'), clause: 'Rapid 4.8',
    settlements: [{ bet: 'player', option: 'traditional', amountCents: 15_000, outcome: 'lose', stakeReturnedCents: 0, winningsCents: 0, commissionCents: 0, creditCents: 0, clause: 'Rapid 4.8.1' }],
  }),
  table('RapidRoundSettled', {
    roundId: 'r41', roundNumber: 41, outcome: BANKER_6, stakedCents: 35_000, creditedCents: 39_000, houseNetCents: -4_000, settledAt: T('01:03'), clause: 'Rapid 4.8',
    accounts: [{ accountId: 'acc-1', atsId: 'A1', stakedCents: 20_000, creditedCents: 39_000 }, { accountId: 'acc-2', atsId: 'A2', stakedCents: 15_000, creditedCents: 0 }],
  }),
  account('AtsAccountCashedOut', 'acc-1', { tableId: RAPID_TABLE, atsId: 'A1', method: 'ticket', amountCents: 129_000, ticketId: 't-1', ticketPrinted: true, roundId: 'r41', roundNumber: 41, movementCents: -129_000, balanceAfterCents: 0, cashedOutAt: T('01:04'), clause: 'Rapid 6.7.2' }),
  account('AtsAccountCashedOut', 'acc-2', { tableId: RAPID_TABLE, atsId: 'A2', method: 'chips', amountCents: 35_000, ticketId: null, ticketPrinted: null, roundId: 'r41', roundNumber: 41, movementCents: -35_000, balanceAfterCents: 0, cashedOutAt: T('01:04'), clause: 'Rapid 6.7.1' }),
  table('RapidClaimRecorded', { claimId: 'c-1', atsId: 'A1', roundId: 'r41', roundNumber: 41, kind: 'incorrect-outcome', description: 'Player won 7 to 5, not Banker', recordedAt: T('01:05'), clause: 'Rapid 11.12' }),
  table('RapidAccountsFrozen', { roundId: 'r41', roundNumber: 41, accountIds: ['acc-1', 'acc-2'], reason: 'Banker entered; Player won 7 to 5', frozenAt: T('01:06'), clause: 'Rapid 11.11' }, { id: 'dealer-3', role: 'dealer' }),
  account('AtsSettlementRecalculated', 'acc-1', {
    tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, outcome: PLAYER_7, cause: 'wrong-outcome', previousCreditCents: 39_000, creditCents: 0, unrecoveredCents: 39_000, owedToPlayerCents: 0, movementCents: 0, balanceAfterCents: 0, recalculatedAt: T('01:07'), clause: 'Rapid 11.11',
    settlements: [{ bet: 'banker', option: 'traditional', amountCents: 20_000, outcome: 'lose', stakeReturnedCents: 0, winningsCents: 0, commissionCents: 0, creditCents: 0, clause: 'Rapid 4.8.1' }],
  }, { id: 'dealer-3', role: 'dealer' }),
  account('AtsSettlementRecalculated', 'acc-2', {
    tableId: RAPID_TABLE, roundId: 'r41', roundNumber: 41, outcome: PLAYER_7, cause: 'wrong-outcome', previousCreditCents: 0, creditCents: 30_000, unrecoveredCents: 0, owedToPlayerCents: 30_000, movementCents: 30_000, balanceAfterCents: 30_000, recalculatedAt: T('01:07'), clause: 'Rapid 11.11',
    settlements: [{ bet: 'player', option: 'traditional', amountCents: 15_000, outcome: 'win', stakeReturnedCents: 15_000, winningsCents: 15_000, commissionCents: 0, creditCents: 30_000, clause: 'Rapid 4.8' }],
  }, { id: 'dealer-3', role: 'dealer' }),
  table('RapidOutcomeCorrected', {
    roundId: 'r41', roundNumber: 41, previous: BANKER_6, actual: PLAYER_7, stakedCents: 35_000, creditedCents: 30_000, houseNetCents: 5_000, correctedAt: T('01:07'), clause: 'Rapid 11.11',
    accounts: [{ accountId: 'acc-1', atsId: 'A1', stakedCents: 20_000, creditedCents: 0 }, { accountId: 'acc-2', atsId: 'A2', stakedCents: 15_000, creditedCents: 30_000 }],
  }, { id: 'dealer-3', role: 'dealer' }),
  table('RapidClaimResolved', { claimId: 'c-1', roundId: 'r41', roundNumber: 41, resolution: 'upheld', action: 'Outcome corrected to Player 7 to 5; accounts recalculated', freeze: { roundId: 'r41', roundNumber: 41, accountIds: ['acc-1', 'acc-2'], frozenAt: T('01:06'), clause: 'Rapid 11.11' }, resolvedAt: T('01:08'), clause: 'Rapid 11.12' }, { id: 'gs-1', role: 'game-supervisor' }),
  account('AtsOwedAmountPaid', 'acc-2', { tableId: RAPID_TABLE, atsId: 'A2', method: 'manual-payment', amountCents: 30_000, rounds: [{ roundId: 'r41', roundNumber: 41 }], reason: 'Player left before the correction', movementCents: -30_000, balanceAfterCents: 0, paidAt: T('01:20'), clause: 'Rapid 11.11; 6.7' }, { id: 'gs-1', role: 'game-supervisor' }),
  // Round 42: ATS A1 fails before the wagering period expires (11.14(a)); the ticket then fails to print (6.7.2(b)).
  account('AtsAccountOpened', 'acc-4', { tableId: RAPID_TABLE, atsId: 'A1', tender: 'note-acceptor', amountCents: 20_000, movementCents: 20_000, balanceAfterCents: 20_000, openedAt: T('02:00'), clause: 'Rapid 6.2; 6.4' }),
  account('AtsWagersShown', 'acc-4', { tableId: RAPID_TABLE, roundId: 'r42', roundNumber: 42, totalCents: 5_000, movementCents: -5_000, balanceAfterCents: 15_000, shownAt: T('02:01'), clause: 'Rapid 4.1' }),
  table('RapidMalfunctionRecorded', { roundId: 'r42', roundNumber: 42, scope: 'ats', atsId: 'A1', occurredAt: T('02:01'), recordedAt: T('02:02'), relativeToPeriod: 'before-expiry', confirmedFromRecords: null, effect: 'void', description: 'Touch screen froze', clause: 'Rapid 11.14(a)' }),
  account('AtsWagersReturned', 'acc-4', { tableId: RAPID_TABLE, roundId: 'r42', reason: 'ats-malfunction', stakedCents: 5_000, movementCents: 5_000, balanceAfterCents: 20_000, returnedAt: T('02:02'), clause: 'Rapid 11.14(a)' }),
  table('RapidRoundSettled', { roundId: 'r42', roundNumber: 42, outcome: PLAYER_7, stakedCents: 0, creditedCents: 0, houseNetCents: 0, accounts: [], settledAt: T('02:03'), clause: 'Rapid 4.8' }),
  account('AtsAccountCashedOut', 'acc-4', { tableId: RAPID_TABLE, atsId: 'A1', method: 'ticket', amountCents: 20_000, ticketId: null, ticketPrinted: false, roundId: 'r42', roundNumber: 42, movementCents: -20_000, balanceAfterCents: 0, cashedOutAt: T('02:04'), clause: 'Rapid 6.7.2(b)' }),
  account('AtsManualPaymentRecorded', 'acc-4', { tableId: RAPID_TABLE, atsId: 'A1', amountCents: 20_000, roundId: 'r42', roundNumber: 42, reason: 'Printer jammed', paidAt: T('02:10'), clause: 'Rapid 6.7.2(b)' }, { id: 'gs-1', role: 'game-supervisor' }),
  // Round 43: wagered at 05:59:30 Melbourne (18:59:30 UTC), settled in the next gaming day.
  account('AtsAccountOpened', 'acc-5', { tableId: RAPID_TABLE, atsId: 'A2', tender: 'note-acceptor', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: T('18:58'), clause: 'Rapid 6.2; 6.4' }),
  account('AtsWagersShown', 'acc-5', { tableId: RAPID_TABLE, roundId: 'r43', roundNumber: 43, totalCents: 1_000, movementCents: -1_000, balanceAfterCents: 9_000, shownAt: '2026-03-02T18:59:30.000Z', clause: 'Rapid 4.1' }),
  account('AtsWagersSettled', 'acc-5', {
    tableId: RAPID_TABLE, roundId: 'r43', roundNumber: 43, outcome: PLAYER_7, stakedCents: 1_000, creditCents: 2_000, movementCents: 2_000, balanceAfterCents: 11_000, settledAt: '2026-03-02T19:00:10.000Z', clause: 'Rapid 4.8',
    settlements: [{ bet: 'player', option: 'traditional', amountCents: 1_000, outcome: 'win', stakeReturnedCents: 1_000, winningsCents: 1_000, commissionCents: 0, creditCents: 2_000, clause: 'Rapid 4.8' }],
  }),
  table('RapidRoundSettled', { roundId: 'r43', roundNumber: 43, outcome: PLAYER_7, stakedCents: 1_000, creditedCents: 2_000, houseNetCents: -1_000, accounts: [{ accountId: 'acc-5', atsId: 'A2', stakedCents: 1_000, creditedCents: 2_000 }], settledAt: '2026-03-02T19:00:10.000Z', clause: 'Rapid 4.8' }),
];

/**
 * The same gaming day, round 44 at RB1, invalidated (Rapid 13.3.1, 13.4): acc-6 (ATS A3, notes) wagered $100 on Banker
 * and was credited $195 after $5 commission; acc-7 (ATS A4, cash) lost $50 on Player. Both cashed out (acc-6 by ticket,
 * acc-7 in chips). A fire evacuated the table during the coup: the Casino Supervisor invalidated the outcome and every
 * wager for it was refunded: acc-6 owed back $95 and, cashed out, gave nothing ($95 not recovered); acc-7 was owed its
 * $50 stake, paid in chips by the Dealer. Played after the evening: `[...RAPID_EVENING, ...RAPID_INVALIDATION]`.
 */
const BANKER_8 = outcome('banker', 4, 8);
const voidWager = (bet: string, amountCents: number) => ({ bet, option: 'traditional', amountCents, outcome: 'void', stakeReturnedCents: amountCents, winningsCents: 0, commissionCents: 0, creditCents: amountCents, clause: 'Rapid 13.3.1; Rapid 13.4' });
const CASINO_SUPERVISOR = { id: 'cs-1', role: 'area-manager' };
export const RAPID_INVALIDATION: readonly Step[] = [
  account('AtsAccountOpened', 'acc-6', { tableId: RAPID_TABLE, atsId: 'A3', tender: 'note-acceptor', amountCents: 20_000, movementCents: 20_000, balanceAfterCents: 20_000, openedAt: T('03:00'), clause: 'Rapid 6.2; 6.4' }),
  account('AtsAccountOpened', 'acc-7', { tableId: RAPID_TABLE, atsId: 'A4', tender: 'cash', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: T('03:00'), clause: 'Rapid 6.2; 6.3' }),
  table('RapidRoundStarted', { roundId: 'r44', roundNumber: 44, startedAt: T('03:01'), clause: 'Rapid 8.1' }),
  account('AtsWagersShown', 'acc-6', { tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, totalCents: 10_000, movementCents: -10_000, balanceAfterCents: 10_000, shownAt: T('03:01'), clause: 'Rapid 4.1; 4.2' }),
  account('AtsWagersShown', 'acc-7', { tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, totalCents: 5_000, movementCents: -5_000, balanceAfterCents: 5_000, shownAt: T('03:01'), clause: 'Rapid 4.1; 4.2' }),
  account('AtsWagersSettled', 'acc-6', {
    tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, outcome: BANKER_8, stakedCents: 10_000, creditCents: 19_500, movementCents: 19_500, balanceAfterCents: 29_500, settledAt: T('03:02'), clause: 'Rapid 4.8',
    settlements: [{ bet: 'banker', option: 'traditional', amountCents: 10_000, outcome: 'win', stakeReturnedCents: 10_000, winningsCents: 10_000, commissionCents: 500, creditCents: 19_500, clause: 'Rapid 4.8.2(a)' }],
  }),
  account('AtsWagersSettled', 'acc-7', {
    tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, outcome: BANKER_8, stakedCents: 5_000, creditCents: 0, movementCents: 0, balanceAfterCents: 5_000, settledAt: T('03:02'), clause: 'Rapid 4.8',
    settlements: [{ bet: 'player', option: 'traditional', amountCents: 5_000, outcome: 'lose', stakeReturnedCents: 0, winningsCents: 0, commissionCents: 0, creditCents: 0, clause: 'Rapid 4.8.1' }],
  }),
  table('RapidRoundSettled', {
    roundId: 'r44', roundNumber: 44, outcome: BANKER_8, stakedCents: 15_000, creditedCents: 19_500, houseNetCents: -4_500, settledAt: T('03:02'), clause: 'Rapid 4.8',
    accounts: [{ accountId: 'acc-6', atsId: 'A3', stakedCents: 10_000, creditedCents: 19_500 }, { accountId: 'acc-7', atsId: 'A4', stakedCents: 5_000, creditedCents: 0 }],
  }),
  account('AtsAccountCashedOut', 'acc-6', { tableId: RAPID_TABLE, atsId: 'A3', method: 'ticket', amountCents: 29_500, ticketId: 't-6', ticketPrinted: true, roundId: 'r44', roundNumber: 44, movementCents: -29_500, balanceAfterCents: 0, cashedOutAt: T('03:03'), clause: 'Rapid 6.7.2' }),
  account('AtsAccountCashedOut', 'acc-7', { tableId: RAPID_TABLE, atsId: 'A4', method: 'chips', amountCents: 5_000, ticketId: null, ticketPrinted: null, roundId: 'r44', roundNumber: 44, movementCents: -5_000, balanceAfterCents: 0, cashedOutAt: T('03:03'), clause: 'Rapid 6.7.1' }),
  table('RapidOutcomeInvalidated', { roundId: 'r44', roundNumber: 44, ground: 'fire', reason: 'Fire alarm: the table was evacuated during the coup', outcome: BANKER_8, accountIds: ['acc-6', 'acc-7'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: T('03:10'), clause: 'Rapid 13.3.1; Rapid 13.4' }, CASINO_SUPERVISOR),
  account('AtsSettlementRecalculated', 'acc-6', {
    tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, outcome: BANKER_8, cause: 'invalidation', settlements: [voidWager('banker', 10_000)], previousCreditCents: 19_500, creditCents: 10_000, previousStakedCents: 10_000, stakedCents: 10_000,
    notRecognised: { reason: 'void', returnedCents: 10_000, clause: 'Rapid 13.3.1; Rapid 13.4' }, countedBefore: { stakedCents: 10_000, creditedCents: 19_500 }, counted: { stakedCents: 0, creditedCents: 0 },
    unrecoveredCents: 9_500, owedToPlayerCents: 0, movementCents: 0, balanceAfterCents: 0, recalculatedAt: T('03:10'), clause: 'Rapid 13.3.1; Rapid 13.4; Rapid 11.11',
  }, CASINO_SUPERVISOR),
  account('AtsSettlementRecalculated', 'acc-7', {
    tableId: RAPID_TABLE, roundId: 'r44', roundNumber: 44, outcome: BANKER_8, cause: 'invalidation', settlements: [voidWager('player', 5_000)], previousCreditCents: 0, creditCents: 5_000, previousStakedCents: 5_000, stakedCents: 5_000,
    notRecognised: { reason: 'void', returnedCents: 5_000, clause: 'Rapid 13.3.1; Rapid 13.4' }, countedBefore: { stakedCents: 5_000, creditedCents: 0 }, counted: { stakedCents: 0, creditedCents: 0 },
    unrecoveredCents: 0, owedToPlayerCents: 5_000, movementCents: 5_000, balanceAfterCents: 5_000, recalculatedAt: T('03:10'), clause: 'Rapid 13.3.1; Rapid 13.4; Rapid 11.11',
  }, CASINO_SUPERVISOR),
  account('AtsOwedAmountPaid', 'acc-7', { tableId: RAPID_TABLE, atsId: 'A4', method: 'chips', amountCents: 5_000, rounds: [{ roundId: 'r44', roundNumber: 44 }], reason: null, movementCents: -5_000, balanceAfterCents: 0, paidAt: T('03:20'), clause: 'Rapid 11.11; 6.7' }),
];

/**
 * Corrections after a cash-out, on `day` at RB1 (Rapid 6.7.2(b), 11.11, 11.12), each scenario on its own:
 * - ticketReduced: acc-p (ATS A5, $259.50 in) won $100 on Player 5 to 4 in round 6, cashed out by ticket, the printer
 *   failed ($359.50 due by manual payment); round 6 corrected to a Tie ($100 credited, the push): $100 taken off the
 *   ticket not yet paid; the manual payment then paid $259.50.
 * - twoClaims: round 7, acc-a's $40.25 on Player lost to Banker 7 to 6 as entered; claim CL1 upheld (froze), the round
 *   corrected to Player 5 to 4 ($80.50 credited), claim CL2 on the same round upheld after the correction.
 * - owedTwice: acc-b (ATS A2) lost $20 on Player in round 2 and left; round 2 corrected to Player ($40.00 owed), then to a
 *   Tie ($20 taken back, $20.00 owed), paid manually.
 * - backToFirst: round 9, acc-c (cashed out) won $95 on Banker 7 to 6, acc-d lost $50 on Player; corrected to Player
 *   5 to 4 (acc-c's $195 not recovered, acc-d credited $100) and back to Banker 7 to 6 (acc-c's $195 set off, acc-d's $100
 *   taken back).
 */
export const rapidCorrectionsAfterCashOut = (day = '2026-03-02') => {
  const at = (hhmm: string) => `${day}T${hhmm}:00.000Z`;
  const oc = (result: 'player' | 'banker' | 'tie', playerTotal: number, bankerTotal: number) => ({ playerCards: [], bankerCards: [], result, playerTotal, bankerTotal });
  const BANKER_76 = oc('banker', 6, 7);
  const PLAYER_54 = oc('player', 5, 4);
  const TIE_55 = oc('tie', 5, 5);
  const opened = (accountId: string, atsId: string, amountCents: number, hhmm: string): Step => ({ type: 'AtsAccountOpened', data: { accountId, tableId: 'RB1', atsId, tender: 'note-acceptor', amountCents, movementCents: amountCents, balanceAfterCents: amountCents, openedAt: at(hhmm), clause: 'Rapid 6.2; 6.4' } });
  const shown = (accountId: string, roundId: string, roundNumber: number, cents: number, balanceAfterCents: number, hhmm: string): Step => ({ type: 'AtsWagersShown', data: { accountId, tableId: 'RB1', roundId, roundNumber, totalCents: cents, movementCents: -cents, balanceAfterCents, shownAt: at(hhmm), clause: 'Rapid 4.1' } });
  const settled = (accountId: string, roundId: string, roundNumber: number, outcome: unknown, stakedCents: number, creditCents: number, balanceAfterCents: number, hhmm: string): Step => ({
    type: 'AtsWagersSettled',
    data: { accountId, tableId: 'RB1', roundId, roundNumber, outcome, stakedCents, creditCents, movementCents: creditCents, balanceAfterCents, settledAt: at(hhmm), clause: 'Rapid 4.8', settlements: [] },
  });
  const roundSettled = (roundId: string, roundNumber: number, outcome: unknown, stakedCents: number, creditedCents: number, hhmm: string): Step => ({
    type: 'RapidRoundSettled',
    data: { tableId: 'RB1', roundId, roundNumber, outcome, stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, accounts: [], settledAt: at(hhmm), clause: 'Rapid 4.8' },
  });
  const recalculated = (accountId: string, roundId: string, roundNumber: number, outcome: unknown, previousCreditCents: number, creditCents: number, movementCents: number, balanceAfterCents: number, hhmm: string, extra: Record<string, unknown> = {}): Step => ({
    type: 'AtsSettlementRecalculated',
    data: { accountId, tableId: 'RB1', roundId, roundNumber, outcome, cause: 'wrong-outcome', settlements: [], previousCreditCents, creditCents, unrecoveredCents: 0, movementCents, balanceAfterCents, recalculatedAt: at(hhmm), clause: 'Rapid 11.11', ...extra },
    actor: { id: 'dealer-3', role: 'dealer' },
  });
  const corrected = (roundId: string, roundNumber: number, previous: unknown, actual: unknown, stakedCents: number, creditedCents: number, hhmm: string): Step => ({
    type: 'RapidOutcomeCorrected',
    data: { tableId: 'RB1', roundId, roundNumber, previous, actual, accounts: [], stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, correctedAt: at(hhmm), clause: 'Rapid 11.11' },
    actor: { id: 'dealer-3', role: 'dealer' },
  });
  return {
    ticketReduced: [
      opened('acc-p', 'A5', 25_950, '04:00'),
      shown('acc-p', 'r6', 6, 10_000, 15_950, '04:01'),
      settled('acc-p', 'r6', 6, PLAYER_54, 10_000, 20_000, 35_950, '04:02'),
      roundSettled('r6', 6, PLAYER_54, 10_000, 20_000, '04:02'),
      { type: 'AtsAccountCashedOut', data: { accountId: 'acc-p', tableId: 'RB1', atsId: 'A5', method: 'ticket', amountCents: 35_950, ticketId: null, ticketPrinted: false, roundId: 'r6', roundNumber: 6, movementCents: -35_950, balanceAfterCents: 0, cashedOutAt: at('04:03'), clause: 'Rapid 6.7.2(b)' } },
      recalculated('acc-p', 'r6', 6, TIE_55, 20_000, 10_000, 0, 0, '04:05', { owedToPlayerCents: 0, unpaidTicket: { reducedCents: 10_000, owedAfterCents: 25_950, clause: 'Rapid 6.7.2(b)' }, clause: 'Rapid 11.11; Rapid 6.7.2(b)' }),
      corrected('r6', 6, PLAYER_54, TIE_55, 10_000, 10_000, '04:05'),
      { type: 'AtsManualPaymentRecorded', data: { accountId: 'acc-p', tableId: 'RB1', atsId: 'A5', amountCents: 25_950, roundId: 'r6', roundNumber: 6, reason: 'Printer jammed', paidAt: at('04:10'), clause: 'Rapid 6.7.2(b)' }, actor: { id: 'gs-1', role: 'game-supervisor' } },
    ],
    twoClaims: [
      opened('acc-a', 'A6', 10_000, '05:00'),
      shown('acc-a', 'r7', 7, 4_025, 5_975, '05:01'),
      settled('acc-a', 'r7', 7, BANKER_76, 4_025, 0, 5_975, '05:02'),
      roundSettled('r7', 7, BANKER_76, 4_025, 0, '05:02'),
      { type: 'RapidClaimRecorded', data: { tableId: 'RB1', claimId: 'CL1', atsId: 'A6', roundId: 'r7', roundNumber: 7, kind: 'incorrect-outcome', description: 'Player won', recordedAt: at('05:03'), clause: 'Rapid 11.12' } },
      { type: 'RapidClaimResolved', data: { tableId: 'RB1', claimId: 'CL1', roundId: 'r7', roundNumber: 7, resolution: 'upheld', action: 'Accounts frozen for review', freeze: { roundId: 'r7', roundNumber: 7, accountIds: ['acc-a'], frozenAt: at('05:04'), clause: 'Rapid 11.11' }, resolvedAt: at('05:04'), clause: 'Rapid 11.12' }, actor: { id: 'dealer-3', role: 'dealer' } },
      { type: 'RapidAccountsFrozen', data: { tableId: 'RB1', roundId: 'r7', roundNumber: 7, accountIds: ['acc-a'], reason: 'claim CL1 upheld', frozenAt: at('05:04'), clause: 'Rapid 11.11' }, actor: { id: 'dealer-3', role: 'dealer' } },
      recalculated('acc-a', 'r7', 7, PLAYER_54, 0, 8_050, 8_050, 14_025, '05:06'),
      corrected('r7', 7, BANKER_76, PLAYER_54, 4_025, 8_050, '05:06'),
      { type: 'RapidClaimRecorded', data: { tableId: 'RB1', claimId: 'CL2', atsId: 'A6', roundId: 'r7', roundNumber: 7, kind: 'incorrect-outcome', description: 'Banker did not win', recordedAt: at('05:07'), clause: 'Rapid 11.12' } },
      { type: 'RapidClaimResolved', data: { tableId: 'RB1', claimId: 'CL2', roundId: 'r7', roundNumber: 7, resolution: 'upheld', action: 'Already corrected', correction: { roundId: 'r7', roundNumber: 7, by: 'corrected', at: at('05:06'), outcome: PLAYER_54, clause: 'Rapid 11.11' }, resolvedAt: at('05:08'), clause: 'Rapid 11.12' }, actor: { id: 'dealer-3', role: 'dealer' } },
    ],
    owedTwice: [
      opened('acc-b', 'A2', 10_000, '06:00'),
      shown('acc-b', 'r2', 2, 2_000, 8_000, '06:01'),
      settled('acc-b', 'r2', 2, BANKER_76, 2_000, 0, 8_000, '06:02'),
      roundSettled('r2', 2, BANKER_76, 2_000, 0, '06:02'),
      { type: 'AtsAccountCashedOut', data: { accountId: 'acc-b', tableId: 'RB1', atsId: 'A2', method: 'chips', amountCents: 8_000, ticketId: null, ticketPrinted: null, roundId: 'r2', roundNumber: 2, movementCents: -8_000, balanceAfterCents: 0, cashedOutAt: at('06:03'), clause: 'Rapid 6.7.1' } },
      recalculated('acc-b', 'r2', 2, PLAYER_54, 0, 4_000, 4_000, 4_000, '06:05', { owedToPlayerCents: 4_000 }),
      corrected('r2', 2, BANKER_76, PLAYER_54, 2_000, 4_000, '06:05'),
      recalculated('acc-b', 'r2', 2, TIE_55, 4_000, 2_000, -2_000, 2_000, '06:07', { owedToPlayerCents: 2_000 }),
      corrected('r2', 2, PLAYER_54, TIE_55, 2_000, 2_000, '06:07'),
      { type: 'AtsOwedAmountPaid', data: { accountId: 'acc-b', tableId: 'RB1', atsId: 'A2', method: 'manual-payment', amountCents: 2_000, rounds: [{ roundId: 'r2', roundNumber: 2 }], reason: 'Player left', movementCents: -2_000, balanceAfterCents: 0, paidAt: at('06:20'), clause: 'Rapid 11.11; 6.7' }, actor: { id: 'gs-1', role: 'game-supervisor' } },
    ],
    backToFirst: [
      opened('acc-c', 'A7', 10_000, '07:00'),
      opened('acc-d', 'A8', 5_000, '07:00'),
      shown('acc-c', 'r9', 9, 10_000, 0, '07:01'),
      shown('acc-d', 'r9', 9, 5_000, 0, '07:01'),
      settled('acc-c', 'r9', 9, BANKER_76, 10_000, 19_500, 19_500, '07:02'),
      settled('acc-d', 'r9', 9, BANKER_76, 5_000, 0, 0, '07:02'),
      roundSettled('r9', 9, BANKER_76, 15_000, 19_500, '07:02'),
      { type: 'AtsAccountCashedOut', data: { accountId: 'acc-c', tableId: 'RB1', atsId: 'A7', method: 'chips', amountCents: 19_500, ticketId: null, ticketPrinted: null, roundId: 'r9', roundNumber: 9, movementCents: -19_500, balanceAfterCents: 0, cashedOutAt: at('07:03'), clause: 'Rapid 6.7.1' } },
      recalculated('acc-c', 'r9', 9, PLAYER_54, 19_500, 0, 0, 0, '07:05', { unrecoveredCents: 19_500, owedToPlayerCents: 0 }),
      recalculated('acc-d', 'r9', 9, PLAYER_54, 0, 10_000, 10_000, 10_000, '07:05'),
      corrected('r9', 9, BANKER_76, PLAYER_54, 15_000, 10_000, '07:05'),
      recalculated('acc-c', 'r9', 9, BANKER_76, 0, 19_500, 0, 0, '07:08', { unrecoveredCents: -19_500, owedToPlayerCents: 0, setOff: { amountCents: 19_500, unrecoveredAfterCents: 0 } }),
      recalculated('acc-d', 'r9', 9, BANKER_76, 10_000, 0, -10_000, 0, '07:08'),
      corrected('r9', 9, PLAYER_54, BANKER_76, 15_000, 19_500, '07:08'),
    ],
  } satisfies Record<string, Step[]>;
};

/** The evening as the Rapid service publishes it on its topic. */
export const rapidEvents = (steps: readonly Step[] = RAPID_EVENING): IntegrationEvent[] =>
  steps.map((s) => {
    const accountId = s.data.accountId as string | undefined;
    return integrationEventOf(s.type, s.data, {
      source: 'rapid',
      streamId: accountId ? `rapid-account-${accountId}` : `rapid-table-${RAPID_TABLE}`,
      streamType: accountId ? 'rapid-account' : 'rapid-table',
      occurredAt: rapidInstantOf({ data: s.data, occurredAt: '2026-03-02T00:00:00.000Z' }),
      actor: s.actor ?? { id: 'dealer-1', role: 'dealer' },
      rulebookVersion: 'crown-melbourne-rapid',
    });
  });

/**
 * Malfunctions at RB1 on `day` (Rapid 11.14(b), 11.15(a)), each scenario on its own:
 * - gameSystemVoid: rounds 10 and 12 played (acc-g, ATS A9, lost $20 on Player to Banker 7 to 6 in each); round 11 voided
 *   whole by the game system failing before the wagering period expired (11.15(a)): acc-g's $30 wager returned, no
 *   outcome, no settlement.
 * - adjusted: round 13, acc-m (ATS A10) wagered $20 on Banker, which won 7 to 6: credited $39.00 after $1.00 commission
 *   (4.8.2(a)); its ATS had malfunctioned on the expiry of the wagering period and the records confirm a $10 wager
 *   (11.14(b)): adjusted once the outcome was entered to $19.50 credited after $0.50 commission.
 */
export const rapidMalfunctionRounds = (day = '2026-03-02') => {
  const at = (hhmm: string) => `${day}T${hhmm}:00.000Z`;
  const BANKER_76 = { playerCards: [], bankerCards: [], result: 'banker', playerTotal: 6, bankerTotal: 7 };
  const opened = (accountId: string, atsId: string, amountCents: number, hhmm: string): Step => ({ type: 'AtsAccountOpened', data: { accountId, tableId: RAPID_TABLE, atsId, tender: 'note-acceptor', amountCents, movementCents: amountCents, balanceAfterCents: amountCents, openedAt: at(hhmm), clause: 'Rapid 6.2; 6.4' } });
  const shown = (accountId: string, roundId: string, roundNumber: number, cents: number, balanceAfterCents: number, hhmm: string): Step => ({ type: 'AtsWagersShown', data: { accountId, tableId: RAPID_TABLE, roundId, roundNumber, totalCents: cents, movementCents: -cents, balanceAfterCents, shownAt: at(hhmm), clause: 'Rapid 4.1' } });
  const win = (amountCents: number, commissionCents: number) => ({ bet: 'banker', option: 'traditional', amountCents, outcome: 'win', stakeReturnedCents: amountCents, winningsCents: amountCents, commissionCents, creditCents: 2 * amountCents - commissionCents, clause: 'Rapid 4.8.2(a)' });
  const lost = (amountCents: number) => ({ bet: 'player', option: 'traditional', amountCents, outcome: 'lose', stakeReturnedCents: 0, winningsCents: 0, commissionCents: 0, creditCents: 0, clause: 'Rapid 4.8.1' });
  const settled = (accountId: string, roundId: string, roundNumber: number, settlement: ReturnType<typeof win>, balanceAfterCents: number, hhmm: string): Step => ({
    type: 'AtsWagersSettled',
    data: { accountId, tableId: RAPID_TABLE, roundId, roundNumber, outcome: BANKER_76, stakedCents: settlement.amountCents, creditCents: settlement.creditCents, movementCents: settlement.creditCents, balanceAfterCents, settledAt: at(hhmm), clause: 'Rapid 4.8', settlements: [settlement] },
  });
  const roundSettled = (roundId: string, roundNumber: number, accountId: string, atsId: string, stakedCents: number, creditedCents: number, hhmm: string): Step => ({
    type: 'RapidRoundSettled',
    data: { tableId: RAPID_TABLE, roundId, roundNumber, outcome: BANKER_76, stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, accounts: [{ accountId, atsId, stakedCents, creditedCents }], settledAt: at(hhmm), clause: 'Rapid 4.8' },
  });
  return {
    gameSystemVoid: [
      opened('acc-g', 'A9', 10_000, '08:00'),
      shown('acc-g', 'r10', 10, 2_000, 8_000, '08:01'),
      settled('acc-g', 'r10', 10, lost(2_000), 8_000, '08:02'),
      roundSettled('r10', 10, 'acc-g', 'A9', 2_000, 0, '08:02'),
      shown('acc-g', 'r11', 11, 3_000, 5_000, '08:03'),
      { type: 'RapidMalfunctionRecorded', data: { tableId: RAPID_TABLE, roundId: 'r11', roundNumber: 11, scope: 'game-system', atsId: null, occurredAt: at('08:03'), recordedAt: at('08:04'), relativeToPeriod: 'before-expiry', confirmedFromRecords: null, effect: 'void', description: 'SGC lost its link to the ATS', clause: 'Rapid 11.15(a)' } },
      { type: 'AtsWagersReturned', data: { accountId: 'acc-g', tableId: RAPID_TABLE, roundId: 'r11', reason: 'game-system-malfunction', stakedCents: 3_000, movementCents: 3_000, balanceAfterCents: 8_000, returnedAt: at('08:04'), clause: 'Rapid 11.15(a)' } },
      shown('acc-g', 'r12', 12, 2_000, 6_000, '08:05'),
      settled('acc-g', 'r12', 12, lost(2_000), 6_000, '08:06'),
      roundSettled('r12', 12, 'acc-g', 'A9', 2_000, 0, '08:06'),
    ],
    adjusted: [
      opened('acc-m', 'A10', 10_000, '09:00'),
      shown('acc-m', 'r13', 13, 2_000, 8_000, '09:01'),
      settled('acc-m', 'r13', 13, win(2_000, 100), 11_900, '09:02'),
      roundSettled('r13', 13, 'acc-m', 'A10', 2_000, 3_900, '09:02'),
      { type: 'RapidMalfunctionRecorded', data: { tableId: RAPID_TABLE, roundId: 'r13', roundNumber: 13, scope: 'ats', atsId: 'A10', occurredAt: at('09:01'), recordedAt: at('09:03'), relativeToPeriod: 'after-expiry', confirmedFromRecords: true, effect: 'settle-as-confirmed', afterOutcome: true, accountIds: ['acc-m'], confirmedWagers: [{ bet: 'banker', amountCents: 1_000 }], description: 'Touch screen registered a second $10', clause: 'Rapid 11.14(b)' } },
      {
        type: 'AtsSettlementRecalculated',
        data: {
          accountId: 'acc-m', tableId: RAPID_TABLE, roundId: 'r13', roundNumber: 13, outcome: BANKER_76, cause: 'malfunction', settlements: [win(1_000, 50)], wagers: [{ bet: 'banker', amountCents: 1_000 }],
          previousCreditCents: 3_900, creditCents: 1_950, previousStakedCents: 2_000, stakedCents: 1_000, countedBefore: { stakedCents: 2_000, creditedCents: 3_900 }, counted: { stakedCents: 1_000, creditedCents: 1_950 },
          unrecoveredCents: 0, movementCents: -950, balanceAfterCents: 10_950, recalculatedAt: at('09:03'), clause: 'Rapid 11.14(b)',
        },
        actor: { id: 'dealer-3', role: 'dealer' },
      },
    ],
  } satisfies Record<string, Step[]>;
};

/**
 * Rounds whose figures a set-off or a void after the outcome moves (Rapid 11.11 with 6.7.1 and 13.4; 11.15(a)), at RB1 on `day`:
 * - setOffAtSettlement: acc-w (ATS A13) won $25 on Player in round 4 (credited $50, balance $495) and staked the whole
 *   $495 on the Banker in round 5. Round 4 corrected to the Banker's: the $50 could not be taken back (balance nil), the
 *   player kept it. Round 5 a Banker win: $965.25 credited less the $50 kept, set off (11.11 with 6.7.1): $915.25 moves,
 *   and the player cashes out $915.25.
 * - setOffAcrossRounds: acc-s (ATS A11) won $100 on Player in round 21 (credited $200) and lost $100 on Player in
 *   round 22, then cashed out $200. Round 21 corrected to the Banker's: the $200 credit could not be taken back (the
 *   player kept it). Round 22 corrected to the Player's: the $200 in the player's favour set off against what the
 *   player kept of round 21, nothing paid. Each round's real figure: round 21 the house lost nothing in the end (net
 *   after $100), round 22 paid $200 it had won as $100 (net after -$100).
 * - gameSystemVoidAfterOutcome: round 14, acc-v (ATS A12) won $20 on Banker 7 to 6 (credited $39 after $1 commission);
 *   the game system had failed before the expiry of the wagering period, recorded only after the outcome was entered
 *   (11.15(a)): the round void, the wager returned (the $19 won taken back).
 */
export const rapidRoundFigures = (day = '2026-03-02') => {
  const at = (hhmm: string) => `${day}T${hhmm}:00.000Z`;
  const oc = (result: string, playerTotal: number, bankerTotal: number) => ({ playerCards: [], bankerCards: [], result, playerTotal, bankerTotal });
  const BANKER_76 = oc('banker', 6, 7);
  const PLAYER_54 = oc('player', 5, 4);
  const dealer = { id: 'dealer-3', role: 'dealer' };
  const r = (roundId: string, roundNumber: number, data: Record<string, unknown>) => ({ tableId: RAPID_TABLE, roundId, roundNumber, ...data });
  const settledBoth = (roundId: string, roundNumber: number, outcome: unknown, accountId: string, atsId: string, stakedCents: number, creditCents: number, balanceAfterCents: number, hhmm: string, settlements: unknown[] = []): Step[] => [
    { type: 'AtsWagersShown', data: r(roundId, roundNumber, { accountId, totalCents: stakedCents, movementCents: -stakedCents, balanceAfterCents: balanceAfterCents - creditCents, shownAt: at(hhmm), clause: 'Rapid 4.1' }) },
    { type: 'AtsWagersSettled', data: r(roundId, roundNumber, { accountId, outcome, stakedCents, creditCents, movementCents: creditCents, balanceAfterCents, settledAt: at(hhmm), clause: 'Rapid 4.8', settlements }) },
    { type: 'RapidRoundSettled', data: r(roundId, roundNumber, { outcome, stakedCents, creditedCents: creditCents, houseNetCents: stakedCents - creditCents, accounts: [{ accountId, atsId, stakedCents, creditedCents: creditCents }], settledAt: at(hhmm), clause: 'Rapid 4.8' }) },
  ];
  const recalculated = (roundId: string, roundNumber: number, outcome: unknown, previousCreditCents: number, creditCents: number, hhmm: string, extra: Record<string, unknown>): Step => ({
    type: 'AtsSettlementRecalculated',
    data: r(roundId, roundNumber, { accountId: 'acc-s', outcome, cause: 'wrong-outcome', settlements: [], previousCreditCents, creditCents, movementCents: 0, balanceAfterCents: 0, owedToPlayerCents: 0, recalculatedAt: at(hhmm), clause: 'Rapid 11.11; 6.7', ...extra }),
    actor: dealer,
  });
  const corrected = (roundId: string, roundNumber: number, previous: unknown, actual: unknown, creditedCents: number, hhmm: string): Step => ({
    type: 'RapidOutcomeCorrected',
    data: r(roundId, roundNumber, { previous, actual, accounts: [{ accountId: 'acc-s', atsId: 'A11', stakedCents: 10_000, creditedCents }], stakedCents: 10_000, creditedCents, houseNetCents: 10_000 - creditedCents, correctedAt: at(hhmm), clause: 'Rapid 11.11' }),
    actor: dealer,
  });
  const win = { bet: 'banker', option: 'traditional', amountCents: 2_000, outcome: 'win', stakeReturnedCents: 2_000, winningsCents: 2_000, commissionCents: 100, creditCents: 3_900, clause: 'Rapid 4.8.2(a)' };
  const w = (roundId: string, roundNumber: number, data: Record<string, unknown>) => r(roundId, roundNumber, { accountId: 'acc-w', ...data });
  return {
    setOffAtSettlement: [
      { type: 'AtsAccountOpened', data: { accountId: 'acc-w', tableId: RAPID_TABLE, atsId: 'A13', tender: 'note-acceptor', amountCents: 47_000, movementCents: 47_000, balanceAfterCents: 47_000, openedAt: at('12:00'), clause: 'Rapid 6.2; 6.4' } },
      ...settledBoth('r4', 4, PLAYER_54, 'acc-w', 'A13', 2_500, 5_000, 49_500, '12:01'),
      { type: 'AtsWagersShown', data: w('r5', 5, { totalCents: 49_500, movementCents: -49_500, balanceAfterCents: 0, shownAt: at('12:02'), clause: 'Rapid 4.1' }) },
      { type: 'AtsSettlementRecalculated', data: w('r4', 4, { outcome: BANKER_76, cause: 'wrong-outcome', settlements: [], previousCreditCents: 5_000, creditCents: 0, unrecoveredCents: 5_000, movementCents: 0, balanceAfterCents: 0, recalculatedAt: at('12:03'), clause: 'Rapid 11.11' }), actor: dealer },
      { type: 'RapidOutcomeCorrected', data: r('r4', 4, { previous: PLAYER_54, actual: BANKER_76, accounts: [{ accountId: 'acc-w', atsId: 'A13', stakedCents: 2_500, creditedCents: 0 }], stakedCents: 2_500, creditedCents: 0, houseNetCents: 2_500, correctedAt: at('12:03'), clause: 'Rapid 11.11' }), actor: dealer },
      { type: 'AtsWagersSettled', data: w('r5', 5, { outcome: BANKER_76, stakedCents: 49_500, creditCents: 96_525, setOff: { amountCents: 5_000, unrecoveredAfterCents: 0, rounds: [{ roundId: 'r4', roundNumber: 4, amountCents: 5_000 }] }, movementCents: 91_525, balanceAfterCents: 91_525, settledAt: at('12:04'), clause: 'Rapid 4.8', settlements: [] }) },
      { type: 'RapidRoundSettled', data: r('r5', 5, { outcome: BANKER_76, stakedCents: 49_500, creditedCents: 96_525, houseNetCents: -47_025, accounts: [{ accountId: 'acc-w', atsId: 'A13', stakedCents: 49_500, creditedCents: 96_525 }], settledAt: at('12:04'), clause: 'Rapid 4.8' }) },
      { type: 'AtsAccountCashedOut', data: { accountId: 'acc-w', tableId: RAPID_TABLE, atsId: 'A13', method: 'chips', amountCents: 91_525, ticketId: null, ticketPrinted: null, roundId: 'r5', roundNumber: 5, movementCents: -91_525, balanceAfterCents: 0, cashedOutAt: at('12:05'), clause: 'Rapid 6.7.1' } },
    ],
    setOffAcrossRounds: [
      { type: 'AtsAccountOpened', data: { accountId: 'acc-s', tableId: RAPID_TABLE, atsId: 'A11', tender: 'note-acceptor', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: at('10:00'), clause: 'Rapid 6.2; 6.4' } },
      ...settledBoth('r21', 21, PLAYER_54, 'acc-s', 'A11', 10_000, 20_000, 20_000, '10:01'),
      ...settledBoth('r22', 22, BANKER_76, 'acc-s', 'A11', 10_000, 0, 10_000, '10:02'),
      { type: 'AtsAccountCashedOut', data: { accountId: 'acc-s', tableId: RAPID_TABLE, atsId: 'A11', method: 'chips', amountCents: 10_000, ticketId: null, ticketPrinted: null, roundId: 'r22', roundNumber: 22, movementCents: -10_000, balanceAfterCents: 0, cashedOutAt: at('10:03'), clause: 'Rapid 6.7.1' } },
      recalculated('r21', 21, BANKER_76, 20_000, 0, '10:05', { unrecoveredCents: 20_000 }),
      corrected('r21', 21, PLAYER_54, BANKER_76, 0, '10:05'),
      recalculated('r22', 22, PLAYER_54, 0, 20_000, '10:07', { unrecoveredCents: -20_000, setOff: { amountCents: 20_000, unrecoveredAfterCents: 0, rounds: [{ roundId: 'r21', roundNumber: 21, amountCents: 20_000 }] } }),
      corrected('r22', 22, BANKER_76, PLAYER_54, 20_000, '10:07'),
    ],
    gameSystemVoidAfterOutcome: [
      { type: 'AtsAccountOpened', data: { accountId: 'acc-v', tableId: RAPID_TABLE, atsId: 'A12', tender: 'note-acceptor', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: at('11:00'), clause: 'Rapid 6.2; 6.4' } },
      ...settledBoth('r14', 14, BANKER_76, 'acc-v', 'A12', 2_000, 3_900, 11_900, '11:02', [win]),
      { type: 'RapidMalfunctionRecorded', data: r('r14', 14, { scope: 'game-system', atsId: null, occurredAt: at('11:01'), recordedAt: at('11:04'), relativeToPeriod: 'before-expiry', confirmedFromRecords: null, effect: 'void', afterOutcome: true, accountIds: ['acc-v'], description: 'SGC lost its link to the ATS', clause: 'Rapid 11.15(a)' }) },
      {
        type: 'AtsSettlementRecalculated',
        data: r('r14', 14, {
          accountId: 'acc-v', outcome: BANKER_76, cause: 'malfunction', settlements: [{ bet: 'banker', option: 'traditional', amountCents: 2_000, outcome: 'void', stakeReturnedCents: 2_000, winningsCents: 0, commissionCents: 0, creditCents: 2_000, clause: 'Rapid 11.15(a)' }],
          previousCreditCents: 3_900, creditCents: 2_000, previousStakedCents: 2_000, stakedCents: 2_000, notRecognised: { reason: 'void', returnedCents: 2_000, clause: 'Rapid 11.15(a)' },
          countedBefore: { stakedCents: 2_000, creditedCents: 3_900 }, counted: { stakedCents: 0, creditedCents: 0 }, unrecoveredCents: 0, movementCents: -1_900, balanceAfterCents: 10_000, recalculatedAt: at('11:04'), clause: 'Rapid 11.15(a)',
        }),
        actor: dealer,
      },
    ],
  } satisfies Record<string, Step[]>;
};

/** The same events as the report's records read them (the projection's row for each), for the pure functions. */
export const rapidRecords = (steps: readonly Step[] = RAPID_EVENING): RapidRecord[] => {
  const accounts = new Map<string, { tableId: string; atsId: string }>();
  return rapidEvents(steps)
    .filter((e) => e.type !== 'RapidRoundStarted')
    .map((e) => {
      const d = e.data;
      if (e.type === 'AtsAccountOpened') accounts.set(String(d.accountId), { tableId: String(d.tableId), atsId: String(d.atsId) });
      const of = d.accountId ? accounts.get(String(d.accountId)) : undefined;
      const at = rapidInstantOf(e);
      return {
        eventId: e.eventId,
        source: 'rapid',
        sourceTx: e.position.transactionId,
        sourcePos: e.position.position,
        type: e.type,
        at,
        gamingDay: at < '2026-03-02T19:00:00.000Z' ? '2026-03-02' : '2026-03-03',
        tableId: (d.tableId as string | undefined) ?? of?.tableId ?? null,
        accountId: (d.accountId as string | undefined) ?? null,
        atsId: (d.atsId as string | undefined) ?? of?.atsId ?? null,
        roundId: (d.roundId as string | undefined) ?? null,
        actorId: e.actor.id,
        actorRole: e.actor.role,
        clause: (d.clause as string | undefined) ?? null,
        data: d,
      };
    });
};

/** The records of one gaming day. */
export const onDay = (records: readonly RapidRecord[], day: string): RapidRecord[] => records.filter((r) => r.gamingDay === day);
