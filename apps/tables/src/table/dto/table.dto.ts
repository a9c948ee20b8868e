import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
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
import { ENTITY_ID } from '@app/platform-kit';

const CARD = /^(A|[2-9]|10|T|J|Q|K)[SHDC]$/i;
const SIDES = ['player', 'banker'] as const;
const REASON = { description: 'Why, in a few words: recorded with the event and shown in the compliance register', example: 'Table closing for the night' };
const BOX = { description: 'The box (betting position) at the table, numbered from 1', example: 3, minimum: 1, maximum: 14 };

export class OfferedBetDto {
  @ApiProperty({ example: 'banker', description: "A bet of the table's rulebook (GET /rulebooks: `bets[].bet`)" }) @IsString() @MaxLength(40) bet!: string;
  @ApiProperty({ example: 'traditional', description: "The pay-table option the table offers the bet with (GET /rulebooks: `bets[].options[].option`; e.g. banker 'traditional' pays 1 to 1 less 5% at Crown Melbourne)" })
  @IsString()
  @MaxLength(40)
  option!: string;
}

export class BetLimitDto {
  @ApiProperty({ example: 'banker', description: 'The bet the limits apply to' }) @IsString() @MaxLength(40) bet!: string;
  @ApiProperty({ example: 2500, description: 'Minimum wager in cents, shown on the table sign (2500 = $25)' }) @IsInt() @Min(1) minimumCents!: number;
  @ApiProperty({ example: 500000, description: 'Maximum wager in cents, shown on the table sign (500000 = $5,000)' }) @IsInt() @Min(1) maximumCents!: number;
}

export class LimitsDto {
  @ApiProperty({ type: [BetLimitDto], description: 'Minimum and maximum per bet offered (Crown Melbourne 6.1, Star 6.1)' }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => BetLimitDto) perBet!: BetLimitDto[];
  @ApiPropertyOptional({ description: 'Most that may be wagered on one box in one coup, in cents', example: 1000000 }) @IsOptional() @IsInt() @Min(1) perBoxMaximumCents?: number;
  @ApiPropertyOptional({ description: 'Table differential (Crown 6.4, Star 6.2): the most the house may lose on Player against Banker in one coup, in cents', example: 2000000 })
  @IsOptional()
  @IsInt()
  @Min(1)
  tableDifferentialCents?: number;
}

