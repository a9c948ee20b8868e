import { publishTypes } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { EventSource, eventSource, migrateMessaging } from '@app/messaging';
import type { Pool } from 'pg';
import { TABLES_EVENT_TYPES } from '../../../apps/reporting/src/read-model/tables-read-models.projection';
import { TABLES_READ_MODEL_SPECS } from '../../../apps/reporting/src/read-model/tables-read-models.projection';
import type { NewEvent } from '@app/event-store';
import { TableScript } from './simulated-play';

/** The tables service's event store as the reporting service sees it: schema `tables`, contract events as stored. */
export async function tablesSource(pool: Pool, topic?: string): Promise<EventSource> {
  const store = new PostgresEventStore(pool, 'tables');
  await store.migrate();
  return eventSource('tables', store, publishTypes('tables', TABLES_EVENT_TYPES), topic);
}

/** Appends simulated tables events the way the tables service would (one stream per table, chunked commands). */
export async function appendScripts(store: PostgresEventStore, scripts: readonly TableScript[], chunk = 20): Promise<number> {
  let count = 0;
  await Promise.all(
    scripts.map(async (s) => {
      for (let i = 0; i < s.events.length; i += chunk) {
        const part = s.events.slice(i, i + chunk);
        await store.append(s.streamId, 'table', 'any', part);
        count += part.length;
      }
    }),
  );
  return count;
}

/** Every read-model row, ordered by key, as JSON: equal dumps mean equal read models. */
export async function dumpReadModels(pool: Pool, schema = 'reporting'): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const spec of TABLES_READ_MODEL_SPECS) {
    const { rows } = await pool.query(`SELECT ${Object.keys(spec.columns).join(', ')} FROM ${schema}.${spec.table} ORDER BY ${spec.key.join(', ')}`);
    out[spec.table] = rows;
  }
  return out;
}

/** Waits for the reporting world to reach a state (see @app/testing's eventually). */
export { eventually as waitFor } from '@app/testing';

/** The sources a reporting service reads, seeded: messaging tables, the `tables` store with the scripts, the `jackpots` store with one jackpot's events. */
export async function seedReportingSources(pool: Pool, scripts: readonly TableScript[], jackpot: { readonly streamId: string; readonly events: NewEvent[] }): Promise<void> {
  await migrateMessaging(pool);
  const tables = new PostgresEventStore(pool, 'tables');
  await tables.migrate();
  await appendScripts(tables, scripts);
  const jackpots = new PostgresEventStore(pool, 'jackpots');
  await jackpots.migrate();
  await jackpots.append(jackpot.streamId, 'jackpot', 'any', jackpot.events);
}
