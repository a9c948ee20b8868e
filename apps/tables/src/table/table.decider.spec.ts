import { parseCard, playCoup, rulebookById, settleCoup } from '@app/baccarat';
import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, WagersSettled } from './table.events';
import { tableTerms } from './table-settlement';
import {
  AREA_MANAGER,
  CASINO_MANAGER,
  CROWN_LIMITS,
  DEALER,
  HASH,
  STAR_2021_DAY,
  SUPERVISOR,
  T0,
  deal,
  openCrown,
  on,
  openStar,
  play,
  readyShoe,
  stateOf,
} from './table-fixtures';

const spec = deciderSpec(tableDecider);
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'];
const TIE = ['8H', '8C', 'KD', 'QS'];
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const ofType = <T extends TableEvent['type']>(events: readonly TableEvent[], type: T) => events.filter((e) => e.type === type) as Extract<TableEvent, { type: T }>[];

const seat = (box: number, patronId: string | null = `patron-${box}`): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `sess-${box}`, patronId });
const startCoup = (coupId: string, extra: Partial<Extract<TableCommand, { type: 'StartCoup' }>> = {}): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId, ...extra });
const wager = (coupId: string, wagers: Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'], actor = DEALER): TableCommand => ({ type: 'PlaceWagers', actor, now: T0, coupId, wagers });
const crownReady = () => play([openCrown(), ...readyShoe()]);
const coup = (id: string, cards: readonly string[], wagers: Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'] = []): TableCommand[] => [
  startCoup(id),
  ...(wagers.length ? [wager(id, wagers)] : []),
  ...deal(id, cards),
];

describe('Tables: opening and closing', () => {
  it('opens a Crown Melbourne table whose configuration the rulebook accepts', () => {
    spec.given([]).when(openCrown()).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableOpened', tableId: 'T1', jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', decks: 8, dealingMethod: 'dealer-retains-shoe' }]);
    });
  });

  it('refuses a deck count the rulebook does not allow (Crown Melbourne 3.1)', () => {
    spec.given([]).when(openCrown({ decks: 2 })).thenThrows('DECKS_NOT_ALLOWED', 'Crown Melbourne 3.1');
  });

  it('refuses a Star dealing method on a Crown table (Crown Melbourne 7.1.1-7.1.3)', () => {
    spec.given([]).when(openCrown({ dealingMethod: 'method-c' })).thenThrows('DEALING_METHOD_NOT_ALLOWED', 'Crown Melbourne 7.1.1-7.1.3');
  });

  it('refuses a dealer opening a table', () => {
    spec.given([]).when(openCrown({ actor: DEALER })).thenThrows('ROLE_NOT_PERMITTED');
  });

  it('refuses to close with players present without three coups notice (Crown Melbourne 15.8)', () => {
    const history = play([openCrown(), seat(1)]);
    spec.given(history).when({ type: 'CloseTable', actor: SUPERVISOR, now: T0 }).thenThrows('CLOSING_NOTICE_REQUIRED', 'Crown Melbourne 15.8');
  });

  it('closes after three coups following the notice (Crown Melbourne 15.8)', () => {
    const notice: TableCommand = { type: 'AnnounceTableClosing', actor: SUPERVISOR, now: T0 };
    const twoCoups = play([notice, ...coup('c1', PLAYER_NATURAL), ...coup('c2', BANKER_NATURAL)], play([openCrown(), seat(1), ...readyShoe()]));
    spec.given(twoCoups).when({ type: 'CloseTable', actor: SUPERVISOR, now: T0 }).thenThrows('CLOSING_NOTICE_NOT_GIVEN', 'Crown Melbourne 15.8');
    const threeCoups = play(coup('c3', TIE), twoCoups);
    spec.given(threeCoups).when({ type: 'CloseTable', actor: SUPERVISOR, now: T0, reason: 'end of session' }).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['ShoeEnded', 'TableClosed']);
      expect(events[1]).toMatchObject({ noticeGivenAt: T0, clause: 'Crown Melbourne 15.8' });
    });
    spec.given(threeCoups).when(startCoup('c4')).thenThrows('TABLE_CLOSING');
  });

  it('closes a Star table only 20 minutes after the sign (Star 2024 14.9)', () => {
    const history = play([openStar(), seat(1), { type: 'AnnounceTableClosing', actor: SUPERVISOR, now: T0 }]);
    spec.given(history).when({ type: 'CloseTable', actor: SUPERVISOR, now: at(19) }).thenThrows('CLOSING_NOTICE_NOT_GIVEN', 'Star 2024 14.9');
    spec.given(history).when({ type: 'CloseTable', actor: SUPERVISOR, now: at(20) }).thenEvents((events) => expect(events.map((e) => e.type)).toEqual(['TableClosed']));
  });

  it('closes a Rapid Baccarat table 20 minutes after the sign, by a Casino Supervisor (area manager) only (Crown Melbourne Rapid 13.7)', () => {
    const rapid = openStar({ tableId: 'R1', rulebookId: 'crown-melbourne-rapid', decks: 8, dealingMethod: 'dealer-retains-shoe' });
    const history = play([rapid, seat(1), { type: 'AnnounceTableClosing', actor: AREA_MANAGER, now: T0 }]);
    spec.given(history).when({ type: 'CloseTable', actor: SUPERVISOR, now: at(25) }).thenThrows('ROLE_NOT_PERMITTED', 'Rapid 13.7');
    spec.given(history).when({ type: 'CloseTable', actor: AREA_MANAGER, now: at(19) }).thenThrows('CLOSING_NOTICE_NOT_GIVEN', 'Rapid 13.7');
    spec.given(history).when({ type: 'CloseTable', actor: AREA_MANAGER, now: at(20) }).thenEvents((events) => expect(events).toMatchObject([{ type: 'TableClosed', clause: 'Rapid 13.7' }]));
  });

  it('lets only a supervisor (or above) close a Crown table (Crown Melbourne 15.8)', () => {
    spec.given(play([openCrown()])).when({ type: 'CloseTable', actor: DEALER, now: T0 }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 15.8');
  });
});

