/**
 * The whole platform as a casino runs it: every service in one process (apps/platform), the real PostgreSQL,
 * and the real Kafka when KAFKA_BROKERS is set (npm test sets it). Nothing is simulated below the HTTP API:
 * a jackpot console creates a Lucky Tie jackpot (Crown Melbourne 13.4.1(a)), a dealer console opens a
 * participating table and plays coups, a stacked Lucky Tie is dealt with Tie wagers on it, the dealer records
 * the hit on the handset (13.4.4), an area manager confirms it (13.4.5), and then:
 * - the jackpot took exactly one contribution per completed coup, from the tables service's own events;
 * - the Tie wagers were paid the meter, split by the division method (13.4.6), and the meter reset;
 * - reporting's results road and statistics agree, wager by wager, with what the tables service settled.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { isCasinoBound, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { startTestPlatform } from '../support/test-platform';

const as = (role: Role, jurisdictions?: string[]) => testBearer({ sub: `${role}-1`, name: role, roles: [role], jurisdictions, casinos: isCasinoBound(role) ? ['crown-melbourne'] : undefined });


// Both transports `npm start` can use: the real Kafka (KAFKA_BROKERS), and the embedded default without it.
const transports: [string, string[] | undefined][] = [
  ['Kafka', process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092']],
  ['the in-database subscription', undefined],
];

describe.each(transports)('casino floor end to end over %s: tables → jackpots → reporting through the real services', (_transport, brokers) => {
  const id = randomUUID().slice(0, 8);
  const tableId = `E2E-${id}`;
  const jackpotId = `lucky-${id}`;
  let db: TestDatabase;
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('floor_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics: { tables: `e2e.${id}.tables.events`, jackpots: `e2e.${id}.jackpots.events` } });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const post = async (path: string, role: Role, body: object, key = randomUUID()) => {
    const res = await api().post(path).set('Authorization', as(role)).set('Idempotency-Key', key).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('plays a table to a confirmed Lucky Tie; the meter, the payout and the reports reconcile with the settled wagers', async () => {
    const seed = 1_000_000;
    const contribution = 100;
    await post('/jackpots', 'jackpot-console', {
      jackpotId,
      name: 'Floor Lucky Tie',
      tableIds: [tableId],
      parameters: { seedCents: seed, contributionCents: contribution, option: '1', percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 }, division: 'proportional', roundingUnitCents: 100 },
      notifiedToRegulatorAt: '2026-11-01T00:00:00.000Z',
    });
    await post('/tables', 'gaming-supervisor', {
      tableId,
      rulebookId: 'crown-melbourne-v29',
      variant: 'traditional',
      offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
      decks: 8,
      limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'tie', minimumCents: 500, maximumCents: 100000 }] },
      minimumChipCents: 500,
      dealingMethod: 'dealer-retains-shoe',
      jackpotIds: [jackpotId],
      boxes: 7,
    });
    for (let box = 1; box <= 3; box++) await post(`/tables/${tableId}/seats`, 'dealer', { box, sessionId: `${tableId}-s${box}`, patronId: `P${box}` });
    const shoeId = `${tableId}-shoe1`;
    await post(`/tables/${tableId}/shoes`, 'dealer', { shoeId, cards: 'new', commitmentHash: 'a'.repeat(64) });
    await post(`/tables/${tableId}/shoe/cut`, 'dealer', { cutBy: 'P3', cutterKind: 'player', cutCardFromBack: 20 });
    await post(`/tables/${tableId}/shoe/burn`, 'dealer', { method: 'standard', count: 1 });

    // Four ordinary coups, then the Lucky Tie: 8♣ to each hand twice is a Tie 6-6 whose first four cards are 8s
    // of one suit (Crown Melbourne 13.4.4, Table 20 option 1: suited, 100% of the meter).
    const coups = [
      { cards: ['2H', '3D', '4S', '5C'], wagers: [{ box: 1, bet: 'banker', amountCents: 10000 }, { box: 2, bet: 'player', amountCents: 5000 }] },
      { cards: ['KH', '7D', '9S', 'QC'], wagers: [{ box: 1, bet: 'player', amountCents: 10000 }, { box: 3, bet: 'tie', amountCents: 2500 }] },
      { cards: ['2H', '2D', '3S', '4C', '6H', '2S'], wagers: [{ box: 2, bet: 'banker', amountCents: 20000 }] },
      { cards: ['AH', '2D', 'KS', 'JC', '9H', 'QS'], wagers: [{ box: 1, bet: 'player', amountCents: 5000 }, { box: 3, bet: 'banker', amountCents: 5000 }] },
      { cards: ['8C', '8C', '8C', '8C'], wagers: [{ box: 2, bet: 'tie', amountCents: 1000 }, { box: 3, bet: 'tie', amountCents: 3000 }, { box: 1, bet: 'banker', amountCents: 10000 }] },
    ];
    const settled: { bet: string; amountCents: number; winCents: number; returnedCents: number; commissionImmediateCents: number; commissionDeferredCents: number }[] = [];
    let luckyCoupId = '';
    for (const [n, coup] of coups.entries()) {
      const coupId = `${shoeId}-c${n + 1}`;
      await post(`/tables/${tableId}/coups`, 'dealer', { coupId });
      await post(`/tables/${tableId}/coups/${coupId}/wagers`, 'dealer', { wagers: coup.wagers.map((w, i) => ({ ...w, wagerId: `${coupId}-w${i}` })) });
      const dealtKey = randomUUID();
      const dealt = await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: coup.cards.map((card) => ({ card })) }, dealtKey);
      // The shoe retries the same message: a retried card is not a second card.
      const retried = await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: coup.cards.map((card) => ({ card })) }, dealtKey);
      expect(retried.events).toEqual(dealt.events);
      for (const e of dealt.events as { type: string; settlements?: typeof settled }[]) if (e.type === 'WagersSettled') settled.push(...e.settlements!);
      luckyCoupId = coupId;
    }
    expect(settled).toHaveLength(coups.reduce((n, c) => n + c.wagers.length, 0));

    // One contribution per completed coup, from the tables service's events (13.4.1-13.4.2).
    const meterAtHit = seed + coups.length * contribution;
    await eventually('five contributions on the meter', async () => {
      const res = await api().get(`/jackpots/${jackpotId}`).set('Authorization', as('jackpot-console'));
      return res.body.meterCents === meterAtHit ? res.body : undefined;
    });

    // The dealer's handset records the hit (13.4.4); the detector saw the same from the cards.
    await post(`/jackpots/${jackpotId}/hits`, 'dealer', { tableId, coupId: luckyCoupId, outcome: 'suited-lucky-tie' });
    const pending = await eventually('the pending hit, detected from the cards', async () => {
      const res = await api().get(`/jackpots/${jackpotId}/hits/pending`).set('Authorization', as('jackpot-console'));
      return res.body[0]?.detected ? res.body[0] : undefined;
    });
    expect(pending.mismatch ?? false).toBe(false);

    // A dealer may not confirm; an area manager does (13.4.5).
    await api().post(`/jackpots/${jackpotId}/hits/${pending.hitId}/confirm`).set('Authorization', as('dealer')).send({}).expect(403);
    const confirmed = await post(`/jackpots/${jackpotId}/hits/${pending.hitId}/confirm`, 'area-manager', {});
    const paid = confirmed.events.find((e: { type: string }) => e.type === 'JackpotPaid');
    const payout = Math.ceil(meterAtHit / 100) * 100; // rounded to the nearest payable amount (13.4.7(a))
    // Proportional to the Tie wagers (13.4.6): $10 and $30 share the meter 1:3.
    expect(paid.shares.map((s: { box: number; amountCents: number }) => [s.box, s.amountCents])).toEqual([
      [2, payout / 4],
      [3, (payout * 3) / 4],
    ]);
    const after = await api().get(`/jackpots/${jackpotId}`).set('Authorization', as('jackpot-console')).expect(200);
    expect(after.body.meterCents).toBe(seed);
    const reconciliation = await api().get(`/jackpots/${jackpotId}/reconciliation`).set('Authorization', as('regulator', ['VIC'])).expect(200);
    expect(reconciliation.body).toMatchObject({ balanced: true, contributionCount: coups.length, payoutsCents: payout });

    // Reporting, built only from the published events, shows the same play.
    const road = await eventually('the results road of all five coups', async () => {
      const res = await api().get(`/reporting/tables/${tableId}/road`).set('Authorization', as('area-manager'));
      return res.body.length === coups.length ? res.body : undefined;
    });
    expect(road.map((r: { result: string }) => r.result)).toEqual(['banker', 'player', 'banker', 'banker', 'tie']);
    const stats = await eventually('statistics of the five coups', async () => {
      const res = await api().get('/reporting/statistics').query({ tableId }).set('Authorization', as('area-manager'));
      const rows = res.body.tables as { coups: number | string }[];
      return rows.length && rows.reduce((n, r) => n + Number(r.coups), 0) === coups.length ? res.body : undefined;
    });
    const sum = (rows: Record<string, unknown>[], k: string) => rows.reduce((n, r) => n + Number(r[k]), 0);
    const turnover = settled.reduce((n, s) => n + s.amountCents, 0);
    const houseWin = settled.reduce((n, s) => n + s.amountCents - s.returnedCents - s.winCents + s.commissionImmediateCents + s.commissionDeferredCents, 0);
    expect(sum(stats.tables, 'turnoverCents')).toBe(turnover);
    expect(sum(stats.tables, 'houseWinCents')).toBe(houseWin);
    const dashboard = await eventually('the jackpot meter in reporting, back at the seed', async () => {
      const res = await api().get('/reporting/dashboard').set('Authorization', as('area-manager'));
      const meter = (res.body.jackpots as { jackpotId: string; meterCents: number | string }[]).find((j) => j.jackpotId === jackpotId);
      return meter && Number(meter.meterCents) === seed ? res.body : undefined;
    });
    expect(dashboard.tables.some((t: { tableId: string }) => t.tableId === tableId)).toBe(true);
  });
});
