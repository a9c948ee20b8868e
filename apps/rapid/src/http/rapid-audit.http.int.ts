/**
 * Rapid Baccarat through HTTP against the real PostgreSQL, on what an audit through the API found: what is owed to
 * players after a printer fault (6.7.2(b) with 11.11), each malfunction dealt with on its own and placed by when it
 * occurred (11.14-11.16), an ATS reading only its own table (2.2(a), 4.3) and the round number on every register row
 * about a round (8.1).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'AU1';
const OTHER = 'AU2';
const STATIONS = [1, 2, 3].map((n) => ({ atsId: `${TABLE}-ATS0${n}`, remote: false, printer: false })).concat([{ atsId: `${TABLE}-R1`, remote: true, printer: true }]);
const DEALER = bearer(['dealer'], 'dealer-9');
const MANAGER = bearer(['area-manager'], 'am-9');
const SUPERVISOR = bearer(['gaming-supervisor'], 'gs-9');
const REGULATOR = bearer(['regulator'], 'vgccc-9', ['VIC']);
const BUY_IN = 10_000;

interface RegisterRow {
  readonly kind: string;
  readonly roundId: string | null;
  readonly details: Record<string, unknown>;
}
interface Report {
  readonly register: RegisterRow[];
  readonly owedToPlayers: { accountId: string; owedCents: number; cause: string }[];
  readonly totals: { owedToPlayersCents: number };
}

describe('Rapid Baccarat over HTTP: the audit of the Rapid service (Crown Melbourne Rapid Baccarat rules)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const accountOf = new Map<string, string>();
  const [a1, a2, a3, remote] = STATIONS.map((s) => s.atsId);

  const report = async (): Promise<Report> => (await http().get(`/rapid/regulator/report?tableId=${TABLE}`).set('Authorization', REGULATOR).expect(200)).body as Report;
  const balance = async (atsId: string) => (await http().get(`/rapid/accounts/${accountOf.get(atsId)}`).set('Authorization', atsBearer(atsId)).expect(200)).body.balanceCents as number;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const round = async (roundId: string) => {
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId }).expect(201);
  };
  const wager = (atsId: string, wagers: { bet: string; amountCents: number }[]) => http().put(`/rapid/accounts/${accountOf.get(atsId)}/wagers`).set('Authorization', atsBearer(atsId)).send({ wagers }).expect(200);
  const draw = (roundId: string) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
  const outcome = (roundId: string, cards: { playerCards: readonly string[]; bankerCards: readonly string[] }) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(cards).expect(200);
  const malfunction = (roundId: string, body: Record<string, unknown>) => http().post(`/rapid/tables/${TABLE}/rounds/${roundId}/malfunctions`).set('Authorization', DEALER).send({ scope: 'ats', description: 'touch screen froze', ...body });

  beforeAll(async () => {
    db = await createTestDatabase('rapid_audit', 8);
    app = await startRapidApp({ url: db.url, poolSize: 8 });
    await app.init();
    for (const [tableId, stations] of [[TABLE, STATIONS], [OTHER, [{ atsId: `${OTHER}-ATS01`, remote: false, printer: false }]]] as const) {
      await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations }).expect(201);
    }
    for (const s of STATIONS) {
      const r = s.remote
        ? await http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/note-acceptor`).set('Authorization', atsBearer(s.atsId)).send({ amountCents: BUY_IN }).expect(201)
        : await http().post(`/rapid/tables/${TABLE}/ats/${s.atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
      accountOf.set(s.atsId, r.body.account.accountId);
    }
    const other = await http().post(`/rapid/tables/${OTHER}/ats/${OTHER}-ATS01/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: BUY_IN }).expect(201);
    accountOf.set(`${OTHER}-ATS01`, other.body.account.accountId);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 11.11 with 6.7.2(b): a ticket the printer failed to print is owed to the player, in the owed total, until the manual payment', async () => {
    const account = accountOf.get(remote)!;
    const out = await http().post(`/rapid/accounts/${account}/cash-out`).set('Authorization', atsBearer(remote)).send({ method: 'ticket', printerFault: true }).expect(200);
    expect(out.body.status).toBe('awaiting-manual-payment');
    const owed = await eventually('the printer fault owed to the player', async () => {
      const r = await report();
      return r.owedToPlayers.some((o) => o.accountId === account) ? r : false;
    });
    expect(owed.owedToPlayers).toEqual([expect.objectContaining({ accountId: account, owedCents: BUY_IN, cause: 'printer-fault' })]);
    expect(owed.totals.owedToPlayersCents).toBe(BUY_IN);
    await http().post(`/rapid/accounts/${account}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'paid $100 at the cage, ticket printer jammed' }).expect(200);
    const paid = await eventually('the manual payment clears it', async () => {
      const r = await report();
      return r.register.some((x) => x.kind === 'manual-payment') && !r.owedToPlayers.some((o) => o.accountId === account) ? r : false;
    });
    expect(paid.totals.owedToPlayersCents).toBe(0);
  });

  it('Rapid 11.14(b), 11.16: a malfunction recorded after expiry does not block a later record of the same ATS in the round; each is dealt with on its own', async () => {
    const before = await balance(a1);
    await round('M1');
    await wager(a1, [{ bet: 'banker', amountCents: 2_000 }]);
    await draw('M1');
    const firstAt = new Date().toISOString();
    // Recorded before the outcome, after expiry: the records confirm the wagers shown, which settle as recorded.
    await malfunction('M1', { atsId: a1, confirmedFromRecords: true, occurredAt: firstAt }).expect(201);
    await outcome('M1', OUTCOMES.bankerWins);
    expect(await balance(a1)).toBe(before + 1_900);
    // A later fault found on the same ATS: its log shows the 20.00 went on the Player. Adjusted on its own.
    const second = await malfunction('M1', { atsId: a1, confirmedFromRecords: true, confirmedWagers: [{ bet: 'player', amountCents: 2_000 }], occurredAt: new Date().toISOString(), description: 'the ATS log shows Player' }).expect(201);
    expect(second.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'AtsSettlementRecalculated', movementCents: -3_900 })]));
    expect(await balance(a1)).toBe(before - 2_000);
  });

  it('Rapid 11.14, 11.15: the malfunction carries when it occurred; one before the draw recorded after it voids the wagers (11.14(a)); a time in the future or before the round is a 400 naming occurredAt', async () => {
    const before = await balance(a2);
    await round('M2');
    await wager(a2, [{ bet: 'banker', amountCents: 2_000 }]);
    const startedAt = ((await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body.round as { startedAt: string }).startedAt;
    await pause(20);
    const failedAt = new Date().toISOString();
    await pause(20);
    await draw('M2');
    const missing = await malfunction('M2', { atsId: a2, confirmedFromRecords: true }).expect(400);
    expect(JSON.stringify(missing.body)).toContain('occurredAt');
    const future = await malfunction('M2', { atsId: a2, confirmedFromRecords: true, occurredAt: new Date(Date.now() + 3_600_000).toISOString() }).expect(400);
    expect(future.body.violations).toEqual([expect.objectContaining({ field: 'occurredAt' })]);
    const early = await malfunction('M2', { atsId: a2, confirmedFromRecords: true, occurredAt: new Date(Date.parse(startedAt) - 1_000).toISOString() }).expect(400);
    expect(early.body.violations).toEqual([expect.objectContaining({ field: 'occurredAt' })]);
    expect(early.body.message).toContain('Rapid 11.14');
    // Written in the casino's offset (Melbourne, +11:00 in summer): recorded as the same instant.
    const inMelbourne = new Date(Date.parse(failedAt) + 11 * 3_600_000).toISOString().replace('Z', '+11:00');
    const voided = await malfunction('M2', { atsId: a2, occurredAt: inMelbourne }).expect(201);
    expect(voided.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'RapidMalfunctionRecorded', occurredAt: new Date(failedAt).toISOString(), relativeToPeriod: 'before-expiry', effect: 'void', clause: 'Rapid 11.14(a)' }),
        expect.objectContaining({ type: 'AtsWagersReturned', reason: 'ats-malfunction', stakedCents: 2_000 }),
      ]),
    );
    expect(await balance(a2)).toBe(before);
    await outcome('M2', OUTCOMES.bankerWins);
    expect(await balance(a2)).toBe(before);
  });

  it('Rapid 2.2(a), 4.3: an ATS token reads only its own table: another table, its ATS and its accounts are refused 403 naming the table', async () => {
    await http().get(`/rapid/tables/${TABLE}`).set('Authorization', atsBearer(a1)).expect(200);
    const table = await http().get(`/rapid/tables/${OTHER}`).set('Authorization', atsBearer(a1)).expect(403);
    expect(table.body.message).toContain(OTHER);
    const station = await http().get(`/rapid/tables/${OTHER}/ats/${a1}`).set('Authorization', atsBearer(a1)).expect(403);
    expect(station.body.message).toContain(OTHER);
    const feed = await http().get(`/rapid/tables/${OTHER}/feed`).set('Authorization', atsBearer(a1)).expect(403);
    expect(feed.body.message).toContain(OTHER);
    const account = await http().get(`/rapid/accounts/${accountOf.get(`${OTHER}-ATS01`)}`).set('Authorization', atsBearer(a1)).expect(403);
    expect(account.body.message).toContain(OTHER);
    await http().get(`/rapid/tables/${OTHER}`).set('Authorization', DEALER).expect(200);
  });

  it('Rapid 8.1, 11.12, 11.11 with 6.7: every register row about a round carries its round number, claims and manual payments too', async () => {
    await round('M3');
    await wager(a3, [{ bet: 'player', amountCents: 2_000 }]);
    await draw('M3');
    await outcome('M3', OUTCOMES.bankerWins);
    const claim = await http().post(`/rapid/tables/${TABLE}/claims`).set('Authorization', atsBearer(a3)).send({ atsId: a3, roundId: 'M3', kind: 'malfunction', description: 'I touched Banker, it showed Player' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    // The player leaves; the claim is upheld afterwards: what the records confirm is owed to them, and paid manually.
    await http().post(`/rapid/accounts/${accountOf.get(a3)}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    const upheld = { resolution: 'upheld', action: 'ATS log: 20.00 on Banker', malfunction: { confirmedFromRecords: true, confirmedWagers: [{ bet: 'banker', amountCents: 2_000 }], occurredAt: new Date().toISOString() } };
    await http().post(`/rapid/tables/${TABLE}/claims/${claimId}/resolution`).set('Authorization', DEALER).send(upheld).expect(200);
    await http().post(`/rapid/accounts/${accountOf.get(a3)}/manual-payment`).set('Authorization', SUPERVISOR).send({ reason: 'paid at the table by the Game Supervisor' }).expect(200);
    const r = await eventually('the register rows of round M3', async () => {
      const x = await report();
      return x.register.some((row) => row.kind === 'owed-paid') ? x : false;
    });
    const m3 = r.register.filter((row) => row.roundId === 'M3');
    expect(m3.map((row) => row.kind)).toEqual(expect.arrayContaining(['claim-recorded', 'claim-resolved', 'malfunction-ats', 'owed-to-player', 'owed-paid']));
    for (const row of r.register.filter((x) => x.roundId !== null)) expect({ kind: row.kind, roundNumber: typeof row.details.roundNumber }).toEqual({ kind: row.kind, roundNumber: 'number' });
    expect(m3.find((row) => row.kind === 'owed-paid')!.details.roundNumber).toBe(3);
  });
});
