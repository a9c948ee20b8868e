import { DomainError } from '@app/contracts';
import {
  CROWN_MELBOURNE_RAPID,
  CROWN_MELBOURNE_V29,
  STAR_SYDNEY_2021,
  STAR_SYDNEY_2024,
  assertValidTableConfiguration,
  validateRapidUniformity,
  validateTableConfiguration,
  type TableConfiguration,
} from './index';

const limits = (min = 2_500, max = 500_000) => ({ min, max });

const crownTable = (over: Partial<TableConfiguration> = {}): TableConfiguration => ({
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'crown-pairs', option: 'standard' },
  ],
  decks: 8,
  limits: { perBet: { player: limits(), banker: limits(), tie: limits(), 'crown-pairs': limits(2_500, 50_000) }, tableDifferential: 1_000_000 },
  minimumChip: 500,
  dealingMethod: 'cards-to-highest-wagerers',
  tournament: false,
  ...over,
});

const starTable = (over: Partial<TableConfiguration> = {}): TableConfiguration => ({
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'tiger', option: '1' },
  ],
  decks: 8,
  limits: { perBet: { player: limits(), banker: limits(), tie: limits(), tiger: limits() } },
  minimumChip: 500,
  dealingMethod: 'method-b',
  tournament: false,
  ...over,
});

const rules = (v: { rule: string }[]) => v.map((x) => x.rule);

