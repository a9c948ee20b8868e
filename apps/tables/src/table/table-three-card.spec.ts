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
});
