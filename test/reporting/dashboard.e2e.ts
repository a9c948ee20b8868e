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
import { simulateTables, uuidFrom } from './support/simulated-play';

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
    // Two voids in the last shoe of MEL-VIC-2: a completed coup voided afterwards (Crown Melbourne 15.3) and a coup
    // voided before it completed (10.4); both stay on the road, marked.
    const events = scripts[1].events;
    const shoeId = events.filter((e) => e.type === 'ShoeStarted').pop()!.data.shoeId as string;
    const completed = events.filter((e) => e.type === 'CoupCompleted' && e.data.shoeId === shoeId).pop()!;
    const voidOf = (coupId: string, n: number) => ({
      eventId: uuidFrom(`dash-void-${n}`),
      type: 'CoupVoided',
      schemaVersion: 2,
      data: { tableId: 'MEL-VIC-2', shoeId, coupId, reason: 'dealing shoe malfunction', clause: 'Crown Melbourne 15.3', returnedWagerIds: [], reversedSettlements: [], voidedAt: new Date(Date.parse(completed.occurredAt) + 60000 * n).toISOString() },
      metadata: { actor: { id: 'sup-1', role: 'gaming-supervisor' }, commandId: uuidFrom(`dash-void-cmd-${n}`), correlationId: uuidFrom(`dash-void-c-${n}`), causationId: null, rulebookVersion: 'crown-melbourne-v29' },
      occurredAt: new Date(Date.parse(completed.occurredAt) + 60000 * n).toISOString(),
    });
    await tables.append('table-MEL-VIC-2', 'table', 'any', [voidOf(completed.data.coupId as string, 1), voidOf(`${shoeId}-never-completed`, 2)]);
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

  it('signs in with a token exchanged for an HttpOnly session cookie (no token kept by the page), and shows each table live with its results road (voided coups marked), commission outstanding, exceptions and the jackpot meter', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base.replace('[::1]', '127.0.0.1')}/dashboard`);
    await page.waitForFunction("document.querySelector('#status').textContent.includes('Sign in')");
    const token = issueToken({ sub: 'am-1', name: 'Area Manager', roles: ['area-manager'] }, SECRET, 600);
    await page.fill('#token', token);
    await page.click('#auth button');
    await page.waitForSelector('.table[data-table="MEL-VIC-2"]');
    // The token is nowhere the page's scripts can read; the session is an HttpOnly cookie for /reporting only.
    const stored = await page.evaluate<string>("JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie, input: document.querySelector('#token').value })");
    expect(stored).not.toContain(token.slice(-20));
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'dashboard_session', httpOnly: true, sameSite: 'Strict', path: '/reporting' })]);
    expect(cookies[0].value).not.toBe(token);
    const lastShoe = (id: string) => scripts.find((s) => s.streamId === `table-${id}`)!.events.filter((e) => e.type === 'ShoeStarted').pop()!.data.shoeId as string;
    const completedInLastShoe = scripts[1].events.filter((e) => e.type === 'CoupCompleted' && e.data.shoeId === lastShoe('MEL-VIC-2')).length;
    // Every completed coup and the coup voided before completing; both voided coups marked.
    await page.waitForFunction("document.querySelectorAll('.table[data-table=\"MEL-VIC-2\"] .road span[data-voided]').length === 2");
    expect(await page.locator('.table[data-table="MEL-VIC-2"] .road span').count()).toBe(completedInLastShoe + 1);
    expect(await page.locator('.table[data-table="MEL-VIC-2"] .road span[data-voided]').last().textContent()).toBe('V');
    const outstanding = scripts[1].events.reduce((n, e) => {
      if (e.type === 'WagersSettled') return n + (e.data.settlements as { commissionDeferredCents: number }[]).reduce((a, w) => a + w.commissionDeferredCents, 0);
      return e.type === 'CommissionSettled' ? n - (e.data.amountCents as number) : n;
    }, 0);
    // Money with thousands separators and times in the casino's zone: MEL tables are Crown Melbourne's.
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(await page.locator('.table[data-table="MEL-VIC-2"] .outstanding').textContent()).toBe(dollars(outstanding));
    expect(await page.locator('#jackpots .meter').first().textContent()).toBe('$10,000.00');
    const when = page.locator('#incidents tbody tr td:first-child').first();
    const melbourne = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Melbourne', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    expect(await when.textContent()).toContain(melbourne.format(new Date((await when.getAttribute('title'))!)));
    expect(await when.textContent()).toMatch(/ AE[DS]T$/);
    expect(await page.textContent('#status')).toBe('Live');
    // A wall screen that reloads stays signed in (the cookie), and signing out ends it.
    await page.reload();
    await page.waitForFunction("document.querySelector('#status').textContent === 'Live'");
    await page.click('#signout');
    await page.waitForFunction("document.querySelector('#status').textContent === 'Signed out'");
    await page.reload();
    await page.waitForFunction("document.querySelector('#status').textContent.includes('Sign in')");
    await context.close();
  });

  it('the session cookie is not honoured without the console header (a cross-site request cannot send it)', async () => {
    const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}/dashboard/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: issueToken({ sub: 'am-2', name: 'AM', roles: ['area-manager'] }, SECRET, 600) }) });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const url = `${base.replace('[::1]', '127.0.0.1')}/reporting/dashboard`;
    expect((await fetch(url, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(url, { headers: { cookie, 'X-Console': 'dashboard' } })).status).toBe(200);
  });

  it('signing in with a token that is not one (malformed, forged, expired) is refused 401 naming why, and sets no cookie', async () => {
    const tokens = {
      TOKEN_INVALID: ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\u2026', issueToken({ sub: 'am-3', name: 'AM', roles: ['area-manager'] }, 'another-secret', 600)],
      TOKEN_EXPIRED: [issueToken({ sub: 'am-4', name: 'AM', roles: ['area-manager'] }, SECRET, -10)],
    };
    for (const [code, list] of Object.entries(tokens)) {
      for (const token of list) {
        const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}/dashboard/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
        expect({ status: res.status, code: ((await res.json()) as { code: string }).code, cookie: res.headers.get('set-cookie') }).toEqual({ status: 401, code, cookie: null });
      }
    }
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
