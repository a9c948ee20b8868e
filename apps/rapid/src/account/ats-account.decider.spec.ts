import type { RapidStation } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { at, ats, DEALER, OUTCOMES, SUPERVISOR, T0, TERMS } from '../test-support/rapid-fixtures';
import { accountHistory as history, outcomeOfCards as outcome } from './ats-account-fixtures';
import { atsAccountDecider, type AtsAccountCommand, type AttemptedWager, type OpenAccount, type RoundContext } from './ats-account.decider';
import { recognisedForCoup, type AtsAccountEvent, type AtsAccountState } from './ats-account.events';

const TABLE_ATS: RapidStation = { atsId: 'T1-ATS01', remote: false, printer: false };
const REMOTE_PRINTER: RapidStation = { atsId: 'T1-R1', remote: true, printer: true };
const spec = () => deciderSpec(atsAccountDecider);
const open = (over: Partial<OpenAccount> = {}): OpenAccount => ({ type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: TABLE_ATS, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 100_000, actor: DEALER, now: T0, ...over });
const ROUND: RoundContext = { roundId: 'R1', status: 'wagering', periodEndsAt: at(30), voidedForStation: false };
const show = (wagers: AttemptedWager[], over: Partial<{ now: string; round: RoundContext; atsId: string }> = {}): AtsAccountCommand => ({
  type: 'ShowWagers',
  round: over.round ?? ROUND,
  terms: TERMS,
  wagers,
  actor: ats(over.atsId ?? 'T1-ATS01'),
  now: over.now ?? at(5),
});
type Settled = Extract<AtsAccountEvent, { type: 'AtsWagersSettled' }>;
const stateOf = (events: AtsAccountEvent[]): AtsAccountState => events.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState());
const opened = history([open()]);

describe('ATS chip account: buy-in and top-up (Rapid 6.2-6.5)', () => {
  it('Rapid 6.2, 6.3.2: the dealer accepts cash and activates the account with it', () => {
    spec().given([]).when(open()).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountOpened', tender: 'cash', movementCents: 100_000, balanceAfterCents: 100_000 });
      expect(s.balanceCents).toBe(100_000);
    });
  });

  it.each(['vouchers', 'authorised-tokens', 'chips'] as const)('Rapid 6.2: the dealer accepts %s', (tender) => {
    spec().given([]).when(open({ tender })).thenEvents(([e]) => expect(e).toMatchObject({ tender }));
  });

  it('Rapid 6.2.1: at a remote ATS there is no dealer buy-in', () => {
    spec().given([]).when(open({ station: REMOTE_PRINTER })).thenThrows('REMOTE_ATS_NOTE_ACCEPTOR_ONLY', 'Rapid 6.2.1');
  });

  it('Rapid 6.4: cash in the note acceptor of a remote ATS opens its account', () => {
    spec().given([]).when(open({ station: REMOTE_PRINTER, tender: 'note-acceptor', actor: ats('T1-R1') })).thenEvents(([e]) => expect(e).toMatchObject({ tender: 'note-acceptor', clause: 'Rapid 6.2; 6.4; 6.5.2; Rapid 6.3.2' }));
  });

  it('Rapid 6.4, 6.5.2: the note acceptor takes only amounts its notes can make', () => {
    const atRemote = (amountCents: number) => open({ station: REMOTE_PRINTER, tender: 'note-acceptor', actor: ats('T1-R1'), amountCents });
    for (const amountCents of [750, 100, 12_345]) {
      const error = spec().given([]).when(atRemote(amountCents)).thenThrows('NOT_AN_AMOUNT_OF_NOTES', 'Rapid 6.2; 6.4; 6.5.2');
      expect(error.field).toBe('amountCents');
    }
    for (const amountCents of [500, 2_500, 18_500]) spec().given([]).when(atRemote(amountCents)).thenEvents(([e]) => expect(e).toMatchObject({ amountCents }));
    // Chips tendered to the Dealer (6.2) are not notes: any amount.
    spec().given([]).when(open({ tender: 'chips', amountCents: 750 })).thenEvents(([e]) => expect(e).toMatchObject({ amountCents: 750 }));
  });

  it('Rapid 6.1, 4.3: an ATS cannot feed another ATS\'s account', () => {
    spec().given([]).when(open({ tender: 'note-acceptor', actor: ats('T1-ATS09') })).thenThrows('FOREIGN_ACCOUNT');
  });

  it('Rapid 6.2: only the dealer accepts tendered chips, not the ATS', () => {
    spec().given([]).when(open({ tender: 'chips', actor: ats('T1-ATS01') })).thenThrows('ROLE_NOT_PERMITTED');
  });

  it('Rapid 6.5.1: a top-up is credited to the account', () => {
    spec().given(opened).when({ type: 'CreditAccount', tender: 'vouchers', amountCents: 5_000, actor: DEALER, now: at(1) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountCredited', movementCents: 5_000, balanceAfterCents: 105_000 });
      expect(s.balanceCents).toBe(105_000);
    });
  });
});

