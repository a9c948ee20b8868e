/**
 * Runs and Dragon Tail in real shoes. `analyze` gives their house edges with successive coups independent; at a table
 * the coups come from shuffled shoes dealt to the cutting card and the last coup (Crown Melbourne 4.2.4, 7.3.4;
 * Star 4.9-4.10), so successive coups share the shoe's cards, and the end of the shoe breaks a Dragon Tail (Crown
 * Melbourne 1.1 'Dragon Tail', Table 7). Two figures per wager, both settled by the engine's own `settleRun` and
 * `settleDragonTail`:
 *
 * - `withShoeBreak`: exact for independent coups with the full-shoe probabilities, the end of the shoe breaking a
 *   Dragon Tail where it falls. Its only input from play is the distribution of coups per shoe (from the dealt
 *   shoes, stated with its standard error); a Run is not broken by the end of the shoe, so its figure is `analyze`'s.
 * - `inShoes`: a seeded simulation of real shoes (card removal and the break), with its standard error by batch
 *   means over shoes (wagers of one shoe overlap and are correlated; shoes are independent).
 *
 * What is wagered, on every coup dealt: an Early Dragon Tail on each hand (its run counts from its own coup); a Late
 * Dragon Tail on a hand whenever its indicator shows 1, the one coup a late wager is open for (the rules owner's
 * ruling, docs/rules/README.md; every run is taken as established, as at a table with early wagers on it); every Run
 * nomination Crown Melbourne 1.1 and Table 5 allow: Player and Banker runs of 2-6, Tie runs of 3-4, and every
 * Player/Banker sequence of 2-6 coups (124). A Run continues in the next shoe: the rulebooks give it no break.
 * Pure: the seed is the only randomness.
 */
import type { Side } from '../bets/bet-id';
import type { CoupResult } from '../game/coup';
import { settleDragonTail, settleRun, type CoupRecord, type DragonTailWager, type RunWager } from '../settlement/multi-coup';
import { burn, createShoe, dealCoup } from '../shoe/shoe';
import { analyze } from './analyze';

export interface ShoeEdge {
  readonly bet: 'dragon-tail-early' | 'dragon-tail-late' | 'runs-player' | 'runs-banker' | 'runs-tie' | 'runs-player-banker';
  readonly option: 'standard';
  readonly side?: Side;
  readonly length?: number;
  /** runs-player-banker: the nominated results in order, e.g. "BPB". */
  readonly nomination?: string;
  /** Independent coups, no break (what `analyze` reports for the same wager). */
  readonly independent: number;
  /** Independent coups, broken by the end of the shoe where the rule says so: exact but for the coups-per-shoe input. */
  readonly withShoeBreak: number;
  /** Real shoes, simulated: expected loss per unit staked, its standard error and how many wagers it rests on. */
  readonly inShoes: { readonly houseEdge: number; readonly standardError: number; readonly wagers: number };
  /** The player has the edge by the real-shoe figure (more than two standard errors), or by the break figure. */
  readonly playerFavourable: boolean;
}

export interface ShoeEdges {
  readonly decks: number;
  readonly shoes: number;
  readonly coups: number;
  readonly seed: string;
  /** Mean coups per shoe of the dealt shoes, with its standard error: the one input of `withShoeBreak`. */
  readonly coupsPerShoe: { readonly mean: number; readonly standardError: number };
  readonly note: string;
  readonly bets: readonly ShoeEdge[];
}

const SIDES: readonly Side[] = ['player', 'banker'];
const CODE: Record<CoupResult, string> = { player: 'P', banker: 'B', tie: 'T' };
const RECORD: Record<string, CoupRecord> = { P: { kind: 'coup', result: 'player' }, B: { kind: 'coup', result: 'banker' }, T: { kind: 'coup', result: 'tie' }, E: { kind: 'shoe-end' } };
const UNIT = 100;

/** Every Player/Banker nomination of 2-6 coups (Crown Melbourne 5.5.7, Table 5). */
const nominations = (): Side[][] => {
  const out: Side[][] = [];
  for (let n = 2; n <= 6; n++) for (let m = 0; m < 1 << n; m++) out.push(Array.from({ length: n }, (_, i) => ((m >> (n - 1 - i)) & 1 ? 'player' : 'banker')));
  return out;
};

