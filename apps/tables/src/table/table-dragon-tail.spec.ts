import { deciderSpec } from '@app/testing';
import { tableDecider, type TableCommand } from './table.decider';
import type { WagersSettled } from './table.events';
import { CROWN_BETS, CROWN_LIMITS, DEALER, T0, deal, openCrown, play, readyShoe, stateOf } from './table-fixtures';

const spec = deciderSpec(tableDecider);
type Wagers = Extract<TableCommand, { type: 'PlaceWagers' }>['wagers'];
const BANKER = ['2H', '9C', '3D', 'KS'];
const PLAYER = ['9H', '2C', 'KD', '3S'];
const lim = { minimumCents: 500, maximumCents: 20000 };

/** A Crown Melbourne table offering Early and Late Dragon Tails (Crown Melbourne 5.5.11-5.5.12). */
const openWithLateTail = () =>
  openCrown({
    offeredBets: [...CROWN_BETS, { bet: 'dragon-tail-late', option: 'standard' }],
    limits: { ...CROWN_LIMITS, perBet: { ...CROWN_LIMITS.perBet, 'dragon-tail-late': lim } },
  });
const seat: TableCommand = { type: 'SeatPlayer', actor: DEALER, now: T0, box: 1, sessionId: 'sess-1', patronId: 'p-1' };
const coup = (id: string, cards: readonly string[], wagers: Wagers = []): TableCommand[] => [
  { type: 'StartCoup', actor: DEALER, now: T0, coupId: id },
  ...(wagers.length ? [{ type: 'PlaceWagers', actor: DEALER, now: T0, coupId: id, wagers } as TableCommand] : []),
  ...deal(id, cards),
];
const early = (wagerId: string): Wagers => [{ wagerId, box: 1, bet: 'dragon-tail-early', side: 'banker', amountCents: 1000 }];
const late = (coupId: string, wagerId = 'late'): TableCommand => ({
  type: 'PlaceWagers',
  actor: DEALER,
  now: T0,
  coupId,
  wagers: [{ wagerId, box: 1, bet: 'dragon-tail-late', side: 'banker', amountCents: 1000 }],
});
const start = (id: string): TableCommand => ({ type: 'StartCoup', actor: DEALER, now: T0, coupId: id });
const ready = () => play([openWithLateTail(), seat, ...readyShoe()]);

describe('Dragon Tail indicator and late wagers (Crown Melbourne 1.1 \'Dragon Tail\', Table 7)', () => {
  it('counts only a run an early wager established: Banker results nobody wagered an Early Dragon Tail on show no run (Crown Melbourne 1.1 \'Dragon Tail\')', () => {
    const history = play([...coup('c1', BANKER), ...coup('c2', BANKER)], ready());
    expect(stateOf(history).dragonTail).toEqual({ side: null, count: 0 });
  });

  it('accepts a late Dragon Tail on the one coup after the run is established, at indicator 1 (Crown Melbourne 1.1 \'Dragon Tail\'; Table 7)', () => {
    const established = play([...coup('c1', BANKER, early('e1')), start('c2')], ready());
    expect(stateOf(established).dragonTail).toEqual({ side: 'banker', count: 1 });
    spec.given(established).when(late('c2')).thenEvents((events) => {
      expect(events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'late', indicatorAtPlacement: 1 }] }]);
    });
  });

  it('refuses a late Dragon Tail at indicator 3, where it would win whenever the run breaks (Crown Melbourne 1.1 \'Dragon Tail\'; Table 7)', () => {
    const atThree = play([...coup('c1', BANKER, early('e1')), ...coup('c2', BANKER), ...coup('c3', BANKER), start('c4')], ready());
    expect(stateOf(atThree).dragonTail).toEqual({ side: 'banker', count: 3 });
    const error = spec.given(atThree).when(late('c4')).thenThrows('LATE_DRAGON_TAIL_NOT_OPEN');
    expect(error.clause).toContain('Crown Melbourne');
  });

  it('refuses a late Dragon Tail before any run is established (Crown Melbourne 1.1 \'Dragon Tail\'; 10.13)', () => {
    spec.given(play([start('c1')], ready())).when(late('c1')).thenThrows('LATE_DRAGON_TAIL_NOT_OPEN');
  });

  it('a late Dragon Tail placed at indicator 1 loses nothing it should not: broken at once it is paid on indicator minus one, a loss (Crown Melbourne Table 7)', () => {
    const history = play([...coup('c1', BANKER, early('e1')), start('c2'), late('c2'), ...deal('c2', PLAYER)], ready());
    const settled = history.filter((e): e is WagersSettled => e.type === 'WagersSettled').flatMap((e) => e.settlements);
    expect(settled.find((x) => x.wagerId === 'late')).toMatchObject({ outcome: 'lose', winCents: 0 });
  });

  it('stops the indicator at six: the run is finished and a new one needs an early wager (Crown Melbourne 1.1 \'Dragon Tail\')', () => {
    const six = play([...coup('c1', BANKER, early('e1')), ...['c2', 'c3', 'c4', 'c5', 'c6'].flatMap((id) => coup(id, BANKER))], ready());
    expect(stateOf(six).dragonTail).toEqual({ side: 'banker', count: 6 });
    const seventh = play(coup('c7', BANKER), six);
    expect(stateOf(seventh).dragonTail).toEqual({ side: null, count: 0 });
  });
});
