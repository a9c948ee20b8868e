import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { TABLES_INTEGRATION_EVENT_VERSIONS, type TablesIntegrationEventType } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore, type NewEvent } from '@app/event-store';
import { configureServiceApp, isCasinoBound, PlatformKitModule, type Role } from '@app/platform-kit';
import { createTestDatabase, EVERY_CASINO, TestDatabase, testBearer } from '@app/testing';
import { ReportingModule } from '../reporting.module';

const SECRET = 'reporting-what-if-secret';
const bearer = (role: Role) => testBearer({ roles: [role], casinos: isCasinoBound(role) ? EVERY_CASINO : undefined, secret: SECRET, ttlSeconds: 600 });
const CASINO_MANAGER = bearer('casino-manager');

/** The tables service's published events of one Crown Melbourne table, as the reporting service receives them. */
const tableEvents = (tableId: string): NewEvent[] => {
  const events: NewEvent[] = [];
  let n = 0;
  const at = (minute: number) => new Date(Date.parse('2026-10-02T09:00:00.000Z') + minute * 60_000).toISOString();
  const push = (type: TablesIntegrationEventType, minute: number, data: Record<string, unknown>) => {
    const id = `00000000-0000-4000-8000-${tableId.length}${String(n++).padStart(11, '0')}`.slice(0, 36);
    events.push({ eventId: id, type, schemaVersion: TABLES_INTEGRATION_EVENT_VERSIONS[type], data: { tableId, ...data }, metadata: { actor: { id: 'd-1', role: 'dealer' }, commandId: id, correlationId: id, causationId: null, rulebookVersion: 'crown-melbourne-v29' }, occurredAt: at(minute) });
  };
  const lim = (minimumCents: number, maximumCents: number) => ({ minimumCents, maximumCents });
  push('TableOpened', 0, {
    jurisdiction: 'VIC', rulebookId: 'crown-melbourne-v29', variant: 'traditional', decks: 8, minimumChipCents: 100, dealingMethod: 'dealer-retains-shoe', jackpotIds: [], boxes: 7, openedAt: at(0),
    offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }, { bet: 'super-6', option: '15' }],
    limits: { perBet: { player: lim(1000, 1000000), banker: lim(1000, 1000000), tie: lim(500, 100000), 'super-6': lim(500, 50000) } },
  });
  const coup = (minute: number, coupId: string, playerCards: string[], bankerCards: string[], wagers: [string, string, number, { outcome: string; winCents: number; returnedCents: number; commissionImmediateCents: number }][]) => {
    push('CoupStarted', minute, { shoeId: 's1', coupId, coupNumber: minute, dummy: false, clause: null, startedAt: at(minute) });
    const accepted = wagers.map(([id, bet, amountCents], i) => ({ wagerId: `${coupId}-${id}`, box: i + 1, patronId: null, bet, option: bet === 'super-6' ? '15' : bet === 'banker' ? 'traditional' : 'standard', amountCents, medium: 'chips' }));
    push('WagersAccepted', minute, { coupId, wagers: accepted });
    push('CoupCompleted', minute, { shoeId: 's1', coupId, coupNumber: minute, dummy: false, playerCards, bankerCards, playerTotal: 0, bankerTotal: 0, result: 'banker', naturals: { player: false, banker: false }, pairs: { player: false, banker: false }, jackpotIds: [], tieWagers: [], completedAt: at(minute) });
    push('WagersSettled', minute, { shoeId: 's1', coupId, settledAt: at(minute), settlements: accepted.map((w, i) => ({ ...w, ...wagers[i][3], commissionDeferredCents: 0, odds: '', clause: '' })) });
  };
  const won = (winCents: number, returnedCents: number, commissionImmediateCents = 0) => ({ outcome: 'win', winCents, returnedCents, commissionImmediateCents });
  const lost = { outcome: 'lose', winCents: 0, returnedCents: 0, commissionImmediateCents: 0 };
  // Banker 6 beats Player 5 (Crown Melbourne Table 2: Banker stands on 6 after a Player third card of 10).
  coup(1, 'c1', ['2H', '3D', '10H'], ['3C', '3S'], [['b', 'banker', 10000, won(10000, 10000, 500)], ['s', 'super-6', 1000, won(15000, 1000)], ['p', 'player', 5000, lost]]);
  // Player natural 9 beats 5.
  coup(2, 'c2', ['4H', '5D'], ['2C', '3C'], [['p', 'player', 3000, won(3000, 3000)], ['b', 'banker', 2000, lost], ['s', 'super-6', 1000, lost]]);
  // Banker 7 beats Player 5: Super 6 loses.
  coup(3, 'c3', ['2H', '3D', '10H'], ['3C', '4S'], [['b', 'banker', 4000, won(4000, 4000, 200)], ['s', 'super-6', 1000, lost]]);
  // The next day: outside the period.
  coup(24 * 60, 'c4', ['2H', '3D', '10H'], ['3C', '3S'], [['s', 'super-6', 1000, won(15000, 1000)]]);
  return events;
};

