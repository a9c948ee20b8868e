import { DynamicModule, Module } from '@nestjs/common';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { DatabaseModule, PG_POOL } from '@app/database';
import { DatabaseHealthIndicator, PlatformKitModule, PostgresAuditSink } from '@app/platform-kit';
import { JackpotsModule } from '../../jackpots/src/jackpots.module';
import { ReportingModule } from '../../reporting/src/reporting.module';
import { TablesModule } from '../../tables/src/tables.module';

export interface PlatformModuleOptions {
  readonly dataSource: DataSource;
  readonly databaseUrl: string;
  readonly kafkaBrokers: readonly string[] | undefined;
}

/**
 * Every service in one process (the embedded default). Each service keeps its own schema, event store and
 * messaging exactly as when it runs alone; only the database pool and the HTTP edge are shared.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const brokers = options.kafkaBrokers;
    return {
      module: PlatformModule,
      imports: [
        DatabaseModule.forRoot({ url: options.databaseUrl, dataSource: options.dataSource }),
        PlatformKitModule.forRoot({
          serviceName: 'platform',
          auditSink: { inject: [PG_POOL], useFactory: (pool: Pool) => new PostgresAuditSink(pool) },
          healthIndicators: [new DatabaseHealthIndicator(options.dataSource)],
        }),
        TablesModule.forRoot({ messaging: { brokers } }),
        JackpotsModule.forRoot({ brokers }),
        ReportingModule.forRoot({ brokers }),
      ],
    };
  }
}
