import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { rulebookById } from '@app/baccarat';
import { forbidden, type TournamentTerms } from '@app/contracts';
import { Actor, ApiErrorResponses, ApiRecorded, ApiRefusal, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { PUBLISH_TERMS_EXAMPLE } from './dto/terms.example';
import { StandingsDto, TournamentViewDto } from './dto/tournament-responses.dto';
import type { TournamentCommand } from './tournament-command.types';
import { GetStandings, GetTournament, RunTournamentCommand } from './tournament.cqrs';
import {
  NoteAbsenceDto,
  AmendTermsDto,
  BriefingDto,
  BuyChipsDto,
  MarkerDto,
  DesignateTablesDto,
  DisqualifyDto,
  EndSessionDto,
  EnterDto,
  PassCardDto,
  PublishTermsDto,
  TournamentReasonDto,
  RefuseDto,
  StartSessionDto,
  SubstituteDto,
  UndisclosedWagerDto,
} from './dto/tournament.dto';

/** The rulebooks name one role for running a tournament: the Tournament Director (Crown Melbourne 14.2.3, Rapid 12.1.2) or Manager (Star 15.1.1). */
const DIRECTOR = 'tournament-director' as const;
export const READERS = { anyOf: ['tournament-director', 'gaming-supervisor', 'regulator'] } as const;
/** Star 15.8.2.1: the form passes to the Game Supervisor for recording. */
const SUPERVISOR_OR_DIRECTOR = { anyOf: ['tournament-director', 'gaming-supervisor'] } as const;
/** Star 15.7.1: the player places the pass card and the dealer collects it. */
const DEALER_OR_DIRECTOR = { anyOf: ['tournament-director', 'dealer'] } as const;

/** A command without who and when: the edge adds them. */
type CommandInput = TournamentCommand extends infer C ? (C extends TournamentCommand ? Omit<C, 'actor' | 'now'> : never) : never;

/** Plain data: class instances carry declared-but-absent optional fields as undefined. */
const plain = <T>(dto: object): T => JSON.parse(JSON.stringify(dto)) as T;

/** A regulator reads a tournament, and its standings, only in the jurisdictions its token names. */
export const readableBy = <T extends { rulebookId: string }>(actor: Actor, view: T): T => {
  const jurisdiction = rulebookById(view.rulebookId).jurisdiction;
  if (actor.role === 'regulator' && !actor.jurisdictions.includes(jurisdiction)) {
    throw forbidden('TOURNAMENT_OUT_OF_JURISDICTION', `Your token reads ${actor.jurisdictions.join(', ') || 'no'} jurisdictions; this tournament is ${jurisdiction}: ask its own regulator.`);
  }
  return view;
};

/**
 * The tournament admin API (Crown Melbourne 14, Rapid 12, Star 15). HTTP shell only: DTO → command → CommandBus →
 * the generic decider handler; the rules are in the decider.
 */
@ApiTags('tournaments')
@ApiErrorResponses()
@Controller('tournaments')
export class TournamentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private run(tournamentId: string, meta: CommandMetadata, command: CommandInput, reason?: string) {
    const full = { ...command, actor: meta.actor, now: meta.now } as TournamentCommand;
    return this.commands.execute(new RunTournamentCommand(tournamentId, full, { ...meta, ...(reason ? { reason } : {}) }));
  }

  // ---- reads ----------------------------------------------------------------------------------------

  @ApiOkResponse({ type: TournamentViewDto, description: 'The tournament: terms, entries, sessions, results and prizes' })
  @Get(':tournamentId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'A tournament: terms, entries, sessions, results and prizes (undisclosed wagers stay sealed)' })
  async get(@Param('tournamentId') tournamentId: string, @CurrentActor() actor: Actor) {
    return readableBy(actor, (await this.queries.execute(new GetTournament(tournamentId))) as { rulebookId: string });
  }

  @ApiOkResponse({ type: StandingsDto, description: 'The standings of the current session, table by table' })
  @Get(':tournamentId/standings')
  @Authorize(READERS)
  @ApiOperation({ summary: 'The standings: each table by chips (Star 15.5.8, 15.10.2); a regulator reads only its jurisdiction' })
  async standings(@Param('tournamentId') tournamentId: string, @CurrentActor() actor: Actor) {
    return readableBy(actor, (await this.queries.execute(new GetStandings(tournamentId))) as { rulebookId: string });
  }

  // ---- terms ----------------------------------------------------------------------------------------

  @ApiRecorded(TournamentViewDto, 'The terms published (TermsPublished; the regulator advised where the rulebook says so)')
  @ApiBody({ type: PublishTermsDto, examples: { complete: { summary: 'Complete terms: every item any rulebook requires', value: PUBLISH_TERMS_EXAMPLE } } })
  @ApiRefusal({ statusCode: 422, error: 'Unprocessable Entity', code: 'TERMS_INCOMPLETE', message: 'The terms and conditions must state: wagerLimits (Star 2024 15.4.2(d)).', clause: 'Star 2024 15.4.2(d)', field: 'terms' })
  @Post()
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Publish the terms and conditions; incomplete terms are refused with every missing item (Crown Melbourne 14.4, Rapid 12.2.1, Star 15.4.2); the regulator is advised (Crown Melbourne 14.2.2(b)); at Crown Melbourne terms published at or after the scheduled start are refused 422 TERMS_AFTER_TOURNAMENT_START (14.2.2); every rulebook refuses 422 a schedule that ends at or before it starts (SCHEDULE_ENDS_BEFORE_START) or has already ended (SCHEDULE_ALREADY_ENDED), naming terms.schedule.endsAt, and a start already past on a date another rulebook version was in force than the one in force now (RULEBOOK_VERSION_SUPERSEDED, terms.schedule.startsAt): the version is the one in force on the venue date of the start (Crown Melbourne 14.4.1(a)(i); Rapid 12.2.1(d); Star 15.4.2(e))' })
  publish(@Body() b: PublishTermsDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(b.tournamentId, meta, {
      type: 'PublishTerms',
      tournamentId: b.tournamentId,
      name: b.name,
      operator: b.operator,
      ...(b.game ? { game: b.game } : {}),
      terms: plain<TournamentTerms>(b.terms),
      regulatorApproval: b.regulatorApproval ? plain(b.regulatorApproval) : null,
    });
  }

  @ApiRecorded(TournamentViewDto, 'The amended terms in force, with the events recorded')
  @Put(':tournamentId/terms')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Amend the terms; the regulator is notified of the change (Crown Melbourne 14.4.1(c)); once a Crown Melbourne tournament has started its details (when, fees, players, location) are refused 409 TOURNAMENT_DETAILS_LOCKED (14.4.1(c)); items the rules protect during play are refused 422 TERMS_LOCKED_DURING_PLAY: the starting chips, the prize pool (added value, guarantee) and its distribution (Crown Melbourne 14.4.3(b), 14.4.7(a)-(b); Star 15.6.2, 15.4.2(j) with 15.3.1-15.3.3), the minimum and maximum wager (Star 15.6.15); a schedule amended to end at or before it starts, or to one already ended, is refused 422 as on publishing (SCHEDULE_ENDS_BEFORE_START, SCHEDULE_ALREADY_ENDED); approved Rapid conditions need a new written approval (Rapid 12.1.3); once an entry has been taken the entry fee is refused 422 TERMS_LOCKED_ONCE_ENTERED (Star 15.4.2(a), 15.3.2; Crown Melbourne 14.4.2(d); Rapid 12.2.1(a)); a start altered to an instant already come gives the players no notice and is refused 409 START_ALTERED_WITHOUT_NOTICE (Star 15.5.3; Crown Melbourne 14.4.1(b); Rapid 12.3.4)' })
  amend(@Param('tournamentId') id: string, @Body() b: AmendTermsDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'AmendTerms', terms: plain<TournamentTerms>(b.terms), reason: b.reason, regulatorApproval: b.regulatorApproval ? plain(b.regulatorApproval) : null }, b.reason);
  }

  @ApiRecorded(TournamentViewDto, 'The designated tables')
  @Post(':tournamentId/tables')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Designate the gaming tables, used for nothing else during the tournament (Crown Melbourne 14.2.4-14.2.5, Star 15.5.1-15.5.2)' })
  designate(@Param('tournamentId') id: string, @Body() b: DesignateTablesDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'DesignateTables', tableIds: b.tableIds });
  }

  @ApiRecorded(TournamentViewDto, 'Cancelled: the refunds of the entry fees recorded')
  @Post(':tournamentId/cancel')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Cancel the tournament; entry fees are refunded (Star 15.3.4)' })
  cancel(@Param('tournamentId') id: string, @Body() b: TournamentReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'CancelTournament', reason: b.reason }, b.reason);
  }

  // ---- entries --------------------------------------------------------------------------------------

  @ApiRecorded(TournamentViewDto, 'The entry accepted and its fee added to the prize pool')
  @Post(':tournamentId/entries')
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Accept an entry: eligibility, the maximum, the fee into the prize pool (Star 15.3.2, 15.4.2(h)-(i))' })
  enter(@Param('tournamentId') id: string, @Body() b: EnterDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'EnterTournament', entryId: b.entryId, patronId: b.patronId, entitledToGamble: b.entitledToGamble, employee: b.employee ?? false, feePaidCents: b.feePaidCents, ...(b.displayName ? { displayName: b.displayName.trim() } : {}) });
  }

  @ApiRecorded(TournamentViewDto, 'The refusal recorded')
  @Post(':tournamentId/entries/refusals')
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Refuse an application, where the terms reserve the right (Crown Melbourne 14.4.2(a)(iii), Star 15.4.2(h)(ii))' })
  refuse(@Param('tournamentId') id: string, @Body() b: RefuseDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'RefuseEntry', patronId: b.patronId, reason: b.reason }, b.reason);
  }

  @ApiRecorded(TournamentViewDto, 'Entries closed: whether the guarantee applies')
  @Post(':tournamentId/entries/close')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Close entries: the minimum number of players and the guarantee (Star 15.3.3)' })
  close(@Param('tournamentId') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'CloseEntries' });
  }

  @ApiRecorded(TournamentViewDto, 'The withdrawal and any refund recorded')
  @Post(':tournamentId/entries/:entryId/withdraw')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Withdraw an entry: refunded within the withdrawal period (Crown Melbourne 14.4.2(d), Star 15.4.2(i))' })
  withdraw(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'WithdrawEntry', entryId });
  }

  @ApiRecorded(TournamentViewDto, 'The substitute recorded on the entry')
  @Post(':tournamentId/entries/:entryId/substitute')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: "A substitute takes the entry, where the terms allow (Crown Melbourne 14.4.2(d), Rapid 12.3.3); the floor board shows the displayName given with it, else the entry id, never the previous player's name (Star 15.5.8)" })
  substitute(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @Body() b: SubstituteDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'SubstituteEntry', entryId, patronId: b.patronId, entitledToGamble: b.entitledToGamble, employee: b.employee ?? false, ...(b.displayName?.trim() ? { displayName: b.displayName.trim() } : {}) });
  }

  @ApiRecorded(TournamentViewDto, 'The absence (or return) recorded')
  @Post(':tournamentId/entries/:entryId/absence')
  @HttpCode(200)
  @Authorize(SUPERVISOR_OR_DIRECTOR)
  @ApiOperation({ summary: 'Note a player absent (the minimum is deducted each coup, Star 15.5.6.1) or back' })
  absence(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @Body() b: NoteAbsenceDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'NoteAbsence', entryId, absent: b.absent });
  }

  @ApiRecorded(TournamentViewDto, 'The disqualification and any refund recorded')
  @Post(':tournamentId/entries/:entryId/disqualify')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({
    summary: 'Disqualify a player; no refund unless the rules or terms allow (Star 15.5.6.2, 15.5.7)',
    description:
      "A player disqualified after progressing from a heat, before playing again, loses the place: the next eligible player of that heat's ranking at the same table who finished it in play stands in and may be seated in the next session; players tied for it play it off (the event's standIn says who, or the tie; the floor board shows the stand-in). The tables release the seat the disqualified player holds, during a session or after it, so the stand-in may be seated at the box (Star 15.5.7). Crown Melbourne 14.4.2(a)(v), 14.4.8(a)(ii); Star 15.5.7, 15.11.4, 15.10.3.",
  })
  disqualify(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @Body() b: DisqualifyDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'Disqualify', entryId, reason: b.reason, description: b.description, refundApproved: b.refundApproved ?? false }, b.description);
  }

  @ApiRecorded(TournamentViewDto, 'The retirement and its refund recorded')
  @Post(':tournamentId/entries/:entryId/retire')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({
    summary: 'Record a retirement; refunded as the terms say (Crown Melbourne 14.4.8(b)(vi))',
    description:
      'The player leaves the tournament: refunded as the terms give (refunds.retirementPercent) and placed nowhere. A place to progress the player held goes to the next place-getter, who stands in as for a disqualification (Crown Melbourne 14.4.8(a)(ii)); a play-off the retirement leaves determined is decided at once (TournamentPlayOffDecided), so the player left plays no coup alone. A retirement is from play: before play has begun (no session started) it is refused 409 TOURNAMENT_NOT_STARTED (Crown Melbourne 14.4.2(d)) and the player withdraws instead (POST .../withdraw, refunded in full within the withdrawal period), as a withdrawal once play has begun is refused and the player retires.',
  })
  retire(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'Retire', entryId });
  }

  @ApiRecorded(TournamentViewDto, 'The briefing recorded')
  @Post(':tournamentId/briefings')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Record that the players were briefed on the terms and understand them (Crown Melbourne 14.3.1, Rapid 12.2.3)' })
  brief(@Param('tournamentId') id: string, @Body() b: BriefingDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'RecordBriefing', entryIds: b.entryIds });
  }

  // ---- play -----------------------------------------------------------------------------------------

  @ApiRecorded(TournamentViewDto, 'The session started with its seating and chips')
  @Post(':tournamentId/sessions')
  @Authorize(DIRECTOR)
  @ApiOperation({
    summary: 'Start a heat, final or play-off: each player provides the buy-in for the same chips; one who cannot is eliminated (Star 15.6.2-15.6.3, 15.10.3)',
    description:
      "A tournament of one deciding session starts it as kind final before any heat, seating every player entered (PLAYER_NOT_SEATED otherwise); after heats, a final seats exactly those who progressed. A session no table took (each of its Rapid tables refused it, no coup scored: Rapid 12.3.2) is started again under the same sessionId once a table is free; any other session that exists or is in progress is refused 409 (SESSION_EXISTS, SESSION_IN_PROGRESS). A session is not started before the start the terms schedule (schedule.startsAt), refused 409 SESSION_BEFORE_SCHEDULED_START: the Tournament Director alters the starting time, on reasonable notice to the players, by amending the terms' schedule (Crown Melbourne 14.4.1(b); Rapid 12.3.4; Star 15.5.3); nor at or after the schedule's end (schedule.endsAt), refused 409 SESSION_AFTER_SCHEDULED_END: the rulebook version is the one in force on the date the schedule starts, so play happens within it; amend the schedule first, with notice, where the rules allow (Crown Melbourne 14.4.1(a)(i), 14.4.1(b); Rapid 12.2.1(d), 12.3.4; Star 15.4.2(e), 15.5.3).",
  })
  startSession(@Param('tournamentId') id: string, @Body() b: StartSessionDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'StartSession', sessionId: b.sessionId, kind: b.kind, seating: plain(b.seating), buyInNotProvided: b.buyInNotProvided ?? [] });
  }

  @ApiRecorded(TournamentViewDto, 'The session ended: chip counts, progression and any play-off')
  @Post(':tournamentId/sessions/:sessionId/end')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({
    summary: 'End a session: chip counts, progression and play-offs (Star 15.5.8-15.5.9, 15.10)',
    description:
      "Before the scheduled coups or time the terms fix (format.coupsPerSession, minutesPerSession), play at each table that has not finished its schedule is concluded only as the rules allow, else refused 409 EARLY_CONCLUSION_NOT_PERMITTED with the clause (judged on the coups heard from the tables: the request waits up to 2.5 s for a coup just settled, and the refusal carries retryLater: true, so a retry with the same Idempotency-Key decides again): the players to progress from the table are determined (no remaining play, at the terms' maximum wager and the table's best pay, can change who progresses), or, where the terms dispose of the chips in cash (chipsDisposedInCash), all its players in play agree (agreements: an absent player still in play must agree too; one who retired, was eliminated or disqualified is not in play, refused 422 AGREEMENT_NAMES_PLAYER_NOT_IN_PLAY). With a single player in play, every place is determined. Crown Melbourne 14.4.8(d)(i) or (ii) takes either; Star 15.5.5.1-15.5.5.2 and Rapid 12.3.5(a)-(b) need the players determined and, where the chips are disposed of in cash, their agreement too. The event records each table concluded early (concludedEarly).",
  })
  endSession(@Param('tournamentId') id: string, @Param('sessionId') sessionId: string, @Body() b: EndSessionDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'EndSession', sessionId, chipsNotReturned: b.chipsNotReturned ?? 0, ...(b.agreements ? { agreements: plain(b.agreements) } : {}) });
  }

  @ApiRecorded(TournamentViewDto, 'The pass card recorded')
  @Post(':tournamentId/coups/:coupId/pass-cards')
  @Authorize(DEALER_OR_DIRECTOR)
  @ApiOperation({ summary: "A pass card in lieu of a wager (Star 15.7.1); where the terms set an order of wagering it is the box's wager in turn: ahead of it refused 422 PASS_CARD_OUT_OF_SEQUENCE once the table's wagers placed before it have been heard (waits up to 2.5 s, 15.9.3-15.9.4)" })
  passCard(@Param('tournamentId') id: string, @Param('coupId') coupId: string, @Body() b: PassCardDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'PlayPassCard', tableId: b.tableId, coupId, entryId: b.entryId });
  }

  @ApiRecorded(TournamentViewDto, 'The undisclosed wager recorded; only its indicator shows (Star 15.8.2.5)')
  @Post(':tournamentId/coups/:coupId/undisclosed-wagers')
  @Authorize(SUPERVISOR_OR_DIRECTOR)
  @ApiOperation({ summary: 'Record an undisclosed wager form; only its indicator shows until no more bets (Star 15.8.2). Where the terms set an order of wagering, a form ahead of its turn is refused (422 WAGER_OUT_OF_SEQUENCE, Star 15.9.4) once the wagers the table took before it have been heard (it waits up to 2.5 s for them), and one altering a wager after its turn at once (422 WAGER_ALTERED_AFTER_TURN, 15.9.5), as chips out of sequence are removed' })
  undisclosed(@Param('tournamentId') id: string, @Param('coupId') coupId: string, @Body() b: UndisclosedWagerDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'RecordUndisclosedWager', tableId: b.tableId, coupId, entryId: b.entryId, form: { bet: b.bet ?? null, amount: b.amount ?? null } });
  }

  @ApiRecorded(TournamentViewDto, 'The marker recorded')
  @Post(':tournamentId/coups/:coupId/markers')
  @Authorize(DEALER_OR_DIRECTOR)
  @ApiOperation({
    summary: 'An All-In or Stand-Off marker placed before no more bets (Crown Melbourne 14.4.4(e)-(f))',
    description:
      "Once the table has called no more bets on the coup (its BettingClosed, which the first card calls, heard by the tournament), a marker is refused 409 MARKER_AFTER_NO_MORE_BETS naming the coup and the clause, at once: the table does not reopen betting, so it is no refusal to wait on. A marker on a coup not (or no longer) in play is refused COUP_NOT_OPEN.",
  })
  marker(@Param('tournamentId') id: string, @Param('coupId') coupId: string, @Body() b: MarkerDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'PlayMarker', tableId: b.tableId, coupId, entryId: b.entryId, marker: b.marker, bet: b.bet ?? null });
  }

  @ApiRecorded(TournamentViewDto, 'The chips sold and the price added to the pool')
  @Post(':tournamentId/entries/:entryId/chips')
  @Authorize(DIRECTOR)
  @ApiOperation({ summary: 'Sell tournament chips between coups: a buy-back, a re-buy or an add-on at the terms price (Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(g); Star 15.4.2(g), 15.6.5)' })
  buyChips(@Param('tournamentId') id: string, @Param('entryId') entryId: string, @Body() b: BuyChipsDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'BuyChips', entryId, kind: b.kind, feePaidCents: b.feePaidCents });
  }

  @ApiRecorded(TournamentViewDto, 'The winners declared and the prize pool distributed to the cent')
  @Post(':tournamentId/results')
  @HttpCode(200)
  @Authorize(DIRECTOR)
  @ApiOperation({
    summary: 'Declare the winners and distribute the prize pool to the cent (Crown Melbourne 14.4.6-14.4.7, Star 15.3.2)',
    description:
      "The final's ranking holds the prize places; a disqualified, retired or ineligible player's place goes to the next eligible player of it. Where the rules give the whole pool to the winners (Star 15.3.2) and no place can be filled, it is refused 409 NO_PRIZE_PLACE_FILLED: the director cancels the tournament with its refunds (Star 15.3.4) or the rules owner rules. Elsewhere an unfilled place is dealt with as the terms state.",
  })
  results(@Param('tournamentId') id: string, @CommandMeta() meta: CommandMetadata) {
    return this.run(id, meta, { type: 'DeclareResults' });
  }
}
