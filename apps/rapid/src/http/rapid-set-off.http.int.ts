/**
 * Rapid Baccarat through HTTP against the real PostgreSQL: a wrong credit the player had staked on the next round when
 * the correction came (Rapid 11.11: the recovery never takes the balance below zero) is taken back from the next
 * credit to the open account from play, the account as corrected being what the player is entitled to (6.7.1); the
 * balance, the cash-out, the account's reconciliation and the regulator's register say so to the cent.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'TS';
const A3 = 'TS-A3';
const DEALER = bearer(['dealer'], 'dealer-8');
const MANAGER = bearer(['area-manager'], 'am-8');
const REGULATOR = bearer(['regulator'], 'vgccc-8', ['VIC']);

type Report = {
  register: { kind: string; roundId: string | null; roundNumber: number | null; details: Record<string, unknown> }[];
  rounds: { roundId: string; stakedCents: number; creditedCents: number; unrecoveredCents: number; houseNetCents: number }[];
  totals: { rounds: number; stakedCents: number; creditedCents: number; unrecoveredCents: number; houseNetCents: number; owedToPlayersCents: number };
};

describe('Rapid 11.11 with 6.7.1 over HTTP: a wrong credit staked on the next round is set off against that round\'s credit', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  let account = '';
  const balance = async () => ((await http().get(`/rapid/accounts/${account}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number }).balanceCents;
  const report = async () => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  const start = async (roundId: string, wagers: { bet: string; amountCents: number }[]) => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    if (wagers.length) await http().put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(A3)).send({ wagers }).expect(200);
  };
  const finish = async (roundId: string, outcome: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    return http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(outcome).expect(200);
  };

  beforeAll(async () => {
    db = await createTestDatabase('rapid_set_off', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: [{ atsId: A3, remote: false, printer: false }] }).expect(201);
    const r = await http().post(`/rapid/tables/${TABLE}/ats/${A3}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
    account = r.body.account.accountId as string;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.11 with 6.7.1: round 1 wrongly credited 20,000 and the whole balance staked on round 2 when it is corrected: round 2 credits 120,000 less the 20,000 kept, the cash-out pays 100,000 and the register shows the set-off', async () => {
    // Round 1: 10,000 on the Player, entered as a Player win: credited 20,000 (balance 60,000).
    await start('TS-R1', [{ bet: 'player', amountCents: 10_000 }]);
    await finish('TS-R1', OUTCOMES.playerWins);
    expect(await balance()).toBe(60_000);
    // Round 2: the whole balance staked on the Player (balance 0).
    await start('TS-R2', [{ bet: 'player', amountCents: 60_000 }]);
    expect(await balance()).toBe(0);
    // Round 1 frozen and corrected to a Banker win: 20,000 to take back, nothing on the balance: 20,000 unrecovered.
    await http().post(`/rapid/tables/${TABLE}/rounds/TS-R1/freeze`).set('Authorization', DEALER).send({ reason: 'Player entered; the Banker held 7' }).expect(200);
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/TS-R1/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    expect((corrected.body.events as { type: string }[]).find((e) => e.type === 'AtsSettlementRecalculated')).toMatchObject({ movementCents: 0, unrecoveredCents: 20_000 });
    const shortfall = await eventually('the shortfall in the register', async () => {
      const r = await report();
      return r.register.some((x) => x.kind === 'recovery-shortfall' && x.roundId === 'TS-R1') ? r : false;
    });
    expect(shortfall.rounds.find((x) => x.roundId === 'TS-R1')?.unrecoveredCents).toBe(20_000);

    // Round 2 settles, a Player win: 120,000 credited, the 20,000 the player kept set off, 100,000 moves.
    await finish('TS-R2', OUTCOMES.playerWins);
    expect(await balance()).toBe(100_000);
    const rec = (await http().get(`/rapid/accounts/${account}/reconciliation`).set('Authorization', DEALER).expect(200)).body as { balanced: boolean; balanceCents: number; unrecoveredCents: number; setOffCents: number; movements: Record<string, unknown>[] };
    expect(rec).toMatchObject({ balanced: true, balanceCents: 100_000, unrecoveredCents: 0, setOffCents: 20_000 });
    expect(rec.movements.find((m) => m.type === 'AtsWagersSettled' && m.creditCents === 120_000)).toMatchObject({ movementCents: 100_000, balanceAfterCents: 100_000, setOffCents: 20_000, unrecoveredAfterCents: 0, setOffRounds: [{ roundId: 'TS-R1', roundNumber: 1, amountCents: 20_000 }] });

    // The account as corrected is what the player is paid (6.7.1): 100,000.
    const paid = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    expect(paid.body).toMatchObject({ balanceCents: 0, status: 'closed', events: expect.arrayContaining([expect.objectContaining({ type: 'AtsAccountCashedOut', amountCents: 100_000 })]) });

    const r = await eventually('the set-off in the register', async () => {
      const x = await report();
      return x.register.some((g) => g.kind === 'unrecovered-set-off' && g.roundId === 'TS-R2') ? x : false;
    });
    expect(r.register.find((g) => g.kind === 'unrecovered-set-off' && g.roundId === 'TS-R2')).toMatchObject({
      roundNumber: 2,
      details: { accountId: account, setOffCents: 20_000, unrecoveredAfterCents: 0, setOffRounds: [{ roundId: 'TS-R1', roundNumber: 1, amountCents: 20_000 }], creditCents: 120_000, movementCents: 100_000 },
    });
    // Round 1: staked 10,000, credited nothing as corrected, nothing kept any more; round 2: staked 60,000, credited 120,000.
    expect(r.rounds.find((x) => x.roundId === 'TS-R1')).toMatchObject({ stakedCents: 10_000, creditedCents: 0, unrecoveredCents: 0, houseNetCents: 10_000 });
    expect(r.rounds.find((x) => x.roundId === 'TS-R2')).toMatchObject({ stakedCents: 60_000, creditedCents: 120_000, unrecoveredCents: 0, houseNetCents: -60_000 });
    // What the accounts moved: 50,000 bought in, 100,000 paid out: the house is 50,000 down, to the cent.
    expect(r.totals).toMatchObject({ rounds: 2, stakedCents: 70_000, creditedCents: 120_000, unrecoveredCents: 0, houseNetCents: -50_000, owedToPlayersCents: 0 });
  });
});
