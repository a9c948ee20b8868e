/**
 * Crown Melbourne Limited, Baccarat Rules version 29.0 (05 August 2025, VGCCC).
 * Source: docs/rules/crown-melbourne-baccarat-rules-v29.txt. Clauses are cited as "Crown Melbourne <n>".
 */
import type { RulebookPolicies } from './policies.types';
import type { ProcedureClauses } from './procedure-clauses';
import type { BetDefinition, BetId, PayTable, Rulebook, VariantDefinition } from './rulebook.types';
import { FiveOptions, OPTION_NUMBERS, lose, push, ratio, same, table, win } from './pay-table-builders';
import { crownMelbourneTournament } from './tournament-rules';

const c = (clause: string) => `Crown Melbourne ${clause}`;
const FIVE_PERCENT = ratio(5, 100);
const FIFTY_PERCENT = ratio(50, 100);

// --- main bets, by variant (9.1 Tables 3, 4, 10, 11, 14) ----------------------------------------------------
// Option ids are shared with the settlement engine (bets/pay-tables.ts): Player pays 1 to 1 under Tables 3, 4
// and 14 alike ('standard'); Tie Baccarat's percentage, shown on the table limit sign, is part of the option.
const TIE_BACCARAT_PERCENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const tieBaccaratOptions = TIE_BACCARAT_PERCENTS.map((pct) => `tie-baccarat-${pct}`);

const playerTables: PayTable[] = [
  table('player', 'standard', 'Player (Traditional, Crown and Zero Commission Baccarat)', c('9.1 Tables 3, 4, 14'), [
    win('player-wins', 1, 1, c('9.1 Tables 3, 4, 14 (Traditional: except as described in Rule 6.5)')),
    push('tie', c('9.1 Tables 3, 4, 14')),
  ]),
  table('player', 'two-to-one', 'Player, 2 to 1 Baccarat', c('9.1 Table 10'), [
    win('wins-with-three-card-8-or-9', 2, 1, c('9.1 Table 10')),
    win('wins-otherwise', 1, 1, c('9.1 Table 10')),
    lose('tie', c("9.1 Table 10; 1.1 '2 to 1 Baccarat'")),
  ]),
  ...TIE_BACCARAT_PERCENTS.map((pct) =>
    table('player', `tie-baccarat-${pct}`, `Player, Tie Baccarat paying ${pct}% on a Tie`, c('9.1 Table 11'), [
      // Table 11 states only the Tie payment; a Player win is paid as in Traditional Baccarat (Table 3).
      win('player-wins', 1, 1, c('9.1 Table 3 (Table 11 does not restate the win)')),
      win('tie', pct, 100, c("9.1 Table 11; 1.1 'Tie Baccarat'(b) (percentage on the table limit sign)")),
    ]),
  ),
];

const bankerTables: PayTable[] = [
  table('banker', 'traditional', 'Banker, Traditional Baccarat', c('9.1 Table 3'), [
    win('banker-wins', 1, 1, c('9.1 Table 3 (1 to 1 less 5% commission, except as described in Rule 6.5)'), FIVE_PERCENT),
    push('tie', c('9.1 Table 3')),
  ]),
  table('banker', 'crown', 'Banker, Crown Baccarat', c('9.1 Table 4'), [
    win('banker-wins-not-with-6', 1, 1, c('9.1 Table 4')),
    win('banker-wins-with-6', 1, 1, c('9.1 Table 4 (1 to 1 less 50% commission, $100 pays $50)'), FIFTY_PERCENT),
    push('tie', c('9.1 Table 4')),
  ]),
  table('banker', 'zero-commission', 'Banker, Zero Commission Baccarat', c('9.1 Table 14'), [
    win('banker-wins', 1, 1, c('9.1 Table 14')),
    push('tie', c('9.1 Table 14')),
  ]),
  table('banker', 'two-to-one', 'Banker, 2 to 1 Baccarat', c('9.1 Table 10'), [
    win('wins-with-three-card-8-or-9', 2, 1, c('9.1 Table 10')),
    win('wins-otherwise', 1, 1, c('9.1 Table 10')),
    lose('tie', c("9.1 Table 10; 1.1 '2 to 1 Baccarat'")),
  ]),
  ...TIE_BACCARAT_PERCENTS.map((pct) =>
    table('banker', `tie-baccarat-${pct}`, `Banker, Tie Baccarat paying ${pct}% on a Tie`, c('9.1 Table 11'), [
      // Table 11 states only the Tie payment; a Banker win is paid as in Traditional Baccarat (Table 3).
      win('banker-wins', 1, 1, c('9.1 Table 3 (Table 11 does not restate the win)'), FIVE_PERCENT),
      win('tie', pct, 100, c("9.1 Table 11; 1.1 'Tie Baccarat'(a) (percentage on the table limit sign)")),
    ]),
  ),
];

// --- side wagers -------------------------------------------------------------------------------------------
const runs = (bet: BetId, name: string): PayTable =>
  table(bet, 'standard', name, c('9.1 Table 5'), [
    win('run-of-2', 3, 1, c('9.1 Table 5')),
    win('run-of-3', 8, 1, c('9.1 Table 5')),
    win('run-of-4', 20, 1, c('9.1 Table 5')),
    win('run-of-5', 45, 1, c('9.1 Table 5')),
    win('run-of-6', 100, 1, c('9.1 Table 5')),
  ]);

