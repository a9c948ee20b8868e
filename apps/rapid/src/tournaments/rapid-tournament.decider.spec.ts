import { deciderSpec } from '@app/testing';
import { atsAccountDecider, type AtsAccountCommand, type OpenTournamentAccount, type SettleWagers } from '../account/ats-account.decider';
import type { AtsAccountEvent } from '../account/ats-account.events';
import { rapidTableDecider, type RapidTableCommand, type StartTournamentSession } from '../table/rapid-table.decider';
import type { RapidTableEvent } from '../table/rapid-table.events';
import { at, ats, DEALER, openTable, OUTCOMES, T0, TERMS } from '../test-support/rapid-fixtures';

/** Tournament play on Rapid tables (Rapid 12.2, 12.3.2): what the table and the accounts decide. */
const DIRECTOR = { id: 'td-1', role: 'tournament-director' } as const;
const table = (commands: RapidTableCommand[]): RapidTableEvent[] => {
  let state = rapidTableDecider.initialState();
  return commands.flatMap((c) => {
    const events = rapidTableDecider.decide(c, state);
    state = events.reduce(rapidTableDecider.evolve, state);
    return [...events];
  });
};
const account = (commands: AtsAccountCommand[]): AtsAccountEvent[] => {
  let state = atsAccountDecider.initialState();
  return commands.flatMap((c) => {
    const events = atsAccountDecider.decide(c, state);
    state = events.reduce(atsAccountDecider.evolve, state);
    return [...events];
  });
};

const start = (over: Partial<StartTournamentSession> = {}): StartTournamentSession => ({
  type: 'StartTournamentSession',
  tournamentId: 'TN1',
  sessionId: 'S1',
  seats: [
    { box: 1, entryId: 'E1', creditCents: 50_000, accountId: 'T.S1.E1' },
    { box: 2, entryId: 'E2', creditCents: 50_000, accountId: 'T.S1.E2' },
  ],
  actor: DIRECTOR,
  now: at(1),
  ...over,
});
const opened = table([openTable('T1')]);
const inSession = [...opened, ...table([openTable('T1'), start()]).slice(1)];

const openTournament = (over: Partial<OpenTournamentAccount> = {}): OpenTournamentAccount => ({
  type: 'OpenTournamentAccount',
  accountId: 'T.S1.E1',
  tableId: 'T1',
  station: { atsId: 'T1-ATS01', remote: false, printer: false },
  rulebookId: 'crown-melbourne-rapid',
  tournamentId: 'TN1',
  sessionId: 'S1',
  entryId: 'E1',
  amountCents: 50_000,
  wagerLimits: null,
  actor: DIRECTOR,
  now: at(1),
  ...over,
});
const tournamentAccount = account([openTournament()]);

