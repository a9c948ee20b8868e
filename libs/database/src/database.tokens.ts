/** Injection tokens for the shared PostgreSQL connection (one pool per process, each service in its own schema). */
export const PG_POOL = Symbol('PG_POOL');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
