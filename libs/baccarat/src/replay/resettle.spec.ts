import { coupOf, replayCoup, resettle } from './resettle';
import { applyWhatIfChanges } from './what-if-changes';
import type { RecordedCoup, RecordedSettlement, ReplayConfiguration } from './replay.types';

const CROWN: ReplayConfiguration = {
  rulebookId: 'crown-melbourne-v29',
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'super-6', option: '15' },
  ],
  limits: { perBet: { player: { minimumCents: 1000, maximumCents: 1000000 }, banker: { minimumCents: 1000, maximumCents: 1000000 }, tie: { minimumCents: 500, maximumCents: 100000 }, 'super-6': { minimumCents: 500, maximumCents: 50000 } } },
  minimumChipCents: 100,
  decks: 8,
  tournament: false,
};

const win = (winCents: number, returnedCents: number, commissionCents = 0): RecordedSettlement => ({ outcome: 'win', winCents, returnedCents, commissionCents });
const LOSE: RecordedSettlement = { outcome: 'lose', winCents: 0, returnedCents: 0, commissionCents: 0 };

/**
 * Three coups, settled by hand as the table did at Super 6 15 to 1 (Crown Melbourne Table 15 option 1):
 * c1: P 2H 3D 10H = 5, B 3C 3S = 6 stands (Table 2): Banker wins with 6. Banker 100.00 wins 100.00 less 5.00
 *     commission (Crown Melbourne 9.1 Table 3); Super 6 10.00 wins 150.00; Player 50.00 loses.
 * c2: P 4H 5D = 9 natural, B 2C 3C = 5: Player wins. Player 30.00 wins 30.00; Banker 20.00 and Super 6 10.00 lose.
 * c3: P 2H 3D 10H = 5, B 3C 4S = 7 stands: Banker wins with 7. Banker 40.00 wins 40.00 less 2.00; Super 6 10.00 loses.
 */
const coups: RecordedCoup[] = [
  {
    tableId: 'BAC-1', coupId: 'c1', cards: ['2H', '3C', '3D', '3S', '10H'], configuration: CROWN,
    wagers: [
      { wagerId: 'c1-1', box: 1, bet: 'banker', option: 'traditional', amountCents: 10000, settled: win(10000, 10000, 500) },
      { wagerId: 'c1-2', box: 1, bet: 'super-6', option: '15', amountCents: 1000, settled: win(15000, 1000) },
      { wagerId: 'c1-3', box: 2, bet: 'player', option: 'standard', amountCents: 5000, settled: LOSE },
    ],
  },
  {
    tableId: 'BAC-1', coupId: 'c2', cards: ['4H', '2C', '5D', '3C'], configuration: CROWN,
    wagers: [
      { wagerId: 'c2-1', box: 1, bet: 'player', option: 'standard', amountCents: 3000, settled: win(3000, 3000) },
      { wagerId: 'c2-2', box: 2, bet: 'banker', option: 'traditional', amountCents: 2000, settled: LOSE },
      { wagerId: 'c2-3', box: 2, bet: 'super-6', option: '15', amountCents: 1000, settled: LOSE },
    ],
  },
  {
    tableId: 'BAC-1', coupId: 'c3', cards: ['2H', '3C', '3D', '4S', '10H'], configuration: CROWN,
    wagers: [
      { wagerId: 'c3-1', box: 3, bet: 'banker', option: 'traditional', amountCents: 4000, settled: win(4000, 4000, 200) },
      { wagerId: 'c3-2', box: 3, bet: 'super-6', option: '15', amountCents: 1000, settled: LOSE },
    ],
  },
];

const withSuper6 = (option: string) => (c: ReplayConfiguration): ReplayConfiguration => ({ ...c, offeredBets: c.offeredBets.map((o) => (o.bet === 'super-6' ? { ...o, option } : o)) });
const rowOf = (r: ReturnType<typeof resettle>, bet: string) => r.bets.find((b) => b.bet === bet)!;