// Table 6 is Rapid Baccarat's Dragon Bonus option 1, hence option '1'.
const dragonBonus = (bet: BetId, name: string): PayTable =>
  table(bet, '1', name, c('9.1 Table 6'), [
    win('wins-with-natural', 1, 1, c('9.1 Table 6')),
    win('wins-by-4', 1, 1, c('9.1 Table 6')),
    win('wins-by-5', 2, 1, c('9.1 Table 6')),
    win('wins-by-6', 4, 1, c('9.1 Table 6')),
    win('wins-by-7', 6, 1, c('9.1 Table 6')),
    win('wins-by-8', 10, 1, c('9.1 Table 6')),
    win('wins-by-9', 30, 1, c('9.1 Table 6')),
    push('natural-tie', c('9.1 Table 6')),
    lose('non-natural-tie', c('9.1 Table 6')),
  ]);

const dragonTail = (bet: BetId, name: string): PayTable =>
  table(bet, 'standard', name, c('9.1 Table 7'), [
    win('run-of-2', 1, 1, c('9.1 Table 7')),
    win('run-of-3', 3, 1, c('9.1 Table 7')),
    win('run-of-4', 7, 1, c('9.1 Table 7')),
    win('run-of-5', 11, 1, c('9.1 Table 7')),
    win('run-of-6', 30, 1, c('9.1 Table 7')),
  ]);

/** Table 16, Tiger Baccarat: one pay table per option column. Single values in the text span all five columns. */
const tigerRows = {
  'tiger-tie': { tieOn6: same(45) },
  'tiger-pair': { single: same(4), double: same(25), twin: [100, 150, 150, 120, 120] as FiveOptions },
  tiger: { twoCard: same(12), threeCard: [22, 23, 25, 23, 25] as FiveOptions },
  'big-tiger': { threeCard: same(55) },
  'small-tiger': { twoCard: [22, 23, 23, 23, 23] as FiveOptions },
};
const T16 = c('9.1 Table 16');
const tigerTables = (bet: 'tiger-tie' | 'tiger-pair' | 'tiger' | 'big-tiger' | 'small-tiger'): PayTable[] =>
  OPTION_NUMBERS.map((option, i) => {
    const name = `${bet}, Tiger Baccarat option ${option}`;
    switch (bet) {
      case 'tiger-tie':
        return table(bet, option, name, T16, [win('tie-on-6', tigerRows[bet].tieOn6[i], 1, T16)], 'tiger');
      case 'tiger-pair':
        return table(bet, option, name, T16, [
          win('single-tiger-pair', tigerRows[bet].single[i], 1, T16),
          win('double-tiger-pair', tigerRows[bet].double[i], 1, T16),
          win('twin-tiger-pair', tigerRows[bet].twin[i], 1, T16),
        ], 'tiger');
      case 'tiger':
        return table(bet, option, name, T16, [
          win('banker-wins-with-two-card-6', tigerRows[bet].twoCard[i], 1, T16),
          win('banker-wins-with-three-card-6', tigerRows[bet].threeCard[i], 1, T16),
        ], 'tiger');
      case 'big-tiger':
        return table(bet, option, name, T16, [win('banker-wins-with-three-card-6', tigerRows[bet].threeCard[i], 1, T16)], 'tiger');
      case 'small-tiger':
        return table(bet, option, name, T16, [win('banker-wins-with-two-card-6', tigerRows[bet].twoCard[i], 1, T16)], 'tiger');
    }
  });

/**
 * Table 17, Dragon Tiger Baccarat. Big Tiger, Small Tiger and Tiger Tie also appear in Table 16 at other odds, so
 * in this family their options are named 'dragon-tiger-1'..'dragon-tiger-5'; the Dragon-only bets use '1'..'5'.
 */
const T17 = c('9.1 Table 17');
const dragonTigerRows = {
  'dragon-tiger': { three: same(100), mixed: [40, 40, 40, 40, 35] as FiveOptions, two: same(30) },
  'big-dragon': [30, 30, 29, 29, 29] as FiveOptions,
  'small-dragon': [15, 15, 14, 14, 14] as FiveOptions,
  'big-tiger': [50, 50, 50, 48, 48] as FiveOptions,
  'small-tiger': [22, 22, 22, 21, 21] as FiveOptions,
  'tiger-tie': [40, 35, 35, 35, 35] as FiveOptions,
};
export const DRAGON_TIGER_OPTION_PREFIX = 'dragon-tiger-';
const dragonTigerTables = (bet: 'dragon-tiger' | 'big-dragon' | 'small-dragon' | 'big-tiger' | 'small-tiger' | 'tiger-tie'): PayTable[] =>
  OPTION_NUMBERS.map((n, i) => {
    const shared = bet === 'big-tiger' || bet === 'small-tiger' || bet === 'tiger-tie';
    const option = shared ? `${DRAGON_TIGER_OPTION_PREFIX}${n}` : n;
    const name = `${bet}, Dragon Tiger Baccarat option ${n}`;
    switch (bet) {
      case 'dragon-tiger':
        return table(bet, option, name, T17, [
          win('dragon-tiger-three-cards-each', dragonTigerRows[bet].three[i], 1, T17),
          win('dragon-tiger-mixed-card-counts', dragonTigerRows[bet].mixed[i], 1, T17),
          win('dragon-tiger-two-cards-each', dragonTigerRows[bet].two[i], 1, T17),
        ], 'dragon-tiger');
      case 'big-dragon':
        return table(bet, option, name, T17, [win('player-wins-with-three-card-7', dragonTigerRows[bet][i], 1, T17)], 'dragon-tiger');
      case 'small-dragon':
        return table(bet, option, name, T17, [win('player-wins-with-two-card-7', dragonTigerRows[bet][i], 1, T17)], 'dragon-tiger');
      case 'big-tiger':
        return table(bet, option, name, T17, [win('banker-wins-with-three-card-6', dragonTigerRows[bet][i], 1, T17)], 'dragon-tiger');
      case 'small-tiger':
        return table(bet, option, name, T17, [win('banker-wins-with-two-card-6', dragonTigerRows[bet][i], 1, T17)], 'dragon-tiger');
      case 'tiger-tie':
        return table(bet, option, name, T17, [win('tie-on-6', dragonTigerRows[bet][i], 1, T17)], 'dragon-tiger');
    }
  });

