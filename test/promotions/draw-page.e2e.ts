/**
 * The draw page (Star 16.7.10: how results are published) in headless Chromium: it shows the entries, the
 * commitment published before the draw and the winners, and the browser itself checks sha256(seed) against the
 * commitment, the entries against their digest, and re-runs the draw from the seed to the same winners.
 */
import { INestApplication } from '@nestjs/common';
import { chromium, Browser } from 'playwright-core';
import request from 'supertest';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { COMPLETE_TERMS } from '../../apps/promotions/src/test-support/promotion-fixtures';
import { bearer, startPromotionsApp } from '../../apps/promotions/src/test-support/promotions-app';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('promotion draw page in headless Chromium', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  const api = () => request(app.getHttpServer());
  const send = async (path: string, roles: Parameters<typeof bearer>[0], body: object) => {
    const res = await api().post(path).set('Authorization', bearer(roles)).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    db = await createTestDatabase('promo_page');
    await new PostgresEventStore(db.pool, 'tables').migrate();
    app = await startPromotionsApp({ url: db.url, tablesSchema: 'tables' });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
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

  it('shows the entries, the commitment and the winners, and verifies the draw in the browser', async () => {
    const close = hoursFromNow(5 / 3600);
    await send('/promotions', ['casino-manager'], {
      promotionId: 'page',
      name: 'Members Draw',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: close, drawAt: close },
      terms: COMPLETE_TERMS,
      prizes: [
        { prizeId: 'first', kind: 'cash', description: '$5,000 cash', valueCents: 500_000 },
        { prizeId: 'second', kind: 'cash', description: '$1,000 cash', valueCents: 100_000 },
      ],
    });
    await send('/promotions/page/terms/lodgements', ['casino-manager'], { lodgedAt: hoursFromNow(-30) });
    const PATRONS = ['MEMBER-40871', 'MEMBER-40872', 'MEMBER-40873'];
    for (const [patronId, count] of [[PATRONS[0], 3], [PATRONS[1], 5], [PATRONS[2], 1]] as const) await send('/promotions/page/entries', ['gaming-supervisor'], { patronId, count, reason: 'members night' });
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(close) - Date.now()) + 200));
    const committed = await send('/promotions/page/draw/commitment', ['area-manager'], {});

    const page = await browser.newPage();
    await page.goto(`${base}/promotions/page/draw/page`);
    expect(await page.textContent('#commitment')).toBe(committed.commitment.commitment);
    expect(await page.textContent('#seed')).toBe('not yet revealed');

    const drawn = await send('/promotions/page/draw', ['area-manager'], {});
    await page.goto(`${base}/promotions/page/draw/page`);
    expect(await page.textContent('#entry-count')).toBe('9');
    expect(await page.locator('#entries tbody tr').count()).toBe(9);
    expect(await page.textContent('#commitment')).toBe(committed.commitment.commitment);
    const rows = await page.locator('#winners tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    // The public page names no patron: each winner is its entry and entrant (a salted hash); the authenticated audit
    // read pairs each entrant with its patron id.
    const audit = (await api().get('/promotions/page/draw/audit').set('Authorization', bearer(['gaming-supervisor']))).body;
    expect((await api().get('/promotions/page/draw/audit')).status).toBe(401);
    drawn.winners.forEach((w: { entryId: string; patronId: string }, i: number) => {
      const audited = audit.winners.find((x: { entryId: string }) => x.entryId === w.entryId);
      expect(audited.patronId).toBe(w.patronId);
      expect(rows[i]).toContain(w.entryId);
      expect(rows[i]).toContain(audited.entrant);
    });
    const html = await page.content();
    const feed = JSON.stringify((await api().get('/promotions/page/draw')).body);
    for (const patronId of PATRONS) {
      expect(html).not.toContain(patronId);
      expect(feed).not.toContain(patronId);
    }
    expect(html).not.toContain(audit.entrantSalt);
    expect(feed).not.toContain(audit.entrantSalt);
    await page.waitForFunction("document.querySelector('#check-winners').className !== ''");
    expect(await page.getAttribute('#check-commitment', 'class')).toBe('ok');
    expect(await page.getAttribute('#check-digest', 'class')).toBe('ok');
    expect(await page.textContent('#check-winners')).toBe('Re-running the draw from the seed gives the same winners.');
    await page.close();
  });
});
