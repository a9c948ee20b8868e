import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

export class GenerateReportDto {
  @ApiProperty({ example: 'nsw-daily-summary' })
  @IsIn(['nsw-daily-summary', 'nsw-monthly-payment-corrections', 'vic-jackpot', 'table-statistics'])
  kind!: string;

  @ApiProperty({ example: 'NSW' })
  @IsIn(['NSW', 'VIC'])
  jurisdiction!: string;

  @ApiProperty({ example: '2025-03-03', description: 'Gaming day YYYY-MM-DD, or month YYYY-MM for monthly reports.' })
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  period!: string;
}

export class ListReportsQuery {
  @ApiPropertyOptional({ example: 'NSW' })
  @IsOptional()
  @IsIn(['NSW', 'VIC'])
  jurisdiction?: string;

  @ApiPropertyOptional({ example: 'nsw-daily-summary' })
  @IsOptional()
  @IsString()
  kind?: string;

  @ApiPropertyOptional({ example: '2025-03-01' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  from?: string;

  @ApiPropertyOptional({ example: '2025-03-31' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}(-\d{2})?$/)
  to?: string;
}