describe('what-if replay of recorded coups (Crown Melbourne 9.1, Table 15)', () => {
  it('with no change settles every wager again exactly as the table did, to the cent', () => {
    const r = resettle(coups);
    for (const b of r.bets) {
      expect(b.whatIf).toEqual(b.actual);
      expect(b.notReplayed.wagers).toBe(0);
      expect(b.refused.wagers).toBe(0);
    }
    expect(rowOf(r, 'banker').actual).toEqual({ wagers: 3, turnoverCents: 16000, paidCents: 14000, commissionCents: 700, houseWinCents: 2000 - 14000 + 700, holdPercent: -70.625 });
    expect(rowOf(r, 'super-6').actual).toEqual({ wagers: 3, turnoverCents: 3000, paidCents: 15000, commissionCents: 0, houseWinCents: -13000, holdPercent: -433.3333 });
  });

  it('Super 6 at 16 to 1 instead of 15 (Crown Melbourne Table 15 option 2): the winning 10.00 pays 160.00, the house wins 140.00 less; no other row moves', () => {
    const r = resettle(coups, withSuper6('16'));
    expect(rowOf(r, 'super-6').whatIf).toEqual({ wagers: 3, turnoverCents: 3000, paidCents: 16000, commissionCents: 0, houseWinCents: 2000 - 16000, holdPercent: -466.6667 });
    expect(rowOf(r, 'super-6').whatIfOptions).toEqual(['16']);
    expect(rowOf(r, 'super-6').actualOptions).toEqual(['15']);
    for (const bet of ['player', 'banker']) expect(rowOf(r, bet).whatIf).toEqual(rowOf(r, bet).actual);
  });

  it('counts apart, never guesses, the wagers a configuration would refuse: a bet it does not offer', () => {
    const r = resettle(coups, (c) => ({ ...c, offeredBets: c.offeredBets.filter((o) => o.bet !== 'super-6') }));
    expect(rowOf(r, 'super-6').refused).toEqual({ wagers: 3, amountCents: 3000, reasons: { 'bet not offered': 3 } });
    expect(rowOf(r, 'super-6').whatIf).toEqual({ wagers: 0, turnoverCents: 0, paidCents: 0, commissionCents: 0, houseWinCents: 0, holdPercent: null });
  });

  it('a maximum the configuration lowers pays or collects a wager above it to the maximum, as the table would; nothing is refused (Crown Melbourne 6.3.2)', () => {
    const lower = (c: ReplayConfiguration): ReplayConfiguration => ({ ...c, limits: { perBet: { ...c.limits.perBet, banker: { minimumCents: 1000, maximumCents: 5000 } } } });
    // Commission collected at once (Crown Melbourne 9.3.1 not used): at 50.00 a deferral would change what is paid now.
    const immediate = coups.map((c) => ({ ...c, wagers: c.wagers.map((w) => ({ ...w, commissionDeferred: false })) }));
    const r = resettle(immediate, lower);
    expect(rowOf(r, 'banker').refused).toEqual({ wagers: 0, amountCents: 0, reasons: {} });
    // c1's 100.00 plays 50.00: wins 50.00 less 2.50 commission (Crown Melbourne 9.1 Table 3); 47.50 paid in 1.00 chips
    // rounds up to 48.00 (6.3.3), so the win is 50.50.
    expect(rowOf(r, 'banker').whatIf).toMatchObject({ wagers: 3, turnoverCents: 5000 + 2000 + 4000, paidCents: 5050 + 4000, commissionCents: 250 + 200 });
  });

  it('a box with deferred commission is paid without the chip rounding of a payment net of commission (Crown Melbourne 9.3.1(b), 6.3.3)', () => {
    // 25.00 chips: Banker 25.00 wins 25.00 less 1.25; paid now 23.75 rounds up to 25.00 (6.3.3), so the win is 26.25.
    // Deferred, the 1.25 is marked for the shoe's end and 25.00 is paid as it is.
    const chips25 = { ...CROWN, minimumChipCents: 2500 };
    const coup: RecordedCoup = {
      tableId: 'BAC-1', coupId: 'c5', cards: coups[0].cards, configuration: chips25,
      wagers: [
        { wagerId: 'c5-1', box: 1, bet: 'banker', option: 'traditional', amountCents: 2500, commissionDeferred: false, settled: win(2625, 2500, 125) },
        { wagerId: 'c5-2', box: 2, bet: 'banker', option: 'traditional', amountCents: 2500, commissionDeferred: true, settled: win(2500, 2500, 125) },
      ],
    };
    const banker = rowOf(resettle([coup]), 'banker');
    expect(banker.notReplayed.wagers).toBe(0);
    expect(banker.whatIf).toEqual(banker.actual);
    expect(banker.actual).toMatchObject({ paidCents: 5125, commissionCents: 250, houseWinCents: -4875 });
  });

  it("does not guess a box's commission deferral nothing published shows, where it would change the payment (Crown Melbourne 9.3.1, 6.3.3)", () => {
    // Crown Baccarat to Traditional at 25.00 chips: Banker 25.00 now pays commission; paid now 23.75 would round up
    // to 25.00 if collected, not if deferred. Box 1 is known immediate, box 2 deferred, box 3 unknown.
    const chips25 = { ...CROWN, variant: 'crown-baccarat', offeredBets: CROWN.offeredBets.map((b) => (b.bet === 'banker' ? { ...b, option: 'crown' } : b)), minimumChipCents: 2500 };
    const bank = (id: string, box: number, deferral?: boolean) => ({ wagerId: id, box, bet: 'banker', option: 'crown', amountCents: 2500, ...(deferral === undefined ? {} : { commissionDeferred: deferral }), settled: win(2500, 2500) });
    const coup: RecordedCoup = { tableId: 'BAC-1', coupId: 'c6', cards: coups[2].cards, configuration: chips25, wagers: [bank('c6-1', 1, false), bank('c6-2', 2, true), bank('c6-3', 3)] };
    const traditional = (c: ReplayConfiguration): ReplayConfiguration => ({ ...c, variant: 'traditional', offeredBets: c.offeredBets.map((b) => (b.bet === 'banker' ? { ...b, option: 'traditional' } : b)) });
    const banker = rowOf(resettle([coup], traditional), 'banker');
    expect(banker.actual).toEqual(resettle([coup]).bets[0].whatIf);
    expect(banker.notReplayed).toEqual({ wagers: 1, amountCents: 2500, reasons: { "the box's commission deferral is not published and would change the payment": 1 } });
    expect(banker.whatIf).toMatchObject({ wagers: 2, paidCents: 2625 + 2500, commissionCents: 250 });
  });

  it('sets apart a wager whose recorded settlement the published facts do not reproduce, and bets whose nomination is not published', () => {
    const reduced: RecordedCoup = { ...coups[0], coupId: 'c4', wagers: [{ wagerId: 'c4-1', box: 1, bet: 'banker', option: 'traditional', amountCents: 10000, settled: win(8000, 10000, 400) }, { wagerId: 'c4-2', box: 2, bet: 'pairs', option: 'standard', amountCents: 1000, settled: LOSE }] };
    const r = resettle([reduced]);
    expect(rowOf(r, 'banker').notReplayed.wagers).toBe(1);
    expect(rowOf(r, 'banker').actual.paidCents).toBe(8000);
    expect(rowOf(r, 'banker').whatIf.wagers).toBe(0);
    expect(Object.keys(rowOf(r, 'pairs').notReplayed.reasons)).toEqual(['the nominated hand is not in the published wager']);
  });
});