describe('Tables: limits and the game in play', () => {
  const raised = { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, player: { minimumCents: 5000, maximumCents: 500000 } } };
  const lowered = { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, player: { minimumCents: 1000, maximumCents: 500000 } } };

  it('raises a minimum with players seated only after a sign 20 minutes before (Crown Melbourne 6.7)', () => {
    const history = play([openCrown(), seat(1)]);
    const announced = spec.given(history).when({ type: 'ChangeLimits', actor: AREA_MANAGER, now: T0, next: raised }).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'LimitChangeAnnounced', effectiveAt: at(20) }]);
    });
    const withNotice = [...history, ...announced];
    spec.given(withNotice).when({ type: 'ApplyAnnouncedLimits', actor: AREA_MANAGER, now: at(10) }).thenThrows('LIMIT_NOTICE_NOT_ELAPSED');
    spec.given(withNotice).when({ type: 'ApplyAnnouncedLimits', actor: AREA_MANAGER, now: at(20) }).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableLimitsChanged', noticeGivenAt: T0, effectiveAt: at(20), next: raised }]);
    });
  });

  it('lowers a minimum at once (Crown Melbourne 6.7)', () => {
    spec.given(play([openCrown(), seat(1)])).when({ type: 'ChangeLimits', actor: AREA_MANAGER, now: T0, next: lowered }).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableLimitsChanged', effectiveAt: T0 }]);
    });
  });

  it('refuses a dealer or a supervisor changing Crown limits (Crown Melbourne 6.7: area manager)', () => {
    spec.given(play([openCrown()])).when({ type: 'ChangeLimits', actor: SUPERVISOR, now: T0, next: lowered }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 6.7');
  });

  it('keeps seated players on the old minimum with a marker when raising at once (Star 2024 6.7.1-6.7.4)', () => {
    const starRaised = { ...openStar().limits, perBet: { ...openStar().limits.perBet, player: { minimumCents: 5000, maximumCents: 500000 } } };
    const history = play([openStar(), seat(2), seat(3)]);
    const events = spec.given(history).when({ type: 'ChangeLimits', actor: SUPERVISOR, now: T0, next: starRaised, grandfatherSeatedPlayers: true }).thenEvents((ev) => {
      expect(ev.map((e) => e.type)).toEqual(['TableLimitsChanged', 'GrandfatheredMinimumGranted', 'GrandfatheredMinimumGranted']);
      expect(ev[1]).toMatchObject({ box: 2, marker: true, clause: 'Star 2024 6.7.1-6.7.4', perBetMinimumCents: { player: 2500 } });
    });
    // The players seated before may still wager the old minimum; a player who sits down after may not (6.7.4).
    const later = play([{ type: 'LeaveSeat', actor: DEALER, now: T0, box: 3 }, seat(3), ...readyShoe(), startCoup('c1')], [...history, ...events]);
    spec.given(later).when(wager('c1', [{ wagerId: 'w1', box: 2, bet: 'player', amountCents: 2500 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
    spec.given(later).when(wager('c1', [{ wagerId: 'w2', box: 3, bet: 'player', amountCents: 2500 }])).thenThrows('WAGER_BELOW_MINIMUM', 'Star 2024 6.1; 6.4');
  });

  it('keeps a grandfathered player on their pre-existing minimum through a second raise at once; only a 20-minute sign ends it (Star 2024 6.7.2)', () => {
    const minimum = (player: number) => ({ ...openStar().limits, perBet: { ...openStar().limits.perBet, player: { minimumCents: player, maximumCents: 500000 } } });
    const raisedTwice = play([
      openStar(),
      seat(2),
      { type: 'ChangeLimits', actor: SUPERVISOR, now: T0, next: minimum(5000), grandfatherSeatedPlayers: true },
      seat(3),
      { type: 'ChangeLimits', actor: SUPERVISOR, now: at(1), next: minimum(7500), grandfatherSeatedPlayers: true },
      ...readyShoe(),
      startCoup('c1'),
    ]);
    expect(ofType(raisedTwice, 'GrandfatheredMinimumGranted').slice(1).map((g) => [g.box, g.perBetMinimumCents.player])).toEqual([[2, 2500], [3, 5000]]);
    expect(stateOf(raisedTwice).seats['2'].grandfatheredMinimums).toMatchObject({ player: 2500 });
    const signed = play(
      [{ type: 'ChangeLimits', actor: SUPERVISOR, now: at(2), next: minimum(10000) }, ...deal('c1', PLAYER_NATURAL), { type: 'ApplyAnnouncedLimits', actor: SUPERVISOR, now: at(22) }, startCoup('c2')],
      raisedTwice,
    );
    expect(ofType(signed, 'TableLimitsChanged').at(-1)).toMatchObject({ noticeGivenAt: at(2), effectiveAt: at(22) });
    expect([stateOf(signed).seats['2'].grandfatheredMinimums, stateOf(signed).seats['3'].grandfatheredMinimums]).toEqual([null, null]);
    spec.given(signed).when(wager('c2', [{ wagerId: 'w2', box: 2, bet: 'player', amountCents: 2500 }])).thenThrows('WAGER_BELOW_MINIMUM', 'Star 2024 6.1; 6.4');
  });

  it('refuses to grandfather a minimum under Crown Melbourne (no provision in 6.7)', () => {
    spec.given(play([openCrown(), seat(1)])).when({ type: 'ChangeLimits', actor: AREA_MANAGER, now: T0, next: raised, grandfatherSeatedPlayers: true }).thenThrows('GRANDFATHERED_MINIMUM_NOT_PROVIDED');
  });

  it('gives a player individual limits shown by a distinctive marker (Crown Melbourne 6.6)', () => {
    const history = play([openCrown(), seat(3)]);
    const events = spec.given(history).when({ type: 'SetIndividualLimit', actor: AREA_MANAGER, now: T0, box: 3, maximumCents: 2000000 }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'IndividualLimitSet', box: 3, indicatedBy: 'distinctive-marker', clause: 'Crown Melbourne 6.6' }]);
    });
    const ready = play([...readyShoe(), startCoup('c1')], [...history, ...events]);
    spec.given(ready).when(wager('c1', [{ wagerId: 'w1', box: 3, bet: 'player', amountCents: 2500000 }])).thenThrows('WAGER_ABOVE_INDIVIDUAL_LIMIT', 'Crown Melbourne 6.6');
  });

  it('changes the game in play only after a 20-minute sign (Star 2024 14.8)', () => {
    const history = play([openStar(), seat(1)]);
    const evenMoney = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'tie', option: 'standard' }];
    const announced = spec.given(history).when({ type: 'ChangeGame', actor: SUPERVISOR, now: T0, variant: 'even-money', offeredBets: evenMoney }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'GameChangeAnnounced', variant: 'even-money', effectiveAt: at(20), clause: 'Star 2024 14.8' }]);
    });
    spec.given([...history, ...announced]).when({ type: 'ApplyGameChange', actor: SUPERVISOR, now: at(5) }).thenThrows('GAME_CHANGE_NOTICE_NOT_ELAPSED', 'Star 2024 14.8');
    spec.given([...history, ...announced]).when({ type: 'ApplyGameChange', actor: SUPERVISOR, now: at(21) }).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'GameChanged', previousVariant: 'traditional', variant: 'even-money' }]));
  });
});

