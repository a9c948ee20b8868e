import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, notFound } from '@app/contracts';
import type { CommandOutcome } from '@app/event-store';
import { Actor, ApiErrorResponses, ApiRecorded, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { VoucherViewDto } from '../promotion/dto/promotion-responses.dto';
import { ExchangeVoucherDto, ReleaseTokenWagerDto, WagerTokenDto } from '../promotion/dto/promotion.dto';
import { GetCoupAtTableQuery, GetPromotionQuery, GetVoucherQuery, RunVoucherCommand } from '../promotion/promotion.commands';
import type { CoupAtTable } from './voucher-command.types';
import type { PromotionState } from '../promotion/promotion.events';
import type { VoucherCommand } from './voucher.decider';
import type { VoucherEvent, VoucherState } from './voucher.events';
import { voucherView } from './voucher.view';


/**
 * At the table (Star 1.1 'Casino Promotional Token'): "The dealer shall exchange the voucher, subject to any
 * conditions specified on the voucher for the equivalent value in promotional tokens". A token wager is recorded
 * here first; the dealer then places it on the tables service under the wager id this returns, which is how its
 * settlement comes back to the voucher.
 */
@ApiTags('promotional vouchers')
@ApiErrorResponses()
@Controller('promotional-vouchers')
export class VoucherController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  private async run(voucherId: string, command: VoucherCommand, meta: CommandMetadata) {
    const outcome = await this.commands.execute<RunVoucherCommand, CommandOutcome<VoucherEvent, VoucherState>>(new RunVoucherCommand(voucherId, command, meta));
    return { ...voucherView(outcome.state, outcome.version), events: outcome.events, duplicate: outcome.duplicate };
  }

  @ApiOkResponse({ type: VoucherViewDto, description: 'The voucher: conditions, exchange, tokens in hand and every token wager with its settlement' })
  @Get(':voucherId')
  @Authorize({ anyOf: ['dealer', 'regulator'] })
  @ApiOperation({ summary: 'A voucher: conditions, exchange, every token wager and its settlement' })
  async get(@Param('voucherId') voucherId: string, @CurrentActor() actor: Actor) {
    // The Star's vouchers carry patron ids: a regulator reads them only with NSW in their token.
    if (actor.role === 'regulator' && !actor.jurisdictions.includes('NSW')) throw forbidden('VOUCHER_OUT_OF_JURISDICTION', 'These vouchers are NSW records: your token does not give read access to NSW.');
    const { state, version } = await this.queries.execute<GetVoucherQuery, { state: VoucherState; version: number }>(new GetVoucherQuery(voucherId));
    if (!state.exists) throw notFound('VOUCHER_NOT_FOUND', `No promotional voucher ${voucherId}.`);
    return voucherView(state, version);
  }

  @ApiRecorded(VoucherViewDto, 'Exchanged: the tokens now in hand, with the events recorded')
  @Post(':voucherId/exchange')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: "Exchange the voucher for tokens of its value at a table (1.1); used twice, expired or at the wrong table is refused" })
  async exchange(@Param('voucherId') voucherId: string, @Body() b: ExchangeVoucherDto, @CommandMeta() meta: CommandMetadata) {
    // The promotion's status, from its own stream: a cancelled promotion's vouchers buy no tokens (Star 16.11).
    const voucher = await this.queries.execute<GetVoucherQuery, { state: VoucherState }>(new GetVoucherQuery(voucherId));
    const promotion = voucher.state.exists ? await this.queries.execute<GetPromotionQuery, { state: PromotionState }>(new GetPromotionQuery(voucher.state.promotionId)) : null;
    return this.run(voucherId, { type: 'ExchangeVoucher', tableId: b.tableId, box: b.box, patronId: b.patronId ?? null, promotionStatus: promotion?.state.status, now: meta.now }, meta);
  }

  @ApiRecorded(VoucherViewDto, 'The token wager recorded: place it on the tables service under its wagerId (in the events)')
  @Post(':voucherId/wagers')
  @Authorize('dealer')
  @ApiOperation({ summary: 'Wager tokens: returns the wagerId to place the wager under on the tables service' })
  wager(@Param('voucherId') voucherId: string, @Body() b: WagerTokenDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(voucherId, { type: 'WagerToken', tableId: b.tableId, coupId: b.coupId, box: b.box, bet: b.bet, amountCents: b.amountCents, now: meta.now }, meta);
  }

  @ApiRecorded(VoucherViewDto, 'Released: the tokens back in hand, with the events recorded')
  @Post(':voucherId/wagers/:wagerId/release')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({
    summary:
      "Release a token wager the table never took (its coup never started at the table, ended or was voided without it, or the table closed): its tokens go back to the player (Star 1.1); refused 409 TOKEN_WAGER_COUP_IN_PLAY while the tables service says its coup is in play (the table can still take it), and one the table took, settled or flagged as played unmarked is not released",
  })
  async release(@Param('voucherId') voucherId: string, @Param('wagerId') wagerId: string, @Body() b: ReleaseTokenWagerDto, @CommandMeta() meta: CommandMetadata) {
    // Star 1.1: the tokens are staked once. What the tables service published of the wager's coup decides whether the
    // table can still take it (the decider refuses then).
    const voucher = await this.queries.execute<GetVoucherQuery, { state: VoucherState }>(new GetVoucherQuery(voucherId));
    const w = voucher.state.wagers[wagerId];
    const coupAtTable = w ? await this.queries.execute<GetCoupAtTableQuery, CoupAtTable>(new GetCoupAtTableQuery(w.tableId, w.coupId)) : undefined;
    return this.run(voucherId, { type: 'ReleaseUnplayedTokenWager', wagerId, sourceEventId: null, reason: b.reason, coupAtTable, now: meta.now }, meta);
  }
}
