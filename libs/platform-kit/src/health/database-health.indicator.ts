import { SqlQueryable } from '../audit/sql-queryable';
import { HealthCheckResult, HealthIndicator } from './health-indicator';

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? []);

/**
 * Up when the database answers `SELECT 1` and holds every relation the service runs on (`relations`, schema-qualified):
 * a database dropped and created again under a running process answers, but every command would fail on a missing
 * table, so readiness says down and what to do. Works with a pg Pool or a TypeORM DataSource.
 */
export class DatabaseHealthIndicator implements HealthIndicator {
  constructor(
    private readonly db: SqlQueryable,
    readonly name = 'database',
    private readonly relations: readonly string[] = [],
  ) {}

  async check(): Promise<HealthCheckResult> {
    const started = performance.now();
    await this.db.query('SELECT 1');
    const latencyMs = Math.round(performance.now() - started);
    const missing: string[] = [];
    for (const relation of this.relations) {
      const [row] = rowsOf(await this.db.query('SELECT to_regclass($1)::text AS found', [relation]));
      if (!row?.found) missing.push(relation);
    }
    if (missing.length > 0) return { status: 'down', details: { latencyMs, missing, action: 'The database lacks the schemas this process migrated at its start: restart the process so it migrates them again.' } };
    return { status: 'up', details: { latencyMs } };
  }
}
