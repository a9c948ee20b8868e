import { ApiProperty } from '@nestjs/swagger';
import { DRAW_ALGORITHM } from '../../draw/draw';

/** A promotion as GET /promotions/{promotionId} answers it (promotion.controller.ts `promotionView`). */
export class PromotionViewDto {
  @ApiProperty({ example: 'spring-draw', description: 'The promotion' }) promotionId!: string;
  @ApiProperty({ example: 'Spring Lucky Draw', description: 'Its name as the terms give it' }) name!: string;
  @ApiProperty({ example: 'star-sydney-2024', description: 'The Star edition in force on its start date (16.12)' }) rulebookId!: string;
  @ApiProperty({ enum: ['open', 'postponed', 'cancelled', 'drawn'], example: 'open', description: 'Where it stands (16.11: postponed or cancelled when compromised)' }) status!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'startsAt, entriesCloseAt, drawAt', example: { startsAt: '2026-04-01T09:00:00+11:00', entriesCloseAt: '2026-04-30T20:00:00+10:00', drawAt: '2026-04-30T21:00:00+10:00' } }) schedule!: object;
  @ApiProperty({ example: 'Entries are earned by turnover at the participating tables between 1 and 30 April.', description: 'The full terms (16.7)' }) terms!: string;
  @ApiProperty({ example: 1, description: 'Amendments so far plus one (16.12.1)' }) termsVersion!: number;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'The prizes in draw order: prizeId, kind, description, valueCents, cashAlternativeCents', example: [{ prizeId: 'first', kind: 'cash', description: '$5,000 cash', valueCents: 500000, cashAlternativeCents: null }] }) prizes!: object[];
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'How entries are earned at the tables, or null for granted entries only', example: { tableIds: ['MB-101'], bets: [], minimumWagerCents: 2500, turnoverPerEntryCents: 50000 } }) entryRule!: object | null;
  @ApiProperty({ example: false, description: 'Entrants must be present at the draw (16.7.5)' }) entrantsMustBePresent!: boolean;
  @ApiProperty({ example: 'forfeited', description: 'What happens to a promotional token after a coup (1.1)' }) tokenAfterCoup!: string;
  @ApiProperty({ example: false, description: 'A scrutineer must oversee the draw: a prize over $10,000 (16.2)' }) scrutineerRequired!: boolean;
  @ApiProperty({ example: true, nullable: true, description: 'The terms were provided to the regulator in time (Star 2024 16.12), null until lodged' }) termsLodgedInTime!: boolean | null;
  @ApiProperty({ example: false, description: 'Amended terms still to be resubmitted (16.12.1)' }) resubmissionPending!: boolean;
  @ApiProperty({ example: 42, description: 'Entries granted so far' }) entryCount!: number;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Every draw round with its commitments and reveals (as on the public draw record)', example: [{ round: 1, drawId: 'draw-1', outcome: 'pending', operatorCommitment: '9f2c…' }] }) rounds!: object[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Winners in prize order: prizeId, entryId, patronId', example: [{ prizeId: 'first', entryId: 'E-17', patronId: 'P-1001' }] }) winners!: object[];
  @ApiProperty({ example: '2026-05-02T21:00:00+10:00', nullable: true, description: 'Winners not present are notified by then (16.8)' }) notifyWinnersBy!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Winner notices by prize id (16.8)', example: { first: { method: 'phone', notifiedAt: '2026-05-01T10:00:00+10:00' } } }) notified!: object;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Payments by prize id (16.3, 16.4)', example: { first: { form: 'prize', payments: [{ method: 'eft', amountCents: 500000 }] } } }) paid!: object;
  @ApiProperty({ example: null, nullable: true, description: 'When the inspector must be told of a postponement or cancellation (16.11)' }) inspectorNoticeDue!: string | null;
  @ApiProperty({ example: 7, description: "The promotion stream's version" }) version!: number;
}

