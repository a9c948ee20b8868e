import { deciderSpec } from '@app/testing';
import { toIntegrationEvent } from '../integration/to-integration-event';
import { tableDecider } from './table.decider';
import { openCrown, openStar, play, readyShoe, DEALER, T0, deal, tournamentSession } from './table-fixtures';
import type { TableCommand } from './table.decider';
import type { TableEvent } from './table.events';

const spec = deciderSpec(tableDecider);
const ZERO_COMMISSION = [
  { bet: 'player', option: 'standard' },
  { bet: 'banker', option: 'zero-commission' },
  { bet: 'tie', option: 'standard' },
];
const limits = { perBet: { player: { minimumCents: 500, maximumCents: 50000 }, banker: { minimumCents: 500, maximumCents: 50000 }, tie: { minimumCents: 500, maximumCents: 5000 } } };
const seat = (box: number): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `entry-${box}`, patronId: `patron-${box}` });
const startCoup = (coupId = 'c1'): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
type Wager = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'][number];
const place = (wagers: Wager[], coupId = 'c1'): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers });
const zeroCommission = (tournamentId?: string) => openCrown({ variant: 'zero-commission', offeredBets: ZERO_COMMISSION, limits, ...(tournamentId ? { tournamentId } : {}) });

describe('Tables: tournament mode (Crown Melbourne 1.1 Zero Commission Baccarat; 14.2.4-14.2.5)', () => {
  it('refuses Zero Commission Baccarat at a table not opened for a tournament (Crown Melbourne 1.1)', () => {
    spec.given([]).when(zeroCommission()).thenThrows('VARIANT_TOURNAMENT_ONLY', "Crown Melbourne 1.1 'Zero Commission Baccarat'");
  });

  it('opens a table in tournament mode for a tournament, which may deal Zero Commission Baccarat and names the tournament on TableOpened', () => {
    spec.given([]).when(zeroCommission('spring-cup')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'TableOpened', variant: 'zero-commission', tournamentId: 'spring-cup' }]);
    });
  });

  it('publishes the tournament on the TableOpened integration event, and nothing for other tables', () => {
    const [opened] = play([zeroCommission('spring-cup')]);
    const [plain] = play([openCrown()]);
    const envelope = (e: TableEvent) => toIntegrationEvent({ eventId: 'e1', type: e.type, schemaVersion: 1, data: { ...e } as unknown as Record<string, unknown>, metadata: { actor: DEALER, commandId: 'c1', correlationId: 'c1', causationId: null, rulebookVersion: 'crown-melbourne-v29' }, occurredAt: T0, streamId: 'table-T1', streamType: 'table', version: 1, global: { transactionId: '1', position: '1' } });
    expect(envelope(opened)?.data).toMatchObject({ tournamentId: 'spring-cup', variant: 'zero-commission' });
    expect(envelope(plain)?.data).not.toHaveProperty('tournamentId');
  });

  it('deals and settles a Zero Commission coup at a tournament table: Banker paid 1 to 1 with no commission (Crown Melbourne 9.1 Table 14)', () => {
    const events = play([
      zeroCommission('spring-cup'),
      tournamentSession('spring-cup', [1]),
      seat(1),
      ...readyShoe(),
      { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
      { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }] },
      ...deal('c1', ['2H', '9C', '3D', 'KS']),
    ]);
    const settled = events.find((e) => e.type === 'WagersSettled');
    expect(settled).toMatchObject({ settlements: [{ wagerId: 'w1', outcome: 'win', winCents: 1000, commissionImmediateCents: 0 }] });
  });

  it('refuses to open a tournament table on a Lucky Tie jackpot, whatever its game, naming the clauses (Crown Melbourne 13 with 14: 14.2.5; 14.4.4(a); 13.4.1; 13.4.8)', () => {
    const clause = 'Crown Melbourne 14.2.5; 14.4.4(a); 13.4.1; 13.4.8';
    spec.given([]).when({ ...zeroCommission('spring-cup'), jackpotIds: ['pit3-lucky-tie'] }).thenThrows('TOURNAMENT_TABLE_ON_JACKPOT', clause);
    spec.given([]).when(openCrown({ tournamentId: 'autumn-cup', jackpotIds: ['pit3-lucky-tie', 'pit4-lucky-tie'] })).thenThrows('TOURNAMENT_TABLE_ON_JACKPOT', clause);
    // The same table for cash play may play for the jackpot, and the tournament table for none.
    spec.given([]).when(openCrown({ jackpotIds: ['pit3-lucky-tie'] })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened', jackpotIds: ['pit3-lucky-tie'] }]));
    spec.given([]).when(openCrown({ tournamentId: 'autumn-cup' })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened', jackpotIds: [], tournamentId: 'autumn-cup' }]));
  });

  it('offers no coup of a tournament table opened on a jackpot before this was refused to the jackpot (Crown Melbourne 14.2.5; 13.4.1)', () => {
    const [opened] = play([openCrown({ tournamentId: 'spring-cup' })]);
    const legacy: TableEvent = { ...(opened as Extract<TableEvent, { type: 'TableOpened' }>), jackpotIds: ['pit3-lucky-tie'] };
    const events = play([...readyShoe(), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' }, ...deal('c1', ['8H', '8C', 'KD', 'QS'])], [legacy]);
    expect(events.find((e) => e.type === 'CoupCompleted')).toMatchObject({ result: 'tie', jackpotIds: [] });
  });

  describe('a tournament table serves only its tournament (Crown Melbourne 1.1, 14.2.5, 14.4.4(a); Star 15.5.2, 15.1.1)', () => {
    const crownCup = () => play([zeroCommission('spring-cup'), tournamentSession('spring-cup', [1, 2, 3]), seat(1), seat(2), ...readyShoe(), startCoup()]);
    const starCup = () => play([openStar({ tournamentId: 'star-cup-2026' }), tournamentSession('star-cup-2026', [1, 2]), seat(1), ...readyShoe(), startCoup()]);

    it('refuses a cash-chip wager at a table in tournament mode, naming the medium and the clauses (Crown Melbourne 14.2.5; 14.4.4(a))', () => {
      spec.given(crownCup()).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000, medium: 'chips' }])).thenThrows('CASH_WAGER_AT_TOURNAMENT_TABLE', 'Crown Melbourne 14.2.5; 14.4.4(a)');
      spec.given(starCup()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000, medium: 'chips' }])).thenThrows('CASH_WAGER_AT_TOURNAMENT_TABLE', "Star 2024 15.5.2; 15.1.1 'tournament chips'");
    });

    it('refuses a promotional token wager at a table in tournament mode (Star 2024 15.5.2; 15.1.1)', () => {
      spec.given(starCup()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000, medium: 'promotional-token' }])).thenThrows('CASH_WAGER_AT_TOURNAMENT_TABLE', "Star 2024 15.5.2; 15.1.1 'tournament chips'");
      spec.given(starCup()).when(place([{ wagerId: 'token:V-1:1', box: 1, bet: 'player', amountCents: 5000 }])).thenThrows('CASH_WAGER_AT_TOURNAMENT_TABLE', "Star 2024 15.5.2; 15.1.1 'tournament chips'");
    });

    it('records every wager at a tournament table as tournament chips, marked or not, and settles it in tournament chips (Crown Melbourne 14.4.4(a))', () => {
      const events = play(
        [
          place([
            { wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000, medium: 'tournament-chips' },
            { wagerId: 'w2', box: 2, bet: 'player', amountCents: 500 },
          ]),
          ...deal('c1', ['2H', '9C', '3D', 'KS']),
        ],
        crownCup(),
      );
      expect(events.find((e) => e.type === 'WagersAccepted')).toMatchObject({ wagers: [{ wagerId: 'w1', medium: 'tournament-chips' }, { wagerId: 'w2', medium: 'tournament-chips' }] });
      expect(events.find((e) => e.type === 'WagersSettled')).toMatchObject({
        settlements: [
          { wagerId: 'w1', outcome: 'win', medium: 'tournament-chips' },
          { wagerId: 'w2', outcome: 'lose', medium: 'tournament-chips' },
        ],
      });
    });

    it('Crown Melbourne 14.4.4(a) with 9.3.1: refuses to defer commission at a table in tournament mode, naming the box and the clauses: its wagers are tournament chips, whose commission is taken in chips at settlement, never owed in cash', () => {
      const approve: TableCommand = { type: 'ApproveCommissionDeferral', actor: { id: 'am-1', role: 'area-manager' }, now: T0, box: 1 };
      spec.given(crownCup()).when(approve).thenThrows('COMMISSION_DEFERRAL_AT_TOURNAMENT_TABLE', 'Crown Melbourne 9.3.1; Crown Melbourne 14.2.5; 14.4.4(a)');
      const won = play([place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000, medium: 'tournament-chips' }]), ...deal('c1', ['2H', '9C', '3D', 'KS'])], crownCup());
      const settled = won.find((e) => e.type === 'WagersSettled') as Extract<TableEvent, { type: 'WagersSettled' }>;
      expect(settled).toMatchObject({ settlements: [{ wagerId: 'w1', medium: 'tournament-chips', outcome: 'win' }] });
      expect(settled.settlements[0].commissionDeferredCents ?? 0).toBe(0);
    });

    it('refuses tournament chips at a table not in tournament mode: they have no cash value (Crown Melbourne 14.4.4(a); Star 2024 15.1.1)', () => {
      const cash = play([openCrown(), seat(1), ...readyShoe(), startCoup()]);
      spec.given(cash).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 2500, medium: 'tournament-chips' }])).thenThrows('TOURNAMENT_CHIPS_AT_CASH_TABLE', 'Crown Melbourne 14.2.5; 14.4.4(a)');
      const starCash = play([openStar(), seat(1), ...readyShoe(), startCoup()]);
      spec.given(starCash).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 2500, medium: 'tournament-chips' }])).thenThrows('TOURNAMENT_CHIPS_AT_CASH_TABLE', "Star 2024 15.5.2; 15.1.1 'tournament chips'");
    });

    it('refuses a wager at a tournament table from a box with no seated player, or from someone other than the player seated there (Crown Melbourne 14.2.5)', () => {
      spec.given(crownCup()).when(place([{ wagerId: 'w1', box: 3, bet: 'banker', amountCents: 1000 }])).thenThrows('TOURNAMENT_BOX_NOT_SEATED', 'Crown Melbourne 14.2.5');
      spec.given(crownCup()).when(place([{ wagerId: 'w1', box: 1, sessionId: 'a-standing-player', bet: 'banker', amountCents: 1000 }])).thenThrows('TOURNAMENT_BOX_NOT_SEATED', 'Crown Melbourne 14.2.5');
      spec.given(starCup()).when(place([{ wagerId: 'w1', box: 2, bet: 'player', amountCents: 5000 }])).thenThrows('TOURNAMENT_BOX_NOT_SEATED', 'Star 2024 15.5.2');
    });

    it('refuses a wager from a seated box the running session did not seat: the table serves only its tournament (Crown Melbourne 14.2.5; Star 2024 15.5.2)', () => {
      // Box 1 was seated before the session, which seats boxes 2 and 5 (during it, box 1 is not seated at all).
      const heat = play([zeroCommission('spring-cup'), seat(1), tournamentSession('spring-cup', [2, 5]), seat(2), ...readyShoe(), startCoup()]);
      spec.given(heat).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }])).thenThrows('TOURNAMENT_BOX_NOT_IN_SESSION', 'Crown Melbourne 14.2.5');
      spec.given(heat).when(place([{ wagerId: 'w2', box: 2, bet: 'banker', amountCents: 1000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
    });

    it('refuses every wager at a tournament table while no session of its tournament plays there: before the first, and after it ended (Crown Melbourne 14.2.5; Star 2024 15.5.2)', () => {
      const before = play([zeroCommission('spring-cup'), seat(1), ...readyShoe(), startCoup()]);
      spec.given(before).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }])).thenThrows('NO_TOURNAMENT_SESSION_AT_TABLE', 'Crown Melbourne 14.2.5');
      const ended = play([
        openStar({ tournamentId: 'star-cup-2026' }),
        tournamentSession('star-cup-2026', [1]),
        { type: 'NoteTournamentSessionEnded', actor: DEALER, now: T0, tournamentId: 'star-cup-2026', sessionId: 'heat-1' },
        seat(1),
        ...readyShoe(),
        startCoup(),
      ]);
      spec.given(ended).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000 }])).thenThrows('NO_TOURNAMENT_SESSION_AT_TABLE', 'Star 2024 15.5.2');
    });

    it('Star 2024 15.5.2 with 15.6.4: a wager refused for want of a session is refused as not yet heard (retryLater, naming the box): the session the Tournament Director just started may not have reached the table, and a player whose offered wager was refused so must not go without one', () => {
      const before = play([zeroCommission('spring-cup'), seat(1), ...readyShoe(), startCoup()]);
      const error = spec.given(before).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1000 }])).thenThrows('NO_TOURNAMENT_SESSION_AT_TABLE', 'Crown Melbourne 14.2.5');
      expect(error.retryLater).toBe(true);
      expect(error.field).toBe('wagers[0].box');
    });

    it("refuses another tournament's session at a table in tournament mode, and one at a table open for cash play, for a supervisor to see (Crown Melbourne 14.2.5)", () => {
      spec.given(play([zeroCommission('spring-cup')])).when(tournamentSession('autumn-cup', [1])).thenThrows('TABLE_NOT_IN_TOURNAMENT_MODE', 'Crown Melbourne 14.2.5');
      spec.given(play([openCrown()])).when(tournamentSession('autumn-cup', [1])).thenThrows('TABLE_NOT_IN_TOURNAMENT_MODE', 'Crown Melbourne 14.2.5');
      // A table this service never opened (a Rapid table of the same session) is not its concern.
      spec.given([]).when(tournamentSession('autumn-cup', [1])).then([]);
    });

    it('notes a session once however often it is delivered, and only its own end clears it', () => {
      const noted = play([zeroCommission('spring-cup'), tournamentSession('spring-cup', [1])]);
      spec.given(noted).when(tournamentSession('spring-cup', [1])).then([]);
      spec.given(noted).when({ type: 'NoteTournamentSessionEnded', actor: DEALER, now: T0, tournamentId: 'spring-cup', sessionId: 'heat-2' }).then([]);
    });

    it('refuses to open in tournament mode for a tournament id that is not one (Crown Melbourne 14.2.4-14.2.5)', () => {
      for (const tournamentId of [' ', 'spring cup', 'cup/2026', 'x'.repeat(65), 'cup\n']) {
        spec.given([]).when(zeroCommission(tournamentId)).thenThrows('TOURNAMENT_ID_INVALID', 'Crown Melbourne 14.2.4');
      }
      spec.given([]).when(openStar({ tournamentId: 'star cup' })).thenThrows('TOURNAMENT_ID_INVALID', 'Star 2024 15.5.1');
    });

    it('refuses tournament mode under a rulebook that provides no tournament play (Crown Sydney guide)', () => {
      const guide = openCrown({ rulebookId: 'crown-sydney-guide', offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }], limits: { perBet: { player: limits.perBet.player, banker: limits.perBet.banker, tie: limits.perBet.tie } } });
      spec.given([]).when(guide).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened' }]));
      spec.given([]).when({ ...guide, tournamentId: 'sydney-cup' }).thenThrows('TOURNAMENTS_NOT_PROVIDED', 'Crown Sydney guide (no provision)');
    });
  });

  describe('Star 2024 15.9.4: a wager the tournament found out of sequence is removed from the layout, not settled', () => {
    const cup = () => play([openStar({ tournamentId: 'star-cup-2026' }), tournamentSession('star-cup-2026', [1, 2, 3]), seat(1), seat(2), seat(3), ...readyShoe(), startCoup(), place([{ wagerId: 'w-3a', box: 3, bet: 'player', amountCents: 5000 }])]);
    const returnIt = (wagerId = 'w-3a', tournamentId = 'star-cup-2026', clause = 'Star 2024 15.9.4'): TableCommand => ({ type: 'ReturnWagerOutOfSequence', actor: DEALER, now: T0, tournamentId, coupId: 'c1', wagerId, expectedBox: 1, clause });

    it('returns the wager to the player (15.9.4), keeps the coup open for wagers in turn, and settles only those', () => {
      spec.given(cup()).when(returnIt()).thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['WagerVoided', 'WagersSettled']);
        expect(events[0]).toMatchObject({ wagerId: 'w-3a', clause: 'Star 2024 15.9.4', tournamentId: 'star-cup-2026' });
        expect(events[1]).toMatchObject({ settlements: [{ wagerId: 'w-3a', outcome: 'void', returnedCents: 5000, winCents: 0 }] });
      });
      const events = play(
        [returnIt(), place([{ wagerId: 'w-1', box: 1, bet: 'player', amountCents: 5000 }, { wagerId: 'w-2', box: 2, bet: 'player', amountCents: 5000 }, { wagerId: 'w-3b', box: 3, bet: 'player', amountCents: 5000 }]), ...deal('c1', ['9H', '2C', 'KD', '3S'])],
        cup(),
      );
      const final = events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>;
      expect(final.settlements.map((x) => x.wagerId)).toEqual(['w-1', 'w-2', 'w-3b']);
    });

    it("Star 2024 15.9.4-15.9.5: records the removal as what it is, a void the tournament's order of wagering requires under the clause it cites, not a retraction at the player's option", () => {
      for (const clause of ['Star 2024 15.9.4', 'Star 2024 15.9.5']) {
        spec.given(cup()).when(returnIt('w-3a', 'star-cup-2026', clause)).thenEvents((events) => {
          expect(events.some((e) => e.type === 'WagerRetracted')).toBe(false);
          const voided = events[0] as Extract<TableEvent, { type: 'WagerVoided' }>;
          expect(voided).toMatchObject({ type: 'WagerVoided', clause, tournamentId: 'star-cup-2026' });
          expect(voided.reason).toBe(`the order of wagering of tournament star-cup-2026 requires box 3's wager of 5000 removed: placed out of sequence, box 1 to wager (${clause}); not the player's option`);
        });
      }
    });

    it('returns it once however often the tournament says so, and leaves alone a table of another tournament', () => {
      const returned = play([returnIt()], cup());
      spec.given(returned).when(returnIt()).thenEvents((events) => expect(events).toEqual([]));
      spec.given(cup()).when(returnIt('w-3a', 'autumn-cup')).thenEvents((events) => expect(events).toEqual([]));
    });

    it('refuses, for a supervisor to see, once no more bets is called: the wager then stands and is settled, and the tournament scores what was settled (15.9.4-15.9.5)', () => {
      const closed = play([{ type: 'CloseBetting', actor: DEALER, now: T0, coupId: 'c1' }], cup());
      spec.given(closed).when(returnIt()).thenThrows('NO_MORE_BETS', 'Star 2024 15.9.4');
    });
  });

  describe('Star 2024 15.9.3-15.9.4: no more bets waits for the tournament to rule on each wager\'s turn, so a wager out of sequence never plays', () => {
    const ORDER = { clause: 'Star 2024 15.9.2-15.9.3', outOfSequenceClause: 'Star 2024 15.9.4' };
    const ordered = (order: typeof ORDER | null): TableCommand => ({ ...(tournamentSession('star-cup-2026', [1, 2, 3]) as Extract<TableCommand, { type: 'NoteTournamentSession' }>), ...(order ? { orderOfWagering: order } : {}) });
    const cup = (order: typeof ORDER | null = ORDER) =>
      play([openStar({ tournamentId: 'star-cup-2026' }), ordered(order), seat(1), seat(2), seat(3), ...readyShoe(), startCoup(), place([{ wagerId: 'w-1', box: 1, bet: 'player', amountCents: 5000 }, { wagerId: 'w-3', box: 3, bet: 'banker', amountCents: 5000 }])]);
    const close: TableCommand = { type: 'CloseBetting', actor: DEALER, now: T0, coupId: 'c1' };
    const inTurn = (wagerIds: string[], tournamentId = 'star-cup-2026'): TableCommand => ({ type: 'NoteTournamentWagersInTurn', actor: DEALER, now: T0, tournamentId, coupId: 'c1', wagerIds, clause: 'Star 2024 15.9.2-15.9.3' });
    const returnIt = (wagerId: string): TableCommand => ({ type: 'ReturnWagerOutOfSequence', actor: DEALER, now: T0, tournamentId: 'star-cup-2026', coupId: 'c1', wagerId, expectedBox: 2, clause: 'Star 2024 15.9.4' });

    it('refuses no more bets, and the first card that would call it, while a wager awaits its ruling, naming the boxes, the clauses and what to do', () => {
      spec.given(cup()).when(close).thenThrows('TURN_RULING_PENDING', 'Star 2024 15.9.2-15.9.3; Star 2024 15.9.4');
      spec.given(cup()).when(deal('c1', ['9H'])[0]).thenThrows('TURN_RULING_PENDING', 'Star 2024 15.9.2-15.9.3; Star 2024 15.9.4');
      spec.given(play([inTurn(['w-1'])], cup())).when(close).thenThrows('TURN_RULING_PENDING');
      expect(() => play([close], cup())).toThrow(/box 1 \(w-1\), box 3 \(w-3\).*void those wagers/);
    });

    it('calls no more bets once each wager is ruled in turn or returned as out of sequence, and the returned one is not settled', () => {
      const ruled = play([inTurn(['w-1']), returnIt('w-3')], cup());
      spec.given(ruled).when(close).thenEvents((events) => expect(events).toMatchObject([{ type: 'BettingClosed', coupId: 'c1' }]));
      const events = play([close, ...deal('c1', ['9H', '2C', 'KD', '3S'])], ruled);
      const settled = events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>;
      expect(settled.settlements.map((x) => x.wagerId)).toEqual(['w-1']);
    });

    it('a wager the dealer voids from the layout awaits nothing; a ruling twice, for another tournament or for a wager not awaiting is nothing to do', () => {
      const voided = play([inTurn(['w-1']), { type: 'VoidWager', actor: { id: 'sup-1', role: 'gaming-supervisor' }, now: T0, wagerId: 'w-3', ground: 'invalid-wager', reason: 'the tournaments service does not answer' } as TableCommand], cup());
      spec.given(voided).when(close).thenEvents((events) => expect(events).toMatchObject([{ type: 'BettingClosed' }]));
      const once = play([inTurn(['w-1', 'w-3'])], cup());
      spec.given(once).when(inTurn(['w-1', 'w-3'])).thenEvents((events) => expect(events).toEqual([]));
      spec.given(cup()).when(inTurn(['w-1'], 'autumn-cup')).thenEvents((events) => expect(events).toEqual([]));
      spec.given(cup()).when(inTurn(['w-9'])).thenEvents((events) => expect(events).toEqual([]));
    });

    it('without an order of wagering in the terms, no more bets waits for nothing', () => {
      spec.given(cup(null)).when(close).thenEvents((events) => expect(events).toMatchObject([{ type: 'BettingClosed' }]));
    });
  });

  describe("a tournament table takes only wagers within the tournament terms' minimum and maximum, whatever its own limits (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g); Star 2024 15.6.4; 15.6.14)", () => {
    const terms = { minimum: 1000, maximum: 5000 };
    const withTerms = (tournamentId: string, boxes: number[]): TableCommand => ({ ...(tournamentSession(tournamentId, boxes) as Extract<TableCommand, { type: 'NoteTournamentSession' }>), wagerLimits: terms });
    // The table's own limits (5-500 a bet, in chips counted as cents) are wider than the terms (10-50).
    const crown = () => play([zeroCommission('spring-cup'), withTerms('spring-cup', [1, 2]), seat(1), seat(2), ...readyShoe(), startCoup()]);
    const star = () => play([openStar({ tournamentId: 'star-cup-2026', limits: { perBet: { player: { minimumCents: 500, maximumCents: 500000 }, banker: { minimumCents: 500, maximumCents: 500000 }, tie: { minimumCents: 500, maximumCents: 50000 }, pairs: { minimumCents: 500, maximumCents: 50000 } } } }), withTerms('star-cup-2026', [1]), seat(1), ...readyShoe(), startCoup()]);
    const CROWN = 'Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g)';

    it('refuses a wager above the maximum, or taking the box above it this coup, and one below the minimum, naming the terms and what to do (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
      spec.given(crown()).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 6000 }])).thenThrows('TOURNAMENT_WAGER_ABOVE_MAXIMUM', CROWN);
      spec.given(crown()).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 500 }])).thenThrows('TOURNAMENT_WAGER_BELOW_MINIMUM', CROWN);
      spec.given(crown()).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 3000 }, { wagerId: 'w2', box: 1, bet: 'player', amountCents: 3000 }])).thenThrows('TOURNAMENT_WAGER_ABOVE_MAXIMUM', CROWN);
      spec.given(crown()).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 5000 }, { wagerId: 'w2', box: 2, bet: 'player', amountCents: 1000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
    });

    it('Star 2024 15.6.14: takes a wager with an incomplete increment, or above the maximum, which plays to the last complete increment or to the maximum, rather than refusing it; one below the minimum is to be made up', () => {
      spec.given(star()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 2500 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
      spec.given(star()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 6000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
      spec.given(star()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }, { wagerId: 'w2', box: 1, bet: 'tie', amountCents: 3000 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
      spec.given(star()).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 500 }])).thenThrows('TOURNAMENT_WAGER_BELOW_MINIMUM', 'Star 2024 15.6.14');
      // The table settles it to the maximum (the terms' limits in force); the tournament scores it as 15.6.14 says.
      const events = play([place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 6000 }]), ...deal('c1', ['9H', '2C', 'KD', '3S'])], star());
      const settled = events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>;
      expect(settled.settlements[0]).toMatchObject({ wagerId: 'w1', outcome: 'win', winCents: 5000 });
    });

    describe('Star 2024 15.6.14: the table settles a tournament wager as it played, to the last complete increment and to the maximum for the coup, and returns the rest (neither won nor lost)', () => {
      // Cards dealt Player, Banker, Player, Banker: Player 9 (9H KD), Banker 5 (2C 3S): Player wins, Banker loses.
      const PLAYER_WINS = ['9H', '2C', 'KD', '3S'];
      const settle = (placements: Wager[][], from = star()) => {
        const events = play([...placements.map((w) => place(w)), ...deal('c1', PLAYER_WINS)], from);
        return (events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>).settlements;
      };
      const RULE = 'Star 2024 15.6.14';

      it('Star 2024 15.6.14: 15 then 10 on the same bet (minimum 10) is one wager of 25, valid to 20 as the tournament scores it: the incomplete 5 comes off the chips placed last and is returned', () => {
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1500 }], [{ wagerId: 'w2', box: 1, bet: 'banker', amountCents: 1000 }]]);
        expect(settled).toEqual([
          expect.objectContaining({ wagerId: 'w1', amountCents: 1500, outcome: 'lose', inPlayCents: 1500, winCents: 0, returnedCents: 0 }),
          expect.objectContaining({ wagerId: 'w2', amountCents: 1000, outcome: 'lose', inPlayCents: 500, winCents: 0, returnedCents: 500, notPlayed: { amountCents: 500, incompleteIncrementCents: 500, aboveMaximumCents: 0, clause: RULE } }),
        ]);
        expect(settled[0].notPlayed).toBeUndefined();
        // What the table took is what the tournament scored lost: 20.
        expect(settled.reduce((a, x) => a + x.amountCents - x.returnedCents, 0)).toBe(2000);
      });

      it('Star 2024 15.6.14: 15 then 15 on the same bet is one wager of 30, three whole units: it plays in full', () => {
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 1500 }], [{ wagerId: 'w2', box: 1, bet: 'banker', amountCents: 1500 }]]);
        expect(settled.map((x) => [x.wagerId, x.inPlayCents, x.notPlayed ?? null])).toEqual([['w1', 1500, null], ['w2', 1500, null]]);
      });

      it('Star 2024 15.6.14: a wager above the maximum is paid to the maximum, the excess returned', () => {
        const [w1] = settle([[{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 6000 }]]);
        expect(w1).toMatchObject({ outcome: 'win', inPlayCents: 5000, winCents: 5000, returnedCents: 6000, notPlayed: { amountCents: 1000, incompleteIncrementCents: 0, aboveMaximumCents: 1000, clause: RULE } });
      });

      it('Star 2024 15.6.14: the maximum is for the coup: across bets, the wagers placed last give way first, each bet\'s wager first cut to its last complete increment', () => {
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }], [{ wagerId: 'w2', box: 1, bet: 'tie', amountCents: 1500 }, { wagerId: 'w3', box: 1, bet: 'tie', amountCents: 2000 }]]);
        expect(settled.map((x) => [x.wagerId, x.inPlayCents, x.returnedCents, x.notPlayed ?? null])).toEqual([
          ['w1', 3000, 3000, null],
          // Tie 15 + 20 is one wager of 35, valid to 30 (5 off w3); with Player 30 the box holds 60: 10 more off w3.
          ['w2', 1500, 0, null],
          ['w3', 500, 1500, { amountCents: 1500, incompleteIncrementCents: 500, aboveMaximumCents: 1000, clause: RULE }],
        ]);
      });

      it('Star 2024 15.6.14: each box is held to the maximum on its own; a wager within the terms settles as before', () => {
        const two = play([openStar({ tournamentId: 'star-cup-2026' }), withTerms('star-cup-2026', [1, 2]), seat(1), seat(2), ...readyShoe(), startCoup()]);
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 3000 }, { wagerId: 'w2', box: 2, bet: 'player', amountCents: 3000 }]], two);
        expect(settled.map((x) => [x.wagerId, x.inPlayCents, x.winCents, x.notPlayed ?? null])).toEqual([['w1', 3000, 3000, null], ['w2', 3000, 3000, null]]);
      });
    });

    describe('Star 2024 11.1.3 with 15.6.14 and 5.8: a box\'s tournament-chip wagers on one bet in one coup are one wager, paid, commissioned and rounded on its total as played, whatever the goes it was placed in', () => {
      // Cards dealt Player, Banker, Player, Banker: Player 5 (2H 3D), Banker 9 (9C KS): Banker wins.
      const BANKER_WINS = ['2H', '9C', '3D', 'KS'];
      const small = { minimum: 10, maximum: 500 };
      const table = (minimumChipCents: number) =>
        play([openStar({ tournamentId: 'star-cup-2026', minimumChipCents }), { ...(tournamentSession('star-cup-2026', [1, 2]) as Extract<TableCommand, { type: 'NoteTournamentSession' }>), wagerLimits: small }, seat(1), seat(2), ...readyShoe(), startCoup()]);
      const settle = (placements: Wager[][], from: TableEvent[]) => {
        const events = play([...placements.map((w) => place(w)), ...deal('c1', BANKER_WINS)], from);
        return (events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>).settlements;
      };
      const net = (x: { winCents: number; returnedCents: number; amountCents: number; commissionImmediateCents: number; commissionDeferredCents: number }) => x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents;
      const boxNet = (settled: ReturnType<typeof settle>, box: number) => settled.filter((x) => x.box === box).reduce((a, x) => a + net(x), 0);

      it('Star 2024 11.1.3; 15.6.14; 5.8: 15 then 10 on the Banker (valid to 20) pays as 20 placed at once, +19, the commission apportioned by what each piece played', () => {
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 20 }, { wagerId: 'w2', box: 2, bet: 'banker', amountCents: 15 }], [{ wagerId: 'w3', box: 2, bet: 'banker', amountCents: 10 }]], table(1));
        expect(boxNet(settled, 1)).toBe(19);
        expect(boxNet(settled, 2)).toBe(19);
        expect(settled.filter((x) => x.box === 2).map((x) => [x.wagerId, x.inPlayCents, x.winCents, x.commissionImmediateCents, x.returnedCents])).toEqual([
          ['w2', 15, 15, 1, 15],
          ['w3', 5, 5, 0, 10],
        ]);
      });

      it('Star 2024 11.1.3; 15.6.14; 5.8: in chips of 5, 40, 40 and 20 on the Banker in three goes pays as 100 at once, +95', () => {
        const settled = settle([[{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 100 }, { wagerId: 'w2', box: 2, bet: 'banker', amountCents: 40 }], [{ wagerId: 'w3', box: 2, bet: 'banker', amountCents: 40 }], [{ wagerId: 'w4', box: 2, bet: 'banker', amountCents: 20 }]], table(5));
        expect(boxNet(settled, 1)).toBe(95);
        expect(boxNet(settled, 2)).toBe(95);
        expect(settled.filter((x) => x.box === 2).map((x) => [x.wagerId, x.winCents, x.commissionImmediateCents])).toEqual([
          ['w2', 40, 2],
          ['w3', 40, 2],
          ['w4', 20, 1],
        ]);
      });
    });

    it('takes the amended terms once the tournament amends them during the session (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g))', () => {
      const amended = play([{ type: 'NoteTournamentWagerLimits', actor: DEALER, now: T0, tournamentId: 'spring-cup', wagerLimits: { minimum: 1000, maximum: 2000 } }], crown());
      spec.given(amended).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 3000 }])).thenThrows('TOURNAMENT_WAGER_ABOVE_MAXIMUM', CROWN);
      spec.given(crown()).when({ type: 'NoteTournamentWagerLimits', actor: DEALER, now: T0, tournamentId: 'autumn-cup', wagerLimits: { minimum: 1000, maximum: 2000 } }).thenEvents((ev) => expect(ev).toEqual([]));
    });

    describe("the terms' limits, not the table's own cash limits, govern a tournament wager (Crown Melbourne 14.4.4(b); 14.4.8(c); 14.4.8(g); Star 2024 15.2.1; 15.6.14)", () => {
      const narrow = { perBet: { player: { minimumCents: 100, maximumCents: 200 }, banker: { minimumCents: 100, maximumCents: 200 }, tie: { minimumCents: 100, maximumCents: 200 } } };
      const wide = { perBet: { player: { minimumCents: 100000, maximumCents: 500000 }, banker: { minimumCents: 100000, maximumCents: 500000 }, tie: { minimumCents: 100000, maximumCents: 500000 }, pairs: { minimumCents: 100000, maximumCents: 500000 } } };
      const small = { minimum: 10, maximum: 500 };
      const session = (tournamentId: string): TableCommand => ({ ...(tournamentSession(tournamentId, [1, 2]) as Extract<TableCommand, { type: 'NoteTournamentSession' }>), wagerLimits: small });
      const crownWith = (tableLimits: typeof narrow) => play([openCrown({ variant: 'zero-commission', offeredBets: ZERO_COMMISSION, limits: tableLimits, minimumChipCents: 1, tournamentId: 'spring-cup' }), session('spring-cup'), seat(1), seat(2), ...readyShoe(), startCoup()]);
      const starWith = (tableLimits: typeof narrow) => play([openStar({ tournamentId: 'star-cup-2026', limits: tableLimits, minimumChipCents: 1 }), session('star-cup-2026'), seat(1), seat(2), ...readyShoe(), startCoup()]);

      it("Star 2024 15.2.1; 15.6.14: a wager of the terms' minimum is taken at a table whose own minimum is higher (rule 6 is not applied to tournament play)", () => {
        spec.given(starWith(wide)).when(place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 10 }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
      });

      it("Crown Melbourne 14.4.4(b): a wager of the terms' minimum is neither warned nor returned under 6.3.1, and one within the terms' maximum plays in full above the table's own maximum", () => {
        const events = play([place([{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 10 }, { wagerId: 'w2', box: 2, bet: 'player', amountCents: 400 }]), ...deal('c1', ['9H', '2C', 'KD', '3S'])], crownWith(narrow));
        const accepted = events.find((e) => e.type === 'WagersAccepted') as Extract<TableEvent, { type: 'WagersAccepted' }>;
        expect(accepted.wagers.map((w) => w.belowMinimum)).toEqual([undefined, undefined]);
        const settled = events.filter((e) => e.type === 'WagersSettled').at(-1) as Extract<TableEvent, { type: 'WagersSettled' }>;
        expect(settled.settlements.map((x) => [x.wagerId, x.outcome, x.winCents])).toEqual([['w1', 'win', 10], ['w2', 'win', 400]]);
        spec.given(crownWith(wide)).when(place([{ wagerId: 'w3', box: 1, bet: 'player', amountCents: 10 }])).thenEvents((ev) => expect((ev[0] as Extract<TableEvent, { type: 'WagersAccepted' }>).wagers[0].belowMinimum).toBeUndefined());
      });
    });
  });
});

