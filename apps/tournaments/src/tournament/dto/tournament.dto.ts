import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { isCalendarDate } from '@app/contracts';
import { ENTITY_ID, IsIsoInstant, RequiredField } from '@app/platform-kit';
import { TermsDto } from './terms.dto';

const ID_RULE = { message: '$property must be 1-64 characters of letters, digits, ".", "_", ":" or "-"' };

export class RegulatorApprovalDto {
  @ApiProperty({ example: 'VCGR-2026-17' }) @RequiredField('Rapid 12.1.3', "the reference of the regulator's written approval") @IsString() @MaxLength(200) reference!: string;
  /**
   * The date of the written approval (Rapid 12.1.3): a date alone is the venue's date; a time of day needs its offset
   * from UTC, since one without would be read in the server's zone (UTC), not Melbourne's, and move the approval by hours.
   */
  @ApiProperty({ example: '2026-02-01', description: "The date of the regulator's written approval (Rapid 12.1.3): the venue's date (YYYY-MM-DD), or a date-time with its offset from UTC (2026-02-01T09:00:00+11:00)" })
  @ValidateIf((o: RegulatorApprovalDto) => typeof o.approvedAt !== 'string' || !isCalendarDate(o.approvedAt))
  @IsIsoInstant({
    message: (a) =>
      `${a.property} is the date of the regulator's written approval (Rapid 12.1.3): write the venue's date alone (e.g. 2026-02-10) or a date-time with its offset from UTC (e.g. 2026-02-10T09:00:00+11:00, or Z); "${String(a.value)}" is neither, and a time without its offset would be read in UTC, not the venue's time`,
  })
  @RequiredField('Rapid 12.1.3', "the date of the regulator's written approval (e.g. 2026-02-10)")
  approvedAt!: string;
}

