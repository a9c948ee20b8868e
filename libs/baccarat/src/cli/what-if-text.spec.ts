import { parseWhatIfArguments, whatIfText } from './what-if-text';

describe('baccarat what-if arguments and text', () => {
  it('reads tables, the period in any offset as UTC, and each change: bet=option, variant=, rulebook=', () => {
    expect(parseWhatIfArguments(['--tables', 'VIC-1, VIC-2', '--from', '2026-10-01T06:00:00+10:00', '--to', '2026-11-01T06:00:00+11:00', '--change', 'dragon-bonus-player=2', '--change', 'variant=crown-baccarat', '--change', 'rulebook=crown-melbourne-rapid', '--change', 'super-6.max=20000', '--json'])).toEqual({
      tableIds: ['VIC-1', 'VIC-2'],
      from: '2026-09-30T20:00:00.000Z',
      to: '2026-10-31T19:00:00.000Z',
      changes: [{ bet: 'dragon-bonus-player', option: '2' }, { variant: 'crown-baccarat' }, { rulebookId: 'crown-melbourne-rapid' }, { bet: 'super-6', maximumCents: 20000 }],
      json: true,
    });
  });
  it('says what is wrong with a command line instead of guessing', () => {
    expect(parseWhatIfArguments(['--from', '2026-10-01T00:00:00Z', '--to', '2026-10-02T00:00:00Z'])).toEqual({ error: '--tables needs one or more table ids, comma-separated.' });
    expect(parseWhatIfArguments(['--tables', 'T1', '--from', 'yesterday', '--to', '2026-10-02T00:00:00Z'])).toMatchObject({ error: expect.stringContaining('--from needs an ISO-8601 instant') });
    expect(parseWhatIfArguments(['--tables', 'T1', '--from', '2026-10-01T06:00:00', '--to', '2026-10-02T00:00:00Z'])).toMatchObject({ error: expect.stringContaining('--from needs an ISO-8601 instant with its offset') });
    expect(parseWhatIfArguments(['--tables', 'T1', '--from', '2026-10-01T00:00:00Z', '--to', '2026-10-02T00:00:00Z', '--change', 'super-6'])).toMatchObject({ error: expect.stringContaining('--change takes bet=option') });
    // As the HTTP route refuses them (400): a day the calendar lacks, hour 24, minute 60 are no instants, never rolled over.
    for (const from of ['2026-02-30T00:00:00Z', '2026-11-27T24:00:00+11:00', '2026-11-27T12:60:00Z']) {
      expect(parseWhatIfArguments(['--tables', 'T1', '--from', from, '--to', '2026-12-02T00:00:00Z'])).toMatchObject({ error: expect.stringContaining(`--from needs an ISO-8601 instant`) });
    }
  });
  it('names the fault of a refused instant, as the HTTP route does: minute 60, an offset of +25:00', () => {
    const errorOf = (from: string) => (parseWhatIfArguments(['--tables', 'T1', '--from', from, '--to', '2026-12-02T00:00:00Z']) as { error: string }).error;
    expect(errorOf('2026-11-27T12:60:00+11:00')).toBe('--from needs an ISO-8601 instant with its offset from UTC, e.g. 2026-10-01T06:00:00+10:00; "2026-11-27T12:60:00+11:00" has minute 60: minutes run 00-59.');
    expect(errorOf('2026-11-27T12:00:00+25:00')).toContain('"2026-11-27T12:00:00+25:00" has offset +25:00');
  });
  it('prints PLAYER-FAVOURABLE beside an option whose edge is the player\'s (the rules owner\'s ruling on Insurance/No 6, Crown Melbourne 1.1)', () => {
    const f = (houseEdgePercent: number, option: string) => ({ turnoverCents: 100000, houseWinCents: -123456, holdPercent: -123.456, options: [{ option, houseEdgePercent, playerFavourable: houseEdgePercent < 0 }] });
    const text = whatIfText({ from: 'a', to: 'b', tables: [{ tableId: 'T1', coups: 3, bets: [{ bet: 'insurance', actual: f(-4.3611, 'standard'), whatIf: f(-4.3611, 'standard'), refused: { wagers: 0 }, notReplayed: { wagers: 1 } }] }] });
    const withTotal = whatIfText({ from: 'a', to: 'b', tables: [{ tableId: 'T1', coups: 3, bets: [{ bet: 'insurance', actual: f(-4.3611, 'standard'), whatIf: f(-4.3611, 'standard'), refused: { wagers: 0 }, notReplayed: { wagers: 1 } }], total: { actual: f(0, 'x'), whatIf: f(0, 'x') } }] });
    expect(withTotal.split('\n')[3]).toMatch(/^all bets +1,000\.00 +-1,234\.56 +-123\.46% +-1,234\.56 +-123\.46% +0 +1$/);
    expect(text.split('\n')[2]).toBe('insurance  1,000.00   -1,234.56  -123.46%    -1,234.56  -123.46%  standard -4.36% PLAYER-FAVOURABLE  standard -4.36% PLAYER-FAVOURABLE  0        1');
  });
  it('says when the game or an option changed in the period, with the clause, so each part of the actual is read under its own game (Star 2024 14.8; Crown Melbourne Table 15)', () => {
    const f = { turnoverCents: 0, houseWinCents: 0, holdPercent: null, options: [] };
    const bets = [{ bet: 'player', option: 'standard' }, { bet: 'super-6', option: '15' }];
    const text = whatIfText({
      from: 'a', to: 'b',
      tables: [{
        tableId: 'T1', coups: 3, bets: [{ bet: 'super-6', actual: f, whatIf: f, refused: { wagers: 0 }, notReplayed: { wagers: 0 } }],
        configurations: [
          { from: '2026-10-01T18:00:00.000Z', clause: null, rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: bets },
          { from: '2026-10-02T03:00:00.000Z', clause: 'Crown Melbourne (no provision)', rulebookId: 'crown-melbourne-v29', variant: 'traditional', offeredBets: [bets[0], { bet: 'super-6', option: '16' }] },
          { from: '2026-10-02T05:00:00.000Z', clause: 'Star 2024 14.8', rulebookId: 'crown-melbourne-v29', variant: 'crown-baccarat', offeredBets: [bets[0]] },
        ],
      }],
    });
    expect(text.split('\n').slice(0, 3)).toEqual([
      'T1: 3 coups from a to b',
      '  changed at 2026-10-02T03:00:00.000Z: super-6 15 -> 16 (Crown Melbourne (no provision))',
      '  changed at 2026-10-02T05:00:00.000Z: variant traditional -> crown-baccarat; super-6 16 -> not offered (Star 2024 14.8)',
    ]);
  });
});
