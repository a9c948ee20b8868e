import { ApiProperty } from '@nestjs/swagger';

const OBJECT = { type: 'object', additionalProperties: true } as const;
const LIST = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/** A Lucky Tie jackpot as the console reads it (jackpot.controller.ts `view`). */
export class JackpotViewDto {
  @ApiProperty({ example: 'lucky-tie-main', description: 'The jackpot' }) jackpotId!: string;
  @ApiProperty({ enum: ['active', 'not-created'], example: 'active', description: '`not-created`: no such jackpot, only tables naming it (their coups contribute nothing)' }) status!: string;
  @ApiProperty({ example: 'Lucky Tie Main Floor', nullable: true, description: 'Its name on the display' }) name!: string | null;
  @ApiProperty({ example: 'VIC', nullable: true, description: 'The jurisdiction of the rulebook it was created under' }) jurisdiction!: string | null;
  @ApiProperty({ example: 'crown-melbourne-v29', nullable: true, description: 'The rulebook it was created under (Crown Melbourne 13)' }) rulebookId!: string | null;
  @ApiProperty({ type: [String], example: ['MB-101', 'MB-102'], description: 'The linked tables (13.3.1(b))' }) tableIds!: string[];
  @ApiProperty({ type: [String], example: [], description: 'Tables whose contributions are suspended' }) suspendedTables!: string[];
  @ApiProperty({ ...OBJECT, nullable: true, description: 'seedCents, contributionCents, option, percentOfMeter per outcome, division, roundingUnitCents (13.2)', example: { seedCents: 1000000, contributionCents: 100, option: 'A', percentOfMeter: { 'lucky-tie-7': 100 }, division: 'equal', roundingUnitCents: 100 } }) parameters!: object | null;
  @ApiProperty({ example: 1234500, description: 'The meter, cents' }) meterCents!: number;
  @ApiProperty({ example: 57, description: "The jackpot stream's version" }) version!: number;
  @ApiProperty({ ...LIST, description: 'Every hit: what the cards showed (`detected`), the dealer\'s record (`recorded`), status and payouts', example: [{ hitId: 'h-1', tableId: 'MB-101', coupId: 'c-9', status: 'open' }] }) hits!: object[];
  @ApiProperty({ ...LIST, description: 'Each table of the link as it stands: linked, table-not-opened, table-closed, table-does-not-name-jackpot or table-not-in-jackpot (13.3.1(b), 13.4.1)', example: [{ tableId: 'MB-101', status: 'linked' }] }) links!: object[];
  @ApiProperty({ ...LIST, description: 'What the TG Area Manager must look at: shortfalls, voids after a payout, link problems (`resolved` once linked)', example: [] }) attention!: object[];
}
