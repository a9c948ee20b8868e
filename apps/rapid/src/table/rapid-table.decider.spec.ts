import { deciderSpec } from '@app/testing';
import { at, ats, CASINO_SUPERVISOR, DEALER, openTable, OUTCOMES, T0 } from '../test-support/rapid-fixtures';
import { rapidFloorDecider } from '../floor/rapid-floor.decider';
import { rapidTableDecider, type RapidTableCommand } from './rapid-table.decider';
import { earlierRoundFrom, type RapidTableEvent } from './rapid-table.events';

const spec = () => deciderSpec(rapidTableDecider);
const run = (commands: RapidTableCommand[]): RapidTableEvent[] => {
  let state = rapidTableDecider.initialState();
  const all: RapidTableEvent[] = [];
  for (const c of commands) {
    const events = rapidTableDecider.decide(c, state);
    all.push(...events);
    state = events.reduce(rapidTableDecider.evolve, state);
  }
  return all;
};
const opened = run([openTable('T1')]);
const started = [...opened, ...run([openTable('T1'), { type: 'StartRound', roundId: 'R1', actor: DEALER, now: T0 }]).slice(1)];
const closedAt10 = [...started, ...rapidTableDecider.decide({ type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) }, started.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
const settled: RapidTableEvent[] = [
  ...closedAt10,
  { type: 'RapidOutcomeEntered', tableId: 'T1', roundId: 'R1', outcome: { ...OUTCOMES.bankerWins, result: 'banker', playerTotal: 6, bankerTotal: 7 }, enteredAt: at(20), clause: 'x' },
  { type: 'RapidRoundSettled', tableId: 'T1', roundId: 'R1', accounts: [], stakedCents: 0, creditedCents: 0, houseNetCents: 0, settledAt: at(20), clause: 'x' },
];

describe('Rapid Baccarat table: rounds numbered per table', () => {
  it('Rapid 8.1: every event of a round carries its number at the table, as the ATS and SGC show it', () => {
    const events = run([
      openTable('T1'),
      { type: 'StartRound', roundId: 'R-a', actor: DEALER, now: T0 },
      { type: 'CloseWagering', roundId: 'R-a', actor: DEALER, now: at(5) },
      { type: 'EnterOutcome', roundId: 'R-a', ...OUTCOMES.bankerWins, actor: DEALER, now: at(6) },
      { type: 'RecordRoundSettled', roundId: 'R-a', accounts: [], actor: DEALER, now: at(6) },
      { type: 'StartRound', roundId: 'R-b', actor: DEALER, now: at(7) },
      { type: 'CloseWagering', roundId: 'R-b', actor: DEALER, now: at(8) },
      { type: 'EnterOutcome', roundId: 'R-b', ...OUTCOMES.playerWins, actor: DEALER, now: at(9) },
      { type: 'RecordRoundSettled', roundId: 'R-b', accounts: [], actor: DEALER, now: at(9) },
      { type: 'FreezeAccounts', roundId: 'R-a', reason: 'x', actor: DEALER, now: at(10) },
      { type: 'CorrectOutcome', roundId: 'R-a', ...OUTCOMES.tie, accounts: [], actor: DEALER, now: at(11) },
      { type: 'ReportMalfunction', roundId: 'R-b', scope: 'game-system', atsId: null, confirmedFromRecords: true, description: 'x', actor: DEALER, now: at(12) },
    ]);
    const numbers = events.filter((e) => 'roundId' in e).map((e) => [e.type, (e as { roundNumber?: number }).roundNumber]);
    expect(numbers).toEqual([
      ['RapidRoundStarted', 1],
      ['RapidWageringClosed', 1],
      ['RapidOutcomeEntered', 1],
      ['RapidRoundSettled', 1],
      ['RapidRoundStarted', 2],
      ['RapidWageringClosed', 2],
      ['RapidOutcomeEntered', 2],
      ['RapidRoundSettled', 2],
      ['RapidAccountsFrozen', 1],
      ['RapidOutcomeCorrected', 1],
      ['RapidMalfunctionRecorded', 2],
    ]);
  });
});

describe('Rapid Baccarat table: errors name the table', () => {
  it("Rapid 1.1 'SGC': a command for a table never opened is refused naming the table to open", () => {
    for (const command of [
      { type: 'StartRound', roundId: 'R1', tableId: 'RB9', actor: DEALER, now: T0 },
      { type: 'EnterOutcome', roundId: 'R1', tableId: 'RB9', ...OUTCOMES.bankerWins, actor: DEALER, now: T0 },
      { type: 'FreezeAccounts', roundId: 'R1', tableId: 'RB9', reason: 'x', actor: DEALER, now: T0 },
    ] as RapidTableCommand[]) {
      const error = spec().given([]).when(command).thenThrows('RAPID_TABLE_NOT_FOUND');
      expect(error.message).toContain('RB9');
    }
  });
});

describe('Rapid Baccarat table: wagering period (Rapid 8.1-8.2)', () => {
  it('Rapid 8.1(b): without the operator\'s determination the wagering period is 30 seconds', () => {
    spec().given([]).when(openTable('T1')).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidTableOpened', wageringPeriodSeconds: 30, wageringPeriodSetBy: 'rulebook-default' }));
  });

  it('Rapid 8.1(a): the casino operator sets another period', () => {
    spec().given([]).when(openTable('T1', { wageringPeriodSeconds: 45 })).thenEvents(([e]) => expect(e).toMatchObject({ wageringPeriodSeconds: 45, wageringPeriodSetBy: 'casino-operator' }));
  });

  it('Rapid 8.1(a); 1.1: a Dealer may not set up the table and its period', () => {
    spec().given([]).when(openTable('T1', { actor: DEALER })).thenThrows('ROLE_NOT_PERMITTED');
  });

  it('Rapid 2.2(a): a table has at most 50 ATS', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ atsId: `A${i}`, remote: false, printer: false }));
    spec().given([]).when(openTable('T1', { stations: many })).thenThrows('STATIONS_OUT_OF_RANGE', 'Rapid 2.2(a)');
  });

  it('Rapid 3.1.1: Perfect Pairs needs 8 decks', () => {
    spec().given([]).when(openTable('T1', { decks: 6 })).thenThrows('DECKS_NOT_ALLOWED_FOR_BET', 'Rapid 3.1.1');
  });

  it('Rapid 8.1, 8.2: a round starts with the countdown to its period end', () => {
    spec().given(opened).when({ type: 'StartRound', roundId: 'R1', actor: DEALER, now: T0 }).then([
      { type: 'RapidRoundStarted', tableId: 'T1', roundId: 'R1', roundNumber: 1, startedAt: T0, periodEndsAt: at(30), periodSeconds: 30, clause: 'Rapid 8.1; Rapid 8.2' },
    ]);
  });

  it('Rapid 8.1(c): the dealer drawing cards ends the period early', () => {
    spec().given(started).when({ type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) }).then([
      { type: 'RapidWageringClosed', tableId: 'T1', roundId: 'R1', roundNumber: 1, closedAt: at(10), early: true, clause: 'Rapid 8.1(c)' },
    ]);
  });

  it('Rapid 8.1: the outcome cannot be entered while the period runs', () => {
    spec().given(started).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(29) }).thenThrows('WAGERING_PERIOD_RUNNING', 'Rapid 8.1');
  });

  it('Rapid 8.1, 1.1 SGC: after expiry the outcome entered closes the period at its expiry time', () => {
    spec().given(started).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(40) }).thenEvents((events) => {
      expect(events[0]).toMatchObject({ type: 'RapidWageringClosed', closedAt: at(30), early: false });
      expect(events[1]).toMatchObject({ type: 'RapidOutcomeEntered', outcome: { result: 'banker', playerTotal: 6, bankerTotal: 7 } });
    });
  });

  it('Rapid 9: an outcome the Table of Play cannot produce is refused (Player 6 does not draw)', () => {
    spec().given(closedAt10).when({ type: 'EnterOutcome', roundId: 'R1', playerCards: ['2H', '4S', '3C'], bankerCards: ['7D', 'KC'], actor: DEALER, now: at(20) }).thenThrows('OUTCOME_CONTRARY_TO_TABLE_OF_PLAY');
  });

  it("Rapid 8.1, 1.1 'SGC' (a): a round id already used at the table is refused 409 naming the round it was used for, held or not", () => {
    const error = spec().given(settled).when({ type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(30) }).thenThrows('ROUND_ID_USED');
    expect(error).toMatchObject({ kind: 'conflict', message: expect.stringContaining('round 1') });
    // A round the table no longer holds: the shell finds it in the table's history and says which round it was.
    const earlier = spec().given(settled).when({ type: 'StartRound', roundId: 'R-old', usedBefore: { roundNumber: 1 }, actor: DEALER, now: at(30) }).thenThrows('ROUND_ID_USED');
    expect(earlier.message).toContain('round 1');
    expect(earlier.message).toContain('R-old');
  });

  it('Rapid 8.1: a new round waits for the settlement of the last', () => {
    spec().given(closedAt10).when({ type: 'StartRound', roundId: 'R2', actor: DEALER, now: at(20) }).thenThrows('ROUND_IN_PROGRESS');
  });

  it("Rapid 1.1 'SGC' (a), 4.8: the same outcome entered again before every account is settled completes the settlement; another is refused (11.11)", () => {
    const entered = [...closedAt10, ...rapidTableDecider.decide({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(20) }, closedAt10.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec().given(entered).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(21) }).thenEvents((events) => expect(events).toEqual([]));
    spec().given(entered).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.playerWins, actor: DEALER, now: at(21) }).thenThrows('OUTCOME_ALREADY_ENTERED', 'Rapid 11.11');
    spec().given(settled).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(21) }).thenThrows('OUTCOME_ALREADY_ENTERED', 'Rapid 11.11');
  });
});

