import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@app/contracts';
import type { Actor } from '@app/platform-kit';
import { createTestDatabase, integrationEventOf, TestDatabase } from '@app/testing';
import { PromotionNoticesController } from './promotion-notices.controller';
import { PromotionNoticesProjection } from './promotion-notices.projection';
import { promotionNoticesSection } from './promotion-notices-section';

const envelope = (type: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
  integrationEventOf(type, data, { source: 'promotions', streamId: `voucher-${data.voucherId as string}`, streamType: 'voucher', occurredAt });
const CLAUSE = "Star 2024 1.1 'Casino Promotional Token'";
const settled = (voucherId: string, at: string, grossWinCents: number) =>
  envelope('PromotionalTokenWagerSettled', at, {
    voucherId, promotionId: 'winter', wagerId: `token:${voucherId}:1`, tableId: 'T1', coupId: `c-${voucherId}`, outcome: 'win', amountCents: grossWinCents, grossWinCents, commissionCents: 0,
    winningsInChipsCents: grossWinCents, stakeReturnedInChipsCents: 0, tablesReturnedCents: grossWinCents, token: 'forfeited', tokensInHandCents: 0, sourceEventId: randomUUID(), settledAt: at, clause: CLAUSE,
  });
const REGULATOR: Actor = { id: 'nicc', name: 'nicc', roles: ['regulator'], role: 'regulator', jurisdictions: ['NSW'], casinos: [] };

/** GET /reporting/promotions/notices over the real read model: attention items and what the reconciliation sums. */
describe('promotion notices: unmarked token wagers and the token reconciliation (Star 1.1, 5.2)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;

  beforeAll(async () => {
    db = await createTestDatabase('promo_notices', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      // NSW gaming day 2026-03-02 (from 06:00 Sydney): A at 12:00, B at 19:00; C on the next gaming day.
      for (const e of [
        settled('A', '2026-03-02T01:00:00.000Z', 5_000),
        settled('B', '2026-03-02T08:00:00.000Z', 3_000),
        settled('C', '2026-03-03T01:00:00.000Z', 1_000),
        envelope('PromotionalTokenWagerUnmarked', '2026-03-02T01:00:00.000Z', { voucherId: 'U', promotionId: 'winter', wagerId: 'token:U:1', tablesWagerId: 'chips-U', tableId: 'T2', coupId: 'c-U', box: 4, bet: 'banker', amountCents: 2_500, tablesMedium: 'chips', sourceEventId: randomUUID(), clause: CLAUSE }),
        // The tables took under voucher M's token id a wager of another amount than the desk recorded; voucher R's token wager was never taken.
        envelope('PromotionalTokenWagerMatched', '2026-03-02T02:00:00.000Z', { voucherId: 'M', promotionId: 'winter', wagerId: 'token:M:1', tableId: 'T2', coupId: 'c-M', matches: false, mismatch: ['amountCents: recorded 5000, tables 50000'], tablesWagerId: null, sourceEventId: randomUUID(), clause: CLAUSE }),
        envelope('PromotionalTokenWagerMatched', '2026-03-02T02:10:00.000Z', { voucherId: 'M', promotionId: 'winter', wagerId: 'token:M:2', tableId: 'T2', coupId: 'c-M2', matches: true, mismatch: [], tablesWagerId: null, sourceEventId: randomUUID(), clause: CLAUSE }),
        envelope('PromotionalTokenWagerReleased', '2026-03-02T03:00:00.000Z', { voucherId: 'R', promotionId: 'winter', wagerId: 'token:R:1', tableId: 'T2', coupId: 'c-R', box: 2, bet: 'player', amountCents: 1_000, tokensInHandCents: 1_000, reason: 'never taken', sourceEventId: randomUUID(), releasedAt: '2026-03-02T03:00:00.000Z', clause: CLAUSE }),
      ]) {
        await projection.apply(e, client);
      }
      // What the table statistics counted as chips paid on token wagers those days.
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_paid_cents, token_won_cents) VALUES ('T1', '2026-03-02', 'day', 'NSW', 8000, 8000), ('T1', '2026-03-03', 'day', 'NSW', 1000, 1000)`);
      // ... and as token stakes: on 3 March the table took 5,000 where the desk recorded the 1,000 voucher C staked.
      await client.query(`UPDATE reporting.table_stats SET token_stakes_cents = CASE gaming_day WHEN '2026-03-02' THEN 8000 ELSE 5000 END`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 5.2, 1.1: a token wager the dealer did not mark as a token is an attention item naming the table, coup and voucher', async () => {
    const report = await controller.notices({}, REGULATOR);
    expect(report.attention).toEqual([
      expect.objectContaining({ kind: 'token-wager-unmarked', clause: CLAUSE, amountCents: 2_500, data: expect.objectContaining({ tableId: 'T2', coupId: 'c-U', voucherId: 'U' }) }),
      expect.objectContaining({ kind: 'token-wager-mismatch', clause: CLAUSE, data: expect.objectContaining({ voucherId: 'M', wagerId: 'token:M:1', mismatch: ['amountCents: recorded 5000, tables 50000'] }) }),
      expect.objectContaining({ kind: 'token-wager-released', clause: CLAUSE, amountCents: 1_000, data: expect.objectContaining({ voucherId: 'R', coupId: 'c-R' }) }),
    ]);
  });

  it('the notices are exactly those in [from, to); the reconciliation sums both sides over the whole NSW gaming days those notices fall on', async () => {
    // From 18:00 Sydney on 2 March: only B is in the window, but the table statistics hold the whole gaming day.
    const report = await controller.notices({ from: '2026-03-02T07:00:00.000Z', to: '2026-03-02T12:00:00.000Z' }, REGULATOR);
    expect(report.notices.map((n) => n.data.voucherId)).toEqual(['B']);
    expect(report.tokenReconciliation).toMatchObject({ gamingDays: ['2026-03-02'], wagers: 2, grossWinningsInChipsCents: 8_000, tableStatistics: { tokenPaidCents: 8_000 }, agreesWithTableStatistics: true });
  });

  it('Star 1.1: token play the desk never recorded (a token wager with no voucher behind it) on a reconciled day makes the reconciliation disagree', async () => {
    // One token wager the desk recorded settles in the window on 5 March; the tables counted three.
    const client = await db.pool.connect();
    try {
      await new PromotionNoticesProjection('reporting').apply(settled('D', '2026-03-05T01:00:00.000Z', 2_000), client);
    } finally {
      client.release();
    }
    await db.pool.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('T9', '2026-03-05', 'night', 'NSW', 3, 200000, 100000, 100000)`);
    const report = await controller.notices({ from: '2026-03-04T20:00:00.000Z', to: '2026-03-05T19:00:00.000Z' }, REGULATOR);
    expect(report.tokenReconciliation).toMatchObject({ gamingDays: ['2026-03-05'], wagers: 1, recordedStakesCents: 2_000, tableStatistics: { tokenWagers: 3, tokenStakesCents: 200_000 }, agreesWithTableStatistics: false });
  });

  it('Star 1.1: the reconciliation compares stakes as well as chips paid: a token wager the table took for more than the voucher staked makes it disagree', async () => {
    const report = await controller.notices({ from: '2026-03-02T20:00:00.000Z', to: '2026-03-03T12:00:00.000Z' }, REGULATOR);
    expect(report.tokenReconciliation).toMatchObject({ gamingDays: ['2026-03-03'], recordedStakesCents: 1_000, tableStatistics: { tokenPaidCents: 1_000, tokenStakesCents: 5_000 }, agreesWithTableStatistics: false });
  });
});