const bet = (b: BetId, name: string, clause: string, payTables: PayTable[], extra: Partial<BetDefinition> = {}): BetDefinition => ({
  bet: b,
  name,
  clause,
  payTables,
  ...extra,
});

const bets: BetDefinition[] = [
  bet('player', 'Player', c('5.5.1'), playerTables),
  bet('banker', 'Banker', c('5.5.2'), bankerTables),
  bet('tie', 'Tie', c('5.5.3'), [
    table('tie', 'standard', 'Tie', c('9.1 Tables 3, 4, 10, 11, 14'), [win('tie', 8, 1, c('9.1 Table 3'))]),
  ]),
  bet('insurance', 'Insurance/No 6', c('5.5.4; 1.1 \'Insurance/No 6\''), [
    table('insurance', 'standard', 'Insurance/No 6', c('9.1 Table 4'), [
      win('banker-does-not-win-with-6', 2, 1, c('9.1 Table 4')),
      lose('banker-wins-with-6', c('9.1 Table 4')),
    ]),
  ]),
  bet('runs-player', 'Player Run', c('5.5.5'), [runs('runs-player', 'Player Run')]),
  bet('runs-banker', 'Banker Run', c('5.5.6'), [runs('runs-banker', 'Banker Run')]),
  bet('runs-player-banker', 'Player/Banker Run', c('5.5.7'), [runs('runs-player-banker', 'Player/Banker Run')]),
  bet('runs-tie', 'Tie Run', c('5.5.8'), [
    table('runs-tie', 'standard', 'Tie Run', c('9.1 Table 5'), [
      win('run-of-3', 1000, 1, c('9.1 Table 5')),
      win('run-of-4', 10000, 1, c('9.1 Table 5')),
    ]),
  ]),
  bet('dragon-bonus-player', 'Player Dragon Bonus', c('5.5.9'), [dragonBonus('dragon-bonus-player', 'Player Dragon Bonus')]),
  bet('dragon-bonus-banker', 'Banker Dragon Bonus', c('5.5.10'), [dragonBonus('dragon-bonus-banker', 'Banker Dragon Bonus')]),
  bet('dragon-tail-early', 'Dragon Tail (early)', c('5.5.11-5.5.12; 1.1 \'Dragon Tail\''), [dragonTail('dragon-tail-early', 'Dragon Tail (early)')]),
  bet('dragon-tail-late', 'Dragon Tail (late), paid at the indicator minus one', c('5.5.11-5.5.12; 9.1 Table 7'), [
    dragonTail('dragon-tail-late', 'Dragon Tail (late)'),
  ]),
  bet('crown-pairs', 'Baccarat Crown Pairs', c('5.5.13-5.5.14'), [
    table('crown-pairs', 'standard', 'Baccarat Crown Pairs (8 decks)', c('9.1 Table 8'), [
      win('mixed-pair', 6, 1, c('9.1 Table 8')),
      win('coloured-pair', 12, 1, c('9.1 Table 8')),
      win('suited-pair', 25, 1, c('9.1 Table 8')),
    ]),
  ], { decks: { allowed: [8], clause: c('3.1.1') } }),
  bet('pairs', 'Baccarat Pairs', c('5.5.15-5.5.16'), [
    table('pairs', 'standard', 'Baccarat Pairs', c('9.1 Table 9'), [win('pair', 11, 1, c('9.1 Table 9'))]),
  ]),
  bet('shield', 'Shield', c('5.5.17; 5.9'), [
    table('shield', 'standard', 'Shield', c('9.1 Table 12'), [
      win('shield-held-6-other-hand-wins', 5, 2, c('9.1 Table 12')),
      win('shield-held-7-other-hand-wins', 9, 2, c('9.1 Table 12')),
      push('tie', c('9.1 Table 12')),
    ]),
  ]),
  bet('super-6', 'Super 6', c('5.5.18'), [
    table('super-6', '15', 'Super 6 option 1 (15 to 1)', c('9.1 Table 15'), [win('banker-wins-with-6', 15, 1, c('9.1 Table 15 Option 1'))]),
    table('super-6', '16', 'Super 6 option 2 (16 to 1)', c('9.1 Table 15'), [win('banker-wins-with-6', 16, 1, c('9.1 Table 15 Option 2'))]),
  ]),
  bet('tiger-tie', 'Tiger Tie', c('5.5.19'), [...tigerTables('tiger-tie'), ...dragonTigerTables('tiger-tie')]),
  bet('tiger-pair', 'Tiger Pair', c('5.5.20'), tigerTables('tiger-pair')),
  bet('tiger', 'Tiger', c('5.5.21'), tigerTables('tiger')),
  bet('big-tiger', 'Big Tiger', c('5.5.22'), [...tigerTables('big-tiger'), ...dragonTigerTables('big-tiger')]),
  bet('small-tiger', 'Small Tiger', c('5.5.23'), [...tigerTables('small-tiger'), ...dragonTigerTables('small-tiger')]),
  bet('dragon-tiger', 'Dragon Tiger', c('5.5.24'), dragonTigerTables('dragon-tiger')),
  bet('big-dragon', 'Big Dragon', c('5.5.25'), dragonTigerTables('big-dragon')),
  bet('small-dragon', 'Small Dragon', c('5.5.26'), dragonTigerTables('small-dragon')),
  bet('one-one-two', '1-1-2', c('1.1 \'1-1-2\'; 9.2'), [
    {
      bet: 'one-one-two',
      option: 'crown-melbourne-1.1',
      name: '1-1-2: 25% Banker side wager, 25% Player side wager, 50% Tie',
      clause: c('1.1 \'1-1-2\'; 9.2 (winning parts paid at their own odds less the losing parts)'),
      entries: [],
      composition: [
        { part: 'banker-side-wager', share: ratio(1, 4) },
        { part: 'player-side-wager', share: ratio(1, 4) },
        { part: 'tie', bet: 'tie', share: ratio(1, 2) },
      ],
    },
  ]),
  bet('lucky-chase-player', 'Lucky Chase Player (Dragon Head)', c('11.2.1'), [
    table('lucky-chase-player', 'standard', 'Lucky Chase', c('9.1 Table 13; 11.4.1'), [
      win('nominated-hand-wins', 1, 1, c('11.4.1; 9.1 Table 13')),
      push('tie', c('9.1 Table 13 (11.3.2: the nomination is void)')),
    ]),
  ]),
  bet('lucky-chase-banker', 'Lucky Chase Banker (Dragon Tail)', c('11.2.1'), [
    table('lucky-chase-banker', 'standard', 'Lucky Chase', c('9.1 Table 13; 11.4.1'), [
      win('nominated-hand-wins', 1, 1, c('11.4.1; 9.1 Table 13')),
      push('tie', c('9.1 Table 13 (11.3.2: the nomination is void)')),
    ]),
  ]),
  bet('three-card-baccarat', 'Three Card Baccarat', c('12.5.1(a); 12.5.2'), [
    table('three-card-baccarat', 'standard', 'Three Card Baccarat', c('12.7.1 Table 19'), [
      win('player-outranks-dealer', 1, 1, c('12.7.1 Table 19')),
      win('player-outranks-dealer-with-6', 1, 2, c('12.7.1 Table 19')),
      push('equal-ranking', c('12.5.2(c) (Table 19 note: void)')),
    ]),
  ]),
  bet('three-card-tie', 'Three Card Baccarat Tie', c('12.5.1(b); 12.5.3'), [
    table('three-card-tie', 'standard', 'Three Card Baccarat Tie', c('12.7.1 Table 19'), [win('equal-ranking', 8, 1, c('12.7.1 Table 19'))]),
  ]),
  bet('three-pictures', 'Three Pictures', c('12.5.1(c); 12.5.4'), [
    table('three-pictures', 'standard', 'Three Pictures', c('12.7.1 Table 19'), [
      win('three-pictures', 20, 1, c('12.7.1 Table 19')),
      win('two-pictures', 5, 1, c('12.7.1 Table 19 (three pictures pay only the three-picture odds)')),
    ]),
  ]),
];