export class OpenTableDto {
  @ApiProperty({ example: 'MB-101', description: 'The table id you choose (letters, digits, . _ : -; up to 64): used in every later path' }) @Matches(ENTITY_ID) tableId!: string;
  @ApiProperty({ example: 'crown-melbourne-v29', description: 'The rulebook the table plays under (GET /rulebooks: `id`); the version in force at each coup applies' }) @IsString() @MaxLength(40) rulebookId!: string;
  @ApiProperty({ example: 'traditional', description: "The game variant of the rulebook (GET /rulebooks: `variants[].id`), e.g. 'traditional', 'even-money', 'three-card'" }) @IsString() @MaxLength(40) variant!: string;
  @ApiProperty({ type: [OfferedBetDto], description: 'The bets the table offers, each with its pay-table option; only these are accepted as wagers' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(40)
  @ValidateNested({ each: true })
  @Type(() => OfferedBetDto)
  offeredBets!: OfferedBetDto[];
  @ApiProperty({ example: 8, description: 'Decks in the shoe (the rulebook allows some counts only: GET /rulebooks `decks`)' }) @IsInt() @Min(1) @Max(8) decks!: number;
  @ApiProperty({ type: LimitsDto, description: 'The table limits shown on the sign (required)' }) @IsDefined() @ValidateNested() @Type(() => LimitsDto) limits!: LimitsDto;
  @ApiProperty({ example: 500, description: "The table's smallest chip in cents: wagers and payouts are in chips (Crown 6.2, Star 6.3)" }) @IsInt() @Min(1) minimumChipCents!: number;
  @ApiProperty({ example: 'dealer-retains-shoe', description: 'How the cards are dealt (GET /rulebooks: `dealingMethods`): Crown Melbourne 7.1.1-7.1.3, Star method-a/b/c' }) @IsString() @MaxLength(40) dealingMethod!: string;
  @ApiProperty({
    type: [String],
    example: ['pit3-lucky-tie'],
    description:
      'The Lucky Tie jackpots the table contributes to (Crown Melbourne 13.4.1); [] for none. Accepted as given (the tables service does not call the jackpot service): the jackpot service checks it from the TableOpened event and flags a jackpot that does not exist, or does not list the table, on its console (GET /jackpots: `attention`, `links`) and in the compliance register. A table opened in tournament mode (`tournamentId`) plays for no jackpot where the rulebook says so (Crown Melbourne 14.2.5, 14.4.4(a), 13.4.1): 422 TOURNAMENT_TABLE_ON_JACKPOT.',
  })
  @IsArray()
  @IsString({ each: true })
  jackpotIds!: string[];
  @ApiProperty({ example: 7, description: 'Boxes (betting positions) at the table' }) @IsInt() @Min(1) @Max(14) boxes!: number;
  @ApiPropertyOptional({
    example: 'spring-heats',
    description:
      "Open in tournament mode for this tournament (the tournaments service's id), used for nothing else (Crown Melbourne 14.2.4-14.2.5, Star 15.5.1-15.5.2); allows tournament-only games such as Zero Commission Baccarat (Crown Melbourne 1.1). Such a table takes wagers only in tournament chips from the players seated at it, and plays for no jackpot where the rulebook says so. Refused under a rulebook without tournament play (422 TOURNAMENTS_NOT_PROVIDED). Staff open a table only for their own casino's tournament: a tournament the tables service learnt of from the tournaments service's published terms (TournamentTermsPublished, or TournamentTermsAmended moving it to another rulebook) belongs to the casino of its rulebook, and one of another casino is refused 403 OUT_OF_CASINO naming that casino, opening nothing. A tournament the tables service has not heard of (not published yet, or no such tournament) is not checked here: the table opens, and the tournaments service flags it when it hears of the opening (a tournament it does not hold: a refused command TOURNAMENT_NOT_FOUND for a supervisor to see; one of its own: TournamentTableMisused, a table it did not designate or of another casino).",
  })
  @IsOptional()
  @Matches(ENTITY_ID)
  tournamentId?: string;
}

export class TableReasonDto {
  @ApiPropertyOptional(REASON) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class RequiredReasonDto {
  @ApiProperty({ ...REASON, example: 'Sequence of cards revealed to a player' }) @IsString() @Length(1, 500) reason!: string;
}

export class ChangeLimitsDto extends LimitsDto {
  @ApiPropertyOptional({ description: 'Star 6.7.1: raise the minimum now; players already seated keep the old minimum (with a marker)', example: false }) @IsOptional() @IsBoolean() grandfatherSeatedPlayers?: boolean;
  @ApiPropertyOptional({ ...REASON, example: 'Busy evening: minimum raised' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class IndividualLimitDto {
  @ApiProperty(BOX) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty({ description: "The player's own maximum wager in cents, above the table maximum (Crown 6.6, Star 6.8)", example: 2000000 }) @IsInt() @Min(1) maximumCents!: number;
  @ApiPropertyOptional({ description: 'Crown Melbourne 6.6: an individual minimum in cents', example: 50000 }) @IsOptional() @IsInt() @Min(1) minimumCents?: number;
  @ApiPropertyOptional({ ...REASON, example: 'Premium player, approved by the area manager' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

/** Crown Melbourne 6.5: a seated player's prior arrangement to wager over the table differential, up to an agreed maximum. */
export class OverDifferentialArrangementDto {
  @ApiProperty(BOX) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty({ description: 'The agreed maximum wager in cents for the seated player at this box, over the table differential; the excess pays the extra commission', example: 5000000 }) @IsInt() @Min(1) maximumCents!: number;
}

/** Star 2024 5.9: players permitted per dedicated box and at the table. */
export class PlayerLimitsDto {
  @ApiPropertyOptional({ description: 'Players permitted to wager on each dedicated box', example: 2 }) @IsOptional() @IsInt() @Min(1) perBox?: number;
  @ApiPropertyOptional({ description: 'Players permitted at the table', example: 14 }) @IsOptional() @IsInt() @Min(1) atTable?: number;
}

export class ChangeGameDto {
  @ApiProperty({ example: 'even-money', description: 'The new variant (GET /rulebooks: `variants[].id`)' }) @IsString() @MaxLength(40) variant!: string;
  @ApiProperty({ type: [OfferedBetDto], description: 'The bets offered under the new variant' }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => OfferedBetDto) offeredBets!: OfferedBetDto[];
}

export class SeatPlayerDto {
  @ApiProperty(BOX) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiPropertyOptional({ description: "The player's session at the box (default: a new one); wagers and deferred commission are kept per session", example: 'MB-101-s3' }) @IsOptional() @Matches(ENTITY_ID) sessionId?: string;
  @ApiPropertyOptional({ description: 'Rated play: the patron id (loyalty card), carried to jackpot shares and reports', example: 'P-10442' }) @IsOptional() @Matches(ENTITY_ID) patronId?: string;
}

export class StartShoeDto {
  @ApiPropertyOptional({ description: 'The shoe id (default: a new one); coups are numbered within a shoe', example: 'MB-101-shoe-1' }) @IsOptional() @Matches(ENTITY_ID) shoeId?: string;
  @ApiProperty({ enum: ['new', 'reshuffled', 'replacement'], description: 'New cards, the same cards reshuffled, or a replacement shoe after a fault' }) @IsIn(['new', 'reshuffled', 'replacement']) cards!: 'new' | 'reshuffled' | 'replacement';
  @ApiProperty({ description: 'SHA-256 (hex) of the shuffled order, recorded before play so the order can be proven afterwards', example: 'a'.repeat(64) }) @Matches(/^[0-9a-f]{64}$/) commitmentHash!: string;
  @ApiPropertyOptional({ description: 'Crown 9.3.1(a): start although deferred commission is outstanding (area manager or above)', example: false }) @IsOptional() @IsBoolean() overrideOutstandingCommission?: boolean;
  @ApiPropertyOptional({ ...REASON, example: 'Player left before settling; approved' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class CutShoeDto {
  @ApiProperty({ description: 'Who cut: the box, player or staff member (e.g. "box-3")', example: 'box-3' }) @IsString() @Length(1, 64) cutBy!: string;
  @ApiProperty({ enum: ['player', 'designated', 'supervisor'], description: 'A player, the designated person, or a supervisor when no player will (Crown 4.2, Star 4.3-4.6)' })
  @IsIn(['player', 'designated', 'supervisor'])
  cutterKind!: 'player' | 'designated' | 'supervisor';
  @ApiProperty({ example: 20, description: 'Where the dealer placed the cutting card: cards from the back of the shoe (the rulebook says how many)' }) @IsInt() @Min(1) @Max(416) cutCardFromBack!: number;
}

export class BurnDto {
  @ApiProperty({ enum: ['standard', 'standard-shown-on-request', 'face-value'], description: 'Standard (first card burnt face down), shown on request, or face value (the first card is exposed and that many more are burnt) (Crown 4.3.1, Star 4.7-4.8)' })
  @IsIn(['standard', 'standard-shown-on-request', 'face-value'])
  method!: 'standard' | 'standard-shown-on-request' | 'face-value';
  @ApiPropertyOptional({ example: '7H', description: 'Face-value burn: the exposed first card' }) @IsOptional() @Matches(CARD) exposedCard?: string;
  @ApiProperty({
    example: 1,
    description: 'Cards burnt in all, the exposed card included: 1 for a standard burn; for a face-value burn the exposed card plus its value in more cards (7H → 8; a ten or picture → 11; an ace → 2)',
  })
  @IsInt()
  @Min(1)
  @Max(11)
  count!: number;
}

export class EndShoeDto {
  @ApiProperty({ enum: ['cut-card', 'insufficient-cards', 'abnormal-sequence'], description: 'Why the shoe ends: the cutting card came out and the last coup was dealt, too few cards, or an abnormal sequence' })
  @IsIn(['cut-card', 'insufficient-cards', 'abnormal-sequence'])
  reason!: 'cut-card' | 'insufficient-cards' | 'abnormal-sequence';
}

export class StartCoupDto {
  @ApiPropertyOptional({ description: 'The coup id (default: a new one); used in the coup paths that follow', example: 'MB-101-shoe-1-c1' }) @IsOptional() @Matches(ENTITY_ID) coupId?: string;
  @ApiPropertyOptional({ description: 'Deal a Dummy / No Bet Coup (Crown 7.4, Star 7.4-7.5): no wagers, not on the road, no jackpot contribution', example: false }) @IsOptional() @IsBoolean() dummy?: boolean;
  @ApiPropertyOptional({ description: 'Star 7.5: every player at the table agreed to a no bet coup', example: false }) @IsOptional() @IsBoolean() allPlayersAgreed?: boolean;
  @ApiPropertyOptional({ enum: ['marker', 'surveillance-notified'], description: 'Star 7.4: no patrons at the table; a marker placed or surveillance notified' })
  @IsOptional()
  @IsIn(['marker', 'surveillance-notified'])
  noBetCoupNotice?: 'marker' | 'surveillance-notified';
  @ApiPropertyOptional({ ...REASON, example: 'No players at the table' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class WagerDto {
  @ApiPropertyOptional({ description: 'The wager id (default: a new one); name it to void or correct the wager later', example: 'MB-101-shoe-1-c1-w1' }) @IsOptional() @Matches(ENTITY_ID) wagerId?: string;
  @ApiProperty(BOX) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiPropertyOptional({ description: "The seated player's session (default: the box's current session)", example: 'MB-101-s3' }) @IsOptional() @Matches(ENTITY_ID) sessionId?: string;
  @ApiProperty({ example: 'banker', description: 'A bet the table offers (GET /tables/{tableId}: `offeredBets`)' }) @IsString() @MaxLength(40) bet!: string;
  @ApiPropertyOptional({
    enum: SIDES,
    description: "The hand a side wager is on, required for the bets placed on one hand: Pairs, Crown Pairs, Perfect Pairs, Shield and Dragon Tail (SIDE_REQUIRED otherwise) ('player' or 'banker'); omitted for Player, Banker and Tie",
  })
  @IsOptional()
  @IsIn(SIDES)
  side?: 'player' | 'banker';
  @ApiProperty({ example: 10000, description: 'The wager in cents (10000 = $100), within the table limits and in chips' }) @IsInt() @Min(1) amountCents!: number;
  @ApiPropertyOptional({
    enum: ['chips', 'promotional-token', 'tournament-chips'],
    description:
      "What the wager is placed with: 'chips' (the default at a table open for cash play), 'promotional-token' (Star 5.2, 1.1 'Casino Promotional Token': tokens exchanged for a promotional voucher; winnings paid in chips, the stake never handed back in chips) or 'tournament-chips' (the default, and the only medium, at a table in tournament mode: Crown Melbourne 14.2.5, 14.4.4(a); Star 15.5.2, 15.1.1; amounts then count tournament chips). A wager id from the promotions service (token:<voucherId>:<n>) is a token wager whatever this says. Cash chips or a token at a tournament table: 422 CASH_WAGER_AT_TOURNAMENT_TABLE; tournament chips elsewhere: 422 TOURNAMENT_CHIPS_AT_CASH_TABLE.",
    example: 'chips',
  })
  @IsOptional()
  @IsIn(['chips', 'promotional-token', 'tournament-chips'])
  medium?: 'chips' | 'promotional-token' | 'tournament-chips';
  @ApiPropertyOptional({ description: 'Runs: coups in the run (2-6) (Crown Melbourne 5.5.7, Table 5)', example: 3 }) @IsOptional() @IsInt() @Min(2) @Max(6) length?: number;
  @ApiPropertyOptional({ enum: SIDES, isArray: true, description: 'Runs: the results the run needs, in order (Crown Melbourne 5.5.7)' }) @IsOptional() @IsArray() @IsIn(SIDES, { each: true }) sequence?: ('player' | 'banker')[];
}

export class PlaceWagersDto {
  @ApiProperty({ type: [WagerDto], description: 'The wagers accepted before "no more bets", one per box and bet' }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => WagerDto) wagers!: WagerDto[];
}

/** Crown Melbourne 5.8.7: an entitled player declines a betting area's Player or Banker Side Wager. */
export class DeclineSideWagerDto {
  @ApiProperty(BOX) @IsInt() @Min(1) @Max(14) box!: number;
  @ApiProperty({ example: 'pairs', description: 'A Player or Banker Side Wager (Crown Melbourne 5.5.5-5.5.16)' }) @IsString() @MaxLength(40) bet!: string;
  @ApiPropertyOptional({ enum: SIDES, description: 'The hand, for Pairs, Crown Pairs and Dragon Tail' }) @IsOptional() @IsIn(SIDES) side?: 'player' | 'banker';
  @ApiProperty({ description: 'The session of the player who declines', example: 'MB-101-s3' }) @Matches(ENTITY_ID) sessionId!: string;
}

export class DealCardDto {
  @ApiProperty({ example: 'KH', description: 'The card: rank (A, 2-9, 10 or T, J, Q, K) and suit (S, H, D, C), e.g. "KH", "10S"' }) @Matches(CARD) card!: string;
  @ApiPropertyOptional({ enum: SIDES, description: 'Where the dealer placed it (dealer console); omitted by an electronic shoe, the Table of Play places it' }) @IsOptional() @IsIn(SIDES) hand?: 'player' | 'banker';
  @ApiPropertyOptional({
    example: false,
    description:
      'An irregularity: the card was FOUND FACE UP IN THE SHOE before it was dealt (Crown 10.5, Star 12.3-12.5). The first card of a coup found face up makes the coup a dummy coup and its wagers are returned; a later one is played as if face down. NOT "dealt face up": cards are dealt face up in baccarat, leave this out (false) for a normal deal.',
  })
  @IsOptional()
  @IsBoolean()
  foundFaceUpInShoe?: boolean;
  @ApiPropertyOptional({ deprecated: true, example: false, description: 'Old name of `foundFaceUpInShoe` (the same meaning: found face up in the shoe, an irregularity), still accepted' })
  @IsOptional()
  @IsBoolean()
  faceUp?: boolean;
}

export class DealCardsDto {
  @ApiProperty({ type: [DealCardDto], description: 'The cards in dealing order, as the shoe reports them (2 to 6)' }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(6) @ValidateNested({ each: true }) @Type(() => DealCardDto) cards!: DealCardDto[];
}

const threeCards = (example: string[]) => ApiProperty({ example, type: [String], description: 'The three cards, e.g. ["KH", "QD", "9S"]' });

/** One betting area's hand in Three Card Baccarat (Crown Melbourne 12.6.2). */
export class ThreeCardHandDto {
  @ApiProperty({ minimum: 1, maximum: 9, example: 1, description: 'The wagering area (box) dealt the hand' }) @IsInt() @Min(1) @Max(9) box!: number;
  @threeCards(['KH', 'QD', '9S']) @IsArray() @ArrayMinSize(3) @ArrayMaxSize(3) @Matches(CARD, { each: true }) cards!: string[];
}

/** The round as dealt: three cards to every wagering area and to the Dealer (Crown Melbourne 12.6.2-12.6.3). */
export class DealThreeCardRoundDto {
  @ApiProperty({ type: [ThreeCardHandDto], description: 'Each wagering area dealt a hand, with its three cards' }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(9) @ValidateNested({ each: true }) @Type(() => ThreeCardHandDto) hands!: ThreeCardHandDto[];
  @threeCards(['2C', '5H', '7D']) @IsArray() @ArrayMinSize(3) @ArrayMaxSize(3) @Matches(CARD, { each: true }) dealer!: string[];
}

/** A betting area's cards as dealt, however many (Crown Melbourne 12.8.3, 12.8.6); an area dealt none is left out. */
export class DealtAreaDto {
  @ApiProperty({ minimum: 1, maximum: 9, example: 1, description: 'The wagering area (box)' }) @IsInt() @Min(1) @Max(9) box!: number;
  @ApiProperty({ example: ['KH', 'QD'], type: [String], description: 'The cards the area was dealt, however many' }) @IsArray() @ArrayMaxSize(6) @Matches(CARD, { each: true }) cards!: string[];
}

/**
 * Three Card Baccarat: the round as dealt when a wrong deal is noticed only after a player looked at their cards
 * (Crown Melbourne 12.8.3, 12.8.4, 12.8.6), with the count the TG Higher Duties Dealer directed and the retractions.
 */
export class ThreeCardRoundNoticedAfterLookDto {
  @ApiProperty({ type: [DealtAreaDto], description: 'Each wagering area dealt cards, with the cards as dealt' }) @IsArray() @ArrayMaxSize(9) @ValidateNested({ each: true }) @Type(() => DealtAreaDto) hands!: DealtAreaDto[];
  @ApiProperty({ example: ['2C', '5H'], type: [String], description: "The Dealer's cards as dealt" }) @IsArray() @ArrayMaxSize(6) @Matches(CARD, { each: true }) dealer!: string[];
  @ApiPropertyOptional({ description: 'Crown Melbourne 12.8.3, 12.8.4: the count of all the cards found the correct number', example: true }) @IsOptional() @IsBoolean() countCorrect?: boolean;
  @ApiPropertyOptional({ type: [String], description: 'Crown Melbourne 12.8.3(b), 12.8.6: wagers their players retracted', example: ['MB-101-shoe-1-c4-w2'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ENTITY_ID, { each: true })
  retractedWagerIds?: string[];
}

const MISDEAL_FINDINGS = ['incorrect-cards-before-look', 'dealer-incorrect-cards', 'card-count-discrepancy', 'unwagered-area-dealt', 'card-count-unverified'] as const;

/** A Three Card Baccarat misdeal (Crown Melbourne 12.8): the coup is void and its wagers returned. */
export class DeclareMisdealDto {
  @ApiProperty({ enum: MISDEAL_FINDINGS, description: 'What was found (Crown Melbourne 12.8)' }) @IsIn(MISDEAL_FINDINGS) finding!: (typeof MISDEAL_FINDINGS)[number];
}

const GROUNDS = ['fraud', 'disruption', 'equipment-malfunction'] as const;

export class VoidCoupDto {
  @ApiProperty({ enum: GROUNDS, description: 'The ground: fraud, disruption or equipment malfunction; the rulebook names who may void on each (Crown 15.3-15.5, Star 14.4-14.5)' }) @IsIn(GROUNDS) ground!: (typeof GROUNDS)[number];
  @ApiProperty({ ...REASON, example: 'Dealing shoe misread the third card' }) @IsString() @Length(1, 500) reason!: string;
}

export class VoidWagerDto {
  @ApiProperty({ enum: [...GROUNDS, 'invalid-wager'], description: 'The ground, or an invalid wager (e.g. placed after no more bets)' }) @IsIn([...GROUNDS, 'invalid-wager']) ground!: (typeof GROUNDS)[number] | 'invalid-wager';
  @ApiProperty({ ...REASON, example: 'Wager placed after no more bets' }) @IsString() @Length(1, 500) reason!: string;
}

/** Retract (toCents 0) or reduce a wager after no more bets, on a ground the rulebook gives (Crown Melbourne 10.7(b), 10.9.1; Star 12.1.1, 12.12). */
export class ChangeWagerDto {
  @ApiProperty({ description: 'The wager after the change, in cents: 0 retracts it; less than it reduces it', example: 5000 }) @IsInt() @Min(0) toCents!: number;
  @ApiProperty({ enum: ['wrong-delivery', 'cards-drawn-unexposed', 'reconstruction', 'supervisor-modification'], description: 'Why the rulebook gives the player the option: a card delivered wrongly, cards drawn but not exposed, a coup reconstructed, or a supervisor modifying the wager', example: 'wrong-delivery' })
  @IsIn(['wrong-delivery', 'cards-drawn-unexposed', 'reconstruction', 'supervisor-modification'])
  ground!: 'wrong-delivery' | 'cards-drawn-unexposed' | 'reconstruction' | 'supervisor-modification';
}

export class SettleCommissionDto {
  @ApiProperty({ enum: ['end-of-shoe', 'player-request', 'player-leaving', 'management-discretion'], description: 'When deferred commission is settled (Crown 9.3.1(a))' })
  @IsIn(['end-of-shoe', 'player-request', 'player-leaving', 'management-discretion'])
  trigger!: 'end-of-shoe' | 'player-request' | 'player-leaving' | 'management-discretion';
  @ApiProperty({ enum: ['collected', 'waived'], description: 'Collected from the player, or waived (management only, Crown 9.3.1(a)(iii))' }) @IsIn(['collected', 'waived']) method!: 'collected' | 'waived';
}

const KINDS = ['insufficient-cards', 'order-undetermined', 'foreign-card', 'missing-card', 'shuffling-device-malfunction', 'other'] as const;

const MALFUNCTIONS = ['transferred', 'cards-damaged', 'disadvantage', 'no-other-device'] as const;

export class IrregularityDto {
  @ApiProperty({ enum: KINDS, description: 'The irregularity (Crown 10, Rapid 11, Star 12)' }) @IsIn(KINDS) kind!: (typeof KINDS)[number];
  @ApiPropertyOptional({ description: 'The card concerned (the foreign or missing card, Star 12.11)', example: 'AS' }) @IsOptional() @Matches(CARD) card?: string;
  @ApiPropertyOptional({ enum: MALFUNCTIONS, description: 'Star 13.2-13.5: what a shuffling device malfunction did' }) @IsOptional() @IsIn(MALFUNCTIONS) malfunction?: (typeof MALFUNCTIONS)[number];
  @ApiPropertyOptional({ description: 'Star 13.5.1: wagers the players elected to have returned', example: ['MB-101-shoe-1-c4-w1'] }) @IsOptional() @IsArray() @Matches(ENTITY_ID, { each: true }) returnedWagerIds?: string[];
  @ApiPropertyOptional({ ...REASON, example: 'Foreign card found in the shoe' }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export class CorrectPaymentDto {
  @ApiProperty({ enum: ['overpayment', 'underpayment'], description: 'The player was paid too much, or too little (Star 2024 12.18-12.20)' }) @IsIn(['overpayment', 'underpayment']) kind!: 'overpayment' | 'underpayment';
  @ApiProperty({ description: 'The difference in cents; above $1,000 it is in the monthly regulator report (Star 2024 12.20.2)', example: 150000 }) @IsInt() @Min(1) amountCents!: number;
  @ApiProperty({ ...REASON, example: 'Found on the surveillance review of the coup' }) @IsString() @Length(1, 500) reason!: string;
}
