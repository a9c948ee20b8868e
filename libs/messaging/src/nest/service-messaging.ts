import { DynamicModule, Inject, Injectable, InjectionToken, Module, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PostgresEventStore } from '@app/event-store';
import type { Pool } from 'pg';
import { MessagingHealthIndicator } from '../health/messaging-health';
import { Messaging, MessagingOptions } from '../messaging';
import { EventSource } from '../source/event-source';
import { MESSAGING, MessagingModule } from './messaging.module';

/** Where readiness checks are registered: platform-kit's HealthRegistry, structurally. */
export interface ReadinessRegistry {
  register(indicator: MessagingHealthIndicator): void;
}

/** Token of the database pool the service's messaging runs on (`PG_POOL` of @app/database). */
export type PoolToken = InjectionToken;

export interface ServiceMessagingOptions extends Partial<Pick<MessagingOptions, 'brokers' | 'relay' | 'consumer' | 'health' | 'kafkaLogLevel' | 'registry' | 'logger'>> {
  /** Names the Kafka client, the logs and the readiness check (`<service>-messaging`). */
  readonly service: string;
  /** The pool's injection token (PG_POOL). */
  readonly pool: PoolToken;
  /** The service's event-store schema, migrated before the relay reads it; omit for a service with no store. */
  readonly schema?: string;
  /** What the service publishes from its store (its outbox); omit for a service that publishes nothing. */
  readonly publish?: (store: PostgresEventStore, pool: Pool) => EventSource;
  /** The read models the service keeps, each with the sources it consumes. */
  readonly projections?: (pool: Pool) => MessagingOptions['projections'];
  /** Tables of the service's own its projections need, migrated before any consumer starts. */
  readonly migrate?: (pool: Pool) => Promise<void>;
  /** Where the readiness check goes (HealthRegistry of @app/platform-kit); skipped when not provided. */
  readonly readiness?: InjectionToken;
}

const READINESS = Symbol('SERVICE_MESSAGING_READINESS');

/** Readiness shows the service's relay and consumers: Kafka reachable, events not yet published, lag, dead letters. */
@Injectable()
class MessagingReadiness implements OnModuleInit {
  constructor(
    @Inject(MESSAGING) private readonly messaging: Messaging,
    @Inject(READINESS) private readonly readiness: { readonly name: string; readonly registry?: InjectionToken },
    @Inject(ModuleRef) private readonly modules: ModuleRef,
  ) {}

  onModuleInit(): void {
    if (this.readiness.registry === undefined) return;
    const registry = this.registryOrNone(this.readiness.registry);
    const indicator = this.messaging.health;
    registry?.register({ name: this.readiness.name, check: () => indicator.check() });
  }

  // A host without the platform kit (a test module) has no registry: then there is nothing to register with.
  private registryOrNone(token: InjectionToken): ReadinessRegistry | undefined {
    try {
      return this.modules.get<ReadinessRegistry>(token, { strict: false });
    } catch {
      return undefined;
    }
  }
}

@Module({})
class ServiceMessagingModule {}

/**
 * A service's messaging in one line of its module: its event store migrated, the outbox relay publishing what
 * it publishes, its consumers, start and stop with the application, and its readiness check. Exports
 * `MESSAGING`. Every service module uses it, so the services differ only in what they publish and consume.
 */
export const serviceMessaging = (options: ServiceMessagingOptions): DynamicModule => {
  const { service, pool: poolToken, schema, publish, projections, migrate, readiness, ...rest } = options;
  const messaging = MessagingModule.forRootAsync({
    inject: [poolToken],
    useFactory: async (pool: Pool): Promise<MessagingOptions> => {
      const store = schema === undefined ? undefined : new PostgresEventStore(pool, schema);
      await store?.migrate();
      await migrate?.(pool);
      if (publish && !store) throw new Error(`serviceMessaging(${service}): publish needs the schema of the store it publishes from.`);
      return {
        ...rest,
        serviceName: service,
        pool,
        ...(publish && store ? { publish: publish(store, pool) } : {}),
        projections: projections?.(pool) ?? [],
      };
    },
  });
  return {
    module: ServiceMessagingModule,
    imports: [messaging],
    providers: [
      { provide: READINESS, useValue: { name: `${service}-messaging`, registry: readiness } },
      MessagingReadiness,
    ],
    exports: [messaging],
  };
};
