import { INestApplication } from '@nestjs/common';
import { PostgresEventStore } from '@app/event-store';
import { appendTableOpened, createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { COMPLETE_TERMS } from '../test-support/promotion-fixtures';
import { bearer, startPromotionsApp } from '../test-support/promotions-app';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** A seed as its holder makes it (32 random bytes, 64 hex digits) and the commitment published for it. */
const newSeed = () => {
  const seed = randomBytes(32).toString('hex');
  return { seed, commitment: createHash('sha256').update(seed).digest('hex') };
};

/**
 * A Star 2024 promotion that commenced an hour ago, entries open for a few seconds more: recorded after its
 * commencement, so it carries the evidence (the tests run on the clock; a promotion starting tomorrow could take
 * no entries today).
 */
const body = (promotionId: string, over: Record<string, unknown> = {}) => ({
  promotionId,
  name: 'Spring Cash Draw',
  schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: hoursFromNow(3 / 3600), drawAt: hoursFromNow(3 / 3600) },
  terms: COMPLETE_TERMS,
  prizes: [{ prizeId: 'first', kind: 'cash', description: '$20,000 cash', valueCents: 2_000_000 }],
  recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: hoursFromNow(-24 * 7) },
  ...over,
});

describe('Promotions admin API (Star 1.1, 16) over HTTP', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const CASINO = bearer(['casino-manager']);
  const AREA = bearer(['area-manager']);
  const SUPERVISOR = bearer(['gaming-supervisor']);
  const DEALER = bearer(['dealer']);
  const NSW_REGULATOR = bearer(['regulator'], 'nicc-inspector', ['NSW']);
  const VIC_REGULATOR = bearer(['regulator'], 'vgccc-inspector', ['VIC']);
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('promo_http');
    await new PostgresEventStore(db.pool, 'tables').migrate();
    app = await startPromotionsApp({ url: db.url, tablesSchema: 'tables' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("Star 2024 16.7.4, 1.1 'Casino Promotional Token': tables the promotions service knows under another casino's rulebook (from the tables service's events) are refused 403 OUT_OF_CASINO naming the table and its casino: a promotion's entry rule, a voucher's conditions, an exchange or a token wager there; nothing is stored, and a table never seen is accepted as before", async () => {
    const tables = new PostgresEventStore(db.pool, 'tables');
    const open = (tableId: string, rulebookId: string) => appendTableOpened(tables, tableId, rulebookId);
    await open('STAR-P1', 'star-sydney-2024');
    await open('MEL-P1', 'crown-melbourne-v29');
    await open('CS-P1', 'crown-sydney-guide');
    await eventually('the tables known', async () => ((await db.pool.query("SELECT 1 FROM promotions.known_tables WHERE table_id IN ('STAR-P1', 'MEL-P1', 'CS-P1')")).rowCount === 3 ? true : undefined), 15_000);
    const refused = (res: request.Response, tableId: string, casino: string) => {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(new RegExp(`Your token covers star-sydney; \\S*tableIds? ${tableId} belongs to ${casino}`)) });
    };
    const entryRule = (tableIds: string[]) => ({ tableIds, bets: [], minimumWagerCents: 2_500, turnoverPerEntryCents: 50_000 });
    refused(await api().post('/promotions').set('Authorization', CASINO).send(body('scoped-mel', { entryRule: entryRule(['STAR-P1', 'MEL-P1']) })), 'MEL-P1', 'crown-melbourne');
    expect((await api().get('/promotions/scoped-mel').set('Authorization', SUPERVISOR)).status).toBe(404);
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('scoped', { entryRule: entryRule(['STAR-P1', 'NEVER-SEEN']) }))).status).toBe(201);
    refused(await api().post('/promotions/scoped/vouchers').set('Authorization', CASINO).send({ voucherId: 'SV-CS', valueCents: 5_000, conditions: { tableIds: ['CS-P1'], expiresAt: hoursFromNow(24) } }), 'CS-P1', 'crown-sydney');
    expect((await api().get('/promotional-vouchers/SV-CS').set('Authorization', SUPERVISOR)).status).toBe(404);
    expect((await api().post('/promotions/scoped/vouchers').set('Authorization', CASINO).send({ voucherId: 'SV-1', valueCents: 5_000, conditions: { tableIds: ['STAR-P1'], expiresAt: hoursFromNow(24) } })).status).toBe(201);
    refused(await api().post('/promotional-vouchers/SV-1/exchange').set('Authorization', DEALER).send({ tableId: 'MEL-P1', box: 1, patronId: 'P1' }), 'MEL-P1', 'crown-melbourne');
    refused(await api().post('/promotional-vouchers/SV-1/wagers').set('Authorization', DEALER).send({ tableId: 'CS-P1', coupId: 'CS-P1-c1', box: 1, bet: 'banker', amountCents: 5_000 }), 'CS-P1', 'crown-sydney');
    expect((await api().get('/promotional-vouchers/SV-1').set('Authorization', SUPERVISOR)).body).toMatchObject({ exchanged: null, wagers: [] });
  });

  it('creating a promotion: a casino manager (Gaming Manager) may; a dealer may not (403) and nothing is stored', async () => {
    const denied = await api().post('/promotions').set('Authorization', DEALER).send(body('denied'));
    expect(denied.status).toBe(403);
    expect((await api().get('/promotions/denied').set('Authorization', SUPERVISOR)).status).toBe(404);
    const ok = await api().post('/promotions').set('Authorization', CASINO).send(body('spring'));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ promotionId: 'spring', rulebookId: 'star-sydney-2024', scrutineerRequired: true, events: [expect.objectContaining({ type: 'PromotionCreated', regulator: 'NICC' })] });
  });

  it('400 names the field and rule of a malformed body; nothing is stored', async () => {
    const res = await api().post('/promotions').set('Authorization', CASINO).send(body('bad', { prizes: [{ prizeId: 'p', kind: 'cash', description: 'x', valueCents: 1.5 }] }));
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining('valueCents'), rule: 'isInt' })]));
    expect((await api().get('/promotions/bad').set('Authorization', SUPERVISOR)).status).toBe(404);
  });

  it('Star 2024 16.7.11.1-16.7.11.2: a prize detail given as a number or yes/no is a 400 naming it (the details are text), not a crash; nothing is stored', async () => {
    const travel = { prizeId: 'trip', kind: 'travel', description: 'Gold Coast weekend', valueCents: 300_000, details: { persons: 2 } };
    const trip = await api().post('/promotions').set('Authorization', CASINO).send(body('trip', { prizes: [travel] }));
    expect(trip.status).toBe(400);
    expect(JSON.stringify(trip.body)).toContain('details.persons must be text');
    const car = { prizeId: 'car', kind: 'motor-vehicle', description: 'A sedan', valueCents: 4_500_000, details: { make: 'Toyota', model: 'Camry', accessories: 'none', onRoadCostsIncluded: true } };
    const res = await api().post('/promotions').set('Authorization', CASINO).send(body('car', { prizes: [car] }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('details.onRoadCostsIncluded must be text');
    expect((await api().get('/promotions/car').set('Authorization', SUPERVISOR)).status).toBe(404);
  });

  it('Star 2024 16.7, 16.7.11: a terms item given as a number, an object, a list or null is a 400 naming terms.<item> (text required), on creation and amendment, not a 500; nothing is stored', async () => {
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('termsbase'))).status).toBe(201);
    for (const bad of [1000, { car: 'Camry' }, ['Camry'], null]) {
      const created = await api().post('/promotions').set('Authorization', CASINO).send(body('termsbad', { terms: { ...COMPLETE_TERMS, prizeDetails: bad } }));
      expect(created.status).toBe(400);
      expect(created.body.violations).toEqual([expect.objectContaining({ field: 'terms', rule: 'isTermsItems' })]);
      expect(JSON.stringify(created.body)).toContain('terms.prizeDetails must be text');
      const amended = await api().put('/promotions/termsbase/terms').set('Authorization', CASINO).send({ terms: { ...COMPLETE_TERMS, winnerNotification: bad }, prizes: body('x').prizes, reason: 'typo' });
      expect(amended.status).toBe(400);
      expect(amended.body.violations).toEqual([expect.objectContaining({ field: 'terms', rule: 'isTermsItems' })]);
      expect(amended.body.message).toContain('terms.winnerNotification must be text (Star 16.7.9');
    }
    for (const bad of [null, 'all of them', ['mannerOfAward'], 5]) {
      const res = await api().post('/promotions').set('Authorization', CASINO).send(body('termsbad', { terms: bad }));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('terms');
    }
    expect((await api().get('/promotions/termsbad').set('Authorization', SUPERVISOR)).status).toBe(404);
    expect((await api().get('/promotions/termsbase').set('Authorization', SUPERVISOR)).body.termsVersion).toBe(1);
  });

  it('Star 2024 16.7: a terms item the rulebook does not name is a 400 naming the field and listing the items of 16.7, on creation and amendment; nothing is stored', async () => {
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('termsknown'))).status).toBe(201);
    const created = await api().post('/promotions').set('Authorization', CASINO).send(body('termsextra', { terms: { ...COMPLETE_TERMS, extra: 'more' } }));
    expect(created.status).toBe(400);
    expect(created.body.violations).toEqual([expect.objectContaining({ field: 'terms', rule: 'isTermsItems' })]);
    expect(created.body.message).toContain('terms.extra is not an item of Star 16.7');
    expect(created.body.message).toContain('mannerOfAward (16.7.1)');
    const amended = await api().put('/promotions/termsknown/terms').set('Authorization', CASINO).send({ terms: { ...COMPLETE_TERMS, extra: 5 }, prizes: body('x').prizes, reason: 'add' });
    expect(amended.status).toBe(400);
    expect(amended.body.message).toContain('terms.extra is not an item of Star 16.7');
    expect((await api().get('/promotions/termsextra').set('Authorization', SUPERVISOR)).status).toBe(404);
    const kept = (await api().get('/promotions/termsknown').set('Authorization', SUPERVISOR)).body;
    expect(kept).toMatchObject({ termsVersion: 1, terms: COMPLETE_TERMS });
  });

  it('Star 2024 16.7: incomplete terms are refused (422) with every missing item; 16.5 a tobacco prize is refused', async () => {
    const { claimMethod: _c, ...terms } = COMPLETE_TERMS;
    const res = await api().post('/promotions').set('Authorization', CASINO).send(body('partial', { terms }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'TERMS_INCOMPLETE', clause: 'Star 2024 16.7', field: 'terms' });
    expect(res.body.message).toContain('terms.claimMethod (Star 2024 16.7.8)');
    const tobacco = await api().post('/promotions').set('Authorization', CASINO).send(body('smokes', { prizes: [{ prizeId: 'p', kind: 'goods', description: 'Gift box', valueCents: 10_000, contents: ['chocolates', 'Cuban cigars'] }] }));
    expect(tobacco.body).toMatchObject({ code: 'PRIZE_FORBIDDEN', clause: 'Star 2024 16.5.1', field: 'prizes[0].contents[1]' });
    const wine = await api().post('/promotions').set('Authorization', CASINO).send(body('cellar', { prizes: [{ prizeId: 'p', kind: 'goods', description: '27 bottles', valueCents: 100_000, contents: ['liquor'], liquorMillilitres: 27 * 750 }] }));
    expect(wine.body).toMatchObject({ code: 'PRIZE_FORBIDDEN', clause: 'Star 2024 16.5.4', field: 'prizes[0].liquorMillilitres' });
  });

  it('Star 2024 16.12: a commencement in the past without proof is refused (422) and nothing is stored', async () => {
    const { recordedAfterCommencement: _proof, ...unproved } = body('backdated', { schedule: { startsAt: '2024-05-01T09:00:00+10:00', entriesCloseAt: hoursFromNow(1), drawAt: hoursFromNow(2) } });
    const res = await api().post('/promotions').set('Authorization', CASINO).send(unproved);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'COMMENCEMENT_IN_PAST', clause: 'Star 2021 16.6', field: 'schedule.startsAt' });
    expect((await api().get('/promotions/backdated').set('Authorization', SUPERVISOR)).status).toBe(404);
  });

  it('Idempotency-Key: a retried lodging is recorded once', async () => {
    const key = randomUUID();
    // A retry repeats its command exactly (the same key with another body is refused 409).
    const lodgedAt = hoursFromNow(-30);
    const lodge = () => api().post('/promotions/spring/terms/lodgements').set('Authorization', CASINO).set('Idempotency-Key', key).send({ lodgedAt });
    const first = await lodge();
    const again = await lodge();
    expect(first.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body).toMatchObject({ termsLodgedInTime: true });
  });

  it('reads: a gaming supervisor and an NSW regulator may; a VIC regulator may not; a dealer may not', async () => {
    expect((await api().get('/promotions/spring').set('Authorization', NSW_REGULATOR)).status).toBe(200);
    expect((await api().get('/promotions/spring').set('Authorization', VIC_REGULATOR)).body).toMatchObject({ code: 'PROMOTION_OUT_OF_JURISDICTION' });
    expect((await api().get('/promotions').set('Authorization', DEALER)).status).toBe(403);
  });

  it("Star 2024 16.11, 1.1 'Casino Promotional Token': a voucher issued before its promotion was cancelled is not exchanged for tokens after", async () => {
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('winter'))).status).toBe(201);
    expect((await api().post('/promotions/winter/vouchers').set('Authorization', CASINO).send({ voucherId: 'W1', valueCents: 5_000, conditions: { tableIds: ['T1'], expiresAt: hoursFromNow(24) } })).status).toBe(201);
    const cancelled = await api().post('/promotions/winter/compromise').set('Authorization', CASINO).send({ action: 'cancelled', reason: 'the draw barrel was tampered with' });
    expect(cancelled.status).toBe(201);
    const exchange = await api().post('/promotional-vouchers/W1/exchange').set('Authorization', DEALER).send({ tableId: 'T1', box: 1, patronId: 'P1' });
    expect(exchange.status).toBe(409);
    expect(exchange.body).toMatchObject({ code: 'PROMOTION_CANCELLED', clause: "Star 2024 1.1 'Casino Promotional Token'" });
    expect((await api().get('/promotional-vouchers/W1').set('Authorization', DEALER)).body).toMatchObject({ tokensInHandCents: 0 });
  });

  it('Star 2024 16.11: a compromise report takes its decision time; a notice before it, or a decision later than now, is refused (422) naming the field; nothing is recorded', async () => {
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('fall-notice'))).status).toBe(201);
    const decidedAt = hoursFromNow(-3);
    const early = await api().post('/promotions/fall-notice/compromise').set('Authorization', CASINO).send({ action: 'postponed', reason: 'barrel unsealed', decidedAt, inspectorNotifiedAt: hoursFromNow(-4) });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'NOTICE_BEFORE_DECISION', clause: 'Star 2024 16.11', field: 'inspectorNotifiedAt' });
    const future = await api().post('/promotions/fall-notice/compromise').set('Authorization', CASINO).send({ action: 'postponed', reason: 'barrel unsealed', decidedAt: hoursFromNow(1) });
    expect(future.body).toMatchObject({ code: 'DECISION_TIME_IN_FUTURE', field: 'decidedAt' });
    expect((await api().get('/promotions/fall-notice').set('Authorization', CASINO)).body).toMatchObject({ status: 'open' });
    const ok = await api().post('/promotions/fall-notice/compromise').set('Authorization', CASINO).send({ action: 'postponed', reason: 'barrel unsealed', decidedAt, inspectorNotifiedAt: hoursFromNow(-2) });
    expect(ok.status).toBe(201);
    expect(ok.body.events[0]).toMatchObject({ type: 'PromotionDrawCompromised', decidedAt, inspectorNoticeOnTime: true });
  });

  it("1.1 'Casino Promotional Token': a dealer exchanges a voucher once, at the tables its conditions name", async () => {
    const issued = await api().post('/promotions/spring/vouchers').set('Authorization', CASINO).send({ voucherId: 'V1', valueCents: 5_000, conditions: { tableIds: ['T1'], expiresAt: hoursFromNow(24) } });
    expect(issued.status).toBe(201);
    const wrong = await api().post('/promotional-vouchers/V1/exchange').set('Authorization', DEALER).send({ tableId: 'T2', box: 1 });
    expect(wrong.body).toMatchObject({ code: 'VOUCHER_WRONG_TABLE', clause: "Star 2024 1.1 'Casino Promotional Token'" });
    expect((await api().post('/promotional-vouchers/V1/exchange').set('Authorization', NSW_REGULATOR).send({ tableId: 'T1', box: 1 })).status).toBe(403);
    const key = randomUUID();
    const ok = await api().post('/promotional-vouchers/V1/exchange').set('Authorization', DEALER).set('Idempotency-Key', key).send({ tableId: 'T1', box: 1, patronId: 'P1' });
    expect(ok.body).toMatchObject({ tokensInHandCents: 5_000, exchanged: { tableId: 'T1', box: 1 } });
    // The dealer console retries the same exchange: the same answer, not a second exchange and not a refusal.
    const retried = await api().post('/promotional-vouchers/V1/exchange').set('Authorization', DEALER).set('Idempotency-Key', key).send({ tableId: 'T1', box: 1, patronId: 'P1' });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toEqual(ok.body);
    expect(retried.body).toMatchObject({ tokensInHandCents: 5_000, events: [expect.objectContaining({ type: 'PromotionalVoucherExchanged' })] });
    const twice = await api().post('/promotional-vouchers/V1/exchange').set('Authorization', DEALER).send({ tableId: 'T1', box: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('VOUCHER_ALREADY_USED');
    const wager = await api().post('/promotional-vouchers/V1/wagers').set('Authorization', DEALER).send({ tableId: 'T1', coupId: 'c1', box: 1, bet: 'banker', amountCents: 5_000 });
    expect(wager.body.events[0]).toMatchObject({ type: 'PromotionalTokenWagered', wagerId: 'token:V1:1' });
  });

  it('Star 2024 16.7.1: the operator commits sha256 of its own seed before entries open; the service generates none (a commitment is required)', async () => {
    const later = await api().post('/promotions').set('Authorization', CASINO).send(body('autumn', { schedule: { startsAt: hoursFromNow(48), entriesCloseAt: hoursFromNow(72), drawAt: hoursFromNow(73) }, recordedAfterCommencement: undefined }));
    expect(later.status).toBe(201);
    const { commitment } = newSeed();
    expect((await api().post('/promotions/autumn/draw/commitment').set('Authorization', SUPERVISOR).send({ commitment })).status).toBe(403);
    const committed = await api().post('/promotions/autumn/draw/commitment').set('Authorization', AREA).send({ commitment });
    expect(committed.body).toMatchObject({ rounds: [{ round: 1, operatorCommitment: commitment, afterEntriesOpened: false, outcome: 'pending' }] });
    expect((await api().post('/promotions/autumn/draw/commitment').set('Authorization', AREA).send({})).status).toBe(400);
    // Giving the round up before entries open: an Assistant Gaming Manager may, a Gaming Supervisor may not; the seed is revealed.
    expect((await api().post('/promotions/autumn/draw/abandonment').set('Authorization', SUPERVISOR).send({ reason: 'prize list corrected' })).status).toBe(403);
    const wrongSeed = await api().post('/promotions/autumn/draw/abandonment').set('Authorization', AREA).send({ seed: newSeed().seed, reason: 'prize list corrected' });
    expect(wrongSeed.body).toMatchObject({ code: 'SEED_DOES_NOT_MATCH_COMMITMENT', field: 'seed' });
  });

  it("Star 2024 16.2, 16.7.10: the scrutineer's commitment comes from the NSW inspector, never the operator's staff: after casino manager cm-a's commitment a second casino manager cm-b, an Assistant Gaming Manager or a dealer is refused (403) and nothing is recorded", async () => {
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('scrutiny', { schedule: { startsAt: hoursFromNow(48), entriesCloseAt: hoursFromNow(72), drawAt: hoursFromNow(73) }, recordedAfterCommencement: undefined }))).status).toBe(201);
    const operator = newSeed();
    expect((await api().post('/promotions/scrutiny/draw/commitment').set('Authorization', bearer(['casino-manager'], 'cm-a')).send({ commitment: operator.commitment })).status).toBe(201);
    const { commitment } = newSeed();
    for (const staff of [bearer(['casino-manager'], 'cm-b'), bearer(['area-manager'], 'agm-b'), DEALER, bearer(['regulator', 'area-manager'], 'dual-1', ['NSW'])]) {
      const refused = await api().post('/promotions/scrutiny/draw/scrutineer-commitment').set('Authorization', staff).send({ scrutineer: 'K. Scrutineer', commitment });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/regulator|Inspector/);
    }
    const dual = await api().post('/promotions/scrutiny/draw/scrutineer-commitment').set('Authorization', bearer(['regulator', 'area-manager'], 'dual-1', ['NSW'])).send({ scrutineer: 'K. Scrutineer', commitment });
    expect(dual.body).toMatchObject({ code: 'SCRUTINEER_NOT_INDEPENDENT', clause: 'Star 2024 16.2; Star 2024 16.7.10' });
    expect((await api().get('/promotions/scrutiny/draw')).body.rounds[0].scrutineerCommitment).toBeNull();
    const inspector = await api().post('/promotions/scrutiny/draw/scrutineer-commitment').set('Authorization', NSW_REGULATOR).send({ scrutineer: 'NICC Inspector R. Roe', commitment });
    expect(inspector.status).toBe(201);
    const record = (await api().get('/promotions/scrutiny/draw')).body;
    expect(record.commitments).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'scrutineer', recordedBy: 'nicc-inspector', recordedAs: 'regulator' })]));
  });

  it('entries, a draw from the operator and scrutineer seeds (16.7.1, 16.7.10, 16.2), Star 2024 16.4 payment: no cash, EFT paid; no seed in the database before the draw', async () => {
    // Its own promotion, entries open for a few seconds from now, so a slow run cannot miss them.
    const closes = hoursFromNow(4 / 3600);
    expect((await api().post('/promotions').set('Authorization', CASINO).send(body('summer', { schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: closes, drawAt: closes } }))).status).toBe(201);
    expect((await api().post('/promotions/summer/terms/lodgements').set('Authorization', CASINO).send({ lodgedAt: hoursFromNow(-30) })).status).toBe(201);
    const operator = newSeed();
    const scrutineer = newSeed();
    const committed = await api().post('/promotions/summer/draw/commitment').set('Authorization', AREA).send({ commitment: operator.commitment });
    expect(committed.body.rounds).toEqual([expect.objectContaining({ round: 1, afterEntriesOpened: true })]);
    expect((await api().post('/promotions/summer/entries').set('Authorization', SUPERVISOR).send({ patronId: 'P1', count: 2, reason: 'members night' })).status).toBe(201);
    expect((await api().post('/promotions/summer/entries').set('Authorization', DEALER).send({ patronId: 'P2', count: 2, reason: 'members night' })).status).toBe(403);
    // The scrutineer's contribution: the NSW inspector may enter it; a gaming supervisor may not.
    expect((await api().post('/promotions/summer/draw/scrutineer-commitment').set('Authorization', SUPERVISOR).send({ scrutineer: 'K. Scrutineer', commitment: scrutineer.commitment })).status).toBe(403);
    const contributed = await api().post('/promotions/summer/draw/scrutineer-commitment').set('Authorization', NSW_REGULATOR).send({ scrutineer: 'K. Scrutineer', commitment: scrutineer.commitment });
    expect(contributed.status).toBe(201);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(closes) - Date.now()) + 200)); // entries close (16.7.6)
    const before = await api().get('/promotions/summer/draw');
    expect(before.body).toMatchObject({ commitment: operator.commitment, scrutineerCommitment: scrutineer.commitment, seed: null });
    // Whoever reads the database before the draw finds neither seed: the service never held one.
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM promotions.events WHERE data::text LIKE '%' || $1 || '%' OR data::text LIKE '%' || $2 || '%'`, [operator.seed, scrutineer.seed]);
    expect(rows[0].n).toBe(0);
    expect((await db.pool.query(`SELECT to_regclass('promotions.draw_seeds') AS t`)).rows[0].t).toBeNull();
    const wrong = await api().post('/promotions/summer/draw').set('Authorization', AREA).send({ seed: operator.seed, scrutineerSeed: newSeed().seed });
    expect(wrong.body).toMatchObject({ code: 'SEED_DOES_NOT_MATCH_COMMITMENT', field: 'scrutineerSeed' });
    const drawn = await api().post('/promotions/summer/draw').set('Authorization', AREA).send({ seed: operator.seed, scrutineerSeed: scrutineer.seed });
    expect(drawn.body).toMatchObject({ status: 'drawn', winners: [{ prizeId: 'first', patronId: 'P1' }] });
    const record = (await api().get('/promotions/summer/draw')).body;
    expect(record).toMatchObject({ seed: operator.seed, scrutineerSeed: scrutineer.seed, rounds: [expect.objectContaining({ outcome: 'drawn', scrutineer: 'K. Scrutineer' })] });
    const cash = await api().post('/promotions/summer/prizes/first/payments').set('Authorization', AREA).send({ payments: [{ method: 'cash', amountCents: 2_000_000 }], chosenByWinner: true });
    expect(cash.body).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ALLOWED', clause: 'Star 2024 16.4' });
    const paid = await api().post('/promotions/summer/prizes/first/payments').set('Authorization', AREA).send({ payments: [{ method: 'eft', amountCents: 2_000_000 }] });
    expect(paid.body).toMatchObject({ paid: ['first'], events: [expect.objectContaining({ type: 'PromotionPrizePaid', amountCents: 2_000_000 })] });
  });
});
