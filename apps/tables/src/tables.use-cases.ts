import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { CommandContext, CommandOutcome } from '@app/event-store';
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
    return this.commands.handle(tableId, command, context);
  }
}

@QueryHandler(GetTable)
export class GetTableHandler implements IQueryHandler<GetTable> {
  constructor(@Inject(TABLE_COMMANDS) private readonly commands: TableCommands) {}

  execute({ tableId }: GetTable) {
    return this.commands.load(tableId);
  }
}

export const TABLES_USE_CASES = [RunTableCommandHandler, GetTableHandler];
