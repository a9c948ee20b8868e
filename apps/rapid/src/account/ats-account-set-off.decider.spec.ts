import type { RapidStation } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { at, DEALER, OUTCOMES, T0, TERMS } from '../test-support/rapid-fixtures';
import { accountHistory as history, outcomeOfCards as outcome, numberedRound as round, settleRound as settle, showInRound as show } from './ats-account-fixtures';
import { atsAccountDecider, type AtsAccountCommand, type AttemptedWager } from './ats-account.decider';

/**
 * Rapid 11.11 with 6.7.1: what a recovery could not take back while the player had staked it (the player kept it) is
 * taken back from the next credit to the open account from play: the account as corrected is what the player is
 * entitled to. Not from the player's new money (a buy-in or top-up).
 */
const STATION: RapidStation = { atsId: 'T1-ATS01', remote: false, printer: false };
const spec = () => deciderSpec(atsAccountDecider);

/**
 * Round 1: 10,000 on the Banker, entered as a Banker win, credited 19,500. Round 2: the whole 19,500 staked as `wagers`.
 * Round 1 frozen and corrected to a Player win: the recovery of 19,500 moves nothing (never below zero), 19,500 unrecovered.
 */
const correctedWhileStaked = (wagers: AttemptedWager[]) =>
  history([
    { type: 'OpenAccount', accountId: 'A3', tableId: 'T1', station: STATION, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 10_000, actor: DEALER, now: T0 },
    show(round('R1', 1), 1, [{ bet: 'banker', amountCents: 10_000 }]),
    settle('R1', 1, outcome(OUTCOMES.bankerWins)),
    show(round('R2', 2), 2, wagers),
    { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(260) },
    { type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(261) },
  ]);

describe('Rapid 11.11 with 6.7.1: what a recovery could not take back is set off against the next credit from play', () => {
  it('Rapid 11.11 with 6.7.1: corrected while the credit was staked, the next settlement sets it off: credited 39,000, 19,500 set off, 19,500 moves', () => {
    const given = correctedWhileStaked([{ bet: 'player', amountCents: 19_500 }]);
    expect(given[given.length - 2]).toMatchObject({ type: 'AtsSettlementRecalculated', movementCents: 0, unrecoveredCents: 19_500 });
    spec().given(given).when(settle('R2', 2, outcome(OUTCOMES.playerWins))).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersSettled', creditCents: 39_000, movementCents: 19_500, balanceAfterCents: 19_500, setOff: { amountCents: 19_500, unrecoveredAfterCents: 0, rounds: [{ roundId: 'R1', roundNumber: 1, amountCents: 19_500 }] } });
      expect(s.balanceCents).toBe(19_500);
      expect(s.unrecovered).toEqual([]);
    });
  });

  it('Rapid 11.11 with 6.7.1: a credit smaller than what the player kept is set off whole, the rest kept for the next credit', () => {
    // Banker wins round 2: the 9,500 on the Banker is credited 18,525 (commission deducted, 4.8.2(a)); the Player's 10,000 lost.
    const given = correctedWhileStaked([{ bet: 'player', amountCents: 10_000 }, { bet: 'banker', amountCents: 9_500 }]);
    const partial = [...given, ...spec().given(given).when(settle('R2', 2, outcome(OUTCOMES.bankerWins))).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersSettled', creditCents: 18_525, movementCents: 0, balanceAfterCents: 0, setOff: { amountCents: 18_525, unrecoveredAfterCents: 975, rounds: [{ roundId: 'R1', amountCents: 18_525 }] } });
      expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 975 }]);
    })];
    // The rest comes off the next credit from play: wagers returned for a malfunction of the ATS (11.14(a)) as well.
    spec().given(partial).when({ type: 'CreditAccount', tender: 'cash', amountCents: 5_000, actor: DEALER, now: at(300) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountCredited', movementCents: 5_000, balanceAfterCents: 5_000 });
      expect(e).not.toHaveProperty('setOff');
      expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 975 }]);
    });
  });

  it('Rapid 11.11 with 6.7.1, 11.14(a): wagers returned to the account are a credit from play: what the player kept comes off them', () => {
    const given = correctedWhileStaked([{ bet: 'player', amountCents: 19_500 }]);
    spec().given(given).when({ type: 'ReturnWagers', roundId: 'R2', reason: 'ats-malfunction', clause: 'Rapid 11.14(a)', actor: DEALER, now: at(270) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersReturned', stakedCents: 19_500, movementCents: 0, balanceAfterCents: 0, setOff: { amountCents: 19_500, unrecoveredAfterCents: 0, rounds: [{ roundId: 'R1', amountCents: 19_500 }] } });
      expect(s.unrecovered).toEqual([]);
    });
  });

  it('Rapid 11.11 with 6.7.1, 5.3.3: wagers below the permitted aggregate returned at settlement are a credit from play too', () => {
    const given = correctedWhileStaked([{ bet: 'player', amountCents: 19_500 }]);
    spec().given(given).when({ ...settle('R2', 2, outcome(OUTCOMES.playerWins)), terms: { ...TERMS, aggregateMinimumCents: 20_000 } } as AtsAccountCommand).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'AtsWagersReturned', reason: 'below-aggregate', stakedCents: 19_500, movementCents: 0, setOff: { amountCents: 19_500, unrecoveredAfterCents: 0 } });
    });
  });

  it("Rapid 11.11 with 6.7.1, 6.2-6.5: a buy-in or top-up is the player's new money: nothing is set off against it", () => {
    const given = correctedWhileStaked([{ bet: 'player', amountCents: 19_500 }]);
    spec().given(given).when({ type: 'CreditAccount', tender: 'cash', amountCents: 20_000, actor: DEALER, now: at(270) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountCredited', movementCents: 20_000, balanceAfterCents: 20_000 });
      expect(e).not.toHaveProperty('setOff');
      expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 19_500 }]);
    });
  });
});
