import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, JackpotParameters, notFound } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { Actor, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { reconcileMeter } from '../reconciliation/meter-reconciliation';
import { JACKPOTS_STORE } from '../jackpots.tokens';
import { AdjustMeterDto, BackfillDto, ChangeParametersDto, ConfirmHitDto, CreateJackpotDto, HistoryQueryDto, JackpotParametersDto, ReasonDto, RecordHitDto } from './dto/jackpot.dto';
import { JACKPOT_STREAM_TYPE, JackpotCommands } from './jackpot.commands';
import { JackpotCommand } from './jackpot.decider';
import { JackpotState } from './jackpot.events';
import type { PostgresEventStore } from '@app/event-store';
import { PG_POOL } from '@app/database';
import type { Pool } from 'pg';

const READERS = { anyOf: ['jackpot-console', 'gaming-supervisor', 'regulator'] } as const;
/** Every jackpot here is Crown Melbourne's (VIC, the JackpotCreated jurisdiction). */
const JACKPOT_JURISDICTION = 'VIC';
/**
 * A regulator reads only the records of the jurisdictions their token names (as in apps/reporting): the
 * jackpots carry patron ids, so an NSW regulator must not read Victorian ones. Staff roles are not bound.
 */
const assertMayRead = (actor: Actor): void => {
  if (actor.role === 'regulator' && !actor.jurisdictions.includes(JACKPOT_JURISDICTION)) {
    throw forbidden('JACKPOT_OUT_OF_JURISDICTION', `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} jurisdictions; these jackpots are ${JACKPOT_JURISDICTION} (VGCCC).`);
  }
};
/** The DTO as plain parameters (class instances carry declared-but-absent optional fields as undefined). */
const parametersOf = (p: JackpotParametersDto): JackpotParameters => ({
  seedCents: p.seedCents,
  contributionCents: p.contributionCents,
  option: p.option,
  percentOfMeter: Object.fromEntries(Object.entries(p.percentOfMeter).filter(([, v]) => v !== undefined)),
  division: p.division,
  roundingUnitCents: p.roundingUnitCents,
});
const ctx = (meta: CommandMetadata, reason?: string | null): CommandContext => ({ ...meta, ...(reason ? { reason } : {}) });

const view = (state: JackpotState, version: number) => ({
  jackpotId: state.jackpotId,
  name: state.name,
  jurisdiction: 'VIC',
  rulebookId: state.rulebookId,
  tableIds: state.tableIds,
  suspendedTables: state.suspended,
  parameters: state.parameters,
  meterCents: state.meterCents,
  version,
  hits: Object.values(state.hits),
  /** What the TG Area Manager must look at: shortfalls, voids after a payout, coups of forgotten shoes. */
  attention: state.attention,
});

/**
 * The Jackpot Management Console API (Crown Melbourne 1.1, 13.4) and the dealer's handset (13.4.4).
 * HTTP shell only: DTO → command → the generic handler; the rules are in the decider.
 */
@ApiTags('jackpots')
@Controller('jackpots')
export class JackpotController {
  private readonly commands: JackpotCommands;

  constructor(
    @Inject(JACKPOTS_STORE) private readonly store: PostgresEventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.commands = new JackpotCommands(store, pool);
  }

  private async run(jackpotId: string, command: JackpotCommand, context: CommandContext) {
    const outcome = await this.commands.handle(jackpotId, command, context);
    return { ...view(outcome.state, outcome.version), events: outcome.events, duplicate: outcome.duplicate };
  }

  // ---- reads ----------------------------------------------------------------------------------------

  @Get()
  @Authorize(READERS)
  @ApiOperation({ summary: 'Every jackpot with its meter (13.3.2(c): readable at the time for settlement)' })
  async list(@CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const { rows } = await this.pool.query<{ stream_id: string }>(`SELECT stream_id FROM ${this.store.schema}.streams WHERE stream_type = $1 ORDER BY stream_id`, [JACKPOT_STREAM_TYPE]);
    const jackpots = await Promise.all(rows.map((r) => this.commands.load(r.stream_id.replace(/^jackpot-/, ''))));
    return jackpots.map(({ state, version }) => view(state, version));
  }

  @Get(':jackpotId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'A jackpot: parameters, tables, meter, hits' })
  async get(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const { state, version } = await this.commands.load(jackpotId);
    if (!state.exists) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    return view(state, version);
  }

  @Get(':jackpotId/meter/history')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Every meter movement with before/after, who and why' })
  async history(@Param('jackpotId') jackpotId: string, @Query() q: HistoryQueryDto, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const events = await this.store.readStream(`jackpot-${jackpotId}`, q.afterVersion ?? 0);
    return events
      .filter((e) => typeof (e.data as Record<string, unknown>).meterAfterCents === 'number')
      .slice(0, q.limit ?? 200)
      .map((e) => ({ version: e.version, type: e.type, occurredAt: e.occurredAt, actor: e.metadata.actor, reason: e.metadata.reason ?? null, ...e.data }));
  }

  @Get(':jackpotId/hits/pending')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Hits awaiting confirmation, in the order the dealers recorded them (13.4.7(b))' })
  async pending(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const { state } = await this.commands.load(jackpotId);
    if (!state.exists) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    return Object.values(state.hits)
      .filter((h) => h.status === 'open')
      .sort((a, b) => (a.recorded?.sequence ?? Number.MAX_SAFE_INTEGER) - (b.recorded?.sequence ?? Number.MAX_SAFE_INTEGER));
  }

  @Get(':jackpotId/reconciliation')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Meter reconciliation: seed + contributions - reversals + backfills - payouts + adjustments + reset funding = meter' })
  @ApiOkResponse({ description: 'balanced = true when every movement is accounted for' })
  async reconciliation(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    assertMayRead(actor);
    const events = await this.store.readStream(`jackpot-${jackpotId}`);
    if (events.length === 0) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    const { state } = await this.commands.load(jackpotId);
    const report = reconcileMeter(jackpotId, events);
    return { ...report, stateMeterCents: state.meterCents, balanced: report.balanced && state.meterCents === report.meterCents };
  }

  // ---- commands -------------------------------------------------------------------------------------

  @Post()
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({ summary: 'Create a jackpot from parameters notified to the VGCCC (13.4.1(a))' })
  create(@Body() body: CreateJackpotDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(body.jackpotId, { type: 'CreateJackpot', jackpotId: body.jackpotId, name: body.name, tableIds: body.tableIds, parameters: parametersOf(body.parameters), notifiedToRegulatorAt: body.notifiedToRegulatorAt, now: meta.now }, ctx(meta));
  }

  @Put(':jackpotId/parameters')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({ summary: 'Change parameters (notified first, never mid-hit; recorded with who and why) (13.4.1(a))' })
  change(@Param('jackpotId') jackpotId: string, @Body() body: ChangeParametersDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(
      jackpotId,
      { type: 'ChangeJackpotParameters', parameters: parametersOf(body.parameters), tableIds: body.tableIds, notifiedToRegulatorAt: body.notifiedToRegulatorAt, reason: body.reason, now: meta.now },
      ctx(meta, body.reason),
    );
  }

  @Post(':jackpotId/hits')
  @Authorize('dealer')
  @ApiOperation({ summary: "Dealer's handset: record the winning jackpot hand (13.4.4)" })
  recordHit(@Param('jackpotId') jackpotId: string, @Body() body: RecordHitDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'RecordLuckyTieHit', tableId: body.tableId, coupId: body.coupId, outcome: body.outcome, now: meta.now }, ctx(meta));
  }

  @Post(':jackpotId/hits/:hitId/confirm')
  @HttpCode(200)
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Confirm a payout: TG Area Manager (or above) on the console (13.4.5); divides and pays (13.4.6)' })
  confirm(@Param('jackpotId') jackpotId: string, @Param('hitId') hitId: string, @Body() body: ConfirmHitDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'ConfirmHit', hitId, acknowledgeMismatch: body.acknowledgeMismatch ?? false, reason: body.reason ?? null, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/hits/:hitId/dismiss')
  @HttpCode(200)
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Dismiss a recorded hit that cannot be paid (not a Lucky Tie on the cards)' })
  dismiss(@Param('jackpotId') jackpotId: string, @Param('hitId') hitId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'DismissHit', hitId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/adjustments')
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({ summary: "Manual adjustment to the prize pool, with a reason (1.1 'Jackpot Management Console')" })
  adjust(@Param('jackpotId') jackpotId: string, @Body() body: AdjustMeterDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'AdjustMeter', amountCents: body.amountCents, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/tables/:tableId/suspend')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'area-manager'] })
  @ApiOperation({ summary: 'Take a malfunctioning table off the jackpot until fixed (13.4.9(a))' })
  suspend(@Param('jackpotId') jackpotId: string, @Param('tableId') tableId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'SuspendTable', tableId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/tables/:tableId/resume')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'area-manager'] })
  @ApiOperation({ summary: 'Offer the jackpot on the table again once the malfunction is rectified (13.4.9(a))' })
  resume(@Param('jackpotId') jackpotId: string, @Param('tableId') tableId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'ResumeTable', tableId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/backfills')
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Backfill the contributions of coups a faulty dealing shoe did not record: TG Area Manager (or above) (13.4.9(b))' })
  backfill(@Param('jackpotId') jackpotId: string, @Body() body: BackfillDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'BackfillContributions', tableId: body.tableId, shoeId: body.shoeId, coupCount: body.coupCount, coupIds: body.coupIds, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }
}