describe('ATS wagers (Rapid 4.1-4.7, 4.11.1, 5.3)', () => {
  it('Rapid 4.1, 4.2.2: a wager appropriates money standing to the credit of the account', () => {
    spec().given(opened).when(show([{ bet: 'banker', amountCents: 10_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersShown', totalCents: 10_000, movementCents: -10_000, balanceAfterCents: 90_000 });
      expect(s.balanceCents).toBe(90_000);
    });
  });

  it('Rapid 8.1: the wagers shown and settled carry the round\'s number at the table', () => {
    const numbered = { ...ROUND, roundNumber: 412 };
    const shown = history([open(), show([{ bet: 'banker', amountCents: 10_000 }], { round: numbered })]);
    expect(shown[1]).toMatchObject({ type: 'AtsWagersShown', roundId: 'R1', roundNumber: 412 });
    spec().given(shown).when({ type: 'SettleWagers', roundId: 'R1', roundNumber: 412, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }).thenEvents(([e]) => expect(e).toMatchObject({ roundNumber: 412 }));
  });

  it('Rapid 4.1: wagers beyond the balance are refused and the balance never goes negative', () => {
    const error = spec().given(opened).when(show([{ bet: 'banker', amountCents: 100_500 }])).thenThrows('INSUFFICIENT_BALANCE', 'Rapid 4.1; 4.2.2');
    expect(error.field).toBe('wagers');
  });

  it('Rapid 4.1, 6.4: a refusal shown at the ATS states money in dollars and cents and names no internal account id', () => {
    const ID = 'T1-ATS01.cmd-7f3a';
    const mine = history([open({ accountId: ID, amountCents: 20_000 })]);
    const short = spec().given(mine).when(show([{ bet: 'banker', amountCents: 24_000 }])).thenThrows('INSUFFICIENT_BALANCE', 'Rapid 4.1; 4.2.2');
    expect(short.message).toContain('$240.00');
    expect(short.message).toContain('$200.00');
    expect(short.message).not.toContain(ID);
    const notes = spec().given([]).when(open({ station: REMOTE_PRINTER, tender: 'note-acceptor', actor: ats('T1-R1'), amountCents: 700 })).thenThrows('NOT_AN_AMOUNT_OF_NOTES');
    expect(notes.message).toMatch(/^\$7\.00 cannot have been inserted/);
    const placed = history([open({ accountId: ID }), show([{ bet: 'banker', amountCents: 10_000 }])]);
    const inPlay = spec().given(placed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(6) }).thenThrows('WAGERS_IN_PLAY');
    expect(inPlay.message).not.toContain(ID);
    const frozen = history([
      open({ accountId: ID }),
      show([{ bet: 'banker', amountCents: 10_000 }]),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(50) },
    ]);
    const refused = spec().given(frozen).when(show([{ bet: 'player', amountCents: 1_000 }], { round: { ...ROUND, roundId: 'R2' } })).thenThrows('ACCOUNT_FROZEN');
    expect(refused.message).not.toContain(ID);
  });

  it('Rapid 5.3.1: a wager under the minimum shows no chips', () => {
    spec().given(opened).when(show([{ bet: 'banker', amountCents: 10_000 }, { bet: 'tie', amountCents: 400 }])).thenEvents(([e]) => {
      expect(e).toMatchObject({ wagers: [{ bet: 'banker', amountCents: 10_000 }], notShown: [{ bet: 'tie', attemptedCents: 400, clause: 'Rapid 5.3.1' }], totalCents: 10_000 });
    });
  });

  it('Rapid 5.3.2(b): a wager over the maximum shows as the next lowest permitted wager', () => {
    spec().given(history([open({ amountCents: 1_000_000 })])).when(show([{ bet: 'player', amountCents: 600_000 }])).thenEvents(([e]) => {
      expect(e).toMatchObject({ wagers: [{ bet: 'player', attemptedCents: 600_000, amountCents: 500_000, clause: 'Rapid 5.3.2' }], movementCents: -500_000 });
    });
  });

  it('Rapid 5.3.2(a): a wager between permitted multiples shows as the next lowest permitted wager', () => {
    spec().given(opened).when(show([{ bet: 'player', amountCents: 1_750 }])).thenEvents(([e]) => {
      expect(e).toMatchObject({ wagers: [{ bet: 'player', attemptedCents: 1_750, amountCents: 1_500, clause: 'Rapid 5.3.2' }] });
    });
  });

  it('Rapid 4.11.1: Pairs and Perfect Pairs only with a valid base wager', () => {
    spec().given(opened).when(show([{ bet: 'pairs', side: 'player', amountCents: 1_000 }])).thenThrows('BASE_WAGER_REQUIRED', 'Rapid 4.11.1');
    // A base wager under the minimum is not valid: it shows no chips, so the pair is refused too.
    spec().given(opened).when(show([{ bet: 'tie', amountCents: 100 }, { bet: 'perfect-pairs', side: 'banker', amountCents: 1_000 }])).thenThrows('BASE_WAGER_REQUIRED');
    spec().given(opened).when(show([{ bet: 'dragon-bonus-player', amountCents: 1_000 }, { bet: 'pairs', side: 'player', amountCents: 1_000 }])).thenEvents(([e]) => expect(e).toMatchObject({ totalCents: 2_000 }));
  });

  it('Rapid 4.11.1: other side wagers need no base wager', () => {
    spec().given(opened).when(show([{ bet: 'super-6', amountCents: 1_000 }])).thenEvents(([e]) => expect(e).toMatchObject({ totalCents: 1_000 }));
  });

  it('Rapid 4.7: within the period a wager is changed or withdrawn, the balance moving by the difference', () => {
    const placed = history([open(), show([{ bet: 'banker', amountCents: 10_000 }])]);
    spec().given(placed).when(show([{ bet: 'banker', amountCents: 4_000 }], { now: at(20) })).thenEvents(([e], s) => {
      expect(e).toMatchObject({ movementCents: 6_000, balanceAfterCents: 96_000 });
      expect(s.balanceCents).toBe(96_000);
    });
    spec().given(placed).when(show([], { now: at(20) })).thenEvents(([e], s) => {
      expect(e).toMatchObject({ wagers: [], movementCents: 10_000 });
      expect(s.balanceCents).toBe(100_000);
    });
  });

  it('Rapid 4.7: nothing is placed, changed or withdrawn once the period has expired', () => {
    const placed = history([open(), show([{ bet: 'banker', amountCents: 10_000 }])]);
    spec().given(placed).when(show([], { now: at(30) })).thenThrows('WAGERING_PERIOD_ENDED', 'Rapid 4.7');
    spec().given(placed).when(show([{ bet: 'player', amountCents: 1_000 }], { round: { ...ROUND, status: 'closed' } })).thenThrows('WAGERING_PERIOD_ENDED');
  });

  it('Rapid 4.3, 6.1: an ATS may not wager from another ATS\'s account', () => {
    spec().given(opened).when(show([{ bet: 'player', amountCents: 1_000 }], { atsId: 'T1-ATS02' })).thenThrows('FOREIGN_ACCOUNT');
  });

  it('Rapid 11.14(a): an ATS whose wagers were voided by a malfunction takes no more this coup', () => {
    spec().given(opened).when(show([{ bet: 'player', amountCents: 1_000 }], { round: { ...ROUND, voidedForStation: true } })).thenThrows('ATS_MALFUNCTION');
  });

  it('Rapid 12.3.2: a cash account at the table may not wager while the table is used for a tournament session; it may withdraw', () => {
    const session = { ...ROUND, tournamentSession: { tournamentId: 'CUP', sessionId: 'S1' } };
    const error = spec().given(opened).when(show([{ bet: 'banker', amountCents: 1_000 }], { round: session })).thenThrows('TABLE_IN_TOURNAMENT_PLAY', 'Rapid 12.3.2');
    expect(error.message).toContain('T1');
    expect(error.message).toContain('S1');
    const placed = history([open(), show([{ bet: 'banker', amountCents: 1_000 }])]);
    spec().given(placed).when(show([], { round: session })).thenEvents((_, s) => expect(s.balanceCents).toBe(100_000));
  });

  it('a wager on a bet the table does not offer names the field', () => {
    const error = spec().given(opened).when(show([{ bet: 'player', amountCents: 1_000 }, { bet: 'tiger', amountCents: 1_000 }])).thenThrows('BET_NOT_OFFERED');
    expect(error.field).toBe('wagers[1].bet');
  });
});

describe('Settlement into the account (Rapid 4.6, 4.8, 10.1)', () => {
  const placed = history([open(), show([{ bet: 'banker', amountCents: 10_000 }, { bet: 'player', amountCents: 2_000 }, { bet: 'super-6', amountCents: 1_000 }])]);
  const settle = (o: { playerCards: readonly string[]; bankerCards: readonly string[] }): AtsAccountCommand => ({ type: 'SettleWagers', roundId: 'R1', outcome: outcome(o), terms: TERMS, actor: DEALER, now: at(40) });

  it('Rapid 4.8.2(a): commission comes off a winning Banker wager before the account is credited, to the cent', () => {
    spec().given(placed).when(settle(OUTCOMES.bankerWins)).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersSettled', stakedCents: 13_000, creditCents: 19_500 });
      const banker = (e as Settled).settlements.find((x) => x.bet === 'banker');
      expect(banker).toMatchObject({ commissionCents: 500, creditCents: 19_500 });
      expect(s.balanceCents).toBe(87_000 + 19_500);
    });
  });

  it('Rapid 10.1: on a Tie Player and Banker wagers are void and returned', () => {
    spec().given(placed).when(settle(OUTCOMES.tie)).thenEvents(([e]) => {
      const s = (e as Settled).settlements;
      expect(s.find((x) => x.bet === 'banker')).toMatchObject({ outcome: 'void', creditCents: 10_000 });
      expect(s.find((x) => x.bet === 'player')).toMatchObject({ outcome: 'void', creditCents: 2_000 });
      expect(s.find((x) => x.bet === 'super-6')).toMatchObject({ outcome: 'lose', creditCents: 0 });
    });
  });

  it('Rapid 4.8.2: no rounding to chips: a 5% commission on an odd amount is credited to the cent', () => {
    const odd = history([open(), show([{ bet: 'banker', amountCents: 1_500 }])]);
    spec().given(odd).when(settle(OUTCOMES.bankerWins)).thenEvents(([e]) => expect(e).toMatchObject({ creditCents: 2_925 }));
  });

  it('Rapid 5.3.3: wagers below the permitted aggregate are not recognised and return to the account', () => {
    spec().given(placed).when({ type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: { ...TERMS, aggregateMinimumCents: 20_000 }, actor: DEALER, now: at(40) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsWagersReturned', reason: 'below-aggregate', stakedCents: 13_000, clause: 'Rapid 5.3.3' });
      expect(s.balanceCents).toBe(100_000);
    });
  });

  it('Rapid 4.8: settling twice credits once', () => {
    const once = [...placed, ...atsAccountDecider.decide(settle(OUTCOMES.bankerWins), stateOf(placed))];
    spec().given(once).when(settle(OUTCOMES.bankerWins)).then([]);
  });

  it('Rapid 11.14(a), 11.16: void wagers return to the account', () => {
    spec().given(placed).when({ type: 'ReturnWagers', roundId: 'R1', reason: 'ats-malfunction', clause: 'Rapid 11.14(a)', actor: DEALER, now: at(10) }).thenEvents((_, s) => expect(s.balanceCents).toBe(100_000));
  });
});

