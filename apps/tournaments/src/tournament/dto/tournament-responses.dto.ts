import { ApiProperty } from '@nestjs/swagger';
import { PUBLISH_TERMS_EXAMPLE } from './terms.example';

const OBJECT = { type: 'object', additionalProperties: true } as const;
const LIST = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** A tournament as the director and the regulator read it (tournament.cqrs.ts `tournamentView`). */
export class TournamentViewDto {
  @ApiProperty({ example: 'spring-cup', description: 'The tournament' }) tournamentId!: string;
  @ApiProperty({ example: 'Spring Baccarat Cup', description: 'Its name' }) name!: string;
  @ApiProperty({ example: 'star-sydney-2024', description: 'The rulebook version in force on its first day' }) rulebookId!: string;
  @ApiProperty({ enum: ['open', 'entries-closed', 'running', 'completed', 'cancelled'], example: 'open', description: 'Where the tournament stands' }) status!: string;
  @ApiProperty({ example: 3, description: "The tournament stream's version" }) version!: number;
  @ApiProperty({ ...OBJECT, description: 'The terms and conditions in force (Crown Melbourne 14.4, Rapid 12.2.1, Star 15.4.2)', example: PUBLISH_TERMS_EXAMPLE.terms }) terms!: object;
  @ApiProperty({ example: 110000, description: 'The prize pool, cents, as the prizes are paid from it and the reports state it: what was collected, or the guarantee where it applies and is more (Star 15.3.1-15.3.3; Crown Melbourne 14.4.7(a))' }) prizePoolCents!: number;
  @ApiProperty({ example: 110000, description: 'Put in the pool as the terms say and not refunded: added value, entry fees, buy-ins and re-buys where they go in, cents. Once cancelled, what was collected as the cancellation accounts for it (the same figure as cancellation.collectedCents; the pool, prizePoolCents, then reads 0)' }) collectedCents!: number;
  @ApiProperty({ example: null, nullable: true, type: Number, description: "The terms' guaranteed pool, cents; null where the terms guarantee none" }) guaranteedCents!: number | null;
  @ApiProperty({ example: false, description: 'The guaranteed pool applies: the minimum number of entries was received at the close of entries (Star 15.3.3)' }) guaranteeApplies!: boolean;
  @ApiProperty({ example: 'The prize pool is the added value and the entry fees (and buy-ins, re-buys and add-ons where the terms put them in the pool) collected, less refunds (Star 2024 15.4.2(j); Star 2024 15.3.2; Star 2024 15.3.3).', description: 'How the pool is defined, with its clauses' }) prizePoolDefinition!: string;
  @ApiProperty({ type: [String], example: ['MB-101', 'MB-102'], description: 'The designated tables (Star 15.5.1)' }) designatedTables!: string[];
  @ApiProperty({ type: [String], example: ['E-1'], description: 'Entries briefed on the terms (Crown Melbourne 14.3.1)' }) briefed!: string[];
  @ApiProperty({ type: [String], example: ['MB-101'], description: 'Tables the tables service reported ready in tournament mode' }) readyTables!: string[];
  @ApiProperty({ ...LIST, description: 'Every entry: entryId, patronId, status, fees paid', example: [{ entryId: 'E-1', patronId: 'P-1001', status: 'entered', feePaidCents: 10000 }] }) entries!: object[];
  @ApiProperty({ ...LIST, description: 'Every session: kind, chips issued, players, eliminations, whether it ended', example: [{ sessionId: 'heat-1', kind: 'heat', playOff: false, issuedChips: 6000, players: [], eliminated: [], ended: null }] }) sessions!: object[];
  @ApiProperty({ ...OBJECT, nullable: true, description: 'The placings once declared, or null', example: null }) results!: object | null;
  @ApiProperty({ ...LIST, nullable: true, description: 'The prizes paid from the pool once the results are declared (Star 15.3.2), or null', example: null }) prizes!: object[] | null;
  @ApiProperty({
    ...OBJECT,
    nullable: true,
    description:
      "Once cancelled, where every cent collected went (the pool then reads 0): collectedCents = refundedBeforeCents + refundedCents + forfeitedCents + addedValueWithdrawnCents. Refunded before the cancellation (late withdrawals, retirements), then now under refundClause (Star 15.3.4); forfeited by each entry under the clause that keeps it from a refund (Star 15.5.7 disqualified, 15.6.3 buy-in not provided); the value the casino added (Star 15.3.1), not a player's money, withdrawn. null until cancelled; a cancellation recorded before these figures were stated shows only reason, cancelledAt and clause",
    example: { reason: 'Storm', cancelledAt: '2026-03-01T09:00:00.000Z', clause: 'Star 2024 15.3.4', collectedCents: 61000, refundedBeforeCents: 2500, refundedCents: 31500, refundClause: 'Star 2024 15.3.4', forfeitedCents: 22000, forfeits: [{ entryId: 'E-3', patronId: 'P-1003', forfeitedCents: 11000, clause: 'Star 2024 15.5.7; 15.6.7; 15.11.4' }, { entryId: 'E-4', patronId: 'P-1004', forfeitedCents: 11000, clause: 'Star 2024 15.6.3' }], addedValueWithdrawnCents: 5000, addedValueClause: 'Star 2024 15.3.1' },
  })
  cancellation!: object | null;
}

