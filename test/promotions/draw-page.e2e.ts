/**
 * The draw page (Star 16.7.10: how results are published) in headless Chromium: it shows the entries, every draw
 * round with its commitments and reveals (a round abandoned when the draw was postponed, 16.11, included) and the
 * winners, and the browser itself checks each revealed seed against its commitment, the prizes and entry rules
 * against the digests the operator committed to, the entries against their digest, the final seed, and re-runs the
 * draw to the same winners (apps/promotions/DRAW.md).
 */
import { INestApplication } from '@nestjs/common';
import { chromium, Browser } from 'playwright-core';
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { COMPLETE_TERMS } from '../../apps/promotions/src/test-support/promotion-fixtures';
import { bearer, startPromotionsApp } from '../../apps/promotions/src/test-support/promotions-app';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** A seed as its holder makes it (32 random bytes, 64 hex digits) and the commitment it publishes. */
const newSeed = () => {
  const seed = randomBytes(32).toString('hex');
  return { seed, commitment: createHash('sha256').update(seed).digest('hex') };
};

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

  it('shows the entries, every round with its commitments and reveals, and the winners, and verifies the draw in the browser', async () => {
    const close = hoursFromNow(5 / 3600);
    await send('/promotions', ['casino-manager'], {
      promotionId: 'page',
      name: 'Members Draw',
      schedule: { startsAt: hoursFromNow(-1), entriesCloseAt: close, drawAt: close },
      terms: COMPLETE_TERMS,
      prizes: [
        { prizeId: 'first', kind: 'cash', description: '$5,000 cash', valueCents: 500_000 },
        // Every detail of a prize is bound by the commitment (Star 2024 16.7.1, 16.7.11) and re-checked by the page.
        { prizeId: 'second', kind: 'goods', description: 'Dinner for two', valueCents: 100_000, details: { venue: 'Harbour restaurant', when: 'any weeknight' }, contents: ['dinner'], cashAlternativeCents: 90_000 },
      ],
      // It commenced an hour ago (the test runs on the clock): recorded after commencement, with the evidence.
      recordedAfterCommencement: { evidence: 'NICC lodgement receipt', termsIssuedAt: hoursFromNow(-24 * 7) },
    });
    await send('/promotions/page/terms/lodgements', ['casino-manager'], { lodgedAt: hoursFromNow(-30) });
    const operator1 = newSeed();
    const scrutineer1 = newSeed();
    await send('/promotions/page/draw/commitment', ['area-manager'], { commitment: operator1.commitment });
    // Recorded by the NSW inspector, never by the operator's staff (Star 2024 16.2, 16.7.10): an Assistant Gaming
    // Manager other than the one who made the operator's commitment is refused too.
    expect((await api().post('/promotions/page/draw/scrutineer-commitment').set('Authorization', bearer(['area-manager'], 'scrutineer-desk')).send({ scrutineer: 'K. Scrutineer', commitment: scrutineer1.commitment })).status).toBe(403);
    expect((await api().post('/promotions/page/draw/scrutineer-commitment').set('Authorization', bearer(['regulator'], 'nicc-inspector-1', ['NSW'])).send({ scrutineer: 'K. Scrutineer', commitment: scrutineer1.commitment })).status).toBe(201);
    const PATRONS = ['MEMBER-40871', 'MEMBER-40872', 'MEMBER-40873'];
    for (const [patronId, count] of [[PATRONS[0], 3], [PATRONS[1], 5], [PATRONS[2], 1]] as const) await send('/promotions/page/entries', ['gaming-supervisor'], { patronId, count, reason: 'members night' });
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(close) - Date.now()) + 200));

    const page = await browser.newPage();
    await page.goto(`${base}/promotions/page/draw/page`);
    expect(await page.textContent('#commitment')).toBe(operator1.commitment);
    expect(await page.textContent('#scrutineer-commitment')).toBe(scrutineer1.commitment);
    expect(await page.textContent('#seed')).toBe('not yet revealed');

    // 16.11: postponed, the round abandoned with its seeds revealed, validated, and a second round with a fresh
    // scrutineer commitment: the first stays on the page.
    // Decided a moment before the inspector is told (Star 2024 16.11): the server's clock reads later than the page's by the trip.
    await send('/promotions/page/compromise', ['casino-manager'], { action: 'postponed', reason: 'draw barrel found unsealed', decidedAt: new Date(Date.now() - 60_000).toISOString(), inspectorNotifiedAt: new Date().toISOString() });
    await send('/promotions/page/draw/abandonment', ['area-manager'], { seed: operator1.seed, scrutineerSeed: scrutineer1.seed, reason: 'postponed: barrel unsealed' });
    await send('/promotions/page/validation', ['casino-manager'], { reason: 'seal replaced, audit clean' });
    const operator2 = newSeed();
    const scrutineer2 = newSeed();
    await send('/promotions/page/draw/commitment', ['area-manager'], { commitment: operator2.commitment });
    const inspector = bearer(['regulator'], 'nicc-inspector', ['NSW']);
    expect((await api().post('/promotions/page/draw/scrutineer-commitment').set('Authorization', inspector).send({ scrutineer: 'NICC Inspector R. Roe', commitment: scrutineer2.commitment })).status).toBe(201);

    const drawn = await send('/promotions/page/draw', ['area-manager'], { seed: operator2.seed, scrutineerSeed: scrutineer2.seed });
    await page.goto(`${base}/promotions/page/draw/page`);
    expect(await page.textContent('#entry-count')).toBe('9');
    expect(await page.locator('#entries tbody tr').count()).toBe(9);
    expect(await page.textContent('#commitment')).toBe(operator2.commitment);
    expect(await page.textContent('#seed')).toBe(operator2.seed);
    expect(await page.textContent('#scrutineer-seed')).toBe(scrutineer2.seed);
    const rounds = await page.locator('#rounds tbody tr').allTextContents();
    expect(rounds).toHaveLength(2);
    expect(rounds[0]).toContain('abandoned');
    expect(rounds[0]).toContain(operator1.seed);
    expect(rounds[0]).toContain(scrutineer1.seed);
    expect(rounds[1]).toContain('drawn');
    expect(rounds[1]).toContain('NICC Inspector R. Roe');
    // Star 2024 16.7.1, 16.7.10: each commitment of both rounds (the abandoned one too) with who, when, its time
    // against the entry period and the reuse check, on the page and in its JSON.
    const commitments = await page.locator('#commitment-times tbody tr').allTextContents();
    expect(commitments).toHaveLength(4);
    expect(commitments[1]).toContain('K. Scrutineer (recorded by nicc-inspector-1 as regulator)');
    expect(commitments[1]).toContain('recorded by the inspector (regulator)');
    expect(commitments[1]).toContain('before entries closed');
    expect(commitments[3]).toContain('NICC Inspector R. Roe (recorded by nicc-inspector as regulator)');
    for (const row of commitments) expect(row).toContain("never made before (checked against every promotion's commitments, in either role); appears once on this record");
    const published = (await api().get('/promotions/page/draw')).body.commitments;
    expect(published.map((c: { round: number; role: string }) => `${c.round}:${c.role}`)).toEqual(['1:operator', '1:scrutineer', '2:operator', '2:scrutineer']);
    expect(published[0]).toMatchObject({ commitment: operator1.commitment, beforeEntriesOpened: false, afterEntriesOpened: true, reuseCheck: { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true } });
    expect(published[1]).toMatchObject({ commitment: scrutineer1.commitment, beforeEntriesClosed: true, afterOperatorCommitment: true });
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
    for (const check of ['#check-commitment', '#check-bindings', '#check-digest', '#check-final-seed', '#check-rounds', '#check-commitment-times', '#check-scrutineer-recorder']) expect(await page.getAttribute(check, 'class')).toBe('ok');
    expect(await page.textContent('#check-commitment-times')).toBe('4 commitment(s), each made in time and none used twice.');
    expect(await page.textContent('#check-scrutineer-recorder')).toBe('2 scrutineer commitment(s), none recorded by the operator or its staff.');
    expect(await page.textContent('#check-rounds')).toBe('1 abandoned round(s), every seed revealed and matching its commitment.');
    expect(await page.textContent('#check-winners')).toBe('Re-running the draw from the seed gives the same winners.');
    expect(await page.textContent('#check-bindings')).toBe('The prizes, in this order, every detail of each, and the entry rules are those the operator committed to.');
    await page.close();
  });
});
