import { DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DatabaseModule, PG_POOL } from '@app/database';
import { DatabaseHealthIndicator, PlatformKitModule, postgresAuditSinkFrom } from '@app/platform-kit';
import { JackpotsModule } from '../../jackpots/src/jackpots.module';
import { PromotionsModule } from '../../promotions/src/promotions.module';
import { RapidModule } from '../../rapid/src/rapid.module';
import { ReportingModule } from '../../reporting/src/reporting.module';
import { EVENT_STORE_SCHEMAS } from './schema-migrations';
import { TablesModule } from '../../tables/src/tables.module';
import { TournamentsModule } from '../../tournaments/src/tournaments.module';
import { jackpotsSource, promotionsSource, rapidSource, tablesSource, tournamentsSource } from './event-sources';

export interface PlatformModuleOptions {
  readonly dataSource: DataSource;
  readonly databaseUrl: string;
  /** Kafka brokers; none (undefined or empty): embedded, the services read each other's event stores. */
  readonly kafkaBrokers: readonly string[] | undefined;
  /** Topic names; the defaults (`baccarat.<service>.events`) are what production uses. Tests isolate themselves. */
  readonly topics?: { readonly tables: string; readonly jackpots: string; readonly promotions?: string; readonly rapid?: string; readonly tournaments?: string };
  /** Scheduled regulator report generation (default on). */
  readonly reportScheduler?: boolean;
}

/**
 * Every service in one process (the embedded default). Each service keeps its own schema, event store and
 * messaging exactly as when it runs alone; only the database pool and the HTTP edge are shared.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { kafkaBrokers: brokers, topics } = options;
    return {
      module: PlatformModule,
      imports: [
        DatabaseModule.forRoot({ url: options.databaseUrl, dataSource: options.dataSource }),
        PlatformKitModule.forRoot({
          serviceName: 'platform',
          auditSink: postgresAuditSinkFrom(PG_POOL),
          // Not ready on a database that answers without the schemas migrated at start (dropped under the process).
          healthIndicators: [new DatabaseHealthIndicator(options.dataSource, 'database', ['platform.idempotency_keys', 'messaging.checkpoints', ...EVENT_STORE_SCHEMAS.map((schema) => `${schema}.events`)])],
        }),
        TablesModule.forRoot({ messaging: { brokers }, topic: topics?.tables, tournamentsSource: (pool) => tournamentsSource(pool, topics?.tournaments) }),
        JackpotsModule.forRoot({ brokers, topic: topics?.jackpots, tablesSource: (pool) => tablesSource(pool, topics?.tables) }),
        PromotionsModule.forRoot({ brokers, topic: topics?.promotions, tablesSource: (pool) => tablesSource(pool, topics?.tables) }),
        RapidModule.forRoot({ brokers, topic: topics?.rapid, tournamentsSource: (pool) => tournamentsSource(pool, topics?.tournaments) }),
        TournamentsModule.forRoot({ brokers, topic: topics?.tournaments, tablesSource: (pool) => tablesSource(pool, topics?.tables), rapidSource: (pool) => rapidSource(pool, 'rapid', topics?.rapid) }),
        ReportingModule.forRoot({
          brokers,
          tablesSource: (pool) => tablesSource(pool, topics?.tables),
          jackpotsSource: (pool) => jackpotsSource(pool, topics?.jackpots),
          promotionsSource: (pool) => promotionsSource(pool, topics?.promotions),
          tournamentsSource: (pool) => tournamentsSource(pool, topics?.tournaments),
          rapidSource: (pool) => rapidSource(pool, 'rapid', topics?.rapid),
          scheduler: { enabled: options.reportScheduler ?? true },
        }),
      ],
    };
  }
}
