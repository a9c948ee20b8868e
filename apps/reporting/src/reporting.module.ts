import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { publishTypes, topicFor } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, eventSource, Messaging, MESSAGING, MessagingModule } from '@app/messaging';
import { HealthRegistry, JsonLogger } from '@app/platform-kit';
import type { Pool } from 'pg';
import { DEFAULT_CALENDARS, JurisdictionCalendars } from './calendar/reporting-config';
import { DashboardController } from './dashboard/dashboard.controller';
import { ReadModelsController } from './read-model/read-models.controller';
import { ReportingQueries } from './read-model/reporting.queries';
import { TABLES_EVENT_TYPES, tablesReadModelsProjection } from './read-model/tables-read-models.projection';
import { readModelGate } from './reports/read-model-gate';
import { ReportScheduler } from './reports/report-scheduler';
import { ReportService } from './reports/report.service';
import { ReportsController } from './reports/reports.controller';
import { REPORT_SERVICE, REPORTING_OPTIONS, REPORTING_QUERIES } from './reporting.tokens';
import { JACKPOTS_READ_MODEL_EVENT_TYPES, jackpotsReadModelProjection } from './jackpots/jackpots.projection';

export interface ReportingModuleOptions {
  /** Schema of the read models and stored reports (default `reporting`). */
  readonly schema?: string;
  /** Gaming-day start, zone and shifts per jurisdiction (default 06:00 local, three shifts). */
  readonly calendars?: JurisdictionCalendars;
  /** Kafka brokers (default KAFKA_BROKERS); none → embedded mode (consumers read the source stores). */
  readonly brokers?: readonly string[];
  /** Sources: the tables and jackpots services' stores (embedded) / topics (Kafka). Default: schemas `tables` and `jackpots`. */
  readonly tablesSource?: (pool: Pool) => EventSource;
  readonly jackpotsSource?: (pool: Pool) => EventSource;
  /** Scheduled daily/monthly regulator reports (default on, every 5 minutes, 3 days back). */
  readonly scheduler?: { readonly enabled?: boolean; readonly intervalMs?: number; readonly lookbackDays?: number };
}

/**
 * Reads the `tables` store as if it held contract events (true of the tests' simulated tables). Over Kafka the
 * tables relay maps its own events; in one process apps/platform/src/event-sources.ts passes the tables
 * service's mapping instead of this default.
 */
export const defaultTablesSource = (pool: Pool): EventSource =>
  eventSource('tables', new PostgresEventStore(pool, 'tables'), publishTypes('tables', TABLES_EVENT_TYPES), topicFor('tables'));
export const defaultJackpotsSource = (pool: Pool): EventSource =>
  eventSource('jackpots', new PostgresEventStore(pool, 'jackpots'), publishTypes('jackpots', JACKPOTS_READ_MODEL_EVENT_TYPES), topicFor('jackpots'));

export const REPORT_SCHEDULER = Symbol('REPORT_SCHEDULER');

@Injectable()
class ReportingLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(MESSAGING) private readonly messaging: Messaging,
    @Inject(REPORT_SERVICE) private readonly reports: ReportService,
    @Inject(REPORT_SCHEDULER) private readonly scheduler: ReportScheduler,
    @Inject(REPORTING_OPTIONS) private readonly options: ReportingModuleOptions,
    @Optional() @Inject(HealthRegistry) private readonly health?: HealthRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    const indicator = this.messaging.health;
    this.health?.register({ name: 'reporting-messaging', check: () => indicator.check() });
    await this.reports.migrate();
  }

  onApplicationBootstrap(): void {
    if (this.options.scheduler?.enabled ?? true) this.scheduler.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.scheduler.stop();
  }
}

/**
 * The reporting service: read models built only from the tables and jackpots services' integration events
 * (Kafka, or their stores in embedded mode), the managers' query API, regulator reports (JSON, CSV, PDF with
 * a manifest), scheduled generation and the dashboard page. Needs DatabaseModule.forRoot and
 * PlatformKitModule.forRoot in the root module.
 */
@Module({})
export class ReportingModule {
  static forRoot(options: ReportingModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'reporting';
    const calendars = options.calendars ?? DEFAULT_CALENDARS;
    const tablesProjection = tablesReadModelsProjection({ schema, calendars });
    const jackpotsProjection = jackpotsReadModelProjection({ schema, calendars });
    const tablesSource = options.tablesSource ?? defaultTablesSource;
    const jackpotsSource = options.jackpotsSource ?? defaultJackpotsSource;
    return {
      module: ReportingModule,
      imports: [
        MessagingModule.forRootAsync({
          inject: [PG_POOL],
          useFactory: (pool: Pool) => ({
            serviceName: 'reporting',
            pool,
            brokers: options.brokers,
            projections: [
              { projection: tablesProjection, sources: [tablesSource(pool)] },
              { projection: jackpotsProjection, sources: [jackpotsSource(pool)] },
            ],
          }),
        }),
      ],
      controllers: [ReportsController, ReadModelsController, DashboardController],
      providers: [
        { provide: REPORTING_OPTIONS, useValue: options },
        { provide: REPORT_SERVICE, inject: [PG_POOL], useFactory: (pool: Pool) => new ReportService(pool, schema, [jackpotsProjection.name, tablesProjection.name]) },
        { provide: REPORTING_QUERIES, inject: [PG_POOL], useFactory: (pool: Pool) => new ReportingQueries(pool, schema) },
        {
          provide: REPORT_SCHEDULER,
          inject: [REPORT_SERVICE, PG_POOL, MESSAGING, { token: JsonLogger, optional: true }],
          useFactory: (reports: ReportService, pool: Pool, messaging: Messaging, logger?: JsonLogger) => {
            const store = (consumer: string, source: EventSource) => ({ consumer, topic: source.topic, schema: source.store.schema });
            const gate = readModelGate(pool, () => messaging.consumers, [store(tablesProjection.name, tablesSource(pool)), store(jackpotsProjection.name, jackpotsSource(pool))]);
            return new ReportScheduler(reports, calendars, gate, {
              intervalMs: options.scheduler?.intervalMs ?? 5 * 60 * 1000,
              lookbackDays: options.scheduler?.lookbackDays ?? 3,
              onError: (err) => logger?.error(`Scheduled report generation failed: ${String(err)}`, undefined, 'ReportScheduler'),
            });
          },
        },
        ReportingLifecycle,
      ],
      exports: [REPORT_SERVICE, REPORTING_QUERIES, MessagingModule],
    };
  }
}