describe('Wrong outcome: freeze and recalculate (Rapid 11.11)', () => {
  const settledBanker = history([
    open(),
    show([{ bet: 'banker', amountCents: 10_000 }]),
    { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(50) },
  ]);

  it('Rapid 11.11: a frozen account takes no wagers and pays nothing out', () => {
    spec().given(settledBanker).when(show([{ bet: 'player', amountCents: 1_000 }], { round: { ...ROUND, roundId: 'R2' } })).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    spec().given(settledBanker).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(51) }).thenThrows('ACCOUNT_FROZEN');
  });

  it('Rapid 11.11 with 6.7.1: a payout in chips asked for at a frozen ATS is refused (the full value is not known until the review ends), nothing left pending', () => {
    spec().given(settledBanker).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: ats('T1-ATS01'), now: at(51) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
  });

  it('Rapid 11.11: recalculated from the actual outcome, the account moves by the difference and is released', () => {
    spec().given(settledBanker).when({ type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) }).thenEvents((events, s) => {
      expect(events[0]).toMatchObject({ type: 'AtsSettlementRecalculated', previousCreditCents: 19_500, creditCents: 0, movementCents: -19_500, unrecoveredCents: 0 });
      expect(events[1]).toMatchObject({ type: 'AtsAccountReleased' });
      expect(s.balanceCents).toBe(90_000);
      expect(s.frozenForRounds).toEqual([]);
    });
  });

  it('Rapid 11.11: the review confirming the outcome entered releases the account with nothing recalculated', () => {
    spec().given(settledBanker).when({ type: 'ReleaseAccount', roundId: 'R1', actor: DEALER, now: at(55) }).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsAccountReleased', roundId: 'R1', clause: 'Rapid 11.11' })]);
      expect(s.frozenForRounds).toEqual([]);
      expect(s.balanceCents).toBe(109_500);
    });
  });

  it('Rapid 11.11: correcting one round releases only the freeze of that round; an account frozen for another stays frozen', () => {
    const twoRounds = history([
      open(),
      show([{ bet: 'banker', amountCents: 10_000 }]),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      show([{ bet: 'banker', amountCents: 10_000 }], { round: { ...ROUND, roundId: 'R2', periodEndsAt: at(100) }, now: at(60) }),
      { type: 'SettleWagers', roundId: 'R2', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(110) },
      { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(120) },
      { type: 'FreezeAccount', roundId: 'R2', actor: DEALER, now: at(121) },
    ]);
    const corrected = [...twoRounds, ...spec().given(twoRounds).when({ type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(130) }).thenEvents((events, s) => {
      expect(events.filter((e) => e.type === 'AtsAccountReleased')).toEqual([expect.objectContaining({ roundId: 'R1' })]);
      expect(s.frozenForRounds).toEqual(['R2']);
    })];
    const error = spec().given(corrected).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(131) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    expect(error.message).toContain('R2');
    spec().given(corrected).when({ type: 'RecalculateSettlement', roundId: 'R2', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(140) }).thenEvents((_, s) => expect(s.frozenForRounds).toEqual([]));
  });

  it('Rapid 11.11: a recovery never takes the balance below zero; the shortfall is recorded', () => {
    const spent = history([
      open({ amountCents: 10_000 }),
      show([{ bet: 'banker', amountCents: 10_000 }]),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      show([{ bet: 'player', amountCents: 19_500 }], { round: { ...ROUND, roundId: 'R2', periodEndsAt: at(100) }, now: at(60) }),
      { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(61) },
    ]);
    spec().given(spent).when({ type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(62) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ movementCents: 0, unrecoveredCents: 19_500, balanceAfterCents: 0 });
      expect(s.balanceCents).toBe(0);
    });
  });
});

describe('A malfunction dealt with after the outcome is entered (Rapid 11.14(b), 11.15(b), 11.16)', () => {
  const settledBanker = history([open(), show([{ bet: 'banker', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }]);
  const adjust = (wagers: AttemptedWager[] | null): AtsAccountCommand => ({ type: 'AdjustToRecords', roundId: 'R1', wagers, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, clause: 'Rapid 11.14(b); Rapid 11.16', actor: DEALER, now: at(60) });

  it('Rapid 11.16: wagers that cannot be confirmed are void after settlement: the stake is returned and the winnings taken back', () => {
    spec().given(settledBanker).when(adjust(null)).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsSettlementRecalculated', previousCreditCents: 19_500, creditCents: 10_000, movementCents: -9_500, settlements: [expect.objectContaining({ bet: 'banker', outcome: 'void', creditCents: 10_000 })], clause: 'Rapid 11.14(b); Rapid 11.16' });
      expect(s.balanceCents).toBe(100_000);
    });
  });

  it('Rapid 11.14(b): the account is adjusted to the wagers the records confirm, settled on the outcome entered', () => {
    spec().given(settledBanker).when(adjust([{ bet: 'player', amountCents: 10_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ previousStakedCents: 10_000, stakedCents: 10_000, previousCreditCents: 19_500, creditCents: 0, movementCents: -19_500, wagers: [expect.objectContaining({ bet: 'player', amountCents: 10_000 })] });
      expect(s.balanceCents).toBe(90_000);
      expect(s.rounds.R1.wagers).toEqual([expect.objectContaining({ bet: 'player' })]);
    });
    // The records show 5,000 more on the Banker than the system took: the extra stake comes from the balance too.
    spec().given(settledBanker).when(adjust([{ bet: 'banker', amountCents: 15_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ previousStakedCents: 10_000, stakedCents: 15_000, creditCents: 29_250, movementCents: 4_750 });
      expect(s.balanceCents).toBe(109_500 + 4_750);
    });
  });
});

describe('Wagers the records confirm are held to the permitted aggregate (Rapid 5.3.3 with 11.14(b))', () => {
  const terms = { ...TERMS, aggregateMinimumCents: 25_000 };
  const settle = { type: 'SettleWagers' as const, roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms, actor: DEALER, now: at(40) };
  const adjust = (wagers: AttemptedWager[] | null): AtsAccountCommand => ({ type: 'AdjustToRecords', roundId: 'R1', wagers, outcome: outcome(OUTCOMES.bankerWins), terms, clause: 'Rapid 11.14(b)', actor: DEALER, now: at(60) });

  it('Rapid 5.3.3: confirmed wagers below the aggregate are not recognised: returned, the round counting for nothing', () => {
    const settled = history([open(), show([{ bet: 'banker', amountCents: 30_000 }]), settle]);
    spec().given(settled).when(adjust([{ bet: 'banker', amountCents: 10_000 }, { bet: 'tie', amountCents: 10_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ notRecognised: { reason: 'below-aggregate', aggregateMinimumCents: 25_000, returnedCents: 20_000, clause: 'Rapid 5.3.3' }, countedBefore: { stakedCents: 30_000, creditedCents: 58_500 }, counted: { stakedCents: 0, creditedCents: 0 }, movementCents: -28_500 });
      expect(s.balanceCents).toBe(100_000);
      expect(recognisedForCoup(s.rounds.R1)).toEqual({ stakedCents: 0, creditedCents: 0 });
    });
  });

  it('Rapid 5.3.3: wagers returned below the aggregate, confirmed at or above it, are staked and credited from nothing', () => {
    const returned = history([open(), show([{ bet: 'banker', amountCents: 10_000 }, { bet: 'tie', amountCents: 10_000 }]), settle]);
    spec().given(returned).when(adjust([{ bet: 'banker', amountCents: 15_000 }, { bet: 'tie', amountCents: 10_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ countedBefore: { stakedCents: 0, creditedCents: 0 }, counted: { stakedCents: 25_000, creditedCents: 29_250 }, movementCents: 4_250 });
      expect(e).not.toHaveProperty('notRecognised');
      expect(s.balanceCents).toBe(104_250);
    });
  });
});

