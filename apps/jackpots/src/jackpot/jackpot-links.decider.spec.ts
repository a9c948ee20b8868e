import type { JackpotParameters } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import { linkStatuses } from './jackpot-links.decider';
import { jackpotDecider, JackpotCommand, RecordContribution } from './jackpot.decider';
import { JackpotEvent } from './jackpot.events';

const NOW = '2026-11-25T10:00:00.000Z';
const params: JackpotParameters = { seedCents: 100_000, contributionCents: 50, option: '3', percentOfMeter: { 'lucky-tie': 100 }, division: 'equal', roundingUnitCents: 100 };
const spec = () => deciderSpec(jackpotDecider);
const decideAll = (commands: JackpotCommand[]): JackpotEvent[] => {
  const events: JackpotEvent[] = [];
  let state = jackpotDecider.initialState();
  for (const c of commands) {
    const produced = jackpotDecider.decide(c, state);
    events.push(...produced);
    state = produced.reduce(jackpotDecider.evolve, state);
  }
  return events;
};
const create = (over: Partial<Extract<JackpotCommand, { type: 'CreateJackpot' }>> = {}): JackpotCommand => ({
  type: 'CreateJackpot',
  jackpotId: 'J1',
  name: 'Pit 3',
  tableIds: ['T1'],
  parameters: params,
  notifiedToRegulatorAt: '2026-11-20T09:00:00.000Z',
  now: NOW,
  ...over,
});
const coup = (tableId: string, n: number, jackpotId = 'J1'): RecordContribution => ({
  type: 'RecordContribution',
  jackpotId,
  tableId,
  shoeId: 'S1',
  coupId: `C${n}`,
  coupNumber: n,
  dummy: false,
  result: 'banker',
  playerCards: ['2H', '3D'],
  bankerCards: ['9S', 'KH'],
  tieWagers: [],
  sourceEventId: `e${n}`,
  completedAt: NOW,
  now: NOW,
});
const opening = (tableId: string, namesJackpot: boolean, jackpotId = 'J1'): JackpotCommand => ({ type: 'CheckTableOpening', jackpotId, tableId, namesJackpot, sourceEventId: `open-${tableId}`, now: NOW });
const flags = (events: readonly JackpotEvent[]) => events.filter((e) => e.type === 'JackpotAttentionFlagged').map((e) => e.type === 'JackpotAttentionFlagged' && [e.kind, e.jackpotId, e.tableId]);

describe('the table-jackpot link, checked from both sides\' events (Crown Melbourne 13.3.1(b), 13.4.1)', () => {
  it('a coup for a jackpot that was never created raises unknown-jackpot once, on the id it named (it used to vanish)', () => {
    spec().given([]).when(coup('T1', 1, 'nojp')).thenEvents((events) => expect(flags(events)).toEqual([['unknown-jackpot', 'nojp', 'T1']]));
    spec().given(decideAll([coup('T1', 1, 'nojp')])).when(coup('T1', 2, 'nojp')).then([]);
  });
  it('creating the jackpot afterwards works, and it then counts the table\'s coups', () => {
    spec()
      .given(decideAll([coup('T1', 1, 'J1')]))
      .when(create())
      .thenEvents((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['JackpotCreated']);
        expect(state.exists).toBe(true);
      });
  });
  it('a table opening for a jackpot that does not exist, or that does not list it, is flagged once', () => {
    spec().given([]).when(opening('T1', true)).thenEvents((events) => expect(flags(events)).toEqual([['unknown-jackpot', 'J1', 'T1']]));
    spec().given(decideAll([create()])).when(opening('T7', true)).thenEvents((events) => expect(flags(events)).toEqual([['table-not-in-jackpot', 'J1', 'T7']]));
    spec().given(decideAll([create(), opening('T7', true)])).when(opening('T7', true)).then([]);
  });
  it('a listed table opening without the jackpot is flagged (table-does-not-name-jackpot); one naming it is the link working', () => {
    spec().given(decideAll([create()])).when(opening('T1', false)).thenEvents((events) => expect(flags(events)).toEqual([['table-does-not-name-jackpot', 'J1', 'T1']]));
    spec().given(decideAll([create()])).when(opening('T1', true)).then([]);
    spec().given([]).when(opening('T1', false)).then([]);
  });
  it('creating a jackpot over tables never opened or opened without it flags each (the jackpot is still created: the services are decoupled)', () => {
    spec()
      .given([])
      .when(create({ tableIds: ['T1', 'T2', 'T3'], knownTables: { T1: { jackpotIds: ['J1'], open: true }, T2: { jackpotIds: [], open: true } } }))
      .thenEvents((events) => {
        expect(events[0].type).toBe('JackpotCreated');
        expect(flags(events)).toEqual([
          ['table-does-not-name-jackpot', 'J1', 'T2'],
          ['unknown-table', 'J1', 'T3'],
        ]);
      });
  });
  it('taking a table that still plays for the jackpot off it is flagged (table-not-in-jackpot), and a new configuration checks afresh', () => {
    const change: JackpotCommand = { type: 'ChangeJackpotParameters', parameters: params, tableIds: ['T2'], notifiedToRegulatorAt: NOW, reason: 'T1 moves', knownTables: { T1: { jackpotIds: ['J1'], open: true }, T2: { jackpotIds: ['J1'], open: true } }, now: NOW };
    spec().given(decideAll([create()])).when(change).thenEvents((events) => expect(flags(events)).toEqual([['table-not-in-jackpot', 'J1', 'T1']]));
  });
  it('the console\'s link view is computed from what is known now', () => {
    expect(linkStatuses('J1', ['T1', 'T2', 'T3', 'T4'], { T1: { jackpotIds: ['J1'], open: true }, T2: { jackpotIds: [], open: true }, T4: { jackpotIds: ['J1'], open: false }, T9: { jackpotIds: ['J1'], open: true } })).toEqual([
      { tableId: 'T1', status: 'linked' },
      { tableId: 'T2', status: 'table-does-not-name-jackpot' },
      { tableId: 'T3', status: 'table-not-opened' },
      { tableId: 'T4', status: 'table-closed' },
      { tableId: 'T9', status: 'table-not-in-jackpot' },
    ]);
  });
});
