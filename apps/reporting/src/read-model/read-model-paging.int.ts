import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DatabaseModule } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, EVERY_CASINO, TestDatabase, testBearer } from '@app/testing';
import { ReportingModule } from '../reporting.module';

const SECRET = 'reporting-paging-secret';
const manager = testBearer({ sub: 'am', roles: ['area-manager'], casinos: EVERY_CASINO, secret: SECRET, ttlSeconds: 600 });

/** The managers' read APIs page with cursors instead of cutting results silently, filter by gaming days and export CSV. */
describe('read-model APIs: cursor paging, gaming-day ranges, CSV', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createTestDatabase('reporting_paging', 6);
    await new PostgresEventStore(db.pool, 'tables').migrate();
    await new PostgresEventStore(db.pool, 'jackpots').migrate();
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 6 }),
        PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: SECRET }),
        ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } }),
      ],
    }).compile();
    app = configureServiceApp(moduleRef.createNestApplication({ logger: false }));
    await app.init();
    await db.pool.query(`INSERT INTO reporting.table_directory (table_id, jurisdiction, rulebook_id) VALUES ('T1', 'NSW', 'star-sydney-2024'), ('VIC-1', 'VIC', 'crown-melbourne-v29')`);
    // 25 register entries over 5 gaming days, some sharing an instant (the order breaks ties by source position).
    for (let i = 0; i < 25; i++) {
      const day = `2025-03-0${1 + Math.floor(i / 5)}`;
      await db.pool.query(
        `INSERT INTO reporting.compliance_register (event_id, seq, source, source_tx, source_pos, occurred_at, gaming_day, jurisdiction, table_id, category, kind, clause, reason)
         VALUES ($1, 0, 'tables', 1, $2, $3, $4, 'NSW', 'T1', 'shoe-void', 'shoe-voided', 'Star 2024 4.13', $5)`,
        [`e-${String(i).padStart(2, '0')}`, i, `${day}T10:00:0${i % 2}.000Z`, day, `reason, "quoted" ${i}`],
      );
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('pages the compliance register with the cursor of each page until the last, every entry once and in order', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const res = await http().get('/reporting/compliance-register').query({ limit: 10, ...(after ? { after } : {}) }).set('Authorization', manager).expect(200);
      seen.push(...(res.body as { eventId: string }[]).map((r) => r.eventId));
      after = res.headers['x-next-cursor'];
      if (after) expect(res.headers.link).toBe(`<?after=${after}&limit=10>; rel="next"`);
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const { body: all } = await http().get('/reporting/compliance-register').set('Authorization', manager).expect(200);
    expect(seen).toEqual((all as { eventId: string }[]).map((r) => r.eventId));
  });

  it('filters by a range of gaming days, both days included', async () => {
    const { body } = await http().get('/reporting/compliance-register?from=2025-03-02&to=2025-03-03').set('Authorization', manager).expect(200);
    expect(new Set((body as { gamingDay: string }[]).map((r) => r.gamingDay))).toEqual(new Set(['2025-03-02', '2025-03-03']));
    expect(body).toHaveLength(10);
  });

  it('exports the register as CSV: a header row, one line an entry, commas and quotes escaped', async () => {
    const res = await http().get('/reporting/compliance-register?format=csv&from=2025-03-05').set('Authorization', manager).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0].split(',').slice(0, 3)).toEqual(['section', 'eventId', 'seq']);
    expect(lines[1]).toContain('"reason, ""quoted"" 20"');
  });

  it('refuses a cursor it did not give out, naming the field (400), and a page size above the maximum', async () => {
    const bad = await http().get('/reporting/compliance-register?after=bm90LWEtY3Vyc29y').set('Authorization', manager).expect(400);
    expect(bad.body.violations).toEqual([expect.objectContaining({ field: 'after' })]);
    const big = await http().get('/reporting/compliance-register?limit=5001').set('Authorization', manager).expect(400);
    expect(big.body.violations).toEqual([expect.objectContaining({ field: 'limit' })]);
  });

  it('answers 400 naming the field for a gaming day or range day the calendar does not have, on every read model', async () => {
    for (const url of ['/reporting/statistics?gamingDay=2025-13-45', '/reporting/statistics?gamingDay=2025-02-29', '/reporting/compliance-register?from=2025-04-31', '/reporting/statistics?to=2025-00-10']) {
      const res = await http().get(url).set('Authorization', manager);
      expect(res.status).toBe(400);
      const field = url.split('?')[1].split('=')[0];
      expect(res.body.violations).toEqual([expect.objectContaining({ field, rule: 'isCalendarDate' })]);
      expect(res.body.message).toContain('YYYY-MM-DD');
    }
    // A leap day is a day.
    await http().get('/reporting/statistics?gamingDay=2024-02-29').set('Authorization', manager).expect(200);
  });

  it('the statistics and the commission ledger export as CSV too', async () => {
    const stats = await http().get('/reporting/statistics?format=csv').set('Authorization', manager).expect(200);
    expect(stats.headers['content-disposition']).toBe('attachment; filename="statistics.csv"');
    const ledger = await http().get('/reporting/commission-ledger?format=csv').set('Authorization', manager).expect(200);
    expect(ledger.headers['content-type']).toMatch(/^text\/csv/);
  });

  it("keeps every page of a staff member's reads full: a page holds only their casino's rows, and no row of theirs is skipped", async () => {
    // Two casinos' tables interleaved in the register's order: a Crown Melbourne manager pages through only Crown rows.
    for (let i = 0; i < 12; i++) {
      await db.pool.query(
        `INSERT INTO reporting.compliance_register (event_id, seq, source, source_tx, source_pos, occurred_at, gaming_day, jurisdiction, table_id, category, kind, clause, reason)
         VALUES ($1, 0, 'tables', 2, $2, $3, '2025-04-01', 'VIC', 'VIC-1', 'shoe-void', 'shoe-voided', 'Crown Melbourne 15.3', 'interleaved')`,
        [`vic-${String(i).padStart(2, '0')}`, i, `2025-03-0${1 + (i % 5)}T10:00:00.500Z`],
      );
    }
    const crown = testBearer({ sub: 'am-vic', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 });
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const res = await http().get('/reporting/compliance-register').query({ limit: 5, ...(after ? { after } : {}) }).set('Authorization', crown).expect(200);
      const rows = res.body as { eventId: string; tableId: string }[];
      expect(rows.every((r) => r.tableId === 'VIC-1')).toBe(true);
      after = res.headers['x-next-cursor'];
      if (after) expect(rows).toHaveLength(5);
      seen.push(...rows.map((r) => r.eventId));
    } while (after);
    expect(seen.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `vic-${String(i).padStart(2, '0')}`));
  });

  it("refuses a staff member's read filtered to another casino's table (403 OUT_OF_CASINO naming it), as reading that table's road is refused, rather than answering an empty page", async () => {
    const crown = testBearer({ sub: 'am-vic', roles: ['area-manager'], casinos: ['crown-melbourne'], secret: SECRET, ttlSeconds: 600 });
    for (const url of ['/reporting/compliance-register?tableId=T1', '/reporting/commission-ledger?tableId=T1', '/reporting/statistics?tableId=T1', '/reporting/commission-ledger/movements?tableId=T1']) {
      const res = await http().get(url).set('Authorization', crown);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 403, code: 'OUT_OF_CASINO' });
      expect(res.body.message).toMatch(/tableId T1 belongs to star-sydney/);
    }
    await http().get('/reporting/compliance-register?tableId=VIC-1').set('Authorization', crown).expect(200);
  });
});