describe('validateTableConfiguration', () => {
  it('accepts a valid Crown Melbourne Traditional table with Crown Pairs on 8 decks', () => {
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, crownTable())).toEqual([]);
  });

  it('Crown Pairs on a 6-deck Crown Melbourne table is refused, Crown 3.1.1', () => {
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, crownTable({ decks: 6 }))).toEqual([
      expect.objectContaining({ field: 'decks', rule: 'DECKS_NOT_ALLOWED_FOR_BET', clause: 'Crown Melbourne 3.1.1' }),
    ]);
  });

  it('Star pairs and Tiger bets need 6 or 8 decks, Star 3.1; a 4-deck table without them is fine', () => {
    expect(validateTableConfiguration(STAR_SYDNEY_2024, starTable({ decks: 4 }))).toEqual([
      expect.objectContaining({ rule: 'DECKS_NOT_ALLOWED_FOR_BET', clause: 'Star 2024 3.1' }),
    ]);
    const plain = starTable({ decks: 4, offeredBets: starTable().offeredBets.filter((b) => b.bet !== 'tiger') });
    expect(validateTableConfiguration(STAR_SYDNEY_2024, plain)).toEqual([]);
  });

  it('Star 3.1 allows 3, 4, 6 or 8 decks, never 5', () => {
    expect(rules(validateTableConfiguration(STAR_SYDNEY_2024, starTable({ decks: 5 })))).toContain('DECKS_NOT_ALLOWED');
  });

  it('Zero Commission Baccarat is tournament-only, Crown Melbourne 1.1', () => {
    const zero = crownTable({ variant: 'zero-commission', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'zero-commission' }] });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, zero)).toEqual([
      expect.objectContaining({ field: 'tournament', rule: 'VARIANT_TOURNAMENT_ONLY', clause: "Crown Melbourne 1.1 'Zero Commission Baccarat'" }),
    ]);
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, { ...zero, tournament: true })).toEqual([]);
  });

  it('refuses a Banker option that does not belong to the variant (Crown Baccarat pays banker on option crown, Table 4)', () => {
    const v = validateTableConfiguration(CROWN_MELBOURNE_V29, crownTable({ variant: 'crown-baccarat' }));
    expect(v).toEqual([expect.objectContaining({ field: 'offeredBets[1].option', rule: 'MAIN_BET_OPTION_MISMATCH' })]);
  });

  it('Shield only on Traditional and Insurance only on Crown Baccarat (Crown Melbourne 1.1, 5.5.4)', () => {
    const crownWithShield = crownTable({
      variant: 'crown-baccarat',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'shield', option: 'standard' }],
      limits: { perBet: { player: limits(), banker: limits(), shield: limits() } },
    });
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, crownWithShield))).toEqual(['BET_NOT_ALLOWED_FOR_VARIANT']);
  });

  it("Crown Melbourne 1.1 'Shield', 5.5.4: a bet one variant alone may offer is refused elsewhere citing that bet's restriction, not the other's", () => {
    const crownWithShield = crownTable({
      variant: 'crown-baccarat',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'shield', option: 'standard' }],
      limits: { perBet: { player: limits(), banker: limits(), shield: limits() } },
    });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, crownWithShield)).toEqual([expect.objectContaining({ bet: 'shield', clause: expect.stringContaining("1.1 'Shield' (Traditional Baccarat only)") })]);
    const traditionalWithInsurance = crownTable({
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'insurance', option: 'standard' }],
      limits: { perBet: { player: limits(), banker: limits(), insurance: limits() } },
    });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, traditionalWithInsurance)).toEqual([expect.objectContaining({ bet: 'insurance', clause: expect.stringContaining('5.5.4 (Insurance/No 6 only on Crown Baccarat)') })]);
  });

  it('Lucky Chase allows no side wagers, not even Tie (Crown Melbourne 11.2.1(a))', () => {
    const chase = crownTable({
      variant: 'lucky-chase',
      offeredBets: [{ bet: 'lucky-chase-player', option: 'standard' }, { bet: 'lucky-chase-banker', option: 'standard' }, { bet: 'tie', option: 'standard' }],
      limits: { perBet: { 'lucky-chase-player': limits(), 'lucky-chase-banker': limits(), tie: limits() } },
    });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, chase)).toEqual([
      expect.objectContaining({ field: 'offeredBets[2].bet', rule: 'BET_NOT_ALLOWED_FOR_VARIANT', clause: 'Crown Melbourne 11.2.1 (no Side Wagers, including Tie)' }),
    ]);
  });

  it('Three Card Baccarat is played with one deck (Crown Melbourne 12.4.1)', () => {
    const threeCard = crownTable({
      variant: 'three-card',
      offeredBets: [{ bet: 'three-card-baccarat', option: 'standard' }],
      limits: { perBet: { 'three-card-baccarat': limits() } },
    });
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, threeCard))).toEqual(['DECKS_NOT_ALLOWED']);
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, { ...threeCard, decks: 1 })).toEqual([]);
  });

  it('refuses a bet the rulebook does not define (Dragon Bonus at The Star) and an unknown option (Super 6 at 16 to 1 at The Star)', () => {
    const v = validateTableConfiguration(STAR_SYDNEY_2024, starTable({
      offeredBets: [...starTable().offeredBets, { bet: 'dragon-bonus-player', option: '1' }, { bet: 'super-6', option: '16' }],
    }));
    expect(rules(v)).toEqual(expect.arrayContaining(['BET_NOT_IN_RULEBOOK', 'PAY_TABLE_OPTION_UNKNOWN']));
  });

  it('a bet is offered with one option only', () => {
    const twice = crownTable({ offeredBets: [...crownTable().offeredBets, { bet: 'tie', option: 'standard' }] });
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, twice))).toEqual(['BET_OFFERED_TWICE']);
  });

  it('Tiger and Dragon Tiger pay tables may not be mixed at one table (Crown Melbourne 9.1 Tables 16-17)', () => {
    const mixed = crownTable({
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'tiger', option: '1' }, { bet: 'dragon-tiger', option: '1' }],
      limits: { perBet: { player: limits(), tiger: limits(), 'dragon-tiger': limits() } },
    });
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, mixed))).toEqual(['SIDE_WAGER_FAMILIES_MIXED']);
  });

  it('Star 2024 10.2/10.14: Pairs (diagrams A, D) and Tiger bets (B, C, E-M) share no layout; Star 2021 neither (A,B,D,E,H vs F,G,I,J)', () => {
    const both = starTable({
      offeredBets: [...starTable().offeredBets, { bet: 'pairs', option: 'standard' }],
      limits: { perBet: { ...starTable().limits.perBet, pairs: limits() } },
    });
    expect(rules(validateTableConfiguration(STAR_SYDNEY_2024, both))).toEqual(['NO_COMMON_LAYOUT']);
    expect(rules(validateTableConfiguration(STAR_SYDNEY_2021, both))).toEqual(['NO_COMMON_LAYOUT']);
  });

  it('Star 2021 10.2/10.9: Pairs with Super Six only on diagrams D or H — allowed; Star 2024 puts both on A and D', () => {
    const pairsAndSix = starTable({
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'pairs', option: 'standard' }, { bet: 'super-6', option: '15' }],
      limits: { perBet: { player: limits(), pairs: limits(), 'super-6': limits() } },
    });
    expect(validateTableConfiguration(STAR_SYDNEY_2021, pairsAndSix)).toEqual([]);
    expect(validateTableConfiguration(STAR_SYDNEY_2024, pairsAndSix)).toEqual([]);
  });

  it('every offered bet needs limits for the table sign (Star 6.1), minimum not above maximum, nor below the smallest chip (Star 5.2)', () => {
    const v = validateTableConfiguration(STAR_SYDNEY_2024, starTable({
      limits: { perBet: { player: limits(10_000, 5_000), banker: limits(100, 500_000), tie: limits() } },
    }));
    expect(v.map((x) => [x.field, x.rule, x.clause])).toEqual([
      ['limits.perBet.player.min', 'LIMIT_MINIMUM_ABOVE_MAXIMUM', 'Star 2024 6.1'],
      ['limits.perBet.banker.min', 'LIMIT_BELOW_MINIMUM_CHIP', 'Star 2024 5.2'],
      ['limits.perBet.tiger', 'LIMITS_MISSING', 'Star 2024 6.1'],
    ]);
  });

  it('over-differential wagers (Crown Melbourne 6.5) need a differential, a higher agreed maximum and Traditional Baccarat; Star has none', () => {
    const ok = crownTable({ limits: { ...crownTable().limits, overDifferentialMaximum: 2_000_000 } });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, ok)).toEqual([]);
    const low = crownTable({ limits: { ...crownTable().limits, overDifferentialMaximum: 500_000 } });
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, low))).toEqual(['OVER_DIFFERENTIAL_BELOW_DIFFERENTIAL']);
    const star = starTable({ limits: { ...starTable().limits, tableDifferential: 1_000_000, overDifferentialMaximum: 2_000_000 } });
    expect(rules(validateTableConfiguration(STAR_SYDNEY_2024, star))).toEqual(['OVER_DIFFERENTIAL_NOT_PROVIDED']);
  });

  it('dealing method must be one the rulebook allows: Method B is Star 8, not Crown Melbourne 7.1', () => {
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, crownTable({ dealingMethod: 'method-b' }))).toEqual([
      expect.objectContaining({ field: 'dealingMethod', rule: 'DEALING_METHOD_NOT_ALLOWED', clause: 'Crown Melbourne 7.1.1-7.1.3' }),
    ]);
  });

  describe('Lucky Tie Jackpot participation (Crown Melbourne 13)', () => {
    it('accepts option 1 with percentages inside Table 20 and a Tie bet on offer', () => {
      const t = crownTable({ jackpot: { jackpot: 'lucky-tie', option: '1', division: 'equal', percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20 } } });
      expect(validateTableConfiguration(CROWN_MELBOURNE_V29, t)).toEqual([]);
    });

    it('refuses a non-coloured share above 10% of the meter (Table 20 option 1)', () => {
      const t = crownTable({ jackpot: { jackpot: 'lucky-tie', option: '1', division: 'proportional', percentOfMeter: { 'non-coloured-lucky-tie': 15 } } });
      expect(validateTableConfiguration(CROWN_MELBOURNE_V29, t)).toEqual([
        expect.objectContaining({ field: 'jackpot.percentOfMeter.non-coloured-lucky-tie', rule: 'JACKPOT_PERCENT_OUT_OF_RANGE', clause: 'Crown Melbourne 13.4.3 Table 20 Option 1' }),
      ]);
    });

    it('needs the Tie bet on offer, because only Tie wagers share the jackpot (13.4.6)', () => {
      const noTie = crownTable({ offeredBets: crownTable().offeredBets.filter((b) => b.bet !== 'tie'), jackpot: { jackpot: 'lucky-tie', option: '3', division: 'equal' } });
      expect(rules(validateTableConfiguration(CROWN_MELBOURNE_V29, noTie))).toEqual(['JACKPOT_NEEDS_ELIGIBLE_BET']);
    });

    it('is refused at The Star, whose rules have no jackpot', () => {
      const t = starTable({ jackpot: { jackpot: 'lucky-tie', option: '3', division: 'equal' } });
      expect(rules(validateTableConfiguration(STAR_SYDNEY_2024, t))).toEqual(['JACKPOT_NOT_PROVIDED']);
    });
  });

  it('a violation about one bet names the bet with its clause, not only in its message (Crown Melbourne 3.1.1, 5.5.18, 6.3.1-6.3.3; 11.2.1)', () => {
    const bad = crownTable({
      decks: 6,
      offeredBets: [...crownTable().offeredBets, { bet: 'super-6', option: '17' }],
      limits: { perBet: { ...crownTable().limits.perBet, tie: limits(100, 500_000) } },
    });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, bad).map((v) => [v.rule, v.bet, v.clause])).toEqual([
      ['PAY_TABLE_OPTION_UNKNOWN', 'super-6', 'Crown Melbourne 5.5.18'],
      ['DECKS_NOT_ALLOWED_FOR_BET', 'crown-pairs', 'Crown Melbourne 3.1.1'],
      ['LIMIT_BELOW_MINIMUM_CHIP', 'tie', expect.stringMatching(/^Crown Melbourne /)],
      ['LIMITS_MISSING', 'super-6', expect.stringMatching(/^Crown Melbourne 6\.1/)],
    ]);
    const chase = crownTable({ variant: 'lucky-chase', offeredBets: [{ bet: 'lucky-chase-player', option: 'standard' }, { bet: 'tie', option: 'standard' }], limits: { perBet: { 'lucky-chase-player': limits(), tie: limits() } } });
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, chase)).toEqual([expect.objectContaining({ rule: 'BET_NOT_ALLOWED_FOR_VARIANT', bet: 'tie' })]);
    expect(validateTableConfiguration(CROWN_MELBOURNE_V29, crownTable({ dealingMethod: 'method-b' }))[0].bet).toBeUndefined();
  });

  it('assertValidTableConfiguration throws a rule DomainError with the clause and field of the first violation', () => {
    expect(() => assertValidTableConfiguration(CROWN_MELBOURNE_V29, crownTable())).not.toThrow();
    try {
      assertValidTableConfiguration(CROWN_MELBOURNE_V29, crownTable({ decks: 6 }));
      throw new Error('expected a throw');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ kind: 'rule', code: 'DECKS_NOT_ALLOWED_FOR_BET', clause: 'Crown Melbourne 3.1.1', field: 'decks' });
    }
  });
});

