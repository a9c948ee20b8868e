import type { TableLimits } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { tableDecider, type OpenTable, type TableCommand } from './table.decider';
import type { CoupCompleted, TableEvent, WagersSettled } from './table.events';
import { CROWN_LIMITS, DEALER, SUPERVISOR, T0, deal, openCrown, openStar, play, readyShoe } from './table-fixtures';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'];
const TIE = ['8H', '8C', 'KD', 'QS'];

const seat = (box: number, sessionId = `sess-${box}`): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId, patronId: `patron-${box}` });
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const place = (coupId: string, wagers: Wagers): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const settlementsOf = (events: readonly TableEvent[]) => events.filter((e): e is WagersSettled => e.type === 'WagersSettled').flatMap((e) => e.settlements);
const byId = (events: readonly TableEvent[], wagerId: string) => settlementsOf(events).find((x) => x.wagerId === wagerId);

/** A Rapid Baccarat table (Crown Melbourne Rapid rules): ATS chip accounts, pay-table options per 10.1. */
const openRapid = (overrides: Partial<OpenTable> = {}): OpenTable =>
  openCrown({
    tableId: 'R1',
    rulebookId: 'crown-melbourne-rapid',
    offeredBets: [
      { bet: 'player', option: 'standard' },
      { bet: 'banker', option: 'traditional' },
      { bet: 'tie', option: 'standard' },
      { bet: 'pairs', option: 'standard' },
      { bet: 'perfect-pairs', option: '1' },
    ],
    limits: { perBet: { player: lim(500, 500000), banker: lim(500, 500000), tie: lim(500, 50000), pairs: lim(500, 50000), 'perfect-pairs': lim(500, 50000) } },
    ...overrides,
  });

describe('Crown Melbourne 9.2 and 1.1 \'1-1-2\': the quarters go on the table\'s own Player and Banker Side Wagers', () => {
  const withCrownPairs = (extra: Partial<OpenTable> = {}) =>
    openCrown({
      offeredBets: [
        { bet: 'player', option: 'standard' },
        { bet: 'banker', option: 'traditional' },
        { bet: 'tie', option: 'standard' },
        { bet: 'crown-pairs', option: 'standard' },
        { bet: 'one-one-two', option: 'crown-melbourne-1.1' },
      ],
      limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'crown-pairs': lim(500, 50000), 'one-one-two': lim(2000, 40000) } },
      ...extra,
    });

  it('settles the pair quarters as Baccarat Crown Pairs at a table offering Crown Pairs (Crown Melbourne 9.2; 1.1 \'1-1-2\'; Table 8)', () => {
    // Player KH KH is a suited pair: Crown Pairs pays 25 to 1 on the 500 quarter; the other quarter and the Tie half lose.
    const history = play([withCrownPairs(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'x', box: 1, bet: 'one-one-two', amountCents: 2000 }]), ...deal('c1', ['KH', '2C', 'KH', '5D', '9S'])]);
    expect(byId(history, 'x')).toMatchObject({ outcome: 'win', winCents: 12500 - 500 - 1000, returnedCents: 2000 });
  });

  it('refuses to open a table offering 1-1-2 without a Player and Banker Side Wager to apportion it to (Crown Melbourne 1.1 \'1-1-2\')', () => {
    const bare = withCrownPairs({
      offeredBets: [
        { bet: 'player', option: 'standard' },
        { bet: 'banker', option: 'traditional' },
        { bet: 'tie', option: 'standard' },
        { bet: 'one-one-two', option: 'crown-melbourne-1.1' },
      ],
      limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'one-one-two': lim(2000, 40000) } },
    });
    spec.given([]).when(bare).thenThrows('ONE_ONE_TWO_NEEDS_SIDE_WAGER', "Crown Melbourne 1.1 '1-1-2'");
  });

  it('refuses a 1-1-2 that cannot be split into quarters payable in chips when it is placed (Crown Melbourne 5.6)', () => {
    const history = play([withCrownPairs({ limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'crown-pairs': lim(500, 50000), 'one-one-two': lim(500, 40000) } } }), seat(1), ...readyShoe(), start('c1')]);
    spec.given(history).when(place('c1', [{ wagerId: 'x', box: 1, bet: 'one-one-two', amountCents: 1000 }])).thenThrows('WAGER_NOT_PAYABLE_IN_CHIPS', 'Crown Melbourne 5.6');
    spec.given(history).when(place('c1', [{ wagerId: 'x', box: 1, bet: 'one-one-two', amountCents: 2000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });
});

