import { IntegrationEvent, jackpotStreamId, TableClosed, TableOpened } from '@app/contracts';
import type { PostgresEventStore } from '@app/event-store';
import { handlesTypes, type Reaction, type Reactor } from '@app/messaging';
import type { CheckTableOpening } from '../jackpot/jackpot-links.decider';
import { knownTablesDdl } from './known-tables';
import type { JackpotCommand } from '../jackpot/jackpot.decider';
import { JACKPOT_STREAM_TYPE, jackpotCommandHandler } from '../jackpot/jackpot.commands';

type Data<T> = Omit<T, 'type'>;

/** What the reaction to a table's opening needs beyond the event: the jackpots that exist. */
export interface TableLinksState {
  readonly jackpotIds: readonly string[];
}

const jackpotIdOf = (streamId: string): string => streamId.replace(/^jackpot-/, '');

/**
 * The tables side of the table-jackpot link (Crown Melbourne 13.3.1(b), 13.4.1), a pure reaction: each opening is
 * offered to every jackpot it names and every jackpot there is (those listing the table), which flag what does not
 * match (jackpot-links.decider.ts); most decide nothing and nothing is appended for them.
 */
export const reactToTableOpening = (event: IntegrationEvent, state: TableLinksState): Reaction<CheckTableOpening>[] => {
  if (event.type !== 'TableOpened') return [];
  const d = event.data as unknown as Data<TableOpened>;
  const jackpotIds = [...new Set([...d.jackpotIds, ...state.jackpotIds])].sort();
  return jackpotIds.map((jackpotId) => ({
    streamId: jackpotStreamId(jackpotId),
    command: { type: 'CheckTableOpening', jackpotId, tableId: d.tableId, namesJackpot: d.jackpotIds.includes(jackpotId), sourceEventId: event.eventId, now: event.occurredAt },
  }));
};

/**
 * The reactor over the jackpots event store `store`: keeps `known_tables` (which the console and jackpot creation check
 * a jackpot's tables against) from TableOpened and TableClosed, never a call to the tables service. Command ids
 * `table-opened:<eventId>:<jackpotId>`, as before this reactor had its shape.
 */
export const tableLinksReactor = (store: PostgresEventStore, name?: string): Reactor<JackpotCommand, TableLinksState> => {
  const schema = store.schema;
  const handler = jackpotCommandHandler(store);
  return {
    name: name ?? `${schema}.table-links`,
    origin: 'table-opened',
    store,
    handles: handlesTypes('TableOpened', 'TableClosed'),
    react: reactToTableOpening,
    lookup: async (event, tx) => ({ jackpotIds: event.type === 'TableOpened' ? (await store.within(tx).streamIds(JACKPOT_STREAM_TYPE)).map(jackpotIdOf) : [] }),
    remember: async (event, tx) => {
      if (event.type === 'TableClosed') {
        const d = event.data as unknown as Data<TableClosed>;
        await tx.query(`UPDATE ${schema}.known_tables SET open = false, source_event_id = $2 WHERE table_id = $1`, [d.tableId, event.eventId]);
        return;
      }
      const d = event.data as unknown as Data<TableOpened>;
      await tx.query(
        `INSERT INTO ${schema}.known_tables (table_id, jurisdiction, rulebook_id, jackpot_ids, open, opened_at, source_event_id) VALUES ($1, $2, $6, $3::jsonb, true, $4, $5)
         ON CONFLICT (table_id) DO UPDATE SET jurisdiction = EXCLUDED.jurisdiction, rulebook_id = EXCLUDED.rulebook_id, jackpot_ids = EXCLUDED.jackpot_ids, open = true, opened_at = EXCLUDED.opened_at, source_event_id = EXCLUDED.source_event_id`,
        [d.tableId, d.jurisdiction, JSON.stringify(d.jackpotIds), d.openedAt, event.eventId, d.rulebookId ?? null],
      );
    },
    handlerFor: () => handler,
    targetKey: jackpotIdOf,
    setup: async (tx) => {
      await tx.query(knownTablesDdl(schema));
    },
    reset: async (tx) => {
      await tx.query(`TRUNCATE ${schema}.known_tables`);
    },
  };
};