describe('Pairs, whose hand the published wager names (Crown Melbourne 1.1 Pairs)', () => {
  it('replays a Pairs wager on the hand it names: with no change the what-if equals the actual to the cent', () => {
    // Cards of coups[0] dealt P, B, P, B: whether the Player or the Banker hand's first two cards pair decides it.
    // c1's hands: Player 2H 3D, Banker 3C 3S: the Banker pair wins 11 to 1 (Crown Melbourne Table 9), the Player pair loses.
    const pairs = (side: 'player' | 'banker') => ({ wagerId: `c7-${side}`, box: side === 'player' ? 1 : 2, bet: 'pairs', option: 'standard', amountCents: 1000, side, settled: side === 'banker' ? win(11000, 1000) : LOSE });
    const withPairs: ReplayConfiguration = { ...CROWN, offeredBets: [...CROWN.offeredBets, { bet: 'pairs', option: 'standard' }], limits: { perBet: { ...CROWN.limits.perBet, pairs: { minimumCents: 500, maximumCents: 50000 } } } };
    const coup: RecordedCoup = { ...coups[0], coupId: 'c7', configuration: withPairs, wagers: [pairs('player'), pairs('banker')] };
    const row = rowOf(resettle([coup]), 'pairs');
    expect(row.notReplayed.reasons).toEqual({});
    expect(row.notReplayed).toMatchObject({ wagers: 0 });
    expect(row.whatIf).toEqual(row.actual);
    expect(row.actual).toMatchObject({ wagers: 2, turnoverCents: 2000, paidCents: 11000 });
  });
});

