/**
 * Rapid 4.8 settlement is all or nothing: the outcome, every ATS account's credit and the round's record commit
 * in one transaction. A failure while crediting one account (here the database refusing that account's
 * settlement event) leaves no outcome, no credit and no round record anywhere; the same outcome entered again
 * then settles every account once (real PostgreSQL, through HTTP).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RA1';
const STATIONS = Array.from({ length: 6 }, (_, i) => ({ atsId: `${TABLE}-ATS${i + 1}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-3');
const BUY_IN = 20_000;
/** Banker wins 7 to 6: 1 to 1 less 5% commission, deducted before the credit (Rapid 10.1, 4.8.2(a)). */
const BANKER_CENTS = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];

describe('Rapid 4.8: settlement of a round is one transaction (all or nothing)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  const accounts: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('rapid_atomic', 6);
    app = await startRapidApp({ url: db.url, poolSize: 10 });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const http = request(base);
    await http.post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS }).expect(201);
    for (const s of STATIONS) {
      const r = await request(base).post(`/rapid/tables/${TABLE}/ats/${s.atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accounts.push(r.body.account.accountId);
    }
    await request(base).post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R1' }).expect(201);
    await Promise.all(STATIONS.map((s, i) => request(base).put(`/rapid/accounts/${accounts[i]}/wagers`).set('Authorization', atsBearer(s.atsId)).send({ wagers: [{ bet: 'banker', amountCents: BANKER_CENTS[i] }] }).expect(200)));
    await request(base).post(`/rapid/tables/${TABLE}/rounds/R1/draw`).set('Authorization', DEALER).expect(200);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const balances = () => Promise.all(STATIONS.map(async (s, i) => (await request(base).get(`/rapid/accounts/${accounts[i]}`).set('Authorization', atsBearer(s.atsId)).expect(200)).body.balanceCents as number));
  const settlementEvents = async () =>
    (await db.pool.query<{ type: string; n: number }>(`SELECT type, count(*)::int AS n FROM rapid.events WHERE type IN ('RapidOutcomeEntered', 'AtsWagersSettled', 'RapidRoundSettled') GROUP BY type ORDER BY type`)).rows;

  it('Rapid 4.8, 4.8.2(a): a failure crediting one account settles nobody; entering the outcome again settles every account once', async () => {
    const before = await balances();
    // The fifth account's credit fails in the database, after the others have been written in the same transaction.
    await db.pool.query(`CREATE FUNCTION rapid.refuse_settlement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await db.pool.query(`CREATE TRIGGER refuse_settlement BEFORE INSERT ON rapid.events FOR EACH ROW WHEN (NEW.stream_id = 'rapid-account-${accounts[4]}' AND NEW.type = 'AtsWagersSettled') EXECUTE FUNCTION rapid.refuse_settlement()`);
    const failed = await request(base).post(`/rapid/tables/${TABLE}/rounds/R1/outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'outcome-1').send(OUTCOMES.bankerWins);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await settlementEvents()).toEqual([]);
    expect(await balances()).toEqual(before);
    const table = await request(base).get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200);
    expect(JSON.stringify(table.body)).not.toContain('"settled"');

    await db.pool.query(`DROP TRIGGER refuse_settlement ON rapid.events`);
    const settled = await request(base).post(`/rapid/tables/${TABLE}/rounds/R1/outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'outcome-1').send(OUTCOMES.bankerWins).expect(200);
    const again = await request(base).post(`/rapid/tables/${TABLE}/rounds/R1/outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'outcome-1').send(OUTCOMES.bankerWins).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(settled.body);
    expect(await settlementEvents()).toEqual([
      { type: 'AtsWagersSettled', n: STATIONS.length },
      { type: 'RapidOutcomeEntered', n: 1 },
      { type: 'RapidRoundSettled', n: 1 },
    ]);
    const credit = (stake: number) => 2 * stake - Math.floor((stake * 5) / 100);
    expect(await balances()).toEqual(before.map((b, i) => b + credit(BANKER_CENTS[i])));
    const record = (settled.body.events as { type: string; creditedCents?: number }[]).find((e) => e.type === 'RapidRoundSettled');
    expect(record?.creditedCents).toBe(BANKER_CENTS.reduce((n, s) => n + credit(s), 0));
  });
});
