/**
 * A self-explaining API for the tables service: the vocabulary a console builds its screens from, error
 * messages that say what is allowed, validation that names every missing field, the "found face up in the shoe"
 * flag under a name that says so (the old one still accepted), and a settlement that shows what the player receives.
 */
import { readyShoeOverHttp, tablesHttpSuite } from '../test-support/tables-test-app';

const OPEN = {
  rulebookId: 'crown-melbourne-v29',
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
  ],
  decks: 8,
  limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 500000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 500000 }, { bet: 'tie', minimumCents: 500, maximumCents: 50000 }] },
  minimumChipCents: 25,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 7,
};

describe('the tables API explains itself', () => {
  const { app, http, as } = tablesHttpSuite('tables_vocab');

  it('GET /rulebooks lists every rulebook with its variants, bets and options, dealing methods and roles, each with its clause, without a token', async () => {
    const { body } = await http().get('/rulebooks').expect(200);
    expect(body.rulebooks.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['crown-melbourne-v29', 'crown-melbourne-rapid', 'star-sydney-2021', 'star-sydney-2024', 'crown-sydney-guide']));
    const crown = body.rulebooks.find((r: { id: string }) => r.id === 'crown-melbourne-v29');
    expect(crown).toMatchObject({ jurisdiction: 'VIC', citation: 'Crown Melbourne' });
    expect(crown.variants).toContainEqual(expect.objectContaining({ id: 'traditional', clause: expect.stringMatching(/^Crown Melbourne/) }));
    const banker = crown.bets.find((b: { bet: string }) => b.bet === 'banker');
    expect(banker.options).toContainEqual(expect.objectContaining({ option: 'traditional', pays: expect.arrayContaining([expect.objectContaining({ outcome: 'banker-wins', odds: '1 to 1', commission: '5%' })]) }));
    expect(crown.dealingMethods.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining(['dealer-retains-shoe']));
    expect(crown.dealingMethods[0]).toMatchObject({ description: expect.any(String), clause: expect.stringMatching(/^Crown Melbourne 7/) });
    expect(crown.roles).toContainEqual(expect.objectContaining({ role: 'area-manager', clause: expect.any(String) }));
    expect(body.roles.ladder).toEqual(['dealer', 'gaming-supervisor', 'area-manager', 'casino-manager']);
    expect(body.jurisdictions.map((j: { jurisdiction: string }) => j.jurisdiction)).toEqual(['VIC', 'NSW']);
    await http().get('/rulebooks/star-sydney-2024').expect(200);
    const missing = await http().get('/rulebooks/star-2030').expect(404);
    expect(missing.body).toMatchObject({ code: 'RULEBOOK_NOT_FOUND', message: expect.stringContaining('crown-melbourne-v29') });
  });

  it('BET_NOT_IN_RULEBOOK lists the bets the rulebook defines, as the option errors do', async () => {
    const res = await http().post('/tables').set(as('gaming-supervisor')).send({ ...OPEN, tableId: 'VOC-1', offeredBets: [...OPEN.offeredBets, { bet: 'lucky-7', option: 'standard' }] });
    expect(res.status).toBe(422);
    const problem = JSON.stringify(res.body);
    expect(problem).toContain('BET_NOT_IN_RULEBOOK');
    expect(problem).toMatch(/does not define the bet \\"lucky-7\\"; it defines [^"]*banker[^"]*tie/);
  });

  it('limits missing from POST /tables is among the validation problems, and nothing is stored', async () => {
    const { limits: _l, ...noLimits } = OPEN;
    void _l;
    const res = await http().post('/tables').set(as('gaming-supervisor')).send({ ...noLimits, tableId: 'VOC-2', decks: 'eight' });
    expect(res.status).toBe(400);
    expect((res.body.violations as { field: string }[]).map((v) => v.field)).toEqual(expect.arrayContaining(['limits', 'decks']));
    await http().get('/tables/VOC-2').set(as('dealer')).expect(404);
  });

  it('a card "found face up in the shoe" (Crown 10.5.1) under its new name, or the old `faceUp`, makes the first card of the coup a dummy coup; a settled coup shows what each player receives', async () => {
    for (const [tableId, flag] of [['VOC-3', 'foundFaceUpInShoe'], ['VOC-4', 'faceUp']] as const) {
      await http().post('/tables').set(as('gaming-supervisor')).send({ ...OPEN, tableId }).expect(201);
      await readyShoeOverHttp(app(), tableId, 'c'.repeat(64));
      await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId: 'c1' }).expect(201);
      const dealt = await http().post(`/tables/${tableId}/coups/c1/cards`).set(as('dealer')).send({ card: '9H', [flag]: true }).expect(200);
      expect(dealt.body.events.map((e: { type: string }) => e.type)).toContain('CoupBecameDummy');
    }
    const tableId = 'VOC-5';
    await http().post('/tables').set(as('gaming-supervisor')).send({ ...OPEN, tableId }).expect(201);
    await readyShoeOverHttp(app(), tableId, 'd'.repeat(64));
    await http().post(`/tables/${tableId}/seats`).set(as('dealer')).send({ box: 1 }).expect(201);
    await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    await http().post(`/tables/${tableId}/coups/c1/wagers`).set(as('dealer')).send({ wagers: [{ wagerId: 'w1', box: 1, bet: 'banker', amountCents: 3500 }] }).expect(201);
    // Player 2+3 = 5, Banker 4+5 = 9: a natural, Banker wins.
    const settled = await http().post(`/tables/${tableId}/coups/c1/cards/batch`).set(as('dealer')).send({ cards: ['2H', '4D', '3S', '5C'].map((card) => ({ card })) }).expect(200);
    const payout = settled.body.payouts.find((p: { wagerId: string }) => p.wagerId === 'w1');
    expect(payout).toMatchObject({ bet: 'banker', outcome: 'win', amountCents: 3500, winCents: 3500 });
    // 1 to 1 less 5% commission (Crown Melbourne): what the player receives is the stake plus the net win.
    expect(payout.netWinCents).toBe(payout.winCents - payout.commissionImmediateCents);
    expect(payout.handedToPlayerCents).toBe(3500 + payout.netWinCents);
    expect(payout.commissionImmediateCents + payout.commissionDeferredCents).toBeGreaterThan(0);
  });
});