describe('what-if changes are checked against the rulebook like a table configuration', () => {
  it('refuses an option the bet does not have, naming the change and the clause (Crown Melbourne 5.5.18)', () => {
    const { violations } = applyWhatIfChanges(CROWN, [{ bet: 'super-6', option: '12' }]);
    expect(violations).toEqual([expect.objectContaining({ field: 'changes[0].option', rule: 'PAY_TABLE_OPTION_UNKNOWN', clause: 'Crown Melbourne 5.5.18' })]);
  });
  it('offers a bet the table did not, and drops one a changed variant does not allow: its wagers are then refused (Crown Melbourne 11.1)', () => {
    const { configuration, violations } = applyWhatIfChanges(CROWN, [{ variant: 'lucky-chase' }, { bet: 'lucky-chase-banker', option: 'standard', minimumCents: 1000, maximumCents: 100000 }]);
    expect(violations).toEqual([]);
    expect(configuration.offeredBets.map((b) => b.bet)).toEqual(['lucky-chase-banker']);
    const r = resettle(coups, () => configuration);
    expect(rowOf(r, 'banker').refused).toEqual({ wagers: 3, amountCents: 16000, reasons: { 'bet not offered': 3 } });
  });
  it('refuses a bet the rulebook does not define (Crown Melbourne, no provision)', () => {
    const { violations } = applyWhatIfChanges(CROWN, [{ bet: 'roulette', option: '1' }]);
    expect(violations).toEqual([expect.objectContaining({ field: 'changes[0].bet', rule: 'BET_NOT_IN_RULEBOOK', clause: 'Crown Melbourne (no provision)' })]);
  });
  it('a change that names nothing, or an option without its bet, is refused naming the field', () => {
    expect(applyWhatIfChanges(CROWN, [{}]).violations).toEqual([expect.objectContaining({ field: 'changes[0]', rule: 'CHANGE_INCOMPLETE' })]);
    expect(applyWhatIfChanges(CROWN, [{ bet: 'super-6', option: '16' }, { option: '2' }]).violations).toEqual([expect.objectContaining({ field: 'changes[1].bet', rule: 'CHANGE_INCOMPLETE' })]);
  });
  it('a lower maximum settles the wagers above it at the maximum (6.3.2); a limit the sign could not carry is refused naming the field (Crown Melbourne 6.3.1-6.3.3)', () => {
    const lower = applyWhatIfChanges(CROWN, [{ bet: 'banker', maximumCents: 5000 }]);
    expect(lower.violations).toEqual([]);
    expect(lower.configuration.offeredBets).toEqual(CROWN.offeredBets);
    expect(lower.configuration.limits.perBet.banker).toEqual({ minimumCents: 1000, maximumCents: 5000 });
    const immediate = coups.map((c) => ({ ...c, wagers: c.wagers.map((w) => ({ ...w, commissionDeferred: false })) }));
    expect(rowOf(resettle(immediate, () => lower.configuration), 'banker')).toMatchObject({ refused: { wagers: 0 }, whatIf: { wagers: 3, turnoverCents: 11000 } });
    expect(applyWhatIfChanges(CROWN, [{ bet: 'banker', minimumCents: 50, maximumCents: 5000 }]).violations).toEqual([expect.objectContaining({ field: 'changes[0].minimumCents', rule: 'LIMIT_BELOW_MINIMUM_CHIP', clause: expect.stringMatching(/^Crown Melbourne /) })]);
    expect(applyWhatIfChanges(CROWN, [{ bet: 'banker', minimumCents: 9000, maximumCents: 5000 }]).violations).toEqual([expect.objectContaining({ field: 'changes[0].minimumCents', rule: 'LIMIT_MINIMUM_ABOVE_MAXIMUM' })]);
    expect(applyWhatIfChanges(CROWN, [{ bet: 'tiger', minimumCents: 500 }]).violations).toEqual([expect.objectContaining({ field: 'changes[0].maximumCents', rule: 'LIMITS_MISSING' })]);
  });

  it('applies a lawful option and leaves the rest of the configuration as it was', () => {
    const { configuration, violations } = applyWhatIfChanges(CROWN, [{ bet: 'super-6', option: '16' }]);
    expect(violations).toEqual([]);
    expect(configuration.offeredBets).toEqual([...CROWN.offeredBets.slice(0, 3), { bet: 'super-6', option: '16' }]);
  });
  it("another rulebook must be a version of the table's own rules, in force when the play happened (Star 2024; Star 2021)", () => {
    expect(applyWhatIfChanges(CROWN, [{ rulebookId: 'star-sydney-2024' }]).violations).toEqual([expect.objectContaining({ field: 'changes[0].rulebookId', rule: 'RULEBOOK_OTHER_SERIES' })]);
    expect(applyWhatIfChanges(CROWN, [{ rulebookId: 'crown-melbourne-rapid' }]).violations).toEqual([expect.objectContaining({ field: 'changes[0].rulebookId', rule: 'RULEBOOK_OTHER_SERIES' })]);
    const star2024 = { ...CROWN, rulebookId: 'star-sydney-2024', offeredBets: CROWN.offeredBets.filter((b) => b.bet !== 'super-6') };
    expect(applyWhatIfChanges(star2024, [{ rulebookId: 'star-sydney-2021' }], ['2025-09-02T01:00:00.000Z']).violations).toEqual([
      expect.objectContaining({ field: 'changes[0].rulebookId', rule: 'RULEBOOK_NOT_IN_FORCE', clause: 'Star 2021 (effective from 2021-07-08)' }),
    ]);
    expect(applyWhatIfChanges(star2024, [{ rulebookId: 'star-sydney-2021' }], ['2024-05-15T01:00:00.000Z']).violations).toEqual([]);
  });
  it('a variant whose main bets need other options must change them too (Crown Melbourne 1.1 Crown Baccarat)', () => {
    expect(applyWhatIfChanges(CROWN, [{ variant: 'crown-baccarat' }]).violations[0]).toMatchObject({ field: 'changes[0].variant', rule: 'MAIN_BET_OPTION_MISMATCH' });
    expect(applyWhatIfChanges(CROWN, [{ variant: 'crown-baccarat' }, { bet: 'banker', option: 'crown' }]).violations).toEqual([]);
  });
  it("refuses a variant offered only for tournaments at a table that was not in one (Crown Melbourne 1.1 'Zero Commission Baccarat')", () => {
    const changes = [{ variant: 'zero-commission' }, { bet: 'banker', option: 'zero-commission' }];
    expect(applyWhatIfChanges(CROWN, changes).violations).toEqual([
      expect.objectContaining({ field: 'changes[0].variant', rule: 'VARIANT_TOURNAMENT_ONLY', clause: "Crown Melbourne 1.1 'Zero Commission Baccarat'" }),
    ]);
    expect(applyWhatIfChanges({ ...CROWN, tournament: true }, changes).violations).toEqual([]);
  });
  it('refuses a bet the shoe the table dealt could not carry (Crown Melbourne 3.1.1: Crown Pairs needs eight decks)', () => {
    const six = { ...CROWN, decks: 6 };
    const withLimits = { bet: 'crown-pairs', option: 'standard', minimumCents: 500, maximumCents: 50000 };
    expect(applyWhatIfChanges(six, [withLimits]).violations).toEqual([
      expect.objectContaining({ field: 'changes[0].bet', rule: 'DECKS_NOT_ALLOWED_FOR_BET', clause: 'Crown Melbourne 3.1.1' }),
    ]);
    expect(applyWhatIfChanges(CROWN, [withLimits]).violations).toEqual([]);
  });
  it('a bet newly offered needs its minimum and maximum for the table sign (Crown Melbourne 6.3)', () => {
    expect(applyWhatIfChanges(CROWN, [{ bet: 'crown-pairs', option: 'standard' }]).violations).toEqual([
      expect.objectContaining({ field: 'changes[0].minimumCents', rule: 'LIMITS_MISSING' }),
    ]);
  });
  it('refuses two changes to the same bet, variant or rulebook, which would contradict each other', () => {
    expect(applyWhatIfChanges(CROWN, [{ bet: 'super-6', option: '16' }, { bet: 'super-6', option: '15' }]).violations).toEqual([
      expect.objectContaining({ field: 'changes[1].bet', rule: 'CHANGE_REPEATED' }),
    ]);
    expect(applyWhatIfChanges(CROWN, [{ variant: 'traditional' }, { variant: 'crown-baccarat' }]).violations).toEqual([
      expect.objectContaining({ field: 'changes[1].variant', rule: 'CHANGE_REPEATED' }),
    ]);
    expect(applyWhatIfChanges(CROWN, [{ bet: 'super-6', option: '16', maximumCents: 40000 }]).violations).toEqual([]);
  });
});

