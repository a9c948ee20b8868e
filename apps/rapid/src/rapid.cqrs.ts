/**
 * The messages the HTTP shell dispatches through @nestjs/cqrs, and their handlers: each handler is a thin
 * adapter onto RapidUseCases (which runs the generic DeciderCommandHandler in one transaction), answered as a retry
 * answers (`answered`: what the first answer did). No rules here.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { forbidden, type RapidSide, type RapidTender } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { isStation, requireOwnStation, requireStationOfTable, type RapidActor } from './rapid-authority.decider';
import { RAPID_USE_CASES } from './rapid.tokens';
import { RapidUseCases, type UseCaseResult } from './rapid-use-cases';
import { accountView, tableView, reconcile, type AccountView, type Reconciliation, type TableView } from './rapid-views';
import type { AtsAccountState } from './account/ats-account.events';
import type { OpenRapidTable, RapidTableCommand } from './table/rapid-table.decider';
import type { RapidTableState } from './table/rapid-table.events';

// ---- commands -------------------------------------------------------------------------------------------------

export class OpenRapidTableCommand extends Command<UseCaseResult> {
  constructor(readonly command: OpenRapidTable, readonly context: CommandContext) {
    super();
  }
}

export class TenderCommand extends Command<UseCaseResult> {
  constructor(readonly tableId: string, readonly atsId: string, readonly tender: RapidTender, readonly amountCents: number, readonly context: CommandContext) {
    super();
  }
}

export class ShowWagersCommand extends Command<UseCaseResult> {
  constructor(readonly accountId: string, readonly wagers: readonly { bet: string; side?: RapidSide; amountCents: number }[], readonly context: CommandContext) {
    super();
  }
}

export class CashOutCommand extends Command<UseCaseResult> {
  constructor(readonly accountId: string, readonly method: 'chips' | 'ticket', readonly printerFault: boolean, readonly context: CommandContext) {
    super();
  }
}

export class RecordManualPaymentCommand extends Command<UseCaseResult> {
  constructor(readonly accountId: string, readonly reason: string, readonly context: CommandContext) {
    super();
  }
}

/** What the dealer does on the SGC. */
export type SgcRequest = Extract<RapidTableCommand, { type: 'StartRound' | 'CloseWagering' | 'EnterOutcome' | 'FreezeAccounts' | 'CorrectOutcome' | 'ReportMalfunction' | 'RecordClaim' | 'ResolveClaim' | 'InvalidateOutcome' }>;

export class SgcCommand extends Command<UseCaseResult> {
  constructor(readonly tableId: string, readonly request: SgcRequest, readonly context: CommandContext) {
    super();
  }
}

@CommandHandler(OpenRapidTableCommand)
export class OpenRapidTableHandler implements ICommandHandler<OpenRapidTableCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute(c: OpenRapidTableCommand) {
    return this.useCases.answered(c.context, () => this.useCases.openTable(c.command, c.context));
  }
}

@CommandHandler(TenderCommand)
export class TenderHandler implements ICommandHandler<TenderCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute(c: TenderCommand) {
    return this.useCases.answered(c.context, () => this.useCases.tender(c.tableId, c.atsId, c.tender, c.amountCents, c.context));
  }
}

@CommandHandler(ShowWagersCommand)
export class ShowWagersHandler implements ICommandHandler<ShowWagersCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute(c: ShowWagersCommand) {
    return this.useCases.answered(c.context, () => this.useCases.showWagers(c.accountId, c.wagers, c.context));
  }
}

@CommandHandler(CashOutCommand)
export class CashOutHandler implements ICommandHandler<CashOutCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute(c: CashOutCommand) {
    return this.useCases.answered(c.context, () => this.useCases.cashOut(c.accountId, c.method, c.printerFault, c.context));
  }
}

@CommandHandler(RecordManualPaymentCommand)
export class RecordManualPaymentHandler implements ICommandHandler<RecordManualPaymentCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute(c: RecordManualPaymentCommand) {
    return this.useCases.answered(c.context, () => this.useCases.recordManualPayment(c.accountId, c.reason, c.context));
  }
}

