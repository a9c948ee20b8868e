import { SqlQueryable } from '../audit/sql-queryable';
import { HealthCheckResult, HealthIndicator } from './health-indicator';

/** Up when the database answers `SELECT 1`; works with a pg Pool or a TypeORM DataSource. */
export class DatabaseHealthIndicator implements HealthIndicator {
  constructor(
    private readonly db: SqlQueryable,
    readonly name = 'database',
  ) {}

  async check(): Promise<HealthCheckResult> {
    const started = performance.now();
    await this.db.query('SELECT 1');
    return { status: 'up', details: { latencyMs: Math.round(performance.now() - started) } };
  }
}
