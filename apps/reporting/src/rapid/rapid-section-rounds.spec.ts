import { rapidRecords, rapidRoundFigures } from '../test-support/rapid-play';
import { correctionRows, numbered, reconciliationRows, roundRows } from './rapid-section';

describe('the VIC Rapid Baccarat report: each round its real figure (Rapid 11.11 with 6.7.1 and 13.4; 11.15(a))', () => {
  it('Rapid 11.11 with 6.7.1, 13.4: a set-off is booked on the rounds it names, each round its real figure, the totals unchanged, whatever the order of the events', () => {
    const steps = rapidRoundFigures().setOffAcrossRounds;
    const figures = (records: ReturnType<typeof rapidRecords>) => roundRows(numbered(records)).map((r) => [r.round, r.houseNetCents, r.adjustmentCents, r.houseNetAfterCents]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    // Round 21: the $200 the player kept of its recovery set off against round 22's difference: the house lost nothing
    // in the end (net after $100). Round 22: the $200 in the player's favour, not credited with the set-off (-$100).
    const expected = [
      ['21', -10_000, 20_000, 10_000],
      ['22', 10_000, -20_000, -10_000],
    ];
    const records = rapidRecords(steps);
    expect(figures(records)).toEqual(expected);
    expect(figures([...records].reverse())).toEqual(expected);
    expect(reconciliationRows(numbered(records))[0]).toMatchObject({ byRoundsCents: 0, byAccountsCents: 0, agrees: true });
  });

  it('Rapid 11.11 with 13.4 and 6.7.1: the correction\'s own row shows no negative not-recovered for a set-off; the set-off has its row on the round it came from, and the column still adds up to what the accounts could not give back', () => {
    // Round 21 corrected against the player, who had left with its $200; round 22 corrected in the player's favour: $200 set off against round 21's.
    const records = numbered(rapidRecords(rapidRoundFigures().setOffAcrossRounds));
    const rows = correctionRows(records);
    const recalculated = rows.filter((r) => r.record === 'Account recalculated');
    expect(recalculated.map((r) => [r.round, r.differenceCents, r.notRecoveredCents])).toEqual([
      ['21', -20_000, 20_000],
      ['22', 20_000, null],
    ]);
    expect(recalculated[1].what).toContain('$200.00 set off against $200.00 the player kept of round 21\'s recovery');
    const setOff = rows.filter((r) => r.record === 'Unrecovered set off');
    expect(setOff.map((r) => [r.round, r.accountId, r.differenceCents, r.notRecoveredCents])).toEqual([['21', 'acc-s', null, -20_000]]);
    expect(setOff[0].what).toBe('$200.00 the player kept of round 21\'s recovery set off against round 22\'s difference in the player\'s favour, not paid again ($0.00 still not recovered)');
    for (const r of rows.filter((x) => x.record !== 'Unrecovered set off')) expect(Number(r.notRecoveredCents ?? 0)).toBeGreaterThanOrEqual(0);
    // The column's total: what the account could not give back in the end ($200 kept, $200 set off).
    expect(rows.reduce((n, r) => n + Number(r.notRecoveredCents ?? 0), 0)).toBe(0);
    expect(reconciliationRows(records)[0]).toMatchObject({ agrees: true });
  });

  it('Rapid 11.15(a): a round voided whole by the game system, recorded after its outcome was entered, shows void with the clause, as one voided before its outcome; the money as adjusted', () => {
    const records = numbered(rapidRecords(rapidRoundFigures().gameSystemVoidAfterOutcome));
    const [row] = roundRows(records);
    expect(row).toMatchObject({ round: '14', status: 'void', stakedCents: 2_000, creditedCents: 3_900, houseNetCents: -1_900, adjustmentCents: 1_900, houseNetAfterCents: 0, commissionCents: 0, clause: 'Rapid 4.8; Rapid 11.15(a)' });
    expect(row.outcome).toBe('Void: the game system malfunctioned before the expiry of the wagering period, recorded after Banker wins 7 to 6 was entered, every wager returned (Rapid 11.15(a))');
    expect(reconciliationRows(records)[0]).toMatchObject({ agrees: true });
  });
});