/** POST /reporting/what-if over the tables service's published events (Crown Melbourne Table 15: Super 6 at 15 or 16 to 1). */
describe('what-if replay of recorded play (Crown Melbourne 5.5.18, Table 15)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const ask = (changes: object[], auth = CASINO_MANAGER) =>
    http().post('/reporting/what-if').set('Authorization', auth).send({ tableIds: ['VIC-7'], from: '2026-10-02T19:00:00+10:00', to: '2026-10-03T06:00:00+10:00', changes });

  beforeAll(async () => {
    db = await createTestDatabase('reporting_what_if', 6);
    const tables = new PostgresEventStore(db.pool, 'tables');
    await tables.migrate();
    await new PostgresEventStore(db.pool, 'jackpots').migrate();
    await tables.append('table-VIC-7', 'table', 'any', tableEvents('VIC-7'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 6 }),
        PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: SECRET }),
        ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } }),
      ],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('with no change, the what-if equals what the table held, to the cent, for every bet of the period', async () => {
    const { body } = await ask([]).expect(200);
    expect(body.tables).toHaveLength(1);
    expect(body.tables[0].coups).toBe(3);
    for (const row of body.tables[0].bets) {
      const { options: _a, ...actual } = row.actual;
      const { options: _w, ...what } = row.whatIf;
      expect(what).toEqual(actual);
    }
  });

  it('Super 6 at 16 to 1 (option 2): the one winning 10.00 pays 160.00, not 150.00; the Player and Banker rows do not move; each option shows its exact house edge', async () => {
    const { body } = await ask([{ bet: 'super-6', option: '16' }]).expect(200);
    const rows = body.tables[0].bets as { bet: string; actual: Record<string, unknown>; whatIf: Record<string, unknown> }[];
    const super6 = rows.find((r) => r.bet === 'super-6')!;
    expect(super6.actual).toMatchObject({ wagers: 3, turnoverCents: 3000, paidCents: 15000, commissionCents: 0, houseWinCents: -13000, holdPercent: -433.3333 });
    expect(super6.whatIf).toMatchObject({ wagers: 3, turnoverCents: 3000, paidCents: 16000, commissionCents: 0, houseWinCents: -14000, holdPercent: -466.6667 });
    expect(super6.actual.options).toEqual([expect.objectContaining({ option: '15', playerFavourable: false })]);
    expect(super6.whatIf.options).toEqual([expect.objectContaining({ option: '16', playerFavourable: false })]);
    expect((super6.whatIf.options as { houseEdgePercent: number }[])[0].houseEdgePercent).toBeLessThan((super6.actual.options as { houseEdgePercent: number }[])[0].houseEdgePercent);
    for (const bet of ['banker', 'player']) {
      const r = rows.find((x) => x.bet === bet)!;
      expect({ ...r.whatIf, options: null }).toEqual({ ...r.actual, options: null });
    }
    expect(rows.find((r) => r.bet === 'banker')!.actual).toMatchObject({ turnoverCents: 16000, paidCents: 14000, commissionCents: 700, houseWinCents: -11300 });
    // The table as a whole: Player 50.00 lost less 30.00 paid = 20.00, Banker -113.00, Super 6 -130.00 (at 16 to 1: -140.00).
    expect(body.tables[0].total.actual).toMatchObject({ wagers: 8, turnoverCents: 27000, houseWinCents: 2000 - 11300 - 13000 });
    expect(body.tables[0].total.whatIf).toMatchObject({ wagers: 8, turnoverCents: 27000, houseWinCents: 2000 - 11300 - 14000 });
    expect(body.total).toEqual(body.tables[0].total);
  });

  it('Crown Melbourne 6.3.2 in a what-if: a lower Super 6 maximum pays or collects the wagers above it to the maximum, as the table would; none is refused', async () => {
    const { body } = await ask([{ bet: 'super-6', maximumCents: 900 }]).expect(200);
    const super6 = (body.tables[0].bets as { bet: string; whatIf: Record<string, unknown>; refused: unknown }[]).find((r) => r.bet === 'super-6')!;
    expect(super6.refused).toEqual({ wagers: 0, amountCents: 0, reasons: {} });
    // Three 10.00 wagers play 9.00 each; c1's wins 135.00 at 15 to 1 (Crown Melbourne Table 15 option 1).
    expect(super6.whatIf).toMatchObject({ wagers: 3, turnoverCents: 2700, paidCents: 13500, houseWinCents: 1800 - 13500 });
    const { body: bad } = await ask([{ bet: 'super-6', minimumCents: 2000, maximumCents: 900 }]).expect(400);
    expect(bad).toMatchObject({ code: 'LIMIT_MINIMUM_ABOVE_MAXIMUM', field: 'changes[0].minimumCents' });
  });

  it('refuses an option Super 6 does not have under Crown Melbourne, naming the field and the clause (400, Crown Melbourne 5.5.18)', async () => {
    const { body } = await ask([{ bet: 'super-6', option: '12' }]).expect(400);
    expect(body).toMatchObject({ code: 'PAY_TABLE_OPTION_UNKNOWN', field: 'changes[0].option', clause: 'Crown Melbourne 5.5.18' });
  });

  it('refuses a bet the rulebook does not define, naming the field (400)', async () => {
    const { body } = await ask([{ bet: 'big-wheel', option: '1' }]).expect(400);
    expect(body).toMatchObject({ code: 'BET_NOT_IN_RULEBOOK', field: 'changes[0].bet', clause: 'Crown Melbourne (no provision)' });
  });

  it("refuses a period whose times carry no offset: which casino day they mean would be a guess (400 naming the field)", async () => {
    const { body } = await http().post('/reporting/what-if').set('Authorization', CASINO_MANAGER).send({ tableIds: ['VIC-7'], from: '2026-10-02T19:00:00', to: '2026-10-03T06:00:00+10:00', changes: [] }).expect(400);
    expect(JSON.stringify(body)).toContain('from must be an ISO 8601 date-time with its offset');
  });

  it('is for the casino manager: an area manager is refused (403)', async () => {
    await ask([], bearer('area-manager')).expect(403);
  });

  it('names an unknown table (404)', async () => {
    await http().post('/reporting/what-if').set('Authorization', CASINO_MANAGER).send({ tableIds: ['NOPE'], from: '2026-10-02T00:00:00Z', to: '2026-10-03T00:00:00Z', changes: [] }).expect(404);
  });
});
