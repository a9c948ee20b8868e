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
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ENTITY_ID, IsIsoInstant } from '@app/platform-kit';

const OUTCOMES = ['non-coloured-lucky-tie', 'coloured-lucky-tie', 'suited-lucky-tie', 'non-suited-lucky-tie', 'lucky-tie'] as const;

export class PercentOfMeterDto {
  @ApiPropertyOptional({ description: 'Non-Coloured Lucky Tie, % of the rounded meter paid. Option 1: 1-10 (Crown Melbourne 13.4.3 Table 20)', example: 10 }) @IsOptional() @IsInt() @Min(1) @Max(100) 'non-coloured-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Coloured Lucky Tie, % of the rounded meter paid. Option 1: 5-20 (Table 20)', example: 20 }) @IsOptional() @IsInt() @Min(1) @Max(100) 'coloured-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Suited Lucky Tie, % of the rounded meter paid. Options 1 and 2: 100 (Table 20)', example: 100 }) @IsOptional() @IsInt() @Min(1) @Max(100) 'suited-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Non-Suited Lucky Tie, % of the rounded meter paid. Option 2: 1-20 (Table 20)', example: 15 }) @IsOptional() @IsInt() @Min(1) @Max(100) 'non-suited-lucky-tie'?: number;
  @ApiPropertyOptional({ description: 'Lucky Tie, % of the rounded meter paid. Option 3: 100 (Table 20)', example: 100 }) @IsOptional() @IsInt() @Min(1) @Max(100) 'lucky-tie'?: number;
}

export class JackpotParametersDto {
  @ApiProperty({ description: 'Seed and reset amount in cents (Crown Melbourne 13.4.1)', example: 1_000_000 }) @IsInt() @Min(0) seedCents!: number;
  @ApiProperty({ description: 'Contribution per completed coup in cents (13.4.1, 13.4.2)', example: 100 }) @IsInt() @Min(1) @Max(1_000_000) contributionCents!: number;
  @ApiProperty({ enum: ['1', '2', '3'], description: 'Lucky Tie option of Table 20 (13.4.3): which outcomes pay (1: non-coloured/coloured/suited; 2: non-suited/suited; 3: any Lucky Tie)' }) @IsIn(['1', '2', '3']) option!: '1' | '2' | '3';
  @ApiProperty({ type: PercentOfMeterDto, description: "The share of the rounded meter each outcome of the option pays, in whole percent (give exactly the option's outcomes)" }) @ValidateNested() @Type(() => PercentOfMeterDto) percentOfMeter!: PercentOfMeterDto;
  @ApiProperty({ enum: ['equal', 'proportional'], description: 'Division among qualifying Tie wagers (13.4.6(a)): equally per wager, or in proportion to each Tie wager' }) @IsIn(['equal', 'proportional']) division!: 'equal' | 'proportional';
  @ApiProperty({ description: 'Nearest payable amount the meter is rounded up to, in cents (13.4.7(a))', example: 100 }) @IsInt() @Min(1) @Max(100_000) roundingUnitCents!: number;
}

export class CreateJackpotDto {
  @ApiProperty({ example: 'pit3-lucky-tie', description: 'The jackpot id you choose; tables name it in their jackpotIds' }) @Matches(ENTITY_ID) jackpotId!: string;
  @ApiProperty({ example: 'Pit 3 Lucky Tie', description: 'The name shown on the console and the display' }) @IsString() @IsNotEmpty() @MaxLength(120) name!: string;
  @ApiProperty({
    type: [String],
    example: ['MB-101', 'MB-102'],
    description:
      'One table or a group of tables (13.3.1(b)). Tables not opened yet are accepted (they may open later): each is flagged `unknown-table` in `attention` and shown `table-not-opened` in `links` until it opens naming this jackpot.',
  })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ArrayUnique() @Matches(ENTITY_ID, { each: true }) tableIds!: string[];
  @ApiProperty({ type: JackpotParametersDto, description: 'The jackpot parameters notified to the VGCCC' }) @ValidateNested() @Type(() => JackpotParametersDto) parameters!: JackpotParametersDto;
  @ApiProperty({ description: 'When the parameters were notified to the VGCCC (13.4.1(a)): not after now', example: '2026-11-01T09:00:00+11:00' }) @IsIsoInstant() notifiedToRegulatorAt!: string;
}

