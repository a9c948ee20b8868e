import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { publishTypes, topicFor } from '@app/contracts';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, eventSource, Messaging, MESSAGING, serviceMessaging } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DEFAULT_CALENDARS, JurisdictionCalendars } from './calendar/reporting-config';
import { DashboardModule } from './dashboard/dashboard.controller';
import { ReadModelsController } from './read-model/read-models.controller';
import { ReportingQueries } from './read-model/reporting.queries';
import { TABLES_EVENT_TYPES, tablesReadModelsProjection } from './read-model/tables-read-models.projection';
import { readModelGate } from './reports/read-model-gate';
import { ReportScheduler } from './reports/report-scheduler';
import { ReportService } from './reports/report.service';
import { ReportsController } from './reports/reports.controller';
import { REPORT_SERVICE, REPORTING_OPTIONS, REPORTING_QUERIES } from './reporting.tokens';
import { CalendarsController } from './reports/calendars.controller';
import { REPORTING_USE_CASES } from './reporting.use-cases';
import { JACKPOTS_READ_MODEL_EVENT_TYPES, jackpotsReadModelProjection } from './jackpots/jackpots.projection';
import { PROMOTION_NOTICES_SCHEMA, PromotionNoticesController } from './promotions/promotion-notices.controller';
import { PromotionNoticesProjection } from './promotions/promotion-notices.projection';
import { TOURNAMENTS_READ_MODEL_EVENT_TYPES, tournamentsReadModelProjection } from './tournaments/tournaments.projection';
import { rapidReadModelProjection } from './rapid/rapid.projection';
import { WhatIfModule } from './what-if/what-if.controller';
import { RefusedCommandsController } from './refused-commands/refused-commands.controller';
import { REPORTING_CASINO_SCOPE } from './reporting.casino-scope';
import { REPORTS_CASINO_SCOPE } from './reports/reports.casino-scope';

export interface ReportingModuleOptions {
  /** Schema of the read models and stored reports (default `reporting`). */
  readonly schema?: string;
  /** Gaming-day start, zone and shifts per jurisdiction (default 06:00 local, three shifts). */
  readonly calendars?: JurisdictionCalendars;
  /** Kafka brokers; none → embedded mode (consumers read the source stores). */
  readonly brokers?: readonly string[];
  /** Sources: the tables and jackpots services' stores (embedded) / topics (Kafka). Default: schemas `tables` and `jackpots`. */
  readonly tablesSource?: (pool: Pool) => EventSource;
  readonly jackpotsSource?: (pool: Pool) => EventSource;
  /** The promotions service's store / topic: promotion notices for the NSW reports (none → not consumed). */
  readonly promotionsSource?: (pool: Pool) => EventSource;
  /**
   * The tournaments service's store (embedded) / topic (Kafka), where it runs (apps/platform passes it): its
   * notices and results then appear in the tournament reports. Without it no tournament consumer is started.
   */
  readonly tournamentsSource?: (pool: Pool) => EventSource;
  /**
   * The Rapid service's published events (its store in embedded mode, its topic with Kafka), where it runs
   * (apps/platform passes it): the VIC Rapid Baccarat report reads them. Without it no Rapid consumer is started.
   */
  readonly rapidSource?: (pool: Pool) => EventSource;
  /** Scheduled daily/monthly regulator reports (default on, every 5 minutes, 3 days back). */
  readonly scheduler?: { readonly enabled?: boolean; readonly intervalMs?: number; readonly lookbackDays?: number };
}

/**
 * Reads the `tables` store as if it held contract events (true of the tests' simulated tables). Over Kafka the
 * tables relay maps its own events; in one process apps/platform/src/event-sources.ts passes the tables
 * service's mapping instead of this default, and so do the standalone main.ts files.
 */
export const defaultTablesSource = (pool: Pool): EventSource =>
  eventSource('tables', new PostgresEventStore(pool, 'tables'), publishTypes('tables', TABLES_EVENT_TYPES), topicFor('tables'));
export const defaultJackpotsSource = (pool: Pool): EventSource =>
  eventSource('jackpots', new PostgresEventStore(pool, 'jackpots'), publishTypes('jackpots', JACKPOTS_READ_MODEL_EVENT_TYPES), topicFor('jackpots'));

