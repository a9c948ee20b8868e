/**
 * Concurrency: two consoles issuing conflicting commands on one table at the same moment. Two instances
 * of the platform share one PostgreSQL database (as two replicas behind a load balancer would), so nothing in one
 * process can serialise the commands: each pair of requests is sent at once, one to each instance. Exactly one
 * wins; the other is refused with a clear 409 that says what to do; nothing is settled twice; the same
 * Idempotency-Key with a different command is refused naming the key, and with the same command counts once.
 */
import { INestApplication } from '@nestjs/common';
import { burn, createShoe, dealCoup, formatCard, Shoe } from '@app/baccarat';
import { Role } from '@app/platform-kit';
import { createTestDatabase, TestDatabase, testToken } from '@app/testing';
import { tableStreamId } from '../../apps/tables/src/table/table.commands';
import { startTestPlatform } from '../support/test-platform';

interface Answer {
  readonly status: number;
  readonly body: { code?: string; message?: string; duplicate?: boolean; events?: { type: string }[] };
}

const tokens = new Map<Role, string>();
const bearer = (role: Role) => {
  if (!tokens.has(role)) tokens.set(role, testToken({ sub: `console-${role}`, name: role, roles: [role], casinos: ['crown-melbourne'], ttlSeconds: 600 }));
  return `Bearer ${tokens.get(role)}`;
};

