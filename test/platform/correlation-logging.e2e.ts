/**
 * One structured logger: the correlation id a caller sends with a command is on the request's log
 * line, is echoed on the response, travels on the event the command appends, and is on the log line of
 * another service's consumer applying that event (over Kafka when KAFKA_BROKERS is set, the in-database
 * subscription otherwise). No bearer token reaches the log.
 */
import { INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DatabaseModule } from '@app/database';
import { kafkaBrokersFromEnv } from '@app/messaging';
import { configureServiceApp, PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, eventually, TestDatabase, testToken } from '@app/testing';
import { JackpotsModule } from '../../apps/jackpots/src/jackpots.module';
import { tablesSource } from '../../apps/platform/src/event-sources';
import { TablesModule } from '../../apps/tables/src/tables.module';

const SECRET = 'correlation-logging-secret';

describe('one structured logger: a command and the consumers of its events log under its correlation id', () => {
  const suffix = randomUUID().slice(0, 8);
  const brokers = kafkaBrokersFromEnv() ?? [];
  const tablesTopic = `test.tables.${suffix}.events`;
  const lines: Record<string, unknown>[] = [];
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase('corr_log', 2);
    @Module({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 10 }),
        PlatformKitModule.forRoot({ serviceName: 'platform', authSecret: SECRET, logLevel: 'debug', logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) } }),
        TablesModule.forRoot({ messaging: { brokers }, topic: tablesTopic }),
        JackpotsModule.forRoot({ brokers, topic: `test.jackpots.${suffix}.events`, tablesSource: (pool) => tablesSource(pool, tablesTopic), consumerName: `jackpots.corr-log.${suffix}` }),
      ],
    })
    class Root {}
    const moduleRef = await Test.createTestingModule({ imports: [Root] }).compile();
    app = configureServiceApp(moduleRef.createNestApplication());
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('finds the X-Correlation-Id of POST /tables on its request line, on the response, and on the jackpots consumer line for TableOpened', async () => {
    const correlationId = `corr-${suffix}`;
    const token = testToken({ sub: 'supervisor-1', roles: ['gaming-supervisor'], casinos: ['crown-melbourne'], secret: SECRET });
    const tableId = `LOG-${suffix}`;
    const res = await request(app.getHttpServer())
      .post('/tables')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Correlation-Id', correlationId)
      .set('Idempotency-Key', randomUUID())
      .send({
        tableId,
        rulebookId: 'crown-melbourne-v29',
        variant: 'traditional',
        offeredBets: [{ bet: 'player', option: 'standard' }, { bet: 'banker', option: 'traditional' }, { bet: 'tie', option: 'standard' }],
        decks: 8,
        limits: { perBet: [{ bet: 'player', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'banker', minimumCents: 2500, maximumCents: 1000000 }, { bet: 'tie', minimumCents: 500, maximumCents: 100000 }] },
        minimumChipCents: 500,
        dealingMethod: 'dealer-retains-shoe',
        jackpotIds: [],
        boxes: 7,
      });
    expect(res.status).toBe(201);
    expect(res.headers['x-correlation-id']).toBe(correlationId);

    const requestLine = lines.find((l) => l.correlationId === correlationId && l.message === 'POST /tables 201');
    expect(requestLine).toMatchObject({ level: 'info', service: 'platform', req: { method: 'POST', path: '/tables' }, res: { statusCode: 201 } });

    const consumerLine = await eventually('the jackpots consumer line for TableOpened', async () =>
      lines.find((l) => l.correlationId === correlationId && l.message === `jackpots.corr-log.${suffix}.table-links applied TableOpened`),
    );
    expect(consumerLine).toMatchObject({ level: 'debug', service: 'platform', correlationId });

    // The Kafka client's own lines are lines of the same logger, not console text beside it.
    // (Which line comes first depends on the broker's state, a warning or a retried error; its shape does not.)
    if (brokers.length) expect(lines.find((l) => String(l.context).startsWith('kafkajs'))).toMatchObject({ level: expect.stringMatching(/^(debug|info|warn|error)$/), service: 'platform', time: expect.any(String) });

    // A line made for another request never carries this id, and no line carries the bearer token.
    const other = await request(app.getHttpServer()).get('/health/live');
    expect(other.headers['x-correlation-id']).not.toBe(correlationId);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('refuses to log a correlation id that is not an id: a header with text for the log gets a fresh id instead', async () => {
    const res = await request(app.getHttpServer()).get('/health/live').set('X-Correlation-Id', 'evil} {"level":"fatal"');
    const given = res.headers['x-correlation-id'] as string;
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.correlationId === given)).toBe(true);
  });
});
