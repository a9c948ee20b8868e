/**
 * Crown Melbourne, Rules for Rapid Baccarat (ATS chip accounts, SGC dealer console; VCGR, now VGCCC). Undated.
 * Source: docs/rules/crown-melbourne-rapid-baccarat-rules.txt. Clauses are cited as "Rapid <n>".
 */
import type { RulebookPolicies } from './policies.types';
import type { BetDefinition, BetId, PayTable, Rulebook } from './rulebook.types';
import { push, ratio, table, voided, win } from './pay-table-builders';
import { UNDATED_EFFECTIVE_FROM } from './undated';
import { rapidTournament } from './tournament-rules';

const c = (clause: string) => `Rapid ${clause}`;
const S = c('10.1');
const UNIFORM = { clause: c('10.1 (footnote: all tables offering this side wager must offer the same payout odds)') };
/** The Player and Banker Dragon Bonus are the two betting areas of one side wager (1.1 'Dragon Bonus', 2.4): one option. */
const UNIFORM_DRAGON_BONUS = { clause: c("10.1 (footnote: all tables offering this side wager must offer the same payout odds); 1.1 'Dragon Bonus'; 2.4"), sideWager: { id: 'dragon-bonus', name: 'Dragon Bonus' } };

/** Dragon Bonus options 1-3 by row (10.1). */
const DRAGON_BONUS: Record<'1' | '2' | '3', readonly [number, number, number, number, number, number, number]> = {
  //      natural, by 4, by 5, by 6, by 7, by 8, by 9
  '1': [1, 1, 2, 4, 6, 10, 30],
  '2': [1, 1, 3, 4, 7, 8, 20],
  '3': [1, 2, 2, 4, 4, 10, 30],
};
const dragonBonus = (bet: BetId): PayTable[] =>
  (['1', '2', '3'] as const).map((option) => {
    const [natural, by4, by5, by6, by7, by8, by9] = DRAGON_BONUS[option];
    return table(bet, option, `Dragon Bonus option ${option}`, S, [
      win('wins-with-natural', natural, 1, S),
      win('wins-by-4', by4, 1, S),
      win('wins-by-5', by5, 1, S),
      win('wins-by-6', by6, 1, S),
      win('wins-by-7', by7, 1, S),
      win('wins-by-8', by8, 1, S),
      win('wins-by-9', by9, 1, S),
      push('natural-tie', S),
      { outcome: 'non-natural-tie', resolution: 'lose', clause: S },
    ]);
  });

const TIE_VOID = c('10.1 (** in the event of a Tie, Player and Banker wagers are void)');

const bets: BetDefinition[] = [
  {
    bet: 'player',
    name: 'Player',
    clause: c('4.10.1'),
    payTables: [
      table('player', 'standard', 'Player (Traditional and Crown Baccarat)', S, [win('player-wins', 1, 1, S), voided('tie', TIE_VOID)]),
    ],
  },
  {
    bet: 'banker',
    name: 'Banker',
    clause: c('4.10.2'),
    payTables: [
      table('banker', 'traditional', 'Banker, Traditional Baccarat', S, [
        win('banker-wins', 1, 1, c('10.1 (1 to 1 less 5% commission); 4.8.2(a)'), ratio(5, 100)),
        voided('tie', TIE_VOID),
      ]),
      table('banker', 'crown', 'Banker, Crown Baccarat', S, [
        win('banker-wins-not-with-6', 1, 1, S),
        win('banker-wins-with-6', 1, 1, c('10.1 (1 to 1 less 50% commission, $100 pays $50)'), ratio(50, 100)),
        voided('tie', TIE_VOID),
      ]),
    ],
  },
  { bet: 'tie', name: 'Tie', clause: c('4.10.3'), payTables: [table('tie', 'standard', 'Tie', S, [win('tie', 8, 1, S)])] },
  { bet: 'dragon-bonus-player', name: 'Player Dragon Bonus', clause: c('4.10.4; 2.4'), payTables: dragonBonus('dragon-bonus-player'), uniformAcrossTables: UNIFORM_DRAGON_BONUS },
  { bet: 'dragon-bonus-banker', name: 'Banker Dragon Bonus', clause: c('4.10.5; 2.4'), payTables: dragonBonus('dragon-bonus-banker'), uniformAcrossTables: UNIFORM_DRAGON_BONUS },
  {
    bet: 'perfect-pairs',
    name: 'Baccarat Perfect Pairs',
    clause: c('4.10.6-4.10.7; 2.3'),
    payTables: [
      table('perfect-pairs', '1', 'Perfect Pairs option 1', S, [win('mixed-pair', 6, 1, S), win('coloured-pair', 12, 1, S), win('suited-pair', 25, 1, S)]),
      table('perfect-pairs', '2', 'Perfect Pairs option 2', S, [win('mixed-pair', 5, 1, S), win('coloured-pair', 10, 1, S), win('suited-pair', 30, 1, S)]),
    ],
    decks: { allowed: [8], clause: c('3.1.1') },
    uniformAcrossTables: UNIFORM,
  },
  {
    bet: 'pairs',
    name: 'Baccarat Pairs',
    clause: c('4.10.8-4.10.9; 2.5'),
    payTables: [table('pairs', 'standard', 'Baccarat Pairs', S, [win('pair', 11, 1, S)])],
  },
  {
    bet: 'super-6',
    name: 'Super 6',
    clause: c('4.10.10; 2.6'),
    payTables: [table('super-6', '12', 'Super 6 (12 to 1)', S, [win('banker-wins-with-6', 12, 1, S)])],
  },
];