describe('The wagers the records confirm are wagers the ATS could have shown (Rapid 11.14(b), 5.3, 4.11.1)', () => {
  const settledBanker = history([open(), show([{ bet: 'banker', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }]);
  const adjust = (wagers: AttemptedWager[]): AtsAccountCommand => ({ type: 'AdjustToRecords', roundId: 'R1', wagers, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, clause: 'Rapid 11.14(b)', actor: DEALER, now: at(60) });

  it('Rapid 5.3: a confirmed wager over the maximum, under the minimum or off the table is refused naming it', () => {
    spec().given(settledBanker).when(adjust([{ bet: 'banker', amountCents: 600_000 }])).thenThrows('NOT_A_WAGER_THE_ATS_SHOWS');
    spec().given(settledBanker).when(adjust([{ bet: 'player', amountCents: 400 }])).thenThrows('NOT_A_WAGER_THE_ATS_SHOWS');
    spec().given(settledBanker).when(adjust([{ bet: 'lucky-six', amountCents: 1_000 }])).thenThrows('BET_NOT_OFFERED');
  });

  it('Rapid 4.11.1: a side wager the records show without its base wager is refused', () => {
    spec().given(settledBanker).when(adjust([{ bet: 'perfect-pairs', side: 'player', amountCents: 500 }])).thenThrows('BASE_WAGER_REQUIRED');
  });

  it('Rapid 6.1: confirmed wagers beyond what the account held for the round are refused', () => {
    spec().given(settledBanker).when(adjust([{ bet: 'banker', amountCents: 100_000 }, { bet: 'player', amountCents: 10_000 }])).thenThrows('INSUFFICIENT_BALANCE');
  });
});

describe('A recalculation owed to a player who has left (Rapid 11.11 with 6.7)', () => {
  // Player 10,000 on Player; Banker entered (lost), then cashed out 90,000; the actual outcome was the Player's.
  const cashedOut = history([
    open(),
    show([{ bet: 'player', amountCents: 10_000 }]),
    { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) },
  ]);
  const recalculate: AtsAccountCommand = { type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) };
  const owed = [...cashedOut, ...atsAccountDecider.decide(recalculate, stateOf(cashedOut))];

  it('Rapid 11.11, 6.7: the difference in the favour of an account cashed out since is recorded as owed to the player', () => {
    spec().given(cashedOut).when(recalculate).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsSettlementRecalculated', previousCreditCents: 0, creditCents: 20_000, movementCents: 20_000, owedToPlayerCents: 20_000, clause: 'Rapid 11.11; 6.7' });
      expect(s).toMatchObject({ status: 'closed', balanceCents: 20_000, owedToPlayerCents: 20_000 });
    });
  });

  it('Rapid 11.11, 6.7.1: the Dealer pays what is owed in chips; the ATS, now another player\'s, may not', () => {
    spec().given(owed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: ats('T1-ATS01'), now: at(60) }).thenThrows('ACCOUNT_CLOSED');
    spec().given(owed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(60) }).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsOwedAmountPaid', method: 'chips', amountCents: 20_000, movementCents: -20_000, balanceAfterCents: 0 })]);
      expect(s).toMatchObject({ status: 'closed', balanceCents: 0, owedToPlayerCents: 0 });
    });
  });

  it('Rapid 11.11, 6.7: or a Game Supervisor records a manual payment of it; paid once', () => {
    spec().given(owed).when({ type: 'RecordManualPayment', reason: 'player came back to the cage', actor: DEALER, now: at(60) }).thenThrows('ROLE_NOT_PERMITTED');
    const paid = [...owed, ...atsAccountDecider.decide({ type: 'RecordManualPayment', reason: 'player came back to the cage', actor: SUPERVISOR, now: at(60) }, stateOf(owed))];
    expect(paid[paid.length - 1]).toMatchObject({ type: 'AtsOwedAmountPaid', method: 'manual-payment', amountCents: 20_000, reason: 'player came back to the cage' });
    spec().given(paid).when({ type: 'RecordManualPayment', reason: 'again', actor: SUPERVISOR, now: at(61) }).thenThrows('NOTHING_TO_PAY');
  });

  it('Rapid 11.11: a recovery from an account cashed out since takes nothing and records the shortfall; a later recovery reduces what is owed', () => {
    spec().given(owed).when({ ...recalculate, outcome: outcome(OUTCOMES.tie), now: at(70) } as AtsAccountCommand).thenEvents(([e], s) => {
      // On the tie the Player wager is void: credit 10,000, so 10,000 of the 20,000 owed is taken back.
      expect(e).toMatchObject({ creditCents: 10_000, movementCents: -10_000, unrecoveredCents: 0 });
      expect(s.owedToPlayerCents).toBe(10_000);
    });
  });
});

describe('Rapid 11.11: no money held for an account of the table is paid while a round of the table is under review', () => {
  // A closed account owed 20,000 after a correction of R1; the table's round R1 frozen again for review (no account open at it).
  const cashedOut = history([
    open(),
    show([{ bet: 'player', amountCents: 10_000 }]),
    { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) },
  ]);
  const owed = [...cashedOut, ...atsAccountDecider.decide({ type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) }, stateOf(cashedOut))];
  const underReview = [{ roundId: 'R1', roundNumber: 1 }];

  it('Rapid 11.11: the Dealer\'s payout of an owed amount is refused ACCOUNT_FROZEN naming the account and the round; once the review ends it goes ahead', () => {
    const e = spec().given(owed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, roundsUnderReview: underReview, actor: DEALER, now: at(60) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    expect(e).toMatchObject({ kind: 'conflict', field: 'accountId' });
    expect(e.message).toContain('A1');
    expect(e.message).toContain('round 1 (R1)');
    expect(e.message).toMatch(/review/);
    // Or by a manual payment of what is owed.
    spec().given(owed).when({ type: 'RecordManualPayment', reason: 'came back', roundsUnderReview: underReview, actor: SUPERVISOR, now: at(60) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    // The review ended: no round under review, the payout goes ahead with the amount as it now stands.
    spec().given(owed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, roundsUnderReview: [], actor: DEALER, now: at(70) }).thenEvents(([e2]) => expect(e2).toMatchObject({ type: 'AtsOwedAmountPaid', amountCents: 20_000 }));
  });

  it('Rapid 11.11 with 6.7.2(b): the manual payment of a ticket that failed to print is refused ACCOUNT_FROZEN naming both clauses; once the review ends it pays the ticket as recalculated', () => {
    const remote = { station: REMOTE_PRINTER, tender: 'note-acceptor' as const, actor: ats('T1-R1'), amountCents: 30_000 };
    const unpaid = history([
      open(remote),
      show([{ bet: 'banker', amountCents: 10_000 }], { atsId: 'T1-R1' }),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      { type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: true, actor: ats('T1-R1'), now: at(45) },
    ]);
    const e = spec().given(unpaid).when({ type: 'RecordManualPayment', reason: 'printer jammed', roundsUnderReview: underReview, actor: SUPERVISOR, now: at(50) }).thenThrows('ACCOUNT_FROZEN');
    expect(e.clause).toContain('Rapid 11.11');
    expect(e.clause).toContain('6.7.2(b)');
    expect(e.message).toContain('round 1 (R1)');
    const corrected = [...unpaid, ...atsAccountDecider.decide({ type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) }, stateOf(unpaid))];
    spec().given(corrected).when({ type: 'RecordManualPayment', reason: 'printer jammed', roundsUnderReview: [], actor: SUPERVISOR, now: at(60) }).thenEvents(([e2]) => expect(e2).toMatchObject({ type: 'AtsManualPaymentRecorded', amountCents: 20_000 }));
  });
});

