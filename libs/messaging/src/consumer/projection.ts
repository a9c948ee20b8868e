import type { IntegrationEvent } from '@app/contracts';
import type { PoolClient } from 'pg';

/**
 * A read model fed by integration events. `apply` runs inside the PostgreSQL transaction that also moves the
 * consumer's checkpoint, so an event is either applied and checkpointed, or neither: redelivery changes
 * nothing. `apply` must only write through `tx` and must be deterministic (replay equals live).
 */
export interface Projection {
  /** Unique per read model; names the consumer, its checkpoints and its dead letters. */
  readonly name: string;
  /** Event types it applies; others still move the checkpoint. */
  handles(type: string): boolean;
  apply(event: IntegrationEvent, tx: PoolClient): Promise<void>;
  /**
   * Optional bulk form of `apply` (same effect as applying each event in order), e.g. one multi-row upsert:
   * what makes a rebuild of a million events fast. When one batch fails, events are re-applied one by one
   * with `apply` to find the poison one.
   */
  applyBatch?(events: readonly IntegrationEvent[], tx: PoolClient): Promise<void>;
  /** Creates the read-model tables if missing (run at consumer start and before a rebuild). */
  setup?(tx: PoolClient): Promise<void>;
  /** Empties the read model (truncate or drop-and-create) before a rebuild. */
  reset?(tx: PoolClient): Promise<void>;
}

/** `handles` for a fixed list of event types. */
export const handlesTypes = (...types: string[]): ((type: string) => boolean) => {
  const set = new Set(types);
  return (type) => set.has(type);
};
