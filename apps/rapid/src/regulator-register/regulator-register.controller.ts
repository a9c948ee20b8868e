import { Controller, Get, Inject, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { casinosOfJurisdiction, rulebookById } from '@app/baccarat';
import { notFound } from '@app/contracts';
import { Actor, ApiErrorResponses, assertMayReadReport, Authorize, CurrentActor, ENTITY_ID, IsIsoInstant } from '@app/platform-kit';
import { RAPID_RULEBOOK_VERSION, type RapidUseCases } from '../rapid-use-cases';
import { RAPID_USE_CASES } from '../rapid.tokens';
import { RapidRegulatorReportDto } from './regulator-report.dto';
import { GetRegulatorReportQuery } from './regulator-register.query';

export class RegulatorReportQueryDto {
  @ApiPropertyOptional({
    example: 'RB1',
    description: 'One table\'s register; left out, every Rapid table\'s. A table id the casino never opened is refused 404 RAPID_TABLE_NOT_FOUND naming the tables opened; a table opened with nothing in the period gives empty lists',
  })
  @IsOptional()
  @Matches(ENTITY_ID)
  tableId?: string;
  /**
   * The period is of instants, each with its offset from UTC: a time without one, or a date alone, is refused 400 naming
   * the field, never read as UTC (a casino day in Melbourne starts at 00:00+11:00 or +10:00, not 00:00Z). A malfunction
   * is placed by when it occurred (Rapid 11.14, 11.15), a round by when it was settled or voided whole.
   */
  @ApiPropertyOptional({
    example: '2026-11-26T00:00:00+11:00',
    description:
      "From this instant (inclusive): an ISO 8601 date-time with its offset from UTC or Z. A date alone or a time without an offset is refused (400): for the casino's day, give its start in the casino's time zone, e.g. 2026-11-26T00:00:00+11:00 in Melbourne in summer. A malfunction is placed by when it occurred, not when it was recorded (Rapid 11.14, 11.15); a round by when it was settled, or voided whole",
  })
  @IsOptional()
  @IsIsoInstant()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-27T00:00:00+11:00', description: 'Before this instant (exclusive): an ISO 8601 date-time with its offset from UTC or Z, as `from`; a date alone or a time without an offset is refused (400)' })
  @IsOptional()
  @IsIsoInstant()
  to?: string;
}

@ApiTags('rapid baccarat: regulator')
@ApiErrorResponses()
@Controller('rapid/regulator')
export class RegulatorRegisterController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(RAPID_USE_CASES) private readonly useCases: RapidUseCases,
  ) {}

  /**
   * A table id the casino never opened has no register: 404 naming it and the Rapid tables opened, not an empty report
   * that reads as a table with nothing to report. A table opened with nothing in the period has empty lists.
   */
  private async requireOpenedTable(tableId: string, jurisdiction: string): Promise<void> {
    const opened = await this.useCases.loadTable(tableId).then(
      () => true,
      (error: unknown) => {
        if ((error as { code?: unknown }).code === 'RAPID_TABLE_NOT_FOUND') return false;
        throw error;
      },
    );
    if (opened) return;
    const tables = await this.useCases.tableIdsOf(casinosOfJurisdiction(jurisdiction));
    throw notFound(
      'RAPID_TABLE_NOT_FOUND',
      `No Rapid Baccarat table ${tableId} was ever opened, so it has no register: check the table id (${tables.length > 0 ? `the Rapid tables opened are ${tables.join(', ')}` : 'no Rapid table has been opened yet'}), or leave tableId out for the register of every Rapid table, each row naming its table.`,
    );
  }

  @ApiOkResponse({ type: RapidRegulatorReportDto, description: 'The register, every round played (settled or voided whole) by its number, the totals in money and what is still owed to players' })
  @ApiNotFoundResponse({
    description: 'A tableId the casino never opened (RAPID_TABLE_NOT_FOUND): the message names it and the Rapid tables opened',
    schema: {
      example: {
        statusCode: 404,
        error: 'Not Found',
        code: 'RAPID_TABLE_NOT_FOUND',
        message: 'No Rapid Baccarat table RB9 was ever opened, so it has no register: check the table id (the Rapid tables opened are RB1, RB2), or leave tableId out for the register of every Rapid table, each row naming its table.',
      },
    },
  })
  @Get('report')
  @Authorize({ anyOf: ['regulator', 'area-manager'] })
  @ApiOperation({ summary: 'Register of wrong outcomes (11.11), malfunctions (11.14-11.16), claims (11.12), manual payments (6.7.2(b)) and every round\'s totals; VIC regulators and Casino Supervisors (or above)' })
  async report(@QueryParams() q: RegulatorReportQueryDto, @CurrentActor() actor: Actor) {
    // The register is the jurisdiction's (its totals span every Rapid table): staff read it only with a token naming
    // every casino of the jurisdiction, as a report of /reporting/reports (Rapid 1.1 'VCGR', 11.11-11.16).
    const { jurisdiction } = rulebookById(RAPID_RULEBOOK_VERSION);
    assertMayReadReport(actor, jurisdiction, 'the Rapid register');
    // The query refuses a regulator of another jurisdiction first: the tables opened are named only to those who may read them.
    const report = await this.queries.execute(new GetRegulatorReportQuery({ tableId: q.tableId, from: q.from, to: q.to }, { role: actor.role, jurisdictions: actor.jurisdictions }));
    if (q.tableId !== undefined) await this.requireOpenedTable(q.tableId, jurisdiction);
    return report;
  }
}
