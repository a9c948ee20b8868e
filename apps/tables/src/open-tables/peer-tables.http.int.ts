import { tablesHttpSuite } from '../test-support/tables-test-app';

const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
const BETS = ['player', 'banker', 'tie', 'pairs', 'perfect-pairs'] as const;
const rapidTable = (tableId: string, perfectPairsOption: string, rulebookId = 'crown-melbourne-rapid') => ({
  tableId,
  rulebookId,
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'pairs', option: 'standard' },
    { bet: 'perfect-pairs', option: perfectPairsOption },
  ],
  decks: 8,
  limits: { perBet: BETS.map((bet) => ({ bet, ...lim(500, 50000) })) },
  minimumChipCents: 500,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 7,
});

describe('Rapid 10.1 over HTTP: every open table offering a bet uses the same pay-table option', () => {
  const { http, as } = tablesHttpSuite('tables_peers', { databasePoolSize: 4 });
  const open = (body: object) => http().post('/tables').set(as('gaming-supervisor')).send(body);

  it('refuses opening a Rapid table whose Perfect Pairs option differs from an open table\'s, naming Rapid 10.1 and the field, and records nothing', async () => {
    await open(rapidTable('RP-A', '2')).expect(201);
    const refused = await open(rapidTable('RP-B', '1'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', field: 'offeredBets[4].option' });
    expect(refused.body.clause).toContain('Rapid 10.1');
    expect(refused.body.message).toContain('RP-A');
    await http().get('/tables/RP-B').set(as('dealer')).expect(404);
    // The same option as the open table is accepted.
    await open(rapidTable('RP-B', '2')).expect(201);
  });

  it('refuses changing an open Rapid table\'s game to another option than its peers\' (Rapid 10.1)', async () => {
    const refused = await http().post('/tables/RP-B/game').set(as('area-manager')).send({ variant: 'traditional', offeredBets: rapidTable('RP-B', '1').offeredBets });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES' });
    expect(refused.body.clause).toContain('Rapid 10.1');
    expect((await http().get('/tables/RP-B').set(as('dealer'))).body.offeredBets).toContainEqual(expect.objectContaining({ bet: 'perfect-pairs', option: '2' }));
  });

  it('holds a new table only to open tables: once its peers close, another option may be opened (Rapid 10.1)', async () => {
    for (const id of ['RP-A', 'RP-B']) await http().post(`/tables/${id}/close`).set(as('area-manager')).send({ reason: 'end of session' }).expect(200);
    await open(rapidTable('RP-C', '1')).expect(201);
  });

  it('lets exactly one of two simultaneous openings with different options through (Rapid 10.1, checked under a lock per series)', async () => {
    await http().post('/tables/RP-C/close').set(as('area-manager')).send({ reason: 'end of session' }).expect(200);
    for (const round of [1, 2, 3]) {
      const [a, b] = await Promise.all([open(rapidTable(`RP-X${round}`, '1')), open(rapidTable(`RP-Y${round}`, '2'))]);
      expect([a.status, b.status].sort()).toEqual([201, 422]);
      expect((a.status === 422 ? a : b).body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES' });
      const opened = a.status === 201 ? `RP-X${round}` : `RP-Y${round}`;
      await http().post(`/tables/${opened}/close`).set(as('area-manager')).send({ reason: 'end of session' }).expect(200);
    }
  });
});