describe('Rapid 11.11: an account opened at the table after a freeze is held with the others until the review ends', () => {
  const underReview = [{ roundId: 'R1', roundNumber: 1 }];
  it('Rapid 11.11 ("freeze all ATS chip accounts"): the Dealer\'s cash-out, and the ATS asking for its chips, of an account the freeze did not name are refused ACCOUNT_FROZEN naming the round under review; after the review they go ahead', () => {
    const e = spec().given(opened).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, roundsUnderReview: underReview, actor: DEALER, now: at(1) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    expect(e.message).toContain('round 1 (R1)');
    spec().given(opened).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, roundsUnderReview: underReview, actor: ats('T1-ATS01'), now: at(1) }).thenThrows('ACCOUNT_FROZEN', 'Rapid 11.11');
    spec().given(opened).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, roundsUnderReview: [], actor: DEALER, now: at(2) }).thenEvents(([e2]) => expect(e2).toMatchObject({ type: 'AtsAccountCashedOut' }));
  });
});

describe('Cash-out (Rapid 6.7)', () => {
  it('Rapid 6.7.1: the dealer pays the whole balance in chips and the account closes', () => {
    spec().given(opened).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(1) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountCashedOut', method: 'chips', amountCents: 100_000, movementCents: -100_000, balanceAfterCents: 0, clause: 'Rapid 6.7.1' });
      expect(s.status).toBe('closed');
    });
  });

  it('Rapid 6.7.1: the ATS only asks for the payout in chips; the account stays open until the Dealer tenders them', () => {
    const asked = [...opened, ...spec().given(opened).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: ats('T1-ATS01'), now: at(1) }).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsChipPayoutRequested', accountId: 'A1', atsId: 'T1-ATS01', balanceCents: 100_000, clause: 'Rapid 6.6.1; 6.7.1' })]);
      expect(s).toMatchObject({ status: 'open', balanceCents: 100_000, payoutRequestedAt: at(1) });
    })];
    spec().given(asked).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(2) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsAccountCashedOut', method: 'chips', amountCents: 100_000, clause: 'Rapid 6.7.1' });
      expect(s).toMatchObject({ status: 'closed', payoutRequestedAt: null });
    });
  });

  it('Rapid 6.7.2: a ticket only at a remote ATS with a printer', () => {
    spec().given(opened).when({ type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: false, actor: ats('T1-ATS01'), now: at(1) }).thenThrows('TICKET_NOT_AVAILABLE', 'Rapid 6.7.2');
    const remote = history([open({ station: REMOTE_PRINTER, tender: 'note-acceptor', actor: ats('T1-R1') })]);
    spec().given(remote).when({ type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: false, actor: ats('T1-R1'), now: at(1) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ method: 'ticket', ticketId: 'TK1', ticketPrinted: true, amountCents: 100_000 });
    });
  });

  it('Rapid 6.7.2(b): a printer fault leaves a manual payment, recorded by a Game Supervisor', () => {
    const remote = history([open({ station: REMOTE_PRINTER, tender: 'note-acceptor', actor: ats('T1-R1') }), { type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: true, actor: ats('T1-R1'), now: at(1) }]);
    expect(stateOf(remote).status).toBe('awaiting-manual-payment');
    spec().given(remote).when({ type: 'RecordManualPayment', reason: 'printer jam', actor: DEALER, now: at(2) }).thenThrows('ROLE_NOT_PERMITTED');
    spec().given(remote).when({ type: 'RecordManualPayment', reason: 'printer jam', actor: SUPERVISOR, now: at(2) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsManualPaymentRecorded', amountCents: 100_000, clause: 'Rapid 6.7.2(b)' });
      expect(s.status).toBe('closed');
    });
  });

  it('Rapid 4.6, 6.7: wagers on the layout are withdrawn or settled before the cash-out', () => {
    const placed = history([open(), show([{ bet: 'banker', amountCents: 10_000 }])]);
    spec().given(placed).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(6) }).thenThrows('WAGERS_IN_PLAY');
    // The refusal states the money as the player reads it, not in cents.
    expect(() => atsAccountDecider.decide({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(6) }, stateOf(placed))).toThrow(/\$100\.00 is wagered on round/);
  });
});

describe('Rapid 6: the balance is the sum of the movements', () => {
  it('after buy-in, top-up, wagers, changes, settlement, recalculation and cash-out', () => {
    const events = history([
      open(),
      { type: 'CreditAccount', tender: 'chips', amountCents: 3_333, actor: DEALER, now: at(1) },
      show([{ bet: 'banker', amountCents: 10_000 }, { bet: 'pairs', side: 'banker', amountCents: 500 }]),
      show([{ bet: 'banker', amountCents: 7_500 }, { bet: 'pairs', side: 'banker', amountCents: 500 }], { now: at(9) }),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      { type: 'FreezeAccount', roundId: 'R1', actor: DEALER, now: at(50) },
      { type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.tie), terms: TERMS, actor: DEALER, now: at(55) },
      { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(60) },
    ]);
    const movements = events.reduce((n, e) => n + ('movementCents' in e ? e.movementCents : 0), 0);
    expect(movements).toBe(0);
    const cashed = events.find((e) => e.type === 'AtsAccountCashedOut') as { amountCents: number };
    // 100,000 + 3,333 - 8,000 staked; the tie voids the Banker wager (7,500 back) and the pair loses.
    expect(cashed.amountCents).toBe(100_000 + 3_333 - 8_000 + 7_500);
  });
});

