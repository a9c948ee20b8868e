/**
 * The tournament floor board in headless Chromium against the real service and PostgreSQL, at the sizes of a floor TV
 * (1920x1080 and 1280x720): the players by the names the director gave, the cut line, the coups and time left, an
 * absent player marked, no column the terms do not provide, the final placings with an employee not eligible for a
 * prize, a display signed in by the token in the URL fragment, a cancelled tournament, a Crown board's markers and a
 * decided play-off (Crown Melbourne 14.2.3, 14.4.2(a)(v), 14.4.4(e)-(g); Star 2024 15.3.4, 15.5.6, 15.5.8, 15.10).
 * Screenshots are written to the temporary directory for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { Browser, chromium, Page } from 'playwright-core';
import { tournamentStreamId } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { bearer, startTournamentsApp } from '../test-support/tournaments-app';
import { DIRECTOR, T0, completeTerms, heatUnderWay, play, playedCoup } from '../tournament/tournament-fixtures';
import { TOURNAMENT_STREAM_TYPE } from '../tournament/tournament.commands';
import type { TournamentEvent } from '../tournament/tournament.events';
import { BOARD_TOKEN_KEY } from './standings-page';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const NAMES = ['Alice Kowalski', 'Bao Nguyen', 'Chloé Martin', 'Dev Patel', 'Eamon Walsh', 'Fatima Rahman', 'Grace Liu', 'Hiro Tanaka', 'Isabella Rossi', 'Jack O’Brien', 'Kiri Parata'];

const coup = playedCoup;

describe('the tournament floor board in headless Chromium (Crown Melbourne 14.2.3; Star 2024 15.5.8)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let store: PostgresEventStore;
  const token = bearer(['gaming-supervisor']).replace(/^Bearer /, '');
  const shots: string[] = [];

  /** Appends a fixture history to the tournament's stream, as the service would have recorded it. */
  const record = async (tournamentId: string, events: readonly TournamentEvent[]) => {
    await store.append(
      tournamentStreamId(tournamentId),
      TOURNAMENT_STREAM_TYPE,
      0,
      events.map(({ type, ...data }) => ({
        eventId: randomUUID(),
        type,
        schemaVersion: 1,
        data: { ...data, tournamentId } as Record<string, unknown>,
        metadata: { actor: DIRECTOR, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'star-sydney-2024' },
        occurredAt: T0,
      })),
    );
  };
  const shoot = async (page: Page, name: string) => {
    const path = join(tmpdir(), `tournament-board-${name}.png`);
    await page.screenshot({ path });
    shots.push(path);
  };
  /** The computed font size of the first element matching, in CSS pixels (a string: the page is no DOM of this program). */
  const px = (page: Page, selector: string) => page.evaluate<number>(`parseFloat(getComputedStyle(document.querySelector(${JSON.stringify(selector)})).fontSize)`);
  /** Nothing cut off: no scrolling, and every row of every panel within the screen. */
  const fitsTheScreen = (page: Page) =>
    page.evaluate<boolean>(
      "(() => { const rows = [...document.querySelectorAll('main tr, #results li')].map((r) => r.getBoundingClientRect()); return document.documentElement.scrollWidth <= innerWidth && rows.every((r) => r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1); })()",
    );

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('tour_board', 8);
    app = await startTournamentsApp({ url: db.url, tablesSchema: 'tables' });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    store = new PostgresEventStore(db.pool, 'tournaments');

    // A heat of 12 at two tables: no pass cards or undisclosed wagers in the terms, 2 progress from each table, 30 coups or 45 minutes.
    const terms = completeTerms({ passCards: null, undisclosedWagers: null, format: { description: 'Two heats of six, then a final.', advancePerTable: 2, coupsPerSession: 30, minutesPerSession: 45 } });
    const startedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const heat = heatUnderWay(12, 'the-star-sydney', terms).map((e) => {
      if (e.type === 'TournamentEntryAccepted') {
        const n = Number(e.entryId.slice(1));
        // e12 was given no name: the board shows its entry id.
        return n <= NAMES.length ? { ...e, displayName: NAMES[n - 1] } : e;
      }
      return e.type === 'TournamentSessionStarted' ? { ...e, startedAt } : e;
    });
    const live = play(
      [
        ...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
        ...coup('c2', [[1, 10, false], [2, 200, true], [3, 40, true], [4, 10, false], [5, 10, false], [6, 10, false]], 'T2'),
        { type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e5', absent: true },
        { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e10', reason: 'contravention', description: 'Exchanged chips with another player' },
      ],
      heat,
    );
    await record('spring', live);

    // Crown Melbourne: an employee (at an approved charity event) finishes first of the final; the next place-getters stand in.
    const approval = { eventKind: 'charity' as const, approvedBy: 'chief-executive-officer' as const, reference: 'CEO-2026-07', approvedAt: '2026-02-01T00:00:00.000Z' };
    const crownTerms = completeTerms({ prizeDistribution: { basisPoints: [6_000, 4_000] }, employeeParticipation: approval });
    const crown = heatUnderWay(6, 'crown-melbourne', crownTerms).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, employee: e.entryId === 'e1', displayName: `${NAMES[Number(e.entryId.slice(1)) + 4]}` } : e));
    const finished = play(
      [
        ...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'final', kind: 'final', seating: ['e1', 'e2'].map((entryId, i) => ({ entryId, tableId: 'T1', box: i + 1 })) },
        ...coup('f-c1', [[1, 100, true], [2, 10, false]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'final' },
        { type: 'DeclareResults', actor: DIRECTOR, now: T0 },
      ],
      crown,
    );
    await record('charity', finished);
    // Star: the same heat cancelled after a coup, for a storm (15.3.4).
    await record('stormed', play([{ type: 'CancelTournament', actor: DIRECTOR, now: T0, reason: 'Storm damage to the gaming floor' }], live));

    // Crown Melbourne: every marker the terms give (14.4.4(e)-(g)), players named in full.
    const markerTerms = completeTerms({ passCards: null, undisclosedWagers: null, allInMarkers: { perSession: 1 }, standOffMarkers: { perSession: 2 }, reBuyMarkers: { perSession: 1 }, format: { description: 'Heats of six, then a final.', advancePerTable: 2, coupsPerSession: 30 } });
    // Names as long as the API takes (40 characters), alike but for their ends: the board must not cut them (Star 15.5.8).
    const markerHeat = heatUnderWay(6, 'crown-melbourne', markerTerms).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, displayName: e.entryId === 'e6' ? `${'W'.repeat(39)}6` : `Crown Player Number ${e.entryId.slice(1)} of the Autumn Cup` } : e));
    await record('crown-markers', play(coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]), markerHeat));

    // Crown Melbourne: the heat concluded after its first of 30 coups, every player agreeing, the chips disposed of in cash (14.4.8(d)(ii)).
    const cashTerms = completeTerms({ passCards: null, undisclosedWagers: null, chipsDisposedInCash: true, format: { description: 'One session of 30 coups.', advancePerTable: 2, coupsPerSession: 30 } });
    const cashHeat = heatUnderWay(6, 'crown-melbourne', cashTerms).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, displayName: NAMES[Number(e.entryId.slice(1)) - 1] } : e));
    const everyone = [{ tableId: 'T1', entryIds: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] }];
    await record('concluded', play([...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]), { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1', agreements: everyone }], cashHeat));

    // Star: e2 and e3 tie for the second place that progresses; their play-off is decided after its first coup (15.10.3).
    const playOffTerms = completeTerms({ passCards: null, undisclosedWagers: null, format: { description: 'Heats of six, then a final.', advancePerTable: 2, coupsPerSession: 2 } });
    const tiedHeat = heatUnderWay(6, 'the-star-sydney', playOffTerms).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, displayName: NAMES[Number(e.entryId.slice(1)) - 1] } : e));
    const decided = play(
      [
        ...coup('c1', [[1, 100, true], [2, 50, true], [3, 50, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
        ...coup('c2', [[1, 10, true], [2, 10, true], [3, 10, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
        { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
        { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'p1', kind: 'play-off', seating: [{ entryId: 'e2', tableId: 'T1', box: 1 }, { entryId: 'e3', tableId: 'T1', box: 2 }] },
        ...coup('p-c1', [[1, 20, false], [2, 20, true]]),
      ],
      tiedHeat,
    );
    await record('tiebreak', decided);

    // Crown Melbourne: the heat winner disqualified after the heat; the next player stands in and plays the final (14.4.8(a)(ii)).
    const standInTerms = completeTerms({ passCards: null, undisclosedWagers: null, format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const standInHeat = heatUnderWay(6, 'crown-melbourne', standInTerms).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, displayName: NAMES[Number(e.entryId.slice(1)) - 1] } : e));
    await record(
      'stand-in',
      play(
        [
          ...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
          { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
          { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' },
          { type: 'NoteAbsence', actor: DIRECTOR, now: T0, entryId: 'e2', absent: true },
          { type: 'StartSession', actor: DIRECTOR, now: T0, sessionId: 'final', kind: 'final', seating: [{ entryId: 'e2', tableId: 'T1', box: 1 }] },
        ],
        standInHeat,
      ),
    );
    // Star: the heat's table winner (e1) disqualified after the heat; Bao Nguyen (e2) stands in (15.5.7, 15.11.4). A
    // Star heat of six all on equal chips: a tie at the cut, played off under 15.10.3.
    const starStandIn = completeTerms({ passCards: null, undisclosedWagers: null, format: { description: 'Heats of six, the table winner to the final.', advancePerTable: 1 } });
    const starHeat = heatUnderWay(6, 'the-star-sydney', starStandIn).map((e) => (e.type === 'TournamentEntryAccepted' ? { ...e, displayName: NAMES[Number(e.entryId.slice(1)) - 1] } : e));
    await record(
      'star-stand-in',
      play(
        [
          ...coup('c1', [[1, 100, true], [2, 50, true], [3, 20, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
          { type: 'EndSession', actor: DIRECTOR, now: T0, sessionId: 'h1' },
          { type: 'Disqualify', actor: DIRECTOR, now: T0, entryId: 'e1', reason: 'contravention', description: 'Exchanged chips' },
        ],
        starHeat,
      ),
    );
    await record('star-tie', heatUnderWay(6, 'the-star-sydney', starStandIn));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.drop();
    if (shots.length) process.stdout.write(`floor board screenshots: ${shots.join(', ')}\n`);
  });

  it('Star 2024 15.5.8, 15.10.1-15.10.2, 15.5.6: at 1920x1080 each table shows its players by name and chips, the cut under the last place that progresses, the coups and time left and the absent player, with no pass-card or undisclosed-wager column the terms do not give; signed in by the token in the URL fragment, which leaves the address bar', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${base}/tournaments/spring/standings/page#token=${encodeURIComponent(token)}`);
    await page.waitForFunction("document.querySelector('#status').textContent === 'live' && document.querySelectorAll('section[data-table]').length === 2");
    // The fragment is gone from the address bar and kept for the tab only; the form is not shown.
    expect(await page.evaluate('location.href')).toBe(`${base}/tournaments/spring/standings/page`);
    expect(await page.evaluate(`sessionStorage.getItem(${JSON.stringify(BOARD_TOKEN_KEY)})`)).toBe(token);
    expect(await page.isVisible('#auth')).toBe(false);

    const T1 = 'section[data-table="T1"]';
    expect(await page.locator(`${T1} tr[data-entry="e1"] td.name`).textContent()).toBe('Alice Kowalski');
    expect(await page.locator('section[data-table="T2"] tr[data-entry="e12"] td.name').textContent()).toBe('e12');
    expect(await page.locator(`${T1} tr[data-entry]`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entry')))).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    // The cut: under e2 at T1 (2 progress), under e9 at T2 (e8 1 200, e9 1 040; e10, disqualified, below the rest).
    expect(await page.locator(`${T1} tr.cutline`).getAttribute('data-cut-after')).toBe('e2');
    expect(await page.locator('section[data-table="T2"] tr.cutline').getAttribute('data-cut-after')).toBe('e9');
    expect(await page.locator(`${T1} tr.cutline`).textContent()).toBe('top 2 at the table progress');
    expect(await page.locator(`${T1} .coups`).textContent()).toBe('Coup 1 of 30 · 29 left');
    expect(await page.locator(`${T1} .coups`).getAttribute('data-coups-left')).toBe('29');
    expect(await page.textContent('#session')).toBe('Heat h1');
    expect(await page.textContent('#clock')).toMatch(/^(40:00|39:5\d) left$/);
    expect(await page.locator(`${T1} tr[data-entry="e5"] .badge`).textContent()).toBe('ABSENT');
    expect(await page.locator('section[data-table="T2"] tr[data-entry="e10"] .badge').textContent()).toBe('DISQUALIFIED');
    expect(await page.locator('th.pass, th.undisclosed, th.markers').count()).toBe(0);
    // Large type, panels across the screen, nothing cut off.
    expect(await px(page, `${T1} td.name`)).toBeGreaterThanOrEqual(32);
    expect((await page.locator(T1).boundingBox())!.width).toBeGreaterThan(900);
    await shoot(page, '1920x1080-heat');
    expect(await fitsTheScreen(page)).toBe(true);

    // At 1280x720 the same board, scaled to the screen.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForFunction(`parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--fs')) < 30`);
    expect(await px(page, `${T1} td.name`)).toBeGreaterThanOrEqual(21);
    await shoot(page, '1280x720-heat');
    expect(await fitsTheScreen(page)).toBe(true);

    // A display that reloads stays signed in for the tab.
    await page.reload();
    await page.waitForFunction("document.querySelector('#status').textContent === 'live' && document.querySelectorAll('section[data-table]').length === 2");
    await context.close();
  });

  it('Star 2024 15.7, 15.8: a tournament with pass cards and undisclosed wagers has their columns; the token form still signs in a display opened without a fragment', async () => {
    await record('classic', heatUnderWay(6).map((e) => ({ ...e })));
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${base}/tournaments/classic/standings/page`);
    await page.waitForSelector('#auth', { state: 'visible' });
    await page.fill('#token', token);
    await page.click('#auth button');
    await page.waitForFunction("document.querySelector('#status').textContent === 'live' && document.querySelectorAll('section[data-table]').length === 1");
    expect(await page.locator('th.pass').count()).toBe(1);
    expect(await page.locator('th.undisclosed').count()).toBe(1);
    // Six players tied on 1 000 chips across the cut: all above it, and the table says a play-off decides (15.10.3).
    expect(await page.locator('section[data-table="T1"] .tie').count()).toBe(1);
    expect(await page.evaluate('document.querySelector("#token").value')).toBe('');
    await context.close();
  });

  /** Opens the board signed in at 1920x1080 and waits for it to be live with `ready` true. */
  const open = async (tournamentId: string, ready: string) => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${base}/tournaments/${tournamentId}/standings/page#token=${encodeURIComponent(token)}`);
    await page.waitForFunction(`document.querySelector('#status').textContent === 'live' && (${ready})`);
    return { context, page };
  };
  /** Every cell of the columns matching `selector` shows its whole text: nothing cut to an ellipsis. */
  const allLegible = (page: Page, selector: string) =>
    page.evaluate<boolean>(`[...document.querySelectorAll(${JSON.stringify(selector)})].every((c) => c.scrollWidth <= c.clientWidth + 1)`);

  it('Star 2024 15.3.4: a cancelled tournament says so plainly and large, with the reason and the entry fees refunded as its cancellation accounting says; no countdown, no coups left, no cut line, no ranking', async () => {
    const { context, page } = await open('stormed', "!!document.querySelector('#cancelled')");
    const notice = page.locator('#cancelled');
    expect(await notice.locator('h2').textContent()).toBe('Tournament cancelled');
    expect(await notice.locator('.reason').textContent()).toBe('Reason: Storm damage to the gaming floor');
    expect(await notice.locator('.refund').textContent()).toMatch(/^Entry fees refunded: \$[\d,]+\.\d\d \(Star 2024 15\.3\.4\)$/);
    expect(Number(await notice.locator('.refund').getAttribute('data-cents'))).toBeGreaterThan(0);
    expect(await px(page, '#cancelled h2')).toBeGreaterThanOrEqual(64);
    expect(await page.textContent('#session')).toBe('Cancelled');
    expect(await page.textContent('#clock')).toBe('');
    expect(await page.locator('.coups, tr.cutline, section[data-table]').count()).toBe(0);
    // The pool went back to the players: no "Prize pool $0.00" beside the notice.
    expect(await page.isVisible('#pool')).toBe(false);
    await shoot(page, '1920x1080-cancelled');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(200);
    expect(await px(page, '#cancelled h2')).toBeGreaterThanOrEqual(40);
    await shoot(page, '1280x720-cancelled');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Crown Melbourne 14.4.4(e)-(g); Star 2024 15.5.8: a Crown board gives the All-In, Stand-Off and Re-Buy markers each a column, every count and every name of the longest the API takes legible at 1920x1080 and 1280x720', async () => {
    const { context, page } = await open('crown-markers', "document.querySelectorAll('section[data-table] tr[data-entry]').length === 6");
    const T1 = 'section[data-table="T1"]';
    expect(await page.locator(`${T1} th.all-in`).textContent()).toBe('All-In');
    expect(await page.locator(`${T1} th.stand-off`).textContent()).toBe('Stand-Off');
    expect(await page.locator(`${T1} th.re-buy`).textContent()).toBe('Re-Buy');
    const row = `${T1} tr[data-entry="e1"]`;
    expect([await page.textContent(`${row} td.all-in`), await page.textContent(`${row} td.stand-off`), await page.textContent(`${row} td.re-buy`)]).toEqual(['1', '2', '1']);
    const markerCells = '.all-in, .stand-off, .re-buy, td.name';
    expect(await allLegible(page, markerCells)).toBe(true);
    expect(await px(page, `${T1} td.name`)).toBeGreaterThanOrEqual(20);
    await shoot(page, '1920x1080-crown-markers');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(200);
    expect(await allLegible(page, markerCells)).toBe(true);
    await shoot(page, '1280x720-crown-markers');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Star 2024 15.10.3: a play-off decided after one coup shows its result, who advances and who does not, and no coups left', async () => {
    const { context, page } = await open('tiebreak', "!!document.querySelector('#playoff-result')");
    expect(await page.textContent('#session')).toBe('Play-off for h1 · decided');
    const result = page.locator('#playoff-result');
    expect(await result.locator('h2').textContent()).toBe('Play-off decided');
    expect(await result.locator('li').evaluateAll((li) => li.map((x) => [x.getAttribute('data-entry'), x.textContent]))).toEqual([
      ['e3', 'Chloé Martin advances'],
      ['e2', 'Bao Nguyen does not advance'],
    ]);
    expect(await page.textContent('section[data-table="T1"] .coups')).toBe('Decided after 1 coup');
    expect(await page.locator('section[data-table="T1"] .coups').getAttribute('data-coups-left')).toBe('0');
    expect(await page.locator('.tie').count()).toBe(0);
    await shoot(page, '1920x1080-playoff-decided');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(200);
    await shoot(page, '1280x720-playoff-decided');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Crown Melbourne 14.4.8(d)(ii): a table whose play was concluded before its scheduled coups says so and why, with no coups left', async () => {
    const { context, page } = await open('concluded', "!!document.querySelector('section[data-table=\"T1\"] .coups')");
    expect(await page.textContent('section[data-table="T1"] .coups')).toBe('Concluded after 1 coup, all players agreeing');
    expect(await page.locator('section[data-table="T1"] .coups').getAttribute('data-coups-left')).toBe('0');
    await shoot(page, '1920x1080-concluded-early');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Crown Melbourne 14.4.8(a)(ii): in the final, the player standing in for the heat winner disqualified after the heat is marked so, for whom, with the clause, beside any other mark (absent)', async () => {
    const { context, page } = await open('stand-in', "!!document.querySelector('section[data-table=\"T1\"] .badge.stand-in')");
    const row = page.locator('section[data-table="T1"] tr[data-entry="e2"]');
    expect(await row.locator('.badge.stand-in').textContent()).toBe(`STANDS IN FOR ${NAMES[0]}`);
    expect(await row.locator('.badge.stand-in').getAttribute('title')).toMatch(/^Crown Melbourne .*14\.4\.8\(a\)\(ii\)/);
    expect(await row.locator('.badge.absent').textContent()).toBe('ABSENT');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Star 2024 15.5.7, 15.11.4: after a heat, the cut line is drawn under the player standing in for the one disqualified, never under the disqualified player, and the stand-in badge is shown whole', async () => {
    const { context, page } = await open('star-stand-in', "!!document.querySelector('section[data-table=\"T1\"] .badge.stand-in')");
    const lines = page.locator('section[data-table="T1"] tr.cutline');
    expect(await lines.count()).toBe(1);
    expect(await lines.getAttribute('data-cut-after')).toBe('e2');
    const order = await page.locator('section[data-table="T1"] tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entry') ?? (r.classList.contains('cutline') ? 'cut' : null)).filter((x) => x));
    expect(order.indexOf('e1')).toBeGreaterThan(order.indexOf('cut'));
    const standIn = page.locator('section[data-table="T1"] tr[data-entry="e2"] .badge.stand-in');
    expect(await standIn.textContent()).toBe(`STANDS IN FOR ${NAMES[0]}`);
    // The badge ends within its cell: nothing of it cut off.
    const whole = () =>
      page.evaluate<boolean>(
        "(() => { const b = document.querySelector('section[data-table=\"T1\"] tr[data-entry=\"e2\"] .badge.stand-in'); const cell = b.parentElement; return b.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 0.5 && cell.scrollWidth <= cell.clientWidth; })()",
      );
    expect(await whole()).toBe(true);
    await shoot(page, '1920x1080-star-stand-in');
    expect(await fitsTheScreen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(200);
    expect(await whole()).toBe(true);
    await shoot(page, '1280x720-star-stand-in');
    expect(await fitsTheScreen(page)).toBe(true);
    await context.close();
  });

  it('Star 2024 15.10.3: a tie at the cut says a play-off decides under the rulebook\'s play-off clause', async () => {
    const { context, page } = await open('star-tie', "!!document.querySelector('.tie')");
    expect(await page.textContent('section[data-table="T1"] .tie')).toBe('Tie at the cut: a play-off decides (Star 2024 15.10.3)');
    await context.close();
  });

  it('Crown Melbourne 14.4.2(a)(v): the final placings show the employee who finished first as not eligible for a prize, without a place, and the next place-getter first with the prize', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${base}/tournaments/charity/standings/page#token=${encodeURIComponent(token)}`);
    await page.waitForFunction("document.querySelector('#status').textContent === 'live' && document.querySelectorAll('#results li').length > 0");
    const employee = page.locator('#results li[data-entry="e1"]');
    expect(await employee.locator('.place').textContent()).toBe('–');
    expect(await employee.locator('.note').textContent()).toBe('Employee: not eligible for a prize (Crown Melbourne 14.4.2(a)(v))');
    expect(await employee.locator('.prize').count()).toBe(0);
    const first = page.locator('#results li[data-entry="e2"]');
    expect(await first.locator('.place').textContent()).toBe('1');
    expect(await first.locator('.prize').getAttribute('data-cents')).toBe(String(Math.round((60_000 + 50_000) * 0.6)));
    expect(await fitsTheScreen(page)).toBe(true);
    await shoot(page, '1920x1080-results');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(200);
    expect(await fitsTheScreen(page)).toBe(true);
    await shoot(page, '1280x720-results');
    await context.close();
  });
});
