import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const ID = /^[A-Za-z0-9._:-]{1,64}$/;
const CARD = /^(A|[2-9]|10|T|J|Q|K)[SHDC]$/i;
const SIDES = ['player', 'banker'] as const;

export class OfferedBetDto {
  @ApiProperty({ example: 'banker' }) @IsString() @MaxLength(40) bet!: string;
  @ApiProperty({ example: 'traditional' }) @IsString() @MaxLength(40) option!: string;
}

export class BetLimitDto {
  @ApiProperty({ example: 'banker' }) @IsString() @MaxLength(40) bet!: string;
  @ApiProperty({ example: 2500 }) @IsInt() @Min(1) minimumCents!: number;
  @ApiProperty({ example: 500000 }) @IsInt() @Min(1) maximumCents!: number;
}

export class LimitsDto {
  @ApiProperty({ type: [BetLimitDto] }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => BetLimitDto) perBet!: BetLimitDto[];
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) perBoxMaximumCents?: number;
  @ApiPropertyOptional({ description: 'Table differential (Crown 6.4, Star 6.2)' }) @IsOptional() @IsInt() @Min(1) tableDifferentialCents?: number;
}

export class OpenTableDto {
  @ApiProperty({ example: 'MB-101' }) @Matches(ID) tableId!: string;
  @ApiProperty({ example: 'crown-melbourne-v29' }) @IsString() @MaxLength(40) rulebookId!: string;
  @ApiProperty({ example: 'traditional' }) @IsString() @MaxLength(40) variant!: string;
  @ApiProperty({ type: [OfferedBetDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(40) @ValidateNested({ each: true }) @Type(() => OfferedBetDto) offeredBets!: OfferedBetDto[];
  @ApiProperty({ example: 8 }) @IsInt() @Min(1) @Max(8) decks!: number;
  @ApiProperty({ type: LimitsDto }) @ValidateNested() @Type(() => LimitsDto) limits!: LimitsDto;
  @ApiProperty({ example: 500 }) @IsInt() @Min(1) minimumChipCents!: number;
  @ApiProperty({ example: 'dealer-retains-shoe', description: 'Crown 7.1.1-7.1.3 or Star method-a/b/c' }) @IsString() @MaxLength(40) dealingMethod!: string;
  @ApiProperty({ type: [String], example: [] }) @IsArray() @IsString({ each: true }) jackpotIds!: string[];
  @ApiProperty({ example: 7 }) @IsInt() @Min(1) @Max(14) boxes!: number;
}

export class TableReasonDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class RequiredReasonDto {
  @ApiProperty() @IsString() @Length(1, 500) reason!: string;
}

export class ChangeLimitsDto extends LimitsDto {
  @ApiPropertyOptional({ description: 'Star 6.7.1: raise now, seated players keep the old minimum' }) @IsOptional() @IsBoolean() grandfatherSeatedPlayers?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class IndividualLimitDto {
  @ApiProperty() @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty() @IsInt() @Min(1) maximumCents!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class ChangeGameDto {
  @ApiProperty({ example: 'even-money' }) @IsString() @MaxLength(40) variant!: string;
  @ApiProperty({ type: [OfferedBetDto] }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => OfferedBetDto) offeredBets!: OfferedBetDto[];
}

export class SeatPlayerDto {
  @ApiProperty() @IsInt() @Min(1) @Max(14) box!: number;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) sessionId?: string;
  @ApiPropertyOptional({ description: 'Rated play: the patron id' }) @IsOptional() @Matches(ID) patronId?: string;
}

export class StartShoeDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) shoeId?: string;
  @ApiProperty({ enum: ['new', 'reshuffled', 'replacement'] }) @IsIn(['new', 'reshuffled', 'replacement']) cards!: 'new' | 'reshuffled' | 'replacement';
  @ApiProperty({ description: 'SHA-256 of the shuffled order, recorded before play' }) @Matches(/^[0-9a-f]{64}$/) commitmentHash!: string;
  @ApiPropertyOptional({ description: 'Crown 9.3.1(a): start with deferred commission outstanding (area manager)' }) @IsOptional() @IsBoolean() overrideOutstandingCommission?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class CutShoeDto {
  @ApiProperty() @IsString() @Length(1, 64) cutBy!: string;
  @ApiProperty({ enum: ['player', 'designated', 'supervisor'] }) @IsIn(['player', 'designated', 'supervisor']) cutterKind!: 'player' | 'designated' | 'supervisor';
  @ApiProperty({ example: 20 }) @IsInt() @Min(1) @Max(416) cutCardFromBack!: number;
}

export class BurnDto {
  @ApiProperty({ enum: ['standard', 'standard-shown-on-request', 'face-value'] }) @IsIn(['standard', 'standard-shown-on-request', 'face-value']) method!: 'standard' | 'standard-shown-on-request' | 'face-value';
  @ApiPropertyOptional({ example: '7H' }) @IsOptional() @Matches(CARD) exposedCard?: string;
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) @Max(11) count!: number;
}

export class EndShoeDto {
  @ApiProperty({ enum: ['cut-card', 'insufficient-cards', 'abnormal-sequence'] }) @IsIn(['cut-card', 'insufficient-cards', 'abnormal-sequence']) reason!: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence';
}

export class StartCoupDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) coupId?: string;
  @ApiPropertyOptional({ description: 'Dummy / No Bet Coup (Crown 7.4, Star 7.4-7.5)' }) @IsOptional() @IsBoolean() dummy?: boolean;
  @ApiPropertyOptional({ description: 'Star 7.5: every player at the table agreed to a no bet coup' }) @IsOptional() @IsBoolean() allPlayersAgreed?: boolean;
  @ApiPropertyOptional({ enum: ['marker', 'surveillance-notified'], description: 'Star 7.4: no patrons at the table; a marker placed or surveillance notified' })
  @IsOptional()
  @IsIn(['marker', 'surveillance-notified'])
  noBetCoupNotice?: 'marker' | 'surveillance-notified';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class WagerDto {
  @ApiPropertyOptional() @IsOptional() @Matches(ID) wagerId?: string;
  @ApiProperty() @IsInt() @Min(1) @Max(14) box!: number;
  @ApiPropertyOptional() @IsOptional() @Matches(ID) sessionId?: string;
  @ApiProperty({ example: 'banker' }) @IsString() @MaxLength(40) bet!: string;
  @ApiPropertyOptional({ enum: SIDES }) @IsOptional() @IsIn(SIDES) side?: 'player' | 'banker';
  @ApiProperty({ example: 10000 }) @IsInt() @Min(1) amountCents!: number;
  @ApiPropertyOptional({ description: 'Runs: coups in the run' }) @IsOptional() @IsInt() @Min(2) @Max(6) length?: number;
  @ApiPropertyOptional({ enum: SIDES, isArray: true }) @IsOptional() @IsArray() @IsIn(SIDES, { each: true }) sequence?: ('player' | 'banker')[];
}

export class PlaceWagersDto {
  @ApiProperty({ type: [WagerDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => WagerDto) wagers!: WagerDto[];
}

/** Crown Melbourne 5.8.7: an entitled player declines a betting area's Player or Banker Side Wager. */
export class DeclineSideWagerDto {
  @ApiProperty({ minimum: 1, maximum: 14 }) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty({ example: 'pairs', description: 'A Player or Banker Side Wager (Crown Melbourne 5.5.5-5.5.16)' }) @IsString() @MaxLength(40) bet!: string;
  @ApiPropertyOptional({ enum: SIDES, description: 'The hand, for Pairs, Crown Pairs and Dragon Tail' }) @IsOptional() @IsIn(SIDES) side?: 'player' | 'banker';
  @ApiProperty({ description: 'The session of the player who declines' }) @Matches(ID) sessionId!: string;
}

export class DealCardDto {
  @ApiProperty({ example: 'KH' }) @Matches(CARD) card!: string;
  @ApiPropertyOptional({ enum: SIDES, description: 'Where the dealer placed it (dealer console); omitted by an electronic shoe' }) @IsOptional() @IsIn(SIDES) hand?: 'player' | 'banker';
  @ApiPropertyOptional() @IsOptional() @IsBoolean() faceUp?: boolean;
}

export class DealCardsDto {
  @ApiProperty({ type: [DealCardDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(6) @ValidateNested({ each: true }) @Type(() => DealCardDto) cards!: DealCardDto[];
}

const threeCards = (example: string[]) => ApiProperty({ example, type: [String] });

/** One betting area's hand in Three Card Baccarat (Crown Melbourne 12.6.2). */
export class ThreeCardHandDto {
  @ApiProperty({ minimum: 1, maximum: 9 }) @IsInt() @Min(1) @Max(9) box!: number;
  @threeCards(['KH', 'QD', '9S']) @IsArray() @ArrayMinSize(3) @ArrayMaxSize(3) @Matches(CARD, { each: true }) cards!: string[];
}

/** The round as dealt: three cards to every wagering area and to the Dealer (Crown Melbourne 12.6.2-12.6.3). */
export class DealThreeCardRoundDto {
  @ApiProperty({ type: [ThreeCardHandDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(9) @ValidateNested({ each: true }) @Type(() => ThreeCardHandDto) hands!: ThreeCardHandDto[];
  @threeCards(['2C', '5H', '7D']) @IsArray() @ArrayMinSize(3) @ArrayMaxSize(3) @Matches(CARD, { each: true }) dealer!: string[];
}

/** A betting area's cards as dealt, however many (Crown Melbourne 12.8.3, 12.8.6); an area dealt none is left out. */
export class DealtAreaDto {
  @ApiProperty({ minimum: 1, maximum: 9 }) @IsInt() @Min(1) @Max(9) box!: number;
  @ApiProperty({ example: ['KH', 'QD'], type: [String] }) @IsArray() @ArrayMaxSize(6) @Matches(CARD, { each: true }) cards!: string[];
}

/**
 * Three Card Baccarat: the round as dealt when a wrong deal is noticed only after a player looked at their cards
 * (Crown Melbourne 12.8.3, 12.8.4, 12.8.6), with the count the TG Higher Duties Dealer directed and the retractions.
 */
export class ThreeCardRoundNoticedAfterLookDto {
  @ApiProperty({ type: [DealtAreaDto] }) @IsArray() @ArrayMaxSize(9) @ValidateNested({ each: true }) @Type(() => DealtAreaDto) hands!: DealtAreaDto[];
  @ApiProperty({ example: ['2C', '5H'], type: [String] }) @IsArray() @ArrayMaxSize(6) @Matches(CARD, { each: true }) dealer!: string[];
  @ApiPropertyOptional({ description: 'Crown Melbourne 12.8.3, 12.8.4: the count of all the cards found the correct number' }) @IsOptional() @IsBoolean() countCorrect?: boolean;
  @ApiPropertyOptional({ type: [String], description: 'Crown Melbourne 12.8.3(b), 12.8.6: wagers their players retracted' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ID, { each: true })
  retractedWagerIds?: string[];
}

const MISDEAL_FINDINGS = ['incorrect-cards-before-look', 'dealer-incorrect-cards', 'card-count-discrepancy', 'unwagered-area-dealt', 'card-count-unverified'] as const;

/** A Three Card Baccarat misdeal (Crown Melbourne 12.8): the coup is void and its wagers returned. */
export class DeclareMisdealDto {
  @ApiProperty({ enum: MISDEAL_FINDINGS }) @IsIn(MISDEAL_FINDINGS) finding!: (typeof MISDEAL_FINDINGS)[number];
}

const GROUNDS = ['fraud', 'disruption', 'equipment-malfunction'] as const;

export class VoidCoupDto {
  @ApiProperty({ enum: GROUNDS }) @IsIn(GROUNDS) ground!: (typeof GROUNDS)[number];
  @ApiProperty() @IsString() @Length(1, 500) reason!: string;
}

export class VoidWagerDto {
  @ApiProperty({ enum: [...GROUNDS, 'invalid-wager'] }) @IsIn([...GROUNDS, 'invalid-wager']) ground!: (typeof GROUNDS)[number] | 'invalid-wager';
  @ApiProperty() @IsString() @Length(1, 500) reason!: string;
}

export class SettleCommissionDto {
  @ApiProperty({ enum: ['end-of-shoe', 'player-request', 'player-leaving', 'management-discretion'] })
  @IsIn(['end-of-shoe', 'player-request', 'player-leaving', 'management-discretion'])
  trigger!: 'end-of-shoe' | 'player-request' | 'player-leaving' | 'management-discretion';
  @ApiProperty({ enum: ['collected', 'waived'] }) @IsIn(['collected', 'waived']) method!: 'collected' | 'waived';
}

const KINDS = ['insufficient-cards', 'order-undetermined', 'foreign-card', 'missing-card', 'shuffling-device-malfunction', 'other'] as const;

const MALFUNCTIONS = ['transferred', 'cards-damaged', 'disadvantage', 'no-other-device'] as const;

export class IrregularityDto {
  @ApiProperty({ enum: KINDS }) @IsIn(KINDS) kind!: (typeof KINDS)[number];
  @ApiPropertyOptional() @IsOptional() @Matches(CARD) card?: string;
  @ApiPropertyOptional({ enum: MALFUNCTIONS, description: 'Star 13.2-13.5: what a shuffling device malfunction did' }) @IsOptional() @IsIn(MALFUNCTIONS) malfunction?: (typeof MALFUNCTIONS)[number];
  @ApiPropertyOptional({ description: 'Star 13.5.1: wagers the players elected to have returned' }) @IsOptional() @IsArray() @Matches(ID, { each: true }) returnedWagerIds?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class CorrectPaymentDto {
  @ApiProperty({ enum: ['overpayment', 'underpayment'] }) @IsIn(['overpayment', 'underpayment']) kind!: 'overpayment' | 'underpayment';
  @ApiProperty() @IsInt() @Min(1) amountCents!: number;
  @ApiProperty() @IsString() @Length(1, 500) reason!: string;
}
