import { Controller, Get, Inject, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { rulebookById } from '@app/baccarat';
import { Actor, ApiErrorResponses, assertMayReadReport, Authorize, CurrentActor, ENTITY_ID, IsIsoInstant } from '@app/platform-kit';
import { RAPID_RULEBOOK_VERSION } from '../rapid-use-cases';
import { RapidRegulatorReportDto } from './regulator-report.dto';
import { GetRegulatorReportQuery } from './regulator-register.query';

export class RegulatorReportQueryDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ENTITY_ID) tableId?: string;
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
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @ApiOkResponse({ type: RapidRegulatorReportDto, description: 'The register, every round played (settled or voided whole) by its number, the totals in money and what is still owed to players' })
  @Get('report')
  @Authorize({ anyOf: ['regulator', 'area-manager'] })
  @ApiOperation({ summary: 'Register of wrong outcomes (11.11), malfunctions (11.14-11.16), claims (11.12), manual payments (6.7.2(b)) and every round\'s totals; VIC regulators and Casino Supervisors (or above)' })
  report(@QueryParams() q: RegulatorReportQueryDto, @CurrentActor() actor: Actor) {
    // The register is the jurisdiction's (its totals span every Rapid table): staff read it only with a token naming
    // every casino of the jurisdiction, as a report of /reporting/reports (Rapid 1.1 'VCGR', 11.11-11.16).
    assertMayReadReport(actor, rulebookById(RAPID_RULEBOOK_VERSION).jurisdiction, 'the Rapid register');
    return this.queries.execute(new GetRegulatorReportQuery({ tableId: q.tableId, from: q.from, to: q.to }, { role: actor.role, jurisdictions: actor.jurisdictions }));
  }
}