describe('Tournament sessions at a Rapid table (Rapid 12.2.1(b), 12.3.2)', () => {
  it('Rapid 12.2.1(b): box n of the session is the table\'s n-th ATS, on an account the conditions credit', () => {
    deciderSpec(rapidTableDecider)
      .given(opened)
      .when(start())
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({
          type: 'RapidTournamentSessionStarted',
          seats: [
            { atsId: 'T1-ATS01', entryId: 'E1', accountId: 'T.S1.E1', creditCents: 50_000 },
            { atsId: 'T1-ATS02', entryId: 'E2', accountId: 'T.S1.E2', creditCents: 50_000 },
          ],
          unseated: [],
          clause: 'Rapid 12.2.1(b); Rapid 12.3.2',
        });
        expect(s.stations['T1-ATS01'].accountId).toBe('T.S1.E1');
        expect(s.tournamentSession).toEqual({ tournamentId: 'TN1', sessionId: 'S1', accountIds: ['T.S1.E1', 'T.S1.E2'] });
      });
  });

  it('Rapid 12.3.2: a table whose ATS still show players\' own accounts cannot take the session: it records and publishes the refusal, naming the ATS, and seats no one', () => {
    const withCashAccounts = [
      ...opened,
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS02', accountId: 'CASH-1', clause: 'x' } as RapidTableEvent,
      { type: 'RapidStationAccountAssigned', tableId: 'T1', atsId: 'T1-ATS03', accountId: 'CASH-2', clause: 'x' } as RapidTableEvent,
    ];
    deciderSpec(rapidTableDecider)
      .given(withCashAccounts)
      .when(start())
      .thenEvents(([e, ...rest], s) => {
        expect(rest).toEqual([]);
        expect(e).toEqual({
          type: 'RapidTournamentSessionRefused',
          tableId: 'T1',
          tournamentId: 'TN1',
          sessionId: 'S1',
          reason: 'cash-accounts-open',
          blockers: ['cash-accounts-open'],
          atsIds: ['T1-ATS02', 'T1-ATS03'],
          message: expect.stringMatching(/T1-ATS02, T1-ATS03.*pa(id|y) out/),
          refusedAt: at(1),
          clause: 'Rapid 12.3.2',
        });
        expect(s.tournamentSession).toBeNull();
        expect(s.refusedSessions).toEqual([{ tournamentId: 'TN1', sessionId: 'S1', reason: 'cash-accounts-open', refusedAt: at(1) }]);
      });
  });

  it('Rapid 12.3.2: a box the table lacks is not seated and is credited nothing', () => {
    deciderSpec(rapidTableDecider)
      .given(opened)
      .when(start({ seats: [{ box: 2, entryId: 'E2', creditCents: 50_000, accountId: 'T.S1.E2' }, { box: 9, entryId: 'E9', creditCents: 50_000, accountId: 'T.S1.E9' }] }))
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidTournamentSessionStarted', seats: [expect.objectContaining({ box: 2 })], unseated: [{ box: 9, entryId: 'E9', reason: 'no-such-ats' }] }));
  });

  it('Rapid 12.3.2: during a session the table serves no one else: a new account is refused', () => {
    deciderSpec(rapidTableDecider)
      .given(inSession)
      .when({ type: 'AssignStationAccount', atsId: 'T1-ATS03', accountId: 'CASH-2', actor: DEALER, now: at(2) })
      .thenThrows('TABLE_IN_TOURNAMENT_PLAY', 'Rapid 12.3.2');
  });

  it('Rapid 12.3.2: a second session cannot start at the table before the first ends; the same session again changes nothing', () => {
    for (const other of [start({ sessionId: 'S2' }), start({ tournamentId: 'TN2' })]) {
      deciderSpec(rapidTableDecider)
        .given(inSession)
        .when(other)
        .thenEvents(([e], s) => {
          expect(e).toMatchObject({ type: 'RapidTournamentSessionRefused', tournamentId: other.tournamentId, sessionId: other.sessionId, reason: 'another-session-in-progress', inProgress: { tournamentId: 'TN1', sessionId: 'S1' }, clause: 'Rapid 12.3.2' });
          expect(s.tournamentSession).toEqual({ tournamentId: 'TN1', sessionId: 'S1', accountIds: ['T.S1.E1', 'T.S1.E2'] });
        });
    }
    deciderSpec(rapidTableDecider).given(inSession).when(start()).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.3.5 with 12.2.1(d): a session at a Rapid table plays the coups its terms schedule and no more: a round beyond them is refused 409 naming the clause and telling to end the session; with none stated, and once the session ends, rounds start', () => {
    const scheduled = (coupsPerSession: number | null) => ({ tournamentId: 'TN1', coupsPerSession });
    const coup = (n: number, coupsPerSession: number | null): RapidTableCommand[] => [
      { type: 'StartRound', roundId: `R${n}`, tournamentSchedule: scheduled(coupsPerSession), actor: DEALER, now: at(10 * n) },
      { type: 'CloseWagering', roundId: `R${n}`, actor: DEALER, now: at(10 * n + 1) },
      { type: 'EnterOutcome', roundId: `R${n}`, ...OUTCOMES.tie, actor: DEALER, now: at(10 * n + 2) },
      { type: 'RecordRoundSettled', roundId: `R${n}`, accounts: [], actor: DEALER, now: at(10 * n + 3) },
    ];
    const twoPlayed = table([openTable('T1'), start(), ...coup(1, 2), ...coup(2, 2)]);
    const refused = deciderSpec(rapidTableDecider)
      .given(twoPlayed)
      .when({ type: 'StartRound', roundId: 'R3', tournamentSchedule: scheduled(2), actor: DEALER, now: at(40) })
      .thenThrows('SCHEDULED_COUPS_PLAYED', 'Rapid 12.2.1(d); Rapid 12.3.5');
    expect(refused.message).toContain('session S1 of tournament TN1');
    expect(refused.message).toContain('2 coups');
    expect(refused.message).toContain('end the session');
    // The terms state no number of coups: the session's rounds go on until the director ends it.
    deciderSpec(rapidTableDecider)
      .given(twoPlayed)
      .when({ type: 'StartRound', roundId: 'R3', tournamentSchedule: scheduled(null), actor: DEALER, now: at(40) })
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidRoundStarted', roundNumber: 3 }));
    // Rounds played before the session are not its coups.
    const cashRound = table([openTable('T1'), ...coup(1, null), ...coup(2, null), ...coup(3, null), start({ now: at(45) })]);
    deciderSpec(rapidTableDecider)
      .given(cashRound)
      .when({ type: 'StartRound', roundId: 'R4', tournamentSchedule: scheduled(2), actor: DEALER, now: at(50) })
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidRoundStarted', roundNumber: 4 }));
    // Once the session ends, the table plays on for cash.
    const ended = [...twoPlayed, ...table([openTable('T1'), start(), ...coup(1, 2), ...coup(2, 2), { type: 'EndTournamentSession', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(41) }]).slice(twoPlayed.length)];
    deciderSpec(rapidTableDecider)
      .given(ended)
      .when({ type: 'StartRound', roundId: 'R3', actor: DEALER, now: at(42) })
      .thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidRoundStarted', roundNumber: 3 }));
  });

  it('Rapid 12.2.1(b): the end of the session releases the tournament accounts\' ATS for other play', () => {
    deciderSpec(rapidTableDecider)
      .given(inSession)
      .when({ type: 'EndTournamentSession', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(600) })
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'RapidTournamentSessionEnded', accountIds: ['T.S1.E1', 'T.S1.E2'], clause: 'Rapid 12.2.1(b)' });
        expect(s.tournamentSession).toBeNull();
        expect(s.stations['T1-ATS01'].accountId).toBeNull();
      });
  });
});

