import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { notFound, type TableLimits, type WagersSettled } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { ApiErrorResponses, ApiJson, ApiRefusal, Authorize, CommandMeta, CommandMetadata } from '@app/platform-kit';
import { payoutOf, TableCommandResponseDto } from './dto/table-responses.dto';
import { GetTable, RunTableCommand } from '../tables.use-cases';
import {
  BurnDto,
  ChangeGameDto,
  ChangeWagerDto,
  ChangeLimitsDto,
  CorrectPaymentDto,
  CutShoeDto,
  DealCardDto,
  DealCardsDto,
  DealThreeCardRoundDto,
  DeclareMisdealDto,
  DeclineSideWagerDto,
  EndShoeDto,
  IndividualLimitDto,
  IrregularityDto,
  LimitsDto,
  OpenTableDto,
  OverDifferentialArrangementDto,
  PlayerLimitsDto,
  PlaceWagersDto,
  TableReasonDto,
  ThreeCardRoundNoticedAfterLookDto,
  RequiredReasonDto,
  SeatPlayerDto,
  SettleCommissionDto,
  StartCoupDto,
  StartShoeDto,
  VoidCoupDto,
  VoidWagerDto,
} from './dto/table.dto';
import { offeredOptionEdges } from '../rulebooks/rulebook-vocabulary';
import type { TableCommand } from './table.decider';
import type { TableState } from './table.events';

const READERS = { anyOf: ['dealer', 'regulator', 'administrator'] } as const;
/** The documented answer of a table command (what it recorded; payouts when it settled a coup). */
const Recorded = (status: 200 | 201 = 200) =>
  (status === 201 ? ApiCreatedResponse : ApiOkResponse)({ type: TableCommandResponseDto, description: 'Done: the events recorded (and, when a coup settled, what each player receives)' });
/** The "found face up in the shoe" flag under its new name or the old one. */
const foundFaceUp = (c: { foundFaceUpInShoe?: boolean; faceUp?: boolean }) => c.foundFaceUpInShoe ?? c.faceUp;

type Meta = CommandMetadata;
const base = (meta: Meta, reason?: string) => ({ actor: meta.actor, now: meta.now, ...(reason ? { reason } : {}) });
const ctx = (meta: Meta, reason?: string): CommandContext => ({ ...meta, ...(reason ? { reason } : {}) });
const limitsOf = (d: LimitsDto): TableLimits => ({
  perBet: Object.fromEntries(d.perBet.map((l) => [l.bet, { minimumCents: l.minimumCents, maximumCents: l.maximumCents }])),
  ...(d.perBoxMaximumCents !== undefined ? { perBoxMaximumCents: d.perBoxMaximumCents } : {}),
  ...(d.tableDifferentialCents !== undefined ? { tableDifferentialCents: d.tableDifferentialCents } : {}),
});

/** What a reader sees of a table: configuration, seats, shoe, coup in progress and commission owed. */
export const tableView = (s: TableState, version: number) => ({
  tableId: s.tableId,
  status: s.status,
  version,
  rulebookId: s.rulebookId,
  jurisdiction: s.jurisdiction,
  variant: s.variant,
  // Each option's exact house edge at the table's decks and whether it favours the player, as GET /rulebooks says it
  // (the rules owner's ruling: player-favourable options are shown wherever the platform shows house edges).
  offeredBets: s.offeredBets.map((b) => ({ ...b, ...offeredOptionEdges(b.bet, b.option, s.decks) })),
  decks: s.decks,
  limits: s.limits,
  minimumChipCents: s.minimumChipCents,
  dealingMethod: s.dealingMethod,
  jackpotIds: s.jackpotIds,
  // In tournament mode the table takes tournament chips only, from its seated tournament players (Crown Melbourne 14.2.5).
  tournamentId: s.tournamentId ?? null,
  // The tournament session playing here and the boxes it seated: only they wager (Crown Melbourne 14.2.5; Star 15.5.2).
  tournamentSession: s.tournamentSession ?? null,
  boxes: s.boxes,
  closing: s.closing,
  pendingLimits: s.pendingLimits,
  pendingGame: s.pendingGame,
  seats: s.seats,
  shoe: s.shoe,
  coup: s.coup,
  commissionOwed: s.commissionOwed,
  pendingMultiCoupWagers: s.pendingMultiCoup.map((p) => p.wager),
});

/**
 * The admin API of the tables service: dealer console, electronic shoe and supervisors. HTTP shell only: a DTO
 * becomes a command with the actor, `now` and ids, the generic handler runs the decider. The route's
 * @Authorize is the lowest role any rulebook lets do the thing; the decider then applies the rulebook in force
 * at that table (e.g. Crown 6.7 area manager vs Star 6.7 casino supervisor for limits). The Idempotency-Key
 * header is the command id: a retried card is not a second card.
 */
