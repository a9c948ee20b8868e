import type { BetId, PayTableOptionId, Side } from '../bets/bet-id';
import { PAY_TABLES, payTable, type PayTable } from '../bets/pay-tables';
import { payLineKeys } from '../bets/pay-line-keys';
import { chooseLine } from '../settlement/settle-wager';
import { coupClasses, type CoupClass } from './coup-classes';
import { pairProbabilities } from './pair-probabilities';
import { threeCardProbabilities } from './three-card-analysis';
import { unitReturn } from './unit-return';
import { assertDeckCount } from '../shoe/shuffle';

export interface BetEdge {
  readonly bet: BetId;
  readonly option: PayTableOptionId;
  /** Expected loss per unit staked: 0.0106 = 1.06%. Conditional bets: given that the bet is offered. */
  readonly houseEdge: number;
  readonly side?: Side;
  /** Runs: the nominated number of coups. */
  readonly length?: number;
  /** How the figure was obtained, where it is not a plain enumeration of one coup. */
  readonly note?: string;
  /**
   * The option gives the player the edge (a negative house edge). The rules owner's ruling (docs/rules/README.md,
   * e.g. Insurance/No 6 at 2 to 1, Crown Melbourne 1.1) is to show it wherever a house edge is shown.
   */
  readonly playerFavourable?: boolean;
}

/** A figure as `analyze` reports it: always saying whether it favours the player. */
export type ReportedBetEdge = BetEdge & { readonly playerFavourable: boolean };

/** Whether a house edge favours the player: the casino expects to lose on the option. */
export const isPlayerFavourable = (houseEdge: number): boolean => houseEdge < 0;

export interface Analysis {
  readonly decks: number;
  readonly probabilities: { readonly player: number; readonly banker: number; readonly tie: number };
  readonly bets: readonly ReportedBetEdge[];
}

const RANK_BETS = new Set<BetId>(['pairs', 'perfect-pairs', 'crown-pairs', 'tiger-pair']);
const MULTI_COUP = new Set<BetId>(['runs-player', 'runs-banker', 'runs-player-banker', 'runs-tie', 'dragon-tail-early', 'dragon-tail-late']);
const THREE_CARD = new Set<BetId>(['three-card-baccarat', 'three-card-tie', 'three-pictures']);

/** Expected return per unit of a single-coup bet over the coup classes, conditional on being offered. */
const classReturn = (table: PayTable, classes: readonly CoupClass[], side?: Side): number => {
  let ret = 0;
  let offered = 0;
  for (const { probability, coup } of classes) {
    const keys = payLineKeys({ bet: table.bet, ...(side ? { side } : {}) }, coup);
    if (keys === 'not-offered') continue;
    offered += probability;
    ret += probability * unitReturn(chooseLine(table, keys)?.payout);
  }
  return ret / offered;
};

const rankReturn = (table: PayTable, decks: number): number => {
  const pr = pairProbabilities(decks);
  const lines = table.lines;
  const outcomes: [string, number][] = table.bet === 'pairs'
    ? [['pair', pr.pair]]
    : table.bet === 'tiger-pair'
      ? [['twin', pr.twin], ['double', pr.double], ['single', pr.single]]
      : [['suited', pr.suited], ['coloured', pr.coloured], ['mixed', pr.mixed]];
  let ret = 0;
  let hit = 0;
  for (const [key, p] of outcomes) {
    ret += p * unitReturn(lines[key]?.payout);
    hit += p;
  }
  return ret - (1 - hit);
};

/**
 * Runs and Dragon Tails span coups. Their figures treat successive coups as independent with the full-shoe
 * probabilities (the exact per-coup figures; dependence between coups of one shoe is ignored).
 */
const multiCoupEdges = (p: { player: number; banker: number; tie: number }): BetEdge[] => {
  const out: BetEdge[] = [];
  const note = 'successive coups independent with full-shoe probabilities';
  for (const bet of ['runs-player', 'runs-banker', 'runs-tie'] as const) {
    const q = bet === 'runs-player' ? p.player : bet === 'runs-banker' ? p.banker : p.tie;
    const t = payTable(bet, 'standard');
    for (const [key, l] of Object.entries(t.lines)) {
      const n = Number(key.replace('run-', ''));
      out.push({ bet, option: 'standard', length: n, houseEdge: -(q ** n * (unitReturn(l.payout) + 1) - 1), note });
    }
  }
  // Player/Banker combination: the edge depends on the nomination; reported for alternating Banker, Player, ...
  const combo = payTable('runs-player-banker', 'standard');
  for (const [key, l] of Object.entries(combo.lines)) {
    const n = Number(key.replace('run-', ''));
    let chance = 1;
    for (let i = 0; i < n; i++) chance *= i % 2 === 0 ? p.banker : p.player;
    out.push({ bet: 'runs-player-banker', option: 'standard', length: n, houseEdge: -(chance * (unitReturn(l.payout) + 1) - 1), note: `${note}; nomination alternating Banker, Player, ...` });
  }
  for (const side of ['player', 'banker'] as const) {
    const q = p[side];
    const early = payTable('dragon-tail-early', 'standard').lines;
    const pay = (k: number) => (k >= 2 && k <= 6 ? unitReturn(early[`tail-${k}`].payout) : -1);
    // Early: the run ends at count k (k < 6) with probability q^k (1-q); it finishes at six with q^6.
    let e = q ** 6 * pay(6);
    for (let k = 0; k < 6; k++) e += q ** k * (1 - q) * pay(k);
    out.push({ bet: 'dragon-tail-early', option: 'standard', side, houseEdge: -e, note });
    // Late: placed at indicator 1; broken at indicator c pays c-1; at six it waits one more coup.
    let l = 0;
    for (let c = 1; c <= 5; c++) l += q ** (c - 1) * (1 - q) * pay(c - 1);
    l += q ** 5 * ((1 - q) * pay(5) + q * pay(6));
    out.push({ bet: 'dragon-tail-late', option: 'standard', side, houseEdge: -l, note });
  }
  return out;
};

