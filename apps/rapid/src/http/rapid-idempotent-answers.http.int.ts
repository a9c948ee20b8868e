/**
 * Rapid Baccarat through HTTP against the real PostgreSQL: a command retried with its Idempotency-Key is recorded
 * once and answered as the first time (the first answer replayed, marked Idempotent-Replayed, with every event
 * it carried: every stream it and its follow-ups appended to), even when the rules would now refuse it; and a
 * regulator of another jurisdiction reads no Rapid record.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RT2';
const STATIONS = [1, 2, 3].map((n) => ({ atsId: `${TABLE}-A${n}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-7');
const MANAGER = bearer(['area-manager'], 'am-7');
const NSW_REGULATOR = bearer(['regulator'], 'ilgnsw-1', ['NSW']);
const VIC_REGULATOR = bearer(['regulator'], 'vgccc-1', ['VIC']);

interface Answer {
  readonly events: { type: string }[];
  readonly duplicate: boolean;
}

describe('Idempotency: a retried Rapid command answers what the first did', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  const [a1, a2, a3] = STATIONS.map((s) => s.atsId);

  /** Sends the command twice under one key: the retry is the first answer replayed, with its events in order. */
  const twice = async (send: () => request.Test, status: number): Promise<Answer> => {
    const first = (await send().expect(status)).body as Answer;
    const retry = await send().expect(status);
    expect(first.duplicate).toBe(false);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
    return first;
  };
  const outcome = (roundId: string, key: string, cards: { playerCards: readonly string[]; bankerCards: readonly string[] } = OUTCOMES.bankerWins) =>
    http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).set('Idempotency-Key', key).send(cards);
  const draw = (roundId: string) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
  const correction = () => http().post(`/rapid/tables/${TABLE}/rounds/r1/corrected-outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'correct-r1').send(OUTCOMES.playerWins);

  beforeAll(async () => {
    db = await createTestDatabase('rapid_idempotent', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('table creation: the retry answers RapidTableOpened and RapidTableRegistered', async () => {
    const table = { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS };
    const first = await twice(() => http().post('/rapid/tables').set('Authorization', MANAGER).set('Idempotency-Key', 'open-rt2').send(table), 201);
    expect(first.events.map((e) => e.type)).toContain('RapidTableRegistered');
  });

  it('buy-in: the retry answers the account opened and the station assigned (Rapid 6.3)', async () => {
    const buyIn = (atsId: string) => http().post(`/rapid/tables/${TABLE}/ats/${atsId}/buy-in`).set('Authorization', DEALER).set('Idempotency-Key', `buy-${atsId}`).send({ tender: 'cash', amountCents: 10_000 });
    const firsts = new Map<string, Answer>();
    for (const atsId of [a1, a2, a3]) {
      const first = (await buyIn(atsId).expect(201)).body as Answer;
      firsts.set(atsId, first);
      accountOf.set(atsId, (first.events[0] as unknown as { accountId: string }).accountId);
    }
    for (const atsId of [a1, a2, a3]) {
      const retry = await buyIn(atsId).expect(201);
      expect(firsts.get(atsId)!.events.map((e) => e.type)).toEqual(['AtsAccountOpened', 'RapidStationAccountAssigned']);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(firsts.get(atsId));
    }
  });

  it('outcome: the retry answers the close, the outcome, every account settled and the round settled (Rapid 4.8)', async () => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'r1' }).expect(201);
    for (const atsId of [a1, a2]) await http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', bearer(['ats'], atsId)).send({ wagers: [{ bet: 'banker', amountCents: 1_000 }] }).expect(200);
    await draw('r1');
    const first = await twice(() => outcome('r1', 'outcome-r1'), 200);
    expect(first.events.map((e) => e.type)).toEqual(['RapidOutcomeEntered', 'AtsWagersSettled', 'AtsWagersSettled', 'RapidRoundSettled']);
  });

  it('freeze: the retry answers every account frozen (Rapid 11.11)', async () => {
    const first = await twice(() => http().post(`/rapid/tables/${TABLE}/rounds/r1/freeze`).set('Authorization', DEALER).set('Idempotency-Key', 'freeze-r1').send({ reason: 'Banker entered; the Player held 9' }), 200);
    expect(first.events.filter((e) => e.type === 'AtsAccountFrozen')).toHaveLength(3);
  });

  it('correction: the retry answers the recalculation and every release (Rapid 11.11)', async () => {
    const first = await twice(correction, 200);
    expect(first.events.filter((e) => e.type === 'AtsAccountReleased')).toHaveLength(3);
  });

  it('Rapid 11.11 with retries: a correction retried after its round left the last 5 rounds answers what it did, not ROUND_NO_LONGER_HELD', async () => {
    const first = (await correction().expect(200)).body as Answer;
    for (let n = 2; n <= 7; n++) {
      await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: `r${n}` }).expect(201);
      await draw(`r${n}`);
      await outcome(`r${n}`, `outcome-r${n}`).expect(200);
    }
    // A new correction of the round is refused: it is no longer held.
    await http().post(`/rapid/tables/${TABLE}/rounds/r1/corrected-outcome`).set('Authorization', DEALER).set('Idempotency-Key', 'correct-r1-again').send(OUTCOMES.tie).expect(409);
    const retry = await correction().expect(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
  });

  it('cash-out: the retry answers the payout and the station released (Rapid 6.7.1)', async () => {
    const first = await twice(() => http().post(`/rapid/accounts/${accountOf.get(a3)}/cash-out`).set('Authorization', DEALER).set('Idempotency-Key', 'cash-a3').send({ method: 'chips' }), 200);
    expect(first.events.map((e) => e.type)).toEqual(['AtsAccountCashedOut', 'RapidStationAccountReleased']);
  });

  describe('Rapid Baccarat records are VIC records: a regulator of another jurisdiction reads none of them', () => {
    it('the table and its feed are refused 403 OUT_OF_JURISDICTION to an NSW regulator, and read by a VIC one', async () => {
      const table = await http().get(`/rapid/tables/${TABLE}`).set('Authorization', NSW_REGULATOR).expect(403);
      expect(table.body).toMatchObject({ code: 'OUT_OF_JURISDICTION' });
      expect(table.body.message).toContain('VIC');
      const feed = await http().get(`/rapid/tables/${TABLE}/feed`).set('Authorization', NSW_REGULATOR).expect(403);
      expect(feed.body).toMatchObject({ code: 'OUT_OF_JURISDICTION' });
      await http().get(`/rapid/tables/${TABLE}`).set('Authorization', VIC_REGULATOR).expect(200);
    });
  });
});
