import { rapidRecords, rapidRoundFigures } from '../test-support/rapid-play';
import { accountMovements, correctionRows, numbered, reconciliationRows, roundRows } from './rapid-section';

describe('the VIC Rapid Baccarat report: what the player kept set off against a later credit from play (Rapid 11.11 with 6.7.1)', () => {
  const records = () => numbered(rapidRecords(rapidRoundFigures().setOffAtSettlement));

  it('Rapid 11.11 with 6.7.1: the $50 kept of round 4\'s recovery and set off against round 5\'s credit at settlement has its "Unrecovered set off" row on round 4; the not-recovered column adds up to nothing kept', () => {
    const rows = correctionRows(records());
    expect(rows.filter((r) => r.record === 'Account recalculated').map((r) => [r.round, r.differenceCents, r.recoveredCents, r.notRecoveredCents])).toEqual([['4', -5_000, 0, 5_000]]);
    const setOff = rows.filter((r) => r.record === 'Unrecovered set off');
    expect(setOff.map((r) => [r.round, r.atsId, r.accountId, r.differenceCents, r.notRecoveredCents])).toEqual([['4', 'A13', 'acc-w', null, -5_000]]);
    expect(setOff[0].what).toBe("$50.00 the player kept of round 4's recovery set off against round 5's credit of $965.25 at settlement, not credited ($0.00 still not recovered)");
    expect(rows.reduce((n, r) => n + Number(r.notRecoveredCents ?? 0), 0)).toBe(0);
  });

  it('Rapid 11.11 with 6.7.1: each round its real figure: round 4 the house keeps the $25 staked in the end, round 5 as settled; the rounds and the accounts agree to the cent, whatever the order of the events', () => {
    const figures = (rs: ReturnType<typeof records>) => roundRows(rs).map((r) => [r.round, r.houseNetCents, r.adjustmentCents, r.houseNetAfterCents]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = [
      ['4', -2_500, 5_000, 2_500],
      ['5', -47_025, 0, -47_025],
    ];
    expect(figures(records())).toEqual(expected);
    expect(figures([...records()].reverse())).toEqual(expected);
    // $470 bought in, $915.25 paid out: the house $445.25 down, by the rounds as by the accounts.
    expect(reconciliationRows(records())[0]).toMatchObject({ notRecoveredCents: 0, inPlayCents: 0, byRoundsCents: -44_525, byAccountsCents: -44_525, agrees: true });
  });

  it('Rapid 11.11 with 6.7.1: the account\'s movements show the credit that moved and the kept money set off, to the cent', () => {
    expect(accountMovements(records())).toEqual([expect.objectContaining({ accountId: 'acc-w', buyInNotesCents: 47_000, wageredCents: 52_000, creditedCents: 96_525, setOffCents: 5_000, recalculatedCents: 0, cashOutChipsCents: 91_525, closingCents: 0, agrees: true })]);
  });
});