export class ChangeParametersDto {
  @ApiProperty({ type: JackpotParametersDto, description: 'The new parameters, as notified to the VGCCC' }) @ValidateNested() @Type(() => JackpotParametersDto) parameters!: JackpotParametersDto;
  @ApiPropertyOptional({ type: [String], example: ['MB-101', 'MB-102', 'MB-103'], description: 'The new group of tables (default: unchanged); a table taken off that still plays for the jackpot is flagged' }) @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ArrayUnique() @Matches(ENTITY_ID, { each: true }) tableIds?: string[];
  @ApiProperty({ description: 'When the change was notified to the VGCCC (13.4.1(a))', example: '2026-11-20T09:00:00+11:00' }) @IsIsoInstant() notifiedToRegulatorAt!: string;
  @ApiProperty({ description: 'Why, recorded with the change', example: 'Table MB-103 joins the group' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class RecordHitDto {
  @ApiProperty({ description: 'The table of the hit', example: 'MB-101' }) @Matches(ENTITY_ID) tableId!: string;
  @ApiProperty({ description: 'The coup of the hit', example: 'MB-101-shoe-1-c42' }) @Matches(ENTITY_ID) coupId!: string;
  @ApiProperty({ enum: OUTCOMES, description: "The winning hand as the dealer saw it (an outcome of the jackpot's option, Table 20)" }) @IsIn(OUTCOMES) outcome!: (typeof OUTCOMES)[number];
}

export class ConfirmHitDto {
  @ApiPropertyOptional({ description: 'Pay on the cards although the handset disagreed (needs a reason)', example: false }) @IsOptional() @IsBoolean() acknowledgeMismatch?: boolean;
  @ApiPropertyOptional({ description: 'Why (required with acknowledgeMismatch)', example: 'Dealer keyed coloured; the cards are suited' }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(500) reason?: string;
}

export class ReasonDto {
  @ApiProperty({ description: 'Why, recorded with the event', example: 'Dealing shoe fault: card reader replaced' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class AdjustMeterDto {
  @ApiProperty({ description: 'Cents to add (positive) or take (negative)', example: -2500 }) @IsInt() @Min(-100_000_000) @Max(100_000_000) amountCents!: number;
  @ApiProperty({ description: 'Why, recorded with the adjustment and in the compliance register', example: 'Contribution recorded twice during shoe fault' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class BackfillDto {
  @ApiProperty({ description: 'The table whose shoe failed', example: 'MB-101' }) @Matches(ENTITY_ID) tableId!: string;
  @ApiProperty({ description: 'Coups not recorded during the dealing-shoe fault (13.4.9(b))', example: 2 }) @IsInt() @Min(1) @Max(500) coupCount!: number;
  @ApiProperty({ description: 'The faulty shoe whose rounds were not recorded (13.4.9(b))', example: 'MB-101-shoe-3' }) @Matches(ENTITY_ID) shoeId!: string;
  @ApiProperty({ type: [String], description: 'The rounds not recorded: one coup id per backfilled coup, so none ever contributes twice', example: ['MB-101-shoe-3-c17', 'MB-101-shoe-3-c18'] })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(500) @ArrayUnique() @Matches(ENTITY_ID, { each: true }) coupIds!: string[];
  @ApiProperty({ description: 'Why, recorded with the backfill', example: 'Shoe fault 21:40-21:52, coups from the table log' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class HistoryQueryDto {
  @ApiPropertyOptional({ description: 'Return events after this stream version' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) afterVersion?: number;
  @ApiPropertyOptional({ description: 'At most this many (default 200)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) limit?: number;
}
