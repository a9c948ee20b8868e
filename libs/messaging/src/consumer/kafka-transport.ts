import { randomUUID } from 'node:crypto';
import { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Client, Pool } from 'pg';
import { backoffMs, errorText, sleep } from '../backoff';
import { START_OF_STORE } from '@app/event-store';
import { decodeIntegrationEvent, originOf } from '../kafka/integration-event-codec';
import { ensureTopic } from '../kafka/kafka-client';
import { LockWaiter } from '../leadership/lock-waiter';
import { MessagingLogger, ThrottledWarning } from '../logger';
import type { EventSource } from '../source/event-source';
import { BatchApplier, Incoming, STORE_PARTITION } from './batch-applier';
import { ConsumerTransport, TransportStatus } from './consumer-transport';

export interface KafkaTransportOptions {
  /**
   * Consumer group base (default `kafkaGroupId(...)`). Only assigns partitions; offsets live in PostgreSQL. The
   * group joined is this plus a suffix unique to each time this process takes the consumer's lock.
   */
  readonly groupId?: string;
  /**
   * Longest one wait of a standby for the active instance's lock (default 1000 ms). The wait is blocking, so a
   * standby takes over as soon as the lock is free; this only bounds how long a stopped standby's wait lingers.
   */
  readonly standbyPollMs?: number;
  /** Longest a fetch waits for new messages (default 100 ms; lower means less lag when idle). */
  readonly maxWaitTimeInMs?: number;
  readonly partitionsConsumedConcurrently?: number;
  /** Partitions when the consumer has to create a topic (default 3, as the relay). */
  readonly partitions?: number;
  /** Longest `start()` waits for the consumer to join its group (default 8000 ms; 0 returns at once). */
  readonly warmupMs?: number;
  /** How long the broker keeps a silent member's partitions (default `KAFKA_SESSION_TIMEOUT_MS` or 6000 ms). */
  readonly sessionTimeoutMs?: number;
}

/**
 * A member killed with kill -9 holds its partitions until its session times out, so the restarted process waits
 * that long for its first message (9-10 s of lag after each restart with 10 s). 6000 ms is the
 * shortest a broker accepts by default (`group.min.session.timeout.ms`); a broker configured lower (deploy/kafka
 * allows 2000 ms) can be used with a shorter `KAFKA_SESSION_TIMEOUT_MS`. Heartbeats every sixth of it, so a
 * lost heartbeat or two does not cost the membership.
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 6000;
export const sessionTimeoutMs = (configured?: number): number => {
  const fromEnv = Number(process.env.KAFKA_SESSION_TIMEOUT_MS);
  return configured ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_SESSION_TIMEOUT_MS);
};

const key = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/**
 * The default consumer group: the consumer's name and the topics it reads. The group only assigns partitions
 * (offsets live in PostgreSQL), so naming the topics costs nothing and keeps a test's or a benchmark's
 * consumer, reading topics of its own, out of the group of the same consumer of a running platform.
 */
