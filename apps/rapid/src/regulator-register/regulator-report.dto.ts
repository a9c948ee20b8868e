import { ApiProperty } from '@nestjs/swagger';

const OBJECT = { type: 'object', additionalProperties: true } as const;
const LIST = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** The Rapid regulator register (VIC). */
export class RapidRegulatorReportDto {
  @ApiProperty({ example: 'VIC', description: 'The jurisdiction it covers' }) jurisdiction!: string;
  @ApiProperty({ ...OBJECT, description: 'The filter applied: tableId, from, to', example: { tableId: 'RB1', from: '2026-03-01T00:00:00.000Z' } }) filter!: object;
  @ApiProperty({
    ...LIST,
    description:
      "Wrong outcomes, malfunctions, claims and manual payments: eventId, occurredAt (when it happened, which places it in the period: a malfunction's as the Dealer recorded it, Rapid 11.14, 11.15), recordedAt (when it was recorded), tableId, roundId, roundNumber (the round's number at its table, Rapid 8.1), kind, clause, actor, details. A difference in a player's favour set against money that player kept from earlier recoveries the account could not make, the account as corrected being what the player is owed, Rapid 6.7.1 (kind unrecovered-set-off, details.setOffCents, setOffRounds (the rounds whose kept money it was set against, with their amounts) and unrecoveredAfterCents; an owed-to-player row shows the same when only part was set off) pays nothing for it and counts as negative unrecoveredCents, Rapid 11.11. A report of wagers already void (kind malfunction-repeated-report) names the first report of that void (details.repeatOf) and is no second void. A malfunction row, a claim's resolution and a correction carry accounts (each account its command returned or adjusted: accountId, atsId, tournamentId when the amounts are tournament chips, kind returned or recalculated, stakeReturnedCents, stakeReleasedCents (the stake the records confirm was not wagered, given back; negative when they confirm more, Rapid 11.14(b)), creditReversedCents, creditCents, netCents = what the account should move = stakeReturned + stakeReleased + credit - creditReversed, movedCents, unrecoveredCents; Rapid 11.11-11.16, 11.12) and amounts (their money totals: stakeReturnedCents, stakeReleasedCents, creditReversedCents, creditCents, netCents, unrecoveredCents)",
    example: [{ eventId: 'e-1', occurredAt: '2026-11-26T12:59:50.000Z', recordedAt: '2026-11-26T13:00:10.000Z', kind: 'malfunction-ats', clause: 'Rapid 11.14(a)', tableId: 'RB1', roundId: 'R-3', roundNumber: 412 }],
  })
  register!: object[];
  @ApiProperty({
    ...LIST,
    description:
      "Every round played: tableId, roundId, roundNumber (Rapid 8.1), status (settled; void when the game system voided it whole before its outcome, Rapid 11.15(a); invalidated when its outcome was invalidated and every wager refunded, Rapid 11.10, 13.3-13.4), settledAt or voidedAt, accounts, stakedCents, creditedCents, unrecoveredCents (what a recalculation could not take back from an account paid out before it, which the player kept, Rapid 11.11; less what a later difference in that player's favour was set against it), houseNetCents (= staked - credited - unrecovered: what the accounts actually moved; money only: a voided wager is returned, neither staked nor credited, whenever the void is recorded, as wagers below the permitted aggregate, Rapid 5.3.3, 11.14-11.16; tournament chips are never money, Rapid 12.2.2), corrected, voids (each void of the round: scope (ats, game-system, or invalidation: the refunds of an outcome invalidated), atsId, occurredAt, recordedAt, relativeToPeriod, afterOutcome, clause, and the accounts it returned or adjusted with their amounts, as on its register row)",
    example: [
      { tableId: 'RB1', roundId: 'R-3', roundNumber: 412, status: 'settled', settledAt: '2026-03-01T09:01:00.000Z', voidedAt: null, accounts: 2, stakedCents: 10000, creditedCents: 9500, unrecoveredCents: 0, houseNetCents: 500, corrected: false, voids: [] },
      { tableId: 'RB1', roundId: 'R-4', roundNumber: 413, status: 'void', settledAt: null, voidedAt: '2026-03-01T09:01:40.000Z', accounts: 1, stakedCents: 0, creditedCents: 0, unrecoveredCents: 0, houseNetCents: 0, corrected: false, voids: [{ scope: 'game-system', atsId: null, occurredAt: '2026-03-01T09:01:40.000Z', recordedAt: '2026-03-01T09:01:55.000Z', relativeToPeriod: 'before-expiry', afterOutcome: false, clause: 'Rapid 11.15(a)', accounts: [{ accountId: 'RB1-ATS02-1', atsId: 'RB1-ATS02', kind: 'returned', stakeReturnedCents: 4000, stakeReleasedCents: 0, creditReversedCents: 0, creditCents: 0, netCents: 4000, movedCents: 4000, unrecoveredCents: 0 }], amounts: { stakeReturnedCents: 4000, stakeReleasedCents: 0, creditReversedCents: 0, creditCents: 0, netCents: 4000, unrecoveredCents: 0 } }] },
    ],
  })
  rounds!: object[];
  @ApiProperty({ ...OBJECT, description: 'Totals over the rounds (houseNetCents = stakedCents - creditedCents - unrecoveredCents: what the accounts actually moved, Rapid 11.11), and owedToPlayersCents: everything still owed to players and not yet paid (the sum of owedToPlayers)', example: { rounds: 1, stakedCents: 10000, creditedCents: 9500, unrecoveredCents: 0, houseNetCents: 500, owedToPlayersCents: 2500 } }) totals!: object;
  @ApiProperty({ ...LIST, description: "Amounts still owed to players, until paid, per account and cause: printer-fault, a ticket the printer failed to print awaiting its manual payment (6.7.2(b)); recalculation, what a recalculation in the player's favour left owed after the account was paid out (11.11 with 6.7)", example: [{ tableId: 'RB1', accountId: 'RB1-T1-ATS01-1', cause: 'printer-fault', owedCents: 2500, lastChangedAt: '2026-03-01T09:05:00.000Z' }] }) owedToPlayers!: object[];
}
