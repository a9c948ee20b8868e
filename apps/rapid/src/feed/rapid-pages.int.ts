/**
 * The ATS page and the SGC page in headless Chromium against the real service and PostgreSQL: the dealer starts
 * a round on the SGC, the ATS shows the countdown (Rapid 8.2), the player wagers with chip and bet buttons (4.2),
 * the dealer draws and enters the outcome, the ATS shows the settled balance (4.8) and cashes out (6.7.1). No
 * ATS ever receives another ATS's balance (6.1).
 */
import { tmpdir } from 'node:os';
import { INestApplication } from '@nestjs/common';
import { Browser, chromium, Page } from 'playwright-core';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { publishTypes, topicFor, tournamentStreamId, TOURNAMENTS_INTEGRATION_EVENT_TYPES, type TournamentSessionStarted, type TournamentTablesDesignated, type TournamentTermsPublished } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { createTestDatabase, eventually, TestDatabase, testToken } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp, TEST_SECRET } from '../test-support/rapid-app';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ATS1 = 'P1-ATS01';
const ATS2 = 'P1-ATS02';

describe('Rapid Baccarat ATS and SGC pages in headless Chromium', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let tournaments: PostgresEventStore;
  const accounts = new Map<string, string>();

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('rapid_pages', 8);
    tournaments = new PostgresEventStore(db.pool, 'tournaments');
    await tournaments.migrate();
    app = await startRapidApp({
      url: db.url,
      poolSize: 8,
      tournamentsSource: (pool) => eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_INTEGRATION_EVENT_TYPES), topicFor('tournaments')),
    });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const http = () => request(base);
    await http()
      .post('/rapid/tables')
      .set('Authorization', bearer(['area-manager']))
      .send({ tableId: 'P1', variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 90, stations: [ATS1, ATS2].map((atsId) => ({ atsId, remote: false, printer: false })) })
      .expect(201);
    for (const ats of [ATS1, ATS2]) {
      const r = await http().post(`/rapid/tables/P1/ats/${ats}/buy-in`).set('Authorization', bearer(['dealer'])).send({ tender: 'cash', amountCents: 50_000 }).expect(201);
      accounts.set(ats, r.body.account.accountId);
    }
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.drop();
  });

  const signIn = async (path: string, token: string): Promise<Page> => {
    const page = await browser.newPage();
    await page.goto(`${base}${path}`);
    await page.fill('#token', token);
    await page.click('#auth button');
    await page.waitForFunction("document.querySelector('#status').textContent === 'live'");
    return page;
  };
  const cents = (page: Page) => page.getAttribute('#balance', 'data-cents').then(Number);

  it('Rapid 8.2, 4.2, 4.8, 6.7.1: countdown, wager buttons, the settled balance and the cash-out', async () => {
    const ats = await signIn(`/rapid/ats?table=P1&ats=${ATS1}`, testToken({ sub: ATS1, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    const sgc = await signIn('/rapid/sgc?table=P1', testToken({ sub: 'dealer-3', name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '50000'");
    expect(await sgc.locator('#stations tr').count()).toBe(2);

    await sgc.click('#start');
    await ats.waitForFunction("Number(document.querySelector('#countdown').getAttribute('data-seconds')) > 60");
    // Rapid 8.1: the round is shown by its number at the table, on the ATS and on the SGC.
    await ats.waitForFunction("document.querySelector('#round').textContent === 'Round 1'");
    await sgc.waitForFunction("document.querySelector('#round').textContent === '1'");
    await ats.click('.chip[data-cents="1000"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '48000'");
    expect(await ats.textContent('.bet[data-key="banker"] .amount')).toBe('$20.00');
    // 5.3.1: a $5 Player wager is under the $10 minimum: no chips shown for it, it stays pending on the layout, not a wager.
    await ats.click('.chip[data-cents="500"]');
    await ats.click('.bet[data-key="player"]');
    await ats.waitForFunction("document.querySelector('#message').textContent.includes('5.3.1')");
    expect(await ats.textContent('.bet[data-key="player"] .amount')).toBe('$5.00 pending');
    expect(await cents(ats)).toBe(48_000);

    // Another ATS wagers: its balance never reaches this terminal.
    await request(base).put(`/rapid/accounts/${accounts.get(ATS2)}/wagers`).set('Authorization', atsBearer(ATS2)).send({ wagers: [{ bet: 'player', amountCents: 7_000 }] }).expect(200);

    await sgc.fill('#playerCards', OUTCOMES.bankerWins.playerCards.join(' '));
    await sgc.fill('#bankerCards', OUTCOMES.bankerWins.bankerCards.join(' '));
    await sgc.click('#draw');
    await ats.waitForFunction("document.querySelector('#countdown').textContent === 'closed'");
    await sgc.click('#enter');
    await sgc.waitForFunction("document.querySelector('#last').textContent.includes('Settled 2 accounts')");
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '51900'");
    expect(await ats.textContent('#outcome')).toContain('banker');

    const log = (await ats.evaluate('window.__rapidLog')) as { kind: string; atsId?: string; accountId?: string }[];
    expect(log.filter((m) => m.kind === 'balance').length).toBeGreaterThan(0);
    expect(log.some((m) => m.atsId === ATS2 || m.accountId === accounts.get(ATS2))).toBe(false);
    const sgcLog = (await sgc.evaluate('window.__sgcLog')) as { kind: string }[];
    expect(sgcLog.some((m) => m.kind === 'balance')).toBe(false);

    // 6.7.1: the ATS asks; the Dealer tenders the chips and closes the account, and the ATS shows it.
    await ats.click('#cashout');
    await ats.waitForFunction("document.querySelector('#message').textContent.includes('$519.00 in chips')");
    expect(await cents(ats)).toBe(51_900);
    await sgc.waitForSelector(`#stations tr[data-ats="${ATS1}"] .payout`);
    expect(await sgc.locator(`#stations tr[data-ats="${ATS2}"] .payout`).count()).toBe(0);
    await sgc.click(`#stations tr[data-ats="${ATS1}"] .payout`);
    await sgc.waitForFunction("document.querySelector('#last').textContent.includes('Tender $519.00 in chips')");
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '0'");
    await sgc.waitForFunction(`document.querySelectorAll('#stations tr[data-ats="${ATS1}"] .payout').length === 0`);
    await ats.close();
    await sgc.close();
  });

  it('Rapid 5.1, 5.2: the ATS shows the permissible minimum and maximum wager of each bet the table offers, as its limits say, legibly', async () => {
    const ats = await signIn(`/rapid/ats?table=P1&ats=${ATS1}`, testToken({ sub: ATS1, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await ats.waitForSelector('#limits tr[data-bet="player"]');
    const rows = (await ats.evaluate("Array.from(document.querySelectorAll('#limits tr[data-bet]')).map(function (tr) { return [tr.getAttribute('data-bet')].concat(Array.from(tr.querySelectorAll('td')).map(function (td) { return td.textContent.trim(); })); })")) as string[][];
    expect(rows).toEqual(
      OFFERED_BETS.map((o) => {
        const label = { player: 'Player', banker: 'Banker', tie: 'Tie', pairs: 'Pair (Player or Banker)', 'perfect-pairs': 'Perfect Pairs (Player or Banker)', 'dragon-bonus-player': 'Player Dragon Bonus', 'dragon-bonus-banker': 'Banker Dragon Bonus', 'super-6': 'Super 6' }[o.bet];
        const dollars = (c: number) => `$${(c / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
        return [o.bet, label, dollars(LIMITS[o.bet as keyof typeof LIMITS].minCents), dollars(LIMITS[o.bet as keyof typeof LIMITS].maxCents)];
      }),
    );
    expect(await ats.textContent('#limits caption')).toContain('Rapid 5.1');
    // Legible on the terminal: at least 16px, light on the dark table, and on the screen without scrolling sideways.
    const style = (await ats.evaluate("(function (s) { return { size: parseFloat(s.fontSize), color: s.color }; })(getComputedStyle(document.querySelector('#limits td')))")) as { size: number; color: string };
    expect(style.size).toBeGreaterThanOrEqual(16);
    expect(style.color).toBe('rgb(245, 245, 245)');
    expect(await ats.isVisible('#limits')).toBe(true);
    await ats.screenshot({ path: process.env.RAPID_LIMITS_SCREENSHOT ?? `${tmpdir()}/rapid-ats-limits.png`, fullPage: true });
    await ats.close();
  });

  it("Rapid 8.1, 11.11: while another round is open the ATS shows the open round's number; a correction of an earlier round is shown apart", async () => {
    const dealer = bearer(['dealer']);
    const ats = await signIn(`/rapid/ats?table=P1&ats=${ATS2}`, testToken({ sub: ATS2, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    const started = await request(base).post('/rapid/tables/P1/rounds').set('Authorization', dealer).send({}).expect(201);
    const open = started.body.events[0] as { roundId: string; roundNumber: number };
    await ats.waitForFunction(`document.querySelector('#round').textContent === 'Round ${open.roundNumber}'`);
    const earlier = ((await request(base).get('/rapid/tables/P1').set('Authorization', dealer).expect(200)).body.recentRounds as { roundId: string; roundNumber: number }[]).find((r) => r.roundNumber === open.roundNumber - 1)!;
    // The round before is found wrong while this one is open: frozen and corrected (11.11).
    await request(base).post(`/rapid/tables/P1/rounds/${earlier.roundId}/freeze`).set('Authorization', dealer).send({ reason: 'the Player held 9' }).expect(200);
    await request(base).post(`/rapid/tables/P1/rounds/${earlier.roundId}/corrected-outcome`).set('Authorization', dealer).send(OUTCOMES.playerWins).expect(200);
    await ats.waitForFunction("window.__rapidLog.some(function (m) { return m.eventType === 'RapidOutcomeCorrected'; })");
    expect(await ats.textContent('#round')).toBe(`Round ${open.roundNumber}`);
    expect(await ats.textContent('#correction')).toContain(`Round ${earlier.roundNumber}`);
    expect(await ats.textContent('#correction')).toContain('11.11');
    await ats.close();
  });

  it('Rapid 2.1, 4.2, 4.6: after a reload in the wagering period the ATS shows the round and the wagers standing on it, and a chip touched adds to them rather than withdrawing the rest', async () => {
    const table = 'P2';
    const atsId = 'P2-ATS01';
    const http = () => request(base);
    const dealer = bearer(['dealer']);
    await http().post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations: [{ atsId, remote: false, printer: false }] }).expect(201);
    const account = (await http().post(`/rapid/tables/${table}/ats/${atsId}/buy-in`).set('Authorization', dealer).send({ tender: 'cash', amountCents: 50_000 }).expect(201)).body.account.accountId as string;
    await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', dealer).send({}).expect(201);
    const token = testToken({ sub: atsId, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 });
    const ats = await signIn(`/rapid/ats?table=${table}&ats=${atsId}`, token);
    await ats.click('.chip[data-cents="1000"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.click('.chip[data-cents="2500"]');
    await ats.click('.bet[data-key="player"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '45500'");

    // The station view carries them too (2.1, 4.2).
    const station = (await http().get(`/rapid/tables/${table}/ats/${atsId}`).set('Authorization', atsBearer(atsId)).expect(200)).body;
    expect(station.wagers).toMatchObject({ roundNumber: 1, totalCents: 4_500, wagers: expect.arrayContaining([{ bet: 'banker', amountCents: 2_000 }, { bet: 'player', amountCents: 2_500 }]) });

    // Signed in for the tab (6.1): the reload does not ask for the token again.
    await ats.reload();
    await ats.waitForFunction("document.querySelector('#status').textContent === 'live'");
    await ats.waitForFunction("document.querySelector('#round').textContent === 'Round 1'");
    await ats.waitForFunction("document.querySelector('.bet[data-key=\"banker\"] .amount').textContent === '$20.00'");
    expect(await ats.textContent('.bet[data-key="player"] .amount')).toBe('$25.00');
    expect(await ats.getAttribute('#balance', 'data-cents')).toBe('45500');
    expect(Number(await ats.getAttribute('#countdown', 'data-seconds'))).toBeGreaterThan(0);
    await ats.screenshot({ path: process.env.RAPID_PAGE_SCREENSHOT ?? `${tmpdir()}/rapid-ats-after-reload.png` });

    // A $10 chip on Banker after the reload: Banker $30, Player still $25 (4.2: the layout sent is the whole layout).
    await ats.click('.chip[data-cents="1000"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '44500'");
    expect(await ats.textContent('.bet[data-key="banker"] .amount')).toBe('$30.00');
    expect(await ats.textContent('.bet[data-key="player"] .amount')).toBe('$25.00');
    const view = (await http().get(`/rapid/accounts/${account}`).set('Authorization', atsBearer(atsId)).expect(200)).body as { rounds: { stakedCents: number; wagers: { bet: string; amountCents: number }[] }[] };
    const last = view.rounds[view.rounds.length - 1];
    expect(last.stakedCents).toBe(5_500);
    expect(last.wagers.map((w) => [w.bet, w.amountCents]).sort()).toEqual([['banker', 3_000], ['player', 2_500]]);
    await ats.close();
  });

  it("Rapid 1.1 'SGC', 6.2, 11.11, 11.12, 11.14: the SGC takes a buy-in, freezes and corrects an earlier round by its number, records an ATS malfunction naming what was returned, and resolves a claim", async () => {
    const table = 'P3';
    const [s1, s2] = ['P3-ATS01', 'P3-ATS02'];
    const http = () => request(base);
    const dealer = bearer(['dealer']);
    await http().post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations: [s1, s2].map((atsId) => ({ atsId, remote: false, printer: false })) }).expect(201);
    const sgc = await signIn(`/rapid/sgc?table=${table}`, testToken({ sub: 'dealer-4', name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await sgc.waitForFunction(`document.querySelectorAll('#buyinAts option').length === 2`);
    await sgc.selectOption('#buyinAts', s1);
    await sgc.fill('#buyinAmount', '200');
    await sgc.click('#buyin');
    await sgc.waitForFunction(`document.querySelector('#last').textContent.includes('Credited $200.00 to ${s1}')`);
    await sgc.waitForFunction(`document.querySelector('#stations tr[data-ats="${s1}"]').children[2].textContent === 'open'`);
    const account = ((await http().get(`/rapid/tables/${table}`).set('Authorization', dealer).expect(200)).body.stations as { atsId: string; accountId: string }[]).find((x) => x.atsId === s1)!.accountId;
    await http().post(`/rapid/tables/${table}/ats/${s2}/buy-in`).set('Authorization', dealer).send({ tender: 'cash', amountCents: 10_000 }).expect(201);
    const wager = (amountCents: number) => http().put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(s1)).send({ wagers: [{ bet: 'banker', amountCents }] }).expect(200);

    // Round 1: the Player entered as winning.
    await sgc.click('#start');
    await sgc.waitForFunction("document.querySelector('#round').textContent === '1'");
    await wager(2_000);
    await sgc.fill('#playerCards', OUTCOMES.playerWins.playerCards.join(' '));
    await sgc.fill('#bankerCards', OUTCOMES.playerWins.bankerCards.join(' '));
    await sgc.click('#draw');
    await sgc.waitForFunction("document.querySelector('#state').textContent === 'closed'");
    await sgc.click('#enter');
    await sgc.waitForFunction("document.querySelector('#last').textContent.includes('Settled')");
    // Round 2 opens; the Dealer finds round 1 wrong, freezes every account (both ATS) and corrects it by its number (11.11).
    await sgc.click('#start');
    await sgc.waitForFunction("document.querySelector('#round').textContent === '2'");
    await sgc.fill('#target', '1');
    await sgc.click('#freeze');
    await sgc.waitForFunction("document.querySelector('#last').textContent.includes('Round 1: 2 accounts frozen')");
    await sgc.fill('#playerCards', OUTCOMES.bankerWins.playerCards.join(' '));
    await sgc.fill('#bankerCards', OUTCOMES.bankerWins.bankerCards.join(' '));
    await sgc.click('#correct');
    await sgc.waitForFunction("document.querySelector('#last').textContent.includes('Round 1 recalculated')");

    // Round 2: ATS 1 fails before expiry; its $10 is returned (11.14(a)).
    await wager(1_000);
    await sgc.fill('#target', '');
    await sgc.selectOption('#scope', 'ats');
    await sgc.selectOption('#malfunctionAts', s1);
    await sgc.click('#malfunction');
    await sgc.waitForFunction(`document.querySelector('#last').textContent.includes('void') && document.querySelector('#last').textContent.includes('returned $10.00')`);

    // A claim that round 1's outcome was wrong, considered and rejected on the SGC (11.12).
    const claim = await http().post(`/rapid/tables/${table}/claims`).set('Authorization', atsBearer(s2)).send({ atsId: s2, roundId: (await http().get(`/rapid/tables/${table}`).set('Authorization', dealer)).body.recentRounds.find((r: { roundNumber: number }) => r.roundNumber === 1).roundId, kind: 'incorrect-outcome', description: 'the Banker won' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    await sgc.click('#refresh');
    await sgc.waitForSelector(`#claims tr[data-claim="${claimId}"]`);
    await sgc.fill('#claimId', claimId);
    await sgc.fill('#claimAction', 'round 1 already corrected');
    await sgc.click('#resolve');
    await sgc.waitForFunction(`document.querySelector('#claims tr[data-claim="${claimId}"]').textContent.includes('rejected')`);
    await sgc.screenshot({ path: process.env.RAPID_SGC_SCREENSHOT ?? `${tmpdir()}/rapid-sgc.png`, fullPage: true });
    await sgc.close();
  });

  it('Rapid 6.2.1: the SGC offers a buy-in only at the ATSs where the Dealer takes one, never at a remote ATS (its player buys in at the note acceptor); the malfunction list still names every ATS', async () => {
    const table = 'P4';
    const [local, remote] = ['P4-ATS01', 'P4-ATS02'];
    const stations = [
      { atsId: local, remote: false, printer: false },
      { atsId: remote, remote: true, printer: true },
    ];
    await request(base).post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations }).expect(201);
    const sgc = await signIn(`/rapid/sgc?table=${table}`, testToken({ sub: 'dealer-5', name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await sgc.waitForFunction(`document.querySelectorAll('#malfunctionAts option').length === 2`);
    const values = (select: string) => sgc.evaluate(`Array.from(document.querySelectorAll('${select} option')).map((o) => o.value)`) as Promise<string[]>;
    expect(await values('#buyinAts')).toEqual([local]);
    expect(await values('#malfunctionAts')).toEqual([local, remote]);
    await sgc.fill('#buyinAmount', '50');
    await sgc.click('#buyin');
    await sgc.waitForFunction(`document.querySelector('#last').textContent.includes('Credited $50.00 to ${local}')`);
    await sgc.screenshot({ path: process.env.RAPID_SGC_BUYIN_SCREENSHOT ?? `${tmpdir()}/rapid-sgc-buyin.png`, fullPage: true });
    await sgc.close();
  });

  it('Rapid 6.1: an open ATS keeps its sign-in for the tab: after a reload it shows its account, the round number, the layout and the limits without signing in again; the SGC too', async () => {
    const table = 'P5';
    const atsId = 'P5-ATS01';
    const http = () => request(base);
    const dealer = bearer(['dealer']);
    await http().post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations: [{ atsId, remote: false, printer: false }] }).expect(201);
    await http().post(`/rapid/tables/${table}/ats/${atsId}/buy-in`).set('Authorization', dealer).send({ tender: 'cash', amountCents: 30_000 }).expect(201);
    await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', dealer).send({}).expect(201);
    const ats = await signIn(`/rapid/ats?table=${table}&ats=${atsId}`, testToken({ sub: atsId, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await ats.click('.chip[data-cents="2500"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '27500'");

    await ats.reload();
    await ats.waitForFunction("document.querySelector('#status').textContent === 'live'");
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '27500'");
    await ats.waitForFunction("document.querySelector('#round').textContent === 'Round 1'");
    await ats.waitForFunction("document.querySelector('.bet[data-key=\"banker\"] .amount').textContent === '$25.00'");
    expect(await ats.isVisible('#auth')).toBe(false);
    expect(await ats.isVisible('#terminal')).toBe(true);
    expect(await ats.locator('#limits tr[data-bet]').count()).toBe(OFFERED_BETS.length);
    await ats.screenshot({ path: process.env.RAPID_RELOAD_SCREENSHOT ?? `${tmpdir()}/rapid-ats-6-1-reload.png`, fullPage: true });
    await ats.close();

    // The SGC signed in with the token in the fragment: taken out of the address bar, kept for the tab over a reload.
    const sgc = await browser.newPage();
    await sgc.goto(`${base}/rapid/sgc?table=${table}#token=${encodeURIComponent(testToken({ sub: 'dealer-6', name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }))}`);
    await sgc.waitForFunction("document.querySelector('#status').textContent === 'live'");
    expect(sgc.url()).not.toContain('token');
    await sgc.reload();
    await sgc.waitForFunction("document.querySelector('#status').textContent === 'live'");
    await sgc.waitForFunction("document.querySelector('#round').textContent === '1'");
    expect(await sgc.isVisible('#auth')).toBe(false);
    await sgc.close();
  });

  it('Rapid 5.3: two $5 chips on Banker build its $10 minimum: the first is shown pending (not a wager, 5.3.1), the second sends the $10 the player built', async () => {
    const table = 'P6';
    const atsId = 'P6-ATS01';
    const http = () => request(base);
    const dealer = bearer(['dealer']);
    await http().post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId: table, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations: [{ atsId, remote: false, printer: false }] }).expect(201);
    const account = (await http().post(`/rapid/tables/${table}/ats/${atsId}/buy-in`).set('Authorization', dealer).send({ tender: 'cash', amountCents: 20_000 }).expect(201)).body.account.accountId as string;
    await http().post(`/rapid/tables/${table}/rounds`).set('Authorization', dealer).send({}).expect(201);
    const ats = await signIn(`/rapid/ats?table=${table}&ats=${atsId}`, testToken({ sub: atsId, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await ats.waitForSelector('.bet[data-key="banker"]');
    await ats.click('.chip[data-cents="500"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#message').textContent.includes('5.3.1')");
    expect(await ats.textContent('.bet[data-key="banker"] .amount')).toBe('$5.00 pending');
    expect(await ats.textContent('#message')).toContain('$10.00 minimum');
    expect(await cents(ats)).toBe(20_000);
    await ats.screenshot({ path: process.env.RAPID_PENDING_SCREENSHOT ?? `${tmpdir()}/rapid-ats-5-3-pending.png`, fullPage: true });
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '19000'");
    expect(await ats.textContent('.bet[data-key="banker"] .amount')).toBe('$10.00');
    const view = (await http().get(`/rapid/accounts/${account}`).set('Authorization', atsBearer(atsId)).expect(200)).body as { rounds: { wagers: { bet: string; amountCents: number }[] }[] };
    expect(view.rounds[view.rounds.length - 1].wagers.map((w) => [w.bet, w.amountCents])).toEqual([['banker', 1_000]]);
    await ats.screenshot({ path: process.env.RAPID_BUILT_SCREENSHOT ?? `${tmpdir()}/rapid-ats-5-3-built.png`, fullPage: true });
    await ats.close();
  });

  it('Rapid 4.3, 6.1: an ATS token for another terminal is refused by the page', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/rapid/ats?table=P1&ats=${ATS2}`);
    await page.fill('#token', testToken({ sub: ATS1, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 }));
    await page.click('#auth button');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('403')");
    expect(await page.isVisible('#terminal')).toBe(false);
    await page.close();
  });

  const dealerToken = (sub: string) => testToken({ sub, name: 'Dealer', roles: ['dealer'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 });
  const atsToken = (atsId: string) => testToken({ sub: atsId, roles: ['ats'], casinos: ['crown-melbourne'], secret: TEST_SECRET, ttlSeconds: 600 });
  const openTable = (tableId: string, atsIds: readonly string[]) =>
    request(base).post('/rapid/tables').set('Authorization', bearer(['area-manager'])).send({ tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 120, stations: atsIds.map((atsId) => ({ atsId, remote: false, printer: false })) }).expect(201);
  /** What the tournaments service publishes, where the Rapid service's subscription reads it (Rapid 12). */
  const publish = async (tournamentId: string, events: readonly (TournamentTermsPublished | TournamentTablesDesignated | TournamentSessionStarted)[]) => {
    await tournaments.append(
      tournamentStreamId(tournamentId),
      'tournament',
      0,
      events.map(({ type, ...data }) => ({ eventId: randomUUID(), type, schemaVersion: 1, data, metadata: { actor: { id: 'td-1', role: 'tournament-director' }, commandId: randomUUID(), correlationId: tournamentId, causationId: null, rulebookVersion: 'crown-melbourne-rapid' }, occurredAt: new Date().toISOString() })),
    );
  };
  const disabled = (page: Page, selector: string) => page.evaluate(`Array.from(document.querySelectorAll('${selector}')).map(function (el) { return el.disabled; })`) as Promise<boolean[]>;

  it('Rapid 12.2.1(b)-(c), 12.2.2, 5.1: a tournament account is shown in tournament chips with the session\'s limits in chips, chip buttons that make its wagers, and no cash-out or note acceptor', async () => {
    const table = 'P7';
    const atsId = 'P7-ATS01';
    await openTable(table, [atsId, 'P7-ATS02']);
    const at = new Date().toISOString();
    await publish('TNP7', [
      { type: 'TournamentTermsPublished', tournamentId: 'TNP7', name: 'TNP7', rulebookId: 'crown-melbourne-rapid', jurisdiction: 'VIC', terms: { chips: 0 } as never, regulatorApproval: null, publishedAt: at, clause: 'Rapid 12.1.3' },
      { type: 'TournamentTablesDesignated', tournamentId: 'TNP7', tableIds: [table], clause: 'Rapid 12.3.1' },
      { type: 'TournamentSessionStarted', tournamentId: 'TNP7', sessionId: 'H1', kind: 'heat', playOff: null, seating: [{ entryId: 'E1', patronId: 'P1', tableId: table, box: 1, chips: 1_500 }], passCards: 0, undisclosedWagers: 0, minimumWager: 10, maximumWager: 500, issuedChips: 1_500, startedAt: at, clause: 'Rapid 12.2.1(b)' },
    ]);
    await eventually('the session seated at the table', async () => ((await request(base).get(`/rapid/tables/${table}`).set('Authorization', bearer(['dealer'])).expect(200)).body.tournamentSession ? true : false));
    await request(base).post(`/rapid/tables/${table}/rounds`).set('Authorization', bearer(['dealer'])).send({}).expect(201);
    const ats = await signIn(`/rapid/ats?table=${table}&ats=${atsId}`, atsToken(atsId));
    await ats.waitForFunction("document.querySelector('#balance').textContent === '1,500 chips'");
    // 5.1 with 12.2.1(c): the permissible wagers are the session's, in chips, not the table's cash limits.
    await ats.waitForFunction("document.querySelector('#limits caption').textContent.includes('12.2.1(c)')");
    const rows = (await ats.evaluate("Array.from(document.querySelectorAll('#limits tr[data-bet]')).map(function (tr) { return Array.from(tr.querySelectorAll('td')).slice(1).map(function (td) { return td.textContent.trim(); }); })")) as string[][];
    expect(rows.length).toBe(OFFERED_BETS.length);
    for (const r of rows) expect(r).toEqual(['10 chips', '500 chips']);
    // The chips make the session's minimum and stay within its maximum; none is money.
    const chips = (await ats.evaluate("Array.from(document.querySelectorAll('.chip')).map(function (c) { return [Number(c.getAttribute('data-cents')), c.textContent]; })")) as [number, string][];
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.every(([v, text]) => v <= 500 && !text.includes('$'))).toBe(true);
    expect(10 % Math.min(...chips.map(([v]) => v))).toBe(0);
    // 12.2.2: no cash-out and no note acceptor on a tournament account (the API refuses both, TOURNAMENT_ACCOUNT).
    expect(await ats.isVisible('#cashout')).toBe(false);
    expect(await ats.isVisible('#insert')).toBe(false);
    expect(await disabled(ats, '#cashout, #insert')).toEqual([true, true]);
    // A 10-chip wager is made with the chips shown.
    await ats.click('.chip[data-cents="10"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '1490'");
    expect(await ats.textContent('.bet[data-key="banker"] .amount')).toBe('10 chips');
    expect(await ats.textContent('#balance')).toBe('1,490 chips');
    await ats.screenshot({ path: process.env.RAPID_TOURNAMENT_SCREENSHOT ?? `${tmpdir()}/rapid-ats-tournament.png`, fullPage: true });
    await ats.close();
    // Rapid 12.2.2, 12.3.2: while the session plays at the table the SGC offers no cash buy-in (the API refuses it,
    // TABLE_IN_TOURNAMENT_PLAY), and an ATS with no account offers no cash-out.
    const sgc = await signIn(`/rapid/sgc?table=${table}`, dealerToken('dealer-p7'));
    await sgc.waitForFunction("document.querySelector('#buyin').disabled === true");
    expect(await sgc.getAttribute('#buyin', 'title')).toContain('12.3.2');
    await sgc.close();
    const other = await signIn(`/rapid/ats?table=${table}&ats=P7-ATS02`, atsToken('P7-ATS02'));
    await other.waitForFunction("document.querySelector('#cashout').disabled === true");
    await other.close();
  });

  it('Rapid 4.7: the ATS takes no wager touch outside the wagering period: before a round, after the draw and once settled', async () => {
    const table = 'P8';
    const atsId = 'P8-ATS01';
    await openTable(table, [atsId]);
    await request(base).post(`/rapid/tables/${table}/ats/${atsId}/buy-in`).set('Authorization', bearer(['dealer'])).send({ tender: 'cash', amountCents: 20_000 }).expect(201);
    const ats = await signIn(`/rapid/ats?table=${table}&ats=${atsId}`, atsToken(atsId));
    const sgc = await signIn(`/rapid/sgc?table=${table}`, dealerToken('dealer-8'));
    await ats.waitForSelector('.bet[data-key="banker"]');
    expect((await disabled(ats, '.bet, #clear')).every(Boolean)).toBe(true);
    await sgc.click('#start');
    await ats.waitForFunction("Array.from(document.querySelectorAll('.bet')).every(function (b) { return !b.disabled; })");
    await ats.click('.chip[data-cents="1000"]');
    await ats.click('.bet[data-key="banker"]');
    await ats.waitForFunction("document.querySelector('#balance').getAttribute('data-cents') === '19000'");
    await sgc.click('#draw');
    await ats.waitForFunction("document.querySelector('#countdown').textContent === 'closed'");
    await ats.waitForFunction("Array.from(document.querySelectorAll('.bet, #clear')).every(function (b) { return b.disabled; })");
    await ats.screenshot({ path: process.env.RAPID_CLOSED_SCREENSHOT ?? `${tmpdir()}/rapid-ats-4-7-closed.png`, fullPage: true });
    await sgc.fill('#playerCards', OUTCOMES.bankerWins.playerCards.join(' '));
    await sgc.fill('#bankerCards', OUTCOMES.bankerWins.bankerCards.join(' '));
    await sgc.click('#enter');
    await ats.waitForFunction("document.querySelector('#countdown').textContent === 'settled'");
    expect((await disabled(ats, '.bet, #clear')).every(Boolean)).toBe(true);
    expect(await cents(ats)).toBe(19_000 + 1_950);
    await ats.close();
    await sgc.close();
  });

  it("Rapid 1.1 'SGC'(b), 8.1, 11.11, 11.12: the SGC shows each ATS's stakes by bet and balance, and enables only the actions that apply to the table's state", async () => {
    const table = 'P9';
    const [s1, s2] = ['P9-ATS01', 'P9-ATS02'];
    await openTable(table, [s1, s2]);
    const dealer = bearer(['dealer']);
    const account = (await request(base).post(`/rapid/tables/${table}/ats/${s1}/buy-in`).set('Authorization', dealer).send({ tender: 'cash', amountCents: 30_000 }).expect(201)).body.account.accountId as string;
    const sgc = await signIn(`/rapid/sgc?table=${table}`, dealerToken('dealer-9'));
    const enabled = async () => Object.fromEntries(await Promise.all(['start', 'draw', 'enter', 'freeze', 'correct', 'resolve'].map(async (id) => [id, !(await sgc.isDisabled(`#${id}`))])));
    const row = (atsId: string) => `#stations tr[data-ats="${atsId}"]`;
    await sgc.waitForFunction(`document.querySelector('${row(s1)} .balance') && document.querySelector('${row(s1)} .balance').textContent === '$300.00'`);
    await sgc.waitForFunction("!document.querySelector('#start').disabled");
    expect(await enabled()).toEqual({ start: true, draw: false, enter: false, freeze: false, correct: false, resolve: false });

    await sgc.click('#start');
    await sgc.waitForFunction("document.querySelector('#state').textContent === 'wagering' && document.querySelector('#start').disabled");
    expect(await enabled()).toEqual({ start: false, draw: true, enter: false, freeze: false, correct: false, resolve: false });
    await request(base).put(`/rapid/accounts/${account}/wagers`).set('Authorization', atsBearer(s1)).send({ wagers: [{ bet: 'banker', amountCents: 2_000 }, { bet: 'tie', amountCents: 500 }] }).expect(200);
    await sgc.waitForFunction(`document.querySelector('${row(s1)} .stake[data-key="banker"]') && document.querySelector('${row(s1)} .balance').textContent === '$275.00'`, undefined, { timeout: 10_000 });
    expect(await sgc.textContent(`${row(s1)} .stake[data-key="banker"]`)).toBe('Banker $20.00');
    expect(await sgc.textContent(`${row(s1)} .stake[data-key="tie"]`)).toBe('Tie $5.00');
    expect(await sgc.textContent(`${row(s2)} .stakes`)).toBe('');

    await sgc.click('#draw');
    await sgc.waitForFunction("document.querySelector('#state').textContent === 'closed' && !document.querySelector('#enter').disabled");
    expect(await enabled()).toEqual({ start: false, draw: false, enter: true, freeze: false, correct: false, resolve: false });
    await sgc.screenshot({ path: process.env.RAPID_SGC_STAKES_SCREENSHOT ?? `${tmpdir()}/rapid-sgc-stakes.png`, fullPage: true });
    await sgc.fill('#playerCards', OUTCOMES.playerWins.playerCards.join(' '));
    await sgc.fill('#bankerCards', OUTCOMES.playerWins.bankerCards.join(' '));
    await sgc.click('#enter');
    await sgc.waitForFunction("document.querySelector('#state').textContent === 'settled' && !document.querySelector('#freeze').disabled");
    // Settled: the next round may start; this one's accounts may be frozen (11.11), its actual outcome only once frozen.
    expect(await enabled()).toEqual({ start: true, draw: false, enter: false, freeze: true, correct: false, resolve: false });
    await sgc.click('#freeze');
    await sgc.waitForFunction("document.querySelector('#freeze').disabled && !document.querySelector('#correct').disabled");
    expect(await enabled()).toEqual({ start: true, draw: false, enter: false, freeze: false, correct: true, resolve: false });

    // 11.12: a claim is resolved only while open.
    const roundId = ((await request(base).get(`/rapid/tables/${table}`).set('Authorization', dealer).expect(200)).body.recentRounds as { roundId: string }[])[0].roundId;
    const claim = await request(base).post(`/rapid/tables/${table}/claims`).set('Authorization', atsBearer(s1)).send({ atsId: s1, roundId, kind: 'incorrect-outcome', description: 'the Banker won' }).expect(201);
    const claimId = (claim.body.events[0] as { claimId: string }).claimId;
    await sgc.click('#refresh');
    await sgc.waitForSelector(`#claims tr[data-claim="${claimId}"]`);
    expect(await sgc.isDisabled('#resolve')).toBe(true);
    await sgc.fill('#claimId', claimId);
    expect(await sgc.isDisabled('#resolve')).toBe(false);
    await sgc.fill('#claimAction', 'round under review');
    await sgc.click('#resolve');
    await sgc.waitForFunction(`document.querySelector('#claims tr[data-claim="${claimId}"]').textContent.includes('rejected') && document.querySelector('#resolve').disabled`);
    await sgc.close();
  });
});
