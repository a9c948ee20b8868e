import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, WagersSettled } from './table.events';
import { DEALER, T0, deal, openLuckyChase, play, readyShoe } from './table-fixtures';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const PLAYER_NATURAL = ['9H', '2C', 'KD', '3S'];
const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'];
const TIE = ['8H', '8C', 'KD', 'QS'];

const start = (coupId: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId });
const wagers = (coupId: string, w: Wagers): TableCommand => ({ type: 'PlaceWagers', actor: DEALER, now: T0, coupId, wagers: w });
const NOMINATIONS: Wagers = [
  { wagerId: 'head', box: 1, bet: 'lucky-chase-player', amountCents: 10000 },
  { wagerId: 'tail', box: 2, bet: 'lucky-chase-banker', amountCents: 10000 },
];
const ready = () => play([openLuckyChase(), ...readyShoe(), start('c1'), wagers('c1', NOMINATIONS)]);
const settled = (events: readonly TableEvent[]) =>
  Object.fromEntries((events.find((e) => e.type === 'WagersSettled') as WagersSettled).settlements.map((x) => [x.wagerId, [x.outcome, x.winCents, x.returnedCents, x.commissionImmediateCents]]));
const dealAll = (coupId: string, cards: readonly string[]): TableCommand => ({ type: 'DealCards', actor: DEALER, now: T0, coupId, cards: cards.map((card) => ({ card })) });

describe('Lucky Chase tables (Crown Melbourne 11)', () => {
  it('accepts only Player (Dragon Head) or Banker (Dragon Tail) nominations: no Side Wagers, not even Tie (Crown Melbourne 11.2.1(a))', () => {
    const tieOffered = openLuckyChase({ offeredBets: [...openLuckyChase().offeredBets, { bet: 'tie', option: 'standard' }] });
    expect(() => play([tieOffered])).toThrow(/tie/i);
    const history = play([openLuckyChase(), ...readyShoe(), start('c1')]);
    spec.given(history).when(wagers('c1', [{ wagerId: 't', box: 1, bet: 'tie', amountCents: 1000 }])).thenThrows('BET_NOT_OFFERED');
  });

  it('lets a box nominate one hand only (Crown Melbourne 11.2.1, 11.3.1)', () => {
    const history = play([openLuckyChase(), ...readyShoe(), start('c1'), wagers('c1', [NOMINATIONS[0]])]);
    spec.given(history).when(wagers('c1', [{ wagerId: 'both', box: 1, bet: 'lucky-chase-banker', amountCents: 10000 }])).thenThrows('ONE_NOMINATION_PER_BOX', 'Crown Melbourne 11.2.1; 11.3.1');
  });

  it('pays the correct nomination 1 to 1 with no commission, even on Banker, and loses the incorrect one (Crown Melbourne 11.3.1, 11.4.1, Table 13)', () => {
    spec.given(ready()).when(dealAll('c1', BANKER_NATURAL)).thenEvents((events) => {
      expect(settled(events)).toEqual({ head: ['lose', 0, 0, 0], tail: ['win', 10000, 10000, 0] });
    });
    spec.given(ready()).when(dealAll('c1', PLAYER_NATURAL)).thenEvents((events) => {
      expect(settled(events)).toEqual({ head: ['win', 10000, 10000, 0], tail: ['lose', 0, 0, 0] });
    });
  });

  it('voids every nomination on a tie: the wager stands off and is returned (Crown Melbourne 11.3.2, Table 13)', () => {
    spec.given(ready()).when(dealAll('c1', TIE)).thenEvents((events) => {
      expect(settled(events)).toEqual({ head: ['void', 0, 10000, 0], tail: ['void', 0, 10000, 0] });
      const clauses = (events.find((e) => e.type === 'WagersSettled') as WagersSettled).settlements.map((x) => x.clause);
      expect(clauses.every((c) => c.includes('11.3.2'))).toBe(true);
    });
  });

  it('after a tie the next hand is dealt with each player free to keep or change the nomination (Crown Melbourne 11.3.2)', () => {
    const afterTie = play([...deal('c1', TIE), start('c2')], ready());
    const changed: Wagers = [
      { wagerId: 'head2', box: 1, bet: 'lucky-chase-banker', amountCents: 10000 },
      { wagerId: 'tail2', box: 2, bet: 'lucky-chase-banker', amountCents: 10000 },
    ];
    spec.given(afterTie).when(wagers('c2', changed)).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersAccepted', coupId: 'c2', wagers: [{ box: 1, bet: 'lucky-chase-banker' }, { box: 2, bet: 'lucky-chase-banker' }] }]);
    });
    // The void nomination does not carry: nothing of coup c1 is settled again in c2.
    spec.given(play([wagers('c2', changed)], afterTie)).when(dealAll('c2', BANKER_NATURAL)).thenEvents((events) => {
      expect(settled(events)).toEqual({ head2: ['win', 10000, 10000, 0], tail2: ['win', 10000, 10000, 0] });
    });
  });
});
