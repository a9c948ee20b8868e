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
  type ValidationOptions,
} from 'class-validator';
import { atsPoliciesFor, rulebookById } from '@app/baccarat';
import { clauseContext, ENTITY_ID, IsIsoInstant, RequiredField, violationsFrom } from '@app/platform-kit';
import { isPerBetList } from './rapid-limits';

// The rules each request's fields serve, as the rulebook data cites them: a field missing is refused 400 FIELD_REQUIRED,
// a field sent but wrong 400 naming its rule, each naming the field and the clause (code, clause and field at the top
// of the body and in violations).
const RAPID_RULEBOOK = rulebookById('crown-melbourne-rapid');
const RAPID_ATS = atsPoliciesFor(RAPID_RULEBOOK);
/** Freezing the accounts for a wrong outcome, and entering the actual one (11.11). */
const WRONG_OUTCOME_CLAUSE = RAPID_ATS.wrongOutcome.clause;
/** A manual payment after a printer fault (6.7.2(b)), or of what a recalculation left owed (11.11). */
const MANUAL_PAYMENT_CLAUSE = `${RAPID_ATS.cashOut.manualPayment.clause}; ${RAPID_ATS.wrongOutcome.clause}`;
/** A player's claim and its resolution (11.12). */
const CLAIM_CLAUSE = RAPID_ATS.claims.clause;
/** The rounds the SGC holds for the Dealer (11.11, 11.12, 13.9). */
const ROUNDS_HELD = RAPID_ATS.sgc.roundsHeld;
/** The outcome entered: each hand in dealing order, two or three cards (8.3.3, 8.4.1). */
const HAND_CLAUSE = RAPID_ATS.sgc.handSizeClause;
const CORRECTED_HAND_CLAUSE = `${WRONG_OUTCOME_CLAUSE}; ${HAND_CLAUSE}`;
/** The powers to invalidate an outcome (11.10, 13.3.1, 13.3.2) and the refund of every wager (13.4). */
const VOIDING = RAPID_RULEBOOK.procedures.voiding;
const INVALIDATION_CLAUSE = VOIDING ? [VOIDING.equipmentMalfunction, VOIDING.disruption, VOIDING.fraud, VOIDING.refund].flatMap((a) => (a ? [a.clause] : [])).join('; ') : CLAIM_CLAUSE;
/** A buy-in tendered to the Dealer (6.2, 6.3, 6.5.1), or cash in the note acceptor (6.2, 6.4, 6.5.2). */
const DEALER_BUY_IN_CLAUSE = RAPID_ATS.buyIn.dealerClause;
const NOTE_ACCEPTOR_CLAUSE = RAPID_ATS.buyIn.noteAcceptorClause;
/** The layout an ATS shows for the round (4.2), its wagers within the limits (5.3). */
const LAYOUT_CLAUSE = `${RAPID_ATS.layout.clause}; ${RAPID_ATS.table.limitsClause}`;
/** Leaving the game: chips (6.7.1) or a ticket (6.7.2). */
const CASH_OUT_CLAUSE = `${RAPID_ATS.cashOut.chips.clause}; ${RAPID_ATS.cashOut.ticket.clause}`;
/** The wagers the records confirm after a malfunction (11.14(b)). */
const CONFIRMED_WAGER_CLAUSE = `${RAPID_ATS.malfunction.ats.clause}(b)`;
/** Opening a table (Rapid 2.2(a), 3.1, 4.10, 5.3, 8.1(a), 10.1). */
const TABLE = RAPID_ATS.table;
const DECKS_CLAUSE = RAPID_RULEBOOK.decks.clause;
/** A round started on the SGC (8.1). */
const ROUND_CLAUSE = RAPID_ATS.wageringPeriod.clause;
/** The chips an ATS shows (Rapid 4.2, 5.3.2): every minimum, increment and maximum is a sum of them. */
const CHIPS = RAPID_ATS.chips.denominationsCents.map((c) => `${c} cents`).join(', ');
const requiredNote = (clause: string) => `Missing: 400 FIELD_REQUIRED naming the field and ${clause}; wrong: 400 naming the field, its rule and the clause`;

const BET = /^[a-z0-9-]{1,40}$/;
const CARD = /^(10|[2-9TJQKA])[SHDC]$/i;
const MAX_CENTS = 100_000_000;

