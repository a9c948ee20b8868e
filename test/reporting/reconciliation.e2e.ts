import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DatabaseModule } from '@app/database';
import { Messaging, MESSAGING } from '@app/messaging';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, EVERY_CASINO, TestDatabase, testBearer, untilConsumersCaughtUp } from '@app/testing';
import { ReportingModule } from '../../apps/reporting/src/reporting.module';
import { expectedTotals } from './support/expected-totals';
import { simulateJackpot } from './support/jackpot-play';
import { seedReportingSources } from './support/reporting-world';
import { simulateTables } from './support/simulated-play';

const SECRET = 'reconcile-secret';
// The group's casino manager: the simulated day spans Crown Melbourne and Star tables, and the NSW and VIC reports.
const manager = testBearer({ sub: 'cm-1', name: 'Casino Manager', roles: ['casino-manager'], casinos: EVERY_CASINO, secret: SECRET, ttlSeconds: 600 });
// A gaming day of play: 19:00 to about 05:00 local on six tables in two jurisdictions.
const nsw = simulateTables({ seed: 31, tables: 4, jurisdiction: 'NSW', coupsPerTable: 120, coupSeconds: 290 });
const vic = simulateTables({ seed: 32, tables: 2, jurisdiction: 'VIC', coupsPerTable: 120, coupSeconds: 290, tablePrefix: 'MEL' });
const jackpot = simulateJackpot({ tableId: 'MEL-VIC-1', contributions: 40 });

describe('end to end: a simulated gaming day reconciles across reports, ledger and jackpot meter', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_e2e');
    await seedReportingSources(db.pool, [...nsw, ...vic], jackpot);
    const moduleRef = await Test.createTestingModule({
      imports: [DatabaseModule.forRoot({ url: db.url, poolSize: 6 }), PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: SECRET }), ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } })],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
    const messaging = app.get<Messaging>(MESSAGING, { strict: false });
    await untilConsumersCaughtUp(db.pool, messaging.consumers);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const report = async (kind: string, jurisdiction: string, period: string) => {
    const created = await request(app.getHttpServer()).post('/reporting/reports').set('Authorization', manager).send({ kind, jurisdiction, period }).expect(201);
    return (await request(app.getHttpServer()).get(`/reporting/reports/${created.body.reportId}`).set('Authorization', manager).expect(200)).body.content;
  };

  it.each([
    ['NSW', nsw],
    ['VIC', vic],
  ] as const)('%s table statistics report totals equal the settled wagers exactly (turnover, win/loss by bet, commission, waivers; at the Star no commission: Banker paid at 19 to 20, Star 2024 11.1.3)', async (jurisdiction, scripts) => {
    const expected = expectedTotals(scripts);
    const content = await report('table-statistics', jurisdiction, '2025-03-03');
    expect(content.totals).toMatchObject({
      'tables.coups': expected.coups,
      'tables.voidedCoups': expected.voidedCoups,
      'tables.dummyCoups': expected.dummyCoups,
      'tables.wagers': expected.wagers,
      'tables.turnoverCents': expected.turnoverCents,
      'tables.paidCents': expected.paidCents,
      'tables.lostCents': expected.lostCents,
      'tables.commissionCents': expected.commissionCents,
      'tables.commissionWaivedCents': expected.waivedCents,
      'tables.houseWinCents': expected.houseWinCents,
      'bets.turnoverCents': expected.turnoverCents,
      'commission-waivers.amountCents': expected.waivedCents || undefined,
    });
    const bets = content.sections.find((s: { id: string }) => s.id === 'bets').rows as { bet: string; turnoverCents: number; houseWinCents: number }[];
    for (const [bet, b] of Object.entries(expected.byBet)) {
      const rows = bets.filter((r) => r.bet === bet);
      expect([bet, rows.reduce((s, r) => s + r.turnoverCents, 0), rows.reduce((s, r) => s + r.houseWinCents, 0)]).toEqual([bet, b.turnoverCents, b.houseWinCents]);
    }
  });

  it('Crown Melbourne 9.3.1: the deferred-commission ledger reconciles with the settlements and the table directory', async () => {
    const all = expectedTotals([...nsw, ...vic]);
    const { body: ledger } = await request(app.getHttpServer()).get('/reporting/commission-ledger').set('Authorization', manager).expect(200);
    const sum = (k: string) => ledger.reduce((s: number, r: Record<string, number>) => s + Number(r[k]), 0);
    expect([sum('deferredCents'), sum('collectedCents'), sum('waivedCents'), sum('outstandingCents')]).toEqual([all.deferredCents, all.collectedCents, all.waivedCents, all.outstandingCents]);
    const { body: tables } = await request(app.getHttpServer()).get('/reporting/tables').set('Authorization', manager).expect(200);
    expect(tables.reduce((s: number, t: { outstandingCents: number }) => s + t.outstandingCents, 0)).toBe(all.outstandingCents);
  });

  it('Crown Melbourne 13.4: the VIC jackpot report closes at the jackpot meter and reconciles', async () => {
    const content = await report('vic-jackpot', 'VIC', '2025-03-03');
    const recon = content.sections.find((s: { id: string }) => s.id === 'meter-reconciliation').rows;
    expect(recon).toEqual([expect.objectContaining({ jackpotId: 'LT-1', closingMeterCents: jackpot.meterCents, contributionsCents: 40 * 500, differenceCents: 0, reconciles: true })]);
  });
});
