import type { RapidOutcome, RapidStation } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { at, DEALER, OUTCOMES, T0, TERMS } from '../test-support/rapid-fixtures';
import { accountHistory as history, outcomeOfCards as outcome, numberedRound as round, settleRound as settle, showInRound as show } from './ats-account-fixtures';
import { atsAccountDecider, type AtsAccountCommand } from './ats-account.decider';
import type { AtsAccountEvent } from './ats-account.events';

/**
 * Rapid 11.11 with 6.7.1: a credit from play set off against what the player kept of an earlier recovery, later
 * corrected downward, first undoes that set-off (the kept money back to the rounds it came from); only the rest moves
 * the balance: never the player's new money (a buy-in or top-up).
 */
const STATION: RapidStation = { atsId: 'T1-ATS01', remote: false, printer: false };
const spec = () => deciderSpec(atsAccountDecider);
const correct = (roundId: string, n: number, o: RapidOutcome, minute: number): AtsAccountCommand[] => [
  { type: 'FreezeAccount', roundId, actor: DEALER, now: at(minute) },
  { type: 'RecalculateSettlement', roundId, roundNumber: n, outcome: o, terms: TERMS, actor: DEALER, now: at(minute + 1) },
];

/**
 * The audit's sequence: buy-in 20,000; 5,000 on the Player in R1, wrongly a Player win (credited 10,000); 20,000 staked in
 * R2; R1 corrected to a Banker win: 5,000 taken back, 5,000 unrecovered. A buy-in of 3,000 (never set off). R2 lost.
 * R3: 1,500 on the Player, a Player win credited 3,000, all set off (unrecovered 2,000, balance 1,500).
 */
const auditR3 = (): AtsAccountEvent[] =>
  history([
    { type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: STATION, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 20_000, actor: DEALER, now: T0 },
    show(round('R1', 1), 1, [{ bet: 'player', amountCents: 5_000 }]),
    settle('R1', 1, outcome(OUTCOMES.playerWins)),
    show(round('R2', 2), 2, [{ bet: 'player', amountCents: 20_000 }]),
    ...correct('R1', 1, outcome(OUTCOMES.bankerWins), 250),
    { type: 'CreditAccount', tender: 'cash', amountCents: 3_000, actor: DEALER, now: at(255) },
    settle('R2', 2, outcome(OUTCOMES.bankerWins)),
    show(round('R3', 3), 3, [{ bet: 'player', amountCents: 1_500 }]),
    settle('R3', 3, outcome(OUTCOMES.playerWins)),
  ]);

const recalculated = (events: readonly AtsAccountEvent[]) => events.find((e) => e.type === 'AtsSettlementRecalculated');

describe('Rapid 11.11 with 6.7.1: a credit from play set off, later reduced, first undoes its set-off', () => {
  it('Rapid 11.11 with 6.7.1: the audit: R3 credited 3,000 all set off, corrected to a Tie: 1,500 of the set-off undone, balance 1,500, unrecovered 3,500', () => {
    const given = auditR3();
    expect(given[given.length - 1]).toMatchObject({ type: 'AtsWagersSettled', creditCents: 3_000, movementCents: 0, balanceAfterCents: 1_500, setOff: { amountCents: 3_000, unrecoveredAfterCents: 2_000 } });
    const [freeze, recalculate] = correct('R3', 3, outcome(OUTCOMES.tie), 350);
    const frozen = [...given, ...spec().given(given).when(freeze).thenEvents(() => undefined)];
    spec().given(frozen).when(recalculate).thenEvents((events, s) => {
      expect(recalculated(events)).toMatchObject({ previousCreditCents: 3_000, creditCents: 1_500, movementCents: 0, balanceAfterCents: 1_500, unrecoveredCents: 1_500, setOffUndone: { amountCents: 1_500, unrecoveredAfterCents: 3_500, rounds: [{ roundId: 'R1', roundNumber: 1, amountCents: 1_500 }] } });
      expect(recalculated(events)).not.toHaveProperty('setOff');
      expect(s.balanceCents).toBe(1_500);
      expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 3_500 }]);
    });
  });

  it('Rapid 11.11 with 6.7.1: a round corrected down, up, then down: each reduction undoes what is set off, an increase is set off again; the balance keeps the buy-in', () => {
    let events = auditR3();
    const run = (cs: AtsAccountCommand[]) => {
      for (const c of cs) events = [...events, ...spec().given(events).when(c).thenEvents(() => undefined)];
    };
    const state = () => events.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState());
    run(correct('R3', 3, outcome(OUTCOMES.tie), 350));
    expect(state()).toMatchObject({ balanceCents: 1_500, unrecovered: [{ roundId: 'R1', amountCents: 3_500 }] });
    run(correct('R3', 3, outcome(OUTCOMES.playerWins), 360));
    expect(recalculated(events.slice(-3))).toMatchObject({ creditCents: 3_000, movementCents: 0, setOff: { amountCents: 1_500, unrecoveredAfterCents: 2_000 } });
    expect(state()).toMatchObject({ balanceCents: 1_500, unrecovered: [{ roundId: 'R1', amountCents: 2_000 }] });
    run(correct('R3', 3, outcome(OUTCOMES.bankerWins), 370));
    expect(recalculated(events.slice(-3))).toMatchObject({ previousCreditCents: 3_000, creditCents: 0, movementCents: 0, balanceAfterCents: 1_500, unrecoveredCents: 3_000, setOffUndone: { amountCents: 3_000, unrecoveredAfterCents: 5_000, rounds: [{ roundId: 'R1', amountCents: 3_000 }] } });
    expect(state()).toMatchObject({ balanceCents: 1_500, unrecovered: [{ roundId: 'R1', roundNumber: 1, amountCents: 5_000 }] });
  });

  it("Rapid 11.11 with 6.7.1: a round's whole set-off undone: the note-acceptor credit (the player's new money) stays on the balance", () => {
    let events = auditR3();
    // A note-acceptor credit of 2,000: the player's new money. R3 corrected to a Banker win: 3,000 undone, nothing more to take.
    events = [...events, ...spec().given(events).when({ type: 'CreditAccount', tender: 'cash', amountCents: 2_000, actor: DEALER, now: at(345) }).thenEvents(() => undefined)];
    for (const c of correct('R3', 3, outcome(OUTCOMES.bankerWins), 350)) events = [...events, ...spec().given(events).when(c).thenEvents(() => undefined)];
    const s = events.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState());
    expect(s.balanceCents).toBe(3_500);
    expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 5_000 }]);
  });
});
