/**
 * The regulator register (GET /rapid/regulator/report) read from the published events as they arrive, against the
 * real PostgreSQL: what an independent audit found about when a malfunction is placed (Rapid 11.14, 11.15), voids
 * recorded before or after the outcome (5.3, 11.14-11.16), round numbers (8.1) and tournament chips (12.2.2).
 * The events are written as the service publishes them, so times around midnight in Melbourne can be chosen.
 */
import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@app/contracts';
import { createTestDatabase, TestDatabase } from '@app/testing';
import type { RapidModuleOptions } from '../rapid.module';
import { RegulatorRegisterProjection } from './regulator-register.projection';
import { GetRegulatorReportHandler, GetRegulatorReportQuery, type RegisterFilter, type RegulatorReport } from './regulator-register.query';

const REGULATOR = { role: 'regulator', jurisdictions: ['VIC'] };
const DEALER = { id: 'dealer-1', role: 'dealer' };
const OUTCOME = { result: 'banker', playerPoints: 2, bankerPoints: 9 };

describe('Rapid regulator register from the published events (Rapid 11.14-11.16, 5.3, 8.1, 12.2.2)', () => {
  let db: TestDatabase;
  const projection = new RegulatorRegisterProjection('rapid');
  let handler: GetRegulatorReportHandler;
  let position = 0;

  const event = (type: string, data: Record<string, unknown>, recordedAt: string): IntegrationEvent => {
    position += 1;
    return {
      eventId: randomUUID(),
      type,
      version: 1,
      source: 'rapid',
      streamId: `rapid-${String(data.tableId ?? data.accountId)}`,
      streamType: 'rapid',
      streamVersion: position,
      position: { transactionId: String(position), position: String(position) },
      occurredAt: new Date(recordedAt).toISOString(),
      actor: DEALER,
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      rulebookVersion: 'crown-melbourne-rapid',
      data,
    };
  };
  /** Applies the events as the consumer does: in order, in one transaction. */
  const apply = async (...events: IntegrationEvent[]) => {
    const tx = await db.pool.connect();
    try {
      await tx.query('BEGIN');
      for (const e of events) await projection.apply(e, tx);
      await tx.query('COMMIT');
    } finally {
      tx.release();
    }
  };
  const report = (filter: RegisterFilter): Promise<RegulatorReport> => handler.execute(new GetRegulatorReportQuery(filter, REGULATOR));
  const settled = (tableId: string, roundId: string, roundNumber: number, accounts: { accountId: string; stakedCents: number; creditedCents: number; tournamentId?: string }[], at: string) => {
    const money = accounts.filter((a) => !a.tournamentId);
    const stakedCents = money.reduce((n, a) => n + a.stakedCents, 0);
    const creditedCents = money.reduce((n, a) => n + a.creditedCents, 0);
    return event('RapidRoundSettled', { tableId, roundId, roundNumber, outcome: OUTCOME, accounts: accounts.map((a) => ({ atsId: `${a.accountId}-ats`, ...a })), stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, settledAt: at, clause: 'Rapid 4.8' }, at);
  };
  const malfunction = (tableId: string, roundId: string, roundNumber: number, o: { scope: 'ats' | 'game-system'; atsId?: string; occurredAt: string; recordedAt: string; before: boolean; afterOutcome?: string[] }) =>
    event(
      'RapidMalfunctionRecorded',
      {
        tableId,
        roundId,
        roundNumber,
        scope: o.scope,
        atsId: o.atsId ?? null,
        occurredAt: new Date(o.occurredAt).toISOString(),
        recordedAt: new Date(o.recordedAt).toISOString(),
        relativeToPeriod: o.before ? 'before-expiry' : 'after-expiry',
        confirmedFromRecords: o.before ? null : false,
        effect: 'void',
        description: 'screen froze',
        ...(o.afterOutcome ? { afterOutcome: true, accountIds: o.afterOutcome, confirmedWagers: null } : {}),
        clause: o.scope === 'ats' ? 'Rapid 11.14(a)' : 'Rapid 11.15(a)',
      },
      o.recordedAt,
    );
  /** The account's round voided after the outcome, as the account publishes it (each wager returns its stake). */
  const voidedAfterOutcome = (tableId: string, roundId: string, roundNumber: number, accountId: string, staked: number, previousCredit: number, at: string) =>
    event(
      'AtsSettlementRecalculated',
      {
        accountId,
        tableId,
        roundId,
        roundNumber,
        outcome: OUTCOME,
        settlements: [{ bet: 'banker', option: '1', amountCents: staked, outcome: 'void', stakeReturnedCents: staked, winningsCents: 0, commissionCents: 0, creditCents: staked, clause: 'Rapid 11.15(a)' }],
        previousCreditCents: previousCredit,
        creditCents: staked,
        unrecoveredCents: 0,
        movementCents: staked - previousCredit,
        balanceAfterCents: 50_000,
        cause: 'malfunction',
        previousStakedCents: staked,
        stakedCents: staked,
        recalculatedAt: at,
        clause: 'Rapid 11.15(a)',
      },
      at,
    );
  const returned = (tableId: string, roundId: string, accountId: string, staked: number, reason: string, at: string) =>
    event('AtsWagersReturned', { accountId, tableId, roundId, reason, stakedCents: staked, movementCents: staked, balanceAfterCents: 50_000, returnedAt: at, clause: 'Rapid 11.15(a)' }, at);

  beforeAll(async () => {
    db = await createTestDatabase('rapid_register', 4);
    const tx = await db.pool.connect();
    try {
      await projection.setup(tx);
    } finally {
      tx.release();
    }
    handler = new GetRegulatorReportHandler(db.pool, { schema: 'rapid' } as RapidModuleOptions);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('Rapid 11.14, 11.15: a malfunction row shows when it occurred and when it was recorded, and the period places it by when it occurred (23:59:50 in Melbourne, recorded at 00:00:10, is the earlier day)', async () => {
    await apply(
      event('RapidRoundStarted', { tableId: 'M1', roundId: 'm-1', roundNumber: 41, startedAt: '2026-11-26T23:59:20+11:00', periodEndsAt: '2026-11-26T23:59:50+11:00', periodSeconds: 30, clause: 'Rapid 8.1' }, '2026-11-26T23:59:20+11:00'),
      malfunction('M1', 'm-1', 41, { scope: 'ats', atsId: 'M1-A1', occurredAt: '2026-11-26T23:59:45+11:00', recordedAt: '2026-11-27T00:00:10+11:00', before: true }),
    );
    const day = await report({ tableId: 'M1', from: '2026-11-26T00:00:00+11:00', to: '2026-11-27T00:00:00+11:00' });
    expect(day.register.map((r) => [r.kind, r.occurredAt, r.recordedAt])).toEqual([['malfunction-ats', '2026-11-26T12:59:45.000Z', '2026-11-26T13:00:10.000Z']]);
    const next = await report({ tableId: 'M1', from: '2026-11-27T00:00:00+11:00', to: '2026-11-28T00:00:00+11:00' });
    expect(next.register).toEqual([]);
  });

  it('Rapid 11.14(a): a second report of the same ATS void in a round is a repeated report in the register, naming the first, and not a second void of the round', async () => {
    const t = 'RP1';
    const first = malfunction(t, 'rp-1', 7, { scope: 'ats', atsId: 'RP1-A1', occurredAt: '2026-11-26T11:00:05+11:00', recordedAt: '2026-11-26T11:00:10+11:00', before: true });
    const second = malfunction(t, 'rp-1', 7, { scope: 'ats', atsId: 'RP1-A1', occurredAt: '2026-11-26T11:00:06+11:00', recordedAt: '2026-11-26T11:00:20+11:00', before: true });
    const repeated = { ...second, data: { ...second.data, repeatOf: { recordedAt: '2026-11-26T00:00:10.000Z', scope: 'ats', atsId: 'RP1-A1', clause: 'Rapid 11.14(a)' } } };
    await apply(first, repeated, settled(t, 'rp-1', 7, [{ accountId: 'acc-9', stakedCents: 0, creditedCents: 0 }], '2026-11-26T11:00:40+11:00'));
    const r = await report({ tableId: t });
    expect(r.register.map((x) => x.kind)).toEqual(['malfunction-ats', 'malfunction-repeated-report']);
    expect(r.register[1].details).toMatchObject({ atsId: 'RP1-A1', repeatOf: { recordedAt: '2026-11-26T00:00:10.000Z', clause: 'Rapid 11.14(a)' } });
    expect(r.rounds.find((x) => x.roundId === 'rp-1')?.voids).toHaveLength(1);
  });

  it('Rapid 5.3, 11.14-11.16: a voided wager is neither staked nor credited whether its void is recorded before or after the outcome, and a round voided whole is in rounds[] with its void noted', async () => {
    const t = 'V1';
    // r-1: the game system fails before expiry and it is recorded before the outcome: the round is void whole (11.15(a)).
    await apply(
      malfunction(t, 'r-1', 1, { scope: 'game-system', occurredAt: '2026-11-26T10:00:05+11:00', recordedAt: '2026-11-26T10:00:20+11:00', before: true }),
      returned(t, 'r-1', 'acc-1', 10_000, 'game-system-malfunction', '2026-11-26T10:00:20+11:00'),
    );
    // r-2: the same failure, before expiry, recorded only after the outcome settled the round (11.15(a) found late).
    await apply(settled(t, 'r-2', 2, [{ accountId: 'acc-1', stakedCents: 10_000, creditedCents: 0 }, { accountId: 'acc-2', stakedCents: 5_000, creditedCents: 10_000 }], '2026-11-26T10:01:40+11:00'));
    await apply(
      malfunction(t, 'r-2', 2, { scope: 'game-system', occurredAt: '2026-11-26T10:01:05+11:00', recordedAt: '2026-11-26T10:02:00+11:00', before: true, afterOutcome: ['acc-1', 'acc-2'] }),
      voidedAfterOutcome(t, 'r-2', 2, 'acc-1', 10_000, 0, '2026-11-26T10:02:00+11:00'),
      voidedAfterOutcome(t, 'r-2', 2, 'acc-2', 5_000, 10_000, '2026-11-26T10:02:00+11:00'),
    );
    // r-3 and r-4: one ATS fails before expiry; recorded before the outcome (r-3) or after it (r-4): the same totals.
    await apply(
      malfunction(t, 'r-3', 3, { scope: 'ats', atsId: 'acc-1-ats', occurredAt: '2026-11-26T10:03:05+11:00', recordedAt: '2026-11-26T10:03:10+11:00', before: true }),
      returned(t, 'r-3', 'acc-1', 10_000, 'ats-malfunction', '2026-11-26T10:03:10+11:00'),
      settled(t, 'r-3', 3, [{ accountId: 'acc-1', stakedCents: 0, creditedCents: 0 }, { accountId: 'acc-2', stakedCents: 5_000, creditedCents: 10_000 }], '2026-11-26T10:03:40+11:00'),
    );
    await apply(settled(t, 'r-4', 4, [{ accountId: 'acc-1', stakedCents: 10_000, creditedCents: 0 }, { accountId: 'acc-2', stakedCents: 5_000, creditedCents: 10_000 }], '2026-11-26T10:04:40+11:00'));
    await apply(
      malfunction(t, 'r-4', 4, { scope: 'ats', atsId: 'acc-1-ats', occurredAt: '2026-11-26T10:04:05+11:00', recordedAt: '2026-11-26T10:05:00+11:00', before: true, afterOutcome: ['acc-1'] }),
      voidedAfterOutcome(t, 'r-4', 4, 'acc-1', 10_000, 0, '2026-11-26T10:05:00+11:00'),
    );
    const r = await report({ tableId: t });
    const rows = Object.fromEntries(r.rounds.map((x) => [x.roundId, x]));
    expect(Object.keys(rows).sort()).toEqual(['r-1', 'r-2', 'r-3', 'r-4']);
    expect(rows['r-1']).toMatchObject({ status: 'void', stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    expect(rows['r-2']).toMatchObject({ status: 'void', stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    expect(rows['r-3']).toMatchObject({ stakedCents: 5_000, creditedCents: 10_000, houseNetCents: -5_000 });
    expect(rows['r-4']).toMatchObject({ stakedCents: 5_000, creditedCents: 10_000, houseNetCents: -5_000 });
    for (const id of ['r-1', 'r-2']) expect(rows[id].voids).toEqual([expect.objectContaining({ scope: 'game-system', atsId: null, occurredAt: expect.any(String), recordedAt: expect.any(String), clause: 'Rapid 11.15(a)' })]);
    for (const id of ['r-3', 'r-4']) expect(rows[id].voids).toEqual([expect.objectContaining({ scope: 'ats', atsId: 'acc-1-ats', clause: 'Rapid 11.14(a)' })]);
    expect(r.totals).toMatchObject({ rounds: 4, stakedCents: 10_000, creditedCents: 20_000, houseNetCents: -10_000 });
    // A redelivery of the late void moves nothing twice.
    const again = voidedAfterOutcome(t, 'r-4', 4, 'acc-1', 10_000, 0, '2026-11-26T10:05:00+11:00');
    await apply(again);
    expect((await report({ tableId: t })).totals).toMatchObject({ stakedCents: 10_000, creditedCents: 20_000 });
  });

  it('Rapid 8.1: every rounds[] row carries its round number, a void round\'s too', async () => {
    const r = await report({ tableId: 'V1' });
    expect(r.rounds.map((x) => [x.roundId, x.roundNumber])).toEqual([['r-1', 1], ['r-2', 2], ['r-3', 3], ['r-4', 4]]);
  });

  it('Rapid 12.2.2: tournament chips stay out of the cash totals after a wrong outcome is corrected, though the correction no longer marks the tournament accounts (the session ended)', async () => {
    const t = 'T1';
    await apply(
      event('AtsTournamentAccountOpened', { accountId: 'T.tn1.e1', tableId: t, atsId: 'T1-A1', tournamentId: 'TN1', sessionId: 'H1', entryId: 'E1', amountCents: 20_000, movementCents: 20_000, balanceAfterCents: 20_000, openedAt: '2026-11-26T11:00:00+11:00', clause: 'Rapid 12.2.1(b)' }, '2026-11-26T11:00:00+11:00'),
      event('AtsTournamentAccountOpened', { accountId: 'T.tn2.e1', tableId: t, atsId: 'T1-A2', tournamentId: 'TN2', sessionId: 'H1', entryId: 'E1', amountCents: 20_000, movementCents: 20_000, balanceAfterCents: 20_000, openedAt: '2026-11-26T11:00:00+11:00', clause: 'Rapid 12.2.1(b)' }, '2026-11-26T11:00:00+11:00'),
      settled(t, 't-1', 7, [{ accountId: 'T.tn1.e1', stakedCents: 100, creditedCents: 0, tournamentId: 'TN1' }], '2026-11-26T11:01:00+11:00'),
      settled(t, 't-2', 8, [{ accountId: 'T.tn2.e1', stakedCents: 300, creditedCents: 0, tournamentId: 'TN2' }, { accountId: 'cash-1', stakedCents: 1_000, creditedCents: 2_000 }], '2026-11-26T11:02:00+11:00'),
    );
    for (const [roundId, roundNumber, accounts] of [
      ['t-1', 7, [{ accountId: 'T.tn1.e1', atsId: 'T1-A1', stakedCents: 100, creditedCents: 195 }]],
      ['t-2', 8, [{ accountId: 'T.tn2.e1', atsId: 'T1-A2', stakedCents: 300, creditedCents: 585 }, { accountId: 'cash-1', atsId: 'T1-A3', stakedCents: 1_000, creditedCents: 0 }]],
    ] as const) {
      const staked = accounts.reduce((n, a) => n + a.stakedCents, 0);
      const credited = accounts.reduce((n, a) => n + a.creditedCents, 0);
      await apply(
        event('RapidAccountsFrozen', { tableId: t, roundId, roundNumber, accountIds: accounts.map((a) => a.accountId), reason: 'wrong outcome', frozenAt: '2026-11-26T11:10:00+11:00', clause: 'Rapid 11.11' }, '2026-11-26T11:10:00+11:00'),
        // What the table publishes once the session has ended: the accounts are no longer marked as tournament ones.
        event('RapidOutcomeCorrected', { tableId: t, roundId, roundNumber, previous: OUTCOME, actual: { ...OUTCOME, result: 'player' }, accounts, stakedCents: staked, creditedCents: credited, houseNetCents: staked - credited, correctedAt: '2026-11-26T11:11:00+11:00', clause: 'Rapid 11.11' }, '2026-11-26T11:11:00+11:00'),
      );
    }
    const r = await report({ tableId: t });
    expect(r.rounds.map((x) => [x.roundId, x.stakedCents, x.creditedCents, x.houseNetCents, x.corrected])).toEqual([
      ['t-1', 0, 0, 0, true],
      ['t-2', 1_000, 0, 1_000, true],
    ]);
    expect(r.totals).toMatchObject({ stakedCents: 1_000, creditedCents: 0, houseNetCents: 1_000 });
    // The outcome-corrected row shows the round's money, not the chips.
    const corrected = r.register.filter((x) => x.kind === 'outcome-corrected').map((x) => [x.roundId, x.roundNumber, (x.details as { stakedCents: number }).stakedCents]);
    expect(corrected.sort()).toEqual([['t-1', 7, 0], ['t-2', 8, 1_000]]);
  });

  /** Events of one command (its follow-ups run under the command's id): the register row names what each moved. */
  const ofCommand = (...events: IntegrationEvent[]): IntegrationEvent[] => {
    const commandId = randomUUID();
    return events.map((e) => ({ ...e, commandId }));
  };

  it('Rapid 11.14(b): a malfunction whose records confirm a smaller stake shows the stake released in its own column: stake returned + stake released + credit - credit reversed = net, to the cent', async () => {
    const t = 'S1';
    const at = '2026-11-26T13:02:00+11:00';
    await apply(settled(t, 's-1', 5, [{ accountId: 'acc-s1', stakedCents: 8_000, creditedCents: 16_000 }], '2026-11-26T13:01:00+11:00'));
    await apply(
      ...ofCommand(
        event('RapidMalfunctionRecorded', { tableId: t, roundId: 's-1', roundNumber: 5, scope: 'ats', atsId: 'acc-s1-ats', occurredAt: new Date('2026-11-26T13:00:30+11:00').toISOString(), recordedAt: new Date(at).toISOString(), relativeToPeriod: 'after-expiry', confirmedFromRecords: true, confirmedWagers: [{ bet: 'player', amountCents: 5_000 }], effect: 'settle-as-confirmed', afterOutcome: true, accountIds: ['acc-s1'], description: 'touch screen lagged', clause: 'Rapid 11.14(b)' }, at),
        // Staked $80 and won $160; the records confirm $50: the $30 of stake comes back and the credit falls to $100.
        event(
          'AtsSettlementRecalculated',
          {
            accountId: 'acc-s1', tableId: t, roundId: 's-1', roundNumber: 5, cause: 'malfunction', outcome: OUTCOME, wagers: [{ bet: 'player', amountCents: 5_000 }],
            settlements: [{ bet: 'player', option: '1', amountCents: 5_000, outcome: 'win', stakeReturnedCents: 5_000, winningsCents: 5_000, commissionCents: 0, creditCents: 10_000, clause: 'Rapid 4.8' }],
            previousCreditCents: 16_000, creditCents: 10_000, previousStakedCents: 8_000, stakedCents: 5_000, unrecoveredCents: 0, movementCents: -3_000, balanceAfterCents: 7_000, recalculatedAt: at, clause: 'Rapid 11.14(b)',
          },
          at,
        ),
      ),
    );
    const r = await report({ tableId: t });
    const row = r.register.find((x) => x.kind === 'malfunction-ats')!;
    expect(row.accounts).toEqual([expect.objectContaining({ accountId: 'acc-s1', stakeReturnedCents: 0, stakeReleasedCents: 3_000, creditReversedCents: 16_000, creditCents: 10_000, netCents: -3_000 })]);
    expect(row.amounts).toEqual({ stakeReturnedCents: 0, stakeReleasedCents: 3_000, creditReversedCents: 16_000, creditCents: 10_000, netCents: -3_000, unrecoveredCents: 0 });
    const a = row.amounts!;
    expect(a.stakeReturnedCents + a.stakeReleasedCents + a.creditCents - a.creditReversedCents).toBe(a.netCents);
    expect(r.rounds.find((x) => x.roundId === 's-1')).toMatchObject({ stakedCents: 5_000, creditedCents: 10_000, houseNetCents: -5_000 });
  });

  it('Rapid 13.3.1, 13.4: an invalidated round shows its status as invalidated, and its refunds among its voids with each account refunded', async () => {
    const t = 'I1';
    const at = '2026-11-26T14:10:00+11:00';
    const voidWager = (amountCents: number) => ({ bet: 'banker', option: '1', amountCents, outcome: 'void', stakeReturnedCents: amountCents, winningsCents: 0, commissionCents: 0, creditCents: amountCents, clause: 'Rapid 13.4' });
    await apply(settled(t, 'i-1', 9, [{ accountId: 'acc-i1', stakedCents: 10_000, creditedCents: 19_500 }, { accountId: 'acc-i2', stakedCents: 5_000, creditedCents: 0 }], '2026-11-26T14:02:00+11:00'));
    const refund = (accountId: string, staked: number, previousCredit: number) =>
      event(
        'AtsSettlementRecalculated',
        {
          accountId, tableId: t, roundId: 'i-1', roundNumber: 9, cause: 'invalidation', outcome: OUTCOME, settlements: [voidWager(staked)], previousCreditCents: previousCredit, creditCents: staked, previousStakedCents: staked, stakedCents: staked,
          notRecognised: { reason: 'void', returnedCents: staked, clause: 'Rapid 13.4' }, countedBefore: { stakedCents: staked, creditedCents: previousCredit }, counted: { stakedCents: 0, creditedCents: 0 },
          unrecoveredCents: 0, movementCents: staked - previousCredit, balanceAfterCents: 50_000, recalculatedAt: at, clause: 'Rapid 13.3.1; Rapid 13.4',
        },
        at,
      );
    await apply(
      ...ofCommand(
        event('RapidOutcomeInvalidated', { tableId: t, roundId: 'i-1', roundNumber: 9, ground: 'fire', reason: 'Fire alarm', outcome: OUTCOME, accountIds: ['acc-i1', 'acc-i2'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: new Date(at).toISOString(), clause: 'Rapid 13.3.1; Rapid 13.4' }, at),
        refund('acc-i1', 10_000, 19_500),
        refund('acc-i2', 5_000, 0),
      ),
    );
    const round = (await report({ tableId: t })).rounds.find((x) => x.roundId === 'i-1')!;
    expect(round).toMatchObject({ status: 'invalidated', stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    expect(round.voids).toEqual([
      expect.objectContaining({
        scope: 'invalidation',
        clause: 'Rapid 13.3.1; Rapid 13.4',
        accounts: [expect.objectContaining({ accountId: 'acc-i1', stakeReturnedCents: 10_000, creditReversedCents: 19_500, netCents: -9_500 }), expect.objectContaining({ accountId: 'acc-i2', stakeReturnedCents: 5_000, creditReversedCents: 0, netCents: 5_000 })],
        amounts: expect.objectContaining({ stakeReturnedCents: 15_000, creditReversedCents: 19_500, netCents: -4_500 }),
      }),
    ]);
  });

  it('Rapid 13.3.1, 13.4: a game invalidated before its outcome is a round invalidated in rounds[], voided when invalidated, nothing staked or credited, with each wager returned among its voids', async () => {
    const t = 'I2';
    const at = '2026-11-26T15:01:30+11:00';
    await apply(
      ...ofCommand(
        event('RapidOutcomeInvalidated', { tableId: t, roundId: 'i-2', roundNumber: 3, ground: 'act-of-god', reason: 'Earthquake', outcome: null, beforeOutcome: true, accountIds: ['acc-j1'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: new Date(at).toISOString(), clause: 'Rapid 13.3.1; Rapid 13.4' }, at),
        event('AtsWagersReturned', { accountId: 'acc-j1', tableId: t, roundId: 'i-2', reason: 'outcome-invalidated', stakedCents: 4_000, movementCents: 4_000, balanceAfterCents: 50_000, returnedAt: new Date(at).toISOString(), clause: 'Rapid 13.4' }, at),
      ),
    );
    const round = (await report({ tableId: t })).rounds.find((x) => x.roundId === 'i-2')!;
    expect(round).toMatchObject({ status: 'invalidated', roundNumber: 3, settledAt: null, voidedAt: new Date(at).toISOString(), accounts: 1, stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    expect(round.voids).toEqual([expect.objectContaining({ scope: 'invalidation', afterOutcome: false, accounts: [expect.objectContaining({ accountId: 'acc-j1', kind: 'returned', stakeReturnedCents: 4_000, netCents: 4_000 })], amounts: expect.objectContaining({ stakeReturnedCents: 4_000, netCents: 4_000 }) })]);
  });

  it('Rapid 11.15(a): a round voided whole by the game system, the failure before expiry recorded only after the outcome settled it, is void from when it was recorded, its void with the clause, as one voided before its outcome', async () => {
    const r = await report({ tableId: 'V1' });
    const late = r.rounds.find((x) => x.roundId === 'r-2')!;
    expect(late).toMatchObject({ status: 'void', settledAt: '2026-11-25T23:01:40.000Z', voidedAt: '2026-11-25T23:02:00.000Z', stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
    expect(late.voids).toEqual([expect.objectContaining({ scope: 'game-system', afterOutcome: true, recordedAt: '2026-11-25T23:02:00.000Z', clause: 'Rapid 11.15(a)' })]);
    // An ATS's wagers voided after the outcome leave the round settled (11.14): only the game system voids it whole.
    expect(r.rounds.find((x) => x.roundId === 'r-4')).toMatchObject({ status: 'settled', voidedAt: null });
  });

  it('Rapid 11.11 with 6.7.1, 13.4: a set-off is counted on the rounds it names, each round its real unrecovered and house net, the totals unchanged, whatever the order of the events and once however often delivered', async () => {
    const t = 'SO1';
    // acc-so (paid out) won $100 on Player in round 1 (credited $200) and lost $100 in round 2. Round 1 corrected: the $200
    // could not be taken back (unrecovered); round 2 corrected in the player's favour: $200 set off against round 1's.
    const recalculated = (roundId: string, roundNumber: number, previousCreditCents: number, creditCents: number, extra: Record<string, unknown>, at: string) =>
      event('AtsSettlementRecalculated', { accountId: 'acc-so', tableId: t, roundId, roundNumber, outcome: OUTCOME, cause: 'wrong-outcome', settlements: [], previousCreditCents, creditCents, movementCents: 0, balanceAfterCents: 0, owedToPlayerCents: 0, recalculatedAt: at, clause: 'Rapid 11.11; 6.7', ...extra }, at);
    const corrected = (roundId: string, roundNumber: number, creditedCents: number, at: string) =>
      event('RapidOutcomeCorrected', { tableId: t, roundId, roundNumber, previous: OUTCOME, actual: OUTCOME, accounts: [{ accountId: 'acc-so', atsId: 'SO1-A1', stakedCents: 10_000, creditedCents }], stakedCents: 10_000, creditedCents, houseNetCents: 10_000 - creditedCents, correctedAt: at, clause: 'Rapid 11.11' }, at);
    const setOff = recalculated('so-2', 2, 0, 20_000, { unrecoveredCents: -20_000, setOff: { amountCents: 20_000, unrecoveredAfterCents: 0, rounds: [{ roundId: 'so-1', roundNumber: 1, amountCents: 20_000 }] } }, '2026-11-26T16:07:00+11:00');
    await apply(
      settled(t, 'so-1', 1, [{ accountId: 'acc-so', stakedCents: 10_000, creditedCents: 20_000 }], '2026-11-26T16:01:00+11:00'),
      settled(t, 'so-2', 2, [{ accountId: 'acc-so', stakedCents: 10_000, creditedCents: 0 }], '2026-11-26T16:02:00+11:00'),
      // The set-off arrives before the recovery it was set against (another stream).
      setOff,
      corrected('so-2', 2, 20_000, '2026-11-26T16:07:00+11:00'),
      recalculated('so-1', 1, 20_000, 0, { unrecoveredCents: 20_000 }, '2026-11-26T16:05:00+11:00'),
      corrected('so-1', 1, 0, '2026-11-26T16:05:00+11:00'),
    );
    const figures = async () => {
      const r = await report({ tableId: t });
      return { rounds: r.rounds.map((x) => [x.roundNumber, x.unrecoveredCents, x.houseNetCents]), totals: r.totals };
    };
    const expected = {
      // Round 1: the money the player kept set off in full, the house lost nothing in the end; round 2 paid the $200 it had won as $100.
      rounds: [
        [1, 0, 10_000],
        [2, 0, -10_000],
      ],
      totals: expect.objectContaining({ stakedCents: 20_000, creditedCents: 20_000, unrecoveredCents: 0, houseNetCents: 0 }),
    };
    expect(await figures()).toEqual(expected);
    await apply(setOff);
    expect(await figures()).toEqual(expected);
  });

  it('Rapid 12.2.1(c): the minimum deducted from a tournament account that wagered nothing is a tournament row of the register, in chips, never in the cash totals', async () => {
    const t = 'T9';
    const at = '2026-11-26T12:01:00+11:00';
    await apply(
      event('AtsTournamentAccountOpened', { accountId: 'T.tn9.e2', tableId: t, atsId: 'T9-A2', tournamentId: 'TN9', sessionId: 'H1', entryId: 'E2', amountCents: 1_000, movementCents: 1_000, balanceAfterCents: 1_000, openedAt: '2026-11-26T12:00:00+11:00', clause: 'Rapid 12.2.1(b)' }, '2026-11-26T12:00:00+11:00'),
      event('AtsTournamentMinimumDeducted', { accountId: 'T.tn9.e2', tableId: t, atsId: 'T9-A2', tournamentId: 'TN9', sessionId: 'H1', entryId: 'E2', roundId: 'd-1', roundNumber: 3, amountCents: 10, minimumCents: 10, movementCents: -10, balanceAfterCents: 990, deductedAt: at, clause: 'Rapid 12.2.1(c)' }, at),
      settled(t, 'd-1', 3, [{ accountId: 'T.tn9.e2', stakedCents: 0, creditedCents: 0, tournamentId: 'TN9' }, { accountId: 'cash-9', stakedCents: 500, creditedCents: 0 }], at),
    );
    const r = await report({ tableId: t });
    const row = r.register.find((x) => x.kind === 'tournament-minimum-deducted');
    expect(row).toMatchObject({ tableId: t, roundId: 'd-1', roundNumber: 3, clause: 'Rapid 12.2.1(c)', details: { accountId: 'T.tn9.e2', tournamentId: 'TN9', sessionId: 'H1', entryId: 'E2', deductedChips: 10, minimumChips: 10, balanceAfterChips: 990 } });
    expect(r.rounds.map((x) => [x.roundId, x.stakedCents, x.creditedCents, x.houseNetCents])).toEqual([['d-1', 500, 0, 500]]);
  });
});
