import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Authorize } from '@app/platform-kit';
import { REPORTING_QUERIES } from '../reporting.tokens';
import { ReportingQueries } from './reporting.queries';

class StatisticsQuery {
  @ApiPropertyOptional({ example: 'NSW' }) @IsOptional() @IsIn(['NSW', 'VIC']) jurisdiction?: string;
  @ApiPropertyOptional({ example: '2025-03-03' }) @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional({ example: 'night' }) @IsOptional() @IsString() @MaxLength(50) shift?: string;
}

class RegisterQuery {
  @ApiPropertyOptional({ example: 'NSW' }) @IsOptional() @IsIn(['NSW', 'VIC', 'UNKNOWN']) jurisdiction?: string;
  @ApiPropertyOptional({ example: '2025-03-03' }) @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional({ example: 'shoe-void' }) @IsOptional() @IsString() @MaxLength(50) category?: string;
}

class LedgerQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) shoeId?: string;
  @ApiPropertyOptional({ description: 'Only rows with commission still outstanding.' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  outstandingOnly?: boolean;
}

class ExceptionsQuery {
  @ApiPropertyOptional({ example: 'VIC' }) @IsOptional() @IsIn(['NSW', 'VIC']) jurisdiction?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(/^\d{4}-\d{2}-\d{2}$/) gamingDay?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) tableId?: string;
}

class RoadQuery {
  @ApiPropertyOptional({ description: 'Default: the table\'s current shoe.' }) @IsOptional() @IsString() @MaxLength(100) shoeId?: string;
}

/** Managers' query API over the read models (area-manager and above; regulators see reports only). */
@ApiTags('reporting read models')
@Controller('reporting')
@Authorize('area-manager')
export class ReadModelsController {
  constructor(@Inject(REPORTING_QUERIES) private readonly queries: ReportingQueries) {}

  @Get('tables')
  @ApiOperation({ summary: 'Every table: jurisdiction, rulebook, status, current shoe, commission outstanding.' })
  tables() {
    return this.queries.tables();
  }

  @Get('tables/:tableId/road')
  @ApiOperation({ summary: 'Results road (Player/Banker/Tie history) of a shoe.' })
  road(@Param('tableId') tableId: string, @Query() q: RoadQuery) {
    return this.queries.road(tableId, q.shoeId);
  }

  @Get('statistics')
  @ApiOperation({ summary: 'Table statistics per table, gaming day and shift, with turnover and win/loss by bet type.' })
  statistics(@Query() q: StatisticsQuery) {
    return this.queries.statistics(q);
  }

  @Get('commission-ledger')
  @ApiOperation({ summary: 'Deferred commission per table, shoe, box and patron (Crown Melbourne 9.3.1).' })
  ledger(@Query() q: LedgerQuery) {
    return this.queries.ledger(q);
  }

  @Get('commission-ledger/movements')
  @ApiOperation({ summary: 'Each deferral, collection and waiver, with who and when.' })
  movements(@Query() q: LedgerQuery) {
    return this.queries.movements(q);
  }

  @Get('commission-ledger/exceptions')
  @ApiOperation({ summary: 'Shoes started with commission outstanding (Crown Melbourne 9.3.1(a)).' })
  exceptions(@Query() q: ExceptionsQuery) {
    return this.queries.exceptions(q);
  }

  @Get('compliance-register')
  @ApiOperation({ summary: 'Irregularities, voids, dummy coups, limit changes, closures, overrides, corrections and adjustments.' })
  register(@Query() q: RegisterQuery) {
    return this.queries.register(q);
  }

  @Get('dashboard')
  @ApiOperation({ summary: 'Data of the manager dashboard page.' })
  dashboard() {
    return this.queries.dashboard();
  }
}
