import { deciderSpec } from '@app/testing';
import { integrationDataOf } from '../integration/to-integration-event';
import { tableDecider, type TableCommand } from './table.decider';
import type { CoupCompleted, TableEvent, WagersSettled } from './table.events';
import { AREA_MANAGER, DEALER, SUPERVISOR, T0, deal, openCrown, openThreeCard, play, readyShoe } from './table-fixtures';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
type Hands = Extract<TableCommand, { type: 'DealThreeCardRound' }>['hands'];

const round = (hands: Hands, dealer: readonly string[], coupId = 'c1'): TableCommand => ({ type: 'DealThreeCardRound', actor: DEALER, now: T0, coupId, hands, dealer });
const withWagers = (wagers: Wagers) => play([openThreeCard(), ...readyShoe('s1', 10), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' }, { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers }]);
const settledOf = (events: readonly TableEvent[]) => (events.find((e) => e.type === 'WagersSettled') as WagersSettled).settlements;
const byId = (events: readonly TableEvent[]) => Object.fromEntries(settledOf(events).map((x) => [x.wagerId, { outcome: x.outcome, winCents: x.winCents, returnedCents: x.returnedCents }]));

describe('Three Card Baccarat tables (Crown Melbourne 12)', () => {
  it('is played with one deck only (Crown Melbourne 12.4.1)', () => {
    spec.given([]).when(openThreeCard({ decks: 8 })).thenThrows('DECKS_NOT_ALLOWED', 'Crown Melbourne 12.4.1');
  });

  it('cannot join a Lucky Tie Jackpot: the Lucky Tie is a Tie of Player and Banker hands, which it does not deal (Crown Melbourne 13.4.3)', () => {
    spec.given([]).when(openThreeCard({ jackpotIds: ['LT-1'] })).thenThrows('JACKPOT_NEEDS_PLAYER_AND_BANKER_HANDS', "Crown Melbourne 13.4.3; definition of 'Lucky Tie Jackpot'");
    spec.given([]).when(openCrown({ jackpotIds: ['LT-1'] })).thenEvents((ev) => expect(ev).toMatchObject([{ type: 'TableOpened', jackpotIds: ['LT-1'] }]));
  });

  it('ranks each betting area against the Dealer and settles by Table 19: win 1 to 1, equal ranking void, lower loses (Crown Melbourne 12.5.2, Table 18)', () => {
    const history = withWagers([
      { wagerId: 'w1', box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'w2', box: 2, bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'w3', box: 3, bet: 'three-card-baccarat', amountCents: 1000 },
    ]);
    // Dealer 7 (ranking 4); box 1 nine (2); box 2 seven (4); box 3 three (8).
    spec.given(history).when(round([{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['9S', '9C', '9D'] }, { box: 3, cards: ['AS', '2S', 'KS'] }], ['5H', '2C', '10D'])).thenEvents((events) => {
      expect(events.map((e) => e.type)).toEqual(['CoupCompleted', 'WagersSettled']);
      const completed = events[0] as CoupCompleted;
      expect(completed.bankerCards).toEqual(['5H', '2C', '10D']);
      expect(completed.threeCard?.dealer).toEqual({ cards: ['5H', '2C', '10D'], total: 7, ranking: 4 });
      expect(completed.threeCard?.hands.map((h) => [h.box, h.total, h.ranking, h.result])).toEqual([[1, 9, 2, 'player'], [2, 7, 4, 'tie'], [3, 3, 8, 'dealer']]);
      expect(completed.result).toBe('player');
      // Published as ThreeCardRoundCompleted, not as a Player/Banker CoupCompleted: every hand, no one result (contract).
      const published = integrationDataOf(completed, T0);
      expect(published?.type).toBe('ThreeCardRoundCompleted');
      expect(published?.data).toMatchObject({ dealer: { total: 7 }, hands: [{ box: 1, cards: ['4H', '5C', 'KD'], result: 'player' }, { box: 2, result: 'tie' }, { box: 3, result: 'dealer' }] });
      expect(published?.data).not.toHaveProperty('result');
      expect(byId(events)).toEqual({
        w1: { outcome: 'win', winCents: 1000, returnedCents: 1000 },
        w2: { outcome: 'void', winCents: 0, returnedCents: 1000 },
        w3: { outcome: 'lose', winCents: 0, returnedCents: 0 },
      });
    });
  });

  it('ranks Three Pictures above nine and pays a Three Pictures wager 20 to 1, two Pictures 5 to 1 (Crown Melbourne 12.5.4, Table 18, Table 19)', () => {
    const history = withWagers([
      { wagerId: 'm1', box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'p1', box: 1, bet: 'three-pictures', amountCents: 500 },
      { wagerId: 'p2', box: 2, bet: 'three-pictures', amountCents: 500 },
      { wagerId: 'p3', box: 3, bet: 'three-pictures', amountCents: 500 },
    ]);
    // Dealer nine; box 1 K Q J (Three Pictures, total 0 but ranking 1); box 2 two Pictures; box 3 one Picture.
    spec.given(history).when(round([{ box: 1, cards: ['KH', 'QH', 'JH'] }, { box: 2, cards: ['KS', 'QS', '4D'] }, { box: 3, cards: ['JC', '2D', '3D'] }], ['4C', '5C', '10C'])).thenEvents((events) => {
      expect((events[0] as CoupCompleted).threeCard?.hands[0]).toMatchObject({ total: 0, ranking: 1, pictures: 3, result: 'player' });
      expect(byId(events)).toEqual({
        m1: { outcome: 'win', winCents: 1000, returnedCents: 1000 },
        p1: { outcome: 'win', winCents: 10000, returnedCents: 500 },
        p2: { outcome: 'win', winCents: 2500, returnedCents: 500 },
        p3: { outcome: 'lose', winCents: 0, returnedCents: 0 },
      });
    });
  });

  it('pays a winning hand of six 1 to 2 (Crown Melbourne 12.7.1 Table 19)', () => {
    const history = withWagers([{ wagerId: 'six', box: 1, bet: 'three-card-baccarat', amountCents: 1000 }]);
    spec.given(history).when(round([{ box: 1, cards: ['2H', '2C', '2D'] }], ['AH', 'AC', 'AD'])).thenEvents((events) => {
      expect(byId(events)).toEqual({ six: { outcome: 'win', winCents: 500, returnedCents: 1000 } });
    });
  });

  it('pays a Tie wager 8 to 1 on equal ranking and loses it otherwise (Crown Melbourne 12.5.3, Table 19)', () => {
    const history = withWagers([
      { wagerId: 't1', box: 1, bet: 'three-card-tie', amountCents: 500 },
      { wagerId: 't2', box: 2, bet: 'three-card-tie', amountCents: 500 },
    ]);
    spec.given(history).when(round([{ box: 1, cards: ['3H', '4C', 'KD'] }, { box: 2, cards: ['8S', 'KC', 'QC'] }], ['2H', '5C', '10D'])).thenEvents((events) => {
      expect(byId(events)).toEqual({ t1: { outcome: 'win', winCents: 4000, returnedCents: 500 }, t2: { outcome: 'lose', winCents: 0, returnedCents: 0 } });
    });
  });

  describe("under the table's limits and minimum chip, as in the Traditional game (Crown Melbourne 12.1; 6.3)", () => {
    it('pays a wager above the maximum only to the maximum (Crown Melbourne 12.1; 6.3.2)', () => {
      const history = withWagers([{ wagerId: 'big', box: 1, bet: 'three-card-baccarat', amountCents: 60000 }]);
      spec.given(history).when(round([{ box: 1, cards: ['4H', '5C', 'KD'] }], ['5H', '2C', '10D'])).thenEvents((events) => {
        expect(byId(events)).toEqual({ big: { outcome: 'win', winCents: 50000, returnedCents: 60000 } });
      });
    });

    it('rounds a winning six paid 1 to 2 up to the next chip (Crown Melbourne 12.1; 6.3.3)', () => {
      // 1500 on a six wins 750; the table's chips are 500, so 1000 is paid.
      const history = withWagers([{ wagerId: 'six', box: 1, bet: 'three-card-baccarat', amountCents: 1500 }]);
      spec.given(history).when(round([{ box: 1, cards: ['2H', '2C', '2D'] }], ['AH', 'AC', 'AD'])).thenEvents((events) => {
        expect(byId(events)).toEqual({ six: { outcome: 'win', winCents: 1000, returnedCents: 1500 } });
        expect(settledOf(events)[0].clause).toBe('Crown Melbourne 6.3.3');
      });
    });

    it("pays to a seated player's individual maximum (Crown Melbourne 12.1; 6.6)", () => {
      const history = play(
        [
          { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'sess-1', patronId: 'patron-1' },
          { type: 'SetIndividualLimit', actor: AREA_MANAGER, now: T0, box: 1, maximumCents: 100000 },
          { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' },
          { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c1', wagers: [{ wagerId: 'vip', box: 1, bet: 'three-card-baccarat', amountCents: 80000 }, { wagerId: 'other', box: 2, bet: 'three-card-baccarat', amountCents: 80000 }] },
        ],
        play([openThreeCard(), ...readyShoe('s1', 10)]),
      );
      spec.given(history).when(round([{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['9S', 'JC', 'QD'] }], ['5H', '2C', '10D'])).thenEvents((events) => {
        expect(byId(events)).toEqual({ vip: { outcome: 'win', winCents: 80000, returnedCents: 80000 }, other: { outcome: 'win', winCents: 50000, returnedCents: 80000 } });
      });
    });
  });

  describe('the deal and misdeals (Crown Melbourne 12.6, 12.8)', () => {
    const history = withWagers([
      { wagerId: 'w1', box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'w2', box: 2, bet: 'three-pictures', amountCents: 500 },
    ]);
    const good: Hands = [{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['9S', '9C', '9D'] }];

    it('refuses a round with an incorrect number of cards to an area or the Dealer (Crown Melbourne 12.8.2)', () => {
      spec.given(history).when(round([{ box: 1, cards: ['4H', '5C'] }, good[1]], ['5H', '2C', '10D'])).thenThrows('THREE_CARD_MISDEAL', 'Crown Melbourne 12.8.2');
      spec.given(history).when(round([good[0]], ['5H', '2C', '10D'])).thenThrows('THREE_CARD_MISDEAL', 'Crown Melbourne 12.8.2');
      spec.given(history).when(round(good, ['5H', '2C'])).thenThrows('THREE_CARD_MISDEAL', 'Crown Melbourne 12.8.2');
    });

    it('refuses cards dealt to an area without a wager (Crown Melbourne 12.8.5)', () => {
      spec.given(history).when(round([...good, { box: 3, cards: ['AS', '2S', '3S'] }], ['5H', '2C', '10D'])).thenThrows('THREE_CARD_MISDEAL', 'Crown Melbourne 12.8.5');
    });

    it('refuses the same card twice: one deck (Crown Melbourne 12.4.1)', () => {
      spec.given(history).when(round(good, ['9S', '2C', '10D'])).thenThrows('CARD_DEALT_TWICE', 'Crown Melbourne 12.4.1');
    });

    it('is not dealt card by card by the Table of Play (Crown Melbourne 12.6.2-12.6.3)', () => {
      spec.given(history).when(deal('c1', ['4H'])[0]).thenThrows('THREE_CARD_DEALT_BY_ROUND', 'Crown Melbourne 12.6.2-12.6.3');
    });

    it('voids the coup and returns every wager on a misdeal the supervisor declares (Crown Melbourne 12.8.2)', () => {
      const misdeal = (actor = SUPERVISOR): TableCommand => ({ type: 'DeclareMisdeal', actor, now: T0, coupId: 'c1', finding: 'incorrect-cards-before-look' });
      spec.given(history).when(misdeal()).thenEvents((events) => {
        expect(events.map((e) => e.type)).toEqual(['WagersSettled', 'CoupVoided']);
        expect(byId(events)).toEqual({ w1: { outcome: 'void', winCents: 0, returnedCents: 1000 }, w2: { outcome: 'void', winCents: 0, returnedCents: 500 } });
        expect(events[1]).toMatchObject({ clause: 'Crown Melbourne 12.8.2', returnedWagerIds: ['w1', 'w2'] });
      });
      spec.given(history).when(misdeal(DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 12.8.2');
      // The next coup is dealt normally.
      const after = play([misdeal(), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c2' }, { type: 'PlaceWagers', actor: DEALER, now: T0, coupId: 'c2', wagers: [{ wagerId: 'x', box: 1, bet: 'three-card-baccarat', amountCents: 1000 }] }], history);
      spec.given(after).when(round([good[0]], ['5H', '2C', '10D'], 'c2')).thenEvents((events) => expect(byId(events)).toEqual({ x: { outcome: 'win', winCents: 1000, returnedCents: 1000 } }));
    });

    it('refuses a three-card round on a Traditional table (Crown Melbourne 12.1)', () => {
      const traditional = play([openCrown(), ...readyShoe(), { type: 'StartCoup', actor: DEALER, now: T0, coupId: 'c1' }]);
      spec.given(traditional).when(round(good, ['5H', '2C', '10D'])).thenThrows('NOT_THREE_CARD_TABLE', 'Crown Melbourne 12.1');
    });
  });

  describe('a wrong deal noticed after a player looked at their cards (Crown Melbourne 12.8.3, 12.8.4, 12.8.6)', () => {
    // Box 1 Ann, box 2 Bob (with Three Pictures), box 3 Cy (with Three Pictures); box 4 holds no wager.
    const history = withWagers([
      { wagerId: 'w1', box: 1, sessionId: 'ann', bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'w2', box: 2, sessionId: 'bob', bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'p2', box: 2, sessionId: 'bob', bet: 'three-pictures', amountCents: 500 },
      { wagerId: 'w3', box: 3, sessionId: 'cy', bet: 'three-card-baccarat', amountCents: 1000 },
      { wagerId: 'p3', box: 3, sessionId: 'cy', bet: 'three-pictures', amountCents: 500 },
    ]);
    const BOX1 = { box: 1, cards: ['4H', '5C', 'KD'] }; // nine
    const BOX2 = { box: 2, cards: ['KS', 'QS', '4D'] }; // two Pictures, four
    const BOX3 = { box: 3, cards: ['AS', '2S', '3S'] }; // six, no Pictures
    const DEALER_HAND = ['5H', '2C', '10D']; // seven
    const afterLook = (hands: Hands, dealer: readonly string[], noticedAfterLook: Extract<TableCommand, { type: 'DealThreeCardRound' }>['noticedAfterLook'], actor = SUPERVISOR): TableCommand => ({
      type: 'DealThreeCardRound',
      actor,
      now: T0,
      coupId: 'c1',
      hands,
      dealer,
      noticedAfterLook,
    });
    const types = (events: readonly TableEvent[]) => events.map((e) => e.type);
    const settledIn = (events: readonly TableEvent[]) =>
      Object.fromEntries(events.flatMap((e) => (e.type === 'WagersSettled' ? e.settlements : [])).map((x) => [x.wagerId, [x.outcome, x.winCents, x.returnedCents, x.clause]]));

    it("voids the wrongly dealt area's wagers, plays the rest and returns the wagers players retract, recorded with whose they were (Crown Melbourne 12.8.3(b))", () => {
      const box2Short = { box: 2, cards: ['KS', 'QS'] };
      spec.given(history).when(afterLook([BOX1, box2Short, BOX3], DEALER_HAND, { countCorrect: true, retractedWagerIds: ['w3'] })).thenEvents((events, after) => {
        expect(types(events)).toEqual(['IrregularityRecorded', 'WagerVoided', 'WagerVoided', 'WagerRetracted', 'WagersSettled', 'CoupCompleted', 'WagersSettled']);
        expect(events[0]).toMatchObject({ kind: 'three-card-area-cards-incorrect', clause: 'Crown Melbourne 12.8.3(b)', by: SUPERVISOR });
        expect((events[0] as { resolution: string }).resolution).toMatch(/box 2 2 cards \(KS QS\).*Retracted: w3 \(box 3, cy\)/);
        expect(events.slice(1, 3)).toMatchObject([{ wagerId: 'w2', clause: 'Crown Melbourne 12.8.3(b)' }, { wagerId: 'p2', clause: 'Crown Melbourne 12.8.3(b)' }]);
        expect(events[3]).toEqual({ type: 'WagerRetracted', tableId: 'TC1', coupId: 'c1', wagerId: 'w3', box: 3, sessionId: 'cy', patronId: null, amountCents: 1000, clause: 'Crown Melbourne 12.8.3(b)', retractedAt: T0, by: SUPERVISOR });
        // Cy's Three Pictures stays: he retracted one wager, not both. Box 1 beats the Dealer; box 3 (six) loses to seven.
        expect((events[5] as CoupCompleted).threeCard?.hands.map((h) => h.box)).toEqual([1, 3]);
        expect(settledIn(events)).toEqual({
          w2: ['void', 0, 1000, 'Crown Melbourne 12.8.3(b)'],
          p2: ['void', 0, 500, 'Crown Melbourne 12.8.3(b)'],
          w3: ['void', 0, 1000, 'Crown Melbourne 12.8.3(b)'],
          w1: ['win', 1000, 1000, expect.any(String)],
          p3: ['lose', 0, 0, expect.any(String)],
        });
        expect(after.coup?.phase).toBe('complete');
        // The retraction is published with whose wager it was.
        expect(integrationDataOf(events[3], T0)).toEqual({ type: 'WagerRetracted', data: { tableId: 'TC1', coupId: 'c1', wagerId: 'w3', box: 3, patronId: null, amountCents: 1000, clause: 'Crown Melbourne 12.8.3(b)', retractedAt: T0 } });
      });
    });

    it('declares a misdeal when the count finds a discrepancy: every wager returned (Crown Melbourne 12.8.3(a))', () => {
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, { countCorrect: false })).thenEvents((events, after) => {
        expect(types(events)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided']);
        expect(events[0]).toMatchObject({ kind: 'three-card-area-cards-incorrect', clause: 'Crown Melbourne 12.8.3(a)' });
        expect(events[2]).toMatchObject({ clause: 'Crown Melbourne 12.8.3(a)', returnedWagerIds: ['w1', 'w2', 'p2', 'w3', 'p3'] });
        expect(Object.values(settledIn(events)).every(([outcome]) => outcome === 'void')).toBe(true);
        expect(after.coup?.phase).toBe('void');
      });
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, { countCorrect: false, retractedWagerIds: ['w1'] })).thenThrows('NOTHING_TO_RETRACT', 'Crown Melbourne 12.8.3');
    });

    it('is directed by the TG Higher Duties Dealer (or above), who has the cards counted first (Crown Melbourne 12.8.3)', () => {
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, { countCorrect: true }, DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 12.8.3');
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, {})).thenThrows('CARD_COUNT_REQUIRED', 'Crown Melbourne 12.8.3');
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, { countCorrect: true, retractedWagerIds: ['w2'] })).thenThrows('WAGER_ALREADY_RETURNED', 'Crown Melbourne 12.8.3(b)');
      spec.given(history).when(afterLook([BOX1, BOX3], DEALER_HAND, { countCorrect: true, retractedWagerIds: ['nope'] })).thenThrows('WAGER_NOT_FOUND');
    });

    it('declares a misdeal when the Dealer got the wrong number of cards, still paying winning Three Pictures wagers when the count is correct (Crown Melbourne 12.8.4(a))', () => {
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3], ['5H', '2C'], { countCorrect: true })).thenEvents((events) => {
        expect(types(events)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided']);
        expect(events[0]).toMatchObject({ kind: 'three-card-dealer-cards-incorrect', clause: 'Crown Melbourne 12.8.4(a)' });
        // Bob's two Pictures pay 5 to 1; Cy's losing Three Pictures and every other wager are returned.
        expect(settledIn(events)).toEqual({
          p2: ['win', 2500, 500, expect.any(String)],
          w1: ['void', 0, 1000, 'Crown Melbourne 12.8.4(a)'],
          w2: ['void', 0, 1000, 'Crown Melbourne 12.8.4(a)'],
          w3: ['void', 0, 1000, 'Crown Melbourne 12.8.4(a)'],
          p3: ['void', 0, 500, 'Crown Melbourne 12.8.4(a)'],
        });
        expect(events[2]).toMatchObject({ type: 'CoupVoided', clause: 'Crown Melbourne 12.8.4(a)', returnedWagerIds: ['w1', 'w2', 'w3', 'p3'] });
      });
    });

    it('returns every wager of the misdeal when the count is not correct (Crown Melbourne 12.8.4)', () => {
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3], ['5H', '2C', '10D', '9D'], { countCorrect: false })).thenEvents((events) => {
        expect(types(events)).toEqual(['IrregularityRecorded', 'WagersSettled', 'CoupVoided']);
        expect(Object.values(settledIn(events)).map(([outcome, , , clause]) => [outcome, clause])).toEqual(Array(5).fill(['void', 'Crown Melbourne 12.8.4']));
      });
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3], ['5H', '2C'], { countCorrect: true, retractedWagerIds: ['w1'] })).thenThrows('NOTHING_TO_RETRACT', 'Crown Melbourne 12.8.4');
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3], ['5H', '2C'], { countCorrect: true }, DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 12.8.4');
      // A misdeal declared without the cards would return winning Three Pictures wagers 12.8.4(a) pays.
      spec.given(history).when({ type: 'DeclareMisdeal', actor: SUPERVISOR, now: T0, coupId: 'c1', finding: 'dealer-incorrect-cards' }).thenThrows('THREE_PICTURES_MAY_BE_PAID', 'Crown Melbourne 12.8.4(a)');
    });

    it('burns cards dealt to an area without a wager, lets players retract and plays on (Crown Melbourne 12.8.6)', () => {
      const box4 = { box: 4, cards: ['9C', '8C', '7C'] };
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3, box4], DEALER_HAND, { retractedWagerIds: ['w1'] })).thenEvents((events) => {
        expect(types(events)).toEqual(['IrregularityRecorded', 'WagerRetracted', 'WagersSettled', 'CoupCompleted', 'WagersSettled']);
        expect(events[0]).toMatchObject({ kind: 'three-card-unwagered-area-dealt', clause: 'Crown Melbourne 12.8.6' });
        expect((events[0] as { resolution: string }).resolution).toMatch(/burnt \(box 4 3 cards \(9C 8C 7C\)\)/);
        expect(events[1]).toMatchObject({ wagerId: 'w1', sessionId: 'ann', clause: 'Crown Melbourne 12.8.6' });
        const completed = events[3] as CoupCompleted;
        expect(completed.threeCard?.burnt).toEqual([box4]);
        expect(completed.threeCard?.hands.map((h) => h.box)).toEqual([2, 3]);
        expect(integrationDataOf(completed, T0)?.data).toMatchObject({ burnt: [box4], hands: [{ box: 2 }, { box: 3 }] });
        expect(settledIn(events)).toMatchObject({ w1: ['void', 0, 1000, 'Crown Melbourne 12.8.6'], w2: ['lose', 0, 0, expect.any(String)], p2: ['win', 2500, 500, expect.any(String)] });
      });
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3, box4], DEALER_HAND, {}, DEALER)).thenThrows('ROLE_NOT_PERMITTED', 'Crown Melbourne 12.8.6');
    });

    it('refuses a correct deal reported as noticed after a look, and names that path when refusing a wrong deal (Crown Melbourne 12.6.2-12.6.3; 12.8.2)', () => {
      spec.given(history).when(afterLook([BOX1, BOX2, BOX3], DEALER_HAND, { countCorrect: true })).thenThrows('THREE_CARD_DEAL_CORRECT', 'Crown Melbourne 12.6.2-12.6.3');
      const refused = spec.given(history).when(round([BOX1, BOX3], DEALER_HAND)).thenThrows('THREE_CARD_MISDEAL', 'Crown Melbourne 12.8.2');
      expect(refused.message).toMatch(/noticed after a look \(Crown Melbourne 12\.8\.3-12\.8\.6\)/);
    });
  });
});