describe('Rapid Baccarat table: wrong outcome (Rapid 11.11)', () => {
  it('Rapid 11.11: the dealer freezes every account at the table', () => {
    const withAccounts: RapidTableEvent[] = [
      ...settled,
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS01', accountId: 'A1', clause: 'x' },
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS02', accountId: 'A2', clause: 'x' },
    ];
    spec().given(withAccounts).when({ type: 'FreezeAccounts', roundId: 'R1', reason: 'entered 7 for 1', actor: DEALER, now: at(25) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidAccountsFrozen', accountIds: ['A1', 'A2'], clause: 'Rapid 11.11' });
    });
  });

  it('Rapid 11.11: the actual outcome is entered only once the accounts are frozen', () => {
    spec().given(settled).when({ type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [], actor: DEALER, now: at(25) }).thenThrows('ACCOUNTS_NOT_FROZEN', 'Rapid 11.11');
  });

  it('Rapid 11.11: the correction records the previous and the actual outcome', () => {
    const frozen: RapidTableEvent[] = [...settled, { type: 'RapidAccountsFrozen', tableId: 'T1', roundId: 'R1', accountIds: [], reason: 'r', frozenAt: at(25), clause: 'x' }];
    spec().given(frozen).when({ type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1000, creditedCents: 2000 }], actor: DEALER, now: at(26) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidOutcomeCorrected', previous: { result: 'banker' }, actual: { result: 'player' }, stakedCents: 1000, creditedCents: 2000, houseNetCents: -1000 });
    });
  });

  it('Rapid 11.11: a round corrected before is refused a second correction without a new freeze, saying it was already corrected', () => {
    const frozen: RapidTableEvent[] = [...settled, { type: 'RapidAccountsFrozen', tableId: 'T1', roundId: 'R1', accountIds: [], reason: 'r', frozenAt: at(25), clause: 'x' }];
    const correction = { type: 'CorrectOutcome' as const, roundId: 'R1', ...OUTCOMES.playerWins, accounts: [], actor: DEALER, now: at(26) };
    const corrected = [...frozen, ...rapidTableDecider.decide(correction, frozen.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec().given(corrected).when({ ...correction, ...OUTCOMES.bankerWins, now: at(27) }).thenThrows('ACCOUNTS_NOT_FROZEN', 'Rapid 11.11');
    expect(() => rapidTableDecider.decide({ ...correction, ...OUTCOMES.bankerWins, now: at(27) }, corrected.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))).toThrow(/already corrected/);
  });
});

describe('Rapid Baccarat table: the review confirms the outcome entered (Rapid 11.11)', () => {
  const frozen: RapidTableEvent[] = [...settled, { type: 'RapidAccountsFrozen', tableId: 'T1', roundId: 'R1', accountIds: ['A1', 'A2'], reason: 'r', frozenAt: at(25), clause: 'x' }];

  it('Rapid 11.11: the outcome entered, found right on review, lifts the freeze with nothing recalculated', () => {
    spec().given(frozen).when({ type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, accounts: [], actor: DEALER, now: at(26) }).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'RapidOutcomeConfirmed', roundId: 'R1', outcome: { result: 'banker' }, accountIds: ['A1', 'A2'], clause: 'Rapid 11.11' });
      expect(s.recentRounds.R1.frozenAccountIds).toBeNull();
      expect(s.recentRounds.R1.corrections).toBe(0);
    });
  });

  it('Rapid 11.11: once confirmed, the round may be frozen again if another error is found', () => {
    const confirmed = [...frozen, ...rapidTableDecider.decide({ type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, accounts: [], actor: DEALER, now: at(26) }, frozen.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec().given(confirmed).when({ type: 'FreezeAccounts', roundId: 'R1', reason: 'again', actor: DEALER, now: at(27) }).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidAccountsFrozen' }));
  });
});

describe('Rapid Baccarat table: malfunctions (Rapid 11.14-11.16) and claims (11.12)', () => {
  it('Rapid 11.14(a): an ATS failing before the period expires voids its wagers', () => {
    spec().given(started).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: null, description: 'screen froze', actor: DEALER, now: at(5) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ relativeToPeriod: 'before-expiry', effect: 'void', clause: 'Rapid 11.14(a)' });
    });
  });

  it('Rapid 11.14(b): after expiry the dealer says whether the records confirm the wagers', () => {
    spec().given(closedAt10).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: null, description: 'x', actor: DEALER, now: at(12) }).thenThrows('CONFIRMATION_REQUIRED');
    spec().given(closedAt10).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: true, description: 'x', actor: DEALER, now: at(12) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ relativeToPeriod: 'after-expiry', effect: 'settle-as-recorded', clause: 'Rapid 11.14(b)' });
    });
  });

  it('Rapid 11.16: wagers the records cannot confirm are void', () => {
    spec().given(closedAt10).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'game-system', atsId: null, confirmedFromRecords: false, description: 'x', actor: DEALER, now: at(12) }).thenEvents(([e], state) => {
      expect(e).toMatchObject({ effect: 'void', clause: 'Rapid 11.15(b); Rapid 11.16' });
      expect(state.round?.status).toBe('void');
    });
  });

  it('Rapid 11.15(a): a game system failure before expiry voids the round', () => {
    spec().given(started).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'game-system', atsId: null, confirmedFromRecords: null, description: 'x', actor: DEALER, now: at(3) }).thenEvents((_, state) => {
      expect(state.round?.status).toBe('void');
    });
  });

  it('Rapid 11.12: a claim is recorded and resolved; an ATS lodges one only for itself', () => {
    const claim: RapidTableCommand = { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS02', roundId: 'R1', kind: 'incorrect-outcome', description: 'the WND showed 8', actor: ats('T1-ATS01'), now: at(21) };
    spec().given(settled).when(claim).thenThrows('FOREIGN_ACCOUNT');
    const recorded = rapidTableDecider.decide({ ...claim, actor: ats('T1-ATS02') }, settled.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()));
    expect(recorded[0]).toMatchObject({ type: 'RapidClaimRecorded', clause: 'Rapid 11.12' });
    spec().given([...settled, ...recorded]).when({ type: 'ResolveClaim', claimId: 'C1', resolution: 'rejected', action: 'outcome checked on the shoe', actor: DEALER, now: at(22) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidClaimResolved', resolution: 'rejected' });
    });
  });
});

