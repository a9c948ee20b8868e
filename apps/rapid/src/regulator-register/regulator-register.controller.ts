import { Controller, Get, Inject, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { Actor, ApiErrorResponses, Authorize, CurrentActor, ENTITY_ID, IsIsoTime } from '@app/platform-kit';
import { RapidRegulatorReportDto } from '../http/rapid-responses.dto';
import { GetRegulatorReportQuery } from './regulator-register.query';

export class RegulatorReportQueryDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ENTITY_ID) tableId?: string;
  @ApiPropertyOptional({ description: 'From this instant (inclusive)' }) @IsOptional() @IsIsoTime() from?: string;
  @ApiPropertyOptional({ description: 'Before this instant' }) @IsOptional() @IsIsoTime() to?: string;
}

@ApiTags('rapid baccarat: regulator')
@ApiErrorResponses()
@Controller('rapid/regulator')
export class RegulatorRegisterController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @ApiOkResponse({ type: RapidRegulatorReportDto, description: 'The register, every settled round, the totals and what is still owed to players' })
  @Get('report')
  @Authorize({ anyOf: ['regulator', 'area-manager'] })
  @ApiOperation({ summary: 'Register of wrong outcomes (11.11), malfunctions (11.14-11.16), claims (11.12), manual payments (6.7.2(b)) and every round\'s totals; VIC regulators and Casino Supervisors (or above)' })
  report(@QueryParams() q: RegulatorReportQueryDto, @CurrentActor() actor: Actor) {
    return this.queries.execute(new GetRegulatorReportQuery({ tableId: q.tableId, from: q.from, to: q.to }, { role: actor.role, jurisdictions: actor.jurisdictions }));
  }
}