describe('two consoles issuing conflicting commands on one table at once', () => {
  let db: TestDatabase;
  const apps: INestApplication[] = [];
  const urls: string[] = [];
  let table = 0;

  const boot = async () => {
    const app = await startTestPlatform(db, { poolSize: 8 });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    urls.push((await app.getUrl()).replace('[::1]', '127.0.0.1'));
  };

  /** A command to one instance (0 or 1) of the platform. */
  const send = async (instance: number, path: string, body: unknown, key: string, role: Role = 'dealer'): Promise<Answer> => {
    const res = await fetch(`${urls[instance]}${path}`, {
      method: 'POST',
      headers: { authorization: bearer(role), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const ok = async (path: string, body: unknown, key: string, role: Role = 'dealer') => {
    const answer = await send(0, path, body, key, role);
    if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  /** Both requests leave before either is answered. */
  const atOnce = (a: () => Promise<Answer>, b: () => Promise<Answer>) => Promise.all([a(), b()]);
  const eventsOf = async (tableId: string, type: string) =>
    Number((await db.pool.query('SELECT count(*) AS n FROM tables.events WHERE stream_id = $1 AND type = $2', [tableStreamId(tableId), type])).rows[0].n);

  /** A Crown Melbourne table with two seated players, a shoe cut and burnt, and a coup with its wagers placed. */
  const tableWithCoup = async (perBoxMaximumCents?: number) => {
    const tableId = `RACE-${++table}`;
    const limit = (bet: string, minimumCents: number, maximumCents: number) => ({ bet, minimumCents, maximumCents });
    await ok('/tables', {
      tableId,
      rulebookId: 'crown-melbourne-v29',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: [limit('player', 2500, 1_000_000), limit('banker', 2500, 1_000_000), limit('tie', 500, 100_000)], ...(perBoxMaximumCents ? { perBoxMaximumCents } : {}) },
      minimumChipCents: 500,
      dealingMethod: 'dealer-retains-shoe',
      jackpotIds: [],
      boxes: 7,
    }, `${tableId}:open`, 'gaming-supervisor');
    for (const box of [1, 2]) await ok(`/tables/${tableId}/seats`, { box, sessionId: `${tableId}-s${box}`, patronId: `patron-${box}` }, `${tableId}:seat:${box}`);
    let shoe: Shoe = createShoe({ decks: 8, seed: `race:${tableId}`, salt: `${tableId}-shoe1` });
    await ok(`/tables/${tableId}/shoes`, { shoeId: `${tableId}-shoe1`, cards: 'new', commitmentHash: shoe.commitment }, `${tableId}:shoe`);
    await ok(`/tables/${tableId}/shoe/cut`, { cutBy: 'patron-2', cutterKind: 'player', cutCardFromBack: shoe.cards.length - shoe.cutCardIndex }, `${tableId}:cut`);
    await ok(`/tables/${tableId}/shoe/burn`, { method: 'standard', count: 1 }, `${tableId}:burn`);
    shoe = burn(shoe, 'standard').shoe;
    const dealt = dealCoup(shoe);
    if (dealt.kind !== 'coup') throw new Error('a fresh shoe deals a coup');
    const coupId = `${tableId}-c1`;
    await ok(`/tables/${tableId}/coups`, { coupId }, `${coupId}:start`);
    return { tableId, coupId, cards: dealt.coup.steps.map((s) => ({ card: formatCard(s.card) })) };
  };

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    process.env.RATE_LIMIT_PER_SECOND = '0';
    db = await createTestDatabase('race_e2e', 2);
    await boot();
    await boot();
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('two dealers deal the last cards of the same coup at once: one settles it, the other gets 409, and the wagers are settled once (Crown Melbourne 7.2, 9)', async () => {
    const { tableId, coupId, cards } = await tableWithCoup();
    await ok(`/tables/${tableId}/coups/${coupId}/wagers`, { wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents: 10_000 }, { wagerId: `${coupId}-w2`, box: 2, bet: 'player', amountCents: 5_000 }] }, `${coupId}:wagers`);
    const path = `/tables/${tableId}/coups/${coupId}/cards/batch`;
    const answers = await atOnce(
      () => send(0, path, { cards }, 'console-a:cards'),
      () => send(1, path, { cards }, 'console-b:cards'),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toEqual(expect.any(String));
    expect(refused.body.message).toEqual(expect.any(String));
    expect(await eventsOf(tableId, 'WagersSettled')).toBe(1);
    expect(await eventsOf(tableId, 'CoupCompleted')).toBe(1);
  });

  it('two supervisors void the same coup at once: one voids it, the other gets 409 (Crown Melbourne 15.4)', async () => {
    const { tableId, coupId } = await tableWithCoup();
    await ok(`/tables/${tableId}/coups/${coupId}/wagers`, { wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents: 10_000 }] }, `${coupId}:wagers`);
    const path = `/tables/${tableId}/coups/${coupId}/void`;
    const answers = await atOnce(
      () => send(0, path, { ground: 'disruption', reason: 'A patron knocked the shoe over' }, 'supervisor-a:void', 'gaming-supervisor'),
      () => send(1, path, { ground: 'disruption', reason: 'Cards exposed by a patron' }, 'supervisor-b:void', 'gaming-supervisor'),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toEqual(expect.any(String));
    expect(await eventsOf(tableId, 'CoupVoided')).toBe(1);
  });

  it('a dealer settles the coup while a supervisor voids it: whichever comes first, the wagers are settled once and the coup voided once (Crown Melbourne 9, 15.4)', async () => {
    const { tableId, coupId, cards } = await tableWithCoup();
    await ok(`/tables/${tableId}/coups/${coupId}/wagers`, { wagers: [{ wagerId: `${coupId}-w1`, box: 1, bet: 'banker', amountCents: 10_000 }] }, `${coupId}:wagers`);
    const [dealt, voided] = await atOnce(
      () => send(0, `/tables/${tableId}/coups/${coupId}/cards/batch`, { cards }, 'dealer:cards'),
      () => send(1, `/tables/${tableId}/coups/${coupId}/void`, { ground: 'disruption', reason: 'A patron knocked the shoe over' }, 'supervisor:void', 'gaming-supervisor'),
    );
    // Void first: the wagers are returned and the cards refused 409. Cards first: the coup settles and the void
    // reverses that settlement (15.4 on a completed coup). Either way one settlement and one void, never two.
    expect(voided.status).toBe(200);
    expect([200, 409]).toContain(dealt.status);
    expect(await eventsOf(tableId, 'WagersSettled')).toBe(1);
    expect(await eventsOf(tableId, 'CoupVoided')).toBe(1);
  });

  it('two consoles place wagers on the same box at once that together pass the box maximum: one is taken, the other refused naming the limit (Crown Melbourne 6.1)', async () => {
    const { tableId, coupId } = await tableWithCoup(100_000);
    const path = `/tables/${tableId}/coups/${coupId}/wagers`;
    const answers = await atOnce(
      () => send(0, path, { wagers: [{ wagerId: `${coupId}-a`, box: 1, bet: 'banker', amountCents: 60_000 }] }, 'console-a:wager'),
      () => send(1, path, { wagers: [{ wagerId: `${coupId}-b`, box: 1, bet: 'player', amountCents: 60_000 }] }, 'console-b:wager'),
    );
    const taken = answers.filter((a) => a.status < 300);
    const refused = answers.filter((a) => a.status >= 400);
    expect({ taken: taken.length, refused: refused.map((a) => a.status < 500) }).toEqual({ taken: 1, refused: [true] });
    expect(refused[0]).toMatchObject({ status: 422, body: { code: 'BOX_MAXIMUM_EXCEEDED', message: expect.stringContaining('at most 100000 cents') } });
    expect(await eventsOf(tableId, 'WagersAccepted')).toBe(1);
  });

  it('the same Idempotency-Key with a different command at once: one is recorded, the other refused 409 naming the key', async () => {
    const { tableId, coupId } = await tableWithCoup();
    const path = `/tables/${tableId}/coups/${coupId}/wagers`;
    const answers = await atOnce(
      () => send(0, path, { wagers: [{ wagerId: `${coupId}-a`, box: 1, bet: 'banker', amountCents: 10_000 }] }, 'shared-key'),
      () => send(1, path, { wagers: [{ wagerId: `${coupId}-b`, box: 2, bet: 'player', amountCents: 20_000 }] }, 'shared-key'),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(refused.body.message).toContain('shared-key');
    expect(await eventsOf(tableId, 'WagersAccepted')).toBe(1);
  });

  it('the same command retried with its key on both instances at once is recorded once', async () => {
    const { tableId, coupId } = await tableWithCoup();
    const path = `/tables/${tableId}/coups/${coupId}/wagers`;
    const body = { wagers: [{ wagerId: `${coupId}-a`, box: 1, bet: 'banker', amountCents: 10_000 }] };
    const answers = await atOnce(
      () => send(0, path, body, 'retried-key'),
      () => send(1, path, body, 'retried-key'),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await eventsOf(tableId, 'WagersAccepted')).toBe(1);
  });
});
