import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JACKPOTS_INTEGRATION_EVENT_TYPES, publishTypes, topicFor } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, eventSource, reactorProjection, serviceMessaging } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { coupContributionsReactor } from './contributions/coup-contributions.reactor';
import { JackpotConsoleModule } from './console/console.controller';
import { JackpotController } from './jackpot/jackpot.controller';
import { tableLinksReactor } from './links/table-links.reactor';
import { JACKPOTS_OPTIONS, JACKPOTS_STORE } from './jackpots.tokens';
import { JACKPOTS_USE_CASES } from './jackpots.use-cases';
import { MeterFeed } from './meter-feed/meter-feed';
import { MeterFeedController } from './meter-feed/meter-feed.controller';
import { JACKPOTS_CASINO_SCOPE } from './jackpots.casino-scope';

export interface JackpotsModuleOptions {
  /** PostgreSQL schema of the jackpot event store and read models (default `jackpots`). */
  readonly schema?: string;
  /** Kafka brokers; none → embedded mode (the consumer reads the tables store). */
  readonly brokers?: readonly string[];
  /**
   * Where the tables service's events come from: its topic with Kafka, its event store in embedded mode.
   * Default: the `tables` schema in the same database, published as-is on `baccarat.tables.events`.
   */
  readonly tablesSource?: (pool: Pool) => EventSource;
  /** Topic the jackpot events are published on (default `baccarat.jackpots.events`). */
  readonly topic?: string;
  /** Consumer (and checkpoint) name of the contributions consumer (default `<schema>.coup-contributions`). */
  readonly consumerName?: string;
  /**
   * How often the live meter feed reads the watched jackpots' streams (default 50 ms): this process's consumer wakes
   * it on each commit, so the interval only bounds what other processes and the console append.
   */
  readonly meterPollIntervalMs?: number;
}

/**
 * Reads the `tables` store as if it held contract events (true of the tests' simulated tables). Over Kafka the
 * tables relay maps its own events; in one process apps/platform/src/event-sources.ts passes the tables
 * service's mapping instead of this default, and so do the standalone main.ts files.
 */
export const defaultTablesSource = (pool: Pool): EventSource => eventSource('tables', new PostgresEventStore(pool, 'tables'), publishTypes('tables', '*'));

@Injectable()
class JackpotsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(MeterFeed) private readonly feed: MeterFeed) {}

  onApplicationBootstrap(): Promise<void> {
    return this.feed.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.feed.stop();
  }
}

/**
 * The jackpot service (Crown Melbourne 13): the Lucky Tie jackpot aggregate in its own event store, the
 * consumer turning the tables service's coups into contributions and detected hits, the outbox relay
 * publishing `baccarat.jackpots.events`, the console API, the live meter feed and the Jackpot Display.
 * Needs DatabaseModule.forRoot (PG_POOL) and PlatformKitModule.forRoot in the root module.
 */
@Module({})
export class JackpotsModule {
  static forRoot(options: JackpotsModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'jackpots';
    // The feed is built by its provider; the consumers, built first, wake whichever feed exists once they commit.
    let feed: MeterFeed | undefined;
    return {
      module: JackpotsModule,
      imports: [
        JackpotConsoleModule,
        CqrsModule,
        serviceMessaging({
          service: 'jackpots',
          pool: PG_POOL,
          schema,
          brokers: options.brokers,
          readiness: HealthRegistry,
          publish: (store) => eventSource('jackpots', store, publishTypes('jackpots', JACKPOTS_INTEGRATION_EVENT_TYPES), options.topic ?? topicFor('jackpots')),
          // Coups of every table converge on a few jackpot streams, which the consumer locks per
          // transaction: consuming partitions concurrently would only queue on those locks. A short
          // fetch wait keeps the meter within a few hundred ms of the coup (bench/jackpots.bench.ts), and each
          // commit wakes the meter feed instead of leaving it to its next poll.
          consumer: {
            kafkaOptions: { partitionsConsumedConcurrently: 1, maxWaitTimeInMs: 10 },
            afterCommit: (applied) => {
              if (applied.length > 0) feed?.wake();
            },
          },
          projections: (pool) => [
            { projection: reactorProjection(coupContributionsReactor(new PostgresEventStore(pool, schema), options.consumerName)), sources: [(options.tablesSource ?? defaultTablesSource)(pool)] },
            // The tables side of the table-jackpot link (TableOpened / TableClosed): its own consumer and checkpoint.
            { projection: reactorProjection(tableLinksReactor(new PostgresEventStore(pool, schema), options.consumerName ? `${options.consumerName}.table-links` : undefined)), sources: [(options.tablesSource ?? defaultTablesSource)(pool)] },
          ],
        }),
      ],
      controllers: [JackpotController, MeterFeedController],
      providers: [
        JACKPOTS_CASINO_SCOPE,
        { provide: JACKPOTS_OPTIONS, useValue: options },
        {
          provide: JACKPOTS_STORE,
          inject: [PG_POOL],
          useFactory: async (pool: Pool) => {
            const store = new PostgresEventStore(pool, schema);
            await store.migrate();
            return store;
          },
        },
        { provide: MeterFeed, inject: [JACKPOTS_STORE], useFactory: (store: PostgresEventStore) => (feed = new MeterFeed(store, options.meterPollIntervalMs ?? 50)) },
        JackpotsLifecycle,
        ...JACKPOTS_USE_CASES,
      ],
      exports: [JACKPOTS_STORE, MeterFeed],
    };
  }
}
