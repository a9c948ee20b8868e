import type { IntegrationEvent } from '@app/contracts';
import type { Pool, PoolClient } from 'pg';
import { errorText } from '../backoff';
import { DeadLetter, insertDeadLetters } from '../dead-letters/dead-letter-store';
import { inLogContext } from '../log-context';
import { MessagingLogger } from '../logger';
import { MessagingMetrics } from '../metrics/messaging-metrics';
import { rebuildLockKey } from '../rebuild/rebuild-lock';
import { Projection } from './projection';
import { Delivery, maxPosition, newDeliveries, Watermark } from './watermark';

/** Where a batch comes from: a Kafka partition, or partition -1 for the embedded transport and rebuilds. */
export interface BatchTarget {
  readonly source: string;
  readonly partition: number;
}

/** A message that is not an integration event: dead-lettered with its raw text, never applied. */
export interface Undecodable {
  readonly offset: string;
  readonly raw: string | null;
  readonly error: string;
}

/** A delivery whose item is null carries a stored event that stays internal: it only moves the checkpoint. */
export type Incoming = Delivery<IntegrationEvent | null> | Undecodable;

export interface BatchOutcome {
  readonly applied: number;
  readonly skipped: number;
  readonly deadLettered: number;
  readonly watermark: Watermark;
}

/** The partition used by the embedded transport and by rebuilds; for Kafka partitions it is a floor. */
export const STORE_PARTITION = -1;

const isUndecodable = (i: Incoming): i is Undecodable => 'error' in i;

const logFieldsOf = (event: IntegrationEvent) => ({ correlationId: event.correlationId });

/** Marks the fast path's failure so the slow path can find the culprit with savepoints. */
class ApplyFailed extends Error {}

/**
 * Applies a batch to a projection and moves its checkpoint in ONE PostgreSQL transaction: a crash anywhere
 * before COMMIT leaves neither, so the batch is simply delivered again and deduplicated by the watermark
 * read (FOR UPDATE) inside the same transaction. Poison events are retried, then dead-lettered in the same
 * transaction that moves the checkpoint past them.
 */
export class BatchApplier {
  constructor(
    private readonly pool: Pool,
    readonly projection: Projection,
    private readonly metrics: MessagingMetrics,
    private readonly logger: MessagingLogger,
    private readonly maxAttempts = 3,
    /** Called after each COMMIT with the events it applied (metrics, benchmarks, live notifications). */
    private readonly afterCommit?: (applied: readonly IntegrationEvent[], target: BatchTarget) => void,
  ) {}

  get consumer(): string {
    return this.projection.name;
  }

  /** Applies the batch; `client` is for callers holding a session (rebuild) and is left open. */
  async apply(target: BatchTarget, batch: readonly Incoming[], client?: PoolClient): Promise<BatchOutcome> {
    const own = client ?? (await this.pool.connect());
    let broken = false;
    try {
      try {
        return await this.inTransaction(own, target, batch, false);
      } catch (err) {
        if (!(err instanceof ApplyFailed)) throw err;
        // One event of the batch failed: go again event by event, each behind a savepoint.
        return await this.inTransaction(own, target, batch, true);
      }
    } catch (err) {
      broken = true;
      throw err;
    } finally {
      if (!client) own.release(broken);
    }
  }

