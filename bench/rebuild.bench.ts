/**
 * `npm run bench -- rebuild [--events 1000000] [--batch 10000]`: seeds a scratch database's `tables` event store
 * with at least N simulated contract events (one stream per table, appended in big batches through the
 * store's own append, so hashes and global order are real), then times the rebuild of every reporting read
 * model (tables read models and the jackpot read model) from the stores. Prints {"eventsPerSec": N, ...}.
 */
import { PostgresEventStore } from '@app/event-store';
import { migrateMessaging } from '@app/messaging';
import { createTestDatabase } from '@app/testing';
import { jackpotsReadModelProjection } from '../apps/reporting/src/jackpots/jackpots.projection';
import { rebuildReadModels } from '../apps/reporting/src/read-model/rebuild-read-models';
import { tablesReadModelsProjection } from '../apps/reporting/src/read-model/tables-read-models.projection';
import { defaultJackpotsSource, defaultTablesSource } from '../apps/reporting/src/reporting.module';
import { simulateJackpot } from '../test/reporting/support/jackpot-play';
import { simulateTables, TableScript } from '../test/reporting/support/simulated-play';

const arg = (args: string[], name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

export async function run(args: string[]): Promise<object> {
  const target = arg(args, 'events', 1_000_000);
  const batch = arg(args, 'batch', 10_000);
  const db = await createTestDatabase('bench_rebuild', 24);
  try {
    const tables = new PostgresEventStore(db.pool, 'tables');
    await tables.migrate();
    const jackpots = new PostgresEventStore(db.pool, 'jackpots');
    await jackpots.migrate();
    await migrateMessaging(db.pool);

    const seedStarted = Date.now();
    let seeded = 0;
    // ~4.3 events per coup; 100 tables per round, each its own stream, appended 2,000 events per command.
    for (let round = 0; seeded < target; round++) {
      const coups = Math.min(2500, Math.ceil((target - seeded) / 100 / 4) + 10);
      const scripts: TableScript[] = simulateTables({ seed: 1000 + round, tables: 100, jurisdiction: round % 2 ? 'VIC' : 'NSW', coupsPerTable: coups, tablePrefix: `R${round}`, coupSeconds: 45 });
      const queue = [...scripts];
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let s = queue.shift(); s; s = queue.shift()) {
            for (let i = 0; i < s.events.length; i += 2000) await tables.append(s.streamId, 'table', 'any', s.events.slice(i, i + 2000));
            seeded += s.events.length;
          }
        }),
      );
    }
    const jackpot = simulateJackpot({ tableId: 'R1-VIC-1', contributions: 2000 });
    await jackpots.append(jackpot.streamId, 'jackpot', 'any', jackpot.events);
    seeded += jackpot.events.length;
    const seedMs = Date.now() - seedStarted;
    await db.pool.query('VACUUM ANALYZE tables.events');
    // Flush the seed's dirty pages now, so a checkpoint triggered by the seeding does not land inside the timing.
    await db.pool.query('CHECKPOINT').catch(() => undefined);

    const started = process.hrtime.bigint();
    const t = await rebuildReadModels(db.pool, tablesReadModelsProjection(), [defaultTablesSource(db.pool)], batch);
    const j = await rebuildReadModels(db.pool, jackpotsReadModelProjection(), [defaultJackpotsSource(db.pool)], batch);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const events = t.events + j.events;
    const { rows } = await db.pool.query<{ coups: string; stats: string; register: string }>(
      `SELECT (SELECT sum(coups) FROM reporting.table_stats)::text AS coups, (SELECT count(*) FROM reporting.table_stats)::text AS stats,
              (SELECT count(*) FROM reporting.compliance_register)::text AS register`,
    );
    return {
      eventsPerSec: Math.round(events / seconds),
      events,
      rebuildSeconds: Number(seconds.toFixed(2)),
      batchSize: batch,
      seedSeconds: Number((seedMs / 1000).toFixed(1)),
      readModels: { coups: Number(rows[0].coups), tableStatsRows: Number(rows[0].stats), complianceRegisterRows: Number(rows[0].register) },
    };
  } finally {
    await db.drop();
  }
}