describe('Tournament accounts (Rapid 12.2.1(b), 12.2.2)', () => {
  it('Rapid 12.2.1(b): the account is credited with the amount the conditions state', () => {
    deciderSpec(atsAccountDecider)
      .given([])
      .when(openTournament({ amountCents: 123_400 }))
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'AtsTournamentAccountOpened', movementCents: 123_400, balanceAfterCents: 123_400, entryId: 'E1' });
        expect(s.balanceCents).toBe(123_400);
        expect(s.tournament).toEqual({ tournamentId: 'TN1', sessionId: 'S1', entryId: 'E1', wagerLimits: null });
      });
  });

  it('Rapid 12.2.2: the conditions modify rule 6: a tournament account takes no top-up', () => {
    deciderSpec(atsAccountDecider)
      .given(tournamentAccount)
      .when({ type: 'CreditAccount', tender: 'cash', amountCents: 10_000, actor: DEALER, now: at(2) })
      .thenThrows('TOURNAMENT_ACCOUNT', 'Rapid 12.2.2');
  });

  it('Rapid 12.3.2: a cash account still at an ATS takes no top-up, by the Dealer or the note acceptor, while the table is used for a session; the refusal says what to do', () => {
    const cash = account([{ type: 'OpenAccount', accountId: 'A4', tableId: 'T1', station: { atsId: 'T1-ATS03', remote: false, printer: false }, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 5_000, actor: DEALER, now: T0 }]);
    const session = { tournamentId: 'TN1', sessionId: 'S1' };
    const byDealer = deciderSpec(atsAccountDecider).given(cash).when({ type: 'CreditAccount', tender: 'cash', amountCents: 10_000, tournamentSession: session, actor: DEALER, now: at(2) }).thenThrows('TABLE_IN_TOURNAMENT_PLAY', 'Rapid 12.3.2');
    expect(byDealer.message).toMatch(/session S1 of tournament TN1.*cash.*out/);
    deciderSpec(atsAccountDecider).given(cash).when({ type: 'CreditAccount', tender: 'note-acceptor', amountCents: 5_000, tournamentSession: session, actor: ats('T1-ATS03'), now: at(2) }).thenThrows('TABLE_IN_TOURNAMENT_PLAY', 'Rapid 12.3.2');
    // Once the session has ended the top-up is the player's again (Rapid 6.5).
    deciderSpec(atsAccountDecider).given(cash).when({ type: 'CreditAccount', tender: 'cash', amountCents: 10_000, tournamentSession: null, actor: DEALER, now: at(2) }).thenEvents(([e]) => expect(e).toMatchObject({ type: 'AtsAccountCredited', balanceAfterCents: 15_000 }));
  });

  it('Rapid 12.2.2, 12.3.2: a tournament account holds tournament chips only: a cash top-up is refused saying what to do', () => {
    const error = deciderSpec(atsAccountDecider)
      .given(tournamentAccount)
      .when({ type: 'CreditAccount', tender: 'cash', amountCents: 10_000, tournamentSession: { tournamentId: 'TN1', sessionId: 'S1' }, actor: DEALER, now: at(2) })
      .thenThrows('TOURNAMENT_ACCOUNT', 'Rapid 12.2.2');
    expect(error.message).toContain('Rapid 12.3.2');
    expect(error.message).toMatch(/tournament chips/);
  });

  it('Rapid 12.2.2: the conditions modify rule 6: a tournament account is not cashed out', () => {
    deciderSpec(atsAccountDecider)
      .given(tournamentAccount)
      .when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: ats('T1-ATS01'), now: at(2) })
      .thenThrows('TOURNAMENT_ACCOUNT', 'Rapid 12.2.2');
  });

  it('Rapid 12.2.2, 4.8: a tournament account wagers and is settled as any account', () => {
    const round = { roundId: 'R1', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
    const events = account([
      openTournament(),
      { type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 10_000 }], actor: ats('T1-ATS01'), now: at(5) },
      { type: 'SettleWagers', roundId: 'R1', outcome: { playerCards: ['9H', 'KS'], bankerCards: ['5D', '2C'], result: 'player', playerTotal: 9, bankerTotal: 7 }, terms: TERMS, actor: DEALER, now: at(50) },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'AtsWagersSettled', creditCents: 20_000, balanceAfterCents: 60_000 });
  });

  it('Rapid 12.2.1(b): at the end of the session the balance is disposed of, wagers still on the layout first, and the account closes at zero', () => {
    const round = { roundId: 'R2', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
    const given = account([openTournament(), { type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'banker', amountCents: 5_000 }], actor: ats('T1-ATS01'), now: at(5) }]);
    deciderSpec(atsAccountDecider)
      .given(given)
      .when({ type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(600) })
      .thenEvents((events, s) => {
        expect(events).toMatchObject([
          { type: 'AtsWagersReturned', reason: 'session-ended', movementCents: 5_000, balanceAfterCents: 50_000 },
          { type: 'AtsTournamentBalanceDisposed', amountCents: 50_000, movementCents: -50_000, balanceAfterCents: 0, clause: 'Rapid 12.2.1(b)' },
        ]);
        expect(s).toMatchObject({ status: 'closed', balanceCents: 0, movementsCents: 0 });
      });
  });

  it('Rapid 12.2.2, 12.2.1(b): a recalculation in the favour of a tournament account disposed of since owes no money, its chips having no cash value (Crown Melbourne 14.4.4(a)), and moves no chips: it is referred to the Tournament Director; nothing is paid out in chips or manually', () => {
    const round = { roundId: 'R1', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
    const bankerWins = { playerCards: ['2H', '4S'], bankerCards: ['7D', 'KC'], result: 'banker' as const, playerTotal: 6, bankerTotal: 7 };
    const playerWins = { playerCards: ['9H', 'KS'], bankerCards: ['5D', '2C'], result: 'player' as const, playerTotal: 9, bankerTotal: 7 };
    const disposed = account([
      openTournament(),
      { type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 10_000 }], actor: ats('T1-ATS01'), now: at(5) },
      { type: 'SettleWagers', roundId: 'R1', outcome: bankerWins, terms: TERMS, actor: DEALER, now: at(50) },
      { type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(600) },
    ]);
    const recalculated = [...disposed, ...(atsAccountDecider.decide({ type: 'RecalculateSettlement', roundId: 'R1', outcome: playerWins, terms: TERMS, actor: DEALER, now: at(700) }, disposed.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState())))];
    expect(recalculated.at(-1)).toMatchObject({ type: 'AtsTournamentCorrectionReferred', tournamentId: 'TN1', sessionId: 'S1', wantedCents: 20_000 });
    expect(recalculated.at(-1)).not.toHaveProperty('movementCents');
    deciderSpec(atsAccountDecider).given(recalculated).when({ type: 'CashOut', method: 'chips', ticketId: null, printerFault: false, actor: DEALER, now: at(701) }).thenThrows('ACCOUNT_CLOSED');
    deciderSpec(atsAccountDecider).given(recalculated).when({ type: 'RecordManualPayment', reason: 'x', actor: { id: 'gs-1', role: 'gaming-supervisor' }, now: at(701) }).thenThrows('NOTHING_TO_PAY');
  });

  it('Rapid 12.2.1(b): disposing of another session\'s accounts, or a player\'s own account, changes nothing', () => {
    deciderSpec(atsAccountDecider).given(tournamentAccount).when({ type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S2', actor: DIRECTOR, now: at(600) }).thenEvents((events) => expect(events).toEqual([]));
    const own = account([{ type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: { atsId: 'T1-ATS01', remote: false, printer: false }, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 10_000, actor: DEALER, now: T0 }]);
    deciderSpec(atsAccountDecider).given(own).when({ type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(600) }).thenEvents((events) => expect(events).toEqual([]));
  });
});

