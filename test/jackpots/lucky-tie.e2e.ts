/**
 * End to end (Crown Melbourne 13.4): simulated tables play until a Lucky Tie (a stacked shoe), the dealer
 * records it, a TG Area Manager confirms it, the Tie wagers are paid, the meter resets, and the Jackpot
 * Display in a real headless Chromium shows every step. With KAFKA_BROKERS set, the tables' events reach the
 * jackpot service through the real Kafka (relay → topic → consumer), and the jackpot's own integration events
 * are read back from its topic.
 */
import { INestApplication } from '@nestjs/common';
import { IntegrationEvent, publishTypes } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { createKafka, decodeIntegrationEvent, ensureTopic, eventSource, kafkaBrokersFromEnv, OutboxRelay } from '@app/messaging';
import { createTestDatabase, TestDatabase } from '@app/testing';
import type { Consumer } from 'kafkajs';
import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import request from 'supertest';
import { eventually, OPTION_1, uniqueSuffix } from '../../apps/jackpots/src/test-support/jackpot-fixtures';
import { bearer, startJackpotsApp } from '../../apps/jackpots/src/test-support/jackpots-app';
import { SimulatedTables } from '../../apps/jackpots/src/test-support/simulated-tables';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
// Where the screenshots go, for a person to look at: PAGE_SCREENSHOTS_DIR or the system's temporary directory.
const SHOTS = process.env.PAGE_SCREENSHOTS_DIR ?? join(tmpdir(), 'page-screenshots');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('Lucky Tie jackpot end to end (Crown Melbourne 13.4.1-13.4.8) with the Jackpot Display in Chromium', () => {
  const suffix = uniqueSuffix();
  const brokers = kafkaBrokersFromEnv();
  const kafka = brokers ? createKafka({ brokers, clientId: `jp-e2e-${suffix}` }) : undefined;
  const tablesTopic = `e2e.tables.${suffix}`;
  const jackpotsTopic = `e2e.jackpots.${suffix}`;
  let db: TestDatabase;
  let app: INestApplication;
  let relay: OutboxRelay | undefined;
  let browser: Browser;
  let page: Page;
  let published: IntegrationEvent[] = [];
  let topicConsumer: Consumer | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase('jp_e2e');
    const tablesStore = new PostgresEventStore(db.pool, 'tables');
    await tablesStore.migrate();
    // The tables service's relay (it is built in parallel; its events table is the outbox all the same).
    relay = kafka ? new OutboxRelay({ source: eventSource('tables', tablesStore, publishTypes('tables', '*'), tablesTopic), pool: db.pool, kafka, logger: quiet }) : undefined;
    await relay?.start();
    app = await startJackpotsApp({ url: db.url, tablesSchema: 'tables', brokers: brokers ?? [], tablesTopic, jackpotsTopic, consumerName: `jackpots.e2e.${suffix}` });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    if (kafka) {
      topicConsumer = kafka.consumer({ groupId: `jp-e2e-reader-${suffix}` });
      await topicConsumer.connect();
      await ensureTopic(kafka, jackpotsTopic);
      await topicConsumer.subscribe({ topic: jackpotsTopic, fromBeginning: true });
    }
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await browser.newPage();
  });

  afterAll(async () => {
    await topicConsumer?.disconnect().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await app?.close();
    await relay?.stop();
    await db?.drop();
  });

  it('plays until a Lucky Tie, confirms, pays, resets, and the display shows it; every step is published', async () => {
    const api = () => request(app.getHttpServer());
    const tables = new SimulatedTables(new PostgresEventStore(db.pool, 'tables'));
    await api()
      .post('/jackpots')
      .set('Authorization', bearer(['casino-manager']))
      .send({ jackpotId: 'pit3', name: 'Pit 3 Lucky Tie', tableIds: ['T1', 'T2'], parameters: OPTION_1, notifiedToRegulatorAt: '2026-01-01T00:00:00.000Z' })
      .expect(201);

    await page.goto(`${baseUrl}/jackpots/pit3/display`);
    const displayed = () => page.locator('#amount').getAttribute('data-cents');
    await eventually(async () => ((await displayed()) === String(OPTION_1.seedCents) ? true : undefined), 20_000, 'the seed on the display');
    expect(await page.locator('#amount').textContent()).toBe('$10,000.00');

    // Two linked tables play (13.3.1(b)); every completed coup contributes (13.4.1-13.4.2).
    await tables.openTable('T1', ['pit3'], 1);
    await tables.openTable('T2', ['pit3'], 2);
    for (let i = 0; i < 12; i++) await tables.playCoup(i % 2 ? 'T2' : 'T1', ['pit3']);
    const wagers = [
      { wagerId: 'w-a', box: 2, patronId: 'P100', amountCents: 2_500 },
      { wagerId: 'w-b', box: 6, patronId: 'P200', amountCents: 2_500 },
    ];
    tables.stack('T2', '8C 8C 8C 8C');
    const lucky = await tables.playCoup('T2', ['pit3'], { tieWagers: wagers });
    const meterAtHit = OPTION_1.seedCents + 13 * OPTION_1.contributionCents;
    await eventually(async () => ((await displayed()) === String(meterAtHit) ? true : undefined), 30_000, `the meter ${meterAtHit} on the display`);

    // The dealer records it on the handset (13.4.4): the display announces it.
    await api().post('/jackpots/pit3/hits').set('Authorization', bearer(['dealer'])).send({ tableId: 'T2', coupId: lucky.coup.coupId, outcome: 'suited-lucky-tie' }).expect(201);
    await eventually(async () => ((await page.locator('#win').textContent())?.includes('LUCKY TIE at table T2') ? true : undefined), 10_000, 'the hit message');

    // A TG Area Manager confirms on the console (13.4.5): 100% of the rounded meter (13.4.7(a)), split equally (13.4.6).
    const hitId = `hit-${lucky.coup.coupId}`;
    await eventually(async () => {
      const pending = await api().get('/jackpots/pit3/hits/pending').set('Authorization', bearer(['jackpot-console']));
      return pending.body[0]?.detected ? true : undefined;
    });
    const confirmed = await api().post(`/jackpots/pit3/hits/${hitId}/confirm`).set('Authorization', bearer(['area-manager'])).send({}).expect(200);
    const paid = confirmed.body.events.find((e: { type: string }) => e.type === 'JackpotPaid');
    const rounded = Math.ceil(meterAtHit / 100) * 100;
    expect(paid.shares).toEqual([
      { wagerId: 'w-a', box: 2, patronId: 'P100', tieWagerCents: 2_500, amountCents: rounded / 2 },
      { wagerId: 'w-b', box: 6, patronId: 'P200', tieWagerCents: 2_500, amountCents: rounded / 2 },
    ]);

    // The display shows the winning message and the meter back at the reset amount.
    await eventually(async () => ((await page.locator('#win').textContent())?.includes('LUCKY TIE WINNER! Table T2 won $10,013.00') ? true : undefined), 10_000, 'the winner message');
    await eventually(async () => ((await displayed()) === String(OPTION_1.seedCents) ? true : undefined), 10_000, 'the reset meter');
    expect(await page.locator('#win').textContent()).toContain('shared by 2 Tie wagers');
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: join(SHOTS, 'jackpot-display-winner.png') });

    // A display that (re)connects later still shows the reset meter and the last winner.
    const fresh = await browser.newPage();
    await fresh.goto(`${baseUrl}/jackpots/pit3/display`);
    await eventually(async () => ((await fresh.locator('#win').textContent())?.includes('Last LUCKY TIE WINNER: Table T2 won $10,013.00') ? true : undefined), 10_000, 'the last winner on a new display');
    expect(await fresh.locator('#amount').textContent()).toBe('$10,000.00');

    const report = await api().get('/jackpots/pit3/reconciliation').set('Authorization', bearer(['regulator'], 'vgccc-inspector', ['VIC'])).expect(200);
    expect(report.body).toMatchObject({ balanced: true, contributionCount: 13, payoutsCents: rounded, resetFundingCents: rounded - meterAtHit + OPTION_1.seedCents });

    if (topicConsumer) {
      // Integration events on Kafka for every meter change, hit, confirmation and payout.
      await topicConsumer.run({
        eachMessage: async ({ message }) => {
          const decoded = decodeIntegrationEvent(message.value);
          if (decoded.ok) published.push(decoded.event);
        },
      });
      published = await eventually(async () => (published.some((e) => e.type === 'MeterReset') ? published : undefined), 30_000, 'MeterReset on the jackpots topic');
      const types = published.map((e) => e.type);
      expect(types.filter((t) => t === 'ContributionRecorded')).toHaveLength(13);
      expect(types).toEqual(expect.arrayContaining(['JackpotCreated', 'LuckyTieDetected', 'LuckyTieHitRecorded', 'HitConfirmed', 'JackpotPaid', 'MeterReset']));
      const confirmedEvent = published.find((e) => e.type === 'HitConfirmed')!;
      expect(confirmedEvent).toMatchObject({ source: 'jackpots', streamId: 'jackpot-pit3', actor: { role: 'area-manager' }, data: expect.objectContaining({ payoutCents: rounded, notify: 'casino-manager' }) });
      expect(published.find((e) => e.type === 'CoupVoidNoted')).toBeUndefined();
    }
  });
});
