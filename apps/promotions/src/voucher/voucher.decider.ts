/**
 * Promotional vouchers and tokens (Star 1.1 'Casino Promotional Token'): a voucher of a nominated value is
 * exchanged by the dealer, subject to its conditions, for tokens of the same value; the tokens are wagered on
 * the layout through the tables service and winnings are paid in chips. What happens to the token after its
 * coup is the promotion's setting (forfeited by default). Every exchange and token wager is on the voucher's
 * stream, so each is traceable to it. A voucher used twice, expired, or presented at the wrong table is refused.
 */
import { conflict, notFound, ruleViolation, tokenWagerId } from '@app/contracts';
import type { Decider } from '@app/event-store';
import { promotionPolicyById } from '@app/baccarat';
import { atOrBefore, isInstant } from '../promotion/instants';
import { initialVoucherState, VoucherEvent, VoucherState } from './voucher.events';
import type { VoucherCommand } from './voucher-command.types';

export type { VoucherCommand } from './voucher-command.types';

const clauseOf = (s: { rulebookId: string }) => promotionPolicyById(s.rulebookId).promotionalToken.clause;

const decide = (c: VoucherCommand, s: VoucherState): readonly VoucherEvent[] => {
  if (c.type === 'IssueVoucher') {
    if (s.exists) throw conflict('VOUCHER_EXISTS', `Voucher ${c.voucherId} was issued already.`);
    const clause = clauseOf(c);
    // A cancelled promotion (16.11) runs no more: its vouchers would be tokens of a promotion that no longer exists.
    if (c.promotionStatus === 'cancelled') throw conflict('PROMOTION_CANCELLED', `Promotion ${c.promotionId} was cancelled: no voucher is issued under it.`, clause);
    if (!Number.isInteger(c.valueCents) || c.valueCents < 1) throw ruleViolation('VOUCHER_VALUE_INVALID', `valueCents must be a positive whole number of cents: the voucher's nominated value (${clause}).`, clause, 'valueCents');
    if (!isInstant(c.conditions.expiresAt)) throw ruleViolation('INVALID_TIME', 'conditions.expiresAt must be an ISO 8601 time.', undefined, 'conditions.expiresAt');
    // 1.1: a voucher is exchanged under its conditions; one that has expired when issued can never be exchanged.
    if (atOrBefore(c.conditions.expiresAt, c.now)) {
      throw ruleViolation('VOUCHER_EXPIRES_BEFORE_ISSUE', `conditions.expiresAt (${c.conditions.expiresAt}) is not after the voucher's issue (${c.now}): it could never be exchanged for tokens (${clause}). Give an expiry after the issue.`, clause, 'conditions.expiresAt');
    }
    return [{ type: 'PromotionalVoucherIssued', voucherId: c.voucherId, promotionId: c.promotionId, rulebookId: c.rulebookId, valueCents: c.valueCents, conditions: c.conditions, tokenAfterCoup: c.tokenAfterCoup, issuedAt: c.now, clause }];
  }
  if (!s.exists) throw notFound('VOUCHER_NOT_FOUND', 'No such promotional voucher: check the voucher number.');
  const clause = clauseOf(s);
  switch (c.type) {
    case 'ExchangeVoucher': {
      if (s.exchanged) throw conflict('VOUCHER_ALREADY_USED', `Voucher ${s.voucherId} was exchanged at ${s.exchanged.tableId} at ${s.exchanged.at}: a voucher is exchanged once. Keep the voucher and call a supervisor.`, clause);
      if (c.promotionStatus === 'cancelled') throw conflict('PROMOTION_CANCELLED', `Promotion ${s.promotionId} was cancelled: voucher ${s.voucherId} is no longer exchanged for tokens. Keep the voucher and call a supervisor.`, clause);
      if (!atOrBefore(c.now, s.conditions.expiresAt)) throw ruleViolation('VOUCHER_EXPIRED', `Voucher ${s.voucherId} expired at ${s.conditions.expiresAt}.`, clause, 'voucherId');
      if (s.conditions.tableIds.length > 0 && !s.conditions.tableIds.includes(c.tableId)) {
        throw ruleViolation('VOUCHER_WRONG_TABLE', `Voucher ${s.voucherId} may be exchanged only at ${s.conditions.tableIds.join(', ')}, not ${c.tableId}.`, clause, 'tableId');
      }
      if (s.conditions.patronId && s.conditions.patronId !== c.patronId) {
        throw ruleViolation('VOUCHER_NOT_FOR_PATRON', `Voucher ${s.voucherId} was issued to another patron.`, clause, 'patronId');
      }
      return [{ type: 'PromotionalVoucherExchanged', voucherId: s.voucherId, promotionId: s.promotionId, tableId: c.tableId, box: c.box, patronId: c.patronId, tokensCents: s.valueCents, exchangedAt: c.now, clause }];
    }
    case 'WagerToken': {
      if (!s.exchanged) throw conflict('VOUCHER_NOT_EXCHANGED', 'Exchange the voucher for tokens at the table first.', clause);
      if (c.tableId !== s.exchanged.tableId) throw ruleViolation('VOUCHER_WRONG_TABLE', `The tokens of voucher ${s.voucherId} were exchanged at ${s.exchanged.tableId}; they are wagered there.`, clause, 'tableId');
      if (s.conditions.bets.length > 0 && !s.conditions.bets.includes(c.bet)) {
        throw ruleViolation('TOKEN_BET_NOT_ALLOWED', `The voucher's conditions allow tokens on ${s.conditions.bets.join(', ')} only.`, clause, 'bet');
      }
      if (!Number.isInteger(c.amountCents) || c.amountCents < 1 || c.amountCents > s.tokensInHandCents) {
        throw ruleViolation('TOKENS_INSUFFICIENT', `The player holds ${s.tokensInHandCents} cents of tokens from voucher ${s.voucherId}.`, clause, 'amountCents');
      }
      const wagerId = tokenWagerId(s.voucherId, Object.keys(s.wagers).length + 1);
      return [{ type: 'PromotionalTokenWagered', voucherId: s.voucherId, promotionId: s.promotionId, wagerId, tableId: c.tableId, coupId: c.coupId, box: c.box, bet: c.bet, amountCents: c.amountCents, wageredAt: c.now, clause }];
    }
    case 'MatchTokenWager': {
      const w = s.wagers[c.wagerId];
      // The tables accepted a wager under a token id the desk never recorded (another bet, another amount, a made-up
      // id): flagged for a supervisor and the regulator, as the token was not the voucher's to stake (Star 1.1).
      if (!w) {
        return [{ type: 'PromotionalTokenWagerMatched', voucherId: s.voucherId, promotionId: s.promotionId, wagerId: c.wagerId, tableId: c.tableId, coupId: c.coupId, matches: false, mismatch: [`no token wager ${c.wagerId} was recorded at the promotions desk: tables ${c.bet} ${c.amountCents} at box ${c.box}`], tablesWagerId: c.tablesWagerId, recorded: false, box: c.box, bet: c.bet, amountCents: c.amountCents, acceptedAt: c.now, sourceEventId: c.sourceEventId, clause }];
      }
      // The table took a token wager the desk had released (events can race a release): the same tokens staked twice.
      // Recorded as unregistered, the release's tokens back out of hand (they are on the table), flagged (Star 1.1).
      if (w.released && w.matched === null) {
        return [
          {
            type: 'PromotionalTokenWagerMatched', voucherId: s.voucherId, promotionId: s.promotionId, wagerId: c.wagerId, tableId: c.tableId, coupId: c.coupId, matches: false,
            mismatch: [`token wager ${c.wagerId} was released at the desk (its tokens given back to the player) before the table took it: tables ${c.bet} ${c.amountCents} at box ${c.box}`],
            tablesWagerId: c.tablesWagerId, recorded: false, box: c.box, bet: c.bet, amountCents: c.amountCents, acceptedAt: c.now, afterRelease: true,
            tokensInHandCents: Math.max(0, s.tokensInHandCents - w.amountCents), sourceEventId: c.sourceEventId, clause,
          },
        ];
      }
      if (w.matched !== null || w.released) return [];
      const mismatch = (['tableId', 'coupId', 'box', 'bet', 'amountCents'] as const).filter((k) => w[k] !== c[k]).map((k) => `${k}: recorded ${w[k]}, tables ${c[k]}`);
      if (mismatch.length === 0) return [{ type: 'PromotionalTokenWagerMatched', voucherId: s.voucherId, promotionId: s.promotionId, wagerId: c.wagerId, tableId: c.tableId, coupId: c.coupId, matches: true, mismatch, tablesWagerId: c.tablesWagerId, sourceEventId: c.sourceEventId, clause }];
      // Taken other than registered (Star 1.1, 5.2): what the table took (box, bet, amount, when) beside the amount the
      // desk registered, so the stake the table counted above the registered one is itemised.
      return [{ type: 'PromotionalTokenWagerMatched', voucherId: s.voucherId, promotionId: s.promotionId, wagerId: c.wagerId, tableId: c.tableId, coupId: c.coupId, matches: false, mismatch, tablesWagerId: c.tablesWagerId, recorded: true, box: c.box, bet: c.bet, amountCents: c.amountCents, registeredAmountCents: w.amountCents, acceptedAt: c.now, sourceEventId: c.sourceEventId, clause }];
    }
    case 'ReleaseUnplayedTokenWager': {
      const w = s.wagers[c.wagerId];
      // Accepted, flagged as played unmarked, settled or released already: nothing to give back.
      const releasable = !!w && w.matched === null && !w.unmarkedAtTable && !w.settled && !w.released;
      // A supervisor asking is told why not; a coup's end releases only what is still releasable, silently.
      if (releasable && c.reason !== undefined && c.coupAtTable === 'taking-wagers') {
        // 1.1: the token is staked once. While its coup can still take it, the table may yet accept it under its id.
        throw conflict(
          'TOKEN_WAGER_COUP_IN_PLAY',
          `Token wager ${c.wagerId} of voucher ${s.voucherId} is not released: coup ${w.coupId} at ${w.tableId} is still in play, so the table can still take it (${clause}: the same tokens are staked once). It is released when the coup has ended or was voided (the promotions service gives the tokens back itself then), or by a gaming supervisor when the table never started the coup (never dealt).`,
          clause,
        );
      }
      if (!releasable && c.reason !== undefined) {
        const why = !w ? 'no such token wager was recorded' : w.released ? 'its tokens were released already' : w.settled ? 'it was settled at the table' : w.matched !== null ? 'the table took it' : 'the table took it as chips, unmarked: correct the table\'s record instead';
        throw conflict('TOKEN_WAGER_NOT_RELEASABLE', `Token wager ${c.wagerId} of voucher ${s.voucherId} is not released: ${why}.`, clause);
      }
      if (!w || !releasable || (c.tableId !== undefined && w.tableId !== c.tableId) || (c.coupId !== undefined && w.coupId !== c.coupId)) return [];
      const { tableId, coupId, box, bet, amountCents } = w;
      return [
        {
          type: 'PromotionalTokenWagerReleased',
          voucherId: s.voucherId,
          promotionId: s.promotionId,
          wagerId: c.wagerId,
          tableId,
          coupId,
          box,
          bet,
          amountCents,
          tokensInHandCents: s.tokensInHandCents + amountCents,
          reason: c.reason ?? `coup ${coupId} at ${tableId} ended without the tables accepting this token wager: the tokens go back to the player`,
          sourceEventId: c.sourceEventId ?? '',
          releasedAt: c.now,
          clause,
        },
      ];
    }
    case 'FlagUnmarkedTokenWager': {
      // Not matched (it may be a chip wager of the same amount): flagged once, for a supervisor to correct the table's record.
      const w = s.wagers[c.wagerId];
      if (!w || w.matched !== null || w.unmarkedAtTable || w.tableId !== c.tableId || w.coupId !== c.coupId) return [];
      const { tableId, coupId, box, bet, amountCents } = w;
      return [{ type: 'PromotionalTokenWagerUnmarked', voucherId: s.voucherId, promotionId: s.promotionId, wagerId: c.wagerId, tablesWagerId: c.tablesWagerId, tableId, coupId, box, bet, amountCents, tablesMedium: 'chips', sourceEventId: c.sourceEventId, clause }];
    }
    case 'SettleTokenWager': {
      const w = s.wagers[c.wagerId];
      if (!w || w.settled) return [];
      // A push or a void leaves the token with the player; a loss takes it; a win pays chips and the token goes
      // as the promotion set it. The stake is never returned in chips: it was a token.
      const keeps = c.outcome === 'push' || c.outcome === 'void' || (c.outcome === 'win' && s.tokenAfterCoup === 'returned');
      // Taken after its release (1.1): the release's tokens were taken out of hand again at the match, so a kept token
      // is credited once; its stake is itemised as unregistered, not a registered one.
      const afterRelease = w.takenAfterRelease ? { afterRelease: true as const } : {};
      return [
        {
          type: 'PromotionalTokenWagerSettled',
          voucherId: s.voucherId,
          promotionId: s.promotionId,
          wagerId: c.wagerId,
          tableId: w.tableId,
          coupId: w.coupId,
          outcome: c.outcome,
          amountCents: w.amountCents,
          grossWinCents: c.outcome === 'win' ? c.winCents : 0,
          commissionCents: c.outcome === 'win' ? c.commissionImmediateCents + c.commissionDeferredCents : 0,
          winningsInChipsCents: c.outcome === 'win' ? c.winCents - c.commissionImmediateCents : 0,
          stakeReturnedInChipsCents: 0,
          tablesReturnedCents: c.returnedCents,
          token: keeps ? 'returned-to-player' : 'forfeited',
          tokensInHandCents: s.tokensInHandCents + (keeps ? w.amountCents : 0),
          ...afterRelease,
          sourceEventId: c.sourceEventId,
          settledAt: c.settledAt,
          clause,
        },
      ];
    }
    case 'ReverseTokenWager': {
      const w = s.wagers[c.wagerId];
      if (!w || !w.settled || w.reversed) return [];
      return [
        {
          type: 'PromotionalTokenWagerReversed',
          voucherId: s.voucherId,
          promotionId: s.promotionId,
          wagerId: c.wagerId,
          tableId: w.tableId,
          coupId: w.coupId,
          winningsReversedCents: w.winningsCents,
          token: 'returned-to-player',
          tokensInHandCents: s.tokensInHandCents + (w.tokenKept ? 0 : w.amountCents),
          reason: c.reason,
          sourceEventId: c.sourceEventId,
          reversedAt: c.voidedAt,
          clause,
        },
      ];
    }
    default: {
      const unknown: never = c;
      throw conflict('UNKNOWN_COMMAND', `Unknown command ${(unknown as { type: string }).type}.`);
    }
  }
};

