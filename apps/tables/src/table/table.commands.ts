import { DomainError } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import { tableDecider, type TableCommand } from './table.decider';
import type { TableEvent, TableState } from './table.events';

export const TABLE_STREAM_TYPE = 'table';
/** Bump whenever TableState changes shape: older snapshots are then ignored and the stream folded again. */
export const TABLE_STATE_VERSION = 'table-state-v3';
export const tableStreamId = (tableId: string): string => `table-${tableId}`;

/**
 * The generic command handler over table streams, with two things a table's long day needs: snapshots
 * (every 100 events) and, in this process, commands to one table handled one at a time with the state it
 * left cached. The cache is only a head start: the append still checks the expected version, and a conflict
 * (another process wrote) makes the retry read the stream again. A refusal decided on cached state is
 * checked the same way: if the stream has moved on, the command is decided again on what is stored, so a
 * second instance of the service never refuses a command for state it has not seen.
 */
class CachedTableHandler extends DeciderCommandHandler<TableCommand, TableEvent, TableState> {
  private readonly cache = new Map<string, { state: TableState; version: number; fresh: boolean }>();
  private readonly queues = new Map<string, Promise<unknown>>();

  override async load(streamId: string): Promise<{ state: TableState; version: number }> {
    const cached = this.cache.get(streamId);
    if (cached?.fresh) {
      // Used once per command: a retry after a version conflict reads the stream.
      cached.fresh = false;
      return { state: cached.state, version: cached.version };
    }
    return super.load(streamId);
  }

  run(streamId: string, command: TableCommand, context: CommandContext): Promise<CommandOutcome<TableEvent, TableState>> {
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.runNow(streamId, command, context));
    this.queues.set(streamId, next);
    void next.finally(() => {
      if (this.queues.get(streamId) === next) this.queues.delete(streamId);
    }).catch(() => undefined);
    return next;
  }

  private async runNow(streamId: string, command: TableCommand, context: CommandContext): Promise<CommandOutcome<TableEvent, TableState>> {
    const cached = this.cache.get(streamId);
    if (cached) cached.fresh = true;
    try {
      return this.remember(streamId, await this.handle(streamId, command, context));
    } catch (err) {
      if (!(err instanceof DomainError)) {
        this.cache.delete(streamId);
        throw err;
      }
      if (!cached) throw err;
      cached.fresh = false;
      // The refusal may come from a stale cache: when another process has appended since, decide again on the stored stream.
      if ((await this.store.streamVersion(streamId)) === cached.version) throw err;
      this.cache.delete(streamId);
      return this.remember(streamId, await this.handle(streamId, command, context));
    }
  }

  private remember(streamId: string, outcome: CommandOutcome<TableEvent, TableState>): CommandOutcome<TableEvent, TableState> {
    if (outcome.duplicate) this.cache.delete(streamId);
    else this.cache.set(streamId, { state: outcome.state, version: outcome.version, fresh: false });
    return outcome;
  }
}

/** Runs table commands against the tables event store (HTTP edge, simulator, tests). */
export class TableCommands {
  private readonly handler: CachedTableHandler;

  constructor(readonly store: PostgresEventStore) {
    this.handler = new CachedTableHandler(store, {
      streamType: TABLE_STREAM_TYPE,
      decider: tableDecider,
      rulebookVersion: (state, command) => (command.type === 'OpenTable' ? command.rulebookId : state.rulebookId || null),
      snapshot: { every: 100, stateVersion: TABLE_STATE_VERSION },
    });
  }

  handle(tableId: string, command: TableCommand, context: CommandContext): Promise<CommandOutcome<TableEvent, TableState>> {
    return this.handler.run(tableStreamId(tableId), command, context);
  }

  load(tableId: string): Promise<{ state: TableState; version: number }> {
    return this.handler.load(tableStreamId(tableId));
  }
}
