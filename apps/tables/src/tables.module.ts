import { DynamicModule, Inject, Injectable, Module, OnModuleInit, Optional } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { eventSource, Messaging, MESSAGING, MessagingModule, type MessagingOptions } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import { TABLES_SERVICE, toIntegrationEvent } from './integration/to-integration-event';
import { TableCommands } from './table/table.commands';
import { TableController } from './table/table.controller';
import { TABLE_COMMANDS, TABLES_STORE } from './tables.tokens';

export interface TablesModuleOptions {
  /** PostgreSQL schema of the tables event store (default `tables`). */
  readonly schema?: string;
  /**
   * The outbox relay to Kafka topic `baccarat.tables.events` (default on: Kafka when KAFKA_BROKERS is set,
   * embedded otherwise). `false` when the host process runs the relay itself.
   */
  readonly messaging?: false | Partial<Omit<MessagingOptions, 'pool' | 'publish' | 'serviceName'>>;
  /** Topic the tables events are published on (default `baccarat.tables.events`; tests isolate themselves). */
  readonly topic?: string;
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

/** Readiness shows the relay: Kafka reachable, events not yet published, failures. */
@Injectable()
class TablesRelayHealth implements OnModuleInit {
  constructor(
    @Inject(MESSAGING) private readonly messaging: Messaging,
    @Optional() @Inject(HealthRegistry) private readonly health?: HealthRegistry,
  ) {}

  onModuleInit(): void {
    const indicator = this.messaging.health;
    this.health?.register({ name: 'tables-messaging', check: () => indicator.check() });
  }
}

/**
 * The tables service: live baccarat tables from open to close. Needs `DatabaseModule.forRoot(...)` (PG_POOL) and
 * `PlatformKitModule.forRoot(...)` in the root module of the process.
 */
@Module({})
export class TablesModule {
  static forRoot(options: TablesModuleOptions = {}): DynamicModule {
    const store = TablesStoreModule.forRoot(options.schema ?? 'tables');
    const messaging = options.messaging;
    return {
      module: TablesModule,
      imports: [
        store,
        ...(messaging === false
          ? []
          : [
              MessagingModule.forRootAsync({
                imports: [store],
                inject: [PG_POOL, TABLES_STORE],
                useFactory: (pool: Pool, tablesStore: PostgresEventStore): MessagingOptions => ({
                  ...messaging,
                  serviceName: TABLES_SERVICE,
                  pool,
                  publish: eventSource(TABLES_SERVICE, tablesStore, toIntegrationEvent, options.topic),
                }),
              }),
            ]),
      ],
      controllers: [TableController],
      providers: messaging === false ? [] : [TablesRelayHealth],
      exports: [store],
    };
  }
}
