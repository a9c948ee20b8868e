/**
 * No silent misconfiguration: a table that names a jackpot which does not exist, a jackpot that names
 * tables which were never opened, and a table playing for a jackpot that does not list it. The services stay
 * decoupled (no call decides anything): the jackpot service learns the tables from their published TableOpened
 * and CoupCompleted, and raises an attention flag (Crown Melbourne 13.3.1(b), 13.4.1) that the jackpot console
 * (GET /jackpots) and the compliance register show, instead of letting the coups contribute nothing in silence.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { isCasinoBound, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { startTestPlatform } from '../support/test-platform';

const as = (role: Role, jurisdictions?: string[]) => testBearer({ sub: `${role}-1`, name: role, roles: [role], jurisdictions, casinos: isCasinoBound(role) ? ['crown-melbourne'] : undefined });

describe('the table-jackpot link is consistent in both directions, from the events each side publishes', () => {
  const id = randomUUID().slice(0, 8);
  let db: TestDatabase;
  let app: INestApplication;
  const api = () => request(app.getHttpServer());
  const post = async (path: string, role: Role, body: object) => {
    const res = await api().post(path).set('Authorization', as(role)).set('Idempotency-Key', randomUUID()).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const openTable = (tableId: string, jackpotIds: string[]) =>
    post('/tables', 'gaming-supervisor', {
      tableId,
      rulebookId: 'crown-melbourne-v29',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'tie', minimumCents: 500, maximumCents: 100000 }] },
      minimumChipCents: 500,
      dealingMethod: 'dealer-retains-shoe',
      jackpotIds,
      boxes: 7,
    });
  const playCoup = async (tableId: string) => {
    const shoeId = `${tableId}-shoe`;
    await post(`/tables/${tableId}/shoes`, 'dealer', { shoeId, cards: 'new', commitmentHash: 'b'.repeat(64) });
    await post(`/tables/${tableId}/shoe/cut`, 'dealer', { cutBy: 'P1', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${tableId}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });
    const coupId = `${shoeId}-c1`;
    await post(`/tables/${tableId}/seats`, 'dealer', { box: 1, sessionId: `${tableId}-s1` });
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId });
    await post(`/tables/${tableId}/coups/${coupId}/wagers`, 'dealer', { wagers: [{ box: 1, bet: 'banker', amountCents: 10000 }] });
    await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: ['2H', '3D', '4S', '5C'].map((card) => ({ card })) });
    return coupId;
  };
  const jackpots = async () => (await api().get('/jackpots').set('Authorization', as('jackpot-console')).expect(200)).body as { jackpotId: string; status: string; meterCents: number; links: { tableId: string; status: string }[]; attention: { kind: string; tableId: string; coupId: string; reason: string; resolved?: boolean }[] }[];
  const register = async () =>
    ((await api().get('/reporting/compliance-register?jurisdiction=VIC').set('Authorization', as('area-manager')).expect(200)).body as { category: string; kind: string; tableId: string; reason: string; clause: string }[]).filter(
      (r) => r.category === 'jackpot-attention',
    );

  beforeAll(async () => {
    db = await createTestDatabase('links_e2e', 2);
    app = await startTestPlatform(db, { poolSize: 20 });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('POST /tables naming a jackpot that does not exist is accepted (the tables service cannot know), and the jackpot console and the register flag it: its coups contribute nothing, loudly', async () => {
    const tableId = `LNK-A-${id}`;
    const nojp = `nojp-${id}`;
    await openTable(tableId, [nojp]);
    await playCoup(tableId);
    const flagged = await eventually('the unknown jackpot on the console', async () => (await jackpots()).find((j) => j.jackpotId === nojp));
    expect(flagged).toMatchObject({ status: 'not-created', meterCents: 0 });
    expect(flagged.attention).toEqual([expect.objectContaining({ kind: 'unknown-jackpot', tableId, reason: expect.stringContaining(`table ${tableId} plays for jackpot "${nojp}", which does not exist`) })]);
    // Once per table: the opening and the coup are read by two consumers, so either may raise it first, but the
    // other never raises it again (the toEqual above holds exactly one flag), and nothing contributed anywhere.
    const rows = await eventually('the flag in the compliance register', async () => {
      const r = (await register()).filter((x) => x.tableId === tableId);
      return r.length ? r : undefined;
    });
    expect(rows).toEqual([expect.objectContaining({ kind: 'unknown-jackpot', clause: 'Crown Melbourne 13.3.1(b); 13.4.1' })]);
  });

  it('POST /jackpots naming a table never opened is created (201: tables may open later) with the table flagged unknown-table and shown as not opened; a table playing for it that it does not list is flagged and contributes nothing', async () => {
    const jackpotId = `links-${id}`;
    const listed = `LNK-B-${id}`;
    const typo = `LNK-TYPO-${id}`;
    const stranger = `LNK-C-${id}`;
    await openTable(listed, [jackpotId]);
    await eventually('the listed table known to the jackpot service', async () => {
      const { rows } = await db.pool.query(`SELECT 1 FROM jackpots.known_tables WHERE table_id = $1`, [listed]);
      return rows.length ? true : undefined;
    });
    const created = await api()
      .post('/jackpots')
      .set('Authorization', as('jackpot-console'))
      .send({
        jackpotId,
        name: 'Links Lucky Tie',
        tableIds: [listed, typo],
        parameters: { seedCents: 100000, contributionCents: 100, option: '3', percentOfMeter: { 'lucky-tie': 100 }, division: 'equal', roundingUnitCents: 100 },
        notifiedToRegulatorAt: '2026-11-01T00:00:00.000Z',
      })
      .expect(201);
    expect(created.body.events.map((e: { type: string; kind?: string; tableId?: string }) => [e.type, e.kind ?? null, e.tableId ?? null])).toEqual([
      ['JackpotCreated', null, null],
      ['JackpotAttentionFlagged', 'unknown-table', typo],
    ]);
    expect(created.body.links).toEqual([
      { tableId: listed, status: 'linked' },
      { tableId: typo, status: 'table-not-opened' },
    ]);

    await openTable(stranger, [jackpotId]);
    await playCoup(stranger);
    await playCoup(listed);
    const after = await eventually('the stranger flagged and the listed table contributing', async () => {
      const j = (await jackpots()).find((x) => x.jackpotId === jackpotId);
      return j && j.meterCents === 100100 && j.attention.some((a) => a.kind === 'table-not-in-jackpot') ? j : undefined;
    });
    // The listed table opened before the jackpot existed: flagged then, resolved once the jackpot was created.
    expect(after.attention.map((a) => [a.kind, a.tableId, a.resolved])).toEqual([
      ['unknown-jackpot', listed, true],
      ['unknown-table', typo, false],
      ['table-not-in-jackpot', stranger, false],
    ]);
    expect(after.links).toContainEqual({ tableId: stranger, status: 'table-not-in-jackpot' });
    // Worded on failure with what the register and reporting's checkpoint held, so a slow machine's failure says where it stopped.
    let seen: unknown = 'nothing yet';
    await eventually(
      () => `both flags in the compliance register (it held ${JSON.stringify(seen)})`,
      async () => {
        const rows = await register();
        const { rows: checkpoints } = await db.pool.query(`SELECT consumer, source, partition, transaction_id::text, position::text FROM messaging.checkpoints WHERE consumer LIKE 'reporting%'`);
        seen = { attention: rows.map((r) => [r.kind, r.tableId]), checkpoints };
        const kinds = rows.filter((r) => [typo, stranger].includes(r.tableId)).map((r) => r.kind).sort();
        return kinds.join() === 'table-not-in-jackpot,unknown-table' ? kinds : undefined;
      },
      150_000,
    );
  });
});