  private async inTransaction(tx: PoolClient, target: BatchTarget, batch: readonly Incoming[], carefully: boolean): Promise<BatchOutcome> {
    await tx.query('BEGIN');
    try {
      const watermark = await this.lockWatermark(tx, target);
      const deliveries = batch.filter((i): i is Delivery<IntegrationEvent | null> => !isUndecodable(i));
      const { fresh, next } = newDeliveries(watermark, deliveries);
      const deadLetters: DeadLetter[] = [];
      let nextOffset = next.offset;
      for (const u of batch.filter(isUndecodable)) {
        if (watermark.offset !== null && BigInt(u.offset) <= BigInt(watermark.offset)) continue;
        deadLetters.push({ consumer: this.consumer, ...target, offset: u.offset, event: null, raw: u.raw, error: u.error, attempts: 1 });
        if (nextOffset === null || BigInt(u.offset) > BigInt(nextOffset)) nextOffset = u.offset;
      }
      const toApply = fresh.filter((d): d is Delivery<IntegrationEvent> => d.item !== null && this.projection.handles(d.item.type));
      if (carefully) {
        for (const d of toApply) {
          const failure = await this.applyWithRetries(tx, d.item);
          if (failure) deadLetters.push({ consumer: this.consumer, ...target, offset: d.offset ?? null, event: d.item, raw: null, ...failure });
        }
      } else {
        try {
          if (this.projection.applyBatch) {
            if (toApply.length) await this.projection.applyBatch(toApply.map((d) => d.item), tx);
          } else {
            for (const d of toApply) await inLogContext(logFieldsOf(d.item), () => this.projection.apply(d.item, tx));
          }
        } catch (err) {
          throw new ApplyFailed(errorText(err));
        }
      }
      const after: Watermark = { offset: nextOffset, position: next.position };
      await this.saveWatermark(tx, target, after);
      if (deadLetters.length) await insertDeadLetters(tx, deadLetters);
      await tx.query('COMMIT');
      const deadIds = new Set(deadLetters.map((d) => d.event?.eventId));
      const appliedEvents = toApply.filter((d) => !deadIds.has(d.item.eventId)).map((d) => d.item);
      this.afterCommit?.(appliedEvents, target);
      // One line per event, carrying the correlation id of the command that caused it (debug: a busy floor makes many).
      for (const e of appliedEvents) this.logger.debug?.({ message: `${this.consumer} applied ${e.type}`, ...logFieldsOf(e), eventId: e.eventId, source: target.source });
      const applied = toApply.length - deadLetters.filter((d) => d.event).length;
      if (applied) this.metrics.consumerApplied.inc({ consumer: this.consumer, source: target.source }, applied);
      if (deadLetters.length) {
        this.metrics.consumerDeadLetters.inc({ consumer: this.consumer, source: target.source }, deadLetters.length);
        for (const d of deadLetters) {
          this.logger.error(
            `Consumer ${this.consumer} dead-lettered ${d.event ? `${d.event.type} ${d.event.eventId}` : `message at offset ${d.offset}`} from ${target.source}[${target.partition}] after ${d.attempts} attempt(s): ${d.error}. ` +
              'See messaging.dead_letters; fix the projection, then rebuild it or re-apply the event.',
          );
        }
      }
      return { applied, skipped: deliveries.length - fresh.length, deadLettered: deadLetters.length, watermark: after };
    } catch (err) {
      await tx.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  private async applyWithRetries(tx: PoolClient, event: IntegrationEvent): Promise<{ error: string; attempts: number } | null> {
    let error = '';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      await tx.query('SAVEPOINT apply_event');
      try {
        await inLogContext(logFieldsOf(event), () => this.projection.apply(event, tx));
        await tx.query('RELEASE SAVEPOINT apply_event');
        return null;
      } catch (err) {
        error = errorText(err);
        // If the connection itself is gone this throws too, and the whole batch is retried later.
        await tx.query('ROLLBACK TO SAVEPOINT apply_event');
      }
    }
    return { error, attempts: this.maxAttempts };
  }

  /** Locks this partition's checkpoint row and reads the watermark (raised to the store floor row). */
  private async lockWatermark(tx: PoolClient, target: BatchTarget): Promise<Watermark> {
    // Shared lock: many batches at once, but none while a rebuild holds it exclusively.
    await tx.query(
      `INSERT INTO messaging.checkpoints (consumer, source, partition)
         SELECT $1, $2, $3 FROM (SELECT pg_advisory_xact_lock_shared(hashtext($4))) AS rebuild_guard
       ON CONFLICT DO NOTHING`,
      [this.consumer, target.source, target.partition, rebuildLockKey(this.consumer)],
    );
    const { rows } = await tx.query<{ partition: number; kafka_offset: string | null; transaction_id: string; position: string }>(
      `SELECT partition, kafka_offset::text AS kafka_offset, transaction_id::text AS transaction_id, position::text AS position
         FROM messaging.checkpoints WHERE consumer = $1 AND source = $2 AND partition IN ($3, ${STORE_PARTITION})
         ORDER BY partition FOR UPDATE`,
      [this.consumer, target.source, target.partition],
    );
    let watermark: Watermark = { offset: null, position: { transactionId: '0', position: '0' } };
    for (const r of rows) {
      const position = maxPosition(watermark.position, { transactionId: r.transaction_id, position: r.position });
      watermark = { offset: r.partition === target.partition ? r.kafka_offset : watermark.offset, position };
    }
    return watermark;
  }

  private async saveWatermark(tx: PoolClient, target: BatchTarget, w: Watermark): Promise<void> {
    await tx.query(
      `UPDATE messaging.checkpoints SET kafka_offset = $4, transaction_id = $5::text::xid8, position = $6, updated_at = now()
        WHERE consumer = $1 AND source = $2 AND partition = $3`,
      [this.consumer, target.source, target.partition, w.offset, w.position.transactionId, w.position.position],
    );
  }
}
