import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, notFound } from '@app/contracts';
import type { CommandContext, CommandOutcome, PostgresEventStore } from '@app/event-store';
import { PROMOTIONS_STORE } from '../promotions.tokens';
import { Actor, ApiErrorResponses, ApiRecorded, Authorize, CommandMeta, CommandMetadata, CurrentActor, HtmlPage, Public } from '@app/platform-kit';
import { randomBytes } from 'node:crypto';
import { drawPage } from '../draw/draw-page';
import { drawAuditRecord, drawRecord } from '../draw/draw-record';
import {
  AbandonRoundDto,
  PromotionAmendTermsDto,
  CommitDrawDto,
  CompromiseDto,
  ConductDrawDto,
  CreatePromotionDto,
  DenyClaimDto,
  GrantEntriesDto,
  InspectorNoticeDto,
  IssueVoucherDto,
  LodgeTermsDto,
  NotifyWinnerDto,
  PayPrizeDto,
  PrizeDto,
  PromotionReasonDto,
  ScrutineerCommitmentDto,
} from './dto/promotion.dto';
import { DrawAuditRecordDto, DrawRecordDto, PromotionViewDto, VoucherViewDto } from './dto/promotion-responses.dto';
import { GetPromotionQuery, ListPromotionsQuery, RunPromotionCommand, RunVoucherCommand } from './promotion.commands';
import type { PromotionCommand } from './promotion.decider';
import type { PromotionEvent, PromotionState } from './promotion.events';
import type { PromotionPrize } from '@app/contracts';
import { voucherView } from '../voucher/voucher.view';
import type { VoucherEvent, VoucherState } from '../voucher/voucher.events';

/** Reads: staff from Gaming Supervisor up, and the NSW regulator (the Star's Inspector, 1.1). */
const READERS = { anyOf: ['gaming-supervisor', 'regulator'] } as const;
/**
 * The scrutineer's contribution (Star 16.2, 16.7.10): recorded by the NSW Inspector (1.1 'Inspector', the regulator
 * role), the one party beside the operator's staff; no role of the operator's staff (dealer to Gaming Manager)
 * records it, whoever made the operator's commitment. The scrutineer checks it on the public draw page.
 */
const CONTRIBUTORS = 'regulator' as const;
const PROMOTION_JURISDICTION = 'NSW';

const assertMayRead = (actor: Actor): void => {
  if (actor.role === 'regulator' && !actor.jurisdictions.includes(PROMOTION_JURISDICTION)) {
    throw forbidden('PROMOTION_OUT_OF_JURISDICTION', `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} jurisdictions; these promotions are ${PROMOTION_JURISDICTION}.`);
  }
};

const ctx = (meta: CommandMetadata, reason?: string): CommandContext => ({ ...meta, ...(reason ? { reason } : {}) });

const prizesOf = (prizes: PrizeDto[]): PromotionPrize[] =>
  prizes.map((p) => ({
    prizeId: p.prizeId,
    kind: p.kind,
    description: p.description,
    valueCents: p.valueCents,
    details: p.details ?? {},
    contents: p.contents ?? [],
    liquorLitres: p.liquorLitres ?? 0,
    ...(p.liquorMillilitres !== undefined ? { liquorMillilitres: p.liquorMillilitres } : {}),
    cashAlternativeCents: p.cashAlternativeCents ?? null,
  }));

export const promotionView = (s: PromotionState, version: number) => ({
  promotionId: s.promotionId,
  name: s.name,
  rulebookId: s.rulebookId,
  status: s.status,
  schedule: s.schedule,
  terms: s.terms,
  termsVersion: s.termsVersion,
  prizes: s.prizes,
  entryRule: s.entryRule,
  entrantsMustBePresent: s.entrantsMustBePresent,
  tokenAfterCoup: s.tokenAfterCoup,
  scrutineerRequired: s.scrutineerRequired,
  termsLodgedInTime: s.lodgedInTime,
  resubmissionPending: s.resubmissionPending,
  entryCount: s.entries.length,
  /** Every draw round with its commitments and reveals (the public draw record's). */
  rounds: drawRecord(s).rounds,
  winners: s.winners,
  notifyWinnersBy: s.notifyWinnersBy,
  notified: s.notified,
  paid: s.paid,
  inspectorNoticeDue: s.inspectorNoticeDue,
  version,
});