describe('Rapid Baccarat table: a malfunction found once the outcome is entered (Rapid 11.14(b), 11.15(b), 11.16, 11.12)', () => {
  const settledWithAccounts: RapidTableEvent[] = [
    ...closedAt10,
    { type: 'RapidOutcomeEntered', tableId: 'T1', roundId: 'R1', outcome: { ...OUTCOMES.bankerWins, result: 'banker', playerTotal: 6, bankerTotal: 7 }, enteredAt: at(20), clause: 'x' },
    {
      type: 'RapidRoundSettled',
      tableId: 'T1',
      roundId: 'R1',
      accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1_000, creditedCents: 1_950 }, { accountId: 'A2', atsId: 'T1-ATS02', stakedCents: 500, creditedCents: 0 }],
      stakedCents: 1_500,
      creditedCents: 1_950,
      houseNetCents: -450,
      settledAt: at(20),
      clause: 'x',
    },
  ];
  const malfunction = (over: Partial<Extract<RapidTableCommand, { type: 'ReportMalfunction' }>> = {}): RapidTableCommand => ({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: false, description: 'touch screen failed during the deal', actor: DEALER, now: at(30), ...over });

  it('Rapid 11.14(b), 11.16: an ATS malfunction on or after expiry is dealt with after the outcome: unconfirmable wagers are void, on the account that ATS showed', () => {
    spec().given(settledWithAccounts).when(malfunction()).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', relativeToPeriod: 'after-expiry', afterOutcome: true, effect: 'void', accountIds: ['A1'], clause: 'Rapid 11.14(b); Rapid 11.16' });
    });
  });

  it('Rapid 11.14(b): confirmed from the records after the outcome, the account is adjusted to the wagers the records show', () => {
    const wagers = [{ bet: 'player', amountCents: 1_000 }];
    spec().given(settledWithAccounts).when(malfunction({ confirmedFromRecords: true, confirmedWagers: wagers })).thenEvents(([e]) => {
      expect(e).toMatchObject({ effect: 'settle-as-confirmed', afterOutcome: true, confirmedWagers: wagers, accountIds: ['A1'], clause: 'Rapid 11.14(b)' });
    });
    spec().given(settledWithAccounts).when(malfunction({ confirmedFromRecords: false, confirmedWagers: wagers })).thenThrows('CONFIRMED_WAGERS_NOT_CONFIRMED');
  });

  it('Rapid 11.14(b): wagers the records confirm for an ATS with no account settled in the round are refused naming the ATS, not recorded as adjusting nothing', () => {
    const wagers = [{ bet: 'banker', amountCents: 5_000 }];
    spec().given(settledWithAccounts).when(malfunction({ atsId: 'T1-ATS03', confirmedFromRecords: true, confirmedWagers: wagers })).thenThrows('NO_ACCOUNT_OF_ATS_IN_ROUND', 'Rapid 11.14(b)');
    // Without confirmed wagers the record is still taken: it adjusts nothing and says so (no account).
    spec().given(settledWithAccounts).when(malfunction({ atsId: 'T1-ATS03', confirmedFromRecords: true })).thenEvents(([e]) => expect(e).toMatchObject({ effect: 'settle-as-recorded', accountIds: [] }));
  });

  it('Rapid 11.15(b), 11.16: a game system malfunction after the outcome voids the unconfirmable wagers of every account settled in the round', () => {
    spec().given(settledWithAccounts).when(malfunction({ scope: 'game-system', atsId: null })).thenEvents(([e], s) => {
      expect(e).toMatchObject({ scope: 'game-system', effect: 'void', accountIds: ['A1', 'A2'], clause: 'Rapid 11.15(b); Rapid 11.16' });
      expect(s.recentRounds.R1.status).toBe('settled');
    });
  });

  it('Rapid 11.12, 11.14(b): an upheld malfunction claim is resolved by dealing with the malfunction on the claim\'s ATS and round', () => {
    const claimed = [...settledWithAccounts, ...rapidTableDecider.decide({ type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'malfunction', description: 'my Banker wager went to Player', actor: ats('T1-ATS01'), now: at(25) }, settledWithAccounts.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const resolve = { type: 'ResolveClaim' as const, claimId: 'C1', resolution: 'upheld' as const, action: 'the ATS log shows 10.00 on Banker', malfunction: { confirmedFromRecords: true, confirmedWagers: [{ bet: 'banker', amountCents: 1_000 }] }, actor: DEALER, now: at(30) };
    spec().given(claimed).when({ ...resolve, actor: ats('T1-ATS01') }).thenThrows('ROLE_NOT_PERMITTED');
    spec().given(claimed).when({ ...resolve, resolution: 'rejected' }).thenThrows('ADJUSTMENT_NEEDS_UPHELD_CLAIM');
    spec().given(claimed).when(resolve).thenEvents(([resolved, recorded]) => {
      expect(resolved).toMatchObject({ type: 'RapidClaimResolved', resolution: 'upheld', clause: 'Rapid 11.12' });
      expect(recorded).toMatchObject({ type: 'RapidMalfunctionRecorded', scope: 'ats', atsId: 'T1-ATS01', afterOutcome: true, accountIds: ['A1'], claimId: 'C1' });
    });
  });
});

describe('Rapid Baccarat table: each malfunction dealt with on its own (Rapid 11.14(b), 11.15(b), 11.16)', () => {
  const state = (events: readonly RapidTableEvent[]) => events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState());
  const report = (over: Partial<Extract<RapidTableCommand, { type: 'ReportMalfunction' }>> = {}): Extract<RapidTableCommand, { type: 'ReportMalfunction' }> => ({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: true, description: 'ATS 1 froze after the draw', actor: DEALER, now: at(12), ...over });

  it('Rapid 11.14(b), 11.16: a malfunction of an ATS recorded after expiry does not block a later record of the same ATS in the round', () => {
    const first = rapidTableDecider.decide(report(), state(closedAt10));
    spec().given([...closedAt10, ...first]).when(report({ confirmedFromRecords: false, description: 'ATS 1 failed again', now: at(14) })).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', atsId: 'T1-ATS01', relativeToPeriod: 'after-expiry', effect: 'void', clause: 'Rapid 11.14(b); Rapid 11.16' });
    });
  });

  it('Rapid 11.15(b), 11.16: a game system malfunction recorded after expiry does not block a later one in the round', () => {
    const first = rapidTableDecider.decide(report({ scope: 'game-system', atsId: null }), state(closedAt10));
    spec().given([...closedAt10, ...first]).when(report({ scope: 'game-system', atsId: null, now: at(14) })).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', scope: 'game-system', effect: 'settle-as-recorded' });
    });
  });

  it('Rapid 11.14(a), 11.16: wagers voided by one malfunction are not reinstated by a later record of the ATS before the outcome; they stay void', () => {
    const voided = rapidTableDecider.decide(report({ confirmedFromRecords: null, now: at(5) }), state(started));
    const given = [...started, ...voided, ...closedAt10.slice(started.length)];
    spec().given(given).when(report({ now: at(12) })).thenThrows('WAGERS_ALREADY_VOID', 'Rapid 11.14');
    const later = rapidTableDecider.decide(report({ confirmedFromRecords: false, now: at(12) }), state(given));
    expect(state([...given, ...later]).recentRounds.R1.atsMalfunctions['T1-ATS01']).toBe('void');
  });
});

