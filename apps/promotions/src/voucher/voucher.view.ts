import type { VoucherState } from './voucher.events';

/** A voucher as the API shows it: conditions, exchange, tokens in hand and every token wager. */
export const voucherView = (s: VoucherState, version: number) => ({
  voucherId: s.voucherId,
  promotionId: s.promotionId,
  rulebookId: s.rulebookId,
  valueCents: s.valueCents,
  conditions: s.conditions,
  tokenAfterCoup: s.tokenAfterCoup,
  exchanged: s.exchanged,
  tokensInHandCents: s.tokensInHandCents,
  wagers: Object.values(s.wagers),
  /**
   * Token wagers the tables counted as chips (the dealer did not mark them as tokens, Star 5.2, 1.1): ask a supervisor
   * to correct the table's record; and token wagers the table took after the desk released them (the same tokens
   * staked twice, 1.1): recover the released tokens from the player.
   */
  attention: Object.values(s.wagers).flatMap((w) => {
    const item = { wagerId: w.wagerId, tableId: w.tableId, coupId: w.coupId, box: w.box, bet: w.bet, amountCents: w.amountCents };
    return [
      ...(w.unmarkedAtTable ? [{ kind: 'token-wager-unmarked' as const, ...item }] : []),
      ...(w.takenAfterRelease ? [{ kind: 'token-wager-after-release' as const, ...item }] : []),
    ];
  }),
  version,
});
