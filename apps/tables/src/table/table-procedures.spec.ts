import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, WagersAccepted, WagersSettled } from './table.events';
import { AREA_MANAGER, CROWN_BETS, CROWN_LIMITS, DEALER, SUPERVISOR, T0, deal, openCrown, openStar, play, readyShoe } from './table-fixtures';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId: `patron-${box}` });
const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const place = (coupId: string, wagers: Wagers): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const settlementsOf = (events: readonly TableEvent[]) => events.filter((e): e is WagersSettled => e.type === 'WagersSettled').flatMap((e) => e.settlements);

describe('Procedures once missing', () => {
  it('takes a Player/Banker Run only with the player\'s own Player or Banker wager on the coup (Crown Melbourne 5.5.7)', () => {
    const table = openCrown({
      offeredBets: [...CROWN_BETS, { bet: 'runs-player-banker', option: 'standard' }],
      limits: { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, 'runs-player-banker': { minimumCents: 500, maximumCents: 20000 } } },
    });
    const history = play([table, seat(1), ...readyShoe(), start('c1')]);
    const run = { wagerId: 'run', box: 1, bet: 'runs-player-banker', amountCents: 1000, length: 2, sequence: ['player', 'banker'] as const };
    spec.given(history).when(place('c1', [run])).thenThrows('BASE_WAGER_REQUIRED', 'Crown Melbourne 5.5.7');
    spec.given(history).when(place('c1', [{ wagerId: 'p', box: 1, bet: 'player', amountCents: 2500 }, run])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
  });

  it('lets a player have an individual minimum below the sign\'s, shown by a distinctive marker (Crown Melbourne 6.6)', () => {
    const history = play([openCrown(), seat(1), { type: 'SetIndividualLimit', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 500000, minimumCents: 1000 }, ...readyShoe(), start('c1')]);
    const events = play([place('c1', [{ wagerId: 'w', box: 1, bet: 'player', amountCents: 1000 }]), ...deal('c1', PLAYER_NATURAL)], history);
    const accepted = events.find((e): e is WagersAccepted => e.type === 'WagersAccepted')!;
    expect(accepted.wagers.map((w) => [w.wagerId, w.belowMinimum])).toEqual([['w', undefined]]);
    expect(settlementsOf(events).find((x) => x.wagerId === 'w')).toMatchObject({ outcome: 'win', winCents: 1000 });
  });

  it('lets a casino supervisor limit a dedicated box to one player (Star 2024 5.9)', () => {
    const limit: TableCommand = { type: 'LimitPlayers', actor: SUPERVISOR, now: T0, perBox: 1 };
    const history = play([openStar(), ...readyShoe(), limit, start('c1'), place('c1', [{ wagerId: 'a', box: 1, sessionId: 'ann', bet: 'player', amountCents: 5000 }])]);
    spec.given(history).when(place('c1', [{ wagerId: 'b', box: 1, sessionId: 'bob', bet: 'player', amountCents: 5000 }])).thenThrows('BOX_PLAYER_LIMIT', 'Star 2024 5.9');
    spec.given(history).when(place('c1', [{ wagerId: 'b', box: 2, sessionId: 'bob', bet: 'banker', amountCents: 5000 }])).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['WagersAccepted']));
    spec.given(play([openStar()])).when({ ...limit, actor: DEALER }).thenThrows('ROLE_NOT_PERMITTED', 'Star 2024 5.9');
    spec.given(play([openCrown()])).when(limit).thenThrows('PLAYER_LIMITS_NOT_PROVIDED');
  });

  it('forfeits a fraudster\'s wager where a casino supervisor so directs when the game is invalidated, refunding the others (Star 2024 14.5; 14.4.2)', () => {
    const history = play([openStar(), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', [
      { wagerId: 'cheat', box: 1, bet: 'player', amountCents: 5000 },
      { wagerId: 'honest', box: 2, bet: 'banker', amountCents: 5000 },
    ])]);
    const voidCoup = (forfeitedWagerIds: string[]): TableCommand => ({ type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'fraud', reason: 'marked cards', forfeitedWagerIds });
    spec.given(history).when(voidCoup(['cheat'])).thenEvents((events) => {
      const settled = settlementsOf(events);
      expect(settled.find((x) => x.wagerId === 'cheat')).toMatchObject({ outcome: 'lose', returnedCents: 0, clause: 'Star 2024 14.5' });
      expect(settled.find((x) => x.wagerId === 'honest')).toMatchObject({ outcome: 'void', returnedCents: 5000 });
    });
    spec.given(history).when(voidCoup(['nobody'])).thenThrows('WAGER_NOT_IN_COUP');
    const crown = play([openCrown(), seat(1), ...readyShoe(), start('c1'), place('c1', [{ wagerId: 'w', box: 1, bet: 'player', amountCents: 5000 }])]);
    spec.given(crown).when({ type: 'VoidCoup', actor: { id: 'cm', role: 'casino-manager' }, now: T0, coupId: 'c1', ground: 'fraud', reason: 'x', forfeitedWagerIds: ['w'] }).thenThrows('FORFEITURE_NOT_PROVIDED');
  });
});