@CommandHandler(SgcCommand)
export class SgcHandler implements ICommandHandler<SgcCommand> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  execute({ tableId, request, context }: SgcCommand) {
    return this.useCases.answered(context, () => this.run(tableId, request, context));
  }

  private run(tableId: string, request: SgcRequest, context: CommandContext) {
    const r = { ...request, tableId };
    switch (r.type) {
      case 'EnterOutcome':
        return this.useCases.enterOutcome(tableId, r.roundId, r.playerCards, r.bankerCards, context);
      case 'FreezeAccounts':
        return this.useCases.freeze(tableId, r, context);
      case 'CorrectOutcome':
        return this.useCases.correctOutcome(tableId, r.roundId, r.playerCards, r.bankerCards, context);
      case 'ReportMalfunction':
        return this.useCases.reportMalfunction(tableId, r, context);
      case 'InvalidateOutcome':
        return this.useCases.invalidate(tableId, r, context);
      case 'ResolveClaim':
        // An upheld malfunction claim may adjust accounts (11.12 with 11.14): the malfunction's use case; any other
        // resolution may freeze the accounts (an upheld claim of an incorrect outcome, 11.11): the freeze's.
        return r.malfunction ? this.useCases.reportMalfunction(tableId, r, context) : this.useCases.freeze(tableId, r, context);
      default:
        return this.useCases.tableOnly(tableId, r, context);
    }
  }
}

// ---- queries --------------------------------------------------------------------------------------------------

export class GetRapidTableQuery extends Query<TableView> {
  constructor(readonly tableId: string, readonly now: string, readonly actor: RapidActor) {
    super();
  }
}

export class GetAtsAccountQuery extends Query<AccountView> {
  constructor(readonly accountId: string, readonly actor: RapidActor) {
    super();
  }
}

export class GetAccountReconciliationQuery extends Query<Reconciliation> {
  constructor(readonly accountId: string, readonly actor: RapidActor) {
    super();
  }
}

type Reader = RapidActor & { jurisdictions?: readonly string[] };

/**
 * Every Rapid record (a table, its stations, rounds and claims, its feed, an account) is a record of the rulebook's
 * jurisdiction: a regulator reads it only when the token names that jurisdiction.
 */
const requireJurisdiction = (actor: Reader, rulebookId: string): void => {
  const { jurisdiction } = rulebookById(rulebookId);
  if (actor.role === 'regulator' && !(actor.jurisdictions ?? []).includes(jurisdiction)) {
    throw forbidden('OUT_OF_JURISDICTION', `Rapid Baccarat records are ${jurisdiction} records; your token names other jurisdictions: read them with a ${jurisdiction} regulator's token.`);
  }
};

/** An ATS reads only its own account; a regulator only the records of the rulebook's jurisdiction. */
export const assertMayReadAccount = (actor: Reader, account: AtsAccountState): void => {
  const rulebook = rulebookById(account.rulebookId);
  requireOwnStation(actor, account.atsId, atsPoliciesFor(rulebook).layout.ownStationClause, account.tableId);
  requireJurisdiction(actor, account.rulebookId);
};

/** An ATS reads only the table it is part of (Rapid 2.2(a), 4.3): its rounds, stations and feed; a regulator only its jurisdiction's. */
export const assertMayReadTable = (actor: Reader, table: RapidTableState): void => {
  requireJurisdiction(actor, table.terms!.rulebookId);
  requireStationOfTable(actor, table.tableId, Object.keys(table.stations), atsPoliciesFor(rulebookById(table.terms!.rulebookId)).table.oneTablePerAtsClause);
};

@QueryHandler(GetRapidTableQuery)
export class GetRapidTableHandler implements IQueryHandler<GetRapidTableQuery> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  async execute(q: GetRapidTableQuery) {
    const { state, version } = await this.useCases.loadTable(q.tableId);
    assertMayReadTable(q.actor, state);
    return tableView(state, version, q.now, isStation(q.actor) ? q.actor.id : null);
  }
}

@QueryHandler(GetAtsAccountQuery)
export class GetAtsAccountHandler implements IQueryHandler<GetAtsAccountQuery> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  async execute(q: GetAtsAccountQuery) {
    const { state, version } = await this.useCases.loadAccount(q.accountId);
    assertMayReadAccount(q.actor, state);
    return accountView(state, version);
  }
}

@QueryHandler(GetAccountReconciliationQuery)
export class GetAccountReconciliationHandler implements IQueryHandler<GetAccountReconciliationQuery> {
  constructor(@Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases) {}
  async execute(q: GetAccountReconciliationQuery) {
    const { state } = await this.useCases.loadAccount(q.accountId);
    assertMayReadAccount(q.actor, state);
    return reconcile(state, await this.useCases.accountEvents(q.accountId));
  }
}

export const RAPID_CQRS_HANDLERS = [
  OpenRapidTableHandler,
  TenderHandler,
  ShowWagersHandler,
  CashOutHandler,
  RecordManualPaymentHandler,
  SgcHandler,
  GetRapidTableHandler,
  GetAtsAccountHandler,
  GetAccountReconciliationHandler,
];
