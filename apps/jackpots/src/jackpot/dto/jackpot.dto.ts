import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const ID = /^[A-Za-z0-9._:-]{1,64}$/;
const OUTCOMES = ['non-coloured-lucky-tie', 'coloured-lucky-tie', 'suited-lucky-tie', 'non-suited-lucky-tie', 'lucky-tie'] as const;

export class PercentOfMeterDto {
  @ApiPropertyOptional({ description: 'Option 1: 1-10 (Table 20)' }) @IsOptional() @IsInt() @Min(1) @Max(100) 'non-coloured-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Option 1: 5-20 (Table 20)' }) @IsOptional() @IsInt() @Min(1) @Max(100) 'coloured-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Options 1 and 2: 100 (Table 20)' }) @IsOptional() @IsInt() @Min(1) @Max(100) 'suited-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Option 2: 1-20 (Table 20)' }) @IsOptional() @IsInt() @Min(1) @Max(100) 'non-suited-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Option 3: 100 (Table 20)' }) @IsOptional() @IsInt() @Min(1) @Max(100) 'lucky-tie'?: number;
}

export class JackpotParametersDto {
  @ApiProperty({ description: 'Seed and reset amount in cents (Crown Melbourne 13.4.1)', example: 1_000_000 }) @IsInt() @Min(0) seedCents!: number;
  @ApiProperty({ description: 'Contribution per completed coup in cents (13.4.1, 13.4.2)', example: 100 }) @IsInt() @Min(1) @Max(1_000_000) contributionCents!: number;
  @ApiProperty({ enum: ['1', '2', '3'], description: 'Lucky Tie option of Table 20 (13.4.3)' }) @IsIn(['1', '2', '3']) option!: '1' | '2' | '3';
  @ApiProperty({ type: PercentOfMeterDto }) @ValidateNested() @Type(() => PercentOfMeterDto) percentOfMeter!: PercentOfMeterDto;
  @ApiProperty({ enum: ['equal', 'proportional'], description: 'Division among qualifying Tie wagers (13.4.6(a))' }) @IsIn(['equal', 'proportional']) division!: 'equal' | 'proportional';
  @ApiProperty({ description: 'Nearest payable amount the meter is rounded up to, in cents (13.4.7(a))', example: 100 }) @IsInt() @Min(1) @Max(100_000) roundingUnitCents!: number;
}

export class CreateJackpotDto {
  @ApiProperty({ example: 'pit3-lucky-tie' }) @Matches(ID) jackpotId!: string;
  @ApiProperty({ example: 'Pit 3 Lucky Tie' }) @IsString() @IsNotEmpty() @MaxLength(120) name!: string;
  @ApiProperty({ type: [String], description: 'One table or a group of tables (13.3.1(b))' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ArrayUnique() @Matches(ID, { each: true }) tableIds!: string[];
  @ApiProperty({ type: JackpotParametersDto }) @ValidateNested() @Type(() => JackpotParametersDto) parameters!: JackpotParametersDto;
  @ApiProperty({ description: 'When the parameters were notified to the VGCCC (13.4.1(a))' }) @IsISO8601({ strict: true }) notifiedToRegulatorAt!: string;
}

export class ChangeParametersDto {
  @ApiProperty({ type: JackpotParametersDto }) @ValidateNested() @Type(() => JackpotParametersDto) parameters!: JackpotParametersDto;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ArrayUnique() @Matches(ID, { each: true }) tableIds?: string[];
  @ApiProperty() @IsISO8601({ strict: true }) notifiedToRegulatorAt!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class RecordHitDto {
  @ApiProperty() @Matches(ID) tableId!: string;
  @ApiProperty() @Matches(ID) coupId!: string;
  @ApiProperty({ enum: OUTCOMES }) @IsIn(OUTCOMES) outcome!: (typeof OUTCOMES)[number];
}

export class ConfirmHitDto {
  @ApiPropertyOptional({ description: 'Pay on the cards although the handset disagreed (needs a reason)' }) @IsOptional() @IsBoolean() acknowledgeMismatch?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(500) reason?: string;
}

export class ReasonDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class AdjustMeterDto {
  @ApiProperty({ description: 'Cents to add (positive) or take (negative)', example: -2500 }) @IsInt() @Min(-100_000_000) @Max(100_000_000) amountCents!: number;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class BackfillDto {
  @ApiProperty() @Matches(ID) tableId!: string;
  @ApiProperty({ description: 'Coups not recorded during the dealing-shoe fault (13.4.9(b))' }) @IsInt() @Min(1) @Max(500) coupCount!: number;
  @ApiProperty({ description: 'The faulty shoe whose rounds were not recorded (13.4.9(b))' }) @Matches(ID) shoeId!: string;
  @ApiProperty({ type: [String], description: 'The rounds not recorded: one coup id per backfilled coup, so none ever contributes twice' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(500) @ArrayUnique() @Matches(ID, { each: true }) coupIds!: string[];
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class HistoryQueryDto {
  @ApiPropertyOptional({ description: 'Return events after this stream version' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) afterVersion?: number;
  @ApiPropertyOptional({ description: 'At most this many (default 200)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) limit?: number;
}