describe('Tables: shoes', () => {
  it('places the cutting card as the rulebook says (Star 2024 4.6: at least 20 from the back)', () => {
    const history = play([openStar(), { type: 'StartShoe', actor: DEALER, now: T0, shoeId: 's1', cards: 'new', commitmentHash: HASH }]);
    spec.given(history).when({ type: 'CutShoe', actor: DEALER, now: T0, cutBy: 'p1', cutterKind: 'player', cutCardFromBack: 13 }).thenThrows('CUT_CARD_PLACEMENT', 'Star 2024 4.6');
  });

  it('accepts thirteen cards fanned from the end (Crown Melbourne 4.2.4(b))', () => {
    const history = play([openCrown(), { type: 'StartShoe', actor: DEALER, now: T0, shoeId: 's1', cards: 'new', commitmentHash: HASH }]);
    spec.given(history).when({ type: 'CutShoe', actor: DEALER, now: T0, cutBy: 'p1', cutterKind: 'player', cutCardFromBack: 13 }).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'ShoeCut', cutCardFromBack: 13 }]));
  });

  it('burns by face value: the exposed card and as many more (Crown Melbourne 4.3.1(b))', () => {
    const history = play([openCrown(), ...readyShoe().slice(0, 2)]);
    spec.given(history).when({ type: 'BurnCards', actor: DEALER, now: T0, method: 'face-value', exposedCard: '7H', count: 5 }).thenThrows('BURN_COUNT_MISMATCH', 'Crown Melbourne 4.3.1(b)');
    spec.given(history).when({ type: 'BurnCards', actor: DEALER, now: T0, method: 'face-value', exposedCard: 'KH', count: 11 }).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CardsBurned', exposedCard: 'KH', count: 11 }]));
  });

  it('refuses a coup before the burn (Crown Melbourne 4.3.1)', () => {
    spec.given(play([openCrown(), ...readyShoe().slice(0, 2)])).when(startCoup('c1')).thenThrows('SHOE_NOT_READY', 'Crown Melbourne 4.3.1');
  });

  it('deals one more coup after the cutting card comes out, then ends the shoe (Crown Melbourne 7.3.4)', () => {
    const history = play([...coup('c1', PLAYER_NATURAL).slice(0, 3), { type: 'ReportCutCard', actor: DEALER, now: T0 }, ...deal('c1', PLAYER_NATURAL.slice(2))], crownReady());
    expect(ofType(history, 'CutCardAppeared')[0]).toMatchObject({ lastCoupNumber: 2 });
    const last = play(coup('c2', BANKER_NATURAL), history);
    expect(ofType(last, 'ShoeEnded')).toMatchObject([{ reason: 'cut-card', coupsPlayed: 2 }]);
    spec.given(last).when(startCoup('c3')).thenThrows('NO_SHOE_IN_PLAY');
  });

  it("ends the shoe for a shuffle on an abnormal sequence only in a supervisor's opinion (Crown Melbourne 4.1.1(c); Star 2024 4.1.3)", () => {
    spec.given(crownReady()).when({ type: 'EndShoe', actor: DEALER, now: T0, reason: 'abnormal-sequence' }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 4.1.1(c)');
    spec.given(crownReady()).when({ type: 'EndShoe', actor: SUPERVISOR, now: T0, reason: 'abnormal-sequence' }).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'ShoeEnded', reason: 'abnormal-sequence' }]));
    spec.given(play([openStar(), ...readyShoe()])).when({ type: 'EndShoe', actor: DEALER, now: T0, reason: 'abnormal-sequence' }).thenThrows('ROLE_NOT_PERMITTED', 'Star 2024 4.1.3');
  });

  it('makes the coup in progress the last when the cutting card is the first card of a coup (Star 2024 4.10)', () => {
    const history = play([startCoup('c1'), { type: 'ReportCutCard', actor: DEALER, now: T0 }], play([openStar(), ...readyShoe()]));
    expect(ofType(history, 'CutCardAppeared')).toMatchObject([{ lastCoupNumber: 1, clause: 'Star 2024 4.10' }]);
  });
});

describe('Tables: dummy / no bet coups', () => {
  it('lets a TG Higher Duties Dealer direct a Dummy Coup, not a dealer (Crown Melbourne 7.4; 10.8.1)', () => {
    spec.given(crownReady()).when(startCoup('c1', { dummy: true })).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 7.4; 10.8.1');
    spec.given(crownReady()).when(startCoup('c1', { dummy: true, actor: SUPERVISOR })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: true }]));
  });

  it('lets a casino supervisor direct a Star no bet coup with no patrons present and a marker or surveillance notified, or with every player agreeing (Star 2024 7.4, 7.5)', () => {
    const starReady = play([openStar(), ...readyShoe()]);
    spec.given(starReady).when(startCoup('c1', { dummy: true, actor: SUPERVISOR })).thenThrows('NO_BET_COUP_NOTICE_REQUIRED', 'Star 2024 7.4');
    spec.given(starReady).when(startCoup('c1', { dummy: true, actor: SUPERVISOR, noBetCoupNotice: 'marker' })).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: true, dummyClause: 'Star 2024 7.4 (marker on the layout)' }]);
    });
    const seated = play([seat(1)], starReady);
    spec.given(seated).when(startCoup('c1', { dummy: true, actor: SUPERVISOR, noBetCoupNotice: 'marker' })).thenThrows('NO_BET_COUP_NEEDS_PLAYERS_AGREEMENT', 'Star 2024 7.4; 7.5');
    spec.given(seated).when(startCoup('c1', { dummy: true, actor: SUPERVISOR, allPlayersAgreed: true })).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: true, dummyClause: 'Star 2024 7.5 (all players agreed)' }]);
    });
  });

  it('refuses wagers on a dummy coup (Crown Melbourne 10.8.4; 10.8.5)', () => {
    const history = play([startCoup('c1', { dummy: true, actor: SUPERVISOR })], crownReady());
    spec.given(history).when(wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])).thenThrows('WAGER_ON_DUMMY_COUP', 'Crown Melbourne 10.8.4; 10.8.5');
  });

  it('completes a dummy coup without settlement; it does not count for the Dragon Tail (Crown Melbourne 10.8.4)', () => {
    const history = play([startCoup('c1', { dummy: true, actor: SUPERVISOR }), ...deal('c1', BANKER_NATURAL)], crownReady());
    expect(ofType(history, 'CoupCompleted')).toMatchObject([{ dummy: true, result: 'banker', jackpotIds: [] }]);
    expect(ofType(history, 'WagersSettled')).toHaveLength(0);
    expect(stateOf(history).dragonTail).toEqual({ side: null, count: 0 });
  });
});

