import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { clauseContext, ENTITY_ID, IsIsoInstant, RequiredField, violationsFrom } from '@app/platform-kit';
import { isPerBetList } from './rapid-limits';

const BET = /^[a-z0-9-]{1,40}$/;
const CARD = /^(10|[2-9TJQKA])[SHDC]$/i;
const MAX_CENTS = 100_000_000;

export class RapidOfferedBetDto {
  @ApiProperty({ example: 'perfect-pairs' }) @Matches(BET) bet!: string;
  @ApiProperty({ example: '1', description: 'Pay-table option; every Rapid table of the casino offering the side wager uses the same one, the Dragon Bonus one option for both its areas (Rapid 10.1 footnote)' }) @IsString() @Matches(/^[A-Za-z0-9.-]{1,40}$/) option!: string;
}

/** Deprecated: one bet's limits in the map keyed by bet; send `limits.perBet` (RapidBetLimitDto) instead. */
export class BetLimitsDto {
  @ApiProperty({ example: 1000, description: 'Minimum permissible wager, cents (Rapid 5.3.1)' }) @IsInt() @Min(1) @Max(MAX_CENTS) minCents!: number;
  @ApiProperty({ example: 500000, description: 'Maximum permitted wager, cents (Rapid 5.3.2(b))' }) @IsInt() @Min(1) @Max(MAX_CENTS) maxCents!: number;
  @ApiProperty({ example: 100, description: 'Permitted wagers are the minimum plus multiples of this, cents (Rapid 5.3.2(a))' }) @IsInt() @Min(1) @Max(MAX_CENTS) incrementCents!: number;
}

/** One bet's limits as the tables service takes them (its `limits.perBet` items), with the Rapid increment. */
export class RapidBetLimitDto {
  @ApiProperty({ example: 'banker', description: 'An offered bet' }) @Matches(BET) bet!: string;
  @ApiProperty({ example: 1000, description: 'Minimum permissible wager, cents (Rapid 5.3.1)' }) @IsInt() @Min(1) @Max(MAX_CENTS) minimumCents!: number;
  @ApiProperty({ example: 500000, description: 'Maximum permitted wager, cents (Rapid 5.3.2(b))' }) @IsInt() @Min(1) @Max(MAX_CENTS) maximumCents!: number;
  @ApiProperty({ example: 100, description: 'Permitted wagers are the minimum plus multiples of this, cents (Rapid 5.3.2(a))' }) @IsInt() @Min(1) @Max(MAX_CENTS) incrementCents!: number;
}