/** Side wagers that "may be offered on any variation of Baccarat" (1.1 definitions, 5.5). */
const ANY_VARIATION_SIDE_WAGERS: BetId[] = [
  'runs-player', 'runs-banker', 'runs-player-banker', 'runs-tie',
  'dragon-bonus-player', 'dragon-bonus-banker', 'dragon-tail-early', 'dragon-tail-late',
  'crown-pairs', 'pairs', 'super-6',
  'tiger-tie', 'tiger-pair', 'tiger', 'big-tiger', 'small-tiger', 'dragon-tiger', 'big-dragon', 'small-dragon',
  'one-one-two',
];
const MAIN: BetId[] = ['player', 'banker', 'tie'];

const variants: VariantDefinition[] = [
  {
    id: 'traditional',
    name: 'Traditional Baccarat',
    mainBetOptions: { player: ['standard'], banker: ['traditional'], tie: ['standard'] },
    allowedBets: [...MAIN, ...ANY_VARIATION_SIDE_WAGERS, 'shield'],
    allowedBetsClause: c('5.5; 1.1 \'Shield\' (Traditional Baccarat only)'),
    clause: c('1.1 \'Traditional Baccarat\'; 9.1 Table 3'),
  },
  {
    id: 'crown-baccarat',
    name: 'Crown Baccarat',
    mainBetOptions: { player: ['standard'], banker: ['crown'], tie: ['standard'] },
    allowedBets: [...MAIN, ...ANY_VARIATION_SIDE_WAGERS, 'insurance'],
    allowedBetsClause: c('5.5; 5.5.4 (Insurance/No 6 only on Crown Baccarat)'),
    clause: c('1.1 \'Crown Baccarat\'; 9.1 Table 4'),
  },
  {
    id: 'two-to-one',
    name: '2 to 1 Baccarat',
    mainBetOptions: { player: ['two-to-one'], banker: ['two-to-one'], tie: ['standard'] },
    allowedBets: [...MAIN, ...ANY_VARIATION_SIDE_WAGERS],
    allowedBetsClause: c('5.5'),
    clause: c('1.1 \'2 to 1 Baccarat\'; 9.1 Table 10'),
  },
  {
    id: 'tie-baccarat',
    name: 'Tie Baccarat',
    mainBetOptions: { player: tieBaccaratOptions, banker: tieBaccaratOptions, tie: ['standard'] },
    allowedBets: [...MAIN, ...ANY_VARIATION_SIDE_WAGERS],
    allowedBetsClause: c('5.5'),
    clause: c('1.1 \'Tie Baccarat\'; 9.1 Table 11'),
  },
  {
    id: 'zero-commission',
    name: 'Zero Commission Baccarat',
    mainBetOptions: { player: ['standard'], banker: ['zero-commission'], tie: ['standard'] },
    allowedBets: [...MAIN, ...ANY_VARIATION_SIDE_WAGERS],
    allowedBetsClause: c('5.5'),
    tournamentOnly: { clause: c('1.1 \'Zero Commission Baccarat\'') },
    clause: c('1.1 \'Zero Commission Baccarat\'; 9.1 Table 14'),
  },
  {
    id: 'lucky-chase',
    name: 'Lucky Chase',
    mainBetOptions: { 'lucky-chase-player': ['standard'], 'lucky-chase-banker': ['standard'] },
    allowedBets: ['lucky-chase-player', 'lucky-chase-banker'],
    allowedBetsClause: c('11.2.1 (no Side Wagers, including Tie)'),
    clause: c('11'),
  },
  {
    id: 'three-card',
    name: 'Three Card Baccarat',
    mainBetOptions: { 'three-card-baccarat': ['standard'], 'three-card-tie': ['standard'], 'three-pictures': ['standard'] },
    allowedBets: ['three-card-baccarat', 'three-card-tie', 'three-pictures'],
    allowedBetsClause: c('12.5.1'),
    decks: { allowed: [1], clause: c('12.4.1') },
    clause: c('12'),
  },
];

