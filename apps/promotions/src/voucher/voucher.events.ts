/** A promotional voucher's stream: the published events (libs/contracts) and the decider's state. */
import type { PromotionsIntegrationEvent, TokenAfterCoup, VoucherConditions } from '@app/contracts';

/** Every published event of a voucher stream. */
export type VoucherEvent = Extract<PromotionsIntegrationEvent, { readonly voucherId: string }>;

export interface TokenWagerState {
  readonly wagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  readonly matched: boolean | null;
  /** The tables accepted it as chips (PromotionalTokenWagerUnmarked): an attention item until the table's record is corrected. */
  readonly unmarkedAtTable?: boolean;
  readonly settled: boolean;
  /** Chips paid on it, and whether the token stayed with the player, once settled. */
  readonly winningsCents: number;
  readonly tokenKept: boolean;
  readonly reversed: boolean;
  /** Never accepted at the table: its tokens went back to the player (PromotionalTokenWagerReleased). */
  readonly released?: boolean;
  /** The table took it after it was released (Star 1.1: the same tokens staked twice): an attention item. */
  readonly takenAfterRelease?: boolean;
}

export interface VoucherState {
  readonly exists: boolean;
  readonly voucherId: string;
  readonly promotionId: string;
  readonly rulebookId: string;
  readonly valueCents: number;
  readonly conditions: VoucherConditions;
  readonly tokenAfterCoup: TokenAfterCoup;
  readonly exchanged: { readonly tableId: string; readonly box: number; readonly patronId: string | null; readonly at: string } | null;
  readonly tokensInHandCents: number;
  readonly wagers: Readonly<Record<string, TokenWagerState>>;
}

export const initialVoucherState = (): VoucherState => ({
  exists: false,
  voucherId: '',
  promotionId: '',
  rulebookId: '',
  valueCents: 0,
  conditions: { tableIds: [], bets: [], expiresAt: '', patronId: null },
  tokenAfterCoup: 'forfeited',
  exchanged: null,
  tokensInHandCents: 0,
  wagers: {},
});
