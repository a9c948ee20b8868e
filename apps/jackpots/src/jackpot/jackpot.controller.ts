import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, JACKPOT_LINK_ATTENTION_KINDS, JackpotParameters, notFound } from '@app/contracts';
import type { CommandContext } from '@app/event-store';
import { Actor, ApiErrorResponses, ApiJson, ApiRecorded, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { JackpotViewDto } from './dto/jackpot-responses.dto';
import { reconcileMeter } from '../reconciliation/meter-reconciliation';
import { GetJackpot, GetJackpotHistory, ListJackpots, RunJackpotCommand } from '../jackpots.use-cases';
import { AdjustMeterDto, BackfillDto, ChangeParametersDto, ConfirmHitDto, CreateJackpotDto, HistoryQueryDto, JackpotParametersDto, ReasonDto, RecordHitDto } from './dto/jackpot.dto';
import { JackpotCommand } from './jackpot.decider';
import { JackpotState } from './jackpot.events';
import type { PostgresEventStore } from '@app/event-store';
import { PG_POOL } from '@app/database';
import type { Pool } from 'pg';
import { JACKPOTS_STORE } from '../jackpots.tokens';
import { readKnownTables } from '../links/known-tables';
import { KnownTable, linkStatuses } from './jackpot-links.decider';

const READERS = { anyOf: ['jackpot-console', 'gaming-supervisor', 'regulator'] } as const;
const JACKPOT_VIEW = 'The jackpot: status, parameters, tables and their `links`, meter, hits and `attention` flags for the TG Area Manager';
/** The documented answer of a jackpot command. */
const Recorded = (status: 200 | 201 = 200) =>
  ApiRecorded(JackpotViewDto, `Done: ${JACKPOT_VIEW.slice(4)} after the command, with \`events\` it recorded and \`duplicate\` (true: a retried Idempotency-Key, nothing recorded again)`, status);
/**
 * A regulator reads only the jackpots of the jurisdictions their token names (as in apps/reporting): the jackpots
 * carry patron ids, so an NSW regulator must not read Victorian ones. A jackpot's jurisdiction is the one of the
 * rulebook it was created under (JackpotCreated); an id never created has none and is shown to staff only. Staff
 * roles are not bound.
 */
const mayRead = (actor: Actor, state: JackpotState): boolean =>
  actor.role !== 'regulator' || (state.jurisdiction !== null && actor.jurisdictions.includes(state.jurisdiction));
const assertMayRead = (actor: Actor, state: JackpotState, jackpotId: string): void => {
  if (mayRead(actor, state)) return;
  const scope = actor.jurisdictions.join(', ') || 'no';
  throw forbidden('JACKPOT_OUT_OF_JURISDICTION', `Your token gives read access to ${scope} jurisdictions; jackpot ${jackpotId} is ${state.jurisdiction ?? 'of no jurisdiction (never created)'}: ask a regulator of its jurisdiction.`);
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

const view = (state: JackpotState, version: number, knownTables: Readonly<Record<string, KnownTable>>, streamJackpotId = state.jackpotId) => {
  const links = linkStatuses(state.jackpotId || streamJackpotId, state.tableIds, knownTables);
  return {
    jackpotId: state.jackpotId || streamJackpotId,
    /** `not-created`: no such jackpot, only tables naming it (see `attention`: their coups contribute nothing). */
    status: state.exists ? ('active' as const) : ('not-created' as const),
    name: state.name,
    jurisdiction: state.jurisdiction,
    rulebookId: state.rulebookId,
    tableIds: state.tableIds,
    suspendedTables: state.suspended,
    parameters: state.parameters,
    meterCents: state.meterCents,
    version,
    hits: Object.values(state.hits),
    /**
     * Each table of the link as it stands now, from the tables' own TableOpened/TableClosed: `linked`,
     * `table-not-opened`, `table-closed`, `table-does-not-name-jackpot`, or a table playing for the jackpot that it
     * does not list (`table-not-in-jackpot`). Only `linked` tables contribute (Crown Melbourne 13.3.1(b), 13.4.1).
     */
    links,
    /**
     * What the TG Area Manager must look at: shortfalls, voids after a payout, coups of forgotten shoes, and
     * table-jackpot link problems (unknown-jackpot, table-not-in-jackpot, unknown-table, table-does-not-name-jackpot),
     * the latter `resolved` once the table is linked (e.g. the jackpot was created after the table opened).
     */
    attention: state.attention.map((a) => (JACKPOT_LINK_ATTENTION_KINDS.includes(a.kind) ? { ...a, resolved: links.some((l) => l.tableId === a.tableId && l.status === 'linked') } : a)),
  };
};

/**
 * The Jackpot Management Console API (Crown Melbourne 1.1, 13.4) and the dealer's handset (13.4.4).
 * HTTP shell only: DTO → command → the generic handler; the rules are in the decider.
 */
@ApiTags('jackpots')
@ApiErrorResponses()
@Controller('jackpots')
export class JackpotController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(JACKPOTS_STORE) private readonly store: PostgresEventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  private async run(jackpotId: string, command: JackpotCommand, context: CommandContext) {
    const outcome = await this.commandBus.execute(new RunJackpotCommand(jackpotId, command, context));
    return { ...view(outcome.state, outcome.version, await this.knownTables(), jackpotId), events: outcome.events, duplicate: outcome.duplicate };
  }

  /** The tables this service has seen open (TableOpened), to check a jackpot's tables against without a call. */
  private knownTables(): Promise<Record<string, KnownTable>> {
    return readKnownTables(this.pool, this.store.schema);
  }

  // ---- reads ----------------------------------------------------------------------------------------

  @Get()
  @Authorize(READERS)
  @ApiOperation({ summary: 'Every jackpot with its meter (13.3.2(c): readable at the time for settlement)', description: 'Also lists ids tables named that were never created (`status: not-created`), with their `attention` flags.' })
  @ApiOkResponse({ type: [JackpotViewDto], description: `Every jackpot. Each: ${JACKPOT_VIEW}` })
  async list(@CurrentActor() actor: Actor) {
    const jackpots = (await this.queryBus.execute(new ListJackpots())).filter(({ state }) => mayRead(actor, state));
    const known = await this.knownTables();
    return jackpots.map(({ jackpotId, state, version }) => view(state, version, known, jackpotId));
  }

  @Get(':jackpotId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'A jackpot: parameters, tables, meter, hits' })
  @ApiOkResponse({ type: JackpotViewDto, description: JACKPOT_VIEW })
  async get(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    const { state, version } = await this.queryBus.execute(new GetJackpot(jackpotId));
    if (!state.exists && state.attention.length === 0) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    assertMayRead(actor, state, jackpotId);
    return view(state, version, await this.knownTables(), jackpotId);
  }

  @Get(':jackpotId/meter/history')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Every meter movement with before/after, who and why' })
  @ApiJson('Meter movements in order: version, type, occurredAt, actor, reason, amount and meterBeforeCents/meterAfterCents', [{ version: 12, type: 'ContributionAdded', occurredAt: '2026-03-01T21:14:03.000Z', actor: { id: 'd-1', role: 'dealer' }, reason: null, amountCents: 100, meterBeforeCents: 1234400, meterAfterCents: 1234500 }])
  async history(@Param('jackpotId') jackpotId: string, @Query() q: HistoryQueryDto, @CurrentActor() actor: Actor) {
    assertMayRead(actor, (await this.queryBus.execute(new GetJackpot(jackpotId))).state, jackpotId);
    const events = await this.queryBus.execute(new GetJackpotHistory(jackpotId, q.afterVersion ?? 0));
    return events
      .filter((e) => typeof (e.data as Record<string, unknown>).meterAfterCents === 'number')
      .slice(0, q.limit ?? 200)
      .map((e) => ({ version: e.version, type: e.type, occurredAt: e.occurredAt, actor: e.metadata.actor, reason: e.metadata.reason ?? null, ...e.data }));
  }

  @Get(':jackpotId/hits/pending')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Hits awaiting confirmation, in the order the dealers recorded them (13.4.7(b))' })
  @ApiJson("Open hits: what the cards showed (`detected`), the dealer's record (`recorded`) and any `mismatch`", [{ hitId: 'h-1', tableId: 'MB-101', coupId: 'c-9', status: 'open', detected: { outcome: 'lucky-tie-7' }, recorded: { sequence: 1 }, mismatch: null }])
  async pending(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    const { state } = await this.queryBus.execute(new GetJackpot(jackpotId));
    if (!state.exists) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    assertMayRead(actor, state, jackpotId);
    return Object.values(state.hits)
      .filter((h) => h.status === 'open')
      .sort((a, b) => (a.recorded?.sequence ?? Number.MAX_SAFE_INTEGER) - (b.recorded?.sequence ?? Number.MAX_SAFE_INTEGER));
  }

  @Get(':jackpotId/reconciliation')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Meter reconciliation: seed + contributions - reversals + backfills - payouts + adjustments + reset funding = meter' })
  @ApiJson('The meter rebuilt from its events by kind (seed, contributions, reversals, backfills, payouts, adjustments, reset funding), the expected and actual meter, any breaks; balanced = true when every movement is accounted for', { jackpotId: 'lucky-tie-main', events: 57, seedCents: 1000000, contributionsCents: 234500, contributionCount: 2345, reversalsCents: 0, backfillsCents: 0, payoutsCents: 0, adjustmentsCents: 0, resetFundingCents: 0, expectedMeterCents: 1234500, meterCents: 1234500, balanced: true, breaks: [], stateMeterCents: 1234500 })
  async reconciliation(@Param('jackpotId') jackpotId: string, @CurrentActor() actor: Actor) {
    const { state } = await this.queryBus.execute(new GetJackpot(jackpotId));
    assertMayRead(actor, state, jackpotId);
    const events = await this.queryBus.execute(new GetJackpotHistory(jackpotId));
    if (events.length === 0) throw notFound('JACKPOT_NOT_FOUND', `No jackpot ${jackpotId}.`);
    const report = reconcileMeter(jackpotId, events);
    return { ...report, stateMeterCents: state.meterCents, balanced: report.balanced && state.meterCents === report.meterCents };
  }

  // ---- commands -------------------------------------------------------------------------------------

  @Post()
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({
    summary: 'Create a jackpot from parameters notified to the VGCCC (13.4.1(a))',
    description:
      'Tables that have not opened yet, or opened without this jackpot, are accepted (201: the services are decoupled, tables may open later): each is flagged in `attention` (unknown-table, table-does-not-name-jackpot) and shown in `links` until it is linked.',
  })
  @Recorded(201)
  async create(@Body() body: CreateJackpotDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(
      body.jackpotId,
      { type: 'CreateJackpot', jackpotId: body.jackpotId, name: body.name, tableIds: body.tableIds, parameters: parametersOf(body.parameters), notifiedToRegulatorAt: body.notifiedToRegulatorAt, knownTables: await this.knownTables(), now: meta.now },
      ctx(meta),
    );
  }

  @Put(':jackpotId/parameters')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({ summary: 'Change parameters (notified first, never mid-hit; recorded with who and why) (13.4.1(a))' })
  @Recorded()
  async change(@Param('jackpotId') jackpotId: string, @Body() body: ChangeParametersDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(
      jackpotId,
      { type: 'ChangeJackpotParameters', parameters: parametersOf(body.parameters), tableIds: body.tableIds, notifiedToRegulatorAt: body.notifiedToRegulatorAt, reason: body.reason, knownTables: await this.knownTables(), now: meta.now },
      ctx(meta, body.reason),
    );
  }

  @Post(':jackpotId/hits')
  @Authorize('dealer')
  @ApiOperation({ summary: "Dealer's handset: record the winning jackpot hand (13.4.4)" })
  @Recorded(201)
  recordHit(@Param('jackpotId') jackpotId: string, @Body() body: RecordHitDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'RecordLuckyTieHit', tableId: body.tableId, coupId: body.coupId, outcome: body.outcome, now: meta.now }, ctx(meta));
  }

  @Post(':jackpotId/hits/:hitId/confirm')
  @HttpCode(200)
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Confirm a payout: TG Area Manager (or above) on the console (13.4.5); divides and pays (13.4.6)' })
  @Recorded()
  confirm(@Param('jackpotId') jackpotId: string, @Param('hitId') hitId: string, @Body() body: ConfirmHitDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'ConfirmHit', hitId, acknowledgeMismatch: body.acknowledgeMismatch ?? false, reason: body.reason ?? null, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/hits/:hitId/dismiss')
  @HttpCode(200)
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Dismiss a recorded hit that cannot be paid (not a Lucky Tie on the cards)' })
  @Recorded()
  dismiss(@Param('jackpotId') jackpotId: string, @Param('hitId') hitId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'DismissHit', hitId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/adjustments')
  @Authorize({ anyOf: ['jackpot-console', 'casino-manager'] })
  @ApiOperation({ summary: "Manual adjustment to the prize pool, with a reason (1.1 'Jackpot Management Console')" })
  @Recorded(201)
  adjust(@Param('jackpotId') jackpotId: string, @Body() body: AdjustMeterDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'AdjustMeter', amountCents: body.amountCents, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/tables/:tableId/suspend')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'area-manager'] })
  @ApiOperation({ summary: 'Take a malfunctioning table off the jackpot until fixed (13.4.9(a))' })
  @Recorded()
  suspend(@Param('jackpotId') jackpotId: string, @Param('tableId') tableId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'SuspendTable', tableId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/tables/:tableId/resume')
  @HttpCode(200)
  @Authorize({ anyOf: ['jackpot-console', 'area-manager'] })
  @ApiOperation({ summary: 'Offer the jackpot on the table again once the malfunction is rectified (13.4.9(a))' })
  @Recorded()
  resume(@Param('jackpotId') jackpotId: string, @Param('tableId') tableId: string, @Body() body: ReasonDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'ResumeTable', tableId, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }

  @Post(':jackpotId/backfills')
  @Authorize('area-manager')
  @ApiOperation({ summary: 'Backfill the contributions of coups a faulty dealing shoe did not record: TG Area Manager (or above) (13.4.9(b))' })
  @Recorded(201)
  backfill(@Param('jackpotId') jackpotId: string, @Body() body: BackfillDto, @CommandMeta() meta: CommandMetadata) {
    return this.run(jackpotId, { type: 'BackfillContributions', tableId: body.tableId, shoeId: body.shoeId, coupCount: body.coupCount, coupIds: body.coupIds, reason: body.reason, now: meta.now }, ctx(meta, body.reason));
  }
}
