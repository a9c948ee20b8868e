/**
 * A Star tournament end to end (Star 2024 15) through the HTTP APIs of the whole platform, over the real Kafka:
 * the Tournament Manager publishes the terms, takes 18 entries and designates 3 tables, which the tables service
 * opens in tournament mode; every coup is dealt and settled by the tables service, and the tournament scores it
 * only from the published events. Pass cards, undisclosed wagers (revealed and deemed), eliminations in one coup,
 * a play-off for a tie, the final and the prizes, adding up to the pool to the cent. Chips are conserved across
 * every coup (read back from the tournaments topic), and the standings board in headless Chromium follows it all.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import type { Consumer } from 'kafkajs';
import { Browser, chromium } from 'playwright-core';
import request from 'supertest';
import type { IntegrationEvent, TournamentCoupScored } from '@app/contracts';
import { createKafka, decodeIntegrationEvent, ensureTopic } from '@app/messaging';
import { isCasinoBound, Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { completeTerms, tournamentTableRequests } from '../../apps/tournaments/src/tournament/tournament-fixtures';
import { gamingTimeOf } from '../../apps/reporting/src/calendar/gaming-calendar';
import { calendarFor, DEFAULT_CALENDARS } from '../../apps/reporting/src/calendar/reporting-config';
import { startTestPlatform } from '../support/test-platform';

const as = (role: Role, jurisdictions?: string[]) => testBearer({ sub: `${role}-1`, name: role, roles: [role], jurisdictions, casinos: isCasinoBound(role) ? ['star-sydney'] : undefined });
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PLAYER_WINS = ['9H', '2C', 'KD', '3S']; // Player 9, Banker 5 (dealt P, B, P, B)
const BANKER_WINS = ['2H', '9C', '3D', 'KS']; // Player 5, Banker 9

type Wager = [box: number, bet: 'player' | 'banker', amount: number];
interface CoupPlan {
  readonly cards: readonly string[];
  readonly wagers: readonly Wager[];
  readonly passCards?: readonly number[];
  readonly undisclosed?: readonly { box: number; bet: 'player' | 'banker' | null; amount: number | null }[];
}

describe('a Star tournament end to end over Kafka: 3 tables, 18 players, a play-off and the prizes (Star 2024 15)', () => {
  const id = randomUUID().slice(0, 8);
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092'];
  const topics = { tables: `e2e.${id}.tables.events`, jackpots: `e2e.${id}.jackpots.events`, tournaments: `e2e.${id}.tournaments.events` };
  const tournamentId = `cup-${id}`;
  const tables = ['T1', 'T2', 'T3'].map((t) => `${t}-${id}`);
  let db: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;
  let browser: Browser;
  let reader: Consumer;
  const published: IntegrationEvent[] = [];
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('tour_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const kafka = createKafka({ brokers, clientId: `tour-e2e-${id}` });
    await ensureTopic(kafka, topics.tournaments);
    reader = kafka.consumer({ groupId: `tour-e2e-reader-${id}` });
    await reader.connect();
    await reader.subscribe({ topic: topics.tournaments, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) => {
        const decoded = decodeIntegrationEvent(message.value);
        if (decoded.ok) published.push(decoded.event);
      },
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await reader?.disconnect().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await app?.close();
    await db?.drop();
  });

  const post = async (path: string, role: Role, body: object = {}) => {
    const res = await api().post(path).set('Authorization', as(role)).set('Idempotency-Key', randomUUID()).send(body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const standings = async () => (await api().get(`/tournaments/${tournamentId}/standings`).set('Authorization', as('tournament-director'))).body;
  const tableIn = async (tableId: string) => (await standings()).session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
  const entryAt = async (tableId: string, box: number): Promise<string> => (await tableIn(tableId)).players.find((p: { box: number }) => p.box === box).entryId;

  let coupCount = 0;
  /** One coup: the dealer starts it, players pass or hand in undisclosed forms, wager, and the shoe deals it. */
  /** The tables service heard of the session (the tournaments service's published TournamentSessionStarted): its seated boxes wager (Star 2024 15.5.2). */
  const tablesHeard = async (sessionId: string, tableIds: readonly string[]) => {
    for (const tableId of tableIds) {
      await eventually(`table ${tableId} told of session ${sessionId}`, async () => ((await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body.tournamentSession?.sessionId === sessionId ? true : undefined));
    }
  };
  const playCoup = async (tableId: string, plan: CoupPlan) => {
    const coupId = `${tableId}-c${++coupCount}`;
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId });
    await eventually(`the tournament following coup ${coupId}`, async () => ((await tableIn(tableId))?.coupId === coupId ? true : undefined));
    let placed = 0;
    const wager = async (list: CoupPlan['wagers']) => {
      if (list.length) await post(`/tables/${tableId}/coups/${coupId}/wagers`, 'dealer', { wagers: list.map(([box, bet, amountCents]) => ({ wagerId: `${coupId}-w${placed++}`, box, bet, amountCents })) });
    };
    /** A form or a pass card, handed in again until the tournament, which hears the table's wagers over Kafka, takes it in its turn (as its refusal says). */
    const inTurn = async (what: string, path: string, role: Role, body: object, outOfSequence: string) =>
      eventually(`the ${what} taken in its turn`, async () => {
        const res = await api().post(path).set('Authorization', as(role)).set('Idempotency-Key', randomUUID()).send(body);
        if (res.status >= 300 && res.body?.code !== outOfSequence) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
        return res.status < 300 ? true : undefined;
      });
    // Forms and pass cards are each box's wager in turn, like chips (Star 15.7.1, 15.8, 15.9.3-15.9.4): the plans with
    // them are coups whose marker is on box 1, so the boxes act in box order, the chips of the boxes between them at once.
    const turns = [...(plan.undisclosed ?? []).map((u) => ({ box: u.box, form: u })), ...(plan.passCards ?? []).map((box) => ({ box, form: null }))].sort((a, b) => a.box - b.box);
    let from = 0;
    for (const turn of turns) {
      await wager(plan.wagers.filter(([box]) => box >= from && box < turn.box));
      from = turn.box + 1;
      const entryId = await entryAt(tableId, turn.box);
      if (turn.form) await inTurn(`form of box ${turn.box}`, `/tournaments/${tournamentId}/coups/${coupId}/undisclosed-wagers`, 'gaming-supervisor', { tableId, entryId, bet: turn.form.bet, amount: turn.form.amount }, 'WAGER_OUT_OF_SEQUENCE');
      else await inTurn(`pass card of box ${turn.box}`, `/tournaments/${tournamentId}/coups/${coupId}/pass-cards`, 'dealer', { tableId, entryId }, 'PASS_CARD_OUT_OF_SEQUENCE');
    }
    await wager(plan.wagers.filter(([box]) => box >= from));
    await post(`/tables/${tableId}/coups/${coupId}/cards/batch`, 'dealer', { cards: plan.cards.map((card) => ({ card })) });
    await eventually(`coup ${coupId} scored`, async () => ((await tableIn(tableId))?.coupId === null ? true : undefined));
    return coupId;
  };

  /** The heat's players leave boxes 1..n of the table and the session's players (entry eN, patron PN) take them, in order. */
  const reseat = async (tableId: string, entryIds: readonly string[]) => {
    for (let box = 1; box <= entryIds.length; box++) {
      await post(`/tables/${tableId}/seats/${box}/leave`, 'dealer');
      await post(`/tables/${tableId}/seats`, 'dealer', { box, sessionId: `${tableId}-${entryIds[box - 1]}`, patronId: `P${entryIds[box - 1].slice(1)}-${id}` });
    }
  };

  it('runs the tournament from the terms to the prizes', async () => {
    // ---- terms, entries, tables (Star 2024 15.3, 15.4, 15.5.1) ---------------------------------------------
    const terms = completeTerms({ prizePool: { addedValueCents: 50_001, entryFeesIncluded: true, guaranteedCents: null, minimumEntries: null } });
    await post('/tournaments', 'tournament-director', { tournamentId, name: 'Spring Baccarat Cup', operator: 'the-star-sydney', terms });
    for (let n = 1; n <= 18; n++) await post(`/tournaments/${tournamentId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `P${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${tournamentId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${tournamentId}/tables`, 'tournament-director', { tableIds: tables });

    const page = await browser.newPage();
    await page.goto(`${baseUrl}/tournaments/${tournamentId}/standings/page`);
    // The board signs in for its stream, read as the standings are (Crown Melbourne 14.2.3, Star 2024 15.5.8).
    await page.fill('#token', as('gaming-supervisor').replace(/^Bearer /, ''));
    await page.click('#auth button');
    await eventually('the standings page connected', async () => ((await page.locator('#status').textContent()) === 'live' ? true : undefined), 20_000);

    for (const tableId of tables) {
      // The tables service opens each designated table in tournament mode for this tournament (Star 15.5.2).
      // Each box seats the player the heat seats there: entry e(6t+box) at box `box` of the t-th table (Star 2024 15.5.2).
      const first = tables.indexOf(tableId) * 6;
      for (const r of tournamentTableRequests(tableId, tournamentId, `${tableId}-shoe1`, 'a'.repeat(64), (box) => `P${first + box}-${id}`)) await post(r.path, r.role, r.body);
    }
    await eventually('the three tables ready in tournament mode', async () => {
      const res = await api().get(`/tournaments/${tournamentId}`).set('Authorization', as('tournament-director'));
      return res.body.readyTables?.length === 3 ? true : undefined;
    });

    // ---- the heat: six players a table, 1 000 chips each (Star 15.6.2) ---------------------------------------
    await post(`/tournaments/${tournamentId}/sessions`, 'tournament-director', {
      sessionId: 'heat',
      kind: 'heat',
      seating: Array.from({ length: 18 }, (_, i) => ({ entryId: `e${i + 1}`, tableId: tables[Math.floor(i / 6)], box: (i % 6) + 1 })),
    });
    await tablesHeard('heat', tables);
    const [T1, T2, T3] = tables;
    // T1: box 5 wagers undisclosed (Player 10), box 6 plays a pass card; then boxes 3 and 4 are eliminated in the same coup.
    await playCoup(T1, { cards: PLAYER_WINS, wagers: [[1, 'player', 500], [2, 'player', 500], [3, 'banker', 500], [4, 'banker', 500]], passCards: [6], undisclosed: [{ box: 5, bet: 'player', amount: 10 }] });
    // Each table's second coup is wagered from box 2, where the marker now is (Star 15.9.2-15.9.3).
    await playCoup(T1, { cards: BANKER_WINS, wagers: [[2, 'banker', 20], [3, 'player', 500], [4, 'player', 500], [5, 'player', 10], [6, 'player', 10], [1, 'banker', 20]] });
    // T2: three players eliminated in one coup; boxes 5 and 6 tie for the second place to progress.
    await playCoup(T2, { cards: PLAYER_WINS, wagers: [[1, 'player', 500], [2, 'banker', 500], [3, 'banker', 500], [4, 'banker', 500], [5, 'player', 10], [6, 'player', 10]] });
    await playCoup(T2, { cards: BANKER_WINS, wagers: [[2, 'player', 500], [3, 'player', 500], [4, 'player', 500], [5, 'banker', 20], [6, 'banker', 20], [1, 'banker', 20]] });
    // T3: an undisclosed form written below the minimum is deemed the minimum (Star 15.8.3.1).
    await playCoup(T3, { cards: PLAYER_WINS, wagers: [[1, 'player', 500], [2, 'player', 400], [3, 'banker', 500], [4, 'banker', 500], [6, 'player', 10]], undisclosed: [{ box: 5, bet: 'player', amount: 5 }] });
    await playCoup(T3, { cards: BANKER_WINS, wagers: [[2, 'banker', 20], [3, 'player', 500], [4, 'player', 500], [5, 'player', 10], [6, 'player', 10], [1, 'banker', 20]] });

    const heatEnd = await post(`/tournaments/${tournamentId}/sessions/heat/end`, 'tournament-director');
    const ended = heatEnd.events.find((e: { type: string }) => e.type === 'TournamentSessionEnded');
    expect(ended.advanced).toEqual(['e1', 'e2', 'e7', 'e13', 'e14']);
    expect(ended.playOffs).toEqual([{ tableId: T2, entryIds: ['e11', 'e12'], places: 1 }]);

    // ---- the play-off for the tie (Star 15.10.3) ---------------------------------------------------------------
    await post(`/tournaments/${tournamentId}/sessions`, 'tournament-director', { sessionId: 'playoff', kind: 'play-off', seating: [{ entryId: 'e11', tableId: T2, box: 1 }, { entryId: 'e12', tableId: T2, box: 2 }] });
    await tablesHeard('playoff', [T2]);
    // The session's players take its boxes: the heat's players leave them first (Star 2024 15.5.2).
    await reseat(T2, ['e11', 'e12']);
    await playCoup(T2, { cards: PLAYER_WINS, wagers: [[1, 'player', 100], [2, 'banker', 100]] });
    await post(`/tournaments/${tournamentId}/sessions/playoff/end`, 'tournament-director');

    // ---- the final at T1 -------------------------------------------------------------------------------------
    const finalists = ['e1', 'e2', 'e7', 'e11', 'e13', 'e14'];
    await post(`/tournaments/${tournamentId}/sessions`, 'tournament-director', { sessionId: 'final', kind: 'final', seating: finalists.map((entryId, i) => ({ entryId, tableId: T1, box: i + 1 })) });
    await tablesHeard('final', [T1]);
    await reseat(T1, finalists);
    await playCoup(T1, { cards: PLAYER_WINS, wagers: [[1, 'player', 500], [2, 'player', 300], [3, 'banker', 500], [5, 'banker', 500], [6, 'player', 100]], passCards: [4] });
    await playCoup(T1, { cards: BANKER_WINS, wagers: [[2, 'banker', 20], [3, 'player', 500], [4, 'banker', 20], [5, 'player', 500], [6, 'banker', 20], [1, 'banker', 20]] });
    await post(`/tournaments/${tournamentId}/sessions/final/end`, 'tournament-director');
    const results = await post(`/tournaments/${tournamentId}/results`, 'tournament-director');

    // ---- the prizes add up to the pool to the cent (Star 15.3.2, 15.4.2(j)) -----------------------------------
    // 50 001 added + 18 × 10 000 in fees = 230 001: 50% / 30% / 20%, the odd cent to first place.
    const prizes = results.events.find((e: { type: string }) => e.type === 'TournamentPrizesDistributed');
    expect(prizes.prizePoolCents).toBe(230_001);
    expect(prizes.payments.map((p: { place: number; entryId: string; amountCents: number }) => [p.place, p.entryId, p.amountCents])).toEqual([
      [1, 'e1', 115_001],
      [2, 'e2', 69_000],
      [3, 'e14', 46_000],
    ]);
    expect(prizes.payments.reduce((a: number, p: { amountCents: number }) => a + p.amountCents, 0)).toBe(230_001);

    // ---- what was published on Kafka: every coup scored, chips conserved, undisclosed forms sealed ---------------
    await eventually('the prizes on the tournaments topic', async () => (published.some((e) => e.type === 'TournamentPrizesDistributed') ? true : undefined), 60_000);
    const scored = published.filter((e) => e.type === 'TournamentCoupScored').map((e) => e.data as unknown as TournamentCoupScored);
    expect(scored).toHaveLength(coupCount);
    for (const s of scored) {
      expect(s.chipsInPlayAfter + s.houseChipsAfter + s.withdrawnChipsAfter).toBe(s.issuedChips);
      expect(s.chipsInPlayAfter).toBe(s.chipsInPlayBefore + s.lines.reduce((a, l) => a + l.net - l.deducted, 0));
    }
    const passes = published.filter((e) => e.type === 'PassCardPlayed');
    expect(passes).toHaveLength(2);
    const indicators = published.filter((e) => e.type === 'UndisclosedWagerRecorded');
    expect(indicators).toHaveLength(2);
    for (const e of indicators) expect(e.data).not.toHaveProperty('form');
    const revealed = published.filter((e) => e.type === 'UndisclosedWagersRevealed').flatMap((e) => (e.data as { wagers: { playsAmount: number; problem: string | null }[] }).wagers);
    expect(revealed.map((w) => [w.playsAmount, w.problem])).toEqual([
      [10, null],
      [10, 'below-minimum'],
    ]);
    const eliminated = published.filter((e) => e.type === 'TournamentPlayersEliminated').map((e) => (e.data as { order: { entryId: string }[] }).order.map((o) => o.entryId));
    expect(eliminated).toEqual([['e3', 'e4'], ['e8', 'e9', 'e10'], ['e15', 'e16'], ['e7', 'e13']]);
    expect(published.find((e) => e.type === 'TournamentPlayOffDecided')?.data).toMatchObject({ order: ['e11', 'e12'], advanced: ['e11'] });
    expect(published.some((e) => e.type === 'TournamentPlayerDisqualified')).toBe(false);

    // ---- the regulator's tournament report (reporting, from the published events) -----------------------------
    const day = gamingTimeOf(new Date().toISOString(), calendarFor(DEFAULT_CALENDARS, 'NSW')).gamingDay;
    const report = await eventually('the results in the NSW tournament report', async () => {
      const nsw = as('regulator', ['NSW']);
      const manifest = (await api().post('/reporting/reports').set('Authorization', nsw).send({ kind: 'nsw-tournaments', jurisdiction: 'NSW', period: day }).expect(201)).body;
      const stored = (await api().get(`/reporting/reports/${manifest.reportId}`).set('Authorization', nsw).expect(200)).body;
      const sections = (stored.content?.sections ?? []) as { id: string; rows: { tournamentId: string; type: string; amountCents: number | null }[] }[];
      const results = sections.find((x) => x.id === 'tournament-results')?.rows.filter((r) => r.tournamentId === tournamentId) ?? [];
      return results.length === 2 ? sections : undefined;
    });
    const mine = (sectionId: string) => report.find((x) => x.id === sectionId)!.rows.filter((r) => r.tournamentId === tournamentId);
    expect(mine('tournament-results').find((r) => r.type === 'TournamentPrizesDistributed')?.amountCents).toBe(230_001);
    expect(mine('tournament-notices').map((r) => r.type)).toEqual(['TournamentTermsPublished']);

    // ---- the standings board in Chromium shows the final and the winners ---------------------------------------
    await eventually('the winners on the standings board', async () => ((await page.locator('#results li').count()) === 6 ? true : undefined), 20_000);
    expect(await page.locator('#results li').first().locator('.name').textContent()).toBe('e1');
    expect(await page.locator('#results li').first().locator('.prize').textContent()).toBe('$1,150.01');
    expect(await page.locator(`section[data-table="${T1}"] tr[data-entry="e2"] td.chips`).getAttribute('data-chips')).toBe('1319');
    expect(await page.locator('#pool').getAttribute('data-cents')).toBe('230001');
  }, 600_000); // a whole tournament, dozens of coups each waiting on Kafka: minutes on a slow machine, never a timing assertion

  it('Star 2024 14.5 (Crown Melbourne 15.5): a coup voided at the table after it was settled gives every player back the tournament chips it moved, across the services', async () => {
    const cupId = `void-${id}`;
    const tableId = `TV-${id}`;
    await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Void Cup', operator: 'the-star-sydney', terms: completeTerms() });
    for (let n = 1; n <= 6; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `V${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'b'.repeat(64), (box) => `V${box}-${id}`)) await post(r.path, r.role, r.body);
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i + 1}`, tableId, box: i + 1 })) });
    await tablesHeard('heat', [tableId]);
    const chips = async () => {
      const board = (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body;
      const table = board.session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
      return Object.fromEntries((table?.players ?? []).map((p: { entryId: string; chips: number }) => [p.entryId, p.chips])) as Record<string, number>;
    };
    // c1: Player wins; boxes 1-3 on Player (+), 4-6 on Banker (-), 50 chips a box number (within the terms' 10-500).
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c1' });
    await post(`/tables/${tableId}/coups/c1/wagers`, 'dealer', { wagers: [1, 2, 3, 4, 5, 6].map((box) => ({ wagerId: `c1-w${box}`, box, bet: box <= 3 ? 'player' : 'banker', amountCents: 50 * box })) });
    await post(`/tables/${tableId}/coups/c1/cards/batch`, 'dealer', { cards: PLAYER_WINS.map((card) => ({ card })) });
    await eventually('coup c1 scored', async () => ((await chips()).e6 === 700 ? true : undefined));
    expect(await chips()).toEqual({ e1: 1_050, e2: 1_100, e3: 1_150, e4: 800, e5: 750, e6: 700 });
    // The next coup is under way when the supervisor declares c1 void for a disruption.
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c2' });
    await post(`/tables/${tableId}/coups/c1/void`, 'area-manager', { ground: 'disruption', reason: 'a brawl at the table during c1' });
    await eventually('the void reached the tournament', async () => ((await chips()).e6 === 1_000 ? true : undefined));
    expect(await chips()).toEqual({ e1: 1_000, e2: 1_000, e3: 1_000, e4: 1_000, e5: 1_000, e6: 1_000 });
    await eventually('the corrections published', async () => (published.filter((e) => e.type === 'TournamentChipsCorrected' && (e.data as { tournamentId: string }).tournamentId === cupId).length === 6 ? true : undefined));
  });

  it('Star 2024 15.6.14 across the services: a wager with an incomplete increment plays to the last complete one and one above the maximum to the maximum, alike in the table\'s settlement and the tournament\'s scoring; the rest is returned', async () => {
    const cupId = `units-${id}`;
    const tableId = `TU-${id}`;
    await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Units Cup', operator: 'the-star-sydney', terms: completeTerms() });
    for (let n = 1; n <= 6; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `U${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'd'.repeat(64), (box) => `U${box}-${id}`)) await post(r.path, r.role, r.body);
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i + 1}`, tableId, box: i + 1 })) });
    await tablesHeard('heat', [tableId]);
    const board = async () => (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body.session?.tables.find((t: { tableId: string }) => t.tableId === tableId);

    // The terms are 10-500. Box 1: 15 then 10 on Banker (20 plays); box 2: 600 on Player (500 plays); the rest 10 on Player. Player wins.
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c1' });
    await eventually('the tournament following c1', async () => ((await board())?.coupId === 'c1' ? true : undefined));
    await post(`/tables/${tableId}/coups/c1/wagers`, 'dealer', {
      wagers: [
        { wagerId: 'c1-w1a', box: 1, bet: 'banker', amountCents: 15 },
        { wagerId: 'c1-w1b', box: 1, bet: 'banker', amountCents: 10 },
        { wagerId: 'c1-w2', box: 2, bet: 'player', amountCents: 600 },
        ...[3, 4, 5, 6].map((box) => ({ wagerId: `c1-w${box}`, box, bet: 'player', amountCents: 10 })),
      ],
    });
    // No more bets waits for the tournament's ruling on each wager's turn (15.9.3-15.9.4): dealt once it has it.
    const dealt = await eventually('c1 dealt', async () => {
      const res = await api().post(`/tables/${tableId}/coups/c1/cards/batch`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ cards: PLAYER_WINS.map((card) => ({ card })) });
      if (res.status >= 300 && res.body?.code !== 'TURN_RULING_PENDING') throw new Error(`cards answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.status < 300 ? res.body : undefined;
    });
    type Settled = { wagerId: string; box: number; amountCents: number; winCents: number; returnedCents: number; commissionImmediateCents: number; commissionDeferredCents: number; inPlayCents?: number; notPlayed?: { amountCents: number; clause: string } };
    const settled = (dealt.events as { type: string; settlements?: Settled[] }[]).filter((e) => e.type === 'WagersSettled').flatMap((e) => e.settlements ?? []);
    // 15 and 10 on the Banker are one wager of 25, valid to 20: the incomplete 5 comes off the chips placed last.
    expect(settled.find((x) => x.wagerId === 'c1-w1a')).toMatchObject({ amountCents: 15, inPlayCents: 15, returnedCents: 0, winCents: 0 });
    expect(settled.find((x) => x.wagerId === 'c1-w1b')).toMatchObject({ amountCents: 10, inPlayCents: 5, returnedCents: 5, winCents: 0, notPlayed: { amountCents: 5, clause: 'Star 2024 15.6.14' } });
    expect(settled.find((x) => x.wagerId === 'c1-w2')).toMatchObject({ amountCents: 600, inPlayCents: 500, winCents: 500, returnedCents: 600, notPlayed: { amountCents: 100, clause: 'Star 2024 15.6.14' } });
    await eventually('coup c1 scored', async () => ((await board())?.coupId === null ? true : undefined));
    const chips = Object.fromEntries(((await board()).players as { box: number; chips: number }[]).map((p) => [p.box, p.chips]));
    expect(chips).toEqual({ 1: 980, 2: 1_500, 3: 1_010, 4: 1_010, 5: 1_010, 6: 1_010 });
    // The two records of each wager agree: what the table settled as played, and won or lost, is what the tournament scored.
    const scored = await eventually('the coup scored published', async () =>
      published.find((e): e is IntegrationEvent & { data: TournamentCoupScored } => e.type === 'TournamentCoupScored' && (e.data as { tournamentId: string }).tournamentId === cupId && (e.data as { coupId: string }).coupId === 'c1'),
    );
    for (const line of scored.data.lines) {
      const mine = settled.filter((x) => x.box === line.box);
      expect([line.box, mine.reduce((a, x) => a + (x.inPlayCents ?? x.amountCents), 0), mine.reduce((a, x) => a + x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents, 0)]).toEqual([line.box, line.wagered, line.net]);
    }

    // c2 (Star 2024 11.1.3 with 15.6.14 and 5.8): the same Banker wager pays the same however many goes it was placed in.
    // Box 2 places 20 at once; box 1 places 15 then 10 (valid to 20). Banker wins: each +19 (20 at 19 to 20), at the
    // table and in the tournament. The marker is on box 2 (15.9.2), so box 2 wagers first and box 1 last.
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c2' });
    await eventually('the tournament following c2', async () => ((await board())?.coupId === 'c2' ? true : undefined));
    await post(`/tables/${tableId}/coups/c2/wagers`, 'dealer', {
      wagers: [
        { wagerId: 'c2-w2', box: 2, bet: 'banker', amountCents: 20 },
        ...[3, 4, 5, 6].map((box) => ({ wagerId: `c2-w${box}`, box, bet: 'player', amountCents: 10 })),
        { wagerId: 'c2-w1a', box: 1, bet: 'banker', amountCents: 15 },
        { wagerId: 'c2-w1b', box: 1, bet: 'banker', amountCents: 10 },
      ],
    });
    const dealt2 = await eventually('c2 dealt', async () => {
      const res = await api().post(`/tables/${tableId}/coups/c2/cards/batch`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ cards: BANKER_WINS.map((card) => ({ card })) });
      if (res.status >= 300 && res.body?.code !== 'TURN_RULING_PENDING') throw new Error(`cards answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.status < 300 ? res.body : undefined;
    });
    const settled2 = (dealt2.events as { type: string; settlements?: Settled[] }[]).filter((e) => e.type === 'WagersSettled').flatMap((e) => e.settlements ?? []);
    const netOf = (box: number) => settled2.filter((x) => x.box === box).reduce((a, x) => a + x.winCents + x.returnedCents - x.amountCents - x.commissionImmediateCents - x.commissionDeferredCents, 0);
    expect([netOf(1), netOf(2)]).toEqual([19, 19]);
    await eventually('coup c2 scored', async () => ((await board())?.coupId === null ? true : undefined));
    const chips2 = Object.fromEntries(((await board()).players as { box: number; chips: number }[]).map((p) => [p.box, p.chips]));
    expect(chips2).toEqual({ 1: 999, 2: 1_519, 3: 1_000, 4: 1_000, 5: 1_000, 6: 1_000 });
    const scored2 = await eventually('c2 scored published', async () =>
      published.find((e): e is IntegrationEvent & { data: TournamentCoupScored } => e.type === 'TournamentCoupScored' && (e.data as { tournamentId: string }).tournamentId === cupId && (e.data as { coupId: string }).coupId === 'c2'),
    );
    for (const line of scored2.data.lines) expect([line.box, line.net]).toEqual([line.box, netOf(line.box)]);
  });

  it('Crown Melbourne 14.4.8(a)(ii) across the services: a coup whose only tournament wager the table returned on a disqualification before no more bets, then completed, counts as settled: the standings let the coup go and the session ends', async () => {
    const cupId = `voided-${id}`;
    const tableId = `TW-${id}`;
    await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Void Cup', operator: 'the-star-sydney', terms: completeTerms() });
    for (let n = 1; n <= 6; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `V${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'e'.repeat(64), (box) => `V${box}-${id}`)) await post(r.path, r.role, r.body);
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i + 1}`, tableId, box: i + 1 })) });
    await tablesHeard('heat', [tableId]);
    const board = async () => (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body.session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
    const table = async () => (await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body;

    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c1' });
    await eventually('the tournament following c1', async () => ((await board())?.coupId === 'c1' ? true : undefined));
    // Box 1 (the marker's box, first in the order) wagers 100; the player is disqualified before no more bets.
    await post(`/tables/${tableId}/coups/c1/wagers`, 'dealer', { wagers: [{ wagerId: 'c1-w1', box: 1, bet: 'banker', amountCents: 100 }] });
    await post(`/tournaments/${cupId}/entries/e1/disqualify`, 'tournament-director', { reason: 'contravention', description: 'chips passed to another player' });
    await eventually('the table returned the disqualified player\'s wager', async () => {
      const coup = (await table()).coup as { wagers: { wagerId: string }[] } | null;
      return coup && !coup.wagers.some((w) => w.wagerId === 'c1-w1') ? true : undefined;
    });
    await eventually('c1 dealt', async () => {
      const res = await api().post(`/tables/${tableId}/coups/c1/cards/batch`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ cards: BANKER_WINS.map((card) => ({ card })) });
      if (res.status >= 300 && res.body?.code !== 'TURN_RULING_PENDING') throw new Error(`cards answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.status < 300 ? res.body : undefined;
    });
    await eventually('coup c1 settled for the tournament', async () => ((await board())?.coupId === null ? true : undefined));
    await post(`/tournaments/${cupId}/sessions/heat/end`, 'tournament-director');
  });

  it('Star 2024 15.9.4 and 15.6.14 across the services: the table returns a wager placed out of the order of wagering and takes only wagers within the terms, so what it settles is what the tournament scores', async () => {
    const cupId = `order-${id}`;
    const tableId = `TO-${id}`;
    await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Order Cup', operator: 'the-star-sydney', terms: completeTerms() });
    for (let n = 1; n <= 6; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `O${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'c'.repeat(64), (box) => `O${box}-${id}`)) await post(r.path, r.role, r.body);
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i + 1}`, tableId, box: i + 1 })) });
    await tablesHeard('heat', [tableId]);
    const board = async () => (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body.session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
    const table = async () => (await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body;
    const wager = (wagers: object[]) => api().post(`/tables/${tableId}/coups/c1/wagers`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ wagers });

    // c1: the marker is on box 1 (15.9.2); box 3 wagers first, out of sequence (15.9.3).
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c1' });
    await eventually('the tournament following c1', async () => ((await board())?.coupId === 'c1' ? true : undefined));
    await post(`/tables/${tableId}/coups/c1/wagers`, 'dealer', { wagers: [{ wagerId: 'c1-early', box: 3, bet: 'player', amountCents: 200 }] });
    // The player removes it and waits their turn (15.9.4): the tables service hands it back rather than settle it.
    await eventually('the table returned the wager out of sequence', async () => {
      const coup = (await table()).coup as { wagers: { wagerId: string }[] } | null;
      return coup && !coup.wagers.some((w) => w.wagerId === 'c1-early') ? true : undefined;
    });
    // The terms, not the table's own limits, govern a wager at the tournament table: one below the minimum is to be made
    // up (15.6.4, 15.6.14); one above the maximum or in part units would play to the maximum or the last whole unit.
    const short = await wager([{ wagerId: 'c1-short', box: 1, bet: 'player', amountCents: 5 }]);
    expect(short.status).toBe(422);
    expect(JSON.stringify(short.body)).toContain('TOURNAMENT_WAGER_BELOW_MINIMUM');
    // In turn, every box 10 on Player, box 3 again among them; Player wins.
    await post(`/tables/${tableId}/coups/c1/wagers`, 'dealer', { wagers: [1, 2, 3, 4, 5, 6].map((box) => ({ wagerId: `c1-w${box}`, box, bet: 'player', amountCents: 10 })) });
    await post(`/tables/${tableId}/coups/c1/cards/batch`, 'dealer', { cards: PLAYER_WINS.map((card) => ({ card })) });
    await eventually('coup c1 scored', async () => ((await board())?.players.every((p: { chips: number }) => p.chips === 1_010) ? true : undefined));
    expect(published.some((e) => e.type === 'WagerOutOfSequence' && (e.data as { tournamentId: string; wagerId?: string }).tournamentId === cupId && (e.data as { wagerId?: string }).wagerId === 'c1-early')).toBe(true);
    expect(published.filter((e) => e.type === 'TournamentPlayerDisqualified' && (e.data as { tournamentId: string }).tournamentId === cupId)).toEqual([]);

    // c2: the marker moves to box 2 (15.9.2). Acts sent one right after another, before the tournament has heard the table:
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c2' });
    await eventually('the tournament following c2', async () => ((await board())?.coupId === 'c2' ? true : undefined));
    const entryAt = async (box: number) => ((await board())?.players as { box: number; entryId: string }[]).find((p) => p.box === box)!.entryId;
    const box3 = await entryAt(3);
    await post(`/tables/${tableId}/coups/c2/wagers`, 'dealer', { wagers: [{ wagerId: 'c2-w2', box: 2, bet: 'player', amountCents: 10 }] });
    // Box 3's pass card, right after box 2's chips, is in its turn (15.7.1 with 15.9.3): the tournament waits to hear the table.
    const passCard = await api().post(`/tournaments/${cupId}/coups/c2/pass-cards`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ tableId, entryId: box3 });
    expect(passCard.status).toBe(201);
    // Box 5 wagers before box 4 (out of sequence, 15.9.4) and no more bets is called at once: it waits for the tournament's
    // ruling, so the wager is returned and does not play, rather than standing because the closing came first.
    await post(`/tables/${tableId}/coups/c2/wagers`, 'dealer', { wagers: [{ wagerId: 'c2-early5', box: 5, bet: 'player', amountCents: 10 }] });
    const closed = await api().post(`/tables/${tableId}/coups/c2/no-more-bets`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({});
    expect([closed.status, closed.body.code]).toEqual([200, undefined]);
    const c2 = (await table()).coup as { wagers: { wagerId: string }[] };
    expect(c2.wagers.map((w) => w.wagerId)).toEqual(['c2-w2']);
    expect(published.some((e) => e.type === 'WagerOutOfSequence' && (e.data as { wagerId?: string }).wagerId === 'c2-early5')).toBe(true);

    // c3, the marker on box 3: its pass card right after the coup starts at the table, before the tournament has heard
    // of the coup, waits for it rather than being refused as no coup in play (Star 15.7.1 with 15.9.2-15.9.3).
    await post(`/tables/${tableId}/coups/c2/cards/batch`, 'dealer', { cards: PLAYER_WINS.map((card) => ({ card })) });
    await eventually('coup c2 scored', async () => ((await board())?.coupId === null ? true : undefined));
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'c3' });
    const early = await api().post(`/tournaments/${cupId}/coups/c3/pass-cards`).set('Authorization', as('dealer')).set('Idempotency-Key', randomUUID()).send({ tableId, entryId: box3 });
    expect([early.status, early.body.code]).toEqual([201, undefined]);
  });

  it('Star 2024 15.5.7, 15.5.2 and 15.9.4 across the services: a player disqualified after the heat leaves the seat, the stand-in is seated at the same box in the final, and a wager out of the order of wagering there never plays', async () => {
    const cupId = `standin-${id}`;
    const tableId = `TS-${id}`;
    await post('/tournaments', 'tournament-director', { tournamentId: cupId, name: 'Stand-in Cup', operator: 'the-star-sydney', terms: completeTerms() });
    for (let n = 1; n <= 6; n++) await post(`/tournaments/${cupId}/entries`, 'tournament-director', { entryId: `e${n}`, patronId: `S${n}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await post(`/tournaments/${cupId}/entries/close`, 'tournament-director');
    await post(`/tournaments/${cupId}/tables`, 'tournament-director', { tableIds: [tableId] });
    for (const r of tournamentTableRequests(tableId, cupId, `${tableId}-shoe1`, 'e'.repeat(64), (box) => `S${box}-${id}`)) await post(r.path, r.role, r.body);
    await eventually('the table ready in tournament mode', async () => ((await api().get(`/tournaments/${cupId}`).set('Authorization', as('tournament-director'))).body.readyTables?.length === 1 ? true : undefined));
    const board = async () => (await api().get(`/tournaments/${cupId}/standings`).set('Authorization', as('tournament-director'))).body.session?.tables.find((t: { tableId: string }) => t.tableId === tableId);
    const table = async () => (await api().get(`/tables/${tableId}`).set('Authorization', as('dealer'))).body;
    const send = (path: string, role: Role, body: object = {}) => api().post(path).set('Authorization', as(role)).set('Idempotency-Key', randomUUID()).send(body);
    const heard = async (sessionId: string) => eventually(`table told of session ${sessionId}`, async () => ((await table()).tournamentSession?.sessionId === sessionId ? true : undefined));

    // The heat: box 1 (e1) and box 2 (e2) finish first and second, box 3 (e3) third (Star 15.10.2).
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'heat', kind: 'heat', seating: Array.from({ length: 6 }, (_, i) => ({ entryId: `e${i + 1}`, tableId, box: i + 1 })) });
    await heard('heat');
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'h1' });
    await eventually('the tournament following h1', async () => ((await board())?.coupId === 'h1' ? true : undefined));
    await post(`/tables/${tableId}/coups/h1/wagers`, 'dealer', { wagers: [100, 50, 20, 10, 10, 10].map((amountCents, i) => ({ wagerId: `h1-w${i + 1}`, box: i + 1, bet: 'player', amountCents })) });
    await post(`/tables/${tableId}/coups/h1/cards/batch`, 'dealer', { cards: PLAYER_WINS.map((card) => ({ card })) });
    await eventually('coup h1 scored', async () => ((await board())?.coupId === null ? true : undefined));
    const heatEnd = await post(`/tournaments/${cupId}/sessions/heat/end`, 'tournament-director');
    expect(heatEnd.events.find((e: { type: string }) => e.type === 'TournamentSessionEnded').advanced).toEqual(['e1', 'e2']);
    await eventually('the table told the heat ended', async () => ((await table()).tournamentSession ? undefined : true));

    // e1 is disqualified after the heat (Star 15.5.7): e3, the next place-getter at the table, stands in.
    const dq = await post(`/tournaments/${cupId}/entries/e1/disqualify`, 'tournament-director', { reason: 'contravention', description: 'collusion seen on the heat recording' });
    expect(dq.events.find((e: { type: string }) => e.type === 'TournamentPlayerDisqualified').standIn).toMatchObject({ advanced: ['e3'] });
    // The disqualified player's seat is released at the table (15.5.7): box 1 is free for the stand-in.
    await eventually('box 1 released', async () => ((await table()).seats?.['1'] ? undefined : true));

    // The final at the same table: the stand-in at box 1, e2 at box 2, keeping the order of wagering (15.9.2-15.9.5).
    await post(`/tournaments/${cupId}/sessions`, 'tournament-director', { sessionId: 'final', kind: 'final', seating: [{ entryId: 'e3', tableId, box: 1 }, { entryId: 'e2', tableId, box: 2 }] });
    await heard('final');
    const seated = await send(`/tables/${tableId}/seats`, 'dealer', { box: 1, sessionId: `${tableId}-final-e3`, patronId: `S3-${id}` });
    expect([seated.status, seated.body.code]).toEqual([201, undefined]);
    // Box 2's heat player is the final's e2 too; an outsider at box 3 (left over from the heat) takes no tournament wager (15.5.2).
    // c1, the marker on box 1: both wager in turn.
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'f1' });
    await eventually('the tournament following f1', async () => ((await board())?.coupId === 'f1' ? true : undefined));
    await post(`/tables/${tableId}/coups/f1/wagers`, 'dealer', { wagers: [{ wagerId: 'f1-w1', box: 1, bet: 'player', amountCents: 10 }] });
    await post(`/tables/${tableId}/coups/f1/wagers`, 'dealer', { wagers: [{ wagerId: 'f1-w2', box: 2, bet: 'player', amountCents: 10 }] });
    const outsider = await send(`/tables/${tableId}/coups/f1/wagers`, 'dealer', { wagers: [{ wagerId: 'f1-w3', box: 3, bet: 'player', amountCents: 10 }] });
    expect([outsider.status, outsider.body.code]).toEqual([422, 'TOURNAMENT_BOX_NOT_IN_SESSION']);
    await post(`/tables/${tableId}/coups/f1/cards/batch`, 'dealer', { cards: PLAYER_WINS.map((card) => ({ card })) });
    await eventually('coup f1 scored', async () => ((await board())?.coupId === null ? true : undefined));

    // c2, the marker on box 2: box 1 places Banker 40 first, out of sequence (15.9.4), and no more bets is called at once.
    await post(`/tables/${tableId}/coups`, 'dealer', { coupId: 'f2' });
    await eventually('the tournament following f2', async () => ((await board())?.coupId === 'f2' ? true : undefined));
    const early = await send(`/tables/${tableId}/coups/f2/wagers`, 'dealer', { wagers: [{ wagerId: 'f2-early1', box: 1, bet: 'banker', amountCents: 40 }] });
    expect(early.status).toBe(201);
    await post(`/tables/${tableId}/coups/f2/wagers`, 'dealer', { wagers: [{ wagerId: 'f2-w2', box: 2, bet: 'player', amountCents: 10 }] });
    const closed = await send(`/tables/${tableId}/coups/f2/no-more-bets`, 'dealer', {});
    // Either the ruling reached the table within the wait and the wager was returned, or no more bets waits for it.
    expect([200, 409]).toContain(closed.status);
    if (closed.status === 409) expect(closed.body.code).toBe('TURN_RULING_PENDING');
    await eventually('the wager out of sequence returned', async () => (((await table()).coup as { wagers: { wagerId: string }[] }).wagers.some((w) => w.wagerId === 'f2-early1') ? undefined : true));
    expect(published.some((e) => e.type === 'WagerOutOfSequence' && (e.data as { wagerId?: string }).wagerId === 'f2-early1')).toBe(true);
    if (closed.status === 409) await post(`/tables/${tableId}/coups/f2/no-more-bets`, 'dealer', {});
    await post(`/tables/${tableId}/coups/f2/cards/batch`, 'dealer', { cards: BANKER_WINS.map((card) => ({ card })) });
    await eventually('coup f2 scored', async () => ((await board())?.coupId === null ? true : undefined));
    // Box 1's 40 never played: the stand-in keeps the chips it had after f1 (1 000 starting chips, 10 won).
    const chips = Object.fromEntries(((await board()).players as { box: number; chips: number }[]).map((p) => [p.box, p.chips]));
    expect(chips[1]).toBe(1_010);
  });
});
