import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiErrorResponses, ApiRecorded, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { AtsAccountOutcomeDto, AtsAccountReconciliationDto, AtsAccountViewDto } from './rapid-responses.dto';
import { CashOutCommand, GetAccountReconciliationQuery, GetAtsAccountQuery, RecordManualPaymentCommand, ShowWagersCommand } from '../rapid.cqrs';
import type { UseCaseResult } from '../rapid-use-cases';
import { CashOutDto, ManualPaymentDto, ShowWagersDto } from './rapid.dto';

const IDEMPOTENCY = ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Command id: a retry with the same key counts once' });
const result = (r: UseCaseResult) => ({
  events: r.events,
  duplicate: r.duplicate,
  ...(r.account ? { balanceCents: r.account.balanceCents, status: r.account.status, frozenForRound: r.account.frozenForRounds[0] ?? null, frozenForRounds: r.account.frozenForRounds } : {}),
});

/**
 * The ATS chip account (Rapid 6): the ATS wagers from it and cashes it out; an ATS acts only on the account it
 * displays (4.3, 6.1), any other is refused with 403 FOREIGN_ACCOUNT.
 */
@ApiTags('rapid baccarat: ATS chip accounts')
@ApiErrorResponses()
@Controller('rapid/accounts')
export class AtsAccountController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @ApiOkResponse({ type: AtsAccountViewDto, description: 'The account: balance, status, wagers and results per round, cash-out' })
  @Get(':accountId')
  @Authorize({ anyOf: ['ats', 'dealer', 'regulator'] })
  @ApiOperation({ summary: 'Balance, wagers per round and status of an ATS chip account (6.1)' })
  get(@Param('accountId') accountId: string, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetAtsAccountQuery(accountId, actor));
  }

  @ApiOkResponse({ type: AtsAccountReconciliationDto, description: 'Every movement and whether the balance equals their sum, with what the player received and any manual payment still due (6.7.2(b))' })
  @Get(':accountId/reconciliation')
  @Authorize({ anyOf: ['ats', 'dealer', 'regulator'] })
  @ApiOperation({ summary: 'Every movement of the account: the balance equals their sum (Rapid 6)' })
  reconciliation(@Param('accountId') accountId: string, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetAccountReconciliationQuery(accountId, actor));
  }

  @ApiRecorded(AtsAccountOutcomeDto, 'The layout shown for the round, with the balance after it')
  @Put(':accountId/wagers')
  @HttpCode(200)
  @Authorize('ats')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'The ATS layout for the current round: place, change or withdraw within the wagering period (4.1-4.7); limits applied as the ATS shows them (5.3), on a tournament account the session minimum and maximum in chips (12.2.1(c), 12.2.2: below the minimum refused with 422); Pairs need a base wager (4.11.1)' })
  wagers(@Param('accountId') accountId: string, @Body() b: ShowWagersDto, @CommandMeta() meta: CommandMetadata) {
    const wagers = b.wagers.map((w) => ({ bet: w.bet, amountCents: w.amountCents, ...(w.side ? { side: w.side } : {}) }));
    return this.commands.execute(new ShowWagersCommand(accountId, wagers, { ...meta })).then(result);
  }

  @ApiRecorded(AtsAccountOutcomeDto, 'Cashed out: the payout asked for, the ticket printed or the account closed (6.7)')
  @Post(':accountId/cash-out')
  @HttpCode(200)
  @Authorize({ anyOf: ['ats', 'dealer'] })
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Leave the game (6.6.1, 6.7): at the ATS, ask for the payout in chips (the account stays open) or print a ticket at a remote ATS with a printer (6.7.2); the Dealer tenders the chips for the whole balance and closes the account (6.7.1), or pays what a recalculation left owed to a player who left (11.11 with 6.7); refused 409 ACCOUNT_FROZEN while a round of the table is under review (11.11)' })
  cashOut(@Param('accountId') accountId: string, @Body() b: CashOutDto, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new CashOutCommand(accountId, b.method, b.printerFault ?? false, { ...meta })).then(result);
  }

  @ApiRecorded(AtsAccountOutcomeDto, 'The manual payment recorded (6.7.2(b))')
  @Post(':accountId/manual-payment')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Record the manual payment made after a ticket printer fault (6.7.2(b)), or of what a recalculation left owed (11.11 with 6.7); refused 409 ACCOUNT_FROZEN while a round of the table is under review (11.11), until the review ends' })
  manualPayment(@Param('accountId') accountId: string, @Body() b: ManualPaymentDto, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new RecordManualPaymentCommand(accountId, b.reason, { ...meta, reason: b.reason })).then(result);
  }
}
