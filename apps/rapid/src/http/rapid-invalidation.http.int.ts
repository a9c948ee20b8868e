/**
 * Rapid Baccarat through HTTP against the real PostgreSQL: the outcome of a game invalidated (Rapid 11.10, 13.3) and
 * every wager for that result refunded (13.4), by the role the rule gives, an account paid out since handled as a
 * correction handles it (what it cannot give back is unrecovered; what it is owed is owed to the player who left).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'TI';
const [A1, A2, A3] = ['TI-A1', 'TI-A2', 'TI-A3'];
const STATIONS = [A1, A2, A3].map((atsId) => ({ atsId, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-7');
const SUPERVISOR = bearer(['gaming-supervisor'], 'gs-7');
const MANAGER = bearer(['area-manager'], 'am-7');
const REGULATOR = bearer(['regulator'], 'vgccc-7', ['VIC']);

describe('Rapid Baccarat over HTTP: invalidation of an outcome (Rapid 11.10, 13.3-13.4)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  let roundNo = 0;
  const balance = async (atsId: string) => ((await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number }).balanceCents;
  const play = async (wagers: Record<string, { bet: string; amountCents: number }[]>, outcome: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    const roundId = `TI-R${++roundNo}`;
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    for (const [atsId, w] of Object.entries(wagers)) await http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers: w }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(outcome).expect(200);
    return roundId;
  };
  const invalidation = (roundId: string, token: string, body: Record<string, unknown>) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/invalidation`).set('Authorization', token).send(body);

  beforeAll(async () => {
    db = await createTestDatabase('rapid_invalidation', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS }).expect(201);
    for (const atsId of [A1, A2, A3]) {
      const r = await http().post(`/rapid/tables/${TABLE}/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
      accountOf.set(atsId, r.body.account.accountId);
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.10, 13.4: a Game Supervisor invalidates an outcome affected by an equipment failure: every wager for it refunded, credits taken back; the Dealer may not, nor a Game Supervisor on the grounds of 13.3', async () => {
    const roundId = await play({ [A1]: [{ bet: 'banker', amountCents: 10_000 }], [A2]: [{ bet: 'player', amountCents: 4_000 }] }, OUTCOMES.bankerWins);
    expect(await balance(A1)).toBe(59_500);
    expect(await balance(A2)).toBe(46_000);
    expect((await invalidation(roundId, DEALER, { ground: 'equipment-failure', reason: 'shoe reader misread' }).expect(403)).body).toMatchObject({ code: 'ROLE_NOT_PERMITTED' });
    expect((await invalidation(roundId, SUPERVISOR, { ground: 'fire', reason: 'evacuated' }).expect(403)).body).toMatchObject({ code: 'ROLE_NOT_PERMITTED', clause: 'Rapid 13.3.1' });
    const done = await invalidation(roundId, SUPERVISOR, { ground: 'equipment-failure', reason: 'shoe reader misread the third card' }).expect(200);
    const events = done.body.events as { type: string; accountId?: string }[];
    expect(events.find((e) => e.type === 'RapidOutcomeInvalidated')).toMatchObject({ roundId, roundNumber: roundNo, ground: 'equipment-failure', clause: 'Rapid 11.10; Rapid 13.4', accountIds: expect.arrayContaining([accountOf.get(A1), accountOf.get(A2)]) });
    expect(events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A1))).toMatchObject({ cause: 'invalidation', movementCents: -9_500 });
    expect(events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A2))).toMatchObject({ cause: 'invalidation', movementCents: 4_000 });
    expect(await balance(A1)).toBe(50_000);
    expect(await balance(A2)).toBe(50_000);
    expect((await invalidation(roundId, SUPERVISOR, { ground: 'equipment-failure', reason: 'again' }).expect(409)).body.code).toBe('OUTCOME_ALREADY_INVALIDATED');
    expect((await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'x' }).expect(409)).body).toMatchObject({ code: 'OUTCOME_INVALIDATED', clause: 'Rapid 13.4' });
    // The regulator's round: every wager refunded, nothing staked or credited, the house result nothing.
    const round = await eventually('the round refunded in the register', async () => {
      const r = (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as { rounds: { roundId: string; stakedCents: number; creditedCents: number; houseNetCents: number }[] };
      const found = r.rounds.find((x) => x.roundId === roundId);
      return found && found.stakedCents === 0 ? found : false;
    });
    expect(round).toMatchObject({ stakedCents: 0, creditedCents: 0, houseNetCents: 0 });
  });

  it('Rapid 13.3.2, 13.4 with 11.11, 6.7: a Casino Supervisor invalidates an outcome affected by fraud; a winner paid out since owes what cannot be recovered, a loser paid out since is owed the refund', async () => {
    const roundId = await play({ [A1]: [{ bet: 'banker', amountCents: 10_000 }], [A3]: [{ bet: 'player', amountCents: 5_000 }] }, OUTCOMES.bankerWins);
    for (const atsId of [A1, A3]) await http().post(`/rapid/accounts/${accountOf.get(atsId)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    const done = await invalidation(roundId, MANAGER, { ground: 'fraud', reason: 'marked cards found in the shoe' }).expect(200);
    const events = done.body.events as { type: string; accountId?: string }[];
    expect(events.find((e) => e.type === 'RapidOutcomeInvalidated')).toMatchObject({ ground: 'fraud', clause: 'Rapid 13.3.2; Rapid 13.4', authority: { minimumRole: 'area-manager', actedAs: 'area-manager' } });
    expect(events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A1))).toMatchObject({ cause: 'invalidation', movementCents: 0, unrecoveredCents: 9_500 });
    expect(events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A3))).toMatchObject({ cause: 'invalidation', movementCents: 5_000, owedToPlayerCents: 5_000 });
    const report = await eventually('the register records the invalidation', async () => {
      const r = (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as { register: { kind: string; roundId: string | null }[] };
      return r.register.some((x) => x.kind === 'outcome-invalidated' && x.roundId === roundId) ? r : false;
    });
    expect(report.register.filter((x) => x.roundId === roundId).map((x) => x.kind)).toEqual(expect.arrayContaining(['outcome-invalidated', 'recovery-shortfall', 'owed-to-player']));
  });
  it("Rapid 8.1, 1.1 'SGC' (a): a round id used before at the table, even for a round it no longer holds, is refused 409 naming that round; the round keeps its id", async () => {
    while (roundNo < 7) await play({}, OUTCOMES.playerWins);
    const refused = await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'TI-R1' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ROUND_ID_USED', message: expect.stringContaining('for round 1') });
    const recent = await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: `TI-R${roundNo}` }).expect(409);
    expect(recent.body).toMatchObject({ code: 'ROUND_ID_USED', message: expect.stringContaining(`for round ${roundNo}`) });
  });
  it('Rapid 13.3.1, 13.4: an Act of God during the wagering period: the Casino Supervisor invalidates the game before its outcome, every wager shown refunded; the round takes no outcome and the next one starts', async () => {
    const roundId = `TI-R${++roundNo}`;
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    const before = await balance(A2);
    await http().put(`/rapid/accounts/${accountOf.get(A2)}/wagers`).set('Authorization', atsBearer(A2)).send({ wagers: [{ bet: 'player', amountCents: 3_000 }] }).expect(200);
    expect(await balance(A2)).toBe(before - 3_000);
    expect((await invalidation(roundId, SUPERVISOR, { ground: 'act-of-god', reason: 'earthquake' }).expect(403)).body).toMatchObject({ code: 'ROLE_NOT_PERMITTED', clause: 'Rapid 13.3.1' });
    const done = await invalidation(roundId, MANAGER, { ground: 'act-of-god', reason: 'earthquake: the room evacuated' }).expect(200);
    const events = done.body.events as { type: string; accountId?: string }[];
    expect(events.find((e) => e.type === 'RapidOutcomeInvalidated')).toMatchObject({ roundId, ground: 'act-of-god', outcome: null, beforeOutcome: true, clause: 'Rapid 13.3.1; Rapid 13.4' });
    expect(events.find((e) => e.type === 'AtsWagersReturned' && e.accountId === accountOf.get(A2))).toMatchObject({ reason: 'outcome-invalidated', movementCents: 3_000, clause: 'Rapid 13.3.1; Rapid 13.4' });
    expect(await balance(A2)).toBe(before);
    expect((await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(409)).body.code).toBe('ROUND_VOID');
    await play({}, OUTCOMES.playerWins);
  });

  it('Rapid 13.4 with 11.11: an outcome corrected after the winner was paid out, then invalidated: the stake refunded is set off against what the player kept, nothing is owed or paid', async () => {
    const bought = await http().post(`/rapid/tables/${TABLE}/ats/${A1}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
    const account = bought.body.account.accountId as string;
    accountOf.set(A1, account);
    const roundId = await play({ [A1]: [{ bet: 'player', amountCents: 10_000 }] }, OUTCOMES.playerWins);
    await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'Player entered; the Banker held 9' }).expect(200);
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    expect((corrected.body.events as { type: string; accountId?: string }[]).find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === account)).toMatchObject({ movementCents: 0, unrecoveredCents: 20_000 });
    const done = await invalidation(roundId, MANAGER, { ground: 'fraud', reason: 'the shoe was stacked' }).expect(200);
    expect((done.body.events as { type: string; accountId?: string }[]).find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === account)).toMatchObject({
      cause: 'invalidation',
      movementCents: 0,
      unrecoveredCents: -10_000,
      owedToPlayerCents: 0,
      setOff: { amountCents: 10_000, unrecoveredAfterCents: 10_000 },
    });
    // Nothing to pay the player who left: a manual payment is refused, and the regulator sees the set-off, not a debt.
    expect((await http().post(`/rapid/accounts/${account}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'refund' }).expect(409)).body.code).toBe('NOTHING_TO_PAY');
    const report = await eventually('the register records the set-off', async () => {
      const r = (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as {
        register: { kind: string; roundId: string | null; details: Record<string, unknown> }[];
        rounds: { roundId: string; unrecoveredCents: number }[];
        owedToPlayers: { accountId: string }[];
      };
      return r.register.some((x) => x.kind === 'unrecovered-set-off' && x.roundId === roundId) ? r : false;
    });
    expect(report.register.find((x) => x.kind === 'unrecovered-set-off' && x.roundId === roundId)?.details).toMatchObject({ accountId: account, setOffCents: 10_000, unrecoveredAfterCents: 10_000 });
    expect(report.owedToPlayers.filter((o) => o.accountId === account)).toEqual([]);
    expect(report.rounds.find((x) => x.roundId === roundId)?.unrecoveredCents).toBe(10_000);
  });
});
