import type { TokenAfterCoup, VoucherConditions } from '@app/contracts';

/** What the promotions service heard of a coup from the tables service (migration 0005's coups_heard). */
export type CoupAtTable = 'never-heard' | 'taking-wagers' | 'ended';

export type VoucherCommand = IssueVoucher | ExchangeVoucher | WagerToken | MatchTokenWager | FlagUnmarkedTokenWager | SettleTokenWager | ReverseTokenWager | ReleaseUnplayedTokenWager;

/**
 * From the tables service's WagersSettled or CoupVoided: the coup of a recorded token wager ended without the tables
 * having accepted it (nor a chip wager of its box, bet and amount): its tokens go back to the player.
 */
export interface ReleaseUnplayedTokenWager {
  readonly type: 'ReleaseUnplayedTokenWager';
  readonly wagerId: string;
  /** The coup that ended without it (from the tables service's events); absent when a supervisor releases it. */
  readonly tableId?: string;
  readonly coupId?: string;
  readonly sourceEventId: string | null;
  /** A supervisor's reason (the coup never dealt, the table closed); absent when the coup's end released it. */
  readonly reason?: string;
  /**
   * What the promotions service heard of the wager's coup from the tables service, for a supervisor's release:
   * never heard of it (the table never started it), taking wagers (started or taking wagers, not ended), or ended
   * (settled, completed, voided, or its table closed). Star 1.1: no release while the table can still take it.
   */
  readonly coupAtTable?: CoupAtTable;
  readonly now: string;
}

export interface IssueVoucher {
  readonly type: 'IssueVoucher';
  readonly voucherId: string;
  readonly promotionId: string;
  /** The promotion's edition (its PromotionCreated.rulebookId). */
  readonly rulebookId: string;
  readonly valueCents: number;
  readonly conditions: VoucherConditions;
  /** The promotion's setting for a token after its coup. */
  readonly tokenAfterCoup: TokenAfterCoup;
  /** The promotion's status when the voucher is issued: none is issued under a cancelled promotion (16.11). */
  readonly promotionStatus?: 'open' | 'postponed' | 'cancelled' | 'drawn';
  readonly now: string;
}

export interface ExchangeVoucher {
  readonly type: 'ExchangeVoucher';
  readonly tableId: string;
  readonly box: number;
  readonly patronId: string | null;
  /** The promotion's status at the exchange: a cancelled promotion's voucher buys no tokens (16.11). */
  readonly promotionStatus?: 'open' | 'postponed' | 'cancelled' | 'drawn';
  readonly now: string;
}

export interface WagerToken {
  readonly type: 'WagerToken';
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  readonly now: string;
}

/** From the tables service's WagersAccepted: the wager accepted under a token wager's id. */
export interface MatchTokenWager {
  readonly type: 'MatchTokenWager';
  readonly wagerId: string;
  /** The tables' id of the wager when it differs from the token wager's (null: placed under `wagerId`). */
  readonly tablesWagerId: string | null;
  readonly tableId: string;
  readonly coupId: string;
  readonly box: number;
  readonly bet: string;
  readonly amountCents: number;
  readonly sourceEventId: string;
  readonly now: string;
}

/**
 * From the tables service's WagersAccepted: the coup of a recorded token wager took no wager marked as a token for it,
 * but one marked as chips with its box, bet and amount (`tablesWagerId`): probably the token, unmarked by the dealer.
 */
export interface FlagUnmarkedTokenWager {
  readonly type: 'FlagUnmarkedTokenWager';
  readonly wagerId: string;
  readonly tablesWagerId: string;
  readonly tableId: string;
  readonly coupId: string;
  readonly sourceEventId: string;
  readonly now: string;
}

/** From the tables service's WagersSettled (or a void returning the wager). */
export interface SettleTokenWager {
  readonly type: 'SettleTokenWager';
  readonly wagerId: string;
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  readonly winCents: number;
  readonly returnedCents: number;
  /** Commission collected at settlement, and deferred (Crown Melbourne 9.3), on the winnings. */
  readonly commissionImmediateCents: number;
  readonly commissionDeferredCents: number;
  readonly sourceEventId: string;
  readonly settledAt: string;
  readonly now: string;
}

/** From the tables' CoupVoided of a settled coup (its reversedSettlements): the token wager's settlement is undone. */
export interface ReverseTokenWager {
  readonly type: 'ReverseTokenWager';
  readonly wagerId: string;
  readonly reason: string;
  readonly sourceEventId: string;
  readonly voidedAt: string;
  readonly now: string;
}
