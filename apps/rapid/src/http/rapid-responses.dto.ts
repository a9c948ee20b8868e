import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const OBJECT = { type: 'object', additionalProperties: true } as const;
const LIST = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** The account a command credited or debited, where it touched one. */
export class RapidAccountSummaryDto {
  @ApiProperty({ example: 'RB1-T1-ATS01-1', description: 'The ATS chip account' }) accountId!: string;
  @ApiProperty({ example: 'T1-ATS01', description: 'The ATS it is shown on (6.1)' }) atsId!: string;
  @ApiProperty({ example: 50000, description: 'Its balance now, cents' }) balanceCents!: number;
  @ApiProperty({ enum: ['open', 'awaiting-manual-payment', 'closed'], example: 'open', description: 'open; awaiting-manual-payment after a ticket printer fault (6.7.2(b)); closed once cashed out (6.7.1). A frozen account (11.11) shows in frozenForRounds' }) status!: string;
}

/** What an SGC or tender command answers beside its events. */
export class RapidSgcOutcomeDto {
  @ApiPropertyOptional({ type: RapidAccountSummaryDto, description: 'The account credited, where the command credited one (a buy-in, the note acceptor)' }) account?: RapidAccountSummaryDto;
}

/** What an ATS chip account command answers beside its events. */
export class AtsAccountOutcomeDto {
  @ApiPropertyOptional({ example: 47500, description: 'The balance after the command, cents' }) balanceCents?: number;
  @ApiPropertyOptional({ enum: ['open', 'awaiting-manual-payment', 'closed'], example: 'open', description: 'open; awaiting-manual-payment after a ticket printer fault (6.7.2(b)); closed once cashed out (6.7.1). A frozen account (11.11) shows in frozenForRounds' }) status?: string;
  @ApiPropertyOptional({ type: String, example: null, nullable: true, description: 'The first round the account is frozen for (11.11), or null' }) frozenForRound?: string | null;
  @ApiPropertyOptional({ type: [String], example: [], description: 'Every round the account is frozen for' }) frozenForRounds?: string[];
}

/** A Rapid table as the SGC, the ATS and the regulator read it (rapid-views.ts `tableView`). */
export class RapidTableViewDto {
  @ApiProperty({ example: 'RB1', description: 'The table' }) tableId!: string;
  @ApiProperty({ example: 'main', description: 'Where it stands' }) floorId!: string;
  @ApiProperty({ example: 12, description: "The table stream's version" }) version!: number;
  @ApiProperty({ ...OBJECT, nullable: true, description: 'Rulebook, variant, offered bets with their options (10.1), limits per bet (5.3)', example: { rulebookId: 'crown-melbourne-rapid', variant: 'traditional', offeredBets: [{ bet: 'banker', option: '1' }] } }) terms!: object | null;
  @ApiProperty({ example: 8, description: 'Decks in the shoe' }) decks!: number;
  @ApiProperty({ example: 30, description: 'The wagering period, seconds (8.1)' }) wageringPeriodSeconds!: number;
  @ApiProperty({ ...LIST, description: 'Each ATS: atsId, remote, printer and the open accountId or null', example: [{ atsId: 'T1-ATS01', remote: false, printer: true, accountId: null }] }) stations!: object[];
  @ApiProperty({ example: '2026-03-01T09:00:05.000Z', description: "The server's clock, for the countdown (8.2)" }) serverNow!: string;
  @ApiProperty({ ...OBJECT, nullable: true, description: 'The round in progress with wageringOpen and remainingMs (8.2), or null', example: { roundId: 'R-1', status: 'wagering', wageringOpen: true, remainingMs: 25000 } }) round!: object | null;
  @ApiProperty({ ...LIST, description: 'Recent rounds, newest first', example: [{ roundId: 'R-0', roundNumber: 1, status: 'settled' }] }) recentRounds!: object[];
  @ApiProperty({ ...LIST, description: 'Claims (11.12) and how they were resolved', example: [] }) claims!: object[];
  @ApiProperty({ ...OBJECT, nullable: true, description: 'The tournament session the table serves (Rapid 12), or null', example: null }) tournamentSession!: object | null;
  @ApiProperty({
    ...LIST,
    description: "The last sessions the table could not take (Rapid 12.3.2: used exclusively for tournament play during a session), latest last: another session in progress, a round of cash play open, or ATS still showing players' own accounts",
    example: [{ tournamentId: 'MEL-CUP', sessionId: 'H1', reason: 'cash-accounts-open', refusedAt: '2026-03-01T09:00:05.000Z' }],
  })
  refusedTournamentSessions!: object[];
}

