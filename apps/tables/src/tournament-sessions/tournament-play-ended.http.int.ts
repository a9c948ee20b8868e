/**
 * What the tables service hears from the tournaments service's published events once a tournament, an entry or a box's
 * coup is done with: a cancelled tournament's tables take none of its chips (Star 2024 15.3.4; 15.5.2), a disqualified
 * entry's box wagers no more in the session (15.5.2; 15.6.4), and a box that played an All-In marker places nothing
 * else that coup (Crown Melbourne 14.4.4(e)).
 */
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { publishTypes, topicFor, tournamentStreamId, TOURNAMENTS_INTEGRATION_EVENT_TYPES } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { eventSource } from '@app/messaging';
import { createTestDatabase, eventually, type TestDatabase } from '@app/testing';
import { bearer, createTablesApp, readyShoeOverHttp } from '../test-support/tables-test-app';

const PER_BET = [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }];
const table = (tableId: string, rulebookId: string, tournamentId: string) => ({
  tableId,
  rulebookId,
  variant: 'traditional',
  offeredBets: PER_BET,
  decks: 8,
  limits: { perBet: PER_BET.map(({ bet }) => ({ bet, minimumCents: 1000, maximumCents: 500000 })) },
  minimumChipCents: 500,
  dealingMethod: rulebookId.startsWith('star') ? 'method-a' : 'dealer-retains-shoe',
  jackpotIds: [],
  boxes: 7,
  tournamentId,
});
const as = (role: Parameters<typeof bearer>[0]) => ({ Authorization: bearer(role) });
const DIRECTOR = { id: 'td-1', role: 'tournament-director' };

