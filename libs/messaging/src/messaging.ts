import type { Kafka, logLevel } from 'kafkajs';
import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { EventConsumer, EventConsumerOptions } from './consumer/event-consumer';
import { Projection } from './consumer/projection';
import { messagingHealthIndicator, MessagingHealthIndicator, MessagingHealthThresholds } from './health/messaging-health';
import { createKafka } from './kafka/kafka-client';
import { MessagingLogger } from './logger';
import { OutboxRelay, OutboxRelayOptions } from './relay/outbox-relay';
import { EventSource } from './source/event-source';

export interface MessagingOptions {
  /** Names the Kafka client and the logs, e.g. `tables`. */
  readonly serviceName: string;
  /** The service's database pool: its event store, read models and messaging tables. */
  readonly pool: Pool;
  /** This service's own events to publish (omit for a service that publishes nothing). */
  readonly publish?: EventSource;
  /** Read models this service keeps, each with the sources it consumes. */
  readonly projections?: readonly { readonly projection: Projection; readonly sources: readonly EventSource[] }[];
  /**
   * Kafka brokers; none (absent or empty) → embedded mode: no relay, consumers read the stores. Never read from the
   * environment here: each main.ts reads and validates KAFKA_BROKERS (readServiceConfig) and passes it on, so a
   * process or test that gave none is embedded whatever the environment says.
   */
  readonly brokers?: readonly string[];
  readonly kafkaLogLevel?: logLevel;
  readonly relay?: Partial<Pick<OutboxRelayOptions, 'batchSize' | 'pollIntervalMs' | 'partitions'>>;
  readonly consumer?: Partial<Pick<EventConsumerOptions, 'kafkaOptions' | 'storeOptions' | 'maxAttempts' | 'rebuildBatchSize' | 'afterCommit'>>;
  readonly health?: MessagingHealthThresholds;
  /** Where the metrics go (default prom-client's default register); pass the registry /metrics serves. */
  readonly registry?: Registry;
  readonly logger?: MessagingLogger;
}

/**
 * A service's messaging: its outbox relay (Kafka mode only; in embedded mode other services read its
 * events table directly) and its consumers, started and stopped together, with one health indicator.
 */
export class Messaging {
  readonly kafka: Kafka | undefined;
  readonly relay: OutboxRelay | undefined;
  readonly consumers: readonly EventConsumer[];
  readonly health: MessagingHealthIndicator;

  constructor(options: MessagingOptions) {
    const brokers = options.brokers;
    this.kafka = brokers?.length ? createKafka({ brokers, clientId: options.serviceName, logLevel: options.kafkaLogLevel }) : undefined;
    this.relay =
      this.kafka && options.publish
        ? new OutboxRelay({ ...options.relay, source: options.publish, pool: options.pool, kafka: this.kafka, registry: options.registry, logger: options.logger })
        : undefined;
    this.consumers = (options.projections ?? []).map(
      (p) =>
        new EventConsumer({
          ...options.consumer,
          projection: p.projection,
          sources: p.sources,
          pool: options.pool,
          kafka: this.kafka,
          registry: options.registry,
          logger: options.logger,
        }),
    );
    this.health = messagingHealthIndicator(this.relay ? [this.relay] : [], this.consumers, options.health);
  }

  get mode(): 'kafka' | 'embedded' {
    return this.kafka ? 'kafka' : 'embedded';
  }

  consumer(projectionName: string): EventConsumer {
    const found = this.consumers.find((c) => c.name === projectionName);
    if (!found) throw new Error(`No consumer for projection "${projectionName}": add it to MessagingOptions.projections.`);
    return found;
  }

  /**
   * The relay and every consumer warm up at once (producer connected, consumers joined): one after another, a
   * restarted service with several consumers waited for each join in turn before reporting ready.
   */
  async start(): Promise<void> {
    await Promise.all([this.relay?.start(), ...this.consumers.map((c) => c.start())]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.relay?.stop(), ...this.consumers.map((c) => c.stop())]);
  }
}
