import { DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DatabaseModule, PG_POOL } from '@app/database';
import { DatabaseHealthIndicator, PlatformKitModule, postgresAuditSinkFrom } from '@app/platform-kit';
import { JackpotsModule } from '../../jackpots/src/jackpots.module';
import { ReportingModule } from '../../reporting/src/reporting.module';
import { TablesModule } from '../../tables/src/tables.module';
import { jackpotsSource, tablesSource } from './event-sources';

export interface PlatformModuleOptions {
  readonly dataSource: DataSource;
  readonly databaseUrl: string;
  readonly kafkaBrokers: readonly string[] | undefined;
  /** Topic names; the defaults (`baccarat.<service>.events`) are what production uses. Tests isolate themselves. */
  readonly topics?: { readonly tables: string; readonly jackpots: string };
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
          healthIndicators: [new DatabaseHealthIndicator(options.dataSource)],
        }),
        TablesModule.forRoot({ messaging: { brokers }, topic: topics?.tables }),
        JackpotsModule.forRoot({ brokers, topic: topics?.jackpots, tablesSource: (pool) => tablesSource(pool, topics?.tables) }),
        ReportingModule.forRoot({
          brokers,
          tablesSource: (pool) => tablesSource(pool, topics?.tables),
          jackpotsSource: (pool) => jackpotsSource(pool, topics?.jackpots),
          scheduler: { enabled: options.reportScheduler ?? true },
        }),
      ],
    };
  }
}
