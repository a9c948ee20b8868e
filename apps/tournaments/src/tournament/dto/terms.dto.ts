import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, Max, ValidateBy, ValidateNested } from 'class-validator';
import { COMPULSORY_WAGER_CONSEQUENCES, type CompulsoryWager } from '@app/contracts';
import { IsIsoInstant, RequiredField } from '@app/platform-kit';
import { PUBLISH_TERMS_EXAMPLE } from './terms.example';

const TEXT = 2_000;

export class ScheduleDto {
  @ApiProperty({ example: '2026-03-01T09:00:00+11:00' }) @RequiredField('Crown Melbourne 14.4.1(a)(i); Star 15.4.2(e); Rapid 12.2.1(d)', 'the start, an instant with its offset from UTC (e.g. "2026-03-01T09:00:00+11:00")') @IsIsoInstant() startsAt!: string;
  @ApiProperty({ example: '2026-03-01T18:00:00+11:00' }) @RequiredField('Crown Melbourne 14.4.1(a)(i); Star 15.4.2(e); Rapid 12.2.1(d)', 'the end, an instant with its offset from UTC (e.g. "2026-03-01T18:00:00+11:00")') @IsIsoInstant() endsAt!: string;
}
export class BuyInsDto {
  @ApiPropertyOptional({ example: 20000, nullable: true }) @IsOptional() @IsInt() @Min(0) buyInCents!: number | null;
  @ApiPropertyOptional({ example: 10000, nullable: true }) @IsOptional() @IsInt() @Min(0) reBuyCents!: number | null;
  @ApiPropertyOptional({ example: 5000, nullable: true }) @IsOptional() @IsInt() @Min(0) addOnCents!: number | null;
  @ApiPropertyOptional({ description: 'Tournament chips a re-buy gives (default: the starting chips)', example: 1000 }) @IsOptional() @IsInt() @Min(1) reBuyChips?: number;
  @ApiPropertyOptional({ description: 'Tournament chips an add-on gives (default: the starting chips)', example: 500 }) @IsOptional() @IsInt() @Min(1) addOnChips?: number;
}
export class PlayersRangeDto {
  @ApiProperty({ example: 6 }) @RequiredField('Crown Melbourne 14.4.1(a)(iii); Star 15.4.2(i); Rapid 12.2.1(g)', 'the fewest players, a whole number of at least 1') @IsInt() @Min(1) minimum!: number;
  @ApiProperty({ example: 18 }) @RequiredField('Crown Melbourne 14.4.1(a)(iii); Star 15.4.2(i); Rapid 12.2.1(g)', 'the most players, a whole number from 1 to 10000') @IsInt() @Min(1) @Max(10_000) maximum!: number;
}
export class FormatDto {
  @ApiProperty({ example: 'Heats of 6 players at 3 tables, then a final table.' }) @RequiredField('Crown Melbourne 14.4.3(a)(i); Star 15.4.2(e), 15.10.1; Rapid 12.2.1(d)', 'the format described in words') @IsString() @MaxLength(TEXT) description!: string;
  @ApiProperty({ description: 'Players who progress from each heat table (Star 15.10.1)', example: 2 }) @RequiredField('Crown Melbourne 14.4.3(a)(i); Star 15.4.2(e), 15.10.1; Rapid 12.2.1(d)', 'the players who progress from each heat table, 1 to 14') @IsInt() @Min(1) @Max(14) advancePerTable!: number;
  @ApiPropertyOptional({ description: 'Coups each session lasts, where the terms fix it: the floor board shows the coups left', example: 30 }) @IsOptional() @IsInt() @Min(1) @Max(10_000) coupsPerSession?: number;
  @ApiPropertyOptional({ description: 'Minutes each session lasts, where the terms fix it: the floor board shows the time left', example: 45 }) @IsOptional() @IsInt() @Min(1) @Max(24 * 60) minutesPerSession?: number;
}
export class WagerLimitsDto {
  @ApiProperty({ description: 'Minimum wager each coup, in tournament chips', example: 10 }) @RequiredField('Crown Melbourne 14.4.4(b); Star 15.4.2(d)', 'the minimum wager in tournament chips, a whole number of at least 1') @IsInt() @Min(1) minimum!: number;
  @ApiProperty({ description: 'Maximum wager each coup, in tournament chips; a whole number of minimums (Star 15.6.14)', example: 500 }) @RequiredField('Crown Melbourne 14.4.4(b); Star 15.4.2(d)', 'the maximum wager in tournament chips, a whole number of minimums') @IsInt() @Min(1) maximum!: number;
}
/**
 * Whether there is a compulsory wager each coup, and what follows for a player who wagers nothing (Rapid 12.2.1(c)):
 * false, true (the rules decide the consequence, Star 15.6.4), or { consequence } from the rules' vocabulary.
 */