const evolve = (s: VoucherState, e: VoucherEvent): VoucherState => {
  switch (e.type) {
    case 'PromotionalVoucherIssued':
      return { ...s, exists: true, voucherId: e.voucherId, promotionId: e.promotionId, rulebookId: e.rulebookId, valueCents: e.valueCents, conditions: e.conditions, tokenAfterCoup: e.tokenAfterCoup };
    case 'PromotionalVoucherExchanged':
      return { ...s, exchanged: { tableId: e.tableId, box: e.box, patronId: e.patronId, at: e.exchangedAt }, tokensInHandCents: e.tokensCents };
    case 'PromotionalTokenWagered':
      return {
        ...s,
        tokensInHandCents: s.tokensInHandCents - e.amountCents,
        wagers: { ...s.wagers, [e.wagerId]: { wagerId: e.wagerId, tableId: e.tableId, coupId: e.coupId, box: e.box, bet: e.bet, amountCents: e.amountCents, matched: null, settled: false, winningsCents: 0, tokenKept: false, reversed: false } },
      };
    case 'PromotionalTokenWagerMatched':
      // A wager the desk never recorded stays unknown here: the event is the flag.
      if (!s.wagers[e.wagerId]) return s;
      if (e.afterRelease) return { ...s, tokensInHandCents: e.tokensInHandCents ?? s.tokensInHandCents, wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], matched: false, takenAfterRelease: true } } };
      return { ...s, wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], matched: e.matches } } };
    case 'PromotionalTokenWagerReleased':
      return { ...s, tokensInHandCents: e.tokensInHandCents, wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], released: true } } };
    case 'PromotionalTokenWagerUnmarked':
      return { ...s, wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], unmarkedAtTable: true } } };
    case 'PromotionalTokenWagerSettled':
      return {
        ...s,
        tokensInHandCents: e.tokensInHandCents,
        wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], settled: true, winningsCents: e.winningsInChipsCents, tokenKept: e.token === 'returned-to-player' } },
      };
    case 'PromotionalTokenWagerReversed':
      return { ...s, tokensInHandCents: e.tokensInHandCents, wagers: { ...s.wagers, [e.wagerId]: { ...s.wagers[e.wagerId], reversed: true, tokenKept: true } } };
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
};

export const voucherDecider: Decider<VoucherCommand, VoucherEvent, VoucherState> = { decide, evolve, initialState: initialVoucherState };