describe('Rapid Baccarat table: a malfunction is placed by when it occurred, not when it is recorded (Rapid 11.14, 11.15)', () => {
  const report = (over: Partial<Extract<RapidTableCommand, { type: 'ReportMalfunction' }>> = {}): RapidTableCommand => ({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: true, description: 'ATS 1 froze', actor: DEALER, now: at(15), ...over });

  it('Rapid 11.14(a): a malfunction that occurred before the draw, recorded after it, voids the ATS\'s wagers', () => {
    spec().given(closedAt10).when(report({ occurredAt: at(8) })).thenEvents(([e]) => {
      expect(e).toMatchObject({ occurredAt: at(8), recordedAt: at(15), relativeToPeriod: 'before-expiry', effect: 'void', confirmedFromRecords: null, clause: 'Rapid 11.14(a)' });
    });
  });

  it('Rapid 11.15(a): a game system malfunction that occurred before the draw, recorded after it, voids the round', () => {
    spec().given(closedAt10).when(report({ scope: 'game-system', atsId: null, occurredAt: at(9) })).thenEvents(([e], s) => {
      expect(e).toMatchObject({ relativeToPeriod: 'before-expiry', effect: 'void', clause: 'Rapid 11.15(a)' });
      expect(s.recentRounds.R1.status).toBe('void');
    });
  });

  it('Rapid 11.14(b): one that occurred on the draw (the expiry) is on or after it', () => {
    spec().given(closedAt10).when(report({ occurredAt: at(10) })).thenEvents(([e]) => expect(e).toMatchObject({ relativeToPeriod: 'after-expiry', effect: 'settle-as-recorded', clause: 'Rapid 11.14(b)' }));
  });

  it('Rapid 11.14: a time in the future or before the round opened is refused naming occurredAt', () => {
    const future = spec().given(closedAt10).when(report({ occurredAt: at(16) })).thenThrows('MALFUNCTION_TIME_IN_FUTURE', 'Rapid 11.14');
    expect(future.field).toBe('occurredAt');
    const early = spec().given(closedAt10).when(report({ occurredAt: at(-1) })).thenThrows('MALFUNCTION_BEFORE_ROUND', 'Rapid 11.14');
    expect(early.field).toBe('occurredAt');
    expect(early.message).toContain(T0);
  });

  it('Rapid 11.14: a malfunction that occurred once the next round had opened is refused against the earlier round, naming occurredAt', () => {
    const next = [...settled, ...rapidTableDecider.decide({ type: 'StartRound', roundId: 'R2', actor: DEALER, now: at(25) }, settled.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const late = spec().given(next).when(report({ occurredAt: at(26), now: at(30) })).thenThrows('MALFUNCTION_AFTER_ROUND', 'Rapid 11.14');
    expect(late.field).toBe('occurredAt');
    expect(late.message).toContain('R2');
    spec().given(next).when(report({ occurredAt: at(24), now: at(30) })).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', roundId: 'R1' }));
  });
});

describe('Rapid floor: one pay-table option per bet across tables (Rapid 10.1)', () => {
  const register = (tableId: string, option: string) => ({ type: 'RegisterTable' as const, floorId: 'main', tableId, rulebookId: 'crown-melbourne-rapid', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'perfect-pairs', option }], atsIds: [`${tableId}-ATS01`], now: T0 });
  it('Rapid 10.1 (footnote): a second table offering Perfect Pairs on another option is refused', () => {
    const first = rapidFloorDecider.decide(register('T1', '1'), rapidFloorDecider.initialState());
    const error = deciderSpec(rapidFloorDecider).given(first).when(register('T2', '2')).thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
    expect(error.field).toBe('offeredBets[1].option');
    deciderSpec(rapidFloorDecider).given(first).when(register('T2', '1')).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidTableRegistered', tableId: 'T2' }));
  });
  it('a casino supervisor opens; the floor never sees a table twice', () => {
    expect(CASINO_SUPERVISOR.role).toBe('area-manager');
    const first = rapidFloorDecider.decide(register('T1', '1'), rapidFloorDecider.initialState());
    deciderSpec(rapidFloorDecider).given(first).when(register('T1', '1')).thenThrows('RAPID_TABLE_EXISTS');
  });
});

describe("Rapid Baccarat table: a tournament session's rounds are no money (Rapid 12.2.1(b), 12.2.2)", () => {
  it("Rapid 12.2.2: a round's totals count the players' own accounts only; the tournament accounts are marked with their tournament", () => {
    const events = run([
      openTable('T1'),
      { type: 'StartTournamentSession', tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', creditCents: 1_000, accountId: 'T.cup.h1.e1' }], actor: DEALER, now: T0 },
      { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) },
      { type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(5) },
      { type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(6) },
      {
        type: 'RecordRoundSettled',
        roundId: 'R1',
        accounts: [
          { accountId: 'T.cup.h1.e1', atsId: 'T1-A1', stakedCents: 500, creditedCents: 0 },
          { accountId: 'A-cash', atsId: 'T1-A2', stakedCents: 2_000, creditedCents: 3_900 },
        ],
        actor: DEALER,
        now: at(6),
      },
    ]);
    expect(events.find((e) => e.type === 'RapidRoundSettled')).toMatchObject({
      accounts: [
        { accountId: 'T.cup.h1.e1', tournamentId: 'cup', stakedCents: 500 },
        { accountId: 'A-cash', stakedCents: 2_000 },
      ],
      stakedCents: 2_000,
      creditedCents: 3_900,
      houseNetCents: -1_900,
    });
  });
});

