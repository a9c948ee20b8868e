import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  MinLength,
  ArrayMaxSize,
  ArrayMinSize,
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
import { ENTITY_ID, IsTextRecord } from '@app/platform-kit';
import { PRIZE_KINDS } from '@app/baccarat';
import { IsTermsItems } from './terms-items.validator';

const ID = /^[A-Za-z0-9._-]{1,48}$/;
const HEX64 = /^[0-9a-f]{64}$/;

export class PromotionScheduleDto {
  @ApiProperty({ example: '2024-06-01T09:00:00+10:00', description: 'Commencement: picks the Star edition; 16.12 counts 24 hours back from it' }) @IsISO8601({ strict: true }) startsAt!: string;
  @ApiProperty({ example: '2024-06-30T21:00:00+10:00', description: '16.7.6 closing date and time for entries' }) @IsISO8601({ strict: true }) entriesCloseAt!: string;
  @ApiProperty({ example: '2024-06-30T22:00:00+10:00', description: '16.7.7 date and time of the draw' }) @IsISO8601({ strict: true }) drawAt!: string;
}

export class PrizeDto {
  @ApiProperty() @Matches(ID) prizeId!: string;
  @ApiProperty({ enum: PRIZE_KINDS }) @IsIn(PRIZE_KINDS) kind!: (typeof PRIZE_KINDS)[number];
  @ApiProperty() @IsString() @MaxLength(500) description!: string;
  @ApiProperty({ description: '16.7.11 value in cents' }) @IsInt() @Min(1) valueCents!: number;
  @ApiPropertyOptional({ description: '16.7.11.1-16.7.11.4: make, model, accessories, onRoadCostsIncluded, persons, inclusions, travelRestrictions, spendingMoney, dwellingType, plans, contractDetails, easementDetails, address' })
  @IsOptional()
  @IsTextRecord()
  details?: Record<string, string>;
  @ApiPropertyOptional({ description: 'What the prize includes, checked against 16.5 (tobacco, firearm, ammunition, imitation-firearm, prohibited-weapon, prescribed-item, liquor...)' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  contents?: string[];
  @ApiPropertyOptional({ description: '16.5.4: the prize\'s total liquor in whole litres (at most 20); prefer liquorMillilitres' }) @IsOptional() @IsInt() @Min(0) liquorLitres?: number;
  @ApiPropertyOptional({ description: '16.5.4: the prize\'s total liquor in millilitres, for the whole prize (at most 20,000; 12 x 750 ml is 9000). Required whenever a text of the prize names liquor or a container of it (wine, beer, keg, cask, six-pack...): the texts are never read in its place, only checked against it (a text reading more is refused). 0 where a description names no liquor the prize holds ("Beer brewing kit")', example: 19_500 }) @IsOptional() @IsInt() @Min(0) liquorMillilitres?: number;
  @ApiPropertyOptional({ description: '16.3 cash alternative in cents' }) @IsOptional() @IsInt() @Min(1) cashAlternativeCents?: number;
}

export class EntryRuleDto {
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @Matches(ID, { each: true }) tableIds?: string[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) bets?: string[];
  @ApiPropertyOptional({ description: '16.7.4 minimum wager in cents' }) @IsOptional() @IsInt() @Min(0) minimumWagerCents?: number;
  @ApiProperty({ description: 'One entry per this much settled turnover (cents)' }) @IsInt() @Min(1) turnoverPerEntryCents!: number;
}

export class PromotionTermsDto {
  @ApiProperty({ description: 'Every item of Star 16.7 by key: mannerOfAward, whenAndWhereAwarded, eligibility, minimumWager, natureOfPrize, entriesCloseAt, placeDateTime, claimMethod, winnerNotification, resultsPublication, prizeDetails; each as text (a number, list, object or null is refused naming terms.<item>), and no other key (16.7 "not limited to": a further condition is written into the item it qualifies)', example: { mannerOfAward: 'Random draw from all entries', prizeDetails: 'See the prize list; prizes are not transferable' } })
  @IsTermsItems()
  terms!: Record<string, string>;
  @ApiProperty({ type: [PrizeDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => PrizeDto) prizes!: PrizeDto[];
}

export class RecordedAfterCommencementDto {
  @ApiProperty({ description: 'What proves the promotion commenced as stated: the regulator lodgement receipt, the published terms', example: 'NICC lodgement receipt 2024-0412' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  evidence!: string;
  @ApiProperty({ description: 'When the terms were issued (before commencement); a lodgement cannot be dated earlier', example: '2024-05-20T10:00:00+10:00' }) @IsISO8601({ strict: true }) termsIssuedAt!: string;
}

export class CreatePromotionDto extends PromotionTermsDto {
  @ApiProperty() @Matches(ID) promotionId!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiPropertyOptional({ default: 'star-sydney', description: 'Operator whose rules apply; the edition in force on the start date' }) @IsOptional() @IsString() @MaxLength(60) operator?: string;
  @ApiProperty({ type: PromotionScheduleDto }) @ValidateNested() @Type(() => PromotionScheduleDto) schedule!: PromotionScheduleDto;
  @ApiPropertyOptional({ type: EntryRuleDto }) @IsOptional() @ValidateNested() @Type(() => EntryRuleDto) entryRule?: EntryRuleDto;
  @ApiPropertyOptional({ default: false, description: '16.7.8 entrants must be present at the draw' }) @IsOptional() @IsBoolean() entrantsMustBePresent?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() onePrizePerPatron?: boolean;
  @ApiPropertyOptional({ enum: ['forfeited', 'returned'], default: 'forfeited', description: "1.1 'Casino Promotional Token': the token after its coup" }) @IsOptional() @IsIn(['forfeited', 'returned']) tokenAfterCoup?: 'forfeited' | 'returned';
  @ApiPropertyOptional({ type: RecordedAfterCommencementDto, description: 'Only for a promotion that commenced before it is recorded here: the edition follows the commencement, so a past start needs proof' })
  @IsOptional()
  @ValidateNested()
  @Type(() => RecordedAfterCommencementDto)
  recordedAfterCommencement?: RecordedAfterCommencementDto;
}

export class PromotionAmendTermsDto extends PromotionTermsDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class LodgeTermsDto {
  @ApiProperty({ description: 'When the full terms were provided to the regulator (16.12)' }) @IsISO8601({ strict: true }) lodgedAt!: string;
}

export class GrantEntriesDto {
  @ApiProperty() @Matches(ID) patronId!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(10_000) count!: number;
  @ApiProperty({ description: 'The criterion of the terms (16.7.3) the entries are granted under' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

const SEED_HELP = '32 random bytes as 64 lower-case hex digits, generated and kept by its holder (never sent before the draw); the commitment is sha256 of those 64 characters (apps/promotions/DRAW.md)';

export class CommitDrawDto {
  @ApiProperty({ description: `16.7.1: the operator's sha256(seed), before entries open. Seed: ${SEED_HELP}`, example: 'f'.repeat(64) }) @Matches(HEX64) commitment!: string;
}

export class ScrutineerCommitmentDto {
  @ApiProperty({ description: 'The scrutineer (16.2) or inspector contributing the seed', example: 'K. Scrutineer' }) @IsString() @IsNotEmpty() @MaxLength(200) scrutineer!: string;
  @ApiProperty({ description: `sha256(seed) of the scrutineer's seed, after the operator's commitment and before entries close. Seed: ${SEED_HELP}`, example: 'e'.repeat(64) }) @Matches(HEX64) commitment!: string;
}

export class AbandonRoundDto {
  @ApiPropertyOptional({ description: "The operator's seed, revealed against its commitment (omit only if it cannot be revealed: the record says so)" }) @IsOptional() @Matches(HEX64) seed?: string;
  @ApiPropertyOptional({ description: "The scrutineer's seed, revealed against theirs" }) @IsOptional() @Matches(HEX64) scrutineerSeed?: string;
  @ApiProperty({ example: 'Postponed (16.11): draw barrel found unsealed' }) @IsString() @IsNotEmpty() @MaxLength(1000) reason!: string;
}

export class ConductDrawDto {
  @ApiProperty({ description: "The operator's committed seed, revealed at the draw" }) @Matches(HEX64) seed!: string;
  @ApiProperty({ description: "The scrutineer's committed seed, revealed at the draw" }) @Matches(HEX64) scrutineerSeed!: string;
  @ApiPropertyOptional({ description: "16.2: the scrutineer overseeing the draw (default: the round's scrutineer)" }) @IsOptional() @IsString() @MaxLength(200) scrutineer?: string;
}

export class CompromiseDto {
  @ApiProperty({ enum: ['postponed', 'cancelled'] }) @IsIn(['postponed', 'cancelled']) action!: 'postponed' | 'cancelled';
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1000) reason!: string;
  @ApiPropertyOptional({
    description: '16.11: when the casino operator determined the integrity compromised and decided to postpone or cancel (default: now, when this is recorded, or inspectorNotifiedAt when that is earlier: the inspector is told of a decision already taken). Not later than now; the inspector notice is due from it (Star 2021: immediately; 2024: within 48 hours).',
    example: '2024-06-10T10:00:00+10:00',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  decidedAt?: string;
  @ApiPropertyOptional({ description: '16.11: when the inspector was notified (Star 2021: required with the decision): not before decidedAt, not later than now', example: '2024-06-10T11:30:00+10:00' }) @IsOptional() @IsISO8601({ strict: true }) inspectorNotifiedAt?: string;
}

export class InspectorNoticeDto {
  @ApiProperty() @IsISO8601({ strict: true }) notifiedAt!: string;
}

export class PromotionReasonDto {
  @ApiProperty({ description: 'Why, recorded with the event (and in the notices to the regulator)', example: 'Draw barrel found unsealed before the draw' }) @IsString() @IsNotEmpty() @MaxLength(1000) reason!: string;
}

export class NotifyWinnerDto {
  @ApiProperty({ enum: ['face-to-face', 'mail', 'telephone', 'e-mail'] }) @IsIn(['face-to-face', 'mail', 'telephone', 'e-mail']) method!: 'face-to-face' | 'mail' | 'telephone' | 'e-mail';
  @ApiProperty() @IsISO8601({ strict: true }) notifiedAt!: string;
}

export class ClaimantDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) address?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) patronId?: string;
}

export class DenyClaimDto {
  @ApiProperty() @Matches(ID) claimId!: string;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) prizeId?: string;
  @ApiProperty({ type: ClaimantDto }) @ValidateNested() @Type(() => ClaimantDto) claimant!: ClaimantDto;
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMinSize(1) @IsString({ each: true }) reasons!: string[];
  @ApiPropertyOptional({ description: 'Value of the prize claimed (cents) when the claim names none of the prizes' }) @IsOptional() @IsInt() @Min(0) valueCents?: number;
}

export class PaymentDto {
  @ApiProperty({ enum: ['cash', 'crossed-cheque', 'eft'] }) @IsIn(['cash', 'crossed-cheque', 'eft']) method!: 'cash' | 'crossed-cheque' | 'eft';
  @ApiProperty() @IsInt() @Min(1) amountCents!: number;
}

export class PayPrizeDto {
  @ApiPropertyOptional({ enum: ['prize', 'cash-alternative'], default: 'prize' }) @IsOptional() @IsIn(['prize', 'cash-alternative']) form?: 'prize' | 'cash-alternative';
  @ApiPropertyOptional({ type: [PaymentDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => PaymentDto) payments?: PaymentDto[];
  @ApiPropertyOptional({ description: "Star 2021 16.4: the winner of a cash prize over $10,000 chose the method" }) @IsOptional() @IsBoolean() chosenByWinner?: boolean;
}

export class VoucherConditionsDto {
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @Matches(ID, { each: true }) tableIds?: string[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) bets?: string[];
  @ApiProperty() @IsISO8601({ strict: true }) expiresAt!: string;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) patronId?: string;
}

export class IssueVoucherDto {
  @ApiProperty() @Matches(ID) voucherId!: string;
  @ApiProperty({ description: "1.1 'Casino Promotional Token': the voucher's nominated value" }) @IsInt() @Min(1) valueCents!: number;
  @ApiProperty({ type: VoucherConditionsDto }) @ValidateNested() @Type(() => VoucherConditionsDto) conditions!: VoucherConditionsDto;
}

export class ExchangeVoucherDto {
  @ApiProperty() @Matches(ID) tableId!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(14) box!: number;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) patronId?: string;
}

/** A token wager the table never took, released by a supervisor: its tokens go back to the player (Star 1.1). */
export class ReleaseTokenWagerDto {
  @ApiProperty({ example: 'The coup was never dealt: the table closed for a shoe fault', description: 'Why, as a supervisor would record it (one line)' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason!: string;
}

export class WagerTokenDto {
  @ApiProperty() @Matches(ID) tableId!: string;
  @ApiProperty() @Matches(ENTITY_ID) coupId!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty({ example: 'banker' }) @IsString() @MaxLength(40) bet!: string;
  @ApiProperty() @IsInt() @Min(1) amountCents!: number;
}