/**
 * Promotional prizes (Star 16) and the issue of promotional vouchers (1.1). HTTP shell only: DTO → command →
 * CommandBus → the generic decider handler; the rules are in the deciders and the edition's policy. Roles: the
 * rules say "the casino operator"; it acts through its Gaming Manager (casino-manager) for terms, lodging,
 * compromise and vouchers, an Assistant Gaming Manager (area-manager) or above for draws, claims and payments,
 * a Gaming Supervisor or above for entries and winner notices.
 */
@ApiTags('promotions')
@ApiErrorResponses()
@Controller('promotions')
export class PromotionController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PROMOTIONS_STORE) private readonly store: PostgresEventStore,
  ) {}

  /** Whether a draw commitment was made before, for any promotion and in either role (its seed may be known). */
  private async commitmentUsedBefore(commitment: string): Promise<boolean> {
    return (await this.store.findEvents(['PromotionDrawOperatorCommitted', 'PromotionDrawScrutineerCommitted'], { commitment })).length > 0;
  }

  private async run(promotionId: string, command: PromotionCommand, context: CommandContext) {
    const outcome = await this.commands.execute<RunPromotionCommand, CommandOutcome<PromotionEvent, PromotionState>>(new RunPromotionCommand(promotionId, command, context));
    return { ...promotionView(outcome.state, outcome.version), events: outcome.events, duplicate: outcome.duplicate };
  }

  private async load(promotionId: string) {
    const { state, version } = await this.queries.execute<GetPromotionQuery, { state: PromotionState; version: number }>(new GetPromotionQuery(promotionId));
    if (!state.exists) throw notFound('PROMOTION_NOT_FOUND', `No promotion ${promotionId}.`);
    return { state, version };
  }

  // ---- reads ----------------------------------------------------------------------------------------

  @ApiOkResponse({ type: [PromotionViewDto], description: 'Every promotion as GET /promotions/{promotionId} shows it' })
  @Get()
  @Authorize(READERS)
  @ApiOperation({ summary: 'Every promotion' })
  async list(@CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const ids = await this.queries.execute<ListPromotionsQuery, string[]>(new ListPromotionsQuery());
    return Promise.all(
      ids.map(async (id) => {
        const { state, version } = await this.load(id);
        return promotionView(state, version);
      }),
    );
  }

  @ApiOkResponse({ type: PromotionViewDto, description: 'The promotion: terms, edition, lodging, entries count, draw rounds, winners, notices and payments' })
  @Get(':promotionId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'A promotion: terms, edition, lodging, entries count, commitment, winners, payments' })
  async get(@Param('promotionId') promotionId: string, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const { state, version } = await this.load(promotionId);
    return promotionView(state, version);
  }

  @ApiOkResponse({ type: DrawRecordDto, description: 'The public draw record: entrants as salted hashes, every round with its commitments and reveals, the winners' })
  @Get(':promotionId/draw')
  @Public()
  @ApiOperation({
    summary: 'The draw for anyone to verify (16.7.10 results published): entries, every round with its commitments and reveals, winners',
    description:
      'No patron ids: each entry and winner names its entrant, a salted hash of the patron id that is the same for every entry of one patron, so the draw re-runs from the revealed seeds and the published list (apps/promotions/DRAW.md). Full ids: GET /promotions/{promotionId}/draw/audit.',
  })
  async draw(@Param('promotionId') promotionId: string) {
    const { state } = await this.load(promotionId);
    return drawRecord(state);
  }

  @ApiOkResponse({ type: DrawAuditRecordDto, description: 'The draw record with patron ids and the salt' })
  @Get(':promotionId/draw/audit')
  @Authorize(READERS)
  @ApiOperation({ summary: 'The draw with patron ids and the salt that masks them on the public draw, for the casino and the NSW regulator to check one against the other' })
  async drawAudit(@Param('promotionId') promotionId: string, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const { state } = await this.load(promotionId);
    return drawAuditRecord(state);
  }

  @Get(':promotionId/draw/page')
  @HtmlPage()
  @ApiOperation({ summary: 'The draw page: entries, commitment and winners, verified in the browser' })
  async page(@Param('promotionId') promotionId: string) {
    const { state } = await this.load(promotionId);
    return drawPage(drawRecord(state));
  }

  // ---- terms (16.6, 16.7, 16.12) --------------------------------------------------------------------

  @ApiRecorded(PromotionViewDto, 'Created: the promotion with its terms, and the events recorded')
  @Post()
  @Authorize('casino-manager')
  @ApiOperation({ summary: 'Create a promotion with its full terms (16.7); the Star edition in force on its start date applies' })
  create(@Body() b: CreatePromotionDto, @CommandMeta() meta: CommandMetadata) {
    const rule = b.entryRule;
    return this.run(
      b.promotionId,
      {
        type: 'CreatePromotion',
        promotionId: b.promotionId,
        name: b.name,
        operator: b.operator ?? 'star-sydney',
        schedule: { startsAt: b.schedule.startsAt, entriesCloseAt: b.schedule.entriesCloseAt, drawAt: b.schedule.drawAt },
        terms: b.terms,
        prizes: prizesOf(b.prizes),
        entryRule: rule ? { tableIds: rule.tableIds ?? [], bets: rule.bets ?? [], minimumWagerCents: rule.minimumWagerCents ?? 0, turnoverPerEntryCents: rule.turnoverPerEntryCents } : null,
        entrantsMustBePresent: b.entrantsMustBePresent ?? false,
        onePrizePerPatron: b.onePrizePerPatron ?? true,
        tokenAfterCoup: b.tokenAfterCoup ?? 'forfeited',
        // The secret that masks patron ids on the public draw (a retried request keeps the first one: idempotent).
        entrantSalt: randomBytes(16).toString('hex'),
        ...(b.recordedAfterCommencement ? { recordedAfterCommencement: { evidence: b.recordedAfterCommencement.evidence, termsIssuedAt: b.recordedAfterCommencement.termsIssuedAt } } : {}),
        now: meta.now,
      },
      ctx(meta),
    );
  }

  @ApiRecorded(PromotionViewDto, 'The amended terms in force, with the events recorded (TermsAmended, and under Star 2024 after commencement a pending resubmission)')
  @Put(':promotionId/terms')
  @HttpCode(200)
  @Authorize('casino-manager')
  @ApiOperation({ summary: 'Amend the terms (after commencement under Star 2024: resubmit them, 16.12.1)' })
  amend(@Param('promotionId') promotionId: string, @Body() b: PromotionAmendTermsDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'AmendTerms', terms: b.terms, prizes: prizesOf(b.prizes), reason: b.reason, now: meta.now }, ctx(meta, b.reason));
  }

  @ApiRecorded(PromotionViewDto, 'The lodging recorded and whether it was in time (Star 2024 16.12)')
  @Post(':promotionId/terms/lodgements')
  @Authorize('casino-manager')
  @ApiOperation({ summary: 'Record the full terms provided to the regulator (Star 2024 16.12: 24 hours before commencement; 16.12.1 resubmission)' })
  lodge(@Param('promotionId') promotionId: string, @Body() b: LodgeTermsDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'LodgeTerms', lodgedAt: b.lodgedAt, now: meta.now }, ctx(meta));
  }

  // ---- entries and draws (16.2, 16.7, 16.11) ---------------------------------------------------------

  @ApiRecorded(PromotionViewDto, 'The entries granted, with the new entry count')
  @Post(':promotionId/entries')
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: 'Grant entries under a criterion of the terms (16.7.3)' })
  grant(@Param('promotionId') promotionId: string, @Body() b: GrantEntriesDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'GrantEntries', patronId: b.patronId, count: b.count, reason: b.reason, now: meta.now }, ctx(meta, b.reason));
  }

  @ApiRecorded(PromotionViewDto, "The operator's commitment recorded on a new draw round")
  @Post(':promotionId/draw/commitment')
  @Authorize('area-manager')
  @ApiOperation({
    summary: "16.7.1: the operator's commitment, sha256 of its own seed, before entries open; bound to the entry rules and the prizes in order",
    description: 'The operator keeps the seed (the service never holds one) and reveals it at the draw. After a postponement (16.11) the abandoned round is revealed first and the new one is paired with a fresh scrutineer commitment.',
  })
  async commit(@Param('promotionId') promotionId: string, @Body() b: CommitDrawDto, @CommandMeta() meta: CommandMetadata) {
    const drawId = `draw-${meta.commandId}`.slice(0, 64);
    return this.run(promotionId, { type: 'CommitDraw', drawId, commitment: b.commitment, committedBy: meta.actor.id, commitmentUsedBefore: await this.commitmentUsedBefore(b.commitment), now: meta.now }, ctx(meta));
  }

  @ApiRecorded(PromotionViewDto, "The scrutineer's commitment recorded on the pending round")
  @Post(':promotionId/draw/scrutineer-commitment')
  @Authorize(CONTRIBUTORS)
  @ApiOperation({
    summary: "16.7.10, 16.2: the scrutineer's (or inspector's) commitment, sha256 of their own seed, after the operator's and before entries close",
    description: "Recorded by the NSW inspector (regulator role) only: the operator's staff, dealer to Gaming Manager, are refused (403), and so is a token that holds an operator role beside the inspector's (SCRUTINEER_NOT_INDEPENDENT).",
  })
  async commitScrutineer(@Param('promotionId') promotionId: string, @Body() b: ScrutineerCommitmentDto, @CurrentActor() actor: Actor, @CommandMeta() meta: CommandMetadata) {
    assertMayRead(actor);
    return this.run(promotionId, { type: 'CommitScrutineerSeed', scrutineer: b.scrutineer, commitment: b.commitment, committedBy: meta.actor.id, recorderRoles: actor.roles, commitmentUsedBefore: await this.commitmentUsedBefore(b.commitment), now: meta.now }, ctx(meta));
  }

  @ApiRecorded(PromotionViewDto, 'The round abandoned, its seeds revealed on the public record')
  @Post(':promotionId/draw/abandonment')
  @Authorize('area-manager')
  @ApiOperation({ summary: '16.11: the pending round will not be drawn (postponed or cancelled, or before entries open): its seeds revealed, kept on the public record' })
  abandon(@Param('promotionId') promotionId: string, @Body() b: AbandonRoundDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'AbandonDrawRound', seed: b.seed ?? null, scrutineerSeed: b.scrutineerSeed ?? null, reason: b.reason, now: meta.now }, ctx(meta, b.reason));
  }

  @ApiRecorded(PromotionViewDto, 'Drawn: the revealed seeds, the winners in prize order, and the events recorded')
  @Post(':promotionId/draw')
  @Authorize('area-manager')
  @ApiOperation({ summary: "Conduct the draw: the operator's and the scrutineer's seeds revealed and checked, the winners drawn from both and the entry digest (16.2: the scrutineer oversees a prize over $10,000)" })
  conduct(@Param('promotionId') promotionId: string, @Body() b: ConductDrawDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'ConductDraw', seed: b.seed, scrutineerSeed: b.scrutineerSeed, scrutineer: b.scrutineer ?? null, now: meta.now }, ctx(meta));
  }

  @ApiRecorded(PromotionViewDto, 'The promotion postponed or cancelled, with when the inspector must be notified')
  @Post(':promotionId/compromise')
  @Authorize('casino-manager')
  @ApiOperation({ summary: '16.11: postpone or cancel a compromised promotion/draw (Star 2021: inspectorate notified immediately; 2024: within 48 hours)' })
  compromise(@Param('promotionId') promotionId: string, @Body() b: CompromiseDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'ReportCompromise', action: b.action, reason: b.reason, ...(b.decidedAt ? { decidedAt: b.decidedAt } : {}), inspectorNotifiedAt: b.inspectorNotifiedAt ?? null, now: meta.now }, ctx(meta, b.reason));
  }

  @ApiRecorded(PromotionViewDto, "The inspector's notice recorded")
  @Post(':promotionId/inspector-notices')
  @Authorize('casino-manager')
  @ApiOperation({ summary: '16.11: record when the inspector was notified' })
  notifyInspector(@Param('promotionId') promotionId: string, @Body() b: InspectorNoticeDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'NotifyInspector', notifiedAt: b.notifiedAt, now: meta.now }, ctx(meta));
  }

  @ApiRecorded(PromotionViewDto, 'The integrity validated: the promotion open again for a fresh commitment')
  @Post(':promotionId/validation')
  @HttpCode(200)
  @Authorize('casino-manager')
  @ApiOperation({ summary: '16.11: the integrity of a postponed promotion is validated; the draw is committed afresh' })
  validate(@Param('promotionId') promotionId: string, @Body() b: PromotionReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'ValidateIntegrity', reason: b.reason, now: meta.now }, ctx(meta, b.reason));
  }

  // ---- winners, claims, payments (16.3, 16.4, 16.8, 16.9) ---------------------------------------------

  @ApiRecorded(PromotionViewDto, "The winner's notice recorded")
  @Post(':promotionId/winners/:prizeId/notifications')
  @Authorize('gaming-supervisor')
  @ApiOperation({ summary: '16.8: the winner was notified (within 2 days of the draw when not present)' })
  notifyWinner(@Param('promotionId') promotionId: string, @Param('prizeId') prizeId: string, @Body() b: NotifyWinnerDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(promotionId, { type: 'NotifyWinner', prizeId, method: b.method, notifiedAt: b.notifiedAt, now: meta.now }, ctx(meta));
  }

  @ApiRecorded(PromotionViewDto, 'The denied claim recorded with its reasons')
  @Post(':promotionId/claims/denials')
  @Authorize('area-manager')
  @ApiOperation({ summary: '16.9: a claim refused with reasons; over $100 retained with name and address (16.9.1)' })
  deny(@Param('promotionId') promotionId: string, @Body() b: DenyClaimDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(
      promotionId,
      {
        type: 'DenyClaim',
        claimId: b.claimId,
        prizeId: b.prizeId ?? null,
        claimant: { name: b.claimant.name ?? null, address: b.claimant.address ?? null, patronId: b.claimant.patronId ?? null },
        reasons: b.reasons,
        valueCents: b.valueCents ?? null,
        now: meta.now,
      },
      ctx(meta),
    );
  }

  @ApiRecorded(PromotionViewDto, 'The payment recorded')
  @Post(':promotionId/prizes/:prizeId/payments')
  @Authorize('area-manager')
  @ApiOperation({ summary: '16.4 payment by edition (2021: cash allowed, winner chooses over $10,000; 2024: crossed cheque or EFT only); 16.3 cash alternative' })
  pay(@Param('promotionId') promotionId: string, @Param('prizeId') prizeId: string, @Body() b: PayPrizeDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(
      promotionId,
      { type: 'PayPrize', prizeId, form: b.form ?? 'prize', payments: (b.payments ?? []).map((p) => ({ method: p.method, amountCents: p.amountCents })), chosenByWinner: b.chosenByWinner ?? false, now: meta.now },
      ctx(meta),
    );
  }

  // ---- promotional vouchers (1.1) ---------------------------------------------------------------------

  @ApiRecorded(VoucherViewDto, 'The voucher issued: its value and conditions, with the events recorded')
  @Post(':promotionId/vouchers')
  @Authorize('casino-manager')
  @ApiOperation({ summary: "Issue a promotional voucher of a nominated value under the promotion (1.1 'Casino Promotional Token')" })
  async issue(@Param('promotionId') promotionId: string, @Body() b: IssueVoucherDto, @CommandMeta() meta: CommandMetadata) {
    const { state } = await this.load(promotionId);
    const outcome = await this.commands.execute<RunVoucherCommand, CommandOutcome<VoucherEvent, VoucherState>>(
      new RunVoucherCommand(
        b.voucherId,
        {
          type: 'IssueVoucher',
          voucherId: b.voucherId,
          promotionId,
          rulebookId: state.rulebookId,
          valueCents: b.valueCents,
          conditions: { tableIds: b.conditions.tableIds ?? [], bets: b.conditions.bets ?? [], expiresAt: b.conditions.expiresAt, patronId: b.conditions.patronId ?? null },
          tokenAfterCoup: state.tokenAfterCoup,
          promotionStatus: state.status,
          now: meta.now,
        },
        ctx(meta),
      ),
    );
    return { ...voucherView(outcome.state, outcome.version), events: outcome.events, duplicate: outcome.duplicate };
  }
}
