/**
 * A tournament session at a Rapid Baccarat table end to end (Rapid 12), through the HTTP APIs of the whole platform
 * over the real Kafka. The Tournament Director publishes terms under the Rapid rules and designates a Rapid table
 * before the casino opens it; the tournaments service learns the table only from the rapid service's published
 * `RapidTableOpened` and then starts a session at it; the rapid service seats the players on ATS with tournament
 * accounts (12.2.1(b)); they wager from those accounts within the tournament's limits (12.2.1(c), 5.3: one wager
 * reduced, one refused); the dealer enters the outcomes on the SGC; the session ends. The tournament's chip counts
 * equal the Rapid accounts' settlements, and tournament chips are conserved across every coup.
 */
import { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { TournamentCoupScored, TournamentSessionEnded } from '@app/contracts';
import { Role } from '@app/platform-kit';
import { testBearer } from '@app/testing';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../../apps/rapid/src/test-support/rapid-fixtures';
import { completeTerms } from '../../apps/tournaments/src/tournament/tournament-fixtures';
import { startTestPlatform } from '../support/test-platform';

const token = (sub: string, roles: Role[]) => testBearer({ sub, roles, casinos: ['crown-melbourne'] });
const as = (role: Role) => token(`${role}-1`, [role]);

describe('a tournament session at a Rapid Baccarat table end to end over Kafka (Rapid 12)', () => {
  const id = randomUUID().slice(0, 8);
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? ['127.0.0.1:19092'];
  const topics = {
    tables: `e2e.${id}.tables.events`,
    jackpots: `e2e.${id}.jackpots.events`,
    promotions: `e2e.${id}.promotions.events`,
    rapid: `e2e.${id}.rapid.events`,
    tournaments: `e2e.${id}.tournaments.events`,
  };
  const tournamentId = `rapid-cup-${id}`;
  const TABLE = `RT-${id}`;
  const STATIONS = Array.from({ length: 6 }, (_, i) => ({ atsId: `${TABLE}-ATS${i + 1}`, remote: false, printer: false }));
  const ENTRIES = ['e1', 'e2', 'e3', 'e4'];
  let db: TestDatabase;
  let app: INestApplication;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('rapid_cup_e2e', 2);
    app = await startTestPlatform(db, { kafkaBrokers: brokers, topics });
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const send = (method: 'post' | 'put', path: string, auth: string, body: object = {}) => api()[method](path).set('Authorization', auth).set('Idempotency-Key', randomUUID()).send(body);
  const ok = async (method: 'post' | 'put', path: string, auth: string, body: object = {}) => {
    const res = await send(method, path, auth, body);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const director = as('tournament-director');
  const dealer = as('dealer');
  const atsOf = (box: number) => token(STATIONS[box - 1].atsId, ['ats']);
  const standings = async () => (await api().get(`/tournaments/${tournamentId}/standings`).set('Authorization', director).expect(200)).body;
  const chipsByEntry = async (): Promise<Record<string, number>> =>
    Object.fromEntries(((await standings()).session.tables[0].players as { entryId: string; chips: number }[]).map((p) => [p.entryId, p.chips]));
  const scored = async () =>
    (await db.pool.query<{ data: Omit<TournamentCoupScored, 'type'> }>(`SELECT data FROM tournaments.events WHERE type = 'TournamentCoupScored' AND stream_id = $1 ORDER BY version`, [`tournament-${tournamentId}`])).rows.map((r) => r.data);

  it('Rapid 12.2.1(b)-(c), 12.2.2, 12.3.1-12.3.2: chip counts equal the Rapid accounts\' settlements, and chips are conserved', async () => {
    // ---- terms under the Rapid rules (12.1.3, 12.2.1), entries, the briefing (12.2.3) --------------------------
    const terms = completeTerms({ players: { minimum: 2, maximum: 18 }, compulsoryWager: false, orderOfWagering: null });
    const chips = terms.startingChips!;
    const { minimum, maximum } = terms.wagerLimits!;
    await ok('post', '/tournaments', director, { tournamentId, name: 'Rapid Cup', operator: 'crown-melbourne', game: 'rapid-baccarat', terms, regulatorApproval: { reference: `VCGR-${id}`, approvedAt: '2026-02-01' } });
    for (const [n, entryId] of ENTRIES.entries()) await ok('post', `/tournaments/${tournamentId}/entries`, director, { entryId, patronId: `P${n + 1}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await ok('post', `/tournaments/${tournamentId}/entries/close`, director);
    await ok('post', `/tournaments/${tournamentId}/briefings`, director, { entryIds: ENTRIES });

    // ---- the director designates the Rapid table before it opens (12.3.1): designated, not yet known ------------
    const designated = await ok('post', `/tournaments/${tournamentId}/tables`, director, { tableIds: [TABLE] });
    expect(designated.readyTables).toEqual([]);
    const seating = ENTRIES.map((entryId, i) => ({ entryId, tableId: TABLE, box: i + 1 }));
    const early = await send('post', `/tournaments/${tournamentId}/sessions`, director, { sessionId: 'heat', kind: 'heat', seating }).expect(422);
    expect(early.body).toMatchObject({ code: 'TABLE_NOT_READY' });

    // ---- the casino opens the Rapid table; the tournaments service learns it from RapidTableOpened on Kafka -----
    await ok('post', '/rapid/tables', as('area-manager'), { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS });
    const started = await eventually('the session started at the Rapid table', async () => {
      const res = await send('post', `/tournaments/${tournamentId}/sessions`, director, { sessionId: 'heat', kind: 'heat', seating });
      if (res.status === 422 && res.body.code === 'TABLE_NOT_READY') return undefined;
      if (res.status >= 300) throw new Error(`session start answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    }, 30_000);
    expect(started.readyTables).toEqual([TABLE]);
    expect(started.events.map((e: { type: string }) => e.type)).toEqual(['TournamentTableReady', 'TournamentSessionStarted']);
    // Until the Rapid table takes the session its seats await it, no chips credited (Rapid 12.3.2).
    expect(started.sessions[0].players.map((p: { status: string; chips: number }) => [p.status, p.chips])).toEqual(ENTRIES.map(() => ['awaiting-table', 0]));

    // ---- the rapid service seats the players on the table's ATS with credited accounts (12.2.1(b)) --------------
    const accounts = await eventually('the players seated on the ATS', async () => {
      const t = (await api().get(`/rapid/tables/${TABLE}`).set('Authorization', dealer).expect(200)).body;
      const byAts = new Map((t.stations as { atsId: string; accountId: string | null }[]).map((s) => [s.atsId, s.accountId]));
      const ids = ENTRIES.map((_, i) => byAts.get(STATIONS[i].atsId) ?? null);
      return t.tournamentSession && ids.every((x) => x?.startsWith('T.')) ? (ids as string[]) : undefined;
    }, 30_000);
    const balanceOf = async (box: number): Promise<number> => (await api().get(`/rapid/accounts/${accounts[box - 1]}`).set('Authorization', atsOf(box)).expect(200)).body.balanceCents;
    for (let box = 1; box <= ENTRIES.length; box++) expect(await balanceOf(box)).toBe(chips);

    // ---- coup 1: the tournament's limits apply to the tournament accounts (12.2.1(c), 12.2.2, 5.3) ---------------
    await ok('post', `/rapid/tables/${TABLE}/rounds`, dealer, { roundId: 'R1' });
    const wager = (box: number, bet: string, amountCents: number) => send('put', `/rapid/accounts/${accounts[box - 1]}/wagers`, atsOf(box), { wagers: [{ bet, amountCents }] });
    await wager(1, 'player', 300).expect(200);
    // Above the tournament's maximum: reduced to the maximum, naming the clause (5.3.2).
    const reduced = (await wager(2, 'banker', maximum + 300).expect(200)).body;
    const shown = reduced.events.find((e: { type: string }) => e.type === 'AtsWagersShown');
    expect(shown.wagers).toEqual([{ bet: 'banker', attemptedCents: maximum + 300, amountCents: maximum, clause: 'Rapid 12.2.1(c); 12.2.2; Rapid 5.3.2' }]);
    // Below the tournament's minimum: refused naming the clause (5.3.1), and the account does not move.
    const refused = (await wager(3, 'player', minimum - 1).expect(422)).body;
    expect(refused).toMatchObject({ code: 'BELOW_TOURNAMENT_MINIMUM', clause: 'Rapid 12.2.1(c); 12.2.2; Rapid 5.3.1' });
    expect(await balanceOf(3)).toBe(chips);
    await wager(3, 'player', minimum).expect(200);
    await wager(4, 'banker', 100).expect(200);
    await ok('post', `/rapid/tables/${TABLE}/rounds/R1/draw`, dealer);
    await ok('post', `/rapid/tables/${TABLE}/rounds/R1/outcome`, dealer, OUTCOMES.playerWins);

    // ---- coup 2: the Banker wins (commission deducted before the credit, 4.8.2(a)) --------------------------------
    await ok('post', `/rapid/tables/${TABLE}/rounds`, dealer, { roundId: 'R2' });
    await wager(1, 'banker', 200).expect(200);
    await wager(2, 'player', 250).expect(200);
    await wager(3, 'banker', 200).expect(200);
    await wager(4, 'tie', 50).expect(200);
    await ok('post', `/rapid/tables/${TABLE}/rounds/R2/draw`, dealer);
    await ok('post', `/rapid/tables/${TABLE}/rounds/R2/outcome`, dealer, OUTCOMES.bankerWins);

    // ---- the standings follow the Rapid settlements: each player's chips are the account's balance ---------------
    const balances = Object.fromEntries(await Promise.all(ENTRIES.map(async (entryId, i) => [entryId, await balanceOf(i + 1)] as const)));
    // Banker wins pay even money less 5% commission (traditional): 200 → 190.
    expect(balances).toEqual({ e1: chips + 300 + 190, e2: chips - maximum - 250, e3: chips + minimum + 190, e4: chips - 100 - 50 });
    await eventually('both coups scored from the Rapid settlements', async () => ((await scored()).length === 2 ? true : undefined), 30_000);
    expect(await chipsByEntry()).toEqual(balances);

    // Tournament chips conserved in every coup: in play + the house's = issued, and the change is the coup's net.
    const coups = await scored();
    expect(coups.map((c) => c.coupId)).toEqual(['R1', 'R2']);
    for (const c of coups) {
      expect(c.chipsInPlayAfter + c.houseChipsAfter + c.withdrawnChipsAfter).toBe(c.issuedChips);
      expect(c.chipsInPlayAfter).toBe(c.chipsInPlayBefore + c.lines.reduce((a, l) => a + l.net - l.deducted, 0));
    }
    expect(coups[1].issuedChips).toBe(chips * ENTRIES.length);
    // The house's chips are the tournament accounts' net result over the session's rounds; the rounds' money totals
    // leave them out, tournament chips having no cash value (Rapid 12.2.2).
    const rounds = (await db.pool.query<{ data: { houseNetCents: number; accounts: { tournamentId?: string; stakedCents: number; creditedCents: number }[] } }>(`SELECT data FROM rapid.events WHERE type = 'RapidRoundSettled' AND data->>'tableId' = $1`, [TABLE])).rows;
    const tournamentNet = rounds.flatMap((r) => r.data.accounts.filter((a) => a.tournamentId === tournamentId)).reduce((n, a) => n + a.stakedCents - a.creditedCents, 0);
    expect(coups[1].houseChipsAfter).toBe(tournamentNet);
    expect(rounds.reduce((n, r) => n + r.data.houseNetCents, 0)).toBe(0);

    // ---- the session ends: the counts are the balances, and each balance is disposed of (12.2.1(b)) -------------
    const end = await ok('post', `/tournaments/${tournamentId}/sessions/heat/end`, director);
    const ended = end.events.find((e: { type: string }) => e.type === 'TournamentSessionEnded') as TournamentSessionEnded;
    expect(Object.fromEntries(ended.counts.map((c) => [c.entryId, c.chips]))).toEqual(balances);
    await eventually('the Rapid session ended', async () => ((await api().get(`/rapid/tables/${TABLE}`).set('Authorization', dealer)).body.tournamentSession === null ? true : undefined), 30_000);
    for (const [i, entryId] of ENTRIES.entries()) {
      const reconciliation = (await api().get(`/rapid/accounts/${accounts[i]}/reconciliation`).set('Authorization', atsOf(i + 1)).expect(200)).body;
      expect(reconciliation).toMatchObject({ balanced: true, sumOfMovementsCents: 0 });
      const disposed = reconciliation.movements.find((m: { type: string }) => m.type === 'AtsTournamentBalanceDisposed');
      expect(-disposed.movementCents).toBe(balances[entryId]);
    }
  }, 180_000);

  it('Rapid 12.3.2: the director may start a refused session again once the table is free; until then no seat plays', async () => {
    const cup = `rapid-refused-${id}`;
    const BUSY = `RB-${id}`;
    const stations = Array.from({ length: 2 }, (_, i) => ({ atsId: `${BUSY}-ATS${i + 1}`, remote: false, printer: false }));
    const entries = ['e1', 'e2'];
    const terms = completeTerms({ players: { minimum: 2, maximum: 18 }, compulsoryWager: false, orderOfWagering: null });
    await ok('post', '/tournaments', director, { tournamentId: cup, name: 'Rapid Refused Cup', operator: 'crown-melbourne', game: 'rapid-baccarat', terms, regulatorApproval: { reference: `VCGR-R-${id}`, approvedAt: '2026-02-01' } });
    for (const [n, entryId] of entries.entries()) await ok('post', `/tournaments/${cup}/entries`, director, { entryId, patronId: `PR${n + 1}-${id}`, entitledToGamble: true, feePaidCents: 10_000 });
    await ok('post', `/tournaments/${cup}/entries/close`, director);
    await ok('post', `/tournaments/${cup}/briefings`, director, { entryIds: entries });
    await ok('post', `/tournaments/${cup}/tables`, director, { tableIds: [BUSY] });
    // The table is busy with cash play: a round is open when the session arrives.
    await ok('post', '/rapid/tables', as('area-manager'), { tableId: BUSY, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations });
    await ok('post', `/rapid/tables/${BUSY}/rounds`, dealer, { roundId: 'C1' });
    const seating = entries.map((entryId, i) => ({ entryId, tableId: BUSY, box: i + 1 }));
    const startSession = (sessionId = 'heat') => send('post', `/tournaments/${cup}/sessions`, director, { sessionId, kind: 'heat', seating });
    const first = await eventually('the session started at the busy Rapid table', async () => {
      const res = await startSession();
      if (res.status === 422 && res.body.code === 'TABLE_NOT_READY') return undefined;
      if (res.status >= 300) throw new Error(`session start answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    }, 30_000);
    // Rapid 12.3.2: a seat at a Rapid table is not shown playing before the table takes the session, not even for a moment.
    expect(first.sessions[0].players.map((p: { status: string; chips: number }) => [p.status, p.chips])).toEqual([['awaiting-table', 0], ['awaiting-table', 0]]);
    const cupStandings = async () => (await api().get(`/tournaments/${cup}/standings`).set('Authorization', director).expect(200)).body;
    for (const p of (await cupStandings()).session.tables[0].players as { status: string; chips: number }[]) {
      expect(['awaiting-table', 'not-seated']).toContain(p.status);
      expect(p.chips).toBe(0);
    }

    // Rapid refuses the whole session; the tournament hears it: no seat plays, the table is not playing.
    const refused = await eventually('the refusal heard by the tournament', async () => {
      const table = (await cupStandings()).session.tables[0];
      return table.notPlaying ? table : undefined;
    }, 30_000);
    expect(refused.notPlaying.reason).toMatch(/end round \d+ of cash play .*then the Tournament Director starts session heat of tournament .* again/);
    expect(refused.players.map((p: { status: string }) => p.status)).toEqual(['not-seated', 'not-seated']);
    // Another session is still refused while this one waits to be started again.
    expect((await startSession('heat-2').expect(409)).body).toMatchObject({ code: 'SESSION_IN_PROGRESS', message: expect.stringContaining('start session heat again') });

    // The dealer ends the cash round; the director starts the same session again and the table takes it.
    await ok('post', `/rapid/tables/${BUSY}/rounds/C1/draw`, dealer);
    await ok('post', `/rapid/tables/${BUSY}/rounds/C1/outcome`, dealer, OUTCOMES.playerWins);
    const againRes = await startSession();
    expect(againRes.status).toBeLessThan(300);
    const again = againRes.body;
    expect(again.events.map((e: { type: string }) => e.type)).toEqual(['TournamentSessionStarted']);
    await eventually('the players seated on the ATS', async () => {
      const t = (await api().get(`/rapid/tables/${BUSY}`).set('Authorization', dealer).expect(200)).body;
      return t.tournamentSession?.sessionId === 'heat' && (t.stations as { accountId: string | null }[]).every((st) => st.accountId?.startsWith('T.')) ? true : undefined;
    }, 30_000);
    // Only once the table has taken it (RapidTournamentSessionStarted heard) do its seats play, their chips credited.
    const table = await eventually('the seats playing once the table took the session', async () => {
      const t = (await cupStandings()).session.tables[0];
      return t.players.every((p: { status: string }) => p.status === 'playing') ? t : undefined;
    }, 30_000);
    expect(table.notPlaying).toBeNull();
    expect(table.players.map((p: { status: string; chips: number }) => [p.status, p.chips])).toEqual([['playing', terms.startingChips], ['playing', terms.startingChips]]);
  }, 180_000);
});
