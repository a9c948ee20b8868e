import { bearer, tablesHttpSuite, TEST_AUTH_SECRET } from '../test-support/tables-test-app';

const PER_BET = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }];
const table = (tableId: string, rulebookId: string, dealingMethod: string) => ({
  tableId,
  rulebookId,
  variant: 'traditional',
  offeredBets: PER_BET,
  decks: 8,
  limits: { perBet: PER_BET.map(({ bet }) => ({ bet, minimumCents: 2500, maximumCents: 500000 })) },
  minimumChipCents: 500,
  dealingMethod,
  jackpotIds: [],
  boxes: 7,
});

/** A member of one casino's staff (the casino of the rulebooks its tables play under). */
const at = (casino: 'crown-melbourne' | 'crown-sydney' | 'star-sydney', role: Parameters<typeof bearer>[0]) => ({ Authorization: bearer(role, `${casino}-${role}`, TEST_AUTH_SECRET, [casino]) });

describe('staff act only at their own casino: a table belongs to the casino of its rulebook', () => {
  const { http } = tablesHttpSuite('tables_casino_scope');

  it("refuses a Crown Sydney area manager a deferral at a Crown Melbourne table (Crown Melbourne 9.3.1) and a Star dealer a seat there, 403 OUT_OF_CASINO naming both casinos, and changes nothing; Crown Melbourne's own staff act", async () => {
    await http().post('/tables').set(at('crown-melbourne', 'gaming-supervisor')).send(table('MB-CS-1', 'crown-melbourne-v29', 'dealer-retains-shoe')).expect(201);
    const before = (await http().get('/tables/MB-CS-1').set(at('crown-melbourne', 'dealer')).expect(200)).body.version as number;

    const deferral = await http().post('/tables/MB-CS-1/seats/1/commission-deferral').set(at('crown-sydney', 'area-manager')).send({ approvedBy: 'x', reason: 'y' });
    expect(deferral.status).toBe(403);
    expect(deferral.body).toMatchObject({ code: 'OUT_OF_CASINO' });
    expect(deferral.body.message).toMatch(/Your token covers crown-sydney; tableId MB-CS-1 belongs to crown-melbourne/);
    const seat = await http().post('/tables/MB-CS-1/seats').set(at('star-sydney', 'dealer')).send({ box: 1, sessionId: 'S-1', patronId: 'P-1' });
    expect(seat.body).toMatchObject({ code: 'OUT_OF_CASINO' });
    const read = await http().get('/tables/MB-CS-1').set(at('star-sydney', 'dealer'));
    expect(read.body).toMatchObject({ code: 'OUT_OF_CASINO' });
    expect((await http().get('/tables/MB-CS-1').set(at('crown-melbourne', 'dealer')).expect(200)).body.version).toBe(before);

    await http().post('/tables/MB-CS-1/seats').set(at('crown-melbourne', 'dealer')).send({ box: 1, sessionId: 'S-1', patronId: 'P-1' }).expect(201);
  });

  it("refuses opening a table under another casino's rulebook (the Crown Sydney guide at crown-sydney), and records nothing", async () => {
    const refused = await http().post('/tables').set(at('star-sydney', 'gaming-supervisor')).send(table('SY-CS-1', 'crown-sydney-guide', 'dealer-retains-shoe'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Your token covers star-sydney; .* belongs to crown-sydney/);
    await http().get('/tables/SY-CS-1').set(at('crown-sydney', 'dealer')).expect(404);
  });
});
