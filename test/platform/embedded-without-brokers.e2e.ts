/**
 * A platform given no brokers (a test that asks for no Kafka) runs embedded: the services read each other's event
 * stores, whatever the environment's KAFKA_BROKERS says. Before this was pinned down, each service fell back to
 * that broker on its own: the "embedded" end-to-end tests published to and consumed from the default
 * topics of the test run's broker, beside one another, and one test's compliance register showed the link flags
 * the other tests' platforms raised on its tables' events (jackpot-links.e2e.ts, intermittently).
 */
import { INestApplication } from '@nestjs/common';
import { createTestDatabase, TestDatabase, untilReady } from '@app/testing';
import { startTestPlatform } from '../support/test-platform';

describe('the platform with no brokers given runs embedded, whatever KAFKA_BROKERS says', () => {
  let db: TestDatabase;
  let app: INestApplication | undefined;
  const saved = process.env.KAFKA_BROKERS;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'fatal';
    // A broker nobody listens on: a service that used it would never become ready.
    process.env.KAFKA_BROKERS = '127.0.0.1:9';
    db = await createTestDatabase('embedded_env', 2);
    app = await startTestPlatform(db, { poolSize: 12 });
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    if (saved === undefined) delete process.env.KAFKA_BROKERS;
    else process.env.KAFKA_BROKERS = saved;
    await app?.close();
    await db?.drop();
  });

  it('every consumer follows an event store, no service runs a relay to Kafka, and the platform is ready', async () => {
    const url = (await app!.getUrl()).replace('[::1]', '127.0.0.1');
    await untilReady(url, 60_000);
    const report = (await (await fetch(`${url}/health/ready`)).json()) as { checks: Record<string, { details?: { relays?: unknown[]; consumers?: { consumer: string; kind: string }[] } }> };
    const messaging = Object.entries(report.checks).filter(([name]) => name.endsWith('-messaging'));
    expect(messaging.length).toBeGreaterThanOrEqual(6);
    const consumers = messaging.flatMap(([, c]) => c.details?.consumers ?? []);
    expect(consumers.length).toBeGreaterThan(0);
    expect(consumers.filter((c) => c.kind !== 'store')).toEqual([]);
    expect(messaging.flatMap(([, c]) => c.details?.relays ?? [])).toEqual([]);
  });
});
