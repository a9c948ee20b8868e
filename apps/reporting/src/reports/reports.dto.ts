import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { REPORT_DEFINITIONS } from './report-definitions';

/** Every report kind, as GET /reporting/reports/kinds lists them: the OpenAPI's enum and the validation alike. */
export const REPORT_KINDS: string[] = [...new Set(REPORT_DEFINITIONS.map((d) => d.kind))];

export class GenerateReportDto {
  @ApiProperty({ example: 'nsw-daily-summary', description: 'The report kind (GET /reporting/reports/kinds)', enum: REPORT_KINDS })
  @IsIn(REPORT_KINDS)
  kind!: string;

  @ApiProperty({ example: 'NSW', description: 'The jurisdiction whose tables the report covers' })
  @IsIn(['NSW', 'VIC'])
  jurisdiction!: string;

  @ApiProperty({ example: '2025-03-03', description: 'Gaming day YYYY-MM-DD, or month YYYY-MM for monthly reports.' })
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  period!: string;
}

export class ListReportsQuery {
  @ApiPropertyOptional({ example: 'NSW', description: 'Only this jurisdiction' })
  @IsOptional()
  @IsIn(['NSW', 'VIC'])
  jurisdiction?: string;

  @ApiPropertyOptional({ example: 'nsw-daily-summary', description: 'Only this kind' })
  @IsOptional()
  @IsString()
  kind?: string;

  @ApiPropertyOptional({ example: '2025-03-01', description: 'Periods from this gaming day or month' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  from?: string;

  @ApiPropertyOptional({ example: '2025-03-31', description: 'Periods up to this gaming day or month' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  to?: string;
}