describe('limits in a what-if: what the table would have done with a wager outside the changed limits (Crown Melbourne 6.3.1, 6.3.2, 6.4, 10.7(b))', () => {
  /** Player 10.00 to 1,000.00, Tie 5.00 to 1,000.00 on the sign. */
  const SIGN: ReplayConfiguration = { ...CROWN, limits: { perBet: { ...CROWN.limits.perBet, player: { minimumCents: 1000, maximumCents: 100000 }, tie: { minimumCents: 500, maximumCents: 100000 } } } };
  /** The table's own settlement of each wager, as the engine settles it under the sign (the identity replay). */
  const asSettled = (coup: RecordedCoup): RecordedCoup => {
    const s = new Map(replayCoup(coup, coupOf(coup.cards), coup.configuration).map((r) => [r.wager.wagerId, r.kind === 'settled' ? r.settlement : undefined]));
    return { ...coup, wagers: coup.wagers.map((w) => ({ ...w, settled: s.get(w.wagerId) })) };
  };
  // Both coups: P 4H 5D = 9 natural, B 2C 3C = 5: Player wins.
  const cards = coups[1].cards;
  const play: RecordedCoup[] = [
    asSettled({
      tableId: 'BAC-1', coupId: 'L1', cards, configuration: SIGN,
      wagers: [
        // 1,200.00 over the 1,000.00 maximum: played at 1,000.00, 200.00 handed back (6.3.2).
        { wagerId: 'over', box: 1, bet: 'player', option: 'standard', amountCents: 120000 },
        // 1,000.00 reduced by the dealer to 700.00 before the deal (6.4).
        { wagerId: 'reduced', box: 2, bet: 'player', option: 'standard', amountCents: 100000, reducedToCents: 70000 },
        { wagerId: 'tie', box: 3, bet: 'tie', option: 'standard', amountCents: 2000 },
        { wagerId: 'p20-first', box: 5, bet: 'player', option: 'standard', amountCents: 2000 },
      ],
    }),
    asSettled({
      tableId: 'BAC-1', coupId: 'L2', cards, configuration: SIGN,
      wagers: [
        // 5.00 under the 10.00 minimum: settled and its owner advised (6.3.1); the further one returned.
        { wagerId: 'under-warned', box: 4, bet: 'player', option: 'standard', amountCents: 500, belowMinimum: 'warned' },
        { wagerId: 'under-returned', box: 4, bet: 'player', option: 'standard', amountCents: 500, belowMinimum: 'returned' },
        // 1,000.00 reduced by the player to 600.00 after no more bets (10.7(b)).
        { wagerId: 'player-reduced', box: 6, bet: 'player', option: 'standard', amountCents: 100000, reducedToCents: 60000 },
        { wagerId: 'p20-further', box: 5, bet: 'player', option: 'standard', amountCents: 2000 },
      ],
    }),
  ];
  const limits = (bet: string, l: { minimumCents?: number; maximumCents?: number }) => (c: ReplayConfiguration): ReplayConfiguration => ({ ...c, limits: { perBet: { ...c.limits.perBet, [bet]: { ...c.limits.perBet[bet], ...l } } } });

  it('the identity replay reproduces the table: over-maximum at the maximum, reductions, the further wager under the minimum returned', () => {
    const player = rowOf(resettle(play), 'player');
    expect(player.notReplayed.wagers).toBe(0);
    expect(player.whatIf).toEqual(player.actual);
    expect(player.actual).toMatchObject({ wagers: 6, turnoverCents: 100000 + 70000 + 2000 + 500 + 60000 + 2000 });
  });

  it('Crown Melbourne 6.3.2 in a what-if: a lowered maximum settles every standing wager above it at the maximum, as the table would', () => {
    const player = rowOf(resettle(play, limits('player', { maximumCents: 50000 })), 'player');
    expect(player.refused).toEqual({ wagers: 0, amountCents: 0, reasons: {} });
    // over, reduced and player-reduced each at 500.00; the rest as they stood.
    expect(player.whatIf).toMatchObject({ wagers: 6, turnoverCents: 3 * 50000 + 2000 + 500 + 2000, paidCents: 3 * 50000 + 2000 + 500 + 2000 });
    const tie = rowOf(resettle(play, limits('tie', { maximumCents: 1000 })), 'tie');
    expect(tie.refused.wagers).toBe(0);
    expect(tie.whatIf).toMatchObject({ wagers: 1, turnoverCents: 1000 });
  });

  it('Crown Melbourne 6.3.2 and 6.4 in a what-if: a raised maximum replays at most what stood; stakes the table handed back are never staked again', () => {
    const player = rowOf(resettle(play, limits('player', { maximumCents: 150000 })), 'player');
    expect(player.refused.wagers).toBe(0);
    expect(player.whatIf).toEqual(player.actual);
  });

  it("Crown Melbourne 6.3.1 in a what-if: a raised minimum settles an owner's first wager under it and refuses only the further ones, returned regardless of the result", () => {
    const player = rowOf(resettle(play, limits('player', { minimumCents: 5000 })), 'player');
    // Box 5's first 20.00 is paid after the result, its further one returned (6.3.1); box 4's warned 5.00 stands as the
    // table settled it, and its returned one never stood. The 6.4 and 10.7(b) reductions stood above the minimum.
    expect(player.refused).toEqual({ wagers: 1, amountCents: 2000, reasons: { 'a further wager under the minimum, returned regardless of the result (Crown Melbourne 6.3.1)': 1 } });
    expect(player.whatIf).toMatchObject({ wagers: 5, turnoverCents: 100000 + 70000 + 2000 + 500 + 60000 });
  });

  it('refused wagers are counted at what stood, never at what was placed, and a wager the table returned is never refused (Crown Melbourne 6.3.1, 6.3.2, 6.4, 10.7(b))', () => {
    const { configuration } = applyWhatIfChanges(SIGN, [{ variant: 'lucky-chase' }, { bet: 'lucky-chase-banker', option: 'standard', minimumCents: 1000, maximumCents: 100000 }]);
    const player = rowOf(resettle(play, () => configuration), 'player');
    expect(player.refused).toEqual({ wagers: player.actual.wagers, amountCents: player.actual.turnoverCents, reasons: { 'bet not offered': player.actual.wagers } });
  });
});

