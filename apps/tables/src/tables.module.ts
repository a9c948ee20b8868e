import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, reactorProjection, serviceMessaging, type EventSource, type ServiceMessagingOptions } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import { TABLES_SERVICE, toIntegrationEvent } from './integration/to-integration-event';
import { RulebooksModule } from './rulebooks/rulebooks.controller';
import { TableCommands } from './table/table.commands';
import { TableController } from './table/table.controller';
import { TABLE_COMMANDS, TABLES_STORE } from './tables.tokens';
import { TABLES_USE_CASES } from './tables.use-cases';
import { tournamentSessionsReactor } from './tournament-sessions/tournament-sessions.reactor';
import { knownTournamentsProjection } from './tournament-sessions/known-tournaments';
import { TABLES_CASINO_SCOPE } from './tables.casino-scope';

export interface TablesModuleOptions {
  /** PostgreSQL schema of the tables event store (default `tables`). */
  readonly schema?: string;
  /**
   * The outbox relay to Kafka topic `baccarat.tables.events` (default on: Kafka when brokers are given,
   * embedded otherwise). `false` when the host process runs the relay itself.
   */
  readonly messaging?: false | Omit<ServiceMessagingOptions, 'service' | 'pool' | 'schema' | 'publish' | 'projections' | 'migrate' | 'readiness'>;
  /** Topic the tables events are published on (default `baccarat.tables.events`; tests isolate themselves). */
  readonly topic?: string;
  /**
   * The tournaments service's published events: which boxes each session seats at a table in tournament mode (Crown
   * Melbourne 14.2.5; Star 15.5.2), and each tournament's casino (its terms' rulebook), so staff open a table only for
   * their own casino's tournament. Without it a table in tournament mode hears of no session and takes no wager.
   */
  readonly tournamentsSource?: (pool: Pool) => EventSource;
}

/** The tables event store (migrated at start) and the command runner over it. */
@Module({})
class TablesStoreModule {
  static forRoot(schema: string): DynamicModule {
    return {
      module: TablesStoreModule,
      providers: [
        {
          provide: TABLES_STORE,
          inject: [PG_POOL],
          useFactory: async (pool: Pool) => {
            const store = new PostgresEventStore(pool, schema);
            await store.migrate();
            return store;
          },
        },
        { provide: TABLE_COMMANDS, inject: [TABLES_STORE], useFactory: (store: PostgresEventStore) => new TableCommands(store) },
      ],
      exports: [TABLES_STORE, TABLE_COMMANDS],
    };
  }
}

/**
 * The tables service: live baccarat tables from open to close. Needs `DatabaseModule.forRoot(...)` (PG_POOL) and
 * `PlatformKitModule.forRoot(...)` in the root module of the process.
 */
@Module({})
export class TablesModule {
  static forRoot(options: TablesModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'tables';
    const store = TablesStoreModule.forRoot(schema);
    const messaging = options.messaging;
    return {
      module: TablesModule,
      imports: [
        CqrsModule,
        store,
        RulebooksModule,
        ...(messaging === false
          ? []
          : [
              serviceMessaging({
                ...messaging,
                service: TABLES_SERVICE,
                pool: PG_POOL,
                schema,
                readiness: HealthRegistry,
                publish: (tablesStore) => eventSource(TABLES_SERVICE, tablesStore, toIntegrationEvent, options.topic),
                projections: (pool) =>
                  options.tournamentsSource
                    ? [
                        { projection: reactorProjection(tournamentSessionsReactor(new PostgresEventStore(pool, schema))), sources: [options.tournamentsSource(pool)] },
                        // Each tournament's casino, which the casino scope resolves a body's tournamentId by: its own consumer and checkpoint.
                        { projection: knownTournamentsProjection(schema), sources: [options.tournamentsSource(pool)] },
                      ]
                    : [],
              }),
            ]),
      ],
      controllers: [TableController],
      providers: [...TABLES_USE_CASES, TABLES_CASINO_SCOPE],
      exports: [store],
    };
  }
}
