import { GlobalPosition, START_OF_STORE } from '@app/event-store';
import type { Pool } from 'pg';
import { BatchApplier, Incoming, STORE_PARTITION } from '../consumer/batch-applier';
import { EventSource } from '../source/event-source';
import { underRebuildLock } from './rebuild-lock';

export interface RebuildOutcome {
  readonly events: number;
  readonly applied: number;
  readonly deadLettered: number;
  readonly durationMs: number;
}

/**
 * Drops a read model and replays it from the sources' event stores (not from Kafka, whose retention may
 * not reach back to the first event): reset, clear its checkpoints and dead letters, then apply every event
 * in batched transactions through the same BatchApplier as live consumption, so rebuilt equals live.
 *
 * Under the projection's rebuild lock (rebuild-lock.ts): live batches of this projection (any process) wait,
 * and afterwards resume above the rebuilt position, skipping what the rebuild applied.
 */
export async function rebuildProjection(pool: Pool, applier: BatchApplier, sources: readonly EventSource[], batchSize = 5000): Promise<RebuildOutcome> {
  const started = Date.now();
  return underRebuildLock(pool, applier.projection, async (client) => {
    let events = 0;
    let applied = 0;
    let deadLettered = 0;
    for (const source of sources) {
      let position: GlobalPosition = START_OF_STORE;
      for (;;) {
        const batch = await source.store.readAll(position, batchSize, client);
        if (batch.length === 0) break;
        const items: Incoming[] = batch.map((e) => ({ position: e.global, item: source.toIntegrationEvent(e) }));
        const outcome = await applier.apply({ source: source.topic, partition: STORE_PARTITION }, items, client);
        events += batch.length;
        applied += outcome.applied;
        deadLettered += outcome.deadLettered;
        position = batch[batch.length - 1].global;
      }
    }
    return { events, applied, deadLettered, durationMs: Date.now() - started };
  });
}
