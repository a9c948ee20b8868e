import { randomUUID } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type { IntegrationEvent } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import type { CasinoId } from '@app/baccarat';
import { configureServiceApp, PlatformKitModule, Role } from '@app/platform-kit';
import { createTestDatabase, integrationEventOf, TestDatabase, testBearer } from '@app/testing';
import { ReportingModule } from '../reporting.module';
import { PromotionNoticesProjection } from './promotion-notices.projection';

const SECRET = 'promotion-notices-http-secret';
const staff = (role: Role, casinos: CasinoId[]) => testBearer({ roles: [role], casinos, secret: SECRET, ttlSeconds: 600 });
const CLAUSE = "Star 2024 1.1 'Casino Promotional Token'";
const envelope = (type: string, occurredAt: string, data: Record<string, unknown>): IntegrationEvent =>
  integrationEventOf(type, data, { source: 'promotions', streamId: `voucher-${String(data.voucherId)}`, streamType: 'voucher', occurredAt, rulebookVersion: 'star-sydney-2024' });

/** GET /reporting/promotions/notices through HTTP: the casino scope of the token reconciliation and the window's fields. */
describe('promotion notices over HTTP: staff read only their casinos (Star 1.1; the platform casino scope)', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('promo_notices_http', 4);
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 4 }),
        PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: SECRET }),
        ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } }),
      ],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
    const projection = new PromotionNoticesProjection('reporting');
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await projection.setup(client);
      // A Star token wager at STAR-1 (NSW gaming day 2026-06-02), itemised as an excess, and a Crown Sydney table.
      await projection.apply(
        envelope('PromotionalTokenWagerMatched', '2026-06-02T02:00:00.000Z', { voucherId: 'V1', promotionId: 'winter', wagerId: 'token:V1:1', tableId: 'STAR-1', coupId: 'S1-c1', matches: false, mismatch: ['amountCents: recorded 5000, tables 7500'], tablesWagerId: null, recorded: true, box: 3, bet: 'player', amountCents: 7_500, registeredAmountCents: 5_000, acceptedAt: '2026-06-02T02:00:00.000Z', sourceEventId: randomUUID(), clause: CLAUSE }),
        client,
      );
      await projection.apply(
        envelope('PromotionalTokenWagerSettled', '2026-06-02T02:05:00.000Z', { voucherId: 'V1', promotionId: 'winter', wagerId: 'token:V1:1', tableId: 'STAR-1', coupId: 'S1-c1', outcome: 'win', amountCents: 5_000, grossWinCents: 5_000, commissionCents: 0, winningsInChipsCents: 5_000, stakeReturnedInChipsCents: 0, tablesReturnedCents: 5_000, token: 'forfeited', tokensInHandCents: 0, sourceEventId: randomUUID(), settledAt: '2026-06-02T02:05:00.000Z', clause: CLAUSE }),
        client,
      );
      await client.query(`INSERT INTO reporting.table_directory (table_id, jurisdiction, rulebook_id) VALUES ('STAR-1', 'NSW', 'star-sydney-2024'), ('CS-1', 'NSW', 'crown-sydney-guide')`);
      await client.query(`INSERT INTO reporting.table_stats (table_id, gaming_day, shift, jurisdiction, token_wagers, token_stakes_cents, token_paid_cents, token_won_cents) VALUES ('STAR-1', '2026-06-02', 'day', 'NSW', 1, 7500, 5000, 5000), ('CS-1', '2026-06-02', 'day', 'NSW', 0, 0, 0, 0)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const notices = (auth: string, query = 'from=2026-06-01T20:00:00.000Z&to=2026-06-02T19:00:00.000Z') =>
    request(app.getHttpServer()).get(`/reporting/promotions/notices?${query}`).set('Authorization', auth);

  it("casino scope: a Crown Sydney staff token sees no Star token reconciliation rows: no days, no wagers, no totals, nothing itemised", async () => {
    const res = await notices(staff('casino-manager', ['crown-sydney'])).expect(200);
    expect(res.body.tokenReconciliation).toMatchObject({ gamingDays: [], wagers: 0, winningsInChipsCents: 0, grossWinningsInChipsCents: 0, recordedStakesCents: 0, tableStatistics: { tokenWagers: 0, tokenStakesCents: 0, tokenPaidCents: 0 }, unregisteredWagers: [], excessWagers: [] });
    expect(res.body.notices).toEqual([]);
  });

  it('casino scope: a Crown Melbourne staff token is refused 403 OUT_OF_CASINO: the whole answer is NSW casinos\' promotions', async () => {
    const res = await notices(staff('casino-manager', ['crown-melbourne'])).expect(403);
    expect(res.body).toMatchObject({ code: 'OUT_OF_CASINO' });
  });

  it("casino scope: a Star staff token sees the Star's token reconciliation", async () => {
    const res = await notices(staff('casino-manager', ['star-sydney'])).expect(200);
    expect(res.body.tokenReconciliation).toMatchObject({ gamingDays: ['2026-06-02'], wagers: 1, grossWinningsInChipsCents: 5_000, tableStatistics: { tokenWagers: 1, tokenStakesCents: 7_500, tokenPaidCents: 5_000 }, excessWagers: [expect.objectContaining({ tableId: 'STAR-1', excessCents: 2_500 })] });
  });

  it('Star 1.1 token reconciliation window: `from` later than `to` is refused 400 naming both fields, and nothing is answered', async () => {
    const res = await notices(staff('casino-manager', ['star-sydney']), 'from=2026-06-02T19:00:00.000Z&to=2026-06-01T20:00:00.000Z').expect(400);
    expect(JSON.stringify(res.body)).toMatch(/from/);
    expect(JSON.stringify(res.body)).toMatch(/to/);
    expect(res.body.violations ?? [res.body]).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/from|to/) })]));
  });
});
