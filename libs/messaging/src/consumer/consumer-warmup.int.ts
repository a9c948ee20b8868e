import { createTestDatabase, TestDatabase } from '@app/testing';
import { countingProjection, projectionName, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';

/**
 * For the first seconds after a process started, projection lag reached 1-2 s while the Kafka consumer
 * was still joining its group, which is when a restarted jackpot display is watched most. A consumer's start
 * now returns once it has joined (bounded, so a Kafka outage never stops a service from starting), and the
 * service reports ready only after its consumers started.
 */
describe('a Kafka consumer warms up before its service reports ready', () => {
  let db: TestDatabase;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase('consumer_warmup', 6);
    world = await createWorld(db.pool, testKafka());
  });
  afterAll(async () => {
    await world.stopAll();
    await db.drop();
  });

  it('has joined its consumer group when start() returns', async () => {
    const consumer = world.consumer(countingProjection(projectionName('warm')));
    await consumer.start();
    expect(consumer.status()).toMatchObject({ running: true, connected: true, joined: true });
  });
});