describe("A tournament session's wager limits on tournament accounts (Rapid 12.2.1(c), 12.2.2, 5.3)", () => {
  const round = { roundId: 'R1', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
  const limited = account([openTournament({ amountCents: 20_000, wagerLimits: { minCents: 1_000, maxCents: 5_000 } })]);
  const show = (wagers: { bet: string; side?: 'player' | 'banker'; amountCents: number }[]): AtsAccountCommand => ({ type: 'ShowWagers', round, terms: TERMS, wagers, actor: ats('T1-ATS01'), now: at(5) });

  it("Rapid 12.2.1(c), 12.2.2: the conditions' limits are carried on the tournament account in chips", () => {
    deciderSpec(atsAccountDecider)
      .given([])
      .when(openTournament({ wagerLimits: { minCents: 1_000, maxCents: 5_000 } }))
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'AtsTournamentAccountOpened', wagerLimits: { minCents: 1_000, maxCents: 5_000 } });
        expect(s.tournament?.wagerLimits).toEqual({ minCents: 1_000, maxCents: 5_000 });
      });
  });

  it("Rapid 12.2.1(c), 5.3.2: a wager above the tournament's maximum is reduced to the maximum, not to the table's limit", () => {
    deciderSpec(atsAccountDecider)
      .given(limited)
      .when(show([{ bet: 'player', amountCents: 8_000 }]))
      .thenEvents(([e], s) => {
        expect(e).toMatchObject({ type: 'AtsWagersShown', wagers: [{ bet: 'player', attemptedCents: 8_000, amountCents: 5_000, clause: 'Rapid 12.2.1(c); 12.2.2; Rapid 5.3.2' }], movementCents: -5_000, balanceAfterCents: 15_000 });
        expect(s.balanceCents).toBe(15_000);
      });
  });

  it("Rapid 12.2.1(c), 5.3.1: a wager below the tournament's minimum is refused naming the clause, and nothing changes", () => {
    deciderSpec(atsAccountDecider).given(limited).when(show([{ bet: 'banker', amountCents: 500 }])).thenThrows('BELOW_TOURNAMENT_MINIMUM', 'Rapid 12.2.1(c); 12.2.2; Rapid 5.3.1');
  });

  it("Rapid 12.2.1(c): any whole number of chips within the tournament's limits is shown as attempted, though the table's cash limits would refuse it", () => {
    deciderSpec(atsAccountDecider)
      .given(limited)
      .when(show([{ bet: 'player', amountCents: 1_234 }]))
      .thenEvents(([e]) => expect(e).toMatchObject({ wagers: [{ bet: 'player', attemptedCents: 1_234, amountCents: 1_234 }], notShown: [] }));
  });

  it("Rapid 12.2.1(c): limits that are not whole chips, or a maximum below the minimum, are refused", () => {
    deciderSpec(atsAccountDecider).given([]).when(openTournament({ wagerLimits: { minCents: 5_000, maxCents: 1_000 } })).thenThrows('TOURNAMENT_LIMITS_INVALID', 'Rapid 12.2.1(c); 12.2.2');
  });

  it("Rapid 5.3.2: a player's own account at the table keeps the table's limits (the same 1,234 is reduced to a permitted multiple)", () => {
    const own = account([{ type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: { atsId: 'T1-ATS01', remote: false, printer: false }, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 100_000, actor: DEALER, now: T0 }]);
    deciderSpec(atsAccountDecider)
      .given(own)
      .when(show([{ bet: 'player', amountCents: 1_234 }]))
      .thenEvents(([e]) => expect(e).toMatchObject({ wagers: [{ bet: 'player', attemptedCents: 1_234, amountCents: 1_000, clause: 'Rapid 5.3.2' }] }));
  });
});