/** Reads only the tournament events reports use (never an undisclosed wager, Star 15.8.2.5). */
export const defaultTournamentsSource = (pool: Pool): EventSource =>
  eventSource('tournaments', new PostgresEventStore(pool, 'tournaments'), publishTypes('tournaments', TOURNAMENTS_READ_MODEL_EVENT_TYPES), topicFor('tournaments'));

export const REPORT_SCHEDULER = Symbol('REPORT_SCHEDULER');

@Injectable()
class ReportingLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(REPORT_SERVICE) private readonly reports: ReportService,
    @Inject(REPORT_SCHEDULER) private readonly scheduler: ReportScheduler,
    @Inject(REPORTING_OPTIONS) private readonly options: ReportingModuleOptions,
  ) {}

  async onModuleInit(): Promise<void> {
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
    const promotionsSource = options.promotionsSource;
    const promotionNotices = promotionsSource ? new PromotionNoticesProjection(schema, calendars) : null;
    const tournamentsProjection = tournamentsReadModelProjection({ schema, calendars });
    const tournamentsSource = options.tournamentsSource;
    const rapidProjection = rapidReadModelProjection({ schema, calendars });
    const rapidSource = options.rapidSource;
    const messagingModule = serviceMessaging({
      service: 'reporting',
      pool: PG_POOL,
      brokers: options.brokers,
      readiness: HealthRegistry,
      projections: (pool) => [
        { projection: tablesProjection, sources: [tablesSource(pool)] },
        { projection: jackpotsProjection, sources: [jackpotsSource(pool)] },
        ...(promotionsSource && promotionNotices ? [{ projection: promotionNotices, sources: [promotionsSource(pool)] }] : []),
        ...(tournamentsSource ? [{ projection: tournamentsProjection, sources: [tournamentsSource(pool)] }] : []),
        ...(rapidSource ? [{ projection: rapidProjection, sources: [rapidSource(pool)] }] : []),
      ],
    });
    return {
      module: ReportingModule,
      imports: [
        DashboardModule,
        CqrsModule,
        messagingModule,
        WhatIfModule.forRoot(tablesSource),
      ],
      controllers: [ReportsController, CalendarsController, ReadModelsController, PromotionNoticesController, RefusedCommandsController],
      providers: [
        REPORTING_CASINO_SCOPE,
        REPORTS_CASINO_SCOPE,
        { provide: PROMOTION_NOTICES_SCHEMA, useValue: schema },
        ...REPORTING_USE_CASES,
        { provide: REPORTING_OPTIONS, useValue: options },
        // A manifest states the checkpoint of every consumer the reports read; periods follow the configured calendars.
        {
          provide: REPORT_SERVICE,
          inject: [PG_POOL],
          useFactory: (pool: Pool) =>
            new ReportService(pool, schema, [jackpotsProjection.name, tablesProjection.name, ...(promotionNotices ? [promotionNotices.name] : []), ...(tournamentsSource ? [tournamentsProjection.name] : []), ...(rapidSource ? [rapidProjection.name] : [])], calendars),
        },
        { provide: REPORTING_QUERIES, inject: [PG_POOL], useFactory: (pool: Pool) => new ReportingQueries(pool, schema) },
        {
          provide: REPORT_SCHEDULER,
          inject: [REPORT_SERVICE, PG_POOL, MESSAGING],
          useFactory: (reports: ReportService, pool: Pool, messaging: Messaging) => {
            const logger = new Logger('ReportScheduler');
            const store = (consumer: string, source: EventSource) => ({ consumer, topic: source.topic, schema: source.store.schema });
            const gate = readModelGate(pool, () => messaging.consumers, [store(tablesProjection.name, tablesSource(pool)), store(jackpotsProjection.name, jackpotsSource(pool)), ...(tournamentsSource ? [store(tournamentsProjection.name, tournamentsSource(pool))] : []), ...(rapidSource ? [store(rapidProjection.name, rapidSource(pool))] : [])]);
            return new ReportScheduler(reports, calendars, gate, {
              intervalMs: options.scheduler?.intervalMs ?? 5 * 60 * 1000,
              lookbackDays: options.scheduler?.lookbackDays ?? 3,
              onError: (err) => logger.error(`Scheduled report generation failed: ${String(err)}`),
            });
          },
        },
        ReportingLifecycle,
      ],
      exports: [REPORT_SERVICE, REPORTING_QUERIES, messagingModule],
    };
  }
}
