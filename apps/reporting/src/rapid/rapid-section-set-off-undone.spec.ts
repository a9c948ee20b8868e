import { RAPID_TABLE, rapidRecords, type Step } from '../test-support/rapid-play';
import { accountMovements, correctionRows, numbered, reconciliationRows, roundRows } from './rapid-section';

/**
 * The audit's sequence as the Rapid service records it (Rapid 11.11 with 6.7.1): acc-u (ATS A1) buys in $200; $50 on the
 * Player in round 1, wrongly a Player win ($100 credited); $200 staked in round 2; round 1 corrected: $50 taken back,
 * $50 unrecovered. A buy-in of $30 (never set off). Round 2 lost. Round 3: $15 staked, credited $30, all set off against
 * round 1's kept money. Round 3 corrected to a Tie: its credit from play is $15, so $15 of the set-off is undone (back to
 * round 1), nothing taken from the balance.
 */
const at = (hhmm: string) => `2026-03-02T${hhmm}:00.000Z`;
const oc = (result: string, playerTotal: number, bankerTotal: number) => ({ playerCards: [], bankerCards: [], result, playerTotal, bankerTotal });
const PLAYER = oc('player', 7, 5);
const BANKER = oc('banker', 5, 7);
const TIE = oc('tie', 7, 7);
const dealer = { id: 'dealer-9', role: 'dealer' };
const a = (roundId: string | null, roundNumber: number | null, data: Record<string, unknown>) => ({ accountId: 'acc-u', tableId: RAPID_TABLE, ...(roundId ? { roundId, roundNumber } : {}), ...data });
const settledRound = (roundId: string, roundNumber: number, outcome: unknown, stakedCents: number, creditedCents: number, hhmm: string): Step => ({
  type: 'RapidRoundSettled',
  data: { tableId: RAPID_TABLE, roundId, roundNumber, outcome, stakedCents, creditedCents, houseNetCents: stakedCents - creditedCents, accounts: [{ accountId: 'acc-u', atsId: 'A1', stakedCents, creditedCents }], settledAt: at(hhmm), clause: 'Rapid 4.8' },
});
const AUDIT: Step[] = [
  { type: 'AtsAccountOpened', data: a(null, null, { atsId: 'A1', tender: 'cash', amountCents: 20_000, movementCents: 20_000, balanceAfterCents: 20_000, openedAt: at('12:00'), clause: 'Rapid 6.2; 6.3' }) },
  { type: 'AtsWagersShown', data: a('r1', 1, { totalCents: 5_000, movementCents: -5_000, balanceAfterCents: 15_000, shownAt: at('12:01'), clause: 'Rapid 4.1' }) },
  { type: 'AtsWagersSettled', data: a('r1', 1, { outcome: PLAYER, stakedCents: 5_000, creditCents: 10_000, movementCents: 10_000, balanceAfterCents: 25_000, settledAt: at('12:02'), clause: 'Rapid 4.8', settlements: [] }) },
  settledRound('r1', 1, PLAYER, 5_000, 10_000, '12:02'),
  { type: 'AtsWagersShown', data: a('r2', 2, { totalCents: 20_000, movementCents: -20_000, balanceAfterCents: 5_000, shownAt: at('12:03'), clause: 'Rapid 4.1' }) },
  { type: 'AtsSettlementRecalculated', data: a('r1', 1, { outcome: BANKER, cause: 'wrong-outcome', settlements: [], previousCreditCents: 10_000, creditCents: 0, unrecoveredCents: 5_000, movementCents: -5_000, balanceAfterCents: 0, recalculatedAt: at('12:04'), clause: 'Rapid 11.11' }), actor: dealer },
  { type: 'AtsAccountCredited', data: { accountId: 'acc-u', tender: 'cash', amountCents: 3_000, movementCents: 3_000, balanceAfterCents: 3_000, creditedAt: at('12:05'), clause: 'Rapid 6.5.1' } },
  { type: 'AtsWagersSettled', data: a('r2', 2, { outcome: BANKER, stakedCents: 20_000, creditCents: 0, movementCents: 0, balanceAfterCents: 3_000, settledAt: at('12:06'), clause: 'Rapid 4.8', settlements: [] }) },
  settledRound('r2', 2, BANKER, 20_000, 0, '12:06'),
  { type: 'AtsWagersShown', data: a('r3', 3, { totalCents: 1_500, movementCents: -1_500, balanceAfterCents: 1_500, shownAt: at('12:07'), clause: 'Rapid 4.1' }) },
  { type: 'AtsWagersSettled', data: a('r3', 3, { outcome: PLAYER, stakedCents: 1_500, creditCents: 3_000, setOff: { amountCents: 3_000, unrecoveredAfterCents: 2_000, rounds: [{ roundId: 'r1', roundNumber: 1, amountCents: 3_000 }] }, movementCents: 0, balanceAfterCents: 1_500, settledAt: at('12:08'), clause: 'Rapid 4.8', settlements: [] }) },
  settledRound('r3', 3, PLAYER, 1_500, 3_000, '12:08'),
  {
    type: 'AtsSettlementRecalculated',
    data: a('r3', 3, { outcome: TIE, cause: 'wrong-outcome', settlements: [], previousCreditCents: 3_000, creditCents: 1_500, unrecoveredCents: 1_500, setOffUndone: { amountCents: 1_500, unrecoveredAfterCents: 3_500, rounds: [{ roundId: 'r1', roundNumber: 1, amountCents: 1_500 }] }, movementCents: 0, balanceAfterCents: 1_500, recalculatedAt: at('12:09'), clause: 'Rapid 11.11' }),
    actor: dealer,
  },
];

