import type { IntegrationEvent } from '@app/contracts';
import type { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { countDeadLetters } from '../dead-letters/dead-letter-store';
import { defaultLogger, MessagingLogger } from '../logger';
import { messagingMetrics } from '../metrics/messaging-metrics';
import { rebuildProjection, RebuildOutcome } from '../rebuild/rebuild-projection';
import { migrateMessaging } from '../schema/messaging-schema';
import { EventSource } from '../source/event-source';
import { BatchApplier } from './batch-applier';
import { ConsumerTransport, TransportStatus } from './consumer-transport';
import { KafkaTransport, KafkaTransportOptions } from './kafka-transport';
import { Projection } from './projection';
import { StoreTransport, StoreTransportOptions } from './store-transport';

export interface EventConsumerOptions {
  readonly projection: Projection;
  /** Pool of the database holding the read model (and messaging.checkpoints). */
  readonly pool: Pool;
  /**
   * The services it consumes. With Kafka only `topic` is used; in embedded mode (and for rebuilds) the
   * source's store and mapping are read directly.
   */
  readonly sources: readonly EventSource[];
  /** Kafka client: given → Kafka transport; absent → embedded transport over the event stores. */
  readonly kafka?: Kafka;
  readonly kafkaOptions?: KafkaTransportOptions;
  readonly storeOptions?: StoreTransportOptions;
  /** Attempts before an event is dead-lettered (default 3). */
  readonly maxAttempts?: number;
  /** Events per rebuild transaction (default 5000). */
  readonly rebuildBatchSize?: number;
  readonly registry?: Registry;
  readonly logger?: MessagingLogger;
  /** Called after each committed batch with the events applied (e.g. to push live updates over SSE). */
  readonly afterCommit?: (applied: readonly IntegrationEvent[]) => void;
}

export interface ConsumerStatus extends TransportStatus {
  readonly consumer: string;
}

/**
 * Runs one projection: applies each source's integration events exactly once to its read model, over
 * Kafka or (embedded mode) straight from the source event stores, and can rebuild it from the stores.
 */
export class EventConsumer {
  readonly applier: BatchApplier;
  private readonly transport: ConsumerTransport;
  private started = false;

  constructor(private readonly options: EventConsumerOptions) {
    const logger = options.logger ?? defaultLogger(`EventConsumer:${options.projection.name}`);
    this.applier = new BatchApplier(options.pool, options.projection, messagingMetrics(options.registry), logger, options.maxAttempts ?? 3, options.afterCommit);
    this.transport = options.kafka
      ? new KafkaTransport(options.pool, options.kafka, this.applier, options.sources.map((s) => s.topic), logger, options.kafkaOptions, options.sources)
      : new StoreTransport(options.pool, this.applier, options.sources, logger, options.storeOptions);
  }

  get name(): string {
    return this.options.projection.name;
  }

  get kind(): 'kafka' | 'store' {
    return this.transport.kind;
  }

  /** Creates the messaging and read-model tables, then consumes in the background. */
  async start(): Promise<void> {
    if (this.started) return;
    await migrateMessaging(this.options.pool);
    const { projection } = this.options;
    if (projection.setup) {
      const client = await this.options.pool.connect();
      try {
        // Serialised: several processes starting the same projection must not race on CREATE TABLE.
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection-setup:${this.name}`]);
        // Called on the projection, so a class-based projection keeps its `this`.
        await projection.setup(client);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    }
    await this.transport.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    await this.transport.stop();
    this.started = false;
  }

  /**
   * Drops the read model and replays it from the event stores. Safe while running: live batches wait for
   * the rebuild's lock and continue above its position.
   */
  async rebuild(): Promise<RebuildOutcome> {
    await migrateMessaging(this.options.pool);
    return rebuildProjection(this.options.pool, this.applier, this.options.sources, this.options.rebuildBatchSize ?? 5000);
  }

  lag(): Promise<number> {
    return this.transport.lag();
  }

  deadLetters(): Promise<number> {
    return countDeadLetters(this.options.pool, this.name);
  }

  status(): ConsumerStatus {
    return { consumer: this.name, ...this.transport.status() };
  }
}
