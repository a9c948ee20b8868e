/**
 * The promotions service's commands and queries on @nestjs/cqrs: controllers dispatch through the CommandBus /
 * QueryBus; the handlers run the one generic DeciderCommandHandler (@app/event-store) over promotion and
 * voucher streams (read, fold, decide, append; idempotent by command id = Idempotency-Key).
 */
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { promotionStreamId, voucherStreamId } from '@app/contracts';
import { CommandContext, CommandOutcome, DeciderCommandHandler, PostgresEventStore } from '@app/event-store';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/database';
import { PROMOTIONS_STORE } from '../promotions.tokens';
import type { CoupAtTable } from '../voucher/voucher-command.types';
import { voucherDecider, VoucherCommand } from '../voucher/voucher.decider';
import { tokenTableDecider, type TokenTableCommand, type TokenTableEvent, type TokenTableState } from '../play/token-table.decider';
import { VoucherEvent, VoucherState } from '../voucher/voucher.events';
import { promotionDecider, PromotionCommand } from './promotion.decider';
import { PromotionEvent, PromotionState } from './promotion.events';

export const PROMOTION_STREAM_TYPE = 'promotion';
export const VOUCHER_STREAM_TYPE = 'voucher';
export const TOKEN_TABLE_STREAM_TYPE = 'token-table';

export const promotionCommandHandler = (store: PostgresEventStore) =>
  new DeciderCommandHandler<PromotionCommand, PromotionEvent, PromotionState>(store, {
    streamType: PROMOTION_STREAM_TYPE,
    decider: promotionDecider,
    rulebookVersion: (state, _command, events) => state.rulebookId || (events[0]?.type === 'PromotionCreated' ? events[0].rulebookId : null),
    snapshot: { every: 100, stateVersion: 'promotion-state-v2' },
  });

export const voucherCommandHandler = (store: PostgresEventStore) =>
  new DeciderCommandHandler<VoucherCommand, VoucherEvent, VoucherState>(store, {
    streamType: VOUCHER_STREAM_TYPE,
    decider: voucherDecider,
    rulebookVersion: (state, command) => state.rulebookId || (command.type === 'IssueVoucher' ? command.rulebookId : null),
  });

/** A table's token wagers the desk never registered (Star 1.1, 5.2): written only by the table-play reactor. */
export const tokenTableCommandHandler = (store: PostgresEventStore) =>
  new DeciderCommandHandler<TokenTableCommand, TokenTableEvent, TokenTableState>(store, {
    streamType: TOKEN_TABLE_STREAM_TYPE,
    decider: tokenTableDecider,
    rulebookVersion: (_state, command) => command.rulebookId,
  });

export class RunPromotionCommand {
  constructor(
    readonly promotionId: string,
    readonly command: PromotionCommand,
    readonly context: CommandContext,
  ) {}
}

export class RunVoucherCommand {
  constructor(
    readonly voucherId: string,
    readonly command: VoucherCommand,
    readonly context: CommandContext,
  ) {}
}

export class GetPromotionQuery {
  constructor(readonly promotionId: string) {}
}

export class GetVoucherQuery {
  constructor(readonly voucherId: string) {}
}

export class ListPromotionsQuery {}

/** What the service heard of a coup from the tables service (Star 1.1: a token wager is not released while its coup can take it). */
export class GetCoupAtTableQuery {
  constructor(
    readonly tableId: string,
    readonly coupId: string,
  ) {}
}

@CommandHandler(RunPromotionCommand)
export class RunPromotionCommandHandler implements ICommandHandler<RunPromotionCommand, CommandOutcome<PromotionEvent, PromotionState>> {
  private readonly handler: ReturnType<typeof promotionCommandHandler>;
  constructor(@Inject(PROMOTIONS_STORE) store: PostgresEventStore) {
    this.handler = promotionCommandHandler(store);
  }
  execute(c: RunPromotionCommand) {
    return this.handler.handle(promotionStreamId(c.promotionId), c.command, c.context);
  }
}

@CommandHandler(RunVoucherCommand)
export class RunVoucherCommandHandler implements ICommandHandler<RunVoucherCommand, CommandOutcome<VoucherEvent, VoucherState>> {
  private readonly handler: ReturnType<typeof voucherCommandHandler>;
  constructor(@Inject(PROMOTIONS_STORE) store: PostgresEventStore) {
    this.handler = voucherCommandHandler(store);
  }
  execute(c: RunVoucherCommand) {
    return this.handler.handle(voucherStreamId(c.voucherId), c.command, c.context);
  }
}

@QueryHandler(GetPromotionQuery)
export class GetPromotionQueryHandler implements IQueryHandler<GetPromotionQuery, { state: PromotionState; version: number }> {
  private readonly handler: ReturnType<typeof promotionCommandHandler>;
  constructor(@Inject(PROMOTIONS_STORE) store: PostgresEventStore) {
    this.handler = promotionCommandHandler(store);
  }
  execute(q: GetPromotionQuery) {
    return this.handler.load(promotionStreamId(q.promotionId));
  }
}

@QueryHandler(GetVoucherQuery)
export class GetVoucherQueryHandler implements IQueryHandler<GetVoucherQuery, { state: VoucherState; version: number }> {
  private readonly handler: ReturnType<typeof voucherCommandHandler>;
  constructor(@Inject(PROMOTIONS_STORE) store: PostgresEventStore) {
    this.handler = voucherCommandHandler(store);
  }
  execute(q: GetVoucherQuery) {
    return this.handler.load(voucherStreamId(q.voucherId));
  }
}

@QueryHandler(ListPromotionsQuery)
export class ListPromotionsQueryHandler implements IQueryHandler<ListPromotionsQuery, string[]> {
  constructor(@Inject(PROMOTIONS_STORE) private readonly store: PostgresEventStore) {}
  async execute(): Promise<string[]> {
    return (await this.store.streamIds(PROMOTION_STREAM_TYPE)).map((id) => id.replace(/^promotion-/, ''));
  }
}

@QueryHandler(GetCoupAtTableQuery)
export class GetCoupAtTableQueryHandler implements IQueryHandler<GetCoupAtTableQuery, CoupAtTable> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PROMOTIONS_STORE) private readonly store: PostgresEventStore,
  ) {}
  async execute(q: GetCoupAtTableQuery): Promise<CoupAtTable> {
    const { rows } = await this.pool.query<{ ended: boolean }>(`SELECT ended FROM ${this.store.schema}.coups_heard WHERE table_id = $1 AND coup_id = $2`, [q.tableId, q.coupId]);
    return rows.length === 0 ? 'never-heard' : rows[0].ended ? 'ended' : 'taking-wagers';
  }
}

export const PROMOTIONS_CQRS_HANDLERS = [RunPromotionCommandHandler, RunVoucherCommandHandler, GetPromotionQueryHandler, GetVoucherQueryHandler, ListPromotionsQueryHandler, GetCoupAtTableQueryHandler];