describe('Tables: wagers', () => {
  const ready = () => play([seat(1), seat(2), startCoup('c1')], crownReady());

  it('accepts wagers with the table option and the seated patron', () => {
    spec.given(ready()).when(wager('c1', [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }])).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'w1', box: 1, patronId: 'patron-1', sessionId: 'sess-1', option: 'traditional', amountCents: 10000 }] }]);
    });
  });

  it('refuses a bet the table does not offer (Crown Melbourne 5.5)', () => {
    spec.given(ready()).when(wager('c1', [{ wagerId: 'w1', box: 1, bet: 'super-6', amountCents: 1000 }])).thenThrows('BET_NOT_OFFERED', 'Crown Melbourne 5.5');
  });

  it('refuses a wager that cannot be made in chips (Crown Melbourne 5.1)', () => {
    spec.given(ready()).when(wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 2550 }])).thenThrows('WAGER_NOT_IN_CHIPS', 'Crown Melbourne 5.1');
  });

  it('refuses wagers after the first card: no more bets (Crown Melbourne 5.3)', () => {
    const history = play(deal('c1', ['9H']), ready());
    spec.given(history).when(wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])).thenThrows('NO_MORE_BETS');
  });

  it('refuses a wager above the box maximum (Crown Melbourne 6.1)', () => {
    spec.given(ready()).when(wager('c1', [
      { wagerId: 'w1', box: 1, bet: 'player', amountCents: 500000 },
      { wagerId: 'w2', box: 1, bet: 'banker', amountCents: 500000 },
      { wagerId: 'w3', box: 1, bet: 'tie', amountCents: 5000 },
    ])).thenThrows('BOX_MAXIMUM_EXCEEDED');
  });

  it('accepts standing players\' wagers, at an empty box or beside the seated player: proxy betting is for people outside the casino (Star 2024 2.2; 14.16)', () => {
    const history = play([...readyShoe(), seat(1), startCoup('c1')], play([openStar()]));
    spec.given(history).when(wager('c1', [{ wagerId: 'w1', box: 4, bet: 'player', amountCents: 5000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted', wagers: [{ box: 4, sessionId: null }] }]));
    spec.given(history).when(wager('c1', [{ wagerId: 'w1', box: 1, sessionId: 'someone-else', bet: 'player', amountCents: 5000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted', wagers: [{ box: 1, sessionId: 'someone-else', patronId: null }] }]));
  });

  it('needs a casino supervisor to accept Player and Banker together (Star 2024 5.6.6-5.6.7)', () => {
    const history = play([...readyShoe(), seat(1), startCoup('c1')], play([openStar()]));
    const both = [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }, { wagerId: 'w2', box: 1, bet: 'banker', amountCents: 5000 }];
    spec.given(history).when(wager('c1', both)).thenThrows('BOTH_HANDS_NEED_APPROVAL', 'Star 2024 5.6.6-5.6.7');
    spec.given(history).when(wager('c1', both, SUPERVISOR)).thenEvents((ev) => expect(ev).toHaveLength(1));
  });

  it('accepts one Pairs wager per hand per coup (Star 2024 10.5)', () => {
    const history = play([...readyShoe(), seat(1), startCoup('c1')], play([openStar()]));
    spec.given(history).when(wager('c1', [
      { wagerId: 'w1', box: 1, bet: 'pairs', side: 'player', amountCents: 1000 },
      { wagerId: 'w2', box: 1, bet: 'pairs', side: 'player', amountCents: 1000 },
    ])).thenThrows('ONE_PAIRS_WAGER_PER_HAND', 'Star 2024 10.5');
  });

  it('accepts one Super Six wager per player per coup (Star 2024 10.12)', () => {
    const superSix = openStar({ offeredBets: [...openStar().offeredBets, { bet: 'super-6', option: '15' }], limits: { ...openStar().limits, perBet: { ...openStar().limits.perBet, 'super-6': { minimumCents: 500, maximumCents: 50000 } } } });
    const history = play([superSix, ...readyShoe(), seat(1), seat(2), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'super-6', amountCents: 1000 }])]);
    spec.given(history).when(wager('c1', [{ wagerId: 'w2', box: 1, bet: 'super-6', amountCents: 1000 }])).thenThrows('ONE_SUPER_SIX_WAGER_PER_COUP', 'Star 2024 10.12');
    spec.given(history).when(wager('c1', [{ wagerId: 'w3', box: 2, bet: 'super-6', amountCents: 1000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
  });

  it('opens the Insurance/No 6 window after four cards only when Banker has 6 and Player must draw (Crown Melbourne 1.1)', () => {
    const crownBaccarat = play([
      openCrown({ variant: 'crown-baccarat', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'crown' }, { bet: 'tie', option: 'standard' }, { bet: 'insurance', option: 'standard' }], limits: { perBet: { player: { minimumCents: 2500, maximumCents: 500000 }, banker: { minimumCents: 2500, maximumCents: 500000 }, tie: { minimumCents: 500, maximumCents: 50000 }, insurance: { minimumCents: 500, maximumCents: 500000 } } } }),
      seat(1),
      ...readyShoe(),
      startCoup('c1'),
      wager('c1', [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
    ]);
    spec.given(crownBaccarat).when(wager('c1', [{ wagerId: 'i1', box: 1, bet: 'insurance', amountCents: 5000 }])).thenThrows('MID_COUP_WINDOW_CLOSED');
    const fourCards = play(deal('c1', ['2H', '3C', '2D', '3S']), crownBaccarat);
    spec.given(fourCards).when(wager('c1', [{ wagerId: 'i1', box: 1, bet: 'insurance', amountCents: 20000 }])).thenThrows('INSURANCE_ABOVE_ORIGINAL_WAGER', 'Crown Melbourne 1.1');
    const withInsurance = play([wager('c1', [{ wagerId: 'i1', box: 1, bet: 'insurance', amountCents: 5000 }]), ...deal('c1', ['5H'])], fourCards);
    const settled = ofType(withInsurance, 'WagersSettled')[0].settlements;
    expect(settled.find((x) => x.wagerId === 'i1')).toMatchObject({ outcome: 'win', winCents: 10000 });
    expect(settled.find((x) => x.wagerId === 'w1')).toMatchObject({ outcome: 'lose' });
  });
});

describe('Tables: Shield, offered after four cards (Crown Melbourne 5.9)', () => {
  const lim = { minimumCents: 500, maximumCents: 500000 };
  const shieldTable = () =>
    play([
      openCrown({ offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'shield', option: 'standard' }], limits: { perBet: { player: lim, banker: lim, tie: lim, shield: lim } } }),
      seat(1),
      seat(2),
      ...readyShoe(),
      startCoup('c1'),
      wager('c1', [
        { wagerId: 'p1', box: 1, bet: 'player', amountCents: 10000 },
        { wagerId: 'b2', box: 2, bet: 'banker', amountCents: 10000 },
      ]),
    ]);
  const shield = (box: number, side: 'player' | 'banker', amountCents = 2000) => wager('c1', [{ wagerId: `sh${box}`, box, bet: 'shield', side, amountCents }]);
  // Player 6H KD = 6, Banker 4S AC = 5: Player holds 6 against 0-5.
  const fourCards = () => play(deal('c1', ['6H', '4S', 'KD', 'AC']), shieldTable());

  it('is refused before the first four cards are out (Crown Melbourne 5.9.1)', () => {
    spec.given(shieldTable()).when(shield(1, 'player')).thenThrows('MID_COUP_WINDOW_CLOSED', 'Crown Melbourne 5.9.1');
  });

  it('is offered on the hand with 6 or 7 against 0-5, to a player with a wager on that hand, and pays 5 to 2 on 6 when the other hand wins (Crown Melbourne 5.9.1(a); 9.1 Table 12)', () => {
    const withShield = play([shield(1, 'player'), ...deal('c1', ['3D'])], fourCards()); // Banker 5 draws 3: 8 beats 6
    const settled = ofType(withShield, 'WagersSettled')[0].settlements;
    expect(settled.find((x) => x.wagerId === 'sh1')).toMatchObject({ outcome: 'win', winCents: 5000 });
    expect(settled.find((x) => x.wagerId === 'p1')).toMatchObject({ outcome: 'lose' });
  });

  it('is refused on the hand without 6 or 7, and to a player with no wager on the hand (Crown Melbourne 5.9.1)', () => {
    spec.given(fourCards()).when(shield(2, 'banker')).thenThrows('SHIELD_NOT_OFFERED', 'Crown Melbourne 5.9.1');
    spec.given(fourCards()).when(shield(2, 'player')).thenThrows('SHIELD_WITHOUT_MAIN_WAGER');
  });
});

describe('Tables: the deal and settlement', () => {
  it('applies the Table of Play, announces the result and settles with libs/baccarat (Crown Melbourne 8; 9.1 Table 3)', () => {
    const wagers = [
      { wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 },
      { wagerId: 'w2', box: 2, bet: 'player', amountCents: 5000 },
      { wagerId: 'w3', box: 2, bet: 'tie', amountCents: 1000 },
    ];
    const history = play([seat(1), seat(2), ...coup('c1', BANKER_NATURAL, wagers)], crownReady());
    const completed = ofType(history, 'CoupCompleted')[0];
    expect(completed).toMatchObject({ playerCards: ['2H', '3D'], bankerCards: ['9C', 'KS'], playerTotal: 5, bankerTotal: 9, result: 'banker', naturals: { player: false, banker: true } });
    const expected = settleCoup(
      wagers.map((w) => ({ id: w.wagerId, bet: w.bet as 'banker', amount: w.amountCents })),
      playCoup(BANKER_NATURAL.map(parseCard)),
      tableTerms(stateOf(history), rulebookById('crown-melbourne-v29')),
    ).settlements;
    const settled = ofType(history, 'WagersSettled')[0].settlements;
    expect(settled.map((x) => [x.wagerId, x.outcome, x.winCents, x.commissionImmediateCents])).toEqual(expected.map((x) => [x.wagerId, x.outcome, x.winnings, x.commissionImmediate]));
    expect(settled[0]).toMatchObject({ outcome: 'win', winCents: 10000, commissionImmediateCents: 500, patronId: 'patron-1' });
  });

  it('defers commission for an approved seated player and owes it per box with its marker (Crown Melbourne 9.3.1(b))', () => {
    const history = play([
      seat(1),
      { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
      ...coup('c2', BANKER_NATURAL, [{ wagerId: 'w2', box: 1, bet: 'banker', amountCents: 20000 }]),
    ], crownReady());
    expect(ofType(history, 'WagersSettled').map((e) => e.settlements[0])).toMatchObject([
      { commissionImmediateCents: 0, commissionDeferredCents: 500 },
      { commissionImmediateCents: 0, commissionDeferredCents: 1000 },
    ]);
    expect(stateOf(history).commissionOwed['1']).toMatchObject({ cents: 1500, patronId: 'patron-1' });
  });

  it('refuses a dealer approving deferred commission (Crown Melbourne 9.3.1: Crown Management)', () => {
    spec.given(play([seat(1)], crownReady())).when({ type: 'ApproveCommissionDeferral', actor: DEALER, now: T0, box: 1 }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 9.3.1');
  });

  describe('deferred commission at the end of the shoe (Crown Melbourne 9.3.1(a))', () => {
    const owing = () =>
      play([
        seat(1),
        { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
        ...coup('c1', BANKER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
        { type: 'EndShoe', actor: SUPERVISOR, now: T0, reason: 'abnormal-sequence' },
      ], crownReady());
    const nextShoe = (actor = DEALER, override = false, reason?: string): TableCommand => ({ type: 'StartShoe', actor, now: T0, shoeId: 'shoe-2', cards: 'reshuffled', commitmentHash: HASH, overrideOutstandingCommission: override, ...(reason ? { reason } : {}) });

    it('refuses the next shoe while commission is outstanding', () => {
      spec.given(owing()).when(nextShoe()).thenThrows('COMMISSION_OUTSTANDING', 'Crown Melbourne 9.3.1(a)');
    });

    it('starts the next shoe once the commission is collected', () => {
      const collected = play([{ type: 'SettleCommission', actor: DEALER, now: T0, box: 1, trigger: 'end-of-shoe', method: 'collected' }], owing());
      expect(ofType(collected, 'CommissionSettled')).toMatchObject([{ box: 1, amountCents: 500, trigger: 'end-of-shoe', shoeId: 'shoe-1', patronId: 'patron-1' }]);
      spec.given(collected).when(nextShoe()).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'ShoeStarted', commissionOverride: null }]));
    });

    it('lets an area manager override, recording who and why; not a dealer', () => {
      spec.given(owing()).when(nextShoe(DEALER, true, 'player asked')).thenThrows('ROLE_NOT_PERMITTED');
      spec.given(owing()).when(nextShoe(AREA_MANAGER, true)).thenThrows('OVERRIDE_REASON_REQUIRED');
      spec.given(owing()).when(nextShoe(AREA_MANAGER, true, 'patron settling at the cage')).thenEvents((ev) => {
        expect(ev).toMatchObject([{ type: 'ShoeStarted', commissionOverride: { outstandingCents: 500, approvedBy: 'am-1', reason: 'patron settling at the cage' } }]);
      });
    });
  });

  it('settles commission when the player leaves before the end of the shoe (Crown Melbourne 9.3.1(a)(ii))', () => {
    const history = play([
      seat(1),
      { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
    ], crownReady());
    spec.given(history).when({ type: 'LeaveSeat', actor: DEALER, now: T0, box: 1 }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'CommissionSettled', trigger: 'player-leaving', amountCents: 500, clause: 'Crown Melbourne 9.3.1(a)(ii)' }, { type: 'PlayerLeft', box: 1 }]);
    });
  });

  it('lets only management waive commission (Crown Melbourne 9.3.1(a)(iii))', () => {
    const history = play([
      seat(1),
      { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
    ], crownReady());
    spec.given(history).when({ type: 'SettleCommission', actor: DEALER, now: T0, box: 1, trigger: 'management-discretion', method: 'waived' }).thenThrows('ROLE_NOT_PERMITTED');
    spec.given(history).when({ type: 'SettleCommission', actor: AREA_MANAGER, now: T0, box: 1, trigger: 'management-discretion', method: 'waived' }).thenEvents((ev) => expect(ev).toMatchObject([{ method: 'waived', amountCents: 500 }]));
  });

  it('settles a Banker Run across coups (Crown Melbourne 1.1, Table 5)', () => {
    const history = play([
      seat(1),
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'r1', box: 1, bet: 'runs-banker', amountCents: 1000, length: 2 }]),
    ], crownReady());
    expect(ofType(history, 'WagersSettled')).toHaveLength(0);
    const second = play(coup('c2', BANKER_NATURAL), history);
    expect(ofType(second, 'WagersSettled')[0].settlements).toMatchObject([{ wagerId: 'r1', outcome: 'win' }]);
  });

  it('takes a coup declared void after it completed out of a Run still pending and out of the Dragon Tail streak: it has no result (Crown Melbourne 15.5)', () => {
    const history = play([
      seat(1),
      ...coup('c1', BANKER_NATURAL, [
        { wagerId: 'r1', box: 1, bet: 'runs-banker', amountCents: 1000, length: 2 },
        { wagerId: 'e1', box: 1, bet: 'dragon-tail-early', side: 'banker', amountCents: 1000 },
      ]),
    ], crownReady());
    expect(stateOf(history).dragonTail).toEqual({ side: 'banker', count: 1 });
    const voided = spec.given(history).when({ type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'a brawl at the table' }).thenEvents((ev, after) => {
      expect(ev).toMatchObject([{ type: 'CoupVoided', returnedWagerIds: [] }]);
      expect(after.dragonTail).toEqual({ side: null, count: 0 });
      expect(after.pendingMultiCoup.map((p) => [p.wager.wagerId, p.history.length])).toEqual([['r1', 0], ['e1', 0]]);
    });
    const second = play(coup('c2', BANKER_NATURAL), [...history, ...voided]);
    expect(ofType(second, 'WagersSettled')).toHaveLength(0);
    const third = play(coup('c3', BANKER_NATURAL), second);
    expect(ofType(third, 'WagersSettled')[0].settlements).toMatchObject([{ wagerId: 'r1', outcome: 'win' }]);
    // The coup that established the run has no result: no run is shown until an early wager establishes one (1.1 'Dragon Tail').
    expect(stateOf(third).dragonTail).toEqual({ side: null, count: 0 });
  });

  it('breaks an Early Dragon Tail at the end of the shoe (Crown Melbourne 1.1, Table 7)', () => {
    const history = play([
      seat(1),
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'd1', box: 1, bet: 'dragon-tail-early', side: 'banker', amountCents: 1000 }]),
      { type: 'ReportCutCard', actor: DEALER, now: T0 },
      ...coup('c2', BANKER_NATURAL),
    ], crownReady());
    const settled: WagersSettled[] = ofType(history, 'WagersSettled');
    expect(settled.flatMap((e) => e.settlements)).toMatchObject([{ wagerId: 'd1' }]);
    expect(ofType(history, 'ShoeEnded')).toHaveLength(1);
  });
});

