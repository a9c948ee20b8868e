/**
 * Rapid Baccarat through HTTP against the real PostgreSQL, under the platform's rule for commands (README): a command
 * sent again with the same Idempotency-Key is recorded once and answered as the first time. A retry never runs
 * the command again, so it cannot act on the state as it is now: after a cash-out, a retried top-up must not open
 * or assign anything; a refused wager retried after the player bought in is refused again, not recorded.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RT9';
const [A1, A2] = [1, 2].map((n) => `${TABLE}-A${n}`);
const DEALER = bearer(['dealer'], 'dealer-9');
const MANAGER = bearer(['area-manager'], 'am-9');

describe('Idempotency-Key: a retried Rapid command is answered as the first time, never run again', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const recorded = async (type: string, atsId: string) =>
    Number((await db.pool.query(`SELECT count(*) AS n FROM rapid.events WHERE type = $1 AND data->>'atsId' = $2`, [type, atsId])).rows[0].n);

  beforeAll(async () => {
    db = await createTestDatabase('rapid_replay', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8, postgresAudit: true });
    const stations = [A1, A2].map((atsId) => ({ atsId, remote: false, printer: false }));
    await http()
      .post('/rapid/tables')
      .set('Authorization', MANAGER)
      .send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations })
      .expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('a top-up at the note acceptor (Rapid 6.4) retried after the account was cashed out (6.7.1) answers the first answer and assigns the ATS no account', async () => {
    const topUp = () => http().post(`/rapid/tables/${TABLE}/ats/${A1}/note-acceptor`).set('Authorization', atsBearer(A1)).set('Idempotency-Key', 'top-up-a1').send({ amountCents: 1_000 });
    const first = await topUp().expect(201);
    const accountId = (first.body.events[0] as { accountId: string }).accountId;
    await http().post(`/rapid/accounts/${accountId}/cash-out`).set('Authorization', DEALER).set('Idempotency-Key', 'cash-out-a1').send({ method: 'chips' }).expect(200);
    const assigned = await recorded('RapidStationAccountAssigned', A1);

    const retry = await topUp().expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await recorded('RapidStationAccountAssigned', A1)).toBe(assigned);
    const station = await http().get(`/rapid/tables/${TABLE}/ats/${A1}`).set('Authorization', DEALER).expect(200);
    expect(station.body.accountId ?? null).toBeNull();
    // The ATS is free for the next player: a buy-in opens a new account there.
    await http().post(`/rapid/tables/${TABLE}/ats/${A1}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', 'buy-a1-next').send({ tender: 'cash', amountCents: 2_000 }).expect(201);
  });

  it('a wager refused INSUFFICIENT_BALANCE (Rapid 6.1), retried after the player bought in, is refused again and records nothing', async () => {
    const buyIn = await http().post(`/rapid/tables/${TABLE}/ats/${A2}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', 'buy-a2').send({ tender: 'cash', amountCents: 1_000 }).expect(201);
    const accountId = (buyIn.body.events[0] as { accountId: string }).accountId;
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'r1' }).expect(201);
    const wager = () => http().put(`/rapid/accounts/${accountId}/wagers`).set('Authorization', atsBearer(A2)).set('Idempotency-Key', 'wager-a2-r1').send({ wagers: [{ bet: 'banker', amountCents: 5_000 }] });
    const refused = await wager().expect(422);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    // Rapid 4.1: as the player reads it at the ATS: dollars and cents, and no internal account id.
    expect(refused.body.message).toContain('The wagers total $50.00, more than the $10.00 standing to the credit of this account');
    expect(refused.body.message).not.toContain(accountId);

    await http().post(`/rapid/tables/${TABLE}/ats/${A2}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', 'buy-a2-more').send({ tender: 'cash', amountCents: 10_000 }).expect(201);
    const retry = await wager().expect(422);
    expect(retry.body).toEqual(refused.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const account = await http().get(`/rapid/accounts/${accountId}`).set('Authorization', DEALER).expect(200);
    expect(account.body.balanceCents).toBe(11_000);
  });
});
