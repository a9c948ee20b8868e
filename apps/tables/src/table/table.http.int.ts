import { createShoe, burn, dealCoup, settleCoup, formatCard, rulebookById, type Shoe, type BetId } from '@app/baccarat';
import type { WagerSettlement } from '@app/contracts';
import type { Role } from '@app/platform-kit';
import { readyShoeOverHttp, tablesHttpSuite } from '../test-support/tables-test-app';
import { TABLE_COMMANDS } from '../tables.tokens';
import type { TableCommands } from './table.commands';
import { tournamentSession } from './table-fixtures';
import { tableTerms } from './table-settlement';

let seatNonce = 0;
const nextSeat = () => ++seatNonce;
const OPEN = {
  tableId: 'MB-1',
  rulebookId: 'crown-melbourne-v29',
  variant: 'traditional',
  offeredBets: [
    { bet: 'player', option: 'standard' },
    { bet: 'banker', option: 'traditional' },
    { bet: 'tie', option: 'standard' },
    { bet: 'pairs', option: 'standard' },
  ],
  decks: 8,
  limits: {
    perBet: [
      { bet: 'player', minimumCents: 2500, maximumCents: 500000 },
      { bet: 'banker', minimumCents: 2500, maximumCents: 500000 },
      { bet: 'tie', minimumCents: 500, maximumCents: 50000 },
      { bet: 'pairs', minimumCents: 500, maximumCents: 50000 },
    ],
    tableDifferentialCents: 1000000,
  },
  minimumChipCents: 500,
  dealingMethod: 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 14,
};