const TG_HDD = 'gaming-supervisor' as const;

/** Crown Melbourne's procedures by name (procedure-clauses.ts); also what applies where another rulebook is silent. */
const procedureClauses: ProcedureClauses = {
  'open-table': '6.1',
  'box-at-table': '5.2',
  'start-shoe': '4.1',
  'cut-before-burn': '4.2',
  burn: '4.3',
  'burn-before-play': '4.3.1',
  'last-coup': '7.3.4',
  'cut-card-before-first-card': '7.3.4(c)',
  'abnormal-sequence-shuffle': '4.1.1(c)',
  'closing-notice-coups': '15.8',
  'lucky-tie-hand': "13.4.3; definition of 'Lucky Tie Jackpot'",
  'dealer-duties': "1.1 'Dealer'",
  'start-coup': '7.2',
  'accept-wagers': '5.1',
  'wager-on-dummy': '10.8.5',
  'no-more-bets': '5.3',
  'bet-not-offered': '5.5',
  'wagers-in-chips': '5.1; 5.6',
  'mid-coup-only': '5.3; 5.9',
  'shield-window': '5.9.1',
  'insurance-window': "1.1 'Insurance/No 6'",
  'box-maximum': '6.1',
  'side-required': '1.1',
  'side-wagers-before-first-card': '5.4',
  deal: '7.2',
  'excess-card': '10.2',
  'first-card-face-up': '10.5.1; 10.8.4',
  'card-face-up-later': '10.5.2',
  'wrong-hand-first-four-player': '10.7(a)',
  'wrong-hand-first-four-banker': '10.7(a)',
  'wrong-hand-player-third': '10.3',
  'wrong-hand-banker-third': '10.6.1(a)',
  'third-card-contrary-player': '10.6.1(b)',
  'third-card-contrary-banker': '10.6.2',
  'invalid-wager-return': '10.8.5',
  'insufficient-cards': '10.10',
  'order-undetermined': '10.11',
  'shuffler-malfunction': '15.4',
  'commission-deferral': '9.3.1',
  'commission-outstanding': '9.3.1(a)',
  'commission-player-request': '9.3.1(a)(i)',
  'commission-player-leaving': '9.3.1(a)(ii)',
  'commission-management': '9.3.1(a)(iii)',
  'three-card-rules': '12.1',
  'three-card-boxes': '12.3.1',
  'three-card-cut': '12.4.1',
  'three-card-deal': '12.6.2-12.6.3',
  'three-card-pictures-paid': '12.8.4(a)',
  'misdeal-incorrect-cards-before-look': '12.8.2',
  'misdeal-dealer-incorrect-cards': '12.8.4',
  'misdeal-card-count-discrepancy': '12.8.3(a)',
  'misdeal-unwagered-area-dealt': '12.8.5',
  'misdeal-card-count-unverified': '12.8.8',
};