describe('Crown Melbourne 13.4.6(a)(ii): the Lucky Tie split weighs each Tie wager as accepted', () => {
  it('reports a Tie wager over the table maximum at the maximum it was accepted for (Crown Melbourne 13.4.6(a)(ii); 6.3.2)', () => {
    const history = play([openCrown(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 't', box: 1, bet: 'tie', amountCents: 60000 }]), ...deal('c1', TIE)]);
    const completed = history.find((e): e is CoupCompleted => e.type === 'CoupCompleted')!;
    expect(completed.tieWagers).toMatchObject([{ wagerId: 't', amountCents: 50000 }]);
  });
});

describe('Table differential: a reduction the dealer may make before the first card, never at settlement (Crown Melbourne 6.4; Star 2024 6.2-6.3)', () => {
  const limits: TableLimits = { ...CROWN_LIMITS, tableDifferentialCents: 100000 };
  const overDifferential: Wagers = [
    { wagerId: 'p', box: 1, bet: 'player', amountCents: 300000 },
    { wagerId: 'b', box: 2, bet: 'banker', amountCents: 100000 },
  ];
  const crown = () => play([openCrown({ limits }), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', overDifferential)]);
  const star = () => play([openStar({ limits: { ...openStar().limits, tableDifferentialCents: 100000 } }), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', overDifferential)]);
  const reduce = (actor = DEALER): TableCommand => ({ type: 'ReduceToDifferential', actor, now: T0, coupId: 'c1' });

  it('settles wagers over the differential in full when the dealer did not reduce them before the deal (Crown Melbourne 6.4)', () => {
    const history = play(deal('c1', PLAYER_NATURAL), crown());
    expect(byId(history, 'p')).toMatchObject({ outcome: 'win', winCents: 300000, returnedCents: 300000 });
  });

  it('records the dealer\'s pro rata reduction before the first card, and settles what stayed in play (Crown Melbourne 6.4)', () => {
    const reduced = spec.given(crown()).when(reduce()).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersReducedToDifferential', coupId: 'c1', reductions: [{ wagerId: 'p', fromCents: 300000, toCents: 200000 }], clause: 'Crown Melbourne 6.4', by: DEALER }]);
    });
    const history = play(deal('c1', PLAYER_NATURAL), [...crown(), ...reduced]);
    expect(byId(history, 'p')).toMatchObject({ outcome: 'win', winCents: 200000, returnedCents: 300000 });
  });

  it('holds a wager found over the differential after the first card valid in full, and offers no reduction then (Star 2024 6.3)', () => {
    const afterFirstCard = play(deal('c1', PLAYER_NATURAL.slice(0, 1)), star());
    spec.given(afterFirstCard).when(reduce()).thenThrows('FIRST_CARD_DEALT', 'Star 2024 6.3');
    const history = play(deal('c1', PLAYER_NATURAL.slice(1)), afterFirstCard);
    expect(byId(history, 'p')).toMatchObject({ outcome: 'win', winCents: 300000 });
  });
});

describe('Insurance/No 6 on the original Player or Banker wager (Crown Melbourne 1.1 \'Insurance/No 6\')', () => {
  it('accepts Insurance/No 6 on a Player wager, capped at it (Crown Melbourne 1.1 \'Insurance/No 6\')', () => {
    const crownBaccarat = openCrown({
      variant: 'crown-baccarat',
      offeredBets: [
        { bet: 'player', option: 'standard' },
        { bet: 'banker', option: 'crown' },
        { bet: 'tie', option: 'standard' },
        { bet: 'insurance', option: 'standard' },
      ],
      limits: { perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), insurance: lim(500, 500000) } },
    });
    // Player 2+3 = 5 must draw, Banker K+6 = 6: the Insurance/No 6 window after four cards.
    const window = play([crownBaccarat, seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'p', box: 1, bet: 'player', amountCents: 5000 }]), ...deal('c1', ['2H', 'KC', '3D', '6S'])]);
    spec.given(window).when(place('c1', [{ wagerId: 'i', box: 1, bet: 'insurance', amountCents: 5000 }])).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'i', originalWagerCents: 5000 }] }]);
    });
    spec.given(window).when(place('c1', [{ wagerId: 'i', box: 1, bet: 'insurance', amountCents: 5500 }])).thenThrows('INSURANCE_ABOVE_ORIGINAL_WAGER');
  });
});

