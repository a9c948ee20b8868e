import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { publishTypes } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, eventSource, reactorProjection, serviceMessaging } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import type { Pool } from 'pg';
import { tournamentsSource } from './tournaments.source';
import { rapidPlayReactor } from './rapid-play/rapid-play.reactor';
import { RapidTables } from './rapid-play/rapid-tables';
import { StandingsController } from './standings/standings.controller';
import { StandingsFeed } from './standings/standings-feed';
import { tablePlayReactor } from './table-play/table-play.reactor';
import { TournamentController } from './tournament/tournament.controller';
import { TournamentCommands } from './tournament/tournament.commands';
import { GetStandingsHandler, GetTournamentHandler, RunTournamentCommandHandler } from './tournament/tournament.cqrs';
import { RAPID_TABLES, TOURNAMENT_COMMANDS, TOURNAMENTS_STORE } from './tournaments.tokens';
import { TOURNAMENTS_CASINO_SCOPE } from './tournaments.casino-scope';

export interface TournamentsModuleOptions {
  /** PostgreSQL schema of the tournaments event store and read models (default `tournaments`). */
  readonly schema?: string;
  /** Kafka brokers; none → embedded mode (the consumer reads the tables store). */
  readonly brokers?: readonly string[];
  /**
   * Where the tables service's events come from: its topic with Kafka, its event store in embedded mode.
   * apps/platform passes the tables service's own mapping (event-sources.ts).
   */
  readonly tablesSource?: (pool: Pool) => EventSource;
  /**
   * Where the rapid service's events come from (Rapid tables, tournament sessions and settlements at them, Rapid 12):
   * its topic with Kafka, its event store in embedded mode. None → no tournament play at Rapid tables.
   */
  readonly rapidSource?: (pool: Pool) => EventSource;
  /** Consumer (and checkpoint) name of the rapid-play consumer (default `<schema>.rapid-play`). */
  readonly rapidConsumerName?: string;
  /** Topic the tournament events are published on (default `baccarat.tournaments.events`). */
  readonly topic?: string;
  /** Consumer (and checkpoint) name of the table-play consumer (default `<schema>.table-play`). */
  readonly consumerName?: string;
  /** How often the standings feed reads the store (default 20 ms). */
  readonly standingsPollIntervalMs?: number;
}

/** Reads the `tables` store as if it held contract events (true of simulated tables in tests). */
export const defaultTablesSource = (pool: Pool): EventSource => eventSource('tables', new PostgresEventStore(pool, 'tables'), publishTypes('tables', '*'));

/** What apps/platform and other consumers read of the tournaments service: its store through its own mapping. */
export const tournamentsSourceFor = (pool: Pool, schema = 'tournaments', topic?: string): EventSource => tournamentsSource(pool, topic, schema);

@Injectable()
class TournamentsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(StandingsFeed) private readonly feed: StandingsFeed) {}

  onApplicationBootstrap(): Promise<void> {
    return this.feed.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.feed.stop();
  }
}

/**
 * The tournaments service (Crown Melbourne 14, Rapid 12, Star 15): the tournament aggregate in its own event store
 * (schema `tournaments`), the consumer following the tables service's coups at tournament tables, the outbox relay
 * publishing `baccarat.tournaments.events`, the admin API (CommandBus/QueryBus), the live standings feed and page.
 * Needs DatabaseModule.forRoot (PG_POOL) and PlatformKitModule.forRoot in the root module.
 */
@Module({})
export class TournamentsModule {
  static forRoot(options: TournamentsModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'tournaments';
    // The feed is built by its provider; the consumer, built first, wakes whichever feed exists once it commits.
    let feed: StandingsFeed | undefined;
    return {
      module: TournamentsModule,
      imports: [
        CqrsModule,
        serviceMessaging({
          service: 'tournaments',
          pool: PG_POOL,
          schema,
          brokers: options.brokers,
          readiness: HealthRegistry,
          publish: (_store, pool) => tournamentsSourceFor(pool, schema, options.topic),
          // Every coup of a tournament's tables lands on one stream, locked per transaction: consuming partitions
          // concurrently would only queue on that lock. A short fetch wait keeps the standings close to the coup,
          // and each commit wakes the standings feed instead of leaving it to its next poll.
          consumer: {
            kafkaOptions: { partitionsConsumedConcurrently: 1, maxWaitTimeInMs: 10 },
            afterCommit: (applied) => {
              if (applied.length > 0) feed?.wake();
            },
          },
          projections: (pool) => [
            { projection: reactorProjection(tablePlayReactor(new PostgresEventStore(pool, schema), options.consumerName)), sources: [(options.tablesSource ?? defaultTablesSource)(pool)] },
            ...(options.rapidSource ? [{ projection: reactorProjection(rapidPlayReactor(new PostgresEventStore(pool, schema), options.rapidConsumerName)), sources: [options.rapidSource(pool)] }] : []),
          ],
        }),
      ],
      controllers: [TournamentController, StandingsController],
      providers: [
        TOURNAMENTS_CASINO_SCOPE,
        {
          provide: TOURNAMENTS_STORE,
          inject: [PG_POOL],
          useFactory: async (pool: Pool) => {
            const store = new PostgresEventStore(pool, schema);
            await store.migrate();
            return store;
          },
        },
        { provide: RAPID_TABLES, inject: [PG_POOL], useFactory: (pool: Pool) => new RapidTables(pool, schema) },
        { provide: TOURNAMENT_COMMANDS, inject: [TOURNAMENTS_STORE], useFactory: (store: PostgresEventStore) => new TournamentCommands(store) },
        { provide: StandingsFeed, inject: [TOURNAMENTS_STORE], useFactory: (store: PostgresEventStore) => (feed = new StandingsFeed(store, options.standingsPollIntervalMs ?? 20)) },
        RunTournamentCommandHandler,
        GetTournamentHandler,
        GetStandingsHandler,
        TournamentsLifecycle,
      ],
      exports: [TOURNAMENTS_STORE, StandingsFeed],
    };
  }
}
