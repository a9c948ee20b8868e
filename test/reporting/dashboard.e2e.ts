import { INestApplication } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { chromium, Browser } from 'playwright-core';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { Messaging, MESSAGING, migrateMessaging } from '@app/messaging';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import { testToken } from '@app/testing';
import { createTestDatabase, TestDatabase, untilConsumersCaughtUp } from '@app/testing';
import { ReportingModule } from '../../apps/reporting/src/reporting.module';
import { simulateJackpot } from './support/jackpot-play';
import { appendScripts, waitFor } from './support/reporting-world';
import { simulateTables, uuidFrom } from './support/simulated-play';

const SECRET = 'dashboard-secret';
// A realistic evening: three tables, about 70 coups a shoe, two minutes a coup, so the current shoe's roads are long.
const scripts = simulateTables({ seed: 21, tables: 3, jurisdiction: 'VIC', coupsPerTable: 110, coupsPerShoe: 70, coupSeconds: 120, tablePrefix: 'MEL' });
// A table whose id is markup: every page shows it as text, never runs it.
const HOSTILE_PREFIX = '<img src=x onerror="window.__pwned=1">';
const hostile = simulateTables({ seed: 5, tables: 1, jurisdiction: 'VIC', coupsPerTable: 12, coupsPerShoe: 70, coupSeconds: 120, tablePrefix: HOSTILE_PREFIX, incidents: false });
// Where the screenshots go, for a person to look at: PAGE_SCREENSHOTS_DIR or the system's temporary directory.
const SHOTS = process.env.PAGE_SCREENSHOTS_DIR ?? join(tmpdir(), 'page-screenshots');
const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const holdOf = (winCents: number, turnoverCents: number) => `${((winCents * 100) / turnoverCents).toFixed(2)}%`;
type StatsRow = { tableId: string; gamingDay: string; shift: string; coups: number; turnoverCents: string | number; houseWinCents: string | number };

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
    await appendScripts(tables, [...scripts, ...hostile]);
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
    await untilConsumersCaughtUp(db.pool, messaging.consumers);
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
    const token = testToken({ sub: 'am-1', name: 'Area Manager', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 });
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

  it('shows turnover, win and hold per table and shift of the latest gaming day with each shift\'s and the day\'s totals, and each table\'s bead plate and big road; a screenshot is taken to be looked at', async () => {
    const token = testToken({ sub: 'am-5', name: 'Area Manager', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base.replace('[::1]', '127.0.0.1')}/dashboard`);
    await page.fill('#token', token);
    await page.click('#auth button');
    await page.waitForSelector('#stats tbody tr.row');
    // Every table and shift of the latest gaming day: coups, turnover and win in dollars, hold as a percentage of
    // turnover, as GET /reporting/statistics has them (read again until the page's 2-second refresh agrees).
    const expected = (rows: StatsRow[]) => rows.map((r) => [r.tableId, r.shift, String(r.coups), dollars(Number(r.turnoverCents)), dollars(Number(r.houseWinCents)), holdOf(Number(r.houseWinCents), Number(r.turnoverCents))]);
    const { day, rows, shown } = await waitFor('the page showing the statistics of the API', async () => {
      const stats = (await (await fetch(`${base.replace('[::1]', '127.0.0.1')}/reporting/statistics`, { headers: { authorization: `Bearer ${token}` } })).json()) as { tables: StatsRow[] };
      const latest = stats.tables.map((r) => r.gamingDay).sort().pop()!;
      const ofDay = stats.tables.filter((r) => r.gamingDay === latest);
      const cells = await page.$$eval('#stats tbody tr.row', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const picked = cells.map((c) => [c[0], c[1], c[2], c[3], c[6], c[7]]);
      return JSON.stringify(picked) === JSON.stringify(expected(ofDay)) ? { day: latest, rows: ofDay, shown: cells } : undefined;
    }, 15_000);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // The markup in a table id is shown as text on the statistics and on its card, and never runs.
    expect(shown.map((r) => r[0])).toContain(`${HOSTILE_PREFIX}-VIC-1`);
    expect(await page.locator(`.table[data-table="${HOSTILE_PREFIX.replace(/"/g, '\\"')}-VIC-1"] .card-head b`).textContent()).toBe(`${HOSTILE_PREFIX}-VIC-1`);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.textContent('#stats-day')).toContain(day);
    expect(shown.some((r) => /^\$\d{1,3}(,\d{3})+\.\d\d$/.test(r[3]))).toBe(true);
    // The day's total adds the rows' turnover and win; its hold is the total win over the total turnover.
    const turnover = rows.reduce((a, r) => a + Number(r.turnoverCents), 0);
    const win = rows.reduce((a, r) => a + Number(r.houseWinCents), 0);
    const total = await page.$$eval('#stats tfoot tr.day-total td', (tds) => tds.map((td) => td.textContent));
    expect([total[3], total[6], total[7]]).toEqual([dollars(turnover), dollars(win), holdOf(win, turnover)]);
    expect(await page.locator('#stats tfoot tr.shift-total').count()).toBe(new Set(rows.map((r) => r.shift)).size);

    // The big road of MEL-VIC-1's current shoe: one cell per Banker or Player result, never two in one place, a new
    // column at each change of side; ties are marked on the coup before them, voided coups left off.
    const lastShoe = scripts[0].events.filter((e) => e.type === 'ShoeStarted').pop()!.data.shoeId as string;
    const results = scripts[0].events.filter((e) => e.type === 'CoupCompleted' && e.data.shoeId === lastShoe).map((e) => e.data.result as string);
    const cells = await page.$$eval('.table[data-table="MEL-VIC-1"] .bigroad .cell', (els) => els.map((el) => ({ side: el.className.split(' ')[1], at: el.getAttribute('style') ?? '' })));
    const sides = results.filter((r) => r !== 'tie');
    expect(cells.map((c) => c.side)).toEqual(sides.map((r) => `b-${r}`));
    expect(new Set(cells.map((c) => c.at)).size).toBe(cells.length);
    const streaks = sides.filter((r, i) => i === 0 || r !== sides[i - 1]).length;
    expect(new Set(cells.filter((c) => c.at.endsWith('grid-row:1')).map((c) => c.at)).size).toBeGreaterThanOrEqual(streaks);
    // The bead plate: every completed coup, and a coup voided before it completed, in order.
    const completedIds = new Set(scripts[0].events.filter((e) => e.type === 'CoupCompleted').map((e) => e.data.coupId));
    const voidedUncompleted = scripts[0].events.filter((e) => e.type === 'CoupVoided' && e.data.shoeId === lastShoe && !completedIds.has(e.data.coupId)).length;
    expect(await page.locator('.table[data-table="MEL-VIC-1"] .road span').count()).toBe(results.length + voidedUncompleted);

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'dashboard.png'), fullPage: true });

    // Another gaming day picked: its rows, or a line saying it had no coups.
    await page.fill('#day', '2025-03-10');
    await page.waitForFunction("document.querySelector('#stats-day').textContent === 'Showing gaming day 2025-03-10'");
    expect(await page.textContent('#stats tbody')).toBe('No coups on this gaming day');
    expect(await page.locator('#stats tfoot tr').count()).toBe(0);
    await page.fill('#day', day);
    await page.waitForFunction(`document.querySelectorAll('#stats tbody tr.row').length === ${rows.length}`);
    await context.close();
  });

  it('the session cookie is not honoured without the console header (a cross-site request cannot send it)', async () => {
    const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}/dashboard/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: testToken({ sub: 'am-2', name: 'AM', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 }) }) });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const url = `${base.replace('[::1]', '127.0.0.1')}/reporting/dashboard`;
    expect((await fetch(url, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(url, { headers: { cookie, 'X-Console': 'dashboard' } })).status).toBe(200);
  });

  it('signing in with a token that is not one (malformed, forged, expired) is refused 401 naming why, and sets no cookie', async () => {
    const tokens = {
      TOKEN_INVALID: ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\u2026', testToken({ sub: 'am-3', name: 'AM', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: 'another-secret', ttlSeconds: 600 })],
      TOKEN_EXPIRED: [testToken({ sub: 'am-4', name: 'AM', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: -10 })],
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
    await page.fill('#token', testToken({ sub: 'd-1', name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 }));
    await page.click('#auth button');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('403')");
    expect(await page.locator('.table').count()).toBe(0);
    await page.close();
  });
});
