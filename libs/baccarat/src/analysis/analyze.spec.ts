import { PAY_TABLES } from '../bets/pay-tables';
import { payLineKeys } from '../bets/pay-line-keys';
import { analyze } from './analyze';
import { coupClasses } from './coup-classes';
import { simulate } from './simulate';

const a8 = analyze(8);
const edge = (bet: string, option: string) => a8.bets.find((b) => b.bet === bet && b.option === option)!.houseEdge;

describe('exact analysis (8 decks)', () => {
  it('reproduces the published Banker 1.06%, Player 1.24%, Tie 14.36%', () => {
    expect(edge('banker', 'traditional')).toBeCloseTo(0.010579, 5);
    expect(edge('player', 'standard')).toBeCloseTo(0.012351, 5);
    expect(edge('tie', 'standard')).toBeCloseTo(0.143596, 5);
  });
  it('reproduces the Crown Sydney guide averages: 1.15% Traditional, 1.35% Crown Baccarat', () => {
    expect(((edge('banker', 'traditional') + edge('player', 'standard')) / 2) * 100).toBeCloseTo(1.15, 2);
    expect(((edge('banker', 'crown') + edge('player', 'standard')) / 2) * 100).toBeCloseTo(1.35, 2);
  });
  it('probabilities sum to one', () => {
    const p = a8.probabilities;
    expect(p.player + p.banker + p.tie).toBeCloseTo(1, 12);
  });
  it('reports every pay table in the rulebooks', () => {
    for (const t of PAY_TABLES) expect(a8.bets.some((b) => b.bet === t.bet && (b.option === t.option || t.bet.startsWith('runs-') || t.bet.startsWith('dragon-tail')))).toBe(true);
  });
  it('Dragon Bonus option 1 matches the known 2.65% (Player) and 9.37% (Banker)', () => {
    expect(edge('dragon-bonus-player', '1')).toBeCloseTo(0.0265, 3);
    expect(edge('dragon-bonus-banker', '1')).toBeCloseTo(0.0937, 3);
  });
});

describe('every pay line in the rulebooks is reachable', () => {
  const classes = coupClasses(8);
  const rankLines = new Set(['pair', 'suited', 'coloured', 'mixed', 'twin', 'double', 'single']);
  it('by some coup of an 8-deck shoe', () => {
    for (const t of PAY_TABLES) {
      if (/^(runs-|dragon-tail-|three-)/.test(t.bet)) continue;
      const reached = new Set<string>();
      for (const side of ['player', 'banker'] as const) {
        for (const { coup } of classes) {
          const keys = payLineKeys({ bet: t.bet, side }, coup);
          if (keys !== 'not-offered') for (const k of keys) if (t.lines[k]) { reached.add(k); break; }
        }
      }
      for (const key of Object.keys(t.lines)) if (!rankLines.has(key)) expect(`${t.bet}/${t.option}/${key}:${reached.has(key)}`).toBe(`${t.bet}/${t.option}/${key}:true`);
    }
  });
});

describe('simulation agrees with the exact figures', () => {
  it('within four standard errors on 20,000 dealt coups', () => {
    const s = simulate(8, 20000, 'spec');
    for (const b of s.bets) {
      const exact = a8.bets.find((x) => x.bet === b.bet && x.option === b.option && (x.side === undefined || x.side === b.side));
      if (!exact || b.standardError === 0) continue;
      expect(Math.abs(b.observedReturn + exact.houseEdge)).toBeLessThan(4 * b.standardError + 1e-9);
    }
  });
});