describe('Star 2024 1.1 token reconciliation window: the gaming days on which a token wager settled or reversed, or a table took token play the desk did not register as it was taken, inside [from, to)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  beforeAll(async () => {
    db = await createTestDatabase('promo_window', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      // NSW gaming day 2026-11-27 (06:00 Sydney = 19:00Z the day before): the table took $100 under V1's token where
      // $50 was registered at 01:00Z, and a token no voucher stands behind at 01:30Z; V1 settled at 02:00Z.
      for (const e of [
        envelope('PromotionalTokenWagerMatched', '2026-11-27T01:00:00.000Z', { voucherId: 'V1', promotionId: 'winter', wagerId: 'token:V1:1', tableId: 'T1', coupId: 'c-1', matches: false, mismatch: ['amountCents: recorded 5000, tables 10000'], tablesWagerId: null, recorded: true, box: 1, bet: 'player', amountCents: 10_000, registeredAmountCents: 5_000, acceptedAt: '2026-11-27T01:00:00.000Z', sourceEventId: randomUUID(), clause: CLAUSE }),
        envelope('PromotionalTokenWagerUnregistered', '2026-11-27T01:30:00.000Z', { voucherId: null, tableId: 'T1', coupId: 'c-2', tablesWagerId: 'w-2', box: 2, bet: 'banker', amountCents: 3_000, acceptedAt: '2026-11-27T01:30:00.000Z', reason: 'no desk record', sourceEventId: randomUUID(), clause: CLAUSE }),
        settled('V1', '2026-11-27T02:00:00.000Z', 8_000),
      ]) {
        await projection.apply(e, client);
      }
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('T1', '2026-11-27', 'day', 'NSW', 2, 13000, 8000, 8000)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  const none = { gamingDays: [], wagers: 0, winningsInChipsCents: 0, tokenStakesCents: 0, grossWinningsInChipsCents: 0, recordedStakesCents: 0, tableStatistics: { tokenWagers: 0, tokenStakesCents: 0, tokenPaidCents: 0 }, unregisteredWagers: [], excessWagers: [] };

  it('Star 2024 1.1: a window of that gaming day in which no token wager settled or reversed reconciles no day: zero totals, nothing itemised', async () => {
    const report = await controller.notices({ from: '2026-11-27T15:00:00.000Z', to: '2026-11-27T16:00:00.000Z' }, REGULATOR);
    expect(report.notices).toEqual([]);
    expect(report.tokenReconciliation).toMatchObject(none);
  });

  it('Star 2024 1.1: of two consecutive windows in one gaming day, only the one holding its token play reconciles the day', async () => {
    const before = await controller.notices({ from: '2026-11-26T19:00:00.000Z', to: '2026-11-27T00:45:00.000Z' }, REGULATOR);
    expect(before.tokenReconciliation).toMatchObject(none);
    const after = await controller.notices({ from: '2026-11-27T00:45:00.000Z', to: '2026-11-27T19:00:00.000Z' }, REGULATOR);
    expect(after.tokenReconciliation).toMatchObject({ gamingDays: ['2026-11-27'], wagers: 1, winningsInChipsCents: 8_000, tableStatistics: { tokenWagers: 2, tokenStakesCents: 13_000 } });
    expect(after.tokenReconciliation.excessWagers.map((w) => w.excessCents)).toEqual([2_000]);
    expect(after.tokenReconciliation.unregisteredWagers.map((w) => w.amountCents)).toEqual([3_000]);
  });
});