describe('A correction against a player whose ticket failed to print (Rapid 6.7.2(b) with 11.11)', () => {
  // X-R1: 30,000 in the note acceptor, 10,000 on Banker; Banker entered (paid 9,500), ticket of 39,500 not printed.
  const remote = { station: REMOTE_PRINTER, tender: 'note-acceptor' as const, actor: ats('T1-R1'), amountCents: 30_000 };
  const unpaid = history([
    open(remote),
    show([{ bet: 'banker', amountCents: 10_000 }], { atsId: 'T1-R1' }),
    { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: true, actor: ats('T1-R1'), now: at(45) },
  ]);
  const correct: AtsAccountCommand = { type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) };

  it('Rapid 6.7.2(b), 11.11: the recovery comes off the ticket not yet paid first: 20,000 owed, nothing unrecovered, and the manual payment pays 20,000', () => {
    expect(stateOf(unpaid)).toMatchObject({ status: 'awaiting-manual-payment', balanceCents: 0 });
    const corrected = [...unpaid, ...atsAccountDecider.decide(correct, stateOf(unpaid))];
    expect(corrected[corrected.length - 1]).toMatchObject({ type: 'AtsSettlementRecalculated', movementCents: 0, unrecoveredCents: 0, unpaidTicket: { reducedCents: 19_500, owedAfterCents: 20_000, clause: 'Rapid 6.7.2(b)' } });
    spec().given(corrected).when({ type: 'RecordManualPayment', reason: 'printer jammed', actor: SUPERVISOR, now: at(60) }).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsManualPaymentRecorded', amountCents: 20_000 })]);
      expect(s.status).toBe('closed');
    });
  });

  it('Rapid 11.11: once the ticket is paid, what cannot be recovered is a shortfall', () => {
    const paid = [...unpaid, ...atsAccountDecider.decide({ type: 'RecordManualPayment', reason: 'printer jammed', actor: SUPERVISOR, now: at(50) }, stateOf(unpaid))];
    spec().given(paid).when(correct).thenEvents(([e]) => {
      expect(e).toMatchObject({ movementCents: 0, unrecoveredCents: 19_500 });
      expect(e).not.toHaveProperty('unpaidTicket');
    });
  });

  it('Rapid 6.7.2(b), 11.11: a recovery larger than the ticket not yet paid takes it all; the rest is the shortfall', () => {
    // Corrected twice in the player's disfavour cannot happen on one round; a larger stake shows it: 30,000 on Banker.
    const big = history([
      open(remote),
      show([{ bet: 'banker', amountCents: 30_000 }], { atsId: 'T1-R1' }),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      { type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: true, actor: ats('T1-R1'), now: at(45) },
      { type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) },
    ]);
    const e = big[big.length - 1];
    // Ticket 58,500; the Banker win of 58,500 taken back in full: the whole ticket, nothing unrecovered.
    expect(e).toMatchObject({ unrecoveredCents: 0, unpaidTicket: { reducedCents: 58_500, owedAfterCents: 0 } });
    expect(stateOf(big).status).toBe('closed');
  });
});

describe('A tournament account corrected after its session ended (Rapid 11.11, 12.2.1(b), 12.2.2)', () => {
  const tournamentOpen: AtsAccountCommand = { type: 'OpenTournamentAccount', accountId: 'TA1', tableId: 'T1', station: TABLE_ATS, rulebookId: 'crown-melbourne-rapid', tournamentId: 'TN', sessionId: 'S1', entryId: 'E1', amountCents: 1_000, wagerLimits: null, actor: DEALER, now: T0 };
  const session = { tournamentId: 'TN', sessionId: 'S1' };
  const ended = history([
    tournamentOpen,
    show([{ bet: 'banker', amountCents: 1_000 }], { round: { ...ROUND, tournamentSession: session } }),
    { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'DisposeTournamentBalance', tournamentId: 'TN', sessionId: 'S1', actor: DEALER, now: at(45) },
  ]);
  const correct: AtsAccountCommand = { type: 'RecalculateSettlement', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(55) };

  it('Rapid 12.2.1(b), 11.11: the chips do not move after the session ended; the correction is referred to the Tournament Director with what it would have moved', () => {
    spec().given(ended).when(correct).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsTournamentCorrectionReferred', accountId: 'TA1', tournamentId: 'TN', sessionId: 'S1', entryId: 'E1', roundId: 'R1', previousCreditCents: 0, creditCents: 1_950, wantedCents: 1_950 })]);
      expect(events.some((e) => 'movementCents' in e)).toBe(false);
      expect(s).toMatchObject({ status: 'closed', balanceCents: 0 });
    });
  });

  it('Rapid 11.14(b), 12.2.1(b): a malfunction dealt with after the session ended is referred the same way', () => {
    spec().given(ended).when({ type: 'AdjustToRecords', roundId: 'R1', wagers: null, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, clause: 'Rapid 11.14(b); Rapid 11.16', actor: DEALER, now: at(55) }).thenEvents((events) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsTournamentCorrectionReferred', wantedCents: 1_000 })]);
    });
  });

  it('Rapid 11.11: during the session the account still moves as the correction says', () => {
    const during = ended.slice(0, -1);
    spec().given(during).when(correct).thenEvents(([e]) => expect(e).toMatchObject({ type: 'AtsSettlementRecalculated', tournamentId: 'TN', movementCents: 1_950 }));
  });
});

describe("Rapid 12.2.1(c), 12.2.2: a tournament account's wagers each coup keep within the session's maximum wager together", () => {
  const tournamentOpen: AtsAccountCommand = { type: 'OpenTournamentAccount', accountId: 'TA1', tableId: 'T1', station: TABLE_ATS, rulebookId: 'crown-melbourne-rapid', tournamentId: 'TN', sessionId: 'S1', entryId: 'E1', amountCents: 1_000, wagerLimits: { minCents: 10, maxCents: 500 }, actor: DEALER, now: T0 };
  const round = { ...ROUND, tournamentSession: { tournamentId: 'TN', sessionId: 'S1' } };

  it('refuses banker 300 and tie 300 in one coup, 600 above the maximum of 500, naming the clause, and takes 300 and 200', () => {
    spec().given(history([tournamentOpen])).when(show([{ bet: 'banker', amountCents: 300 }, { bet: 'tie', amountCents: 300 }], { round })).thenThrows('TOURNAMENT_WAGER_ABOVE_MAXIMUM', 'Rapid 12.2.1(c); 12.2.2');
    spec().given(history([tournamentOpen])).when(show([{ bet: 'banker', amountCents: 300 }, { bet: 'tie', amountCents: 200 }], { round })).thenEvents(([e]) => expect(e).toMatchObject({ type: 'AtsWagersShown', totalCents: 500 }));
  });
});

