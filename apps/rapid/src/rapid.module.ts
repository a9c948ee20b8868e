import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PG_POOL } from '@app/database';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, reactorProjection, serviceMessaging } from '@app/messaging';
import { HealthRegistry } from '@app/platform-kit';
import type { Pool } from 'pg';
import { RapidFeed } from './feed/rapid-feed';
import { rapidSource } from './rapid.source';
import { RapidFeedController } from './feed/rapid-feed.controller';
import { AtsAccountController } from './http/ats-account.controller';
import { RegulatorRegisterController } from './regulator-register/regulator-register.controller';
import { RegulatorRegisterProjection } from './regulator-register/regulator-register.projection';
import { GetRegulatorReportHandler } from './regulator-register/regulator-register.query';
import { RapidTableController } from './http/rapid-table.controller';
import { RAPID_CQRS_HANDLERS } from './rapid.cqrs';
import { RAPID_OPTIONS, RAPID_USE_CASES } from './rapid.tokens';
import { RapidUseCases } from './rapid-use-cases';
import { tournamentSessionsReactor } from './tournaments/tournament-sessions.reactor';
import { RAPID_CASINO_SCOPE } from './rapid.casino-scope';

export interface RapidModuleOptions {
  /** PostgreSQL schema of the Rapid event store (default `rapid`). */
  readonly schema?: string;
  /** Kafka brokers; none → embedded mode (others read the store). */
  readonly brokers?: readonly string[];
  /** Topic the Rapid events are published on (default `baccarat.rapid.events`). */
  readonly topic?: string;
  /** How often the live feed reads the store (default 50 ms). */
  readonly feedPollIntervalMs?: number;
  /** The tournaments service's published events (Rapid 12); none → no tournament sessions on Rapid tables. */
  readonly tournamentsSource?: (pool: Pool) => EventSource;
}

export { rapidSource } from './rapid.source';

@Injectable()
class RapidLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(RapidFeed) private readonly feed: RapidFeed) {}

  onApplicationBootstrap(): Promise<void> {
    return this.feed.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.feed.stop();
  }
}

/**
 * Rapid Baccarat (Crown Melbourne Rules for Rapid Baccarat): the floor, its tables with their ATS, the ATS chip
 * accounts, the SGC and ATS APIs, and the outbox relay publishing `baccarat.rapid.events`. Its own schema and
 * event store. Needs DatabaseModule.forRoot (PG_POOL) and PlatformKitModule.forRoot in the root module.
 */
@Module({})
export class RapidModule {
  static forRoot(options: RapidModuleOptions = {}): DynamicModule {
    const schema = options.schema ?? 'rapid';
    return {
      module: RapidModule,
      imports: [
        CqrsModule,
        serviceMessaging({
          service: 'rapid',
          pool: PG_POOL,
          schema,
          brokers: options.brokers,
          readiness: HealthRegistry,
          publish: (_store, pool) => rapidSource(pool, schema, options.topic),
          // The regulator's view is built from the published events, as any reporting consumer would build it.
          projections: (pool) => [
            { projection: new RegulatorRegisterProjection(schema), sources: [rapidSource(pool, schema, options.topic)] },
            ...(options.tournamentsSource ? [{ projection: reactorProjection(tournamentSessionsReactor(new PostgresEventStore(pool, schema))), sources: [options.tournamentsSource(pool)] }] : []),
          ],
        }),
      ],
      controllers: [RapidTableController, AtsAccountController, RapidFeedController, RegulatorRegisterController],
      providers: [
        RAPID_CASINO_SCOPE,
        { provide: RAPID_OPTIONS, useValue: options },
        {
          provide: RAPID_USE_CASES,
          inject: [PG_POOL],
          useFactory: async (pool: Pool) => {
            await new PostgresEventStore(pool, schema).migrate();
            return new RapidUseCases(pool, schema);
          },
        },
        {
          provide: RapidFeed,
          inject: [PG_POOL, RAPID_USE_CASES],
          useFactory: (pool: Pool, useCases: RapidUseCases) => new RapidFeed(new PostgresEventStore(pool, schema), useCases, options.feedPollIntervalMs ?? 50),
        },
        ...RAPID_CQRS_HANDLERS,
        GetRegulatorReportHandler,
        RapidLifecycle,
      ],
      exports: [RAPID_USE_CASES],
    };
  }
}
