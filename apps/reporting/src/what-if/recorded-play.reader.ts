import type { IntegrationEvent } from '@app/contracts';
import { notFound } from '@app/contracts';
import type { EventSource } from '@app/messaging';
import { RecordedPlayFold, type RecordedPlay } from './recorded-play';

/** Events read at a time: a month of a busy table is hundreds of thousands of events, never all in memory. */
const PAGE = 5000;

/**
 * Reads a table's recorded play as the tables service publishes it: its stream through the event store's API, each
 * event through the source's own mapping to the contract (what the relay puts on `baccarat.tables.events`), never
 * the tables service's tables and never the reporting statistics. The stream is named as the tables service keys
 * its messages (`table-<tableId>`).
 */
export const readRecordedPlay = async (source: EventSource, tableId: string, from: string, to: string, pageSize = PAGE): Promise<RecordedPlay> => {
  const streamId = `table-${tableId}`;
  const fold = new RecordedPlayFold(tableId, from, to);
  for (let after = 0; ; after += pageSize) {
    const page = await source.store.readStream(streamId, after, after + pageSize);
    if (after === 0 && page.length === 0) throw notFound('TABLE_NOT_FOUND', `No table "${tableId}" has recorded play: check the id (GET /reporting/tables lists them).`);
    for (const e of page) {
      const mapped: IntegrationEvent | null = source.toIntegrationEvent(e);
      if (mapped) fold.apply(mapped);
    }
    if (page.length < pageSize) return fold.result();
  }
};
