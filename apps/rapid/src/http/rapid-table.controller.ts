import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiExtraModels, ApiForbiddenResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandContext } from '@app/event-store';
import { Actor, ApiErrorResponses, ApiRecorded, ApiRefusal, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { RapidSgcOutcomeDto, RapidStationViewDto, RapidTableViewDto } from './rapid-responses.dto';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { requireOwnStation } from '../rapid-authority.decider';
import { wagersOnRound, type AccountView } from '../rapid-views';
import { GetAtsAccountQuery, GetRapidTableQuery, OpenRapidTableCommand, SgcCommand, TenderCommand, type SgcRequest } from '../rapid.cqrs';
import { idFrom, type UseCaseResult } from '../rapid-use-cases';
import { limitsByBet, refusalAsSent } from './rapid-limits';
import { inputRefusalAsBadRequest, type CheckedInput } from './input-refusal';
import { BetLimitsDto, ClaimDto, CorrectedOutcomeDto, RapidLimitsDto, ClaimResolutionDto, InvalidationDto, MalfunctionDto, NoteAcceptorDto, OpenRapidTableDto, OutcomeDto, FreezeReasonDto, StartRoundDto, TenderDto } from './rapid.dto';

const ctx = (meta: CommandMetadata, reason?: string): CommandContext => ({ ...meta, ...(reason ? { reason } : {}) });
const IDEMPOTENCY = ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Command id: a retry with the same key counts once' });
/** A round action on a round id the table never played (8.1): whoever asks, the Casino Supervisor too (13.9). */
const ROUND_NOT_FOUND = 'No such table (RAPID_TABLE_NOT_FOUND), or a round id the table never played (ROUND_NOT_FOUND, for any role, the Casino Supervisor acting on earlier rounds too, 13.9): the message names the round and the table, and where the table\'s rounds are listed by id and number';
const ROUND_NOT_FOUND_EXAMPLE = {
  statusCode: 404,
  error: 'Not Found',
  code: 'ROUND_NOT_FOUND',
  message: 'Table RB1 has played no round R-4O3 (it has played rounds 1-412; GET /rapid/tables/RB1 lists the ones the SGC holds with their ids (rounds 408 (R-408), 409 (R-409), 410 (R-410), 411 (R-411), 412 (R-412)), and GET /rapid/regulator/report?tableId=RB1 every round by its number): check the round id, and the round number the ATS or the SGC shows, and send the id of that round.',
};
const OUTCOME_INVALIDATED_EXAMPLE = {
  statusCode: 409,
  error: 'Conflict',
  code: 'OUTCOME_INVALIDATED',
  message: 'The outcome of round 412 (R-412) of table RB1 was invalidated at 2026-11-27T20:05:00.000Z (Rapid 13.3.2; Rapid 13.4) and every wager made for it refunded (Rapid 13.4): there is no outcome left to freeze the ATS chip accounts for and recalculate (Rapid 11.11), and nothing was recorded. The refunds are on each account (GET /rapid/accounts/{accountId}); a player who disputes the invalidation takes it to the Casino Supervisor.',
  clause: 'Rapid 13.4',
};
const result = (r: UseCaseResult) => ({ events: r.events, duplicate: r.duplicate, ...(r.account ? { account: { accountId: r.account.accountId, atsId: r.account.atsId, balanceCents: r.account.balanceCents, status: r.account.status } } : {}) });

/**
 * The SGC (Rapid 1.1 'SGC'): the dealer's console, and the ATS's note acceptor. HTTP shell only: DTO → CQRS
 * command → the use case running the generic decider handler. Roles as the rulebook names them: Dealer
 * (`dealer`), Game Supervisor (`gaming-supervisor`), Casino Supervisor (`area-manager`), the ATS (`ats`).
 */
@ApiTags('rapid baccarat: SGC')
@ApiErrorResponses()
// OpenRapidTableDto's limits refer to both of their shapes by $ref: the document must define them.
@ApiExtraModels(RapidLimitsDto, BetLimitsDto)
@Controller('rapid/tables')
export class RapidTableController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  private sgc(tableId: string, request: SgcRequest, meta: CommandMetadata, reason?: string) {
    return this.commands.execute(new SgcCommand(tableId, request, ctx(meta, reason))).then(result);
  }

  /**
   * Input the table refuses as incomplete or impossible (a malfunction's ATS or time, Rapid 11.14, 11.15; a claim's
   * round, 11.12) is a 400 naming the field as the request sent it, the rule and the clause.
   */
  private checkedSgc(tableId: string, request: SgcRequest, meta: CommandMetadata, reason: string, inputs: readonly CheckedInput[]) {
    return this.sgc(tableId, request, meta, reason).catch((refusal: unknown) => {
      throw inputRefusalAsBadRequest(refusal, inputs);
    });
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The table opened (RapidTableOpened, with its terms and stations)')
  @ApiRefusal({ statusCode: 422, error: 'Unprocessable Entity', code: 'LIMIT_MINIMUM_ABOVE_MAXIMUM', message: '"tie" minimum 60000 exceeds its maximum 50000.', clause: 'Rapid 5.1; 5.2 (each ATS is a location under s66)', field: 'limits.perBet[2].minimumCents' })
  @Post()
  @Authorize('area-manager')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Open a Rapid Baccarat table: bets and options (same option on every table, 10.1), limits (5.3), wagering period (8.1), up to 50 ATS (2.2)' })
  async open(@Body() b: OpenRapidTableDto, @CommandMeta() meta: CommandMetadata) {
    const command = {
      type: 'OpenRapidTable' as const,
      tableId: b.tableId,
      floorId: b.floorId ?? 'main',
      rulebookId: b.rulebookId ?? 'crown-melbourne-rapid',
      variant: b.variant,
      offeredBets: b.offeredBets.map((o) => ({ bet: o.bet, option: o.option })),
      limits: limitsByBet(b.limits),
      aggregateMinimumCents: b.aggregateMinimumCents ?? null,
      decks: b.decks,
      wageringPeriodSeconds: b.wageringPeriodSeconds ?? null,
      stations: b.stations.map((s) => ({ atsId: s.atsId, remote: s.remote, printer: s.printer })),
      actor: meta.actor,
      now: meta.now,
    };
    return this.commands.execute(new OpenRapidTableCommand(command, ctx(meta))).then(result, (refusal: unknown) => {
      throw refusalAsSent(refusal, b.limits);
    });
  }

  @ApiOkResponse({ type: RapidTableViewDto, description: 'The table: terms, stations, the round in progress with its countdown, recent rounds and claims' })
  @Get(':tableId')
  @Authorize({ anyOf: ['ats', 'dealer', 'regulator'] })
  @ApiOperation({ summary: 'The table: terms, stations, the current round with the countdown (8.2), recent rounds and claims; an ATS reads only its own table (2.2(a), 4.3)' })
  table(@Param('tableId') tableId: string, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetRapidTableQuery(tableId, new Date().toISOString(), actor));
  }

  @ApiOkResponse({ type: RapidStationViewDto, description: 'The ATS, the account it shows (its id, balance, status and the rounds it is frozen for) and the round in progress' })
  @Get(':tableId/ats/:atsId')
  @Authorize({ anyOf: ['ats', 'dealer'] })
  @ApiOperation({ summary: 'An ATS and the active account it displays, with its balance and status (6.1), for the ATS itself and the Dealer; an ATS reads only itself' })
  async station(@Param('tableId') tableId: string, @Param('atsId') atsId: string, @CurrentActor() actor: Actor) {
    const view = await this.queries.execute(new GetRapidTableQuery(tableId, new Date().toISOString(), actor));
    requireOwnStation(actor, atsId, atsPoliciesFor(rulebookById(view.terms!.rulebookId)).layout.ownStationClause);
    const station = view.stations.find((s) => s.atsId === atsId);
    // The wagers its account stands on the round (2.1, 4.2): the ATS draws them after a reload, and adds to them.
    const account: AccountView | null = station?.accountId ? await this.queries.execute(new GetAtsAccountQuery(station.accountId, actor)) : null;
    const wagers = account ? wagersOnRound(view.round, account.rounds.find((r) => r.roundId === view.round?.roundId)) : null;
    // What the ATS displays of the account (6.1): its balance and status, as GET /rapid/accounts/{accountId} gives them.
    const shown = account ? { balanceCents: account.balanceCents, status: account.status, frozenForRounds: account.frozenForRounds } : { balanceCents: null, status: null, frozenForRounds: [] };
    return { tableId, ...station, ...shown, round: view.round, wagers, serverNow: view.serverNow };
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'Credited: the account (opened if none) with its balance, and the events recorded')
  @Post(':tableId/ats/:atsId/buy-in')
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'The dealer accepts cash, vouchers, authorised tokens or chips and credits the ATS account, opening it if none (6.2, 6.3, 6.5.1); not at a remote ATS (6.2.1)' })
  buyIn(@Param('tableId') tableId: string, @Param('atsId') atsId: string, @Body() b: TenderDto, @CommandMeta() meta: CommandMetadata) {
    return this.commands.execute(new TenderCommand(tableId, atsId, b.tender, b.amountCents, ctx(meta))).then(result);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'Credited: the account (opened if none) with its balance, and the events recorded')
  @Post(':tableId/ats/:atsId/note-acceptor')
  @Authorize('ats')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Cash inserted in the ATS note acceptor is credited to its account, opening it if none (6.4, 6.5.2)' })
  noteAcceptor(@Param('tableId') tableId: string, @Param('atsId') atsId: string, @Body() b: NoteAcceptorDto, @CommandMeta() meta: CommandMetadata) {
    // The account decider refuses another ATS's note acceptor (Rapid 4.3, 6.1) before anything is appended.
    return this.commands.execute(new TenderCommand(tableId, atsId, 'note-acceptor', b.amountCents, ctx(meta))).then(result);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The round started: its wagering period and when it ends (8.1, 8.2)')
  @Post(':tableId/rounds')
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Start the next coup: the wagering period and its countdown begin (8.1, 8.2)' })
  start(@Param('tableId') tableId: string, @Body() b: StartRoundDto, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'StartRound', roundId: b.roundId ?? idFrom('R-', meta.commandId), actor: meta.actor, now: meta.now }, meta);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'Wagering closed (8.1(c)): the wagers shown at that instant stand')
  @Post(':tableId/rounds/:roundId/draw')
  @HttpCode(200)
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'The dealer draws cards: the wagering period ends at once (8.1(c)); nothing changes after (4.7)' })
  draw(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'CloseWagering', roundId, actor: meta.actor, now: meta.now }, meta);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The outcome entered and every account settled, with the events recorded')
  @Post(':tableId/rounds/:roundId/outcome')
  @HttpCode(200)
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Enter the outcome on the SGC; every ATS account is settled as shown at expiry (4.6, 4.8)' })
  outcome(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @Body() b: OutcomeDto, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'EnterOutcome', roundId, playerCards: b.playerCards, bankerCards: b.bankerCards, actor: meta.actor, now: meta.now }, meta);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'Every ATS chip account frozen for the round (11.11)')
  @Post(':tableId/rounds/:roundId/freeze')
  @ApiNotFoundResponse({ description: ROUND_NOT_FOUND, schema: { example: ROUND_NOT_FOUND_EXAMPLE } })
  @ApiConflictResponse({
    description: 'The round has no settled outcome to recalculate (ROUND_NOT_SETTLED), its outcome was invalidated and every wager refunded (OUTCOME_INVALIDATED, 13.4), the accounts are already frozen for it (ACCOUNTS_ALREADY_FROZEN), or a round the SGC no longer holds (its last 5) for a Dealer (ROUND_NO_LONGER_HELD: the Casino Supervisor, area-manager, acts on any earlier round, 13.9)',
    schema: { example: OUTCOME_INVALIDATED_EXAMPLE },
  })
  @HttpCode(200)
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'A wrong outcome was entered: freeze every ATS chip account (11.11)' })
  freeze(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @Body() b: FreezeReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'FreezeAccounts', roundId, reason: b.reason, actor: meta.actor, now: meta.now }, meta, b.reason);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The results recalculated and the accounts released (11.11)')
  @Post(':tableId/rounds/:roundId/corrected-outcome')
  @ApiNotFoundResponse({ description: ROUND_NOT_FOUND, schema: { example: ROUND_NOT_FOUND_EXAMPLE } })
  @HttpCode(200)
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Enter the actual outcome after the review: the results are recalculated and the accounts frozen for the round released; the outcome already entered, confirmed, releases them with nothing recalculated (11.11)' })
  correct(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @Body() b: CorrectedOutcomeDto, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'CorrectOutcome', roundId, playerCards: b.playerCards, bankerCards: b.bankerCards, accounts: [], actor: meta.actor, now: meta.now }, meta);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The malfunction recorded and dealt with: wagers voided or confirmed (11.14-11.16)')
  @Post(':tableId/rounds/:roundId/malfunctions')
  @ApiNotFoundResponse({ description: ROUND_NOT_FOUND, schema: { example: ROUND_NOT_FOUND_EXAMPLE } })
  @ApiRefusal({
    statusCode: 422,
    error: 'Unprocessable Entity',
    code: 'NO_ACCOUNT_OF_ATS_IN_ROUND',
    message:
      'ATS RB1-ATS07 had no account settled in round 412 (R-412) of table RB1 (no wager was recorded there, or its wagers were void and returned, which a later record does not reinstate), so there is no account whose wagers the records could confirm (Rapid 11.14(b)): check atsId (the round\'s accounts were at ATS RB1-ATS02, RB1-ATS05), or record the malfunction without confirmedWagers and refer the player\'s claim to the Casino Supervisor.',
    clause: 'Rapid 11.14(b)',
    field: 'atsId',
  })
  @ApiConflictResponse({
    description: 'The state does not allow it: wagers already void stay void, before or after the outcome (WAGERS_ALREADY_VOID, 11.14-11.16); a round whose outcome was invalidated, every wager refunded, has none left to void or confirm (OUTCOME_INVALIDATED, 13.4); a round the SGC no longer holds (its last 5) for a Dealer (ROUND_NO_LONGER_HELD: the Casino Supervisor, area-manager, acts on any earlier round, 13.9)',
    schema: {
      example: {
        statusCode: 409,
        error: 'Conflict',
        code: 'WAGERS_ALREADY_VOID',
        message: 'The wagers of ATS RB1-ATS07 in round 412 (R-412) were already void and returned (Rapid 11.14): a later record does not reinstate them; record it with confirmedFromRecords false, or leave it.',
        clause: 'Rapid 11.14',
      },
    },
  })
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'An ATS (11.14) or the game system (11.15) failed: wagers void before expiry; on or after it, confirmed from the records or void (11.16), also once the outcome is entered, when the settled accounts are adjusted' })
  malfunction(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @Body() b: MalfunctionDto, @CommandMeta() meta: CommandMetadata) {
    return this.checkedSgc(
      tableId,
      {
        type: 'ReportMalfunction',
        roundId,
        scope: b.scope,
        atsId: b.atsId ?? null,
        confirmedFromRecords: b.confirmedFromRecords ?? null,
        confirmedWagers: b.confirmedWagers?.map((w) => ({ bet: w.bet, amountCents: w.amountCents, ...(w.side ? { side: w.side } : {}) })) ?? null,
        // One spelling of the instant on the event, whatever offset the request wrote it with.
        occurredAt: new Date(b.occurredAt).toISOString(),
        description: b.description,
        actor: meta.actor,
        now: meta.now,
      },
      meta,
      b.description,
      [{ field: 'occurredAt' }, { field: 'atsId', codes: ['ATS_ID_REQUIRED', 'ATS_ID_NOT_FOR_GAME_SYSTEM'] }],
    );
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The outcome invalidated (RapidOutcomeInvalidated, citing the clause) and every wager for that result refunded: each account settled in the round recalculated as if its wagers were void (AtsSettlementRecalculated, cause invalidation: the stake returned, any credit taken back, never below zero, unrecoveredCents; owedToPlayerCents for an account paid out since, after setting off what that player kept of an earlier recovery the account could not make, setOff, Rapid 11.11); a game disrupted or affected by fraud before its outcome (13.3) is invalidated with outcome null and beforeOutcome true, every wager shown returned (AtsWagersReturned, reason outcome-invalidated) and the round takes no outcome (11.10, 13.3-13.4)')
  @Post(':tableId/rounds/:roundId/invalidation')
  @ApiNotFoundResponse({ description: ROUND_NOT_FOUND, schema: { example: ROUND_NOT_FOUND_EXAMPLE } })
  @ApiForbiddenResponse({
    description: 'The role the rule gives the power: 11.10 a Game Supervisor (or above), 13.3 a Casino Supervisor (ROLE_NOT_PERMITTED)',
    schema: { example: { statusCode: 403, error: 'Forbidden', code: 'ROLE_NOT_PERMITTED', message: 'Invalidating the outcome of a game on the ground "fire" is for the area-manager (or above) under Rapid 13.3.1; you act as gaming-supervisor.', clause: 'Rapid 13.3.1' } },
  })
  @ApiConflictResponse({
    description: 'No outcome to invalidate (NO_OUTCOME_TO_INVALIDATE: for an equipment failure (11.10) none entered, or the round void), already invalidated (OUTCOME_ALREADY_INVALIDATED), the accounts frozen for a review (ACCOUNTS_FROZEN_FOR_REVIEW, 11.11), or a round the table no longer holds for a Game Supervisor (ROUND_NO_LONGER_HELD: the Casino Supervisor acts on it, 13.9)',
    schema: { example: { statusCode: 409, error: 'Conflict', code: 'OUTCOME_ALREADY_INVALIDATED', message: 'The outcome of round 412 (R-412) was already invalidated (Rapid 11.10; Rapid 13.4) and its wagers refunded.', clause: 'Rapid 13.4' } },
  })
  @HttpCode(200)
  // A Game Supervisor (or above) reaches the table, which refuses a ground the rules give a Casino Supervisor, naming the clause (11.10, 13.3).
  @Authorize('gaming-supervisor')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'Invalidate the outcome of a game: a Game Supervisor (or above) for the malfunction of approved gaming equipment not covered by 11.14-11.15 (11.10); a Casino Supervisor for civil commotion, fire, riot, brawl, robbery, an Act of God (13.3.1) or fraud (13.3.2); every wager for that result is refunded (13.4)' })
  invalidate(@Param('tableId') tableId: string, @Param('roundId') roundId: string, @Body() b: InvalidationDto, @CommandMeta() meta: CommandMetadata) {
    return this.sgc(tableId, { type: 'InvalidateOutcome', roundId, ground: b.ground, reason: b.reason, actor: meta.actor, now: meta.now }, meta, b.reason);
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The claim recorded (11.12)')
  @Post(':tableId/claims')
  @ApiNotFoundResponse({ description: ROUND_NOT_FOUND, schema: { example: ROUND_NOT_FOUND_EXAMPLE } })
  @ApiConflictResponse({
    description: 'A round the SGC no longer holds (its last 5), for a Dealer or an ATS: ROUND_NO_LONGER_HELD names the limit, the role that can act and the routes; 11.12 sets no time limit, so the Casino Supervisor (an area-manager token) records and resolves a claim about any earlier round, and freezes, corrects or deals with a malfunction of it (13.9). A claim that an incorrect outcome was entered, or that the game system malfunctioned, in a round whose outcome was invalidated, every wager refunded: OUTCOME_INVALIDATED (13.4)',
    schema: {
      example: {
        statusCode: 409,
        error: 'Conflict',
        code: 'ROUND_NO_LONGER_HELD',
        message: 'Table RB1 holds only its last 5 rounds (rounds 408-412) at the SGC for claims (Rapid 11.12), corrections (Rapid 11.11) and malfunctions; round 403 (R-403) is not one of them. The Casino Supervisor (role area-manager, Rapid 13.9) acts on an earlier round from the records, with the same routes and an area-manager token: POST /rapid/tables/RB1/claims, /rapid/tables/RB1/claims/{claimId}/resolution, /rapid/tables/RB1/rounds/R-403/freeze, /rapid/tables/RB1/rounds/R-403/corrected-outcome, /rapid/tables/RB1/rounds/R-403/malfunctions or /rapid/tables/RB1/rounds/R-403/invalidation.',
        clause: 'Rapid 11.12',
      },
    },
  })
  @Authorize({ anyOf: ['ats', 'dealer'] })
  @IDEMPOTENCY
  @ApiOperation({ summary: 'A player claims a wrong outcome (naming its round: 400 naming roundId without it) or a malfunction (11.12)' })
  claim(@Param('tableId') tableId: string, @Body() b: ClaimDto, @CommandMeta() meta: CommandMetadata) {
    return this.checkedSgc(
      tableId,
      { type: 'RecordClaim', claimId: b.claimId ?? idFrom('C-', meta.commandId), atsId: b.atsId, roundId: b.roundId ?? null, kind: b.kind, description: b.description, actor: meta.actor, now: meta.now },
      meta,
      b.description,
      [{ field: 'roundId', codes: ['ROUND_ID_REQUIRED'] }],
    );
  }

  @ApiRecorded(RapidSgcOutcomeDto, 'The claim resolved with the action taken (11.12); an upheld claim of an incorrect outcome names the freeze of every ATS chip account for the round (RapidClaimResolved.freeze, RapidAccountsFrozen, 11.11), or, the round\'s outcome already corrected or confirmed on review with the accounts released (before the claim or after it), names that review (RapidClaimResolved.correction) and freezes and moves nothing; a round whose outcome was invalidated since the claim (every wager refunded, 13.4) freezes nothing either')
  @Post(':tableId/claims/:claimId/resolution')
  @HttpCode(200)
  @Authorize('dealer')
  @IDEMPOTENCY
  @ApiOperation({ summary: 'The dealer resolves a claim with the action taken (11.12); upholding a claim that an incorrect outcome was entered freezes every ATS chip account for the round until the actual outcome is entered (11.11), as the freeze route does, unless that outcome was already entered (the accounts released: nothing is frozen again); an upheld malfunction claim may deal with the malfunction, adjusting the account (11.14(b), 11.16)' })
  resolve(@Param('tableId') tableId: string, @Param('claimId') claimId: string, @Body() b: ClaimResolutionDto, @CommandMeta() meta: CommandMetadata) {
    const malfunction = b.malfunction
      ? {
          confirmedFromRecords: b.malfunction.confirmedFromRecords,
          confirmedWagers: b.malfunction.confirmedWagers?.map((w) => ({ bet: w.bet, amountCents: w.amountCents, ...(w.side ? { side: w.side } : {}) })) ?? null,
          occurredAt: new Date(b.malfunction.occurredAt).toISOString(),
        }
      : null;
    return this.checkedSgc(tableId, { type: 'ResolveClaim', claimId, resolution: b.resolution, action: b.action, malfunction, actor: meta.actor, now: meta.now }, meta, b.action, [{ field: 'occurredAt', sentAs: 'malfunction.occurredAt' }]);
  }
}
