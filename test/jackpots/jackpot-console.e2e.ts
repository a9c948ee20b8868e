/**
 * The Jackpot Management Console page in a real headless Chromium (Crown Melbourne 1.1 'Jackpot Management
 * Console'; 13.4.4-13.4.9): a TG Area Manager signs in (a token exchanged for an HttpOnly session cookie),
 * confirms a recorded Lucky Tie (13.4.5), suspends and resumes a malfunctioning table (13.4.9(a)) and backfills
 * a faulty shoe's coups (13.4.9(b)); the prize-pool adjustment (1.1) is offered to the Casino Manager, not to the
 * Area Manager; a dealer cannot sign in. Each action is checked through the API, not the page.
 */
import { INestApplication } from '@nestjs/common';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import request from 'supertest';
import { eventually, OPTION_1, uniqueSuffix } from '../../apps/jackpots/src/test-support/jackpot-fixtures';
import { bearer, startJackpotsApp } from '../../apps/jackpots/src/test-support/jackpots-app';
import { SimulatedTables } from '../../apps/jackpots/src/test-support/simulated-tables';

// Where the screenshots go, for a person to look at: PAGE_SCREENSHOTS_DIR or the system's temporary directory.
const SHOTS = process.env.PAGE_SCREENSHOTS_DIR ?? join(tmpdir(), 'page-screenshots');
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the Jackpot Management Console in headless Chromium (Crown Melbourne 13.4.4-13.4.9)', () => {
  const suffix = uniqueSuffix();
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let baseUrl: string;
  let tables: SimulatedTables;
  const api = () => request(app.getHttpServer());
  const jackpot = async () => (await api().get('/jackpots/pit9').set('Authorization', bearer(['jackpot-console'])).expect(200)).body;

  beforeAll(async () => {
    db = await createTestDatabase('jp_console');
    const tablesStore = new PostgresEventStore(db.pool, 'tables');
    await tablesStore.migrate();
    tables = new SimulatedTables(tablesStore);
    app = await startJackpotsApp({ url: db.url, tablesSchema: 'tables', consumerName: `jackpots.console.${suffix}` });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await app?.close();
    await db?.drop();
  });

  const signIn = async (roles: Parameters<typeof bearer>[0]): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept(d.defaultValue() || 'as directed'));
    await page.goto(`${baseUrl}/jackpot-console`);
    await page.fill('#token', bearer(roles, `${roles[0]}-9`).replace('Bearer ', ''));
    await page.click('#auth button');
    return { context, page };
  };
  const message = (page: Page, text: string) => page.waitForFunction(`document.querySelector('#message').textContent.includes(${JSON.stringify(text)})`);

  it('an Area Manager confirms a hit, suspends and resumes a table and backfills a faulty shoe, from the page; the adjustment is not offered to them', async () => {
    await api()
      .post('/jackpots')
      .set('Authorization', bearer(['casino-manager']))
      .send({ jackpotId: 'pit9', name: 'Pit 9 Lucky Tie', tableIds: ['T1', 'T2'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z' })
      .expect(201);
    await tables.openTable('T1', ['pit9'], 1);
    await tables.openTable('T2', ['pit9'], 2);
    for (let i = 0; i < 4; i++) await tables.playCoup(i % 2 ? 'T2' : 'T1', ['pit9']);
    tables.stack('T1', '8C 8C 8C 8C');
    const lucky = await tables.playCoup('T1', ['pit9'], { tieWagers: [{ wagerId: 'w-1', box: 1, patronId: 'P1', amountCents: 2_500 }] });
    await eventually(async () => ((await jackpot()).meterCents === OPTION_1.seedCents + 5 * OPTION_1.contributionCents ? true : undefined), 20_000, 'five contributions');
    await api().post('/jackpots/pit9/hits').set('Authorization', bearer(['dealer'])).send({ tableId: 'T1', coupId: lucky.coup.coupId, outcome: 'suited-lucky-tie' }).expect(201);
    const hitId = `hit-${lucky.coup.coupId}`;
    await eventually(async () => ((await jackpot()).hits.find((h: { hitId: string; detected: unknown }) => h.hitId === hitId)?.detected ? true : undefined), 20_000, 'the hit detected from the cards');

    const { context, page } = await signIn(['area-manager']);
    await page.waitForSelector(`#hits tr[data-hit="${hitId}"] button[data-do="confirm"]`);
    // The page holds no token: the session is an HttpOnly cookie for the jackpot API only.
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'jackpot_console_session', httpOnly: true, sameSite: 'Strict', path: '/jackpots' })]);
    expect(await page.evaluate<string>('JSON.stringify({ ...localStorage }) + document.cookie')).toBe('{}');
    // The jackpot's parameters (13.4.1(a)) and what each outcome of its option pays (13.4.3 Table 20): the share
    // configured, the range the rulebook allows, and the amount at the meter now, rounded up to the dollar (13.4.7(a)).
    const parameters = await page.$$eval('#parameters tr', (rows) => Object.fromEntries(rows.map((r) => [r.querySelector('th')!.textContent, r.querySelector('td')!.textContent])));
    expect(parameters).toMatchObject({
      Name: 'Pit 9 Lucky Tie',
      Tables: expect.stringMatching(/^T1, T2 Crown Melbourne 13\.3\.1\(b\)$/),
      Option: 'Option 1 Crown Melbourne 13.4.3 Table 20 Option 1',
      'Seed and reset amount': expect.stringMatching(/^\$10,000\.00 Crown Melbourne 13\.4\.1$/),
      'Contribution per completed coup': expect.stringContaining('$1.00'),
      'Division among the Tie wagers': expect.stringContaining('in proportion to each wager'),
      'Meter rounded up, when paid, to': expect.stringContaining('the nearest $1.00'),
    });
    const meter = OPTION_1.seedCents + 5 * OPTION_1.contributionCents;
    const pays = await page.$$eval('#pays tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(pays).toEqual([
      ['Suited Lucky Tie', 'all four 8s the same suit', '100%', 'fixed at 100%', dollars(meter)],
      ['Coloured Lucky Tie', 'all four 8s the same colour, not all the same suit', '20%', '5%–20%', dollars(meter / 5)],
      ['Non-Coloured Lucky Tie', 'the four 8s are not all the same colour', '10%', '1%–10%', dollars(meter / 10)],
    ]);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(SHOTS, 'jackpot-console.png'), fullPage: true });
    expect(await page.isVisible('[data-action="adjust"]')).toBe(false);
    expect(await page.isVisible('[data-action="backfill"]')).toBe(true);

    // 13.4.5: confirmed on the console, paid 100% of the rounded meter (suited), the meter back at the seed.
    await page.click(`#hits tr[data-hit="${hitId}"] button[data-do="confirm"]`);
    await message(page, 'Done: HitConfirmed, JackpotPaid, MeterReset');
    const afterPayout = await jackpot();
    expect(afterPayout.hits.find((h: { hitId: string }) => h.hitId === hitId)).toMatchObject({ status: 'paid' });
    expect(afterPayout.meterCents).toBe(OPTION_1.seedCents);
    await page.waitForFunction(`document.querySelector('#meter').getAttribute('data-cents') === '${OPTION_1.seedCents}'`);

    // 13.4.9(a): suspend the malfunctioning table, then resume it.
    await page.click('#tables tr[data-table="T2"] button[data-do="suspend"]');
    await message(page, 'Done: TableSuspended');
    expect((await jackpot()).suspendedTables).toEqual({ T2: 'Dealing shoe malfunction' });
    await page.waitForSelector('#tables tr[data-table="T2"] button[data-do="resume"]');
    await page.click('#tables tr[data-table="T2"] button[data-do="resume"]');
    await message(page, 'Done: TableResumed');
    expect((await jackpot()).suspendedTables).toEqual({});

    // 13.4.9(b): two coups a faulty shoe did not record.
    await page.fill('#backfill input[name="tableId"]', 'T2');
    await page.fill('#backfill input[name="shoeId"]', 'T2-faulty-shoe');
    await page.fill('#backfill input[name="coupIds"]', 'bf-1, bf-2');
    await page.fill('#backfill input[name="reason"]', 'Shoe fault: two coups not recorded');
    await page.click('#backfill button');
    await message(page, 'Done: ContributionsBackfilled');
    expect((await jackpot()).meterCents).toBe(OPTION_1.seedCents + 2 * OPTION_1.contributionCents);

    // A second backfill of the same coups is refused with the rule, shown on the page.
    await page.click('#backfill button');
    await message(page, 'Refused (409)');
    await context.close();
  });

  it('the Casino Manager is offered the prize-pool adjustment (1.1) and makes it; a dealer cannot sign in', async () => {
    const before = (await jackpot()).meterCents as number;
    const { context, page } = await signIn(['casino-manager']);
    await page.waitForSelector('[data-action="adjust"]:not([hidden])');
    await page.fill('#adjust input[name="amountCents"]', '-150');
    await page.fill('#adjust input[name="reason"]', 'Contribution recorded twice');
    await page.click('#adjust button');
    await message(page, 'Done: MeterAdjusted');
    expect((await jackpot()).meterCents).toBe(before - 150);
    await context.close();

    const dealer = await signIn(['dealer']);
    await dealer.page.waitForFunction("document.querySelector('#status').textContent.includes('403')");
    expect(await dealer.page.isVisible('#console')).toBe(false);
    await dealer.context.close();
  });
  it("a jackpot name with markup is shown as text (meter card and parameters) and never runs", async () => {
    const name = '<img src=x onerror="window.__pwned=1"> Pit "10" & friends';
    await api().post('/jackpots').set('Authorization', bearer(['casino-manager'])).send({ jackpotId: 'pit10', name, tableIds: ['T10'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z' }).expect(201);
    const { context, page } = await signIn(['area-manager']);
    await page.waitForSelector('#jackpot option[value="pit10"]', { state: 'attached' });
    await page.selectOption('#jackpot', 'pit10');
    await page.waitForFunction("document.querySelector('#parameters td') && document.querySelector('#parameters td').textContent.includes('Pit')");
    expect(await page.textContent('#jackpot-status')).toBe(`${name} · option 1`);
    expect(await page.textContent('#parameters tr:first-child td')).toBe(name);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await context.close();
  });
});