describe('promotion notices: what was never notified is overdue; the draw rounds are on the record (Star 16.8, 16.11, 16.7.1)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  const promotion = (type: string, promotionId: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
    integrationEventOf(type, { promotionId, ...data }, { source: 'promotions', streamId: `promotion-${promotionId}`, streamType: 'promotion', occurredAt, rulebookVersion: 'star-sydney-2024' });
  const winner = (prizeId: string, patronId: string) => ({ prizeId, entryId: `e-${prizeId}`, patronId, valueCents: 100_000 });

  beforeAll(async () => {
    db = await createTestDatabase('promo_overdue', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      for (const e of [
        promotion('PromotionDrawOperatorCommitted', 'spring', '2026-02-20T00:00:00.000Z', { drawId: 'd1', round: 1, commitment: 'a'.repeat(64), entryRulesDigest: 'b'.repeat(64), prizesDigest: 'c'.repeat(64), entriesBefore: 0, afterEntriesOpened: false, committedAt: '2026-02-20T00:00:00.000Z', clause: 'Star 2024 16.7.1' }),
        promotion('PromotionDrawScrutineerCommitted', 'spring', '2026-02-21T00:00:00.000Z', { drawId: 'd1', round: 1, scrutineer: 'K. Scrutineer', commitment: 'd'.repeat(64), committedAt: '2026-02-21T00:00:00.000Z', clause: 'Star 2024 16.7.10' }),
        promotion('PromotionDrawConducted', 'spring', '2026-03-10T11:00:00.000Z', {
          drawId: 'd1', seed: '1'.repeat(64), commitment: 'a'.repeat(64), entriesDigest: 'e'.repeat(64), entryCount: 9, winners: [winner('first', 'P1'), winner('second', 'P2')],
          scrutineer: 'K. Scrutineer', notifyWinnersBy: '2026-03-12T11:00:00.000Z', drawnAt: '2026-03-10T11:00:00.000Z', clause: 'Star 2024 16.7.1; Star 2024 16.2',
        }),
        promotion('PromotionWinnerNotified', 'spring', '2026-03-11T01:00:00.000Z', { prizeId: 'first', patronId: 'P1', method: 'telephone', notifiedAt: '2026-03-11T01:00:00.000Z', dueBy: '2026-03-12T11:00:00.000Z', onTime: true, clause: 'Star 2024 16.8' }),
        // Postponed, the Inspector never told.
        promotion('PromotionDrawCompromised', 'autumn', '2026-03-10T00:00:00.000Z', { action: 'postponed', reason: 'barrel unsealed', decidedAt: '2026-03-10T00:00:00.000Z', inspectorNoticeDueBy: '2026-03-12T00:00:00.000Z', inspectorNotifiedAt: null, clause: 'Star 2024 16.11' }),
        promotion('PromotionDrawRoundAbandoned', 'autumn', '2026-03-10T01:00:00.000Z', {
          drawId: 'd7', round: 1, operatorCommitment: 'f'.repeat(64), operatorSeed: null, scrutineer: null, scrutineerCommitment: null, scrutineerSeed: null, reason: 'postponed', abandonedAt: '2026-03-10T01:00:00.000Z', clause: 'Star 2024 16.11',
        }),
        // Cancelled with a notice three days after its due time, as published before the notice's own onTime existed.
        promotion('PromotionDrawCompromised', 'winter', '2026-03-10T00:00:00.000Z', { action: 'cancelled', reason: 'seed leaked', decidedAt: '2026-03-10T00:00:00.000Z', inspectorNoticeDueBy: '2026-03-12T00:00:00.000Z', inspectorNotifiedAt: '2026-03-15T00:00:00.000Z', clause: 'Star 2024 16.11' }),
      ]) {
        await projection.apply(e, client);
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 2024 16.8, 16.11: a winner not notified within 2 days and an Inspector not told within 48 hours are overdue once the time has passed', async () => {
    const later = await controller.notices({ asOf: '2026-03-13T00:00:00.000Z' }, REGULATOR);
    expect(later.overdue).toEqual([
      expect.objectContaining({ promotionId: 'autumn', kind: 'inspector-notice-overdue', dueBy: '2026-03-12T00:00:00.000Z', clause: 'Star 2024 16.11' }),
      expect.objectContaining({ promotionId: 'spring', kind: 'winner-notice-overdue', prizeId: 'second', dueBy: '2026-03-12T11:00:00.000Z', clause: 'Star 2024 16.8' }),
    ]);
    const inTime = await controller.notices({ asOf: '2026-03-11T12:00:00.000Z' }, REGULATOR);
    expect(inTime.overdue).toEqual([]);
  });

  it('Star 2024 16.11: a notice given with the decision after its due time is reported late, not on time', async () => {
    const report = await controller.notices({}, REGULATOR);
    expect(report.late).toEqual([expect.objectContaining({ promotionId: 'winter', kind: 'draw-cancelled', onTime: false })]);
  });

  it('Star 2024 16.7.1, 16.7.10: every commitment, contribution and abandoned round is a notice', async () => {
    const kinds = (await controller.notices({}, REGULATOR)).notices.map((n) => `${n.promotionId}:${n.kind}`);
    expect(kinds).toEqual(expect.arrayContaining(['spring:draw-committed', 'spring:draw-contribution', 'spring:draw', 'autumn:draw-round-abandoned']));
  });

});

describe('promotion notices: terms never lodged with the regulator are overdue once their due time passes (Star 2024 16.12)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  const promotion = (type: string, promotionId: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
    integrationEventOf(type, { promotionId, ...data }, { source: 'promotions', streamId: `promotion-${promotionId}`, streamType: 'promotion', occurredAt, rulebookVersion: 'star-sydney-2024' });
  const created = (promotionId: string, at: string, startsAt: string, dueBy: string | null) =>
    promotion('PromotionCreated', promotionId, at, { name: promotionId, rulebookId: 'star-sydney-2024', regulator: 'NICC', schedule: { startsAt, entriesCloseAt: '2026-03-30T10:00:00.000Z', drawAt: '2026-03-30T11:00:00.000Z' }, terms: {}, termsVersion: 1, prizes: [{ prizeId: 'first', valueCents: 100_000 }], termsDueAtRegulatorBy: dueBy, createdAt: at, clause: 'Star 2024 16.7' });
  const lodged = (promotionId: string, at: string, termsVersion: number) =>
    promotion('PromotionTermsLodged', promotionId, at, { termsVersion, regulator: 'NICC', lodgedAt: at, hoursBeforeStart: 0, inTime: false, resubmission: false, clause: 'Star 2024 16.12' });
  const period = { type: 'month' as const, value: '2026-03', firstDay: '2026-03-01', lastDay: '2026-03-31' };

  beforeAll(async () => {
    db = await createTestDatabase('promo_lodging', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      for (const e of [
        // Due 9 March 10:00 UTC, never lodged.
        created('never', '2026-03-01T00:00:00.000Z', '2026-03-10T10:00:00.000Z', '2026-03-09T10:00:00.000Z'),
        // Lodged a day late: late, not overdue.
        created('late', '2026-03-01T00:00:00.000Z', '2026-03-10T10:00:00.000Z', '2026-03-09T10:00:00.000Z'),
        lodged('late', '2026-03-10T10:00:00.000Z', 1),
        // Version 1 lodged in time, amended before commencement, the amended terms never lodged.
        created('amended', '2026-03-01T00:00:00.000Z', '2026-03-10T10:00:00.000Z', '2026-03-09T10:00:00.000Z'),
        lodged('amended', '2026-03-02T00:00:00.000Z', 1),
        promotion('PromotionTermsAmended', 'amended', '2026-03-05T00:00:00.000Z', { termsVersion: 2, terms: {}, prizes: [], scrutineerRequired: false, afterCommencement: false, resubmissionRequired: false, reason: 'prize changed', amendedAt: '2026-03-05T00:00:00.000Z', clause: 'Star 2024 16.7' }),
        // Cancelled before its terms were due: it never commences, nothing is owed.
        created('called-off', '2026-03-01T00:00:00.000Z', '2026-03-10T10:00:00.000Z', '2026-03-09T10:00:00.000Z'),
        promotion('PromotionDrawCompromised', 'called-off', '2026-03-03T00:00:00.000Z', { action: 'cancelled', reason: 'sponsor withdrew', decidedAt: '2026-03-03T00:00:00.000Z', inspectorNoticeDueBy: '2026-03-05T00:00:00.000Z', inspectorNotifiedAt: '2026-03-03T00:00:00.000Z', inspectorNoticeOnTime: true, clause: 'Star 2024 16.11' }),
        // Star 2021 (no lodging ahead): nothing is due.
        created('old', '2026-03-01T00:00:00.000Z', '2026-03-10T10:00:00.000Z', null),
      ]) {
        await projection.apply(e, client);
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 2024 16.12: terms never lodged (or amended before commencement and not lodged again) are overdue from their due time; a late lodgement is late, not overdue', async () => {
    const before = await controller.notices({ asOf: '2026-03-09T09:59:59.000Z' }, REGULATOR);
    expect(before.overdue).toEqual([]);
    const after = await controller.notices({ asOf: '2026-03-09T10:00:01.000Z' }, REGULATOR);
    expect(after.overdue).toEqual([
      expect.objectContaining({ promotionId: 'amended', kind: 'terms-lodgement-overdue', termsVersion: 2, dueBy: '2026-03-09T10:00:00.000Z', clause: 'Star 2024 16.12' }),
      expect.objectContaining({ promotionId: 'late', kind: 'terms-lodgement-overdue', termsVersion: 1, dueBy: '2026-03-09T10:00:00.000Z', clause: 'Star 2024 16.12' }),
      expect.objectContaining({ promotionId: 'never', kind: 'terms-lodgement-overdue', termsVersion: 1, dueBy: '2026-03-09T10:00:00.000Z', clause: 'Star 2024 16.12' }),
    ]);
    // Once lodged (late) it is no longer overdue, and the lodgement is late.
    const later = await controller.notices({ asOf: '2026-03-20T00:00:00.000Z' }, REGULATOR);
    expect(later.overdue.map((o) => o.promotionId)).toEqual(['amended', 'never']);
    expect(later.late).toEqual([expect.objectContaining({ promotionId: 'late', kind: 'terms-lodged', onTime: false })]);
  });

  it('Star 2024 16.12: the NSW monthly promotions report lists the lodgements overdue at the end of its month', async () => {
    const { section } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    const overdue = section.rows.filter((r) => r.kind === 'terms-lodgement-overdue');
    expect(overdue.map((r) => [r.promotionId, r.at, r.onTime, r.clause])).toEqual([
      ['amended', '2026-03-09T10:00:00.000Z', false, 'Star 2024 16.12'],
      ['never', '2026-03-09T10:00:00.000Z', false, 'Star 2024 16.12'],
    ]);
    // The month before: nothing was due yet.
    const { section: february } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period: { type: 'month', value: '2026-02', firstDay: '2026-02-01', lastDay: '2026-02-28' } });
    expect(february.rows.filter((r) => r.kind === 'terms-lodgement-overdue')).toEqual([]);
  });
});

