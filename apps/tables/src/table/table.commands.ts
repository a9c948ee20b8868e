import type { PoolClient } from 'pg';
import { CommandContext, CommandOutcome, DeciderCommandHandler, HandleOptions, PostgresEventStore } from '@app/event-store';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, TableState } from './table.events';

export const TABLE_STREAM_TYPE = 'table';
/** Bump whenever TableState changes shape: older snapshots are then ignored and the stream folded again. */
export const TABLE_STATE_VERSION = 'table-state-v7';
export const tableStreamId = (tableId: string): string => `table-${tableId}`;

/**
 * Runs table commands against the tables event store (HTTP edge, simulator, tests) through the one generic
 * command handler, with two things a table's long day needs: snapshots (every 100 events) and the state each
 * table was left in cached in this process (commands to one table then take turns). The cache is only a head
 * start: see `cacheState` in @app/event-store.
 */
export class TableCommands {
  readonly handler: DeciderCommandHandler<TableCommand, TableEvent, TableState>;

  constructor(readonly store: PostgresEventStore) {
    this.handler = new DeciderCommandHandler(store, {
      streamType: TABLE_STREAM_TYPE,
      decider: tableDecider,
      rulebookVersion: (state, command) => (command.type === 'OpenTable' ? command.rulebookId : state.rulebookId || null),
      snapshot: { every: 100, stateVersion: TABLE_STATE_VERSION },
      cacheState: true,
    });
  }

  handle(tableId: string, command: TableCommand, context: CommandContext, call: HandleOptions = {}): Promise<CommandOutcome<TableEvent, TableState>> {
    return this.handler.handle(tableStreamId(tableId), command, context, call);
  }

  load(tableId: string): Promise<{ state: TableState; version: number }> {
    return this.handler.load(tableStreamId(tableId));
  }

  /** A table by its stream id (as `PostgresEventStore.streamIds` lists them), in the caller's transaction if given. */
  loadStream(streamId: string, tx?: PoolClient): Promise<{ state: TableState; version: number }> {
    return this.handler.load(streamId, tx ? { tx } : {});
  }
}
