import { randomUUID } from 'node:crypto';
import { rulebookById } from '@app/baccarat';
import { TABLES_INTEGRATION_EVENT_VERSIONS } from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';

/**
 * Appends a table's `TableOpened` under `rulebookId` straight to a tables event store, as the tables service would
 * publish it: for a service that learns tables (and their casino) from that event, without running the tables service.
 */
export const appendTableOpened = (tables: PostgresEventStore, tableId: string, rulebookId: string) =>
  tables.append(`table-${tableId}`, 'table', 'any', [
    {
      eventId: randomUUID(),
      type: 'TableOpened',
      schemaVersion: TABLES_INTEGRATION_EVENT_VERSIONS.TableOpened,
      data: { tableId, jurisdiction: rulebookById(rulebookId).jurisdiction, rulebookId, variant: 'traditional', offeredBets: [], decks: 8, limits: { perBet: {} }, minimumChipCents: 500, dealingMethod: 'dealing-shoe', jackpotIds: [], boxes: 7, openedAt: new Date().toISOString() },
      metadata: { actor: { id: 'am-1', role: 'area-manager' }, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, rulebookVersion: rulebookId },
      occurredAt: new Date().toISOString(),
    },
  ]);
