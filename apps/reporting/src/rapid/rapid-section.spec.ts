import { onDay, RAPID_EVENING, RAPID_INVALIDATION, rapidCorrectionsAfterCashOut, rapidMalfunctionRounds, rapidRecords, type Step } from '../test-support/rapid-play';
import { accountMovements, claimRows, correctionInWords, correctionRows, freezeInWords, invalidationRows, malfunctionRows, manualPaymentRows, numbered, paidInWords, recalculationOf, reconciliationRows, roundRows } from './rapid-section';

const day = () => numbered(onDay(rapidRecords(), '2026-03-02'));

describe('the VIC Rapid Baccarat report, section by section (Crown Melbourne Rules for Rapid Baccarat)', () => {
  it('Rapid 4.8, 4.8.2(a), 8.1: one row per round settled in the gaming day, by its number, with the outcome, staked, credited, commission deducted before the credit and kept after a recalculation, and the house net before and after its recalculation', () => {
    const rows = roundRows(day());
    expect(rows.map((r) => [r.round, r.outcome, r.stakedCents, r.creditedCents, r.commissionCents, r.houseNetCents, r.adjustmentCents, r.houseNetAfterCents, r.clause])).toEqual([
      // Round 41: corrected (11.11) the house was owed $390 back and $300 more to pay; $390 could not be recovered. The
      // Banker win and its $10 commission were reversed: the Player win keeps none.
      ['41', 'Player wins 7 to 5, corrected from Banker wins 6 to 3 (Rapid 11.11)', 35_000, 39_000, 0, -4_000, -30_000, -34_000, 'Rapid 4.8'],
      ['42', 'Player wins 7 to 5', 0, 0, 0, 0, 0, 0, 'Rapid 4.8'],
    ]);
  });

  it('Rapid 11.11: a corrected round shows the actual outcome, says it was corrected and from what, and its commission is the one kept after the correction, not the one reversed', () => {
    const [round41] = roundRows(day());
    // Banker 6-3 ($10 commission on acc-1's Banker win) corrected to Player 7-5: the Banker win and its commission reversed.
    expect(round41).toMatchObject({ round: '41', outcome: 'Player wins 7 to 5, corrected from Banker wins 6 to 3 (Rapid 11.11)', commissionCents: 0 });
    // A correction that keeps a Banker win (another total) keeps the commission the recalculation deducted.
    const kept = rapidRecords(
      RAPID_EVENING.map((s) =>
        s.type === 'AtsSettlementRecalculated' && s.data.accountId === 'acc-1' && s.data.roundId === 'r41'
          ? { ...s, data: { ...s.data, settlements: [{ bet: 'banker', option: 'traditional', amountCents: 20_000, outcome: 'win', stakeReturnedCents: 20_000, winningsCents: 20_000, commissionCents: 1_000, creditCents: 39_000, clause: 'Rapid 4.8.2(a)' }] } }
          : s,
      ),
    );
    expect(roundRows(numbered(onDay(kept, '2026-03-02')))[0].commissionCents).toBe(1_000);
  });

  it('Rapid 10.1 (Crown Baccarat), 4.8.2(a): a Banker win with 6, paid 1 to 1 less 50% commission ($100 pays $50), shows the half withheld as its commission; a Banker win not with 6 and a Player win keep none; Traditional keeps 5%', () => {
    // Round 41 as the Rapid service settles it at a Crown Baccarat table: Banker 6 to 3, acc-1's $200 on Banker credited
    // $300 after the $100 withheld; acc-2's $150 on Player lost. Round 42 (Banker 7 to 3) pays even money; round 43 at a
    // Traditional table keeps $10 of a $200 win.
    const banker = (bankerTotal: number) => ({ playerCards: [], bankerCards: [], result: 'banker', playerTotal: 3, bankerTotal });
    const settled = (accountId: string, roundId: string, roundNumber: number, settlement: Record<string, unknown>, bankerTotal = 6) => ({
      type: 'AtsWagersSettled',
      data: { accountId, tableId: 'RB1', roundId, roundNumber, outcome: banker(bankerTotal), stakedCents: settlement.amountCents, creditCents: settlement.creditCents, movementCents: settlement.creditCents, balanceAfterCents: settlement.creditCents, settledAt: '2026-03-02T01:03:00.000Z', clause: 'Rapid 4.8', settlements: [settlement] },
    });
    const roundSettled = (roundId: string, roundNumber: number, stakedCents: number, creditedCents: number, bankerTotal = 6) => ({
      type: 'RapidRoundSettled',
      data: { tableId: 'RB1', roundId, roundNumber, outcome: banker(bankerTotal), stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, accounts: [], settledAt: '2026-03-02T01:03:00.000Z', clause: 'Rapid 4.8' },
    });
    const records = rapidRecords([
      settled('acc-1', 'r41', 41, { bet: 'banker', option: 'crown', amountCents: 20_000, outcome: 'win', stakeReturnedCents: 20_000, winningsCents: 20_000, commissionCents: 10_000, creditCents: 30_000, clause: 'Rapid 10.1; Rapid 4.8.2(a)' }),
      settled('acc-2', 'r41', 41, { bet: 'player', option: 'standard', amountCents: 15_000, outcome: 'lose', stakeReturnedCents: 0, winningsCents: 0, commissionCents: 0, creditCents: 0, clause: 'Rapid 10.1' }),
      roundSettled('r41', 41, 35_000, 30_000),
      settled('acc-3', 'r42', 42, { bet: 'banker', option: 'crown', amountCents: 20_000, outcome: 'win', stakeReturnedCents: 20_000, winningsCents: 20_000, commissionCents: 0, creditCents: 40_000, clause: 'Rapid 10.1' }, 7),
      roundSettled('r42', 42, 20_000, 40_000, 7),
      settled('acc-4', 'r43', 43, { bet: 'banker', option: 'traditional', amountCents: 20_000, outcome: 'win', stakeReturnedCents: 20_000, winningsCents: 20_000, commissionCents: 1_000, creditCents: 39_000, clause: 'Rapid 10.1; Rapid 4.8.2(a)' }),
      roundSettled('r43', 43, 20_000, 39_000),
    ]);
    expect(roundRows(numbered(records)).map((r) => [r.round, r.commissionCents, r.houseNetCents])).toEqual([
      ['41', 10_000, 5_000],
      ['42', 0, -20_000],
      ['43', 1_000, -19_000],
    ]);
  });

  it('Rapid 6.2-6.7: each account from its opening to its closing balance: buy-ins by notes and tendered to the Dealer, wagers net of a change, credits, cash-outs in chips and by ticket, an owed amount paid manually', () => {
    const byAccount = Object.fromEntries(accountMovements(day()).map((a) => [a.accountId, a]));
    expect(byAccount['acc-1']).toMatchObject({ tableId: 'RB1', atsId: 'A1', openingCents: 0, buyInNotesCents: 100_000, buyInDealerCents: 10_000, wageredCents: 20_000, creditedCents: 39_000, recalculatedCents: 0, cashOutTicketCents: 129_000, closingCents: 0, agrees: true });
    expect(byAccount['acc-2']).toMatchObject({ buyInDealerCents: 50_000, wageredCents: 15_000, creditedCents: 0, recalculatedCents: 30_000, cashOutChipsCents: 35_000, owedPaidManualCents: 30_000, closingCents: 0, agrees: true });
    expect(byAccount['acc-4']).toMatchObject({ buyInNotesCents: 20_000, wageredCents: 5_000, returnedCents: 5_000, cashOutTicketCents: 0, manualDueCents: 20_000, closingCents: 0 });
    expect(byAccount['acc-5']).toMatchObject({ openingCents: 0, buyInNotesCents: 10_000, wageredCents: 1_000, closingCents: 9_000 });
    const paidOut = new Map<string, number>();
    for (const a of accountMovements(day())) paidOut.set(a.tableId ?? '', (paidOut.get(a.tableId ?? '') ?? 0) + a.paidOutCents);
    for (const t of reconciliationRows(day())) expect(paidOut.get(t.tableId as string) ?? 0).toBe(t.paidOutCents);
  });

  it('Rapid 6.2-6.7: an account whose balance does not follow from its movements is shown as not agreeing', () => {
    const broken = rapidRecords(RAPID_EVENING.map((s) => (s.type === 'AtsAccountCredited' ? { ...s, data: { ...s.data, balanceAfterCents: 110_001 } } : s)));
    expect(accountMovements(onDay(broken, '2026-03-02')).find((a) => a.accountId === 'acc-1')?.agrees).toBe(false);
  });

  it('Rapid 4.8, 6.7, 11.11: the house net by the rounds (staked - credited + recalculations - not recovered + wagers in play) equals the house net by the accounts (buy-ins - paid out - the rise in balances), to the cent', () => {
    expect(reconciliationRows(day())).toEqual([
      expect.objectContaining({
        tableId: 'RB1',
        stakedCents: 35_000,
        creditedCents: 39_000,
        houseNetCents: -4_000,
        recalculatedCents: 9_000,
        notRecoveredCents: 39_000,
        ticketReducedCents: 0,
        // $10 wagered at 05:59:30 for round 43, settled in the next gaming day.
        inPlayCents: 1_000,
        byRoundsCents: -33_000,
        buyInsCents: 190_000,
        paidOutCents: 214_000,
        balanceChangeCents: 9_000,
        byAccountsCents: -33_000,
        differenceCents: 0,
        agrees: true,
      }),
    ]);
    // The next gaming day: the stake already taken comes back into the rounds as settled.
    expect(reconciliationRows(onDay(rapidRecords(), '2026-03-03'))).toEqual([expect.objectContaining({ stakedCents: 1_000, creditedCents: 2_000, inPlayCents: -1_000, byRoundsCents: -2_000, byAccountsCents: -2_000, agrees: true })]);
  });

  it('Rapid 4.8, 11.11: a round total that does not match the accounts credited shows a difference', () => {
    const off = rapidRecords(RAPID_EVENING.map((s) => (s.type === 'RapidRoundSettled' && s.data.roundId === 'r41' ? { ...s, data: { ...s.data, creditedCents: 39_001 } } : s)));
    expect(reconciliationRows(onDay(off, '2026-03-02'))[0]).toMatchObject({ differenceCents: 1, agrees: false });
  });

  it('Rapid 11.11: a recalculation in figures: the difference, what the balance gave, what could not be recovered and what came off an unpaid ticket agree with the event', () => {
    expect(recalculationOf({ previousCreditCents: 39_000, creditCents: 0, unrecoveredCents: 39_000, movementCents: 0, owedToPlayerCents: 0 })).toEqual({ differenceCents: -39_000, movementCents: 0, notRecoveredCents: 39_000, ticketReducedCents: 0, owedToClosedAccountCents: 0, setOff: null, setOffUndone: null, agrees: true });
    expect(recalculationOf({ previousCreditCents: 10_000, creditCents: 0, unrecoveredCents: 1_000, movementCents: -6_000, unpaidTicket: { reducedCents: 3_000, owedAfterCents: 2_000, clause: 'Rapid 6.7.2(b)' } })).toMatchObject({ differenceCents: -10_000, ticketReducedCents: 3_000, agrees: true });
    // Rapid 11.14(b): the records confirm a larger stake: the difference counts it.
    expect(recalculationOf({ previousCreditCents: 0, creditCents: 0, previousStakedCents: 1_000, stakedCents: 3_000, movementCents: -2_000, unrecoveredCents: 0 })).toMatchObject({ differenceCents: -2_000, agrees: true });
    expect(recalculationOf({ previousCreditCents: 0, creditCents: 500, movementCents: 400, unrecoveredCents: 0 }).agrees).toBe(false);
  });

  it('Rapid 11.11: the freeze (who and when), each account recalculated with what was and was not recovered from an account already cashed out, the amount owed to a closed account and its payment, and the corrected outcome', () => {
    const rows = correctionRows(day());
    expect(rows.map((r) => [r.record, r.accountId, r.differenceCents, r.recoveredCents, r.notRecoveredCents, r.owedCents, r.actorId, r.clause])).toEqual([
      ['Accounts frozen', null, null, null, null, null, 'dealer-3', 'Rapid 11.11'],
      ['Account recalculated', 'acc-1', -39_000, 0, 39_000, null, 'dealer-3', 'Rapid 11.11'],
      ['Account recalculated', 'acc-2', 30_000, null, null, 30_000, 'dealer-3', 'Rapid 11.11'],
      ['Outcome corrected', null, null, null, null, null, 'dealer-3', 'Rapid 11.11'],
    ]);
    expect(rows[0]).toMatchObject({ at: '2026-03-02T01:06:00.000Z', what: '2 ATS chip account(s) frozen: Banker entered; Player won 7 to 5' });
    expect(rows[1].what).toContain('$390.00 could not be recovered from the account, already cashed out');
    expect(paidInWords(rows[2], 'Australia/Melbourne')).toBe('Paid $300.00 by manual payment at 2026-03-02 12:20:00');
    expect(rows[3].what).toBe('Banker wins 6 to 3 corrected to Player wins 7 to 5; the round now staked $350.00, credited $300.00, house net $50.00');
  });

  it('Rapid 11.11: an amount owed to a closed account not paid in the period says so', () => {
    const unpaid = rapidRecords(RAPID_EVENING.filter((s) => s.type !== 'AtsOwedAmountPaid'));
    expect(paidInWords(correctionRows(onDay(unpaid, '2026-03-02')).find((r) => r.accountId === 'acc-2')!)).toBe('Not paid in the period');
  });

  it('Rapid 8.1: a record that names its round by id only (wagers returned) is shown by the round\'s number where another record of the round carries it', () => {
    const returned = numbered(onDay(rapidRecords(), '2026-03-02')).find((r) => r.type === 'AtsWagersReturned');
    expect(returned?.data.roundNumber).toBe(42);
  });

  it('Rapid 11.14(a): an ATS malfunction before the expiry of the wagering period, its wagers void and returned, naming the ATS and the account', () => {
    expect(malfunctionRows(day()).map((r) => [r.record, r.round, r.atsId, r.accountId, r.returnedCents, r.what, r.clause])).toEqual([
      ['Malfunction', '42', 'A1', null, null, 'ATS A1 malfunctioned before the expiry of the wagering period; wagers void; Touch screen froze', 'Rapid 11.14(a)'],
      ['Wagers returned', '42', 'A1', 'acc-4', 5_000, '$50.00 returned to account acc-4 at ATS A1 (ats malfunction)', 'Rapid 11.14(a)'],
    ]);
  });

  it('Rapid 11.14(b), 11.16: a malfunction dealt with after the outcome, the wagers not confirmed from the records: the account adjusted and its void wagers returned, in the malfunctions and not the corrections', () => {
    const records = rapidRecords([
      { type: 'AtsAccountOpened', data: { accountId: 'acc-9', tableId: 'RB1', atsId: 'A9', tender: 'cash', amountCents: 1_000, movementCents: 1_000, balanceAfterCents: 1_000, openedAt: '2026-03-02T03:00:00.000Z', clause: 'Rapid 6.2' } },
      {
        type: 'RapidMalfunctionRecorded',
        data: { tableId: 'RB1', roundId: 'r50', roundNumber: 50, scope: 'ats', atsId: 'A9', occurredAt: '2026-03-02T03:01:00.000Z', relativeToPeriod: 'after-expiry', confirmedFromRecords: false, effect: 'void', afterOutcome: true, accountIds: ['acc-9'], description: 'Screen went dark', clause: 'Rapid 11.14(b); 11.16' },
      },
      {
        type: 'AtsSettlementRecalculated',
        data: { accountId: 'acc-9', tableId: 'RB1', roundId: 'r50', roundNumber: 50, cause: 'malfunction', outcome: { result: 'banker', playerTotal: 2, bankerTotal: 9 }, previousCreditCents: 0, creditCents: 500, previousStakedCents: 500, stakedCents: 500, notRecognised: { reason: 'void', returnedCents: 500, clause: 'Rapid 11.16' }, unrecoveredCents: 0, movementCents: 500, balanceAfterCents: 1_500, recalculatedAt: '2026-03-02T03:02:00.000Z', clause: 'Rapid 11.16' },
      },
    ]);
    const rows = malfunctionRows(records);
    expect(rows[0].what).toBe('ATS A9 malfunctioned on or after the expiry of the wagering period; the wagers could not be confirmed from the records; wagers void; dealt with after the outcome was entered; Screen went dark');
    expect(rows[1]).toMatchObject({ record: 'Account adjusted', atsId: 'A9', accountId: 'acc-9', returnedCents: 500, differenceCents: 500, notRecoveredCents: null, clause: 'Rapid 11.16' });
    expect(correctionRows(records)).toEqual([]);
    // Rapid 11.14(b): the records confirmed nothing, so the row says nothing of a stake "as the records confirm".
    expect(rows[1].what).toBe('Banker wins 9 to 2: credit $0.00 to $5.00; wagers not recognised (void), $5.00 returned (Rapid 11.16)');
  });

  it('Rapid 11.14(b): a malfunction dealt with after the outcome, the wagers confirmed from the records: the stake as recorded and as the records confirm it', () => {
    const records = rapidRecords([
      { type: 'AtsAccountOpened', data: { accountId: 'acc-9', tableId: 'RB1', atsId: 'A9', tender: 'cash', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: '2026-03-02T03:00:00.000Z', clause: 'Rapid 6.2' } },
      {
        type: 'AtsSettlementRecalculated',
        data: { accountId: 'acc-9', tableId: 'RB1', roundId: 'r50', roundNumber: 50, cause: 'malfunction', outcome: { result: 'player', playerTotal: 8, bankerTotal: 2 }, wagers: [{ bet: 'player', amountCents: 5_000 }], previousCreditCents: 16_000, creditCents: 10_000, previousStakedCents: 8_000, stakedCents: 5_000, unrecoveredCents: 0, movementCents: -3_000, balanceAfterCents: 7_000, recalculatedAt: '2026-03-02T03:02:00.000Z', clause: 'Rapid 11.14(b)' },
      },
    ]);
    expect(malfunctionRows(records)[0].what).toBe('Player wins 8 to 2: credit $160.00 to $100.00; stake $80.00 to $50.00 as the records confirm');
  });

  it('Rapid 11.12: a claim with its kind, what was claimed, how it was resolved and by whom, and the adjustment to players it led to', () => {
    expect(claimRows(day())).toEqual([
      expect.objectContaining({ claimId: 'c-1', atsId: 'A1', round: '41', kind: 'Incorrect outcome', description: 'Player won 7 to 5, not Banker', resolution: 'Upheld', adjustmentCents: -9_000, actorId: 'gs-1', clause: 'Rapid 11.12' }),
    ]);
    const rejected = rapidRecords(RAPID_EVENING.map((s) => (s.type === 'RapidClaimResolved' ? { ...s, data: { ...s.data, resolution: 'rejected', action: 'Outcome checked on the camera: Banker won' } } : s)));
    expect(claimRows(onDay(rejected, '2026-03-02'))[0]).toMatchObject({ resolution: 'Rejected', adjustmentCents: null });
  });

  it('Rapid 6.7.2(b), 11.11 with 6.7: a ticket not printed (a manual payment due), its manual payment, and an owed amount paid manually, each with its reason', () => {
    expect(manualPaymentRows(day()).map((r) => [r.record, r.atsId, r.accountId, r.round, r.dueCents, r.paidCents, r.reason, r.clause])).toEqual([
      ['Owed amount paid by manual payment', 'A2', 'acc-2', '41', null, 30_000, 'Player left before the correction', 'Rapid 11.11; 6.7'],
      ['Ticket not printed: manual payment due', 'A1', 'acc-4', '42', 20_000, null, 'the printer printed no ticket', 'Rapid 6.7.2(b)'],
      ['Manual payment for a ticket not printed', 'A1', 'acc-4', '42', null, 20_000, 'Printer jammed', 'Rapid 6.7.2(b)'],
    ]);
  });
});

