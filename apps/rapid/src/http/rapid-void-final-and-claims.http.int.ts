/**
 * Rapid Baccarat through HTTP against the real PostgreSQL, on what an independent audit through the API found still
 * open: void wagers stay void after the outcome too (11.14-11.16), a correction first reduces a printer-fault ticket
 * not yet paid (6.7.2(b) with 11.11), a claim about an outcome names its round (11.12), a malfunction of an ATS names
 * it (11.14), and a round the table no longer holds is refused naming the limit, not "not found" (11.12).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'TA';
const [A1, A2, A3, R1] = ['X-A1', 'X-A2', 'X-A3', 'X-R1'];
const STATIONS = [A1, A2, A3].map((atsId) => ({ atsId, remote: false, printer: false })).concat([{ atsId: R1, remote: true, printer: true }]);
const DEALER = bearer(['dealer'], 'dealer-9');
const SUPERVISOR = bearer(['gaming-supervisor'], 'gs-9');
const MANAGER = bearer(['area-manager'], 'am-9');
const REGULATOR = bearer(['regulator'], 'vgccc-9', ['VIC']);

interface Report {
  readonly register: { kind: string; roundId: string | null; details: Record<string, unknown> }[];
  readonly owedToPlayers: { accountId: string; owedCents: number; cause: string }[];
}

describe('Rapid Baccarat over HTTP: void is final, printer-fault debts, claims and rounds (Rapid 11.12, 11.14-11.16, 6.7.2(b))', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  let roundNo = 0;

  const balance = async (atsId: string) => ((await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', DEALER).expect(200)).body as { balanceCents: number }).balanceCents;
  /** A round: the wagers placed, cards drawn, the outcome entered and settled. */
  const play = async (wagers: Record<string, { bet: string; amountCents: number }[]>, outcome: { playerCards: readonly string[]; bankerCards: readonly string[] }) => {
    const roundId = `TA-R${++roundNo}`;
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
    for (const [atsId, w] of Object.entries(wagers)) await http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers: w }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(outcome).expect(200);
    return roundId;
  };
  const malfunction = (roundId: string, body: Record<string, unknown>) =>
    http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/malfunctions`).set('Authorization', DEALER).send({ description: 'touch screen froze', occurredAt: new Date().toISOString(), ...body });
  const report = async (): Promise<Report> => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  /**
   * The report once its projection has caught up: the register is a read model the consumer builds after the command
   * answered, so "nothing is recorded" compares reports read when two reads a moment apart agree.
   */
  const settledReport = async (): Promise<Report> => {
    let last = await report();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const next = await report();
      if (next.register.length === last.register.length) return next;
      last = next;
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('rapid_void_final', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, aggregateMinimumCents: 3_000, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS }).expect(201);
    for (const atsId of [A1, A2, A3]) {
      const r = await http().post(`/rapid/tables/${TABLE}/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
      accountOf.set(atsId, r.body.account.accountId);
    }
    const r = await http().post(`/rapid/tables/${TABLE}/ats/${R1}/note-acceptor`).set('Authorization', atsBearer(R1)).send({ amountCents: 30_000 }).expect(201);
    accountOf.set(R1, r.body.account.accountId);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.14(b), 11.16: wagers of an ATS voided after the outcome are not reinstated by a later record confirming them: 409 WAGERS_ALREADY_VOID, nothing paid', async () => {
    const roundId = await play({ [A2]: [{ bet: 'banker', amountCents: 4_000 }] }, OUTCOMES.bankerWins);
    await malfunction(roundId, { scope: 'ats', atsId: A2, confirmedFromRecords: false }).expect(201);
    const afterVoid = await balance(A2);
    expect(afterVoid).toBe(50_000);
    const refused = await malfunction(roundId, { scope: 'ats', atsId: A2, confirmedFromRecords: true, confirmedWagers: [{ bet: 'banker', amountCents: 4_000 }] }).expect(409);
    expect(refused.body).toMatchObject({ code: 'WAGERS_ALREADY_VOID', clause: 'Rapid 11.14' });
    expect(await balance(A2)).toBe(afterVoid);
  });

  it('Rapid 11.15(b), 11.16: wagers a game system malfunction voided after the outcome are not reinstated for one ATS: 409 WAGERS_ALREADY_VOID, nothing paid', async () => {
    const roundId = await play({ [A1]: [{ bet: 'player', amountCents: 5_000 }] }, OUTCOMES.playerWins);
    await malfunction(roundId, { scope: 'game-system', confirmedFromRecords: false }).expect(201);
    const afterVoid = await balance(A1);
    expect(afterVoid).toBe(50_000);
    const refused = await malfunction(roundId, { scope: 'ats', atsId: A1, confirmedFromRecords: true, confirmedWagers: [{ bet: 'player', amountCents: 5_000 }] }).expect(409);
    expect(refused.body.code).toBe('WAGERS_ALREADY_VOID');
    expect(await balance(A1)).toBe(afterVoid);
  });

  it('Rapid 11.14: a malfunction of scope ats without atsId is refused 400 naming atsId and the clause, not 404', async () => {
    const roundId = `TA-R${roundNo}`;
    const refused = await malfunction(roundId, { scope: 'ats', confirmedFromRecords: true }).expect(400);
    expect(refused.body.violations).toEqual([expect.objectContaining({ field: 'atsId', message: expect.stringContaining('Rapid 11.14') })]);
  });

  it('Rapid 11.14: a malfunction of scope ats without atsId (or with atsId null) is refused 400 whose body names the field, the rule (code) and the clause at its top, as every other refusal; nothing is recorded, and a round never played with it is refused the same way, before the round is looked up', async () => {
    const roundId = `TA-R${roundNo}`;
    const before = await settledReport();
    for (const [round, body] of [
      [roundId, { scope: 'ats', confirmedFromRecords: true }],
      [roundId, { scope: 'ats', atsId: null, confirmedFromRecords: true }],
      ['TA-NEVER', { scope: 'ats', confirmedFromRecords: true }],
    ] as const) {
      const refused = await malfunction(round, body).expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'ATS_ID_REQUIRED', clause: 'Rapid 11.14', field: 'atsId', message: expect.stringContaining('give atsId') });
      expect(refused.body.violations).toEqual([expect.objectContaining({ field: 'atsId', rule: 'ATS_ID_REQUIRED' })]);
    }
    expect((await settledReport()).register).toHaveLength(before.register.length);
  });

  it('Rapid 11.14, 11.15: a game system malfunction that names an ATS is refused 400 naming atsId, the rule (code) and the clause, saying to choose; nothing is recorded, no wager voided', async () => {
    const roundId = `TA-R${roundNo}`;
    const before = await settledReport();
    const refused = await malfunction(roundId, { scope: 'game-system', atsId: A3, confirmedFromRecords: false }).expect(400);
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'ATS_ID_NOT_FOR_GAME_SYSTEM', clause: 'Rapid 11.14; Rapid 11.15', field: 'atsId', message: expect.stringContaining('scope "ats"') });
    expect(refused.body.violations).toEqual([expect.objectContaining({ field: 'atsId', rule: 'ATS_ID_NOT_FOR_GAME_SYSTEM' })]);
    expect((await settledReport()).register).toHaveLength(before.register.length);
  });

  it('Rapid 11.11, 6.7.2(b), 11.12, 11.10, 13.3-13.4, 8.3.3, 6.2-6.5: every 400 of the SGC and account routes names the field, the rule (code) and the clause at the top of the body and in violations; nothing is recorded', async () => {
    const roundId = `TA-R${roundNo}`;
    const before = await settledReport();
    const account = accountOf.get(A1);
    const cases: [string, string, string, Record<string, unknown>, string, string, string][] = [
      ['freeze without reason', `/rapid/tables/${TABLE}/rounds/${roundId}/freeze`, DEALER, {}, 'reason', 'FIELD_REQUIRED', 'Rapid 11.11'],
      ['manual payment without reason', `/rapid/accounts/${account}/manual-payment`, SUPERVISOR, {}, 'reason', 'FIELD_REQUIRED', 'Rapid 6.7.2(b); Rapid 11.11'],
      ['claim resolution without action', `/rapid/tables/${TABLE}/claims/ANY-CLAIM/resolution`, DEALER, { resolution: 'upheld' }, 'action', 'FIELD_REQUIRED', 'Rapid 11.12'],
      ['invalidation without ground', `/rapid/tables/${TABLE}/rounds/${roundId}/invalidation`, MANAGER, { reason: 'fire alarm' }, 'ground', 'FIELD_REQUIRED', 'Rapid 11.10; Rapid 13.3.1; Rapid 13.3.2; Rapid 13.4'],
      ['invalidation with a bad ground', `/rapid/tables/${TABLE}/rounds/${roundId}/invalidation`, MANAGER, { ground: 'flood', reason: 'fire alarm' }, 'ground', 'isIn', 'Rapid 11.10; Rapid 13.3.1; Rapid 13.3.2; Rapid 13.4'],
      ['corrected outcome without bankerCards', `/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`, DEALER, { playerCards: ['2H', '4S'] }, 'bankerCards', 'FIELD_REQUIRED', 'Rapid 11.11; Rapid 8.3.3; 8.4.1'],
      ['outcome without bankerCards', `/rapid/tables/${TABLE}/rounds/${roundId}/outcome`, DEALER, { playerCards: ['2H', '4S'] }, 'bankerCards', 'FIELD_REQUIRED', 'Rapid 8.3.3; 8.4.1'],
      ['buy-in of 0', `/rapid/tables/${TABLE}/ats/${A1}/buy-in`, DEALER, { tender: 'cash', amountCents: 0 }, 'amountCents', 'min', 'Rapid 6.2; 6.3; 6.5.1'],
    ];
    for (const [what, path, token, body, field, code, clause] of cases) {
      const refused = await http().post(path).set('Authorization', token).send(body);
      expect({ what, status: refused.status, top: { code: refused.body.code, clause: refused.body.clause, field: refused.body.field } }).toEqual({ what, status: 400, top: { code, clause, field } });
      expect(refused.body.violations).toEqual([expect.objectContaining({ field, rule: code, clause })]);
    }
    expect((await settledReport()).register).toHaveLength(before.register.length);
  });

  it('Rapid 2.2(a), 3.1, 4.10, 5.3, 8.1, 10.1: a table opened with a field missing or wrong is refused 400 naming the field, the rule (code) and the clause; nothing is opened', async () => {
    const table = { tableId: 'TB-BAD', variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, stations: [{ atsId: 'TB-BAD-A1', remote: false, printer: false }] };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ ...table, variant: undefined }, 'variant', 'FIELD_REQUIRED', 'Rapid 4.10; 10.1'],
      [{ ...table, decks: 0 }, 'decks', 'min', 'Rapid 3.1'],
      [{ ...table, stations: [{ atsId: 'TB-BAD-A1', printer: false }] }, 'stations.0.remote', 'FIELD_REQUIRED', 'Rapid 6.2.1'],
      [{ ...table, offeredBets: [{ bet: 'banker' }] }, 'offeredBets.0.option', 'FIELD_REQUIRED', 'Rapid 10.1 (footnote)'],
      [{ ...table, wageringPeriodSeconds: 0 }, 'wageringPeriodSeconds', 'min', "Rapid 8.1(a); 1.1 'Casino Supervisor'"],
    ];
    for (const [body, field, code, clause] of cases) {
      const refused = await http().post('/rapid/tables').set('Authorization', MANAGER).send(body);
      expect({ field, status: refused.status, top: { code: refused.body.code, clause: refused.body.clause, field: refused.body.field } }).toEqual({ field, status: 400, top: { code, clause, field } });
    }
    await http().get('/rapid/tables/TB-BAD').set('Authorization', MANAGER).expect(404);
  });

  it('Rapid 11.14-11.16: a malfunction without occurredAt, scope or description is refused 400 naming the field, FIELD_REQUIRED and the clause at the top of the body, saying what to send; nothing is recorded', async () => {
    const roundId = `TA-R${roundNo}`;
    const before = await settledReport();
    const full = { scope: 'ats', atsId: A3, confirmedFromRecords: true, description: 'ATS screen froze', occurredAt: new Date().toISOString() };
    for (const [field, clause, says] of [
      ['occurredAt', 'Rapid 11.14; Rapid 11.15', 'ISO 8601'],
      ['scope', 'Rapid 11.14; Rapid 11.15', 'game-system'],
      ['description', 'Rapid 11.14; Rapid 11.15', 'what failed'],
    ] as const) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      const refused = await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/malfunctions`).set('Authorization', DEALER).send(body).expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, code: 'FIELD_REQUIRED', clause, field, message: expect.stringContaining(says) });
      expect(refused.body.message).not.toContain('"undefined"');
      expect(refused.body.violations).toEqual([{ field, rule: 'FIELD_REQUIRED', clause, message: expect.stringContaining(`${field} is required`) }]);
    }
    expect((await settledReport()).register).toHaveLength(before.register.length);
  });

  it('Rapid 11.12 with 11.14: an upheld malfunction claim whose malfunction leaves out occurredAt or confirmedFromRecords is refused 400 FIELD_REQUIRED naming the nested field and the clause, saying what to send', async () => {
    for (const [field, malfunction] of [
      ['malfunction.occurredAt', { confirmedFromRecords: false }],
      ['malfunction.confirmedFromRecords', { occurredAt: new Date().toISOString() }],
    ] as const) {
      const refused = await http().post(`/rapid/tables/${TABLE}/claims/ANY-CLAIM/resolution`).set('Authorization', DEALER).send({ resolution: 'upheld', action: 'checked the records', malfunction }).expect(400);
      expect(refused.body).toMatchObject({ code: 'FIELD_REQUIRED', clause: 'Rapid 11.12; Rapid 11.14', field, message: expect.stringContaining('send') });
      expect(refused.body.message).not.toContain('"undefined"');
    }
  });

  it('Rapid 11.12, 11.14: the refusals ATS_ID_REQUIRED and ROUND_ID_REQUIRED end their message in one full stop', async () => {
    const refused = await malfunction(`TA-R${roundNo}`, { scope: 'ats', confirmedFromRecords: true, description: 'froze', occurredAt: new Date().toISOString() }).expect(400);
    expect(refused.body.code).toBe('ATS_ID_REQUIRED');
    expect(refused.body.message).toMatch(/[^.]\.$/);
    const claim = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ atsId: A3, kind: 'incorrect-outcome', description: 'last round was wrong' }).expect(400);
    expect(claim.body.code).toBe('ROUND_ID_REQUIRED');
    expect(claim.body.message).toMatch(/[^.]\.$/);
  });

  it('Rapid 11.12: a claim that an incorrect outcome was entered names its round: without roundId it is refused 400 naming roundId, and nothing is recorded', async () => {
    const refused = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ atsId: A3, kind: 'incorrect-outcome', description: 'last round was wrong' }).expect(400);
    expect(refused.body.violations).toEqual([expect.objectContaining({ field: 'roundId', message: expect.stringContaining('Rapid 11.12') })]);
    // The field, the rule and the clause at the top of the body, as every other refusal (the Dealer's claim too).
    expect(refused.body).toMatchObject({ code: 'ROUND_ID_REQUIRED', clause: 'Rapid 11.12', field: 'roundId' });
    const byDealer = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', DEALER).send({ atsId: A3, roundId: null, kind: 'incorrect-outcome', description: 'last round was wrong' }).expect(400);
    expect(byDealer.body).toMatchObject({ code: 'ROUND_ID_REQUIRED', clause: 'Rapid 11.12', field: 'roundId', violations: [expect.objectContaining({ field: 'roundId', rule: 'ROUND_ID_REQUIRED' })] });
    const roundId = `TA-R${roundNo}`;
    const claimed = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ atsId: A3, roundId, kind: 'incorrect-outcome', description: 'last round was wrong' }).expect(201);
    expect(claimed.body.events).toEqual([expect.objectContaining({ type: 'RapidClaimRecorded', roundId, roundNumber: roundNo })]);
  });

  it('Rapid 6.7.2(b) with 11.11: a correction against a player whose ticket failed to print reduces the debt not yet paid; nothing is a recovery shortfall', async () => {
    const roundId = await play({ [R1]: [{ bet: 'banker', amountCents: 10_000 }] }, OUTCOMES.bankerWins);
    expect(await balance(R1)).toBe(39_500);
    const fault = await http().post(`/rapid/accounts/${accountOf.get(R1)}/cash-out`).set('Authorization', atsBearer(R1)).send({ method: 'ticket', printerFault: true }).expect(200);
    expect(fault.body.status).toBe('awaiting-manual-payment');
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'Banker entered; the Player held 9' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const account = accountOf.get(R1)!;
    const owed = await eventually('the register after the correction', async () => {
      const r = await report();
      return r.register.some((x) => x.roundId === roundId && x.kind === 'outcome-corrected') && r.register.some((x) => x.details.accountId === account && x.kind !== 'printer-fault') ? r : false;
    });
    expect(owed.owedToPlayers.filter((o) => o.accountId === account)).toEqual([expect.objectContaining({ cause: 'printer-fault', owedCents: 20_000 })]);
    expect(owed.register.filter((x) => x.kind === 'recovery-shortfall')).toEqual([]);
    const paid = await http().post(`/rapid/accounts/${account}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'printer jammed' }).expect(200);
    expect(paid.body.events).toEqual([expect.objectContaining({ type: 'AtsManualPaymentRecorded', amountCents: 20_000 })]);
  });

  it('Rapid 11.11 with 11.12: a Dealer upholding a claim that an incorrect outcome was entered freezes every account, so none is paid out before the actual outcome is entered and recalculated', async () => {
    const before = await balance(A2);
    const roundId = await play({ [A2]: [{ bet: 'banker', amountCents: 6_000 }] }, OUTCOMES.bankerWins);
    expect(await balance(A2)).toBe(before - 6_000 + 11_700);
    await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ claimId: 'CL-B3', atsId: A3, roundId, kind: 'incorrect-outcome', description: 'the Player held 9' }).expect(201);
    const upheld = await http().post(`/rapid/tables/${TABLE}/claims/CL-B3/resolution`).set('Authorization', DEALER).send({ resolution: 'upheld', action: 'outcome was wrong' }).expect(200);
    const accounts = [A1, A2, A3].map((a) => accountOf.get(a)!).sort();
    expect(upheld.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'RapidClaimResolved', claimId: 'CL-B3', freeze: expect.objectContaining({ roundId, accountIds: accounts, clause: 'Rapid 11.11' }) }),
        expect.objectContaining({ type: 'RapidAccountsFrozen', roundId, accountIds: accounts, clause: 'Rapid 11.11' }),
        ...accounts.map((accountId) => expect.objectContaining({ type: 'AtsAccountFrozen', accountId, roundId })),
      ]),
    );
    const refused = await http().post(`/rapid/accounts/${accountOf.get(A2)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_FROZEN', clause: 'Rapid 11.11' });
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect((corrected.body.events as { type: string; accountId?: string }[]).find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A2))).toMatchObject({ movementCents: -11_700, unrecoveredCents: 0 });
    expect(await balance(A2)).toBe(before - 6_000);
  });

  it('Rapid 11.11 with 11.12: a claim upheld once the actual outcome has been entered for its round records the resolution naming the correction and freezes no account again', async () => {
    const roundId = await play({ [A2]: [{ bet: 'banker', amountCents: 2_000 }] }, OUTCOMES.bankerWins);
    await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A2)).send({ claimId: 'CL-B4', atsId: A2, roundId, kind: 'incorrect-outcome', description: 'the Player held 9' }).expect(201);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'claim CL-B4' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const upheld = await http().post(`/rapid/tables/${TABLE}/claims/CL-B4/resolution`).set('Authorization', DEALER).send({ resolution: 'upheld', action: 'outcome was wrong: corrected' }).expect(200);
    const events = upheld.body.events as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(['RapidClaimResolved']);
    expect(events[0]).toMatchObject({ claimId: 'CL-B4', resolution: 'upheld', correction: { roundId, by: 'corrected', clause: 'Rapid 11.11' } });
    const account = (await http().get(`/rapid/accounts/${accountOf.get(A2)}`).set('Authorization', DEALER).expect(200)).body as { frozenForRound: unknown };
    expect(account.frozenForRound).toBeNull();
  });

  it('Rapid 11.11 with 11.12: a claim made after the round\'s outcome was corrected, upheld, records the correction that dealt with it: no account frozen again, nothing moves twice', async () => {
    const before = await balance(A1);
    const roundId = await play({ [A1]: [{ bet: 'banker', amountCents: 3_000 }] }, OUTCOMES.bankerWins);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'Banker entered; the Player held 9' }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/corrected-outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect(await balance(A1)).toBe(before - 3_000);
    await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A1)).send({ claimId: 'CL-B5', atsId: A1, roundId, kind: 'incorrect-outcome', description: 'the Banker was entered, the Player held 9' }).expect(201);
    const upheld = await http().post(`/rapid/tables/${TABLE}/claims/CL-B5/resolution`).set('Authorization', DEALER).send({ resolution: 'upheld', action: 'outcome was wrong: already corrected' }).expect(200);
    const events = upheld.body.events as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(['RapidClaimResolved']);
    expect(events[0]).toMatchObject({ claimId: 'CL-B5', resolution: 'upheld', correction: { roundId, by: 'corrected', clause: 'Rapid 11.11' } });
    expect(events[0]).not.toHaveProperty('freeze');
    for (const atsId of [A1, A2, A3]) {
      const account = (await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', DEALER).expect(200)).body as { frozenForRound: unknown };
      expect(account.frozenForRound).toBeNull();
    }
    expect(await balance(A1)).toBe(before - 3_000);
  });

  it('Rapid 13.4: a freeze, or a claim that an incorrect outcome was entered, on a round whose outcome was invalidated is refused 409 OUTCOME_INVALIDATED saying every wager was refunded, not ROUND_NOT_SETTLED; nothing recorded or frozen', async () => {
    const roundId = await play({ [A3]: [{ bet: 'player', amountCents: 2_000 }] }, OUTCOMES.playerWins);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/invalidation`).set('Authorization', MANAGER).send({ ground: 'fraud', reason: 'marked cards' }).expect(200);
    const after = await balance(A3);
    const frozen = await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/freeze`).set('Authorization', DEALER).send({ reason: 'x' }).expect(409);
    expect(frozen.body).toMatchObject({ code: 'OUTCOME_INVALIDATED', clause: 'Rapid 13.4' });
    expect(frozen.body.message).toContain('invalidated');
    expect(frozen.body.message).toContain('every wager made for it refunded');
    const claimed = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ claimId: 'CL-INV', atsId: A3, roundId, kind: 'incorrect-outcome', description: 'the Banker held 9' }).expect(409);
    expect(claimed.body).toMatchObject({ code: 'OUTCOME_INVALIDATED', clause: 'Rapid 13.4' });
    const table = (await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body as { claims: { claimId: string }[] };
    expect(table.claims.map((c) => c.claimId)).not.toContain('CL-INV');
    expect(await balance(A3)).toBe(after);
  });

  it('Rapid 13.4: a malfunction, recorded or claimed, on a round whose outcome was invalidated is refused 409 OUTCOME_INVALIDATED naming the round: every wager was refunded, nothing is left to void or confirm; nothing recorded', async () => {
    const roundId = await play({ [A3]: [{ bet: 'player', amountCents: 2_000 }] }, OUTCOMES.playerWins);
    await http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/invalidation`).set('Authorization', MANAGER).send({ ground: 'fraud', reason: 'marked cards' }).expect(200);
    const after = await balance(A3);
    const recorded = await malfunction(roundId, { scope: 'ats', atsId: A3, confirmedFromRecords: true }).expect(409);
    expect(recorded.body).toMatchObject({ code: 'OUTCOME_INVALIDATED', clause: 'Rapid 13.4' });
    expect(recorded.body.message).toContain(roundId);
    const claimed = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ claimId: 'CL-INV-M', atsId: A3, roundId, kind: 'malfunction', description: 'the screen froze' }).expect(409);
    expect(claimed.body).toMatchObject({ code: 'OUTCOME_INVALIDATED', clause: 'Rapid 13.4' });
    const table = (await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body as { claims: { claimId: string }[] };
    expect(table.claims.map((c) => c.claimId)).not.toContain('CL-INV-M');
    expect(await balance(A3)).toBe(after);
  });

  it('Rapid 11.12: a claim on a round the table no longer holds is refused 409 naming the limit and the clause (11.12 sets no time limit), not 404', async () => {
    const first = `TA-R${roundNo + 1}`;
    for (let i = 0; i < 9; i++) await play({}, OUTCOMES.tie);
    const refused = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(A3)).send({ atsId: A3, roundId: first, kind: 'incorrect-outcome', description: 'that round was wrong' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'ROUND_NO_LONGER_HELD', clause: 'Rapid 11.11; 11.12; 13.9', field: 'roundId' });
    expect(refused.body.message).toContain('last 5 rounds');
    const malfunctionRefused = await malfunction(first, { scope: 'ats', atsId: A3, confirmedFromRecords: false }).expect(409);
    expect(malfunctionRefused.body.code).toBe('ROUND_NO_LONGER_HELD');
  });
  it('Rapid 13.9 with 11.11, 11.12: the Casino Supervisor claims, freezes and corrects a round the table no longer holds, the account recalculated from its history once; the Dealer is refused naming the role and the route', async () => {
    const before = await balance(A1);
    const old = await play({ [A1]: [{ bet: 'banker', amountCents: 5_000 }] }, OUTCOMES.bankerWins);
    for (let i = 0; i < 6; i++) await play({ [A1]: [{ bet: 'banker', amountCents: 3_000 }] }, OUTCOMES.tie);
    expect(await balance(A1)).toBe(before + 4_750);
    const claim = { claimId: 'CL-OLD', atsId: A1, roundId: old, kind: 'incorrect-outcome', description: 'the Player held 9' };
    const refused = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', DEALER).send(claim).expect(409);
    expect(refused.body.code).toBe('ROUND_NO_LONGER_HELD');
    expect(refused.body.message).toContain('Casino Supervisor (role area-manager, Rapid 13.9)');
    expect(refused.body.message).toContain(`/rapid/tables/${TABLE}/rounds/${old}/corrected-outcome`);
    await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', MANAGER).send(claim).expect(201);
    const upheld = await http().post(`/rapid/tables/${TABLE}/claims/CL-OLD/resolution`).set('Authorization', MANAGER).send({ resolution: 'upheld', action: 'camera shows a Player 9' }).expect(200);
    expect((upheld.body.events as { type: string }[]).map((e) => e.type)).toEqual(expect.arrayContaining(['RapidClaimResolved', 'RapidAccountsFrozen', 'AtsAccountFrozen']));
    const corrected = await http().post(`/rapid/tables/${TABLE}/rounds/${old}/corrected-outcome`).set('Authorization', MANAGER).send(OUTCOMES.playerWins).expect(200);
    const events = corrected.body.events as { type: string; accountId?: string }[];
    expect(events.find((e) => e.type === 'RapidOutcomeCorrected')).toMatchObject({ roundId: old, stakedCents: 5_000, creditedCents: 0 });
    expect(events.find((e) => e.type === 'AtsSettlementRecalculated' && e.accountId === accountOf.get(A1))).toMatchObject({ previousCreditCents: 9_750, creditCents: 0, movementCents: -9_750 });
    expect(await balance(A1)).toBe(before - 5_000);
    // Corrected: the accounts are released, and a second correction without a new freeze is refused; nothing moves twice.
    await http().post(`/rapid/tables/${TABLE}/rounds/${old}/corrected-outcome`).set('Authorization', MANAGER).set('Idempotency-Key', 'second-correction').send(OUTCOMES.bankerWins).expect(409);
    expect(await balance(A1)).toBe(before - 5_000);
    const reconciliation = (await http().get(`/rapid/accounts/${accountOf.get(A1)}/reconciliation`).set('Authorization', DEALER).expect(200)).body;
    expect(reconciliation).toMatchObject({ balanced: true });
  });

  it('Rapid 13.9: a round id the table never played, sent by the Casino Supervisor to a round action, is 404 ROUND_NOT_FOUND naming the round and the table and where its rounds are listed, not 409 ROUND_NO_LONGER_HELD', async () => {
    const unknown = 'TA-NEVER';
    const refusals = [
      await http().post(`/rapid/tables/${TABLE}/rounds/${unknown}/freeze`).set('Authorization', MANAGER).send({ reason: 'x' }),
      await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', MANAGER).send({ atsId: A1, roundId: unknown, kind: 'incorrect-outcome', description: 'x' }),
      await http().post(`/rapid/tables/${TABLE}/rounds/${unknown}/corrected-outcome`).set('Authorization', MANAGER).send(OUTCOMES.playerWins),
      await http().post(`/rapid/tables/${TABLE}/rounds/${unknown}/invalidation`).set('Authorization', MANAGER).send({ ground: 'fraud', reason: 'x' }),
      await http().post(`/rapid/tables/${TABLE}/rounds/${unknown}/malfunctions`).set('Authorization', MANAGER).send({ scope: 'ats', atsId: A1, confirmedFromRecords: false, description: 'x', occurredAt: new Date().toISOString() }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('ROUND_NOT_FOUND');
      expect(refused.body.message).toContain(`Table ${TABLE} has played no round ${unknown}`);
      expect(refused.body.message).toContain(`GET /rapid/tables/${TABLE}`);
      expect(refused.body.message).toContain('check the round id');
    }
  });
});
