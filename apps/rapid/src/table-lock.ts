/**
 * The lock every command of a Rapid table and its accounts takes, shared or exclusive (rapid-use-cases.ts), and the
 * tournament-sessions reactor too: a two-key advisory lock, a key space apart from the event store's stream locks.
 */

/** A 32-bit FNV-1a hash: the table's lock key, computed here so the lock goes in a transaction's first round trip. */
const lockKey = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
};

/** Namespace of the two-key advisory locks. */
const LOCK_NAMESPACE = 0x52415044;

/** The statement taking the table's lock (`tableKey`: a table id, or `casino:<operator>` for the casino's registry) to the end of the transaction. */
export const rapidTableLockSql = (tableKey: string, mode: 'shared' | 'exclusive'): string =>
  `SELECT ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(${LOCK_NAMESPACE}, ${lockKey(`rapid-table:${tableKey}`)})`;
