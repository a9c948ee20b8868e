import { randomUUID } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import { TABLES_INTEGRATION_EVENT_VERSIONS, tournamentStreamId } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { appendTableOpened, createTestDatabase, eventually, TestDatabase } from '@app/testing';
import request from 'supertest';
import { bearer, startTournamentsApp } from '../test-support/tournaments-app';
import { DIRECTOR as DIRECTOR_ACTOR, T0, completeTerms, crownTerms, heatUnderWay, play, playedCoup, termsStartingIn, untilStart } from './tournament-fixtures';
import type { TournamentCommand } from './tournament-command.types';
import { TOURNAMENT_STREAM_TYPE } from './tournament.commands';

describe('Tournament admin API over HTTP (Crown Melbourne 14, Star 15)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const DIRECTOR = bearer(['tournament-director']);
  const CASINO_MANAGER = bearer(['casino-manager']);
  const SUPERVISOR = bearer(['gaming-supervisor']);
  const DEALER = bearer(['dealer']);
  const NSW_REGULATOR = bearer(['regulator'], 'nicc-inspector', ['NSW']);
  const VIC_REGULATOR = bearer(['regulator'], 'vgccc-inspector', ['VIC']);
  const api = () => request(app.getHttpServer());
  const HOUR = 3_600_000;
  const publish = (id: string, over: Record<string, unknown> = {}) => ({ tournamentId: id, name: 'Spring Cup', operator: 'the-star-sydney', terms: completeTerms(), ...over });

  beforeAll(async () => {
    db = await createTestDatabase('tour_http');
    await new PostgresEventStore(db.pool, 'tables').migrate();
    app = await startTournamentsApp({ url: db.url, tablesSchema: 'tables' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("Star 2024 15.5.1, Crown Melbourne 14.2.4: a Star director designating tables the tournaments service knows under Crown's rulebooks (from the tables service's TableOpened) is refused 403 OUT_OF_CASINO naming the table and its casino, and nothing is designated; a table never seen is designated as before", async () => {
    const tables = new PostgresEventStore(db.pool, 'tables');
    const open = (tableId: string, rulebookId: string) => appendTableOpened(tables, tableId, rulebookId);
    await open('STAR-T1', 'star-sydney-2024');
    await open('MEL-T1', 'crown-melbourne-v29');
    await open('CS-T1', 'crown-sydney-guide');
    const STAR_DIRECTOR = bearer(['tournament-director'], 'td-star', undefined, ['star-sydney']);
    await api().post('/tournaments').set('Authorization', STAR_DIRECTOR).send(publish('star-scope')).expect(201);
    await api().post('/tournaments/star-scope/entries/close').set('Authorization', STAR_DIRECTOR).send({});
    // The tables service's TableOpened reach the tournaments service (its known tables): a Crown table is then refused.
    await eventually('the tables known', async () => ((await db.pool.query("SELECT 1 FROM tournaments.known_tables WHERE table_id IN ('STAR-T1', 'MEL-T1', 'CS-T1')")).rowCount === 3 ? true : undefined), 15_000);
    const refusal = await api().post('/tournaments/star-scope/tables').set('Authorization', STAR_DIRECTOR).send({ tableIds: ['STAR-T1', 'MEL-T1', 'CS-T1'] });
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/Your token covers star-sydney; tableIds MEL-T1 belongs to crown-melbourne/) });
    const csOnly = await api().post('/tournaments/star-scope/tables').set('Authorization', STAR_DIRECTOR).send({ tableIds: ['STAR-T1', 'CS-T1'] });
    expect(csOnly.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/tableIds CS-T1 belongs to crown-sydney/) });
    expect((await api().get('/tournaments/star-scope').set('Authorization', STAR_DIRECTOR)).body.designatedTables ?? []).toEqual([]);
    const ok = await api().post('/tournaments/star-scope/tables').set('Authorization', STAR_DIRECTOR).send({ tableIds: ['STAR-T1', 'NEVER-SEEN'] });
    expect(ok.status).toBeLessThan(300);
  });

  it('Star 2024 15.5.1-15.5.2: designating a table the tables service has open in tournament mode for another tournament still running is refused 409 naming the table, that tournament and the clause, and nothing is designated', async () => {
    await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('winter-cup')).expect(201);
    await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('summer-cup')).expect(201);
    const opened = { tableId: 'M1', jurisdiction: 'NSW', rulebookId: 'star-sydney-2024', variant: 'traditional', offeredBets: [], decks: 8, limits: { perBet: {} }, minimumChipCents: 1, dealingMethod: 'dealing-shoe', jackpotIds: [], boxes: 7, tournamentId: 'winter-cup', openedAt: new Date().toISOString() };
    await new PostgresEventStore(db.pool, 'tables').append('table-M1', 'table', 'any', [
      { eventId: randomUUID(), type: 'TableOpened', schemaVersion: TABLES_INTEGRATION_EVENT_VERSIONS.TableOpened, data: opened, metadata: { actor: { id: 'am-1', role: 'area-manager' }, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'star-sydney-2024' }, occurredAt: new Date().toISOString() },
    ]);
    await eventually('M1 in tournament mode', async () => ((await db.pool.query("SELECT 1 FROM tournaments.table_assignments WHERE table_id = 'M1' AND tournament_id = 'winter-cup'")).rowCount === 1 ? true : undefined), 15_000);
    const refusal = await api().post('/tournaments/summer-cup/tables').set('Authorization', DIRECTOR).send({ tableIds: ['M1'] });
    expect(refusal.status).toBe(409);
    expect(refusal.body).toMatchObject({ code: 'TABLE_IN_ANOTHER_TOURNAMENT', field: 'tableIds', clause: 'Star 2024 15.5.1; Star 2024 15.5.2', message: expect.stringMatching(/Table M1 .*tournament winter-cup/) });
    expect((await api().get('/tournaments/summer-cup').set('Authorization', DIRECTOR)).body.designatedTables).toEqual([]);
    await api().post('/tournaments/winter-cup/tables').set('Authorization', DIRECTOR).send({ tableIds: ['M1'] }).expect(200);
  });

  it("Star 2024 15.5.2, Crown Melbourne 14.2.5: a Star director seating a session's players at a Crown table is refused 403 OUT_OF_CASINO naming the seat's table and its casino, before any rule of the session is weighed, and no session starts", async () => {
    const tables = new PostgresEventStore(db.pool, 'tables');
    await appendTableOpened(tables, 'MEL-S1', 'crown-melbourne-v29');
    await appendTableOpened(tables, 'STAR-S1', 'star-sydney-2024');
    const STAR_DIRECTOR = bearer(['tournament-director'], 'td-star', undefined, ['star-sydney']);
    await api().post('/tournaments').set('Authorization', STAR_DIRECTOR).send(publish('star-seating')).expect(201);
    await eventually('the tables known', async () => ((await db.pool.query("SELECT 1 FROM tournaments.known_tables WHERE table_id IN ('MEL-S1', 'STAR-S1')")).rowCount === 2 ? true : undefined), 15_000);
    const seating = [
      { entryId: 'e1', tableId: 'STAR-S1', box: 1 },
      { entryId: 'e2', tableId: 'MEL-S1', box: 1 },
    ];
    const refusal = await api().post('/tournaments/star-seating/sessions').set('Authorization', STAR_DIRECTOR).send({ sessionId: 'h1', kind: 'heat', seating });
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/seating\[1\]\.tableId MEL-S1 belongs to crown-melbourne/) });
    expect((await api().get('/tournaments/star-seating').set('Authorization', STAR_DIRECTOR)).body.sessions ?? []).toEqual([]);
  });

  it('lets the Tournament Manager publish terms; a casino manager may not (403) and nothing is stored (Star 2024 15.1.1)', async () => {
    const denied = await api().post('/tournaments').set('Authorization', CASINO_MANAGER).send(publish('denied'));
    expect(denied.status).toBe(403);
    expect((await api().get('/tournaments/denied').set('Authorization', DIRECTOR)).status).toBe(404);
    const ok = await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('cup'));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ tournamentId: 'cup', rulebookId: 'star-sydney-2024', status: 'open', prizePoolCents: 50_000 });
  });

  it('answers a malformed body with 400 naming the field and the rule; nothing is stored', async () => {
    const res = await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('bad', { terms: { ...completeTerms(), startingChips: 1.5 } }));
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'terms.startingChips', rule: 'isInt' })]));
    expect((await api().get('/tournaments/bad').set('Authorization', DIRECTOR)).status).toBe(404);
  });

  it('refuses incomplete terms with 422 listing every missing item and its clause (Star 2024 15.4.2)', async () => {
    const { entryFee: _fee, passCards: _pass, ...rest } = completeTerms();
    const res = await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('incomplete', { terms: rest }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'TERMS_INCOMPLETE', field: 'terms' });
    expect(res.body.message).toContain('entryFee (Star 2024 15.4.2(a))');
    expect(res.body.message).toContain('passCards (Star 2024 15.4.2(f))');
  });

  it('takes the Idempotency-Key as the command id: a retried entry counts once in the prize pool (Star 2024 15.3.2)', async () => {
    const entry = { entryId: 'e1', patronId: 'P1', entitledToGamble: true, feePaidCents: 10_000 };
    const first = await api().post('/tournaments/cup/entries').set('Authorization', DIRECTOR).set('Idempotency-Key', 'entry-e1').send(entry);
    const again = await api().post('/tournaments/cup/entries').set('Authorization', DIRECTOR).set('Idempotency-Key', 'entry-e1').send(entry);
    expect(first.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await api().get('/tournaments/cup').set('Authorization', DIRECTOR)).body.prizePoolCents).toBe(60_000);
  });

  it('lets a Game Supervisor read a tournament and an NSW regulator read an NSW one; a Victorian regulator and a dealer may not', async () => {
    expect((await api().get('/tournaments/cup').set('Authorization', SUPERVISOR)).status).toBe(200);
    expect((await api().get('/tournaments/cup').set('Authorization', NSW_REGULATOR)).status).toBe(200);
    expect((await api().get('/tournaments/cup').set('Authorization', VIC_REGULATOR)).body).toMatchObject({ code: 'TOURNAMENT_OUT_OF_JURISDICTION' });
    expect((await api().get('/tournaments/cup').set('Authorization', DEALER)).status).toBe(403);
  });

  it('lets an NSW regulator read an NSW tournament\'s standings and not a Victorian one\'s, as for the tournament itself (Star 2024 15.5.8; Crown Melbourne 14.2.2(b))', async () => {
    expect((await api().get('/tournaments/cup/standings').set('Authorization', NSW_REGULATOR)).status).toBe(200);
    const vic = await api().get('/tournaments/cup/standings').set('Authorization', VIC_REGULATOR);
    expect(vic.status).toBe(403);
    expect(vic.body).toMatchObject({ code: 'TOURNAMENT_OUT_OF_JURISDICTION' });
    expect((await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('vic-cup', { operator: 'crown-melbourne', terms: termsStartingIn(HOUR, { orderOfWagering: null }) }))).status).toBe(201);
    expect((await api().get('/tournaments/vic-cup/standings').set('Authorization', VIC_REGULATOR)).status).toBe(200);
    expect((await api().get('/tournaments/vic-cup/standings').set('Authorization', NSW_REGULATOR)).body).toMatchObject({ code: 'TOURNAMENT_OUT_OF_JURISDICTION' });
    expect((await api().get('/tournaments/vic-cup/standings').set('Authorization', SUPERVISOR)).status).toBe(200);
  });

  it('creates no amendment for the same terms read back from the store in its own key order, and tells the VGCCC only what changed (Crown Melbourne 14.4.1(c))', async () => {
    // Before the tournament starts, as the VGCCC is told of a change to its details (Crown Melbourne 14.2.2; 14.4.1(c)).
    const terms = termsStartingIn(HOUR, { orderOfWagering: null });
    expect((await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('melb-cup', { operator: 'crown-melbourne', terms }))).status).toBe(201);
    const same = await api().put('/tournaments/melb-cup/terms').set('Authorization', DIRECTOR).send({ terms, reason: 'Re-sent unchanged' });
    expect(same.status).toBe(200);
    expect(same.body.events).toEqual([]);
    const moved = await api().put('/tournaments/melb-cup/terms').set('Authorization', DIRECTOR).send({ terms: { ...terms, location: 'Mahogany Room' }, reason: 'Larger room' });
    expect(moved.body.events.map((e: { type: string }) => e.type)).toEqual(['TournamentTermsAmended', 'TournamentRegulatorNotified']);
    expect(moved.body.events[0]).toMatchObject({ changedItems: ['location'] });
    expect(moved.body.events[1]).toMatchObject({ regulator: 'VGCCC', summary: 'Changed: location. Larger room' });
  });

  it('Crown Melbourne 14.2.2: refuses, 422 naming the schedule, terms published after the scheduled start, and records nothing (no VGCCC notice, no entry)', async () => {
    const late = await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('late-cup', { operator: 'crown-melbourne', terms: crownTerms() }));
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'TERMS_AFTER_TOURNAMENT_START', clause: 'Crown Melbourne 14.2.2', field: 'terms.schedule.startsAt' });
    expect((await api().get('/tournaments/late-cup').set('Authorization', DIRECTOR)).status).toBe(404);
    const entry = await api().post('/tournaments/late-cup/entries').set('Authorization', DIRECTOR).send({ entryId: 'e1', patronId: 'P1', entitledToGamble: true, feePaidCents: 10_000 });
    expect(entry.status).toBe(404);
  });

  it('a command or read for a tournament never published is 404 TOURNAMENT_NOT_FOUND naming the tournament id as the field and saying how to publish it', async () => {
    for (const res of [
      await api().post('/tournaments/never-cup-7/entries').set('Authorization', DIRECTOR).send({ entryId: 'e1', patronId: 'P1', entitledToGamble: true, feePaidCents: 10_000 }),
      await api().post('/tournaments/never-cup-7/tables').set('Authorization', DIRECTOR).send({ tableIds: ['T1'] }),
      await api().get('/tournaments/never-cup-7').set('Authorization', DIRECTOR),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'TOURNAMENT_NOT_FOUND', field: 'tournamentId', message: expect.stringContaining('never-cup-7') });
    }
  });

  it('Crown Melbourne 14.4.1(c): refuses, 409 citing the clause, a change of location once the tournament has started; the prize payment may still change', async () => {
    const terms = termsStartingIn(1_500, { orderOfWagering: null });
    expect((await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('started-cup', { operator: 'crown-melbourne', terms }))).status).toBe(201);
    await untilStart(terms);
    const moved = await api().put('/tournaments/started-cup/terms').set('Authorization', DIRECTOR).send({ terms: { ...terms, location: 'Mahogany Room' }, reason: 'Larger room' });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'TOURNAMENT_DETAILS_LOCKED', clause: 'Crown Melbourne 14.4.1(a)(iv); 14.4.1(c)' });
    const paid = await api().put('/tournaments/started-cup/terms').set('Authorization', DIRECTOR).send({ terms: { ...terms, prizePayment: 'By cheque within 14 days.' }, reason: 'Cheques' });
    expect(paid.status).toBe(200);
  });

  it('lets a dealer record a pass card but not accept an entry (Star 2024 15.7.1; 15.1.1)', async () => {
    const entry = await api().post('/tournaments/cup/entries').set('Authorization', DEALER).send({ entryId: 'e2', patronId: 'P2', entitledToGamble: true, feePaidCents: 10_000 });
    expect(entry.status).toBe(403);
    const pass = await api().post('/tournaments/cup/coups/c1/pass-cards').set('Authorization', DEALER).send({ tableId: 'T1', entryId: 'e1' });
    // Allowed to ask; refused by the tournament because no coup is in play at T1.
    expect(pass.status).toBe(409);
    expect(pass.body.code).toBe('COUP_NOT_OPEN');
  });

  it('lets the Tournament Manager ask for an add-on and refuses it naming the rule; a dealer may not sell chips (Star 2024 15.6.5; 15.1.1)', async () => {
    const denied = await api().post('/tournaments/cup/entries/e1/chips').set('Authorization', DEALER).send({ kind: 'add-on', feePaidCents: 2_000 });
    expect(denied.status).toBe(403);
    const refused = await api().post('/tournaments/cup/entries/e1/chips').set('Authorization', DIRECTOR).send({ kind: 'add-on', feePaidCents: 2_000 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ADD_ON_NOT_PERMITTED', field: 'kind' });
    expect(JSON.stringify(refused.body)).toContain('Star 2024 15.6.5');
    const bad = await api().post('/tournaments/cup/entries/e1/chips').set('Authorization', DIRECTOR).send({ kind: 'top-up', feePaidCents: -1 });
    expect(bad.status).toBe(400);
    expect((await api().get('/tournaments/cup').set('Authorization', DIRECTOR)).body.prizePoolCents).toBe(60_000);
  });

  it('lets a dealer place a marker but not a regulator; the Star has none (Crown Melbourne 14.4.4(e)-(f); Star 2024 15)', async () => {
    const body = { tableId: 'T1', entryId: 'e1', marker: 'stand-off' };
    expect((await api().post('/tournaments/cup/coups/c1/markers').set('Authorization', NSW_REGULATOR).send(body)).status).toBe(403);
    const res = await api().post('/tournaments/cup/coups/c1/markers').set('Authorization', DEALER).send(body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('STAND_OFF_MARKERS_NOT_PROVIDED');
  });

  it('lets the Tournament Manager start a session naming players who could not provide the buy-in; a dealer may not (Star 2024 15.6.2-15.6.3; 15.1.1)', async () => {
    const body = { sessionId: 'h1', kind: 'heat', seating: [{ entryId: 'e1', tableId: 'T1', box: 1 }], buyInNotProvided: ['e1'] };
    expect((await api().post('/tournaments/cup/sessions').set('Authorization', DEALER).send(body)).status).toBe(403);
    const bad = await api().post('/tournaments/cup/sessions').set('Authorization', DIRECTOR).send({ ...body, buyInNotProvided: ['e1', 'e1'] });
    expect(bad.status).toBe(400);
    expect(bad.body.violations).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'buyInNotProvided' })]));
    // Allowed to ask; refused by the tournament because entries are still open.
    const asked = await api().post('/tournaments/cup/sessions').set('Authorization', DIRECTOR).send(body);
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('ENTRIES_OPEN');
    expect((await api().get('/tournaments/cup').set('Authorization', DIRECTOR)).body).toMatchObject({ status: 'open', prizePoolCents: 60_000 });
  });
  it('refunds on cancellation a late withdrawal\'s fee kept in the pool, but not a disqualified player\'s (Star 2024 15.3.4; 15.3.2; 15.5.7)', async () => {
    expect((await api().post('/tournaments').set('Authorization', DIRECTOR).send(publish('storm-cup'))).status).toBe(201);
    for (const n of [1, 2, 3]) expect((await api().post('/tournaments/storm-cup/entries').set('Authorization', DIRECTOR).send({ entryId: `e${n}`, patronId: `S${n}`, entitledToGamble: true, feePaidCents: 10_000 })).status).toBe(201);
    // The withdrawal period ended 25 Feb 2026: the fee stays in the pool (Star 15.3.2).
    const late = await api().post('/tournaments/storm-cup/entries/e2/withdraw').set('Authorization', DIRECTOR).send({});
    expect(late.body.events[0]).toMatchObject({ type: 'TournamentEntryWithdrawn', refundCents: 0 });
    const dq = await api().post('/tournaments/storm-cup/entries/e3/disqualify').set('Authorization', DIRECTOR).send({ reason: 'contravention', description: 'Exchanged chips' });
    expect(dq.body.events[0]).toMatchObject({ type: 'TournamentPlayerDisqualified', refundCents: 0 });
    const cancelled = await api().post('/tournaments/storm-cup/cancel').set('Authorization', DIRECTOR).send({ reason: 'Storm' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.events[0]).toMatchObject({
      type: 'TournamentCancelled',
      clause: 'Star 2024 15.3.4',
      refunds: [
        { entryId: 'e1', patronId: 'S1', refundCents: 10_000 },
        { entryId: 'e2', patronId: 'S2', refundCents: 10_000 },
      ],
    });
  });

  it('Crown Melbourne 14.4.8(b)(vi): a final play-off whose other player retires is decided by the retirement; the session ends and the retired player takes no prize place', async () => {
    // The final under Crown Melbourne: e1 and e2 finish level on top, e3 third; their play-off p1 is under way.
    const start = (sessionId: string, kind: 'heat' | 'final' | 'play-off', entries: string[]): TournamentCommand => ({ type: 'StartSession', actor: DIRECTOR_ACTOR, now: T0, sessionId, kind, seating: entries.map((entryId, i) => ({ entryId, tableId: 'T1', box: i + 1 })) });
    const end = (sessionId: string): TournamentCommand => ({ type: 'EndSession', actor: DIRECTOR_ACTOR, now: T0, sessionId });
    const terms = crownTerms({ prizeDistribution: { basisPoints: [5_000, 3_000, 2_000] }, format: { description: 'Heats of six, the top three to the final.', advancePerTable: 3 } });
    const history = play(
      [
        ...playedCoup('c1', [[1, 100, true], [2, 100, true], [3, 50, true], [4, 10, false], [5, 10, false], [6, 10, false]]),
        end('h1'),
        start('f1', 'final', ['e1', 'e2', 'e3']),
        ...playedCoup('f-c1', [[1, 100, true], [2, 100, true], [3, 10, false]]),
        end('f1'),
        start('p1', 'play-off', ['e1', 'e2']),
      ],
      heatUnderWay(6, 'crown-melbourne', terms),
    );
    await new PostgresEventStore(db.pool, 'tournaments').append(
      tournamentStreamId('retired-cup'),
      TOURNAMENT_STREAM_TYPE,
      0,
      history.map(({ type, ...data }) => ({
        eventId: randomUUID(),
        type,
        schemaVersion: 1,
        data: { ...data, tournamentId: 'retired-cup' } as Record<string, unknown>,
        metadata: { actor: DIRECTOR_ACTOR, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: 'crown-melbourne-v29' },
        occurredAt: T0,
      })),
    );
    const retired = await api().post('/tournaments/retired-cup/entries/e2/retire').set('Authorization', DIRECTOR).send({});
    expect(retired.status).toBe(200);
    expect(retired.body.events.map((e: { type: string }) => e.type)).toEqual(['TournamentPlayerRetired', 'TournamentPlayOffDecided']);
    expect((await api().post('/tournaments/retired-cup/sessions/p1/end').set('Authorization', DIRECTOR).send({})).status).toBe(200);
    const results = await api().post('/tournaments/retired-cup/results').set('Authorization', DIRECTOR).send({});
    expect(results.status).toBe(200);
    const declared = results.body.events.find((e: { type: string }) => e.type === 'TournamentResultsDeclared');
    expect(declared.placings.map((p: { entryId: string }) => p.entryId)).toEqual(['e1', 'e3']);
  });
});