/** The public draw record (16.7.10): what anyone re-runs; entrants are salted hashes of patron ids. */
export class DrawRecordDto {
  @ApiProperty({ example: 'spring-draw', description: 'The promotion' }) promotionId!: string;
  @ApiProperty({ example: 'Spring Lucky Draw', description: 'Its name' }) name!: string;
  @ApiProperty({ example: 'star-sydney-2024', description: 'The Star edition in force' }) rulebookId!: string;
  @ApiProperty({ example: 'drawn', description: 'Where the promotion stands' }) status!: string;
  @ApiProperty({ example: DRAW_ALGORITHM, description: 'The draw algorithm (apps/promotions/DRAW.md)' }) algorithm!: string;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'In order: the first winner drawn takes the first prize', example: [{ prizeId: 'first', kind: 'cash', description: '$5,000 cash', valueCents: 500000 }] }) prizes!: object[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What the entry-rules digest is over', example: { entryRule: null, onePrizePerPatron: true, schedule: { drawAt: '2026-04-30T21:00:00+10:00' } } }) entryRules!: object;
  @ApiProperty({ example: true, description: 'A patron wins at most one prize' }) onePrizePerPatron!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Every round: commitments, reveals, digests, outcome', example: [{ round: 1, drawId: 'draw-1', outcome: 'drawn', operatorCommitment: '9f2c…', operatorSeed: '51ab…' }] }) rounds!: object[];
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      "Star 16.7.1, 16.7.10: each commitment of every round (abandoned ones included): role (operator, scrutineer), who committed (and who recorded it; the scrutineer's recordedAs: the inspector's role, regulator, Star 16.2), when, the operator's beforeEntriesOpened (entriesOpenAt) or the scrutineer's beforeEntriesClosed (entriesCloseAt) and afterOperatorCommitment, and the reuse check (checkedAgainst: every-promotion, this-promotion or null; usedBefore; uniqueOnThisRecord)",
    example: [
      { round: 1, outcome: 'drawn', role: 'operator', committedBy: 'agm-1', recordedBy: 'agm-1', commitment: '9f2c…', committedAt: '2024-05-26T10:00:00+10:00', entriesOpenAt: '2024-06-01T09:00:00+10:00', beforeEntriesOpened: true, afterEntriesOpened: false, entriesBefore: 0, reuseCheck: { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true } },
      { round: 1, outcome: 'drawn', role: 'scrutineer', committedBy: 'K. Scrutineer', recordedBy: 'nicc-inspector', recordedAs: 'regulator', commitment: 'c0de…', committedAt: '2024-06-10T10:00:00+10:00', entriesCloseAt: '2024-06-30T21:00:00+10:00', beforeEntriesClosed: true, afterOperatorCommitment: true, reuseCheck: { checkedAgainst: 'every-promotion', usedBefore: false, uniqueOnThisRecord: true } },
    ],
  })
  commitments!: object[];
  @ApiProperty({ example: '9f2c…', nullable: true, description: "The latest round's operator commitment (16.7.1)" }) commitment!: string | null;
  @ApiProperty({ example: 'c0de…', nullable: true, description: "The scrutineer's commitment (16.7.10)" }) scrutineerCommitment!: string | null;
  @ApiProperty({ example: 'ab12…', nullable: true, description: 'The digest of the entries drawn from' }) entriesDigest!: string | null;
  @ApiProperty({ example: '51ab…', nullable: true, description: "The operator's revealed seed" }) seed!: string | null;
  @ApiProperty({ example: '77cd…', nullable: true, description: "The scrutineer's revealed seed" }) scrutineerSeed!: string | null;
  @ApiProperty({ example: 'e3f1…', nullable: true, description: 'The seed the winners were drawn with' }) finalSeed!: string | null;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Winners: prizeId, entryId, entrant', example: [{ prizeId: 'first', entryId: 'E-17', entrant: '4b9e…' }] }) winners!: object[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Every entry: entryId, entrant', example: [{ entryId: 'E-17', entrant: '4b9e…' }] }) entries!: object[];
}

/** The draw with patron ids beside their entrants, and the salt that masks them. */
export class DrawAuditRecordDto extends DrawRecordDto {
  @ApiProperty({ example: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', description: 'The secret that masks patron ids on the public draw' }) entrantSalt!: string;
}

/** A promotional voucher (Star 1.1 'Casino Promotional Token'), as `voucherView` gives it. */
export class VoucherViewDto {
  @ApiProperty({ example: 'V-0001', description: 'The voucher' }) voucherId!: string;
  @ApiProperty({ example: 'spring-draw', description: 'The promotion it was issued under' }) promotionId!: string;
  @ApiProperty({ example: 'star-sydney-2024', description: 'The Star edition in force' }) rulebookId!: string;
  @ApiProperty({ example: 10000, description: 'Its nominated value, cents' }) valueCents!: number;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'tableIds, bets, expiresAt, patronId', example: { tableIds: ['MB-101'], bets: ['player', 'banker'], expiresAt: '2026-04-30T23:59:59+10:00', patronId: null } }) conditions!: object;
  @ApiProperty({ example: 'forfeited', description: 'What happens to a token after a coup' }) tokenAfterCoup!: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'Where and when it was exchanged for tokens, or null', example: { tableId: 'MB-101', box: 3, at: '2026-04-02T20:00:00+10:00' } }) exchanged!: object | null;
  @ApiProperty({ example: 7500, description: 'Tokens still in hand, cents' }) tokensInHandCents!: number;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Every token wager and its settlement', example: [{ wagerId: 'V-0001-w1', tableId: 'MB-101', coupId: 'c-9', bet: 'banker', amountCents: 2500, settled: null }] }) wagers!: object[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Star 1.1: token wagers the tables counted as chips (kind token-wager-unmarked: ask a supervisor to correct the table record) and token wagers the table took after the desk released them (kind token-wager-after-release: the same tokens staked twice; recover the released tokens)', example: [] }) attention!: object[];
  @ApiProperty({ example: 3, description: "The voucher stream's version" }) version!: number;
}