export class PublishTermsDto {
  @ApiProperty({ example: 'spring-cup' }) @RequiredField('Star 15.4.1; Crown Melbourne 14.2.1-14.2.2; Rapid 12.1.3', 'the tournament id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tournamentId!: string;
  @ApiProperty({ example: 'Spring Baccarat Cup' }) @RequiredField('Star 15.4.1; Crown Melbourne 14.2.1-14.2.2; Rapid 12.1.3', 'the name the tournament is published under') @IsString() @MaxLength(200) name!: string;
  @ApiProperty({ description: 'Operator whose rules apply; the version in force on the first day is used', example: 'the-star-sydney' }) @RequiredField('Star 15.4.1; Crown Melbourne 14.2.1-14.2.2; Rapid 12.1.3', 'the operator whose rules apply (e.g. "the-star-sydney")') @IsString() @MaxLength(60) operator!: string;
  @ApiPropertyOptional({ enum: ['baccarat', 'rapid-baccarat'] }) @IsOptional() @IsIn(['baccarat', 'rapid-baccarat']) game?: 'baccarat' | 'rapid-baccarat';
  @ApiProperty({ type: TermsDto }) @RequiredField('Star 15.4.2; Crown Melbourne 14.4; Rapid 12.2.1', 'the terms and conditions') @ValidateNested() @Type(() => TermsDto) terms!: TermsDto;
  @ApiPropertyOptional({ type: RegulatorApprovalDto, description: "The regulator's written approval, where required (Rapid 12.1.3)" })
  @IsOptional()
  @ValidateNested()
  @Type(() => RegulatorApprovalDto)
  regulatorApproval?: RegulatorApprovalDto;
}

export class AmendTermsDto {
  @ApiProperty({ type: TermsDto }) @RequiredField('Star 15.4.2; Crown Melbourne 14.4; Rapid 12.2.1', 'the terms as amended') @ValidateNested() @Type(() => TermsDto) terms!: TermsDto;
  @ApiProperty() @RequiredField('Star 15.4.1, 15.5.3; Crown Melbourne 14.4.1(b)-(c); Rapid 12.3.4', 'why the terms are amended') @IsString() @MaxLength(500) reason!: string;
  @ApiPropertyOptional({ type: RegulatorApprovalDto, description: "The VCGR's new written approval of the amended conditions (Rapid 12.1.3)" })
  @IsOptional()
  @ValidateNested()
  @Type(() => RegulatorApprovalDto)
  regulatorApproval?: RegulatorApprovalDto;
}

export class DesignateTablesDto {
  @ApiProperty({ type: [String], example: ['T1', 'T2', 'T3'] }) @RequiredField('Star 15.5.1; Crown Melbourne 14.2.4; Rapid 12.3.1', 'the ids of the tables designated, at least one') @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @ArrayUnique() @Matches(ENTITY_ID, { each: true, ...ID_RULE }) tableIds!: string[];
}

export class TournamentReasonDto {
  @ApiProperty() @RequiredField('Star 15.3.4; Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)', 'the reason, in words') @IsString() @MaxLength(500) reason!: string;
}

export class EnterDto {
  @ApiProperty({ example: 'e1' }) @RequiredField('Star 15.4.2(a), 15.4.2(i); Crown Melbourne 14.4.1(a)(ii), 14.4.2(c); Rapid 12.2.1(a), 12.2.1(g)', 'the entry id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) entryId!: string;
  @ApiProperty({ example: 'P100' }) @RequiredField('Star 15.4.2(a), 15.4.2(i); Crown Melbourne 14.4.1(a)(ii), 14.4.2(c); Rapid 12.2.1(a), 12.2.1(g)', 'the patron id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) patronId!: string;
  @ApiProperty({ description: 'Entitled to enter and remain in the casino and gamble (Crown Melbourne 14.4.2(a)(ii), Star 15.4.2(h)(i))' }) @RequiredField('Star 15.4.2(h)(i); Crown Melbourne 14.4.2(a)(ii); Rapid 12.2.1(f)(i)', 'true where the patron is entitled to enter and remain in the casino and gamble') @IsBoolean() entitledToGamble!: boolean;
  @ApiPropertyOptional({ description: 'A casino employee (Crown Melbourne 14.4.2(a)(v): never wins a prize)' }) @IsOptional() @IsBoolean() employee?: boolean;
  @ApiProperty({ example: 10_000 }) @RequiredField('Star 15.4.2(a), 15.4.2(i); Crown Melbourne 14.4.1(a)(ii), 14.4.2(c); Rapid 12.2.1(a), 12.2.1(g)', 'the entry fee paid, in cents, as the terms state it') @IsInt() @Min(0) feePaidCents!: number;
  @ApiPropertyOptional({ description: "The name the floor board shows for the entry, as the Tournament Director gives it (Star 15.5.8: standings made known); absent: the entry id. Shown on the floor: a name the patron agreed to", example: 'Alice K.', maxLength: 40 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  displayName?: string;
}

export class RefuseDto {
  @ApiProperty() @RequiredField('Star 15.4.2(h)(ii); Crown Melbourne 14.4.2(a)(iii); Rapid 12.2.1(f)(ii)', 'the patron id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) patronId!: string;
  @ApiProperty() @RequiredField('Star 15.4.2(h)(ii); Crown Melbourne 14.4.2(a)(iii); Rapid 12.2.1(f)(ii)', 'why the application is refused') @IsString() @MaxLength(500) reason!: string;
}

export class SubstituteDto {
  @ApiProperty() @RequiredField('Crown Melbourne 14.4.2(d); Rapid 12.3.3', 'the substitute patron id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) patronId!: string;
  @ApiProperty() @RequiredField('Star 15.4.2(h)(i); Crown Melbourne 14.4.2(a)(ii); Rapid 12.2.1(f)(i)', 'true where the substitute is entitled to enter and remain in the casino and gamble') @IsBoolean() entitledToGamble!: boolean;
  @ApiPropertyOptional({ description: 'The substitute is a casino employee: the status is the person playing (Crown Melbourne 14.4.2(a)(v): never wins a prize)' })
  @IsOptional()
  @IsBoolean()
  employee?: boolean;
  @ApiPropertyOptional({ description: "The name the floor board shows for the substitute, as the Tournament Director gives it (Star 15.5.8: standings made known); absent: the entry id, never the previous player's name. Shown on the floor: a name the substitute agreed to", example: 'Carol S.', maxLength: 40 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  displayName?: string;
}

export class SeatDto {
  @ApiProperty() @RequiredField('Star 15.4.2(f), 15.5.2; Crown Melbourne 14.2.4; Rapid 12.3.1', 'the entry id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) entryId!: string;
  @ApiProperty() @RequiredField('Star 15.4.2(f), 15.5.2; Crown Melbourne 14.2.4; Rapid 12.3.1', 'the table id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tableId!: string;
  @ApiProperty({ example: 1 }) @RequiredField('Star 15.4.2(f), 15.5.2; Crown Melbourne 14.2.4; Rapid 12.3.1', 'the box, 1 to 14') @IsInt() @Min(1) @Max(14) box!: number;
}

export class StartSessionDto {
  @ApiProperty({ example: 'heat-1' }) @RequiredField('Star 15.4.2(e), 15.10.1-15.10.3; Crown Melbourne 14.4.3(a)(i); Rapid 12.2.1(d)', 'the session id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) sessionId!: string;
  @ApiProperty({ enum: ['heat', 'final', 'play-off'] }) @RequiredField('Star 15.4.2(e), 15.10.1-15.10.3; Crown Melbourne 14.4.3(a)(i); Rapid 12.2.1(d)', '"heat", "final" or "play-off"') @IsIn(['heat', 'final', 'play-off']) kind!: 'heat' | 'final' | 'play-off';
  @ApiProperty({ type: [SeatDto] }) @RequiredField('Star 15.4.2(f), 15.5.2; Crown Melbourne 14.2.4; Rapid 12.3.1', 'the seating: each entry with its table and box') @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1_000) @ValidateNested({ each: true }) @Type(() => SeatDto) seating!: SeatDto[];
  @ApiPropertyOptional({
    type: [String],
    example: ['e7'],
    description: 'Seated entries who could not provide the buy-in before the session: eliminated, entry fee not refunded (Star 15.6.3). Everyone else seated paid it (15.6.2).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1_000)
  @ArrayUnique()
  @Matches(ENTITY_ID, { each: true, ...ID_RULE })
  buyInNotProvided?: string[];
}

export class BriefingDto {
  @ApiProperty({ type: [String], example: ['e1', 'e2'] }) @RequiredField('Crown Melbourne 14.3.1; Rapid 12.2.3', 'the ids of the entries briefed, at least one') @IsArray() @ArrayMinSize(1) @ArrayMaxSize(10_000) @ArrayUnique() @Matches(ENTITY_ID, { each: true, ...ID_RULE }) entryIds!: string[];
}

export class TableAgreementDto {
  @ApiProperty() @RequiredField('Star 15.5.5.2; Crown Melbourne 14.4.8(d)(ii); Rapid 12.3.5(b)', 'the table id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tableId!: string;
  @ApiProperty({ type: [String], description: 'Every player in play at the table, each of whom agreed to end play there early' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(14)
  @ArrayUnique()
  @Matches(ENTITY_ID, { ...ID_RULE, each: true })
  @RequiredField('Star 15.5.5.2; Crown Melbourne 14.4.8(d)(ii); Rapid 12.3.5(b)', 'the ids of every player in play at the table who agreed')
  entryIds!: string[];
}

export class EndSessionDto {
  @ApiPropertyOptional({ description: 'Tournament chips not returned to the inventory (Star 15.5.9)' }) @IsOptional() @IsInt() @Min(0) chipsNotReturned?: number;
  @ApiPropertyOptional({
    type: [TableAgreementDto],
    description:
      "Ending before the scheduled coups or time (terms format.coupsPerSession, minutesPerSession) where the terms dispose of the chips in cash (chipsDisposedInCash): for each table, the players who agreed to end play there; all the players in play at the table must agree (Crown Melbourne 14.4.8(d)(ii); Rapid 12.3.5(b); Star 15.5.5.2)",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TableAgreementDto)
  agreements?: TableAgreementDto[];
}

export class PassCardDto {
  @ApiProperty() @RequiredField('Star 15.7.1', 'the table id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tableId!: string;
  @ApiProperty() @RequiredField('Star 15.7.1', 'the entry id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) entryId!: string;
}

export class UndisclosedWagerDto {
  @ApiProperty() @RequiredField('Star 15.8.2', 'the table id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tableId!: string;
  @ApiProperty() @RequiredField('Star 15.8.2', 'the entry id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) entryId!: string;
  @ApiPropertyOptional({ enum: ['player', 'banker', 'tie'], nullable: true, description: 'As written; null when the form shows none (Star 15.8.3.4)' })
  @IsOptional()
  @IsIn(['player', 'banker', 'tie'])
  bet?: 'player' | 'banker' | 'tie' | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'Tournament chips, as written; null when the form shows none (Star 15.8.3.4)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  amount?: number | null;
}

export class BuyChipsDto {
  @ApiProperty({
    enum: ['re-buy', 'add-on'],
    description: 'A re-buy (a buy-back when the player was eliminated, Crown Melbourne 14.4.3(a)(iv), Star 15.4.2(g); in play with a Re-Buy marker, Crown 14.4.4(g)) or an add-on (Crown 14.4.1(a)(ii))',
  })
  @IsIn(['re-buy', 'add-on'])
  @RequiredField('Star 15.4.2(g); Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(g); Rapid 12.2.1(e)', '"re-buy" or "add-on"')
  kind!: 're-buy' | 'add-on';
  @ApiProperty({ description: 'The price the terms set, in cents', example: 5_000 }) @RequiredField('Star 15.4.2(g); Crown Melbourne 14.4.1(a)(ii), 14.4.3(a)(iv), 14.4.4(g); Rapid 12.2.1(e)', 'the price paid, in cents, as the terms set it') @IsInt() @Min(0) feePaidCents!: number;
}

export class MarkerDto {
  @ApiProperty() @RequiredField('Crown Melbourne 14.4.4(e)-(f)', 'the table id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) tableId!: string;
  @ApiProperty() @RequiredField('Crown Melbourne 14.4.4(e)-(f)', 'the entry id (1-64 letters, digits, ".", "_", ":" or "-")') @Matches(ENTITY_ID, ID_RULE) entryId!: string;
  @ApiProperty({ enum: ['all-in', 'stand-off'], description: 'Crown Melbourne 14.4.4(e) All-In, 14.4.4(f) Stand-Off' }) @RequiredField('Crown Melbourne 14.4.4(e)-(f)', '"all-in" or "stand-off"') @IsIn(['all-in', 'stand-off']) marker!: 'all-in' | 'stand-off';
  @ApiPropertyOptional({ enum: ['player', 'banker', 'tie'], description: "The bet an All-In marker plays on: the player's whole stack up to the terms' maximum wager for each coup (Crown Melbourne 14.4.4(e) with 14.4.4(b)); a stack above the maximum plays the maximum. None for a Stand-Off marker" })
  @IsOptional()
  @IsIn(['player', 'banker', 'tie'])
  bet?: 'player' | 'banker' | 'tie';
}

export class NoteAbsenceDto {
  @ApiProperty() @RequiredField('Star 15.5.6; Crown Melbourne 14.4.8(b)(ii)', 'true where the player is absent, false on return') @IsBoolean() absent!: boolean;
}

export class DisqualifyDto {
  @ApiProperty({ enum: ['absent', 'contravention', 'concealing-chips'] }) @RequiredField('Star 15.5.6.2, 15.5.7, 15.6.7, 15.11.4; Crown Melbourne 14.4.8(a)(ii); Rapid 12.2.1(h)', '"absent", "contravention" or "concealing-chips"') @IsIn(['absent', 'contravention', 'concealing-chips']) reason!: 'absent' | 'contravention' | 'concealing-chips';
  @ApiProperty() @RequiredField('Star 15.5.6.2, 15.5.7, 15.6.7, 15.11.4; Crown Melbourne 14.4.8(a)(ii); Rapid 12.2.1(h)', 'what the player did, in words') @IsString() @MaxLength(500) description!: string;
  @ApiPropertyOptional({ description: 'Refund approved for a player disqualified for absence (Star 15.5.6.2)' }) @IsOptional() @IsBoolean() refundApproved?: boolean;
}
