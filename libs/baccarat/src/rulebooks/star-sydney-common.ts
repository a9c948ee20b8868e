/**
 * What the 2021 (ILGA) and 2024 (NICC) Star Sydney Baccarat rules share, built per edition so every clause is
 * cited against the edition in force ("Star 2021 6.7" / "Star 2024 6.7"). The differences (layouts, the
 * face-value burn numbering, proxy betting, over/underpayments, promotional prizes) are passed in by
 * star-sydney-2021.ts and star-sydney-2024.ts.
 */
import type { RulebookPolicies } from './policies.types';
import type { BetDefinition, BetId, PayTable, Procedures, Rulebook } from './rulebook.types';
import { push, ratio, table, win } from './pay-table-builders';
import { starTournament } from './tournament-rules';

export interface StarEdition {
  readonly id: 'star-sydney-2021' | 'star-sydney-2024';
  readonly c: (clause: string) => string;
  readonly effectiveFrom: string;
  readonly effectiveFromNote: string;
  readonly regulator: 'ILGA' | 'NICC';
  readonly source: string;
  /** Layout diagrams on which each optional bet may be offered (10.2, 10.9, 10.14, 10.19, 10.25, 10.30, 10.35). */
  readonly layouts: { readonly pairs: readonly string[]; readonly superSix: readonly string[]; readonly tiger: readonly string[] };
  readonly faceValueBurnClause: string;
  /** The clause letting a casino supervisor limit players at the table or per box (2024 5.9), where the edition has one. */
  readonly playerLimits: string | null;
  readonly proxyBetting: Procedures['proxyBetting'];
  readonly overUnderpayment: Procedures['overUnderpayment'];
  readonly promotionalPrizes: NonNullable<Procedures['promotionalPrizes']>;
}

/**
 * Star 1.1: "Casino Supervisor ... includes a gaming supervisor/Assistant Gaming Manager". A power given to a
 * casino supervisor may therefore be exercised by a Gaming Supervisor (or above).
 */
export const STAR_CASINO_SUPERVISOR = 'gaming-supervisor' as const;

const TIGER_FAMILY: BetId[] = ['tiger-tie', 'tiger-pair', 'tiger', 'big-tiger', 'small-tiger'];