describe('Rapid Baccarat: ATS chip accounts and side wager rules', () => {
  it('credits a Rapid Banker win with the commission deducted, not rounded to a chip (Rapid 4.8.2(a); no chip rounding)', () => {
    const history = play([openRapid(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'b', box: 1, bet: 'banker', amountCents: 1000 }]), ...deal('c1', BANKER_NATURAL)]);
    expect(byId(history, 'b')).toMatchObject({ outcome: 'win', winCents: 1000, commissionImmediateCents: 50, returnedCents: 1000 });
  });

  it('accepts Pairs and Perfect Pairs only with the player\'s own Player, Banker, Tie or Dragon Bonus wager (Rapid 4.11.1)', () => {
    const history = play([openRapid(), seat(1), ...readyShoe(), start('c1')]);
    spec.given(history).when(place('c1', [{ wagerId: 'pp', box: 1, bet: 'perfect-pairs', side: 'player', amountCents: 1000 }])).thenThrows('BASE_WAGER_REQUIRED', 'Rapid 4.11.1');
    spec.given(history).when(place('c1', [{ wagerId: 't', box: 1, bet: 'tie', amountCents: 1000 }, { wagerId: 'pp', box: 1, bet: 'pairs', side: 'player', amountCents: 1000 }])).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 't' }, { wagerId: 'pp' }] }]);
    });
  });

  it('refuses a Rapid table whose Perfect Pairs option differs from the other tables offering it (Rapid 10.1)', () => {
    const peerTables = [{ tableId: 'R2', offeredBets: [{ bet: 'perfect-pairs', option: '2' }] }];
    const error = spec.given([]).when(openRapid({ peerTables })).thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
    expect(error.clause).toContain('Rapid 10.1');
    spec.given([]).when(openRapid({ peerTables: [{ tableId: 'R2', offeredBets: [{ bet: 'perfect-pairs', option: '1' }] }] })).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TableOpened']));
  });
});

describe('Crown Melbourne 6.3.1: a further wager under the minimum is returned', () => {
  it('settles the first wager under the minimum and warns; returns the player\'s further ones regardless of the result (Crown Melbourne 6.3.1)', () => {
    const first = play([openCrown(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'u1', box: 1, bet: 'player', amountCents: 1000 }]), ...deal('c1', PLAYER_NATURAL)]);
    expect(byId(first, 'u1')).toMatchObject({ outcome: 'win', winCents: 1000 });
    const second = play([start('c2'), place('c2', [{ wagerId: 'u2', box: 1, bet: 'player', amountCents: 1000 }]), ...deal('c2', PLAYER_NATURAL)], first);
    expect(byId(second, 'u2')).toMatchObject({ outcome: 'void', winCents: 0, returnedCents: 1000, clause: 'Crown Melbourne 6.3.1' });
  });
});

