/**
 * Tournament sessions on Rapid tables (Rapid 12.2.1(b), 12.2.2, 12.3.2) end to end against the real PostgreSQL:
 * the tournaments service's published `TournamentSessionStarted` seats its players on the table's ATS with
 * credited accounts, they wager and are settled through the HTTP API as any ATS, the table refuses anyone
 * else meanwhile, and `TournamentSessionEnded` disposes of every balance. Every account reconciles to the cent.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  publishTypes,
  RAPID_INTEGRATION_EVENT_TYPES,
  rapidTableStreamId,
  topicFor,
  tournamentStreamId,
  TOURNAMENTS_INTEGRATION_EVENT_TYPES,
  type TournamentCancelled,
  type TournamentSessionEnded,
  type TournamentSessionStarted,
  type TournamentTablesDesignated,
  type TournamentTermsAmended,
  type TournamentTermsPublished,
} from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, listRefusedCommands } from '@app/messaging';
import { createTestDatabase, eventually, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { LIMITS, OFFERED_BETS, OUTCOMES } from '../test-support/rapid-fixtures';
import { atsBearer, bearer, startRapidApp } from '../test-support/rapid-app';

const TABLE = 'RT1';
const STATIONS = Array.from({ length: 6 }, (_, i) => ({ atsId: `${TABLE}-ATS${i + 1}`, remote: false, printer: false }));
const DEALER = bearer(['dealer'], 'dealer-3');
const MANAGER = bearer(['area-manager'], 'am-1');
const DIRECTOR = { id: 'td-1', role: 'tournament-director' };
const CREDIT = 20_000;

describe('Tournament sessions on Rapid tables, from the tournaments service\'s events (Rapid 12)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let tournaments: PostgresEventStore;
  const published: Record<string, number> = {};
  const http = () => request(app.getHttpServer());

  /** What the tournaments service publishes, written where its relay and the in-database subscription read it. */
  const publish = async (event: TournamentTermsPublished | TournamentTermsAmended | TournamentTablesDesignated | TournamentSessionStarted | TournamentSessionEnded | TournamentCancelled) => {
    const { type, ...data } = event;
    const version = published[event.tournamentId] ?? 0;
    await tournaments.append(tournamentStreamId(event.tournamentId), 'tournament', version, [
      { eventId: randomUUID(), type, schemaVersion: 1, data, metadata: { actor: DIRECTOR, commandId: randomUUID(), correlationId: event.tournamentId, causationId: null, rulebookVersion: 'crown-melbourne-rapid' }, occurredAt: new Date().toISOString() },
    ]);
    published[event.tournamentId] = version + 1;
  };
  /** A tournament under `rulebookId` whose director designated `tableIds` (Rapid 12.3.1). */
  const tournament = async (tournamentId: string, rulebookId: string, tableIds: readonly string[]) => {
    const at = new Date().toISOString();
    await publish({ type: 'TournamentTermsPublished', tournamentId, name: tournamentId, rulebookId, jurisdiction: 'VIC', terms: { chips: 0 } as never, regulatorApproval: null, publishedAt: at, clause: 'Rapid 12.1.3' });
    await publish({ type: 'TournamentTablesDesignated', tournamentId, tableIds, clause: 'Rapid 12.3.1' });
  };
  const sessionAt = (tournamentId: string, tableId: string): TournamentSessionStarted => ({
    type: 'TournamentSessionStarted',
    tournamentId,
    sessionId: 'H1',
    kind: 'heat',
    playOff: null,
    seating: [{ entryId: 'E1', patronId: 'P1', tableId, box: 1, chips: CREDIT }],
    passCards: 0,
    undisclosedWagers: 0,
    minimumWager: 1_000,
    maximumWager: 10_000,
    issuedChips: CREDIT,
    startedAt: new Date().toISOString(),
    clause: 'Rapid 12.2.1(b)',
  });
  /** What the Rapid service recorded, and publishes, on a table's stream. */
  const tableEvents = async (tableId: string) => new PostgresEventStore(db.pool, 'rapid').readStream(rapidTableStreamId(tableId));
  const openTable = async (tableId: string, count: number) => {
    const stations = Array.from({ length: count }, (_, i) => ({ atsId: `${tableId}-ATS${i + 1}`, remote: false, printer: false }));
    await http().post('/rapid/tables').set('Authorization', MANAGER).send({ tableId, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations }).expect(201);
    return stations.map((x) => x.atsId);
  };
  const deadLetters = async () =>
    (await db.pool.query<{ event_type: string; error: string }>(`SELECT event_type, error FROM messaging.dead_letters WHERE consumer = 'rapid.tournament-sessions' ORDER BY id`)).rows;

  beforeAll(async () => {
    db = await createTestDatabase('rapid_tournament', 10);
    tournaments = new PostgresEventStore(db.pool, 'tournaments');
    await tournaments.migrate();
    app = await startRapidApp({
      url: db.url,
      poolSize: 10,
      tournamentsSource: (pool) => eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_INTEGRATION_EVENT_TYPES), topicFor('tournaments')),
    });
    await app.init();
    const body = { tableId: TABLE, variant: 'traditional', offeredBets: OFFERED_BETS, limits: LIMITS, decks: 8, wageringPeriodSeconds: 300, stations: STATIONS };
    await http().post('/rapid/tables').set('Authorization', MANAGER).send(body).expect(201);
    // One player of the casino's own is at ATS 4 when the session is announced.
    await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[3].atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 5_000 }).expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const station = async (atsId: string) => ((await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body.stations as { atsId: string; accountId: string | null }[]).find((s) => s.atsId === atsId)!;

  it('Rapid 12.3.1: seats no one at a Rapid table the tournament did not designate, nor for a tournament under other rules; the refusal names the rule', async () => {
    await tournament('TN8', 'crown-melbourne-rapid', ['RT9']);
    await publish(sessionAt('TN8', TABLE));
    await tournament('TN9', 'crown-melbourne-v29', [TABLE]);
    await publish(sessionAt('TN9', TABLE));
    // Refused whole, for a supervisor to see (messaging.refused_commands), not dead-lettered as a fault.
    const refused = await eventually('both sessions refused', async () => {
      const rows = await listRefusedCommands(db.pool, 'rapid.tournament-sessions');
      return rows.length >= 2 ? rows : false;
    });
    expect(refused.map((r) => [r.eventType, r.code, r.clause])).toEqual([
      ['TournamentSessionStarted', 'TABLE_NOT_DESIGNATED', 'Rapid 12.3.1'],
      ['TournamentSessionStarted', 'TOURNAMENT_NOT_UNDER_TABLE_RULES', 'Rapid 12'],
    ]);
    expect(refused[1].message).toContain('crown-melbourne-v29');
    expect(await deadLetters()).toEqual([]);
    const t = (await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body;
    expect(t.tournamentSession).toBeNull();
    expect((t.stations as { accountId: string | null }[]).filter((x) => x.accountId?.startsWith('T.'))).toEqual([]);
  });

  it('Rapid 12.2.1(b), 12.2.2, 12.3.2: seated players wager from credited accounts, no one else may join, and the balances are disposed of at the end', async () => {
    await tournament('TN7', 'crown-melbourne-rapid', [TABLE]);
    // ATS 4 still shows a casino player's own account: the table is not free for the session (12.3.2) and says so.
    await publish(sessionAt('TN7', TABLE));
    const refusal = await eventually('the session refused at the table', async () => (await tableEvents(TABLE)).find((e) => e.type === 'RapidTournamentSessionRefused') ?? false);
    expect(refusal.data).toMatchObject({ tournamentId: 'TN7', sessionId: 'H1', reason: 'cash-accounts-open', atsIds: [STATIONS[3].atsId], clause: 'Rapid 12.3.2' });
    const cashAccount = (await station(STATIONS[3].atsId)).accountId!;
    await http().post(`/rapid/accounts/${cashAccount}/cash-out`).set('Authorization', DEALER).send({ method: 'chips' }).expect(200);
    await publish({
      type: 'TournamentSessionStarted',
      tournamentId: 'TN7',
      sessionId: 'H1',
      kind: 'heat',
      playOff: null,
      seating: [
        { entryId: 'E1', patronId: 'P1', tableId: TABLE, box: 1, chips: CREDIT },
        { entryId: 'E2', patronId: 'P2', tableId: TABLE, box: 2, chips: CREDIT },
        { entryId: 'E4', patronId: 'P4', tableId: TABLE, box: 4, chips: CREDIT },
        // A seat at a table of the tables service is not this service's to credit.
        { entryId: 'E9', patronId: 'P9', tableId: 'LIVE-TABLE-1', box: 1, chips: CREDIT },
      ],
      passCards: 0,
      undisclosedWagers: 0,
      minimumWager: 1_000,
      maximumWager: 10_000,
      issuedChips: 4 * CREDIT,
      startedAt: new Date().toISOString(),
      clause: 'Rapid 12.2.1(b)',
    });
    const seated = await eventually('the session seated at the table', async () => {
      const t = (await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER).expect(200)).body;
      return t.tournamentSession ? (t.stations as { atsId: string; accountId: string | null }[]) : false;
    });
    const e1 = seated.find((s) => s.atsId === STATIONS[0].atsId)!.accountId!;
    const e2 = seated.find((s) => s.atsId === STATIONS[1].atsId)!.accountId!;
    expect((await station(STATIONS[3].atsId)).accountId).toMatch(/^T\./);
    const account = await http().get(`/rapid/accounts/${e1}`).set('Authorization', atsBearer(STATIONS[0].atsId)).expect(200);
    expect(account.body).toMatchObject({ balanceCents: CREDIT, tournament: { tournamentId: 'TN7', sessionId: 'H1', entryId: 'E1' } });

    // 12.3.2: the table serves the session only; 12.2.2: a tournament account is neither topped up nor cashed out.
    const other = await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[4].atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 5_000 }).expect(409);
    expect(other.body).toMatchObject({ code: 'TABLE_IN_TOURNAMENT_PLAY', clause: 'Rapid 12.3.2' });
    expect((await station(STATIONS[4].atsId)).accountId).toBeNull();
    const topUp = await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[0].atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 5_000 }).expect(409);
    expect(topUp.body.code).toBe('TOURNAMENT_ACCOUNT');
    await http().post(`/rapid/accounts/${e1}/cash-out`).set('Authorization', atsBearer(STATIONS[0].atsId)).send({ method: 'chips' }).expect(409);

    // A coup: E1 backs the Player, E2 the Banker; the Player wins (Rapid 4.8 as for any account).
    await http().post(`/rapid/tables/${TABLE}/rounds`).set('Authorization', DEALER).send({ roundId: 'R1' }).expect(201);
    await http().put(`/rapid/accounts/${e1}/wagers`).set('Authorization', atsBearer(STATIONS[0].atsId)).send({ wagers: [{ bet: 'player', amountCents: 5_000 }] }).expect(200);
    await http().put(`/rapid/accounts/${e2}/wagers`).set('Authorization', atsBearer(STATIONS[1].atsId)).send({ wagers: [{ bet: 'banker', amountCents: 3_000 }] }).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R1/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${TABLE}/rounds/R1/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect((await http().get(`/rapid/accounts/${e1}`).set('Authorization', atsBearer(STATIONS[0].atsId))).body.balanceCents).toBe(CREDIT + 5_000);
    expect((await http().get(`/rapid/accounts/${e2}`).set('Authorization', atsBearer(STATIONS[1].atsId))).body.balanceCents).toBe(CREDIT - 3_000);

    // The session ends: every balance is disposed of and the ATS are free again.
    await publish({ type: 'TournamentSessionEnded', tournamentId: 'TN7', sessionId: 'H1', kind: 'heat', counts: [], ranking: [], advanced: [], playOffs: [], chipsNotReturned: 0, endedAt: new Date().toISOString(), clause: 'Rapid 12.2.1(b)' });
    await eventually('the session ended at the table', async () => (await http().get(`/rapid/tables/${TABLE}`).set('Authorization', DEALER)).body.tournamentSession === null);
    for (const [id, s] of [[e1, STATIONS[0]], [e2, STATIONS[1]]] as const) {
      const view = (await http().get(`/rapid/accounts/${id}`).set('Authorization', atsBearer(s.atsId)).expect(200)).body;
      expect(view).toMatchObject({ status: 'closed', balanceCents: 0 });
      const reconciliation = (await http().get(`/rapid/accounts/${id}/reconciliation`).set('Authorization', atsBearer(s.atsId)).expect(200)).body;
      expect(reconciliation).toMatchObject({ balanced: true, sumOfMovementsCents: 0 });
      expect(reconciliation.movements.map((m: { type: string }) => m.type)).toContain('AtsTournamentBalanceDisposed');
    }
    expect((await station(STATIONS[0].atsId)).accountId).toBeNull();
    // The table is open to other play again.
    await http().post(`/rapid/tables/${TABLE}/ats/${STATIONS[4].atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 5_000 }).expect(201);
  });

  it('Rapid 12.3.2: a table with players\' own accounts still open refuses the session and publishes RapidTournamentSessionRefused, not only a refused command; the table shows it', async () => {
    const [s1, s2] = await openTable('RS', 4);
    for (const atsId of [s1, s2]) await http().post(`/rapid/tables/RS/ats/${atsId}/buy-in`).set('Authorization', DEALER).send({ tender: 'cash', amountCents: 5_000 }).expect(201);
    await tournament('TS1', 'crown-melbourne-rapid', ['RS']);
    await publish({ ...sessionAt('TS1', 'RS'), seating: [1, 2, 3].map((box) => ({ entryId: `E${box}`, patronId: `P${box}`, tableId: 'RS', box, chips: CREDIT })) });
    const refusal = await eventually('the refusal recorded on the table', async () => (await tableEvents('RS')).find((e) => e.type === 'RapidTournamentSessionRefused') ?? false);
    expect(RAPID_INTEGRATION_EVENT_TYPES).toContain('RapidTournamentSessionRefused');
    expect(refusal.data).toEqual({
      tableId: 'RS',
      tournamentId: 'TS1',
      sessionId: 'H1',
      reason: 'cash-accounts-open',
      blockers: ['cash-accounts-open'],
      atsIds: [s1, s2],
      message: expect.stringContaining('paid out'),
      refusedAt: expect.any(String),
      clause: 'Rapid 12.3.2',
    });
    const t = (await http().get('/rapid/tables/RS').set('Authorization', DEALER).expect(200)).body;
    expect(t.tournamentSession).toBeNull();
    expect(t.refusedTournamentSessions).toEqual([expect.objectContaining({ tournamentId: 'TS1', sessionId: 'H1', reason: 'cash-accounts-open' })]);
    expect((t.stations as { accountId: string | null }[]).filter((x) => x.accountId?.startsWith('T.'))).toEqual([]);
    expect((await listRefusedCommands(db.pool, 'rapid.tournament-sessions')).filter((r) => r.streamId === rapidTableStreamId('RS'))).toEqual([]);
  });

  it('Rapid 12.3.2: of two sessions arriving at one table at the same moment, the table\'s stream takes one and refuses the other', async () => {
    await openTable('RC', 4);
    await Promise.all([tournament('TC1', 'crown-melbourne-rapid', ['RC']), tournament('TC2', 'crown-melbourne-rapid', ['RC'])]);
    await Promise.all([publish(sessionAt('TC1', 'RC')), publish(sessionAt('TC2', 'RC'))]);
    const decided = await eventually('both sessions decided at the table', async () => {
      const events = (await tableEvents('RC')).filter((e) => e.type === 'RapidTournamentSessionStarted' || e.type === 'RapidTournamentSessionRefused');
      return events.length >= 2 ? events : false;
    });
    expect(decided.map((e) => e.type).sort()).toEqual(['RapidTournamentSessionRefused', 'RapidTournamentSessionStarted']);
    const started = decided.find((e) => e.type === 'RapidTournamentSessionStarted')!.data as { tournamentId: string };
    const refused = decided.find((e) => e.type === 'RapidTournamentSessionRefused')!.data as { tournamentId: string };
    expect(refused).toMatchObject({ reason: 'another-session-in-progress', inProgress: { tournamentId: started.tournamentId, sessionId: 'H1' }, clause: 'Rapid 12.3.2' });
    expect(new Set([started.tournamentId, refused.tournamentId])).toEqual(new Set(['TC1', 'TC2']));
    const t = (await http().get('/rapid/tables/RC').set('Authorization', DEALER).expect(200)).body;
    expect(t.tournamentSession).toMatchObject({ tournamentId: started.tournamentId, sessionId: 'H1' });
    // Only the session taken has accounts at the table.
    expect((t.stations as { accountId: string | null }[]).filter((x) => x.accountId).map((x) => x.accountId)).toEqual([expect.stringContaining(started.tournamentId)]);
  });
  it('Rapid 12.2.1(b), 11.11: a round corrected after its session ended moves no chips on the disposed account: it is referred to the Tournament Director (AtsTournamentCorrectionReferred) and the correction marks the account by the round\'s settlement', async () => {
    const [box1] = await openTable('TC', 2);
    await tournament('TT', 'crown-melbourne-rapid', ['TC']);
    await publish(sessionAt('TT', 'TC'));
    const accountId = await eventually('the session seated at TC', async () => ((await http().get('/rapid/tables/TC').set('Authorization', DEALER).expect(200)).body.stations as { atsId: string; accountId: string | null }[])[0].accountId ?? false);
    await http().post('/rapid/tables/TC/rounds').set('Authorization', DEALER).send({ roundId: 'TC-R1' }).expect(201);
    await http().put(`/rapid/accounts/${accountId}/wagers`).set('Authorization', atsBearer(box1)).send({ wagers: [{ bet: 'banker', amountCents: 1_000 }] }).expect(200);
    await http().post('/rapid/tables/TC/rounds/TC-R1/draw').set('Authorization', DEALER).expect(200);
    await http().post('/rapid/tables/TC/rounds/TC-R1/outcome').set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    await publish({ type: 'TournamentSessionEnded', tournamentId: 'TT', sessionId: 'H1', kind: 'heat', counts: [], ranking: [], advanced: [], playOffs: [], chipsNotReturned: 0, endedAt: new Date().toISOString(), clause: 'Rapid 12.2.1(b)' });
    await eventually('the session ended at TC', async () => (await http().get('/rapid/tables/TC').set('Authorization', DEALER)).body.tournamentSession === null);

    await http().post('/rapid/tables/TC/rounds/TC-R1/freeze').set('Authorization', DEALER).send({ reason: 'Player entered; the Banker held 7' }).expect(200);
    const corrected = await http().post('/rapid/tables/TC/rounds/TC-R1/corrected-outcome').set('Authorization', DEALER).send(OUTCOMES.bankerWins).expect(200);
    const events = corrected.body.events as { type: string }[];
    expect(events.find((e) => e.type === 'RapidOutcomeCorrected')).toMatchObject({ accounts: [expect.objectContaining({ accountId, tournamentId: 'TT' })], stakedCents: 0, creditedCents: 0 });
    expect(events.find((e) => e.type === 'AtsTournamentCorrectionReferred')).toMatchObject({ accountId, tournamentId: 'TT', sessionId: 'H1', entryId: 'E1', roundId: 'TC-R1', wantedCents: 1_950, clause: expect.stringContaining('Rapid 12.2.1(b)') });
    expect(events.some((e) => e.type === 'AtsSettlementRecalculated')).toBe(false);
    const view = (await http().get(`/rapid/accounts/${accountId}`).set('Authorization', DEALER).expect(200)).body;
    expect(view).toMatchObject({ status: 'closed', balanceCents: 0 });
  });

  it('Rapid 12.3.2, 12.2.1(b): once the tournament is cancelled its tournament accounts are disposed of as at a session\'s end and refuse wagers, 409 naming the clause and the cancellation; the table is free again', async () => {
    const [box1] = await openTable('TX', 2);
    await tournament('TR1', 'crown-melbourne-rapid', ['TX']);
    await publish(sessionAt('TR1', 'TX'));
    const accountId = await eventually('the session seated at TX', async () => ((await http().get('/rapid/tables/TX').set('Authorization', DEALER).expect(200)).body.stations as { atsId: string; accountId: string | null }[])[0].accountId ?? false);
    await publish({ type: 'TournamentCancelled', tournamentId: 'TR1', reason: 'venue unavailable', refunds: [], cancelledAt: new Date().toISOString(), clause: 'Rapid 12.2.1(h)' });
    await eventually('the session ended at TX with the tournament', async () => (await http().get('/rapid/tables/TX').set('Authorization', DEALER)).body.tournamentSession === null);
    const view = (await http().get(`/rapid/accounts/${accountId}`).set('Authorization', atsBearer(box1)).expect(200)).body;
    expect(view).toMatchObject({ status: 'closed', balanceCents: 0 });
    await http().post('/rapid/tables/TX/rounds').set('Authorization', DEALER).send({ roundId: 'TX-R1' }).expect(201);
    const refused = await http().put(`/rapid/accounts/${accountId}/wagers`).set('Authorization', atsBearer(box1)).send({ wagers: [{ bet: 'banker', amountCents: 1_000 }] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TOURNAMENT_CANCELLED', clause: 'Rapid 12.2.1(h); Rapid 12.3.2' });
    expect(refused.body.message).toContain('venue unavailable');
    const reconciliation = (await http().get(`/rapid/accounts/${accountId}/reconciliation`).set('Authorization', atsBearer(box1)).expect(200)).body;
    expect(reconciliation).toMatchObject({ balanced: true, sumOfMovementsCents: 0 });
  });

  it('Rapid 12.3.5 with 12.2.1(d): a table used for a session starts the coups its published terms schedule (format.coupsPerSession) and no more: the next round is refused 409 SCHEDULED_COUPS_PLAYED naming the clause and telling to end the session; amended terms are followed', async () => {
    const [box1] = await openTable('TQ', 2);
    const terms = { chips: 0, format: { description: 'two coups a heat', advancePerTable: 1, coupsPerSession: 2 } };
    await publish({ type: 'TournamentTermsPublished', tournamentId: 'TS1', name: 'TS1', rulebookId: 'crown-melbourne-rapid', jurisdiction: 'VIC', terms: terms as never, regulatorApproval: null, publishedAt: new Date().toISOString(), clause: 'Rapid 12.1.3' });
    await publish({ type: 'TournamentTablesDesignated', tournamentId: 'TS1', tableIds: ['TQ'], clause: 'Rapid 12.3.1' });
    await publish(sessionAt('TS1', 'TQ'));
    await eventually('the session seated at TQ', async () => ((await http().get('/rapid/tables/TQ').set('Authorization', DEALER).expect(200)).body.stations as { accountId: string | null }[])[0].accountId ?? false);
    const coup = async (roundId: string) => {
      await http().post('/rapid/tables/TQ/rounds').set('Authorization', DEALER).send({ roundId }).expect(201);
      await http().post(`/rapid/tables/TQ/rounds/${roundId}/draw`).set('Authorization', DEALER).expect(200);
      await http().post(`/rapid/tables/TQ/rounds/${roundId}/outcome`).set('Authorization', DEALER).send(OUTCOMES.tie).expect(200);
    };
    await coup('TQ-R1');
    await coup('TQ-R2');
    const refused = await http().post('/rapid/tables/TQ/rounds').set('Authorization', DEALER).send({ roundId: 'TQ-R3' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'SCHEDULED_COUPS_PLAYED', clause: 'Rapid 12.2.1(d); Rapid 12.3.5' });
    expect(refused.body.message).toContain('session H1 of tournament TS1');
    expect(refused.body.message).toContain('end the session');
    expect((await tableEvents('TQ')).filter((e) => e.type === 'RapidRoundStarted')).toHaveLength(2);
    expect(box1).toBe('TQ-ATS1');
    // The director amends the terms to three coups: the table follows them.
    await publish({ type: 'TournamentTermsAmended', tournamentId: 'TS1', previous: terms as never, next: { ...terms, format: { ...terms.format, coupsPerSession: 3 } } as never, changedItems: ['format'], reason: 'one more coup', amendedAt: new Date().toISOString(), clause: 'Rapid 12.2.1(d)' });
    await eventually('the amended schedule followed', async () => (await http().post('/rapid/tables/TQ/rounds').set('Authorization', DEALER).send({ roundId: 'TQ-R3' })).status === 201);
    await http().post('/rapid/tables/TQ/rounds/TQ-R3/draw').set('Authorization', DEALER).expect(200);
    await http().post('/rapid/tables/TQ/rounds/TQ-R3/outcome').set('Authorization', DEALER).send(OUTCOMES.tie).expect(200);
    expect((await http().post('/rapid/tables/TQ/rounds').set('Authorization', DEALER).send({ roundId: 'TQ-R4' }).expect(409)).body.code).toBe('SCHEDULED_COUPS_PLAYED');
    // The session ended, the table plays on.
    await publish({ type: 'TournamentSessionEnded', tournamentId: 'TS1', sessionId: 'H1', kind: 'heat', counts: [], ranking: [], advanced: [], playOffs: [], chipsNotReturned: 0, endedAt: new Date().toISOString(), clause: 'Rapid 12.2.1(b)' });
    await eventually('the session ended at TQ', async () => (await http().get('/rapid/tables/TQ').set('Authorization', DEALER)).body.tournamentSession === null);
    await http().post('/rapid/tables/TQ/rounds').set('Authorization', DEALER).send({ roundId: 'TQ-R4' }).expect(201);
  });

  it('Rapid 12.2.1(c): at the round\'s settlement, the tournament account that wagered nothing is debited the minimum the conditions make compulsory, as its own movement, and the round carries it to the tournament', async () => {
    const tableId = 'RCW';
    const [ats1, ats2] = await openTable(tableId, 2);
    await tournament('TCW', 'crown-melbourne-rapid', [tableId]);
    await publish({
      ...sessionAt('TCW', tableId),
      seating: [
        { entryId: 'E1', patronId: 'P1', tableId, box: 1, chips: CREDIT },
        { entryId: 'E2', patronId: 'P2', tableId, box: 2, chips: CREDIT },
      ],
      issuedChips: 2 * CREDIT,
      compulsoryWager: { consequence: 'minimum-deducted', clause: 'Rapid 12.2.1(c)' },
    });
    const seated = await eventually('the session seated at the table', async () => {
      const t = (await http().get(`/rapid/tables/${tableId}`).set('Authorization', DEALER).expect(200)).body;
      return t.tournamentSession ? (t.stations as { atsId: string; accountId: string | null }[]) : false;
    });
    const e1 = seated.find((x) => x.atsId === ats1)!.accountId!;
    const e2 = seated.find((x) => x.atsId === ats2)!.accountId!;
    await http().post(`/rapid/tables/${tableId}/rounds`).set('Authorization', DEALER).send({ roundId: 'R1' }).expect(201);
    await http().put(`/rapid/accounts/${e1}/wagers`).set('Authorization', atsBearer(ats1)).send({ wagers: [{ bet: 'player', amountCents: 5_000 }] }).expect(200);
    await http().post(`/rapid/tables/${tableId}/rounds/R1/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${tableId}/rounds/R1/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    expect((await http().get(`/rapid/accounts/${e1}`).set('Authorization', atsBearer(ats1))).body.balanceCents).toBe(CREDIT + 5_000);
    expect((await http().get(`/rapid/accounts/${e2}`).set('Authorization', atsBearer(ats2))).body.balanceCents).toBe(CREDIT - 1_000);
    const reconciliation = (await http().get(`/rapid/accounts/${e2}/reconciliation`).set('Authorization', atsBearer(ats2)).expect(200)).body;
    expect(reconciliation).toMatchObject({ balanced: true, sumOfMovementsCents: CREDIT - 1_000 });
    expect(reconciliation.movements.at(-1)).toMatchObject({ type: 'AtsTournamentMinimumDeducted', movementCents: -1_000, balanceAfterCents: CREDIT - 1_000 });
    const settled = (await tableEvents(tableId)).find((e) => e.type === 'RapidRoundSettled')!.data;
    expect(settled).toMatchObject({ stakedCents: 0, creditedCents: 0, accounts: expect.arrayContaining([expect.objectContaining({ accountId: e2, tournamentId: 'TCW', stakedCents: 0, deducted: { amountCents: 1_000, clause: 'Rapid 12.2.1(c)' } })]) });
  });
  it('Rapid 12.2.1(c) with 11.14(a): the player whose ATS malfunctioned before expiry was prevented from wagering: nothing is deducted at the settlement, and a malfunction found after it returns the minimum', async () => {
    const tableId = 'RCM';
    const [ats1, ats2, ats3] = await openTable(tableId, 3);
    await tournament('TCM', 'crown-melbourne-rapid', [tableId]);
    await publish({
      ...sessionAt('TCM', tableId),
      seating: [
        { entryId: 'E1', patronId: 'P1', tableId, box: 1, chips: CREDIT },
        { entryId: 'E2', patronId: 'P2', tableId, box: 2, chips: CREDIT },
        { entryId: 'E3', patronId: 'P3', tableId, box: 3, chips: CREDIT },
      ],
      issuedChips: 3 * CREDIT,
      compulsoryWager: { consequence: 'minimum-deducted', clause: 'Rapid 12.2.1(c)' },
    });
    const seated = await eventually('the session seated at the table', async () => {
      const t = (await http().get(`/rapid/tables/${tableId}`).set('Authorization', DEALER).expect(200)).body;
      return t.tournamentSession ? (t.stations as { atsId: string; accountId: string | null }[]) : false;
    });
    const [e1, e2, e3] = [ats1, ats2, ats3].map((a) => seated.find((x) => x.atsId === a)!.accountId!);
    await http().post(`/rapid/tables/${tableId}/rounds`).set('Authorization', DEALER).send({ roundId: 'M1' }).expect(201);
    await http().put(`/rapid/accounts/${e1}/wagers`).set('Authorization', atsBearer(ats1)).send({ wagers: [{ bet: 'player', amountCents: 5_000 }] }).expect(200);
    await http()
      .post(`/rapid/tables/${tableId}/rounds/M1/malfunctions`)
      .set('Authorization', DEALER)
      .send({ scope: 'ats', atsId: ats2, occurredAt: new Date().toISOString(), description: 'touchscreen froze' })
      .expect(201);
    await http().post(`/rapid/tables/${tableId}/rounds/M1/draw`).set('Authorization', DEALER).expect(200);
    await http().post(`/rapid/tables/${tableId}/rounds/M1/outcome`).set('Authorization', DEALER).send(OUTCOMES.playerWins).expect(200);
    const balance = async (accountId: string, atsId: string) => (await http().get(`/rapid/accounts/${accountId}`).set('Authorization', atsBearer(atsId)).expect(200)).body.balanceCents as number;
    expect(await balance(e2, ats2)).toBe(CREDIT);
    expect(await balance(e3, ats3)).toBe(CREDIT - 1_000);
    const settled = (await tableEvents(tableId)).find((e) => e.type === 'RapidRoundSettled')!.data as { accounts: { accountId: string }[] };
    expect(settled.accounts.map((a) => a.accountId)).not.toContain(e2);
    // ATS 3's failure before the expiry (the draw) is found after the outcome: its player could not wager either.
    const round = (await tableEvents(tableId)).find((e) => e.type === 'RapidRoundStarted')!.data as { startedAt: string };
    const found = await http()
      .post(`/rapid/tables/${tableId}/rounds/M1/malfunctions`)
      .set('Authorization', DEALER)
      .send({ scope: 'ats', atsId: ats3, occurredAt: round.startedAt, description: 'card reader dead from the start' })
      .expect(201);
    expect((found.body.events as { type: string }[]).find((e) => e.type === 'AtsSettlementRecalculated')).toMatchObject({ accountId: e3, movementCents: 1_000, minimumReturned: { amountCents: 1_000, clause: expect.stringContaining('Rapid 12.2.1(c)') } });
    expect(await balance(e3, ats3)).toBe(CREDIT);
    const reconciliation = (await http().get(`/rapid/accounts/${e3}/reconciliation`).set('Authorization', atsBearer(ats3)).expect(200)).body;
    expect(reconciliation).toMatchObject({ balanced: true, sumOfMovementsCents: CREDIT });
  });
});
