import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { jackpotStreamId } from '@app/contracts';
import type { CommandContext, CommandOutcome, PostgresEventStore, StoredEvent } from '@app/event-store';
import { JACKPOT_STREAM_TYPE, JackpotCommands } from './jackpot/jackpot.commands';
import type { JackpotCommand } from './jackpot/jackpot.decider';
import type { JackpotEvent, JackpotState } from './jackpot/jackpot.events';
import { JACKPOTS_STORE } from './jackpots.tokens';

/**
 * The jackpot service's use cases, dispatched through @nestjs/cqrs: every console and handset procedure is one
 * member of the `JackpotCommand` union (jackpot.decider.ts, each citing Crown Melbourne 13) run by the one
 * generic command handler (contributions come from the consumer, through the same handler); the reads are a
 * jackpot as it stands, every jackpot, and a jackpot's recorded history.
 */
export class RunJackpotCommand extends Command<CommandOutcome<JackpotEvent, JackpotState>> {
  constructor(
    readonly jackpotId: string,
    readonly command: JackpotCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class GetJackpot extends Query<{ state: JackpotState; version: number }> {
  constructor(readonly jackpotId: string) {
    super();
  }
}

export class ListJackpots extends Query<{ jackpotId: string; state: JackpotState; version: number }[]> {}

/** The jackpot's events after `afterVersion`, as recorded (meter history, reconciliation). */
export class GetJackpotHistory extends Query<StoredEvent[]> {
  constructor(
    readonly jackpotId: string,
    readonly afterVersion = 0,
  ) {
    super();
  }
}

/** The one JackpotCommands of this module (its handler's state cache serves every use case). */
export const JACKPOT_COMMANDS = Symbol('JACKPOT_COMMANDS');
export const jackpotCommandsProvider = { provide: JACKPOT_COMMANDS, inject: [JACKPOTS_STORE], useFactory: (store: PostgresEventStore) => new JackpotCommands(store) };

@CommandHandler(RunJackpotCommand)
export class RunJackpotCommandHandler implements ICommandHandler<RunJackpotCommand> {
  constructor(@Inject(JACKPOT_COMMANDS) private readonly commands: JackpotCommands) {}

  execute({ jackpotId, command, context }: RunJackpotCommand) {
    return this.commands.handle(jackpotId, command, context);
  }
}

@QueryHandler(GetJackpot)
export class GetJackpotHandler implements IQueryHandler<GetJackpot> {
  constructor(@Inject(JACKPOT_COMMANDS) private readonly commands: JackpotCommands) {}

  execute({ jackpotId }: GetJackpot) {
    return this.commands.load(jackpotId);
  }
}

@QueryHandler(ListJackpots)
export class ListJackpotsHandler implements IQueryHandler<ListJackpots> {
  constructor(@Inject(JACKPOT_COMMANDS) private readonly commands: JackpotCommands) {}

  async execute() {
    const ids = await this.commands.store.streamIds(JACKPOT_STREAM_TYPE);
    // A stream may hold only attention flags (an id a table named that was never created): its id is the stream's.
    return Promise.all(ids.map(async (id) => {
      const jackpotId = id.replace(/^jackpot-/, '');
      return { jackpotId, ...(await this.commands.load(jackpotId)) };
    }));
  }
}

@QueryHandler(GetJackpotHistory)
export class GetJackpotHistoryHandler implements IQueryHandler<GetJackpotHistory> {
  constructor(@Inject(JACKPOTS_STORE) private readonly store: PostgresEventStore) {}

  execute({ jackpotId, afterVersion }: GetJackpotHistory) {
    return this.store.readStream(jackpotStreamId(jackpotId), afterVersion);
  }
}

export const JACKPOTS_USE_CASES = [jackpotCommandsProvider, RunJackpotCommandHandler, GetJackpotHandler, ListJackpotsHandler, GetJackpotHistoryHandler];
