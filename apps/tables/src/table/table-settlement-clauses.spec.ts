/**
 * Every payout traces to a clause of the rulebook in force when the play happened, cited as that rulebook cites
 * it: a settlement's clause comes from the rulebook's pay-table entry for the bet, option and resolution, never
 * from the engine's Crown Melbourne numbering (Star 2024 5.1.2.3, 11.1.3; Star 2021 11.1.3; Crown Melbourne 9.1 Table 3).
 */
import type { WagerSettlement } from '@app/contracts';
import type { TableCommand } from './table.decider';
import type { TableEvent } from './table.events';
import { DEALER, STAR_2021_DAY, T0, deal, on, openCrown, openStar, play, readyShoe } from './table-fixtures';

const TIE = ['8H', '8C', 'KD', 'QS'];
const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'];
/** Player 9H KD (9) against Banker 9C 3S (2): a Player natural, and a Banker pair of nines nowhere. Player pair: 2C 2D. */
const PLAYER_PAIR_WINS = ['2C', '9C', '2D', 'KS'];

type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const coup = (id: string, cards: readonly string[], wagers: Wagers): TableCommand[] => [
  { type: 'StartCoup', actor: DEALER, now: T0, coupId: id },
  { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: id, wagers },
  ...deal(id, cards),
];
const settlementsOf = (events: readonly TableEvent[]): WagerSettlement[] =>
  events.flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : []));
const clauses = (events: readonly TableEvent[]) => Object.fromEntries(settlementsOf(events).map((s) => [s.wagerId, [s.outcome, s.clause]]));

const MAIN_WAGERS: Wagers = [
  { wagerId: 'banker', box: 1, bet: 'banker', amountCents: 10000 },
  { wagerId: 'player', box: 2, bet: 'player', amountCents: 10000 },
  { wagerId: 'tie', box: 2, bet: 'tie', amountCents: 1000 },
];

describe('A settlement cites the clause of the rulebook in force for its bet, option and resolution', () => {
  const star2024 = (cards: readonly string[], wagers: Wagers = MAIN_WAGERS) => play([openStar(), ...readyShoe(), seat(1), seat(2), ...coup('c1', cards, wagers)]);
  const star2021 = (cards: readonly string[], wagers: Wagers = MAIN_WAGERS) =>
    play(on(STAR_2021_DAY, [openStar({ rulebookId: 'star-sydney-2021' }), ...readyShoe(), seat(1), seat(2), ...coup('c1', cards, wagers)]));

  it('Star 2024 5.1.2.3: a Banker wager on a tie stands off, cited under the Star edition in force (and the Player, 5.1.1.3; the Tie wins, 11.1.5)', () => {
    expect(clauses(star2024(TIE))).toEqual({
      banker: ['push', 'Star 2024 5.1.2.3'],
      player: ['push', 'Star 2024 5.1.1.3'],
      tie: ['win', 'Star 2024 11.1.5'],
    });
  });

  it('Star 2024 11.1.3: a Banker win is paid 19 to 20, cited under the Star edition in force; a losing Player and Tie cite their own pay tables (11.1.2; 11.2.1, 11.1.5; 11.2.3)', () => {
    expect(clauses(star2024(BANKER_NATURAL))).toEqual({
      banker: ['win', 'Star 2024 11.1.3'],
      player: ['lose', 'Star 2024 11.1.2; 11.2.1'],
      tie: ['lose', 'Star 2024 11.1.5; 11.2.3'],
    });
  });

  it('Star 2021 11.1.3: a Banker win at a table under the 2021 rules is cited "Star 2021 11.1.3", and its push on a tie "Star 2021 5.1.2.3"', () => {
    expect(clauses(star2021(BANKER_NATURAL)).banker).toEqual(['win', 'Star 2021 11.1.3']);
    expect(clauses(star2021(TIE))).toEqual({
      banker: ['push', 'Star 2021 5.1.2.3'],
      player: ['push', 'Star 2021 5.1.1.3'],
      tie: ['win', 'Star 2021 11.1.5'],
    });
  });

  it('Star 2024 10.7; 11.1.4: a winning Pairs wager cites the Star edition, not Crown Melbourne Table 9', () => {
    const events = star2024(PLAYER_PAIR_WINS, [{ wagerId: 'pair', box: 1, bet: 'pairs', side: 'player', amountCents: 1000 }]);
    expect(clauses(events)).toEqual({ pair: ['win', 'Star 2024 10.7; 11.1.4'] });
  });

  it('Star 2024 5.1.2.3: a table under Star 2021 that moves to Star 2024 at its next shoe cites Star 2024 from that shoe (Star 2024, effective 16 May 2024)', () => {
    const before = '2024-05-15T10:00:00.000Z';
    const after = '2024-05-16T02:00:00.000Z';
    const events = play([...on(before, [openStar({ rulebookId: 'star-sydney-2021' })]), ...on(after, [...readyShoe(), seat(1), seat(2), ...coup('c1', TIE, MAIN_WAGERS)])]);
    expect(clauses(events).banker).toEqual(['push', 'Star 2024 5.1.2.3']);
  });

  it('Crown Melbourne 9.1 Table 3: a Banker wager on a tie stands off, and a Banker win pays 1 to 1 less 5% commission, cited as Crown Melbourne cites them', () => {
    const crown = (cards: readonly string[]) => play([openCrown(), ...readyShoe(), seat(1), seat(2), ...coup('c1', cards, MAIN_WAGERS)]);
    expect(clauses(crown(TIE))).toEqual({
      banker: ['push', 'Crown Melbourne 9.1 Table 3'],
      player: ['push', 'Crown Melbourne 9.1 Tables 3, 4, 14'],
      tie: ['win', 'Crown Melbourne 9.1 Table 3'],
    });
    expect(clauses(crown(BANKER_NATURAL)).banker).toEqual(['win', 'Crown Melbourne 9.1 Table 3 (1 to 1 less 5% commission, except as described in Rule 6.5)']);
  });
});

describe('Star 2024 11.1.3, 5.8: a player\'s chips on one betting area are one wager, however many goes they were placed in', () => {
  const net = (x: WagerSettlement) => x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents;
  it('Star 2024 11.1.3, 5.8: $40, $40 and $25 on the Banker pay as $105 placed at once, commission and chip rounding on the whole; each piece keeps its share', () => {
    const events = play([
      openStar({ minimumChipCents: 500 }),
      ...readyShoe(),
      seat(1),
      seat(2),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'once', box: 1, bet: 'banker', amountCents: 10500 }, { wagerId: 'p1', box: 2, bet: 'banker', amountCents: 4000 }] },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'p2', box: 2, bet: 'banker', amountCents: 4000 }] },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'p3', box: 2, bet: 'banker', amountCents: 2500 }] },
      ...deal('c1', BANKER_NATURAL),
    ]);
    const settled = settlementsOf(events);
    const box = (n: number) => settled.filter((x) => x.box === n).reduce((a, x) => a + net(x), 0);
    expect(box(1)).toBeGreaterThan(0);
    expect(box(2)).toBe(box(1));
  });
});
