/**
 * Rapid 11.11 through HTTP against the real PostgreSQL, on what an audit found: money the casino still holds for an
 * account no longer at an ATS (an amount a correction left owed to a player who left) is not paid while a round of the
 * table is under review, so a second correction can still take it back; once the review ends it is paid as recalculated.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RV1';
const ATS = `${TABLE}-ATS01`;
const DEALER = bearer(['dealer'], 'dealer-rv');
const MANAGER = bearer(['area-manager'], 'am-rv');

describe('Rapid 11.11 over HTTP: nothing held for an account of the table is paid while a round is under review', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('rapid_review_payouts', 4);
    app = await startRapidApp({ url: db.url, poolSize: 4 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: [{ atsId: ATS, remote: false, printer: false }] }).expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.11: an owed amount of a closed account is refused 409 ACCOUNT_FROZEN while its round is frozen again for review; the second correction recovers from it and the rest is paid after', async () => {
    const bought = await http().post(`/rapid/tables/${TABLE}/ats/${ATS}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 10_000 }).expect(201);
    const account = bought.body.account.accountId as string;
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'r3' }).expect(201);
    await http().put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(ATS)).send({ wagers: [{ bet: 'player', amountCents: 8_000 }] }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/r3/draw`).set('Authorization', DEALER).expect(200);
    // Banker entered: the Player wager lost, 2,000 left and paid out; the account closed.
    await http().post(`/rapid/tables/${TABLE}/rounds/r3/outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    // Reviewed: the Player won. 16,000 owed to the player who left.
    await http().post(`/rapid/tables/${TABLE}/rounds/r3/freeze`).set('Authorization', DEALER).send({ reason: 'the Player held 9' }).expect(200);
    const first = await http().post(`/rapid/tables/${TABLE}/rounds/r3/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect(first.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'AtsSettlementRecalculated', accountId: account, movementCents: 16_000, owedToPlayerCents: 16_000 })]));

    // Frozen again for review: no account is open at the table, yet the owed amount is money the correction may take back.
    const frozen = await http().post(`/rapid/tables/${TABLE}/rounds/r3/freeze`).set('Authorization', DEALER).send({ reason: 'the WND showed a tie' }).expect(200);
    expect(frozen.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'RapidAccountsFrozen', accountIds: [] })]));
    const refused = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_FROZEN', clause: 'Rapid 11.11', field: 'accountId' });
    expect(refused.body.message).toContain(account);
    expect(refused.body.message).toContain('r3');
    expect(refused.body.message).toMatch(/review first/);

    // The review finds a tie: the Player wager is returned (8,000), so 8,000 of the 16,000 owed is taken back, none lost.
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/r3/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.tie).expect(200);
    expect(corrected.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'AtsSettlementRecalculated', accountId: account, movementCents: -8_000, unrecoveredCents: 0, owedToPlayerCents: 8_000 })]));
    const paid = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    expect(paid.body.events).toEqual([expect.objectContaining({ type: 'AtsOwedAmountPaid', amountCents: 8_000 })]);
    // The player had 10,000 in, 2,000 + 8,000 out: the tie returned the stake, the house is square.
    expect((await http().get(`/rapid/accounts/${account}`).set('Authorization', DEALER).expect(200)).body).toMatchObject({ status: 'closed', balanceCents: 0 });
  });
});
