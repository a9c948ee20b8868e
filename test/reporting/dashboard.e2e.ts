import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { chromium, Browser } from 'playwright-core';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { Messaging, MESSAGING, migrateMessaging } from '@app/messaging';
import { configureServiceApp, issueToken, PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { ReportingModule } from '../../apps/reporting/src/reporting.module';
import { simulateJackpot } from './support/jackpot-play';
import { appendScripts, waitFor } from './support/reporting-world';
import { simulateTables } from './support/simulated-play';

const SECRET = 'dashboard-secret';
const scripts = simulateTables({ seed: 21, tables: 2, jurisdiction: 'VIC', coupsPerTable: 30, coupsPerShoe: 20, tablePrefix: 'MEL' });

describe('manager dashboard in headless Chromium', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase('reporting_dash');
    await migrateMessaging(db.pool);
    const tables = new PostgresEventStore(db.pool, 'tables');
    await tables.migrate();
    await appendScripts(tables, scripts);
    const jackpots = new PostgresEventStore(db.pool, 'jackpots');
    await jackpots.migrate();
    const jackpot = simulateJackpot({ tableId: 'MEL-VIC-1', contributions: 5 });
    await jackpots.append(jackpot.streamId, 'jackpot', 'any', jackpot.events);
    const moduleRef = await Test.createTestingModule({
      imports: [DatabaseModule.forRoot({ url: db.url, poolSize: 6 }), PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: SECRET }), ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } })],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    const messaging = app.get<Messaging>(MESSAGING, { strict: false });
    await waitFor('read models caught up', async () => {
      for (const c of messaging.consumers) if ((await c.lag()) > 0) return false;
      return true;
    });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.drop();
  });

  it('shows each table live with its results road, commission outstanding, exceptions and the jackpot meter', async () => {
    const page = await browser.newPage();
    await page.goto(`${base.replace('[::1]', '127.0.0.1')}/dashboard`);
    await page.fill('#token', issueToken({ sub: 'am-1', name: 'Area Manager', roles: ['area-manager'] }, SECRET, 600));
    await page.click('#auth button');
    await page.waitForSelector('.table[data-table="MEL-VIC-2"]');
    const lastShoe = (id: string) => scripts.find((s) => s.streamId === `table-${id}`)!.events.filter((e) => e.type === 'ShoeStarted').pop()!.data.shoeId as string;
    const completedInLastShoe = scripts[1].events.filter((e) => e.type === 'CoupCompleted' && e.data.shoeId === lastShoe('MEL-VIC-2')).length;
    expect(await page.locator('.table[data-table="MEL-VIC-2"] .road span').count()).toBe(completedInLastShoe);
    const outstanding = scripts[1].events.reduce((n, e) => {
      if (e.type === 'WagersSettled') return n + (e.data.settlements as { commissionDeferredCents: number }[]).reduce((a, w) => a + w.commissionDeferredCents, 0);
      return e.type === 'CommissionSettled' ? n - (e.data.amountCents as number) : n;
    }, 0);
    expect(await page.locator('.table[data-table="MEL-VIC-2"] .outstanding').textContent()).toBe(`$${(outstanding / 100).toFixed(2)}`);
    expect(await page.locator('#jackpots .meter').first().textContent()).toBe('$10000.00');
    expect(await page.textContent('#status')).toBe('Live');
    await page.close();
  });

  it('a dealer token is refused: the page shows 403 and no tables', async () => {
    const page = await browser.newPage();
    await page.goto(`${base.replace('[::1]', '127.0.0.1')}/dashboard`);
    await page.fill('#token', issueToken({ sub: 'd-1', name: 'Dealer', roles: ['dealer'] }, SECRET, 600));
    await page.click('#auth button');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('403')");
    expect(await page.locator('.table').count()).toBe(0);
    await page.close();
  });
});