describe('tables over HTTP', () => {
  const { app, http, as } = tablesHttpSuite('tables_http', { databasePoolSize: 4, poolSize: 6 });

  const openTable = (tableId: string, body: Record<string, unknown> = {}) => http().post('/tables').set(as('gaming-supervisor')).send({ ...OPEN, tableId, ...body });
  const readyShoe = (tableId: string, shoe: Shoe) => readyShoeOverHttp(app(), tableId, shoe.commitment);

  describe('validation', () => {
    it('answers 400 naming each bad field and rule, and persists nothing', async () => {
      const res = await http().post('/tables').set(as('gaming-supervisor')).send({ ...OPEN, tableId: 'BAD-1', decks: 'eight', rulebookId: undefined, minimumChipCents: -5 });
      expect(res.status).toBe(400);
      const fields = (res.body.violations as { field: string }[]).map((v) => v.field);
      expect(fields).toEqual(expect.arrayContaining(['decks', 'rulebookId', 'minimumChipCents']));
      await http().get('/tables/BAD-1').set(as('dealer')).expect(404);
    });

    it('answers 400 for a card that is not a card', async () => {
      const res = await http().post('/tables/X/coups/c1/cards').set(as('dealer')).send({ card: '11Z' });
      expect(res.status).toBe(400);
      expect(res.body.violations[0]).toMatchObject({ field: 'card' });
    });

    it('answers 422 naming jackpotIds for a tournament table on a Lucky Tie jackpot, and opens nothing (Crown Melbourne 14.2.5; 14.4.4(a); 13.4.1)', async () => {
      const res = await openTable('TJ-1', { tournamentId: 'spring-cup', jackpotIds: ['pit3-lucky-tie'] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'TOURNAMENT_TABLE_ON_JACKPOT', field: 'jackpotIds', clause: 'Crown Melbourne 14.2.5; 14.4.4(a); 13.4.1; 13.4.8' });
      await http().get('/tables/TJ-1').set(as('dealer')).expect(404);
    });

    it('answers 422 with the clause when the rulebook refuses the configuration (Crown Melbourne 3.1)', async () => {
      const res = await openTable('BAD-2', { decks: 2 });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'DECKS_NOT_ALLOWED', clause: 'Crown Melbourne 3.1' });
    });
  });

  describe('roles: each endpoint lets one role in and refuses one', () => {
    // [method, path, body, a role that may, a role that may not]
    const cases: [string, string, object, Role, Role][] = [
      ['post', '/tables', OPEN, 'gaming-supervisor', 'dealer'],
      ['get', '/tables/R-1', {}, 'dealer', 'jackpot-console'],
      ['post', '/tables/R-1/closing-notice', {}, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/close', {}, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/limits', OPEN.limits, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/limits/apply', {}, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/individual-limits', { box: 1, maximumCents: 100 }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/over-differential-arrangements', { box: 1, maximumCents: 100 }, 'area-manager', 'gaming-supervisor'],
      ['post', '/tables/R-1/player-limits', { perBox: 1 }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/game', { variant: 'traditional', offeredBets: OPEN.offeredBets }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/game/apply', {}, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/seats', { box: 1 }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/seats/1/leave', {}, 'dealer', 'regulator'],
      ['post', '/tables/R-1/seats/1/commission-deferral', {}, 'area-manager', 'gaming-supervisor'],
      ['post', '/tables/R-1/commission/1/settle', { trigger: 'player-request', method: 'collected' }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/shoes', { cards: 'new', commitmentHash: 'a'.repeat(64) }, 'dealer', 'jackpot-console'],
      ['post', '/tables/R-1/shoe/cut', { cutBy: 'p', cutterKind: 'player', cutCardFromBack: 20 }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/shoe/burn', { method: 'standard', count: 1 }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/shoe/cut-card', {}, 'dealer', 'regulator'],
      ['post', '/tables/R-1/shoe/end', { reason: 'cut-card' }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/shoe/void', { reason: 'seen' }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/coups', {}, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/wagers', { wagers: [{ box: 1, bet: 'player', amountCents: 2500 }] }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/side-wager-declines', { box: 1, bet: 'pairs', side: 'player', sessionId: 's-1' }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/differential-reduction', {}, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/no-more-bets', {}, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/cards', { card: 'KH' }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/cards/batch', { cards: [{ card: 'KH' }] }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/void', { ground: 'disruption', reason: 'x' }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/wagers/w1/void', { ground: 'disruption', reason: 'x' }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/coups/c1/wagers/w1/change', { toCents: 0, ground: 'cards-drawn-unexposed' }, 'gaming-supervisor', 'dealer'],
      ['post', '/tables/R-1/irregularities', { kind: 'other' }, 'dealer', 'regulator'],
      ['post', '/tables/R-1/coups/c1/wagers/w1/payment-corrections', { kind: 'overpayment', amountCents: 100, reason: 'x' }, 'gaming-supervisor', 'dealer'],
    ];

    it.each(cases.map(([method, path, body, may, mayNot]) => ({ method, path, body, may, mayNot })))('$method $path: $may may, $mayNot may not', async ({ method, path, body, may, mayNot }) => {
      const send = (role: Role) => {
        const req = method === 'get' ? http().get(path) : http().post(path);
        return req.set(as(role)).send(body);
      };
      const refused = await send(mayNot);
      expect(refused.status).toBe(403);
      const allowed = await send(may);
      expect([401, 403]).not.toContain(allowed.status);
    });

    it('applies the rulebook in force: a supervisor may not change Crown limits (Crown Melbourne 6.7)', async () => {
      await openTable('R-2').expect(201);
      const res = await http().post('/tables/R-2/limits').set(as('gaming-supervisor')).send(OPEN.limits);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ROLE_NOT_PERMITTED', clause: 'Crown Melbourne 6.7' });
      await http().post('/tables/R-2/limits').set(as('area-manager')).send(OPEN.limits).expect(200);
    });
  });

  it("offers a betting area's Player Side Wager first to the player with the Player wager there, then to the others once declined (Crown Melbourne 5.8.3; 5.8.7)", async () => {
    await openTable('SW-1').expect(201);
    await readyShoe('SW-1', createShoe({ decks: 8, seed: 2 }));
    await http().post('/tables/SW-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    await http().post('/tables/SW-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'ann-p', box: 1, sessionId: 'ann', bet: 'player', amountCents: 5000 }] }).expect(201);
    const bobPairs = { wagers: [{ wagerId: 'bob-pp', box: 1, sessionId: 'bob', bet: 'pairs', side: 'player', amountCents: 1000 }] };
    const early = await http().post('/tables/SW-1/coups/c1/wagers').set(as('dealer')).send(bobPairs);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'SIDE_WAGER_ENTITLEMENT', clause: 'Crown Melbourne 5.8.3; 5.8.7' });
    const bad = await http().post('/tables/SW-1/coups/c1/side-wager-declines').set(as('dealer')).send({ box: 1, bet: 'pairs', side: 'left', sessionId: 'ann' });
    expect(bad.status).toBe(400);
    expect(bad.body.violations[0]).toMatchObject({ field: 'side' });
    await http().post('/tables/SW-1/coups/c1/side-wager-declines').set(as('regulator')).send({ box: 1, bet: 'pairs', side: 'player', sessionId: 'ann' }).expect(403);
    const declined = await http().post('/tables/SW-1/coups/c1/side-wager-declines').set(as('dealer')).send({ box: 1, bet: 'pairs', side: 'player', sessionId: 'ann' }).expect(200);
    expect(declined.body.events).toMatchObject([{ type: 'SideWagerDeclined', box: 1, bet: 'pairs', hand: 'player', sessionId: 'ann', clause: 'Crown Melbourne 5.8.7' }]);
    await http().post('/tables/SW-1/coups/c1/wagers').set(as('dealer')).send(bobPairs).expect(201);
  });

  describe('procedure defects end to end', () => {
    const BANKER_NATURAL = ['2H', '9C', '3D', 'KS'].map((card) => ({ card }));
    const dragonTails = {
      offeredBets: [...OPEN.offeredBets, { bet: 'dragon-tail-early', option: 'standard' }, { bet: 'dragon-tail-late', option: 'standard' }],
      limits: { ...OPEN.limits, perBet: [...OPEN.limits.perBet, { bet: 'dragon-tail-early', minimumCents: 500, maximumCents: 20000 }, { bet: 'dragon-tail-late', minimumCents: 500, maximumCents: 20000 }] },
    };
    const coup = async (tableId: string, coupId: string, wagers: object[], cards = BANKER_NATURAL) => {
      await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId }).expect(201);
      if (wagers.length) await http().post(`/tables/${tableId}/coups/${coupId}/wagers`).set(as('dealer')).send({ wagers }).expect(201);
      await http().post(`/tables/${tableId}/coups/${coupId}/cards/batch`).set(as('dealer')).send({ cards }).expect(200);
    };

    it("refuses a late Dragon Tail at indicator 3, and takes one on the coup after the run is established (Crown Melbourne 1.1 'Dragon Tail'; Table 7)", async () => {
      await openTable('DT-1', dragonTails).expect(201);
      await readyShoe('DT-1', createShoe({ decks: 8, seed: 9 }));
      await coup('DT-1', 'c1', [{ wagerId: 'early', box: 1, bet: 'dragon-tail-early', side: 'banker', amountCents: 1000 }]);
      await http().post('/tables/DT-1/coups').set(as('dealer')).send({ coupId: 'c2' }).expect(201);
      const late = { wagers: [{ wagerId: 'late-2', box: 2, bet: 'dragon-tail-late', side: 'banker', amountCents: 1000 }] };
      const accepted = await http().post('/tables/DT-1/coups/c2/wagers').set(as('dealer')).send(late).expect(201);
      expect(accepted.body.events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'late-2', indicatorAtPlacement: 1 }] }]);
      await http().post('/tables/DT-1/coups/c2/cards/batch').set(as('dealer')).send({ cards: BANKER_NATURAL }).expect(200);
      await coup('DT-1', 'c3', []);
      await http().post('/tables/DT-1/coups').set(as('dealer')).send({ coupId: 'c4' }).expect(201);
      const refused = await http().post('/tables/DT-1/coups/c4/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'late-4', box: 3, bet: 'dragon-tail-late', side: 'banker', amountCents: 1000 }] });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'LATE_DRAGON_TAIL_NOT_OPEN', clause: "Crown Melbourne 1.1 'Dragon Tail'; Table 7" });
      const table = await http().get('/tables/DT-1').set(as('dealer')).expect(200);
      expect(table.body.pendingMultiCoupWagers.map((w: { wagerId: string }) => w.wagerId)).toEqual(['early', 'late-2']);
    });

    it('reduces to the table differential only when the dealer does so before the first card, and settles what stayed in play (Crown Melbourne 6.4)', async () => {
      await openTable('DIF-1', { limits: { ...OPEN.limits, tableDifferentialCents: 100000 } }).expect(201);
      await readyShoe('DIF-1', createShoe({ decks: 8, seed: 11 }));
      const wagers = [
        { wagerId: 'p', box: 1, bet: 'player', amountCents: 300000 },
        { wagerId: 'b', box: 2, bet: 'banker', amountCents: 100000 },
      ];
      await http().post('/tables/DIF-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
      await http().post('/tables/DIF-1/coups/c1/wagers').set(as('dealer')).send({ wagers }).expect(201);
      const reduced = await http().post('/tables/DIF-1/coups/c1/differential-reduction').set(as('dealer')).send({}).expect(200);
      expect(reduced.body.events).toMatchObject([{ type: 'WagersReducedToDifferential', reductions: [{ wagerId: 'p', fromCents: 300000, toCents: 200000 }], clause: 'Crown Melbourne 6.4' }]);
      const dealt = await http().post('/tables/DIF-1/coups/c1/cards/batch').set(as('dealer')).send({ cards: ['9H', '2C', 'KD', '3S'].map((card) => ({ card })) }).expect(200);
      const settled = dealt.body.events.find((e: { type: string }) => e.type === 'WagersSettled').settlements;
      expect(settled.find((x: { wagerId: string }) => x.wagerId === 'p')).toMatchObject({ outcome: 'win', winCents: 200000, returnedCents: 300000 });
      const late = await http().post('/tables/DIF-1/coups/c1/differential-reduction').set(as('dealer')).send({});
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'FIRST_CARD_DEALT' });
    });

    it('refuses to open a table under a rulebook version no longer in force, naming the one that is (Star 2024, effective 16 May 2024)', async () => {
      const star = { ...OPEN, rulebookId: 'star-sydney-2021', dealingMethod: 'method-a' };
      const res = await http().post('/tables').set(as('gaming-supervisor')).send({ ...star, tableId: 'OLD-1' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'RULEBOOK_NOT_IN_FORCE', field: 'rulebookId' });
      expect(res.body.message).toContain('star-sydney-2024');
      await http().get('/tables/OLD-1').set(as('dealer')).expect(404);
    });
  });

  it('counts a retried card once: the Idempotency-Key is the command id', async () => {
    await openTable('IDEM-1').expect(201);
    await readyShoe('IDEM-1', createShoe({ decks: 8, seed: 1 }));
    await http().post('/tables/IDEM-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    const first = await http().post('/tables/IDEM-1/coups/c1/cards').set(as('dealer')).set('Idempotency-Key', 'shoe-card-0001').send({ card: '9H' });
    const retry = await http().post('/tables/IDEM-1/coups/c1/cards').set(as('dealer')).set('Idempotency-Key', 'shoe-card-0001').send({ card: '9H' });
    expect(first.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const table = await http().get('/tables/IDEM-1').set(as('dealer')).expect(200);
    expect(table.body.coup.cards).toEqual([{ card: '9H', hand: 'player' }]);
  });

  it("corrects a wager's overpayment once: a retry with the same Idempotency-Key gets the first outcome, a second correction is refused (Star 2024 12.18-12.20)", async () => {
    await openTable('COR-1', { rulebookId: 'star-sydney-2024', dealingMethod: 'method-a' }).expect(201);
    await readyShoe('COR-1', createShoe({ decks: 8, seed: 3 }));
    await http().post('/tables/COR-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    await http().post('/tables/COR-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 200000 }, { wagerId: 'w2', box: 2, bet: 'player', amountCents: 5000 }] }).expect(201);
    await http().post('/tables/COR-1/coups/c1/cards/batch').set(as('dealer')).send({ cards: ['9H', '2C', 'KD', '3S'].map((card) => ({ card })) }).expect(200);
    const correct = (key: string, wagerId = 'w1', amountCents = 150000) =>
      http().post(`/tables/COR-1/coups/c1/wagers/${wagerId}/payment-corrections`).set(as('gaming-supervisor')).set('Idempotency-Key', key).send({ kind: 'overpayment', amountCents, reason: 'paid twice, seen on review' });
    const first = await correct('cor-1-w1').expect(200);
    expect(first.body.events).toMatchObject([{ type: 'PaymentCorrected', wagerId: 'w1', amountCents: 150000, reportable: true }]);
    const retry = await correct('cor-1-w1').expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const again = await correct('cor-1-w1-again');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'PAYMENT_ALREADY_CORRECTED', field: 'wagerId' });
    expect(again.body.clause).toContain('Star 2024 12.18-12.20');
    await correct('cor-1-w2', 'w2', 5000).expect(200);
    const table = await http().get('/tables/COR-1').set(as('dealer')).expect(200);
    expect(table.body.version).toBe(first.body.version + 1);
  });

  it('takes only tournament chips from seated tournament players at a table in tournament mode (Star 2024 15.5.2; 15.1.1)', async () => {
    await openTable('TC-1', { rulebookId: 'star-sydney-2024', dealingMethod: 'method-a', tournamentId: 'star-cup-2026' }).expect(201);
    // The tournaments service's session seats box 1 here (the tables service's reactor notes it from TournamentSessionStarted).
    await app().get<TableCommands>(TABLE_COMMANDS).handle('TC-1', tournamentSession('star-cup-2026', [1, 2]), { commandId: 'tournaments:session-1:table-TC-1', actor: { id: 'td-1', role: 'tournament-director' }, correlationId: 'session-1', now: new Date().toISOString() });
    await http().post('/tables/TC-1/seats').set(as('dealer')).send({ box: 1, sessionId: 'TC-1-s1', patronId: 'P1' }).expect(201);
    await readyShoe('TC-1', createShoe({ decks: 8, seed: 4 }));
    await http().post('/tables/TC-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    const cash = await http().post('/tables/TC-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'w1', box: 1, bet: 'player', amountCents: 5000, medium: 'chips' }] });
    expect(cash.status).toBe(422);
    expect(cash.body).toMatchObject({ code: 'CASH_WAGER_AT_TOURNAMENT_TABLE', field: 'wagers[0].medium', clause: "Star 2024 15.5.2; 15.1.1 'tournament chips'" });
    const standing = await http().post('/tables/TC-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'w2', box: 2, bet: 'player', amountCents: 5000 }] });
    expect(standing.status).toBe(422);
    expect(standing.body).toMatchObject({ code: 'TOURNAMENT_BOX_NOT_SEATED', field: 'wagers[0].box', clause: 'Star 2024 15.5.2' });
    const chips = await http().post('/tables/TC-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'w3', box: 1, bet: 'player', amountCents: 5000 }] }).expect(201);
    expect(chips.body.events).toMatchObject([{ type: 'WagersAccepted', wagers: [{ wagerId: 'w3', medium: 'tournament-chips' }], tournamentId: 'star-cup-2026' }]);
    const table = await http().get('/tables/TC-1').set(as('dealer')).expect(200);
    expect(table.body).toMatchObject({ tournamentId: 'star-cup-2026', jackpotIds: [] });
  });

  it('Star 2024 15.5.2: during a session the tournament table seats only its seating: 422 naming the box, the entry and the clause, and the outsider wagers nothing', async () => {
    await openTable('TS-1', { rulebookId: 'star-sydney-2024', dealingMethod: 'method-a', tournamentId: 'star-cup-2027' }).expect(201);
    const seating = { type: 'NoteTournamentSession' as const, actor: { id: 'td-1', role: 'tournament-director' }, now: new Date().toISOString(), tournamentId: 'star-cup-2027', sessionId: 'heat-1', seats: [1, 3, 5].map((box) => ({ box, entryId: `e${box}`, patronId: `P-e${box}` })) };
    await app().get<TableCommands>(TABLE_COMMANDS).handle('TS-1', seating, { commandId: 'tournaments:session-2:table-TS-1', actor: seating.actor, correlationId: 'session-2', now: seating.now });
    const seat = (body: object) => http().post('/tables/TS-1/seats').set(as('dealer')).send({ sessionId: `s-${nextSeat()}`, ...body });
    const notInSeating = await seat({ box: 2 });
    expect(notInSeating.status).toBe(422);
    expect(notInSeating.body).toMatchObject({ code: 'TOURNAMENT_BOX_NOT_IN_SESSION', field: 'box', clause: 'Star 2024 15.5.2' });
    const anotherEntry = await seat({ box: 3, patronId: 'P-e1' });
    expect(anotherEntry.status).toBe(422);
    expect(anotherEntry.body).toMatchObject({ code: 'TOURNAMENT_SEAT_NOT_ENTRY_PLAYER', field: 'patronId', clause: 'Star 2024 15.5.2' });
    expect(anotherEntry.body.message).toContain('entry e3');
    const outsider = await seat({ box: 5, patronId: 'OUTSIDER-9' });
    expect(outsider.status).toBe(422);
    expect(outsider.body.message).toContain('Box 5');
    await seat({ box: 5, patronId: 'P-e5' }).expect(201);
    await readyShoe('TS-1', createShoe({ decks: 8, seed: 5 }));
    await http().post('/tables/TS-1/coups').set(as('dealer')).send({ coupId: 'c1' }).expect(201);
    await http().post('/tables/TS-1/coups/c1/wagers').set(as('dealer')).send({ wagers: [{ wagerId: 'w5', box: 5, bet: 'player', amountCents: 5000 }] }).expect(201);
    const table = await http().get('/tables/TS-1').set(as('dealer')).expect(200);
    expect(table.body.seats['5']).toMatchObject({ patronId: 'P-e5' });
  });

  it('plays a whole shoe through the API and settles every wager exactly as libs/baccarat does', async () => {
    const tableId = 'SHOE-1';
    await openTable(tableId).expect(201);
    for (let box = 1; box <= 14; box++) await http().post(`/tables/${tableId}/seats`).set(as('dealer')).send({ box, patronId: `patron-${box}` }).expect(201);
    let shoe = createShoe({ decks: 8, seed: 20250901, salt: tableId });
    await readyShoe(tableId, shoe);
    shoe = burn(shoe, 'standard').shoe;
    const bets: BetId[] = ['player', 'banker', 'tie', 'pairs'];
    const terms = tableTerms(
      { offeredBets: OPEN.offeredBets, limits: { perBet: Object.fromEntries(OPEN.limits.perBet.map((l) => [l.bet, l])), tableDifferentialCents: OPEN.limits.tableDifferentialCents }, minimumChipCents: 500 },
      rulebookById('crown-melbourne-v29'),
    );
    let coups = 0;
    let wagersChecked = 0;
    for (let n = 1; !shoe.finished; n++) {
      // Star 4.10 / Crown 7.3.4: out before the coup's first card, this coup is the last; during it, the next.
      const cutFirst = shoe.cutCardIndex === shoe.position && !shoe.lastCoupAnnounced;
      const dealt = dealCoup(shoe);
      if (dealt.kind !== 'coup') break;
      shoe = dealt.shoe;
      const coupId = `c${n}`;
      await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId }).expect(201);
      const wagers = Array.from({ length: 14 }, (_, i) => {
        const bet = bets[(n + i) % bets.length];
        return { wagerId: `${coupId}-w${i + 1}`, box: i + 1, bet, amountCents: 500 * (5 + ((n * 7 + i * 3) % 40)), ...(bet === 'pairs' ? { side: (i % 2 ? 'player' : 'banker') as 'player' | 'banker' } : {}) };
      });
      await http().post(`/tables/${tableId}/coups/${coupId}/wagers`).set(as('dealer')).send({ wagers }).expect(201);
      if (cutFirst) await http().post(`/tables/${tableId}/shoe/cut-card`).set(as('dealer')).expect(200);
      const cards = dealt.coup.steps.map((s) => ({ card: formatCard(s.card) }));
      const res = await http().post(`/tables/${tableId}/coups/${coupId}/cards/batch`).set(as('dealer')).send({ cards }).expect(200);
      const settled: WagerSettlement[] = res.body.events.filter((e: { type: string }) => e.type === 'WagersSettled').flatMap((e: { settlements: WagerSettlement[] }) => e.settlements);
      const expected = settleCoup(wagers.map((w) => ({ id: w.wagerId, bet: w.bet, amount: w.amountCents, ...(w.side ? { side: w.side } : {}) })), dealt.coup, terms).settlements;
      expect(settled.map((s) => [s.wagerId, s.outcome, s.returnedCents, s.winCents, s.commissionImmediateCents, s.commissionDeferredCents])).toEqual(
        expected.map((s) => [s.wagerId, s.outcome, s.stakeReturned, s.winnings, s.commissionImmediate, s.commissionDeferred]),
      );
      wagersChecked += settled.length;
      coups++;
      if (dealt.cutCardAppeared && !cutFirst) await http().post(`/tables/${tableId}/shoe/cut-card`).set(as('dealer')).expect(200);
      if (dealt.last) expect(res.body.events.map((e: { type: string }) => e.type)).toContain('ShoeEnded');
    }
    expect(coups).toBeGreaterThan(60);
    expect(wagersChecked).toBe(coups * 14);
  });
});
