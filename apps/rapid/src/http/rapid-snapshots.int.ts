/**
 * Rapid 6: an account's balance is the sum of its movements, also when it is loaded from a snapshot. A settlement
 * that carries several accounts past their snapshot point saves their snapshots together after the COMMIT; a
 * fresh service instance (no cached state) then loads every account from them and shows the same balances and
 * settles the next round from there (real PostgreSQL, through HTTP).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RS1';
const STATIONS = Array.from({ length: 3 }, (_, i) => ({ atsId: `${TABLE}-ATS${i + 1}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-5');
const BUY_IN = 1_000_000;
/** Account events a round adds: the wagers shown, then their settlement. 40 is the account stream's snapshot interval. */
const ROUNDS = 22;

describe('Rapid 6: balances loaded from snapshots taken at settlement', () => {
  let db: TestDatabase;
  const apps: INestApplication[] = [];
  const accounts: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('rapid_snapshots', 6);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  const start = async () => {
    const app = await startRapidApp({ url: db.url, poolSize: 6 });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    return (await app.getUrl()).replace('[::1]', '127.0.0.1');
  };
  const balances = (base: string) => Promise.all(STATIONS.map(async (s, i) => (await request(base).get(`/rapid/accounts/${accounts[i]}/reconciliation`).set('Authorization', atsBearer(s.atsId)).expect(200)).body));
  const playRound = async (base: string, round: number) => {
    const roundId = `R${round}`;
    await request(base).post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    for (const [i, s] of STATIONS.entries()) {
      await request(base).put(`/rapid/accounts/${accounts[i]}/wagers`).set('Authorization', atsBearer(s.atsId)).send({ wagers: [{ bet: i % 2 ? 'player' : 'banker', amountCents: 1_000 * (i + 1) + 100 * round }] }).expect(200);
    }
    await request(base).post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    await request(base).post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(round % 2 ? OUTCOMES.bankerWins : OUTCOMES.playerWins).expect(200);
  };

  it('Rapid 6, 4.8: every account snapshotted at settlement; a fresh instance shows the same balances and settles on from them', async () => {
    const first = await start();
    await request(first).post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS }).expect(201);
    for (const s of STATIONS) {
      const r = await request(first).post(`/rapid/tables/${TABLE}/ats/${s.atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accounts.push(r.body.account.accountId);
    }
    for (let round = 1; round <= ROUNDS; round++) await playRound(first, round);

    const snapshots = await db.pool.query<{ stream_id: string; version: number }>(`SELECT stream_id, version FROM rapid.snapshots WHERE stream_id LIKE 'rapid-account-%' ORDER BY stream_id`);
    expect(snapshots.rows.map((r) => r.stream_id).sort()).toEqual(accounts.map((a) => `rapid-account-${a}`).sort());
    expect(snapshots.rows.every((r) => r.version >= 40)).toBe(true);

    const seen = await balances(first);
    for (const r of seen) expect(r.balanceCents).toBe(r.sumOfMovementsCents);
    const fresh = await start();
    expect(await balances(fresh)).toEqual(seen);
    await playRound(fresh, ROUNDS + 1);
    const after = await balances(fresh);
    for (const r of after) expect(r.balanceCents).toBe(r.sumOfMovementsCents);
    expect(await balances(first)).toEqual(after);
  });
});
