import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { jackpotStreamId } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { JACKPOTS_STORE } from '../jackpots.tokens';
import { createTestDatabase, TestDatabase } from '@app/testing';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { eventually, OPTION_1 } from '../test-support/jackpot-fixtures';
import { bearer, startJackpotsApp } from '../test-support/jackpots-app';
import { SimulatedTables } from '../test-support/simulated-tables';

const body = (jackpotId: string, over: Record<string, unknown> = {}) => ({
  jackpotId,
  name: 'Pit 3 Lucky Tie',
  tableIds: ['T1', 'T2'],
  parameters: OPTION_1,
  notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('Jackpot console API (Crown Melbourne 13.4) over HTTP', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let tables: SimulatedTables;
  const CASINO = bearer(['casino-manager']);
  const CONSOLE = bearer(['jackpot-console']);
  const AREA = bearer(['area-manager']);
  const SUPERVISOR = bearer(['gaming-supervisor']);
  const DEALER = bearer(['dealer']);
  const REGULATOR = bearer(['regulator'], 'vgccc-inspector', ['VIC']);
  const NSW_REGULATOR = bearer(['regulator'], 'nicc-inspector', ['NSW']);
  const api = () => request(app.getHttpServer());
  const meterOf = async (id: string) => (await api().get(`/jackpots/${id}`).set('Authorization', CONSOLE)).body.meterCents as number;

  beforeAll(async () => {
    db = await createTestDatabase('jp_http');
    const tablesStore = new PostgresEventStore(db.pool, 'tables');
    await tablesStore.migrate();
    tables = new SimulatedTables(tablesStore);
    app = await startJackpotsApp({ url: db.url, tablesSchema: 'tables' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('13.4.1(a): creating a jackpot from notified parameters', () => {
    it('a casino manager may; a dealer may not (403) and nothing is stored', async () => {
      const denied = await api().post('/jackpots').set('Authorization', DEALER).send(body('denied'));
      expect(denied.status).toBe(403);
      const ok = await api().post('/jackpots').set('Authorization', CASINO).send(body('pit3'));
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ jackpotId: 'pit3', jurisdiction: 'VIC', meterCents: 1_000_000 });
      // Its tables have not opened yet: created all the same (they may open later), each flagged (13.3.1(b)).
      expect(ok.body.events.map((e: { type: string; kind?: string }) => e.kind ?? e.type)).toEqual(['JackpotCreated', 'unknown-table', 'unknown-table']);
      expect((await api().get('/jackpots/denied').set('Authorization', CONSOLE)).status).toBe(404);
    });
    it('400 names the field and rule of a malformed body; nothing is stored', async () => {
      const res = await api().post('/jackpots').set('Authorization', CASINO).send(body('bad', { parameters: { ...OPTION_1, contributionCents: 1.5 } }));
      expect(res.status).toBe(400);
      expect(res.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'parameters.contributionCents', rule: 'isInt' })]));
      expect((await api().get('/jackpots/bad').set('Authorization', CONSOLE)).status).toBe(404);
    });
    it('Table 20: a percentage outside the option range is refused with the clause (422)', async () => {
      const res = await api().post('/jackpots').set('Authorization', CONSOLE).send(body('bad2', { parameters: { ...OPTION_1, percentOfMeter: { ...OPTION_1.percentOfMeter, 'coloured-lucky-tie': 25 } } }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'PERCENT_OUT_OF_RANGE', clause: 'Crown Melbourne 13.4.3 Table 20 Option 1' });
    });
    it('13.3.2(c): a gaming supervisor and the regulator can read the meter; a dealer cannot', async () => {
      expect((await api().get('/jackpots/pit3').set('Authorization', SUPERVISOR)).status).toBe(200);
      expect((await api().get('/jackpots').set('Authorization', REGULATOR)).body).toEqual([expect.objectContaining({ jackpotId: 'pit3' })]);
      expect((await api().get('/jackpots/pit3').set('Authorization', DEALER)).status).toBe(403);
    });
    it('a regulator reads Victorian jackpots only with VIC in their token: a VGCCC inspector may, an NSW one may not (403, no patron ids)', async () => {
      expect((await api().get('/jackpots/pit3').set('Authorization', REGULATOR)).status).toBe(200);
      // The list shows an NSW regulator none of them.
      expect((await api().get('/jackpots').set('Authorization', NSW_REGULATOR)).body).toEqual([]);
      for (const path of ['/jackpots/pit3', '/jackpots/pit3/meter/history', '/jackpots/pit3/hits/pending', '/jackpots/pit3/reconciliation']) {
        const res = await api().get(path).set('Authorization', NSW_REGULATOR);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'JACKPOT_OUT_OF_JURISDICTION' });
        expect(JSON.stringify(res.body)).not.toContain('patronId');
      }
    });
  });

  it("a jackpot's regulator scope follows the jurisdiction it was created under (JackpotCreated), not a constant: an NSW jackpot is the NSW regulator's", async () => {
    // No NSW rulebook offers a Lucky Tie jackpot yet: the JackpotCreated another rulebook version would record.
    const store = app.get<PostgresEventStore>(JACKPOTS_STORE);
    const created = { jackpotId: 'nsw1', name: 'NSW link', jurisdiction: 'NSW', rulebookId: 'star-sydney-2024', tableIds: ['N1'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-02T00:00:00.000Z', meterBeforeCents: 0, meterAfterCents: OPTION_1.seedCents, clause: 'test' };
    const metadata = { actor: { id: 'test', role: 'casino-manager' }, commandId: 'nsw1-create', correlationId: 'nsw1-create', causationId: null, rulebookVersion: 'star-sydney-2024' };
    await store.append(jackpotStreamId('nsw1'), 'jackpot', 0, [{ eventId: randomUUID(), type: 'JackpotCreated', schemaVersion: 1, data: created, metadata, occurredAt: created.createdAt }], 'nsw1-create');
    const nsw = await api().get('/jackpots/nsw1').set('Authorization', NSW_REGULATOR);
    expect(nsw.status).toBe(200);
    expect(nsw.body).toMatchObject({ jackpotId: 'nsw1', jurisdiction: 'NSW' });
    expect((await api().get('/jackpots').set('Authorization', NSW_REGULATOR)).body.map((j: { jackpotId: string }) => j.jackpotId)).toEqual(['nsw1']);
    expect((await api().get('/jackpots').set('Authorization', REGULATOR)).body.map((j: { jackpotId: string }) => j.jackpotId)).not.toContain('nsw1');
    const vic = await api().get('/jackpots/nsw1/reconciliation').set('Authorization', REGULATOR);
    expect({ status: vic.status, code: vic.body.code }).toEqual({ status: 403, code: 'JACKPOT_OUT_OF_JURISDICTION' });
    expect(vic.body.message).toContain('NSW');
  });

  describe("manual adjustments (1.1 'Jackpot Management Console')", () => {
    it('the same Idempotency-Key adjusts once; the history shows who and why', async () => {
      const before = await meterOf('pit3');
      const send = () => api().post('/jackpots/pit3/adjustments').set('Authorization', CONSOLE).set('Idempotency-Key', 'adj-1').send({ amountCents: 2_500, reason: 'seed top-up approved by CM' });
      const first = await send();
      const second = await send();
      expect(first.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await meterOf('pit3')).toBe(before + 2_500);
      const history = await api().get('/jackpots/pit3/meter/history').set('Authorization', REGULATOR);
      expect(history.body).toContainEqual(expect.objectContaining({ type: 'MeterAdjusted', amountCents: 2_500, reason: 'seed top-up approved by CM', actor: { id: 'jackpot-console', role: 'jackpot-console' } }));
    });
    it('concurrent console commands on one jackpot all succeed, each counted once', async () => {
      const before = await meterOf('pit3');
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => api().post('/jackpots/pit3/adjustments').set('Authorization', CONSOLE).send({ amountCents: 100, reason: `concurrent ${i}` })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
      expect(await meterOf('pit3')).toBe(before + 1_600);
    });
    it('a dealer may not adjust (403)', async () => {
      expect((await api().post('/jackpots/pit3/adjustments').set('Authorization', DEALER).send({ amountCents: 100, reason: 'x' })).status).toBe(403);
    });
  });

  describe('13.4.9: malfunctions', () => {
    it('(a) the console takes a table off the jackpot and back; a dealer may not', async () => {
      expect((await api().post('/jackpots/pit3/tables/T2/suspend').set('Authorization', DEALER).send({ reason: 'handset fault' })).status).toBe(403);
      const res = await api().post('/jackpots/pit3/tables/T2/suspend').set('Authorization', CONSOLE).send({ reason: 'handset fault' });
      expect(res.status).toBe(200);
      expect(res.body.suspendedTables).toEqual({ T2: 'handset fault' });
      expect((await api().post('/jackpots/pit3/tables/T2/resume').set('Authorization', AREA).send({ reason: 'handset replaced' })).body.suspendedTables).toEqual({});
    });
    it('(b) a TG Area Manager backfills the coups a faulty shoe did not record; the jackpot console alone may not', async () => {
      const before = await meterOf('pit3');
      const backfill = { tableId: 'T1', shoeId: 'S-faulty', coupCount: 3, coupIds: ['F1', 'F2', 'F3'], reason: 'shoe fault 10:02-10:09' };
      const denied = await api().post('/jackpots/pit3/backfills').set('Authorization', CONSOLE).send(backfill);
      expect(denied.status).toBe(403);
      const unnamed = await api().post('/jackpots/pit3/backfills').set('Authorization', AREA).send({ tableId: 'T1', coupCount: 3, reason: 'shoe fault' });
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'coupIds' }), expect.objectContaining({ field: 'shoeId' })]));
      const ok = await api().post('/jackpots/pit3/backfills').set('Authorization', AREA).send(backfill);
      expect(ok.status).toBe(201);
      expect(await meterOf('pit3')).toBe(before + 300);
      const again = await api().post('/jackpots/pit3/backfills').set('Authorization', AREA).send({ ...backfill, coupCount: 1, coupIds: ['F2'] });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('COUP_ALREADY_RECORDED');
    });
  });

  describe('a Lucky Tie from the cards to the payout (13.4.3-13.4.7)', () => {
    it('contributions arrive from the tables, the hit is recorded by the dealer, confirmed by an area manager, paid and the meter resets', async () => {
      const start = await meterOf('pit3');
      await tables.openTable('T1', ['pit3']);
      for (let i = 0; i < 5; i++) await tables.playCoup('T1', ['pit3']);
      tables.stack('T1', '8H 8H 8H 8H');
      const lucky = await tables.playCoup('T1', ['pit3'], {
        tieWagers: [
          { wagerId: 'w1', box: 1, patronId: 'P1', amountCents: 1_000 },
          { wagerId: 'w2', box: 5, patronId: 'P2', amountCents: 3_000 },
        ],
      });
      const pending = await eventually(async () => {
        const res = await api().get('/jackpots/pit3/hits/pending').set('Authorization', CONSOLE);
        return res.body.length === 1 ? res.body : undefined;
      }, 20_000, 'the detected hit');
      expect(pending[0]).toMatchObject({ hitId: `hit-${lucky.coup.coupId}`, detected: expect.objectContaining({ outcome: 'suited-lucky-tie' }), recorded: null });
      expect(await meterOf('pit3')).toBe(start + 600);

      const record = await api().post('/jackpots/pit3/hits').set('Authorization', DEALER).send({ tableId: 'T1', coupId: lucky.coup.coupId, outcome: 'suited-lucky-tie' });
      expect(record.status).toBe(201);

      const hitId = `hit-${lucky.coup.coupId}`;
      expect((await api().post(`/jackpots/pit3/hits/${hitId}/confirm`).set('Authorization', SUPERVISOR).send({})).status).toBe(403);
      const confirmed = await api().post(`/jackpots/pit3/hits/${hitId}/confirm`).set('Authorization', AREA).send({});
      expect(confirmed.status).toBe(200);
      const rounded = Math.ceil((start + 600) / 100) * 100;
      const paid = confirmed.body.events.find((e: { type: string }) => e.type === 'JackpotPaid');
      expect(paid).toMatchObject({ totalCents: rounded, division: 'proportional' });
      expect(paid.shares.map((s: { amountCents: number }) => s.amountCents)).toEqual([rounded / 4, (rounded * 3) / 4]);
      expect(confirmed.body.meterCents).toBe(OPTION_1.seedCents);

      const report = await api().get('/jackpots/pit3/reconciliation').set('Authorization', REGULATOR);
      expect(report.body).toMatchObject({ balanced: true, payoutsCents: rounded, meterCents: OPTION_1.seedCents, stateMeterCents: OPTION_1.seedCents, adjustmentsCents: 4_100, backfillsCents: 300 });
    });

    it('13.4.7: parameters cannot change while a hit is pending, and change with who and why otherwise', async () => {
      tables.stack('T1', '8H 8D 8H 8D');
      const lucky = await tables.playCoup('T1', ['pit3'], { tieWagers: [{ wagerId: 'w9', box: 2, patronId: null, amountCents: 500 }] });
      await eventually(async () => ((await api().get('/jackpots/pit3/hits/pending').set('Authorization', CONSOLE)).body.length === 1 ? true : undefined));
      const change = { parameters: { ...OPTION_1, contributionCents: 150 }, notifiedToRegulatorAt: '2026-02-01T00:00:00.000Z', reason: 'new rate notified to VGCCC' };
      const locked = await api().put('/jackpots/pit3/parameters').set('Authorization', CASINO).send(change);
      expect(locked.status).toBe(409);
      expect(locked.body.code).toBe('PARAMETERS_LOCKED_DURING_HIT');
      await api().post(`/jackpots/pit3/hits/hit-${lucky.coup.coupId}/dismiss`).set('Authorization', AREA).send({ reason: 'test: dismissed' }).expect(200);
      const ok = await api().put('/jackpots/pit3/parameters').set('Authorization', CASINO).send(change);
      expect(ok.status).toBe(200);
      expect(ok.body.events[0]).toMatchObject({ type: 'JackpotParametersChanged', reason: 'new rate notified to VGCCC', previous: expect.objectContaining({ contributionCents: 100 }), next: expect.objectContaining({ contributionCents: 150 }) });
    });
  });

  describe("Crown Melbourne 13.3.1(b), 13.4.1: a jackpot's tables are its casino's (staff act only at their own casino)", () => {
    const known = (tableId: string) =>
      eventually(async () => ((await db.pool.query('SELECT 1 FROM jackpots.known_tables WHERE table_id = $1', [tableId])).rowCount ? true : undefined), 20_000, `${tableId} known`);
    const refusedForStar = (res: request.Response) => {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/Your token covers crown-melbourne; tableIds? STAR-J1 belongs to star-sydney/) });
    };
    beforeAll(async () => {
      await tables.openTable('STAR-J1', [], 7, 'star-sydney-2024');
      await tables.openTable('MEL-J1', [], 7);
      await known('STAR-J1');
      await known('MEL-J1');
    });
    it('a Melbourne jackpot naming a Star table (creation, new tables) is refused 403 OUT_OF_CASINO naming the table and its casino, and nothing is stored; an unknown table is still accepted and flagged', async () => {
      refusedForStar(await api().post('/jackpots').set('Authorization', CASINO).send(body('mel-star', { tableIds: ['MEL-J1', 'STAR-J1'] })));
      expect((await api().get('/jackpots/mel-star').set('Authorization', CONSOLE)).status).toBe(404);
      const ok = await api().post('/jackpots').set('Authorization', CASINO).send(body('mel-scope', { tableIds: ['MEL-J1', 'NEVER-SEEN'] }));
      expect(ok.status).toBe(201);
      expect(ok.body.events.map((e: { type: string; kind?: string }) => e.kind ?? e.type)).toContain('unknown-table');
      refusedForStar(await api().put('/jackpots/mel-scope/parameters').set('Authorization', CASINO).send({ parameters: OPTION_1, tableIds: ['MEL-J1', 'STAR-J1'], notifiedToRegulatorAt: '2026-01-02T00:00:00.000Z', reason: 'new group' }));
      expect((await api().get('/jackpots/mel-scope').set('Authorization', CONSOLE)).body.tableIds).toEqual(['MEL-J1', 'NEVER-SEEN']);
    });
    it("a Star table's suspension, resumption, hit and backfill on a Melbourne jackpot are refused 403 OUT_OF_CASINO", async () => {
      refusedForStar(await api().post('/jackpots/mel-scope/tables/STAR-J1/suspend').set('Authorization', CONSOLE).send({ reason: 'fault' }));
      refusedForStar(await api().post('/jackpots/mel-scope/tables/STAR-J1/resume').set('Authorization', CONSOLE).send({ reason: 'fixed' }));
      refusedForStar(await api().post('/jackpots/mel-scope/hits').set('Authorization', DEALER).send({ tableId: 'STAR-J1', coupId: 'STAR-J1-c1', outcome: 'suited-lucky-tie' }));
      refusedForStar(await api().post('/jackpots/mel-scope/backfills').set('Authorization', AREA).send({ tableId: 'STAR-J1', shoeId: 'STAR-J1-shoe-1', coupCount: 1, coupIds: ['STAR-J1-c1'], reason: 'shoe fault' }));
      const jackpot = (await api().get('/jackpots/mel-scope').set('Authorization', CONSOLE)).body;
      expect(jackpot.hits).toEqual([]);
      expect(JSON.stringify(jackpot)).not.toMatch(/STAR-J1/);
    });
  });

  it('documents the console API in OpenAPI', async () => {
    const docs = await api().get('/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/jackpots', '/jackpots/{jackpotId}/parameters', '/jackpots/{jackpotId}/meter/history', '/jackpots/{jackpotId}/hits/pending', '/jackpots/{jackpotId}/hits/{hitId}/confirm', '/jackpots/{jackpotId}/adjustments', '/jackpots/{jackpotId}/tables/{tableId}/suspend', '/jackpots/{jackpotId}/backfills', '/jackpots/{jackpotId}/meter/stream']),
    );
  });

  describe('live meter feed (13.3.1(c))', () => {
    it('streams the current meter, then each contribution, to an unauthenticated display', async () => {
      const server = app.getHttpServer() as http.Server;
      if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const { port } = server.address() as AddressInfo;
      const received: { kind: string; meterCents: number; eventType: string; coupId?: string }[] = [];
      const req = http.get({ host: '127.0.0.1', port, path: '/jackpots/pit3/meter/stream' });
      const response = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/event-stream/);
      let buffer = '';
      response.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) received.push(JSON.parse(data.slice(6)));
        }
      });
      try {
        await eventually(async () => (received.length > 0 ? true : undefined));
        expect(received[0]).toMatchObject({ kind: 'meter', eventType: 'Snapshot' });
        const { coup } = await tables.playCoup('T1', ['pit3']);
        const update = await eventually(async () => received.find((u) => u.coupId === coup.coupId));
        expect(update).toMatchObject({ kind: 'meter', eventType: 'ContributionRecorded', meterCents: received[0].meterCents + 150 });
      } finally {
        req.destroy();
      }
    });
  });

  it('Crown Melbourne 13.3.1(c): the Jackpot Display renders the current meter in its first HTML response, so a display that (re)loads never shows "connecting…" or "—"', async () => {
    const meter = await meterOf('pit3');
    const res = await api().get('/jackpots/pit3/display').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(`<div id="amount" data-cents="${meter}">$${(meter / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}</div>`);
    expect(res.text).not.toMatch(/connecting…|>—</);
    const unknown = await api().get('/jackpots/no-such-jackpot/display').expect(200);
    expect(unknown.text).toContain('No such jackpot');
  });
});