export const kafkaGroupId = (consumer: string, topics: readonly string[]): string => `${consumer}@${[...topics].sort().join('+')}`;

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
  private joined = false;
  private onJoined?: () => void;
  /** The connection holding this consumer's lock while this instance is the active one. */
  private lockClient: Client | undefined;
  private waiter: LockWaiter | undefined;
  /** Topics known to exist: a standby checks them while it waits, so taking over does not. */
  private topicsReady = false;
  private checkingTopics: Promise<void> | undefined;
  /** Inside start(): neither joined nor known to be a standby yet (and the warm-up bound not reached). */
  private warming = false;
  /** Per topic, the id of the store its source publishes from (read at each join; absent where it cannot be read). */
  private readonly origins = new Map<string, string>();
  private readonly foreignWarning: ThrottledWarning;

  constructor(
    private readonly pool: Pool,
    private readonly kafka: Kafka,
    private readonly applier: BatchApplier,
    private readonly topics: readonly string[],
    logger: MessagingLogger,
    private readonly options: KafkaTransportOptions = {},
    /** The sources consumed: a message on a source's topic from another store than the source's is not its event. */
    private readonly sources: readonly EventSource[] = [],
  ) {
    this.warning = new ThrottledWarning(logger);
    this.foreignWarning = new ThrottledWarning(logger);
  }

  /**
   * Returns once the consumer has joined its group, or after `warmupMs` at most: a service reports ready only
   * when its consumers fetch, so the first seconds after a (re)start do not show the join as projection lag.
   * With Kafka down the service still starts, and the consumer connects when it can.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.joined = false;
    this.waiter = new LockWaiter(this.pool, `consumer:${this.baseGroupId}`);
    const hasJoined = new Promise<void>((resolve) => (this.onJoined = resolve));
    this.connecting = this.lead();
    let timer: NodeJS.Timeout | undefined;
    const warmup = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.warmupMs ?? 8000)));
    this.warming = true;
    try {
      await Promise.race([hasJoined, warmup]);
    } finally {
      this.warming = false;
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    // A standby blocked waiting for the lock: end the wait so stop() does not wait for it.
    await this.waiter?.close();
    await this.connecting;
    await this.restarting;
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.disconnect().catch(() => undefined);
    const admin = this.admin;
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
    await this.dropLock();
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
      joined: this.joined,
      standby: this.running && this.lockClient === undefined,
      warmingUp: this.warming,
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

  private get baseGroupId(): string {
    return this.options.groupId ?? kafkaGroupId(this.applier.consumer, this.topics);
  }

  /**
   * Active/passive: only the instance holding the consumer's session advisory lock consumes, under a
   * consumer group of its own, so it never waits for a dead member of an old group to time out. A process killed
   * with kill -9 loses its PostgreSQL session (and the lock) at once, and a standby or the restarted process
   * takes over from the PostgreSQL checkpoints within one poll. The lock is not what makes application exactly
   * once (the checkpoint row is locked in each applying transaction); it only keeps one consumer fetching.
   */
  private async lead(): Promise<void> {
    for (let attempt = 0, waits = 0; this.running; ) {
      try {
        // The first attempt only tries, so a standby reports itself at once; then it blocks until the lock is free.
        if (await this.takeLock(waits++ === 0 ? 0 : (this.options.standbyPollMs ?? 1000))) {
          await this.connect();
          return;
        }
        // Another instance is active: a standby is warm (topics checked, lock awaited), so its service need not
        // wait to report ready.
        this.onJoined?.();
        attempt = 0;
        // In the background: with Kafka down it would hold up the wait for the lock.
        this.checkingTopics ??= this.warmTopics().catch(() => undefined);
      } catch (err) {
        this.failures++;
        this.lastError = errorText(err);
        this.warning.warn(`Consumer ${this.applier.consumer} cannot take its lock (attempt ${++attempt}), retrying: ${this.lastError}`);
        await sleep(backoffMs(attempt, 200, 3000));
      }
    }
  }

  /** Takes the lock (lock-waiter.ts: a connection of its own, outside the pool), waiting up to `waitMs` for it. */
  private async takeLock(waitMs: number): Promise<boolean> {
    const client = await this.waiter?.acquire(waitMs);
    if (!client) return false;
    client.on('end', () => {
      if (this.lockClient !== client) return;
      // The session died and the lock with it: stop fetching and queue for the lock again.
      this.lockClient = undefined;
      if (this.running) this.restarting = this.stepDown();
    });
    if (!this.running) {
      await client.end().catch(() => undefined);
      return false;
    }
    this.lockClient = client;
    return true;
  }

  private async warmTopics(): Promise<void> {
    if (this.topicsReady) return;
    for (const topic of this.topics) await ensureTopic(this.kafka, topic, this.options.partitions ?? 3);
    this.topicsReady = true;
  }

  private async stepDown(): Promise<void> {
    const old = this.consumer;
    this.consumer = undefined;
    await old?.disconnect().catch(() => undefined);
    this.connected = false;
    this.warning.warn(`Consumer ${this.applier.consumer} lost its lock connection; waiting to take it again.`);
    await this.lead();
    this.restarting = undefined;
  }

  /** Closes the lock connection, which releases the lock with the session. */
  private async dropLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Connects and runs a consumer, retrying with backoff until it runs or the transport is stopped. */
  private async connect(): Promise<void> {
    // Bound to this leadership: once its lock connection is gone, the next leadership runs its own loop.
    const lock = this.lockClient;
    for (let attempt = 0; this.running && lock && this.lockClient === lock; attempt++) {
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
    await this.warmTopics();
    // `joined` means joined under this leadership: the soak and readiness read it as "this instance consumes".
    this.joined = false;
    this.offsets.clear();
    for (const [k, v] of await this.storedOffsets()) this.offsets.set(k, v);
    await this.readOrigins();
    const sessionTimeout = sessionTimeoutMs(this.options.sessionTimeoutMs);
    const consumer = this.kafka.consumer({
      groupId: `${this.baseGroupId}.${randomUUID()}`,
      maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 100,
      allowAutoTopicCreation: false,
      sessionTimeout,
      heartbeatInterval: Math.max(100, Math.floor(sessionTimeout / 6)),
      retry: { retries: 5, initialRetryTime: 200, maxRetryTime: 2000 },
    });
    // Synchronous on purpose: kafkajs applies seeks at its next fetch, so they must be registered before it.
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      this.joined = true;
      this.onJoined?.();
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

  /**
   * The id of each source's store, where this consumer can read it (the platform, or services sharing one database).
   * Where it cannot (a source in a database of its own, or not migrated yet), every message on its topic is taken as
   * the source's, as before stores had an identity.
   */
  private async readOrigins(): Promise<void> {
    for (const source of this.sources) {
      const origin = await source.store.storeId().catch(() => undefined);
      if (origin) this.origins.set(source.topic, origin);
      else this.origins.delete(source.topic);
    }
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
    const expectedOrigin = this.origins.get(batch.topic);
    let foreign: { origin: string; count: number } | undefined;
    const items: Incoming[] = batch.messages.map((m) => {
      const origin = originOf(m.headers);
      if (expectedOrigin && origin && origin !== expectedOrigin) {
        // Another store's event (another deployment publishing to this topic): its position is in that store's order
        // and says nothing about the source's, so it moves the offset only, never the position a redelivery is
        // recognised by, and nothing is applied.
        foreign = { origin, count: (foreign?.count ?? 0) + 1 };
        return { position: START_OF_STORE, offset: m.offset, item: null };
      }
      const decoded = decodeIntegrationEvent(m.value);
      return decoded.ok
        ? { position: decoded.event.position, offset: m.offset, item: decoded.event }
        : { offset: m.offset, raw: m.value?.toString('utf8') ?? null, error: decoded.error };
    });
    if (foreign) {
      this.foreignWarning.warn(
        `Consumer ${this.applier.consumer} skipped ${foreign.count} message(s) on ${batch.topic}[${batch.partition}] from another event store (origin ${foreign.origin}, expected ${expectedOrigin}): ` +
          'another deployment publishes to the same topic. Give each deployment a Kafka cluster (or topics) of its own.',
      );
    }
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