describe('the VIC Rapid Baccarat report: an outcome invalidated and an upheld claim\'s freeze (Rapid 11.10, 13.3-13.4; 11.11 with 11.12)', () => {
  const withInvalidation = () => numbered(onDay(rapidRecords([...RAPID_EVENING, ...RAPID_INVALIDATION]), '2026-03-02'));

  it('Rapid 11.10, 13.3.1, 13.4: the invalidation is its own row: the ground, who invalidated it with the power the clause gives, the outcome invalidated and the accounts refunded', () => {
    const [invalidated] = invalidationRows(withInvalidation());
    expect(invalidated).toMatchObject({ record: 'Outcome invalidated', round: '44', ground: 'Fire', actorId: 'cs-1', actorRole: 'area-manager', at: '2026-03-02T03:10:00.000Z', clause: 'Rapid 13.3.1; Rapid 13.4' });
    expect(invalidated.what).toBe('Banker wins 8 to 4 invalidated: Fire alarm: the table was evacuated during the coup; every wager for it refunded on 2 ATS chip account(s); a power of the area-manager (or above), exercised as area-manager');
  });

  it('Rapid 13.4 with 11.11, 6.7: each account refunded: the stake returned, the credit taken back, what could not be recovered from an account already cashed out, what is owed to a closed account and its payment', () => {
    const rows = invalidationRows(withInvalidation()).slice(1);
    expect(rows.map((r) => [r.record, r.accountId, r.refundedCents, r.differenceCents, r.recoveredCents, r.notRecoveredCents, r.owedCents, r.clause])).toEqual([
      ['Wagers refunded', 'acc-6', 10_000, -9_500, 0, 9_500, null, 'Rapid 13.3.1; Rapid 13.4; Rapid 11.11'],
      ['Wagers refunded', 'acc-7', 5_000, 5_000, null, null, 5_000, 'Rapid 13.3.1; Rapid 13.4; Rapid 11.11'],
    ]);
    expect(rows[0].what).toBe('$100.00 staked refunded; the credit of $195.00 taken back; $95.00 could not be recovered from the account, already cashed out');
    expect(rows[1].what).toBe('$50.00 staked refunded; $50.00 owed to the player, the account already cashed out');
    expect(paidInWords(rows[1], 'Australia/Melbourne')).toBe('Paid $50.00 in chips by the Dealer at 2026-03-02 14:20:00');
  });

  it('Rapid 13.4 with 11.11: a refund set off against what the player kept of an earlier recovery is shown as set off on a row of its own, negative in the not-recovered column there (not on the refund\'s row), nothing owed, and the day still reconciles', () => {
    // acc-7 had kept $80 an earlier correction could not take back: its $50 refund is set off against it, nothing paid.
    const steps = [...RAPID_EVENING, ...RAPID_INVALIDATION]
      .filter((s) => !(s.type === 'AtsOwedAmountPaid' && s.data.accountId === 'acc-7'))
      .map((s) => (s.type === 'AtsSettlementRecalculated' && s.data.accountId === 'acc-7' ? { ...s, data: { ...s.data, unrecoveredCents: -5_000, owedToPlayerCents: 0, movementCents: 0, balanceAfterCents: 0, setOff: { amountCents: 5_000, unrecoveredAfterCents: 3_000 } } } : s));
    const records = numbered(onDay(rapidRecords(steps), '2026-03-02'));
    const [row, setOff] = invalidationRows(records).filter((r) => r.accountId === 'acc-7');
    expect([row.refundedCents, row.differenceCents, row.notRecoveredCents, row.owedCents]).toEqual([5_000, 5_000, null, null]);
    expect([setOff.record, setOff.refundedCents, setOff.differenceCents, setOff.notRecoveredCents, setOff.owedCents]).toEqual(['Unrecovered set off', null, null, -5_000, null]);
    expect(row.what).toBe('$50.00 staked refunded; $50.00 set off against what the player kept of an earlier recovery that could not be made, so not paid again ($30.00 still not recovered)');
    expect(reconciliationRows(records).every((r) => r.agrees)).toBe(true);
  });

  it('Rapid 13.3.1, 13.4: a game invalidated before its outcome: the invalidation says so, and each wager returned is a refund row', () => {
    const records = rapidRecords([
      { type: 'AtsAccountOpened', data: { accountId: 'acc-8', tableId: 'RB1', atsId: 'A8', tender: 'cash', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: '2026-03-02T04:00:00.000Z', clause: 'Rapid 6.2' } },
      { type: 'RapidOutcomeInvalidated', data: { tableId: 'RB1', roundId: 'r60', roundNumber: 60, ground: 'act-of-god', reason: 'Earthquake', outcome: null, beforeOutcome: true, accountIds: ['acc-8'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: '2026-03-02T04:01:30.000Z', clause: 'Rapid 13.3.1; Rapid 13.4' } },
      { type: 'AtsWagersReturned', data: { accountId: 'acc-8', tableId: 'RB1', roundId: 'r60', reason: 'outcome-invalidated', stakedCents: 2_000, movementCents: 2_000, balanceAfterCents: 10_000, returnedAt: '2026-03-02T04:01:30.000Z', clause: 'Rapid 13.4' } },
    ]);
    const rows = invalidationRows(numbered(records));
    expect(rows.map((r) => [r.record, r.round, r.accountId, r.refundedCents, r.differenceCents])).toEqual([
      ['Outcome invalidated', '60', null, null, null],
      ['Wagers refunded', '60', 'acc-8', 2_000, null],
    ]);
    expect(rows[0].what).toBe('The game invalidated before its outcome was entered: Earthquake; every wager for it refunded on 1 ATS chip account(s); a power of the area-manager (or above), exercised as area-manager');
    expect(rows[1].what).toBe('$20.00 staked returned');
  });

  it('Rapid 13.3.1, 13.4: a game invalidated before its outcome has its round row, invalidated, nothing staked or credited, saying why, so the round numbers run without a gap', () => {
    const records = rapidRecords([
      { type: 'AtsAccountOpened', data: { accountId: 'acc-8', tableId: 'RB1', atsId: 'A8', tender: 'cash', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: '2026-03-02T04:00:00.000Z', clause: 'Rapid 6.2' } },
      { type: 'AtsWagersShown', data: { accountId: 'acc-8', tableId: 'RB1', roundId: 'r60', roundNumber: 60, totalCents: 2_000, movementCents: -2_000, balanceAfterCents: 8_000, shownAt: '2026-03-02T04:01:00.000Z', clause: 'Rapid 4.1' } },
      { type: 'RapidOutcomeInvalidated', data: { tableId: 'RB1', roundId: 'r60', roundNumber: 60, ground: 'act-of-god', reason: 'Earthquake', outcome: null, beforeOutcome: true, accountIds: ['acc-8'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: '2026-03-02T04:01:30.000Z', clause: 'Rapid 13.3.1; Rapid 13.4' } },
      { type: 'AtsWagersReturned', data: { accountId: 'acc-8', tableId: 'RB1', roundId: 'r60', reason: 'outcome-invalidated', stakedCents: 2_000, movementCents: 2_000, balanceAfterCents: 10_000, returnedAt: '2026-03-02T04:01:30.000Z', clause: 'Rapid 13.4' } },
    ]);
    expect(roundRows(numbered(records)).map((r) => [r.round, r.status, r.outcome, r.accounts, r.stakedCents, r.creditedCents, r.houseNetAfterCents, r.clause])).toEqual([
      ['60', 'invalidated', 'Invalidated before its outcome was entered: Earthquake, every wager returned (Rapid 13.3.1; Rapid 13.4)', 1, 0, 0, 0, 'Rapid 13.3.1; Rapid 13.4'],
    ]);
  });

  it('Rapid 11.11: an invalidation is not a correction of the outcome: the corrections list only the freeze, the wrong outcome\'s recalculations and the outcome corrected', () => {
    expect(correctionRows(withInvalidation()).map((r) => [r.record, r.round])).toEqual([
      ['Accounts frozen', '41'],
      ['Account recalculated', '41'],
      ['Account recalculated', '41'],
      ['Outcome corrected', '41'],
    ]);
    expect(malfunctionRows(withInvalidation()).map((r) => r.round)).toEqual(['42', '42']);
  });

  it('Rapid 4.8, 6.7, 13.4: with an invalidated round the rounds and the accounts still agree to the cent; the round shows its outcome invalidated and the house net after the refunds', () => {
    const round44 = roundRows(withInvalidation()).find((r) => r.round === '44');
    // The house gave back $50 to acc-7 and could not take back the $95 acc-6 was paid: -$45 as settled, -$95 after.
    expect(round44).toMatchObject({ outcome: 'Banker wins 8 to 4, invalidated (Rapid 13.3.1; Rapid 13.4)', stakedCents: 15_000, creditedCents: 19_500, houseNetCents: -4_500, adjustmentCents: -5_000, houseNetAfterCents: -9_500 });
    expect(reconciliationRows(withInvalidation())).toEqual([
      expect.objectContaining({
        stakedCents: 50_000,
        creditedCents: 58_500,
        recalculatedCents: 13_500,
        notRecoveredCents: 48_500,
        buyInsCents: 220_000,
        paidOutCents: 253_500,
        balanceChangeCents: 9_000,
        byRoundsCents: -42_500,
        byAccountsCents: -42_500,
        differenceCents: 0,
        agrees: true,
        clause: 'Rapid 4.8; 6.7; 11.11; 13.4',
      }),
    ]);
  });

  it('Rapid 11.11 with 11.12: an upheld claim of an incorrect outcome shows the freeze it made, or the one already in force: the accounts frozen for the round and when', () => {
    const [claim] = claimRows(numbered(onDay(rapidRecords(), '2026-03-02')));
    expect(freezeInWords(claim, 'Australia/Melbourne')).toBe('Already in force: 2 ATS chip account(s) frozen for round 41 since 2026-03-02 12:06:00 (Rapid 11.11)');
    const made = rapidRecords(RAPID_EVENING.map((s) => (s.type === 'RapidClaimResolved' ? { ...s, data: { ...s.data, freeze: { ...(s.data.freeze as object), frozenAt: s.data.resolvedAt } } } : s)));
    expect(freezeInWords(claimRows(onDay(made, '2026-03-02'))[0], 'Australia/Melbourne')).toBe('Froze 2 ATS chip account(s) for round 41 at 2026-03-02 12:08:00 (Rapid 11.11)');
    const rejected = rapidRecords(RAPID_EVENING.map((s) => (s.type === 'RapidClaimResolved' ? { ...s, data: { ...s.data, resolution: 'rejected', freeze: undefined } } : s)));
    expect(freezeInWords(claimRows(onDay(rejected, '2026-03-02'))[0])).toBeNull();
  });
});

describe('the VIC Rapid Baccarat report: corrections after a cash-out, repeated corrections and claims a correction dealt with (Rapid 6.7.2(b), 11.11, 11.12)', () => {
  const { ticketReduced, twoClaims, owedTwice, backToFirst } = rapidCorrectionsAfterCashOut();
  const at = (hhmm: string) => `2026-03-02T${hhmm}:00.000Z`;
  const recordsOf = (steps: readonly Step[]) => numbered(onDay(rapidRecords(steps), '2026-03-02'));

  it('Rapid 6.7.2(b) with 11.11: a ticket not printed that a correction reduced before its manual payment: paid out is what was paid, each way of the reconciliation is right, and the manual payment due shows the reduction and its correction', () => {
    // ATS A5 (acc-p): $259.50 in, $100 on Player, Player wins 5 to 4 ($200 credited): cashed out by ticket, the printer
    // failed ($359.50 due by manual payment). The round is corrected to a Tie: the Player wager pushes ($100 credited),
    // $100 comes off the ticket not yet paid; the manual payment then pays $259.50. The house took $259.50 and paid $259.50.
    const records = recordsOf(ticketReduced);
    const [rb1] = reconciliationRows(records);
    expect(rb1).toMatchObject({ houseNetCents: -10_000, recalculatedCents: 10_000, notRecoveredCents: 0, buyInsCents: 25_950, paidOutCents: 25_950, balanceChangeCents: 0, manualDueChangeCents: 0, byRoundsCents: 0, byAccountsCents: 0, differenceCents: 0, agrees: true });
    // The rounds section says the same house net after.
    expect(roundRows(records)[0]).toMatchObject({ houseNetCents: -10_000, adjustmentCents: 10_000, houseNetAfterCents: 0 });
    const rows = manualPaymentRows(records);
    expect(rows.map((r) => [r.record, r.round, r.dueCents, r.paidCents])).toEqual([
      ['Ticket not printed: manual payment due', '6', 35_950, null],
      ['Manual payment due reduced by a recalculation', '6', -10_000, null],
      ['Manual payment for a ticket not printed', '6', null, 25_950],
    ]);
    expect(rows[1].reason).toBe('$100.00 taken off the ticket not yet paid by the correction of round 6 to Tie 5 to 5 (Rapid 11.11; Rapid 6.7.2(b)): $259.50 still due');
    // A ticket still unpaid at the end of the period is owed, not paid out: the accounts way counts it as due.
    const unpaid = reconciliationRows(records.filter((r) => r.type !== 'AtsManualPaymentRecorded'))[0];
    expect(unpaid).toMatchObject({ paidOutCents: 0, manualDueChangeCents: 25_950, byAccountsCents: 0, byRoundsCents: 0, agrees: true });
  });

  it('Rapid 6.7.2(b) with 11.11: the account of a ticket not printed that a correction reduced before its manual payment shows the manual payment due (not paid), the reduction and the manual payment made, and the accounts\' paid out adds up to the table\'s', () => {
    const records = recordsOf(ticketReduced);
    const [acc] = accountMovements(records);
    expect(acc).toMatchObject({ accountId: 'acc-p', cashOutTicketCents: 0, manualDueCents: 35_950, manualDueReducedCents: 10_000, manualPaidCents: 25_950, manualStillDueCents: 0, paidOutCents: 25_950, closingCents: 0, agrees: true });
    expect(accountMovements(records).reduce((a, x) => a + x.paidOutCents, 0)).toBe(reconciliationRows(records)[0].paidOutCents);
    // Before the manual payment: due, reduced, nothing paid, the rest still due.
    const unpaid = accountMovements(records.filter((r) => r.type !== 'AtsManualPaymentRecorded'))[0];
    expect(unpaid).toMatchObject({ manualDueCents: 35_950, manualDueReducedCents: 10_000, manualPaidCents: 0, manualStillDueCents: 25_950, paidOutCents: 0 });
  });

  it('Rapid 11.12 with 11.11: a correction that dealt with two upheld claims of the same round is the adjustment of the first claim\'s row only; the later claim says which correction dealt with it, with no amount', () => {
    // Round 7: acc-a's $40.25 on Player lost to Banker 7 to 6 as entered. CL1 upheld (froze); the round corrected to
    // Player 5 to 4 ($80.50 credited); CL2 on the same round upheld after the correction: nothing frozen, nothing moved.
    const records = recordsOf(twoClaims);
    const rows = claimRows(records);
    expect(rows.map((r) => [r.claimId, r.resolution, r.adjustmentCents])).toEqual([
      ['CL1', 'Upheld', 8_050],
      ['CL2', 'Upheld', null],
    ]);
    expect(rows.reduce((a, r) => a + (typeof r.adjustmentCents === 'number' ? r.adjustmentCents : 0), 0)).toBe(8_050);
    expect(correctionInWords(rows[0])).toBe('Dealt with by the correction of round 7 at 2026-03-02 05:06:00 to Player wins 5 to 4 (Rapid 11.11)');
    expect(correctionInWords(rows[1])).toBe('Dealt with by the correction of round 7 at 2026-03-02 05:06:00 to Player wins 5 to 4 (Rapid 11.11); its adjustment is on claim CL1\'s row');
  });

  it('Rapid 11.11: what is owed to a closed account is shown by its change at each recalculation, totalling what is owed net, with what is owed after; a recalculation changed before any payment says so', () => {
    // Player A2 (acc-b) left; round 2 corrected twice: first $40.00 owed, then the second correction took $20 back.
    const records = recordsOf(owedTwice);
    const rows = correctionRows(records).filter((r) => r.record === 'Account recalculated');
    expect(rows.map((r) => [r.differenceCents, r.owedCents, r.owedAfterCents])).toEqual([
      [4_000, 4_000, 4_000],
      [-2_000, -2_000, 2_000],
    ]);
    expect(rows.reduce((a, r) => a + (r.owedCents as number), 0)).toBe(2_000);
    expect(rows[1].what).toContain('$20.00 less owed to the player, the account already cashed out: $20.00 owed after it');
    expect(paidInWords(rows[0])).toBe('Changed by the recalculation at 2026-03-02 06:07:00, before any payment');
    expect(paidInWords(rows[1])).toBe('Paid $20.00 by manual payment at 2026-03-02 06:20:00');
  });

  it('Rapid 11.11: a round corrected twice back to its first outcome names each outcome entered in order; the round\'s adjustment is the house\'s real change, a correction in the player\'s favour on an account cashed out set off against what it kept', () => {
    // Round 9: acc-c (cashed out) won $95 on Banker 7 to 6 ($195 credited); acc-d (open) lost $50 on Player. Corrected
    // to Player 5 to 4 (acc-c's $195 not recovered, acc-d credited $100), then back to Banker 7 to 6: acc-c's $195 set off
    // against what it kept (nothing paid again), acc-d's $100 taken back. The house's real result: -$45, as settled.
    const records = recordsOf(backToFirst);
    expect(roundRows(records)).toEqual([
      expect.objectContaining({
        round: '9',
        outcome: 'Banker wins 7 to 6, corrected twice: entered Banker wins 7 to 6, then Player wins 5 to 4, then Banker wins 7 to 6 (Rapid 11.11)',
        stakedCents: 15_000,
        creditedCents: 19_500,
        houseNetCents: -4_500,
        adjustmentCents: 0,
        houseNetAfterCents: -4_500,
      }),
    ]);
    expect(reconciliationRows(records)[0]).toMatchObject({ byRoundsCents: -4_500, byAccountsCents: -4_500, agrees: true });
    // Corrected once: the outcome and the one it was corrected from, as before.
    expect(roundRows(records.filter((r) => r.at < at('07:06')))[0].outcome).toBe('Player wins 5 to 4, corrected from Banker wins 7 to 6 (Rapid 11.11)');
  });
  it('Rapid 4.8.2(a), 11.11: each row is checkable on its own: the commission deducted at settlement beside the credited it was deducted from, and the commission kept after the recalculations beside the house net after', () => {
    // Round 41: Banker 6 to 3 credited $390 after $10 commission, corrected to Player 7 to 5: the Banker win reversed, no commission kept.
    const [round41] = roundRows(day());
    expect([round41.creditedCents, round41.commissionSettledCents, round41.houseNetCents, round41.commissionCents, round41.houseNetAfterCents]).toEqual([39_000, 1_000, -4_000, 0, -34_000]);
    // Round 13: $20 on Banker credited $39 after $1 commission; the records confirmed $10 (11.14(b)): $19.50 after $0.50.
    const [round13] = roundRows(numbered(rapidRecords(rapidMalfunctionRounds().adjusted)));
    expect([round13.stakedCents, round13.creditedCents, round13.commissionSettledCents, round13.houseNetCents, round13.adjustmentCents, round13.commissionCents, round13.houseNetAfterCents]).toEqual([2_000, 3_900, 100, -1_900, 950, 50, -950]);
    // Stake as settled - credited as settled = house net as settled; commission at settlement is of the credited.
    expect(Number(round13.stakedCents) - Number(round13.creditedCents)).toBe(round13.houseNetCents);
  });

  it('Rapid 11.15(a): a round voided whole by a game-system malfunction has its row, void, nothing staked or credited, saying why, so the round numbers run without a gap', () => {
    const records = numbered(rapidRecords(rapidMalfunctionRounds().gameSystemVoid));
    const rows = roundRows(records);
    expect(rows.map((r) => [r.round, r.status, r.accounts, r.stakedCents, r.creditedCents, r.commissionSettledCents, r.houseNetCents, r.commissionCents, r.houseNetAfterCents, r.clause])).toEqual([
      ['10', 'settled', 1, 2_000, 0, 0, 2_000, 0, 2_000, 'Rapid 4.8'],
      ['11', 'void', 1, 0, 0, 0, 0, 0, 0, 'Rapid 11.15(a)'],
      ['12', 'settled', 1, 2_000, 0, 0, 2_000, 0, 2_000, 'Rapid 4.8'],
    ]);
    expect(rows[1].outcome).toBe('Void: the game system malfunctioned before the expiry of the wagering period, every wager returned (Rapid 11.15(a))');
    expect(rows[1].at).toBe('2026-03-02T08:03:00.000Z');
    expect(reconciliationRows(records)[0]).toMatchObject({ byRoundsCents: 4_000, byAccountsCents: 4_000, agrees: true });
  });

  it('Rapid 11.11: a set-off names the rounds whose unrecovered money the difference in the player\'s favour was set off against', () => {
    const steps = rapidCorrectionsAfterCashOut().backToFirst.map((s) =>
      s.type === 'AtsSettlementRecalculated' && (s.data.setOff as object | undefined) ? { ...s, data: { ...s.data, setOff: { amountCents: 19_500, unrecoveredAfterCents: 0, rounds: [{ roundId: 'r1', roundNumber: 1, amountCents: 19_500 }] } } } : s,
    );
    const row = correctionRows(numbered(rapidRecords(steps))).find((r) => r.record === 'Account recalculated' && String(r.what).includes('set off'))!;
    expect(row.what).toContain('$195.00 set off against $195.00 the player kept of round 1\'s recovery, so not paid again ($0.00 still not recovered)');
  });

  it('Rapid 11.12 with 11.11, 13.4: a claim made before any correction is dealt with by the first correction after it, not the round\'s last review that reversed it, and the row says the outcome was invalidated since', () => {
    // Round 8: acc-e's $100 on Player lost to Banker 7 to 6 as entered. CL1 ("the Player won") recorded; the round
    // corrected to Player 5 to 4 (C1, $200 credited), corrected back to Banker 7 to 6 (C3, $200 taken back), then
    // invalidated (fraud, every wager refunded); CL1 upheld after all that.
    const oc = (result: string, playerTotal: number, bankerTotal: number) => ({ playerCards: [], bankerCards: [], result, playerTotal, bankerTotal });
    const BANKER_76 = oc('banker', 6, 7);
    const PLAYER_54 = oc('player', 5, 4);
    const dealer = { id: 'dealer-3', role: 'dealer' };
    const t = (data: Record<string, unknown>) => ({ tableId: 'RB1', roundId: 'r8', roundNumber: 8, ...data });
    const recalculated = (outcome: unknown, previousCreditCents: number, creditCents: number, hhmm: string): Step => ({ type: 'AtsSettlementRecalculated', data: t({ accountId: 'acc-e', outcome, cause: 'wrong-outcome', settlements: [], previousCreditCents, creditCents, unrecoveredCents: 0, movementCents: creditCents - previousCreditCents, balanceAfterCents: creditCents, recalculatedAt: at(hhmm), clause: 'Rapid 11.11' }), actor: dealer });
    const resolved = (correctionAt: string): Step => ({ type: 'RapidClaimResolved', data: t({ claimId: 'CL1', resolution: 'upheld', action: 'Outcome already corrected', correction: { roundId: 'r8', roundNumber: 8, by: 'corrected', at: at(correctionAt), outcome: PLAYER_54, clause: 'Rapid 11.11' }, resolvedAt: at('08:20'), clause: 'Rapid 11.12' }), actor: dealer });
    const steps = (correctionAt: string): Step[] => [
      { type: 'AtsAccountOpened', data: { accountId: 'acc-e', tableId: 'RB1', atsId: 'A3', tender: 'note-acceptor', amountCents: 10_000, movementCents: 10_000, balanceAfterCents: 10_000, openedAt: at('08:00'), clause: 'Rapid 6.2; 6.4' } },
      { type: 'AtsWagersShown', data: t({ accountId: 'acc-e', totalCents: 10_000, movementCents: -10_000, balanceAfterCents: 0, shownAt: at('08:01'), clause: 'Rapid 4.1' }) },
      { type: 'AtsWagersSettled', data: t({ accountId: 'acc-e', outcome: BANKER_76, stakedCents: 10_000, creditCents: 0, movementCents: 0, balanceAfterCents: 0, settledAt: at('08:02'), clause: 'Rapid 4.8', settlements: [] }) },
      { type: 'RapidRoundSettled', data: t({ outcome: BANKER_76, stakedCents: 10_000, creditedCents: 0, houseNetCents: 10_000, accounts: [], settledAt: at('08:02'), clause: 'Rapid 4.8' }) },
      { type: 'RapidClaimRecorded', data: t({ claimId: 'CL1', atsId: 'A3', kind: 'incorrect-outcome', description: 'The Player won', recordedAt: at('08:03'), clause: 'Rapid 11.12' }) },
      { type: 'RapidAccountsFrozen', data: t({ accountIds: ['acc-e'], reason: 'review', frozenAt: at('08:04'), clause: 'Rapid 11.11' }), actor: dealer },
      recalculated(PLAYER_54, 0, 20_000, '08:05'),
      { type: 'RapidOutcomeCorrected', data: t({ previous: BANKER_76, actual: PLAYER_54, accounts: [], stakedCents: 10_000, creditedCents: 20_000, houseNetCents: -10_000, correctedAt: at('08:05'), clause: 'Rapid 11.11' }), actor: dealer },
      { type: 'RapidAccountsFrozen', data: t({ accountIds: ['acc-e'], reason: 'second look', frozenAt: at('08:06'), clause: 'Rapid 11.11' }), actor: dealer },
      recalculated(BANKER_76, 20_000, 0, '08:07'),
      { type: 'RapidOutcomeCorrected', data: t({ previous: PLAYER_54, actual: BANKER_76, accounts: [], stakedCents: 10_000, creditedCents: 0, houseNetCents: 10_000, correctedAt: at('08:07'), clause: 'Rapid 11.11' }), actor: dealer },
      { type: 'RapidOutcomeInvalidated', data: t({ ground: 'fraud', reason: 'Marked cards', outcome: BANKER_76, accountIds: ['acc-e'], authority: { minimumRole: 'area-manager', actedAs: 'area-manager' }, invalidatedAt: at('08:10'), clause: 'Rapid 13.3.2; Rapid 13.4' }), actor: { id: 'cs-1', role: 'area-manager' } },
      resolved(correctionAt),
    ];
    // As the table now names it (C1), and as a resolution recorded naming the round's last review (C3) is read.
    for (const named of ['08:05', '08:07']) {
      const [row] = claimRows(recordsOf(steps(named)));
      expect(row).toMatchObject({ claimId: 'CL1', resolution: 'Upheld', correctedAt: at('08:05'), correctedOutcome: 'Player wins 5 to 4', adjustmentCents: 20_000, invalidatedAt: at('08:10'), invalidationClause: 'Rapid 13.3.2; Rapid 13.4' });
      expect(correctionInWords(row)).toBe('Dealt with by the correction of round 8 at 2026-03-02 08:05:00 to Player wins 5 to 4 (Rapid 11.11); the outcome of round 8 was invalidated since, at 2026-03-02 08:10:00, and every wager for it refunded (Rapid 13.3.2; Rapid 13.4)');
    }
  });
});
