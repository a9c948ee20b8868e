/**
 * A table in tournament mode serves its own casino's tournament (Crown Melbourne 14.2.5; Star 15.5.2): the tables
 * service learns each tournament's casino from the tournaments service's published TournamentTermsPublished (its
 * rulebook) and TournamentTermsAmended (a new rulebook), and refuses staff opening a table for another casino's.
 */
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { publishTypes, topicFor, tournamentStreamId, TOURNAMENTS_INTEGRATION_EVENT_TYPES, type TournamentTermsPublished } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import { bearer, createTablesApp, TEST_AUTH_SECRET } from '../test-support/tables-test-app';

const PER_BET = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }];
const table = (tableId: string, rulebookId: string, tournamentId: string) => ({
  tableId,
  rulebookId,
  variant: 'traditional',
  offeredBets: PER_BET,
  decks: 8,
  limits: { perBet: PER_BET.map(({ bet }) => ({ bet, minimumCents: 2500, maximumCents: 500000 })) },
  minimumChipCents: 500,
  dealingMethod: rulebookId.startsWith('star') ? 'method-a' : 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 7,
  tournamentId,
});
const at = (casino: 'crown-melbourne' | 'crown-sydney' | 'star-sydney', role: Parameters<typeof bearer>[0] = 'gaming-supervisor') => ({
  Authorization: bearer(role, `${casino}-${role}`, TEST_AUTH_SECRET, [casino]),
});

describe('Crown Melbourne 14.2.5 / Star 15.5.2 casino scope: a table opened for another casino\'s tournament is refused 403 naming that casino and records nothing', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let tournaments: PostgresEventStore;
  const versions: Record<string, number> = {};
  const http = () => request(app.getHttpServer());

  /** What the tournaments service publishes, written where the tables service's subscription reads it. */
  const publish = async (type: 'TournamentTermsPublished' | 'TournamentTermsAmended', tournamentId: string, data: Record<string, unknown>) => {
    const version = versions[tournamentId] ?? 0;
    await tournaments.append(tournamentStreamId(tournamentId), 'tournament', version, [
      {
        eventId: randomUUID(),
        type,
        schemaVersion: 1,
        data: { tournamentId, ...data },
        metadata: { actor: { id: 'td-1', role: 'tournament-director' }, commandId: randomUUID(), correlationId: tournamentId, causationId: null, rulebookVersion: String(data.rulebookId ?? '') },
        occurredAt: new Date().toISOString(),
      },
    ]);
    versions[tournamentId] = version + 1;
  };
  const termsPublished = (tournamentId: string, rulebookId: string, jurisdiction: 'VIC' | 'NSW') =>
    publish('TournamentTermsPublished', tournamentId, {
      name: tournamentId,
      rulebookId,
      jurisdiction,
      terms: { chips: 0 },
      regulatorApproval: null,
      publishedAt: new Date().toISOString(),
      clause: 'Crown Melbourne 14.2.2',
    } satisfies Omit<TournamentTermsPublished, 'type' | 'tournamentId' | 'terms'> & { terms: unknown });
  const known = (tournamentId: string) => async () =>
    (await db.pool.query(`SELECT 1 FROM tables.known_tournaments WHERE tournament_id = $1`, [tournamentId]).catch(() => ({ rowCount: 0 }))).rowCount === 1;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('tables_known_tournaments', 6);
    tournaments = new PostgresEventStore(db.pool, 'tournaments');
    await tournaments.migrate();
    app = await createTablesApp(db.url, {
      poolSize: 6,
      postgresAudit: true,
      tournamentsSource: (pool) => eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_INTEGRATION_EVENT_TYPES), topicFor('tournaments')),
    });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("refuses Star staff a table for a Crown Melbourne tournament, 403 OUT_OF_CASINO naming crown-melbourne; the audit row names it; nothing is recorded; the Star's own tournament opens", async () => {
    await termsPublished('TOUR-MEL', 'crown-melbourne-v29', 'VIC');
    await termsPublished('TOUR-STAR', 'star-sydney-2024', 'NSW');
    await eventually('the tables service learnt of both tournaments', async () => (await known('TOUR-MEL')()) && (await known('TOUR-STAR')()));

    const refused = await http().post('/tables').set(at('star-sydney')).set('x-correlation-id', 'star-for-mel').send(table('STAR-T', 'star-sydney-2024', 'TOUR-MEL'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/Your token covers star-sydney; tournamentId TOUR-MEL belongs to crown-melbourne/) });
    await http().get('/tables/STAR-T').set(at('star-sydney', 'dealer')).expect(404);
    const audit = await db.pool.query(`SELECT casino, error_code FROM platform.audit_log WHERE correlation_id = 'star-for-mel'`);
    expect(audit.rows).toEqual([{ casino: 'crown-melbourne', error_code: 'OUT_OF_CASINO' }]);

    await http().post('/tables').set(at('star-sydney')).send(table('STAR-T', 'star-sydney-2024', 'TOUR-STAR')).expect(201);
    expect((await http().get('/tables/STAR-T').set(at('star-sydney', 'dealer')).expect(200)).body).toMatchObject({ tournamentId: 'TOUR-STAR' });
  });

  it('follows a tournament moved to another rulebook by its amended terms (TournamentTermsAmended.rulebookId)', async () => {
    await termsPublished('TOUR-MOVED', 'star-sydney-2021', 'NSW');
    await publish('TournamentTermsAmended', 'TOUR-MOVED', { previous: {}, next: {}, changedItems: ['startsAt'], reason: 'postponed', amendedAt: new Date().toISOString(), clause: 'Star 15.3.1', rulebookId: 'star-sydney-2024' });
    await eventually('the amended rulebook is known', async () =>
      (await db.pool.query(`SELECT 1 FROM tables.known_tournaments WHERE tournament_id = 'TOUR-MOVED' AND rulebook_id = 'star-sydney-2024'`).catch(() => ({ rowCount: 0 }))).rowCount === 1,
    );
    const refused = await http().post('/tables').set(at('crown-melbourne')).send(table('MEL-T', 'crown-melbourne-v29', 'TOUR-MOVED'));
    expect(refused.body).toMatchObject({ code: 'OUT_OF_CASINO', message: expect.stringMatching(/belongs to star-sydney/) });
  });

  it('opens a table for a tournament the tables service has never heard of, as before (the tournaments service flags it)', async () => {
    await http().post('/tables').set(at('crown-melbourne')).send(table('MEL-U', 'crown-melbourne-v29', 'TOUR-UNHEARD')).expect(201);
  });
});
