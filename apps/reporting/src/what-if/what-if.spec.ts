import { betDefinition, rulebookById, type BetId, type RecordedCoup, type RecordedWager, type ReplayConfiguration } from '@app/baccarat';
import type { RecordedPlay } from './recorded-play';
import { whatIf } from './what-if';

const FROM = '2026-10-02T19:00:00.000Z';
const TO = '2026-10-03T19:00:00.000Z';
const limit = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });

const crown = (variant: string, offered: readonly [string, string][]): ReplayConfiguration => ({
  rulebookId: 'crown-melbourne-v29',
  variant,
  offeredBets: offered.map(([bet, option]) => ({ bet, option })),
  limits: { perBet: Object.fromEntries(offered.map(([bet]) => [bet, limit(500, 500000)])) },
  minimumChipCents: 500,
  decks: 8,
  tournament: false,
});

const playOf = (tableId: string, configuration: ReplayConfiguration, coups: readonly { cards: string[]; wagers: RecordedWager[]; at?: string }[]): RecordedPlay => ({
  tableId,
  configuration,
  configurations: [{ from: FROM, clause: null, configuration }],
  coups: coups.map((c, i): RecordedCoup => ({ tableId, coupId: `${tableId}-c${i + 1}`, cards: c.cards, wagers: c.wagers, configuration, playedAt: c.at ?? '2026-10-02T20:00:00.000Z' })),
});
const row = (a: ReturnType<typeof whatIf>, tableId: string, bet: string) => a.tables.find((t) => t.tableId === tableId)!.bets.find((b) => b.bet === bet)!;

describe('what-if rows cite the clause of the rulebook that offers the bet', () => {
  // Banker 3+3 = 6 after the Player's 2+3 must draw a 10: the Insurance/No 6 window (Crown Melbourne 1.1), Banker wins with 6.
  const insurance = playOf('VIC-CB', crown('crown-baccarat', [['player', 'standard'], ['banker', 'crown'], ['tie', 'standard'], ['insurance', 'standard']]), [
    { cards: ['2H', '3C', '3D', '3S', '10H'], wagers: [{ wagerId: 'i1', box: 1, bet: 'insurance', option: 'standard', amountCents: 1000, settled: { outcome: 'lose', winCents: 0, returnedCents: 0, commissionCents: 0 } }] },
  ]);
  const shield = playOf('VIC-SH', crown('traditional', [['player', 'standard'], ['banker', 'traditional'], ['tie', 'standard'], ['shield', 'standard']]), [
    { cards: ['2H', '3C', '4D', '2S', '10H'], wagers: [{ wagerId: 's1', box: 1, bet: 'shield', option: 'standard', amountCents: 1000, side: 'player', settled: { outcome: 'lose', winCents: 0, returnedCents: 0, commissionCents: 0 } }] },
  ]);
  const chase = playOf('VIC-LC', crown('lucky-chase', [['lucky-chase-player', 'standard'], ['lucky-chase-banker', 'standard']]), [
    {
      cards: ['4H', '2C', '5D', '3C'],
      wagers: [
        { wagerId: 'h1', box: 1, bet: 'lucky-chase-player', option: 'standard', amountCents: 1000, settled: { outcome: 'win', winCents: 1000, returnedCents: 1000, commissionCents: 0 } },
        { wagerId: 't1', box: 2, bet: 'lucky-chase-banker', option: 'standard', amountCents: 1000, settled: { outcome: 'lose', winCents: 0, returnedCents: 0, commissionCents: 0 } },
      ],
    },
  ]);
  const answer = whatIf([insurance, shield, chase], [], FROM, TO);
  const CROWN = rulebookById('crown-melbourne-v29');

  it.each([
    ['VIC-CB', 'insurance', "Crown Melbourne 5.5.4; 1.1 'Insurance/No 6'"],
    ['VIC-SH', 'shield', 'Crown Melbourne 5.5.17; 5.9'],
    ['VIC-LC', 'lucky-chase-player', 'Crown Melbourne 11.2.1'],
    ['VIC-LC', 'lucky-chase-banker', 'Crown Melbourne 11.2.1'],
  ])("Crown Melbourne 5.5.4, 5.5.17, 5.9, 11.2.1: the %s row of %s cites %s, the rulebook's own clause for the bet", (tableId, bet, clause) => {
    const r = row(answer, tableId, bet);
    expect(betDefinition(CROWN, bet as BetId)?.clause).toBe(clause);
    expect(r.actual.clause).toBe(clause);
    expect(r.whatIf.clause).toBe(clause);
  });

  it('Crown Melbourne 5.9 Shield: its two edges, one per side, are each labelled with the side they are of', () => {
    const r = row(answer, 'VIC-SH', 'shield');
    for (const side of [r.actual, r.whatIf]) {
      expect(side.options.map((o) => [o.option, o.side])).toEqual([['standard', 'player'], ['standard', 'banker']]);
      expect(side.options[0].houseEdgePercent).not.toBe(side.options[1].houseEdgePercent);
    }
  });

  it('Star 2021 to Star 2024: each side cites the clause of the rulebook it is settled under (the version in force when the play happened applies)', () => {
    const star2021: ReplayConfiguration = { ...crown('traditional', [['player', 'standard'], ['banker', 'traditional'], ['tie', 'standard']]), rulebookId: 'star-sydney-2021', minimumChipCents: 100 };
    const play = playOf('NSW-1', star2021, [{ cards: ['4H', '2C', '5D', '3C'], at: '2024-05-16T02:00:00.000Z', wagers: [{ wagerId: 'p1', box: 1, bet: 'player', option: 'standard', amountCents: 1000, settled: { outcome: 'win', winCents: 1000, returnedCents: 1000, commissionCents: 0 } }] }]);
    const a = whatIf([{ ...play, coups: play.coups.map((c) => ({ ...c, playedAt: '2024-05-16T02:00:00.000Z' })) }], [{ rulebookId: 'star-sydney-2024' }], '2024-05-16T00:00:00.000Z', '2024-05-17T00:00:00.000Z');
    const r = row(a, 'NSW-1', 'player');
    expect(r.actual.clause).toBe(betDefinition(rulebookById('star-sydney-2021'), 'player')!.clause);
    expect(r.whatIf.clause).toBe(betDefinition(rulebookById('star-sydney-2024'), 'player')!.clause);
    expect(r.whatIf.clause).toMatch(/^Star 2024 /);
  });
});