describe('promotion notices: token wagers the tables took that the promotions desk never registered are itemised (Star 2024 1.1, 5.2)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  const tableEvent = (type: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
    integrationEventOf(type, data, { source: 'promotions', streamId: `token-table-${data.tableId as string}`, streamType: 'token-table', occurredAt, rulebookVersion: 'star-sydney-2024' });

  beforeAll(async () => {
    db = await createTestDatabase('promo_unregistered', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      for (const e of [
        // Placed as a token, no desk record behind it (NSW gaming day 2026-04-02).
        tableEvent('PromotionalTokenWagerUnregistered', '2026-04-02T02:00:00.000Z', { voucherId: null, tableId: 'T7', coupId: 'c-70', tablesWagerId: 'w-70', box: 4, bet: 'banker', amountCents: 20_000, acceptedAt: '2026-04-02T02:00:00.000Z', reason: 'no desk record', sourceEventId: randomUUID(), clause: CLAUSE }),
        // Under the token id of an issued voucher, never recorded at the desk.
        envelope('PromotionalTokenWagerMatched', '2026-04-02T03:00:00.000Z', { voucherId: 'V5', promotionId: 'winter', wagerId: 'token:V5:9', tableId: 'T8', coupId: 'c-80', matches: false, mismatch: ['no token wager token:V5:9 was recorded at the promotions desk: tables tie 5000 at box 2'], tablesWagerId: null, recorded: false, box: 2, bet: 'tie', amountCents: 5_000, acceptedAt: '2026-04-02T03:00:00.000Z', sourceEventId: randomUUID(), clause: CLAUSE }),
        // A token wager the desk registered settles that day: the day is reconciled (Star 1.1: days a token wager settled).
        settled('V6', '2026-04-02T04:00:00.000Z', 1_000),
      ]) {
        await projection.apply(e, client);
      }
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('T7', '2026-04-02', 'day', 'NSW', 2, 25000, 0, 0)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 2024 1.1, 5.2: the reconciliation itemises each unregistered token wager (table, coup, box, bet, amount, time) beside its disagreement', async () => {
    const report = await controller.notices({ from: '2026-04-01T20:00:00.000Z', to: '2026-04-02T19:00:00.000Z' }, REGULATOR);
    expect(report.tokenReconciliation).toMatchObject({
      agreesWithTableStatistics: false,
      unregisteredWagers: [
        { tableId: 'T7', coupId: 'c-70', box: 4, bet: 'banker', amountCents: 20_000, at: '2026-04-02T02:00:00.000Z', tablesWagerId: 'w-70', voucherId: null, clause: CLAUSE },
        { tableId: 'T8', coupId: 'c-80', box: 2, bet: 'tie', amountCents: 5_000, at: '2026-04-02T03:00:00.000Z', tablesWagerId: 'token:V5:9', voucherId: 'V5', clause: CLAUSE },
      ],
    });
    expect(report.attention.map((n) => n.kind)).toEqual(['token-wager-unregistered', 'token-wager-unregistered']);
  });

  it('Star 2024 1.1, 5.2: a window in which the tables took only token play the desk never registered still reconciles its day, which disagrees', async () => {
    // 02:00Z-03:30Z holds the two unregistered wagers and no desk settlement: unseen token play must not escape the reconciliation.
    const report = await controller.notices({ from: '2026-04-02T01:30:00.000Z', to: '2026-04-02T03:30:00.000Z' }, REGULATOR);
    expect(report.tokenReconciliation.gamingDays).toEqual(['2026-04-02']);
    expect(report.tokenReconciliation.agreesWithTableStatistics).toBe(false);
    expect(report.tokenReconciliation.unregisteredWagers.map((w) => w.coupId)).toEqual(['c-70', 'c-80']);
  });

  it('Star 2024 1.1, 5.2: the NSW monthly promotions report lists each one with its table, coup, box, amount and time', async () => {
    const { section } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period: { type: 'month', value: '2026-04', firstDay: '2026-04-01', lastDay: '2026-04-30' } });
    const rows = section.rows.filter((r) => r.kind === 'token-wager-unregistered');
    expect(rows.map((r) => [r.promotionId, r.amountCents, r.at])).toEqual([
      ['table:T7', 20_000, '2026-04-02T02:00:00.000Z'],
      ['winter', 5_000, '2026-04-02T03:00:00.000Z'],
    ]);
    expect(JSON.parse(String(rows[0].details))).toMatchObject({ tableId: 'T7', coupId: 'c-70', box: 4, amountCents: 20_000, acceptedAt: '2026-04-02T02:00:00.000Z' });
  });
});

