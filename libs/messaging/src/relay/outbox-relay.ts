import { GlobalPosition, START_OF_STORE, StoredEvent } from '@app/event-store';
import { Kafka, Partitioners, Producer } from 'kafkajs';
import type { Client, Pool } from 'pg';
import type { Registry } from 'prom-client';
import { backoffMs, errorText, sleep } from '../backoff';
import { ensureTopic } from '../kafka/kafka-client';
import { encodeIntegrationEvent } from '../kafka/integration-event-codec';
import { LockWaiter } from '../leadership/lock-waiter';
import { defaultLogger, MessagingLogger, ThrottledWarning } from '../logger';
import { messagingMetrics, MessagingMetrics } from '../metrics/messaging-metrics';
import { migrateMessaging } from '../schema/messaging-schema';
import { EventSource } from '../source/event-source';
import { countEventsAfter, loadRelayCheckpoint, saveRelayCheckpoint } from './relay-checkpoint';

export interface OutboxRelayOptions {
  readonly source: EventSource;
  /** Pool of the database holding the source's event store; the relay checkpoint lives there too. */
  readonly pool: Pool;
  readonly kafka: Kafka;
  /** Events per produce request (default 500). */
  readonly batchSize?: number;
  /** Pause between reads when caught up (default 20 ms). */
  readonly pollIntervalMs?: number;
  /** Partitions when the relay creates the topic (default 3). */
  readonly partitions?: number;
  /** Longest `start()` waits for the producer to connect (default 3000 ms; 0 connects on the first publish). */
  readonly warmupMs?: number;
  /**
   * Longest one wait of a standby relay for the leader's lock (default 1000 ms). The wait is blocking, so a standby
   * takes over as soon as the lock is free; this only bounds how long a stopped standby's wait lingers.
   */
  readonly standbyWaitMs?: number;
  readonly registry?: Registry;
  readonly logger?: MessagingLogger;
  /**
   * Called after the broker acknowledged a batch and before the checkpoint moves. Throwing here is the same
   * as crashing at the worst moment: the batch is republished (fault tests use it).
   */
  readonly afterAck?: (batch: { readonly published: number; readonly upTo: GlobalPosition }) => void | Promise<void>;
}

export interface RelayStatus {
  readonly service: string;
  readonly topic: string;
  readonly running: boolean;
  /** Holds the relay lock: only one relay per service publishes, so order holds across replicas. */
  readonly leader: boolean;
  readonly kafkaConnected: boolean;
  readonly checkpoint: GlobalPosition;
  readonly publishedTotal: number;
  readonly lastPublishAt: string | null;
  readonly lastError: string | null;
  readonly consecutiveFailures: number;
}

/** Correlation ids a batch's log line carries: the first, and up to 20 distinct ones with their count. */
const MAX_LOGGED_CORRELATION_IDS = 20;
const correlationFieldsOf = (events: readonly { readonly correlationId: string }[]) => {
  const ids = [...new Set(events.map((e) => e.correlationId))];
  return { correlationId: ids[0], correlationIds: ids.slice(0, MAX_LOGGED_CORRELATION_IDS), correlationIdCount: ids.length };
};