export class RapidOfferedBetDto {
  @ApiProperty({ example: 'perfect-pairs', description: `A bet the rules provide for (Rapid 4.10; 10.1). ${requiredNote(TABLE.offeredBetsClause)}` })
  @RequiredField(TABLE.offeredBetsClause, 'the bet offered (e.g. "banker", "perfect-pairs")')
  @Matches(BET, clauseContext(TABLE.offeredBetsClause))
  bet!: string;
  @ApiProperty({ example: '1', description: `Pay-table option; every Rapid table of the casino offering the side wager uses the same one, the Dragon Bonus one option for both its areas (Rapid 10.1 footnote). ${requiredNote(TABLE.uniformPayTablesClause)}` })
  @RequiredField(TABLE.uniformPayTablesClause, 'the pay-table option (e.g. "standard", "traditional", "1")')
  @IsString(clauseContext(TABLE.uniformPayTablesClause))
  @Matches(/^[A-Za-z0-9.-]{1,40}$/, clauseContext(TABLE.uniformPayTablesClause))
  option!: string;
}

/** Deprecated: one bet's limits in the map keyed by bet; send `limits.perBet` (RapidBetLimitDto) instead. */
export class BetLimitsDto {
  @ApiProperty({ example: 1000, description: `Minimum permissible wager, cents (Rapid 5.3.1): a sum of the ATS chips (${CHIPS}), else 422 LIMIT_NOT_MADE_WITH_CHIPS` }) @IsInt() @Min(1) @Max(MAX_CENTS) minCents!: number;
  @ApiProperty({ example: 500000, description: 'Maximum permitted wager, cents (Rapid 5.3.2(b)): itself a permitted wager, the minimum plus whole increments, else 422 MAXIMUM_NOT_A_PERMITTED_WAGER' }) @IsInt() @Min(1) @Max(MAX_CENTS) maxCents!: number;
  @ApiProperty({ example: 500, description: `Permitted wagers are the minimum plus multiples of this, cents (Rapid 5.3.2(a)): a sum of the ATS chips (${CHIPS}), else 422 STEP_NOT_MADE_WITH_CHIPS` }) @IsInt() @Min(1) @Max(MAX_CENTS) incrementCents!: number;
}

