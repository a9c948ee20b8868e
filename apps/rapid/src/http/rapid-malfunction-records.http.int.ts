/**
 * Rapid Baccarat through HTTP against the real PostgreSQL, on what an audit through the API found about wagers the
 * records confirm after a malfunction (11.14(b)): they are held to the permitted aggregate like any wagers (5.3.3),
 * the regulator's round totals stay the sum of what each account's round counts for the coup, and they need an
 * account of the failed ATS in the round.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'AG1';
const STATIONS = [1, 2, 3, 4].map((n) => ({ atsId: `${TABLE}-A${n}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-7');
const MANAGER = bearer(['area-manager'], 'am-7');
const REGULATOR = bearer(['regulator'], 'vgccc-7', ['VIC']);
const BUY_IN = 10_000;
const AGGREGATE = 2_500;

interface RoundRow {
  readonly roundId: string;
  readonly stakedCents: number;
  readonly creditedCents: number;
  readonly houseNetCents: number;
}
interface Report {
  readonly register: { kind: string; roundId: string | null; details: Record<string, unknown> }[];
  readonly rounds: RoundRow[];
}

describe('Rapid Baccarat over HTTP: wagers the records confirm after a malfunction (Rapid 11.14(b) with 5.3.3)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  const [a1, a2, a3, a4] = STATIONS.map((s) => s.atsId);

  const report = async (): Promise<Report> => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  const account = async (atsId: string) => (await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', atsBearer(atsId)).expect(200)).body as { balanceCents: number };
  const round = async (roundId: string) => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
  };
  const wager = (atsId: string, wagers: { bet: string; amountCents: number }[]) => http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers }).expect(200);
  const draw = (roundId: string) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
  const outcome = (roundId: string, playerCards: string[], bankerCards: string[]) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send({ playerCards, bankerCards }).expect(200);
  const malfunction = (roundId: string, body: Record<string, unknown>) =>
    http()
      .post(`/rapid/tables/${TABLE}/rounds/${roundId}/malfunctions`)
      .set('Authorization', DEALER)
      .send({ scope: 'ats', description: 'touch screen froze', confirmedFromRecords: true, occurredAt: new Date().toISOString(), ...body });
  /** The round's row once the register has read `until` events about it. */
  const roundRow = (roundId: string, seen: (r: Report) => boolean) =>
    eventually(`the register's totals of round ${roundId}`, async () => {
      const r = await report();
      const row = r.rounds.find((x) => x.roundId === roundId);
      return row && seen(r) ? row : false;
    });

  beforeAll(async () => {
    db = await createTestDatabase('rapid_records', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    const table = { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, aggregateMinimumCents: AGGREGATE, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS };
    await http().post('/rapid/tables').set('Authorization', MANAGER).send(table).expect(201);
    for (const atsId of [a1, a2, a3]) {
      const r = await http().post(`/rapid/tables/${TABLE}/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accountOf.set(atsId, r.body.account.accountId);
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 5.3.3 with 11.14(b): confirmed wagers below the permitted aggregate are not recognised for the coup: returned, neither staked nor credited', async () => {
    const before = (await account(a1)).balanceCents;
    await round('r1');
    await wager(a1, [{ bet: 'banker', amountCents: 3_000 }]);
    await draw('r1');
    await outcome('r1', ['2H', 'KS'], ['9D', 'QC']);
    expect((await account(a1)).balanceCents).toBe(before + 2_850);
    const confirmed = await malfunction('r1', { atsId: a1, confirmedWagers: [{ bet: 'banker', amountCents: 1_000 }, { bet: 'tie', amountCents: 1_000 }] }).expect(201);
    const recalculated = (confirmed.body.events as { type: string }[]).find((e) => e.type === 'AtsSettlementRecalculated');
    expect(recalculated).toMatchObject({ notRecognised: { reason: 'below-aggregate', returnedCents: 2_000, clause: 'Rapid 5.3.3' }, counted: { stakedCents: 0, creditedCents: 0 }, movementCents: -2_850 });
    // The account is as if the wagers had never been placed: what the records confirm is returned (5.3.3).
    expect((await account(a1)).balanceCents).toBe(before);
    const row = await roundRow('r1', (r) => r.register.some((x) => x.roundId === 'r1' && x.kind === 'malfunction-ats'));
    expect(row).toMatchObject({ stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
  });

  it("Rapid 5.3.3: after a confirmation the register's round totals are the sum of what each account's round counts for the coup (wagers returned earlier are not taken off twice)", async () => {
    await round('r2');
    await wager(a2, [{ bet: 'player', amountCents: 1_000 }, { bet: 'tie', amountCents: 1_000 }]);
    await wager(a1, [{ bet: 'banker', amountCents: 3_000 }]);
    await draw('r2');
    await outcome('r2', ['9H', 'KS'], ['2D', '3C']);
    expect(await roundRow('r2', () => true)).toMatchObject({ stakedCents: 3_000, creditedCents: 0 });
    const a2Before = (await account(a2)).balanceCents;
    await malfunction('r2', { atsId: a2, confirmedWagers: [{ bet: 'player', amountCents: 1_500 }, { bet: 'tie', amountCents: 1_000 }] }).expect(201);
    expect((await account(a2)).balanceCents).toBe(a2Before - 2_500 + 3_000);
    const row = await roundRow('r2', (r) => r.register.some((x) => x.roundId === 'r2' && x.kind === 'malfunction-ats'));
    expect(row).toMatchObject({ stakedCents: 5_500, creditedCents: 3_000, houseNetCents: 2_500 });
    // Confirmed again below the aggregate: back to A1's round alone.
    await malfunction('r2', { atsId: a2, confirmedWagers: [{ bet: 'player', amountCents: 1_000 }] }).expect(201);
    expect((await account(a2)).balanceCents).toBe(a2Before);
    const again = await roundRow('r2', (r) => r.register.filter((x) => x.roundId === 'r2' && x.kind === 'malfunction-ats').length === 2);
    expect(again).toMatchObject({ stakedCents: 3_000, creditedCents: 0, houseNetCents: 3_000 });
  });

  it('Rapid 11.14(b): confirmed wagers of an ATS with no account in the round are refused 422 naming the ATS and the clause; confirmed wagers are recorded as settle-as-confirmed', async () => {
    await round('r3');
    await wager(a1, [{ bet: 'banker', amountCents: 3_000 }]);
    await draw('r3');
    await outcome('r3', ['2H', 'KS'], ['9D', 'QC']);
    const before = (await account(a3)).balanceCents;
    for (const atsId of [a3, a4]) {
      const refused = await malfunction('r3', { atsId, confirmedWagers: [{ bet: 'banker', amountCents: 5_000 }] }).expect(422);
      expect(refused.body.message).toContain(atsId);
      expect(refused.body.message).toContain('Rapid 11.14(b)');
      expect(refused.body.clause).toContain('Rapid 11.14(b)');
    }
    expect((await account(a3)).balanceCents).toBe(before);
    const confirmed = await malfunction('r3', { atsId: a1, confirmedWagers: [{ bet: 'player', amountCents: 3_000 }] }).expect(201);
    expect(confirmed.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'RapidMalfunctionRecorded', effect: 'settle-as-confirmed' })]));
    const asRecorded = await malfunction('r3', { atsId: a1 }).expect(201);
    expect(asRecorded.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'RapidMalfunctionRecorded', effect: 'settle-as-recorded' })]));
    const r = await eventually('the register rows of round r3', async () => {
      const x = await report();
      return x.register.filter((row) => row.roundId === 'r3' && row.kind === 'malfunction-ats').length === 2 ? x : false;
    });
    expect(r.register.filter((row) => row.roundId === 'r3' && row.kind === 'malfunction-ats').map((row) => row.details.effect)).toEqual(['settle-as-confirmed', 'settle-as-recorded']);
  });
  it('Rapid 11.15(b), 11.16: a round voided by a game system malfunction after expiry, the wagers unconfirmable, answers an outcome citing the clause it was voided under', async () => {
    await round('r4');
    await wager(a1, [{ bet: 'banker', amountCents: 3_000 }]);
    await draw('r4');
    const voided = await malfunction('r4', { scope: 'game-system', confirmedFromRecords: false, description: 'the SGC lost the wagers' }).expect(201);
    expect(voided.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'RapidMalfunctionRecorded', effect: 'void', clause: 'Rapid 11.15(b); Rapid 11.16' })]));
    const refused = await http().post(`/rapid/tables/${TABLE}/rounds/r4/outcome`).set('Authorization', DEALER).send({ playerCards: ['2H', 'KS'], bankerCards: ['9D', 'QC'] }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ROUND_VOID', clause: 'Rapid 11.15(b); Rapid 11.16' });
    expect(refused.body.message).not.toContain('11.15(a)');
  });
});