const policies: RulebookPolicies = {
  settlementClauses: {
    min: c('6.3.1'),
    max: c('6.3.2'),
    differential: c('6.4'),
    chip: c('6.3.3'),
    belowMinimumAdvice: 'the player is advised further such wagers will be returned',
  },
  paymentsRoundedToChips: true,
  differentialReduction: { clause: c('6.4'), afterFirstCard: c('6.4 (a reduction is made before the deal)') },
  furtherBelowMinimum: { clause: c('6.3.1') },
  oncePerCoup: [],
  // A Player/Banker Run needs a wager on the Player or the Banker hand for each coup in the run.
  baseWagerRequired: [{ bets: ['runs-player-banker'], baseBets: ['player', 'banker'], clause: c('5.5.7') }],
  bothMainHands: null,
  oneNominationPerBox: { bets: ['lucky-chase-player', 'lucky-chase-banker'], clause: c('11.2.1; 11.3.1') },
  insurance: { cappedBy: ['player', 'banker'], clause: c("1.1 'Insurance/No 6'") },
  compositeWagerInChips: { clause: c('5.6') },
  oneOneTwoSideWagers: {
    candidates: [
      { sideBet: 'pairs', offered: ['pairs'] },
      { sideBet: 'crown-pairs', offered: ['crown-pairs'] },
      { sideBet: 'dragon-bonus', offered: ['dragon-bonus-player', 'dragon-bonus-banker'] },
    ],
    clause: c("1.1 '1-1-2'"),
  },
  dragonTail: { lateAtIndicator: 1, maximumRun: 6, clause: c("1.1 'Dragon Tail'; Table 7") },
  sideWagerEntitlement: { first: { player: '5.8.3', banker: '5.8.4' }, next: { player: '5.8.5', banker: '5.8.6' }, decline: '5.8.7' },
  abnormalSequenceShuffleBy: TG_HDD,
  orderUndeterminedBy: 'dealer',
  foreignOrMissingCard: { clause: c('(no provision for a foreign or missing card; handled as Crown Melbourne 10.11)'), notifiable: false },
  shufflerMalfunctionByOutcome: false,
  contraryPlayerThirdCard: 'dummy-coup',
  tableOfPlayCitation: null,
  shoeVoid: null,
  gameChange: null,
  noBetCoupBasis: null,
  promotionalTokens: null,
  playerLimits: null,
  voidForfeiture: null,
  wagerChanges: [
    { ground: 'wrong-delivery', authority: { minimumRole: TG_HDD, clause: c('10.7(b)') }, reduce: true, beforeExposure: false, allWithdrawn: c('10.7(c)') },
    {
      ground: 'cards-drawn-unexposed',
      authority: { minimumRole: TG_HDD, clause: c('10.9.1(b), (d)') },
      reduce: true,
      beforeExposure: true,
      dealingMethods: ['cards-to-highest-wagerers', 'dealer-retains-shoe'],
      allWithdrawn: c('10.9.2'),
    },
  ],
  procedureClauses,
};