describe('promotion notices: a token stake the table took other than the desk registered (Star 2024 1.1, 5.2)', () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  beforeAll(async () => {
    db = await createTestDatabase('promo_excess', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      for (const e of [
        // Registered $50, the table took $75 at the same box and bet (NSW gaming day 2026-05-02); settled on the desk's $50.
        envelope('PromotionalTokenWagerMatched', '2026-05-02T02:00:00.000Z', { voucherId: 'V1', promotionId: 'winter', wagerId: 'token:V1:1', tableId: 'NSW-1', coupId: 'N1-c2', matches: false, mismatch: ['amountCents: recorded 5000, tables 7500'], tablesWagerId: null, recorded: true, box: 3, bet: 'player', amountCents: 7_500, registeredAmountCents: 5_000, acceptedAt: '2026-05-02T02:00:00.000Z', sourceEventId: randomUUID(), clause: CLAUSE }),
        { ...settled('V1', '2026-05-02T02:05:00.000Z', 5_000), data: { ...settled('V1', '2026-05-02T02:05:00.000Z', 5_000).data, grossWinCents: 0, winningsInChipsCents: 0, tablesReturnedCents: 0, outcome: 'loss' } },
        // Another voucher: registered $50, the table took it at another box for $50: no excess.
        envelope('PromotionalTokenWagerMatched', '2026-05-02T03:00:00.000Z', { voucherId: 'V2', promotionId: 'winter', wagerId: 'token:V2:1', tableId: 'NSW-1', coupId: 'c-V2', matches: false, mismatch: ['box: recorded 1, tables 2'], tablesWagerId: null, recorded: true, box: 2, bet: 'banker', amountCents: 5_000, registeredAmountCents: 5_000, acceptedAt: '2026-05-02T03:00:00.000Z', sourceEventId: randomUUID(), clause: CLAUSE }),
        { ...settled('V2', '2026-05-02T03:05:00.000Z', 5_000), data: { ...settled('V2', '2026-05-02T03:05:00.000Z', 5_000).data, grossWinCents: 0, winningsInChipsCents: 0, tablesReturnedCents: 0, outcome: 'loss' } },
      ] as IntegrationEvent[]) {
        await projection.apply(e, client);
      }
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('NSW-1', '2026-05-02', 'day', 'NSW', 2, 12500, 0, 0)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 2024 1.1, 5.2: a token stake the table took above the wager the desk registered is itemised with table, coup, box, bet and the excess', async () => {
    const report = await controller.notices({ from: '2026-05-01T14:00:00.000Z', to: '2026-05-02T14:00:00.000Z' }, REGULATOR);
    expect(report.attention.filter((n) => n.kind === 'token-wager-mismatch').map((n) => n.amountCents)).toEqual([7_500, 5_000]);
    const r = report.tokenReconciliation;
    expect(r.excessWagers).toEqual([
      { tableId: 'NSW-1', coupId: 'N1-c2', box: 3, bet: 'player', amountCents: 7_500, registeredAmountCents: 5_000, excessCents: 2_500, at: '2026-05-02T02:00:00.000Z', wagerId: 'token:V1:1', tablesWagerId: null, voucherId: 'V1', clause: CLAUSE, eventId: expect.any(String) },
    ]);
    const itemised = r.recordedStakesCents + r.excessWagers.reduce((n, w) => n + w.excessCents, 0) + r.unregisteredWagers.reduce((n, w) => n + w.amountCents, 0);
    expect(itemised).toBe(r.tableStatistics.tokenStakesCents);
  });

  it('Star 2024 1.1, 5.2: the NSW monthly promotions report shows the amount the table took on a token wager mismatch', async () => {
    const { section } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period: { type: 'month', value: '2026-05', firstDay: '2026-05-01', lastDay: '2026-05-31' } });
    expect(section.rows.filter((r) => r.kind === 'token-wager-mismatch').map((r) => r.amountCents)).toEqual([7_500, 5_000]);
  });
});