/** One bet's limits as the tables service takes them (its `limits.perBet` items), with the Rapid increment. */
export class RapidBetLimitDto {
  @ApiProperty({ example: 'banker', description: 'An offered bet' }) @Matches(BET) bet!: string;
  @ApiProperty({ example: 1000, description: `Minimum permissible wager, cents (Rapid 5.3.1): a sum of the ATS chips (${CHIPS}), else 422 LIMIT_NOT_MADE_WITH_CHIPS` }) @IsInt() @Min(1) @Max(MAX_CENTS) minimumCents!: number;
  @ApiProperty({ example: 500000, description: 'Maximum permitted wager, cents (Rapid 5.3.2(b)): itself a permitted wager, the minimum plus whole increments, else 422 MAXIMUM_NOT_A_PERMITTED_WAGER' }) @IsInt() @Min(1) @Max(MAX_CENTS) maximumCents!: number;
  @ApiProperty({ example: 500, description: `Permitted wagers are the minimum plus multiples of this, cents (Rapid 5.3.2(a)): a sum of the ATS chips (${CHIPS}), else 422 STEP_NOT_MADE_WITH_CHIPS` }) @IsInt() @Min(1) @Max(MAX_CENTS) incrementCents!: number;
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
const IsRapidLimits = (options?: ValidationOptions) =>
  ValidateBy({
    name: 'isRapidLimits',
    validator: {
      validate: (value: unknown) => !isPerBetList(value) || perBetListProblems(value).length === 0,
      defaultMessage: (args) => (isPerBetList(args?.value) ? perBetListProblems(args.value).join('; ') : 'limits must be { perBet: [...] }'),
    },
  }, options);

/** A remote ATS takes cash only in its note acceptor (6.2.1). */
const REMOTE_CLAUSE = RAPID_ATS.buyIn.remoteNoteAcceptorOnly.clause;

export class StationDto {
  @ApiProperty({ example: 'T1-ATS01', description: `The ATS id; its bearer token carries it as \`sub\` with role \`ats\`. An ATS belongs to one table (Rapid 2.2(a)): an id listed at another table is refused. ${requiredNote(TABLE.oneTablePerAtsClause)}` })
  @RequiredField(TABLE.oneTablePerAtsClause, 'the ATS id (letters, digits, - and _)')
  @Matches(ENTITY_ID, clauseContext(TABLE.oneTablePerAtsClause))
  atsId!: string;
  @ApiProperty({ description: `A remote ATS (Rapid 1.1 'remote ATS'; 6.2.1). ${requiredNote(REMOTE_CLAUSE)}` })
  @RequiredField(REMOTE_CLAUSE, 'true for a remote ATS, false for one at the table')
  @IsBoolean(clauseContext(REMOTE_CLAUSE))
  remote!: boolean;
  @ApiProperty({ description: `Has a ticket printer (Rapid 6.7.2). ${requiredNote(RAPID_ATS.cashOut.ticket.clause)}` })
  @RequiredField(RAPID_ATS.cashOut.ticket.clause, 'true if the ATS has a ticket printer, else false')
  @IsBoolean(clauseContext(RAPID_ATS.cashOut.ticket.clause))
  printer!: boolean;
}

export class OpenRapidTableDto {
  @ApiProperty({ example: 'RB1', description: `The gaming table's id (Rapid 2.2). ${requiredNote(TABLE.stationsClause)}` })
  @RequiredField(TABLE.stationsClause, 'the table id (letters, digits, - and _)')
  @Matches(ENTITY_ID, clauseContext(TABLE.stationsClause))
  tableId!: string;
  @ApiPropertyOptional({ example: 'main', description: 'A label for where the table stands; default main. Pay-table options are the same on every Rapid table of the casino, whatever the floor (Rapid 10.1 footnote)' }) @IsOptional() @Matches(ENTITY_ID, clauseContext(TABLE.uniformPayTablesClause)) floorId?: string;
  @ApiPropertyOptional({ example: 'crown-melbourne-rapid' }) @IsOptional() @Matches(BET) rulebookId?: string;
  @ApiProperty({ enum: ['traditional', 'crown-baccarat'], description: `The game played: its Banker pay table (Rapid 10.1). ${requiredNote(TABLE.offeredBetsClause)}` })
  @RequiredField(TABLE.offeredBetsClause, '"traditional" or "crown-baccarat"')
  @IsIn(['traditional', 'crown-baccarat'], clauseContext(TABLE.offeredBetsClause))
  variant!: string;
  @ApiProperty({ type: [RapidOfferedBetDto], description: `The bets offered, each with its pay-table option (Rapid 4.10; 10.1). ${requiredNote(TABLE.offeredBetsClause)}` })
  @RequiredField(TABLE.offeredBetsClause, 'the bets offered as a list of { bet, option }, at least one')
  @IsArray(clauseContext(TABLE.offeredBetsClause))
  @ArrayMinSize(1, clauseContext(TABLE.offeredBetsClause))
  @ArrayMaxSize(20, clauseContext(TABLE.offeredBetsClause))
  @ValidateNested({ each: true })
  @Type(() => RapidOfferedBetDto)
  offeredBets!: RapidOfferedBetDto[];
  @ApiProperty({
    description:
      'Limits per offered bet (Rapid 5.3), as the tables service takes them: `{ "perBet": [{ "bet", "minimumCents", "maximumCents", "incrementCents" }] }`. Deprecated, still accepted: a map keyed by bet id of `{ "minCents", "maxCents", "incrementCents" }`',
    oneOf: [{ $ref: getSchemaPath(RapidLimitsDto) }, { type: 'object', deprecated: true, description: 'Deprecated: limits keyed by bet id', additionalProperties: { $ref: getSchemaPath(BetLimitsDto) } }],
    example: { perBet: [{ bet: 'player', minimumCents: 1000, maximumCents: 500000, incrementCents: 500 }, { bet: 'banker', minimumCents: 1000, maximumCents: 500000, incrementCents: 500 }] },
  })
  @RequiredField(TABLE.limitsClause, 'the limits of each offered bet as { "perBet": [{ "bet", "minimumCents", "maximumCents", "incrementCents" }] }')
  @IsObject(clauseContext(TABLE.limitsClause))
  @IsRapidLimits(clauseContext(TABLE.limitsClause))
  limits!: RapidLimitsDto | Record<string, BetLimitsDto>;
  @ApiPropertyOptional({ type: 'integer', description: 'Permitted aggregate wager per coup, cents (Rapid 5.3.3): at most what the maximums of the offered bets add up to (a bet on a nominated hand once per hand), else 422 AGGREGATE_UNREACHABLE', nullable: true }) @IsOptional() @IsInt(clauseContext(RAPID_ATS.belowAggregate.clause)) @Min(1, clauseContext(RAPID_ATS.belowAggregate.clause)) @Max(MAX_CENTS, clauseContext(RAPID_ATS.belowAggregate.clause)) aggregateMinimumCents?: number | null;
  @ApiProperty({ example: 8, description: `The decks in the shoe (Rapid 3.1; 8 where Perfect Pairs is offered, 3.1.1). ${requiredNote(DECKS_CLAUSE)}` })
  @RequiredField(DECKS_CLAUSE, 'the number of decks, 4 to 8')
  @IsInt(clauseContext(DECKS_CLAUSE))
  @Min(1, clauseContext(DECKS_CLAUSE))
  @Max(8, clauseContext(DECKS_CLAUSE))
  decks!: number;
  @ApiPropertyOptional({ description: 'The casino operator\'s wagering period, seconds (Rapid 8.1(a)); omit for the 30 s default (8.1(b))' })
  @IsOptional()
  @IsInt(clauseContext(RAPID_ATS.wageringPeriod.setByClause))
  @Min(1, clauseContext(RAPID_ATS.wageringPeriod.setByClause))
  @Max(600, clauseContext(RAPID_ATS.wageringPeriod.setByClause))
  wageringPeriodSeconds?: number;
  @ApiProperty({ type: [StationDto], description: `The table's ATS, 1 to 50 (Rapid 2.2(a)). ${requiredNote(TABLE.stationsClause)}` })
  @RequiredField(TABLE.stationsClause, 'the ATS of the table as a list of { atsId, remote, printer }, 1 to 50')
  @IsArray(clauseContext(TABLE.stationsClause))
  @ArrayMinSize(1, clauseContext(TABLE.stationsClause))
  @ArrayMaxSize(50, clauseContext(TABLE.stationsClause))
  @ValidateNested({ each: true })
  @Type(() => StationDto)
  stations!: StationDto[];
}

export class TenderDto {
  @ApiProperty({ enum: ['cash', 'vouchers', 'authorised-tokens', 'chips'], description: `What the dealer accepted (Rapid 6.2). ${requiredNote(DEALER_BUY_IN_CLAUSE)}` })
  @RequiredField(DEALER_BUY_IN_CLAUSE, 'what the Dealer accepted: "cash", "vouchers", "authorised-tokens" or "chips"')
  @IsIn(['cash', 'vouchers', 'authorised-tokens', 'chips'], clauseContext(DEALER_BUY_IN_CLAUSE))
  tender!: 'cash' | 'vouchers' | 'authorised-tokens' | 'chips';
  @ApiProperty({ example: 50000, description: `The amount accepted, whole cents, at least 1 (0 or less: 400 naming amountCents, the rule min and the clause). ${requiredNote(DEALER_BUY_IN_CLAUSE)}` })
  @RequiredField(DEALER_BUY_IN_CLAUSE, 'the amount accepted in whole cents, at least 1')
  @IsInt(clauseContext(DEALER_BUY_IN_CLAUSE))
  @Min(1, clauseContext(DEALER_BUY_IN_CLAUSE))
  @Max(MAX_CENTS, clauseContext(DEALER_BUY_IN_CLAUSE))
  amountCents!: number;
}

export class NoteAcceptorDto {
  @ApiProperty({ example: 5000, description: `Cash inserted in the ATS note acceptor, cents: a sum of the notes it takes ($5, $10, $20, $50, $100) (Rapid 6.4, 6.5.2). ${requiredNote(NOTE_ACCEPTOR_CLAUSE)}` })
  @RequiredField(NOTE_ACCEPTOR_CLAUSE, 'the cash inserted in whole cents, a sum of the notes the note acceptor takes')
  @IsInt(clauseContext(NOTE_ACCEPTOR_CLAUSE))
  @Min(1, clauseContext(NOTE_ACCEPTOR_CLAUSE))
  @Max(MAX_CENTS, clauseContext(NOTE_ACCEPTOR_CLAUSE))
  amountCents!: number;
}

export class RapidWagerDto {
  @ApiProperty({ example: 'banker', description: `An offered bet. ${requiredNote(LAYOUT_CLAUSE)}` })
  @RequiredField(LAYOUT_CLAUSE, 'the bet, one the table offers (e.g. "banker")')
  @Matches(BET, clauseContext(LAYOUT_CLAUSE))
  bet!: string;
  @ApiPropertyOptional({ enum: ['player', 'banker'], description: 'The hand nominated for Pairs / Perfect Pairs' }) @IsOptional() @IsIn(['player', 'banker'], clauseContext(RAPID_ATS.sideNominated.clause)) side?: 'player' | 'banker';
  @ApiProperty({ example: 2500, description: `The wager, whole cents, at least 1. ${requiredNote(LAYOUT_CLAUSE)}` })
  @RequiredField(LAYOUT_CLAUSE, 'the wager in whole cents, at least 1')
  @IsInt(clauseContext(LAYOUT_CLAUSE))
  @Min(1, clauseContext(LAYOUT_CLAUSE))
  @Max(MAX_CENTS, clauseContext(LAYOUT_CLAUSE))
  amountCents!: number;
}

export class ShowWagersDto {
  @ApiProperty({ type: [RapidWagerDto], description: `The whole layout of the ATS for the current round (Rapid 4.2); an empty list withdraws every wager (4.7). ${requiredNote(LAYOUT_CLAUSE)}` })
  @RequiredField(LAYOUT_CLAUSE, 'the whole layout for the round as a list of { bet, amountCents }, [] to withdraw every wager')
  @IsArray(clauseContext(LAYOUT_CLAUSE))
  @ArrayMaxSize(20, clauseContext(LAYOUT_CLAUSE))
  @ValidateNested({ each: true })
  @Type(() => RapidWagerDto)
  wagers!: RapidWagerDto[];
}

export class CashOutDto {
  @ApiProperty({ enum: ['chips', 'ticket'], description: `Chips from the dealer (6.7.1) or a ticket at a remote ATS with a printer (6.7.2). ${requiredNote(CASH_OUT_CLAUSE)}` })
  @RequiredField(CASH_OUT_CLAUSE, '"chips" for chips from the Dealer or "ticket" at a remote ATS with a printer')
  @IsIn(['chips', 'ticket'], clauseContext(CASH_OUT_CLAUSE))
  method!: 'chips' | 'ticket';
  @ApiPropertyOptional({ description: 'The printer failed or printed an illegible ticket (6.7.2(b))' }) @IsOptional() @IsBoolean(clauseContext(RAPID_ATS.cashOut.manualPayment.clause)) printerFault?: boolean;
}

/** Why the Dealer freezes every ATS chip account for the round (Rapid 11.11). */
export class FreezeReasonDto {
  @ApiProperty({ description: `Why the outcome entered is thought wrong, recorded with the freeze and shown to the regulator (at most 500 characters). ${requiredNote(WRONG_OUTCOME_CLAUSE)}`, example: 'Player had 9, Banker 6 was entered' })
  @RequiredField(WRONG_OUTCOME_CLAUSE, 'why the outcome entered is thought wrong, at most 500 characters')
  @IsString(clauseContext(WRONG_OUTCOME_CLAUSE))
  @IsNotEmpty(clauseContext(WRONG_OUTCOME_CLAUSE))
  @MaxLength(500, clauseContext(WRONG_OUTCOME_CLAUSE))
  reason!: string;
}

/** Why a manual payment was made: a ticket the printer failed to print (Rapid 6.7.2(b)), or what a recalculation left owed (11.11). */
export class ManualPaymentDto {
  @ApiProperty({ description: `Why the payment was made by hand, recorded with it and shown to the regulator (at most 500 characters). ${requiredNote(MANUAL_PAYMENT_CLAUSE)}`, example: 'Printer jammed: ticket not printed, paid at the cage' })
  @RequiredField(MANUAL_PAYMENT_CLAUSE, 'why the payment was made by hand (e.g. the printer fault), at most 500 characters')
  @IsString(clauseContext(MANUAL_PAYMENT_CLAUSE))
  @IsNotEmpty(clauseContext(MANUAL_PAYMENT_CLAUSE))
  @MaxLength(500, clauseContext(MANUAL_PAYMENT_CLAUSE))
  reason!: string;
}

export class StartRoundDto {
  @ApiPropertyOptional({ description: 'Round id (default derived from the Idempotency-Key)' }) @IsOptional() @Matches(ENTITY_ID, clauseContext(ROUND_CLAUSE)) roundId?: string;
}

const CARDS = 'two or three cards in dealing order, each a rank (2-9, 10 or T, J, Q, K, A) and a suit (S, H, D, C), e.g. ["2H", "4S"]';

/** The outcome entered on the SGC: each hand in dealing order (Rapid 8.3.3, 8.4.1). */
export class OutcomeDto {
  @ApiProperty({ example: ['2H', '4S'], description: `Player hand in dealing order (Rapid 8.3.3). ${requiredNote(HAND_CLAUSE)}` })
  @RequiredField(HAND_CLAUSE, `the Player hand: ${CARDS}`)
  @IsArray(clauseContext(HAND_CLAUSE))
  @ArrayMinSize(2, clauseContext(HAND_CLAUSE))
  @ArrayMaxSize(3, clauseContext(HAND_CLAUSE))
  @Matches(CARD, clauseContext(HAND_CLAUSE, { each: true }))
  playerCards!: string[];
  @ApiProperty({ example: ['7D', 'KC'], description: `Banker hand in dealing order (Rapid 8.3.3). ${requiredNote(HAND_CLAUSE)}` })
  @RequiredField(HAND_CLAUSE, `the Banker hand: ${CARDS}`)
  @IsArray(clauseContext(HAND_CLAUSE))
  @ArrayMinSize(2, clauseContext(HAND_CLAUSE))
  @ArrayMaxSize(3, clauseContext(HAND_CLAUSE))
  @Matches(CARD, clauseContext(HAND_CLAUSE, { each: true }))
  bankerCards!: string[];
}

/** The actual outcome entered after the review of a wrong one (Rapid 11.11): each hand in dealing order (8.3.3, 8.4.1). */
export class CorrectedOutcomeDto {
  @ApiProperty({ example: ['9H', 'KS'], description: `The actual Player hand in dealing order (Rapid 11.11, 8.3.3). ${requiredNote(CORRECTED_HAND_CLAUSE)}` })
  @RequiredField(CORRECTED_HAND_CLAUSE, `the actual Player hand: ${CARDS}`)
  @IsArray(clauseContext(CORRECTED_HAND_CLAUSE))
  @ArrayMinSize(2, clauseContext(CORRECTED_HAND_CLAUSE))
  @ArrayMaxSize(3, clauseContext(CORRECTED_HAND_CLAUSE))
  @Matches(CARD, clauseContext(CORRECTED_HAND_CLAUSE, { each: true }))
  playerCards!: string[];
  @ApiProperty({ example: ['5D', '2C'], description: `The actual Banker hand in dealing order (Rapid 11.11, 8.3.3). ${requiredNote(CORRECTED_HAND_CLAUSE)}` })
  @RequiredField(CORRECTED_HAND_CLAUSE, `the actual Banker hand: ${CARDS}`)
  @IsArray(clauseContext(CORRECTED_HAND_CLAUSE))
  @ArrayMinSize(2, clauseContext(CORRECTED_HAND_CLAUSE))
  @ArrayMaxSize(3, clauseContext(CORRECTED_HAND_CLAUSE))
  @Matches(CARD, clauseContext(CORRECTED_HAND_CLAUSE, { each: true }))
  bankerCards!: string[];
}

/** A wager the records confirm (Rapid 11.14(b)). */
export class ConfirmedWagerDto {
  @ApiProperty({ example: 'banker', description: `An offered bet. ${requiredNote(CONFIRMED_WAGER_CLAUSE)}` })
  @RequiredField(CONFIRMED_WAGER_CLAUSE, 'the bet the records confirm, one the table offers')
  @Matches(BET, clauseContext(CONFIRMED_WAGER_CLAUSE))
  bet!: string;
  @ApiPropertyOptional({ enum: ['player', 'banker'], description: 'The hand nominated for Pairs / Perfect Pairs' }) @IsOptional() @IsIn(['player', 'banker'], clauseContext(CONFIRMED_WAGER_CLAUSE)) side?: 'player' | 'banker';
  @ApiProperty({ example: 2000, description: `The wager the records confirm, whole cents, at least 1. ${requiredNote(CONFIRMED_WAGER_CLAUSE)}` })
  @RequiredField(CONFIRMED_WAGER_CLAUSE, 'the wager the records confirm in whole cents, at least 1')
  @IsInt(clauseContext(CONFIRMED_WAGER_CLAUSE))
  @Min(1, clauseContext(CONFIRMED_WAGER_CLAUSE))
  @Max(MAX_CENTS, clauseContext(CONFIRMED_WAGER_CLAUSE))
  amountCents!: number;
}

// The malfunction rule a request's fields come from, as the rulebook data cites it (Rapid 11.14 an ATS, 11.15 the game
// system): a required field missing is refused 400 FIELD_REQUIRED naming it and this clause.
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
  @Matches(ENTITY_ID, clauseContext(MALFUNCTION.ats.clause))
  atsId?: string;
  @ApiPropertyOptional({ description: 'After the period: could the wagers be confirmed from the records (11.14(b), 11.15(b), 11.16)?' }) @IsOptional() @IsBoolean(clauseContext(`${MALFUNCTION_CLAUSE}; ${MALFUNCTION.unconfirmable.clause}`)) confirmedFromRecords?: boolean;
  @ApiPropertyOptional({ type: [ConfirmedWagerDto], description: "Once the outcome is entered, scope ats: the ATS's wagers as the records confirm them, when they differ from those recorded; its account is settled again on them (11.14(b)), held to the permitted aggregate like any wagers (below it: returned, neither staked nor credited, 5.3.3). The ATS must have had an account settled in the round (else 422 NO_ACCOUNT_OF_ATS_IN_ROUND). Leave out when the records confirm the wagers recorded, or with confirmedFromRecords false to void them (11.16)" })
  @IsOptional()
  @IsArray(clauseContext(CONFIRMED_WAGER_CLAUSE))
  @ArrayMaxSize(20, clauseContext(CONFIRMED_WAGER_CLAUSE))
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
  @ApiPropertyOptional({ description: 'Claim id (default derived from the Idempotency-Key)' }) @IsOptional() @Matches(ENTITY_ID, clauseContext(CLAIM_CLAUSE)) claimId?: string;
  @ApiProperty({ example: 'RB1-ATS07', description: `The claimant's ATS. ${requiredNote(CLAIM_CLAUSE)}` })
  @RequiredField(CLAIM_CLAUSE, "the claimant's ATS id")
  @Matches(ENTITY_ID, clauseContext(CLAIM_CLAUSE))
  atsId!: string;
  @ApiPropertyOptional({ example: 'R-412', description: `The round claimed: required for a claim that an incorrect outcome was entered, which is about one round's outcome (Rapid 11.12; without it, 400 ROUND_ID_REQUIRED naming roundId and the clause, code, clause and field at the top of the body and in violations); a malfunction claim may name none. One of the last ${ROUNDS_HELD.count} rounds the table holds at the SGC (${ROUNDS_HELD.clause}); an earlier round is for the Casino Supervisor (an area-manager token, Rapid 13.9), else 409 ROUND_NO_LONGER_HELD naming roundId, that role and the routes. A round id the table never played: 404 ROUND_NOT_FOUND; a round whose outcome was invalidated (every wager refunded, Rapid 13.4): 409 OUTCOME_INVALIDATED` })
  @IsOptional()
  @Matches(ENTITY_ID, clauseContext(CLAIM_CLAUSE))
  roundId?: string;
  @ApiProperty({ enum: ['incorrect-outcome', 'malfunction'], description: `That an incorrect outcome was entered, or that the ATS malfunctioned (Rapid 11.12). ${requiredNote(CLAIM_CLAUSE)}` })
  @RequiredField(CLAIM_CLAUSE, '"incorrect-outcome" or "malfunction"')
  @IsIn(['incorrect-outcome', 'malfunction'], clauseContext(CLAIM_CLAUSE))
  kind!: 'incorrect-outcome' | 'malfunction';
  @ApiProperty({ description: `What the player claims (at most 500 characters). ${requiredNote(CLAIM_CLAUSE)}` })
  @RequiredField(CLAIM_CLAUSE, 'what the player claims, at most 500 characters')
  @IsString(clauseContext(CLAIM_CLAUSE))
  @IsNotEmpty(clauseContext(CLAIM_CLAUSE))
  @MaxLength(500, clauseContext(CLAIM_CLAUSE))
  description!: string;
}

