/**
 * Crown Sydney "How to Play Baccarat" player guide (rules approved by ILGA). Undated, no clause numbers: entries
 * cite the guide's section headings ("Crown Sydney guide, Pay Out Odds"). The guide is a summary of the game
 * rules, so it says nothing about most procedures; those are `null` (not addressed), never "allowed".
 * Source: docs/rules/crown-sydney-baccarat-how-to-play.txt.
 */
import type { RulebookPolicies } from './policies.types';
import type { BetDefinition, BetId, Rulebook } from './rulebook.types';
import { push, ratio, table, win } from './pay-table-builders';
import { UNDATED_EFFECTIVE_FROM } from './undated';

const c = (section: string) => `Crown Sydney guide, ${section}`;
const ODDS = c('Pay Out Odds');
const TIE_STANDS_OFF = c('Pay Out Odds (the guide gives no Tie result for Player/Banker; stand-off assumed as in the NSW rules)');
const TIGER = c('Tiger Baccarat');

const bets: BetDefinition[] = [
  {
    bet: 'player',
    name: 'Player',
    clause: c('Game Overview'),
    payTables: [
      table('player', 'standard', 'Player (Traditional and Crown Baccarat)', ODDS, [win('player-wins', 1, 1, ODDS), push('tie', TIE_STANDS_OFF)]),
    ],
  },
  {
    bet: 'banker',
    name: 'Banker',
    clause: c('Game Overview'),
    payTables: [
      table('banker', 'traditional', 'Banker, Traditional Baccarat', ODDS, [
        win('banker-wins', 1, 1, c('Pay Out Odds (1 to 1 less 5% commission)'), ratio(5, 100)),
        push('tie', TIE_STANDS_OFF),
      ]),
      table('banker', 'crown', 'Banker, Crown Baccarat', ODDS, [
        win('banker-wins-not-with-6', 1, 1, ODDS),
        win('banker-wins-with-6', 1, 1, c('About the Game (1 to 1 less 50% commission); Pay Out Odds (paid at 1 to 2)'), ratio(50, 100)),
        push('tie', TIE_STANDS_OFF),
      ]),
    ],
  },
  { bet: 'tie', name: 'Tie', clause: ODDS, payTables: [table('tie', 'standard', 'Tie', ODDS, [win('tie', 8, 1, ODDS)])] },
  {
    bet: 'perfect-pairs',
    name: 'Perfect Pairs',
    clause: c('Perfect Pairs'),
    payTables: [
      table('perfect-pairs', '1', 'Perfect Pairs', c('Perfect Pairs'), [
        win('mixed-pair', 6, 1, c('Perfect Pairs')),
        win('coloured-pair', 12, 1, c('Perfect Pairs')),
        win('suited-pair', 25, 1, c('Perfect Pairs')),
      ]),
    ],
  },
  {
    bet: 'pairs',
    name: 'Baccarat Pairs',
    clause: c('Baccarat Pairs'),
    payTables: [table('pairs', 'standard', 'Baccarat Pairs', c('Baccarat Pairs'), [win('pair', 11, 1, c('Baccarat Pairs'))])],
  },
  {
    bet: 'super-6',
    name: 'Super 6',
    clause: c('Super 6'),
    payTables: [table('super-6', '16', 'Super 6 (16 to 1)', c('Super 6'), [win('banker-wins-with-6', 16, 1, c('Super 6'))])],
  },
  {
    bet: 'tiger-tie',
    name: 'Tiger Tie',
    clause: TIGER,
    payTables: [table('tiger-tie', '1', 'Tiger Tie', TIGER, [win('tie-on-6', 45, 1, TIGER)], 'tiger')],
  },
  {
    bet: 'tiger-pair',
    name: 'Tiger Pair',
    clause: TIGER,
    payTables: [
      table('tiger-pair', '1', 'Tiger Pair', TIGER, [
        win('single-tiger-pair', 4, 1, TIGER),
        win('double-tiger-pair', 25, 1, TIGER),
        win('twin-tiger-pair', 100, 1, TIGER),
      ], 'tiger'),
    ],
  },
  {
    bet: 'tiger',
    name: 'Tiger',
    clause: TIGER,
    payTables: [
      table('tiger', '1', 'Tiger', TIGER, [
        win('banker-wins-with-two-card-6', 12, 1, TIGER),
        win('banker-wins-with-three-card-6', 22, 1, TIGER),
      ], 'tiger'),
    ],
  },
  {
    bet: 'big-tiger',
    name: 'Big Tiger',
    clause: TIGER,
    payTables: [table('big-tiger', '1', 'Big Tiger', TIGER, [win('banker-wins-with-three-card-6', 55, 1, TIGER)], 'tiger')],
  },
  {
    bet: 'small-tiger',
    name: 'Small Tiger',
    clause: TIGER,
    payTables: [table('small-tiger', '1', 'Small Tiger', TIGER, [win('banker-wins-with-two-card-6', 22, 1, TIGER)], 'tiger')],
  },
  {
    bet: 'one-one-two',
    name: '1-1-2',
    clause: c('Baccarat Side Bets'),
    payTables: [
      {
        bet: 'one-one-two',
        option: 'crown-sydney-guide',
        name: '1-1-2: two units on Tie, one unit on each Pairs bet',
        clause: c('Baccarat Side Bets (1-1-2)'),
        entries: [],
        composition: [
          { part: 'tie', bet: 'tie', share: ratio(1, 2) },
          { part: 'player-side-wager', bet: 'pairs', share: ratio(1, 4) },
          { part: 'banker-side-wager', bet: 'pairs', share: ratio(1, 4) },
        ],
      },
    ],
  },
];