describe("Star 1.1 'Casino Promotional Token': a token wager the table took after the desk released it", () => {
  let db: TestDatabase;
  let controller: PromotionNoticesController;
  beforeAll(async () => {
    db = await createTestDatabase('promo_after_release', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      for (const e of [
        // Released at the desk (tokens back to the player), then taken by the table for coup N1-c6 and settled as a win.
        envelope('PromotionalTokenWagerReleased', '2026-05-03T02:00:00.000Z', { voucherId: 'V6', promotionId: 'winter', wagerId: 'token:V6:1', tableId: 'NSW-1', coupId: 'N1-c6', box: 3, bet: 'player', amountCents: 5_000, tokensInHandCents: 10_000, reason: 'player left', sourceEventId: '', releasedAt: '2026-05-03T02:00:00.000Z', clause: CLAUSE }),
        envelope('PromotionalTokenWagerMatched', '2026-05-03T02:01:00.000Z', { voucherId: 'V6', promotionId: 'winter', wagerId: 'token:V6:1', tableId: 'NSW-1', coupId: 'N1-c6', matches: false, mismatch: ['released before the table took it'], tablesWagerId: null, recorded: false, box: 3, bet: 'player', amountCents: 5_000, acceptedAt: '2026-05-03T02:01:00.000Z', afterRelease: true, tokensInHandCents: 5_000, sourceEventId: randomUUID(), clause: CLAUSE }),
        { ...settled('V6', '2026-05-03T02:05:00.000Z', 5_000), data: { ...settled('V6', '2026-05-03T02:05:00.000Z', 5_000).data, coupId: 'N1-c6', tableId: 'NSW-1', afterRelease: true } },
      ] as IntegrationEvent[]) {
        await projection.apply(e, client);
      }
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('NSW-1', '2026-05-03', 'day', 'NSW', 1, 5000, 5000, 5000)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 2024 1.1: it is an attention item (token-wager-after-release), itemised as unregistered, and its stake is not a registered one', async () => {
    const report = await controller.notices({ from: '2026-05-02T14:00:00.000Z', to: '2026-05-03T14:00:00.000Z' }, REGULATOR);
    expect(report.attention.map((n) => n.kind)).toEqual(['token-wager-released', 'token-wager-after-release']);
    const r = report.tokenReconciliation;
    expect(r.unregisteredWagers).toEqual([expect.objectContaining({ tableId: 'NSW-1', coupId: 'N1-c6', box: 3, bet: 'player', amountCents: 5_000, voucherId: 'V6' })]);
    expect(r.recordedStakesCents).toBe(0);
    expect(r.recordedStakesCents + r.excessWagers.reduce((n, w) => n + w.excessCents, 0) + r.unregisteredWagers.reduce((n, w) => n + w.amountCents, 0)).toBe(r.tableStatistics.tokenStakesCents);
  });
});

describe('NSW monthly promotions report generated before its month ends', () => {
  let db: TestDatabase;
  afterAll(async () => db?.drop());
  it('Star 2024 16.8, 16.11: notices not yet due at generation are not overdue, and the report says the month was not finished', async () => {
    db = await createTestDatabase('promo_unfinished', 2);
    const projection = new PromotionNoticesProjection('reporting');
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const promotion = (type: string, promotionId: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
      integrationEventOf(type, { promotionId, ...data }, { source: 'promotions', streamId: `promotion-${promotionId}`, streamType: 'promotion', occurredAt, rulebookVersion: 'star-sydney-2024' });
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      await projection.apply(promotion('PromotionDrawCompromised', 'soon', iso(now - 60_000), { action: 'postponed', reason: 'x', decidedAt: iso(now - 60_000), inspectorNoticeDueBy: iso(now + 60_000), inspectorNotifiedAt: null, clause: 'Star 2024 16.11' }), client);
      await projection.apply(promotion('PromotionDrawCompromised', 'past', iso(now - 120_000), { action: 'postponed', reason: 'x', decidedAt: iso(now - 120_000), inspectorNoticeDueBy: iso(now - 60_000), inspectorNotifiedAt: null, clause: 'Star 2024 16.11' }), client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const day = new Date(now + 11 * 3_600_000).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const period = { type: 'month' as const, value: day.slice(0, 7), firstDay: `${day.slice(0, 7)}-01`, lastDay: last };
    const { section } = await promotionNoticesSection.query({ pool: db.pool, schema: 'reporting', jurisdiction: 'NSW', period });
    expect(section.rows.filter((r) => r.kind === 'inspector-notice-overdue').map((r) => r.promotionId)).toEqual(['past']);
    expect(section.rows.some((r) => r.kind === 'period-not-finished')).toBe(true);
  });
});