describe('the VIC Rapid Baccarat report: a credit from play set off, later corrected downward, its set-off undone (Rapid 11.11 with 6.7.1)', () => {
  const records = () => numbered(rapidRecords(AUDIT));

  it('Rapid 11.11 with 6.7.1: the "Unrecovered set off" rows net of what was undone: $30 set off, $15 undone, on round 1; the not-recovered column adds up to the $35 still kept', () => {
    const rows = correctionRows(records());
    expect(rows.filter((r) => r.record === 'Unrecovered set off').map((r) => [r.round, r.notRecoveredCents])).toEqual([['1', -3_000]]);
    const undone = rows.filter((r) => r.record === 'Unrecovered set off undone');
    expect(undone.map((r) => [r.round, r.accountId, r.notRecoveredCents])).toEqual([['1', 'acc-u', 1_500]]);
    expect(undone[0].what).toBe("$15.00 set off against round 3's credit undone: round 3's credit was reduced, so the player keeps it again of round 1's recovery ($35.00 not recovered)");
    const r3 = rows.find((r) => r.record === 'Account recalculated' && r.round === '3');
    expect(r3).toMatchObject({ differenceCents: -1_500, recoveredCents: 0, notRecoveredCents: 0 });
    expect(rows.reduce((n, r) => n + Number(r.notRecoveredCents ?? 0), 0)).toBe(3_500);
  });

  it('Rapid 11.11 with 6.7.1: the account shows $15 set off in all, not $30, and the balance kept the buy-in; the rounds and the accounts agree to the cent', () => {
    expect(accountMovements(records())).toEqual([expect.objectContaining({ accountId: 'acc-u', setOffCents: 1_500, closingCents: 1_500, agrees: true })]);
    const figures = (rs: ReturnType<typeof records>) => roundRows(rs).map((r) => [r.round, r.houseNetCents, r.adjustmentCents, r.houseNetAfterCents]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    // Round 1: the house is owed the $50 staked, recovered $50 + $15 set off in the end; round 3 a Tie: nothing.
    const expected = [
      ['1', -5_000, 6_500, 1_500],
      ['2', 20_000, 0, 20_000],
      ['3', -1_500, 1_500, 0],
    ];
    expect(figures(records())).toEqual(expected);
    expect(figures([...records()].reverse())).toEqual(expected);
    expect(reconciliationRows(records())[0]).toMatchObject({ notRecoveredCents: 3_500, byRoundsCents: 21_500, byAccountsCents: 21_500, agrees: true });
  });
});
