import { settleRun, type CoupRecord } from '../settlement/multi-coup';
import { analyze } from './analyze';
import { multiCoupEdgesInShoes, runReturn, wagerKinds } from './multi-coup-in-shoes';

const RECORD: Record<string, CoupRecord> = { P: { kind: 'coup', result: 'player' }, B: { kind: 'coup', result: 'banker' }, T: { kind: 'coup', result: 'tie' } };
const all = (n: number): string[] => (n === 0 ? [''] : all(n - 1).flatMap((s) => ['P', 'B', 'T'].map((c) => s + c)));

describe('Runs and Dragon Tail in real shoes (Crown Melbourne 1.1, Table 5, Table 7)', () => {
  const kinds = wagerKinds();
  const a8 = analyze(8);

  it('wagers every Run nomination the rule allows: Player and Banker 2-6, Tie 3-4, every Player/Banker sequence of 2-6 (Crown Melbourne 5.5.5-5.5.8)', () => {
    const runs = kinds.filter((k) => k.edge.bet.startsWith('runs-'));
    expect(runs.filter((k) => k.edge.bet === 'runs-player').map((k) => k.edge.length)).toEqual([2, 3, 4, 5, 6]);
    expect(runs.filter((k) => k.edge.bet === 'runs-banker').map((k) => k.edge.length)).toEqual([2, 3, 4, 5, 6]);
    expect(runs.filter((k) => k.edge.bet === 'runs-tie').map((k) => k.edge.length)).toEqual([3, 4]);
    const pb = runs.filter((k) => k.edge.bet === 'runs-player-banker').map((k) => k.edge.nomination!);
    expect(pb).toHaveLength(4 + 8 + 16 + 32 + 64);
    expect(new Set(pb).size).toBe(pb.length);
    expect(kinds.filter((k) => k.edge.bet.startsWith('dragon-tail')).map((k) => `${k.edge.bet}/${k.edge.side}`)).toEqual(['dragon-tail-early/player', 'dragon-tail-late/player', 'dragon-tail-early/banker', 'dragon-tail-late/banker']);
  });

  it("a Run's return in the simulation is settleRun's, for every sequence of results (a Tie breaks Player and Banker runs, Table 5)", () => {
    const differ: string[] = [];
    const sequences = [0, 1, 2, 3, 4, 5, 6].flatMap(all);
    for (const k of kinds.filter((x) => x.pattern !== undefined)) {
      const wager = { bet: k.edge.bet as 'runs-player', length: k.edge.length!, amount: 100, ...(k.edge.nomination ? { sequence: [...k.edge.nomination].map((c) => (c === 'P' ? 'player' as const : 'banker' as const)) } : {}) };
      for (const ahead of sequences) {
        const s = settleRun(wager, [...ahead].map((c) => RECORD[c]));
        if (runReturn(k.pattern!, k.wins!, ahead) !== (s.status === 'settled' ? s.settlement.net / 100 : null)) differ.push(`${k.id} ${ahead}`);
      }
    }
    expect(differ).toEqual([]);
  });

  const small = multiCoupEdgesInShoes(8, 150, 'spec');
  const row = (bet: string, x: { side?: string; length?: number; nomination?: string } = {}) =>
    small.bets.find((b) => b.bet === bet && b.side === x.side && (x.length === undefined || b.length === x.length) && b.nomination === x.nomination)!;

  it('with independent coups and no break it is analyze\'s figure, for every wager analyze reports', () => {
    for (const b of a8.bets.filter((x) => /^(runs-(player|banker|tie)|dragon-tail)/.test(x.bet))) {
      const mine = b.bet === 'runs-player-banker' ? row(b.bet, { length: b.length, nomination: 'BPBPBP'.slice(0, b.length) }) : row(b.bet, { side: b.side, length: b.length });
      expect(mine.independent).toBeCloseTo(b.houseEdge, 10);
    }
  });

  it('the end of the shoe breaking a Dragon Tail leaves the Banker Dragon Tail the player\'s by about 1.7% (the rules owner\'s ruling), the Player one the house\'s', () => {
    for (const bet of ['dragon-tail-early', 'dragon-tail-late']) {
      const banker = row(bet, { side: 'banker' });
      expect(banker.independent).toBeCloseTo(-0.0483, 3);
      expect(banker.withShoeBreak).toBeGreaterThan(-0.019);
      expect(banker.withShoeBreak).toBeLessThan(-0.015);
      expect(banker.playerFavourable).toBe(true);
      expect(row(bet, { side: 'player' }).withShoeBreak).toBeGreaterThan(row(bet, { side: 'player' }).independent);
    }
    // The break model's one input from play, stated with its error.
    expect(small.coupsPerShoe.mean).toBeGreaterThan(75);
    expect(small.coupsPerShoe.standardError).toBeGreaterThan(0);
  });

  it('the seeded simulation of real shoes states its error, agrees with the break model within four standard errors, and repeats from its seed', () => {
    for (const b of small.bets) {
      if (b.inShoes.wagers < 1000) continue;
      expect(b.inShoes.standardError).toBeGreaterThan(0);
      expect(Math.abs(b.inShoes.houseEdge - b.withShoeBreak)).toBeLessThan(4 * b.inShoes.standardError + 1e-9);
    }
    expect(multiCoupEdgesInShoes(8, 20, 'spec').bets).toEqual(multiCoupEdgesInShoes(8, 20, 'spec').bets);
  });
});