describe('Rapid Baccarat table: used exclusively for a tournament session (Rapid 12.3.2)', () => {
  it('Rapid 12.3.2: a session does not start while a round of cash play is still open at the table', () => {
    const session: RapidTableCommand = { type: 'StartTournamentSession', tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', creditCents: 1_000, accountId: 'T.cup.h1.e1' }], actor: DEALER, now: at(3) };
    spec()
      .given(started)
      .when(session)
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidTournamentSessionRefused', tournamentId: 'cup', sessionId: 'h1', reason: 'round-of-cash-play-open', round: { roundId: 'R1', roundNumber: 1 }, clause: 'Rapid 12.3.2' }));
    spec().given(settled).when(session).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['RapidTournamentSessionStarted']));
  });

  it('Rapid 12.3.2: the director may start a refused session again once the table is free: the refusal says to end the cash round and start the session again, and the table then takes it', () => {
    const session: RapidTableCommand = { type: 'StartTournamentSession', tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', creditCents: 1_000, accountId: 'T.cup.h1.e1' }], actor: DEALER, now: at(3) };
    const [refusal] = spec().given(started).when(session).thenEvents(([e]) => {
      if (e.type !== 'RapidTournamentSessionRefused') throw new Error(e.type);
      expect(e.message).toMatch(/end round 1 of cash play/i);
      expect(e.message).toMatch(/then the Tournament Director starts session h1 of tournament cup again/);
    });
    // The same session started again once the round has ended: the table takes it.
    const freed = [...started, refusal, ...settled.slice(started.length)];
    spec().given(freed).when({ ...session, now: at(30) }).thenEvents((events) => expect(events).toMatchObject([{ type: 'RapidTournamentSessionStarted', tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1' }] }]));
  });

  it('Rapid 12.3.2: a refusal names every blocker at once (the open cash round and each ATS still showing a cash account), so the one instruction frees the table', () => {
    const session: RapidTableCommand = { type: 'StartTournamentSession', tournamentId: 'cup', sessionId: 'h1', seats: [{ box: 1, entryId: 'e1', creditCents: 1_000, accountId: 'T.cup.h1.e1' }], actor: DEALER, now: at(3) };
    const withCash: RapidTableEvent[] = [
      ...started,
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS02', accountId: 'A2', clause: 'x' },
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS03', accountId: 'A3', clause: 'x' },
    ];
    spec()
      .given(withCash)
      .when(session)
      .thenEvents(([e]) => {
        if (e.type !== 'RapidTournamentSessionRefused') throw new Error(e.type);
        expect(e).toMatchObject({ blockers: ['round-of-cash-play-open', 'cash-accounts-open'], round: { roundId: 'R1', roundNumber: 1 }, atsIds: ['T1-ATS02', 'T1-ATS03'], clause: 'Rapid 12.3.2' });
        expect(e.message).toMatch(/end round 1 of cash play/i);
        expect(e.message).toMatch(/T1-ATS02, T1-ATS03/);
        expect(e.message).toMatch(/cash-out/);
      });
  });
});


describe('Rapid Baccarat table: what the audit through the API found still open (Rapid 11.12, 11.14-11.16, 12.2.2)', () => {
  const state = (events: readonly RapidTableEvent[]) => events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState());
  const settledWithAccounts: RapidTableEvent[] = [
    ...closedAt10,
    { type: 'RapidOutcomeEntered', tableId: 'T1', roundId: 'R1', outcome: { ...OUTCOMES.bankerWins, result: 'banker', playerTotal: 6, bankerTotal: 7 }, enteredAt: at(20), clause: 'x' },
    {
      type: 'RapidRoundSettled',
      tableId: 'T1',
      roundId: 'R1',
      accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 4_000, creditedCents: 7_800 }, { accountId: 'A2', atsId: 'T1-ATS02', stakedCents: 5_000, creditedCents: 0 }],
      stakedCents: 9_000,
      creditedCents: 7_800,
      houseNetCents: 1_200,
      settledAt: at(20),
      clause: 'x',
    },
  ];
  const malfunction = (over: Partial<Extract<RapidTableCommand, { type: 'ReportMalfunction' }>> = {}): Extract<RapidTableCommand, { type: 'ReportMalfunction' }> => ({ type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: false, occurredAt: at(12), description: 'touch screen failed', actor: DEALER, now: at(30), ...over });
  const then = (events: readonly RapidTableEvent[], c: RapidTableCommand) => [...events, ...rapidTableDecider.decide(c, state(events))];
  /** Rounds R2-R9 played after R1 (each started, closed, Banker's outcome, settled): the table holds the last five. */
  const nineRoundsPlayed = (): RapidTableEvent[] => {
    let events = settledWithAccounts;
    for (let n = 2; n <= 9; n++) {
      const id = `R${n}`;
      events = then(events, { type: 'StartRound', roundId: id, actor: DEALER, now: at(100 * n) });
      events = then(events, { type: 'CloseWagering', roundId: id, actor: DEALER, now: at(100 * n + 5) });
      events = then(events, { type: 'EnterOutcome', roundId: id, ...OUTCOMES.bankerWins, actor: DEALER, now: at(100 * n + 6) });
      events = then(events, { type: 'RecordRoundSettled', roundId: id, accounts: [], actor: DEALER, now: at(100 * n + 6) });
    }
    return events;
  };

  it('Rapid 11.14(b), 11.16: wagers an ATS malfunction voided after the outcome are not reinstated by a later record confirming them (409 WAGERS_ALREADY_VOID, as before the outcome)', () => {
    const voided = then(settledWithAccounts, malfunction());
    spec().given(voided).when(malfunction({ confirmedFromRecords: true, confirmedWagers: [{ bet: 'banker', amountCents: 4_000 }], now: at(40) })).thenThrows('WAGERS_ALREADY_VOID', 'Rapid 11.14');
    spec().given(voided).when(malfunction({ confirmedFromRecords: true, now: at(40) })).thenThrows('WAGERS_ALREADY_VOID', 'Rapid 11.14');
  });

  it('Rapid 11.15(b), 11.16: wagers a game system malfunction voided after the outcome are not reinstated by a later record of one ATS confirming them', () => {
    const voided = then(settledWithAccounts, malfunction({ scope: 'game-system', atsId: null }));
    spec().given(voided).when(malfunction({ atsId: 'T1-ATS02', confirmedFromRecords: true, confirmedWagers: [{ bet: 'player', amountCents: 5_000 }], now: at(40) })).thenThrows('WAGERS_ALREADY_VOID', 'Rapid 11.14');
  });

  it('Rapid 11.14: a malfunction of scope ats names its ATS: without atsId it is refused naming atsId, not "no ATS"', () => {
    expect(() => rapidTableDecider.decide(malfunction({ atsId: null }), state(settledWithAccounts))).toThrow(expect.objectContaining({ code: 'ATS_ID_REQUIRED', field: 'atsId', clause: 'Rapid 11.14' }));
  });

  it('Rapid 11.14, 11.15: a game system malfunction that names an ATS is contradictory: refused naming atsId and both clauses, nothing voided (a dealer who meant one ATS would void the whole table)', () => {
    const refused = expect(() => rapidTableDecider.decide(malfunction({ scope: 'game-system', atsId: 'T1-ATS01' }), state(settledWithAccounts)));
    refused.toThrow(expect.objectContaining({ code: 'ATS_ID_NOT_FOR_GAME_SYSTEM', field: 'atsId', clause: 'Rapid 11.14; Rapid 11.15' }));
    refused.toThrow(/scope "ats"/);
  });

  it('Rapid 11.12: a claim that an incorrect outcome was entered names its round (refused naming roundId); a malfunction claim may name none', () => {
    const claim = { type: 'RecordClaim' as const, claimId: 'C9', atsId: 'T1-ATS03', roundId: null, kind: 'incorrect-outcome' as const, description: 'last round was wrong', actor: ats('T1-ATS03'), now: at(40) };
    expect(() => rapidTableDecider.decide(claim, state(settledWithAccounts))).toThrow(expect.objectContaining({ code: 'ROUND_ID_REQUIRED', field: 'roundId', clause: 'Rapid 11.12' }));
    spec().given(settledWithAccounts).when({ ...claim, kind: 'malfunction' }).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidClaimRecorded', roundId: null }));
  });

  it('Rapid 11.12: a round older than the rounds the table holds is refused 409 naming the limit and the clause (11.12 sets no time limit), a round never played 404', () => {
    const events = nineRoundsPlayed();
    const claim = { type: 'RecordClaim' as const, claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'incorrect-outcome' as const, description: 'x', actor: ats('T1-ATS01'), now: at(1_000) };
    expect(() => rapidTableDecider.decide(claim, state(events))).toThrow(expect.objectContaining({ kind: 'conflict', code: 'ROUND_NO_LONGER_HELD', clause: 'Rapid 11.11; 11.12; 13.9', message: expect.stringContaining('last 5 rounds (rounds 5-9)') }));
    expect(() => rapidTableDecider.decide(malfunction({ now: at(1_000) }), state(events))).toThrow(expect.objectContaining({ kind: 'conflict', code: 'ROUND_NO_LONGER_HELD' }));
    expect(() => rapidTableDecider.decide({ ...claim, roundId: 'R-none' }, state(settledWithAccounts))).toThrow(expect.objectContaining({ kind: 'not-found', code: 'ROUND_NOT_FOUND' }));
  });

  it('Rapid 13.9: a round id the table never played, sent by the Casino Supervisor once the table has played more rounds than it holds, is 404 naming the round and the table and what to do, not 409 ROUND_NO_LONGER_HELD', () => {
    const events = nineRoundsPlayed();
    // The history was read for the round and has none (earlierRound null): every round action answers 404.
    const none = { earlierRound: null, actor: CASINO_SUPERVISOR, now: at(1_000) };
    const commands: RapidTableCommand[] = [
      { type: 'FreezeAccounts', roundId: 'R-none', reason: 'x', ...none },
      { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R-none', kind: 'incorrect-outcome', description: 'x', ...none },
      { type: 'CorrectOutcome', roundId: 'R-none', ...OUTCOMES.playerWins, accounts: [], ...none },
      { type: 'InvalidateOutcome', roundId: 'R-none', ground: 'fraud', reason: 'x', ...none },
      { ...malfunction({ roundId: 'R-none' }), ...none },
    ];
    for (const command of commands) {
      const error = spec().given(events).when(command).thenThrows('ROUND_NOT_FOUND');
      expect(error).toMatchObject({ kind: 'not-found' });
      expect(error.message).toContain('round R-none');
      expect(error.message).toContain('Table T1');
      expect(error.message).toContain('check the round id');
      expect(error.message).toContain('GET /rapid/tables/T1');
      expect(error.message).toContain('rounds 1-9');
    }
    // The Dealer, told of a round never played, is told so too: not sent to the Casino Supervisor.
    spec().given(events).when({ type: 'FreezeAccounts', roundId: 'R-none', reason: 'x', earlierRound: null, actor: DEALER, now: at(1_000) }).thenThrows('ROUND_NOT_FOUND');
  });

  it('Rapid 8.1(c), 8.3.3: drawing cards or entering an outcome for a round id that is not the current round is 409 ROUND_NOT_CURRENT naming roundId, the current round and the clause, never ROUND_NO_LONGER_HELD (nothing for the Casino Supervisor to decide)', () => {
    const events = nineRoundsPlayed();
    for (const command of [
      { type: 'CloseWagering', roundId: 'nope', actor: DEALER, now: at(1_000) },
      { type: 'EnterOutcome', roundId: 'nope', ...OUTCOMES.playerWins, actor: DEALER, now: at(1_000) },
    ] as RapidTableCommand[]) {
      const error = spec().given(events).when(command).thenThrows('ROUND_NOT_CURRENT');
      expect(error.field).toBe('roundId');
      expect(error.clause).toMatch(/^Rapid 8\.1/);
      expect(error.message).toContain('nope');
    }
  });

  it('Rapid 12.2.2: a correction marks the tournament accounts by the round\'s own settlement, not by the session running when it is made', () => {
    const session: RapidTableEvent[] = [
      ...opened,
      { type: 'RapidTournamentSessionStarted', tableId: 'T1', tournamentId: 'TN', sessionId: 'S1', seats: [{ box: 1, atsId: 'T1-ATS01', entryId: 'E1', accountId: 'TA1', creditCents: 1_000 }], unseated: [], startedAt: T0, clause: 'x' },
    ];
    let events = then(session, { type: 'StartRound', roundId: 'TC-R1', actor: DEALER, now: at(1) });
    events = then(events, { type: 'CloseWagering', roundId: 'TC-R1', actor: DEALER, now: at(2) });
    events = then(events, { type: 'EnterOutcome', roundId: 'TC-R1', ...OUTCOMES.playerWins, actor: DEALER, now: at(3) });
    events = then(events, { type: 'RecordRoundSettled', roundId: 'TC-R1', accounts: [{ accountId: 'TA1', atsId: 'T1-ATS01', stakedCents: 100, creditedCents: 0 }], actor: DEALER, now: at(3) });
    events = [...events, { type: 'RapidTournamentSessionEnded', tableId: 'T1', tournamentId: 'TN', sessionId: 'S1', accountIds: ['TA1'], endedAt: at(4), clause: 'x' }];
    events = then(events, { type: 'FreezeAccounts', roundId: 'TC-R1', reason: 'x', actor: DEALER, now: at(5) });
    spec().given(events).when({ type: 'CorrectOutcome', roundId: 'TC-R1', ...OUTCOMES.bankerWins, accounts: [{ accountId: 'TA1', atsId: 'T1-ATS01', stakedCents: 100, creditedCents: 195 }], actor: DEALER, now: at(6) }).thenEvents(([e]) => {
      expect(e).toMatchObject({ type: 'RapidOutcomeCorrected', accounts: [{ accountId: 'TA1', tournamentId: 'TN' }], stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    });
  });
});

describe('Rapid 11.14(a): a second report of the same ATS malfunction in the same round is a repeated report of the void, not a second void', () => {
  const first: RapidTableCommand = { type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: null, description: 'screen froze', actor: DEALER, now: at(5) };
  const voided = [...started, ...rapidTableDecider.decide(first, started.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];

  it('Rapid 11.14(a): the second report is recorded, naming the first report it repeats, and moves nothing', () => {
    spec()
      .given(voided)
      .when({ ...first, description: 'player reported the frozen screen again', now: at(7) })
      .thenEvents(([e]) => {
        expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', atsId: 'T1-ATS01', effect: 'void', repeatOf: { recordedAt: at(5), clause: 'Rapid 11.14(a)' } });
      });
  });

  it('Rapid 11.14(a): the first report of an ATS, and a report of another ATS, repeat nothing', () => {
    spec().given(started).when(first).thenEvents(([e]) => expect(e).not.toHaveProperty('repeatOf'));
    spec().given(voided).when({ ...first, atsId: 'T1-ATS02', now: at(7) }).thenEvents(([e]) => expect(e).not.toHaveProperty('repeatOf'));
  });
});

describe('Rapid 11.11 with 11.12: a Dealer upholding a claim that an incorrect outcome was entered freezes every ATS chip account', () => {
  const withAccounts = run([
    openTable('T1'),
    { type: 'AssignStationAccount', atsId: 'T1-ATS01', accountId: 'A1', actor: DEALER, now: T0 },
    { type: 'AssignStationAccount', atsId: 'T1-ATS02', accountId: 'A2', actor: DEALER, now: T0 },
    { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) },
    { type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) },
    { type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(11) },
    { type: 'RecordRoundSettled', roundId: 'R1', accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1_000, creditedCents: 1_950 }], actor: DEALER, now: at(11) },
    { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'incorrect-outcome', description: 'Player had 5, not 6', actor: ats('T1-ATS01'), now: at(20) },
  ]);
  const uphold: RapidTableCommand = { type: 'ResolveClaim', claimId: 'C1', resolution: 'upheld', action: 'outcome was wrong', actor: DEALER, now: at(30) };

  it('Rapid 11.11 with 11.12: given an upheld claim of an incorrect outcome, the accounts are frozen for the round as by the freeze route, and the resolution names the freeze', () => {
    spec()
      .given(withAccounts)
      .when(uphold)
      .thenEvents((events, s) => {
        expect(events).toEqual([
          expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'C1', resolution: 'upheld', freeze: { roundId: 'R1', roundNumber: 1, accountIds: ['A1', 'A2'], frozenAt: at(30), clause: 'Rapid 11.11' }, clause: 'Rapid 11.12' }),
          expect.objectContaining({ type: 'RapidAccountsFrozen', roundId: 'R1', roundNumber: 1, accountIds: ['A1', 'A2'], reason: 'claim C1 upheld: outcome was wrong', clause: 'Rapid 11.11' }),
        ]);
        expect(s.recentRounds.R1.frozenAccountIds).toEqual(['A1', 'A2']);
      });
  });

  it('Rapid 11.11 with 11.12: given the accounts already frozen for the round, the upheld claim names that freeze and freezes nothing twice', () => {
    const frozen = [...withAccounts, ...rapidTableDecider.decide({ type: 'FreezeAccounts', roundId: 'R1', reason: 'dealer saw it', actor: DEALER, now: at(25) }, withAccounts.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec()
      .given(frozen)
      .when(uphold)
      .thenEvents((events) => expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', freeze: { roundId: 'R1', roundNumber: 1, accountIds: ['A1', 'A2'], frozenAt: at(25), clause: 'Rapid 11.11' } })]));
  });

  it('Rapid 11.11 with 11.12: given the actual outcome entered for the round since the claim, upholding it records the resolution naming the correction and freezes nothing again', () => {
    const after = (events: readonly RapidTableEvent[], c: RapidTableCommand) => [...events, ...rapidTableDecider.decide(c, events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const frozen = after(withAccounts, { type: 'FreezeAccounts', roundId: 'R1', reason: 'claim C1', actor: DEALER, now: at(22) });
    const corrected = after(frozen, { type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [], actor: DEALER, now: at(25) });
    spec()
      .given(corrected)
      .when(uphold)
      .thenEvents((events, s) => {
        expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'C1', resolution: 'upheld', correction: expect.objectContaining({ roundId: 'R1', roundNumber: 1, by: 'corrected', at: at(25), clause: 'Rapid 11.11' }) })]);
        expect(events[0]).not.toHaveProperty('freeze');
        expect(s.recentRounds.R1.frozenAccountIds).toBeNull();
      });
    // The outcome confirmed on review is the actual outcome entered too: nothing to freeze again.
    const confirmed = after(frozen, { type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, accounts: [], actor: DEALER, now: at(25) });
    spec().given(confirmed).when(uphold).thenEvents((events) => expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', correction: expect.objectContaining({ by: 'confirmed' }) })]));
  });

  it('Rapid 11.11 with 11.12: a claim made after the round\'s outcome was corrected (the accounts recalculated and released), upheld, records the correction that dealt with it and freezes nothing again', () => {
    const after = (events: readonly RapidTableEvent[], c: RapidTableCommand) => [...events, ...rapidTableDecider.decide(c, events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const frozen = after(withAccounts, { type: 'FreezeAccounts', roundId: 'R1', reason: 'dealer saw it', actor: DEALER, now: at(22) });
    const corrected = after(frozen, { type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [], actor: DEALER, now: at(25) });
    const claimedAfter = after(corrected, { type: 'RecordClaim', claimId: 'C2', atsId: 'T1-ATS02', roundId: 'R1', kind: 'incorrect-outcome', description: 'the Banker was entered', actor: ats('T1-ATS02'), now: at(26) });
    spec()
      .given(claimedAfter)
      .when({ ...uphold, claimId: 'C2', now: at(27) } as RapidTableCommand)
      .thenEvents((events, s) => {
        expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'C2', resolution: 'upheld', correction: { roundId: 'R1', roundNumber: 1, by: 'corrected', at: at(25), outcome: expect.objectContaining({ result: 'player' }), clause: 'Rapid 11.11' } })]);
        expect(events[0]).not.toHaveProperty('freeze');
        expect(s.recentRounds.R1.frozenAccountIds).toBeNull();
      });
    // Frozen again for a second review since, the upheld claim names that freeze, as any claim does (11.11).
    const refrozen = after(claimedAfter, { type: 'FreezeAccounts', roundId: 'R1', reason: 'second review', actor: DEALER, now: at(28) });
    spec().given(refrozen).when({ ...uphold, claimId: 'C2', now: at(29) } as RapidTableCommand).thenEvents((events) => expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', freeze: expect.objectContaining({ frozenAt: at(28) }) })]));
  });

  it('Rapid 11.12 with 11.11: a claim made before any correction is dealt with by the first correction after it, not by a later one that reversed it, nor lost to an invalidation since', () => {
    const after = (events: readonly RapidTableEvent[], c: RapidTableCommand) => [...events, ...rapidTableDecider.decide(c, events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    let history = after(withAccounts, { type: 'FreezeAccounts', roundId: 'R1', reason: 'claim C1', actor: DEALER, now: at(22) });
    history = after(history, { type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [], actor: DEALER, now: at(25) });
    history = after(history, { type: 'FreezeAccounts', roundId: 'R1', reason: 'second look', actor: DEALER, now: at(26) });
    history = after(history, { type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, accounts: [], actor: DEALER, now: at(27) });
    const invalidated = after(history, { type: 'InvalidateOutcome', roundId: 'R1', ground: 'fraud', reason: 'marked cards', actor: CASINO_SUPERVISOR, now: at(28) });
    for (const given of [history, invalidated]) {
      spec()
        .given(given)
        .when(uphold)
        .thenEvents((events) => {
          expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'C1', correction: { roundId: 'R1', roundNumber: 1, by: 'corrected', at: at(25), outcome: expect.objectContaining({ result: 'player' }), clause: 'Rapid 11.11' } })]);
          expect(events[0]).not.toHaveProperty('freeze');
        });
    }
  });

  it('Rapid 11.12: a rejected claim of an incorrect outcome freezes nothing', () => {
    spec()
      .given(withAccounts)
      .when({ ...uphold, resolution: 'rejected', action: 'checked on the shoe' } as RapidTableCommand)
      .thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['RapidClaimResolved']);
        expect(events[0]).not.toHaveProperty('freeze');
      });
  });
});

