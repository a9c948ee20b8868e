import { rebuildLockKey, STORE_PARTITION } from '@app/messaging';
import { PostgresEventStore, START_OF_STORE } from '@app/event-store';
import type { Pool, PoolClient } from 'pg';

/** What the gate needs of a reporting consumer (an @app/messaging EventConsumer) and the sources it reads. */
export interface GatedConsumer {
  readonly name: string;
  readonly kind: 'kafka' | 'store';
  lag(): Promise<number>;
}

/** The store a consumer follows in embedded mode: its checkpoint row is (consumer, topic, partition -1). */
export interface GatedStore {
  readonly consumer: string;
  readonly topic: string;
  readonly schema: string;
}

/**
 * Held (exclusive, per run) by the replica generating scheduled reports. Every reporting process runs the
 * scheduler, so with an active process and a standby both would generate each ended period; report ids are
 * content hashes stored once, so that was harmless but double work. The replica that finds it held gives up its
 * tick; the periods stay due for whichever replica runs next.
 */
export const REPORT_SCHEDULER_LOCK = 'reporting:report-scheduler';

export interface ReadModelGate {
  /**
   * Runs `generate` if no other replica is generating, the read models have caught up with everything their
   * sources recorded up to now and no rebuild is running, holding off any rebuild until it returns; otherwise
   * returns undefined (try later).
   */
  whenCaughtUp<T>(generate: () => Promise<T>): Promise<T | undefined>;
}

/**
 * Gate for scheduled reports (a scheduled report is not regenerated, so it must not be made from read
 * models that are behind). Checked after the periods ended, the criterion is that each consumer's checkpoint has
 * passed every event committed so far, hence every event of an ended period, whatever the events' occurredAt
 * order across tables. (The newest applied occurredAt is not used: events of several tables commit out of
 * occurredAt order, and a quiet source would never pass it.)
 * - Embedded mode: no committed event in the source store after the checkpoint. Not the consumer's lag(): it
 *   counts only events below the oldest running transaction (pg_snapshot_xmin), so any long transaction in the
 *   cluster hides the events committed after it began and reads as "caught up".
 * - Kafka: lag() is zero (every message on the broker applied). Events the tables/jackpots relays have not
 *   published yet are not seen here: a relay behind past the period end is the publishing service's alarm.
 * Read a few times because under play it is rarely zero for long; a busy tick is retried on the next one.
 *
 * While checking and generating it holds each consumer's rebuild lock shared (pg_try_advisory_lock_shared): a
 * rebuild in progress (wiped read models, partial batches) makes it give up, and no rebuild can start until the
 * reports are written. Consumers take the same lock shared per batch, so they keep applying.
 */
export const readModelGate = (
  pool: Pool,
  consumers: () => readonly GatedConsumer[],
  stores: readonly GatedStore[],
  o: { readings?: number; intervalMs?: number } = {},
): ReadModelGate => {
  const storeCaughtUp = async (db: PoolClient, consumer: string): Promise<boolean> => {
    for (const s of stores.filter((x) => x.consumer === consumer)) {
      const { rows } = await db.query<{ transaction_id: string; position: string }>(
        `SELECT transaction_id::text AS transaction_id, position::text AS position FROM messaging.checkpoints WHERE consumer = $1 AND source = $2 AND partition = ${STORE_PARTITION}`,
        [consumer, s.topic],
      );
      const checkpoint = rows[0] ? { transactionId: rows[0].transaction_id, position: rows[0].position } : START_OF_STORE;
      if (await new PostgresEventStore(db, s.schema).hasEventsAfter(checkpoint)) return false;
    }
    return true;
  };
  const caughtUp = async (db: PoolClient): Promise<boolean> => {
    for (const c of consumers()) if (!(c.kind === 'store' ? await storeCaughtUp(db, c.name) : (await c.lag()) === 0)) return false;
    return true;
  };
  return {
    async whenCaughtUp<T>(generate: () => Promise<T>): Promise<T | undefined> {
      const client = await pool.connect();
      const held: string[] = [];
      let scheduling = false;
      try {
        const { rows: own } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [REPORT_SCHEDULER_LOCK]);
        if (!own[0].ok) return undefined;
        scheduling = true;
        for (const c of consumers()) {
          const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock_shared(hashtext($1)) AS ok', [rebuildLockKey(c.name)]);
          if (!rows[0].ok) return undefined;
          held.push(c.name);
        }
        for (let i = 0; !(await caughtUp(client)); i++) {
          if (i + 1 >= (o.readings ?? 5)) return undefined;
          await new Promise((r) => setTimeout(r, o.intervalMs ?? 200));
        }
        return await generate();
      } finally {
        let broken = false;
        for (const name of held) await client.query('SELECT pg_advisory_unlock_shared(hashtext($1))', [rebuildLockKey(name)]).catch(() => (broken = true));
        if (scheduling) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [REPORT_SCHEDULER_LOCK]).catch(() => (broken = true));
        // A session that could not unlock is destroyed, which releases its advisory locks.
        client.release(broken);
      }
    },
  };
};
