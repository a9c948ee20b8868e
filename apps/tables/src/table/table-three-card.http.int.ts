/** Three Card Baccarat (Crown Melbourne 12) through the HTTP API: a round dealt and settled, and a misdeal. */
import { readyShoeOverHttp, tablesHttpSuite } from '../test-support/tables-test-app';

const limit = { minimumCents: 500, maximumCents: 50000 };
const THREE_CARD_TABLE = {
  rulebookId: 'crown-melbourne-v29',
  variant: 'three-card',
  offeredBets: [
    { bet: 'three-card-baccarat', option: 'standard' },
    { bet: 'three-card-tie', option: 'standard' },
    { bet: 'three-pictures', option: 'standard' },
  ],
  decks: 1,
  limits: { perBet: ['three-card-baccarat', 'three-card-tie', 'three-pictures'].map((bet) => ({ bet, ...limit })) },
  minimumChipCents: 500,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 9,
};

describe('Three Card Baccarat tables over HTTP (Crown Melbourne 12)', () => {
  const { app, http, as } = tablesHttpSuite('tables_three_card', { databasePoolSize: 4 });

  const readyCoup = async (tableId: string, coupId: string) => {
    await http().post('/tables').set(as('gaming-supervisor')).send({ ...THREE_CARD_TABLE, tableId }).expect(201);
    await readyShoeOverHttp(app(), tableId, 'b'.repeat(64));
    await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId }).expect(201);
    await http()
      .post(`/tables/${tableId}/coups/${coupId}/wagers`)
      .set(as('dealer'))
      .send({
        wagers: [
          { wagerId: `${coupId}-a`, box: 1, bet: 'three-card-baccarat', amountCents: 1000 },
          { wagerId: `${coupId}-b`, box: 2, bet: 'three-card-baccarat', amountCents: 1000 },
          { wagerId: `${coupId}-p`, box: 2, bet: 'three-pictures', amountCents: 500 },
        ],
      })
      .expect(201);
  };

  it('deals a round per betting area against the Dealer (a dealer may, a regulator may not) and settles it by Table 19', async () => {
    await readyCoup('TC-1', 'TC-1-c1');
    const bad = await http().post('/tables/TC-1/coups/TC-1-c1/three-card-round').set(as('dealer')).send({ hands: [{ box: 1, cards: ['KH', 'QD'] }], dealer: ['2C', '5H', '7D'] });
    expect(bad.status).toBe(400);
    expect(bad.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'hands.0.cards', rule: 'arrayMinSize' })]));

    // The dealer deals the round; a regulator reads, never deals.
    await http().post('/tables/TC-1/coups/TC-1-c1/three-card-round').set(as('regulator')).send({ hands: [{ box: 1, cards: ['4H', '5C', 'KD'] }], dealer: ['2C', '5H', '7D'] }).expect(403);
    // Dealer 2+5+7 = 4; box 1 nine wins 1 to 1; box 2 K Q J is Three Pictures: ranks first and pays 20 to 1 (12.5.4).
    const res = await http()
      .post('/tables/TC-1/coups/TC-1-c1/three-card-round')
      .set(as('dealer'))
      .send({ hands: [{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['KH', 'QH', 'JH'] }], dealer: ['2C', '5H', '7D'] })
      .expect(200);
    const settled = (res.body.events as { type: string; settlements?: { wagerId: string; outcome: string; winCents: number }[] }[]).find((e) => e.type === 'WagersSettled')!;
    expect(Object.fromEntries(settled.settlements!.map((s) => [s.wagerId, [s.outcome, s.winCents]]))).toEqual({
      'TC-1-c1-a': ['win', 1000],
      'TC-1-c1-b': ['win', 1000],
      'TC-1-c1-p': ['win', 10000],
    });
  });

  it('a misdeal is declared by a gaming supervisor, not a dealer, and returns every wager (Crown Melbourne 12.8)', async () => {
    await readyCoup('TC-2', 'TC-2-c1');
    await http().post('/tables/TC-2/coups/TC-2-c1/misdeal').set(as('dealer')).send({ finding: 'card-count-discrepancy' }).expect(403);
    await http().post('/tables/TC-2/coups/TC-2-c1/misdeal').set(as('gaming-supervisor')).send({ finding: 'not-a-finding' }).expect(400);
    const res = await http().post('/tables/TC-2/coups/TC-2-c1/misdeal').set(as('gaming-supervisor')).send({ finding: 'card-count-discrepancy' }).expect(200);
    const voided = (res.body.events as { type: string; returnedWagerIds?: string[] }[]).find((e) => e.type === 'CoupVoided')!;
    expect([...voided.returnedWagerIds!].sort()).toEqual(['TC-2-c1-a', 'TC-2-c1-b', 'TC-2-c1-p']);
  });

  it('a wrong deal noticed after a player looked is handled by a gaming supervisor, not a dealer: the short area void, a retraction returned, the rest played (Crown Melbourne 12.8.3(b))', async () => {
    await readyCoup('TC-3', 'TC-3-c1');
    const path = '/tables/TC-3/coups/TC-3-c1/three-card-round/noticed-after-look';
    // Box 2 was dealt two cards; the count is correct; box 1's player retracts.
    const body = { hands: [{ box: 1, cards: ['4H', '5C', 'KD'] }, { box: 2, cards: ['KH', 'QH'] }], dealer: ['2C', '5H', '7D'], countCorrect: true, retractedWagerIds: ['TC-3-c1-a'] };
    const bad = await http().post(path).set(as('gaming-supervisor')).send({ ...body, countCorrect: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'countCorrect' })]));
    const refused = await http().post(path).set(as('dealer')).send(body);
    expect(refused.status).toBe(403);
    const res = await http().post(path).set(as('gaming-supervisor')).send(body).expect(200);
    const events = res.body.events as { type: string; wagerId?: string; clause?: string; settlements?: { wagerId: string; outcome: string }[] }[];
    expect(events.map((e) => e.type)).toEqual(['IrregularityRecorded', 'WagerVoided', 'WagerVoided', 'WagerRetracted', 'WagersSettled', 'CoupCompleted']);
    expect(events.filter((e) => e.type === 'WagerVoided').map((e) => e.wagerId)).toEqual(['TC-3-c1-b', 'TC-3-c1-p']);
    expect(events.find((e) => e.type === 'WagerRetracted')).toMatchObject({ wagerId: 'TC-3-c1-a', clause: 'Crown Melbourne 12.8.3(b)' });
    const table = await http().get('/tables/TC-3').set(as('dealer')).expect(200);
    expect(table.body.coup.phase).toBe('complete');
  });
});
