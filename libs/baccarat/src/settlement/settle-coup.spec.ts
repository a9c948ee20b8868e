import { parseCards } from '../cards/card';
import { playCoup } from '../game/coup';
import { settleCoup, type TableTerms } from './settle-coup';
import { settleDragonTail, settleRun, type CoupRecord } from './multi-coup';

const BANKER_WINS_7 = playCoup(parseCards('2H 4S 2D 3C 2S'));
const PLAYER_WINS = playCoup(parseCards('9H 2S KD 3C'));
const table = (over: Partial<TableTerms> = {}): TableTerms => ({
  rules: 'star-sydney',
  bets: { player: { option: 'standard' }, banker: { option: 'traditional' }, tie: { option: 'standard' } },
  ...over,
});

describe('settleCoup: limits, differential and chip rounding', () => {
  it('a wager above the maximum is paid or collected to the maximum (Star Sydney 6.5)', () => {
    const { settlements } = settleCoup([{ bet: 'player', amount: 150000 }], PLAYER_WINS, table({ limits: { player: { min: 1000, max: 100000 } } }));
    expect(settlements[0]).toMatchObject({ atRisk: 100000, stakeReturned: 150000, winnings: 100000 });
    expect(settlements[0].explanation[0].clause).toBe('Star Sydney 6.5');
  });
  it('a wager below the minimum stays valid (Star Sydney 6.4)', () => {
    const { settlements } = settleCoup([{ bet: 'player', amount: 500 }], PLAYER_WINS, table({ limits: { player: { min: 1000, max: 100000 } } }));
    expect(settlements[0]).toMatchObject({ atRisk: 500, winnings: 500 });
  });
  it('reduces the heavier side pro rata to the table differential (Crown Melbourne 6.4)', () => {
    const wagers = [
      { id: 'a', bet: 'player' as const, amount: 60000 },
      { id: 'b', bet: 'player' as const, amount: 40000 },
      { id: 'c', bet: 'banker' as const, amount: 20000 },
    ];
    const { settlements } = settleCoup(wagers, PLAYER_WINS, table({ rules: 'crown-melbourne', differential: 50000 }));
    expect(settlements.map((s) => s.atRisk)).toEqual([42000, 28000, 20000]);
    expect(settlements[0].explanation.some((e) => e.clause === 'Crown Melbourne 6.4')).toBe(true);
    expect(settlements[0]).toMatchObject({ stakeReturned: 60000, winnings: 42000 });
  });
  it('charges 2.5% above the differential on an arranged over-differential Banker win (Crown Melbourne 6.5.1)', () => {
    const { settlements } = settleCoup([{ bet: 'banker', amount: 200000, overDifferentialArrangement: true }], BANKER_WINS_7, table({ rules: 'crown-melbourne', differential: 100000 }));
    // 5% of 200,000 = 10,000 plus 2.5% of the 100,000 above the differential = 2,500.
    expect(settlements[0]).toMatchObject({ atRisk: 200000, winnings: 200000, commissionImmediate: 12500 });
  });
  it('rounds a payment up to what the minimum chip can pay (Star Sydney 5.8)', () => {
    const { settlements } = settleCoup([{ bet: 'banker', amount: 2510 }], BANKER_WINS_7, table({ minimumChip: 100 }));
    // 2,510 less 5% commission (125) = 2,385, paid as 2,400.
    expect(settlements[0].winnings - settlements[0].commissionImmediate).toBe(2400);
    expect(settlements[0].explanation.at(-1)?.clause).toBe('Star Sydney 5.8');
  });
  it('conserves money across the coup: the house result is minus the players\' result', () => {
    const { settlements, totals } = settleCoup([{ bet: 'banker', amount: 2510 }, { bet: 'player', amount: 900 }, { bet: 'tie', amount: 100 }], BANKER_WINS_7, table({ minimumChip: 100 }));
    expect(totals.houseNet).toBe(-settlements.reduce((s, x) => s + x.net, 0));
    expect(totals.staked).toBe(3510);
  });
});

const coups = (...rs: string[]): CoupRecord[] => rs.map((r) => (r === 'dummy' || r === 'shoe-end' ? { kind: r } : { kind: 'coup', result: r as 'player' | 'banker' | 'tie' }));

describe('Runs (Crown Melbourne Table 5)', () => {
  it('Banker 3 in a row pays 8 to 1; a dummy coup does not count (Crown Melbourne 10.8.4)', () => {
    const r = settleRun({ bet: 'runs-banker', amount: 100, length: 3 }, coups('banker', 'dummy', 'banker', 'banker'));
    expect(r).toMatchObject({ status: 'settled', settlement: { outcome: 'win', winnings: 800 } });
  });
  it('a Tie breaks a Player run', () => {
    expect(settleRun({ bet: 'runs-player', amount: 100, length: 2 }, coups('player', 'tie'))).toMatchObject({ status: 'settled', settlement: { outcome: 'lose' } });
  });
  it('is pending until the run completes', () => {
    expect(settleRun({ bet: 'runs-tie', amount: 100, length: 3 }, coups('tie', 'tie'))).toMatchObject({ status: 'pending', count: 2 });
  });
  it('refuses a Tie run of 5 (Tie runs are 3-4)', () => {
    expect(() => settleRun({ bet: 'runs-tie', amount: 100, length: 5 }, [])).toThrow(expect.objectContaining({ code: 'RUN_LENGTH_NOT_OFFERED' }));
  });
});

describe('Dragon Tail (Crown Melbourne 1.1, Table 7)', () => {
  it('early: three Banker results then a Player result pays 3 to 1', () => {
    const r = settleDragonTail({ bet: 'dragon-tail-early', side: 'banker', amount: 100 }, coups('banker', 'banker', 'dummy', 'banker', 'player'));
    expect(r).toMatchObject({ status: 'settled', settlement: { winnings: 300 } });
  });
  it('early: the end of the shoe breaks the tail', () => {
    expect(settleDragonTail({ bet: 'dragon-tail-early', side: 'player', amount: 100 }, coups('player', 'player', 'shoe-end'))).toMatchObject({ settlement: { winnings: 100 } });
  });
  it('early: a run that never establishes loses', () => {
    expect(settleDragonTail({ bet: 'dragon-tail-early', side: 'player', amount: 100 }, coups('tie'))).toMatchObject({ settlement: { outcome: 'lose' } });
  });
  it('late: pays the indicator minus one', () => {
    // Indicator 1 at placement, then 2 more Player results: indicator 3, paid as 2 (1 to 1).
    expect(settleDragonTail({ bet: 'dragon-tail-late', side: 'player', amount: 100, indicatorAtPlacement: 1 }, coups('player', 'player', 'banker'))).toMatchObject({ settlement: { winnings: 100 } });
  });
  it('late: at six the wager stays one more coup and pays 30 to 1 if the run continues', () => {
    const r = settleDragonTail({ bet: 'dragon-tail-late', side: 'banker', amount: 100, indicatorAtPlacement: 1 }, coups('banker', 'banker', 'banker', 'banker', 'banker', 'banker'));
    expect(r).toMatchObject({ settlement: { winnings: 3000 } });
  });
  it('late: placed before a run is established it is void (Crown Melbourne 10.13)', () => {
    expect(settleDragonTail({ bet: 'dragon-tail-late', side: 'banker', amount: 100, indicatorAtPlacement: 0 }, [])).toMatchObject({ settlement: { outcome: 'void', net: 0 } });
  });
});