describe.each([
  ['Star 2024 15.5.2', 'Star 2024 15.5.2', () => openStar({ tournamentId: 'star-cup' }), 'star-cup', 5000],
  ['Crown Melbourne 14.2.5', 'Crown Melbourne 14.2.5', () => zeroCommission('crown-cup'), 'crown-cup', 1000],
])('%s: during a session a tournament table seats only the session seating', (_name, clause, open, cup, amountCents) => {
  // The session seats entries e1, e3 and e5 at boxes 1, 3 and 5 (patrons P-e1, P-e3, P-e5).
  const director = { id: 'director-1', role: 'tournament-director' };
  const session: TableCommand = { type: 'NoteTournamentSession', actor: director, now: T0, tournamentId: cup, sessionId: 'heat-1', seats: [1, 3, 5].map((box) => ({ box, entryId: `e${box}`, patronId: `P-e${box}` })) };
  const seatAs = (box: number, patronId: string | null): TableCommand => ({ type: 'SeatPlayer', actor: DEALER, now: T0, box, sessionId: `s-${box}-${patronId}`, patronId });
  const seated = () => play([open(), session]);
  const substitute = (entryId: string, patronId: string): TableCommand => ({ type: 'NoteTournamentSubstitute', actor: director, now: T0, tournamentId: cup, entryId, patronId, clause: 'Rapid 12.3.3' });

  it(`${clause}: refuses a box the session did not seat, naming the box and the clause`, () => {
    const refused = spec.given(seated()).when(seatAs(2, 'P-e1')).thenThrows('TOURNAMENT_BOX_NOT_IN_SESSION', clause);
    expect(refused.message).toContain('Box 2');
  });

  it(`${clause}: refuses at a box anyone but the entry's player the session seated there, naming the box, the entry and the clause`, () => {
    const another = spec.given(seated()).when(seatAs(3, 'P-e1')).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', clause);
    expect(another.message).toMatch(/box 3/i);
    expect(another.message).toContain('e3');
    spec.given(seated()).when(seatAs(5, 'OUTSIDER-9')).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', clause);
    spec.given(seated()).when(seatAs(5, null)).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', clause);
    spec.given(seated()).when(seatAs(5, 'P-e5')).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'PlayerSeated', box: 5, patronId: 'P-e5' }]));
  });

  it(`${clause}: an outsider seated at a box before the session started does not wager there once it plays`, () => {
    const early = play([open(), seatAs(5, 'OUTSIDER-9'), seatAs(1, 'P-e1'), session, ...readyShoe(), startCoup()]);
    spec.given(early).when(place([{ wagerId: 'w5', box: 5, bet: 'banker', amountCents }])).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', clause);
    spec.given(early).when(place([{ wagerId: 'w1', box: 1, bet: 'banker', amountCents }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
  });

  it(`${clause}: a substitute the Tournament Director approved takes the entry's position; the player replaced no longer wagers there`, () => {
    const before = play([seatAs(5, 'P-e5'), ...readyShoe(), startCoup()], seated());
    const after = play([substitute('e5', 'P-sub')], before);
    expect(after.at(-1)).toMatchObject({ type: 'TournamentSeatSubstituted', box: 5, entryId: 'e5', previousPatronId: 'P-e5', patronId: 'P-sub', clause: 'Rapid 12.3.3' });
    spec.given(after).when(place([{ wagerId: 'w5', box: 5, bet: 'banker', amountCents }])).thenThrows('TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', clause);
    const reseated = play([{ type: 'LeaveSeat', actor: DEALER, now: T0, box: 5 }, seatAs(5, 'P-sub')], after);
    spec.given(reseated).when(place([{ wagerId: 'w5', box: 5, bet: 'banker', amountCents }])).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'WagersAccepted' }]));
    // An entry not seated here, or another tournament's, changes nothing at this table.
    spec.given(before).when(substitute('e2', 'P-sub')).thenEvents((ev) => expect(ev).toEqual([]));
    spec.given(before).when({ ...substitute('e5', 'P-sub'), tournamentId: 'other-cup' } as TableCommand).thenEvents((ev) => expect(ev).toEqual([]));
  });
});