describe('Star 2024 11.1.3: a winning Banker wager is paid at the odds of 19 to 20, which the what-if reports as odds, not commission', () => {
  const star: ReplayConfiguration = {
    rulebookId: 'star-sydney-2024',
    variant: 'traditional',
    offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
    limits: { perBet: { player: limit(1000, 500000), banker: limit(1000, 500000), tie: limit(500, 50000) } },
    minimumChipCents: 100,
    decks: 8,
    tournament: false,
  };
  // Banker 3+3 = 6 beats Player 2+3+10 = 5. 25.00 at 19 to 20 is 23.75, paid as 24.00 in 1.00 chips (Star 2024 5.8);
  // 10.00 is 9.50, paid as 10.00. The table publishes these as 1 to 1 with 5% taken (winCents 2525 and 1050, commission
  // 125 and 50), as its commission taken at once (the Star defers none).
  const play = playOf('NSW-1', star, [
    {
      cards: ['2H', '3C', '3D', '3S', '10H'],
      wagers: [
        { wagerId: 'b1', box: 1, bet: 'banker', option: 'traditional', amountCents: 2500, commissionDeferred: false, settled: { outcome: 'win', winCents: 2525, returnedCents: 2500, commissionCents: 125 } },
        { wagerId: 'b2', box: 2, bet: 'banker', option: 'traditional', amountCents: 1000, commissionDeferred: false, settled: { outcome: 'win', winCents: 1050, returnedCents: 1000, commissionCents: 50 } },
        { wagerId: 'p1', box: 3, bet: 'player', option: 'standard', amountCents: 3000, settled: { outcome: 'lose', winCents: 0, returnedCents: 0, commissionCents: 0 } },
      ],
    },
  ]);

  it('Star 2024 11.1.3: Banker wins are paid 24.00 and 10.00 at 19 to 20 with no commission; the house win and hold are what the table held', () => {
    const r = row(whatIf([play], [], FROM, TO), 'NSW-1', 'banker');
    expect(r.actual).toMatchObject({ wagers: 2, turnoverCents: 3500, paidCents: 3400, commissionCents: 0, houseWinCents: -3400 });
    expect(r.whatIf).toMatchObject({ wagers: 2, turnoverCents: 3500, paidCents: 3400, commissionCents: 0, houseWinCents: -3400 });
    expect(r.notReplayed.wagers).toBe(0);
  });

  it('Crown Melbourne 9.1 Table 3: at Crown the same Banker win is 1 to 1 less 5% commission, reported as commission', () => {
    const vic = playOf('VIC-1', crown('traditional', [['player', 'standard'], ['banker', 'traditional'], ['tie', 'standard']]), [
      { cards: ['2H', '3C', '3D', '3S', '10H'], wagers: [{ wagerId: 'b1', box: 1, bet: 'banker', option: 'traditional', amountCents: 10000, settled: { outcome: 'win', winCents: 10000, returnedCents: 10000, commissionCents: 500 } }] },
    ]);
    expect(row(whatIf([vic], [], FROM, TO), 'VIC-1', 'banker').actual).toMatchObject({ paidCents: 10000, commissionCents: 500, houseWinCents: -9500 });
  });
});
