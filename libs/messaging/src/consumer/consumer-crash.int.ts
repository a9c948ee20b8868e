import { createTestDatabase, TestDatabase } from '@app/testing';
import { Kafka } from 'kafkajs';
import { spawnScript } from '../test-support/child-process';
import { appendEvents, countingProjection, countingSummary, eventually, projectionName, publicEventCount, testBrokers, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';

describe.each(['kafka', 'store'] as const)('A %s consumer killed between its read-model write and its checkpoint commit', (kind) => {
  let db: TestDatabase;
  let kafka: Kafka | undefined;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(`crash_${kind}`, 20);
    kafka = kind === 'kafka' ? testKafka() : undefined;
    world = await createWorld(db.pool, kafka, 'crash');
  });
  afterAll(async () => {
    await world.stopAll();
    await db.drop();
  });

  it('counts every event exactly once after restarting', async () => {
    await appendEvents(world.store, 600, { streams: 8 });
    if (kafka) await world.relay().start();
    const name = projectionName('killed');
    const child = spawnScript('consumer-process.ts', {
      DATABASE_URL: db.url,
      SCHEMA: world.store.schema,
      SERVICE: world.source.service,
      TOPIC: world.source.topic,
      PROJECTION: name,
      KAFKA_BROKERS: kafka ? testBrokers().join(',') : '',
      KILL_AT_APPLICATION: '260',
    });
    const exit = await child.exited;
    expect({ ...exit, output: child.output() }).toEqual({ code: null, signal: 'SIGKILL', output: '' });
    const atCrash = await countingSummary(db.pool, name);
    expect(atCrash.events).toBeLessThan(260);

    await world.consumer(countingProjection(name)).start();
    await appendEvents(world.store, 100, { prefix: 'after-crash' });
    const expected = await publicEventCount(db.pool, world.store.schema);
    await eventually('the restarted consumer to count every event', async () => (await countingSummary(db.pool, name)).events >= expected);
    expect(await countingSummary(db.pool, name)).toEqual({ events: expected, appliedMoreThanOnce: 0, totalApplications: expected, outOfOrder: 0 });
  });
});
