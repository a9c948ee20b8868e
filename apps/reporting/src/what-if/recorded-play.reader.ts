import type { IntegrationEvent } from '@app/contracts';
import { notFound } from '@app/contracts';
import type { EventSource } from '@app/messaging';
import { recordedPlay, type RecordedPlay } from './recorded-play';

/**
 * Reads a table's recorded play as the tables service publishes it: its stream through the event store's API, each
 * event through the source's own mapping to the contract (what the relay puts on `baccarat.tables.events`), never
 * the tables service's tables and never the reporting statistics. The stream is named as the tables service keys
 * its messages (`table-<tableId>`).
 */
export const readRecordedPlay = async (source: EventSource, tableId: string, from: string, to: string): Promise<RecordedPlay> => {
  const stored = await source.store.readStream(`table-${tableId}`);
  if (stored.length === 0) throw notFound('TABLE_NOT_FOUND', `No table "${tableId}" has recorded play: check the id (GET /reporting/tables lists them).`);
  const events: IntegrationEvent[] = [];
  for (const e of stored) {
    const mapped = source.toIntegrationEvent(e);
    if (mapped) events.push(mapped);
  }
  return recordedPlay(tableId, events, from, to);
};