const ALL: BetId[] = bets.map((b) => b.bet);

const policies: RulebookPolicies = {
  // The ATS does not display a wager outside the limits (5.3.1-5.3.3); winnings are credited to the chip account
  // with the commission deducted (4.8.2(a)), so no payment is rounded to a chip.
  settlementClauses: { min: c('5.3.1'), max: c('5.3.2'), differential: c('5.1'), chip: c('4.8.2(a)') },
  paymentsRoundedToChips: false,
  differentialReduction: null,
  furtherBelowMinimum: null,
  oncePerCoup: [],
  baseWagerRequired: [
    { bets: ['pairs', 'perfect-pairs'], baseBets: ['player', 'banker', 'tie', 'dragon-bonus-player', 'dragon-bonus-banker'], clause: c('4.11.1') },
  ],
  bothMainHands: null,
  oneNominationPerBox: null,
  insurance: null,
  compositeWagerInChips: null,
  oneOneTwoSideWagers: null,
  dragonTail: null,
  sideWagerEntitlement: null,
  abnormalSequenceShuffleBy: 'area-manager',
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
  wagerChanges: [],
  procedureClauses: {
    'open-table': '5.1',
    // A Rapid table is made up of its ATSs (up to 50): a player's place at it is one of them.
    'box-at-table': '2.2(a)',
    'dealer-duties': "1.1 'Dealer'",
    'start-shoe': '3.6',
    burn: '3.8',
    'last-coup': '3.9',
    'abnormal-sequence-shuffle': '3.5.3',
    'no-more-bets': '6.3',
    'bet-not-offered': '6.1',
    deal: '8.3',
    'excess-card': '11.2',
    'first-card-face-up': '11.6.1',
    'card-face-up-later': '11.6.2',
    'wrong-hand-first-four-player': '11.3',
    'wrong-hand-player-third': '11.3',
    'wrong-hand-banker-third': '11.7.1(a)',
    'third-card-contrary-player': '11.7.1(b)',
    'third-card-contrary-banker': '11.7.2',
    'shuffler-malfunction': '11.10',
  },
};