describe('Tables: irregularities', () => {
  const ready = () => play([seat(1), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])], crownReady());

  it('puts a card placed on the wrong hand where the Table of Play requires; wagers stand (Crown Melbourne 10.7(a))', () => {
    spec.given(ready()).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '9H', hand: 'banker' }).thenEvents((ev) => {
      expect(ev.map((e) => e.type)).toEqual(['BettingClosed', 'IrregularityRecorded', 'CardDealt']);
      expect(ev[1]).toMatchObject({ kind: 'card-to-wrong-hand', clause: 'Crown Melbourne 10.7(a)' });
      expect(ev[2]).toMatchObject({ hand: 'player', position: 1 });
    });
  });

  it('uses an excess card drawn but not disclosed as the first card of the next coup, which is not a Dummy Coup (Crown Melbourne 10.2)', () => {
    const done = play(deal('c1', PLAYER_NATURAL), ready());
    const extra = spec.given(done).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '4C' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'IrregularityRecorded', kind: 'excess-card', clause: 'Crown Melbourne 10.2', carry: { card: '4C', forcesDummy: false } }]);
    });
    spec.given([...done, ...extra]).when(startCoup('c2')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: false, carriedCard: '4C' }]));
  });

  it('voids the coup and returns the wagers when the correct order of the cards cannot be determined; the shoe goes on (Crown Melbourne 10.11)', () => {
    spec.given(play(deal('c1', ['9H', '2C']), ready())).when({ type: 'RecordIrregularity', actor: DEALER, now: T0, kind: 'order-undetermined' }).thenEvents((ev, after) => {
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided']);
      expect(ev[2]).toMatchObject({ clause: 'Crown Melbourne 10.11', returnedWagerIds: ['w1'] });
      expect(after.shoe).not.toBeNull();
    });
  });

  it("returns an invalid wager on a supervisor's direction, not a dealer's (Crown Melbourne 10.8.5)", () => {
    const voidIt = (actor: typeof DEALER): TableCommand => ({ type: 'VoidWager', actor, now: T0, wagerId: 'w1', ground: 'invalid-wager', reason: 'placed after no more bets' });
    spec.given(ready()).when(voidIt(DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 10.8.5');
    spec.given(ready()).when(voidIt(SUPERVISOR)).thenEvents((ev, after) => {
      expect(ev).toMatchObject([
        { type: 'WagerVoided', wagerId: 'w1', clause: 'Crown Melbourne 10.8.5' },
        { type: 'WagersSettled', settlements: [{ wagerId: 'w1', outcome: 'void', returnedCents: 5000 }] },
      ]);
      expect(after.coup?.wagers).toEqual([]);
    });
  });

  it('makes a third card dealt contrary to the Table of Play the first card of a Dummy Coup (Crown Melbourne 10.6.2)', () => {
    const done = play(deal('c1', PLAYER_NATURAL), ready());
    const extra = spec.given(done).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '4C', hand: 'banker' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'IrregularityRecorded', kind: 'third-card-contrary-to-table-of-play', clause: 'Crown Melbourne 10.6.2', carry: { card: '4C', forcesDummy: true } }]);
    });
    spec.given([...done, ...extra]).when(startCoup('c2')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: true, carriedCard: '4C' }]));
  });

  it('makes a stray Player third card the first card of the next (betting) coup at a Star table, and a stray Banker third card the first of a no bet coup (Star 2024 12.2, 12.3)', () => {
    const starDone = play([openStar(), seat(1), ...readyShoe(), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }]), ...deal('c1', PLAYER_NATURAL)]);
    const player = spec.given(starDone).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '4C', hand: 'player' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'IrregularityRecorded', clause: 'Star 2024 12.2', carry: { card: '4C', forcesDummy: false } }]);
    });
    spec.given([...starDone, ...player]).when(startCoup('c2')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: false, carriedCard: '4C' }]));
    const banker = spec.given(starDone).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '4C', hand: 'banker' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'IrregularityRecorded', clause: 'Star 2024 12.3', carry: { card: '4C', forcesDummy: true } }]);
    });
    spec.given([...starDone, ...banker]).when(startCoup('c2')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'CoupStarted', dummy: true, carriedCard: '4C' }]));
  });

  it('deals the coup as a Dummy Coup when its first card is found face up and returns the wagers (Crown Melbourne 10.5.1)', () => {
    spec.given(ready()).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '9H', faceUp: true }).thenEvents((ev, after) => {
      expect(ev.map((e) => e.type)).toEqual(['BettingClosed', 'IrregularityRecorded', 'CoupBecameDummy', 'WagersSettled', 'CardDealt']);
      expect((ev[3] as WagersSettled).settlements).toMatchObject([{ wagerId: 'w1', outcome: 'void', returnedCents: 5000 }]);
      expect(after.coup).toMatchObject({ dummy: true, wagers: [] });
    });
  });

  it('voids the coup and ends the shoe on insufficient cards (Crown Melbourne 10.10)', () => {
    const history = play(deal('c1', ['9H', '2C']), ready());
    spec.given(history).when({ type: 'RecordIrregularity', actor: DEALER, now: T0, kind: 'insufficient-cards' }).thenEvents((ev) => {
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided', 'ShoeEnded']);
      expect(ev[2]).toMatchObject({ returnedWagerIds: ['w1'], clause: 'Crown Melbourne 10.10' });
      expect(ev[3]).toMatchObject({ reason: 'insufficient-cards' });
    });
  });

  const rapidReady = () =>
    play([
      openStar({ tableId: 'R1', rulebookId: 'crown-melbourne-rapid', decks: 8, dealingMethod: 'dealer-retains-shoe' }),
      seat(1),
      ...readyShoe(),
      startCoup('c1'),
      wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }]),
    ]);

  it('puts a Player card dealt to the Banker hand on the Player hand at a Rapid Baccarat table (Rapid 11.3)', () => {
    spec.given(rapidReady()).when({ type: 'DealCard', actor: DEALER, now: T0, coupId: 'c1', card: '9H', hand: 'banker' }).thenEvents((ev) => {
      expect(ev[1]).toMatchObject({ kind: 'card-to-wrong-hand', clause: 'Rapid 11.3' });
      expect(ev[2]).toMatchObject({ hand: 'player', position: 1 });
    });
  });

  it('says so when the Rapid Baccarat rules have no clause for an irregularity, and applies Crown Melbourne 10.10 (Rapid 11)', () => {
    const history = play(deal('c1', ['9H', '2C']), rapidReady());
    spec.given(history).when({ type: 'RecordIrregularity', actor: DEALER, now: T0, kind: 'insufficient-cards' }).thenEvents((ev) => {
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided', 'ShoeEnded']);
      expect(ev[2]).toMatchObject({ returnedWagerIds: ['w1'], clause: 'Rapid (no provision; applying Crown Melbourne 10.10)' });
    });
  });

  it('voids the coup on a foreign card, removes the cards and notifies the Inspector (Star 2024 12.11)', () => {
    const history = play([...readyShoe(), seat(1), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])], play([openStar()]));
    spec.given(history).when({ type: 'RecordIrregularity', actor: DEALER, now: T0, kind: 'foreign-card', card: 'AS' }).thenThrows('ROLE_NOT_PERMITTED');
    spec.given(history).when({ type: 'RecordIrregularity', actor: SUPERVISOR, now: T0, kind: 'foreign-card', card: 'AS' }).thenEvents((ev) => {
      expect(ev[0]).toMatchObject({ kind: 'foreign-card', notifiable: true, clause: 'Star 2024 12.11' });
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided', 'ShoeEnded']);
    });
  });

  it('says the Crown rules have no foreign-card clause, handles it as an order that cannot be determined, and notifies no Inspector (Crown Melbourne 10.11)', () => {
    spec.given(ready()).when({ type: 'RecordIrregularity', actor: SUPERVISOR, now: T0, kind: 'foreign-card', card: 'AS' }).thenEvents((ev) => {
      expect(ev[0]).toMatchObject({ kind: 'foreign-card', notifiable: false, clause: 'Crown Melbourne (no provision for a foreign or missing card; handled as Crown Melbourne 10.11)' });
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided', 'ShoeEnded']);
    });
  });

  it('handles a shuffling device malfunction as Star 13 says: play goes on after a transfer, the coup ends if someone was disadvantaged, and with no other device each player may take their wager back (Star 2024 13.2-13.5)', () => {
    const starCoup = play([openStar(), seat(1), seat(2), ...readyShoe(), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }, { wagerId: 'w2', box: 2, bet: 'banker', amountCents: 5000 }]), ...deal('c1', ['9H'])]);
    const malfunction = (extra: object): TableCommand => ({ type: 'RecordIrregularity', actor: SUPERVISOR, now: T0, kind: 'shuffling-device-malfunction', ...extra });
    spec.given(starCoup).when(malfunction({})).thenThrows('MALFUNCTION_OUTCOME_REQUIRED', 'Star 2024 13');
    spec.given(starCoup).when(malfunction({ malfunction: 'transferred' })).thenEvents((ev, after) => {
      expect(ev).toMatchObject([{ type: 'IrregularityRecorded', clause: 'Star 2024 13.2' }]);
      expect(after.coup).toMatchObject({ coupId: 'c1', phase: 'dealing' });
    });
    spec.given(starCoup).when(malfunction({ malfunction: 'disadvantage' })).thenEvents((ev) => {
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided']);
      expect(ev[2]).toMatchObject({ clause: 'Star 2024 13.4', returnedWagerIds: ['w1', 'w2'] });
    });
    spec.given(starCoup).when(malfunction({ malfunction: 'no-other-device', returnedWagerIds: ['w2'] })).thenEvents((ev, after) => {
      expect(ev.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagerVoided', 'WagersSettled']);
      expect(ev[2]).toMatchObject({ settlements: [{ wagerId: 'w2', outcome: 'void', returnedCents: 5000, clause: 'Star 2024 13.5' }] });
      expect(after.coup?.wagers.map((w) => w.wagerId)).toEqual(['w1']);
    });
  });

  it('declares a whole shoe void when the sequence was revealed (Star 2024 4.13)', () => {
    const history = play([...readyShoe()], play([openStar()]));
    spec.given(history).when({ type: 'DeclareShoeVoid', actor: DEALER, now: T0, reason: 'cards seen' }).thenThrows('ROLE_NOT_PERMITTED', 'Star 2024 4.13');
    spec.given(history).when({ type: 'DeclareShoeVoid', actor: SUPERVISOR, now: T0, reason: 'cards seen during the cut' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'ShoeVoided', clause: 'Star 2024 4.13' }, { type: 'ShoeEnded', reason: 'voided' }]);
    });
  });
});