export const starSydneyRulebook = (e: StarEdition): Rulebook => {
  const { c } = e;
  const cs = (clause: string) => ({ minimumRole: STAR_CASINO_SUPERVISOR, clause: c(clause) });
  const SIX_OR_EIGHT = { allowed: [6, 8], clause: c('3.1') };
  const layout = (diagrams: readonly string[], clause: string) => ({ diagrams, clause: c(clause) });

  const tigerTable = (bet: BetId, clause: string, entries: PayTable['entries']): PayTable =>
    // Star's Tiger odds are Crown Melbourne Table 16 option 1; the option keeps that number.
    table(bet, '1', `${bet} (Star ${clause})`, c(clause), entries, 'tiger');

  const bets: BetDefinition[] = [
    {
      bet: 'player',
      name: "Player's Hand",
      clause: c('5.1.1'),
      payTables: [
        table('player', 'standard', "Player's Hand (Baccarat and Even Money Baccarat)", c('11.1.2; 11.2.1'), [
          win('player-wins', 1, 1, c('11.1.2; 11.2.1')),
          push('tie', c('5.1.1.3')),
        ]),
      ],
    },
    {
      bet: 'banker',
      name: "Banker's Hand",
      clause: c('5.1.2'),
      payTables: [
        table('banker', 'traditional', "Banker's Hand, Baccarat", c('11.1.3'), [win('banker-wins', 19, 20, c('11.1.3')), push('tie', c('5.1.2.3'))]),
        // Even Money Baccarat pays the Banker as Crown Baccarat does (a win on 6 at 1 to 2): option 'crown', as the
        // settlement engine names it.
        table('banker', 'crown', "Banker's Hand, Even Money Baccarat", c('11.2.2'), [
          win('banker-wins-not-with-6', 1, 1, c('11.2.2')),
          win('banker-wins-with-6', 1, 2, c('11.2.2')),
          push('tie', c('5.1.2.3')),
        ]),
      ],
    },
    { bet: 'tie', name: 'Tie', clause: c('5.1.3'), payTables: [table('tie', 'standard', 'Tie', c('11.1.5; 11.2.3'), [win('tie', 8, 1, c('11.1.5'))])] },
    {
      bet: 'pairs',
      name: 'Baccarat Pairs',
      clause: c('10.2-10.8'),
      payTables: [table('pairs', 'standard', 'Baccarat Pairs', c('10.7; 11.1.4'), [win('pair', 11, 1, c('10.7; 11.1.4'))])],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.pairs, '10.2'),
    },
    {
      bet: 'super-6',
      name: 'Super Six',
      clause: c('10.9-10.13'),
      payTables: [table('super-6', '15', 'Super Six (15 to 1)', c('11.1.6'), [win('banker-wins-with-6', 15, 1, c('11.1.6'))])],
      layouts: layout(e.layouts.superSix, '10.9'),
    },
    {
      bet: 'tiger-tie',
      name: 'Tiger Tie',
      clause: c('10.14-10.18'),
      payTables: [tigerTable('tiger-tie', '11.1.7', [win('tie-on-6', 45, 1, c('11.1.7'))])],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.tiger, '10.14'),
    },
    {
      bet: 'tiger-pair',
      name: 'Tiger Pair',
      clause: c('10.19-10.24'),
      payTables: [
        tigerTable('tiger-pair', '11.1.8', [
          win('single-tiger-pair', 4, 1, c('11.1.8.1')),
          win('double-tiger-pair', 25, 1, c('11.1.8.2')),
          win('twin-tiger-pair', 100, 1, c('11.1.8.3')),
        ]),
      ],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.tiger, '10.19'),
    },
    {
      bet: 'tiger',
      name: 'Tiger',
      clause: c('10.25-10.29'),
      payTables: [
        tigerTable('tiger', '11.1.9', [
          win('banker-wins-with-two-card-6', 12, 1, c('11.1.9.1')),
          win('banker-wins-with-three-card-6', 22, 1, c('11.1.9.2')),
        ]),
      ],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.tiger, '10.25'),
    },
    {
      bet: 'big-tiger',
      name: 'Big Tiger',
      clause: c('10.30-10.34'),
      payTables: [tigerTable('big-tiger', '11.1.10', [win('banker-wins-with-three-card-6', 55, 1, c('11.1.10'))])],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.tiger, '10.30'),
    },
    {
      bet: 'small-tiger',
      name: 'Small Tiger',
      clause: c('10.35-10.39'),
      payTables: [tigerTable('small-tiger', '11.1.11', [win('banker-wins-with-two-card-6', 22, 1, c('11.1.11'))])],
      decks: SIX_OR_EIGHT,
      layouts: layout(e.layouts.tiger, '10.35'),
    },
  ];
  const ALL: BetId[] = ['player', 'banker', 'tie', 'pairs', 'super-6', ...TIGER_FAMILY];

  const onePerCoup = (bet: BetId, clause: string) => ({ bet, perHand: false, rule: 'ONE_WAGER_PER_COUP', clause: c(clause) });
  const policies: RulebookPolicies = {
    settlementClauses: { min: c('6.4'), max: c('6.5'), differential: c('6.2'), chip: c('5.8') },
    paymentsRoundedToChips: true,
    differentialReduction: { clause: c('6.2'), afterFirstCard: c('6.3') },
    furtherBelowMinimum: null,
    oncePerCoup: [
      { bet: 'pairs', perHand: true, rule: 'ONE_PAIRS_WAGER_PER_HAND', clause: c('10.5') },
      { bet: 'super-6', perHand: false, rule: 'ONE_SUPER_SIX_WAGER_PER_COUP', clause: c('10.12') },
      onePerCoup('tiger-tie', '10.17'),
      onePerCoup('tiger-pair', '10.22'),
      onePerCoup('tiger', '10.28'),
      onePerCoup('big-tiger', '10.33'),
      onePerCoup('small-tiger', '10.38'),
    ],
    baseWagerRequired: [],
    bothMainHands: { approval: STAR_CASINO_SUPERVISOR, clause: c('5.6.6-5.6.7') },
    oneNominationPerBox: null,
    insurance: null,
    compositeWagerInChips: null,
    oneOneTwoSideWagers: null,
    dragonTail: null,
    sideWagerEntitlement: null,
    abnormalSequenceShuffleBy: STAR_CASINO_SUPERVISOR,
    orderUndeterminedBy: STAR_CASINO_SUPERVISOR,
    foreignOrMissingCard: { clause: c('12.11'), notifiable: true },
    shufflerMalfunctionByOutcome: true,
    contraryPlayerThirdCard: 'next-coup',
    tableOfPlayCitation: 'Star Sydney',
    shoeVoid: { minimumRole: STAR_CASINO_SUPERVISOR, clause: c('4.13') },
    gameChange: { minimumRole: STAR_CASINO_SUPERVISOR, clause: c('14.8') },
    noBetCoupBasis: { noPatrons: c('7.4'), allPlayersAgree: c('7.5'), either: c('7.4; 7.5') },
    promotionalTokens: { clause: c("5.2; 1.1 'Casino Promotional Token'") },
    playerLimits: e.playerLimits ? cs(e.playerLimits) : null,
    voidForfeiture: cs('14.5'),
    wagerChanges: [
      // After a reconstruction each player may remove their own wager; once removed it cannot be replaced, nor the rest changed.
      { ground: 'reconstruction', authority: cs('12.1.1'), reduce: false, beforeExposure: false, allWithdrawn: c('12.1.1') },
      { ground: 'supervisor-modification', authority: cs('12.12'), reduce: true, beforeExposure: true, exceptDealingMethods: ['method-a'], allWithdrawn: c('12.12') },
    ],
    procedureClauses: {
      'open-table': '6.1',
      'dealer-duties': "1.1 'Dealer'",
      'box-at-table': '5.1',
      'start-shoe': '4.1',
      'cut-before-burn': '4.3',
      burn: '4.7',
      'burn-before-play': '4.7',
      'last-coup': '4.9',
      'cut-card-before-first-card': '4.10',
      'abnormal-sequence-shuffle': '4.1.3',
      'start-coup': '7.1',
      'accept-wagers': '5.1',
      'wager-on-dummy': '12.4',
      'no-more-bets': '5.4',
      'bet-not-offered': '5.1; 10.1',
      'wagers-in-chips': '5.2',
      'mid-coup-only': '5.4',
      'below-minimum-refused': '6.1; 6.4',
      'box-maximum': '6.1; 6.5',
      'side-required': '10.6',
      deal: '7.3',
      'first-card-face-up': '12.3',
      'card-face-up-later': '12.5',
      'wrong-hand-first-four-player': '12.1.1',
      'wrong-hand-first-four-banker': '12.1.1',
      'wrong-hand-player-third': '12.1.1',
      'wrong-hand-banker-third': '12.2',
      'third-card-contrary-player': '12.2',
      'third-card-contrary-banker': '12.3',
      'invalid-wager-return': '12.17',
      'insufficient-cards': '12.6',
      'order-undetermined': '12.1.2',
      'shuffler-malfunction': '13',
      'shuffler-malfunction-transferred': '13.2',
      'shuffler-malfunction-cards-damaged': '13.3',
      'shuffler-malfunction-disadvantage': '13.4',
      'shuffler-malfunction-no-other-device': '13.5',
    },
  };

  return {
    id: e.id,
    series: 'star-sydney-baccarat',
    title: 'The Star Sydney Rules for the playing of Baccarat',
    citation: e.id === 'star-sydney-2021' ? 'Star 2021' : 'Star 2024',
    version: e.id === 'star-sydney-2021' ? '2021 (ILGA)' : '2024 (NICC)',
    effectiveFrom: e.effectiveFrom,
    effectiveFromSource: { stated: true, note: e.effectiveFromNote },
    jurisdiction: 'NSW',
    operator: 'The Star Pty Limited',
    operatorId: 'the-star-sydney',
    casino: 'star-sydney',
    regulator: e.regulator,
    timeZone: 'Australia/Sydney',
    source: e.source,
    roleTitles: [
      { title: 'Dealer', role: 'dealer', clause: c("1.1 'Dealer'") },
      { title: 'Gaming Supervisor', role: 'gaming-supervisor', clause: c("1.1 'Gaming Supervisor'") },
      { title: 'Casino Supervisor', role: STAR_CASINO_SUPERVISOR, clause: c("1.1 'Casino Supervisor' (includes a gaming supervisor/Assistant Gaming Manager)") },
      { title: 'Assistant Gaming Manager', role: 'area-manager', clause: c("1.1 'Assistant Gaming Manager' (responsible for the operation of a pit)") },
      { title: 'Gaming Manager', role: 'casino-manager', clause: c("1.1 'Gaming Manager'") },
      { title: 'Tournament Manager', role: 'tournament-director', clause: c("15.1.1 'Tournament Manager'") },
      { title: 'Inspector', role: 'regulator', clause: c("1.1 'Inspector'") },
    ],
    decks: { allowed: [3, 4, 6, 8], clause: c('3.1') },
    variants: [
      {
        id: 'traditional',
        name: 'Baccarat',
        mainBetOptions: { player: ['standard'], banker: ['traditional'], tie: ['standard'] },
        allowedBets: ALL,
        allowedBetsClause: c('5.1; 10.1'),
        clause: c('11.1'),
      },
      {
        id: 'even-money',
        name: 'Even Money Baccarat',
        mainBetOptions: { player: ['standard'], banker: ['crown'], tie: ['standard'] },
        allowedBets: ALL,
        allowedBetsClause: c('5.1; 10.1'),
        noticeRequired: { text: 'the payout odds of Even Money Baccarat', clause: c('2.5; 14.8') },
        clause: c("1.1 'Even Money Baccarat'; 11.2"),
      },
    ],
    bets,
    procedures: {
      limitsSign: { clause: c('6.1') },
      wagersInChips: { clause: c('5.2') },
      dealingMethods: { allowed: ['method-a', 'method-b', 'method-c'], clause: c('8.1') },
      dummyCoups: {
        term: 'No Bet Coup',
        directedBy: cs('7.4; 7.5'),
        when: [
          { description: 'only where a card shoe is in use and no patrons are at the table, with a marker on the layout or surveillance notified', clause: c('7.4') },
          { description: 'at a table where all players agree', clause: c('7.5') },
        ],
        forcedBy: [
          { description: 'all wagers removed after a reconstruction', clause: c('12.1.1') },
          { description: 'a third card dealt to the Banker in error, or a first card exposed or found face up', clause: c('12.3') },
        ],
        wagersOnDummyCoup: { effect: 'not-permitted', exceptBets: [], clause: c('12.4 (dealt by Method A, no wagers permitted)') },
      },
      burn: {
        methods: [
          { method: 'standard', clause: c('4.7.1') },
          { method: 'standard-shown-on-request', approval: cs('4.7.2'), clause: c('4.7.2') },
          { method: 'face-value', approval: cs(e.faceValueBurnClause), clause: c(`${e.faceValueBurnClause}; 4.8`) },
        ],
        failureToBurn: { effect: 'play continues with those cards remaining in play', clause: c('12.8') },
      },
      cut: {
        cutters: [
          'a casino supervisor, or at the casino supervisor\'s discretion the players',
          'the first player to the table when the game is commencing, and the player to the immediate left of the dealer (or their designees)',
          'each player clockwise',
          'a casino supervisor',
        ],
        minimumDecksFromEitherEnd: 1,
        cutCardPlacement: [
          { description: 'cutting card inserted at least twenty cards from the back', cardsFromBack: 20, qualifier: 'at-least', clause: c('4.6') },
        ],
        coupsAfterCutCard: 1,
        noCutWithShufflingDevice: { clause: c('4.11') },
        clause: c('4.3-4.6; 4.9-4.10'),
      },
      tableClosing: { notice: { kind: 'sign-minutes', minutes: 20 }, authority: cs('14.9') },
      limitChange: {
        authority: cs('6.7'),
        raiseMinimumSignMinutes: 20,
        grandfatheredMinimum: { allowed: true, marker: true, clause: c('6.7.1-6.7.4') },
        clause: c('6.7'),
      },
      individualLimits: { allowed: true, indicatedBy: 'sign', authority: cs('6.8'), clause: c('6.8') },
      proxyBetting: e.proxyBetting,
      minimumMaximum: { belowMinimum: 'valid', aboveMaximum: 'settled-to-maximum', clause: c('6.4; 6.5') },
      commission: {
        banker: ratio(5, 100),
        bankerClause: c('11.1.3 (19 to 20, i.e. 1 to 1 less 5%)'),
        deferral: null,
      },
      tableDifferential: {
        offered: true,
        definition: "the maximum allowable difference between the total wagered on the Player's Hand and on the Banker's Hand for any coup",
        excess: 'pro-rata-reduction',
        discoveredAfterFirstCard: 'wagers-valid',
        overDifferentialCommission: null,
        clause: c("1.1 'Table Differential'; 6.1; 6.2; 6.3"),
      },
      chipRounding: { rule: 'next-highest-payable-amount', clause: c('5.8') },
      wagerRefusal: { description: 'a casino supervisor may refuse a wager on reasonable grounds before the first card', clause: c('14.12') },
      overUnderpayment: e.overUnderpayment,
      voiding: {
        fraud: cs('14.4.2'),
        disruption: cs('14.4.1'),
        equipmentMalfunction: cs('12.13'),
        refund: { description: 'wagers on the invalidated result may be refunded; a fraudster\'s wager may be forfeited', clause: c('14.5') },
      },
      disputes: { minimumRole: 'gaming-supervisor', clause: c('14.13 (first instance, reviewed by a casino supervisor); 14.14') },
      luckyTieJackpot: null,
      promotionalPrizes: e.promotionalPrizes,
      tournaments: {
        ...starTournament(c),
        director: { title: 'Tournament Manager', role: 'tournament-director', clause: c("15.1.1 'Tournament Manager'") },
        exclusiveTables: { clause: c('15.5.2') },
        tournamentChips: { clause: c("15.5.2; 15.1.1 'tournament chips'") },
        noJackpot: null,
        features: [
          { feature: 'pass cards', clause: c('15.7') },
          { feature: 'undisclosed wagers', clause: c('15.8') },
          { feature: 'order of wagering', clause: c('15.9') },
          { feature: 'play-offs', clause: c('15.10.3') },
          { feature: 'elimination order', clause: c('15.10.4') },
          { feature: 'minimum deducted for an absent player, at most three rounds', clause: c('15.5.6.1') },
          { feature: 'not offered where low limit gaming is offered', clause: c('6.9.1') },
        ],
        excludedRules: [c('6.4'), c('6.5'), c('6.7'), c('6.8')],
        clause: c('15; 15.2.1'),
      },
    },
    policies,
  };
};