export const CROWN_MELBOURNE_RAPID: Rulebook = {
  id: 'crown-melbourne-rapid',
  series: 'crown-melbourne-rapid-baccarat',
  title: 'Crown Melbourne Rules for Rapid Baccarat',
  citation: 'Rapid',
  version: 'undated',
  effectiveFrom: UNDATED_EFFECTIVE_FROM,
  effectiveFromSource: {
    stated: false,
    note: 'The text carries no date or version; it names the VCGR (replaced in 2012), so it is treated as in force from before any play the platform records.',
  },
  jurisdiction: 'VIC',
  operator: 'Crown Melbourne Limited',
  operatorId: 'crown-melbourne',
  casino: 'crown-melbourne',
  regulator: 'VCGR',
  timeZone: 'Australia/Melbourne',
  source: 'crown-melbourne-rapid-baccarat-rules.txt',
  roleTitles: [
    { title: 'Dealer', role: 'dealer', clause: c('1.1 \'Dealer\'') },
    { title: 'Game Supervisor', role: 'gaming-supervisor', clause: c('1.1 \'Game Supervisor\'; 1.2') },
    { title: 'Casino Supervisor', role: 'area-manager', clause: c('1.1 \'Casino Supervisor\' (other than the Game Supervisor or the Dealer)') },
    { title: 'Tournament Director', role: 'tournament-director', clause: c('1.1 \'Tournament Director\'; 12.1.2') },
    { title: 'VCGR', role: 'regulator', clause: c('1.1 \'VCGR\'') },
  ],
  decks: { allowed: [4, 5, 6, 7, 8], clause: c('3.1') },
  variants: [
    {
      id: 'traditional',
      name: 'Traditional Baccarat',
      mainBetOptions: { player: ['standard'], banker: ['traditional'], tie: ['standard'] },
      allowedBets: ALL,
      allowedBetsClause: c('4.10; 1.1 (side wagers offered on both Traditional and Crown Baccarat)'),
      clause: c('1.1 \'Traditional Baccarat\'; 10.1'),
    },
    {
      id: 'crown-baccarat',
      name: 'Crown Baccarat',
      mainBetOptions: { player: ['standard'], banker: ['crown'], tie: ['standard'] },
      allowedBets: ALL,
      allowedBetsClause: c('4.10; 1.1 (side wagers offered on both Traditional and Crown Baccarat)'),
      noticeRequired: { text: 'Crown Baccarat is in play', clause: c('7.1') },
      clause: c('1.1 \'Crown Baccarat\'; 7.1; 10.1'),
    },
  ],
  bets,
  procedures: {
    limitsSign: { clause: c('5.1; 5.2 (each ATS is a location under s66)') },
    wagersInChips: { clause: c('4.1 (money standing to the credit of an ATS chip account)') },
    dealingMethods: { allowed: ['dealer-retains-shoe'], clause: c('8.3.1') },
    dummyCoups: {
      term: 'Dummy Coup',
      directedBy: null,
      when: [],
      forcedBy: [
        { description: 'no wagers placed, the wagering period elapsed and the dealer burned or dealt cards', clause: c('11.5') },
        { description: 'the first card of a coup found face up in the shoe', clause: c('11.6.1') },
        { description: 'a third card dealt in error that cannot be used', clause: c('11.7.1(b); 11.7.2') },
      ],
      wagersOnDummyCoup: { effect: 'void-and-returned', exceptBets: [], clause: c('11.8.2; 11.8.4; 11.8.5') },
    },
    burn: {
      methods: [
        { method: 'standard-shown-on-request', clause: c('3.8.1') },
        { method: 'face-value', onRequestOf: 'player', clause: c('3.8.2') },
      ],
      failureToBurn: { effect: 'previous results stand and play continues; an incomplete first coup may be reconstructed', clause: c('11.1; 11.1.1') },
    },
    cut: {
      cutters: ['the Game Supervisor (or above)'],
      minimumDecksFromEitherEnd: 1,
      cutCardPlacement: [
        { description: 'cutting card inserted approximately twenty cards from the back', cardsFromBack: 20, qualifier: 'approximately', clause: c('3.7.1') },
        { description: 'thirteen cards fanned from the end and the cutting card inserted', cardsFromBack: 13, qualifier: 'exactly', clause: c('3.7.2') },
      ],
      coupsAfterCutCard: 1,
      clause: c('3.7; 3.9'),
    },
    tableClosing: { notice: { kind: 'sign-minutes', minutes: 20 }, authority: { minimumRole: 'area-manager', clause: c('13.7') } },
    limitChange: {
      authority: null,
      raiseMinimumSignMinutes: 20,
      grandfatheredMinimum: null,
      clause: c('5.1 (Casino Control Act 1991 s66(2)); 5.2 (each ATS is a location)'),
    },
    individualLimits: null,
    proxyBetting: null,
    minimumMaximum: { belowMinimum: 'not-accepted', aboveMaximum: 'reduced-to-maximum', clause: c('5.3.1; 5.3.2; 5.3.3') },
    commission: {
      banker: ratio(5, 100),
      bankerClause: c('1.1 \'Traditional Baccarat\'; 10.1'),
      deferral: { allowed: false, clause: c('4.8.2(a) (commission is deducted before the ATS chip account is credited)') },
    },
    tableDifferential: null,
    chipRounding: null,
    wagerRefusal: null,
    overUnderpayment: null,
    voiding: {
      fraud: { minimumRole: 'area-manager', clause: c('13.3.2') },
      disruption: { minimumRole: 'area-manager', clause: c('13.3.1') },
      equipmentMalfunction: { minimumRole: 'gaming-supervisor', clause: c('11.10') },
      refund: { description: 'all wagers on the invalidated result are refunded', clause: c('13.4') },
    },
    disputes: { minimumRole: 'area-manager', clause: c('13.9') },
    luckyTieJackpot: null,
    promotionalPrizes: null,
    tournaments: {
      ...rapidTournament(c),
      director: { title: 'Tournament Director', role: 'tournament-director', clause: c('12.1.2') },
      exclusiveTables: { clause: c('12.3.2') },
      tournamentChips: { clause: c('12.3.2; 12.2.1(b)') },
      noJackpot: null,
      features: [
        { feature: 'conditions approved in writing by the Executive Commissioner of the VCGR', clause: c('12.1.3') },
        { feature: 'tournament conditions may exclude or modify ATS chip account rules', clause: c('12.2.2') },
        { feature: 'substitute players with the Tournament Director\'s approval', clause: c('12.3.3') },
      ],
      excludedRules: [],
      clause: c('12'),
    },
  },
  policies,
};