describe('validateRapidUniformity (Rapid 10.1: every table offering a side wager uses the same option)', () => {
  const rapid = (option: string): TableConfiguration => ({
    variant: 'traditional',
    offeredBets: [{ bet: 'banker', option: 'traditional' }, { bet: 'perfect-pairs', option }],
    decks: 8,
    limits: { perBet: { banker: limits(), 'perfect-pairs': limits() } },
    minimumChip: 500,
    dealingMethod: 'dealer-retains-shoe',
    tournament: false,
  });

  it('accepts Perfect Pairs option 1 on every table', () => {
    expect(validateRapidUniformity(CROWN_MELBOURNE_RAPID, [rapid('1'), rapid('1')])).toEqual([]);
  });

  it('refuses option 2 on one table when another offers option 1', () => {
    expect(validateRapidUniformity(CROWN_MELBOURNE_RAPID, [rapid('1'), rapid('1'), rapid('2')])).toEqual([
      expect.objectContaining({ field: 'tables[2].offeredBets[1].option', rule: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', clause: expect.stringContaining('Rapid 10.1') }),
    ]);
  });

  it('Rapid 10.1 (footnote): the Dragon Bonus side wager has one option as a whole, at one table and across tables', () => {
    const dragon = (player: string | null, banker: string | null): TableConfiguration => ({
      ...rapid('1'),
      offeredBets: [
        { bet: 'banker', option: 'traditional' },
        ...(player ? [{ bet: 'dragon-bonus-player' as const, option: player }] : []),
        ...(banker ? [{ bet: 'dragon-bonus-banker' as const, option: banker }] : []),
      ],
    });
    expect(validateRapidUniformity(CROWN_MELBOURNE_RAPID, [dragon('1', '3')])).toEqual([
      expect.objectContaining({ field: 'tables[0].offeredBets[2].option', rule: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', message: expect.stringContaining('Dragon Bonus side wager') }),
    ]);
    expect(validateRapidUniformity(CROWN_MELBOURNE_RAPID, [dragon('2', null), dragon(null, '1')])).toEqual([expect.objectContaining({ field: 'tables[1].offeredBets[1].option' })]);
    expect(validateRapidUniformity(CROWN_MELBOURNE_RAPID, [dragon('2', '2'), dragon(null, '2'), dragon('2', null)])).toEqual([]);
  });

  it('does not apply to Crown Melbourne, whose tables may differ', () => {
    expect(validateRapidUniformity(CROWN_MELBOURNE_V29, [crownTable(), crownTable({ offeredBets: [{ bet: 'super-6', option: '16' }] })])).toEqual([]);
  });

  it('Perfect Pairs on a Rapid table needs 8 decks (Rapid 3.1.1)', () => {
    expect(rules(validateTableConfiguration(CROWN_MELBOURNE_RAPID, { ...rapid('1'), decks: 6 }))).toEqual(['DECKS_NOT_ALLOWED_FOR_BET']);
  });
});