const IsCompulsoryWager = (): PropertyDecorator =>
  ValidateBy({
    name: 'isCompulsoryWager',
    validator: {
      validate: (v: unknown) =>
        typeof v === 'boolean' ||
        (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).every((k) => k === 'consequence') && (COMPULSORY_WAGER_CONSEQUENCES as readonly unknown[]).includes((v as { consequence?: unknown }).consequence)),
      defaultMessage: () => `compulsoryWager must be false, true, or { consequence: ${COMPULSORY_WAGER_CONSEQUENCES.map((c) => `'${c}'`).join(' | ')} } (what follows for a player who wagers nothing in a coup, Rapid 12.2.1(c))`,
    },
  });
export class PerSessionDto {
  @ApiProperty({ example: 2 }) @RequiredField('Star 15.7.1, 15.8; Crown Melbourne 14.4.4(c)-(g)', 'how many each player has per session, 0 to 100 (or state the item as null)') @IsInt() @Min(0) @Max(100) perSession!: number;
}
export class PrizePoolDto {
  @ApiProperty({ description: 'Value the operator adds, in cents (Star 15.3.1)', example: 50_000 }) @RequiredField('Star 15.3.1-15.3.2, 15.4.2(j); Crown Melbourne 14.4.7(a); Rapid 12.2.1(j)', 'the value the casino adds in cents, 0 for none') @IsInt() @Min(0) addedValueCents!: number;
  @ApiProperty({ example: true, description: 'Entry fees go into the pool (required by Star 15.3.2)' }) @RequiredField('Star 15.3.1-15.3.2, 15.4.2(j); Crown Melbourne 14.4.7(a); Rapid 12.2.1(j)', 'true where the entry fees go into the pool, else false') @IsBoolean() entryFeesIncluded!: boolean;
  @ApiPropertyOptional({ example: 100000, nullable: true, description: 'Guaranteed pool in cents (Star 15.3.3)' }) @IsOptional() @IsInt() @Min(0) guaranteedCents!: number | null;
  @ApiPropertyOptional({ example: 12, nullable: true, description: 'Entries needed for the guarantee (Star 15.3.3)' }) @IsOptional() @IsInt() @Min(0) minimumEntries!: number | null;
}
export class PrizeDistributionDto {
  @ApiProperty({ type: [Number], description: 'Share per place in basis points, first place first, adding up to 10000', example: [5000, 3000, 2000] })
  @RequiredField('Star 15.4.2(j); Crown Melbourne 14.4.7(b); Rapid 12.2.1(j)', "each place's share in basis points, first place first, adding up to 10000")
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(0, { each: true })
  basisPoints!: number[];
  @ApiPropertyOptional({
    enum: ['shared-pro-rata', 'unpaid'],
    description:
      "How the shares of places nobody fills are distributed (a condition of play, Star 2024 15.3.2, 15.4.2(j); Crown Melbourne 14.4.7): 'shared-pro-rata' to the filled places in proportion to their shares (the only statement The Star allows), or 'unpaid'. Left out, it is stated the rulebook's way on publishing.",
  })
  @IsOptional()
  @IsIn(['shared-pro-rata', 'unpaid'])
  unfilledPlaces?: 'shared-pro-rata' | 'unpaid';
}
export class WithdrawalPeriodDto {
  @ApiProperty({ example: '2026-02-25T00:00:00+11:00', description: 'Until when an entrant may withdraw without financial penalty' }) @RequiredField('Star 15.4.2(i); Crown Melbourne 14.4.2(d); Rapid 12.2.1(g)', 'the end of the withdrawal period, an instant with its offset from UTC') @IsIsoInstant() endsAt!: string;
}
export class SubstitutesDto {
  @ApiProperty({ example: true }) @RequiredField('Crown Melbourne 14.4.2(d); Rapid 12.3.3', 'true where substitutes are allowed, else false') @IsBoolean() allowed!: boolean;
  @ApiPropertyOptional({ example: '2026-02-28T18:00:00+11:00', description: 'Until when an entrant may nominate a substitute (Crown Melbourne 14.4.2(d): the period the terms of entry give); a nomination after it is refused SUBSTITUTION_PERIOD_ENDED. Absent: any time before the tournament is finished (Rapid 12.3.3: during any session or round)' })
  @IsOptional()
  @IsIsoInstant()
  nominateUntil?: string;
}
export class RefundsDto {
  @ApiProperty({ example: 0 }) @RequiredField('Star 15.3.2-15.3.4; Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)', 'the percent of the fee refunded on a late withdrawal, 0 to 100') @IsInt() @Min(0) @Max(100) lateWithdrawalPercent!: number;
  @ApiProperty({ example: 50 }) @RequiredField('Star 15.3.2-15.3.4; Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)', 'the percent of the fee refunded on retirement, 0 to 100') @IsInt() @Min(0) @Max(100) retirementPercent!: number;
  @ApiProperty({ example: 0 }) @RequiredField('Star 15.3.2-15.3.4; Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)', 'the percent of the fee refunded on disqualification, 0 to 100') @IsInt() @Min(0) @Max(100) disqualificationPercent!: number;
  @ApiProperty({ example: 100 }) @RequiredField('Star 15.3.2-15.3.4; Crown Melbourne 14.4.8(a)(iv); Rapid 12.2.1(h)', 'the percent of the fee refunded on cancellation, 0 to 100') @IsInt() @Min(0) @Max(100) cancellationPercent!: number;
}
export class TermsAbsenceDto {
  @ApiProperty({ description: 'Coups for which an absent player has the minimum deducted before disqualification', example: 3 }) @RequiredField('Star 15.5.6.1; Crown Melbourne 14.4.8(b)(ii)', 'the coups an absent player has the minimum deducted for, 0 to 100') @IsInt() @Min(0) @Max(100) maxDeductedCoups!: number;
}

