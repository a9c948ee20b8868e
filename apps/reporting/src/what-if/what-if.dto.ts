import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy, ValidateNested } from 'class-validator';
import { IsIsoInstant } from '@app/platform-kit';

const ID = /^[A-Za-z0-9._:-]{1,64}$/;
const MAX_CHANGES = 50;

/**
 * `changes`: required, not defaulted, so a request that forgot its changes is not answered as if it asked for none;
 * [] asks for the play as recorded. One message for what is wrong, not three for a missing list.
 */
const IsChangeList = (): PropertyDecorator =>
  ValidateBy({
    name: 'isChangeList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.length <= MAX_CHANGES,
      defaultMessage: (args) =>
        args?.value === undefined
          ? "changes is required: list the changes to each table's configuration, or send [] to replay the play as recorded (the what-if then equals the actual to the cent)"
          : Array.isArray(args.value)
            ? `changes holds at most ${MAX_CHANGES} changes; got ${args.value.length}`
            : "changes must be a list of changes to each table's configuration, or [] to replay the play as recorded",
    },
  });

export class WhatIfChangeDto {
  @ApiPropertyOptional({ example: 'dragon-bonus-player', description: 'The bet whose pay-table option changes (GET /rulebooks lists each bet with its options)' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]{1,40}$/)
  bet?: string;

  @ApiPropertyOptional({ example: '2', description: "The bet's pay-table option in the what-if, e.g. Dragon Bonus option 2, Super 6 '16'" })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9.:-]{1,60}$/)
  option?: string;

  @ApiPropertyOptional({ example: 500, description: "The bet's minimum wager in cents on the table sign in the what-if (with `bet`)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000_000)
  minimumCents?: number;

  @ApiPropertyOptional({ example: 20000, description: "The bet's maximum wager in cents in the what-if (with `bet`): wagers above it are counted apart as refused" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000_000_000)
  maximumCents?: number;

  @ApiPropertyOptional({ example: 'crown-baccarat', description: 'Another variant of the rulebook (its main bets then need their options named too)' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]{1,40}$/)
  variant?: string;

  @ApiPropertyOptional({ example: 'star-sydney-2024', description: 'Another rulebook version the table could lawfully have been under' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9-]{1,40}$/)
  rulebookId?: string;
}

export class WhatIfDto {
  @ApiProperty({ example: ['BAC-VIC-1', 'BAC-VIC-2'], description: 'The tables whose recorded play is replayed' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @Matches(ID, { each: true })
  tableIds!: string[];

  @ApiProperty({ example: '2026-10-01T06:00:00+11:00', description: 'Coups completed from this instant (included)' })
  @IsIsoInstant()
  from!: string;

  @ApiProperty({ example: '2026-11-01T06:00:00+11:00', description: 'Coups completed before this instant' })
  @IsIsoInstant()
  to!: string;

  @ApiProperty({ type: [WhatIfChangeDto], example: [{ bet: 'dragon-bonus-player', option: '2' }], description: "Required. The changes to each table's configuration; an empty list [] replays the play as recorded (the what-if then equals the actual to the cent)" })
  @IsChangeList()
  @ValidateNested({ each: true })
  @Type(() => WhatIfChangeDto)
  changes!: WhatIfChangeDto[];
}
