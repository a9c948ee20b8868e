import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@app/contracts';
import type { Actor } from '@app/platform-kit';
import { createTestDatabase, integrationEventOf, TestDatabase } from '@app/testing';
import { PromotionNoticesController } from './promotion-notices.controller';
import { PromotionNoticesProjection } from './promotion-notices.projection';

const envelope = (type: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
  integrationEventOf(type, data, { source: 'promotions', streamId: `voucher-${data.voucherId as string}`, streamType: 'voucher', occurredAt });
const CLAUSE = "Star 2024 1.1 'Casino Promotional Token'";
const settled = (voucherId: string, at: string, grossWinCents: number) =>
  envelope('PromotionalTokenWagerSettled', at, {
    voucherId, promotionId: 'winter', wagerId: `token:${voucherId}:1`, tableId: 'T1', coupId: `c-${voucherId}`, outcome: 'win', amountCents: grossWinCents, grossWinCents, commissionCents: 0,
    winningsInChipsCents: grossWinCents, stakeReturnedInChipsCents: 0, tablesReturnedCents: grossWinCents, token: 'forfeited', tokensInHandCents: 0, sourceEventId: randomUUID(), settledAt: at, clause: CLAUSE,
  });
const REGULATOR: Actor = { id: 'nicc', name: 'nicc', roles: ['regulator'], role: 'regulator', jurisdictions: ['NSW'] };

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
      ]) {
        await projection.apply(e, client);
      }
      // What the table statistics counted as chips paid on token wagers those days.
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_paid_cents) VALUES ('T1', '2026-03-02', 'day', 'NSW', 8000), ('T1', '2026-03-03', 'day', 'NSW', 1000)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    controller = new PromotionNoticesController(db.pool, 'reporting');
  });
  afterAll(async () => db?.drop());

  it('Star 5.2, 1.1: a token wager the dealer did not mark as a token is an attention item naming the table, coup and voucher', async () => {
    const report = await controller.notices({}, REGULATOR);
    expect(report.attention).toEqual([expect.objectContaining({ kind: 'token-wager-unmarked', clause: CLAUSE, amountCents: 2_500, data: expect.objectContaining({ tableId: 'T2', coupId: 'c-U', voucherId: 'U' }) })]);
  });

  it('the notices are exactly those in [from, to); the reconciliation sums both sides over the whole NSW gaming days those notices fall on', async () => {
    // From 18:00 Sydney on 2 March: only B is in the window, but the table statistics hold the whole gaming day.
    const report = await controller.notices({ from: '2026-03-02T07:00:00.000Z', to: '2026-03-02T12:00:00.000Z' }, REGULATOR);
    expect(report.notices.map((n) => n.data.voucherId)).toEqual(['B']);
    expect(report.tokenReconciliation).toMatchObject({ gamingDays: ['2026-03-02'], wagers: 2, grossWinningsInChipsCents: 8_000, tableStatistics: { tokenPaidCents: 8_000 }, agreesWithTableStatistics: true });
  });
});