/**
 * Tournament terms and conditions (Crown Melbourne 14.4, Rapid 12.2.1, Star 15.4.2). Every item is optional here:
 * which ones the rulebook requires is checked by the domain, which names each one missing. `null` states "none".
 */
export class EmployeeParticipationDto {
  @ApiProperty({ enum: ['charity', 'media'], description: 'A charitable or media event (Crown Melbourne 14.4.2(a)(v))' }) @RequiredField('Crown Melbourne 14.4.2(a)(v)', '"charity" or "media"') @IsIn(['charity', 'media']) eventKind!: 'charity' | 'media';
  @ApiProperty({ enum: ['chief-operating-officer', 'chief-executive-officer'], description: 'Who gave the prior approval for employees to take part' })
  @RequiredField('Crown Melbourne 14.4.2(a)(v)', '"chief-operating-officer" or "chief-executive-officer"')
  @IsIn(['chief-operating-officer', 'chief-executive-officer'])
  approvedBy!: 'chief-operating-officer' | 'chief-executive-officer';
  @ApiProperty({ example: 'COO-2026-04' }) @RequiredField('Crown Melbourne 14.4.2(a)(v)', "the approval's reference") @IsString() @MaxLength(200) reference!: string;
  @ApiProperty({ example: '2026-02-10T09:00:00+11:00' }) @RequiredField('Crown Melbourne 14.4.2(a)(v)', 'when the approval was given, an instant with its offset from UTC') @IsIsoInstant() approvedAt!: string;
}