interface WagerKind {
  readonly edge: Pick<ShoeEdge, 'bet' | 'option' | 'side' | 'length' | 'nomination'>;
  readonly id: string;
  /** Records the wager needs at most (a Run may step over one end of shoe). */
  readonly span: number;
  readonly settle: (records: readonly CoupRecord[]) => number | null;
  /** Open on this coup, given the Dragon Tail indicators before it. */
  readonly open: (indicator: Record<Side, number>) => boolean;
  /** A Run: the results it needs in order ("PPB"), for the fast path of the simulation. */
  readonly pattern?: string;
  /** A Run: what it returns per unit when it wins, as `settleRun` pays it. */
  readonly wins?: number;
}

const returnOf = (s: ReturnType<typeof settleRun>): number | null => (s.status === 'settled' ? s.settlement.net / UNIT : null);

/**
 * A Run's return from the counted results ahead of it ("PBT..."), the end of the shoe skipped: it wins when they begin
 * with its nomination and loses at the first that differs (Crown Melbourne Table 5); null while they run out first.
 * The same as `settleRun` on the same results (the spec checks every sequence), without building records per coup.
 */
export const runReturn = (pattern: string, wins: number, ahead: string): number | null => {
  for (let i = 0; i < pattern.length; i++) {
    if (i >= ahead.length) return null;
    if (ahead[i] !== pattern[i]) return -1;
  }
  return wins;
};

export const wagerKinds = (): WagerKind[] => {
  const kinds: WagerKind[] = [];
  for (const side of SIDES) {
    const early: DragonTailWager = { bet: 'dragon-tail-early', side, amount: UNIT };
    kinds.push({ edge: { bet: 'dragon-tail-early', option: 'standard', side }, id: `E${side}`, span: 8, settle: (r) => returnOf(settleDragonTail(early, r)), open: () => true });
    const late: DragonTailWager = { bet: 'dragon-tail-late', side, amount: UNIT, indicatorAtPlacement: 1 };
    kinds.push({ edge: { bet: 'dragon-tail-late', option: 'standard', side }, id: `L${side}`, span: 8, settle: (r) => returnOf(settleDragonTail(late, r)), open: (ind) => ind[side] === 1 });
  }
  const run = (w: RunWager, nomination?: string) => {
    const pattern = Array.from({ length: w.length }, (_, i) => CODE[w.bet === 'runs-player-banker' ? w.sequence![i] : w.bet === 'runs-player' ? 'player' : w.bet === 'runs-banker' ? 'banker' : 'tie']).join('');
    const settle = (r: readonly CoupRecord[]) => returnOf(settleRun(w, r));
    kinds.push({ edge: { bet: w.bet, option: 'standard', length: w.length, ...(nomination ? { nomination } : {}) }, id: `${w.bet}${w.length}${nomination ?? ''}`, span: w.length + 1, settle, open: () => true, pattern, wins: settle([...pattern].map((c) => RECORD[c]))! });
  };
  for (let n = 2; n <= 6; n++) run({ bet: 'runs-player', length: n, amount: UNIT });
  for (let n = 2; n <= 6; n++) run({ bet: 'runs-banker', length: n, amount: UNIT });
  for (let n = 3; n <= 4; n++) run({ bet: 'runs-tie', length: n, amount: UNIT });
  for (const seq of nominations()) run({ bet: 'runs-player-banker', length: seq.length, sequence: seq, amount: UNIT }, seq.map((s) => CODE[s]).join(''));
  return kinds;
};

/** Expected return of `kind` over independent coups, the end of the shoe `remaining` coups ahead (Infinity: never). */
const independentReturn = (kind: WagerKind, p: Record<CoupResult, number>, remaining: number): number => {
  let total = 0;
  const walk = (prefix: string, weight: number) => {
    const records = [...prefix].map((c) => RECORD[c]);
    const r = kind.settle(records);
    if (r !== null) return void (total += weight * r);
    if (prefix.replace(/E/g, '').length >= remaining) return walk(`${prefix}E`, weight);
    for (const res of ['player', 'banker', 'tie'] as const) walk(prefix + CODE[res], weight * p[res]);
  };
  walk('', 1);
  return total;
};