/** The standings board (Star 15.5.8, 15.10.2): entries, boxes and chips, never patrons' names or sealed wagers. */
export class StandingsDto {
  @ApiProperty({ example: 'spring-cup', description: 'The tournament' }) tournamentId!: string;
  @ApiProperty({ example: 'Spring Baccarat Cup', description: 'Its name' }) name!: string;
  @ApiProperty({ example: 'star-sydney-2024', description: 'The rulebook version it runs under' }) rulebookId!: string;
  @ApiProperty({ enum: ['open', 'entries-closed', 'running', 'completed', 'cancelled'], example: 'running', description: 'Where the tournament stands' }) status!: string;
  @ApiProperty({ example: 9, description: "The tournament stream's version" }) version!: number;
  @ApiProperty({ example: 50000, description: 'The prize pool, the guarantee where it applies, cents' }) prizePoolCents!: number;
  @ApiProperty({ ...OBJECT, nullable: true, description: "The current session: its label, its length where the terms fix it (coupsPerSession, endsAt), the cut (the places that progress from each heat table or take a prize in the final, Star 15.10.1-15.10.3; none once cancelled), a decided play-off's result (playOffResult: forKind, decidedAt, clause, its players best first with the place each takes or whether each advances, Star 15.10.3), the columns the terms give (pass cards, undisclosed wagers, markers, and each marker kind: allInMarkers, standOffMarkers, reBuyMarkers); each table with its coups played and left, its players by rank with the name the director gave (or the entry id), chips, whether above the cut, absent (Star 15.5.6) or out of the tournament (entryStatus), pass cards, undisclosed wagers and markers held; a table the session is not playing at (notPlaying: a Rapid table that refused the session; its seats have status not-seated until the director starts the session again) and each seat that takes no play until the Tournament Director acts (seatRefused), with the reason and the clause (Rapid 12.3.2; 12.2.1(i))", example: { sessionId: 'heat-1', kind: 'heat', label: 'Heat heat-1', ended: false, minimumWager: 10, maximumWager: 500, startedAt: '2026-03-01T09:00:00.000Z', coupsPerSession: 30, endsAt: null, cut: { places: 2, perTable: true, meaning: 'progress', clause: 'Star 2024 15.4.2(f)' }, playOffResult: null, columns: { passCards: true, undisclosedWagers: true, markers: false, allInMarkers: false, standOffMarkers: false, reBuyMarkers: false }, tables: [{ tableId: 'MB-101', coupsPlayed: 4, coupsLeft: 26, tieAtCut: false, notPlaying: null, coupId: 'c-4', markerBox: 1, players: [{ entryId: 'E-1', name: 'Alice K.', box: 1, chips: 1200, status: 'playing', passCards: 0, undisclosedWagers: 0, undisclosedWagerPending: false, rank: 1, aboveCut: true, absent: false, entryStatus: null, allInMarkers: 0, standOffMarkers: 0, reBuyMarkers: 0, seatRefused: null }] }] } }) session!: object | null;
  @ApiProperty({ type: [String], example: [], description: 'Coups scored by the events this update covers' }) scoredCoups!: string[];
  @ApiProperty({ ...OBJECT, nullable: true, description: "The cancellation (Star 15.3.4): reason, cancelledAt, clause, the entry fees refunded (refundedCents, refundedBeforeCents, refundClause) and the fees forfeited as a total with the clauses that kept them (forfeitedCents, forfeitClauses), never a patron; null: not cancelled", example: null }) cancellation!: object | null;
  @ApiProperty({ ...LIST, description: "Placings once declared: place (where the entry finished), entryId, name, standing (its place among those eligible for a prize; null for an entry that cannot win one) and ineligible (why, with the clause: an employee, Crown Melbourne 14.4.2(a)(v))", example: [{ place: 1, entryId: 'E-1', name: 'Alice K.', standing: null, ineligible: { reason: 'employee', clause: 'Crown Melbourne 14.4.2(a)(v)' } }, { place: 2, entryId: 'E-4', name: 'E-4', standing: 1, ineligible: null }] }) placings!: object[];
  @ApiProperty({ ...LIST, description: "Prizes once declared: place, prizePlace, entryId, shareCents (the prize place's own share) and amountCents (what is paid: more where unfilled places' shares were added, Star 15.3.2)", example: [{ place: 1, prizePlace: 1, entryId: 'E-1', shareCents: 55000, amountCents: 68750 }] }) prizes!: object[];
  @ApiProperty({ ...LIST, description: 'Prize places no eligible place-getter filled, once declared, where the rules leave them unpaid: place, basisPoints, amountCents and paid (false): never re-split (Crown Melbourne 14.4.7(b); Star 15.4.2(j))', example: [{ place: 3, basisPoints: 2000, amountCents: 18000, paid: false }] }) unfilledPrizes!: object[];
  @ApiProperty({ ...OBJECT, nullable: true, description: "Prize places nobody filled whose shares went to the filled places in proportion to theirs (places, cents), the rule and the clause (Star 15.3.2: the whole pool to the winning players); null where none", example: { places: [{ place: 3, basisPoints: 2000, amountCents: 22000 }], cents: 22000, rule: 'The shares of the prize places nobody filled are distributed to the filled places in proportion to their shares: the whole pool is divided among the filled places by their shares, rounded as the prizes are.', clause: 'Star 2024 15.3.2' } }) prizeRedistribution!: object | null;
}