export class TermsDto {
  @ApiPropertyOptional({ type: ScheduleDto }) @IsOptional() @ValidateNested() @Type(() => ScheduleDto) schedule?: ScheduleDto;
  @ApiPropertyOptional({ example: 'Main gaming floor, pit 7' }) @IsOptional() @IsString() @MaxLength(TEXT) location?: string;
  @ApiPropertyOptional({ type: 'integer', example: 10000, nullable: true, description: 'Entry fee in cents' }) @IsOptional() @IsInt() @Min(0) entryFee?: number | null;
  @ApiPropertyOptional({ type: BuyInsDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => BuyInsDto) buyIns?: BuyInsDto | null;
  @ApiPropertyOptional({ type: PlayersRangeDto }) @IsOptional() @ValidateNested() @Type(() => PlayersRangeDto) players?: PlayersRangeDto;
  @ApiPropertyOptional({ type: FormatDto }) @IsOptional() @ValidateNested() @Type(() => FormatDto) format?: FormatDto;
  @ApiPropertyOptional({ example: 'Three tables for the heats, one for the final.' }) @IsOptional() @IsString() @MaxLength(TEXT) tablesPerSession?: string;
  @ApiPropertyOptional({ type: String, example: 'The two players with the most chips at each heat table progress to the final.', nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT) progression?: string | null;
  @ApiPropertyOptional({ type: String, example: 'One buy-back per heat at the entry fee, before the last ten coups.', nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT) buyBack?: string | null;
  @ApiPropertyOptional({ type: String, example: 'The best third-placed player across the heats takes the last seat of the final.', nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT) repechage?: string | null;
  @ApiPropertyOptional({ example: 'The dealer retains the shoe (method A / dealer-retains-shoe).' }) @IsOptional() @IsString() @MaxLength(TEXT) dealingMethod?: string;
  @ApiPropertyOptional({ description: 'Tournament chips each player receives at the start of every session', example: 1000 }) @IsOptional() @IsInt() @Min(1) startingChips?: number;
  @ApiPropertyOptional({ example: 'Tournament chips are returned to the inventory at the end of each session.' }) @IsOptional() @IsString() @MaxLength(TEXT) chipDisposition?: string;
  @ApiPropertyOptional({
    description:
      'The terms provide for the disposition of tournament chips (Rapid: the tournament ATS chip account balances) in cash at the end of each session. Then play at a table may be concluded before the scheduled coups or time where all its players agree (Crown Melbourne 14.4.8(d)(ii): or where the players to progress are determined; Star 15.5.5.1-15.5.5.2, Rapid 12.3.5(a)-(b): and where they are determined). Absent or false: they do not.',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  chipsDisposedInCash?: boolean;
  @ApiPropertyOptional({ example: 'Tournament chips with no cash value.' }) @IsOptional() @IsString() @MaxLength(TEXT) chipType?: string;
  @ApiPropertyOptional({ type: WagerLimitsDto }) @IsOptional() @ValidateNested() @Type(() => WagerLimitsDto) wagerLimits?: WagerLimitsDto;
  @ApiPropertyOptional({
    oneOf: [{ type: 'boolean' }, { type: 'object', properties: { consequence: { type: 'string', enum: [...COMPULSORY_WAGER_CONSEQUENCES] } }, required: ['consequence'] }],
    example: { consequence: 'minimum-deducted' },
    description: 'Whether there is a minimum or compulsory wager for each coup and, under the Rapid rules, what follows for a player who wagers nothing (Rapid 12.2.1(c)); false: none',
  })
  @IsOptional()
  @IsCompulsoryWager()
  compulsoryWager?: boolean | CompulsoryWager;
  @ApiPropertyOptional({ example: 'Tables and boxes are drawn at random.' }) @IsOptional() @IsString() @MaxLength(TEXT) tableAllocation?: string;
  @ApiPropertyOptional({ type: Boolean, example: true, nullable: true }) @IsOptional() @IsBoolean() orderOfWagering?: boolean | null;
  @ApiPropertyOptional({ type: PerSessionDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => PerSessionDto) passCards?: PerSessionDto | null;
  @ApiPropertyOptional({ type: PerSessionDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => PerSessionDto) undisclosedWagers?: PerSessionDto | null;
  @ApiPropertyOptional({ type: PerSessionDto, nullable: true, description: 'All-In markers per player per session (Crown Melbourne 14.4.4(e))' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PerSessionDto)
  allInMarkers?: PerSessionDto | null;
  @ApiPropertyOptional({ type: PerSessionDto, nullable: true, description: 'Stand-Off markers per player per session (Crown Melbourne 14.4.4(f))' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PerSessionDto)
  standOffMarkers?: PerSessionDto | null;
  @ApiPropertyOptional({ type: PerSessionDto, nullable: true, description: 'Re-Buy markers per player per session (Crown Melbourne 14.4.4(g))' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PerSessionDto)
  reBuyMarkers?: PerSessionDto | null;
  @ApiPropertyOptional({ example: 'A player who cannot wager the minimum is eliminated.' }) @IsOptional() @IsString() @MaxLength(TEXT) elimination?: string;
  @ApiPropertyOptional({ example: 'The player with the most chips at the end of the final wins.' }) @IsOptional() @IsString() @MaxLength(TEXT) winners?: string;
  @ApiPropertyOptional({ type: PrizePoolDto }) @IsOptional() @ValidateNested() @Type(() => PrizePoolDto) prizePool?: PrizePoolDto;
  @ApiPropertyOptional({ type: PrizeDistributionDto }) @IsOptional() @ValidateNested() @Type(() => PrizeDistributionDto) prizeDistribution?: PrizeDistributionDto;
  @ApiPropertyOptional({ example: 'By EFT within 7 days.' }) @IsOptional() @IsString() @MaxLength(TEXT) prizePayment?: string;
  @ApiPropertyOptional({ example: 'Application form at the tournament desk.' }) @IsOptional() @IsString() @MaxLength(TEXT) entryMethod?: string;
  @ApiPropertyOptional({ type: WithdrawalPeriodDto }) @IsOptional() @ValidateNested() @Type(() => WithdrawalPeriodDto) withdrawalPeriod?: WithdrawalPeriodDto;
  @ApiPropertyOptional({ type: SubstitutesDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => SubstitutesDto) substitutes?: SubstitutesDto | null;
  @ApiPropertyOptional({ example: 'A warning, then disqualification.' }) @IsOptional() @IsString() @MaxLength(TEXT) penalties?: string;
  @ApiPropertyOptional({ example: 'Disqualification for breach of these terms or the rules.' }) @IsOptional() @IsString() @MaxLength(TEXT) disqualification?: string;
  @ApiPropertyOptional({ type: RefundsDto }) @IsOptional() @ValidateNested() @Type(() => RefundsDto) refunds?: RefundsDto;
  @ApiPropertyOptional({ example: 'The minimum is deducted for each coup missed.' }) @IsOptional() @IsString() @MaxLength(TEXT) lateArrival?: string;
  @ApiPropertyOptional({ type: TermsAbsenceDto }) @IsOptional() @ValidateNested() @Type(() => TermsAbsenceDto) absence?: TermsAbsenceDto;
  @ApiPropertyOptional({ example: 'No mobile phones at the table.' }) @IsOptional() @IsString() @MaxLength(TEXT) mobilePhones?: string;
  @ApiPropertyOptional({ example: 'A player may retire and receive half the entry fee.' }) @IsOptional() @IsString() @MaxLength(TEXT) retirement?: string;
  @ApiPropertyOptional({ type: EmployeeParticipationDto, nullable: true, description: 'The record of a charitable or media event approved by the COO or CEO, where employees take part (Crown Melbourne 14.4.2(a)(v))' })
  @IsOptional()
  @ValidateNested()
  @Type(() => EmployeeParticipationDto)
  employeeParticipation?: EmployeeParticipationDto | null;
  @ApiPropertyOptional({ example: PUBLISH_TERMS_EXAMPLE.terms.statements, description: 'Statements keyed as in the rulebook items after "statement.", e.g. {"rulesPrevail": "..."}', type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject()
  statements?: Record<string, string>;
}
