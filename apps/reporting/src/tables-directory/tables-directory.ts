import type { TablesEnvelope } from '@app/contracts';
import { GamingTime, gamingTimeOf } from '../calendar/gaming-calendar';
import { calendarFor, JurisdictionCalendars, UNKNOWN_JURISDICTION } from '../calendar/reporting-config';
import { ReportingBatch } from '../read-model/reporting-batch';
import { Row, RowSpec } from '../read-model/row-spec';

/**
 * Every table the tables service has opened: its jurisdiction (hence calendar), rulebook, current shoe and
 * running commission outstanding. The other read models look tables up here; the dashboard lists it.
 */
export const TABLE_DIRECTORY: RowSpec = {
  table: 'table_directory',
  key: ['table_id'],
  columns: {
    table_id: 'text',
    jurisdiction: 'text',
    rulebook_id: 'text',
    variant: 'text',
    jackpot_ids: 'jsonb',
    boxes: 'integer',
    status: 'text',
    opened_at: 'text',
    closed_at: 'text',
    close_reason: 'text',
    current_shoe_id: 'text',
    shoe_status: 'text',
    shoe_started_at: 'text',
    coups_in_shoe: 'integer',
    outstanding_cents: 'bigint',
    last_result: 'text',
    last_event_at: 'text',
  },
};

/**
 * Every opening of every table, with the rulebook it opened under: the rulebook version(s) in force for a
 * jurisdiction's tables in a period, which a report states even when nothing happened, and which the
 * directory's one row per table forgets when a table reopens under a new version.
 */
export const TABLE_OPENINGS: RowSpec = {
  table: 'table_openings',
  key: ['table_id', 'opened_at'],
  columns: { table_id: 'text', opened_at: 'text', gaming_day: 'text', jurisdiction: 'text', rulebook_id: 'text' },
};

export const recordOpening = (batch: ReportingBatch, calendars: JurisdictionCalendars, opened: TableEntry): void => {
  if (!opened.opened_at) return;
  batch.putRow(TABLE_OPENINGS, {
    table_id: opened.table_id,
    opened_at: opened.opened_at,
    gaming_day: gamingTimeAt(calendars, opened, opened.opened_at).gamingDay,
    jurisdiction: opened.jurisdiction,
    rulebook_id: opened.rulebook_id,
  });
};

export interface TableEntry {
  table_id: string;
  jurisdiction: string;
  rulebook_id: string | null;
  variant: string | null;
  jackpot_ids: readonly string[];
  boxes: number;
  status: 'open' | 'closed' | 'unknown';
  opened_at: string | null;
  closed_at: string | null;
  close_reason: string | null;
  current_shoe_id: string | null;
  shoe_status: 'in-play' | 'ended' | 'voided' | null;
  shoe_started_at: string | null;
  coups_in_shoe: number;
  outstanding_cents: number;
  last_result: string | null;
  last_event_at: string | null;
}

const blank = (tableId: string): TableEntry => ({
  table_id: tableId,
  jurisdiction: UNKNOWN_JURISDICTION,
  rulebook_id: null,
  variant: null,
  jackpot_ids: [],
  boxes: 0,
  status: 'unknown',
  opened_at: null,
  closed_at: null,
  close_reason: null,
  current_shoe_id: null,
  shoe_status: null,
  shoe_started_at: null,
  coups_in_shoe: 0,
  outstanding_cents: 0,
  last_result: null,
  last_event_at: null,
});

/** Reads a table's entry for this batch (a fresh one for a table not opened yet: its events stay visible as UNKNOWN). */
export const tableEntry = async (batch: ReportingBatch, tableId: string): Promise<TableEntry> =>
  ((await batch.row(TABLE_DIRECTORY, { table_id: tableId })) as unknown as TableEntry | null) ?? blank(tableId);

export const saveTableEntry = (batch: ReportingBatch, entry: TableEntry): void => batch.putRow(TABLE_DIRECTORY, entry as unknown as Row);

export const gamingTimeAt = (calendars: JurisdictionCalendars, entry: TableEntry, instant: string): GamingTime =>
  gamingTimeOf(instant, calendarFor(calendars, entry.jurisdiction));

/** The directory's own changes for one tables event (after the other read models have read the entry as it was). */
export const evolveTableEntry = (entry: TableEntry, event: TablesEnvelope): TableEntry => {
  const d = event.data as Record<string, unknown>;
  const next: TableEntry = { ...entry, last_event_at: event.occurredAt };
  switch (event.type) {
    case 'TableRulebookChanged':
      // A newly effective version of the table's rulebook from this shoe on (the version in force decides).
      return { ...next, rulebook_id: String(d.rulebookId), jurisdiction: String(d.jurisdiction) };
    case 'TableOpened': {
      const o = event.data;
      return {
        ...next,
        jurisdiction: o.jurisdiction,
        rulebook_id: o.rulebookId,
        variant: o.variant,
        jackpot_ids: [...o.jackpotIds],
        boxes: o.boxes,
        status: 'open',
        opened_at: o.openedAt,
        closed_at: null,
        close_reason: null,
      };
    }
    case 'TableClosed':
      return { ...next, status: 'closed', closed_at: String(d.closedAt), close_reason: String(d.reason) };
    case 'ShoeStarted':
      return { ...next, current_shoe_id: String(d.shoeId), shoe_status: 'in-play', shoe_started_at: String(d.startedAt), coups_in_shoe: 0, last_result: null };
    case 'ShoeEnded':
      return d.shoeId === entry.current_shoe_id ? { ...next, shoe_status: d.reason === 'voided' ? 'voided' : 'ended' } : next;
    case 'ShoeVoided':
      return d.shoeId === entry.current_shoe_id ? { ...next, shoe_status: 'voided' } : next;
    case 'CoupCompleted':
      if (d.dummy) return next;
      // A Three Card round published as CoupCompleted before ThreeCardRoundCompleted existed: its `result` is not one (contract).
      if (d.threeCard) return { ...next, coups_in_shoe: entry.coups_in_shoe + 1 };
      return { ...next, coups_in_shoe: entry.coups_in_shoe + 1, last_result: String(d.result) };
    case 'ThreeCardRoundCompleted':
      // Crown Melbourne 12: a coup of the shoe, with a result per betting area and none for the table's road.
      return { ...next, coups_in_shoe: entry.coups_in_shoe + 1 };
    default:
      return next;
  }
};
