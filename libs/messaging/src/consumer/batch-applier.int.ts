import { compareGlobal, PostgresEventStore } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import type { MessagingLogger } from '../logger';
import { messagingMetrics } from '../metrics/messaging-metrics';
import { migrateMessaging } from '../schema/messaging-schema';
import { appendEvents, countingProjection, countingSummary, projectionName, testMapper } from '../test-support/fixtures';
import { BatchApplier, BatchTarget, Incoming } from './batch-applier';

/**
 * Exactly once when two instances of a consumer deliver the same batch at once: the checkpoint row's lock
 * serialises them and the second finds the watermark already past it.
 */
const quiet: MessagingLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('BatchApplier (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let deliveries: Incoming[];
  const target: BatchTarget = { source: 'test.tables.events', partition: 0 };

  beforeAll(async () => {
    db = await createTestDatabase('batch_applier', 10);
    await migrateMessaging(db.pool);
    store = new PostgresEventStore(db.pool, 'applier_src');
    await store.migrate();
    await appendEvents(store, 40, { streams: 4 });
    const map = testMapper('tables');
    // Stream by stream, not readAll: another suite's open transaction on the shared server may hold readAll's horizon.
    const stored = (await Promise.all([0, 1, 2, 3].map((i) => store.readStream(`table-${i}`)))).flat().sort((a, b) => compareGlobal(a.global, b.global));
    deliveries = stored.map((e, i) => ({ position: e.global, offset: String(i), item: map(e) }));
  });
  afterAll(() => db.drop());

  const applierOf = async (projection: ReturnType<typeof countingProjection>) => {
    const client = await db.pool.connect();
    await projection.setup?.(client);
    client.release();
    return new BatchApplier(db.pool, projection, messagingMetrics(), quiet);
  };

  it('applies a batch once when two instances deliver it at the same moment (the checkpoint lock serialises them)', async () => {
    const name = projectionName('twice');
    const [a, b] = [await applierOf(countingProjection(name)), await applierOf(countingProjection(name))];
    const outcomes = await Promise.all([a.apply(target, deliveries), b.apply(target, deliveries)]);
    expect(outcomes.map((o) => o.applied).sort()).toEqual([0, deliveries.length]);
    expect(await countingSummary(db.pool, name)).toMatchObject({ events: deliveries.length, appliedMoreThanOnce: 0, outOfOrder: 0 });
  });
});