/**
 * Publishes a service's events table (the outbox) to its Kafka topic in global order, key = stream id, and
 * moves its checkpoint only after the broker acknowledged (acks = all, idempotent producer, one request in
 * flight). Kafka being down never affects writes: the relay backs off and retries from its checkpoint.
 * Delivery is at least once; consumers drop republished events by source position.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly logger: MessagingLogger;
  private readonly warning: ThrottledWarning;
  private readonly metrics: MessagingMetrics;
  private readonly lockKey: string;
  private abort = new AbortController();
  private loop: Promise<void> | undefined;
  private client: Client | undefined;
  private waiter: LockWaiter | undefined;
  private producer: Producer | undefined;
  private producerConnecting: Promise<Producer> | undefined;
  private topicReady = false;
  private checkpoint: GlobalPosition = START_OF_STORE;
  /** End of the last batch sent; ahead of `checkpoint` while that batch's checkpoint is being written. */
  private readPosition: GlobalPosition = START_OF_STORE;
  private prefetch: { readonly after: GlobalPosition; readonly events: Promise<StoredEvent[]> } | undefined;
  private pendingCheckpoint: Promise<unknown> | undefined;
  private publishedTotal = 0;
  private lastPublishAt: Date | null = null;
  private lastError: string | null = null;
  private failures = 0;
  /** The source store's id, sent with every message (undefined while unread, or for a store without one). */
  private origin: string | undefined;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 20;
    this.logger = options.logger ?? defaultLogger(`OutboxRelay:${options.source.service}`);
    this.warning = new ThrottledWarning(this.logger);
    this.metrics = messagingMetrics(options.registry);
    this.lockKey = `relay:${options.source.service}`;
  }

  get name(): string {
    return this.lockKey;
  }

  /**
   * Starts publishing in the background; returns once the messaging tables exist and the producer is connected
   * (or after `warmupMs`: a Kafka outage never stops a service from starting), so the first command after a
   * (re)start does not wait for the connection (lag right after a restart).
   */
  async start(): Promise<void> {
    if (this.loop) return;
    await migrateMessaging(this.options.pool);
    const warmupMs = this.options.warmupMs ?? 3000;
    if (warmupMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const connected = this.connectedProducer().then(
        () => undefined,
        () => undefined,
      );
      await Promise.race([connected, new Promise<void>((resolve) => (timer = setTimeout(resolve, warmupMs)))]);
      clearTimeout(timer);
    }
    this.abort = new AbortController();
    this.waiter = new LockWaiter(this.options.pool, this.lockKey);
    this.loop = this.run(this.abort.signal);
  }

  /** Stops after the batch in flight (its checkpoint is written if the broker acknowledged it). */
  async stop(): Promise<void> {
    this.abort.abort();
    // A standby blocked waiting for the lock: end the wait so stop() does not wait for it.
    await this.waiter?.close();
    await this.loop;
    this.loop = undefined;
    // The last acknowledged batch keeps its checkpoint.
    await this.settleCheckpoint().catch(() => undefined);
    this.rewind();
    await this.producerConnecting?.catch(() => undefined);
    await this.dropProducer();
    await this.dropClient();
  }

  status(): RelayStatus {
    return {
      service: this.options.source.service,
      topic: this.options.source.topic,
      running: this.loop !== undefined,
      leader: this.client !== undefined,
      kafkaConnected: this.producer !== undefined && this.failures === 0,
      checkpoint: this.checkpoint,
      publishedTotal: this.publishedTotal,
      lastPublishAt: this.lastPublishAt?.toISOString() ?? null,
      lastError: this.lastError,
      consecutiveFailures: this.failures,
    };
  }

  /** Events in the store the relay has not published yet (read from the stored checkpoint). */
  async lag(): Promise<number> {
    const at = await loadRelayCheckpoint(this.options.pool, this.lockKey);
    const behind = await countEventsAfter(this.options.pool, this.options.source.store.schema, at);
    this.metrics.relayLag.set({ service: this.options.source.service }, behind);
    return behind;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        // A standby waits inside leadership() (blocked on the lock, up to standbyWaitMs), so no pause here.
        const client = await this.leadership();
        if (!client) continue;
        const published = await this.publishBatch(client);
        if (this.failures > 0) this.logger.log(`Publishing to ${this.options.source.topic} again after ${this.failures} failed attempts.`);
        this.failures = 0;
        this.lastError = null;
        this.warning.reset();
        if (published === 0) await sleep(this.pollIntervalMs, signal);
      } catch (err) {
        this.rewind();
        this.failures++;
        this.lastError = errorText(err);
        this.warning.warn(`Relay ${this.lockKey} cannot publish to ${this.options.source.topic} (attempt ${this.failures}), retrying from its checkpoint: ${this.lastError}`);
        await sleep(backoffMs(this.failures, 100, 2000), signal);
      }
    }
  }

  /**
   * Publishes the next batch and queues its checkpoint; returns events read. Pipelined for throughput:
   * the following batch is read while this one is produced, and a checkpoint is written while the next
   * batch is read, but a checkpoint is only ever written after its batch was acknowledged, and in order.
   */
  private async publishBatch(client: Client): Promise<number> {
    const { source } = this.options;
    const after = this.readPosition;
    const prefetched = this.prefetch?.after === after ? this.prefetch.events : undefined;
    this.prefetch = undefined;
    let events = await (prefetched ?? this.read(after));
    // The prefetch was read while the previous batch was being produced: empty, it is stale, and sleeping the idle
    // interval on it would hold back whatever was committed meanwhile. Read again now; sleep only on a fresh empty read.
    if (events.length === 0 && prefetched) events = await this.read(after);
    if (events.length === 0) {
      await this.settleCheckpoint();
      this.metrics.relayLag.set({ service: source.service }, 0);
      return 0;
    }
    const upTo = events[events.length - 1].global;
    const next = this.read(upTo);
    next.catch(() => undefined); // awaited (or dropped) on the next turn
    this.prefetch = { after: upTo, events: next };

    const published = events.map((e) => source.toIntegrationEvent(e)).filter((e) => e !== null);
    const origin = await this.storeOrigin();
    const messages = published.map((e) => encodeIntegrationEvent(e, origin));
    if (messages.length) {
      const producer = await this.connectedProducer();
      try {
        await producer.send({ topic: source.topic, messages, acks: -1 });
      } catch (err) {
        // A fresh producer after a failure: kafkajs producers do not always recover from a broker restart.
        await this.dropProducer();
        throw err;
      }
    }
    await this.settleCheckpoint();
    await this.options.afterAck?.({ published: messages.length, upTo });
    this.pendingCheckpoint = saveRelayCheckpoint(client, this.lockKey, upTo).then(
      () => {
        this.checkpoint = upTo;
        return null;
      },
      (err: unknown) => err,
    );
    this.readPosition = upTo;
    this.publishedTotal += messages.length;
    this.lastPublishAt = new Date();
    if (messages.length) {
      this.metrics.relayPublished.inc({ service: source.service }, messages.length);
      this.logger.debug?.({ message: `Relay ${this.lockKey} published ${messages.length} events to ${source.topic}`, ...correlationFieldsOf(published) });
    }
    return events.length;
  }

  /**
   * The source store's id, read once: its consumers drop a message from another store on the same topic (another
   * deployment sharing the broker), whose positions would otherwise pass for this store's. A store not migrated to
   * have one (read again at the next batch) publishes without it, and its consumers take every message as before.
   */
  private async storeOrigin(): Promise<string | undefined> {
    this.origin ??= await this.options.source.store.storeId().catch(() => undefined);
    return this.origin;
  }

  private read(after: GlobalPosition): Promise<StoredEvent[]> {
    return this.options.source.store.readAll(after, this.batchSize);
  }

  /** Waits for the checkpoint in flight; if it failed, the lock connection is presumed broken. */
  private async settleCheckpoint(): Promise<void> {
    const pending = this.pendingCheckpoint;
    this.pendingCheckpoint = undefined;
    const err = await pending;
    if (err) {
      void this.dropClient();
      throw err;
    }
  }

  /** After a failure: forget read-ahead and continue from the last checkpoint written. */
  private rewind(): void {
    this.prefetch = undefined;
    this.pendingCheckpoint = undefined;
    this.readPosition = this.checkpoint;
  }

  /**
   * The connection holding this service's relay lock, or undefined while another relay holds it. A session
   * advisory lock dies with its connection, so a crashed relay hands over at once. It is a connection of its own,
   * made with the pool's settings but outside it: held for the relay's life, a pooled one took a connection from
   * every service for good, and the one-process platform (six relays) deadlocked at boot on a pool of five.
   */
  private async leadership(): Promise<Client | undefined> {
    if (this.client) return this.client;
    const client = await this.waiter?.acquire(this.options.standbyWaitMs ?? 1000);
    if (!client) return undefined;
    // A terminated session has lost the lock with it: stop acting as leader until it is taken again.
    client.on('end', () => {
      if (this.client === client) this.client = undefined;
    });
    try {
      this.checkpoint = await loadRelayCheckpoint(client, this.lockKey);
      this.rewind();
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
    this.logger.log(`Relay ${this.lockKey} publishing to ${this.options.source.topic} from (${this.checkpoint.transactionId}, ${this.checkpoint.position}).`);
    return client;
  }

  /** One connection attempt at a time: the warm-up's may still be running when the loop first publishes. */
  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.producerConnecting ??= this.connectProducer().finally(() => (this.producerConnecting = undefined));
    return this.producerConnecting;
  }

  private async connectProducer(): Promise<Producer> {
    const { kafka, source } = this.options;
    if (!this.topicReady) {
      await ensureTopic(kafka, source.topic, this.options.partitions ?? 3);
      this.topicReady = true;
    }
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    this.producer = producer;
    return producer;
  }

  private async dropProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }

  /** Closes the lock connection, which releases the lock with the session (broken or not). */
  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