describe('Rapid 11.14(b), 5.3, 4.1: the wagers the records confirm are held to what the account held at their round, not its balance now', () => {
  // 100,000 bought in; round R1 Banker 10,000 (won, 19,500); round R2 Banker 100,000 (won, 195,000): 204,500 now.
  const r2: RoundContext = { roundId: 'R2', status: 'wagering', periodEndsAt: at(130), voidedForStation: false };
  const settleR = (roundId: string, now: string): AtsAccountCommand => ({ type: 'SettleWagers', roundId, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now });
  const laterWon = history([open(), show([{ bet: 'banker', amountCents: 10_000 }]), settleR('R1', at(40)), show([{ bet: 'banker', amountCents: 100_000 }], { round: r2, now: at(105) }), settleR('R2', at(140))]);
  const adjustR1 = (wagers: AttemptedWager[], terms = TERMS): AtsAccountCommand => ({ type: 'AdjustToRecords', roundId: 'R1', wagers, outcome: outcome(OUTCOMES.bankerWins), terms, clause: 'Rapid 11.14(b)', actor: DEALER, now: at(200) });

  it('refuses confirmed wagers beyond the 100,000 the account held in round R1, though it holds 204,500 now, naming the field and the amount held', () => {
    expect(stateOf(laterWon).balanceCents).toBe(204_500);
    const error = spec().given(laterWon).when(adjustR1([{ bet: 'banker', amountCents: 150_000 }])).thenThrows('INSUFFICIENT_BALANCE', 'Rapid 4.1; 4.2.2');
    expect(error.field).toBe('confirmedWagers');
    expect(error.message).toContain('$1,000.00');
  });

  it('takes confirmed wagers up to what the account held in round R1', () => {
    spec().given(laterWon).when(adjustR1([{ bet: 'banker', amountCents: 100_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsSettlementRecalculated', stakedCents: 100_000, creditCents: 195_000, movementCents: 195_000 - 100_000 - 9_500 });
      expect(s.balanceCents).toBe(204_500 + 85_500);
    });
  });
});

describe('Rapid 6.7 with 11.14(b), 11.16: a malfunction adjustment of a round settled before the player cashed out is made, what it moves owed or recovered as 6.7 says', () => {
  const settled = [open(), show([{ bet: 'banker', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) } as AtsAccountCommand];
  const cashedOutInChips = history([...settled, { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) }]);
  const adjust = (wagers: AttemptedWager[] | null): AtsAccountCommand => ({ type: 'AdjustToRecords', roundId: 'R1', wagers, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, clause: 'Rapid 11.14(b)', actor: DEALER, now: at(60) });

  it('confirmed wagers in the favour of the player who left are owed to them (11.11 with 6.7)', () => {
    spec().given(cashedOutInChips).when(adjust([{ bet: 'banker', amountCents: 15_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsSettlementRecalculated', cause: 'malfunction', creditCents: 29_250, movementCents: 4_750, owedToPlayerCents: 4_750, unrecoveredCents: 0 });
      expect(s).toMatchObject({ status: 'closed', owedToPlayerCents: 4_750 });
    });
  });

  it('confirmed wagers against the player who left, paid out in chips, record what cannot be recovered as a shortfall', () => {
    spec().given(cashedOutInChips).when(adjust([{ bet: 'player', amountCents: 10_000 }])).thenEvents(([e], s) => {
      expect(e).toMatchObject({ creditCents: 0, movementCents: 0, unrecoveredCents: 19_500 });
      expect(s.balanceCents).toBe(0);
    });
  });

  it('void wagers against a player whose ticket failed to print reduce the ticket not yet paid (6.7.2(b))', () => {
    const remote = { ...REMOTE_PRINTER };
    const ticketUnpaid = history([
      open({ station: remote, tender: 'note-acceptor', actor: ats('T1-R1'), amountCents: 100_000 }),
      show([{ bet: 'banker', amountCents: 10_000 }], { atsId: 'T1-R1' }),
      { type: 'SettleWagers', roundId: 'R1', outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
      { type: 'CashOut', method: 'ticket', ticketId: 'TK1', printerFault: true, actor: ats('T1-R1'), now: at(45) },
    ]);
    spec().given(ticketUnpaid).when(adjust(null)).thenEvents(([e], s) => {
      expect(e).toMatchObject({ movementCents: 0, unrecoveredCents: 0, unpaidTicket: { reducedCents: 9_500, owedAfterCents: 100_000 } });
      expect(s.cashOut?.amountCents).toBe(100_000);
    });
  });
});

describe('Rapid 13.9 with 11.11: a round the account no longer keeps, dealt with by the Casino Supervisor from its history', () => {
  const play = (roundId: string, n: number, bankerCents: number): AtsAccountCommand[] => [
    show([{ bet: 'banker', amountCents: bankerCents }], { round: { ...ROUND, roundId, roundNumber: n } }),
    { type: 'SettleWagers', roundId, roundNumber: n, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) },
  ];
  const events = history([open(), ...play('R1', 1, 1_000), ...[2, 3, 4, 5, 6, 7].flatMap((n) => play(`R${n}`, n, 2_000))]);
  const fromHistory = (all: readonly AtsAccountEvent[]) => all.filter((e) => 'roundId' in e && e.roundId === 'R1').reduce(atsAccountDecider.evolve, { ...atsAccountDecider.initialState(), exists: true }).rounds.R1;
  const recalc = (all: readonly AtsAccountEvent[]): AtsAccountCommand => ({ type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, earlierRound: fromHistory(all), actor: DEALER, now: at(50) });

  it('Rapid 11.11, 13.9: the round is recalculated from the history: the wrong credit is taken back once, to the cent', () => {
    expect(stateOf(events).rounds.R1).toBeUndefined();
    spec().given(events).when(recalc(events)).thenEvents((produced, s) => {
      expect(produced).toEqual([expect.objectContaining({ type: 'AtsSettlementRecalculated', roundId: 'R1', roundNumber: 1, previousCreditCents: 1_950, creditCents: 0, movementCents: -1_950 })]);
      expect(s.balanceCents).toBe(stateOf(events).balanceCents - 1_950);
      expect(s.rounds.R1).toBeUndefined();
    });
  });

  it('Rapid 11.11, 13.9: recalculated again from the history that records the first, it moves nothing more (no double credit or recovery)', () => {
    const once = [...events, ...atsAccountDecider.decide(recalc(events), stateOf(events))];
    spec().given(once).when(recalc(once)).thenEvents((produced) => expect(produced).toEqual([expect.objectContaining({ type: 'AtsSettlementRecalculated', previousCreditCents: 0, creditCents: 0, movementCents: 0 })]));
  });

  it('Rapid 4.8, 8.1: the round settled again once no longer kept moves nothing (no second credit)', () => {
    spec().given(events).when({ type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(60) }).thenEvents((produced) => expect(produced).toEqual([]));
  });
});

describe('Rapid 13.4: every wager for an invalidated result refunded', () => {
  const played = history([open(), show([{ bet: 'banker', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }]);
  const refund: AtsAccountCommand = { type: 'AdjustToRecords', roundId: 'R1', roundNumber: 1, wagers: null, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, clause: 'Rapid 13.3.1; Rapid 13.4', cause: 'invalidation', actor: SUPERVISOR, now: at(60) };

  it('Rapid 13.4: given the wager settled and credited, the stake is refunded and the credit taken back: the account as before the round', () => {
    spec().given(played).when(refund).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsSettlementRecalculated', cause: 'invalidation', previousCreditCents: 19_500, creditCents: 10_000, movementCents: -9_500, notRecognised: expect.objectContaining({ reason: 'void', returnedCents: 10_000 }), clause: expect.stringContaining('Rapid 13.4') })]);
      expect(s.balanceCents).toBe(100_000);
    });
  });

  it('Rapid 13.4 with 11.11, 6.7: an account paid out since owes what it cannot give back (unrecovered), and a losing wager refunded is owed to the player who left', () => {
    const paid = [...played, ...history([open(), show([{ bet: 'banker', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }, { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(50) }]).slice(played.length)];
    spec().given(paid).when(refund).thenEvents(([e]) => expect(e).toMatchObject({ cause: 'invalidation', movementCents: 0, unrecoveredCents: 9_500, owedToPlayerCents: 0 }));
    const lost = history([open(), show([{ bet: 'player', amountCents: 10_000 }]), { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(40) }, { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(50) }]);
    spec().given(lost).when(refund).thenEvents(([e]) => expect(e).toMatchObject({ cause: 'invalidation', movementCents: 10_000, owedToPlayerCents: 10_000, unrecoveredCents: 0 }));
  });
});

describe('Rapid 13.4 with 11.11: a refund to a player who kept money a correction could not recover sets it off first', () => {
  // 10,000 on Player; Player entered and credited 20,000; cashed out 110,000; the outcome corrected to the Banker's
  // (20,000 taken back: nothing left to take, 20,000 unrecovered); then the outcome invalidated (13.3): the stake refunded.
  const corrected = history([
    open(),
    show([{ bet: 'player', amountCents: 10_000 }]),
    { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(40) },
    { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) },
    { type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(55) },
  ]);
  const invalidate: AtsAccountCommand = { type: 'AdjustToRecords', roundId: 'R1', roundNumber: 1, wagers: null, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, clause: 'Rapid 13.3.1; Rapid 13.4', cause: 'invalidation', actor: SUPERVISOR, now: at(60) };

  it('Rapid 11.11: given the correction could not recover 20,000 from the account paid out', () => {
    expect(corrected[corrected.length - 1]).toMatchObject({ type: 'AtsSettlementRecalculated', movementCents: 0, unrecoveredCents: 20_000, owedToPlayerCents: 0 });
  });

  it('Rapid 13.4: the 10,000 stake refunded is set off against the 20,000 the player kept: nothing owed, 10,000 still unrecovered', () => {
    spec().given(corrected).when(invalidate).thenEvents(([e], s) => {
      expect(e).toMatchObject({ cause: 'invalidation', movementCents: 0, unrecoveredCents: -10_000, owedToPlayerCents: 0, setOff: { amountCents: 10_000, unrecoveredAfterCents: 10_000, rounds: [{ roundId: 'R1', roundNumber: 1, amountCents: 10_000 }] } });
      expect(s).toMatchObject({ owedToPlayerCents: 0, balanceCents: 0, unrecovered: [{ roundId: 'R1', roundNumber: 1, amountCents: 10_000 }] });
    });
  });

  it('Rapid 11.11: a credit up to what the player kept is set off in full', () => {
    spec().given(corrected).when({ type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.tie), terms: TERMS, actor: DEALER, now: at(70) }).thenEvents(([e], s) => {
      // On the tie the Player wager is void: credit 10,000 against 0, set off against the 20,000 kept.
      expect(e).toMatchObject({ creditCents: 10_000, movementCents: 0, unrecoveredCents: -10_000, owedToPlayerCents: 0 });
      expect(s.unrecovered).toEqual([{ roundId: 'R1', roundNumber: 1, amountCents: 10_000 }]);
    });
  });

  it('Rapid 6.7.1 with 11.11: a difference in the player\'s favour on another round is set off against what the player kept of the first: the account as corrected is what they are owed', () => {
    // Round 1: 1,000 on Player credited 2,000; round 2: 10,000 on Player lost; cashed out; round 1 corrected to the
    // Banker's (2,000 unrecovered), then round 2 to the Player's (20,000 in the player's favour): 18,000 owed.
    const second: RoundContext = { ...ROUND, roundId: 'R2', roundNumber: 2, periodEndsAt: at(60) };
    const twoRounds = history([
      open(),
      show([{ bet: 'player', amountCents: 1_000 }]),
      { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(40) },
      show([{ bet: 'player', amountCents: 10_000 }], { round: second, now: at(41) }),
      { type: 'SettleWagers', roundId: 'R2', roundNumber: 2, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(42) },
      { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) },
      { type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(55) },
    ]);
    expect(twoRounds[twoRounds.length - 1]).toMatchObject({ unrecoveredCents: 2_000 });
    spec().given(twoRounds).when({ type: 'RecalculateSettlement', roundId: 'R2', roundNumber: 2, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(60) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ creditCents: 20_000, movementCents: 18_000, unrecoveredCents: -2_000, owedToPlayerCents: 18_000, setOff: { amountCents: 2_000, unrecoveredAfterCents: 0, rounds: [{ roundId: 'R1', roundNumber: 1, amountCents: 2_000 }] } });
      expect(s).toMatchObject({ owedToPlayerCents: 18_000, unrecovered: [] });
    });
  });
});

describe('Rapid 11.11, 6.7: what is owed to a player who left is net of several rounds', () => {
  // Round 1: 5,000 on Player credited 10,000; round 2: 5,000 on Player lost; cashed out. Round 2 corrected to the
  // Player's (10,000 owed), then round 1 invalidated (13.4): its 5,000 win taken back from what is owed: 5,000 owed.
  const second: RoundContext = { ...ROUND, roundId: 'R2', roundNumber: 2, periodEndsAt: at(60) };
  const played = history([
    open(),
    show([{ bet: 'player', amountCents: 5_000 }], { round: { ...ROUND, roundNumber: 1 } }),
    { type: 'SettleWagers', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(40) },
    show([{ bet: 'player', amountCents: 5_000 }], { round: second, now: at(41) }),
    { type: 'SettleWagers', roundId: 'R2', roundNumber: 2, outcome: outcome(OUTCOMES.bankerWins), terms: TERMS, actor: DEALER, now: at(42) },
    { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) },
    { type: 'RecalculateSettlement', roundId: 'R2', roundNumber: 2, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, actor: DEALER, now: at(55) },
    { type: 'AdjustToRecords', roundId: 'R1', roundNumber: 1, wagers: null, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, clause: 'Rapid 13.3.1; Rapid 13.4', cause: 'invalidation', actor: SUPERVISOR, now: at(60) },
  ]);

  it('Rapid 11.11, 6.7: the owed payment names every round whose recalculation contributed to what is owed (round 2, then round 1)', () => {
    expect(played.slice(-2)).toEqual([expect.objectContaining({ roundId: 'R2', owedToPlayerCents: 10_000 }), expect.objectContaining({ roundId: 'R1', owedToPlayerCents: 5_000 })]);
    expect(stateOf(played).owedForRounds).toEqual([{ roundId: 'R2', roundNumber: 2 }, { roundId: 'R1', roundNumber: 1 }]);
    spec().given(played).when({ type: 'RecordManualPayment', reason: 'player came back to the cage', actor: SUPERVISOR, now: at(70) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'AtsOwedAmountPaid', amountCents: 5_000, rounds: [{ roundId: 'R2', roundNumber: 2 }, { roundId: 'R1', roundNumber: 1 }] });
      expect(s).toMatchObject({ owedToPlayerCents: 0, owedForRounds: [] });
    });
  });
});