describe('Star 2024: one wager of each Tiger bet per player per coup, and standing players', () => {
  const tigerTable = () =>
    openStar({
      offeredBets: [
        { bet: 'player', option: 'standard' },
        { bet: 'banker', option: 'traditional' },
        { bet: 'tie', option: 'standard' },
        { bet: 'tiger-tie', option: '1' },
        { bet: 'tiger-pair', option: '1' },
        { bet: 'tiger', option: '1' },
        { bet: 'big-tiger', option: '1' },
        { bet: 'small-tiger', option: '1' },
      ],
      limits: {
        perBet: { player: lim(2500, 500000), banker: lim(2500, 500000), tie: lim(500, 50000), 'tiger-tie': lim(500, 50000), 'tiger-pair': lim(500, 50000), tiger: lim(500, 50000), 'big-tiger': lim(500, 50000), 'small-tiger': lim(500, 50000) },
      },
    });
  const cases = [
    ['tiger-tie', '10.17'],
    ['tiger-pair', '10.22'],
    ['tiger', '10.28'],
    ['big-tiger', '10.33'],
    ['small-tiger', '10.38'],
  ] as const;
  it.each(cases)('refuses a second %s wager by the same player in one coup (Star 2024 %s)', (bet, clause) => {
    const history = play([tigerTable(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'a', box: 1, bet, amountCents: 1000 }])]);
    spec.given(history).when(place('c1', [{ wagerId: 'b', box: 1, bet, amountCents: 1000 }])).thenThrows('ONE_WAGER_PER_COUP', `Star 2024 ${clause}`);
  });

  it('accepts a standing player\'s wager at a box with no seated player: 14.16 forbids wagers for people outside the casino, 2.2 provides for standing players (Star 2024 2.2; 14.16)', () => {
    const history = play([openStar(), ...readyShoe(), start('c1')]);
    spec.given(history).when(place('c1', [{ wagerId: 's', box: 3, sessionId: 'standing-1', bet: 'player', amountCents: 5000 }])).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 's', box: 3, sessionId: 'standing-1' }] }]);
    });
  });
});

describe('Tables: commission deferral and the end of the shoe', () => {
  const MANAGER = { id: 'am-1', role: 'area-manager' };
  it('approving a deferral already approved changes nothing: no second event (Crown Melbourne 9.3.1)', () => {
    const approve: TableCommand = { type: 'ApproveCommissionDeferral', actor: MANAGER, now: T0, box: 1 };
    const history = play([openCrown(), seat(1), approve]);
    spec.given(history).when(approve).then([]);
  });

  it('refuses to end the shoe before the announced last coup is dealt (Crown Melbourne 7.3.4)', () => {
    const history = play([openCrown(), ...readyShoe(), start('c1'), ...deal('c1', PLAYER_NATURAL), { type: 'ReportCutCard', actor: DEALER, now: T0 }]);
    spec.given(history).when({ type: 'EndShoe', actor: DEALER, now: T0, reason: 'cut-card' }).thenThrows('LAST_COUP_NOT_DEALT', 'Crown Melbourne 7.3.4');
  });

  it('answers that the shoe already ended once its last coup ended it (Crown Melbourne 7.3.4)', () => {
    const history = play([openCrown(), ...readyShoe(), start('c1'), ...deal('c1', PLAYER_NATURAL), { type: 'ReportCutCard', actor: DEALER, now: T0 }, start('c2'), ...deal('c2', BANKER_NATURAL)]);
    expect(history.some((e) => e.type === 'ShoeEnded')).toBe(true);
    const error = spec.given(history).when({ type: 'EndShoe', actor: SUPERVISOR, now: T0, reason: 'cut-card' }).thenThrows('SHOE_ALREADY_ENDED');
    expect(error.message).toContain('shoe-1');
  });
});