describe('tables hear a tournament cancelled, an entry out of play and an All-In marker (Star 2024 15.3.4; 15.5.2; 15.6.4; Crown Melbourne 14.4.4(e))', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let tournaments: PostgresEventStore;
  const versions: Record<string, number> = {};
  const http = () => request(app.getHttpServer());

  /** What the tournaments service publishes, written where the tables service's subscription reads it. */
  const publish = async (type: string, tournamentId: string, data: Record<string, unknown>) => {
    const version = versions[tournamentId] ?? 0;
    await tournaments.append(tournamentStreamId(tournamentId), 'tournament', version, [
      { eventId: randomUUID(), type, schemaVersion: 1, data: { tournamentId, ...data }, metadata: { actor: DIRECTOR, commandId: randomUUID(), correlationId: tournamentId, causationId: null, rulebookVersion: '' }, occurredAt: new Date().toISOString() },
    ]);
    versions[tournamentId] = version + 1;
  };
  const recorded = (tableId: string, type: string) => async () => (await db.pool.query(`SELECT 1 FROM tables.events WHERE stream_id = $1 AND type = $2`, [`table-${tableId}`, type])).rowCount === 1;
  /** A table in tournament mode, the session seating `boxes` there, each seated by its entry's player, and a coup taking wagers. */
  const inPlay = async (tableId: string, rulebookId: string, tournamentId: string, boxes: number[]) => {
    await http().post('/tables').set(as('gaming-supervisor')).send(table(tableId, rulebookId, tournamentId)).expect(201);
    const seating = boxes.map((box) => ({ entryId: `e${box}`, patronId: `P-e${box}`, tableId, box, chips: 1000 }));
    await publish('TournamentSessionStarted', tournamentId, { sessionId: 'heat-1', kind: 'heat', playOff: null, seating, passCards: 0, minimumWager: 1000, maximumWager: 50000, clause: 'tournament' });
    await eventually(`the session is noted at ${tableId}`, recorded(tableId, 'TournamentSessionSeated'));
    for (const box of boxes) await http().post(`/tables/${tableId}/seats`).set(as('dealer')).send({ box, sessionId: `${tableId}-s${box}`, patronId: `P-e${box}` }).expect(201);
    await readyShoeOverHttp(app, tableId, 'a'.repeat(64));
    await http().post(`/tables/${tableId}/coups`).set(as('dealer')).send({ coupId: 'c1' }).expect(201);
  };
  const wager = (tableId: string, wagerId: string, box: number, bet: string, amountCents: number) => http().post(`/tables/${tableId}/coups/c1/wagers`).set(as('dealer')).send({ wagers: [{ wagerId, box, bet, amountCents }] });

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    db = await createTestDatabase('tables_tournament_play_ended', 6);
    tournaments = new PostgresEventStore(db.pool, 'tournaments');
    await tournaments.migrate();
    app = await createTablesApp(db.url, {
      poolSize: 6,
      tournamentsSource: (pool) => eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_INTEGRATION_EVENT_TYPES), topicFor('tournaments')),
    });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Star 2024 15.3.4: once the tournament is cancelled its table refuses a tournament-chip wager, 422 naming the clause and the cancellation, and records none', async () => {
    await inPlay('TS3-A', 'star-sydney-2024', 'TOUR-CXL', [1]);
    await publish('TournamentCancelled', 'TOUR-CXL', { reason: 'venue unavailable', refunds: [], cancelledAt: new Date().toISOString(), clause: 'Star 2024 15.3.4' });
    await eventually('the cancellation is noted at the table', recorded('TS3-A', 'TournamentCancelledAtTable'));
    const refused = await wager('TS3-A', 'w1', 1, 'player', 3000);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'TOURNAMENT_CANCELLED', field: 'wagers[0].box', clause: 'Star 2024 15.3.4; Star 2024 15.5.2' });
    expect(refused.body.message).toContain('venue unavailable');
    expect((await db.pool.query(`SELECT 1 FROM tables.events WHERE stream_id = 'table-TS3-A' AND type = 'WagersAccepted'`)).rowCount).toBe(0);
  });

  it("Star 2024 15.6.4: a disqualified entry's box is refused for the rest of the session, 422 naming the clause; the other boxes play", async () => {
    await inPlay('TS4-A', 'star-sydney-2024', 'TOUR-DQ', [1, 5]);
    await publish('TournamentPlayerDisqualified', 'TOUR-DQ', {
      sessionId: 'heat-1',
      entryId: 'e5',
      patronId: 'P-e5',
      reason: 'no-wager-without-pass-card',
      description: 'no wager on coup 3 and no pass card',
      chipsWithdrawn: 1000,
      refundCents: 0,
      prizePoolAfterCents: 0,
      disqualifiedAt: new Date().toISOString(),
      clause: 'Star 2024 15.6.4',
    });
    await eventually('the entry is out of play at the table', recorded('TS4-A', 'TournamentBoxesOutOfPlay'));
    const refused = await wager('TS4-A', 'w5', 5, 'player', 3000);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'TOURNAMENT_ENTRY_OUT_OF_PLAY', clause: 'Star 2024 15.6.4; Star 2024 15.5.2' });
    expect(refused.body.message).toContain('entry e5');
    await wager('TS4-A', 'w1', 1, 'player', 3000).expect(201);
  });

  it('Crown Melbourne 14.4.4(e): a box that played an All-In marker is refused a further wager that coup, 422 naming the clause, where it was taken and dropped', async () => {
    await inPlay('TM-A', 'crown-melbourne-v29', 'TOUR-AI', [1, 3]);
    await publish('TournamentMarkerPlayed', 'TOUR-AI', { sessionId: 'heat-1', tableId: 'TM-A', coupId: 'c1', entryId: 'e3', box: 3, marker: 'all-in', bet: 'player', remaining: 0, clause: 'Crown Melbourne 14.4.4(e)' });
    await eventually('the marker is noted at the table', recorded('TM-A', 'TournamentMarkerNoted'));
    const refused = await wager('TM-A', 'w3', 3, 'banker', 1000);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ALL_IN_MARKER_PLAYED', field: 'wagers[0].box', clause: 'Crown Melbourne 14.4.4(e)' });
    await wager('TM-A', 'w1', 1, 'banker', 1000).expect(201);
  });
});
