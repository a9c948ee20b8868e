import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PROMOTIONS_INTEGRATION_EVENT_TYPES, publishTypes, topicFor } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { PostgresEventStore, runMigrations } from '@app/event-store';
import { EventSource, eventSource, reactorProjection, serviceMessaging } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import type { Pool } from 'pg';
import { tablePlayConsumer } from './play/table-play.consumer';
import { PROMOTIONS_CQRS_HANDLERS } from './promotion/promotion.commands';
import { PromotionController } from './promotion/promotion.controller';
import { PROMOTIONS_MIGRATIONS } from './promotions.migrations';
import { PROMOTIONS_STORE } from './promotions.tokens';
import { VoucherController } from './voucher/voucher.controller';
import { PROMOTIONS_CASINO_SCOPE } from './promotions.casino-scope';

export interface PromotionsModuleOptions {
  /** PostgreSQL schema of the promotions event store (default `promotions`). */
  readonly schema?: string;
  /** Kafka brokers; none → embedded mode (the consumer reads the tables store). */
  readonly brokers?: readonly string[];
  /** Where the tables service's events come from (default: the `tables` schema published as-is). */
  readonly tablesSource?: (pool: Pool) => EventSource;
  /** Topic the promotions events are published on (default `baccarat.promotions.events`). */
  readonly topic?: string;
  /** Consumer (and checkpoint) name of the table-play consumer (default `<schema>.table-play`). */
  readonly consumerName?: string;
}

/** The event store's schema, then the promotions' own tables and indexes on it (versioned; whichever provider starts first applies them). */
export const migratePromotions = async (pool: Pool, schema: string): Promise<void> => {
  await new PostgresEventStore(pool, schema).migrate();
  await runMigrations(pool, PROMOTIONS_MIGRATIONS, schema);
};

/** Reads the `tables` store as if it held contract events; apps/platform passes the tables service's mapping instead. */
export const defaultTablesSource = (pool: Pool): EventSource => eventSource('tables', new PostgresEventStore(pool, 'tables'), publishTypes('tables', '*'));

/**
 * The promotions service (Star 1.1 'Casino Promotional Token', 16): promotion and voucher streams in its own
 * event store (schema `promotions`), the outbox relay publishing `baccarat.promotions.events`, the consumer of
 * the tables service's wagers and settlements (entries earned from play, token wagers), the admin API and the
 * draw page. Needs DatabaseModule.forRoot (PG_POOL) and PlatformKitModule.forRoot in the root module.
 */
@Module({})
export class PromotionsModule {
  static forRoot(options: PromotionsModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'promotions';
    return {
      module: PromotionsModule,
      imports: [
        CqrsModule.forRoot(),
        serviceMessaging({
          service: 'promotions',
          pool: PG_POOL,
          schema,
          brokers: options.brokers,
          readiness: HealthRegistry,
          migrate: (pool) => runMigrations(pool, PROMOTIONS_MIGRATIONS, schema),
          publish: (store) => eventSource('promotions', store, publishTypes('promotions', PROMOTIONS_INTEGRATION_EVENT_TYPES), options.topic ?? topicFor('promotions')),
          projections: (pool) => [{ projection: reactorProjection(tablePlayConsumer(new PostgresEventStore(pool, schema), options.consumerName)), sources: [(options.tablesSource ?? defaultTablesSource)(pool)] }],
        }),
      ],
      controllers: [PromotionController, VoucherController],
      providers: [
        PROMOTIONS_CASINO_SCOPE,
        {
          provide: PROMOTIONS_STORE,
          inject: [PG_POOL],
          useFactory: async (pool: Pool) => {
            await migratePromotions(pool, schema);
            return new PostgresEventStore(pool, schema);
          },
        },
        ...PROMOTIONS_CQRS_HANDLERS,
      ],
      exports: [PROMOTIONS_STORE],
    };
  }
}
