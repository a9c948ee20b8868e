import { GlobalPosition, START_OF_STORE } from '@app/event-store';
import type { Pool } from 'pg';
import { backoffMs, errorText, sleep } from '../backoff';
import { MessagingLogger, ThrottledWarning } from '../logger';
import { countEventsAfter } from '../relay/relay-checkpoint';
import { EventSource } from '../source/event-source';
import { BatchApplier, Incoming, STORE_PARTITION } from './batch-applier';
import { ConsumerTransport, TransportStatus } from './consumer-transport';

export interface StoreTransportOptions {
  /** Events per read and per transaction (default 1000). */
  readonly batchSize?: number;
  /** Pause between reads when caught up (default 20 ms). */
  readonly pollIntervalMs?: number;
}

/**
 * Embedded mode (no KAFKA_BROKERS): follows each source's events table with readAll from a checkpoint kept
 * in messaging.checkpoints (partition -1), maps with the source's own mapping and applies through the same
 * BatchApplier as the Kafka transport, so the delivery guarantees are the same.
 */
export class StoreTransport implements ConsumerTransport {
  readonly kind = 'store' as const;
  private abort = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly warning: ThrottledWarning;
  private lastError: string | null = null;
  private failures = 0;
  private lastAppliedAt: Date | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly applier: BatchApplier,
    private readonly sources: readonly EventSource[],
    private readonly logger: MessagingLogger,
    private readonly options: StoreTransportOptions = {},
  ) {
    this.warning = new ThrottledWarning(logger);
  }

  async start(): Promise<void> {
    if (this.loops.length) return;
    this.abort = new AbortController();
    this.loops = this.sources.map((s) => this.follow(s, this.abort.signal));
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.loops);
    this.loops = [];
  }

  async lag(): Promise<number> {
    let total = 0;
    for (const s of this.sources) total += await countEventsAfter(this.pool, s.store.schema, await this.storedPosition(s));
    return total;
  }

  status(): TransportStatus {
    return {
      kind: this.kind,
      running: this.loops.length > 0,
      connected: this.failures === 0,
      lastError: this.lastError,
      consecutiveFailures: this.failures,
      lastAppliedAt: this.lastAppliedAt?.toISOString() ?? null,
    };
  }

  private async storedPosition(s: EventSource): Promise<GlobalPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text AS transaction_id, position::text AS position FROM messaging.checkpoints
        WHERE consumer = $1 AND source = $2 AND partition = $3`,
      [this.applier.consumer, s.topic, STORE_PARTITION],
    );
    return rows[0] ? { transactionId: rows[0].transaction_id, position: rows[0].position } : START_OF_STORE;
  }

  private async follow(source: EventSource, signal: AbortSignal): Promise<void> {
    const batchSize = this.options.batchSize ?? 1000;
    let position: GlobalPosition | undefined;
    while (!signal.aborted) {
      try {
        position ??= await this.storedPosition(source);
        const events = await source.store.readAll(position, batchSize);
        if (events.length === 0) {
          await sleep(this.options.pollIntervalMs ?? 20, signal);
          continue;
        }
        const batch: Incoming[] = events.map((e) => ({ position: e.global, item: source.toIntegrationEvent(e) }));
        const outcome = await this.applier.apply({ source: source.topic, partition: STORE_PARTITION }, batch);
        // The stored watermark can be ahead of what we read (a rebuild ran): continue from it.
        position = outcome.watermark.position;
        this.lastAppliedAt = new Date();
        if (this.failures) this.logger.log(`Consumer ${this.applier.consumer} reading ${source.topic} again.`);
        this.failures = 0;
        this.lastError = null;
      } catch (err) {
        this.failures++;
        this.lastError = errorText(err);
        position = undefined;
        this.warning.warn(`Consumer ${this.applier.consumer} cannot apply ${source.topic} from the event store (attempt ${this.failures}), retrying: ${this.lastError}`);
        await sleep(backoffMs(this.failures, 100, 2000), signal);
      }
    }
  }
}