const ALL: BetId[] = bets.map((b) => b.bet);

/** The guide states no procedures: every policy is absent, and procedures cite the Crown Melbourne clause applied. */
const applying = (crownMelbourne: string) => `Crown Sydney guide (no provision; applying Crown Melbourne ${crownMelbourne})`;
const policies: RulebookPolicies = {
  settlementClauses: { min: applying('6.3.1'), max: applying('6.3.2'), differential: applying('6.4'), chip: applying('6.3.3') },
  paymentsRoundedToChips: true,
  differentialReduction: null,
  furtherBelowMinimum: null,
  oncePerCoup: [],
  baseWagerRequired: [],
  bothMainHands: null,
  oneNominationPerBox: null,
  insurance: null,
  compositeWagerInChips: null,
  oneOneTwoSideWagers: null,
  dragonTail: null,
  sideWagerEntitlement: null,
  abnormalSequenceShuffleBy: 'gaming-supervisor',
  orderUndeterminedBy: 'dealer',
  foreignOrMissingCard: { clause: 'Crown Sydney guide (no provision for a foreign or missing card; handled as Crown Melbourne 10.11)', notifiable: false },
  shufflerMalfunctionByOutcome: false,
  contraryPlayerThirdCard: 'dummy-coup',
  tableOfPlayCitation: null,
  shoeVoid: null,
  gameChange: null,
  noBetCoupBasis: null,
  promotionalTokens: null,
  playerLimits: null,
  voidForfeiture: null,
  wagerChanges: [],
  procedureClauses: {},
};

export const CROWN_SYDNEY_GUIDE: Rulebook = {
  id: 'crown-sydney-guide',
  series: 'crown-sydney-baccarat',
  title: 'Crown Sydney How to Play Baccarat',
  citation: 'Crown Sydney guide',
  version: 'player guide (undated)',
  effectiveFrom: UNDATED_EFFECTIVE_FROM,
  effectiveFromSource: { stated: false, note: 'The guide carries no date; it is treated as in force for any play until a dated Crown Sydney rulebook is added.' },
  jurisdiction: 'NSW',
  operator: 'Crown Sydney',
  operatorId: 'crown-sydney',
  casino: 'crown-sydney',
  regulator: 'ILGA',
  timeZone: 'Australia/Sydney',
  source: 'crown-sydney-baccarat-how-to-play.txt',
  roleTitles: [],
  decks: { allowed: [8], clause: c('Game Overview (played with eight decks)') },
  variants: [
    {
      id: 'traditional',
      name: 'Traditional Baccarat',
      mainBetOptions: { player: ['standard'], banker: ['traditional'], tie: ['standard'] },
      allowedBets: ALL,
      allowedBetsClause: c('Baccarat Side Bets'),
      publishedHouseEdgePercent: { percent: ratio(115, 100), clause: c('Game Overview (1.15%, side wagers excluded)') },
      clause: c('About the Game'),
    },
    {
      id: 'crown-baccarat',
      name: 'Crown Baccarat',
      mainBetOptions: { player: ['standard'], banker: ['crown'], tie: ['standard'] },
      allowedBets: ALL,
      allowedBetsClause: c('Baccarat Side Bets'),
      publishedHouseEdgePercent: { percent: ratio(135, 100), clause: c('Game Overview (1.35%, side wagers excluded)') },
      clause: c('About the Game'),
    },
  ],
  bets,
  procedures: {
    limitsSign: null,
    wagersInChips: null,
    dealingMethods: null,
    dummyCoups: null,
    burn: null,
    cut: null,
    tableClosing: null,
    limitChange: null,
    individualLimits: null,
    proxyBetting: null,
    minimumMaximum: null,
    commission: { banker: ratio(5, 100), bankerClause: c('About the Game; Pay Out Odds'), deferral: null },
    tableDifferential: null,
    chipRounding: null,
    wagerRefusal: null,
    overUnderpayment: null,
    voiding: null,
    disputes: null,
    luckyTieJackpot: null,
    promotionalPrizes: null,
    tournaments: null,
  },
  policies,
};