describe('Rapid 13.9 with 11.11, 11.12, 11.14: the Casino Supervisor acts on a round the table no longer holds at the SGC', () => {
  const then = (events: readonly RapidTableEvent[], c: RapidTableCommand) => [...events, ...rapidTableDecider.decide(c, events.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
  let events = run([
    openTable('T1'),
    { type: 'AssignStationAccount', atsId: 'T1-ATS01', accountId: 'A1', actor: DEALER, now: T0 },
    { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) },
    { type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) },
    { type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(11) },
    { type: 'RecordRoundSettled', roundId: 'R1', accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1_000, creditedCents: 1_950 }], actor: DEALER, now: at(11) },
  ]);
  for (let n = 2; n <= 7; n++) {
    events = then(events, { type: 'StartRound', roundId: `R${n}`, actor: DEALER, now: at(100 * n) });
    events = then(events, { type: 'CloseWagering', roundId: `R${n}`, actor: DEALER, now: at(100 * n + 5) });
    events = then(events, { type: 'EnterOutcome', roundId: `R${n}`, ...OUTCOMES.tie, actor: DEALER, now: at(100 * n + 6) });
    events = then(events, { type: 'RecordRoundSettled', roundId: `R${n}`, accounts: [], actor: DEALER, now: at(100 * n + 6) });
  }
  const earlierRound = earlierRoundFrom(events, 'R1');
  const claim: RapidTableCommand = { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'incorrect-outcome', description: 'Player held 9', earlierRound, actor: CASINO_SUPERVISOR, now: at(1_000) };

  it('Rapid 13.9: the round is read from the history with its outcome, accounts and the start of the next round', () => {
    expect(earlierRound).toMatchObject({ round: { roundId: 'R1', roundNumber: 1, status: 'settled', settledAccountIds: ['A1'] }, nextStartedAt: at(200) });
    expect(earlierRoundFrom(events, 'R-none')).toBeNull();
  });

  it('Rapid 13.9 with 11.12: the Casino Supervisor records a claim about an earlier round; the Dealer is refused 409 naming the role that can act and the routes', () => {
    spec().given(events).when(claim).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidClaimRecorded', roundId: 'R1', roundNumber: 1 }));
    const refused = spec().given(events).when({ ...claim, actor: DEALER }).thenThrows('ROUND_NO_LONGER_HELD', 'Rapid 11.11; 11.12; 13.9');
    expect(refused.message).toContain('Casino Supervisor (role area-manager, Rapid 13.9)');
    expect(refused.message).toContain('/rapid/tables/T1/rounds/R1/freeze');
  });

  it('Rapid 13.9 with 11.11: the Casino Supervisor freezes the accounts for an earlier round and enters its actual outcome', () => {
    const frozen = then(events, { type: 'FreezeAccounts', roundId: 'R1', reason: 'review of the camera', earlierRound, actor: CASINO_SUPERVISOR, now: at(1_000) });
    expect(frozen.at(-1)).toMatchObject({ type: 'RapidAccountsFrozen', roundId: 'R1', roundNumber: 1, accountIds: ['A1'] });
    const stillEarlier = earlierRoundFrom(frozen, 'R1');
    spec()
      .given(frozen)
      .when({ type: 'CorrectOutcome', roundId: 'R1', ...OUTCOMES.playerWins, accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1_000, creditedCents: 0 }], earlierRound: stillEarlier, actor: CASINO_SUPERVISOR, now: at(1_010) })
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidOutcomeCorrected', roundId: 'R1', roundNumber: 1, creditedCents: 0, stakedCents: 1_000 }));
    spec().given(events).when({ type: 'FreezeAccounts', roundId: 'R1', reason: 'x', earlierRound, actor: DEALER, now: at(1_000) }).thenThrows('ROUND_NO_LONGER_HELD');
  });

  it('Rapid 13.9 with 11.14(b): a malfunction of an earlier round is placed against the start of the round after it, from the history', () => {
    const malfunction: RapidTableCommand = { type: 'ReportMalfunction', roundId: 'R1', scope: 'ats', atsId: 'T1-ATS01', confirmedFromRecords: false, occurredAt: at(250), description: 'x', earlierRound, actor: CASINO_SUPERVISOR, now: at(1_000) };
    spec().given(events).when(malfunction).thenThrows('MALFUNCTION_AFTER_ROUND');
    spec().given(events).when({ ...malfunction, occurredAt: at(12) }).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidMalfunctionRecorded', roundId: 'R1', afterOutcome: true, accountIds: ['A1'], effect: 'void' }));
  });
});

