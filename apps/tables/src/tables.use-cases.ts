import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { isNotYetHeard } from '@app/contracts';
import type { CommandContext, CommandOutcome } from '@app/event-store';
import { retryUntilHeard } from '@app/messaging';
import { handleAgreeingWithPeers } from './open-tables/peer-tables';
import type { TableCommands } from './table/table.commands';
import type { TableCommand } from './table/table.decider';
import type { TableEvent, TableState } from './table/table.events';
import { TABLE_COMMANDS } from './tables.tokens';

/**
 * The tables service's use cases, dispatched through @nestjs/cqrs: every table procedure is one member of the
 * `TableCommand` union (table-command.types.ts, each citing its clause) run by the one generic command
 * handler (OpenTable and ChangeGame with the open tables their configuration must agree with, Rapid 10.1); the
 * read is the table as it stands.
 */
export class RunTableCommand extends Command<CommandOutcome<TableEvent, TableState>> {
  constructor(
    readonly tableId: string,
    readonly command: TableCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class GetTable extends Query<{ state: TableState; version: number }> {
  constructor(readonly tableId: string) {
    super();
  }
}

@CommandHandler(RunTableCommand)
export class RunTableCommandHandler implements ICommandHandler<RunTableCommand> {
  constructor(@Inject(TABLE_COMMANDS) private readonly commands: TableCommands) {}

  execute({ tableId, command, context }: RunTableCommand) {
    if (command.type === 'OpenTable' || command.type === 'ChangeGame') return handleAgreeingWithPeers(this.commands, tableId, command, context);
    // No more bets waits a moment for the tournament's ruling on each wager's turn to reach the table (Star 15.9.3-15.9.4);
    // a wager, for the session just started to reach it (Star 15.5.2 with 15.6.4).
    if (WAITS_FOR_THE_TOURNAMENT.has(command.type)) return retryUntilHeard(() => this.commands.handle(tableId, command, context), isNotYetHeard);
    return this.commands.handle(tableId, command, context);
  }
}

/** The commands that call no more bets (the first card calls it where the dealer did not), and the wagers. */
const WAITS_FOR_THE_TOURNAMENT = new Set<TableCommand['type']>(['CloseBetting', 'DealCard', 'DealCards', 'PlaceWagers']);

@QueryHandler(GetTable)
export class GetTableHandler implements IQueryHandler<GetTable> {
  constructor(@Inject(TABLE_COMMANDS) private readonly commands: TableCommands) {}

  execute({ tableId }: GetTable) {
    return this.commands.load(tableId);
  }
}

export const TABLES_USE_CASES = [RunTableCommandHandler, GetTableHandler];
