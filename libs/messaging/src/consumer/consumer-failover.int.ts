import { createTestDatabase, TestDatabase } from '@app/testing';
import { Kafka } from 'kafkajs';
import { spawnScript } from '../test-support/child-process';
import { appendEvents, countingProjection, countingSummary, eventually, projectionName, publicEventCount, testBrokers, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';

/**
 * A consumer killed with kill -9 kept its Kafka group membership until the session timed out, so the
 * restarted process waited seconds for its partitions. One instance of a consumer is active (it holds the
 * consumer's PostgreSQL session lock and fetches under a group of its own); a standby takes over as soon as the
 * active one's session dies, from the PostgreSQL checkpoints.
 */
describe('two instances of one Kafka consumer (active/passive)', () => {
  let db: TestDatabase;
  let kafka: Kafka;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase('consumer_failover', 20);
    kafka = testKafka();
    world = await createWorld(db.pool, kafka, 'failover');
    await world.relay().start();
  });
  afterAll(async () => {
    await world.stopAll();
    await db.drop();
  });

  it('only the active one applies; the standby takes over within about a second of a kill -9, nothing lost or counted twice', async () => {
    const name = projectionName('failover');
    await appendEvents(world.store, 200, { streams: 5 });
    const active = spawnScript('consumer-process.ts', {
      DATABASE_URL: db.url,
      SCHEMA: world.store.schema,
      SERVICE: world.source.service,
      TOPIC: world.source.topic,
      PROJECTION: name,
      KAFKA_BROKERS: testBrokers().join(','),
    });
    try {
      await eventually('the spawned consumer to apply events', async () => (await countingSummary(db.pool, name).catch(() => ({ events: 0 }))).events > 0, 30000);

      let standbyApplied = 0;
      const standby = world.consumer(countingProjection(name, { onApply: async () => void standbyApplied++ }));
      await standby.start();
      expect(standby.status()).toMatchObject({ running: true, standby: true });
      await appendEvents(world.store, 100, { prefix: 'while-active' });
      const whileActive = await publicEventCount(db.pool, world.store.schema);
      await eventually('the active consumer to count every event', async () => (await countingSummary(db.pool, name)).events >= whileActive, 30000);
      expect(standbyApplied).toBe(0);

      active.kill('SIGKILL');
      expect((await active.exited).signal).toBe('SIGKILL');
      const killedAt = Date.now();
      await appendEvents(world.store, 50, { prefix: 'after-kill' });
      const expected = await publicEventCount(db.pool, world.store.schema);
      await eventually('the standby to take over', async () => standbyApplied > 0, 10000);
      const takeoverMs = Date.now() - killedAt;
      await eventually('the standby to count every event', async () => (await countingSummary(db.pool, name)).events >= expected, 30000);

      expect(await countingSummary(db.pool, name)).toEqual({ events: expected, appliedMoreThanOnce: 0, totalApplications: expected, outOfOrder: 0 });
      expect(standby.status()).toMatchObject({ standby: false, joined: true });
      expect(takeoverMs).toBeLessThan(1500);
    } finally {
      active.kill('SIGKILL');
    }
  });
});