describe('Rapid 11.11, 6.7 with 13.9: what is owed is net of several rounds, one of them no longer kept by the account', () => {
  // Round 1: 5,000 on Player lost; rounds 2-6: 5,000 on Player, round 6 credited 10,000; cashed out. Round 1 corrected
  // to the Player's from the history (10,000 owed), then round 6 invalidated (13.4): its 5,000 win taken back: 5,000 owed.
  const play = (n: number, o: { playerCards: readonly string[]; bankerCards: readonly string[] }): AtsAccountCommand[] => [
    show([{ bet: 'player', amountCents: 5_000 }], { round: { ...ROUND, roundId: `R${n}`, roundNumber: n } }),
    { type: 'SettleWagers', roundId: `R${n}`, roundNumber: n, outcome: outcome(o), terms: TERMS, actor: DEALER, now: at(40) },
  ];
  const cashedOut = history([open(), ...play(1, OUTCOMES.bankerWins), ...[2, 3, 4, 5].flatMap((n) => play(n, OUTCOMES.bankerWins)), ...play(6, OUTCOMES.playerWins), { type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(45) }]);
  const fromHistory = (all: readonly AtsAccountEvent[]) => all.filter((e) => 'roundId' in e && e.roundId === 'R1').reduce(atsAccountDecider.evolve, { ...atsAccountDecider.initialState(), exists: true }).rounds.R1;
  const corrected = [...cashedOut, ...atsAccountDecider.decide({ type: 'RecalculateSettlement', roundId: 'R1', roundNumber: 1, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, earlierRound: fromHistory(cashedOut), actor: DEALER, now: at(50) }, stateOf(cashedOut))];
  const invalidated = [...corrected, ...atsAccountDecider.decide({ type: 'AdjustToRecords', roundId: 'R6', roundNumber: 6, wagers: null, outcome: outcome(OUTCOMES.playerWins), terms: TERMS, clause: 'Rapid 13.3.1; Rapid 13.4', cause: 'invalidation', actor: SUPERVISOR, now: at(60) }, stateOf(corrected))];

  it('Rapid 11.11, 6.7: the correction of a round no longer kept leaves 10,000 owed, and the owed payment names both rounds', () => {
    expect(stateOf(cashedOut).rounds.R1).toBeUndefined();
    expect(stateOf(corrected)).toMatchObject({ owedToPlayerCents: 10_000, owedForRounds: [{ roundId: 'R1', roundNumber: 1 }] });
    expect(invalidated[invalidated.length - 1]).toMatchObject({ roundId: 'R6', owedToPlayerCents: 5_000 });
    spec().given(invalidated).when({ type: 'RecordManualPayment', reason: 'player came back to the cage', actor: SUPERVISOR, now: at(70) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'AtsOwedAmountPaid', amountCents: 5_000, rounds: [{ roundId: 'R1', roundNumber: 1 }, { roundId: 'R6', roundNumber: 6 }] });
    });
  });
});
