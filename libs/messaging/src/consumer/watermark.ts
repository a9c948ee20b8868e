import type { SourcePosition } from '@app/contracts';
import { compareGlobal } from '@app/event-store';

/**
 * What a consumer has applied from one source partition: the last Kafka offset (null in the embedded
 * transport) and the last source position. The relay publishes in global order and Kafka keeps order per
 * partition, so source positions only grow within a partition: anything at or below the watermark is a
 * redelivery or a republish after a relay crash.
 */
export interface Watermark {
  readonly offset: string | null;
  readonly position: SourcePosition;
}

export interface Delivery<T> {
  readonly position: SourcePosition;
  /** Kafka offset, when delivered by Kafka. */
  readonly offset?: string;
  readonly item: T;
}

/** The higher of two positions. */
export const maxPosition = (a: SourcePosition, b: SourcePosition): SourcePosition => (compareGlobal(a, b) >= 0 ? a : b);

/** True when the delivery has been applied already (by offset or by source position). */
export const alreadyApplied = (watermark: Watermark, d: Pick<Delivery<unknown>, 'position' | 'offset'>): boolean => {
  if (d.offset !== undefined && watermark.offset !== null && BigInt(d.offset) <= BigInt(watermark.offset)) return true;
  return compareGlobal(d.position, watermark.position) <= 0;
};

/**
 * Splits a batch into deliveries still to apply, in order, and the watermark after the batch. Skipped
 * deliveries still move the offset forward; the position never moves backwards.
 */
export const newDeliveries = <T>(watermark: Watermark, batch: readonly Delivery<T>[]): { fresh: Delivery<T>[]; next: Watermark } => {
  const fresh: Delivery<T>[] = [];
  let position = watermark.position;
  let offset = watermark.offset;
  for (const d of batch) {
    if (!alreadyApplied({ offset, position }, d)) {
      fresh.push(d);
      position = maxPosition(position, d.position);
    }
    if (d.offset !== undefined && (offset === null || BigInt(d.offset) > BigInt(offset))) offset = d.offset;
  }
  return { fresh, next: { offset, position } };
};
