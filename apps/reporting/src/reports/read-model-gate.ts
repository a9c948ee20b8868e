import type { Pool } from 'pg';

/** What the gate needs of a reporting consumer (an @app/messaging EventConsumer). */
export interface GatedConsumer {
  readonly name: string;
  lag(): Promise<number>;
}

export interface ReadModelGate {
  /**
   * Runs `generate` if the read models have caught up with everything their sources recorded up to now and
   * no rebuild is running, holding off any rebuild until it returns; otherwise returns undefined (try later).
   */
  whenCaughtUp<T>(generate: () => Promise<T>): Promise<T | undefined>;
}

/** The advisory lock a rebuild holds exclusively from its wipe to its last batch (rebuild-read-models.ts, @app/messaging's rebuildProjection). */
const rebuildLock = (consumer: string) => `projection:${consumer}`;

/**
 * Gate for scheduled reports (Issue 6: a scheduled report is not regenerated, so it must not be made from
 * read models that are behind). The criterion: every reporting consumer's lag is zero, read after the period
 * ended. Lag counts what the consumer can see and has not applied (store events after its checkpoint in
 * embedded mode, broker messages past its committed offset over Kafka), so zero means its checkpoint has passed
 * every event committed before this check, hence every event of an ended period, whatever the events'
 * occurredAt order across tables. (The newest applied occurredAt is not used: events of several tables commit
 * out of occurredAt order, and a quiet source would never pass it.) Lag is read a few times because under
 * play it is rarely zero for long; a busy tick is retried on the next one.
 *
 * While checking and generating it holds each consumer's rebuild lock shared (pg_try_advisory_lock_shared):
 * a rebuild in progress (wiped read models, partial batches) makes it give up, and no rebuild can start
 * until the reports are written. Consumers take the same lock shared per batch, so they keep applying.
 *
 * Over Kafka, events the tables/jackpots relays have not published yet are not counted: a relay that is
 * behind past the period end is not seen here.
 */
export const readModelGate = (pool: Pool, consumers: () => readonly GatedConsumer[], o: { lagReadings?: number; lagIntervalMs?: number } = {}): ReadModelGate => ({
  async whenCaughtUp<T>(generate: () => Promise<T>): Promise<T | undefined> {
    const client = await pool.connect();
    const held: string[] = [];
    try {
      for (const c of consumers()) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock_shared(hashtext($1)) AS ok', [rebuildLock(c.name)]);
        if (!rows[0].ok) return undefined;
        held.push(c.name);
      }
      const readings = o.lagReadings ?? 5;
      for (let i = 0; ; i++) {
        const lags = await Promise.all(consumers().map((c) => c.lag()));
        if (lags.every((l) => l === 0)) break;
        if (i + 1 >= readings) return undefined;
        await new Promise((r) => setTimeout(r, o.lagIntervalMs ?? 200));
      }
      return await generate();
    } finally {
      let broken = false;
      for (const name of held) await client.query('SELECT pg_advisory_unlock_shared(hashtext($1))', [rebuildLock(name)]).catch(() => (broken = true));
      // A session that could not unlock is destroyed, which releases its advisory locks.
      client.release(broken);
    }
  },
});

