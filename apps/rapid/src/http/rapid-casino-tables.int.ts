/**
 * The Rapid tables of one casino over HTTP against the real PostgreSQL: pay-table options are the same on every
 * Rapid table of the casino, whatever floor a table is labelled with, and the Dragon Bonus has one option as a
 * whole (Rapid 10.1 footnote); an ATS belongs to one table, so its token reaches only that table's accounts
 * (Rapid 2.2(a), 4.3, 6.1).
 */
import { randomUUID } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import type { Pool } from 'pg';
import request from 'supertest';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { LIMITS, OFFERED_BETS } from '../test-support/rapid-fixtures';
import { bearer, startRapidApp } from '../test-support/rapid-app';

const MANAGER = bearer(['area-manager'], 'am-1');
const DEALER = bearer(['dealer'], 'dealer-1');
const withOption = (bet: string, option: string) => OFFERED_BETS.map((b) => (b.bet === bet ? { ...b, option } : { ...b }));
const table = (tableId: string, over: Record<string, unknown> = {}) => ({
  tableId,
  variant: 'traditional',
  offeredBets: OFFERED_BETS,
  limits: LIMITS,
  decks: 8,
  stations: [1, 2].map((n) => ({ atsId: `${tableId}-ATS0${n}`, remote: false, printer: false })),
  ...over,
});

describe('The Rapid tables of the casino (Rapid 10.1 footnote, 2.2(a))', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase('rapid_casino', 6);
    app = await startRapidApp({ url: db.url, poolSize: 6 });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('C1', { floorId: 'north' })).expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 10.1 (footnote): a table labelled with another floor may not offer a side wager at another option', async () => {
    const refused = await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('C2', { floorId: 'south', offeredBets: withOption('perfect-pairs', '2') })).expect(422);
    expect(refused.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', field: 'offeredBets[4].option' });
    expect(refused.body.message).toContain('C1');
    await request(base).get('/rapid/tables/C2').set('Authorization', DEALER).expect(404);
    await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('C2', { floorId: 'south' })).expect(201);
  });

  it('Rapid 10.1 (footnote): the Banker Dragon Bonus may not take another option than the Player Dragon Bonus', async () => {
    const refused = await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('C3', { offeredBets: withOption('dragon-bonus-banker', '2') })).expect(422);
    expect(refused.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', field: 'offeredBets[6].option' });
    expect(refused.body.message).toContain('Dragon Bonus');
  });

  it("Rapid 1.1 'SGC': a command for a table never opened is refused naming the table", async () => {
    const outcome = { playerCards: ['2H', '4S'], bankerCards: ['7D', 'KC'] };
    for (const [path, body] of [['/rapid/tables/NOPE-9/rounds', {}], ['/rapid/tables/NOPE-9/rounds/R1/freeze', { reason: 'x' }], ['/rapid/tables/NOPE-9/rounds/R1/outcome', outcome], ['/rapid/tables/NOPE-9/rounds/R1/corrected-outcome', outcome]] as const) {
      const r = await request(base).post(path).set('Authorization', DEALER).send(body).expect(404);
      expect({ path, code: r.body.code, named: String(r.body.message).includes('NOPE-9') }).toEqual({ path, code: 'RAPID_TABLE_NOT_FOUND', named: true });
    }
  });

  it('Rapid 2.2(a), 4.3, 6.1: an ATS already at another open table is refused, naming the ATS; nothing is opened', async () => {
    const stations = [{ atsId: 'C4-ATS01', remote: false, printer: false }, { atsId: 'C1-ATS02', remote: false, printer: false }];
    const refused = await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('C4', { stations })).expect(422);
    expect(refused.body).toMatchObject({ code: 'ATS_AT_ANOTHER_TABLE', field: 'stations[1].atsId', clause: 'Rapid 2.2(a); 4.3; 6.1' });
    expect(refused.body.message).toContain('C1-ATS02');
    await request(base).get('/rapid/tables/C4').set('Authorization', DEALER).expect(404);
  });
});

describe('Tables opened before the casino kept one registry (Rapid 10.1 footnote, 2.2(a))', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase('rapid_casino_legacy', 6);
    app = await startRapidApp({ url: db.url, poolSize: 6 });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    // A table opened when each floor kept its own registry: its RapidTableOpened is in the store, the casino's registry empty.
    const opened = { tableId: 'L1', floorId: 'east', terms: { rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: withOption('perfect-pairs', '2'), limits: LIMITS, aggregateMinimumCents: null }, decks: 8, wageringPeriodSeconds: 30, wageringPeriodSetBy: 'rulebook-default', stations: [{ atsId: 'L1-ATS01', remote: false, printer: false }], openedAt: '2026-11-01T00:00:00.000Z', clause: 'Rapid 8.1' };
    const metadata = { actor: { id: 'am-0', role: 'area-manager' }, commandId: 'legacy-open', correlationId: 'legacy-open', causationId: null, rulebookVersion: 'crown-melbourne-rapid' };
    await new PostgresEventStore(app.get<Pool>(PG_POOL), 'rapid').append('rapid-table-L1', 'rapid-table', 0, [{ eventId: randomUUID(), type: 'RapidTableOpened', schemaVersion: 1, data: opened, metadata, occurredAt: opened.openedAt }], 'legacy-open');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('Rapid 10.1 (footnote), 2.2(a): the first table of the casino registry is held to the tables already open, whatever their floor', async () => {
    const options = await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('N1', { floorId: 'west' })).expect(422);
    expect(options.body).toMatchObject({ code: 'OPTION_NOT_UNIFORM_ACROSS_TABLES', field: 'offeredBets[4].option' });
    expect(options.body.message).toContain('L1');
    const ats = await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('N1', { offeredBets: withOption('perfect-pairs', '2'), stations: [{ atsId: 'L1-ATS01', remote: false, printer: false }] })).expect(422);
    expect(ats.body).toMatchObject({ code: 'ATS_AT_ANOTHER_TABLE' });
    await request(base).post('/rapid/tables').set('Authorization', MANAGER).send(table('N1', { offeredBets: withOption('perfect-pairs', '2') })).expect(201);
  });
});