export class ClaimMalfunctionDto {
  @ApiProperty({ description: `Could the wagers be confirmed from the records (11.14(b), 11.16)? ${CLAIMED_REQUIRED_NOTE}` })
  @RequiredField(CLAIMED_MALFUNCTION_CLAUSE, 'true if the records confirm the wagers, false to void them (11.16)')
  @IsBoolean(clauseContext(CLAIMED_MALFUNCTION_CLAUSE))
  confirmedFromRecords!: boolean;
  @ApiPropertyOptional({ type: [ConfirmedWagerDto], description: 'Once the outcome is entered: the wagers the records confirm, when they differ from those recorded (11.14(b))' })
  @IsOptional()
  @IsArray(clauseContext(CONFIRMED_WAGER_CLAUSE))
  @ArrayMaxSize(20, clauseContext(CONFIRMED_WAGER_CLAUSE))
  @ValidateNested({ each: true })
  @Type(() => ConfirmedWagerDto)
  confirmedWagers?: ConfirmedWagerDto[];
  @ApiProperty({ example: '2026-03-01T21:14:05+11:00', description: `When the malfunction occurred, with its offset from UTC: it, not the time it is recorded, places it before the expiry of the wagering period (11.14(a), 11.15(a): void) or on or after it (11.14(b), 11.15(b)). Not in the future, not before the round opened, not once the next round had opened (400 naming occurredAt). ${CLAIMED_REQUIRED_NOTE}` })
  @RequiredField(CLAIMED_MALFUNCTION_CLAUSE, OCCURRED_AT)
  @IsIsoInstant(clauseContext(CLAIMED_MALFUNCTION_CLAUSE))
  occurredAt!: string;
}

