/**
 * Rapid Baccarat through HTTP against the real PostgreSQL: a credit from play set off against what the player kept of
 * an earlier recovery (Rapid 11.11 with 6.7.1), later corrected downward, first undoes that set-off, the kept money going
 * back to the round it came from; only the rest moves the balance, never the player's buy-in or note-acceptor money.
 * The balance, what is unrecovered, the account's reconciliation and the regulator's register say so to the cent.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'TU';
const A1 = 'TU-A1';
const DEALER = bearer(['dealer'], 'dealer-9');
const MANAGER = bearer(['area-manager'], 'am-9');
const REGULATOR = bearer(['regulator'], 'vgccc-9', ['VIC']);

type Report = {
  register: { kind: string; roundId: string | null; roundNumber: number | null; details: Record<string, unknown> }[];
  rounds: { roundId: string; unrecoveredCents: number }[];
  totals: { unrecoveredCents: number };
};
type Recalculated = { type: string; movementCents: number; balanceAfterCents: number; unrecoveredCents: number; setOff?: unknown; setOffUndone?: unknown };

describe('Rapid 11.11 with 6.7.1 over HTTP: a credit from play set off, later corrected downward, first undoes its set-off', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  let account = '';
  const balance = async () => ((await http().get(`/rapid/accounts/${account}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number }).balanceCents;
  const reconciliation = async () => (await http().get(`/rapid/accounts/${account}/reconciliation`).set('Authorization', DEALER).expect(200)).body as { balanced: boolean; balanceCents: number; unrecoveredCents: number; setOffCents: number; movements: Record<string, unknown>[] };
  const report = async () => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  const start = async (roundId: string, wagers: { bet: string; amountCents: number }[]) => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    if (wagers.length) await http().put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(A1)).send({ wagers }).expect(200);
  };
  const finish = async (roundId: string, outcome: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    return http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(outcome).expect(200);
  };
  const correct = async (roundId: string, outcome: { playerCards: readonly string[]; bankerCards: readonly string[] }): Promise<Recalculated> => {
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'the cards were misread' }).expect(200);
    const r = await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(outcome).expect(200);
    return (r.body.events as Recalculated[]).find((e) => e.type === 'AtsSettlementRecalculated')!;
  };

  beforeAll(async () => {
    db = await createTestDatabase('rapid_set_off_undone', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: [{ atsId: A1, remote: false, printer: false }] }).expect(201);
    const r = await http().post(`/rapid/tables/${TABLE}/ats/${A1}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 20_000 }).expect(201);
    account = r.body.account.accountId as string;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.11 with 6.7.1: the audit: R3 and R4 corrected down undo their set-offs; the buy-in and the note-acceptor money stay on the balance; register and reconciliation to the cent', async () => {
    // R1: $50 on the Player, wrongly a Player win ($100 credited); R2: $200 staked; R1 corrected: $50 taken, $50 unrecovered.
    await start('TU-R1', [{ bet: 'player', amountCents: 5_000 }]);
    await finish('TU-R1', OUTCOMES.playerWins);
    await start('TU-R2', [{ bet: 'player', amountCents: 20_000 }]);
    expect(await correct('TU-R1', OUTCOMES.bankerWins)).toMatchObject({ movementCents: -5_000, balanceAfterCents: 0, unrecoveredCents: 5_000 });
    // A buy-in of $30: the player's new money, not set off. R2 lost.
    await http().post(`/rapid/tables/${TABLE}/ats/${A1}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 3_000 }).expect(201);
    await finish('TU-R2', OUTCOMES.bankerWins);
    expect(await balance()).toBe(3_000);
    // R3: $15 staked, credited $30, all set off (unrecovered $20, balance $15).
    await start('TU-R3', [{ bet: 'player', amountCents: 1_500 }]);
    await finish('TU-R3', OUTCOMES.playerWins);
    expect(await reconciliation()).toMatchObject({ balanceCents: 1_500, unrecoveredCents: 2_000, setOffCents: 3_000 });
    // R3 corrected to a Tie: its credit from play is $15, so its set-off shrinks to $15: balance $15, unrecovered $35.
    const r3 = await correct('TU-R3', OUTCOMES.tie);
    expect(r3).toMatchObject({ movementCents: 0, balanceAfterCents: 1_500, unrecoveredCents: 1_500, setOffUndone: { amountCents: 1_500, unrecoveredAfterCents: 3_500, rounds: [{ roundId: 'TU-R1', roundNumber: 1, amountCents: 1_500 }] } });
    expect(await reconciliation()).toMatchObject({ balanced: true, balanceCents: 1_500, unrecoveredCents: 3_500, setOffCents: 1_500 });

    // A note-acceptor $20. R4: $10 on the Player, a Tie ($10 back, set off), corrected to a Player win ($10 more, set off), then back to a Tie.
    await http().post(`/rapid/tables/${TABLE}/ats/${A1}/note-acceptor`).set('Authorization', atsBearer(A1)).send({ amountCents: 2_000 }).expect((res) => expect([200, 201]).toContain(res.status));
    expect(await balance()).toBe(3_500);
    await start('TU-R4', [{ bet: 'player', amountCents: 1_000 }]);
    await finish('TU-R4', OUTCOMES.tie);
    expect(await reconciliation()).toMatchObject({ balanceCents: 2_500, unrecoveredCents: 2_500 });
    expect(await correct('TU-R4', OUTCOMES.playerWins)).toMatchObject({ movementCents: 0, balanceAfterCents: 2_500, setOff: { amountCents: 1_000, unrecoveredAfterCents: 1_500 } });
    expect(await correct('TU-R4', OUTCOMES.tie)).toMatchObject({ movementCents: 0, balanceAfterCents: 2_500, setOffUndone: { amountCents: 1_000, unrecoveredAfterCents: 2_500, rounds: [{ roundId: 'TU-R1', amountCents: 1_000 }] } });
    const rec = await reconciliation();
    // $50 unrecovered of R1: $25 set off in all ($30 + $10 + $10 set off, $15 + $10 undone), $25 still kept.
    expect(rec).toMatchObject({ balanced: true, balanceCents: 2_500, unrecoveredCents: 2_500, setOffCents: 2_500 });
    expect(rec.movements.filter((m) => m.setOffUndoneCents !== undefined).map((m) => [m.setOffUndoneCents, m.unrecoveredAfterCents, m.movementCents])).toEqual([[1_500, 3_500, 0], [1_000, 2_500, 0]]);

    const r = await eventually('the set-offs undone in the register', async () => {
      const x = await report();
      return x.register.filter((g) => g.kind === 'unrecovered-set-off-undone').length === 2 ? x : false;
    });
    expect(r.register.find((g) => g.kind === 'unrecovered-set-off-undone' && g.roundId === 'TU-R3')).toMatchObject({
      roundNumber: 3,
      details: { accountId: account, setOffUndoneCents: 1_500, unrecoveredAfterCents: 3_500, setOffUndoneRounds: [{ roundId: 'TU-R1', roundNumber: 1, amountCents: 1_500 }], movementCents: 0, previousCreditCents: 3_000, creditCents: 1_500 },
    });
    expect(r.register.find((g) => g.kind === 'unrecovered-set-off-undone' && g.roundId === 'TU-R4')?.details).toMatchObject({ setOffUndoneCents: 1_000, unrecoveredAfterCents: 2_500 });
    // The rounds' unrecovered: R1 keeps what is still not recovered, $25; R3 and R4 none.
    const unrecovered = (roundId: string) => r.rounds.find((x) => x.roundId === roundId)?.unrecoveredCents;
    expect([unrecovered('TU-R1'), unrecovered('TU-R2'), unrecovered('TU-R3'), unrecovered('TU-R4')]).toEqual([2_500, 0, 0, 0]);
    expect(r.totals.unrecoveredCents).toBe(2_500);
  });
});