/** A Rapid table's limits in the tables service's shape: one item per offered bet (Rapid 5.3). */
export class RapidLimitsDto {
  @ApiProperty({ type: [RapidBetLimitDto], description: 'The limits of each offered bet, each bet once' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RapidBetLimitDto)
  perBet!: RapidBetLimitDto[];
}

/** What is wrong with a `perBet` list, each problem by its path as sent (`limits.perBet[0].minimumCents`). */
const perBetListProblems = (limits: RapidLimitsDto): string[] => {
  const errors = validateSync(plainToInstance(RapidLimitsDto, limits), { whitelist: true, forbidNonWhitelisted: true });
  const problems = violationsFrom(errors, 'limits').map((v) => v.message.replace(/\.(\d+)(?=[.\s]|$)/g, '[$1]'));
  const seen = new Set<string>();
  limits.perBet.forEach((l, i) => {
    const bet = (l as { bet?: unknown } | null)?.bet;
    if (typeof bet === 'string' && seen.has(bet)) problems.push(`limits.perBet[${i}].bet lists "${bet}" a second time: give each bet's limits once`);
    if (typeof bet === 'string') seen.add(bet);
  });
  return problems;
};

/** `limits` in the tables' shape is checked item by item; the deprecated map is checked by the rules, as before. */
const IsRapidLimits = () =>
  ValidateBy({
    name: 'isRapidLimits',
    validator: {
      validate: (value: unknown) => !isPerBetList(value) || perBetListProblems(value).length === 0,
      defaultMessage: (args) => (isPerBetList(args?.value) ? perBetListProblems(args.value).join('; ') : 'limits must be { perBet: [...] }'),
    },
  });

export class StationDto {
  @ApiProperty({ example: 'T1-ATS01', description: 'The ATS id; its bearer token carries it as `sub` with role `ats`. An ATS belongs to one table (Rapid 2.2(a)): an id listed at another table is refused' }) @Matches(ENTITY_ID) atsId!: string;
  @ApiProperty({ description: "A remote ATS (Rapid 1.1 'remote ATS'; 6.2.1)" }) @IsBoolean() remote!: boolean;
  @ApiProperty({ description: 'Has a ticket printer (Rapid 6.7.2)' }) @IsBoolean() printer!: boolean;
}

export class OpenRapidTableDto {
  @ApiProperty({ example: 'RB1' }) @Matches(ENTITY_ID) tableId!: string;
  @ApiPropertyOptional({ example: 'main', description: 'A label for where the table stands; default main. Pay-table options are the same on every Rapid table of the casino, whatever the floor (Rapid 10.1 footnote)' }) @IsOptional() @Matches(ENTITY_ID) floorId?: string;
  @ApiPropertyOptional({ example: 'crown-melbourne-rapid' }) @IsOptional() @Matches(BET) rulebookId?: string;
  @ApiProperty({ enum: ['traditional', 'crown-baccarat'] }) @IsIn(['traditional', 'crown-baccarat']) variant!: string;
  @ApiProperty({ type: [RapidOfferedBetDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => RapidOfferedBetDto) offeredBets!: RapidOfferedBetDto[];
  @ApiProperty({
    description:
      'Limits per offered bet (Rapid 5.3), as the tables service takes them: `{ "perBet": [{ "bet", "minimumCents", "maximumCents", "incrementCents" }] }`. Deprecated, still accepted: a map keyed by bet id of `{ "minCents", "maxCents", "incrementCents" }`',
    oneOf: [{ $ref: getSchemaPath(RapidLimitsDto) }, { type: 'object', deprecated: true, description: 'Deprecated: limits keyed by bet id', additionalProperties: { $ref: getSchemaPath(BetLimitsDto) } }],
    example: { perBet: [{ bet: 'player', minimumCents: 1000, maximumCents: 500000, incrementCents: 100 }, { bet: 'banker', minimumCents: 1000, maximumCents: 500000, incrementCents: 100 }] },
  })
  @IsObject()
  @IsRapidLimits()
  limits!: RapidLimitsDto | Record<string, BetLimitsDto>;
  @ApiPropertyOptional({ description: 'Permitted aggregate wager per coup, cents (Rapid 5.3.3)', nullable: true }) @IsOptional() @IsInt() @Min(1) @Max(MAX_CENTS) aggregateMinimumCents?: number | null;
  @ApiProperty({ example: 8 }) @IsInt() @Min(1) @Max(8) decks!: number;
  @ApiPropertyOptional({ description: 'The casino operator\'s wagering period, seconds (Rapid 8.1(a)); omit for the 30 s default (8.1(b))' }) @IsOptional() @IsInt() @Min(1) @Max(600) wageringPeriodSeconds?: number;
  @ApiProperty({ type: [StationDto] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => StationDto) stations!: StationDto[];
}

export class TenderDto {
  @ApiProperty({ enum: ['cash', 'vouchers', 'authorised-tokens', 'chips'], description: 'What the dealer accepted (Rapid 6.2)' }) @IsIn(['cash', 'vouchers', 'authorised-tokens', 'chips']) tender!: 'cash' | 'vouchers' | 'authorised-tokens' | 'chips';
  @ApiProperty({ example: 50000 }) @IsInt() @Min(1) @Max(MAX_CENTS) amountCents!: number;
}

export class NoteAcceptorDto {
  @ApiProperty({ example: 5000, description: 'Cash inserted in the ATS note acceptor, cents: a sum of the notes it takes ($5, $10, $20, $50, $100) (Rapid 6.4, 6.5.2)' }) @IsInt() @Min(1) @Max(MAX_CENTS) amountCents!: number;
}

export class RapidWagerDto {
  @ApiProperty({ example: 'banker' }) @Matches(BET) bet!: string;
  @ApiPropertyOptional({ enum: ['player', 'banker'], description: 'The hand nominated for Pairs / Perfect Pairs' }) @IsOptional() @IsIn(['player', 'banker']) side?: 'player' | 'banker';
  @ApiProperty({ example: 2500 }) @IsInt() @Min(1) @Max(MAX_CENTS) amountCents!: number;
}

export class ShowWagersDto {
  @ApiProperty({ type: [RapidWagerDto], description: 'The whole layout of the ATS for the current round (Rapid 4.2); an empty list withdraws every wager (4.7)' })
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RapidWagerDto)
  wagers!: RapidWagerDto[];
}

export class CashOutDto {
  @ApiProperty({ enum: ['chips', 'ticket'], description: 'Chips from the dealer (6.7.1) or a ticket at a remote ATS with a printer (6.7.2)' }) @IsIn(['chips', 'ticket']) method!: 'chips' | 'ticket';
  @ApiPropertyOptional({ description: 'The printer failed or printed an illegible ticket (6.7.2(b))' }) @IsOptional() @IsBoolean() printerFault?: boolean;
}

export class RapidReasonDto {
  @ApiProperty({ description: 'Why, recorded with the event and shown to the regulator', example: 'ATS 12 touchscreen froze during the wagering period' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}

export class StartRoundDto {
  @ApiPropertyOptional({ description: 'Round id (default derived from the Idempotency-Key)' }) @IsOptional() @Matches(ENTITY_ID) roundId?: string;
}

export class OutcomeDto {
  @ApiProperty({ example: ['2H', '4S'], description: 'Player hand in dealing order (Rapid 8.3.3)' }) @IsArray() @ArrayMinSize(2) @ArrayMaxSize(3) @Matches(CARD, { each: true }) playerCards!: string[];
  @ApiProperty({ example: ['7D', 'KC'], description: 'Banker hand in dealing order' }) @IsArray() @ArrayMinSize(2) @ArrayMaxSize(3) @Matches(CARD, { each: true }) bankerCards!: string[];
}

export class ConfirmedWagerDto {
  @ApiProperty({ example: 'banker' }) @Matches(BET) bet!: string;
  @ApiPropertyOptional({ enum: ['player', 'banker'], description: 'The hand nominated for Pairs / Perfect Pairs' }) @IsOptional() @IsIn(['player', 'banker']) side?: 'player' | 'banker';
  @ApiProperty({ example: 2000 }) @IsInt() @Min(1) @Max(MAX_CENTS) amountCents!: number;
}

// The malfunction rule a request's fields come from, as the rulebook data cites it (Rapid 11.14 an ATS, 11.15 the game
// system): a required field missing is refused 400 FIELD_REQUIRED naming it and this clause.
const RAPID_ATS = atsPoliciesFor(rulebookById('crown-melbourne-rapid'));
const MALFUNCTION = RAPID_ATS.malfunction;
const MALFUNCTION_CLAUSE = `${MALFUNCTION.ats.clause}; ${MALFUNCTION.gameSystem.clause}`;
// An upheld claim that the claimant's ATS malfunctioned (11.12 with 11.14).
const CLAIMED_MALFUNCTION_CLAUSE = `${RAPID_ATS.claims.clause}; ${MALFUNCTION.ats.clause}`;
const CLAIMED_REQUIRED_NOTE = `Missing: 400 FIELD_REQUIRED naming malfunction.<field> and ${CLAIMED_MALFUNCTION_CLAUSE}`;
const OCCURRED_AT = 'when the malfunction occurred, an ISO 8601 date-time with its offset from UTC (e.g. 2026-03-01T21:14:05+11:00)';
const REQUIRED_NOTE = `Missing: 400 FIELD_REQUIRED naming the field and ${MALFUNCTION_CLAUSE} (code, clause and field at the top of the body and in violations)`;

export class MalfunctionDto {
  @ApiProperty({ enum: ['ats', 'game-system'], description: `An ATS (Rapid 11.14) or the game system (11.15). ${REQUIRED_NOTE}` })
  @RequiredField(MALFUNCTION_CLAUSE, '"ats" for a failed ATS or "game-system" for a failure of the game system')
  @IsIn(['ats', 'game-system'], clauseContext(MALFUNCTION_CLAUSE))
  scope!: 'ats' | 'game-system';
  @ApiPropertyOptional({ example: 'RB1-ATS07', description: 'The ATS that failed: required with scope ats (Rapid 11.14; without it, 400 ATS_ID_REQUIRED naming atsId and the clause, code, clause and field at the top of the body and in violations); left out with scope game-system, whose failure deals with every ATS\'s wagers (11.15): given there, 400 ATS_ID_NOT_FOR_GAME_SYSTEM naming atsId and Rapid 11.14; Rapid 11.15, nothing recorded (record scope ats for one ATS)' })
  @IsOptional()
  @Matches(ENTITY_ID)
  atsId?: string;
  @ApiPropertyOptional({ description: 'After the period: could the wagers be confirmed from the records (11.14(b), 11.15(b), 11.16)?' }) @IsOptional() @IsBoolean() confirmedFromRecords?: boolean;
  @ApiPropertyOptional({ type: [ConfirmedWagerDto], description: "Once the outcome is entered, scope ats: the ATS's wagers as the records confirm them, when they differ from those recorded; its account is settled again on them (11.14(b)), held to the permitted aggregate like any wagers (below it: returned, neither staked nor credited, 5.3.3). The ATS must have had an account settled in the round (else 422 NO_ACCOUNT_OF_ATS_IN_ROUND). Leave out when the records confirm the wagers recorded, or with confirmedFromRecords false to void them (11.16)" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ConfirmedWagerDto)
  confirmedWagers?: ConfirmedWagerDto[];
  @ApiProperty({ example: '2026-03-01T21:14:05+11:00', description: `When the malfunction occurred, with its offset from UTC: it, not the time it is recorded, places it before the expiry of the wagering period (11.14(a), 11.15(a): void) or on or after it (11.14(b), 11.15(b)). Not in the future, not before the round opened, not once the next round had opened (400 naming occurredAt). ${REQUIRED_NOTE}` })
  @RequiredField(MALFUNCTION_CLAUSE, OCCURRED_AT)
  @IsIsoInstant(clauseContext(MALFUNCTION_CLAUSE))
  occurredAt!: string;
  @ApiProperty({ description: `What failed and how, as the Dealer saw it (at most 500 characters). ${REQUIRED_NOTE}` })
  @RequiredField(MALFUNCTION_CLAUSE, 'a description of what failed and how, at most 500 characters')
  @IsString(clauseContext(MALFUNCTION_CLAUSE))
  @IsNotEmpty(clauseContext(MALFUNCTION_CLAUSE))
  @MaxLength(500, clauseContext(MALFUNCTION_CLAUSE))
  description!: string;
}

export class ClaimDto {
  @ApiPropertyOptional({ description: 'Claim id (default derived from the Idempotency-Key)' }) @IsOptional() @Matches(ENTITY_ID) claimId?: string;
  @ApiProperty() @Matches(ENTITY_ID) atsId!: string;
  @ApiPropertyOptional({ example: 'R-412', description: 'The round claimed: required for a claim that an incorrect outcome was entered, which is about one round\'s outcome (Rapid 11.12; without it, 400 ROUND_ID_REQUIRED naming roundId and the clause, code, clause and field at the top of the body and in violations); a malfunction claim may name none. One of the last 5 rounds the table holds at the SGC; an earlier round is for the Casino Supervisor (an area-manager token, Rapid 13.9), else 409 ROUND_NO_LONGER_HELD naming that role and the routes. A round id the table never played: 404 ROUND_NOT_FOUND; a round whose outcome was invalidated (every wager refunded, Rapid 13.4): 409 OUTCOME_INVALIDATED' })
  @IsOptional()
  @Matches(ENTITY_ID)
  roundId?: string;
  @ApiProperty({ enum: ['incorrect-outcome', 'malfunction'] }) @IsIn(['incorrect-outcome', 'malfunction']) kind!: 'incorrect-outcome' | 'malfunction';
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) description!: string;
}

export class ClaimMalfunctionDto {
  @ApiProperty({ description: `Could the wagers be confirmed from the records (11.14(b), 11.16)? ${CLAIMED_REQUIRED_NOTE}` })
  @RequiredField(CLAIMED_MALFUNCTION_CLAUSE, 'true if the records confirm the wagers, false to void them (11.16)')
  @IsBoolean(clauseContext(CLAIMED_MALFUNCTION_CLAUSE))
  confirmedFromRecords!: boolean;
  @ApiPropertyOptional({ type: [ConfirmedWagerDto], description: 'Once the outcome is entered: the wagers the records confirm, when they differ from those recorded (11.14(b))' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ConfirmedWagerDto)
  confirmedWagers?: ConfirmedWagerDto[];
  @ApiProperty({ example: '2026-03-01T21:14:05+11:00', description: `When the malfunction occurred, with its offset from UTC: it, not the time it is recorded, places it before the expiry of the wagering period (11.14(a), 11.15(a): void) or on or after it (11.14(b), 11.15(b)). Not in the future, not before the round opened, not once the next round had opened (400 naming occurredAt). ${CLAIMED_REQUIRED_NOTE}` })
  @RequiredField(CLAIMED_MALFUNCTION_CLAUSE, OCCURRED_AT)
  @IsIsoInstant(clauseContext(CLAIMED_MALFUNCTION_CLAUSE))
  occurredAt!: string;
}

export class ClaimResolutionDto {
  @ApiProperty({ enum: ['upheld', 'rejected'] }) @IsIn(['upheld', 'rejected']) resolution!: 'upheld' | 'rejected';
  @ApiProperty({ description: 'The action taken (Rapid 11.12)' }) @IsString() @IsNotEmpty() @MaxLength(500) action!: string;
  @ApiPropertyOptional({ type: ClaimMalfunctionDto, description: "An upheld claim that the claimant's ATS malfunctioned in the round claimed: the malfunction is dealt with and the account adjusted (11.12 with 11.14(b), 11.16)" })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClaimMalfunctionDto)
  malfunction?: ClaimMalfunctionDto;
}

export const INVALIDATION_GROUNDS = ['equipment-failure', 'civil-commotion', 'fire', 'riot', 'brawl', 'robbery', 'act-of-god', 'fraud'] as const;

export class InvalidationDto {
  @ApiProperty({
    enum: INVALIDATION_GROUNDS,
    description:
      "Why the outcome is invalidated: 'equipment-failure' (approved gaming equipment other than an ATS or the game system, whose malfunctions are 11.14-11.16: Rapid 11.10, a Game Supervisor or above); 'civil-commotion', 'fire', 'riot', 'brawl', 'robbery', 'act-of-god' (13.3.1) or 'fraud' (13.3.2): a Casino Supervisor",
  })
  @IsIn(INVALIDATION_GROUNDS)
  ground!: (typeof INVALIDATION_GROUNDS)[number];
  @ApiProperty({ description: 'What happened, recorded with the event and shown to the regulator', example: 'fire alarm: the table was evacuated during the coup' }) @IsString() @IsNotEmpty() @MaxLength(500) reason!: string;
}