describe('Rapid 12.2.1(b): a tournament account whose session ended', () => {
  it('Rapid 12.2.1(b): refuses its wagers naming the session and the disposal of its balance under the conditions, not a cash-out, and says not to buy in for it', () => {
    const round = { roundId: 'R3', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
    const ended = account([openTournament(), { type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S1', actor: DIRECTOR, now: at(600) } as AtsAccountCommand]);
    const error = deciderSpec(atsAccountDecider)
      .given(ended)
      .when({ type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 1_000 }], actor: ats('T1-ATS01'), now: at(700) })
      .thenThrows('ACCOUNT_CLOSED', 'Rapid 12.2.1(b)');
    expect(error.message).toContain('session S1');
    expect(error.message).not.toContain('cashed out');
  });
});

describe('Rapid 12.3.2, 12.2.1(b): a tournament account of a cancelled tournament', () => {
  const round = { roundId: 'R3', status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
  const cancelled = { reason: 'too few entries', cancelledAt: at(600), clause: 'Rapid 12.2.1(h)' };
  const dispose: AtsAccountCommand = { type: 'DisposeTournamentBalance', tournamentId: 'TN1', sessionId: 'S1', cancelled, actor: DIRECTOR, now: at(600) };

  it('Rapid 12.2.1(b): is disposed of as at the end of the session, wagers on the layout returned first, naming the cancellation, and closes', () => {
    const given = account([openTournament(), { type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'banker', amountCents: 5_000 }], actor: ats('T1-ATS01'), now: at(5) }]);
    deciderSpec(atsAccountDecider)
      .given(given)
      .when(dispose)
      .thenEvents((events, s) => {
        expect(events).toMatchObject([
          { type: 'AtsWagersReturned', reason: 'session-ended', movementCents: 5_000, balanceAfterCents: 50_000, clause: 'Rapid 12.2.1(h); Rapid 12.2.1(b)' },
          { type: 'AtsTournamentBalanceDisposed', amountCents: 50_000, balanceAfterCents: 0, cancelled, clause: 'Rapid 12.2.1(h); Rapid 12.2.1(b)' },
        ]);
        expect(s).toMatchObject({ status: 'closed', balanceCents: 0 });
      });
  });

  it('Rapid 12.3.2: refuses its wagers once the tournament is cancelled, naming the clause and the cancellation, and nothing changes', () => {
    const closed = account([openTournament(), dispose]);
    deciderSpec(atsAccountDecider)
      .given(closed)
      .when({ type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 1_000 }], actor: ats('T1-ATS01'), now: at(700) })
      .thenThrows('TOURNAMENT_CANCELLED', 'Rapid 12.2.1(h); Rapid 12.3.2');
    const error = (() => {
      try {
        atsAccountDecider.decide({ type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 1_000 }], actor: ats('T1-ATS01'), now: at(700) }, closed.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState()));
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.message).toContain('too few entries');
    expect(error.message).toContain('TN1');
  });
});