/** An ATS and the round it shows (6.1). */
export class RapidStationViewDto {
  @ApiProperty({ example: 'RB1', description: 'The table' }) tableId!: string;
  @ApiProperty({ example: 'T1-ATS01', description: 'The ATS' }) atsId!: string;
  @ApiProperty({ example: false, description: 'A remote ATS (6.2.1)' }) remote!: boolean;
  @ApiProperty({ example: true, description: 'Has a ticket printer (6.7.2)' }) printer!: boolean;
  @ApiProperty({ example: 'RB1-T1-ATS01-1', nullable: true, description: 'The open account it shows, or null' }) accountId!: string | null;
  @ApiProperty({ example: 47500, nullable: true, description: 'The balance of the account it shows, cents (6.1), or null without one' }) balanceCents!: number | null;
  @ApiProperty({ enum: ['open', 'awaiting-manual-payment', 'closed'], nullable: true, example: 'open', description: 'The status of the account it shows: open; awaiting-manual-payment after a ticket printer fault (6.7.2(b)); closed once cashed out (6.7.1); null without one. A frozen account (11.11) shows in frozenForRounds' }) status!: string | null;
  @ApiProperty({ type: [String], example: [], description: 'Every round the account it shows is frozen for (11.11); empty without one' }) frozenForRounds!: string[];
  @ApiProperty({ ...OBJECT, nullable: true, description: 'The round in progress, or null', example: { roundId: 'R-1', status: 'wagering', wageringOpen: true, remainingMs: 25000 } }) round!: object | null;
  @ApiProperty({
    ...OBJECT,
    nullable: true,
    description: "The wagers the account stands on the round in progress (Rapid 2.1, 4.2, 4.6): roundId, roundNumber, wagers (bet, side, amountCents), totalCents; what the ATS's layout shows, after a reload too. A layout sent replaces the one before (4.2): send these with the new chip to add to them. Null when no round is open or awaiting its outcome",
    example: { roundId: 'R-1', roundNumber: 412, wagers: [{ bet: 'banker', amountCents: 2000 }], totalCents: 2000 },
  })
  wagers!: object | null;
  @ApiProperty({ example: '2026-03-01T09:00:05.000Z', description: "The server's clock" }) serverNow!: string;
}

/** An ATS chip account (rapid-views.ts `accountView`). */
export class AtsAccountViewDto {
  @ApiProperty({ example: 'RB1-T1-ATS01-1', description: 'The account' }) accountId!: string;
  @ApiProperty({ example: 'RB1', description: 'Its table' }) tableId!: string;
  @ApiProperty({ example: 'T1-ATS01', description: 'The ATS showing it' }) atsId!: string;
  @ApiProperty({ ...OBJECT, description: 'The station: remote, printer', example: { atsId: 'T1-ATS01', remote: false, printer: true } }) station!: object;
  @ApiProperty({ enum: ['open', 'awaiting-manual-payment', 'closed'], example: 'open', description: 'open; awaiting-manual-payment after a ticket printer fault (6.7.2(b)); closed once cashed out (6.7.1). A frozen account (11.11) shows in frozenForRounds' }) status!: string;
  @ApiProperty({ example: 47500, description: 'The balance, cents (6.1)' }) balanceCents!: number;
  @ApiProperty({ example: null, nullable: true, description: 'The first round the account is frozen for, or null' }) frozenForRound!: string | null;
  @ApiProperty({ type: [String], example: [], description: 'Every round it is frozen for (11.11)' }) frozenForRounds!: string[];
  @ApiProperty({ example: 4, description: "The account stream's version" }) version!: number;
  @ApiProperty({ ...LIST, description: 'Wagers and results per round', example: [{ roundId: 'R-1', wagers: [{ bet: 'banker', amountCents: 2500 }], resultCents: 2375 }] }) rounds!: object[];
  @ApiProperty({ ...OBJECT, nullable: true, description: 'How it was cashed out (6.7), or null', example: null }) cashOut!: object | null;
  @ApiProperty({ example: null, nullable: true, description: 'The player asked at the ATS for the payout in chips (6.7.1)' }) payoutRequestedAt!: string | null;
  @ApiProperty({ ...OBJECT, nullable: true, description: 'The tournament entry the account plays for (Rapid 12), or null', example: null }) tournament!: object | null;
}