describe('Retracting or reducing a wager after no more bets, where the rulebook gives the option (Crown Melbourne 10.7(b), 10.9.1; Star 12.1.1, 12.12)', () => {
  const wagers: Wagers = [
    { wagerId: 'p', box: 1, bet: 'player', amountCents: 10000 },
    { wagerId: 'b', box: 2, bet: 'banker', amountCents: 10000 },
  ];
  const change = (wagerId: string, toCents: number, ground: Extract<TableCommand, { type: 'ChangeWager' }>['ground'], actor = SUPERVISOR): TableCommand => ({ type: 'ChangeWager', actor, now: T0, coupId: 'c1', wagerId, toCents, ground });
  const crown = () => play([openCrown(), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', wagers), ...deal('c1', ['9H', '2C'])]);

  it('lets a player reduce a wager when two cards are drawn unexposed, permitted by a TG Higher Duties Dealer, and settles what stayed (Crown Melbourne 10.9.1(b))', () => {
    const reduced = spec.given(crown()).when(change('p', 5000, 'cards-drawn-unexposed')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagerReduced', wagerId: 'p', fromCents: 10000, toCents: 5000, clause: 'Crown Melbourne 10.9.1(b), (d)', by: SUPERVISOR }]);
    });
    const settled = settlementsOf(play(deal('c1', ['KD', '3S']), [...crown(), ...reduced]));
    expect(settled.find((x) => x.wagerId === 'p')).toMatchObject({ outcome: 'win', winCents: 5000, returnedCents: 10000 });
    spec.given(crown()).when(change('p', 5000, 'cards-drawn-unexposed', DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 10.9.1(b), (d)');
  });

  it('returns a retracted wager, and completes the coup as a Dummy Coup when every wager is withdrawn (Crown Melbourne 10.9.1(d); 10.9.2)', () => {
    const oneLeft = play([change('p', 0, 'cards-drawn-unexposed')], crown());
    expect(settlementsOf(oneLeft).find((x) => x.wagerId === 'p')).toMatchObject({ outcome: 'void', returnedCents: 10000 });
    spec.given(oneLeft).when(change('b', 0, 'cards-drawn-unexposed')).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['WagerRetracted', 'WagersSettled', 'CoupBecameDummy']);
      expect(events[2]).toMatchObject({ clause: 'Crown Melbourne 10.9.2' });
    });
  });

  it('lets a Star player only remove a wager after a reconstruction, never reduce it (Star 2024 12.1.1), and has no Crown ground at Star', () => {
    const star = play([openStar(), seat(1), seat(2), ...readyShoe(), start('c1'), place('c1', wagers), ...deal('c1', ['9H', '2C'])]);
    spec.given(star).when(change('p', 5000, 'reconstruction')).thenThrows('ONLY_RETRACTION', 'Star 2024 12.1.1');
    spec.given(star).when(change('p', 0, 'reconstruction')).thenEvents((events) => expect(events[0]).toMatchObject({ type: 'WagerRetracted', clause: 'Star 2024 12.1.1' }));
    spec.given(star).when(change('p', 0, 'supervisor-modification')).thenThrows('WAGER_CHANGE_NOT_FOR_DEALING_METHOD', 'Star 2024 12.12');
    spec.given(star).when(change('p', 0, 'wrong-delivery')).thenThrows('WAGER_CHANGE_NOT_PROVIDED');
  });
});

describe('Crown Melbourne 6.5: wagers over the table differential by prior arrangement', () => {
  const limits = { ...CROWN_LIMITS, tableDifferentialCents: 100000 };
  const arrange: TableCommand = { type: 'ArrangeOverDifferential', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 300000 };
  const wagers: Wagers = [
    { wagerId: 'p', box: 1, bet: 'player', amountCents: 300000 },
    { wagerId: 'b', box: 2, bet: 'banker', amountCents: 100000 },
  ];

  it('keeps an arranged wager whole and charges 2.5% on the amount over the differential when it wins (Crown Melbourne 6.5; 6.5.2)', () => {
    const history = play([openCrown({ limits }), seat(1), seat(2), arrange, ...readyShoe(), start('c1'), place('c1', wagers)]);
    spec.given(history).when({ type: 'ReduceToDifferential', actor: DEALER, now: T0, coupId: 'c1' }).thenThrows('WITHIN_DIFFERENTIAL');
    const settled = settlementsOf(play(deal('c1', PLAYER_NATURAL), history));
    expect(settled.find((x) => x.wagerId === 'p')).toMatchObject({ outcome: 'win', winCents: 300000, commissionImmediateCents: 5000 });
  });

  it('refuses a wager over the agreed maximum, and an arrangement outside Traditional Baccarat (Crown Melbourne 6.5)', () => {
    const history = play([openCrown({ limits }), seat(1), arrange, ...readyShoe(), start('c1')]);
    spec.given(history).when(place('c1', [{ wagerId: 'p', box: 1, bet: 'player', amountCents: 350000 }])).thenThrows('OVER_DIFFERENTIAL_MAXIMUM', 'Crown Melbourne 6.5; 6.5.1; 6.5.2');
    spec.given(play([openCrown({ limits }), seat(1)])).when({ ...arrange, actor: SUPERVISOR }).thenThrows('ROLE_NOT_PERMITTED');
    spec.given(play([openStar(), seat(1)])).when(arrange).thenThrows('OVER_DIFFERENTIAL_NOT_PROVIDED');
  });
});
