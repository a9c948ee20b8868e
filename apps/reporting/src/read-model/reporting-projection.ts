import type { IntegrationEvent } from '@app/contracts';
import type { PoolClient } from 'pg';

/**
 * The shape @app/messaging's consumers and rebuild drive (its `Projection`), plus `applyBatch`: our read
 * models reduce a whole batch in memory and write it with a few set-based statements, which is what makes
 * a rebuild of millions of events fast. `apply(e)` is `applyBatch([e])`, so live and rebuilt are one code path.
 */
export interface ReportingProjection {
  readonly name: string;
  handles(type: string): boolean;
  apply(event: IntegrationEvent, tx: PoolClient): Promise<void>;
  applyBatch(events: readonly IntegrationEvent[], tx: PoolClient): Promise<void>;
  setup(tx: PoolClient): Promise<void>;
  reset(tx: PoolClient): Promise<void>;
}