describe('Star 2024 6.1 with 6.4 and 6.5 in a what-if: the table refuses a wager under the minimum before the first card, and pays or collects one above the maximum to it', () => {
  const STAR: ReplayConfiguration = { ...CROWN, rulebookId: 'star-sydney-2024', offeredBets: CROWN.offeredBets.filter((b) => b.bet !== 'super-6') };
  const play: RecordedCoup[] = coups.map((c) => ({ ...c, configuration: STAR, wagers: c.wagers.filter((w) => w.bet === 'player') }));
  const player = (l: { minimumCents: number; maximumCents: number }) => rowOf(resettle(play, (c) => ({ ...c, limits: { perBet: { ...c.limits.perBet, player: l } } })), 'player');
  it('a raised minimum refuses every wager under it, naming the clause; a lowered maximum settles at it', () => {
    // Player 50.00 (c1, lost) and 30.00 (c2, won).
    expect(player({ minimumCents: 4000, maximumCents: 1000000 }).refused).toEqual({ wagers: 1, amountCents: 3000, reasons: { 'under the minimum (Star 2024 6.1; 6.4)': 1 } });
    expect(player({ minimumCents: 1000, maximumCents: 2000 })).toMatchObject({ refused: { wagers: 0 }, whatIf: { wagers: 2, turnoverCents: 4000, paidCents: 2000 } });
  });
});
