import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { WagerSettlement } from '@app/contracts';

/** What the player is handed for one settled wager, in the casino's words (all amounts in cents). */
export class PayoutDto {
  @ApiProperty({ example: 'MB-101-shoe-1-c1-w1', description: 'The wager' }) wagerId!: string;
  @ApiProperty({ example: 1, description: 'The box' }) box!: number;
  @ApiProperty({ example: 'banker', description: 'The bet' }) bet!: string;
  @ApiProperty({ example: 'win', enum: ['win', 'lose', 'push', 'void'], description: 'How the wager resolved (push: stand-off, the stake is returned)' }) outcome!: string;
  @ApiProperty({ example: 3500, description: 'The stake' }) amountCents!: number;
  @ApiProperty({ example: 3500, description: "Winnings at the odds, before commission (a $35 Banker win at 1 to 1: 3500). A box's tournament-chip wagers on one bet in one coup are one wager (Star 15.6.14): paid, commissioned and rounded to the chip on their total as played (Star 11.1.3, 5.8), the winnings and the commission then shared among the pieces in proportion to what each played (largest remainder, equal remainders to the piece placed first)" }) winCents!: number;
  @ApiProperty({ example: 175, description: 'Commission taken now from the winnings (Banker 5%: 175)' }) commissionImmediateCents!: number;
  @ApiProperty({ example: 0, description: 'Commission deferred to the end of the shoe or when the player leaves (Crown 9.3.1): owed, not taken now' }) commissionDeferredCents!: number;
  @ApiProperty({ example: 3325, description: 'What the player wins net of the commission taken now: winCents - commissionImmediateCents' }) netWinCents!: number;
  @ApiProperty({
    example: 6825,
    description:
      'Chips handed to the player: the stake returned + winnings - commission taken now. On a loss, only a part of the stake that did not play (above the maximum, Crown Melbourne 6.3.2, Star 6.5; a tournament wager beyond its last complete increment or the maximum for the coup, Star 15.6.14; see notPlayedCents), else 0',
  })
  handedToPlayerCents!: number;
  @ApiPropertyOptional({
    example: 500,
    description:
      "A tournament wager's part that did not play, returned with the stake, neither won nor lost (Star 15.6.14: valid to the last complete increment of the minimum, paid or collected to the maximum for the coup; the wagers placed last give way first); the WagersSettled event's notPlayed says how much for which reason and the clause. Absent: the wager played as placed",
  })
  notPlayedCents?: number;
  @ApiProperty({ example: '1 to 1 less 5%', description: 'The odds paid, as the rulebook states them' }) odds!: string;
  @ApiProperty({ example: 'Crown Melbourne Table 1', description: 'The clause the payout rests on' }) clause!: string;
}

export const payoutOf = (s: WagerSettlement): PayoutDto => ({
  wagerId: s.wagerId,
  box: s.box,
  bet: s.bet,
  outcome: s.outcome,
  amountCents: s.amountCents,
  winCents: s.winCents,
  commissionImmediateCents: s.commissionImmediateCents,
  commissionDeferredCents: s.commissionDeferredCents,
  netWinCents: s.winCents - s.commissionImmediateCents,
  handedToPlayerCents: s.returnedCents + s.winCents - s.commissionImmediateCents,
  ...(s.notPlayed ? { notPlayedCents: s.notPlayed.amountCents } : {}),
  odds: s.odds,
  clause: s.clause,
});

/** The answer to every table command: what it recorded. */
export class TableCommandResponseDto {
  @ApiProperty({ example: 'MB-101', description: 'The table' }) tableId!: string;
  @ApiProperty({ example: 12, description: "The table stream's version after the command" }) version!: number;
  @ApiProperty({ example: false, description: 'true: this Idempotency-Key was seen before; the original outcome is returned and nothing was recorded again' }) duplicate!: boolean;
  @ApiProperty({
    description: 'The events the command recorded, in order (e.g. CardDealt, CoupCompleted, WagersSettled), each with the clause it rests on',
    example: [{ type: 'CardDealt', tableId: 'MB-101', coupId: 'MB-101-shoe-1-c1', card: 'KH', hand: 'player' }],
    type: 'array',
    items: { type: 'object' },
  })
  events!: object[];
  @ApiPropertyOptional({ type: [PayoutDto], description: 'When the command settled the coup: what each player receives, wager by wager (from the WagersSettled event)' })
  payouts?: PayoutDto[];
}
