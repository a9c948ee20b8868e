import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DatabaseModule, PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { Messaging, MESSAGING, migrateMessaging, rebuildLockKey } from '@app/messaging';
import { PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import type { Pool } from 'pg';
import { expectedTotals } from '../../../../test/reporting/support/expected-totals';
import { appendScripts, waitFor } from '../../../../test/reporting/support/reporting-world';
import { simulateTables } from '../../../../test/reporting/support/simulated-play';
import { REPORT_SCHEDULER, ReportingModule } from '../reporting.module';
import { REPORT_SERVICE } from '../reporting.tokens';
import { REPORT_SCHEDULER_LOCK } from './read-model-gate';
import { ReportScheduler } from './report-scheduler';
import { ReportService } from './report.service';

const nsw = simulateTables({ seed: 21, tables: 2, jurisdiction: 'NSW', coupsPerTable: 60 });
const expected = expectedTotals(nsw);

describe('scheduled reports wait for the read models (a scheduled report is never regenerated)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let pool: Pool;
  let messaging: Messaging;
  let scheduler: ReportScheduler;
  let reports: ReportService;

  // Every stored event applied: each consumer's store checkpoint is the store's last event (lag() alone ignores
  // events above the oldest running transaction, and other tests keep transactions open).
  const caughtUp = () =>
    waitFor('read models caught up', async () => {
      for (const [consumer, schema] of [['reporting-tables', 'tables'], ['reporting-jackpots', 'jackpots']]) {
        const { rows } = await pool.query<{ behind: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM ${schema}.events e WHERE (e.transaction_id, e.position) >
             COALESCE((SELECT (transaction_id, position) FROM messaging.checkpoints WHERE consumer = $1 AND partition = -1), ('0'::xid8, 0::bigint))) AS behind`,
          [consumer],
        );
        if (rows[0].behind) return false;
      }
      return true;
    });
  const dailySummary = async (day: string) => (await reports.list({ jurisdictions: ['NSW'], kind: 'nsw-daily-summary', from: day, to: day }))[0];

  beforeAll(async () => {
    db = await createTestDatabase('reporting_scheduler');
    await migrateMessaging(db.pool);
    await new PostgresEventStore(db.pool, 'tables').migrate();
    await new PostgresEventStore(db.pool, 'jackpots').migrate();
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 8 }),
        PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: 'scheduler-test' }),
        ReportingModule.forRoot({ brokers: [], scheduler: { enabled: false } }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    pool = app.get<Pool>(PG_POOL);
    messaging = app.get<Messaging>(MESSAGING, { strict: false });
    scheduler = app.get<ReportScheduler>(REPORT_SCHEDULER, { strict: false });
    reports = app.get<ReportService>(REPORT_SERVICE, { strict: false });
    await caughtUp();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('generates nothing while the consumers have not applied the ended days, then the complete report once they have (Star 2024 4.13)', async () => {
    expect(expected.shoeVoids).toBeGreaterThan(0);
    for (const c of messaging.consumers) await c.stop();
    await appendScripts(new PostgresEventStore(pool, 'tables'), nsw);

    // 11:00 Sydney on 2025-03-05: gaming days 03-02 to 03-04 and February have ended.
    expect(await scheduler.generateDue('2025-03-05T00:00:00.000Z')).toEqual([]);
    expect(await dailySummary('2025-03-03')).toBeUndefined();

    for (const c of messaging.consumers) await c.start();
    await caughtUp();
    const ids = await scheduler.generateDue('2025-03-05T00:00:00.000Z');
    const summary = await dailySummary('2025-03-03');
    expect(ids).toContain(summary.reportId);
    const stored = await reports.stored(summary.reportId);
    const voided = JSON.parse(stored!.json).sections.find((s: { id: string }) => s.id === 'voided-shoes');
    expect(voided.rows).toHaveLength(expected.shoeVoids);
  });

  it('generates nothing while a rebuild holds the read models, and the day once it is done', async () => {
    await caughtUp();
    const rebuild = await pool.connect();
    try {
      await rebuild.query('SELECT pg_advisory_lock(hashtext($1))', [rebuildLockKey('reporting-tables')]);
      expect(await scheduler.generateDue('2025-03-06T00:00:00.000Z')).toEqual([]);
      expect(await dailySummary('2025-03-05')).toBeUndefined();
      await rebuild.query('SELECT pg_advisory_unlock(hashtext($1))', [rebuildLockKey('reporting-tables')]);
    } finally {
      rebuild.release();
    }
    const ids = await scheduler.generateDue('2025-03-06T00:00:00.000Z');
    expect(ids).toContain((await dailySummary('2025-03-05')).reportId);
  });

  it('with an active and a standby reporting process, one generates: a tick that finds the other replica generating leaves the days due for it', async () => {
    await caughtUp();
    const otherReplica = await pool.connect();
    try {
      await otherReplica.query('SELECT pg_advisory_lock(hashtext($1))', [REPORT_SCHEDULER_LOCK]);
      expect(await scheduler.generateDue('2025-03-07T00:00:00.000Z')).toEqual([]);
      expect(await dailySummary('2025-03-06')).toBeUndefined();
      await otherReplica.query('SELECT pg_advisory_unlock(hashtext($1))', [REPORT_SCHEDULER_LOCK]);
    } finally {
      otherReplica.release();
    }
    const ids = await scheduler.generateDue('2025-03-07T00:00:00.000Z');
    expect(ids).toContain((await dailySummary('2025-03-06')).reportId);
  });
});
