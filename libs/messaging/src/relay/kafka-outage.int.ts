import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { Kafka } from 'kafkajs';
import { messagingHealthIndicator } from '../health/messaging-health';
import { appendEvents, countingProjection, countingSummary, eventually, projectionName, publicEventCount, readTopic, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';

const run = promisify(execFile);
const root = join(__dirname, '../../../..');
// Its own broker, so stopping it disturbs no other test.
const port = process.env.MESSAGING_OUTAGE_KAFKA_PORT ?? '19192';
const broker = (script: 'start.sh' | 'stop.sh', extra: Record<string, string> = {}) =>
  run(join(root, 'deploy/kafka', script), { cwd: root, env: { ...process.env, KAFKA_PORT: port, ...extra }, timeout: 120000 });

describe('Kafka stopped during writes and restarted (own broker, real PostgreSQL)', () => {
  let db: TestDatabase;
  let kafka: Kafka;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase('outage', 20);
    await broker('start.sh', { KAFKA_FRESH: '1' });
    kafka = testKafka([`127.0.0.1:${port}`]);
    world = await createWorld(db.pool, kafka, 'outage');
  });
  afterAll(async () => {
    await world?.stopAll();
    await broker('stop.sh', { KAFKA_SIGNAL: '-KILL' });
    await db.drop();
  });

  it('writes succeed while Kafka is down; afterwards every event reaches Kafka and the read model counts each once', async () => {
    const relay = world.relay();
    await relay.start();
    const name = projectionName('outage');
    const consumer = world.consumer(countingProjection(name));
    await consumer.start();
    await appendEvents(world.store, 200);
    await eventually('events before the outage applied', async () => (await countingSummary(db.pool, name)).events >= 200);

    await broker('stop.sh', { KAFKA_SIGNAL: '-KILL' });
    await appendEvents(world.store, 300, { prefix: 'during-outage' });
    await eventually('the relay to notice the outage', async () => relay.status().consecutiveFailures > 0);
    expect((await messagingHealthIndicator([relay], [consumer]).check()).status).not.toBe('up');
    await appendEvents(world.store, 100, { prefix: 'still-down' });

    await broker('start.sh');
    await appendEvents(world.store, 100, { prefix: 'after-outage' });
    const expected = await publicEventCount(db.pool, world.store.schema);
    expect(expected).toBe(700);
    await eventually('every event applied after Kafka returned', async () => (await countingSummary(db.pool, name)).events >= expected, 90000);
    expect(await countingSummary(db.pool, name)).toEqual({ events: expected, appliedMoreThanOnce: 0, totalApplications: expected, outOfOrder: 0 });
    const messages = await readTopic(kafka, world.source.topic, expected);
    expect(new Set(messages.map((m) => m.event.eventId)).size).toBe(expected);
    await eventually('health to recover', async () => (await messagingHealthIndicator([relay], [consumer]).check()).status === 'up', 30000);
  });
});