export const multiCoupEdgesInShoes = (decks: number, shoes: number, seed: string): ShoeEdges => {
  // Deal the shoes: the coups of each in order, the end of each shoe after them.
  let history = '';
  const shoeOf: number[] = [];
  const coupsIn: number[] = [];
  for (let s = 0; s < shoes; s++) {
    let shoe = burn(createShoe({ decks, seed: `${seed}/${s}` })).shoe;
    let n = 0;
    while (!shoe.finished) {
      const d = dealCoup(shoe);
      shoe = d.shoe;
      if (d.kind === 'void') break;
      history += CODE[d.coup.result];
      shoeOf.push(s);
      n++;
    }
    history += 'E';
    shoeOf.push(s);
    coupsIn.push(n);
  }
  const kinds = wagerKinds();
  const cache = new Map<string, number | null>();
  const settled = (kind: WagerKind, at: number): number | null => {
    const window = history.substr(at, kind.span);
    const key = kind.id + window;
    if (!cache.has(key)) cache.set(key, kind.settle([...window].map((c) => RECORD[c])));
    return cache.get(key)!;
  };
  // Per wager kind: per shoe, the sum of returns and the number of wagers (batch means).
  const sums = kinds.map(() => new Float64Array(shoes));
  const counts = kinds.map(() => new Float64Array(shoes));
  const indicator: Record<Side, number> = { player: 0, banker: 0 };
  for (let i = 0; i < history.length; i++) {
    const c = history[i];
    if (c === 'E') {
      indicator.player = indicator.banker = 0;
      continue;
    }
    // The counted results from this coup on, the end of the shoe skipped (a Run continues in the next shoe).
    const ahead = history.substr(i, 8).replace('E', '');
    kinds.forEach((k, j) => {
      if (!k.open(indicator)) return;
      const r = k.pattern !== undefined ? runReturn(k.pattern, k.wins!, ahead) : settled(k, i);
      if (r === null) return; // still pending when the dealt shoes run out
      sums[j][shoeOf[i]] += r;
      counts[j][shoeOf[i]]++;
    });
    for (const side of SIDES) indicator[side] = c === CODE[side] && indicator[side] < 6 ? indicator[side] + 1 : 0;
  }

  // Coups per shoe: the distribution the break model weighs the end of the shoe with.
  const meanCoups = coupsIn.reduce((a, b) => a + b, 0) / shoes;
  const sdCoups = Math.sqrt(coupsIn.reduce((a, b) => a + (b - meanCoups) ** 2, 0) / Math.max(1, shoes - 1));
  const p = analyze(decks).probabilities;

  const bets = kinds.map((k, j): ShoeEdge => {
    const n = counts[j].reduce((a, b) => a + b, 0);
    const mean = n ? sums[j].reduce((a, b) => a + b, 0) / n : 0;
    const nBar = n / shoes;
    let s2 = 0;
    for (let s = 0; s < shoes; s++) s2 += ((sums[j][s] - mean * counts[j][s]) / nBar) ** 2;
    const standardError = shoes > 1 && n > 0 ? Math.sqrt(s2 / (shoes * (shoes - 1))) : 0;
    const independent = -independentReturn(k, p, Infinity);
    let withShoeBreak = independent;
    if (k.edge.bet.startsWith('dragon-tail')) {
      // A wager with m coups of the shoe left (its own included): placed on every coup (early), or on a coup whose
      // hand's indicator shows 1, i.e. after one result of that hand that followed another result (late).
      const q = p[k.edge.side!];
      const placedAt = (position: number) => (k.edge.bet === 'dragon-tail-early' ? 1 : position === 1 ? 0 : position === 2 ? q : q * (1 - q));
      let weight = 0;
      let ret = 0;
      const far = independentReturn(k, p, Infinity);
      const near = Array.from({ length: 9 }, (_, left) => (left === 0 ? 0 : independentReturn(k, p, left)));
      for (const shoeLength of new Set(coupsIn)) {
        const share = coupsIn.filter((x) => x === shoeLength).length / shoes;
        for (let position = 1; position <= shoeLength; position++) {
          const w = share * placedAt(position);
          if (w === 0) continue;
          const left = shoeLength - position + 1;
          weight += w;
          ret += w * (left > 8 ? far : near[left]);
        }
      }
      withShoeBreak = -(ret / weight);
    }
    const houseEdge = -mean;
    return {
      ...k.edge,
      independent,
      withShoeBreak,
      inShoes: { houseEdge, standardError, wagers: n },
      playerFavourable: withShoeBreak < 0 || houseEdge + 2 * standardError < 0,
    };
  });
  return {
    decks,
    shoes,
    coups: shoeOf.length - shoes,
    seed,
    coupsPerShoe: { mean: meanCoups, standardError: sdCoups / Math.sqrt(shoes) },
    note: `${shoes} shoes of ${decks} decks, each dealt to the cutting card and the last coup from seed "${seed}"; inShoes.standardError by batch means over shoes`,
    bets,
  };
};