describe('Rapid 12.2.1(c): the compulsory wager the conditions state, applied at each round\'s settlement', () => {
  const round = { roundId: 'R1', roundNumber: 7, status: 'wagering' as const, periodEndsAt: at(40), voidedForStation: false };
  const COMPULSORY = { consequence: 'minimum-deducted' as const, clause: 'Rapid 12.2.1(c)' };
  const compulsory = (amountCents = 20_000) => openTournament({ amountCents, wagerLimits: { minCents: 1_000, maxCents: 5_000 }, compulsoryWager: COMPULSORY });
  const playerWins = { playerCards: ['9H', 'KS'], bankerCards: ['5D', '2C'], result: 'player' as const, playerTotal: 9, bankerTotal: 7 };
  const settle = (roundId = 'R1'): SettleWagers => ({ type: 'SettleWagers', roundId, roundNumber: 7, outcome: playerWins, terms: TERMS, actor: DEALER, now: at(50) });

  it('Rapid 12.2.1(c): the account carries the consequence the conditions state', () => {
    deciderSpec(atsAccountDecider).given([]).when(compulsory()).thenEvents(([e]) => expect(e).toMatchObject({ type: 'AtsTournamentAccountOpened', compulsoryWager: COMPULSORY }));
  });

  it('Rapid 12.2.1(c): given no wager in the round, when the round is settled, the minimum is deducted as its own movement citing the clause', () => {
    deciderSpec(atsAccountDecider)
      .given(account([compulsory()]))
      .when(settle())
      .thenEvents((events, s) => {
        expect(events).toEqual([
          expect.objectContaining({ type: 'AtsTournamentMinimumDeducted', accountId: 'T.S1.E1', tournamentId: 'TN1', sessionId: 'S1', entryId: 'E1', roundId: 'R1', roundNumber: 7, amountCents: 1_000, minimumCents: 1_000, movementCents: -1_000, balanceAfterCents: 19_000, clause: 'Rapid 12.2.1(c)' }),
        ]);
        expect(s.balanceCents).toBe(19_000);
        expect(s.movementsCents).toBe(19_000);
      });
  });

  it('Rapid 12.2.1(c): the same settlement again deducts nothing more', () => {
    const once = account([compulsory(), settle()]);
    deciderSpec(atsAccountDecider).given(once).when(settle()).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.2.1(c): never below zero: a balance under the minimum loses what it holds, and an empty one nothing', () => {
    deciderSpec(atsAccountDecider).given(account([compulsory(400)])).when(settle()).thenEvents((events) => expect(events).toMatchObject([{ type: 'AtsTournamentMinimumDeducted', amountCents: 400, minimumCents: 1_000, balanceAfterCents: 0 }]));
    deciderSpec(atsAccountDecider).given(account([compulsory(400), settle('R0')])).when(settle()).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.2.1(c): an account that wagered is settled as any account, nothing deducted', () => {
    const shown = account([compulsory(), { type: 'ShowWagers', round, terms: TERMS, wagers: [{ bet: 'player', amountCents: 1_000 }], actor: ats('T1-ATS01'), now: at(5) }]);
    deciderSpec(atsAccountDecider).given(shown).when(settle()).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['AtsWagersSettled']));
  });

  it('Rapid 12.2.1(c) with 11.14(a): given the ATS malfunctioned before expiry, its wagers void for the coup, when the round is settled, nothing is deducted', () => {
    deciderSpec(atsAccountDecider).given(account([compulsory()])).when({ ...settle(), voidedForStation: { clause: 'Rapid 11.14' } }).thenEvents((events, s) => {
      expect(events).toEqual([]);
      expect(s.balanceCents).toBe(20_000);
    });
  });

  it('Rapid 12.2.1(c) with 11.15(a), 11.16: a game system malfunction, or wagers void for want of records, likewise deduct nothing', () => {
    deciderSpec(atsAccountDecider).given(account([compulsory()])).when({ ...settle(), voidedForStation: { clause: 'Rapid 11.15' } }).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.2.1(c) with 11.11: given the account frozen for a review while the wagering period ran, when the round is settled, nothing is deducted', () => {
    const frozen = [...account([compulsory()]), { type: 'AtsAccountFrozen' as const, accountId: 'T.S1.E1', roundId: 'R0', frozenAt: at(10), clause: 'Rapid 11.11' }];
    const period = { startedAt: at(0), expiresAt: at(30) };
    deciderSpec(atsAccountDecider).given(frozen).when({ ...settle(), period }).thenEvents((events) => expect(events).toEqual([]));
    const released = [...frozen, { type: 'AtsAccountReleased' as const, accountId: 'T.S1.E1', roundId: 'R0', releasedAt: at(12), clause: 'Rapid 11.11' }];
    deciderSpec(atsAccountDecider).given(released).when({ ...settle(), period }).thenEvents((events) => expect(events).toEqual([]));
    // Frozen only after the period expired: the player could wager all along, and the minimum is deducted.
    const after = [...account([compulsory()]), { type: 'AtsAccountFrozen' as const, accountId: 'T.S1.E1', roundId: 'R0', frozenAt: at(31), clause: 'Rapid 11.11' }];
    deciderSpec(atsAccountDecider).given(after).when({ ...settle(), period }).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['AtsTournamentMinimumDeducted']));
  });

  it('Rapid 12.2.1(c) with 11.14(a), 11.16: given the minimum deducted, when the ATS malfunction is found after the outcome and the wagers are void, the minimum is returned', () => {
    const deducted = account([compulsory(), settle()]);
    const voided: AtsAccountCommand = { type: 'AdjustToRecords', roundId: 'R1', roundNumber: 7, wagers: null, outcome: playerWins, terms: TERMS, clause: 'Rapid 11.14(a)', actor: DEALER, now: at(60) };
    deciderSpec(atsAccountDecider).given(deducted).when(voided).thenEvents((events, s) => {
      expect(events).toEqual([expect.objectContaining({ type: 'AtsSettlementRecalculated', cause: 'malfunction', movementCents: 1_000, balanceAfterCents: 20_000, minimumReturned: { amountCents: 1_000, clause: 'Rapid 12.2.1(c); Rapid 11.14(a)' } })]);
      expect(s.balanceCents).toBe(20_000);
      expect(s.movementsCents).toBe(20_000);
    });
    // Returned once: the same adjustment again moves nothing.
    deciderSpec(atsAccountDecider).given(account([compulsory(), settle(), voided])).when(voided).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.2.1(c) with 11.14(b): given the minimum deducted, when the records confirm a wager the ATS placed, the minimum is returned and the wager settled', () => {
    const confirmed: AtsAccountCommand = { type: 'AdjustToRecords', roundId: 'R1', roundNumber: 7, wagers: [{ bet: 'player', amountCents: 2_000 }], outcome: playerWins, terms: { ...TERMS }, clause: 'Rapid 11.14(b)', actor: DEALER, now: at(60) };
    deciderSpec(atsAccountDecider).given(account([compulsory(), settle()])).when(confirmed).thenEvents((events, s) => {
      // Player wins 1 to 1: staked 2,000, credited 4,000; and the 1,000 deducted comes back.
      expect(events).toEqual([expect.objectContaining({ type: 'AtsSettlementRecalculated', creditCents: 4_000, movementCents: 3_000, minimumReturned: expect.objectContaining({ amountCents: 1_000 }) })]);
      expect(s.balanceCents).toBe(22_000);
    });
  });

  it('Rapid 12.2.1(c) with 8.1: a round settled and no longer kept by the account, settled again, deducts nothing more', () => {
    const later = (n: number): SettleWagers => ({ ...settle(`R${n}`), roundNumber: 7 + n });
    const many = account([compulsory(), settle(), later(2), later(3), later(4), later(5), later(6), later(7)]);
    const state = many.reduce(atsAccountDecider.evolve, atsAccountDecider.initialState());
    expect(state.rounds.R1).toBeUndefined();
    deciderSpec(atsAccountDecider).given(many).when(settle()).thenEvents((events) => expect(events).toEqual([]));
  });

  it('Rapid 12.2.1(c): conditions without a stated consequence, and players\' own accounts, have nothing deducted', () => {
    deciderSpec(atsAccountDecider).given(account([openTournament({ wagerLimits: { minCents: 1_000, maxCents: 5_000 } })])).when(settle()).thenEvents((events) => expect(events).toEqual([]));
    const own = account([{ type: 'OpenAccount', accountId: 'A1', tableId: 'T1', station: { atsId: 'T1-ATS01', remote: false, printer: false }, rulebookId: 'crown-melbourne-rapid', tender: 'cash', amountCents: 10_000, actor: DEALER, now: at(1) }]);
    deciderSpec(atsAccountDecider).given(own).when(settle()).thenEvents((events) => expect(events).toEqual([]));
  });
});