@ApiTags('tables')
@ApiErrorResponses()
@Controller('tables')
export class TableController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  private async run(tableId: string, command: TableCommand, context: CommandContext) {
    const outcome = await this.commandBus.execute(new RunTableCommand(tableId, command, context));
    const settled = outcome.events.filter((e): e is typeof e & WagersSettled => e.type === 'WagersSettled');
    return {
      tableId,
      version: outcome.version,
      duplicate: outcome.duplicate,
      events: outcome.events,
      ...(settled.length ? { payouts: settled.flatMap((e) => e.settlements.map(payoutOf)) } : {}),
    };
  }

  @Get(':tableId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'The table as it stands' })
  @ApiJson("Configuration (rulebook, variant, offered bets each with its option's exact house edge at the table's decks and playerFavourable as GET /rulebooks gives them, and a bet with one edge per side keyed by side in houseEdgesBySide; limits, jackpots, the tournament it is in tournament mode for or null), seats, shoe, the coup in progress and commission owed", {
    tableId: 'MB-101', status: 'open', version: 12, rulebookId: 'crown-melbourne-v29', jurisdiction: 'VIC', variant: 'traditional', decks: 8,
    offeredBets: [
      { bet: 'banker', option: 'traditional', houseEdges: [{ decks: 8, houseEdgePercent: 1.0579, playerFavourable: false }], playerFavourable: false },
      {
        bet: 'shield', option: 'standard', playerFavourable: false,
        houseEdges: [{ decks: 8, side: 'player', houseEdgePercent: 9.6567, playerFavourable: false, note: 'given that Shield is offered' }, { decks: 8, side: 'banker', houseEdgePercent: 9.832, playerFavourable: false, note: 'given that Shield is offered' }],
        houseEdgesBySide: { player: { houseEdgePercent: 9.6567, playerFavourable: false, note: 'given that Shield is offered' }, banker: { houseEdgePercent: 9.832, playerFavourable: false, note: 'given that Shield is offered' } },
      },
    ],
    limits: { perBet: { banker: { minimumCents: 2500, maximumCents: 500000 } } }, minimumChipCents: 500, dealingMethod: 'dealer-retains-shoe', jackpotIds: [], tournamentId: null, boxes: 7,
    closing: null, pendingLimits: null, pendingGame: null, seats: {}, shoe: null, coup: null, commissionOwed: {}, pendingMultiCoupWagers: [],
  })
  async get(@Param('tableId') tableId: string) {
    const { state, version } = await this.queryBus.execute(new GetTable(tableId));
    if (state.status === 'none') throw notFound('TABLE_NOT_FOUND', `No table ${tableId}.`);
    return tableView(state, version);
  }

  @Post()
  @Authorize('gaming-supervisor')
  @ApiOperation({
    summary: 'Open a table with its rulebook, variant, bets, decks, limits, dealing method and jackpots',
    description:
      'The vocabulary (rulebooks, variants, bets and options, dealing methods) is at GET /rulebooks. `jackpotIds` naming a jackpot that does not exist is accepted (201): the tables service does not call the jackpot service; the jackpot service flags it from the TableOpened event on its console (GET /jackpots) and in the compliance register. Where the rulebook makes a bet\'s pay-table option uniform across tables (Rapid 10.1), a table offering it with another option than an open table of the same rulebook is refused (422 OPTION_NOT_UNIFORM_ACROSS_TABLES naming the field and the other table).',
  })
  @Recorded(201)
  open(@Body() b: OpenTableDto, @CommandMeta() meta: Meta) {
    // The open tables it must agree with (Rapid 10.1) are read by the command's handler, under a lock shared by them.
    return this.run(b.tableId, { type: 'OpenTable', ...base(meta), ...b, limits: limitsOf(b.limits) }, ctx(meta));
  }

  @Post(':tableId/closing-notice')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Announce the closing (Crown 15.8 three coups; Star 14.9, Rapid 13.7 sign 20 minutes before)' })
  @Recorded()
  announceClosing(@Param('tableId') tableId: string, @Body() b: TableReasonDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'AnnounceTableClosing', ...base(meta, b.reason) }, ctx(meta, b.reason));
  }

  @Post(':tableId/close')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Close the table once the notice has run' })
  @Recorded()
  close(@Param('tableId') tableId: string, @Body() b: TableReasonDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'CloseTable', ...base(meta, b.reason) }, ctx(meta, b.reason));
  }

  @Post(':tableId/limits')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Change limits (Crown 6.7, Star 6.7: a raised minimum needs a 20-minute sign or, Star 6.7.1, grandfathering)' })
  @Recorded()
  changeLimits(@Param('tableId') tableId: string, @Body() b: ChangeLimitsDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ChangeLimits', ...base(meta, b.reason), next: limitsOf(b), grandfatherSeatedPlayers: b.grandfatherSeatedPlayers }, ctx(meta, b.reason));
  }

  @Post(':tableId/limits/apply')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Apply announced limits once the sign has been up 20 minutes' })
  @Recorded()
  applyLimits(@Param('tableId') tableId: string, @Body() b: TableReasonDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ApplyAnnouncedLimits', ...base(meta, b.reason) }, ctx(meta, b.reason));
  }

  @Post(':tableId/individual-limits')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Individual limits for a player, with a marker or sign (Crown 6.6, Star 6.8)' })
  @Recorded()
  individualLimit(@Param('tableId') tableId: string, @Body() b: IndividualLimitDto, @CommandMeta() meta: Meta) {
    return this.run(
      tableId,
      { type: 'SetIndividualLimit', ...base(meta, b.reason), box: b.box, maximumCents: b.maximumCents, ...(b.minimumCents !== undefined ? { minimumCents: b.minimumCents } : {}) },
      ctx(meta, b.reason),
    );
  }

  @Post(':tableId/over-differential-arrangements')
  @HttpCode(200)
  @Recorded()
  @Authorize('area-manager')
  @ApiOperation({ summary: 'A prior arrangement to wager over the table differential for the extra commission (Crown Melbourne 6.5)' })
  arrangeOverDifferential(@Param('tableId') tableId: string, @Body() b: OverDifferentialArrangementDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ArrangeOverDifferential', ...base(meta), box: b.box, maximumCents: b.maximumCents }, ctx(meta));
  }

  @Post(':tableId/player-limits')
  @HttpCode(200)
  @Recorded()
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Limit the players at the table or per dedicated box (Star 2024 5.9)' })
  limitPlayers(@Param('tableId') tableId: string, @Body() b: PlayerLimitsDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'LimitPlayers', ...base(meta), ...(b.perBox !== undefined ? { perBox: b.perBox } : {}), ...(b.atTable !== undefined ? { atTable: b.atTable } : {}) }, ctx(meta));
  }

  @Post(':tableId/game')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Change the game in play (Star 14.8: sign 20 minutes before; Rapid 10.1: the options of the other open tables)' })
  @Recorded()
  changeGame(@Param('tableId') tableId: string, @Body() b: ChangeGameDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ChangeGame', ...base(meta), variant: b.variant, offeredBets: b.offeredBets }, ctx(meta));
  }

  @Post(':tableId/game/apply')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Apply the announced change of game' })
  @Recorded()
  applyGame(@Param('tableId') tableId: string, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ApplyGameChange', ...base(meta) }, ctx(meta));
  }

  @Post(':tableId/seats')
  @Authorize('dealer')
  @ApiOperation({ summary: 'Seat a player at a box (a patron id for rated play)' })
  @Recorded(201)
  seat(@Param('tableId') tableId: string, @Body() b: SeatPlayerDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'SeatPlayer', ...base(meta), box: b.box, sessionId: b.sessionId ?? randomUUID(), patronId: b.patronId ?? null }, ctx(meta));
  }

  @Post(':tableId/seats/:box/leave')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'The player leaves; deferred commission is settled (Crown 9.3.1(a)(ii))' })
  @Recorded()
  leave(@Param('tableId') tableId: string, @Param('box', ParseIntPipe) box: number, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'LeaveSeat', ...base(meta), box }, ctx(meta));
  }

  @Post(':tableId/seats/:box/commission-deferral')
  @HttpCode(200)
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Approve deferred commission for a seated player (Crown 9.3.1: Crown Management)' })
  @Recorded()
  approveDeferral(@Param('tableId') tableId: string, @Param('box', ParseIntPipe) box: number, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ApproveCommissionDeferral', ...base(meta), box }, ctx(meta));
  }

  @Post(':tableId/commission/:box/settle')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'Settle deferred commission owed by a box (Crown 9.3.1(a)); waiving needs management' })
  @Recorded()
  settleCommission(@Param('tableId') tableId: string, @Param('box', ParseIntPipe) box: number, @Body() b: SettleCommissionDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'SettleCommission', ...base(meta), box, trigger: b.trigger, method: b.method }, ctx(meta));
  }

  @Post(':tableId/shoes')
  @Authorize('dealer')
  @ApiOperation({ summary: 'New cards or reshuffle: start a shoe with its commitment hash (refused with commission outstanding unless a manager overrides)' })
  @Recorded(201)
  startShoe(@Param('tableId') tableId: string, @Body() b: StartShoeDto, @CommandMeta() meta: Meta) {
    return this.run(
      tableId,
      { type: 'StartShoe', ...base(meta, b.reason), shoeId: b.shoeId ?? randomUUID(), cards: b.cards, commitmentHash: b.commitmentHash, overrideOutstandingCommission: b.overrideOutstandingCommission },
      ctx(meta, b.reason),
    );
  }

  @Post(':tableId/shoe/cut')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'The cut by the designated person and the cutting card placement (Crown 4.2, Star 4.3-4.6)' })
  @Recorded()
  cut(@Param('tableId') tableId: string, @Body() b: CutShoeDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'CutShoe', ...base(meta), ...b }, ctx(meta));
  }

  @Post(':tableId/shoe/burn')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'Burn: standard or face value (Crown 4.3.1, Star 4.7-4.8)' })
  @Recorded()
  burn(@Param('tableId') tableId: string, @Body() b: BurnDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'BurnCards', ...base(meta), method: b.method, exposedCard: b.exposedCard ?? null, count: b.count }, ctx(meta));
  }

  @Post(':tableId/shoe/cut-card')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'The cutting card is out: last coup (Crown 7.3.4, Star 4.9-4.10)' })
  @Recorded()
  cutCard(@Param('tableId') tableId: string, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ReportCutCard', ...base(meta) }, ctx(meta));
  }

  @Post(':tableId/shoe/end')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'End the shoe' })
  @Recorded()
  endShoe(@Param('tableId') tableId: string, @Body() b: EndShoeDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'EndShoe', ...base(meta), reason: b.reason }, ctx(meta));
  }

  @Post(':tableId/shoe/void')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Declare the shoe void: the sequence was revealed (Star 4.13)' })
  @Recorded()
  voidShoe(@Param('tableId') tableId: string, @Body() b: RequiredReasonDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DeclareShoeVoid', ...base(meta, b.reason) }, ctx(meta, b.reason));
  }

  @Post(':tableId/coups')
  @Authorize('dealer')
  @ApiOperation({ summary: 'Start a coup (a dummy / no-bet coup where the rulebook lets the actor direct one)' })
  @Recorded(201)
  startCoup(@Param('tableId') tableId: string, @Body() b: StartCoupDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'StartCoup', ...base(meta, b.reason), coupId: b.coupId ?? randomUUID(), dummy: b.dummy, allPlayersAgreed: b.allPlayersAgreed, noBetCoupNotice: b.noBetCoupNotice }, ctx(meta, b.reason));
  }

  @ApiRefusal({ statusCode: 422, error: 'Unprocessable Entity', code: 'BET_NOT_OFFERED', message: 'The table does not offer "super-6"; it offers player, banker, tie.', clause: 'Crown Melbourne 5.5', field: 'wagers[0].bet' })
  @Post(':tableId/coups/:coupId/wagers')
  @Authorize('dealer')
  @ApiOperation({ summary: 'Accept wagers until no more bets (and Insurance/No 6 or Shield in their mid-coup window)' })
  @Recorded(201)
  wagers(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: PlaceWagersDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'PlaceWagers', ...base(meta), coupId, wagers: b.wagers.map((w) => ({ ...w, wagerId: w.wagerId ?? randomUUID() })) }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/side-wager-declines')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: "An entitled player declines a betting area's Player or Banker Side Wager, which passes to the next players (Crown Melbourne 5.8.3-5.8.7)" })
  @Recorded()
  declineSideWager(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: DeclineSideWagerDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DeclineSideWager', ...base(meta), coupId, box: b.box, bet: b.bet, side: b.side, sessionId: b.sessionId }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/differential-reduction')
  @HttpCode(200)
  @Recorded()
  @Authorize('dealer')
  @ApiOperation({ summary: 'Reduce Player or Banker wagers pro rata to the table differential, before the first card (Crown Melbourne 6.4, Star 6.2)' })
  reduceToDifferential(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ReduceToDifferential', ...base(meta), coupId }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/no-more-bets')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: "No more bets. At a tournament table keeping an order of wagering it waits (up to 2.5 s) for the tournament's ruling on each wager's turn, then 409 TURN_RULING_PENDING (Star 15.9.3-15.9.4)" })
  @Recorded()
  noMoreBets(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'CloseBetting', ...base(meta), coupId }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/cards')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'A card from the shoe or dealer console; the Table of Play places it, completes and settles the coup' })
  @Recorded()
  card(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: DealCardDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DealCard', ...base(meta), coupId, card: b.card, hand: b.hand, faceUp: foundFaceUp(b) }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/cards/batch')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'Several cards in dealing order in one command (an electronic shoe reporting a coup)' })
  @Recorded()
  cards(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: DealCardsDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DealCards', ...base(meta), coupId, cards: b.cards.map((c) => ({ card: c.card, hand: c.hand, faceUp: foundFaceUp(c) })) }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/three-card-round')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'Three Card Baccarat: the round as dealt, three cards per wagering area and to the Dealer (Crown Melbourne 12.6)' })
  @Recorded()
  threeCardRound(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: DealThreeCardRoundDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DealThreeCardRound', ...base(meta), coupId, hands: b.hands, dealer: b.dealer }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/three-card-round/noticed-after-look')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({
    summary:
      'Three Card Baccarat: a wrong deal noticed after a player looked (Crown Melbourne 12.8.3 void areas or misdeal on the count, 12.8.4 misdeal paying Three Pictures, 12.8.6 burn), with the count and retractions',
  })
  @Recorded()
  threeCardRoundNoticedAfterLook(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: ThreeCardRoundNoticedAfterLookDto, @CommandMeta() meta: Meta) {
    return this.run(
      tableId,
      {
        type: 'DealThreeCardRound',
        ...base(meta),
        coupId,
        hands: b.hands,
        dealer: b.dealer,
        noticedAfterLook: { ...(b.countCorrect !== undefined ? { countCorrect: b.countCorrect } : {}), ...(b.retractedWagerIds ? { retractedWagerIds: b.retractedWagerIds } : {}) },
      },
      ctx(meta),
    );
  }

  @Post(':tableId/coups/:coupId/misdeal')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Three Card Baccarat misdeal: the coup is void and every wager returned (Crown Melbourne 12.8)' })
  @Recorded()
  misdeal(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: DeclareMisdealDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'DeclareMisdeal', ...base(meta), coupId, finding: b.finding }, ctx(meta));
  }

  @Post(':tableId/coups/:coupId/void')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Void a coup (Crown 15.3-15.5, Star 14.4-14.5): the role depends on the ground' })
  @Recorded()
  voidCoup(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Body() b: VoidCoupDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'VoidCoup', ...base(meta, b.reason), coupId, ground: b.ground }, ctx(meta, b.reason));
  }

  @Post(':tableId/coups/:coupId/wagers/:wagerId/change')
  @HttpCode(200)
  @Recorded()
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Retract or reduce a wager after no more bets, where the rulebook gives the option (Crown Melbourne 10.7(b), 10.9.1; Star 12.1.1, 12.12)' })
  changeWager(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Param('wagerId') wagerId: string, @Body() b: ChangeWagerDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'ChangeWager', ...base(meta), coupId, wagerId, toCents: b.toCents, ground: b.ground }, ctx(meta));
  }

  @Post(':tableId/wagers/:wagerId/void')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Void one wager and return it' })
  @Recorded()
  voidWager(@Param('tableId') tableId: string, @Param('wagerId') wagerId: string, @Body() b: VoidWagerDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'VoidWager', ...base(meta, b.reason), wagerId, ground: b.ground }, ctx(meta, b.reason));
  }

  @Post(':tableId/irregularities')
  @HttpCode(200)
  @Authorize('dealer')
  @ApiOperation({ summary: 'Record an irregularity handled as the rulebook says (Crown 10, Rapid 11, Star 12)' })
  @Recorded()
  irregularity(@Param('tableId') tableId: string, @Body() b: IrregularityDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'RecordIrregularity', ...base(meta, b.reason), kind: b.kind, card: b.card ?? null, malfunction: b.malfunction, returnedWagerIds: b.returnedWagerIds }, ctx(meta, b.reason));
  }

  @Post(':tableId/coups/:coupId/wagers/:wagerId/payment-corrections')
  @HttpCode(200)
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Rectify an over/underpayment found later (Star 2024 12.18-12.20)' })
  @Recorded()
  correct(@Param('tableId') tableId: string, @Param('coupId') coupId: string, @Param('wagerId') wagerId: string, @Body() b: CorrectPaymentDto, @CommandMeta() meta: Meta) {
    return this.run(tableId, { type: 'CorrectPayment', ...base(meta, b.reason), coupId, wagerId, kind: b.kind, amountCents: b.amountCents }, ctx(meta, b.reason));
  }
}
