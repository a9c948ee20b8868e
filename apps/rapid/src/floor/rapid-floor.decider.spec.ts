import { deciderSpec } from '@app/testing';
import { T0 } from '../test-support/rapid-fixtures';
import type { RapidFloorEvent } from '@app/contracts';
import { rapidFloorDecider, type RegisterTable } from './rapid-floor.decider';

const spec = () => deciderSpec(rapidFloorDecider);
const DRAGON_1 = [{ bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '1' }];
const register = (tableId: string, over: Partial<RegisterTable> = {}): RegisterTable => ({
  type: 'RegisterTable',
  floorId: 'crown-melbourne',
  tableId,
  rulebookId: 'crown-melbourne-rapid',
  offeredBets: [{ bet: 'player', option: 'standard' }, ...DRAGON_1],
  atsIds: [`${tableId}-ATS01`, `${tableId}-ATS02`],
  now: T0,
  ...over,
});
const given = (...commands: RegisterTable[]) => {
  let state = rapidFloorDecider.initialState();
  const events: RapidFloorEvent[] = [];
  for (const c of commands) {
    const produced = rapidFloorDecider.decide(c, state);
    events.push(...produced);
    state = produced.reduce(rapidFloorDecider.evolve, state);
  }
  return events;
};

describe('Rapid tables of the casino: one option per side wager (Rapid 10.1 footnote)', () => {
  it('Rapid 10.1 (footnote): one table may not offer Player Dragon Bonus at one option and Banker Dragon Bonus at another', () => {
    const error = spec()
      .given([])
      .when(register('T1', { offeredBets: [{ bet: 'dragon-bonus-player', option: '1' }, { bet: 'dragon-bonus-banker', option: '3' }] }))
      .thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
    expect(error.clause).toContain('Rapid 10.1');
    expect(error.field).toBe('offeredBets[1].option');
    expect(error.message).toContain('Dragon Bonus');
  });

  it('Rapid 10.1 (footnote): the Dragon Bonus option belongs to the side wager as a whole, across tables too', () => {
    // T1 offers only the Player area at option 1; T2 offering only the Banker area at option 2 is the same side wager.
    const first = given(register('T1', { offeredBets: [{ bet: 'dragon-bonus-player', option: '1' }] }));
    const error = spec().given(first).when(register('T2', { offeredBets: [{ bet: 'dragon-bonus-banker', option: '2' }] })).thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
    expect(error.message).toContain('T1');
    spec().given(first).when(register('T2', { offeredBets: [{ bet: 'dragon-bonus-banker', option: '1' }] })).thenEvents(([e]) => expect(e).toMatchObject({ type: 'RapidTableRegistered', tableId: 'T2' }));
  });

  it('Rapid 10.1 (footnote): a third table is held to the option the first two share', () => {
    const two = given(register('T1'), register('T2'));
    spec().given(two).when(register('T3', { offeredBets: [{ bet: 'dragon-bonus-player', option: '2' }, { bet: 'dragon-bonus-banker', option: '2' }] })).thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
  });
});

describe('Tables opened before the casino kept one registry (Rapid 10.1 footnote, 2.2(a))', () => {
  const earlier = [
    { tableId: 'OLD1', offeredBets: [{ bet: 'perfect-pairs', option: '2' }], atsIds: ['OLD1-ATS01'] },
    { tableId: 'OLD2', offeredBets: [{ bet: 'dragon-bonus-player', option: '3' }], atsIds: ['OLD2-ATS01'] },
  ];

  it('Rapid 10.1 (footnote): the first table registered with the casino is held to the tables already open, which are registered first', () => {
    spec().given([]).when(register('T1', { offeredBets: [{ bet: 'perfect-pairs', option: '1' }], earlierTables: earlier })).thenThrows('OPTION_NOT_UNIFORM_ACROSS_TABLES');
    spec().given([]).when(register('T1', { atsIds: ['OLD2-ATS01'], offeredBets: [], earlierTables: earlier })).thenThrows('ATS_AT_ANOTHER_TABLE');
    spec().given([]).when(register('T1', { offeredBets: [{ bet: 'perfect-pairs', option: '2' }, { bet: 'dragon-bonus-banker', option: '3' }], earlierTables: earlier })).thenEvents((events, s) => {
      expect(events.map((e) => e.tableId)).toEqual(['OLD1', 'OLD2', 'T1']);
      expect(Object.keys(s.tables)).toEqual(['OLD1', 'OLD2', 'T1']);
    });
  });

  it('once the registry has tables, earlier tables are not registered again', () => {
    const first = given(register('T1', { offeredBets: [{ bet: 'perfect-pairs', option: '2' }], earlierTables: earlier }));
    spec().given(first).when(register('T2', { offeredBets: [{ bet: 'perfect-pairs', option: '2' }], earlierTables: earlier })).thenEvents((events) => expect(events.map((e) => e.tableId)).toEqual(['T2']));
  });
});

describe('An ATS belongs to one table (Rapid 2.2(a), 4.3, 6.1)', () => {
  it('Rapid 2.2(a): an ATS id already at another open table is refused, naming the ATS and the table', () => {
    const first = given(register('T1'));
    const error = spec().given(first).when(register('T2', { atsIds: ['T2-ATS01', 'T1-ATS02'] })).thenThrows('ATS_AT_ANOTHER_TABLE', 'Rapid 2.2(a); 4.3; 6.1');
    expect(error.field).toBe('stations[1].atsId');
    expect(error.message).toContain('T1-ATS02');
    expect(error.message).toContain('T1');
  });

  it('Rapid 2.2(a): a table id the casino already has open is refused naming tableId and the clause, as the table itself refuses it', () => {
    const error = spec().given(given(register('T1'))).when(register('T1')).thenThrows('RAPID_TABLE_EXISTS');
    expect(error.field).toBe('tableId');
    expect(error.clause).toMatch(/^Rapid /);
    expect(error.message).toContain('GET /rapid/tables/T1');
  });

  it('Rapid 2.2(a): ATS ids of their own are accepted and recorded with the table', () => {
    const first = given(register('T1'));
    spec().given(first).when(register('T2')).thenEvents(([e], s) => {
      expect(e).toMatchObject({ type: 'RapidTableRegistered', tableId: 'T2', atsIds: ['T2-ATS01', 'T2-ATS02'] });
      expect(s.tableOfAts['T2-ATS02']).toBe('T2');
    });
  });
});