export const CROWN_MELBOURNE_V29: Rulebook = {
  id: 'crown-melbourne-v29',
  series: 'crown-melbourne-baccarat',
  title: 'Crown Melbourne Limited Baccarat Rules',
  citation: 'Crown Melbourne',
  version: '29.0',
  effectiveFrom: '2025-08-05',
  effectiveFromSource: { stated: true, note: 'Version Control Table (16): version 29.0, 05 August 2025.' },
  jurisdiction: 'VIC',
  operator: 'Crown Melbourne Limited',
  operatorId: 'crown-melbourne',
  casino: 'crown-melbourne',
  regulator: 'VGCCC',
  timeZone: 'Australia/Melbourne',
  source: 'crown-melbourne-baccarat-rules-v29.txt',
  roleTitles: [
    { title: 'Dealer', role: 'dealer', clause: c('1.1 \'Dealer\'') },
    { title: 'TG Higher Duties Dealer', role: 'gaming-supervisor', clause: c('1.1 \'TG Higher Duties Dealer\'; 1.2') },
    { title: 'TG Area Manager', role: 'area-manager', clause: c('1.1 \'TG Area Manager\'') },
    { title: 'Casino Manager', role: 'casino-manager', clause: c('1.1 \'Casino Manager\'') },
    { title: 'Tournament Director', role: 'tournament-director', clause: c('1.1 \'Tournament Director\'; 14.2.3') },
    { title: 'Jackpot Management Console', role: 'jackpot-console', clause: c('1.1 \'Jackpot Management Console\'; 13.4.5') },
    { title: 'VGCCC', role: 'regulator', clause: c('1.1 \'VGCCC\'') },
  ],
  decks: { allowed: [4, 5, 6, 7, 8], clause: c('3.1') },
  variants,
  bets,
  procedures: {
    limitsSign: { clause: c('6.1 (Casino Control Act 1991 (Vic) s66(1)(c))') },
    wagersInChips: { clause: c('5.1') },
    dealingMethods: { allowed: ['cards-to-highest-wagerers', 'dealer-retains-shoe', 'shoe-to-highest-wagerer'], clause: c('7.1.1-7.1.3') },
    dummyCoups: {
      term: 'Dummy Coup',
      directedBy: { minimumRole: TG_HDD, clause: c('7.4; 10.8.1') },
      when: [
        { description: 'at the commencement of a new shoe', clause: c('7.4.1') },
        { description: 'at any time during the course of a shoe', clause: c('7.4.2') },
        { description: 'continuously until a player places a wager at the table', clause: c('7.4.3') },
        { description: 'after the last coup of the shoe', clause: c('7.3.4(d)') },
        { description: 'to keep the card sequence unaffected by a mistake or irregularity', clause: c('10.8.1(a)') },
        { description: 'where there is reasonable cause to believe one is warranted', clause: c('10.8.1(b)') },
      ],
      forcedBy: [
        { description: 'no wagers placed but the dealer burned or dealt cards after "no more bets"', clause: c('10.4') },
        { description: 'the first card of a coup found face up in the shoe', clause: c('10.5.1') },
        { description: 'a third card dealt in error that cannot be used', clause: c('10.6.1(b); 10.6.2') },
        { description: 'cards delivered to the wrong hand or player (at the supervisor\'s choice)', clause: c('10.7(c)') },
        { description: 'all players withdraw their wagers before any card is exposed', clause: c('10.9.2') },
        { description: 'premium gaming: a fifth card drawn early and not needed, returned to the shoe', clause: c('7.1.5(a)(i), (b)(ii)') },
      ],
      wagersOnDummyCoup: {
        effect: 'void-and-returned',
        exceptBets: ['runs-player', 'runs-banker', 'runs-player-banker', 'runs-tie', 'dragon-tail-early', 'dragon-tail-late'],
        clause: c('10.8.4; 10.8.5'),
      },
    },
    burn: {
      methods: [
        { method: 'standard-shown-on-request', clause: c('4.3.1(a)') },
        { method: 'face-value', onRequestOf: 'player', clause: c('4.3.1(b)') },
      ],
      exposeFaceValueBurnCards: { minimumRole: 'casino-manager', clause: c('4.3.1(b)(i)') },
      failureToBurn: { effect: 'previous results stand and play continues; an incomplete first coup may be reconstructed', clause: c('10.1; 10.1.1') },
    },
    cut: {
      cutters: [
        'the player with the highest numbered seat, or a person designated by the TG Higher Duties Dealer (or above)',
        'each seated player clockwise',
        'a TG Higher Duties Dealer (or above)',
      ],
      minimumDecksFromEitherEnd: 1,
      cutCardPlacement: [
        { description: 'cutting card inserted approximately twenty cards from the back', cardsFromBack: 20, qualifier: 'approximately', clause: c('4.2.4(a)') },
        { description: 'thirteen cards fanned from the end and the cutting card inserted', cardsFromBack: 13, qualifier: 'exactly', clause: c('4.2.4(b)') },
      ],
      coupsAfterCutCard: 1,
      noCutWithShufflingDevice: { clause: c('3.1.2; 4.1.1(e)') },
      clause: c('4.2'),
    },
    tableClosing: { notice: { kind: 'coups', coups: 3 }, authority: { minimumRole: TG_HDD, clause: c('15.8') } },
    limitChange: {
      authority: { minimumRole: 'area-manager', clause: c('6.7') },
      raiseMinimumSignMinutes: 20,
      grandfatheredMinimum: { allowed: false, marker: false, clause: c('6.7 (no provision to keep seated players on the old minimum)') },
      clause: c('6.7; 6.1 (Casino Control Act 1991 (Vic) s66(2))'),
    },
    individualLimits: { allowed: true, indicatedBy: 'distinctive-marker', authority: null, clause: c('6.6') },
    proxyBetting: null,
    minimumMaximum: { belowMinimum: 'settled-then-warned', aboveMaximum: 'settled-to-maximum', clause: c('6.3.1; 6.3.2') },
    commission: {
      banker: FIVE_PERCENT,
      bankerClause: c('1.1 \'Traditional Baccarat\'; 9.1 Table 3'),
      deferral: {
        allowed: true,
        seatedPlayersOnly: true,
        approval: 'prior approval of Crown Management',
        settleBy: 'end-of-shoe',
        earlierWhen: [
          `the player requests an earlier settlement (${c('9.3.1(a)(i)')})`,
          `the player ceases wagering before the end of the shoe (${c('9.3.1(a)(ii)')})`,
          `at the discretion of Crown Management (${c('9.3.1(a)(iii)')})`,
        ],
        recordedBy: 'a marker button showing the commission owed, in the space bearing the player\'s number',
        clause: c('9.3.1; 9.3.1(a); 9.3.1(b)'),
      },
    },
    tableDifferential: {
      offered: true,
      definition: 'the maximum risk amount wagered on the Player in relation to the amount wagered on the Banker',
      excess: 'pro-rata-reduction',
      discoveredAfterFirstCard: null,
      overDifferentialCommission: {
        variants: ['traditional'],
        bankerExtra: ratio(25, 1000),
        playerExtra: ratio(25, 1000),
        clause: c('6.5; 6.5.1; 6.5.2'),
      },
      clause: c('6.2; 6.4'),
    },
    chipRounding: { rule: 'next-highest-payable-amount', clause: c('6.3.3') },
    wagerRefusal: { description: 'a wager may be refused before the deal if a win could not be paid exactly in chips', clause: c('5.6') },
    overUnderpayment: null,
    voiding: {
      fraud: { minimumRole: 'casino-manager', clause: c('15.3') },
      disruption: { minimumRole: TG_HDD, clause: c('15.4') },
      equipmentMalfunction: null,
      refund: { description: 'all wagers on the voided result are refunded', clause: c('15.5') },
    },
    disputes: { minimumRole: 'area-manager', clause: c('15.10') },
    luckyTieJackpot: {
      qualifyingHand: 'a Tie in which the first two cards of the Player hand and of the Banker hand each have a value of 8 (8,8,8,8)',
      eligibleBet: 'tie',
      contribution: { description: 'a pre-determined amount per completed coup at a participating table, recorded by the dealing shoe', clause: c('13.4.1; 13.4.2') },
      options: [
        {
          option: '1',
          outcomes: [
            { outcome: 'non-coloured-lucky-tie', description: 'the four 8s are not all the same colour', percentOfMeter: { min: 1, max: 10 } },
            { outcome: 'coloured-lucky-tie', description: 'all four 8s the same colour, not all the same suit', percentOfMeter: { min: 5, max: 20 } },
            { outcome: 'suited-lucky-tie', description: 'all four 8s the same suit', percentOfMeter: { min: 100, max: 100 } },
          ],
          clause: c('13.4.3 Table 20 Option 1'),
        },
        {
          option: '2',
          outcomes: [
            { outcome: 'non-suited-lucky-tie', description: 'the four 8s are not all the same suit', percentOfMeter: { min: 1, max: 20 } },
            { outcome: 'suited-lucky-tie', description: 'all four 8s the same suit', percentOfMeter: { min: 100, max: 100 } },
          ],
          clause: c('13.4.3 Table 20 Option 2'),
        },
        {
          option: '3',
          outcomes: [{ outcome: 'lucky-tie', description: 'any Lucky Tie', percentOfMeter: { min: 100, max: 100 } }],
          clause: c('13.4.3 Table 20 Option 3'),
        },
      ],
      division: { methods: ['equal', 'proportional'], displayedAtTable: true, clause: c('13.4.6(a)(i)-(ii); 13.4.6(b)') },
      rounding: { rule: 'meter-rounded-up-to-payable-amount', clause: c('13.4.7(a)') },
      sequencing: { rule: 'outcomes on linked tables are ordered by when the dealers record them on the Jackpot System', clause: c('13.4.7(b)') },
      recordedBy: { minimumRole: 'dealer', clause: c('13.4.4') },
      confirmation: { minimumRole: 'area-manager', via: 'jackpot-console', notify: 'casino-manager', clause: c('13.4.5') },
      malfunction: [
        { description: 'the jackpot is not offered on a table whose electronic equipment malfunctions until rectified', clause: c('13.4.9(a)') },
        { description: 'coups not recorded after a shoe malfunction: the TG Area Manager (or above) ensures the contributions are made', clause: c('13.4.9(b)') },
      ],
      clauses: {
        creation: c('13.3.1(b); 13.4.1; 13.4.1(a)'),
        tables: c('13.3.1(b)'),
        seed: c('13.4.1'),
        notification: c('13.4.1(a)'),
        option: c('13.4.3 Table 20'),
        division: c('13.4.6(a)'),
        'rounding-unit': c('13.4.7(a)'),
        'parameters-locked-during-hit': c('13.4.1(a); 13.4.7'),
        contribution: c('13.4.1; 13.4.2'),
        // A coup the jackpot can no longer check is a dispute for the TG Area Manager (15.10).
        'contribution-forgotten-shoe': c('13.4.2; 15.10'),
        links: c('13.3.1(b); 13.4.1'),
        detection: c("1.1 'Lucky Tie Jackpot'; 13.4.3 Table 20"),
        mismatch: c('13.4.4; 13.4.3 Table 20'),
        reversal: c('13.4.1'),
        'reversal-forgotten-shoe': c('13.4.1; 15.10'),
        'reversal-shortfall': c('13.4.1; 15.10'),
        'void-dismisses-hit': c('13.4.1; 13.4.3'),
        'voided-after-payout': c('15.5; 13.4.5; 15.10'),
        'hit-recording': c('13.4.4'),
        'hit-recorded': c('13.4.4; 13.4.7(b)'),
        'hit-not-detected': c("1.1 'Lucky Tie Jackpot'; 13.4.3"),
        confirmation: c('13.4.5'),
        sequence: c('13.4.7(b)'),
        'mismatch-resolution': c('13.4.4; 13.4.5'),
        confirmed: c('13.4.5; 13.4.7(a)'),
        payment: c('13.4.6; 13.4.8'),
        reset: c('13.4.1'),
        adjustment: c("1.1 'Jackpot Management Console'"),
        'adjustment-during-hit': c('13.4.5; 13.4.7(a)'),
        suspension: c('13.4.9(a)'),
        backfill: c('13.4.9(b)'),
      },
    },
    promotionalPrizes: null,
    tournaments: {
      ...crownMelbourneTournament(c),
      director: { title: 'Tournament Director', role: 'tournament-director', clause: c('14.2.3') },
      exclusiveTables: { clause: c('14.2.5') },
      tournamentChips: { clause: c('14.2.5; 14.4.4(a)') },
      noJackpot: { clause: c('14.2.5; 14.4.4(a); 13.4.1; 13.4.8') },
      features: [
        { feature: 'secret wagers', clause: c('14.4.4(c)') },
        { feature: 'pass cards', clause: c('14.4.4(d)') },
        { feature: 'all-in markers', clause: c('14.4.4(e)') },
        { feature: 'stand-off markers', clause: c('14.4.4(f)') },
        { feature: 're-buy markers', clause: c('14.4.4(g)') },
        { feature: 'VGCCC advised before the tournament', clause: c('14.2.2(b)') },
      ],
      excludedRules: [],
      clause: c('14'),
    },
  },
  policies,
};