/** Every movement of an account: the balance equals their sum (Rapid 6). */
export class AtsAccountReconciliationDto {
  @ApiProperty({ example: 'RB1-T1-ATS01-1', description: 'The account' }) accountId!: string;
  @ApiProperty({ example: 47500, description: 'The balance, cents' }) balanceCents!: number;
  @ApiProperty({ example: 47500, description: 'The sum of its movements, cents' }) sumOfMovementsCents!: number;
  @ApiProperty({ example: true, description: 'The balance equals the sum and each movement follows the last' }) balanced!: boolean;
  @ApiProperty({ example: 40000, description: 'What the player received, cents (6.7, 6.7.2(b), 11.11 with 6.7): cash-outs in chips, printed tickets, owed amounts paid and manual payments made for tickets not printed; a ticket not printed is not paid until its manual payment' }) paidToPlayerCents!: number;
  @ApiProperty({ example: 0, description: 'A manual payment still due for a ticket not printed, cents (6.7.2(b)): as cashed out, less what recalculations took off it (11.11) and what was paid manually' }) manualPaymentDueCents!: number;
  @ApiProperty({ example: 0, description: 'What the player still keeps of recoveries the account could not make, cents (11.11): set off against the next credit to the account from play or difference in the player\'s favour, never against a buy-in (6.7.1)' }) unrecoveredCents!: number;
  @ApiProperty({ example: 0, description: 'What settlements, wagers returned and recalculations in the player\'s favour set off against it, in all, net of set-offs later undone, cents (11.11 with 6.7.1)' }) setOffCents!: number;
  @ApiProperty({
    ...LIST,
    description:
      'Each movement: version, type, movementCents, balanceAfterCents, occurredAt. A cash-out or owed amount paid to the player states paidToPlayerCents; a cash-out by a ticket not printed states manualPaymentDueCents (due, not paid, 6.7.2(b)) and paidToPlayerCents 0; a recalculation that reduced the unpaid ticket states unpaidTicketReducedCents and manualPaymentDueAfterCents (11.11); the manual payment made (AtsManualPaymentRecorded, movementCents 0: the cash-out moved the balance) states paidToPlayerCents and manualPaymentDueAfterCents; a settlement, wagers returned or a recalculation that set off what the player kept of earlier recoveries (11.11 with 6.7.1) states setOffCents, setOffRounds (the rounds it was set against, with their amounts) and unrecoveredAfterCents; a recalculation reducing a round whose credit was set off, setOffUndoneCents and setOffUndoneRounds (the set-off undone first, given back to those rounds; only the rest moved the balance) and unrecoveredAfterCents; and a settlement its creditCents (movementCents = creditCents - setOffCents), wagers returned their returnedCents',
    example: [{ version: 1, type: 'AccountCredited', movementCents: 50000, balanceAfterCents: 50000, occurredAt: '2026-03-01T09:00:00.000Z' }],
  })
  movements!: object[];
}

/** The Rapid regulator register (VIC). */
export class RapidRegulatorReportDto {
  @ApiProperty({ example: 'VIC', description: 'The jurisdiction it covers' }) jurisdiction!: string;
  @ApiProperty({ ...OBJECT, description: 'The filter applied: tableId, from, to', example: { tableId: 'RB1', from: '2026-03-01T00:00:00.000Z' } }) filter!: object;
  @ApiProperty({ ...LIST, description: 'Wrong outcomes, malfunctions, claims and manual payments: eventId, occurredAt, tableId, roundId, kind, clause, actor, details', example: [{ eventId: 'e-1', kind: 'malfunction', clause: 'Rapid 11.14', tableId: 'RB1', roundId: 'R-3' }] }) register!: object[];
  @ApiProperty({ ...LIST, description: "Every settled round: tableId, roundId, settledAt, accounts, stakedCents, creditedCents, houseNetCents, corrected", example: [{ tableId: 'RB1', roundId: 'R-3', settledAt: '2026-03-01T09:01:00.000Z', accounts: 2, stakedCents: 10000, creditedCents: 9500, houseNetCents: 500, corrected: false }] }) rounds!: object[];
  @ApiProperty({ ...OBJECT, description: 'Totals over the rounds, and owedToPlayersCents: everything still owed to players and not yet paid (the sum of owedToPlayers)', example: { rounds: 1, stakedCents: 10000, creditedCents: 9500, houseNetCents: 500, owedToPlayersCents: 2500 } }) totals!: object;
  @ApiProperty({ ...LIST, description: "Amounts still owed to players, until paid, per account and cause: printer-fault, a ticket the printer failed to print awaiting its manual payment (6.7.2(b)); recalculation, what a recalculation in the player's favour left owed after the account was paid out (11.11 with 6.7)", example: [{ tableId: 'RB1', accountId: 'RB1-T1-ATS01-1', cause: 'printer-fault', owedCents: 2500, lastChangedAt: '2026-03-01T09:05:00.000Z' }] }) owedToPlayers!: object[];
}
