/**
 * The Jackpot Display in a real headless Chromium (Crown Melbourne 1.1 'Jackpot Display'; 13.3.1(c); 13.4.3
 * Table 20; 13.4.6(b); 13.4.7(a)): the jackpot's name, the meter, and what each Lucky Tie outcome of its option
 * pays (the share from the jackpot's parameters and its amount at the meter now, rounded up as a payout is), how
 * the prize is divided among the Tie wagers, kept live as coups contribute and redrawn when the parameters change.
 * A name with markup is shown as text. A screenshot is taken for a person to look at.
 */
import { INestApplication } from '@nestjs/common';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import request from 'supertest';
import type { JackpotParameters } from '@app/contracts';
import { payoutFor, roundUpToPayable } from '../../apps/jackpots/src/jackpot/payout';
import { eventually, uniqueSuffix } from '../../apps/jackpots/src/test-support/jackpot-fixtures';
import { bearer, startJackpotsApp } from '../../apps/jackpots/src/test-support/jackpots-app';
import { SimulatedTables } from '../../apps/jackpots/src/test-support/simulated-tables';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SHOTS = process.env.PAGE_SCREENSHOTS_DIR ?? join(tmpdir(), 'page-screenshots');
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// A jackpot as a casino runs one: Option 1, a pool of about $48,000, $1.50 a coup, proportional division, paid to the dollar.
const MAHOGANY: JackpotParameters = {
  seedCents: 4_800_000,
  contributionCents: 150,
  option: '1',
  percentOfMeter: { 'non-coloured-lucky-tie': 10, 'coloured-lucky-tie': 20, 'suited-lucky-tie': 100 },
  division: 'proportional',
  roundingUnitCents: 100,
};
const OPTION_2: JackpotParameters = { ...MAHOGANY, option: '2', percentOfMeter: { 'non-suited-lucky-tie': 15, 'suited-lucky-tie': 100 }, division: 'equal', roundingUnitCents: 500 };

describe('the Jackpot Display in headless Chromium (Crown Melbourne 13.4.3 Table 20, 13.4.6(b), 13.4.7(a))', () => {
  const suffix = uniqueSuffix();
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let baseUrl: string;
  let tables: SimulatedTables;
  const api = () => request(app.getHttpServer());
  const create = (jackpotId: string, name: string, tableIds: string[], parameters: JackpotParameters) =>
    api().post('/jackpots').set('Authorization', bearer(['casino-manager'])).send({ jackpotId, name, tableIds, parameters, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z' }).expect(201);

  beforeAll(async () => {
    db = await createTestDatabase('jp_display');
    const tablesStore = new PostgresEventStore(db.pool, 'tables');
    await tablesStore.migrate();
    tables = new SimulatedTables(tablesStore);
    app = await startJackpotsApp({ url: db.url, tablesSchema: 'tables', consumerName: `jackpots.display.${suffix}` });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await app?.close();
    await db?.drop();
  });

  it("shows the jackpot's name, the meter and what each outcome of its option pays (share and amount now, the meter rounded up), the division, live; new parameters redraw it", async () => {
    await create('mahogany', 'Mahogany Room Lucky Tie', ['MR-1', 'MR-2'], MAHOGANY);
    await tables.openTable('MR-1', ['mahogany'], 3);
    await tables.openTable('MR-2', ['mahogany'], 4);
    for (let i = 0; i < 9; i++) await tables.playCoup(i % 2 ? 'MR-2' : 'MR-1', ['mahogany']);
    const meter = MAHOGANY.seedCents + 9 * MAHOGANY.contributionCents;
    await eventually(async () => ((await api().get('/jackpots/mahogany').set('Authorization', bearer(['jackpot-console']))).body.meterCents === meter ? true : undefined), 20_000, 'nine contributions');

    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${baseUrl}/jackpots/mahogany/display`);
    expect(await page.textContent('#name')).toBe('Mahogany Room Lucky Tie');
    expect(await page.textContent('#amount')).toBe(dollars(meter));
    const pays = () => page.$$eval('#pays tr.pay', (rows) => rows.map((r) => [r.querySelector('th')!.childNodes[0].textContent, r.querySelector('.share')!.textContent, r.querySelector('.now')!.textContent]));
    // $48,013.50 is paid as $48,014.00 (to the dollar, 13.4.7(a)): 100%, 20% and 10% of it.
    const at = (m: number, percent: number, p = MAHOGANY) => dollars(payoutFor(roundUpToPayable(m, p.roundingUnitCents), percent));
    expect(await pays()).toEqual([
      ['Suited Lucky Tie', 'The whole jackpot', at(meter, 100)],
      ['Coloured Lucky Tie', '20% of the jackpot', at(meter, 20)],
      ['Non-Coloured Lucky Tie', '10% of the jackpot', at(meter, 10)],
    ]);
    expect(at(meter, 100)).toBe('$48,014.00');
    expect(await page.textContent('#pays caption')).toContain('(8,8,8,8)');
    expect(await page.textContent('#division')).toContain('in proportion to each wager');
    expect(await page.textContent('#division')).toContain('nearest $1.00');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'jackpot-display.png') });

    // Live: each coup moves the meter and every outcome's amount with it.
    await tables.playCoup('MR-1', ['mahogany']);
    const next = meter + MAHOGANY.contributionCents;
    await page.waitForFunction(`document.querySelector('#amount').getAttribute('data-cents') === '${next}'`, undefined, { timeout: 20_000 });
    expect((await pays()).map((r) => r[2])).toEqual([at(next, 100), at(next, 20), at(next, 10)]);

    // New parameters notified (13.4.1(a)): the display redraws with the new option's outcomes and division.
    await api().put('/jackpots/mahogany/parameters').set('Authorization', bearer(['jackpot-console'])).send({ parameters: OPTION_2, notifiedToRegulatorAt: '2026-01-02T00:00:00.000Z', reason: 'Option 2 from Monday' }).expect(200);
    await page.waitForFunction("document.querySelectorAll('#pays tr.pay').length === 2", undefined, { timeout: 20_000 });
    expect(await pays()).toEqual([
      ['Suited Lucky Tie', 'The whole jackpot', at(next, 100, OPTION_2)],
      ['Non-Suited Lucky Tie', '15% of the jackpot', at(next, 15, OPTION_2)],
    ]);
    expect(await page.textContent('#division')).toContain('shared equally');
    expect(await page.textContent('#division')).toContain('nearest $5.00');
    await page.close();
  });

  it('a name with markup is shown as text and never runs', async () => {
    const name = '<img src=x onerror="window.__pwned=1"> Pit "4" & friends';
    await create('pit4', name, ['P4-1'], MAHOGANY);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/jackpots/pit4/display`);
    expect(await page.textContent('#name')).toBe(name);
    expect(await page.title()).toBe(`${name} · Lucky Tie Jackpot`);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await page.close();
  });

  it('a jackpot that does not exist says so', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/jackpots/nowhere/display`);
    expect(await page.textContent('#amount')).toBe('No such jackpot');
    expect(await page.locator('#pays').count()).toBe(0);
    await page.close();
  });
});
