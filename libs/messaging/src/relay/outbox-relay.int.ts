import { compareGlobal } from '@app/event-store';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { Kafka } from 'kafkajs';
import { spawnScript } from '../test-support/child-process';
import { appendEvents, countingProjection, countingSummary, eventually, newEvent, projectionName, publicEventCount, readTopic, testBrokers, testKafka } from '../test-support/fixtures';
import { createWorld, World } from '../test-support/messaging-world';
import { loadRelayCheckpoint } from './relay-checkpoint';

describe('OutboxRelay (real PostgreSQL and Kafka)', () => {
  let db: TestDatabase;
  let kafka: Kafka;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase('relay', 20);
    kafka = testKafka();
  });
  beforeEach(async () => {
    world = await createWorld(db.pool, kafka, 'rel');
  });
  afterEach(() => world.stopAll());
  afterAll(() => db.drop());

  it('publishes in global order keyed by stream id, one partition per stream, internal events left out', async () => {
    await appendEvents(world.store, 500, { streams: 9, concurrency: 6 });
    await world.store.append('table-0', 'table', 'any', [newEvent('InternalAudit')]);
    const relay = world.relay({ batchSize: 64 });
    await relay.start();
    const expected = await publicEventCount(db.pool, world.store.schema);
    const messages = await readTopic(kafka, world.source.topic, expected);

    expect(new Set(messages.map((m) => m.event.eventId)).size).toBe(expected);
    expect(messages.some((m) => m.event.type.startsWith('Internal'))).toBe(false);
    for (const m of messages) expect(m.key).toBe(m.event.streamId);
    const byStream = new Map<string, typeof messages>();
    for (const m of messages) byStream.set(m.event.streamId, [...(byStream.get(m.event.streamId) ?? []), m]);
    for (const list of byStream.values()) {
      expect(new Set(list.map((m) => m.partition)).size).toBe(1);
      const inOffsetOrder = [...list].sort((a, b) => Number(BigInt(a.offset) - BigInt(b.offset)));
      expect(inOffsetOrder.map((m) => m.event.streamVersion)).toEqual(list.map((_, i) => i + 1));
    }
    for (const partition of [0, 1, 2]) {
      const inPartition = messages.filter((m) => m.partition === partition).sort((a, b) => Number(BigInt(a.offset) - BigInt(b.offset)));
      for (let i = 1; i < inPartition.length; i++) expect(compareGlobal(inPartition[i - 1].event.position, inPartition[i].event.position)).toBe(-1);
    }
    await eventually('the checkpoint to reach the head', async () => compareGlobal(await loadRelayCheckpoint(db.pool, relay.name), await world.store.headPosition()) === 0);
    expect(await relay.lag()).toBe(0);
    expect((await world.registry.getSingleMetric('relay_published_total')?.get())?.values[0].value).toBe(expected);
  });

  it("each published batch's log line carries the correlation ids of the commands it published (the first, up to 20 distinct, and their count)", async () => {
    const withCorrelation = (correlationId: string) => ({ ...newEvent('TableOpened'), metadata: { ...newEvent('x').metadata, correlationId } });
    await world.store.append('table-c1', 'table', 'any', [withCorrelation('corr-a'), withCorrelation('corr-a'), withCorrelation('corr-b')]);
    const lines: Record<string, unknown>[] = [];
    const logger = { log: () => undefined, warn: () => undefined, error: () => undefined, debug: (m: string | { message: string }) => void (typeof m === 'object' && lines.push(m)) };
    await world.relay({ logger }).start();
    await eventually('the batch to be logged', async () => lines.length > 0);
    expect(lines[0]).toMatchObject({ correlationId: 'corr-a', correlationIds: ['corr-a', 'corr-b'], correlationIdCount: 2 });
    expect(lines[0].message).toContain('published 3 events');
  });

  it('publishes an event committed while the previous batch was being produced at once, not after the idle interval (an empty prefetch is read again)', async () => {
    // Readers see a commit once no older transaction on the server is still open (the gap-free read horizon). Other
    // suites run beside this one, so each event is awaited until it is readable: otherwise a fresh read could find
    // nothing yet and rightly sleep the idle interval, which here is far longer than the test waits.
    const readable = (n: number) => eventually(`event ${n} to be readable`, async () => (await world.store.readAll(undefined, 10)).length >= n);
    await world.store.append('table-1', 'table', 'any', [newEvent('CoupSettled', { n: 1 })]);
    await readable(1);
    let appended = false;
    // An idle interval far longer than the test may wait: the second event must not wait for it.
    const relay = world.relay({
      pollIntervalMs: 120_000,
      afterAck: async () => {
        if (appended) return;
        appended = true;
        await world.store.append('table-2', 'table', 'any', [newEvent('CoupSettled', { n: 2 })]);
        await readable(2);
      },
    });
    await relay.start();
    const messages = await readTopic(kafka, world.source.topic, 2, 20_000);
    expect(messages.map((m) => (m.event.data as { n: number }).n).sort()).toEqual([1, 2]);
  });

  it('killed after the broker acked a batch but before its checkpoint: restarted, every event reaches Kafka and the read model counts each once', async () => {
    await appendEvents(world.store, 1000, { streams: 10 });
    const child = spawnScript('relay-process.ts', {
      DATABASE_URL: db.url,
      SCHEMA: world.store.schema,
      SERVICE: world.source.service,
      TOPIC: world.source.topic,
      KAFKA_BROKERS: testBrokers().join(','),
      CRASH_AFTER_BATCHES: '3',
      BATCH_SIZE: '50',
    });
    const exit = await child.exited;
    expect({ ...exit, output: child.output() }).toEqual({ code: null, signal: 'SIGKILL', output: '' });
    // Two batches checkpointed; the third was published but its checkpoint never written.
    const afterCrash = await loadRelayCheckpoint(db.pool, `relay:${world.source.service}`);
    const firstHundred = await world.store.readAll(undefined, 100);
    expect(afterCrash).toEqual(firstHundred[99].global);

    const name = projectionName('relay_crash');
    await world.consumer(countingProjection(name)).start();
    await world.relay({ batchSize: 200 }).start();
    await appendEvents(world.store, 200, { prefix: 'after-crash' });

    const expected = await publicEventCount(db.pool, world.store.schema);
    await eventually('the read model to count every event', async () => (await countingSummary(db.pool, name)).events >= expected);
    expect(await countingSummary(db.pool, name)).toEqual({ events: expected, appliedMoreThanOnce: 0, totalApplications: expected, outOfOrder: 0 });
    const messages = await readTopic(kafka, world.source.topic, expected + 50);
    const ids = messages.map((m) => m.event.eventId);
    expect(new Set(ids).size).toBe(expected);
    // The batch published before the crash went out again: at least once, and the consumer dropped the copies.
    expect(ids.length - expected).toBe(50);
  });
});