const threeCardEdges = (): BetEdge[] => {
  const p = threeCardProbabilities();
  const lines = (bet: BetId) => payTable(bet, 'standard').lines;
  const tcb = lines('three-card-baccarat');
  const playerLoses = 1 - p.playerWins - p.tie;
  const mainReturn = (p.playerWins - p.playerWinsOn6) * unitReturn(tcb.win.payout) + p.playerWinsOn6 * unitReturn(tcb['win-on-6'].payout) + p.tie * unitReturn(tcb.tie.payout) - playerLoses;
  const tieReturn = p.tie * unitReturn(lines('three-card-tie').tie.payout) - (1 - p.tie);
  const tp = lines('three-pictures');
  const picturesReturn = p.threePictures * unitReturn(tp['three-pictures'].payout) + p.twoPictures * unitReturn(tp['two-pictures'].payout) - (1 - p.threePictures - p.twoPictures);
  const note = 'one deck, Crown Melbourne 12.4.1';
  return [
    { bet: 'three-card-baccarat', option: 'standard', houseEdge: -mainReturn, note },
    { bet: 'three-card-tie', option: 'standard', houseEdge: -tieReturn, note },
    { bet: 'three-pictures', option: 'standard', houseEdge: -picturesReturn, note },
  ];
};

/**
 * Exact house edge of every bet and pay-table option in the rulebooks, by enumerating the shoe
 * (`decks` full decks).
 */
export const analyze = (decks: number): Analysis => {
  assertDeckCount(decks);
  const classes = coupClasses(decks);
  const probabilities = { player: 0, banker: 0, tie: 0 };
  for (const c of classes) probabilities[c.coup.result] += c.probability;
  const bets: BetEdge[] = [];
  const edgeOf = new Map<string, number>();
  for (const table of PAY_TABLES) {
    if (MULTI_COUP.has(table.bet) || THREE_CARD.has(table.bet)) continue;
    if (table.bet === 'shield') {
      for (const side of ['player', 'banker'] as const) bets.push({ bet: 'shield', option: table.option, side, houseEdge: -classReturn(table, classes, side), note: 'given that Shield is offered' });
      continue;
    }
    const r = RANK_BETS.has(table.bet) ? rankReturn(table, decks) : classReturn(table, classes);
    edgeOf.set(`${table.bet}/${table.option}`, -r);
    bets.push({ bet: table.bet, option: table.option, houseEdge: -r, ...(table.bet === 'insurance' ? { note: 'given that Insurance/No 6 is offered' } : {}) });
  }
  // 1-1-2 is its components, weighted 1:1:2 (Crown Melbourne 9.2 nets them linearly).
  const tie = edgeOf.get('tie/standard')!;
  const combo = (sideEdgeP: number, sideEdgeB: number) => (sideEdgeP + sideEdgeB + 2 * tie) / 4;
  bets.push({ bet: 'one-one-two', option: 'crown-sydney-guide', houseEdge: combo(edgeOf.get('pairs/standard')!, edgeOf.get('pairs/standard')!), note: 'Pairs on each hand, two units on Tie' });
  for (const [side, opts] of [['pairs', ['standard']], ['crown-pairs', ['standard']], ['perfect-pairs', ['1', '2']], ['dragon-bonus', ['1', '2', '3']]] as const) {
    for (const o of opts) {
      const e = side === 'dragon-bonus' ? combo(edgeOf.get(`dragon-bonus-player/${o}`)!, edgeOf.get(`dragon-bonus-banker/${o}`)!) : combo(edgeOf.get(`${side}/${o}`)!, edgeOf.get(`${side}/${o}`)!);
      bets.push({ bet: 'one-one-two', option: `crown-melbourne-1.1:${side}-${o}`, houseEdge: e, note: `Crown Melbourne 1.1 with the ${side} Side Wager, option ${o}` });
    }
  }
  bets.push(...multiCoupEdges(probabilities), ...threeCardEdges());
  return { decks, probabilities, bets: bets.map((b) => ({ ...b, playerFavourable: isPlayerFavourable(b.houseEdge) })) };
};
