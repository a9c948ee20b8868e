/**
 * `npm run bench -- engine [--coups N]`: deals and settles full 8-deck shoes with 14 seats of mixed bets in
 * one process, then times one exact analysis of every bet at 8 decks.
 * Targets: ≥ 50,000 coups/s; analysis under one second.
 */
import { analyze, burn, createShoe, dealCoup, settleCoup, type TableTerms, type Wager } from '@app/baccarat';

const TABLE: TableTerms = {
  rules: 'crown-melbourne',
  bets: {
    player: { option: 'standard' },
    banker: { option: 'traditional' },
    tie: { option: 'standard' },
    pairs: { option: 'standard' },
    'dragon-bonus-player': { option: '1' },
    'dragon-bonus-banker': { option: '1' },
    'super-6': { option: '15' },
    'tiger-pair': { option: '1' },
    'one-one-two': { option: 'crown-sydney-guide' },
  },
  limits: { player: { min: 2500, max: 500000 }, banker: { min: 2500, max: 500000 } },
  differential: 1000000,
  minimumChip: 100,
};

/** 14 seats: each has a Player or Banker wager and one side bet. */
const WAGERS: readonly Wager[] = Array.from({ length: 14 }, (_, seat): Wager[] => {
  const main: Wager = { id: `s${seat}-main`, bet: seat % 2 ? 'player' : 'banker', amount: 2500 + seat * 1010 };
  const sides: Wager[] = [
    { id: `s${seat}-tie`, bet: 'tie', amount: 1000 },
    { id: `s${seat}-pp`, bet: 'pairs', side: 'player', amount: 1000 },
    { id: `s${seat}-db`, bet: 'dragon-bonus-banker', amount: 500 },
    { id: `s${seat}-s6`, bet: 'super-6', amount: 500 },
    { id: `s${seat}-tp`, bet: 'tiger-pair', amount: 500 },
    { id: `s${seat}-112`, bet: 'one-one-two', amount: 400 },
    { id: `s${seat}-dbp`, bet: 'dragon-bonus-player', amount: 500 },
  ];
  return [main, sides[seat % sides.length]];
}).flat();

export async function run(args: string[]): Promise<object> {
  const i = args.indexOf('--coups');
  const target = i >= 0 ? Number(args[i + 1]) : 300000;
  let coups = 0;
  let wagers = 0;
  let houseNet = 0;
  let shoeNo = 0;
  const started = process.hrtime.bigint();
  while (coups < target) {
    let shoe = burn(createShoe({ decks: 8, seed: `bench/${shoeNo++}` })).shoe;
    while (!shoe.finished) {
      const dealt = dealCoup(shoe);
      shoe = dealt.shoe;
      if (dealt.kind === 'void') break;
      const settled = settleCoup(WAGERS, dealt.coup, TABLE);
      houseNet += settled.totals.houseNet;
      wagers += settled.settlements.length;
      coups++;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const a0 = process.hrtime.bigint();
  const analysis = analyze(8);
  const analyzeMs = Number(process.hrtime.bigint() - a0) / 1e6;
  return {
    coupsPerSec: Math.round(coups / seconds),
    settledWagersPerSec: Math.round(wagers / seconds),
    analyzeMs: Math.round(analyzeMs),
    coups,
    shoes: shoeNo,
    betsAnalyzed: analysis.bets.length,
    houseNetPerCoup: Math.round(houseNet / coups),
  };
}
