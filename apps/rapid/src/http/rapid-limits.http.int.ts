/**
 * Rapid table limits (Rapid 5.3) take the tables service's shape, `limits.perBet` as a list of `bet`,
 * `minimumCents`, `maximumCents` (with Rapid's `incrementCents`, 5.3.2(a)); the earlier map keyed by bet with
 * `minCents` / `maxCents` still opens a table, and a refusal names the field as the request sent it, in either shape.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS } from '../test-support/rapid-fixtures';
import { bearer, startRapidApp } from '../test-support/rapid-app';

const MANAGER = bearer(['area-manager'], 'am-1');
const READER = bearer(['regulator'], 'vgccc-1', ['VIC']);
const inTablesShape = (limits: typeof LIMITS) => ({ perBet: Object.entries(limits).map(([bet, l]) => ({ bet, minimumCents: l.minCents, maximumCents: l.maxCents, incrementCents: l.incrementCents })) });
const table = (tableId: string, limits: object) => ({
  tableId,
  variant: 'traditional',
  offeredBets: OFFERED_BETS,
  limits,
  decks: 8,
  stations: [{ atsId: `${tableId}-ATS01`, remote: false, printer: false }],
});

describe('Rapid table limits in the tables service shape (Rapid 5.3)', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('rapid_limits');
    app = await startRapidApp({ url: db.url, poolSize: 5 });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const open = (body: object) => request(app.getHttpServer()).post('/rapid/tables').set('Authorization', MANAGER).send(body);
  const termsOf = async (tableId: string) => (await request(app.getHttpServer()).get(`/rapid/tables/${tableId}`).set('Authorization', READER).expect(200)).body.terms;

  it('opens a table with limits.perBet (bet, minimumCents, maximumCents, incrementCents) as the tables service takes them, with the same terms as the map (Rapid 5.3.1, 5.3.2)', async () => {
    const res = await open(table('RL-LIST', inTablesShape(LIMITS)));
    expect({ status: res.status, body: res.status === 201 ? 'opened' : res.body }).toEqual({ status: 201, body: 'opened' });
    await open(table('RL-MAP', LIMITS)).expect(201);
    expect((await termsOf('RL-LIST')).limits).toEqual((await termsOf('RL-MAP')).limits);
    expect((await termsOf('RL-LIST')).limits.tie).toEqual({ minCents: 500, maxCents: 50_000, incrementCents: 500 });
  });

  it('refuses a minimum above the maximum naming limits.perBet[i].minimumCents as sent, and limits.<bet>.minCents in the older map (Rapid 5.3)', async () => {
    const list = inTablesShape({ ...LIMITS, tie: { minCents: 60_000, maxCents: 50_000, incrementCents: 100 } });
    const index = list.perBet.findIndex((l) => l.bet === 'tie');
    const refused = await open(table('RL-BAD-LIST', list)).expect(422);
    expect(refused.body).toMatchObject({ code: 'LIMIT_MINIMUM_ABOVE_MAXIMUM', field: `limits.perBet[${index}].minimumCents` });
    const older = await open(table('RL-BAD-MAP', { ...LIMITS, tie: { minCents: 60_000, maxCents: 50_000, incrementCents: 100 } })).expect(422);
    expect(older.body).toMatchObject({ code: 'LIMIT_MINIMUM_ABOVE_MAXIMUM', field: 'limits.tie.minCents' });
  });

  it('refuses an increment above the maximum naming limits.perBet[i].incrementCents (Rapid 5.3.2(a))', async () => {
    const list = inTablesShape({ ...LIMITS, banker: { minCents: 1_000, maxCents: 500_000, incrementCents: 600_000 } });
    const index = list.perBet.findIndex((l) => l.bet === 'banker');
    const refused = await open(table('RL-INC', list)).expect(422);
    expect(refused.body).toMatchObject({ code: 'INCREMENT_INVALID', field: `limits.perBet[${index}].incrementCents` });
    expect(refused.body.message).toContain(`limits.perBet[${index}].incrementCents`);
  });

  it('refuses a malformed limit with 400 naming its path in the list, and a bet listed twice (Rapid 5.3)', async () => {
    const list = inTablesShape(LIMITS);
    const bad = await open(table('RL-400', { perBet: [{ ...list.perBet[0], minimumCents: 'ten' }, ...list.perBet.slice(1)] })).expect(400);
    expect(bad.body.message).toContain('limits.perBet[0].minimumCents');
    const twice = await open(table('RL-TWICE', { perBet: [...list.perBet, list.perBet[0]] })).expect(400);
    expect(twice.body.message).toContain(`limits.perBet[${list.perBet.length}].bet`);
  });

  it('Rapid 5.3.1, 5.3.2, 5.3.3: limits the ATS chips cannot make, a maximum that is not a permitted wager, and an aggregate no wagers could reach are refused 422 naming the field as sent, the rule and the clause, nothing opened', async () => {
    // The bet refused first in the list, the other main bet's limits ones the chips make.
    const only = (bet: string, l: { minCents: number; maxCents: number; incrementCents: number }) => ({
      perBet: [
        { bet, minimumCents: l.minCents, maximumCents: l.maxCents, incrementCents: l.incrementCents },
        { bet: bet === 'player' ? 'banker' : 'player', minimumCents: 1_000, maximumCents: 500_000, incrementCents: 500 },
      ],
    });
    const cases = [
      { id: 'RL-C1', limits: only('player', { minCents: 1, maxCents: 500_000, incrementCents: 1 }), code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.perBet[0].minimumCents', clause: 'Rapid 5.3.1' },
      { id: 'RL-C2', limits: only('player', { minCents: 750, maxCents: 500_000, incrementCents: 250 }), code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.perBet[0].minimumCents', clause: 'Rapid 5.3.1' },
      { id: 'RL-C3', limits: only('banker', { minCents: 700, maxCents: 500_000, incrementCents: 700 }), code: 'LIMIT_NOT_MADE_WITH_CHIPS', field: 'limits.perBet[0].minimumCents', clause: 'Rapid 5.3.1' },
      { id: 'RL-C4', limits: only('banker', { minCents: 1_000, maxCents: 500_000, incrementCents: 300 }), code: 'STEP_NOT_MADE_WITH_CHIPS', field: 'limits.perBet[0].incrementCents', clause: 'Rapid 5.3.2(a)' },
      { id: 'RL-C5', limits: only('player', { minCents: 1_000, maxCents: 100_300, incrementCents: 500 }), code: 'MAXIMUM_NOT_A_PERMITTED_WAGER', field: 'limits.perBet[0].maximumCents', clause: 'Rapid 5.3.2(b)' },
    ];
    for (const c of cases) {
      const res = await open({ ...table(c.id, c.limits), offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }] });
      expect({ id: c.id, status: res.status, code: res.body.code, field: res.body.field }).toEqual({ id: c.id, status: 422, code: c.code, field: c.field });
      expect(res.body.clause).toContain(c.clause);
      expect(res.body.message).toContain(c.field);
      expect(res.body.message).toContain('send');
    }
    const twenty = { perBet: ['player', 'banker'].map((bet) => ({ bet, minimumCents: 1_000, maximumCents: 2_000, incrementCents: 500 })) };
    const aggregate = await open({ ...table('RL-C6', twenty), offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }], aggregateMinimumCents: 9_999_900 });
    expect({ status: aggregate.status, code: aggregate.body.code, field: aggregate.body.field }).toEqual({ status: 422, code: 'AGGREGATE_UNREACHABLE', field: 'aggregateMinimumCents' });
    expect(aggregate.body.clause).toBe('Rapid 5.3.3');
  });
});
