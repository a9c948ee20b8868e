import { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { backoffMs, errorText, sleep } from '../backoff';
import { decodeIntegrationEvent } from '../kafka/integration-event-codec';
import { ensureTopic } from '../kafka/kafka-client';
import { MessagingLogger, ThrottledWarning } from '../logger';
import { BatchApplier, Incoming, STORE_PARTITION } from './batch-applier';
import { ConsumerTransport, TransportStatus } from './consumer-transport';

export interface KafkaTransportOptions {
  /** Consumer group (default: the projection name). Only assigns partitions; offsets live in PostgreSQL. */
  readonly groupId?: string;
  /** Longest a fetch waits for new messages (default 100 ms; lower means less lag when idle). */
  readonly maxWaitTimeInMs?: number;
  readonly partitionsConsumedConcurrently?: number;
  /** Partitions when the consumer has to create a topic (default 3, as the relay). */
  readonly partitions?: number;
}

const key = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/**
 * Kafka transport: auto-commit off; the PostgreSQL checkpoint (offset and source position per partition) is
 * the only truth. On assignment it seeks to the stored offset + 1; messages at or below the watermark
 * (redeliveries, or relay republishes at new offsets) are skipped inside the applying transaction.
 */
export class KafkaTransport implements ConsumerTransport {
  readonly kind = 'kafka' as const;
  private consumer: Consumer | undefined;
  private admin: Admin | undefined;
  /** Last committed offset per partition: where to seek after a (re)assignment. */
  private readonly offsets = new Map<string, string>();
  private readonly warning: ThrottledWarning;
  private running = false;
  private connected = false;
  private lastError: string | null = null;
  private failures = 0;
  private lastAppliedAt: Date | null = null;
  private restarting: Promise<void> | undefined;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly kafka: Kafka,
    private readonly applier: BatchApplier,
    private readonly topics: readonly string[],
    logger: MessagingLogger,
    private readonly options: KafkaTransportOptions = {},
  ) {
    this.warning = new ThrottledWarning(logger);
  }

  /** Returns at once: with Kafka down the service still starts, and the consumer connects when it can. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.connecting = this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.connecting;
    await this.restarting;
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.disconnect().catch(() => undefined);
    const admin = this.admin;
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
    this.connected = false;
  }

  /** Messages on the broker not applied yet (high watermark minus the PostgreSQL offset, per partition). */
  async lag(): Promise<number> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    const stored = await this.storedOffsets();
    let total = 0;
    for (const topic of this.topics) {
      for (const p of await this.admin.fetchTopicOffsets(topic)) {
        const next = BigInt(stored.get(key(topic, p.partition)) ?? BigInt(p.low) - 1n) + 1n;
        const behind = BigInt(p.high) - next;
        if (behind > 0n) total += Number(behind);
      }
    }
    return total;
  }

  status(): TransportStatus {
    return {
      kind: this.kind,
      running: this.running,
      connected: this.connected,
      lastError: this.lastError,
      consecutiveFailures: this.failures,
      lastAppliedAt: this.lastAppliedAt?.toISOString() ?? null,
    };
  }

  private async storedOffsets(): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ source: string; partition: number; kafka_offset: string }>(
      `SELECT source, partition, kafka_offset::text AS kafka_offset FROM messaging.checkpoints
        WHERE consumer = $1 AND partition <> ${STORE_PARTITION} AND kafka_offset IS NOT NULL`,
      [this.applier.consumer],
    );
    return new Map(rows.map((r) => [key(r.source, r.partition), r.kafka_offset]));
  }

  /** Connects and runs a consumer, retrying with backoff until it runs or the transport is stopped. */
  private async connect(): Promise<void> {
    for (let attempt = 0; this.running; attempt++) {
      try {
        await this.runConsumer();
        return;
      } catch (err) {
        this.failures++;
        this.lastError = errorText(err);
        this.warning.warn(`Consumer ${this.applier.consumer} cannot reach Kafka (attempt ${attempt + 1}), retrying: ${this.lastError}`);
        await sleep(backoffMs(attempt, 200, 3000));
      }
    }
  }

  private async runConsumer(): Promise<void> {
    for (const topic of this.topics) await ensureTopic(this.kafka, topic, this.options.partitions ?? 3);
    this.offsets.clear();
    for (const [k, v] of await this.storedOffsets()) this.offsets.set(k, v);
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId ?? this.applier.consumer,
      maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 100,
      allowAutoTopicCreation: false,
      sessionTimeout: 10000,
      heartbeatInterval: 1000,
      retry: { retries: 5, initialRetryTime: 200, maxRetryTime: 2000 },
    });
    // Synchronous on purpose: kafkajs applies seeks at its next fetch, so they must be registered before it.
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      for (const [topic, partitions] of Object.entries(payload.memberAssignment)) {
        for (const partition of partitions) {
          const offset = this.offsets.get(key(topic, partition));
          if (offset !== undefined) consumer.seek({ topic, partition, offset: (BigInt(offset) + 1n).toString() });
        }
      }
    });
    consumer.on(consumer.events.CONNECT, () => (this.connected = true));
    consumer.on(consumer.events.DISCONNECT, () => (this.connected = false));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.connected = false;
      this.failures++;
      this.lastError = errorText(payload.error);
      // kafkajs restarts by itself after retriable errors; after the others we start a fresh consumer.
      if (!payload.restart && this.running && consumer === this.consumer) this.restarting = this.restart();
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [...this.topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachBatch: (payload) => this.onBatch(payload),
    });
  }

  private async restart(): Promise<void> {
    const old = this.consumer;
    this.consumer = undefined;
    await old?.disconnect().catch(() => undefined);
    this.warning.warn(`Consumer ${this.applier.consumer} restarting its Kafka consumer after: ${this.lastError}`);
    await sleep(500);
    await this.connect();
    this.restarting = undefined;
  }

  private async onBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    if (batch.messages.length === 0) return;
    const items: Incoming[] = batch.messages.map((m) => {
      const decoded = decodeIntegrationEvent(m.value);
      return decoded.ok
        ? { position: decoded.event.position, offset: m.offset, item: decoded.event }
        : { offset: m.offset, raw: m.value?.toString('utf8') ?? null, error: decoded.error };
    });
    const target = { source: batch.topic, partition: batch.partition };
    for (let attempt = 0; ; attempt++) {
      if (!isRunning() || isStale()) return;
      try {
        const outcome = await this.applier.apply(target, items);
        if (outcome.watermark.offset !== null) this.offsets.set(key(batch.topic, batch.partition), outcome.watermark.offset);
        break;
      } catch (err) {
        // PostgreSQL trouble: keep the partition where it is and try the same batch again.
        this.failures++;
        this.lastError = errorText(err);
        this.warning.warn(`Consumer ${this.applier.consumer} cannot apply ${batch.topic}[${batch.partition}] (attempt ${attempt + 1}), retrying: ${this.lastError}`);
        await sleep(backoffMs(attempt, 100, 2000));
        await heartbeat().catch(() => undefined);
      }
    }
    resolveOffset(batch.lastOffset());
    this.lastAppliedAt = new Date();
    this.failures = 0;
    this.lastError = null;
    await heartbeat();
  }
}