describe('Tables: voids and corrections', () => {
  it('voids a coup for disruption by a TG Higher Duties Dealer, for fraud only by a Casino Manager (Crown Melbourne 15.3-15.5)', () => {
    const history = play([seat(1), startCoup('c1'), wager('c1', [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])], crownReady());
    spec.given(history).when({ type: 'VoidCoup', actor: DEALER, now: T0, coupId: 'c1', ground: 'disruption', reason: 'fight' }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 15.4');
    spec.given(history).when({ type: 'VoidCoup', actor: AREA_MANAGER, now: T0, coupId: 'c1', ground: 'fraud', reason: 'marked cards' }).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 15.3');
    spec.given(history).when({ type: 'VoidCoup', actor: CASINO_MANAGER, now: T0, coupId: 'c1', ground: 'fraud', reason: 'marked cards' }).thenEvents((ev) => {
      expect(ev[1]).toMatchObject({ type: 'CoupVoided', returnedWagerIds: ['w1'], clause: 'Crown Melbourne 15.3; Crown Melbourne 15.5' });
    });
    spec.given(history).when({ type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'power failure' }).thenEvents((ev) => expect(ev.map((e) => e.type)).toEqual(['WagersSettled', 'CoupVoided']));
  });

  it('voids a settled coup, refunding every wager: the settlements it undoes are published with the void, and its deferred commission is reversed (Crown Melbourne 15.5)', () => {
    const history = play([
      seat(1),
      { type: 'ApproveCommissionDeferral', actor: AREA_MANAGER, now: T0, box: 1 },
      ...coup('c1', BANKER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 10000 }]),
    ], crownReady());
    spec.given(history).when({ type: 'VoidCoup', actor: SUPERVISOR, now: T0, coupId: 'c1', ground: 'disruption', reason: 'shoe jammed' }).thenEvents((ev, after) => {
      expect(ev).toMatchObject([{ type: 'CoupVoided', deferredCommissionReversed: { '1': 500 }, returnedWagerIds: ['w1'] }]);
      expect((ev[0] as Extract<TableEvent, { type: 'CoupVoided' }>).reversedSettlements).toEqual([
        expect.objectContaining({ wagerId: 'w1', box: 1, patronId: 'patron-1', outcome: 'win', amountCents: 10000, winCents: 10000, commissionImmediateCents: 0, commissionDeferredCents: 500 }),
      ]);
      expect(after.commissionOwed).toEqual({});
    });
  });

  it('records a rectified overpayment above $1,000 as reportable in the monthly report (Star 2024 12.18-12.20)', () => {
    const history = play([...readyShoe(), seat(1), ...coup('c1', PLAYER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 200000 }])], play([openStar()]));
    spec.given(history).when({ type: 'CorrectPayment', actor: SUPERVISOR, now: T0, coupId: 'c1', wagerId: 'w1', kind: 'overpayment', amountCents: 150000, reason: 'paid twice' }).thenEvents((ev) => {
      expect(ev).toMatchObject([{ type: 'PaymentCorrected', kind: 'overpayment', amountCents: 150000, reportable: true, patronId: 'patron-1', reason: 'paid twice' }]);
    });
    spec.given(history).when({ type: 'CorrectPayment', actor: SUPERVISOR, now: T0, coupId: 'c1', wagerId: 'w1', kind: 'underpayment', amountCents: 5000, reason: 'short paid' }).thenEvents((ev) => expect(ev).toMatchObject([{ reportable: false }]));
    spec.given(history).when({ type: 'CorrectPayment', actor: DEALER, now: T0, coupId: 'c1', wagerId: 'w1', kind: 'overpayment', amountCents: 5000, reason: 'x' }).thenThrows('ROLE_NOT_PERMITTED');
  });

  it('has no over/underpayment procedure under Star 2021 (12.18-12.20 do not exist yet)', () => {
    const history = play(on(STAR_2021_DAY, [openStar({ rulebookId: 'star-sydney-2021' }), ...readyShoe(), seat(1), ...coup('c1', PLAYER_NATURAL, [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])]));
    spec.given(history).when({ type: 'CorrectPayment', actor: SUPERVISOR, now: STAR_2021_DAY, coupId: 'c1', wagerId: 'w1', kind: 'overpayment', amountCents: 500, reason: 'x' }).thenThrows('CORRECTION_NOT_PROVIDED');
  });
});
