import { createTestDatabase, TestDatabase } from '@app/testing';
import { Kafka, Partitioners } from 'kafkajs';
import { listDeadLetters } from '../dead-letters/dead-letter-store';
import { messagingHealthIndicator } from '../health/messaging-health';
import { appendEvents, countingProjection, countingSummary, eventually, newEvent, projectionName, publicEventCount, readTopic, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';
import { STORE_PARTITION } from './batch-applier';

// The same scenarios over both transports: they promise the same guarantees.
describe.each(['kafka', 'store'] as const)('EventConsumer over the %s transport (real PostgreSQL and Kafka)', (kind) => {
  let db: TestDatabase;
  let kafka: Kafka | undefined;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(`consumer_${kind}`, 20);
    kafka = kind === 'kafka' ? testKafka() : undefined;
  });
  beforeEach(async () => {
    world = await createWorld(db.pool, kafka);
  });
  afterEach(() => world.stopAll());
  afterAll(() => db.drop());

  const expectAllOnce = async (name: string) => {
    const expected = await publicEventCount(db.pool, world.store.schema);
    await eventually(`${name} to count ${expected} events`, async () => (await countingSummary(db.pool, name)).events >= expected);
    expect(await countingSummary(db.pool, name)).toEqual({ events: expected, appliedMoreThanOnce: 0, totalApplications: expected, outOfOrder: 0 });
  };

  it('applies every published event exactly once and in stream order; internal events never arrive', async () => {
    await appendEvents(world.store, 400, { streams: 12 });
    await world.store.append('table-x', 'table', 'any', [newEvent('InternalShuffleSeed'), newEvent('CoupCompleted')]);
    if (kafka) await world.relay().start();
    const name = projectionName('counts');
    await world.consumer(countingProjection(name)).start();
    await appendEvents(world.store, 300, { streams: 12, prefix: 'late' });
    await expectAllOnce(name);
    expect(await publicEventCount(db.pool, world.store.schema)).toBe(701);
  });

  it('a redelivered batch changes nothing', async () => {
    await appendEvents(world.store, 300);
    if (kafka) await world.relay().start();
    const name = projectionName('redeliver');
    const consumer = world.consumer(countingProjection(name));
    await consumer.start();
    await expectAllOnce(name);

    if (!kafka) {
      // Deliver the whole store again, as the embedded transport would after a crash before its commit.
      const all = await world.store.readAll(undefined, 10000);
      const items = all.map((e) => ({ position: e.global, item: world.source.toIntegrationEvent(e) }));
      const again = await consumer.applier.apply({ source: world.source.topic, partition: STORE_PARTITION }, items);
      expect(again).toMatchObject({ applied: 0, skipped: 300 });
    } else {
      // Deliver each partition's messages again at their offsets, as Kafka would after a rebalance...
      const messages = await readTopic(kafka, world.source.topic, 300);
      for (const partition of [0, 1, 2]) {
        const items = messages.filter((m) => m.partition === partition).map((m) => ({ position: m.event.position, offset: m.offset, item: m.event }));
        const again = await consumer.applier.apply({ source: world.source.topic, partition }, items);
        expect(again.applied).toBe(0);
      }
      // ...and make Kafka redeliver everything: forget the offsets (keep the positions) and restart.
      await consumer.stop();
      await db.pool.query('UPDATE messaging.checkpoints SET kafka_offset = NULL WHERE consumer = $1', [name]);
      await consumer.start();
      await eventually('the consumer to read the topic again', async () => {
        const { rows } = await db.pool.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM messaging.checkpoints WHERE consumer = $1 AND partition >= 0 AND kafka_offset IS NOT NULL',
          [name],
        );
        return Number(rows[0].n) === 3;
      });
    }
    await expectAllOnce(name);
  });

  it('dead-letters a poison event with its error, carries on, and reports it in health', async () => {
    await appendEvents(world.store, 200);
    if (kafka) await world.relay().start();
    const name = projectionName('poison');
    const consumer = world.consumer(countingProjection(name, { poison: (e) => e.data.seq === 7 && e.streamId.startsWith('table-') }));
    await consumer.start();
    const expected = (await publicEventCount(db.pool, world.store.schema)) - 1;
    await eventually('all but the poison event applied', async () => (await countingSummary(db.pool, name)).events >= expected);
    await appendEvents(world.store, 50, { prefix: 'after' });
    await eventually('events after the poison one applied', async () => (await countingSummary(db.pool, name)).events >= expected + 50);

    const letters = await listDeadLetters(db.pool, name);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ attempts: 3, event: { data: { seq: 7 } } });
    expect(letters[0].error).toContain('poison by design');
    const health = await messagingHealthIndicator([], [consumer]).check();
    expect(health.status).toBe('degraded');
    expect(health.details).toMatchObject({ consumers: [{ consumer: name, deadLetters: 1 }] });
    expect((await countingSummary(db.pool, name)).appliedMoreThanOnce).toBe(0);
  });

  it('a rebuilt read model equals the live one', async () => {
    await appendEvents(world.store, 500, { streams: 7 });
    if (kafka) await world.relay().start();
    const name = projectionName('rebuild');
    const consumer = world.consumer(countingProjection(name));
    await consumer.start();
    await expectAllOnce(name);
    const snapshot = async () => (await db.pool.query(`SELECT * FROM ${name}_seen ORDER BY event_id`)).rows;
    const live = await snapshot();

    const outcome = await consumer.rebuild();
    expect(outcome.applied).toBe(live.length);
    expect(await snapshot()).toEqual(live);

    // Live consumption carries on above the rebuilt position without counting anything twice.
    await appendEvents(world.store, 100, { streams: 7, prefix: 'after-rebuild' });
    await expectAllOnce(name);
  });

  if (kind === 'kafka') {
    it('dead-letters a message that is not an integration event and carries on', async () => {
      const name = projectionName('garbage');
      const consumer = world.consumer(countingProjection(name));
      await consumer.start();
      const producer = kafka!.producer({ createPartitioner: Partitioners.DefaultPartitioner });
      await producer.connect();
      await producer.send({ topic: world.source.topic, messages: [{ key: 'table-0', value: '{"not":"an envelope"}' }] });
      await producer.disconnect();
      await appendEvents(world.store, 60);
      await world.relay().start();
      await expectAllOnce(name);
      const letters = await listDeadLetters(db.pool, name);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ raw: '{"not":"an envelope"}', event: null });
      expect(letters[0].error).toContain('Not an integration event');
    });
  }
});