export class ClaimResolutionDto {
  @ApiProperty({ enum: ['upheld', 'rejected'], description: `How the Dealer resolved the claim (Rapid 11.12). ${requiredNote(CLAIM_CLAUSE)}` })
  @RequiredField(CLAIM_CLAUSE, '"upheld" or "rejected"')
  @IsIn(['upheld', 'rejected'], clauseContext(CLAIM_CLAUSE))
  resolution!: 'upheld' | 'rejected';
  @ApiProperty({ description: `The action taken (Rapid 11.12), at most 500 characters. ${requiredNote(CLAIM_CLAUSE)}` })
  @RequiredField(CLAIM_CLAUSE, 'the action the Dealer took on the claim, at most 500 characters')
  @IsString(clauseContext(CLAIM_CLAUSE))
  @IsNotEmpty(clauseContext(CLAIM_CLAUSE))
  @MaxLength(500, clauseContext(CLAIM_CLAUSE))
  action!: string;
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
      `Why the outcome is invalidated: 'equipment-failure' (approved gaming equipment other than an ATS or the game system, whose malfunctions are 11.14-11.16: Rapid 11.10, a Game Supervisor or above); 'civil-commotion', 'fire', 'riot', 'brawl', 'robbery', 'act-of-god' (13.3.1) or 'fraud' (13.3.2): a Casino Supervisor. ${requiredNote(INVALIDATION_CLAUSE)}`,
  })
  @RequiredField(INVALIDATION_CLAUSE, `the ground: ${INVALIDATION_GROUNDS.map((g) => `"${g}"`).join(', ')}`)
  @IsIn(INVALIDATION_GROUNDS, clauseContext(INVALIDATION_CLAUSE))
  ground!: (typeof INVALIDATION_GROUNDS)[number];
  @ApiProperty({ description: `What happened, recorded with the event and shown to the regulator (at most 500 characters). ${requiredNote(INVALIDATION_CLAUSE)}`, example: 'fire alarm: the table was evacuated during the coup' })
  @RequiredField(INVALIDATION_CLAUSE, 'what happened, at most 500 characters')
  @IsString(clauseContext(INVALIDATION_CLAUSE))
  @IsNotEmpty(clauseContext(INVALIDATION_CLAUSE))
  @MaxLength(500, clauseContext(INVALIDATION_CLAUSE))
  reason!: string;
}
