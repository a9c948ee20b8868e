/**
 * Anything that runs SQL: a `pg` Pool or Client, or a TypeORM DataSource. Both expose `query(text, params)`;
 * the platform never reads the result shape, so either fits.
 */
export interface SqlQueryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}