describe('Rapid 11.10, 13.3-13.4: the outcome of a game invalidated, every wager for that result refunded', () => {
  const GAME_SUPERVISOR = { id: 'gs-1', role: 'gaming-supervisor' } as const;
  const settledR1 = run([
    openTable('T1'),
    { type: 'AssignStationAccount', atsId: 'T1-ATS01', accountId: 'A1', actor: DEALER, now: T0 },
    { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) },
    { type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) },
    { type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(11) },
    { type: 'RecordRoundSettled', roundId: 'R1', accounts: [{ accountId: 'A1', atsId: 'T1-ATS01', stakedCents: 1_000, creditedCents: 1_950 }], actor: DEALER, now: at(11) },
  ]);
  const invalidate = (over: Partial<Extract<RapidTableCommand, { type: 'InvalidateOutcome' }>> = {}): RapidTableCommand => ({ type: 'InvalidateOutcome', roundId: 'R1', ground: 'equipment-failure', reason: 'the shoe reader misread the third card', actor: GAME_SUPERVISOR, now: at(20), ...over });

  it('Rapid 11.10, 13.4: a Game Supervisor invalidates an outcome affected by an equipment failure, naming every account to refund; the round is void', () => {
    spec()
      .given(settledR1)
      .when(invalidate())
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'RapidOutcomeInvalidated', roundId: 'R1', roundNumber: 1, ground: 'equipment-failure', accountIds: ['A1'], outcome: { result: 'banker' }, authority: { minimumRole: 'gaming-supervisor', actedAs: 'gaming-supervisor' }, clause: 'Rapid 11.10; Rapid 13.4' });
        expect(s.recentRounds.R1).toMatchObject({ status: 'void', invalidated: { ground: 'equipment-failure' } });
      });
    spec().given(settledR1).when(invalidate({ actor: DEALER })).thenThrows('ROLE_NOT_PERMITTED', 'Rapid 11.10');
  });

  it('Rapid 13.3.1, 13.3.2: civil commotion, fire, riot, brawl, robbery, an Act of God or fraud is for a Casino Supervisor: a Game Supervisor is refused', () => {
    spec().given(settledR1).when(invalidate({ ground: 'fire' })).thenThrows('ROLE_NOT_PERMITTED', 'Rapid 13.3.1');
    spec().given(settledR1).when(invalidate({ ground: 'fraud' })).thenThrows('ROLE_NOT_PERMITTED', 'Rapid 13.3.2');
    spec().given(settledR1).when(invalidate({ ground: 'civil-commotion', actor: CASINO_SUPERVISOR })).thenEvents(([e]) => expect(e).toMatchObject({ ground: 'civil-commotion', clause: 'Rapid 13.3.1; Rapid 13.4' }));
    spec().given(settledR1).when(invalidate({ ground: 'fraud', actor: CASINO_SUPERVISOR })).thenEvents(([e]) => expect(e).toMatchObject({ ground: 'fraud', clause: 'Rapid 13.3.2; Rapid 13.4' }));
  });

  it('Rapid 13.4: an outcome is invalidated once; afterwards the round is void for corrections and malfunctions; a round without an outcome has none to invalidate for an equipment failure (11.10)', () => {
    const invalidated = [...settledR1, ...rapidTableDecider.decide(invalidate(), settledR1.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec().given(invalidated).when(invalidate({ now: at(30) })).thenThrows('OUTCOME_ALREADY_INVALIDATED', 'Rapid 13.4');
    spec().given(invalidated).when({ type: 'ReportMalfunction', roundId: 'R1', scope: 'game-system', atsId: null, confirmedFromRecords: false, occurredAt: at(12), description: 'x', actor: DEALER, now: at(30) }).thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
    spec().given(started).when(invalidate({ now: at(5) })).thenThrows('NO_OUTCOME_TO_INVALIDATE');
  });
  it('Rapid 13.4: a freeze, or a claim that an incorrect outcome was entered, on a round whose outcome was invalidated is refused 409 saying it was invalidated and every wager refunded, not "not settled"; nothing is recorded or frozen', () => {
    const invalidated = [...settledR1, ...rapidTableDecider.decide(invalidate(), settledR1.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const freeze = spec().given(invalidated).when({ type: 'FreezeAccounts', roundId: 'R1', reason: 'x', actor: DEALER, now: at(30) }).thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
    expect(freeze.message).toContain('round 1 (R1)');
    expect(freeze.message).toContain('invalidated');
    expect(freeze.message).toContain('every wager');
    const claim: RapidTableCommand = { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'incorrect-outcome', description: 'Player held 9', actor: ats('T1-ATS01'), now: at(30) };
    const refused = spec().given(invalidated).when(claim).thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
    expect(refused.message).toContain('refunded');
    // A claim made before the invalidation, upheld after it, is resolved and freezes nothing: every wager was refunded.
    const claimedBefore = [...settledR1, ...rapidTableDecider.decide(claim, settledR1.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const both = [...claimedBefore, ...rapidTableDecider.decide(invalidate(), claimedBefore.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec()
      .given(both)
      .when({ type: 'ResolveClaim', claimId: 'C1', resolution: 'upheld', action: 'outcome invalidated for fraud', actor: DEALER, now: at(31) })
      .thenEvents((events, s) => {
        expect(events).toEqual([expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'C1', resolution: 'upheld' })]);
        expect(events[0]).not.toHaveProperty('freeze');
        expect(s.recentRounds.R1.frozenAccountIds).toBeNull();
      });
  });
  it('Rapid 13.4: a malfunction record, or a malfunction claim, on a round whose outcome was invalidated is refused 409 OUTCOME_INVALIDATED naming the round and the clause: every wager was refunded, nothing is left to void or confirm', () => {
    const invalidated = [...settledR1, ...rapidTableDecider.decide(invalidate(), settledR1.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    for (const scope of ['ats', 'game-system'] as const) {
      for (const confirmedFromRecords of [true, false]) {
        const refused = spec()
          .given(invalidated)
          .when({ type: 'ReportMalfunction', roundId: 'R1', scope, atsId: scope === 'ats' ? 'T1-ATS01' : null, confirmedFromRecords, occurredAt: at(12), description: 'touch screen froze', actor: DEALER, now: at(30) })
          .thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
        expect(refused.message).toContain('round 1 (R1)');
        expect(refused.message).toContain('refunded');
      }
    }
    const claim: RapidTableCommand = { type: 'RecordClaim', claimId: 'C1', atsId: 'T1-ATS01', roundId: 'R1', kind: 'malfunction', description: 'the screen froze', actor: ats('T1-ATS01'), now: at(30) };
    const refused = spec().given(invalidated).when(claim).thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
    expect(refused.message).toContain('round 1 (R1)');
    // A malfunction claim made before the invalidation and upheld after it deals with no malfunction: nothing is left to void or confirm.
    const claimedBefore = [...settledR1, ...rapidTableDecider.decide(claim, settledR1.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const both = [...claimedBefore, ...rapidTableDecider.decide(invalidate(), claimedBefore.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    spec()
      .given(both)
      .when({ type: 'ResolveClaim', claimId: 'C1', resolution: 'upheld', action: 'wagers confirmed', malfunction: { confirmedFromRecords: true, occurredAt: at(12) }, actor: DEALER, now: at(31) })
      .thenThrows('OUTCOME_INVALIDATED', 'Rapid 13.4');
  });
  it('Rapid 13.3.1, 13.4: a game disrupted before its outcome (an Act of God in the wagering period) is invalidated by the Casino Supervisor: the round is void, every account at the table refunded its wagers, and it takes no outcome', () => {
    const wagering = run([openTable('T1'), { type: 'AssignStationAccount', atsId: 'T1-ATS01', accountId: 'A1', actor: DEALER, now: T0 }, { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) }]);
    spec().given(wagering).when(invalidate({ ground: 'act-of-god', now: at(5) })).thenThrows('ROLE_NOT_PERMITTED', 'Rapid 13.3.1');
    spec()
      .given(wagering)
      .when(invalidate({ ground: 'act-of-god', reason: 'earthquake', actor: CASINO_SUPERVISOR, now: at(5) }))
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'RapidOutcomeInvalidated', roundId: 'R1', roundNumber: 1, ground: 'act-of-god', outcome: null, beforeOutcome: true, accountIds: ['A1'], clause: 'Rapid 13.3.1; Rapid 13.4' });
        expect(s.recentRounds.R1).toMatchObject({ status: 'void', closedAt: at(5), invalidated: { ground: 'act-of-god' } });
      });
    const invalidated = [...wagering, ...rapidTableDecider.decide(invalidate({ ground: 'fraud', actor: CASINO_SUPERVISOR, now: at(5) }), wagering.reduce(rapidTableDecider.evolve, rapidTableDecider.initialState()))];
    const refused = spec().given(invalidated).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(40) }).thenThrows('ROUND_VOID');
    expect(refused.message).toContain('invalidated');
    spec().given(invalidated).when({ type: 'StartRound', roundId: 'R2', actor: DEALER, now: at(41) }).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidRoundStarted', roundNumber: 2 }));
  });
  it('Rapid 11.15(b), 11.16: a round voided by a game system malfunction after expiry, its wagers unconfirmable, refuses an outcome citing the clause it was voided under, not 11.15(a)', () => {
    const voided = run([
      openTable('T1'),
      { type: 'StartRound', roundId: 'R1', actor: DEALER, now: at(1) },
      { type: 'CloseWagering', roundId: 'R1', actor: DEALER, now: at(10) },
      { type: 'ReportMalfunction', roundId: 'R1', scope: 'game-system', atsId: null, confirmedFromRecords: false, occurredAt: at(12), description: 'SGC lost the wagers', actor: DEALER, now: at(13) },
    ]);
    expect(voided[voided.length - 1]).toMatchObject({ type: 'RapidMalfunctionRecorded', effect: 'void', clause: 'Rapid 11.15(b); Rapid 11.16' });
    const refused = spec().given(voided).when({ type: 'EnterOutcome', roundId: 'R1', ...OUTCOMES.bankerWins, actor: DEALER, now: at(14) }).thenThrows('ROUND_VOID', 'Rapid 11.15(b); Rapid 11.16');
    expect(refused.message).toContain('(Rapid 11.15(b); Rapid 11.16)');
    expect(refused.message).not.toContain('11.15(a)');
  });
});
